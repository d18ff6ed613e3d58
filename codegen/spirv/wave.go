package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Wave and quad intrinsics, as DXC's SPIR-V back end lowers them
// (SpirvEmitter::processWave*): OpGroupNonUniform* instructions at
// Subgroup scope, the lane index and count read from the
// SubgroupLocalInvocationId and SubgroupSize built-in inputs. They need
// SPIR-V 1.3 (Vulkan 1.1); the capabilities (GroupNonUniform,
// GroupNonUniformArithmetic, ...) are inferred from the instructions.

// waveReduction is a wave intrinsic that is one group operation on its
// argument: its opcodes per component kind (float, signed, unsigned; 0:
// not available) and the group operation.
type waveReduction struct {
	ops     [3]spv.Op
	groupOp spv.GroupOperation
}

var (
	waveSum     = [3]spv.Op{spv.OpGroupNonUniformFAdd, spv.OpGroupNonUniformIAdd, spv.OpGroupNonUniformIAdd}
	waveProduct = [3]spv.Op{spv.OpGroupNonUniformFMul, spv.OpGroupNonUniformIMul, spv.OpGroupNonUniformIMul}
	waveMin     = [3]spv.Op{spv.OpGroupNonUniformFMin, spv.OpGroupNonUniformSMin, spv.OpGroupNonUniformUMin}
	waveMax     = [3]spv.Op{spv.OpGroupNonUniformFMax, spv.OpGroupNonUniformSMax, spv.OpGroupNonUniformUMax}
	waveBitAnd  = [3]spv.Op{0, spv.OpGroupNonUniformBitwiseAnd, spv.OpGroupNonUniformBitwiseAnd}
	waveBitOr   = [3]spv.Op{0, spv.OpGroupNonUniformBitwiseOr, spv.OpGroupNonUniformBitwiseOr}
	waveBitXor  = [3]spv.Op{0, spv.OpGroupNonUniformBitwiseXor, spv.OpGroupNonUniformBitwiseXor}

	reduce      = spv.GroupOperationReduce
	prefix      = spv.GroupOperationExclusiveScan
	multiPrefix = spv.GroupOperationPartitionedExclusiveScanNV
)

// waveReductions maps the arithmetic reductions and prefix operations.
var waveReductions = [...]waveReduction{
	intrinsics.WaveActiveSum:          {waveSum, reduce},
	intrinsics.WaveActiveProduct:      {waveProduct, reduce},
	intrinsics.WaveActiveMin:          {waveMin, reduce},
	intrinsics.WaveActiveMax:          {waveMax, reduce},
	intrinsics.WaveActiveBitAnd:       {waveBitAnd, reduce},
	intrinsics.WaveActiveBitOr:        {waveBitOr, reduce},
	intrinsics.WaveActiveBitXor:       {waveBitXor, reduce},
	intrinsics.WavePrefixSum:          {waveSum, prefix},
	intrinsics.WavePrefixProduct:      {waveProduct, prefix},
	intrinsics.WaveMultiPrefixSum:     {waveSum, multiPrefix},
	intrinsics.WaveMultiPrefixProduct: {waveProduct, multiPrefix},
	intrinsics.WaveMultiPrefixBitAnd:  {waveBitAnd, multiPrefix},
	intrinsics.WaveMultiPrefixBitOr:   {waveBitOr, multiPrefix},
	intrinsics.WaveMultiPrefixBitXor:  {waveBitXor, multiPrefix},
}

// waveLowerings passes the lowerings of the wave and quad intrinsics to
// add, for intrinsicLowerings. (A list, not a map: a map cost every
// process start its hashing and growth.)
func waveLowerings(add func(intrinsics.ID, intrinsicLowering)) {
	builtin := func(bi spv.BuiltIn) intrinsicLowering {
		return func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
			return rv(e.fb.Load(e.b.TypeInt(32, false), e.builtinInput(bi)), t)
		}
	}
	type entry struct {
		id intrinsics.ID
		l  intrinsicLowering
	}
	ls := [...]entry{
		{intrinsics.WaveGetLaneCount, builtin(spv.BuiltInSubgroupSize)},
		{intrinsics.WaveGetLaneIndex, builtin(spv.BuiltInSubgroupLocalInvocationId)},
		{intrinsics.GetGroupWaveIndex, builtin(spv.BuiltInSubgroupId)},
		{intrinsics.GetGroupWaveCount, builtin(spv.BuiltInNumSubgroups)},
		{intrinsics.WaveIsFirstLane, lowerWaveIsFirstLane},
		{intrinsics.WaveActiveAnyTrue, waveVote(spv.OpGroupNonUniformAny)},
		{intrinsics.WaveActiveAllTrue, waveVote(spv.OpGroupNonUniformAll)},
		{intrinsics.WaveActiveBallot, lowerWaveActiveBallot},
		{intrinsics.WaveActiveCountBits, waveCountBits(spv.GroupOperationReduce)},
		{intrinsics.WavePrefixCountBits, waveCountBits(spv.GroupOperationExclusiveScan)},
		{intrinsics.WaveActiveAllEqual, lowerWaveActiveAllEqual},
		{intrinsics.WaveReadLaneFirst, lowerWaveReadLaneFirst},
		{intrinsics.WaveReadLaneAt, lowerWaveReadLaneAt},
		{intrinsics.QuadReadAcrossX, quadSwap(0)},
		{intrinsics.QuadReadAcrossY, quadSwap(1)},
		{intrinsics.QuadReadAcrossDiagonal, quadSwap(2)},
		{intrinsics.QuadReadLaneAt, lowerQuadReadLaneAt},
		{intrinsics.QuadAny, quadVote(spv.OpGroupNonUniformQuadAnyKHR, spv.OpLogicalOr)},
		{intrinsics.QuadAll, quadVote(spv.OpGroupNonUniformQuadAllKHR, spv.OpLogicalAnd)},
		{intrinsics.WaveMatch, lowerWaveMatch},
		// DXC has no lowering for it either.
		{intrinsics.WaveMultiPrefixCountBits, func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
			e.unsupported(x, "the intrinsic '"+m.Overload.Name()+"'")
			return value{}
		}},
	}
	wrap := func(id intrinsics.ID, l intrinsicLowering) {
		what := "Wave Operation"
		switch id {
		case intrinsics.WaveGetLaneCount, intrinsics.WaveGetLaneIndex, intrinsics.GetGroupWaveIndex, intrinsics.GetGroupWaveCount:
			what = id.String()
		}
		add(id, func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
			if e.opts.Version < spv.Version1_3 {
				e.errorf(x.Pos(), "Vulkan 1.1 is required for %s but not permitted to use", what)
			}
			// Every wave lowering declares uint and bool first, in this
			// order: the module's type order depends on it.
			e.b.TypeInt(32, false)
			e.b.TypeBool()
			return l(e, x, m, t)
		})
	}
	for _, en := range ls {
		wrap(en.id, en.l)
	}
	for id, r := range waveReductions {
		if r != (waveReduction{}) {
			wrap(intrinsics.ID(id), r.lowering)
		}
	}
}

func lowerWaveIsFirstLane(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	return rv(e.fb.Emit(spv.OpGroupNonUniformElect, e.b.TypeBool(), e.subgroup()), t)
}

// waveVote lowers WaveActiveAnyTrue and WaveActiveAllTrue.
func waveVote(op spv.Op) intrinsicLowering {
	return func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
		return rv(e.fb.Emit(op, e.b.TypeBool(), e.subgroup(), builder.Ref(e.intrinsicArg(x, m, 0))), t)
	}
}

func lowerWaveActiveBallot(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	return rv(e.ballot(e.intrinsicArg(x, m, 0)), t)
}

// waveCountBits lowers WaveActiveCountBits and WavePrefixCountBits: the
// ballot's bit count.
func waveCountBits(op spv.GroupOperation) intrinsicLowering {
	return func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
		b := e.ballot(e.intrinsicArg(x, m, 0))
		return rv(e.fb.Emit(spv.OpGroupNonUniformBallotBitCount, e.b.TypeInt(32, false), e.subgroup(), builder.Enum(op), builder.Ref(b)), t)
	}
}

func lowerWaveActiveAllEqual(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	v := e.intrinsicArg(x, m, 0)
	at := concreteType(m.Params[0].Type)
	return rv(e.allEqual(v, at), t)
}

func lowerWaveReadLaneFirst(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	v := e.intrinsicArg(x, m, 0)
	return rv(e.perRowWave(concreteType(t), func(rt builder.ID, row builder.ID) builder.ID {
		return e.fb.Emit(spv.OpGroupNonUniformBroadcastFirst, rt, e.subgroup(), builder.Ref(row))
	}, v), t)
}

// lowerWaveReadLaneAt emits WaveReadLaneAt: not a broadcast despite its
// name: the lane may differ per invocation, so it is
// OpGroupNonUniformShuffle (as in DXC).
func lowerWaveReadLaneAt(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	v, lane := e.intrinsicArg(x, m, 0), e.intrinsicArg(x, m, 1)
	return rv(e.perRowWave(concreteType(t), func(rt builder.ID, row builder.ID) builder.ID {
		return e.fb.Emit(spv.OpGroupNonUniformShuffle, rt, e.subgroup(), builder.Ref(row), builder.Ref(lane))
	}, v), t)
}

// quadSwap lowers QuadReadAcrossX (direction 0), Y (1) and Diagonal (2).
func quadSwap(direction uint32) intrinsicLowering {
	return func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
		v := e.intrinsicArg(x, m, 0)
		target := e.b.ConstUint32(direction)
		return e.quadRead(spv.OpGroupNonUniformQuadSwap, v, target, t)
	}
}

// lowerQuadReadLaneAt emits QuadReadLaneAt: the lane must be a constant
// before SPIR-V 1.5.
func lowerQuadReadLaneAt(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	v := e.intrinsicArg(x, m, 0)
	var target builder.ID
	k, ok := e.constantArg(x.Args[1], types.ScalarType(types.Uint))
	switch {
	case ok:
		target = k
	case e.opts.Version < spv.Version1_5:
		e.errorf(x.Args[1].Pos(), "the lane of QuadReadLaneAt must be a constant before SPIR-V 1.5 (Vulkan 1.2)")
	default:
		target = e.intrinsicArg(x, m, 1)
	}
	return e.quadRead(spv.OpGroupNonUniformQuadBroadcast, v, target, t)
}

// quadRead emits a quad swap or broadcast of v, row by row.
func (e *emitter) quadRead(op spv.Op, v, target builder.ID, t *types.Type) value {
	e.derivativeGroupMode()
	return rv(e.perRowWave(concreteType(t), func(rt builder.ID, row builder.ID) builder.ID {
		return e.fb.Emit(op, rt, e.subgroup(), builder.Ref(row), builder.Ref(target))
	}, v), t)
}

// quadVote lowers QuadAny and QuadAll: khr, the SPV_KHR_quad_control
// instruction, or the other three lanes of the quad read and combined.
func quadVote(khr, combine spv.Op) intrinsicLowering {
	return func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
		bt := e.b.TypeBool()
		p := e.intrinsicArg(x, m, 0)
		e.derivativeGroupMode()
		// DXC uses OpGroupNonUniformQuadAny/AllKHR whenever
		// SPV_KHR_quad_control is allowed, so by default; here only when
		// -fspv-extension names it: SPIRV-Tools before 2024 (the v2023.1
		// the tests validate with) rejects its QuadControlKHR capability.
		if e.extensionNamed("SPV_KHR_quad_control") {
			return rv(e.fb.Emit(khr, bt, builder.Ref(p)), t)
		}
		r := p
		for i := range uint32(3) {
			other := e.fb.Emit(spv.OpGroupNonUniformQuadSwap, bt, e.subgroup(), builder.Ref(p), builder.Ref(e.b.ConstUint32(i)))
			r = e.fb.Emit(combine, bt, builder.Ref(r), builder.Ref(other))
		}
		return rv(r, t)
	}
}

func lowerWaveMatch(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	v := e.intrinsicArg(x, m, 0)
	return rv(e.fb.Emit(spv.OpGroupNonUniformPartitionNV, e.typeID(concreteType(t)), builder.Ref(v)), t)
}

// lowering emits the reduction r: its opcode by the result's component
// kind, on each row, with the partition mask of the WaveMultiPrefix forms.
func (r waveReduction) lowering(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	ct := concreteType(t)
	s := ct.Canonical().Scalar()
	op := r.ops[0]
	switch {
	case s.IsFloat():
	case s.IsUnsigned():
		op = r.ops[2]
	case s.IsInteger():
		op = r.ops[1]
	default:
		op = 0
	}
	if op == 0 {
		e.unsupported(x, "'"+m.Overload.Name()+"' on "+s.String())
	}
	v := e.intrinsicArg(x, m, 0)
	var mask builder.ID
	if r.groupOp == spv.GroupOperationPartitionedExclusiveScanNV {
		mask = e.intrinsicArg(x, m, 1)
	}
	return rv(e.perRowWave(ct, func(rt builder.ID, row builder.ID) builder.ID {
		ops := []builder.Operand{e.subgroup(), builder.Enum(r.groupOp), builder.Ref(row)}
		if mask != 0 {
			ops = append(ops, builder.Ref(mask))
		}
		return e.fb.Emit(op, rt, ops...)
	}, v), t)
}

// subgroup is the Subgroup scope operand.
func (e *emitter) subgroup() builder.Operand {
	return builder.Ref(e.b.ConstUint32(uint32(spv.ScopeSubgroup)))
}

// ballot emits OpGroupNonUniformBallot of a bool predicate.
func (e *emitter) ballot(pred builder.ID) builder.ID {
	v4 := e.b.TypeVector(e.b.TypeInt(32, false), 4)
	return e.fb.Emit(spv.OpGroupNonUniformBallot, v4, e.subgroup(), builder.Ref(pred))
}

// perRowWave applies a group operation to v of type t, row by row for a
// matrix (the group instructions take scalars and vectors only; DXC
// emits them on the matrix type, which spirv-val rejects).
func (e *emitter) perRowWave(t *types.Type, op func(rt, row builder.ID) builder.ID, v builder.ID) builder.ID {
	c := t.Canonical()
	if !c.IsMatrix() || c.Rows() == 1 || c.Cols() == 1 {
		return op(e.typeID(t), v)
	}
	return e.perRow(c, func(rt *types.Type, rows ...builder.ID) builder.ID {
		return op(e.typeID(rt), rows[0])
	}, v)
}

// allEqual emits WaveActiveAllEqual: OpGroupNonUniformAllEqual per
// component, since its result is a single bool (DXC:
// processWaveActiveAllEqual*).
func (e *emitter) allEqual(v builder.ID, t *types.Type) builder.ID {
	c := t.Canonical()
	bt := e.b.TypeBool()
	scalar := func(s builder.ID) builder.ID {
		return e.fb.Emit(spv.OpGroupNonUniformAllEqual, bt, e.subgroup(), builder.Ref(s))
	}
	vector := func(vec builder.ID, n int, elem *types.Type) builder.ID {
		parts := make([]builder.ID, n)
		for i := range parts {
			parts[i] = scalar(e.fb.CompositeExtract(e.typeID(elem), vec, uint32(i)))
		}
		return e.fb.CompositeConstruct(e.typeID(types.Vec(types.Bool, n)), parts...)
	}
	elem := types.ScalarType(c.Scalar())
	switch {
	case flatCount(c) == 1:
		return scalar(v)
	case c.IsVector():
		return vector(v, c.VecSize(), elem)
	case c.Rows() == 1 || c.Cols() == 1:
		return vector(v, c.Rows()*c.Cols(), elem)
	}
	rt := types.Vec(c.Scalar(), c.Cols())
	rows := make([]builder.ID, c.Rows())
	for i := range rows {
		rows[i] = vector(e.fb.CompositeExtract(e.typeID(rt), v, uint32(i)), c.Cols(), elem)
	}
	return e.fb.CompositeConstruct(e.typeID(c.WithScalar(types.Bool)), rows...)
}

// builtinInput returns the Input variable of a built-in the entry point
// reads without a semantic (the lane index and count...): one per
// built-in, shared with the entry's own stage variable of that built-in
// (e.builtinVars), and listed in the entry point's interface. A pixel
// shader's integer built-in input is Flat, as DXC decorates it.
func (e *emitter) builtinInput(bi spv.BuiltIn) builder.ID {
	return e.builtinInputOf(bi, e.b.TypeInt(32, false))
}

// builtinInputOf is builtinInput for a built-in of SPIR-V type typ.
//
// The entry's stage variables are collected when its wrapper is emitted,
// before any function body, so a built-in first read in a body joins the
// interface here: before SPIR-V 1.4 the interface lists the Input and
// Output variables, which are added one by one; from 1.4 it lists every
// global the entry reaches, which finishEntryPoint computes.
func (e *emitter) builtinInputOf(bi spv.BuiltIn, typ builder.ID) builder.ID {
	key := builtinKey{bi, true}
	if id, ok := e.io.builtinVars[key]; ok {
		return id
	}
	id := e.b.GlobalVariable(e.b.TypePointer(spv.StorageClassInput, typ), spv.StorageClassInput, "", 0)
	setKey(&e.io.builtinVars, key, id)
	e.b.Decorate(id, spv.DecorationBuiltIn, builder.Enum(bi))
	e.builtinInputDecorations(id, bi, true) // extbuiltin.go
	if e.opts.Version < spv.Version1_4 {
		e.b.AddInterface(e.entry.id, id)
	} else {
		e.io.bodyBuiltins = append(e.io.bodyBuiltins, id)
	}
	return id
}

// derivativeGroupMode gives a compute shader that uses quad operations
// (or derivatives) the DerivativeGroupLinearKHR execution mode when its
// thread group is a multiple of four wide and one high and deep, else
// DerivativeGroupQuadsKHR, as DXC does (SM 6.6 derivatives and quads in
// compute shaders).
func (e *emitter) derivativeGroupMode() {
	if e.stage() != stage.Compute || e.entry.id == 0 {
		return
	}
	var size []uint32
	for _, in := range e.b.M.ExecutionModes {
		if len(in.Operands) < 2 || in.Operands[0].Word != uint32(e.entry.id) {
			continue
		}
		switch spv.ExecutionMode(in.Operands[1].Word) {
		case spv.ExecutionModeDerivativeGroupLinearKHR, spv.ExecutionModeDerivativeGroupQuadsKHR:
			return
		case spv.ExecutionModeLocalSize:
			for _, p := range in.Operands[1].Params() {
				size = append(size, p.Word)
			}
		}
	}
	if len(size) != 3 {
		return
	}
	mode := spv.ExecutionModeDerivativeGroupQuadsKHR
	if size[0]%4 == 0 && size[1] == 1 && size[2] == 1 {
		mode = spv.ExecutionModeDerivativeGroupLinearKHR
	}
	e.b.ExecutionMode(e.entry.id, mode)
	// DXC declares both capabilities and lets trim-capabilities remove the
	// unused one (only -fcgl output keeps both). The extension is left to
	// inference: it picks SPV_NV_compute_shader_derivatives (the same
	// enumerants), which older SPIRV-Tools (the v2023.1 the tests run)
	// knows, while DXC writes the KHR one that they reject.
	e.b.Capability(spv.CapabilityComputeDerivativeGroupQuadsKHR)
	e.b.Capability(spv.CapabilityComputeDerivativeGroupLinearKHR)
}

// extensionNamed reports whether -fspv-extension names ext.
func (e *emitter) extensionNamed(ext string) bool {
	for _, x := range e.opts.Extensions {
		if x == ext {
			return true
		}
	}
	return false
}
