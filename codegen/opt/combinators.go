package opt

import (
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Instruction classes spirv-opt's passes agree on: which instructions are
// combinators (their result depends on their operands only and they have
// no side effect, so an unused one can go), which are branches, which read
// memory. The tables follow spirv-opt's IRContext combinator sets for the
// Shader capability and GLSL.std.450.

// isCombinator reports whether in is a combinator: pure, deletable when
// its result is unused.
func (c *Context) isCombinator(in *builder.Inst) bool {
	if in.Op == spv.OpExtInst {
		return c.extSetName(in.Operands[0].ID()) == "GLSL.std.450" && glslCombinator(in.Operands[1].Word)
	}
	return combinatorOps.has(in.Op)
}

// glslCombinator reports whether the GLSL.std.450 instruction is pure:
// every one except Modf and Frexp, which write through a pointer.
func glslCombinator(n uint32) bool {
	return n >= spv.GLSLstd450Round && n <= spv.GLSLstd450NClamp && n != spv.GLSLstd450Modf && n != spv.GLSLstd450Frexp
}

// safeToDelete reports whether an unused in may be deleted: combinators,
// derivatives (whose only effect is on helper invocations' values), and
// the NonSemantic.Shader.DebugInfo.100 DebugDeclare and DebugValue.
func (c *Context) safeToDelete(in *builder.Inst) bool {
	if c.isCombinator(in) {
		return true
	}
	switch in.Op {
	case spv.OpDPdx, spv.OpDPdy, spv.OpFwidth, spv.OpDPdxFine, spv.OpDPdyFine, spv.OpFwidthFine,
		spv.OpDPdxCoarse, spv.OpDPdyCoarse, spv.OpFwidthCoarse, spv.OpImageQueryLod:
		return true
	case spv.OpExtInst:
		n := c.shaderDebugOp(in)
		return n == spv.NonSemanticShaderDebugInfo100DebugDeclare || n == spv.NonSemanticShaderDebugInfo100DebugValue
	}
	return false
}

// isBranchOp reports whether op is a branch (not a return or kill).
func isBranchOp(op spv.Op) bool {
	return op == spv.OpBranch || op == spv.OpBranchConditional || op == spv.OpSwitch
}

// extSetName returns the name of the extended instruction set imported as
// id ("" if id is not an OpExtInstImport).
func (c *Context) extSetName(id builder.ID) string {
	if d := c.Def(id); d != nil && d.Op == spv.OpExtInstImport && len(d.Operands) > 0 {
		return d.Operands[0].Str()
	}
	return ""
}

// Debug-info sets.
const (
	shaderDebugInfoPrefix = "NonSemantic.Shader.DebugInfo."
	openCLDebugInfo       = "OpenCL.DebugInfo.100"
)

// noDebugOp is what shaderDebugOp and debugOp answer for an instruction of
// no debug-info set.
const noDebugOp = ^uint32(0)

// shaderDebugOp returns the instruction number of an OpExtInst of
// NonSemantic.Shader.DebugInfo (any version), noDebugOp otherwise.
func (c *Context) shaderDebugOp(in *builder.Inst) uint32 {
	if in.Op != spv.OpExtInst || len(in.Operands) < 2 || !strings.HasPrefix(c.extSetName(in.Operands[0].ID()), shaderDebugInfoPrefix) {
		return noDebugOp
	}
	return in.Operands[1].Word
}

// debugOp returns the instruction number of an OpExtInst of either
// debug-info set (OpenCL.DebugInfo.100 or NonSemantic.Shader.DebugInfo,
// which number their common instructions alike), noDebugOp otherwise.
func (c *Context) debugOp(in *builder.Inst) uint32 {
	if in.Op != spv.OpExtInst || len(in.Operands) < 2 {
		return noDebugOp
	}
	if name := c.extSetName(in.Operands[0].ID()); name == openCLDebugInfo || strings.HasPrefix(name, shaderDebugInfoPrefix) {
		return in.Operands[1].Word
	}
	return noDebugOp
}

// combinatorOps are the core opcodes spirv-opt treats as combinators in
// shaders.
var combinatorOps = newOpSet(
	spv.OpNop, spv.OpUndef, spv.OpConstant, spv.OpConstantTrue, spv.OpConstantFalse,
	spv.OpConstantComposite, spv.OpConstantSampler, spv.OpConstantNull,
	spv.OpTypeVoid, spv.OpTypeBool, spv.OpTypeInt, spv.OpTypeFloat, spv.OpTypeVector, spv.OpTypeMatrix,
	spv.OpTypeImage, spv.OpTypeSampler, spv.OpTypeSampledImage, spv.OpTypeAccelerationStructureKHR,
	spv.OpTypeRayQueryKHR, spv.OpTypeHitObjectNV, spv.OpTypeHitObjectEXT, spv.OpTypeArray,
	spv.OpTypeRuntimeArray, spv.OpTypeNodePayloadArrayAMDX, spv.OpTypeStruct, spv.OpTypeOpaque,
	spv.OpTypePointer, spv.OpTypeUntypedPointerKHR, spv.OpTypeFunction, spv.OpTypeEvent,
	spv.OpTypeDeviceEvent, spv.OpTypeReserveId, spv.OpTypeQueue, spv.OpTypePipe, spv.OpTypeForwardPointer,
	spv.OpVariable, spv.OpUntypedVariableKHR, spv.OpImageTexelPointer, spv.OpLoad, spv.OpAccessChain,
	spv.OpInBoundsAccessChain, spv.OpUntypedAccessChainKHR, spv.OpArrayLength, spv.OpVectorExtractDynamic,
	spv.OpVectorInsertDynamic, spv.OpVectorShuffle, spv.OpCompositeConstruct, spv.OpCompositeExtract,
	spv.OpCompositeInsert, spv.OpCopyLogical, spv.OpCopyObject, spv.OpTranspose, spv.OpSampledImage,
	spv.OpImageSampleImplicitLod, spv.OpImageSampleExplicitLod, spv.OpImageSampleDrefImplicitLod,
	spv.OpImageSampleDrefExplicitLod, spv.OpImageSampleProjImplicitLod, spv.OpImageSampleProjExplicitLod,
	spv.OpImageSampleProjDrefImplicitLod, spv.OpImageSampleProjDrefExplicitLod, spv.OpImageFetch,
	spv.OpImageGather, spv.OpImageDrefGather, spv.OpImageRead, spv.OpImage, spv.OpImageQueryFormat,
	spv.OpImageQueryOrder, spv.OpImageQuerySizeLod, spv.OpImageQuerySize, spv.OpImageQueryLevels,
	spv.OpImageQuerySamples, spv.OpConvertFToU, spv.OpConvertFToS, spv.OpConvertSToF, spv.OpConvertUToF,
	spv.OpUConvert, spv.OpSConvert, spv.OpFConvert, spv.OpQuantizeToF16, spv.OpBitcast, spv.OpSNegate,
	spv.OpFNegate, spv.OpIAdd, spv.OpFAdd, spv.OpISub, spv.OpFSub, spv.OpIMul, spv.OpFMul, spv.OpUDiv,
	spv.OpSDiv, spv.OpFDiv, spv.OpUMod, spv.OpSRem, spv.OpSMod, spv.OpFRem, spv.OpFMod,
	spv.OpVectorTimesScalar, spv.OpMatrixTimesScalar, spv.OpVectorTimesMatrix, spv.OpMatrixTimesVector,
	spv.OpMatrixTimesMatrix, spv.OpOuterProduct, spv.OpDot, spv.OpIAddCarry, spv.OpISubBorrow,
	spv.OpUMulExtended, spv.OpSMulExtended, spv.OpAny, spv.OpAll, spv.OpIsNan, spv.OpIsInf,
	spv.OpLogicalEqual, spv.OpLogicalNotEqual, spv.OpLogicalOr, spv.OpLogicalAnd, spv.OpLogicalNot,
	spv.OpSelect, spv.OpIEqual, spv.OpINotEqual, spv.OpUGreaterThan, spv.OpSGreaterThan,
	spv.OpUGreaterThanEqual, spv.OpSGreaterThanEqual, spv.OpULessThan, spv.OpSLessThan,
	spv.OpULessThanEqual, spv.OpSLessThanEqual, spv.OpFOrdEqual, spv.OpFUnordEqual, spv.OpFOrdNotEqual,
	spv.OpFUnordNotEqual, spv.OpFOrdLessThan, spv.OpFUnordLessThan, spv.OpFOrdGreaterThan,
	spv.OpFUnordGreaterThan, spv.OpFOrdLessThanEqual, spv.OpFUnordLessThanEqual,
	spv.OpFOrdGreaterThanEqual, spv.OpFUnordGreaterThanEqual, spv.OpShiftRightLogical,
	spv.OpShiftRightArithmetic, spv.OpShiftLeftLogical, spv.OpBitwiseOr, spv.OpBitwiseXor,
	spv.OpBitwiseAnd, spv.OpNot, spv.OpBitFieldInsert, spv.OpBitFieldSExtract, spv.OpBitFieldUExtract,
	spv.OpBitReverse, spv.OpBitCount, spv.OpPhi, spv.OpImageSparseSampleImplicitLod,
	spv.OpImageSparseSampleExplicitLod, spv.OpImageSparseSampleDrefImplicitLod,
	spv.OpImageSparseSampleDrefExplicitLod, spv.OpImageSparseSampleProjImplicitLod,
	spv.OpImageSparseSampleProjExplicitLod, spv.OpImageSparseSampleProjDrefImplicitLod,
	spv.OpImageSparseSampleProjDrefExplicitLod, spv.OpImageSparseFetch, spv.OpImageSparseGather,
	spv.OpImageSparseDrefGather, spv.OpImageSparseTexelsResident, spv.OpImageSparseRead, spv.OpSizeOf,
)

// An opSet is a set of opcodes, a bit per opcode: the passes ask about
// every instruction they walk, and an index beats hashing. The sets are
// package variables, built when the process starts: a set of extension
// opcodes (numbered up to about 6,000) takes under 800 bytes as bits, where
// a table of bools grown an opcode at a time took 6 KB and a dozen
// allocations.
type opSet []uint64

func newOpSet(ops ...spv.Op) opSet {
	top := spv.Op(0)
	for _, op := range ops {
		top = max(top, op)
	}
	s := make(opSet, int(top)/64+1)
	for _, op := range ops {
		s[op/64] |= 1 << (op % 64)
	}
	return s
}

func (s opSet) has(op spv.Op) bool { return int(op/64) < len(s) && s[op/64]&(1<<(op%64)) != 0 }
