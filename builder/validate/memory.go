package validate

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Memory instructions (section 3.42.8): variables and their storage
// classes, loads, stores, copies, access chains, OpArrayLength and pointer
// comparisons, with the logical addressing rules (section 2.16.1) and the
// Vulkan rules on what each storage class may hold.

const maxAccessChainIndexes = 255

// returnsLogicalPointer: the instructions whose result may be used as a
// pointer under logical addressing without variable pointers.
// The untyped pointer, raw access chain and node payload instructions are
// of extensions spirv-val 2023.1 predates.
func returnsLogicalPointer(op spv.Op) bool {
	switch op {
	case spv.OpVariable, spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpFunctionParameter,
		spv.OpImageTexelPointer, spv.OpCopyObject,
		spv.OpUntypedVariableKHR, spv.OpUntypedAccessChainKHR, spv.OpUntypedInBoundsAccessChainKHR,
		spv.OpRawAccessChainNV, spv.OpAllocateNodePayloadsAMDX, spv.OpBufferPointerEXT, spv.OpUntypedImageTexelPointerEXT:
		return true
	}
	return false
}

// returnsLogicalVariablePointer: the same with variable pointers.
func returnsLogicalVariablePointer(op spv.Op) bool {
	switch op {
	case spv.OpSelect, spv.OpPhi, spv.OpFunctionCall, spv.OpPtrAccessChain, spv.OpLoad, spv.OpConstantNull,
		spv.OpUntypedPtrAccessChainKHR:
		return true
	}
	return returnsLogicalPointer(op)
}

// logicalPointerOK says whether the pointer operand p may be loaded from or
// stored to under the module's addressing model.
func (c *checker) logicalPointerOK(p *builder.Inst) bool {
	if p == nil {
		return false
	}
	if c.addressing != spv.AddressingModelLogical {
		return true
	}
	if c.feat.variablePointers {
		return returnsLogicalVariablePointer(p.Op)
	}
	return returnsLogicalPointer(p.Op)
}

func (c *checker) checkMemory(in *builder.Inst, fn *builder.Function) error {
	switch in.Op {
	case spv.OpVariable:
		return c.checkVariable(in, fn)
	case spv.OpLoad:
		return c.checkLoad(in, fn)
	case spv.OpStore:
		return c.checkStore(in, fn)
	case spv.OpCopyMemory, spv.OpCopyMemorySized:
		return c.checkCopyMemory(in)
	case spv.OpPtrAccessChain:
		if c.addressing == spv.AddressingModelLogical && !c.feat.variablePointers {
			return c.errorf(RuleMemory, in, "OpPtrAccessChain under logical addressing needs VariablePointers or VariablePointersStorageBuffer")
		}
		if err := c.checkAccessChain(in); err != nil {
			return err
		}
		return c.checkPtrAccessChain(in)
	case spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpInBoundsPtrAccessChain:
		return c.checkAccessChain(in)
	case spv.OpArrayLength:
		return c.checkArrayLength(in)
	case spv.OpPtrEqual, spv.OpPtrNotEqual, spv.OpPtrDiff:
		return c.checkPtrComparison(in)
	}
	return nil
}

// allowedOrArrayOf reports whether type t is one of ops, or an array (or
// runtime array) of one.
func (c *checker) allowedOrArrayOf(t ID, ops ...spv.Op) bool {
	d := c.def(t)
	if d == nil {
		return false
	}
	for _, op := range ops {
		if d.Op == op {
			return true
		}
	}
	if d.Op == spv.OpTypeArray || d.Op == spv.OpTypeRuntimeArray {
		e := c.def(opID(d, 0))
		if e == nil {
			return false
		}
		for _, op := range ops {
			if e.Op == op {
				return true
			}
		}
	}
	return false
}

// containsInvalidBool reports whether t holds a bool (a BuiltIn type is
// exempt when skipBuiltin).
func (c *checker) containsInvalidBool(t ID, skipBuiltin bool, depth int) bool {
	if skipBuiltin && c.hasAnyDeco(t, spv.DecorationBuiltIn) {
		return false
	}
	d := c.def(t)
	if d == nil || depth > 64 {
		return false
	}
	switch d.Op {
	case spv.OpTypeBool:
		return true
	case spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeArray, spv.OpTypeRuntimeArray:
		return c.containsInvalidBool(opID(d, 0), skipBuiltin, depth+1)
	case spv.OpTypeStruct:
		for _, o := range d.Operands {
			if c.containsInvalidBool(o.ID(), skipBuiltin, depth+1) {
				return true
			}
		}
	}
	return false
}

func (c *checker) checkVariable(in *builder.Inst, fn *builder.Function) error {
	rt := c.def(in.Type)
	if rt == nil || rt.Op != spv.OpTypePointer {
		return c.errorf(RuleMemory, in, "the result type of OpVariable must be a pointer type")
	}
	valueID := opID(rt, 1)
	value := c.def(valueID)
	sc := spv.StorageClass(opWord(in, 0))
	hasInit := len(in.Operands) > 1
	if hasInit {
		init := c.def(opID(in, 1))
		moduleVar := init != nil && init.Op == spv.OpVariable && spv.StorageClass(opWord(init, 0)) != spv.StorageClassFunction
		if init == nil || !(isConstantOp(init.Op) || moduleVar) {
			return c.errorf(RuleMemory, in, "the initializer %%%d is not a constant or a module-scope variable", opID(in, 1))
		}
		if init.Type != valueID {
			return c.errorf(RuleMemory, in, "the initializer's type must be the pointee type")
		}
	}
	switch sc {
	case spv.StorageClassWorkgroup, spv.StorageClassCrossWorkgroup, spv.StorageClassPrivate, spv.StorageClassFunction,
		spv.StorageClassRayPayloadKHR, spv.StorageClassIncomingRayPayloadKHR, spv.StorageClassHitAttributeKHR,
		spv.StorageClassCallableDataKHR, spv.StorageClassIncomingCallableDataKHR,
		spv.StorageClassTaskPayloadWorkgroupEXT, spv.StorageClassHitObjectAttributeNV:
	default:
		io := sc == spv.StorageClassInput || sc == spv.StorageClassOutput
		builtin := io && c.hasAnyDeco(in.Result, spv.DecorationBuiltIn)
		if !builtin && c.containsInvalidBool(valueID, io, 0) {
			if io {
				return c.errorf(RuleMemory, in, "a bool in an Input or Output variable needs a BuiltIn decoration (VUID-StandaloneSpirv-Input-07290)")
			}
			return c.errorf(RuleMemory, in, "bool may only be stored in non-externally visible storage classes")
		}
	}
	if !c.validStorageClass(sc) {
		return c.errorf(RuleMemory, in, "storage class %s is not allowed in Vulkan (VUID-StandaloneSpirv-None-04643)", sc)
	}
	if sc == spv.StorageClassGeneric {
		return c.errorf(RuleMemory, in, "OpVariable cannot be Generic")
	}
	if fn != nil && sc != spv.StorageClassFunction {
		return c.errorf(RuleMemory, in, "variables inside a function must have the Function storage class")
	}
	if fn == nil && sc == spv.StorageClassFunction {
		return c.errorf(RuleMemory, in, "variables outside functions cannot have the Function storage class")
	}
	if spv.StorageClass(opWord(rt, 0)) != sc {
		return c.errorf(RuleMemory, in, "the storage class must be the result type's")
	}
	if value == nil {
		return nil
	}
	if c.addressing == spv.AddressingModelLogical && !c.opts.RelaxLogicalPointer && value.Op == spv.OpTypePointer {
		if !c.hasCap(spv.CapabilityVariablePointersStorageBuffer) {
			return c.errorf(RuleMemory, in, "under logical addressing, variables may not hold pointers")
		}
		if sc != spv.StorageClassFunction && sc != spv.StorageClassPrivate {
			return c.errorf(RuleMemory, in, "with variable pointers, variables holding pointers must be Function or Private")
		}
	}
	if c.vulkan {
		switch sc {
		case spv.StorageClassPushConstant:
			if value.Op != spv.OpTypeStruct {
				return c.errorf(RuleVulkan, in, "a PushConstant variable must be a struct (VUID-StandaloneSpirv-PushConstant-06808)")
			}
		case spv.StorageClassUniformConstant:
			if !c.allowedOrArrayOf(valueID, spv.OpTypeImage, spv.OpTypeSampler, spv.OpTypeSampledImage, spv.OpTypeAccelerationStructureKHR) {
				return c.errorf(RuleVulkan, in, "a UniformConstant variable must be an image, sampler, sampled image, acceleration structure, or an array of one (VUID-StandaloneSpirv-UniformConstant-04655)")
			}
		case spv.StorageClassUniform, spv.StorageClassStorageBuffer:
			if !c.allowedOrArrayOf(valueID, spv.OpTypeStruct) {
				return c.errorf(RuleVulkan, in, "a %s variable must be a struct or an array of structs (VUID-StandaloneSpirv-Uniform-06807)", sc)
			}
		}
		if sc != spv.StorageClassInput && sc != spv.StorageClassOutput {
			if c.hasAnyDeco(in.Result, spv.DecorationInvariant) || (value.Op == spv.OpTypeStruct && c.hasAnyDeco(valueID, spv.DecorationInvariant)) {
				return c.errorf(RuleVulkan, in, "Invariant may only decorate Input or Output variables (VUID-StandaloneSpirv-Invariant-04677)")
			}
		}
		if hasInit {
			if sc == spv.StorageClassWorkgroup {
				if c.opOf(opID(in, 1)) != spv.OpConstantNull {
					return c.errorf(RuleVulkan, in, "a Workgroup variable's initializer must be OpConstantNull (VUID-StandaloneSpirv-OpVariable-04734)")
				}
			} else if sc != spv.StorageClassOutput && sc != spv.StorageClassPrivate && sc != spv.StorageClassFunction {
				return c.errorf(RuleVulkan, in, "only Output, Private, Function and Workgroup variables may have initializers (VUID-StandaloneSpirv-OpVariable-04651)")
			}
		}
	}
	if hasInit {
		switch sc {
		case spv.StorageClassTaskPayloadWorkgroupEXT, spv.StorageClassInput, spv.StorageClassHitObjectAttributeNV:
			return c.errorf(RuleMemory, in, "a %s variable cannot have an initializer", sc)
		}
	}
	if sc == spv.StorageClassPhysicalStorageBuffer {
		return c.errorf(RuleMemory, in, "PhysicalStorageBuffer cannot be used with OpVariable")
	}
	base := value
	for k := 0; k < 64 && base != nil && base.Op == spv.OpTypeArray; k++ {
		base = c.def(opID(base, 0))
	}
	if base != nil && base.Op == spv.OpTypePointer && spv.StorageClass(opWord(base, 0)) == spv.StorageClassPhysicalStorageBuffer {
		aliased, restrict := c.hasAnyDeco(in.Result, spv.DecorationAliasedPointer), c.hasAnyDeco(in.Result, spv.DecorationRestrictPointer)
		if !aliased && !restrict {
			return c.errorf(RuleMemory, in, "a variable holding a PhysicalStorageBuffer pointer needs AliasedPointer or RestrictPointer")
		}
		if aliased && restrict {
			return c.errorf(RuleMemory, in, "a variable cannot be both AliasedPointer and RestrictPointer")
		}
	}
	if c.vulkan {
		if value.Op == spv.OpTypeRuntimeArray {
			if !c.hasCap(spv.CapabilityRuntimeDescriptorArray) {
				return c.errorf(RuleVulkan, in, "a variable cannot be a runtime array without RuntimeDescriptorArray (VUID-StandaloneSpirv-None-04680)")
			}
			if sc != spv.StorageClassStorageBuffer && sc != spv.StorageClassUniform && sc != spv.StorageClassUniformConstant {
				return c.errorf(RuleVulkan, in, "a runtime array variable must be StorageBuffer, Uniform or UniformConstant (VUID-StandaloneSpirv-None-04680)")
			}
		}
		if value.Op == spv.OpTypeStruct && len(value.Operands) > 0 {
			rta := false
			for _, o := range value.Operands {
				if c.isType(o.ID(), spv.OpTypeRuntimeArray) {
					rta = true
				}
			}
			if rta {
				switch sc {
				case spv.StorageClassStorageBuffer, spv.StorageClassPhysicalStorageBuffer:
					if !c.hasAnyDeco(valueID, spv.DecorationBlock) {
						return c.errorf(RuleVulkan, in, "a StorageBuffer struct holding a runtime array must be a Block (VUID-StandaloneSpirv-None-04680)")
					}
				case spv.StorageClassUniform:
					if !c.hasAnyDeco(valueID, spv.DecorationBufferBlock) {
						return c.errorf(RuleVulkan, in, "a Uniform struct holding a runtime array must be a BufferBlock (VUID-StandaloneSpirv-None-04680)")
					}
				default:
					return c.errorf(RuleVulkan, in, "a struct holding a runtime array must be StorageBuffer, PhysicalStorageBuffer or Uniform (VUID-StandaloneSpirv-None-04680)")
				}
			}
		}
	}
	if sc != spv.StorageClassFunction && sc != spv.StorageClassPrivate &&
		c.containsType(valueID, func(d *builder.Inst) bool { return isCoopMatrixOp(d.Op) }, false) {
		return c.errorf(RuleMemory, in, "cooperative matrices can only be allocated in Function or Private")
	}
	if c.hasCap(spv.CapabilityShader) {
		if err := c.smallTypeStorage(in, valueID, value, sc); err != nil {
			return err
		}
	}
	return nil
}

// smallTypeStorage checks that variables holding 8- and 16-bit types have
// the storage capability their storage class needs.
func (c *checker) smallTypeStorage(in *builder.Inst, valueID ID, value *builder.Inst, sc spv.StorageClass) error {
	for _, w := range []uint32{16, 8} {
		var has bool
		if w == 16 {
			has = (!c.hasCap(spv.CapabilityInt16) && c.containsSized(valueID, spv.OpTypeInt, 16)) ||
				(!c.hasCap(spv.CapabilityFloat16) && c.containsSized(valueID, spv.OpTypeFloat, 16))
		} else {
			has = !c.hasCap(spv.CapabilityInt8) && c.containsSized(valueID, spv.OpTypeInt, 8)
		}
		if !has {
			continue
		}
		under := value
		s := sc
		for k := 0; k < 64 && under != nil && under.Op == spv.OpTypePointer; k++ {
			s = spv.StorageClass(opWord(under, 0))
			under = c.def(opID(under, 1))
		}
		ok := true
		bb := func() bool {
			u := under
			if u != nil && (u.Op == spv.OpTypeArray || u.Op == spv.OpTypeRuntimeArray) {
				u = c.def(opID(u, 0))
			}
			return u != nil && c.hasAnyDeco(u.Result, spv.DecorationBufferBlock)
		}
		if w == 16 {
			switch s {
			case spv.StorageClassStorageBuffer, spv.StorageClassPhysicalStorageBuffer:
				ok = c.hasCap(spv.CapabilityStorageBuffer16BitAccess)
			case spv.StorageClassUniform:
				if !c.hasCap(spv.CapabilityUniformAndStorageBuffer16BitAccess) {
					ok = c.hasCap(spv.CapabilityStorageBuffer16BitAccess) && bb()
				}
			case spv.StorageClassPushConstant:
				ok = c.hasCap(spv.CapabilityStoragePushConstant16)
			case spv.StorageClassInput, spv.StorageClassOutput:
				ok = c.hasCap(spv.CapabilityStorageInputOutput16)
			case spv.StorageClassWorkgroup:
				ok = c.hasCap(spv.CapabilityWorkgroupMemoryExplicitLayout16BitAccessKHR)
			default:
				return c.errorf(RuleMemory, in, "cannot allocate a variable holding a 16-bit type in the %s storage class", s)
			}
		} else {
			switch s {
			case spv.StorageClassStorageBuffer, spv.StorageClassPhysicalStorageBuffer:
				ok = c.hasCap(spv.CapabilityStorageBuffer8BitAccess)
			case spv.StorageClassUniform:
				if !c.hasCap(spv.CapabilityUniformAndStorageBuffer8BitAccess) {
					ok = c.hasCap(spv.CapabilityStorageBuffer8BitAccess) && bb()
				}
			case spv.StorageClassPushConstant:
				ok = c.hasCap(spv.CapabilityStoragePushConstant8)
			case spv.StorageClassWorkgroup:
				ok = c.hasCap(spv.CapabilityWorkgroupMemoryExplicitLayout8BitAccessKHR)
			default:
				return c.errorf(RuleMemory, in, "cannot allocate a variable holding an 8-bit type in the %s storage class", s)
			}
		}
		if !ok {
			return c.errorf(RuleMemory, in, "a variable holding a %d-bit type in the %s storage class needs a storage capability", w, s)
		}
	}
	return nil
}

// storageClasses returns the storage classes of the pointers a load,
// store or copy accesses (0xffffffff for none).
func (c *checker) storageClasses(in *builder.Inst) (dst, src spv.StorageClass) {
	none := spv.StorageClass(0xffffffff)
	dst, src = none, none
	sc := func(ptr ID) spv.StorageClass {
		if _, s, ok := c.pointerInfo(c.typeOf(ptr)); ok {
			return s
		}
		return none
	}
	switch in.Op {
	case spv.OpLoad, spv.OpCooperativeMatrixLoadNV:
		dst = sc(opID(in, 0))
	case spv.OpStore, spv.OpCooperativeMatrixStoreNV:
		dst = sc(opID(in, 0))
	case spv.OpCopyMemory, spv.OpCopyMemorySized:
		dst, src = sc(opID(in, 0)), sc(opID(in, 1))
	}
	return dst, src
}

// checkMemoryAccess checks the memory operands at operand index i (the
// MemoryAccess mask with its parameters).
func (c *checker) checkMemoryAccess(in *builder.Inst, i int) error {
	dst, src := c.storageClasses(in)
	psb := spv.StorageClassPhysicalStorageBuffer
	if i >= len(in.Operands) {
		if dst == psb || src == psb {
			return c.errorf(RuleMemory, in, "accesses through PhysicalStorageBuffer pointers must be Aligned (VUID-StandaloneSpirv-PhysicalStorageBuffer64-04708)")
		}
		return nil
	}
	o := &in.Operands[i]
	mask := spv.MemoryAccess(o.Word)
	param := func(bit spv.MemoryAccess) ID {
		// Parameters follow the mask, lowest bit first.
		k := 0
		for b := spv.MemoryAccess(1); b != 0 && b < bit; b <<= 1 {
			if mask&b != 0 {
				if e := spv.KindMemoryAccess.Enumerant(uint32(b)); e != nil {
					k += len(e.Parameters())
				}
			}
		}
		if k < len(o.Params()) {
			return o.Params()[k].ID()
		}
		return 0
	}
	if mask&spv.MemoryAccessMakePointerAvailable != 0 {
		if in.Op == spv.OpLoad || in.Op == spv.OpCooperativeMatrixLoadNV {
			return c.errorf(RuleMemory, in, "MakePointerAvailable cannot be used with OpLoad")
		}
		if mask&spv.MemoryAccessNonPrivatePointer == 0 {
			return c.errorf(RuleMemory, in, "MakePointerAvailable needs NonPrivatePointer")
		}
		if err := c.memoryScope(in, param(spv.MemoryAccessMakePointerAvailable)); err != nil {
			return err
		}
	}
	if mask&spv.MemoryAccessMakePointerVisible != 0 {
		if in.Op == spv.OpStore || in.Op == spv.OpCooperativeMatrixStoreNV {
			return c.errorf(RuleMemory, in, "MakePointerVisible cannot be used with OpStore")
		}
		if mask&spv.MemoryAccessNonPrivatePointer == 0 {
			return c.errorf(RuleMemory, in, "MakePointerVisible needs NonPrivatePointer")
		}
		if err := c.memoryScope(in, param(spv.MemoryAccessMakePointerVisible)); err != nil {
			return err
		}
	}
	if mask&spv.MemoryAccessNonPrivatePointer != 0 {
		ok := func(s spv.StorageClass, allowNone bool) bool {
			switch s {
			case spv.StorageClassUniform, spv.StorageClassWorkgroup, spv.StorageClassCrossWorkgroup,
				spv.StorageClassGeneric, spv.StorageClassImage, spv.StorageClassStorageBuffer, psb:
				return true
			}
			return allowNone && s == spv.StorageClass(0xffffffff)
		}
		if !ok(dst, false) || !ok(src, true) {
			return c.errorf(RuleMemory, in, "NonPrivatePointer needs a pointer in Uniform, Workgroup, CrossWorkgroup, Generic, Image or StorageBuffer")
		}
	}
	if mask&spv.MemoryAccessAligned == 0 && (dst == psb || src == psb) {
		return c.errorf(RuleMemory, in, "accesses through PhysicalStorageBuffer pointers must be Aligned (VUID-StandaloneSpirv-PhysicalStorageBuffer64-04708)")
	}
	return nil
}

func (c *checker) checkLoad(in *builder.Inst, fn *builder.Function) error {
	rt := c.def(in.Type)
	if rt == nil {
		return c.errorf(RuleMemory, in, "the result type is not defined")
	}
	p := c.def(opID(in, 0))
	if !c.logicalPointerOK(p) {
		return c.errorf(RuleMemory, in, "%%%d is not a logical pointer", opID(in, 0))
	}
	pointee, _, ok := c.accessInfo(p.Type, in.Type)
	if !ok {
		return c.errorf(RuleMemory, in, "the pointer's type is not a pointer type")
	}
	if pointee != in.Type {
		return c.errorf(RuleMemory, in, "the result type does not match the pointer's pointee type")
	}
	if !c.opts.BeforeHLSLLegalization && c.containsRuntimeArray(in.Type) {
		return c.errorf(RuleMemory, in, "cannot load a runtime array")
	}
	if err := c.checkMemoryAccess(in, 1); err != nil {
		return err
	}
	if c.hasCap(spv.CapabilityShader) && c.limitedUseType(in.Type) && rt.Op != spv.OpTypePointer {
		switch rt.Op {
		case spv.OpTypeInt, spv.OpTypeFloat, spv.OpTypeVector, spv.OpTypeMatrix:
		default:
			return c.errorf(RuleMemory, in, "8- or 16-bit loads must be of a scalar, vector or matrix")
		}
	}
	return nil
}

// tracePointer follows access chains and copies back to the base pointer.
func (c *checker) tracePointer(p *builder.Inst) *builder.Inst {
	for k := 0; k < 1000 && p != nil; k++ {
		switch p.Op {
		case spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpPtrAccessChain, spv.OpInBoundsPtrAccessChain, spv.OpCopyObject:
			p = c.def(opID(p, 0))
		default:
			return p
		}
	}
	return p
}

func (c *checker) checkStore(in *builder.Inst, fn *builder.Function) error {
	p := c.def(opID(in, 0))
	if !c.logicalPointerOK(p) {
		return c.errorf(RuleMemory, in, "%%%d is not a logical pointer", opID(in, 0))
	}
	var objType ID
	if obj := c.def(opID(in, 1)); obj != nil {
		objType = obj.Type
	}
	pointee, sc, ok := c.accessInfo(p.Type, objType)
	if !ok {
		return c.errorf(RuleMemory, in, "the pointer's type is not a pointer type")
	}
	if pt := c.def(pointee); pt == nil || pt.Op == spv.OpTypeVoid {
		return c.errorf(RuleMemory, in, "cannot store through a pointer to void")
	}
	switch sc {
	case spv.StorageClassUniformConstant, spv.StorageClassInput, spv.StorageClassPushConstant:
		return c.errorf(RuleMemory, in, "the %s storage class is read-only", sc)
	case spv.StorageClassShaderRecordBufferKHR:
		return c.errorf(RuleMemory, in, "ShaderRecordBufferKHR variables are read-only")
	case spv.StorageClassHitAttributeKHR:
		if fn != nil {
			c.limit(fn, in, RuleRayTracing, func(ep *entryPoint) string {
				if ep.model == spv.ExecutionModelAnyHitKHR || ep.model == spv.ExecutionModelClosestHitKHR {
					return "HitAttributeKHR variables are read-only in AnyHitKHR and ClosestHitKHR (VUID-StandaloneSpirv-HitAttributeKHR-04703)"
				}
				return ""
			})
		}
	}
	if c.vulkan && sc == spv.StorageClassUniform {
		if base := c.tracePointer(p); base != nil && base.Op == spv.OpVariable {
			bt, _, _ := c.pointerInfo(base.Type)
			if d := c.def(bt); d != nil && (d.Op == spv.OpTypeArray || d.Op == spv.OpTypeRuntimeArray) {
				bt = opID(d, 0)
			}
			if c.hasAnyDeco(bt, spv.DecorationBlock) {
				return c.errorf(RuleVulkan, in, "cannot store to a uniform block in Vulkan (VUID-StandaloneSpirv-Uniform-06925)")
			}
		}
	}
	obj := c.def(opID(in, 1))
	if obj == nil || obj.Type == 0 {
		return c.errorf(RuleMemory, in, "the object %%%d is not a value", opID(in, 1))
	}
	ot := c.def(obj.Type)
	if ot == nil || ot.Op == spv.OpTypeVoid {
		return c.errorf(RuleMemory, in, "the object's type is void")
	}
	if pointee != obj.Type {
		pt := c.def(pointee)
		if !c.opts.RelaxStructStore || pt.Op != spv.OpTypeStruct || ot.Op != spv.OpTypeStruct {
			return c.errorf(RuleMemory, in, "the pointer's pointee type does not match the object's type")
		}
		if !c.layoutCompatibleStructs(pt, ot, 0) {
			return c.errorf(RuleMemory, in, "the pointee's layout does not match the object's")
		}
	}
	if err := c.checkMemoryAccess(in, 2); err != nil {
		return err
	}
	if c.hasCap(spv.CapabilityShader) && c.limitedUseType(in.Type) && ot.Op != spv.OpTypePointer {
		switch ot.Op {
		case spv.OpTypeInt, spv.OpTypeFloat, spv.OpTypeVector, spv.OpTypeMatrix:
		default:
			return c.errorf(RuleMemory, in, "8- or 16-bit stores must be of a scalar, vector or matrix")
		}
	}
	return nil
}

// layoutCompatibleStructs is spirv-val's test for --relax-struct-store.
func (c *checker) layoutCompatibleStructs(a, b *builder.Inst, depth int) bool {
	if a == nil || b == nil || a.Op != spv.OpTypeStruct || b.Op != spv.OpTypeStruct || depth > 64 {
		return false
	}
	if len(a.Operands) != len(b.Operands) {
		return false
	}
	for i := range a.Operands {
		x, y := a.Operands[i].ID(), b.Operands[i].ID()
		if x != y && !c.layoutCompatibleStructs(c.def(x), c.def(y), depth+1) {
			return false
		}
	}
	for _, d := range c.decos[a.Result] {
		if d.kind != spv.DecorationOffset {
			continue
		}
		for _, e := range c.decos[b.Result] {
			if e.kind == spv.DecorationOffset && e.member == d.member {
				if len(d.params) > 0 && len(e.params) > 0 && d.params[0].Word != e.params[0].Word {
					return false
				}
				break
			}
		}
	}
	return true
}

func (c *checker) checkCopyMemory(in *builder.Inst) error {
	target, source := c.def(opID(in, 0)), c.def(opID(in, 1))
	if target == nil || source == nil {
		return c.errorf(RuleMemory, in, "the target or source is not defined")
	}
	tp, _, ok1 := c.pointerInfo(target.Type)
	if !ok1 {
		return c.errorf(RuleMemory, in, "the target is not a pointer")
	}
	sp, _, ok2 := c.pointerInfo(source.Type)
	if !ok2 {
		return c.errorf(RuleMemory, in, "the source is not a pointer")
	}
	first := 2
	if in.Op == spv.OpCopyMemory {
		if c.isVoid(tp) || c.def(tp) == nil {
			return c.errorf(RuleMemory, in, "the target cannot be a void pointer")
		}
		if c.isVoid(sp) || c.def(sp) == nil {
			return c.errorf(RuleMemory, in, "the source cannot be a void pointer")
		}
		if tp != sp {
			return c.errorf(RuleMemory, in, "the target and source pointee types do not match")
		}
	} else {
		first = 3
		size := c.def(opID(in, 2))
		if size == nil || !c.isIntScalar(size.Type) {
			return c.errorf(RuleMemory, in, "the size must be an integer scalar")
		}
		switch size.Op {
		case spv.OpConstantNull:
			return c.errorf(RuleMemory, in, "the size cannot be a constant zero")
		case spv.OpConstant:
			v := size.Operands[0].Uint64()
			w := c.bitWidth(size.Type)
			if c.isSignedIntScalar(size.Type) {
				top := size.Operands[0].Word
				if size.Operands[0].Wide {
					top = size.Operands[0].Hi
				}
				if top&0x80000000 != 0 {
					return c.errorf(RuleMemory, in, "the size cannot have its sign bit set")
				}
			}
			_ = w
			if v == 0 {
				return c.errorf(RuleMemory, in, "the size cannot be a constant zero")
			}
		}
	}
	// Memory operands: one, or (SPIR-V 1.4) two.
	if first < len(in.Operands) {
		if err := c.checkMemoryAccess(in, first); err != nil {
			return err
		}
		if first+1 < len(in.Operands) {
			if !c.feat.copyMemoryTwoAccesses {
				return c.errorf(RuleMemory, in, "%s with two memory operands needs SPIR-V 1.4", in.Op)
			}
			if err := c.checkMemoryAccess(in, first+1); err != nil {
				return err
			}
			if spv.MemoryAccess(in.Operands[first].Word)&spv.MemoryAccessMakePointerVisible != 0 {
				return c.errorf(RuleMemory, in, "the target memory operand must not include MakePointerVisible")
			}
			if spv.MemoryAccess(in.Operands[first+1].Word)&spv.MemoryAccessMakePointerAvailable != 0 {
				return c.errorf(RuleMemory, in, "the source memory operand must not include MakePointerAvailable")
			}
		}
	}
	sub := tp
	for k := 0; k < 64 && c.isPointer(sub); k++ {
		sub, _, _ = c.pointerInfo(sub)
	}
	if c.hasCap(spv.CapabilityShader) && c.limitedUseType(sub) {
		return c.errorf(RuleMemory, in, "cannot copy memory holding 8- or 16-bit types")
	}
	return nil
}

func (c *checker) checkAccessChain(in *builder.Inst) error {
	rt := c.def(in.Type)
	if rt == nil || rt.Op != spv.OpTypePointer {
		return c.errorf(RuleMemory, in, "the result type of %s must be a pointer", in.Op)
	}
	resultPointee := opID(rt, 1)
	base := c.def(opID(in, 0))
	bt := c.def(c.typeOf(opID(in, 0)))
	if base == nil || bt == nil || bt.Op != spv.OpTypePointer {
		return c.errorf(RuleMemory, in, "the base of %s must be a pointer", in.Op)
	}
	if opWord(rt, 0) != opWord(bt, 0) {
		return c.errorf(RuleMemory, in, "the result and base storage classes of %s differ", in.Op)
	}
	first := 1
	if in.Op == spv.OpPtrAccessChain || in.Op == spv.OpInBoundsPtrAccessChain {
		first = 2
	}
	if n := len(in.Operands) - first; n > maxAccessChainIndexes {
		return c.errorf(RuleLimit, in, "%s has %d indexes, more than %d", in.Op, n, maxAccessChainIndexes)
	}
	cur := c.def(opID(bt, 1))
	for i := first; i < len(in.Operands); i++ {
		idx := c.def(in.Operands[i].ID())
		if idx == nil || !c.isIntScalar(idx.Type) {
			return c.errorf(RuleMemory, in, "the indexes of %s must be integer scalars", in.Op)
		}
		if cur == nil {
			return c.errorf(RuleMemory, in, "%s indexes past a non-composite type", in.Op)
		}
		switch cur.Op {
		case spv.OpTypeMatrix, spv.OpTypeVector, spv.OpTypeCooperativeMatrixNV, spv.OpTypeArray, spv.OpTypeRuntimeArray,
			// later composites: cooperative matrices and vectors, node payload arrays
			spv.OpTypeCooperativeMatrixKHR, spv.OpTypeVectorIdEXT, spv.OpTypeNodePayloadArrayAMDX:
			cur = c.def(opID(cur, 0))
		case spv.OpTypeStruct:
			if idx.Op != spv.OpConstant {
				return c.errorf(RuleMemory, in, "an index into a struct must be an OpConstant")
			}
			k := opWord(idx, 0)
			if int(k) >= len(cur.Operands) {
				return c.errorf(RuleMemory, in, "index %d is out of bounds: the struct has %d members", k, len(cur.Operands))
			}
			cur = c.def(cur.Operands[k].ID())
		default:
			return c.errorf(RuleMemory, in, "%s reaches a non-composite type with indexes left", in.Op)
		}
	}
	if cur == nil || cur.Result != resultPointee {
		return c.errorf(RuleMemory, in, "the result type of %s does not match the type the indexes reach", in.Op)
	}
	return nil
}

func (c *checker) checkPtrAccessChain(in *builder.Inst) error {
	bt := c.typeOf(opID(in, 0))
	_, sc, _ := c.pointerInfo(bt)
	if c.hasCap(spv.CapabilityShader) && (sc == spv.StorageClassUniform || sc == spv.StorageClassStorageBuffer ||
		sc == spv.StorageClassPhysicalStorageBuffer || sc == spv.StorageClassPushConstant ||
		(c.hasCap(spv.CapabilityWorkgroupMemoryExplicitLayoutKHR) && sc == spv.StorageClassWorkgroup)) &&
		!c.hasAnyDeco(bt, spv.DecorationArrayStride) {
		return c.errorf(RuleMemory, in, "OpPtrAccessChain's base type must be decorated with ArrayStride")
	}
	if c.vulkan {
		switch sc {
		case spv.StorageClassWorkgroup:
			if !c.hasCap(spv.CapabilityVariablePointers) {
				return c.errorf(RuleVulkan, in, "OpPtrAccessChain on Workgroup pointers needs VariablePointers (VUID-StandaloneSpirv-OpPtrAccessChain-07651)")
			}
		case spv.StorageClassStorageBuffer:
			if !c.feat.variablePointers {
				return c.errorf(RuleVulkan, in, "OpPtrAccessChain on StorageBuffer pointers needs variable pointers (VUID-StandaloneSpirv-OpPtrAccessChain-07652)")
			}
		case spv.StorageClassPhysicalStorageBuffer:
		default:
			return c.errorf(RuleVulkan, in, "OpPtrAccessChain's base must be Workgroup, StorageBuffer or PhysicalStorageBuffer (VUID-StandaloneSpirv-OpPtrAccessChain-07650)")
		}
	}
	return nil
}

func (c *checker) checkArrayLength(in *builder.Inst) error {
	rt := c.def(in.Type)
	if rt == nil || rt.Op != spv.OpTypeInt || opWord(rt, 0) != 32 || opWord(rt, 1) != 0 {
		return c.errorf(RuleMemory, in, "the result type of OpArrayLength must be a 32-bit unsigned integer")
	}
	st, _, ok := c.pointerInfo(c.typeOf(opID(in, 0)))
	sd := c.def(st)
	if !ok || sd == nil || sd.Op != spv.OpTypeStruct {
		return c.errorf(RuleMemory, in, "the structure of OpArrayLength must be a pointer to a struct")
	}
	n := len(sd.Operands)
	if n == 0 || !c.isType(sd.Operands[n-1].ID(), spv.OpTypeRuntimeArray) {
		return c.errorf(RuleMemory, in, "the struct's last member must be a runtime array")
	}
	if int(opWord(in, 1)) != n-1 {
		return c.errorf(RuleMemory, in, "the array member must be the struct's last member")
	}
	return nil
}

func (c *checker) checkPtrComparison(in *builder.Inst) error {
	if c.addressing == spv.AddressingModelLogical && !c.feat.variablePointers {
		return c.errorf(RuleMemory, in, "%s under logical addressing needs a variable pointers capability", in.Op)
	}
	rt := c.def(in.Type)
	if in.Op == spv.OpPtrDiff {
		if rt == nil || rt.Op != spv.OpTypeInt {
			return c.errorf(RuleMemory, in, "the result type must be an integer scalar")
		}
	} else if rt == nil || rt.Op != spv.OpTypeBool {
		return c.errorf(RuleMemory, in, "the result type must be bool")
	}
	a, b := c.def(opID(in, 0)), c.def(opID(in, 1))
	if a == nil || b == nil || a.Type != b.Type {
		return c.errorf(RuleMemory, in, "the operand types must match")
	}
	_, sc, ok := c.pointerInfo(a.Type)
	if !ok {
		return c.errorf(RuleMemory, in, "the operands must be pointers")
	}
	if c.addressing == spv.AddressingModelLogical {
		if sc != spv.StorageClassWorkgroup && sc != spv.StorageClassStorageBuffer {
			return c.errorf(RuleMemory, in, "invalid pointer storage class")
		}
		if sc == spv.StorageClassWorkgroup && !c.hasCap(spv.CapabilityVariablePointers) {
			return c.errorf(RuleMemory, in, "Workgroup pointers need VariablePointers")
		}
	} else if sc == spv.StorageClassPhysicalStorageBuffer {
		return c.errorf(RuleMemory, in, "cannot compare PhysicalStorageBuffer pointers")
	}
	return nil
}
