package spirv

import (
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Wave and quad intrinsics, as DXC's SPIR-V back end lowers them
// (SpirvEmitter::processWave*): OpGroupNonUniform* instructions at
// Subgroup scope, the lane index and count read from the
// SubgroupLocalInvocationId and SubgroupSize built-in inputs. They need
// SPIR-V 1.3 (Vulkan 1.1); the capabilities (GroupNonUniform,
// GroupNonUniformArithmetic, ...) are inferred from the instructions.

// waveReduceOps maps the arithmetic wave intrinsics to their opcodes per
// component kind: float, signed, unsigned (0: not available).
var waveReduceOps = map[string][3]spv.Op{
	"Sum":     {spv.OpGroupNonUniformFAdd, spv.OpGroupNonUniformIAdd, spv.OpGroupNonUniformIAdd},
	"Product": {spv.OpGroupNonUniformFMul, spv.OpGroupNonUniformIMul, spv.OpGroupNonUniformIMul},
	"Min":     {spv.OpGroupNonUniformFMin, spv.OpGroupNonUniformSMin, spv.OpGroupNonUniformUMin},
	"Max":     {spv.OpGroupNonUniformFMax, spv.OpGroupNonUniformSMax, spv.OpGroupNonUniformUMax},
	"BitAnd":  {0, spv.OpGroupNonUniformBitwiseAnd, spv.OpGroupNonUniformBitwiseAnd},
	"BitOr":   {0, spv.OpGroupNonUniformBitwiseOr, spv.OpGroupNonUniformBitwiseOr},
	"BitXor":  {0, spv.OpGroupNonUniformBitwiseXor, spv.OpGroupNonUniformBitwiseXor},
}

// isWaveIntrinsic reports whether name is a wave or quad intrinsic.
func isWaveIntrinsic(name string) bool {
	return strings.HasPrefix(name, "Wave") || strings.HasPrefix(name, "Quad") ||
		name == "GetGroupWaveIndex" || name == "GetGroupWaveCount"
}

// wave emits a wave or quad intrinsic.
func (e *emitter) wave(x *ast.CallExpr, m *intrinsics.Match, name string, t *types.Type) (value, bool) {
	what := "Wave Operation"
	switch name {
	case "WaveGetLaneCount", "WaveGetLaneIndex", "GetGroupWaveIndex", "GetGroupWaveCount":
		what = name
	}
	if e.opts.Version < spv.Version1_3 {
		e.errorf(x.Pos(), "Vulkan 1.1 is required for %s but not permitted to use", what)
	}
	ct := concreteType(t)
	u32 := e.b.TypeInt(32, false)
	bt := e.b.TypeBool()
	arg := func(i int) builder.ID { return e.rvalueAs(x.Args[i], e.paramType(x, m, i)) }
	switch name {
	case "WaveGetLaneCount":
		return rv(e.fb.Load(u32, e.builtinInput(spv.BuiltInSubgroupSize)), t), true
	case "WaveGetLaneIndex":
		return rv(e.fb.Load(u32, e.builtinInput(spv.BuiltInSubgroupLocalInvocationId)), t), true
	case "GetGroupWaveIndex":
		return rv(e.fb.Load(u32, e.builtinInput(spv.BuiltInSubgroupId)), t), true
	case "GetGroupWaveCount":
		return rv(e.fb.Load(u32, e.builtinInput(spv.BuiltInNumSubgroups)), t), true
	case "WaveIsFirstLane":
		return rv(e.fb.Emit(spv.OpGroupNonUniformElect, bt, e.subgroup()), t), true
	case "WaveActiveAnyTrue":
		return rv(e.fb.Emit(spv.OpGroupNonUniformAny, bt, e.subgroup(), builder.Ref(arg(0))), t), true
	case "WaveActiveAllTrue":
		return rv(e.fb.Emit(spv.OpGroupNonUniformAll, bt, e.subgroup(), builder.Ref(arg(0))), t), true
	case "WaveActiveBallot":
		return rv(e.ballot(arg(0)), t), true
	case "WaveActiveCountBits", "WavePrefixCountBits":
		op := spv.GroupOperationReduce
		if name == "WavePrefixCountBits" {
			op = spv.GroupOperationExclusiveScan
		}
		b := e.ballot(arg(0))
		return rv(e.fb.Emit(spv.OpGroupNonUniformBallotBitCount, u32, e.subgroup(), builder.Enum(op), builder.Ref(b)), t), true
	case "WaveActiveAllEqual":
		v := arg(0)
		at := concreteType(m.Params[0].Type)
		return rv(e.allEqual(v, at), t), true
	case "WaveReadLaneFirst":
		v := arg(0)
		return rv(e.perRowWave(ct, func(rt builder.ID, row builder.ID) builder.ID {
			return e.fb.Emit(spv.OpGroupNonUniformBroadcastFirst, rt, e.subgroup(), builder.Ref(row))
		}, v), t), true
	case "WaveReadLaneAt":
		// Not a broadcast despite its name: the lane may differ per
		// invocation, so it is OpGroupNonUniformShuffle (as in DXC).
		v, lane := arg(0), arg(1)
		return rv(e.perRowWave(ct, func(rt builder.ID, row builder.ID) builder.ID {
			return e.fb.Emit(spv.OpGroupNonUniformShuffle, rt, e.subgroup(), builder.Ref(row), builder.Ref(lane))
		}, v), t), true
	case "QuadReadAcrossX", "QuadReadAcrossY", "QuadReadAcrossDiagonal", "QuadReadLaneAt":
		v := arg(0)
		op := spv.OpGroupNonUniformQuadSwap
		var target builder.ID
		switch name {
		case "QuadReadAcrossX":
			target = e.b.ConstUint32(0)
		case "QuadReadAcrossY":
			target = e.b.ConstUint32(1)
		case "QuadReadAcrossDiagonal":
			target = e.b.ConstUint32(2)
		default:
			// the lane must be a constant before SPIR-V 1.5
			op = spv.OpGroupNonUniformQuadBroadcast
			k, ok := e.constantArg(x.Args[1], types.ScalarType(types.Uint))
			switch {
			case ok:
				target = k
			case e.opts.Version < spv.Version1_5:
				e.errorf(x.Args[1].Pos(), "the lane of QuadReadLaneAt must be a constant before SPIR-V 1.5 (Vulkan 1.2)")
			default:
				target = arg(1)
			}
		}
		e.derivativeGroupMode()
		return rv(e.perRowWave(ct, func(rt builder.ID, row builder.ID) builder.ID {
			return e.fb.Emit(op, rt, e.subgroup(), builder.Ref(row), builder.Ref(target))
		}, v), t), true
	case "QuadAny", "QuadAll":
		p := arg(0)
		e.derivativeGroupMode()
		// DXC uses OpGroupNonUniformQuadAny/AllKHR whenever
		// SPV_KHR_quad_control is allowed, so by default; here only when
		// -fspv-extension names it: SPIRV-Tools before 2024 (the v2023.1
		// the tests validate with) rejects its QuadControlKHR capability.
		if e.extensionNamed("SPV_KHR_quad_control") {
			op := spv.OpGroupNonUniformQuadAnyKHR
			if name == "QuadAll" {
				op = spv.OpGroupNonUniformQuadAllKHR
			}
			return rv(e.fb.Emit(op, bt, builder.Ref(p)), t), true
		}
		// Without SPV_KHR_quad_control: read the other three lanes of
		// the quad and combine.
		combine := spv.OpLogicalOr
		if name == "QuadAll" {
			combine = spv.OpLogicalAnd
		}
		r := p
		for i := range uint32(3) {
			other := e.fb.Emit(spv.OpGroupNonUniformQuadSwap, bt, e.subgroup(), builder.Ref(p), builder.Ref(e.b.ConstUint32(i)))
			r = e.fb.Emit(combine, bt, builder.Ref(r), builder.Ref(other))
		}
		return rv(r, t), true
	case "WaveMatch":
		v := arg(0)
		return rv(e.fb.Emit(spv.OpGroupNonUniformPartitionNV, e.typeID(ct), builder.Ref(v)), t), true
	case "WaveMultiPrefixCountBits":
		// DXC has no lowering for it either.
		return value{}, false
	}
	// The arithmetic reductions and prefix operations.
	kind, groupOp := "", spv.GroupOperationReduce
	switch {
	case strings.HasPrefix(name, "WaveActive"):
		kind = strings.TrimPrefix(name, "WaveActive")
	case strings.HasPrefix(name, "WavePrefix"):
		kind, groupOp = strings.TrimPrefix(name, "WavePrefix"), spv.GroupOperationExclusiveScan
	case strings.HasPrefix(name, "WaveMultiPrefix"):
		kind, groupOp = strings.TrimPrefix(name, "WaveMultiPrefix"), spv.GroupOperationPartitionedExclusiveScanNV
	}
	ops, ok := waveReduceOps[kind]
	if !ok {
		return value{}, false
	}
	if groupOp == spv.GroupOperationExclusiveScan && kind != "Sum" && kind != "Product" {
		return value{}, false
	}
	s := ct.Canonical().Scalar()
	op := ops[0]
	switch {
	case s.IsFloat():
	case s.IsUnsigned():
		op = ops[2]
	case s.IsInteger():
		op = ops[1]
	default:
		op = 0
	}
	if op == 0 {
		e.unsupported(x, "'"+name+"' on "+s.String())
	}
	v := arg(0)
	var mask builder.ID
	if groupOp == spv.GroupOperationPartitionedExclusiveScanNV {
		mask = arg(1)
	}
	return rv(e.perRowWave(ct, func(rt builder.ID, row builder.ID) builder.ID {
		ops := []builder.Operand{e.subgroup(), builder.Enum(groupOp), builder.Ref(row)}
		if mask != 0 {
			ops = append(ops, builder.Ref(mask))
		}
		return e.fb.Emit(op, rt, ops...)
	}, v), t), true
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
	if id, ok := e.builtinVars[key]; ok {
		return id
	}
	id := e.b.GlobalVariable(e.b.TypePointer(spv.StorageClassInput, typ), spv.StorageClassInput, "", 0)
	e.builtinVars[key] = id
	e.b.Decorate(id, spv.DecorationBuiltIn, builder.Enum(bi))
	e.builtinInputDecorations(id, bi, true) // extbuiltin.go
	if e.opts.Version < spv.Version1_4 {
		e.b.AddInterface(e.entryID, id)
	} else {
		e.bodyBuiltins = append(e.bodyBuiltins, id)
	}
	return id
}

// derivativeGroupMode gives a compute shader that uses quad operations
// (or derivatives) the DerivativeGroupLinearKHR execution mode when its
// thread group is a multiple of four wide and one high and deep, else
// DerivativeGroupQuadsKHR, as DXC does (SM 6.6 derivatives and quads in
// compute shaders).
func (e *emitter) derivativeGroupMode() {
	if e.opts.Stage != "cs" || e.entryID == 0 {
		return
	}
	var size []uint32
	for _, in := range e.b.M.ExecutionModes {
		if len(in.Operands) < 2 || in.Operands[0].Word != uint32(e.entryID) {
			continue
		}
		switch spv.ExecutionMode(in.Operands[1].Word) {
		case spv.ExecutionModeDerivativeGroupLinearKHR, spv.ExecutionModeDerivativeGroupQuadsKHR:
			return
		case spv.ExecutionModeLocalSize:
			for _, p := range in.Operands[1].Params {
				size = append(size, p.Word)
			}
		}
	}
	if len(size) != 3 {
		return
	}
	mode, capability := spv.ExecutionModeDerivativeGroupQuadsKHR, spv.CapabilityComputeDerivativeGroupQuadsKHR
	if size[0]%4 == 0 && size[1] == 1 && size[2] == 1 {
		mode, capability = spv.ExecutionModeDerivativeGroupLinearKHR, spv.CapabilityComputeDerivativeGroupLinearKHR
	}
	e.b.ExecutionMode(e.entryID, mode)
	// DXC declares both capabilities and lets its optimizer trim the
	// unused one, so only -fcgl output keeps both. The extension is left
	// to inference: it picks SPV_NV_compute_shader_derivatives (the same
	// enumerants), which older SPIRV-Tools (the v2023.1 the tests run) knows, while
	// DXC writes the KHR one that they reject.
	if e.opts.CodeGenOnly {
		e.b.Capability(spv.CapabilityComputeDerivativeGroupQuadsKHR)
		e.b.Capability(spv.CapabilityComputeDerivativeGroupLinearKHR)
	} else {
		e.b.Capability(capability)
	}
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
