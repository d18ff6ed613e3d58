package validate

import (
	"math/bits"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Synchronization and the instructions around it (sections 3.42.18 to
// 3.42.21, 3.42.24): scopes and memory semantics, barriers, atomics,
// geometry primitives, derivatives and non-uniform group operations, with
// the Vulkan rules on which scopes and semantics each execution model
// allows.

func validScope(s spv.Scope) bool {
	switch s {
	case spv.ScopeCrossDevice, spv.ScopeDevice, spv.ScopeWorkgroup, spv.ScopeSubgroup, spv.ScopeInvocation,
		spv.ScopeQueueFamily, spv.ScopeShaderCallKHR:
		return true
	}
	return false
}

// checkScope checks a scope operand: a 32-bit integer constant (in shaders)
// of a valid scope.
func (c *checker) checkScope(in *builder.Inst, id ID) error {
	is32, isConst, v := c.evalInt32(id)
	if !is32 {
		return c.errorf(RuleBarrier, in, "%s: the scope must be a 32-bit integer", in.Op)
	}
	if !isConst {
		if c.hasCap(spv.CapabilityShader) && !c.hasCap(spv.CapabilityCooperativeMatrixNV) {
			return c.errorf(RuleBarrier, in, "%s: scopes must be OpConstant with the Shader capability", in.Op)
		}
		if c.hasCap(spv.CapabilityShader) && c.hasCap(spv.CapabilityCooperativeMatrixNV) && !isConstantOp(c.opOf(id)) {
			return c.errorf(RuleBarrier, in, "%s: scopes must be constants", in.Op)
		}
	}
	if isConst && !validScope(spv.Scope(v)) {
		return c.errorf(RuleBarrier, in, "%s: invalid scope value %d", in.Op, v)
	}
	return nil
}

func isNonUniformGroupOp(op spv.Op) bool {
	switch op {
	case spv.OpGroupNonUniformElect, spv.OpGroupNonUniformAll, spv.OpGroupNonUniformAny,
		spv.OpGroupNonUniformAllEqual, spv.OpGroupNonUniformBroadcast, spv.OpGroupNonUniformBroadcastFirst,
		spv.OpGroupNonUniformBallot, spv.OpGroupNonUniformInverseBallot, spv.OpGroupNonUniformBallotBitExtract,
		spv.OpGroupNonUniformBallotBitCount, spv.OpGroupNonUniformBallotFindLSB,
		spv.OpGroupNonUniformBallotFindMSB, spv.OpGroupNonUniformShuffle, spv.OpGroupNonUniformShuffleXor,
		spv.OpGroupNonUniformShuffleUp, spv.OpGroupNonUniformShuffleDown, spv.OpGroupNonUniformIAdd,
		spv.OpGroupNonUniformFAdd, spv.OpGroupNonUniformIMul, spv.OpGroupNonUniformFMul,
		spv.OpGroupNonUniformSMin, spv.OpGroupNonUniformUMin, spv.OpGroupNonUniformFMin,
		spv.OpGroupNonUniformSMax, spv.OpGroupNonUniformUMax, spv.OpGroupNonUniformFMax,
		spv.OpGroupNonUniformBitwiseAnd, spv.OpGroupNonUniformBitwiseOr, spv.OpGroupNonUniformBitwiseXor,
		spv.OpGroupNonUniformLogicalAnd, spv.OpGroupNonUniformLogicalOr, spv.OpGroupNonUniformLogicalXor,
		spv.OpGroupNonUniformQuadBroadcast, spv.OpGroupNonUniformQuadSwap, spv.OpGroupNonUniformRotateKHR:
		return true
	}
	return false
}

// executionScope checks an execution scope operand.
func (c *checker) executionScope(in *builder.Inst, id ID) error {
	if err := c.checkScope(in, id); err != nil {
		return err
	}
	_, isConst, v := c.evalInt32(id)
	if !isConst {
		return nil
	}
	s := spv.Scope(v)
	fn := c.funcOfInst(in)
	if c.vulkan {
		if c.env != EnvVulkan1_0 && isNonUniformGroupOp(in.Op) && s != spv.ScopeSubgroup {
			return c.errorf(RuleBarrier, in, "%s: in Vulkan the execution scope must be Subgroup (VUID-StandaloneSpirv-None-04642)", in.Op)
		}
		if in.Op == spv.OpControlBarrier && s != spv.ScopeSubgroup {
			c.limit(fn, in, RuleBarrier, func(ep *entryPoint) string {
				switch ep.model {
				case spv.ExecutionModelFragment, spv.ExecutionModelVertex, spv.ExecutionModelGeometry,
					spv.ExecutionModelTessellationEvaluation, spv.ExecutionModelRayGenerationKHR,
					spv.ExecutionModelIntersectionKHR, spv.ExecutionModelAnyHitKHR, spv.ExecutionModelClosestHitKHR,
					spv.ExecutionModelMissKHR:
					return "OpControlBarrier's execution scope must be Subgroup in this execution model (VUID-StandaloneSpirv-None-04682)"
				}
				return ""
			})
		}
		if s == spv.ScopeWorkgroup {
			c.limitModel(fn, in, RuleBarrier, "the Workgroup execution scope is only for compute, mesh, task and tessellation control shaders (VUID-StandaloneSpirv-None-04637)",
				spv.ExecutionModelTaskNV, spv.ExecutionModelMeshNV, spv.ExecutionModelTaskEXT, spv.ExecutionModelMeshEXT,
				spv.ExecutionModelTessellationControl, spv.ExecutionModelGLCompute)
		}
		if s != spv.ScopeWorkgroup && s != spv.ScopeSubgroup {
			return c.errorf(RuleBarrier, in, "%s: in Vulkan the execution scope must be Workgroup or Subgroup (VUID-StandaloneSpirv-None-04636)", in.Op)
		}
	}
	if isNonUniformGroupOp(in.Op) && s != spv.ScopeSubgroup && s != spv.ScopeWorkgroup {
		return c.errorf(RuleBarrier, in, "%s: the execution scope must be Subgroup or Workgroup", in.Op)
	}
	return nil
}

// memoryScope checks a memory scope operand.
func (c *checker) memoryScope(in *builder.Inst, id ID) error {
	if err := c.checkScope(in, id); err != nil {
		return err
	}
	_, isConst, v := c.evalInt32(id)
	if !isConst {
		return nil
	}
	s := spv.Scope(v)
	fn := c.funcOfInst(in)
	if s == spv.ScopeQueueFamily {
		if c.hasCap(spv.CapabilityVulkanMemoryModel) {
			return nil
		}
		return c.errorf(RuleBarrier, in, "%s: the QueueFamily memory scope needs the VulkanMemoryModel capability", in.Op)
	}
	if s == spv.ScopeDevice && c.hasCap(spv.CapabilityVulkanMemoryModel) && !c.hasCap(spv.CapabilityVulkanMemoryModelDeviceScope) {
		return c.errorf(RuleBarrier, in, "%s: the Device scope with the Vulkan memory model needs VulkanMemoryModelDeviceScope", in.Op)
	}
	if !c.vulkan {
		return nil
	}
	switch s {
	case spv.ScopeDevice, spv.ScopeWorkgroup, spv.ScopeSubgroup, spv.ScopeInvocation, spv.ScopeShaderCallKHR, spv.ScopeQueueFamily:
	default:
		return c.errorf(RuleBarrier, in, "%s: in Vulkan the memory scope must be Device, QueueFamily, Workgroup, ShaderCallKHR, Subgroup or Invocation (VUID-StandaloneSpirv-None-04638)", in.Op)
	}
	if c.env == EnvVulkan1_0 && s == spv.ScopeSubgroup && !c.hasCap(spv.CapabilitySubgroupBallotKHR) && !c.hasCap(spv.CapabilitySubgroupVoteKHR) {
		return c.errorf(RuleBarrier, in, "%s: in Vulkan 1.0 the Subgroup memory scope needs SubgroupBallotKHR or SubgroupVoteKHR (VUID-StandaloneSpirv-SubgroupVoteKHR-06997)", in.Op)
	}
	if s == spv.ScopeShaderCallKHR {
		c.limitModel(fn, in, RuleBarrier, "the ShaderCallKHR memory scope needs a ray tracing execution model (VUID-StandaloneSpirv-None-04640)",
			spv.ExecutionModelRayGenerationKHR, spv.ExecutionModelIntersectionKHR, spv.ExecutionModelAnyHitKHR,
			spv.ExecutionModelClosestHitKHR, spv.ExecutionModelMissKHR, spv.ExecutionModelCallableKHR)
	}
	if s == spv.ScopeWorkgroup {
		c.limitModel(fn, in, RuleBarrier, "the Workgroup memory scope is only for compute, mesh, task and tessellation control shaders (VUID-StandaloneSpirv-None-07321)",
			spv.ExecutionModelGLCompute, spv.ExecutionModelTessellationControl, spv.ExecutionModelTaskNV,
			spv.ExecutionModelMeshNV, spv.ExecutionModelTaskEXT, spv.ExecutionModelMeshEXT)
		if c.memModel == spv.MemoryModelGLSL450 {
			c.limit(fn, in, RuleBarrier, func(ep *entryPoint) string {
				if ep.model == spv.ExecutionModelTessellationControl {
					return "the Workgroup memory scope cannot be used by tessellation control shaders with the GLSL450 memory model (VUID-StandaloneSpirv-None-07320)"
				}
				return ""
			})
		}
	}
	return nil
}

func isAtomicOp(op spv.Op) bool {
	switch op {
	case spv.OpAtomicLoad, spv.OpAtomicExchange, spv.OpAtomicCompareExchange, spv.OpAtomicCompareExchangeWeak,
		spv.OpAtomicIIncrement, spv.OpAtomicIDecrement, spv.OpAtomicIAdd, spv.OpAtomicFAddEXT, spv.OpAtomicISub,
		spv.OpAtomicSMin, spv.OpAtomicUMin, spv.OpAtomicFMinEXT, spv.OpAtomicSMax, spv.OpAtomicUMax,
		spv.OpAtomicFMaxEXT, spv.OpAtomicAnd, spv.OpAtomicOr, spv.OpAtomicXor, spv.OpAtomicFlagTestAndSet,
		spv.OpAtomicStore, spv.OpAtomicFlagClear:
		return true
	}
	return false
}

// memorySemantics checks the semantics operand id (unequal is set for an
// OpAtomicCompareExchange's Unequal operand).
func (c *checker) memorySemantics(in *builder.Inst, id, memScope ID, unequal bool) error {
	op := in.Op
	bad := func(format string, args ...any) error {
		return c.errorf(RuleBarrier, in, "%s: "+format, append([]any{op}, args...)...)
	}
	is32, isConst, v := c.evalInt32(id)
	if !is32 {
		return bad("the memory semantics must be a 32-bit integer")
	}
	if !isConst {
		if c.hasCap(spv.CapabilityShader) && !c.hasCap(spv.CapabilityCooperativeMatrixNV) {
			return bad("memory semantics must be OpConstant with the Shader capability")
		}
		if c.hasCap(spv.CapabilityShader) && c.hasCap(spv.CapabilityCooperativeMatrixNV) && !isConstantOp(c.opOf(id)) {
			return bad("memory semantics must be a constant")
		}
		return nil
	}
	sem := spv.MemorySemantics(v)
	order := bits.OnesCount32(uint32(sem & (spv.MemorySemanticsAcquire | spv.MemorySemanticsRelease |
		spv.MemorySemanticsAcquireRelease | spv.MemorySemanticsSequentiallyConsistent)))
	if order > 1 {
		return bad("at most one of Acquire, Release, AcquireRelease and SequentiallyConsistent may be set")
	}
	vmm := c.hasCap(spv.CapabilityVulkanMemoryModel)
	switch {
	case c.memModel == spv.MemoryModelVulkan && sem&spv.MemorySemanticsSequentiallyConsistent != 0:
		return bad("SequentiallyConsistent cannot be used with the Vulkan memory model")
	case sem&spv.MemorySemanticsMakeAvailable != 0 && !vmm:
		return bad("MakeAvailable needs the VulkanMemoryModel capability")
	case sem&spv.MemorySemanticsMakeVisible != 0 && !vmm:
		return bad("MakeVisible needs the VulkanMemoryModel capability")
	case sem&spv.MemorySemanticsOutputMemory != 0 && !vmm:
		return bad("OutputMemory needs the VulkanMemoryModel capability")
	}
	if sem&spv.MemorySemanticsVolatile != 0 {
		if !vmm {
			return bad("Volatile needs the VulkanMemoryModel capability")
		}
		if !isAtomicOp(op) {
			return bad("Volatile semantics are only for atomic instructions")
		}
	}
	if sem&spv.MemorySemanticsUniformMemory != 0 && !c.hasCap(spv.CapabilityShader) {
		return bad("UniformMemory needs the Shader capability")
	}
	if sem&(spv.MemorySemanticsMakeAvailable|spv.MemorySemanticsMakeVisible) != 0 &&
		sem&(spv.MemorySemanticsUniformMemory|spv.MemorySemanticsSubgroupMemory|spv.MemorySemanticsWorkgroupMemory|
			spv.MemorySemanticsCrossWorkgroupMemory|spv.MemorySemanticsAtomicCounterMemory|spv.MemorySemanticsImageMemory|
			spv.MemorySemanticsOutputMemory) == 0 {
		return bad("the memory semantics must include a storage class")
	}
	if sem&spv.MemorySemanticsMakeVisible != 0 && sem&(spv.MemorySemanticsAcquire|spv.MemorySemanticsAcquireRelease) == 0 {
		return bad("MakeVisible needs Acquire or AcquireRelease")
	}
	if sem&spv.MemorySemanticsMakeAvailable != 0 && sem&(spv.MemorySemanticsRelease|spv.MemorySemanticsAcquireRelease) == 0 {
		return bad("MakeAvailable needs Release or AcquireRelease")
	}
	if c.vulkan {
		storage := sem&(spv.MemorySemanticsUniformMemory|spv.MemorySemanticsWorkgroupMemory|spv.MemorySemanticsImageMemory|spv.MemorySemanticsOutputMemory) != 0
		if op == spv.OpMemoryBarrier && order == 0 {
			return bad("Vulkan needs one of Acquire, Release, AcquireRelease and SequentiallyConsistent (VUID-StandaloneSpirv-MemorySemantics-04732)")
		} else if op != spv.OpMemoryBarrier && order > 0 {
			if is32, _, mv := c.evalInt32(memScope); is32 && spv.Scope(mv) == spv.ScopeInvocation {
				return bad("with the Invocation memory scope, Vulkan needs None semantics (VUID-StandaloneSpirv-MemorySemantics-04641)")
			}
		}
		if op == spv.OpMemoryBarrier && !storage {
			return bad("the memory semantics must include a storage class Vulkan supports (VUID-StandaloneSpirv-MemorySemantics-04733)")
		}
	}
	if op == spv.OpAtomicFlagClear && sem&(spv.MemorySemanticsAcquire|spv.MemorySemanticsAcquireRelease) != 0 {
		return bad("Acquire and AcquireRelease cannot be used")
	}
	if op == spv.OpAtomicCompareExchange && unequal && sem&(spv.MemorySemanticsRelease|spv.MemorySemanticsAcquireRelease) != 0 {
		return bad("Release and AcquireRelease cannot be used for the Unequal semantics")
	}
	if c.vulkan {
		if op == spv.OpAtomicLoad && sem&(spv.MemorySemanticsRelease|spv.MemorySemanticsAcquireRelease|spv.MemorySemanticsSequentiallyConsistent) != 0 {
			return bad("Vulkan forbids Release, AcquireRelease and SequentiallyConsistent on OpAtomicLoad (VUID-StandaloneSpirv-OpAtomicLoad-04731)")
		}
		if op == spv.OpAtomicStore && sem&(spv.MemorySemanticsAcquire|spv.MemorySemanticsAcquireRelease|spv.MemorySemanticsSequentiallyConsistent) != 0 {
			return bad("Vulkan forbids Acquire, AcquireRelease and SequentiallyConsistent on OpAtomicStore (VUID-StandaloneSpirv-OpAtomicStore-04730)")
		}
	}
	return nil
}

func (c *checker) checkBarrier(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	switch in.Op {
	case spv.OpControlBarrier:
		if c.version < spv.Version1_3 {
			c.limitModel(fn, in, RuleBarrier, "OpControlBarrier needs the TessellationControl, GLCompute, Kernel, MeshNV or TaskNV execution model before SPIR-V 1.3",
				spv.ExecutionModelTessellationControl, spv.ExecutionModelGLCompute, spv.ExecutionModelKernel,
				spv.ExecutionModelTaskNV, spv.ExecutionModelMeshNV)
		}
		if err := c.executionScope(in, opID(in, 0)); err != nil {
			return err
		}
		if err := c.memoryScope(in, opID(in, 1)); err != nil {
			return err
		}
		return c.memorySemantics(in, opID(in, 2), opID(in, 1), false)
	case spv.OpMemoryBarrier:
		if err := c.memoryScope(in, opID(in, 0)); err != nil {
			return err
		}
		return c.memorySemantics(in, opID(in, 1), opID(in, 0), false)
	case spv.OpNamedBarrierInitialize:
		if c.opOf(in.Type) != spv.OpTypeNamedBarrier {
			return c.errorf(RuleBarrier, in, "the result type must be OpTypeNamedBarrier")
		}
		if t := c.operandType(in, 0); !c.isIntScalar(t) || c.bitWidth(t) != 32 {
			return c.errorf(RuleBarrier, in, "the subgroup count must be a 32-bit integer")
		}
	case spv.OpMemoryNamedBarrier:
		if c.opOf(c.operandType(in, 0)) != spv.OpTypeNamedBarrier {
			return c.errorf(RuleBarrier, in, "the named barrier must be of type OpTypeNamedBarrier")
		}
		if err := c.memoryScope(in, opID(in, 1)); err != nil {
			return err
		}
		return c.memorySemantics(in, opID(in, 2), opID(in, 1), false)
	}
	return nil
}

func (c *checker) checkAtomic(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	op := in.Op
	if !isAtomicOp(op) {
		return nil
	}
	bad := func(format string, args ...any) error {
		return c.errorf(RuleAtomic, in, "%s: "+format, append([]any{op}, args...)...)
	}
	rt := in.Type
	hasResult := op != spv.OpAtomicStore && op != spv.OpAtomicFlagClear
	if hasResult {
		switch op {
		case spv.OpAtomicFAddEXT, spv.OpAtomicFMinEXT, spv.OpAtomicFMaxEXT:
			if !c.isFloatScalar(rt) {
				return bad("the result type must be a float scalar")
			}
		case spv.OpAtomicLoad, spv.OpAtomicExchange:
			if !c.isFloatScalar(rt) && !c.isIntScalar(rt) {
				return bad("the result type must be an integer or float scalar")
			}
		case spv.OpAtomicFlagTestAndSet:
			if !c.isBoolScalar(rt) {
				return bad("the result type must be a bool scalar")
			}
		default:
			if !c.isIntScalar(rt) {
				return bad("the result type must be an integer scalar")
			}
		}
	}
	i := 0
	data, sc, ok := c.pointerInfo(c.operandType(in, i))
	i++
	if !ok {
		return bad("the pointer must be a pointer")
	}
	if c.isIntScalar(data) && c.bitWidth(data) == 64 && !c.hasCap(spv.CapabilityInt64Atomics) {
		return bad("64-bit atomics need the Int64Atomics capability")
	}
	switch sc {
	case spv.StorageClassUniform, spv.StorageClassStorageBuffer, spv.StorageClassWorkgroup, spv.StorageClassCrossWorkgroup,
		spv.StorageClassGeneric, spv.StorageClassAtomicCounter, spv.StorageClassImage, spv.StorageClassFunction,
		spv.StorageClassPhysicalStorageBuffer, spv.StorageClassTaskPayloadWorkgroupEXT:
	default:
		return bad("the storage class %s is not allowed for atomics", sc)
	}
	if c.hasCap(spv.CapabilityShader) {
		if c.vulkan {
			switch sc {
			case spv.StorageClassUniform, spv.StorageClassStorageBuffer, spv.StorageClassWorkgroup, spv.StorageClassImage,
				spv.StorageClassPhysicalStorageBuffer, spv.StorageClassTaskPayloadWorkgroupEXT:
			default:
				return bad("Vulkan allows atomics only on Uniform, Workgroup, Image, StorageBuffer, PhysicalStorageBuffer and TaskPayloadWorkgroupEXT (VUID-StandaloneSpirv-None-04686)")
			}
		} else if sc == spv.StorageClassFunction {
			return bad("the Function storage class is not allowed with the Shader capability")
		}
		w := c.bitWidth(rt)
		switch op {
		case spv.OpAtomicFAddEXT:
			if (w == 16 && !c.hasCap(spv.CapabilityAtomicFloat16AddEXT)) || (w == 32 && !c.hasCap(spv.CapabilityAtomicFloat32AddEXT)) ||
				(w == 64 && !c.hasCap(spv.CapabilityAtomicFloat64AddEXT)) {
				return bad("float add atomics need the AtomicFloat%dAddEXT capability", w)
			}
		case spv.OpAtomicFMinEXT, spv.OpAtomicFMaxEXT:
			if (w == 16 && !c.hasCap(spv.CapabilityAtomicFloat16MinMaxEXT)) || (w == 32 && !c.hasCap(spv.CapabilityAtomicFloat32MinMaxEXT)) ||
				(w == 64 && !c.hasCap(spv.CapabilityAtomicFloat64MinMaxEXT)) {
				return bad("float min/max atomics need the AtomicFloat%dMinMaxEXT capability", w)
			}
		}
	}
	switch op {
	case spv.OpAtomicFlagTestAndSet, spv.OpAtomicFlagClear:
		if !c.isIntScalar(data) || c.bitWidth(data) != 32 {
			return bad("the pointer must point to a 32-bit integer")
		}
	case spv.OpAtomicStore:
		if !c.isFloatScalar(data) && !c.isIntScalar(data) {
			return bad("the pointer must point to an integer or float scalar")
		}
	default:
		if data != rt {
			return bad("the pointer must point to the result type")
		}
	}
	memScope := opID(in, i)
	i++
	if err := c.memoryScope(in, memScope); err != nil {
		return err
	}
	eq := opID(in, i)
	i++
	if err := c.memorySemantics(in, eq, memScope, false); err != nil {
		return err
	}
	if op == spv.OpAtomicCompareExchange || op == spv.OpAtomicCompareExchangeWeak {
		uneq := opID(in, i)
		i++
		if err := c.memorySemantics(in, uneq, memScope, true); err != nil {
			return err
		}
		_, c1, v1 := c.evalInt32(eq)
		_, c2, v2 := c.evalInt32(uneq)
		if c1 && c2 && (v1^v2)&uint32(spv.MemorySemanticsVolatile) != 0 {
			return bad("the Volatile bits of the Equal and Unequal semantics must match")
		}
	}
	switch op {
	case spv.OpAtomicStore:
		if c.operandType(in, 3) != data {
			return bad("the value must have the pointee type")
		}
	case spv.OpAtomicLoad, spv.OpAtomicIIncrement, spv.OpAtomicIDecrement, spv.OpAtomicFlagTestAndSet, spv.OpAtomicFlagClear:
	default:
		if c.operandType(in, i) != rt {
			return bad("the value must have the result type")
		}
		i++
	}
	if op == spv.OpAtomicCompareExchange || op == spv.OpAtomicCompareExchangeWeak {
		if c.operandType(in, i) != rt {
			return bad("the comparator must have the result type")
		}
	}
	return nil
}

func (c *checker) checkPrimitive(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	switch in.Op {
	case spv.OpEmitVertex, spv.OpEndPrimitive, spv.OpEmitStreamVertex, spv.OpEndStreamPrimitive:
		c.limitModel(fn, in, RuleMisc, in.Op.String()+" needs the Geometry execution model", spv.ExecutionModelGeometry)
	}
	switch in.Op {
	case spv.OpEmitStreamVertex, spv.OpEndStreamPrimitive:
		if !c.isIntScalar(c.operandType(in, 0)) {
			return c.errorf(RuleMisc, in, "%s: the stream must be an integer scalar", in.Op)
		}
		if !isConstantOp(c.opOf(opID(in, 0))) {
			return c.errorf(RuleMisc, in, "%s: the stream must be a constant", in.Op)
		}
	}
	return nil
}

func (c *checker) checkDerivative(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	switch in.Op {
	case spv.OpDPdx, spv.OpDPdy, spv.OpFwidth, spv.OpDPdxFine, spv.OpDPdyFine, spv.OpFwidthFine,
		spv.OpDPdxCoarse, spv.OpDPdyCoarse, spv.OpFwidthCoarse:
	default:
		return nil
	}
	rt := in.Type
	if !c.isFloatScalarOrVector(rt) {
		return c.errorf(RuleDerivative, in, "%s: the result type must be a float scalar or vector", in.Op)
	}
	if !c.containsSized(rt, spv.OpTypeFloat, 32) {
		return c.errorf(RuleDerivative, in, "%s: the result type's components must be 32 bits wide", in.Op)
	}
	if c.operandType(in, 0) != rt {
		return c.errorf(RuleDerivative, in, "%s: P must have the result type", in.Op)
	}
	c.limitModel(fn, in, RuleDerivative, "derivatives need the Fragment, GLCompute, MeshEXT or TaskEXT execution model", derivativeModels...)
	c.limitDerivativeGroup(fn, in, RuleDerivative, "derivatives in GLCompute, MeshEXT or TaskEXT need the DerivativeGroupQuadsKHR or DerivativeGroupLinearKHR execution mode")
	return nil
}

func (c *checker) checkGroup(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	if !isNonUniformGroupOp(in.Op) {
		return nil
	}
	if err := c.executionScope(in, opID(in, 0)); err != nil {
		return err
	}
	switch in.Op {
	case spv.OpGroupNonUniformBallotBitCount:
		if !c.isUnsignedIntScalar(in.Type) {
			return c.errorf(RuleGroup, in, "the result type must be an unsigned integer scalar")
		}
		vt := c.operandType(in, 2)
		if !c.vectorOf(vt, c.isUnsignedIntScalar) || c.dimension(vt) != 4 {
			return c.errorf(RuleGroup, in, "the value must be a vector of four unsigned integers")
		}
		if g := spv.GroupOperation(opWord(in, 1)); c.vulkan && g != spv.GroupOperationReduce && g != spv.GroupOperationInclusiveScan && g != spv.GroupOperationExclusiveScan {
			return c.errorf(RuleGroup, in, "in Vulkan the group operation must be Reduce, InclusiveScan or ExclusiveScan (VUID-StandaloneSpirv-OpGroupNonUniformBallotBitCount-04685)")
		}
	case spv.OpGroupNonUniformRotateKHR:
		rt := in.Type
		if !c.isIntScalarOrVector(rt) && !c.isFloatScalarOrVector(rt) && !c.isBoolScalarOrVector(rt) {
			return c.errorf(RuleGroup, in, "the result type must be a scalar or vector of float, integer or bool")
		}
		if c.operandType(in, 1) != rt {
			return c.errorf(RuleGroup, in, "the value must have the result type")
		}
		if !c.isUnsignedIntScalar(c.operandType(in, 2)) {
			return c.errorf(RuleGroup, in, "the delta must be an unsigned integer scalar")
		}
		if len(in.Operands) > 3 {
			cs := opID(in, 3)
			if !c.isUnsignedIntScalar(c.typeOf(cs)) {
				return c.errorf(RuleGroup, in, "the cluster size must be an unsigned integer scalar")
			}
			if _, ok := c.constUint64(cs); !ok {
				return c.errorf(RuleGroup, in, "the cluster size must be a constant")
			}
		}
	}
	return nil
}
