package validate

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Arithmetic, bitwise, relational and logical instructions, and
// conversions (sections 3.42.11 to 3.42.15): the result and operand types
// each opcode allows.

// operandType returns the type of operand i of in.
func (c *checker) operandType(in *builder.Inst, i int) ID { return c.typeOf(opID(in, i)) }

// isCoopMatrixOp reports the cooperative matrix types: NV, and KHR (which
// spirv-val 2023.1 predates; its later releases treat both alike here).
func isCoopMatrixOp(op spv.Op) bool {
	return op == spv.OpTypeCooperativeMatrixNV || op == spv.OpTypeCooperativeMatrixKHR
}

func (c *checker) isCoopMatrix(t ID) bool {
	d := c.def(t)
	return d != nil && isCoopMatrixOp(d.Op)
}

func (c *checker) coopMatrixOf(t ID, scalar func(ID) bool) bool {
	d := c.def(t)
	return d != nil && isCoopMatrixOp(d.Op) && scalar(opID(d, 0))
}

func (c *checker) checkArith(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	rt := in.Type
	op := in.Op
	bad := func(format string, args ...any) error {
		return c.errorf(RuleArith, in, "%s: "+format, append([]any{op}, args...)...)
	}
	switch op {
	case spv.OpFAdd, spv.OpFSub, spv.OpFMul, spv.OpFDiv, spv.OpFRem, spv.OpFMod, spv.OpFNegate:
		coop := op != spv.OpFMul && op != spv.OpFRem && op != spv.OpFMod || op == spv.OpFMul && c.isType(rt, spv.OpTypeCooperativeMatrixKHR)
		if !c.isFloatScalarOrVector(rt) && !(coop && c.coopMatrixOf(rt, c.isFloatScalar)) {
			return bad("the result type must be a float scalar or vector")
		}
		for i := range in.Operands {
			if c.operandType(in, i) != rt {
				return bad("operand %d must have the result type", i)
			}
		}
	case spv.OpUDiv, spv.OpUMod:
		coop := op == spv.OpUDiv
		if !c.isUnsignedIntScalarOrVector(rt) && !(coop && c.coopMatrixOf(rt, c.isUnsignedIntScalar)) {
			return bad("the result type must be an unsigned integer scalar or vector")
		}
		for i := range in.Operands {
			if c.operandType(in, i) != rt {
				return bad("operand %d must have the result type", i)
			}
		}
	case spv.OpISub, spv.OpIAdd, spv.OpIMul, spv.OpSDiv, spv.OpSMod, spv.OpSRem, spv.OpSNegate:
		coop := op != spv.OpIMul && op != spv.OpSRem && op != spv.OpSMod || op == spv.OpIMul && c.isType(rt, spv.OpTypeCooperativeMatrixKHR)
		if !c.isIntScalarOrVector(rt) && !(coop && c.coopMatrixOf(rt, c.isIntScalar)) {
			return bad("the result type must be an integer scalar or vector")
		}
		dim, w := c.dimension(rt), c.bitWidth(rt)
		for i := range in.Operands {
			t := c.operandType(in, i)
			if t == 0 || (!c.isIntScalarOrVector(t) && !(coop && c.coopMatrixOf(rt, c.isIntScalar))) {
				return bad("operand %d must be an integer scalar or vector", i)
			}
			if c.dimension(t) != dim {
				return bad("operand %d must have the result type's dimension", i)
			}
			if c.bitWidth(t) != w {
				return bad("operand %d must have the result type's bit width", i)
			}
		}
	case spv.OpDot:
		if !c.isFloatScalar(rt) {
			return bad("the result type must be a float scalar")
		}
		var n uint32
		for i := range in.Operands {
			t := c.operandType(in, i)
			if t == 0 || !c.isFloatVector(t) {
				return bad("operand %d must be a float vector", i)
			}
			if c.componentType(t) != rt {
				return bad("operand %d's component type must be the result type", i)
			}
			if i == 0 {
				n = c.dimension(t)
			} else if c.dimension(t) != n {
				return bad("the operands must have the same number of components")
			}
		}
	case spv.OpVectorTimesScalar:
		if !c.isFloatVector(rt) {
			return bad("the result type must be a float vector")
		}
		vt := c.operandType(in, 0)
		if vt != rt {
			return bad("the vector must have the result type")
		}
		if c.operandType(in, 1) != c.componentType(vt) {
			return bad("the scalar must have the vector's component type")
		}
	case spv.OpMatrixTimesScalar:
		if !c.isFloatMatrix(rt) && !c.isCoopMatrix(rt) {
			return bad("the result type must be a float matrix")
		}
		mt := c.operandType(in, 0)
		if mt != rt {
			return bad("the matrix must have the result type")
		}
		if c.operandType(in, 1) != c.componentType(mt) {
			return bad("the scalar must have the matrix's component type")
		}
	case spv.OpVectorTimesMatrix:
		vt, mt := c.operandType(in, 0), c.operandType(in, 1)
		if !c.isFloatVector(rt) {
			return bad("the result type must be a float vector")
		}
		comp := c.componentType(rt)
		if vt == 0 || !c.isFloatVector(vt) {
			return bad("the left operand must be a float vector")
		}
		if comp != c.componentType(vt) {
			return bad("the vector's component type must be the result's")
		}
		rows, cols, _, mcomp, ok := c.matrixInfo(mt)
		if !ok {
			return bad("the right operand must be a float matrix")
		}
		if comp != mcomp {
			return bad("the matrix's component type must be the result's")
		}
		if cols != c.dimension(rt) {
			return bad("the matrix's column count must be the result's size")
		}
		if rows != c.dimension(vt) {
			return bad("the matrix's row count must be the vector's size")
		}
	case spv.OpMatrixTimesVector:
		mt, vt := c.operandType(in, 0), c.operandType(in, 1)
		if !c.isFloatVector(rt) {
			return bad("the result type must be a float vector")
		}
		_, cols, colType, mcomp, ok := c.matrixInfo(mt)
		if !ok {
			return bad("the left operand must be a float matrix")
		}
		if rt != colType {
			return bad("the matrix's column type must be the result type")
		}
		if vt == 0 || !c.isFloatVector(vt) {
			return bad("the right operand must be a float vector")
		}
		if mcomp != c.componentType(vt) {
			return bad("the operands' component types must match")
		}
		if cols != c.dimension(vt) {
			return bad("the matrix's column count must be the vector's size")
		}
	case spv.OpMatrixTimesMatrix:
		_, rcols, rcol, rcomp, ok := c.matrixInfo(rt)
		if !ok {
			return bad("the result type must be a float matrix")
		}
		_, lcols, lcol, _, ok := c.matrixInfo(c.operandType(in, 0))
		if !ok {
			return bad("the left operand must be a float matrix")
		}
		rrows, rrcols, _, rrcomp, ok := c.matrixInfo(c.operandType(in, 1))
		if !ok {
			return bad("the right operand must be a float matrix")
		}
		if !c.isFloatScalar(rcomp) {
			return bad("the result type must be a float matrix")
		}
		if rcol != lcol {
			return bad("the result's and the left matrix's column types must match")
		}
		if rcomp != rrcomp {
			return bad("the result's and the right matrix's component types must match")
		}
		if rcols != rrcols {
			return bad("the result and the right matrix must have as many columns")
		}
		if lcols != rrows {
			return bad("the left matrix's columns must match the right matrix's rows")
		}
	case spv.OpOuterProduct:
		lt, rgt := c.operandType(in, 0), c.operandType(in, 1)
		_, cols, col, comp, ok := c.matrixInfo(rt)
		if !ok {
			return bad("the result type must be a float matrix")
		}
		if lt != col {
			return bad("the left operand must have the result's column type")
		}
		if rgt == 0 || !c.isFloatVector(rgt) {
			return bad("the right operand must be a float vector")
		}
		if comp != c.componentType(rgt) {
			return bad("the operands' component types must match")
		}
		if cols != c.dimension(rgt) {
			return bad("the right operand's size must be the result's column count")
		}
	case spv.OpIAddCarry, spv.OpISubBorrow, spv.OpUMulExtended, spv.OpSMulExtended:
		ms := c.structMembers(rt)
		if !c.isType(rt, spv.OpTypeStruct) {
			return bad("the result type must be a struct")
		}
		if len(ms) != 2 {
			return bad("the result struct must have two members")
		}
		m0 := ms[0].ID()
		if op == spv.OpSMulExtended {
			if !c.isIntScalarOrVector(m0) {
				return bad("the result struct's members must be integer scalars or vectors")
			}
		} else if !c.isUnsignedIntScalarOrVector(m0) {
			return bad("the result struct's members must be unsigned integer scalars or vectors")
		}
		if m0 != ms[1].ID() {
			return bad("the result struct's members must have the same type")
		}
		if c.operandType(in, 0) != m0 || c.operandType(in, 1) != m0 {
			return bad("both operands must have the result members' type")
		}
	}
	return nil
}

func (c *checker) checkBitwise(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	rt := in.Type
	op := in.Op
	bad := func(format string, args ...any) error {
		return c.errorf(RuleBitwise, in, "%s: "+format, append([]any{op}, args...)...)
	}
	baseType := func(t ID) error {
		if !c.isIntScalarOrVector(t) {
			return bad("the base must be an integer scalar or vector (VUID-StandaloneSpirv-Base-04781)")
		}
		if c.vulkan && c.bitWidth(t) != 32 {
			return bad("the base must be a 32-bit integer (VUID-StandaloneSpirv-Base-04781)")
		}
		if t != rt && op != spv.OpBitCount {
			return bad("the base type must be the result type")
		}
		return nil
	}
	switch op {
	case spv.OpShiftRightLogical, spv.OpShiftRightArithmetic, spv.OpShiftLeftLogical:
		if !c.isIntScalarOrVector(rt) {
			return bad("the result type must be an integer scalar or vector")
		}
		dim := c.dimension(rt)
		base, shift := c.operandType(in, 0), c.operandType(in, 1)
		if base == 0 || !c.isIntScalarOrVector(base) {
			return bad("the base must be an integer scalar or vector")
		}
		if c.dimension(base) != dim {
			return bad("the base must have the result's dimension")
		}
		if c.bitWidth(base) != c.bitWidth(rt) {
			return bad("the base must have the result's bit width")
		}
		if shift == 0 || !c.isIntScalarOrVector(shift) {
			return bad("the shift must be an integer scalar or vector")
		}
		if c.dimension(shift) != dim {
			return bad("the shift must have the result's dimension")
		}
	case spv.OpBitwiseOr, spv.OpBitwiseXor, spv.OpBitwiseAnd, spv.OpNot:
		if !c.isIntScalarOrVector(rt) {
			return bad("the result type must be an integer scalar or vector")
		}
		dim, w := c.dimension(rt), c.bitWidth(rt)
		for i := range in.Operands {
			t := c.operandType(in, i)
			if t == 0 || !c.isIntScalarOrVector(t) {
				return bad("operand %d must be an integer scalar or vector", i)
			}
			if c.dimension(t) != dim {
				return bad("operand %d must have the result's dimension", i)
			}
			if c.bitWidth(t) != w {
				return bad("operand %d must have the result's bit width", i)
			}
		}
	case spv.OpBitFieldInsert:
		if err := baseType(c.operandType(in, 0)); err != nil {
			return err
		}
		if c.operandType(in, 1) != rt {
			return bad("the insert must have the result type")
		}
		if !c.isIntScalar(c.operandType(in, 2)) || !c.isIntScalar(c.operandType(in, 3)) {
			return bad("the offset and count must be integer scalars")
		}
	case spv.OpBitFieldSExtract, spv.OpBitFieldUExtract:
		if err := baseType(c.operandType(in, 0)); err != nil {
			return err
		}
		if !c.isIntScalar(c.operandType(in, 1)) || !c.isIntScalar(c.operandType(in, 2)) {
			return bad("the offset and count must be integer scalars")
		}
	case spv.OpBitReverse:
		return baseType(c.operandType(in, 0))
	case spv.OpBitCount:
		if !c.isIntScalarOrVector(rt) {
			return bad("the result type must be an integer scalar or vector")
		}
		base := c.operandType(in, 0)
		if err := baseType(base); err != nil {
			return err
		}
		if c.dimension(base) != c.dimension(rt) {
			return bad("the base must have the result's dimension")
		}
	}
	return nil
}

func (c *checker) checkLogical(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	rt := in.Type
	op := in.Op
	bad := func(format string, args ...any) error {
		return c.errorf(RuleLogical, in, "%s: "+format, append([]any{op}, args...)...)
	}
	switch op {
	case spv.OpAny, spv.OpAll:
		if !c.isBoolScalar(rt) {
			return bad("the result type must be a bool scalar")
		}
		if t := c.operandType(in, 0); t == 0 || !c.isBoolVector(t) {
			return bad("the operand must be a bool vector")
		}
	case spv.OpIsNan, spv.OpIsInf, spv.OpIsFinite, spv.OpIsNormal, spv.OpSignBitSet:
		if !c.isBoolScalarOrVector(rt) {
			return bad("the result type must be a bool scalar or vector")
		}
		t := c.operandType(in, 0)
		if t == 0 || !c.isFloatScalarOrVector(t) {
			return bad("the operand must be a float scalar or vector")
		}
		if c.dimension(rt) != c.dimension(t) {
			return bad("the operand must have the result's size")
		}
	case spv.OpFOrdEqual, spv.OpFUnordEqual, spv.OpFOrdNotEqual, spv.OpFUnordNotEqual, spv.OpFOrdLessThan,
		spv.OpFUnordLessThan, spv.OpFOrdGreaterThan, spv.OpFUnordGreaterThan, spv.OpFOrdLessThanEqual,
		spv.OpFUnordLessThanEqual, spv.OpFOrdGreaterThanEqual, spv.OpFUnordGreaterThanEqual,
		spv.OpLessOrGreater, spv.OpOrdered, spv.OpUnordered:
		if !c.isBoolScalarOrVector(rt) {
			return bad("the result type must be a bool scalar or vector")
		}
		lt := c.operandType(in, 0)
		if lt == 0 || !c.isFloatScalarOrVector(lt) {
			return bad("the operands must be float scalars or vectors")
		}
		if c.dimension(rt) != c.dimension(lt) {
			return bad("the operands must have the result's size")
		}
		if lt != c.operandType(in, 1) {
			return bad("the operands must have the same type")
		}
	case spv.OpLogicalEqual, spv.OpLogicalNotEqual, spv.OpLogicalOr, spv.OpLogicalAnd:
		if !c.isBoolScalarOrVector(rt) {
			return bad("the result type must be a bool scalar or vector")
		}
		if c.operandType(in, 0) != rt || c.operandType(in, 1) != rt {
			return bad("both operands must have the result type")
		}
	case spv.OpLogicalNot:
		if !c.isBoolScalarOrVector(rt) {
			return bad("the result type must be a bool scalar or vector")
		}
		if c.operandType(in, 0) != rt {
			return bad("the operand must have the result type")
		}
	case spv.OpSelect:
		return c.checkSelect(in)
	case spv.OpIEqual, spv.OpINotEqual, spv.OpUGreaterThan, spv.OpUGreaterThanEqual, spv.OpULessThan,
		spv.OpULessThanEqual, spv.OpSGreaterThan, spv.OpSGreaterThanEqual, spv.OpSLessThan, spv.OpSLessThanEqual:
		if !c.isBoolScalarOrVector(rt) {
			return bad("the result type must be a bool scalar or vector")
		}
		lt, rgt := c.operandType(in, 0), c.operandType(in, 1)
		if lt == 0 || !c.isIntScalarOrVector(lt) {
			return bad("the operands must be integer scalars or vectors")
		}
		if c.dimension(rt) != c.dimension(lt) {
			return bad("the operands must have the result's size")
		}
		if rgt == 0 || !c.isIntScalarOrVector(rgt) {
			return bad("the operands must be integer scalars or vectors")
		}
		if c.dimension(rt) != c.dimension(rgt) {
			return bad("the operands must have the result's size")
		}
		if c.bitWidth(lt) != c.bitWidth(rgt) {
			return bad("the operands must have the same bit width")
		}
	}
	return nil
}

func (c *checker) checkSelect(in *builder.Inst) error {
	rt := in.Type
	bad := func(format string, args ...any) error { return c.errorf(RuleLogical, in, "OpSelect: "+format, args...) }
	t := c.def(rt)
	if t == nil {
		return bad("the result type is not defined")
	}
	composites := c.feat.selectBetweenComposites
	dim := uint32(1)
	switch t.Op {
	case spv.OpTypePointer:
		if c.addressing == spv.AddressingModelLogical && !c.feat.variablePointers {
			return bad("selecting pointers needs VariablePointers or VariablePointersStorageBuffer")
		}
	case spv.OpTypeSampledImage, spv.OpTypeImage, spv.OpTypeSampler:
		if !c.hasCap(spv.CapabilityBindlessTextureNV) {
			return bad("selecting images or samplers needs BindlessTextureNV")
		}
	case spv.OpTypeVector:
		dim = opWord(t, 1)
	case spv.OpTypeBool, spv.OpTypeInt, spv.OpTypeFloat:
	case spv.OpTypeArray, spv.OpTypeMatrix, spv.OpTypeStruct:
		if !composites {
			return bad("the result type must be a scalar or vector before SPIR-V 1.4")
		}
	default:
		return bad("the result type must be a scalar or a composite")
	}
	cond := c.operandType(in, 0)
	if cond == 0 || !c.isBoolScalarOrVector(cond) {
		return bad("the condition must be a bool scalar or vector")
	}
	if c.dimension(cond) != dim && (!composites || c.isBoolVector(cond)) {
		return bad("the condition must have the result's size")
	}
	if c.operandType(in, 1) != rt || c.operandType(in, 2) != rt {
		return bad("both objects must have the result type")
	}
	return nil
}

func (c *checker) checkConversion(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	rt := in.Type
	op := in.Op
	bad := func(format string, args ...any) error {
		return c.errorf(RuleConversion, in, "%s: "+format, append([]any{op}, args...)...)
	}
	input := c.operandType(in, 0)
	sameDim := func() error {
		if c.isCoopMatrix(rt) || c.isCoopMatrix(input) {
			return nil
		}
		if c.dimension(rt) != c.dimension(input) {
			return bad("the input must have the result's dimension")
		}
		return nil
	}
	switch op {
	case spv.OpConvertFToU, spv.OpConvertFToS:
		if op == spv.OpConvertFToU && !c.isUnsignedIntScalarOrVector(rt) && !c.coopMatrixOf(rt, c.isUnsignedIntScalar) {
			return bad("the result type must be an unsigned integer scalar or vector")
		}
		if op == spv.OpConvertFToS && !c.isIntScalarOrVector(rt) && !c.coopMatrixOf(rt, c.isIntScalar) {
			return bad("the result type must be an integer scalar or vector")
		}
		if input == 0 || (!c.isFloatScalarOrVector(input) && !c.coopMatrixOf(input, c.isFloatScalar)) {
			return bad("the input must be a float scalar or vector")
		}
		if err := sameDim(); err != nil {
			return err
		}
	case spv.OpConvertSToF, spv.OpConvertUToF:
		if !c.isFloatScalarOrVector(rt) && !c.coopMatrixOf(rt, c.isFloatScalar) {
			return bad("the result type must be a float scalar or vector")
		}
		if input == 0 || (!c.isIntScalarOrVector(input) && !c.coopMatrixOf(input, c.isIntScalar)) {
			return bad("the input must be an integer scalar or vector")
		}
		if err := sameDim(); err != nil {
			return err
		}
	case spv.OpUConvert, spv.OpSConvert, spv.OpFConvert:
		var resOK, inOK bool
		switch op {
		case spv.OpUConvert:
			resOK = c.isUnsignedIntScalarOrVector(rt) || c.coopMatrixOf(rt, c.isUnsignedIntScalar)
			inOK = c.isIntScalarOrVector(input) || c.coopMatrixOf(input, c.isIntScalar)
		case spv.OpSConvert:
			resOK = c.isIntScalarOrVector(rt) || c.coopMatrixOf(rt, c.isIntScalar)
			inOK = c.isIntScalarOrVector(input) || c.coopMatrixOf(input, c.isIntScalar)
		default:
			resOK = c.isFloatScalarOrVector(rt) || c.coopMatrixOf(rt, c.isFloatScalar)
			inOK = c.isFloatScalarOrVector(input) || c.coopMatrixOf(input, c.isFloatScalar)
		}
		if !resOK {
			return bad("invalid result type")
		}
		if input == 0 || !inOK {
			return bad("invalid input type")
		}
		if err := sameDim(); err != nil {
			return err
		}
		if c.bitWidth(rt) == c.bitWidth(input) {
			return bad("the input must have a different bit width than the result")
		}
	case spv.OpQuantizeToF16:
		if !c.isFloatScalarOrVector(rt) || c.bitWidth(rt) != 32 {
			return bad("the result type must be a 32-bit float scalar or vector")
		}
		if input != rt {
			return bad("the input must have the result type")
		}
	case spv.OpConvertPtrToU:
		if !c.isUnsignedIntScalar(rt) {
			return bad("the result type must be an unsigned integer scalar")
		}
		if !c.isPointer(input) {
			return bad("the input must be a pointer")
		}
		if c.addressing == spv.AddressingModelLogical {
			return bad("not allowed under logical addressing")
		}
		if c.addressing == spv.AddressingModelPhysicalStorageBuffer64 {
			if _, sc, _ := c.pointerInfo(input); sc != spv.StorageClassPhysicalStorageBuffer {
				return bad("the pointer must be PhysicalStorageBuffer")
			}
			if c.vulkan && c.bitWidth(rt) != 64 {
				return bad("the result must be a 64-bit integer (VUID-StandaloneSpirv-PhysicalStorageBuffer64-04710)")
			}
		}
	case spv.OpSatConvertSToU, spv.OpSatConvertUToS:
		if !c.isIntScalarOrVector(rt) {
			return bad("the result type must be an integer scalar or vector")
		}
		if input == 0 || !c.isIntScalarOrVector(input) {
			return bad("the input must be an integer scalar or vector")
		}
		if c.dimension(rt) != c.dimension(input) {
			return bad("the input must have the result's dimension")
		}
	case spv.OpConvertUToPtr:
		if !c.isPointer(rt) {
			return bad("the result type must be a pointer")
		}
		if input == 0 || !c.isIntScalar(input) {
			return bad("the input must be an integer scalar")
		}
		if c.addressing == spv.AddressingModelLogical {
			return bad("not allowed under logical addressing")
		}
		if c.addressing == spv.AddressingModelPhysicalStorageBuffer64 {
			if _, sc, _ := c.pointerInfo(rt); sc != spv.StorageClassPhysicalStorageBuffer {
				return bad("the pointer must be PhysicalStorageBuffer")
			}
			if c.vulkan && c.bitWidth(input) != 64 {
				return bad("the input must be a 64-bit integer (VUID-StandaloneSpirv-PhysicalStorageBuffer64-04710)")
			}
		}
	case spv.OpPtrCastToGeneric, spv.OpGenericCastToPtr, spv.OpGenericCastToPtrExplicit:
		rp, rsc, ok := c.pointerInfo(rt)
		if !ok {
			return bad("the result type must be a pointer")
		}
		ip, isc, ok2 := c.pointerInfo(input)
		wcf := func(s spv.StorageClass) bool {
			return s == spv.StorageClassWorkgroup || s == spv.StorageClassCrossWorkgroup || s == spv.StorageClassFunction
		}
		switch op {
		case spv.OpPtrCastToGeneric:
			if rsc != spv.StorageClassGeneric {
				return bad("the result must be a Generic pointer")
			}
			if !ok2 {
				return bad("the input must be a pointer")
			}
			if !wcf(isc) {
				return bad("the input must be Workgroup, CrossWorkgroup or Function")
			}
		case spv.OpGenericCastToPtr:
			if !wcf(rsc) {
				return bad("the result must be Workgroup, CrossWorkgroup or Function")
			}
			if !ok2 {
				return bad("the input must be a pointer")
			}
			if isc != spv.StorageClassGeneric {
				return bad("the input must be a Generic pointer")
			}
		default:
			if rsc != spv.StorageClass(opWord(in, 1)) {
				return bad("the result must be of the target storage class")
			}
			if !ok2 {
				return bad("the input must be a pointer")
			}
			if isc != spv.StorageClassGeneric {
				return bad("the input must be a Generic pointer")
			}
		}
		if rp != ip {
			return bad("the input and the result must point to the same type")
		}
		if op == spv.OpGenericCastToPtrExplicit && !wcf(spv.StorageClass(opWord(in, 1))) {
			return bad("the target storage class must be Workgroup, CrossWorkgroup or Function")
		}
	case spv.OpBitcast:
		if input == 0 {
			return bad("the input has no type")
		}
		resPtr, resInt := c.isPointer(rt), c.isIntScalar(rt)
		inPtr, inInt := c.isPointer(input), c.isIntScalar(input)
		if !resPtr && !resInt && !c.isIntVector(rt) && !c.isFloatScalarOrVector(rt) {
			return bad("the result type must be a pointer or an integer or float scalar or vector")
		}
		if !inPtr && !inInt && !c.isIntVector(input) && !c.isFloatScalarOrVector(input) {
			return bad("the input must be a pointer or an integer or float scalar or vector")
		}
		if c.version >= spv.Version1_5 || c.hasExt("SPV_KHR_physical_storage_buffer") {
			if resPtr && !inPtr && !inInt && !(c.isIntVector(input) && c.containsSized(input, spv.OpTypeInt, 32)) {
				return bad("a pointer result needs a pointer, integer scalar or 32-bit integer vector input")
			}
			if inPtr && !resPtr && !resInt && !(c.isIntVector(rt) && c.containsSized(rt, spv.OpTypeInt, 32)) {
				return bad("a pointer converts only to a pointer, integer scalar or 32-bit integer vector")
			}
		} else {
			if resPtr && !inPtr && !inInt {
				return bad("a pointer result needs a pointer or integer scalar input")
			}
			if inPtr && !resPtr && !resInt {
				return bad("a pointer converts only to a pointer or integer scalar")
			}
		}
		if !resPtr && !inPtr && c.bitWidth(rt)*c.dimension(rt) != c.bitWidth(input)*c.dimension(input) {
			return bad("the input must have the result's total bit width")
		}
	case spv.OpConvertUToAccelerationStructureKHR:
		if !c.isType(rt, spv.OpTypeAccelerationStructureKHR) {
			return bad("the result type must be an acceleration structure")
		}
		if input == 0 || !c.isUnsigned64BitHandle(input) {
			return bad("the input must be a 64-bit unsigned integer or a vector of two 32-bit ones")
		}
	}
	if c.hasCap(spv.CapabilityShader) {
		switch op {
		case spv.OpConvertFToU, spv.OpConvertFToS, spv.OpConvertSToF, spv.OpConvertUToF, spv.OpBitcast:
			if c.limitedUseType(rt) || c.limitedUseType(input) {
				return bad("8- or 16-bit types can only be used with width-only conversions")
			}
		}
	}
	return nil
}
