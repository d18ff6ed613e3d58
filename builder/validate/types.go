package validate

import (
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Type declarations (section 2.2.2 "Types", the OpType* instructions) and
// constants (the OpConstant* and OpSpecConstant* instructions).

// typeKey is the identity of a non-aggregate type declaration: two
// declarations with the same key are duplicates.
func typeKey(in *builder.Inst) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(int(in.Op)))
	var add func(ops []builder.Operand)
	add = func(ops []builder.Operand) {
		for i := range ops {
			o := &ops[i]
			b.WriteByte(',')
			if o.Kind == spv.KindLiteralString {
				b.WriteString(strconv.Quote(o.Str()))
			} else {
				b.WriteString(strconv.FormatUint(o.Uint64(), 16))
			}
			add(o.Params())
		}
	}
	add(in.Operands)
	return b.String()
}

func (c *checker) checkType(in *builder.Inst, unique map[string]bool) error {
	switch in.Op {
	case spv.OpTypeArray, spv.OpTypeRuntimeArray, spv.OpTypeStruct, spv.OpTypePointer, spv.OpTypeForwardPointer,
		spv.OpTypeNodePayloadArrayAMDX, spv.OpTypeUntypedPointerKHR:
	default:
		if !c.hasExt("SPV_VALIDATOR_ignore_type_decl_unique") {
			k := typeKey(in)
			if unique[k] {
				return c.errorf(RuleType, in, "duplicate non-aggregate type declarations are not allowed")
			}
			unique[k] = true
		}
	}
	switch in.Op {
	case spv.OpTypeInt:
		w := opWord(in, 0)
		switch w {
		case 32:
		case 8:
			if !c.feat.declareInt8 {
				return c.errorf(RuleType, in, "an 8-bit integer type needs the Int8 capability or an extension enabling 8-bit integers")
			}
		case 16:
			if !c.feat.declareInt16 {
				return c.errorf(RuleType, in, "a 16-bit integer type needs the Int16 capability or an extension enabling 16-bit integers")
			}
		case 64:
			if !c.hasCap(spv.CapabilityInt64) {
				return c.errorf(RuleType, in, "a 64-bit integer type needs the Int64 capability")
			}
		default:
			return c.errorf(RuleType, in, "invalid integer width %d", w)
		}
		// spirv-val checks the signedness of 32-bit integers only.
		if w == 32 {
			if s := opWord(in, 1); s > 1 {
				return c.errorf(RuleType, in, "OpTypeInt signedness must be 0 or 1")
			}
			if c.hasCap(spv.CapabilityKernel) && opWord(in, 1) != 0 {
				return c.errorf(RuleType, in, "with the Kernel capability, OpTypeInt signedness must be 0")
			}
		}
	case spv.OpTypeFloat:
		switch w := opWord(in, 0); w {
		case 32:
		case 16:
			if !c.feat.declareFloat16 {
				return c.errorf(RuleType, in, "a 16-bit float type needs the Float16 or Float16Buffer capability or an extension enabling it")
			}
		case 64:
			if !c.hasCap(spv.CapabilityFloat64) {
				return c.errorf(RuleType, in, "a 64-bit float type needs the Float64 capability")
			}
		default:
			return c.errorf(RuleType, in, "invalid float width %d", w)
		}
	case spv.OpTypeVector:
		if d := c.def(opID(in, 0)); d == nil || (d.Op != spv.OpTypeInt && d.Op != spv.OpTypeFloat && d.Op != spv.OpTypeBool) {
			return c.errorf(RuleType, in, "a vector's component type must be a scalar type")
		}
		switch n := opWord(in, 1); n {
		case 2, 3, 4:
		case 8, 16:
			if !c.hasCap(spv.CapabilityVector16) {
				return c.errorf(RuleType, in, "a vector of %d components needs the Vector16 capability", n)
			}
		default:
			return c.errorf(RuleType, in, "a vector cannot have %d components", n)
		}
	case spv.OpTypeMatrix:
		col := c.def(opID(in, 0))
		if col == nil || col.Op != spv.OpTypeVector {
			return c.errorf(RuleType, in, "a matrix's columns must be vectors")
		}
		if !c.isFloatScalar(opID(col, 0)) {
			return c.errorf(RuleType, in, "a matrix's components must be floats")
		}
		if n := opWord(in, 1); n < 2 || n > 4 {
			return c.errorf(RuleType, in, "a matrix must have 2, 3 or 4 columns")
		}
	case spv.OpTypeArray, spv.OpTypeRuntimeArray:
		el := c.def(opID(in, 0))
		switch {
		case el == nil || !generatesType(el.Op):
			return c.errorf(RuleType, in, "the element type is not a type")
		case el.Op == spv.OpTypeVoid:
			return c.errorf(RuleType, in, "the element type is void")
		case c.vulkan && el.Op == spv.OpTypeRuntimeArray:
			return c.errorf(RuleType, in, "arrays of runtime arrays are not allowed in Vulkan (VUID-StandaloneSpirv-None-04680)")
		}
		if in.Op == spv.OpTypeArray {
			return c.checkArrayTypeLength(in)
		}
	case spv.OpTypeStruct:
		return c.checkTypeStruct(in)
	case spv.OpTypePointer:
		if d := c.def(opID(in, 1)); d == nil || !generatesType(d.Op) {
			return c.errorf(RuleType, in, "the pointee is not a type")
		}
		if !c.validStorageClass(spv.StorageClass(opWord(in, 0))) {
			return c.errorf(RuleType, in, "storage class %s is not allowed in Vulkan (VUID-StandaloneSpirv-None-04643)", spv.StorageClass(opWord(in, 0)))
		}
	case spv.OpTypeFunction:
		if d := c.def(opID(in, 0)); d == nil || !generatesType(d.Op) {
			return c.errorf(RuleType, in, "the return type is not a type")
		}
		for _, o := range in.Operands[1:] {
			d := c.def(o.ID())
			if d == nil || !generatesType(d.Op) {
				return c.errorf(RuleType, in, "parameter type %%%d is not a type", o.ID())
			}
			if d.Op == spv.OpTypeVoid {
				return c.errorf(RuleType, in, "a parameter type cannot be void")
			}
		}
		if len(in.Operands)-1 > maxFunctionArgs {
			return c.errorf(RuleLimit, in, "a function type may not take more than %d parameters", maxFunctionArgs)
		}
	case spv.OpTypeForwardPointer:
		p := c.def(opID(in, 0))
		if p == nil || p.Op != spv.OpTypePointer {
			return c.errorf(RuleType, in, "the type of OpTypeForwardPointer is not a pointer type")
		}
		if opWord(in, 1) != opWord(p, 0) {
			return c.errorf(RuleType, in, "the storage class of OpTypeForwardPointer does not match the pointer's")
		}
		if !c.isType(opID(p, 1), spv.OpTypeStruct) {
			return c.errorf(RuleType, in, "forward pointers must point to a struct")
		}
		if c.vulkan && spv.StorageClass(opWord(in, 1)) != spv.StorageClassPhysicalStorageBuffer {
			return c.errorf(RuleType, in, "in Vulkan, OpTypeForwardPointer must be PhysicalStorageBuffer (VUID-StandaloneSpirv-OpTypeForwardPointer-04711)")
		}
	case spv.OpTypeImage:
		return c.checkTypeImage(in)
	case spv.OpTypeSampledImage:
		return c.checkTypeSampledImage(in)
	}
	return nil
}

// checkArrayTypeLength checks an OpTypeArray's length: a positive integer
// constant.
func (c *checker) checkArrayTypeLength(in *builder.Inst) error {
	ld := c.def(opID(in, 1))
	if ld == nil || !isConstantOp(ld.Op) {
		return c.errorf(RuleType, in, "the array length is not a constant")
	}
	lt := c.def(ld.Type)
	if lt == nil || lt.Op != spv.OpTypeInt {
		return c.errorf(RuleType, in, "the array length is not an integer constant")
	}
	switch ld.Op {
	case spv.OpConstant, spv.OpSpecConstant:
		v := ld.Operands[0].Uint64()
		signed := opWord(lt, 1) != 0
		var iv int64
		if opWord(lt, 0) <= 32 {
			iv = int64(int32(uint32(v)))
		} else {
			iv = int64(v)
		}
		if iv == 0 || (iv < 0 && signed) {
			return c.errorf(RuleType, in, "the array length must be at least 1")
		}
	case spv.OpConstantNull:
		return c.errorf(RuleType, in, "the array length must be at least 1")
	}
	return nil
}

func (c *checker) checkTypeStruct(in *builder.Inst) error {
	nested := false
	for i, o := range in.Operands {
		mt := o.ID()
		if mt == in.Result {
			return c.errorf(RuleType, in, "a struct member cannot be the struct itself")
		}
		d := c.def(mt)
		switch {
		case d == nil || !generatesType(d.Op):
			return c.errorf(RuleType, in, "member type %%%d is not a type", mt)
		case d.Op == spv.OpTypeVoid:
			return c.errorf(RuleType, in, "a struct cannot hold void")
		case d.Op == spv.OpTypeStruct && c.builtinStructs[mt]:
			return c.errorf(RuleType, in, "struct %%%d has BuiltIn members and cannot be a member of another struct", mt)
		case c.vulkan && d.Op == spv.OpTypeRuntimeArray && i != len(in.Operands)-1:
			return c.errorf(RuleType, in, "in Vulkan, a runtime array may only be a struct's last member (VUID-StandaloneSpirv-None-04680)")
		}
		if d.Op == spv.OpTypeStruct && (c.hasDeco(mt, spv.DecorationBlock) || c.hasDeco(mt, spv.DecorationBufferBlock) || c.nestedBlock[mt]) {
			nested = true
		}
	}
	if nested {
		c.nestedBlock[in.Result] = true
		if c.hasDeco(in.Result, spv.DecorationBlock) || c.hasDeco(in.Result, spv.DecorationBufferBlock) {
			return c.errorf(RuleType, in, "a Block or BufferBlock struct cannot hold another Block or BufferBlock")
		}
	}
	builtins := map[int32]bool{}
	for _, d := range c.decos[in.Result] {
		if d.kind == spv.DecorationBuiltIn && d.member >= 0 {
			builtins[d.member] = true
		}
	}
	if len(builtins) > 0 && len(builtins) != len(in.Operands) {
		return c.errorf(RuleType, in, "when a struct member is BuiltIn, every member must be")
	}
	if len(builtins) > 0 {
		c.builtinStructs[in.Result] = true
	}
	if c.vulkan && !c.opts.BeforeHLSLLegalization {
		opaque := func(d *builder.Inst) bool {
			if c.hasCap(spv.CapabilityBindlessTextureNV) && (d.Op == spv.OpTypeImage || d.Op == spv.OpTypeSampler || d.Op == spv.OpTypeSampledImage) {
				return false
			}
			return isOpaqueTypeOp(d.Op)
		}
		if c.containsType(in.Result, opaque, false) {
			return c.errorf(RuleType, in, "in Vulkan, a struct must not hold an opaque type (VUID-StandaloneSpirv-OpTypeStruct-04667)")
		}
	}
	return nil
}

// validStorageClass is the Vulkan list of storage classes (every one in
// other environments).
func (c *checker) validStorageClass(sc spv.StorageClass) bool {
	if !c.vulkan {
		return true
	}
	switch sc {
	case spv.StorageClassUniformConstant, spv.StorageClassUniform, spv.StorageClassStorageBuffer,
		spv.StorageClassInput, spv.StorageClassOutput, spv.StorageClassImage, spv.StorageClassWorkgroup,
		spv.StorageClassPrivate, spv.StorageClassFunction, spv.StorageClassPushConstant,
		spv.StorageClassPhysicalStorageBuffer, spv.StorageClassRayPayloadKHR,
		spv.StorageClassIncomingRayPayloadKHR, spv.StorageClassHitAttributeKHR,
		spv.StorageClassCallableDataKHR, spv.StorageClassIncomingCallableDataKHR,
		spv.StorageClassShaderRecordBufferKHR, spv.StorageClassTaskPayloadWorkgroupEXT,
		spv.StorageClassHitObjectAttributeNV,
		// Storage classes of extensions spirv-val 2023.1 predates.
		spv.StorageClassHitObjectAttributeEXT, spv.StorageClassTileImageEXT, spv.StorageClassNodePayloadAMDX,
		spv.StorageClassTileAttachmentQCOM:
		return true
	}
	return false
}

// Constants.

func (c *checker) checkConstant(in *builder.Inst) error {
	rt := c.def(in.Type)
	switch in.Op {
	case spv.OpConstantTrue, spv.OpConstantFalse, spv.OpSpecConstantTrue, spv.OpSpecConstantFalse:
		if rt == nil || rt.Op != spv.OpTypeBool {
			return c.errorf(RuleConstant, in, "the result type of %s must be bool", in.Op)
		}
	case spv.OpConstantComposite, spv.OpSpecConstantComposite:
		if err := c.checkConstantComposite(in, rt); err != nil {
			return err
		}
	case spv.OpConstantSampler:
		if rt == nil || rt.Op != spv.OpTypeSampler {
			return c.errorf(RuleConstant, in, "the result type of OpConstantSampler must be a sampler")
		}
	case spv.OpConstantNull:
		if !c.nullable(in.Type, 0) {
			return c.errorf(RuleConstant, in, "type %%%d cannot have a null value", in.Type)
		}
	case spv.OpSpecConstant:
		if rt == nil || (rt.Op != spv.OpTypeInt && rt.Op != spv.OpTypeFloat) {
			return c.errorf(RuleConstant, in, "a specialization constant must be an integer or a float")
		}
	case spv.OpSpecConstantOp:
		switch op := spv.Op(opWord(in, 0)); op {
		case spv.OpQuantizeToF16:
			if !c.hasCap(spv.CapabilityShader) {
				return c.errorf(RuleConstant, in, "OpSpecConstantOp %s needs the Shader capability", op)
			}
		case spv.OpUConvert:
			if !c.feat.uconvertSpecConstantOp && !c.hasCap(spv.CapabilityKernel) {
				return c.errorf(RuleConstant, in, "before SPIR-V 1.4, OpSpecConstantOp UConvert needs the Kernel capability or SPV_AMD_gpu_shader_int16")
			}
		case spv.OpConvertFToS, spv.OpConvertSToF, spv.OpConvertFToU, spv.OpConvertUToF, spv.OpConvertPtrToU,
			spv.OpConvertUToPtr, spv.OpGenericCastToPtr, spv.OpPtrCastToGeneric, spv.OpBitcast, spv.OpFNegate,
			spv.OpFAdd, spv.OpFSub, spv.OpFMul, spv.OpFDiv, spv.OpFRem, spv.OpFMod, spv.OpAccessChain,
			spv.OpInBoundsAccessChain, spv.OpPtrAccessChain, spv.OpInBoundsPtrAccessChain:
			if !c.hasCap(spv.CapabilityKernel) {
				return c.errorf(RuleConstant, in, "OpSpecConstantOp %s needs the Kernel capability", op)
			}
		}
	}
	if c.hasCap(spv.CapabilityShader) && !c.isPointer(in.Type) && c.limitedUseType(in.Type) {
		return c.errorf(RuleConstant, in, "constants of 8- or 16-bit types need the Int8, Int16 or Float16 capability")
	}
	return nil
}

// limitedUseType reports whether t holds 8- or 16-bit types the module
// may only store (declared through the storage capabilities, not Int8,
// Int16 or Float16).
func (c *checker) limitedUseType(t ID) bool {
	// Asked of every value's type: the answer is kept by type id (the
	// capabilities are known before any instruction is checked).
	if int(t) < len(c.defs) {
		if c.limitedTypes == nil {
			c.limitedTypes = make([]uint8, len(c.defs))
		}
		if k := c.limitedTypes[t]; k != 0 {
			return k == 2
		}
	}
	limited := (!c.hasCap(spv.CapabilityInt16) && c.containsSized(t, spv.OpTypeInt, 16)) ||
		(!c.hasCap(spv.CapabilityInt8) && c.containsSized(t, spv.OpTypeInt, 8)) ||
		(!c.hasCap(spv.CapabilityFloat16) && c.containsSized(t, spv.OpTypeFloat, 16))
	if int(t) < len(c.defs) {
		c.limitedTypes[t] = 1
		if limited {
			c.limitedTypes[t] = 2
		}
	}
	return limited
}

func (c *checker) nullable(t ID, depth int) bool {
	d := c.def(t)
	if d == nil || depth > 64 {
		return false
	}
	switch d.Op {
	case spv.OpTypeBool, spv.OpTypeInt, spv.OpTypeFloat, spv.OpTypeEvent, spv.OpTypeDeviceEvent,
		spv.OpTypeReserveId, spv.OpTypeQueue:
		return true
	case spv.OpTypeArray, spv.OpTypeMatrix, spv.OpTypeCooperativeMatrixNV, spv.OpTypeCooperativeMatrixKHR, spv.OpTypeVector:
		return c.nullable(opID(d, 0), depth+1)
	case spv.OpTypeStruct:
		for _, o := range d.Operands {
			if !c.nullable(o.ID(), depth+1) {
				return false
			}
		}
		return true
	case spv.OpTypePointer:
		return spv.StorageClass(opWord(d, 0)) != spv.StorageClassPhysicalStorageBuffer
	}
	return false
}

func isConstantOrUndef(op spv.Op) bool { return op == spv.OpUndef || isConstantOp(op) }

func (c *checker) checkConstantComposite(in *builder.Inst, rt *builder.Inst) error {
	if rt == nil {
		return c.errorf(RuleConstant, in, "the result type is not a composite type")
	}
	n := len(in.Operands)
	constituent := func(i int) (*builder.Inst, *builder.Inst, error) {
		k := c.def(in.Operands[i].ID())
		if k == nil || !isConstantOrUndef(k.Op) {
			return nil, nil, c.errorf(RuleConstant, in, "constituent %%%d is not a constant or undef", in.Operands[i].ID())
		}
		kt := c.def(k.Type)
		if kt == nil {
			return nil, nil, c.errorf(RuleConstant, in, "constituent %%%d has no type", k.Result)
		}
		return k, kt, nil
	}
	switch rt.Op {
	case spv.OpTypeVector:
		if uint32(n) != opWord(rt, 1) {
			return c.errorf(RuleConstant, in, "the constituent count does not match the vector's component count")
		}
		ct := c.def(opID(rt, 0))
		for i := range n {
			_, kt, err := constituent(i)
			if err != nil {
				return err
			}
			if ct == nil || kt.Op != ct.Op {
				return c.errorf(RuleConstant, in, "constituent %d's type does not match the vector's component type", i)
			}
		}
	case spv.OpTypeMatrix:
		if uint32(n) != opWord(rt, 1) {
			return c.errorf(RuleConstant, in, "the constituent count does not match the matrix's column count")
		}
		col := c.def(opID(rt, 0))
		if col == nil {
			return c.errorf(RuleConstant, in, "the matrix's column type is not defined")
		}
		for i := range n {
			_, kt, err := constituent(i)
			if err != nil {
				return err
			}
			if kt.Op != col.Op {
				return c.errorf(RuleConstant, in, "constituent %d's type does not match the matrix's column type", i)
			}
			if opID(kt, 0) != opID(col, 0) {
				return c.errorf(RuleConstant, in, "constituent %d's component type does not match the matrix's", i)
			}
			if opWord(kt, 1) != opWord(col, 1) {
				return c.errorf(RuleConstant, in, "constituent %d's component count does not match the matrix's", i)
			}
		}
	case spv.OpTypeArray:
		if is32, isConst, v := c.evalInt32(opID(rt, 1)); is32 && isConst && v != uint32(n) {
			return c.errorf(RuleConstant, in, "the constituent count does not match the array's length")
		}
		for i := range n {
			_, kt, err := constituent(i)
			if err != nil {
				return err
			}
			if kt.Result != opID(rt, 0) {
				return c.errorf(RuleConstant, in, "constituent %d's type does not match the array's element type", i)
			}
		}
	case spv.OpTypeStruct:
		if n != len(rt.Operands) {
			return c.errorf(RuleConstant, in, "the constituent count does not match the struct's member count")
		}
		for i := range n {
			_, kt, err := constituent(i)
			if err != nil {
				return err
			}
			if kt.Result != rt.Operands[i].ID() {
				return c.errorf(RuleConstant, in, "constituent %d's type does not match the struct's member type", i)
			}
		}
	case spv.OpTypeCooperativeMatrixNV, spv.OpTypeCooperativeMatrixKHR:
		if n != 1 {
			return c.errorf(RuleConstant, in, "a cooperative matrix constant has one constituent")
		}
		_, kt, err := constituent(0)
		if err != nil {
			return err
		}
		if kt.Result != opID(rt, 0) {
			return c.errorf(RuleConstant, in, "the constituent's type does not match the component type")
		}
	default:
		return c.errorf(RuleConstant, in, "the result type is not a composite type")
	}
	return nil
}
