package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

const glslSet = "GLSL.std.450"

// glslByKind maps an intrinsic to its GLSL.std.450 instruction per
// component kind: float, signed, unsigned (0: not available). This and the
// other row tables by intrinsic ID are arrays indexed by ID, static data:
// as maps they were built by code at every process start.
var glslByKind = [...][3]uint32{
	intrinsics.Abs:         {spv.GLSLstd450FAbs, spv.GLSLstd450SAbs, 0},
	intrinsics.Sin:         {spv.GLSLstd450Sin, 0, 0},
	intrinsics.Cos:         {spv.GLSLstd450Cos, 0, 0},
	intrinsics.Tan:         {spv.GLSLstd450Tan, 0, 0},
	intrinsics.Asin:        {spv.GLSLstd450Asin, 0, 0},
	intrinsics.Acos:        {spv.GLSLstd450Acos, 0, 0},
	intrinsics.Atan:        {spv.GLSLstd450Atan, 0, 0},
	intrinsics.Sinh:        {spv.GLSLstd450Sinh, 0, 0},
	intrinsics.Cosh:        {spv.GLSLstd450Cosh, 0, 0},
	intrinsics.Tanh:        {spv.GLSLstd450Tanh, 0, 0},
	intrinsics.Atan2:       {spv.GLSLstd450Atan2, 0, 0},
	intrinsics.Pow:         {spv.GLSLstd450Pow, 0, 0},
	intrinsics.Exp:         {spv.GLSLstd450Exp, 0, 0},
	intrinsics.Exp2:        {spv.GLSLstd450Exp2, 0, 0},
	intrinsics.Log:         {spv.GLSLstd450Log, 0, 0},
	intrinsics.Log2:        {spv.GLSLstd450Log2, 0, 0},
	intrinsics.Sqrt:        {spv.GLSLstd450Sqrt, 0, 0},
	intrinsics.Rsqrt:       {spv.GLSLstd450InverseSqrt, 0, 0},
	intrinsics.Floor:       {spv.GLSLstd450Floor, 0, 0},
	intrinsics.Ceil:        {spv.GLSLstd450Ceil, 0, 0},
	intrinsics.Round:       {spv.GLSLstd450RoundEven, 0, 0},
	intrinsics.Trunc:       {spv.GLSLstd450Trunc, 0, 0},
	intrinsics.Frac:        {spv.GLSLstd450Fract, 0, 0},
	intrinsics.Lerp:        {spv.GLSLstd450FMix, 0, 0},
	intrinsics.Min:         {spv.GLSLstd450NMin, spv.GLSLstd450SMin, spv.GLSLstd450UMin}, // NaN-aware, as HLSL's min
	intrinsics.Max:         {spv.GLSLstd450NMax, spv.GLSLstd450SMax, spv.GLSLstd450UMax},
	intrinsics.Clamp:       {spv.GLSLstd450FClamp, spv.GLSLstd450SClamp, spv.GLSLstd450UClamp},
	intrinsics.Normalize:   {spv.GLSLstd450Normalize, 0, 0},
	intrinsics.Length:      {spv.GLSLstd450Length, 0, 0},
	intrinsics.Distance:    {spv.GLSLstd450Distance, 0, 0},
	intrinsics.Cross:       {spv.GLSLstd450Cross, 0, 0},
	intrinsics.Reflect:     {spv.GLSLstd450Reflect, 0, 0},
	intrinsics.Refract:     {spv.GLSLstd450Refract, 0, 0},
	intrinsics.Faceforward: {spv.GLSLstd450FaceForward, 0, 0},
	intrinsics.Step:        {spv.GLSLstd450Step, 0, 0},
	intrinsics.Smoothstep:  {spv.GLSLstd450SmoothStep, 0, 0},
	intrinsics.Fma:         {spv.GLSLstd450Fma, 0, 0},
	intrinsics.Degrees:     {spv.GLSLstd450Degrees, 0, 0},
	intrinsics.Radians:     {spv.GLSLstd450Radians, 0, 0},
	intrinsics.Determinant: {spv.GLSLstd450Determinant, 0, 0},
}

// unaryOps maps intrinsics that are one SPIR-V instruction on their
// (converted) argument.
var unaryOps = [...]spv.Op{
	intrinsics.Ddx: spv.OpDPdx, intrinsics.Ddy: spv.OpDPdy, intrinsics.Fwidth: spv.OpFwidth,
	intrinsics.Ddx_coarse: spv.OpDPdxCoarse, intrinsics.Ddy_coarse: spv.OpDPdyCoarse,
	intrinsics.Ddx_fine: spv.OpDPdxFine, intrinsics.Ddy_fine: spv.OpDPdyFine,
	intrinsics.Isnan: spv.OpIsNan, intrinsics.Isinf: spv.OpIsInf,
	intrinsics.Countbits: spv.OpBitCount, intrinsics.Reversebits: spv.OpBitReverse,
}

// barriers maps the memory barrier intrinsics to their operands: whether
// they also synchronise the group (OpControlBarrier), the memory scope and
// the memory semantics.
var barriers = [...]struct {
	sync                bool
	memScope, semantics uint32
}{
	intrinsics.GroupMemoryBarrierWithGroupSync:  {true, 2, 0x108},
	intrinsics.GroupMemoryBarrier:               {false, 2, 0x108},
	intrinsics.DeviceMemoryBarrierWithGroupSync: {true, 1, 0x848},
	intrinsics.DeviceMemoryBarrier:              {false, 1, 0x848},
	intrinsics.AllMemoryBarrierWithGroupSync:    {true, 1, 0x948},
	intrinsics.AllMemoryBarrier:                 {false, 1, 0x948},
}

// isDerivative reports the derivative instructions (32-bit floats only).
func isDerivative(op spv.Op) bool {
	switch op {
	case spv.OpDPdx, spv.OpDPdy, spv.OpFwidth, spv.OpDPdxCoarse, spv.OpDPdyCoarse, spv.OpDPdxFine, spv.OpDPdyFine:
		return true
	}
	return false
}

// intrinsic emits a call of an intrinsic function or object method: a
// method through method (resources.go), a function through its entry in
// intrinsicLowerings (intrinsic_table.go).
func (e *emitter) intrinsic(x *ast.CallExpr, m *intrinsics.Match) value {
	if m.Overload == nil {
		e.unsupported(x, "this intrinsic call")
	}
	if m.Overload.Method {
		return e.method(x, m)
	}
	if int(m.ID) < len(legalizingIntrinsics) && legalizingIntrinsics[m.ID] {
		e.needLegalization(m.Overload.Name()) // legalneeds.go
	}
	t := m.Result
	if t == nil {
		t = types.VoidType()
	}
	if lower := loweringOf(m.ID); lower != nil {
		return lower(e, x, m, t)
	}
	e.unsupported(x, "the intrinsic '"+m.Overload.Name()+"'")
	return value{}
}

// intrinsicArgs evaluates a call's arguments, each converted to its
// matched parameter type.
func (e *emitter) intrinsicArgs(x *ast.CallExpr, m *intrinsics.Match) []builder.ID {
	ids := make([]builder.ID, len(x.Args))
	for i, a := range x.Args {
		pt := e.typeOf(a)
		if i < len(m.Params) && m.Params[i].Type != nil {
			pt = m.Params[i].Type
		}
		ids[i] = e.rvalueAs(a, pt)
	}
	return ids
}

// glslLowering lowers an intrinsic that is one GLSL.std.450 instruction
// per component kind (a glslByKind row), row by row on matrices.
func glslLowering(codes [3]uint32) intrinsicLowering {
	return func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
		s := concreteType(t).Scalar()
		if len(m.Params) > 0 && m.Params[0].Type != nil {
			s = concreteType(m.Params[0].Type).Scalar()
		}
		inst := codes[0]
		if e.opts.FiniteMathOnly {
			// no NaNs to care about (-ffinite-math-only)
			switch inst {
			case spv.GLSLstd450NMin:
				inst = spv.GLSLstd450FMin
			case spv.GLSLstd450NMax:
				inst = spv.GLSLstd450FMax
			}
		}
		switch {
		case s.IsFloat():
		case s.IsUnsigned():
			inst = codes[2]
		default:
			inst = codes[1]
		}
		if inst == 0 || s.IsBool() {
			e.unsupported(x, "'"+m.Overload.Name()+"' on "+s.String())
		}
		ct := concreteType(t)
		determinant := m.ID == intrinsics.Determinant
		if determinant && len(m.Params) > 0 && !realMatrix(concreteType(m.Params[0].Type)) {
			// A 1xN or Nx1 argument truncates to 1x1 (the smaller
			// dimension, as DXC matches float_like<r, r>), a scalar in
			// SPIR-V, which GLSL.std.450 Determinant refuses: it is its own
			// determinant.
			return rv(e.intrinsicArgs(x, m)[0], t)
		}
		if ct.Canonical().IsMatrix() && !determinant {
			ids := e.intrinsicArgs(x, m)
			return rv(e.perRow(ct, func(rt *types.Type, rows ...builder.ID) builder.ID {
				return e.fb.ExtInst(e.typeID(rt), glslSet, inst, rows...)
			}, ids...), t)
		}
		return rv(e.fb.ExtInst(e.typeID(ct), glslSet, inst, e.intrinsicArgs(x, m)...), t)
	}
}

// unaryLowering lowers an intrinsic that is one SPIR-V instruction on its
// argument (an unaryOps row), row by row on matrices; derivatives of
// other than 32-bit floats go through float.
func unaryLowering(op spv.Op) intrinsicLowering {
	return func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
		ids := e.intrinsicArgs(x, m)
		ct := concreteType(t)
		if at := concreteType(e.typeOf(x.Args[0])); len(m.Params) > 0 && m.Params[0].Type != nil {
			at = concreteType(m.Params[0].Type)
			if realMatrix(at) {
				// SPIR-V has no component-wise matrix instructions: row by row
				return rv(e.perRowAs(at, ct, func(rt *types.Type, rows ...builder.ID) builder.ID {
					return e.fb.Emit(op, e.typeID(rt.WithScalar(ct.Scalar())), builder.Ref(rows[0]))
				}, ids[0]), t)
			}
		}
		if isDerivative(op) && ct.Canonical().Scalar().IsFloat() && ct.Canonical().Scalar() != types.Float {
			// derivatives are 32-bit only: of a half (or double), the float
			// value's, converted back, as DXC does
			ft := ct.WithScalar(types.Float)
			d := e.fb.Emit(op, e.typeID(ft), builder.Ref(e.convert(ids[0], ct, ft)))
			return rv(e.convert(d, ft, ct), t)
		}
		return rv(e.fb.Emit(op, e.typeID(ct), builder.Ref(ids[0])), t)
	}
}

// lowerTranspose emits transpose (see transpose).
func lowerTranspose(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	return rv(e.transpose(e.intrinsicArgs(x, m)[0], concreteType(m.Params[0].Type), concreteType(t)), t)
}

// lowerSaturate emits saturate: FClamp to [0, 1], row by row on matrices.
func lowerSaturate(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	ct := concreteType(t)
	ids := e.intrinsicArgs(x, m)
	if realMatrix(ct) {
		return rv(e.perRow(ct, func(rt *types.Type, rows ...builder.ID) builder.ID {
			return e.fb.ExtInst(e.typeID(rt), glslSet, spv.GLSLstd450FClamp, rows[0], e.splatConst(rt, 0), e.splatConst(rt, 1))
		}, ids[0]), t)
	}
	zero, one := e.splatConst(ct, 0), e.splatConst(ct, 1)
	return rv(e.fb.ExtInst(e.typeID(ct), glslSet, spv.GLSLstd450FClamp, ids[0], zero, one), t)
}

// lowerRcp emits rcp: 1 / x.
func lowerRcp(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	ct := concreteType(t)
	ids := e.intrinsicArgs(x, m)
	if realMatrix(ct) {
		return rv(e.perRow(ct, func(rt *types.Type, rows ...builder.ID) builder.ID {
			return e.fb.Emit(spv.OpFDiv, e.typeID(rt), builder.Ref(e.splatConst(rt, 1)), builder.Ref(rows[0]))
		}, ids[0]), t)
	}
	return rv(e.fb.Emit(spv.OpFDiv, e.typeID(ct), builder.Ref(e.splatConst(ct, 1)), builder.Ref(ids[0])), t)
}

// lowerSign emits sign of a scalar or vector of the argument's kind, as
// an int of the result's shape: FSign or SSign, and for unsigned
// x > 0 ? 1 : 0 (GLSL.std.450 has no unsigned sign), as DXC does.
func lowerSign(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	ct := concreteType(t)
	ids := e.intrinsicArgs(x, m)
	at := concreteType(m.Params[0].Type).Canonical()
	one := func(x builder.ID, xt, rt *types.Type) builder.ID {
		if xt.Scalar().IsUnsigned() {
			cmp := e.fb.Emit(spv.OpUGreaterThan, e.typeID(xt.WithScalar(types.Bool)), builder.Ref(x), builder.Ref(e.splatConst(xt, 0)))
			return e.fb.Emit(spv.OpSelect, e.typeID(rt), builder.Ref(cmp), builder.Ref(e.splatConst(rt, 1)), builder.Ref(e.splatConst(rt, 0)))
		}
		inst := uint32(spv.GLSLstd450SSign)
		if xt.Scalar().IsFloat() {
			inst = spv.GLSLstd450FSign
		}
		return e.convert(e.fb.ExtInst(e.typeID(xt), glslSet, inst, x), xt, rt)
	}
	if realMatrix(at) {
		// GLSL.std.450 takes no matrices: row by row
		row := types.Vec(at.Scalar(), at.Cols())
		resRow := types.Vec(ct.Canonical().Scalar(), at.Cols())
		rows := make([]builder.ID, at.Rows())
		for i := range rows {
			rows[i] = one(e.fb.CompositeExtract(e.typeID(row), ids[0], uint32(i)), row, resRow)
		}
		return rv(e.fb.CompositeConstruct(e.typeID(ct), rows...), t)
	}
	return rv(one(ids[0], at, ct), t)
}

// lowerMad emits mad kept fused, as DXC does: Fma, or an integer multiply
// and add, each NoContraction.
func lowerMad(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	ct := concreteType(t)
	ids := e.intrinsicArgs(x, m)
	mad := func(rt *types.Type, ops ...builder.ID) builder.ID {
		if rt.Scalar().IsFloat() {
			fma := e.fb.ExtInst(e.typeID(rt), glslSet, spv.GLSLstd450Fma, ops...)
			e.b.Decorate(fma, spv.DecorationNoContraction)
			return fma
		}
		mul := e.fb.Emit(spv.OpIMul, e.typeID(rt), builder.Ref(ops[0]), builder.Ref(ops[1]))
		add := e.fb.Emit(spv.OpIAdd, e.typeID(rt), builder.Ref(mul), builder.Ref(ops[2]))
		e.b.Decorate(mul, spv.DecorationNoContraction)
		e.b.Decorate(add, spv.DecorationNoContraction)
		return add
	}
	if realMatrix(ct) {
		return rv(e.perRow(ct, mad, ids...), t)
	}
	return rv(mad(ct, ids...), t)
}

// lowerFirstBitHigh emits firstbithigh: FindSMsb or FindUMsb by the
// argument's signedness.
func lowerFirstBitHigh(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	ids := e.intrinsicArgs(x, m)
	at := concreteType(m.Params[0].Type)
	inst := uint32(spv.GLSLstd450FindUMsb)
	if at.Scalar().IsSigned() {
		inst = spv.GLSLstd450FindSMsb
	}
	return rv(e.fb.ExtInst(e.typeID(concreteType(t)), glslSet, inst, ids[0]), t)
}

// lowerFirstBitLow emits firstbitlow: FindILsb.
func lowerFirstBitLow(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	ids := e.intrinsicArgs(x, m)
	return rv(e.fb.ExtInst(e.typeID(concreteType(t)), glslSet, spv.GLSLstd450FindILsb, ids[0]), t)
}

// boolReduction lowers all (OpAll) and any (OpAny): the argument converted
// to bool, then reduced; row by row on matrices, as DXC does.
func boolReduction(op spv.Op) intrinsicLowering {
	return func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
		a := x.Args[0]
		at := concreteType(e.typeOf(a))
		bt := at.WithScalar(types.Bool)
		c := bt.Canonical()
		if realMatrix(c) {
			// row by row: each converted to bool and reduced, as DXC
			m := e.rvalueAs(a, at)
			ac := at.Canonical()
			rowT := types.Vec(ac.Scalar(), ac.Cols())
			parts := make([]builder.ID, ac.Rows())
			for i := range parts {
				row := e.fb.CompositeExtract(e.typeID(rowT), m, uint32(i))
				row = e.convert(row, rowT, rowT.WithScalar(types.Bool))
				parts[i] = e.fb.Emit(op, e.b.TypeBool(), builder.Ref(row))
			}
			vec := e.fb.CompositeConstruct(e.typeID(types.Vec(types.Bool, ac.Rows())), parts...)
			return rv(e.fb.Emit(op, e.b.TypeBool(), builder.Ref(vec)), t)
		}
		v := e.rvalueAs(a, bt)
		if flatCount(c) == 1 {
			return rv(v, t)
		}
		return rv(e.fb.Emit(op, e.b.TypeBool(), builder.Ref(v)), t)
	}
}

// lowerDot emits dot: OpDot on float vectors, OpFMul on float scalars,
// intDot on integers.
func lowerDot(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	ct := concreteType(t)
	ids := e.intrinsicArgs(x, m)
	at := concreteType(m.Params[0].Type).Canonical()
	if at.Scalar().IsFloat() {
		if at.IsScalar() || at.VecSize() == 1 {
			return rv(e.fb.Emit(spv.OpFMul, e.typeID(ct), builder.Ref(ids[0]), builder.Ref(ids[1])), t)
		}
		return rv(e.fb.Emit(spv.OpDot, e.typeID(ct), builder.Ref(ids[0]), builder.Ref(ids[1])), t)
	}
	return rv(e.intDot(ids[0], ids[1], flatCount(at), ct.Canonical().Scalar()), t)
}

// lowerMul emits mul (see mul).
func lowerMul(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	return rv(e.mul(x, m), t)
}

// lowerBitcast emits asfloat, asint, asuint and their 16-bit forms of one
// argument: OpBitcast (row by row on matrices), nothing when the SPIR-V
// types agree.
func lowerBitcast(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	ct := concreteType(t)
	if len(x.Args) != 1 {
		e.unsupported(x, "this overload of '"+m.Overload.Name()+"'")
	}
	a := x.Args[0]
	at := concreteType(e.typeOf(a))
	v := e.rvalueAs(a, at)
	if e.typeID(at) == e.typeID(ct) {
		return rv(v, t)
	}
	if realMatrix(at) {
		return rv(e.perRowAs(at, ct, func(rt *types.Type, rows ...builder.ID) builder.ID {
			return e.fb.Emit(spv.OpBitcast, e.typeID(rt.WithScalar(ct.Canonical().Scalar())), builder.Ref(rows[0]))
		}, v), t)
	}
	return rv(e.fb.Emit(spv.OpBitcast, e.typeID(ct), builder.Ref(v)), t)
}

// lowerClip emits clip: discard when any component is negative.
func lowerClip(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	a := x.Args[0]
	at := concreteType(e.typeOf(a))
	if !at.Canonical().Scalar().IsFloat() {
		at = at.WithScalar(types.Float) // clip(float<> x), as in DXC: an int converts
	}
	v := e.rvalueAs(a, at)
	// negative: per row (then any of the rows) on a matrix
	negative := func(v builder.ID, vt *types.Type) builder.ID {
		lt := e.fb.Emit(spv.OpFOrdLessThan, e.typeID(vt.WithScalar(types.Bool)), builder.Ref(v), builder.Ref(e.splatConst(vt, 0)))
		if flatCount(vt) > 1 {
			lt = e.fb.Emit(spv.OpAny, e.b.TypeBool(), builder.Ref(lt))
		}
		return lt
	}
	var cond builder.ID
	if c := at.Canonical(); realMatrix(c) {
		rowT := types.Vec(c.Scalar(), c.Cols())
		rows := make([]builder.ID, c.Rows())
		for i := range rows {
			rows[i] = negative(e.fb.CompositeExtract(e.typeID(rowT), v, uint32(i)), rowT)
		}
		vec := e.fb.CompositeConstruct(e.typeID(types.Vec(types.Bool, c.Rows())), rows...)
		cond = e.fb.Emit(spv.OpAny, e.b.TypeBool(), builder.Ref(vec))
	} else {
		cond = negative(v, at)
	}
	sel := e.fb.BeginIf(cond, false, spv.SelectionControlNone)
	e.discardInvocation()
	e.fb.EndIf(sel)
	return rv(0, t)
}

// barrier emits OpControlBarrier (with a group sync) or OpMemoryBarrier.
func (e *emitter) barrier(sync bool, memScope, semantics uint32) {
	u := func(v uint32) builder.ID { return e.b.ConstUint32(v) }
	if sync {
		e.fb.Emit(spv.OpControlBarrier, 0, builder.Ref(u(2)), builder.Ref(u(memScope)), builder.Ref(u(semantics)))
		return
	}
	e.fb.Emit(spv.OpMemoryBarrier, 0, builder.Ref(u(memScope)), builder.Ref(u(semantics)))
}

// mul emits HLSL's mul: HLSL matrices are transposed in SPIR-V, so
// mul(v, M) is OpMatrixTimesVector(M, v), mul(M, v) is
// OpVectorTimesMatrix(v, M) and mul(A, B) is OpMatrixTimesMatrix(B, A).
func (e *emitter) mul(x *ast.CallExpr, m *intrinsics.Match) builder.ID {
	a, b := x.Args[0], x.Args[1]
	at, bt := concreteType(m.Params[0].Type).Canonical(), concreteType(m.Params[1].Type).Canonical()
	rt := concreteType(m.Result)
	s := rt.Scalar()
	var av, bv builder.ID
	if flatCount(at) == 1 && flatCount(bt) > 1 && !realMatrix(bt) {
		// DXC evaluates the vector before the scalar here
		bv = e.rvalueAs(b, bt)
		av = e.rvalueAs(a, at)
	} else {
		av = e.rvalueAs(a, at)
		bv = e.rvalueAs(b, bt)
	}
	if !s.IsFloat() {
		return e.mulInt(av, bv, at, bt, rt)
	}
	isScalar := func(t *types.Type) bool { return flatCount(t) == 1 }
	isVec := func(t *types.Type) bool {
		return t.IsVector() || (t.IsMatrix() && (t.Rows() == 1 || t.Cols() == 1))
	}
	res := e.typeID(rt)
	switch {
	case isScalar(at) && isScalar(bt):
		return e.fb.Emit(spv.OpFMul, res, builder.Ref(av), builder.Ref(bv))
	case isScalar(at):
		if rt.Canonical().IsMatrix() && !isVec(rt.Canonical()) {
			return e.fb.Emit(spv.OpMatrixTimesScalar, res, builder.Ref(bv), builder.Ref(av))
		}
		return e.fb.Emit(spv.OpVectorTimesScalar, res, builder.Ref(bv), builder.Ref(av))
	case isScalar(bt):
		if rt.Canonical().IsMatrix() && !isVec(rt.Canonical()) {
			return e.fb.Emit(spv.OpMatrixTimesScalar, res, builder.Ref(av), builder.Ref(bv))
		}
		return e.fb.Emit(spv.OpVectorTimesScalar, res, builder.Ref(av), builder.Ref(bv))
	case isVec(at) && isVec(bt):
		if at.IsMatrix() && at.Cols() == 1 && bt.IsMatrix() && bt.Rows() == 1 {
			// a column times a row: the outer product, row by row
			st := e.typeID(types.ScalarType(s))
			rows := make([]builder.ID, at.Rows())
			for i := range rows {
				ai := e.fb.CompositeExtract(st, av, uint32(i))
				rows[i] = e.fb.Emit(spv.OpVectorTimesScalar, e.typeID(types.Vec(s, bt.Cols())), builder.Ref(bv), builder.Ref(ai))
			}
			return e.fb.CompositeConstruct(res, rows...)
		}
		return e.fb.Emit(spv.OpDot, res, builder.Ref(av), builder.Ref(bv))
	case isVec(at):
		return e.fb.Emit(spv.OpMatrixTimesVector, res, builder.Ref(bv), builder.Ref(av))
	case isVec(bt):
		return e.fb.Emit(spv.OpVectorTimesMatrix, res, builder.Ref(bv), builder.Ref(av))
	}
	return e.fb.Emit(spv.OpMatrixTimesMatrix, res, builder.Ref(bv), builder.Ref(av))
}

// mulInt emits mul on integers, which SPIR-V has no matrix instructions
// for, as DXC expands it: dot products (intDot) of the left operand's rows
// and the right one's columns, the right matrix transposed first.
func (e *emitter) mulInt(av, bv builder.ID, at, bt, rt *types.Type) builder.ID {
	if flatCount(at) == 1 || flatCount(bt) == 1 {
		return e.mulIntScalar(av, bv, at, bt, rt)
	}
	ac, bc := at.Canonical(), bt.Canonical()
	s := rt.Scalar()
	n := flatCount(ac) // the length of each dot product
	if realMatrix(ac) {
		n = ac.Cols()
	}
	switch {
	case !realMatrix(ac) && !realMatrix(bc):
		return e.intDot(av, bv, n, s)
	case !realMatrix(ac):
		cols := e.transposeInt(bv, bc)
		out := make([]builder.ID, bc.Cols())
		for j := range out {
			col := e.fb.CompositeExtract(e.typeID(types.Vec(s, bc.Rows())), cols, uint32(j))
			out[j] = e.intDot(av, col, n, s)
		}
		return e.construct(rt, out)
	case !realMatrix(bc):
		out := make([]builder.ID, ac.Rows())
		for i := range out {
			row := e.fb.CompositeExtract(e.typeID(types.Vec(s, ac.Cols())), av, uint32(i))
			out[i] = e.intDot(row, bv, n, s)
		}
		return e.construct(rt, out)
	}
	cols := e.transposeInt(bv, bc)
	rows := make([]builder.ID, ac.Rows())
	for i := range rows {
		row := e.fb.CompositeExtract(e.typeID(types.Vec(s, ac.Cols())), av, uint32(i))
		elems := make([]builder.ID, bc.Cols())
		for j := range elems {
			col := e.fb.CompositeExtract(e.typeID(types.Vec(s, bc.Rows())), cols, uint32(j))
			elems[j] = e.intDot(row, col, n, s)
		}
		rows[i] = e.construct(types.Vec(s, bc.Cols()), elems)
	}
	return e.fb.CompositeConstruct(e.typeID(rt), rows...)
}

// intDot is the dot product of two integer vectors of n components as DXC
// expands it: every product first, then their sum from the left.
func (e *emitter) intDot(a, b builder.ID, n int, s types.Scalar) builder.ID {
	st := e.typeID(types.ScalarType(s))
	products := make([]builder.ID, n)
	for i := range products {
		x, y := a, b
		if n > 1 {
			x = e.fb.CompositeExtract(st, a, uint32(i))
			y = e.fb.CompositeExtract(st, b, uint32(i))
		}
		products[i] = e.fb.Emit(spv.OpIMul, st, builder.Ref(x), builder.Ref(y))
	}
	sum := products[0]
	for _, p := range products[1:] {
		sum = e.fb.Emit(spv.OpIAdd, st, builder.Ref(sum), builder.Ref(p))
	}
	return sum
}

// transposeInt transposes an integer or bool matrix (an array of row
// vectors) into the array of its columns: every element, row by row, then the columns.
func (e *emitter) transposeInt(m builder.ID, t *types.Type) builder.ID {
	s := t.Scalar()
	st := e.typeID(types.ScalarType(s))
	el := make([][]builder.ID, t.Rows())
	for r := range el {
		el[r] = make([]builder.ID, t.Cols())
		for c := range el[r] {
			el[r][c] = e.fb.CompositeExtract(st, m, uint32(r), uint32(c))
		}
	}
	cols := make([]builder.ID, t.Cols())
	for c := range cols {
		parts := make([]builder.ID, t.Rows())
		for r := range parts {
			parts[r] = el[r][c]
		}
		cols[c] = e.fb.CompositeConstruct(e.typeID(types.Vec(s, t.Rows())), parts...)
	}
	return e.fb.CompositeConstruct(e.b.TypeArrayN(e.typeID(types.Vec(s, t.Rows())), uint32(t.Cols()), 0), cols...)
}

// mulIntScalar multiplies an integer scalar, vector or matrix by a scalar
// as DXC does: the scalar splat to a vector, OpIMul with it (on each row of
// a matrix, which is an array of row vectors).
func (e *emitter) mulIntScalar(av, bv builder.ID, at, bt, rt *types.Type) builder.ID {
	st := types.ScalarType(rt.Scalar())
	if flatCount(at) == 1 && flatCount(bt) == 1 {
		return e.fb.Emit(spv.OpIMul, e.typeID(st), builder.Ref(av), builder.Ref(bv))
	}
	scalarFirst := flatCount(at) == 1
	s, other, ot := bv, av, at
	if scalarFirst {
		s, other, ot = av, bv, bt
	}
	c := ot.Canonical()
	if !realMatrix(c) {
		n := flatCount(c)
		vt := e.typeID(types.Vec(rt.Scalar(), n))
		parts := make([]builder.ID, n)
		for i := range parts {
			parts[i] = s
		}
		splat := e.fb.CompositeConstruct(vt, parts...)
		if scalarFirst {
			return e.fb.Emit(spv.OpIMul, vt, builder.Ref(splat), builder.Ref(other))
		}
		return e.fb.Emit(spv.OpIMul, vt, builder.Ref(other), builder.Ref(splat))
	}
	row := types.Vec(rt.Scalar(), c.Cols())
	rowT := e.typeID(row)
	parts := make([]builder.ID, c.Cols())
	for i := range parts {
		parts[i] = s
	}
	splat := e.fb.CompositeConstruct(rowT, parts...)
	rows := make([]builder.ID, c.Rows())
	for r := range rows {
		v := e.fb.CompositeExtract(rowT, other, uint32(r))
		rows[r] = e.fb.Emit(spv.OpIMul, rowT, builder.Ref(v), builder.Ref(splat))
	}
	return e.fb.CompositeConstruct(e.typeID(rt), rows...)
}

// realMatrix reports whether t is a matrix of at least two rows and two
// columns (one-row and one-column matrices are vectors in SPIR-V).
func realMatrix(t *types.Type) bool {
	c := t.Canonical()
	return c.IsMatrix() && c.Rows() > 1 && c.Cols() > 1
}

// transpose emits transpose(m): OpTranspose on float matrices, element by
// element on others, and the value itself for one-row or one-column ones.
func (e *emitter) transpose(m builder.ID, at, rt *types.Type) builder.ID {
	a := at.Canonical()
	if !realMatrix(a) {
		return m
	}
	if a.Scalar().IsFloat() {
		return e.fb.Emit(spv.OpTranspose, e.typeID(rt), builder.Ref(m))
	}
	return e.transposeInt(m, a)
}

// discardInvocation is discard: OpDemoteToHelperInvocation when demotion
// is enabled, else OpKill.
func (e *emitter) discardInvocation() {
	if e.opts.Demote {
		e.b.Capability(spv.CapabilityDemoteToHelperInvocation)
		if e.opts.Version < spv.Version1_6 {
			e.b.Extension("SPV_EXT_demote_to_helper_invocation")
		}
		e.fb.Emit(spv.OpDemoteToHelperInvocation, 0)
		return
	}
	e.fb.Kill()
}
