package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Intrinsics tied to Vulkan features (physical buffer addresses, SM 6.8
// barriers, execution modes, attribute interpolation), called from
// intrinsicExtra.

// evaluateAttribute emits EvaluateAttributeCentroid/AtSample/Snapped as
// DXC does: the value in a temp.var.<type>, then InterpolateAtCentroid/
// AtSample/AtOffset (the offset converted to float2) on that variable.
// The GLSL.std.450 instructions need the stage input variable itself,
// which the legalization recovers (inlining the entry function,
// copy-propagate-arrays following the copies back to an Input variable,
// interpolate-fixup): the module asks for it, where DXC does not and its
// -O0 output is then invalid. An argument that is not a pixel shader
// input is the validator's finding after legalization, told in the
// source's terms (frontend's sourceFaults).
func (e *emitter) evaluateAttribute(x *ast.CallExpr, m *intrinsics.Match, name string, ct *types.Type) builder.ID {
	if e.stage() != stage.Pixel {
		e.errorf(x.Pos(), "%s is only allowed in a pixel shader", name)
		return 0
	}
	v := e.rvalueAs(x.Args[0], ct)
	ptr := e.temporary(v, ct, layout.TypeName(ct)).id
	e.needLegalization(name) // legalneeds.go
	rt := e.typeID(ct)
	switch m.ID {
	case intrinsics.EvaluateAttributeCentroid:
		return e.fb.ExtInst(rt, glslSet, spv.GLSLstd450InterpolateAtCentroid, ptr)
	case intrinsics.EvaluateAttributeAtSample:
		sample := e.rvalueAs(x.Args[1], e.paramType(x, m, 1))
		return e.fb.ExtInst(rt, glslSet, spv.GLSLstd450InterpolateAtSample, ptr, sample)
	}
	ot := e.paramType(x, m, 1)
	off := e.rvalueAs(x.Args[1], ot)
	f := e.convert(off, ot, ot.WithScalar(types.Float))
	return e.fb.ExtInst(rt, glslSet, spv.GLSLstd450InterpolateAtOffset, ptr, f)
}

// rawBuffer emits vk::RawBufferLoad<T>(address[, alignment]) and
// vk::RawBufferStore<T>(address, value[, alignment]) as DXC does: the
// 64-bit address bitcast to a PhysicalStorageBuffer pointer to T (laid out
// as a storage buffer's element), then an Aligned load or store (4 bytes
// unless given). A bool travels as a uint, since a physical pointer cannot
// point to one. The module switches to the PhysicalStorageBuffer64
// addressing model.
func (e *emitter) rawBuffer(x *ast.CallExpr, m *intrinsics.Match, name string, ct *types.Type) builder.ID {
	load := m.ID == intrinsics.VkRawBufferLoad
	alignArg := 2
	if load {
		alignArg = 1
	}
	align := uint32(4)
	if len(x.Args) > alignArg {
		v := e.info.ValueOfExpr(x.Args[alignArg])
		n, ok := uint64(0), false
		if v != nil && len(v.Elems) == 1 {
			n, ok = v.Elems[0].Uint64()
		}
		if !ok || n == 0 {
			e.errorf(x.Args[alignArg].Pos(), "alignment argument must be a constant unsigned integer")
		}
		align = uint32(n)
	}
	e.b.MemoryModel(spv.AddressingModelPhysicalStorageBuffer64, spv.MemoryModelGLSL450)
	if e.opts.Version < spv.Version1_5 {
		// the KHR extension, as DXC declares (inference would pick the
		// EXT one, listed first)
		e.b.Extension("SPV_KHR_physical_storage_buffer")
	}
	rule := layout.RulesFor(e.opts.Layout).SBuffer
	addr := e.rvalueAs(x.Args[0], e.paramType(x, m, 0))
	dt := ct // the data type
	if !load {
		dt = concreteType(e.typeOf(x.Args[1]))
	}
	memType := dt // what the memory holds: uint for bool
	if memType.Canonical().Scalar().IsBool() {
		memType = memType.WithScalar(types.Uint)
	}
	ptrType := e.b.TypePointer(spv.StorageClassPhysicalStorageBuffer, e.typeIn(memType, rule))
	aligned := builder.Enum(spv.MemoryAccessAligned, builder.Lit(align))
	if load {
		ptr := e.fb.Emit(spv.OpBitcast, ptrType, builder.Ref(addr))
		v := e.fb.Emit(spv.OpLoad, e.typeIn(memType, rule), builder.Ref(ptr), aligned)
		if rule != layout.Void {
			v = e.relayout(v, memType, rule, layout.Void)
		}
		return e.convert(v, memType, dt)
	}
	v := e.convert(e.rvalueAs(x.Args[1], dt), dt, memType)
	ptr := e.fb.Emit(spv.OpBitcast, ptrType, builder.Ref(addr))
	if rule != layout.Void {
		v = e.relayout(v, memType, layout.Void, rule)
	}
	e.fb.Emit(spv.OpStore, 0, builder.Ref(ptr), builder.Ref(v), aligned)
	return 0
}

// barrierFlags emits SM 6.8's Barrier(memoryTypeFlags, semanticFlags) as
// DXC does: memory types UAV (1), groupshared (2) and node output (8) give
// the Uniform, Workgroup and Output memory semantics with AcquireRelease;
// the semantic flags GroupSync (1), GroupScope (2) and DeviceScope (4)
// pick the memory scope and whether it is an OpControlBarrier. Both zero
// is no barrier at all. A node record object as the first argument means
// every memory type.
func (e *emitter) barrierFlags(x *ast.CallExpr) {
	mem, ok1 := e.constUint(x.Args[0])
	sem, ok2 := e.constUint(x.Args[1])
	if !ok1 {
		// Barrier(nodeRecordObject, flags): every memory type
		mem, ok1 = 0xffffffff, !e.typeOf(x.Args[0]).IsNumeric()
	}
	if !ok1 || !ok2 {
		e.errorf(x.Pos(), "Barrier arguments must be non-negative integer constants")
	}
	e.checkBarrierFlags(x, mem, sem)
	if mem|sem == 0 {
		return
	}
	scope := uint32(spv.ScopeInvocation)
	switch {
	case sem&4 != 0:
		scope = uint32(spv.ScopeDevice)
	case sem&2 != 0:
		scope = uint32(spv.ScopeWorkgroup)
	}
	u := func(v uint32) builder.Operand { return builder.Ref(e.b.ConstUint32(v)) }
	if scope == uint32(spv.ScopeInvocation) && sem&1 != 0 {
		// GroupSync without a scope flag: the memory types order nothing
		// beyond the thread. DXC keeps their semantics, which Vulkan
		// forbids on an OpControlBarrier at Invocation memory scope
		// (VUID-StandaloneSpirv-None-04641); here they are None.
		e.fb.Emit(spv.OpControlBarrier, 0, u(uint32(spv.ScopeWorkgroup)), u(scope), u(0))
		return
	}
	semantics := uint32(spv.MemorySemanticsAcquireRelease)
	if mem&1 != 0 {
		semantics |= uint32(spv.MemorySemanticsUniformMemory)
	}
	if mem&2 != 0 {
		semantics |= uint32(spv.MemorySemanticsWorkgroupMemory)
	}
	if mem&8 != 0 {
		// Output memory semantics exist only in the Vulkan memory model:
		// as DXC does, ask for Vulkan 1.3 and declare VulkanMemoryModel,
		// which upgrades the module (Device scope becomes QueueFamily).
		if e.opts.Version < spv.Version1_6 {
			e.errorf(x.Pos(), "Vulkan 1.3 is required for NODE_OUTPUT_MEMORY but not permitted to use")
		}
		e.b.Capability(spv.CapabilityVulkanMemoryModel)
		semantics |= uint32(spv.MemorySemanticsOutputMemory)
	}
	if sem&1 != 0 {
		e.fb.Emit(spv.OpControlBarrier, 0, u(uint32(spv.ScopeWorkgroup)), u(scope), u(semantics))
		return
	}
	e.fb.Emit(spv.OpMemoryBarrier, 0, u(scope), u(semantics))
}

// checkBarrierFlags reports what DXC's checker rejects in a reachable
// Barrier call: before shader model 6.8; memory type flags beyond UAV,
// groupshared and node input/output memory (ALL_MEMORY); semantic flags
// beyond GROUP_SYNC, GROUP_SCOPE and DEVICE_SCOPE (and REORDER_SCOPE from
// 6.9); node memory outside node shaders; groupshared memory or group
// semantics where there is no thread group; a scope with no memory it
// applies to. ALL_MEMORY drops the kinds the stage has none of.
func (e *emitter) checkBarrierFlags(x *ast.CallExpr, mem, sem uint64) {
	sm := e.opts.Major*10 + e.opts.Minor
	if sm < 68 {
		e.errorf(x.Pos(), "intrinsic Barrier potentially used by '%s' requires shader model 6.8 or greater", e.opts.Entry)
	}
	const (
		uavMem, groupMem, nodeMem, allMem                = 1, 2, 4 | 8, 0xf
		groupSync, groupScope, deviceScope, reorderScope = 1, 2, 4, 8
	)
	object := !e.typeOf(x.Args[0]).IsNumeric()
	if !object && mem&^allMem != 0 {
		e.errorf(x.Args[0].Pos(), "invalid MemoryTypeFlags for Barrier operation; expected 0, ALL_MEMORY, or some combination of UAV_MEMORY, GROUP_SHARED_MEMORY, NODE_INPUT_MEMORY, NODE_OUTPUT_MEMORY flags")
	}
	valid, names := uint64(groupSync|groupScope|deviceScope), "GROUP_SYNC, GROUP_SCOPE, DEVICE_SCOPE"
	if sm >= 69 {
		valid, names = valid|reorderScope, names+", REORDER_SCOPE"
	}
	if sem&^valid != 0 {
		e.errorf(x.Args[1].Pos(), "invalid SemanticFlags for Barrier operation; expected 0 or some combination of %s flags", names)
	}
	st := e.funcStage()
	if st == stage.Library {
		return
	}
	group := st.IsComputeLike()
	node := st == stage.Node
	if ne := e.info.Nodes[e.funcEntry()]; node && ne != nil {
		group = ne.Launch != sema.LaunchThread // a thread launch node has no visible group
	}
	atLeastGroup, atLeastDevice := true, true
	if !object {
		m := mem
		if !group && m&groupMem != 0 {
			if m != allMem {
				e.errorf(x.Args[0].Pos(), "GROUP_SHARED_MEMORY specified for Barrier operation when context has no visible group")
			}
			m &^= groupMem
		}
		if m&nodeMem != 0 && !node {
			if mem != allMem {
				e.errorf(x.Args[0].Pos(), "NODE_INPUT_MEMORY or NODE_OUTPUT_MEMORY may only be specified for Barrier operation in a node shader")
			}
			m &^= nodeMem
		}
		atLeastGroup, atLeastDevice = m != 0, m&(uavMem|nodeMem) != 0
	}
	if !group && sem&(groupSync|groupScope) != 0 {
		e.errorf(x.Args[1].Pos(), "GROUP_SYNC or GROUP_SCOPE specified for Barrier operation when context has no visible group")
	}
	if !atLeastDevice && sem&deviceScope != 0 {
		e.errorf(x.Args[1].Pos(), "DEVICE_SCOPE specified for Barrier operation without applicable memory")
	}
	if !atLeastGroup && sem&groupScope != 0 {
		e.errorf(x.Args[1].Pos(), "GROUP_SCOPE specified for Barrier operation without applicable memory")
	}
}

// extExecutionMode emits vk::ext_execution_mode(mode, literals...) and
// vk::ext_execution_mode_id(mode, operands...) on the entry point.
func (e *emitter) extExecutionMode(x *ast.CallExpr, m *intrinsics.Match, withIDs bool) {
	mode, ok := e.constUint(x.Args[0])
	if !ok {
		if withIDs {
			e.errorf(x.Args[0].Pos(), "The execution mode must be constant integer")
		}
		e.errorf(x.Pos(), "argument should be constant integer")
	}
	info := spv.KindExecutionMode.Enumerant(uint32(mode))
	if info == nil {
		e.errorf(x.Args[0].Pos(), "Invalid execution mode operand: %d", mode)
	}
	if len(info.Parameters()) != len(x.Args)-1 {
		e.errorf(x.Pos(), "execution mode %s needs %d operand(s), not %d", info.Name(), len(info.Parameters()), len(x.Args)-1)
	}
	if withIDs {
		ids := make([]builder.ID, 0, len(x.Args)-1)
		for i := 1; i < len(x.Args); i++ {
			ids = append(ids, e.rvalueAs(x.Args[i], e.paramType(x, m, i)))
		}
		e.b.ExecutionModeId(e.entry.id, spv.ExecutionMode(mode), ids...)
		return
	}
	params := make([]uint32, 0, len(x.Args)-1)
	for i := 1; i < len(x.Args); i++ {
		n, ok := e.constUint(x.Args[i])
		if !ok {
			e.errorf(x.Pos(), "argument should be constant integer")
		}
		params = append(params, uint32(n))
	}
	e.b.ExecutionMode(e.entry.id, spv.ExecutionMode(mode), params...)
}
