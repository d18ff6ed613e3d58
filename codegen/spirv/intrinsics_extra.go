package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// GLSL.std.450 instructions used only here.
const (
	glslModfStruct     = 36
	glslFrexpStruct    = 52
	glslPackHalf2x16   = 58
	glslUnpackHalf2x16 = 62

	glslInterpolateAtCentroid = 76
	glslInterpolateAtSample   = 77
	glslInterpolateAtOffset   = 78
)

// intrinsicExtra emits the intrinsics the main table in intrinsics.go does
// not: wave operations, packing and conversion helpers, the rarer math.
// ok is false for an intrinsic it does not know either.
//
// Each follows DXC's SPIR-V back end (SpirvEmitter::processIntrinsic*):
// the same instructions in the same order, except where DXC's output is
// invalid or wrong, which the comments say.
func (e *emitter) intrinsicExtra(x *ast.CallExpr, m *intrinsics.Match, name string, t *types.Type) (value, bool) {
	if isWaveIntrinsic(name) {
		return e.wave(x, m, name, t)
	}
	ct := concreteType(t)
	arg := func(i int) builder.ID { return e.rvalueAs(x.Args[i], e.paramType(x, m, i)) }
	switch name {
	case "IsHelperLane":
		// Helper lanes exist only in pixel shaders. Before SPIR-V 1.6,
		// OpIsHelperInvocationEXT (SPV_EXT_demote_to_helper_invocation);
		// from 1.6 the HelperInvocation input, Volatile since a demote can
		// change it.
		bt := e.b.TypeBool()
		if e.opts.Stage != "ps" {
			return rv(e.b.ConstBool(false), t), true
		}
		if e.opts.Version < spv.Version1_6 {
			return rv(e.fb.Emit(spv.OpIsHelperInvocationEXT, bt), t), true
		}
		id := e.builtinInputOf(spv.BuiltInHelperInvocation, bt)
		return rv(e.fb.Load(bt, id), t), true
	case "ReadClock":
		// vk::ReadClock(scope): OpReadClockKHR (SPV_KHR_shader_clock).
		if !m.Overload.Vk {
			return value{}, false
		}
		// The scope is a constant (vk::DeviceScope...) that DXC folds.
		scope, ok := e.constantArg(x.Args[0], e.paramType(x, m, 0))
		if !ok {
			e.errorf(x.Args[0].Pos(), "the scope of ReadClock must be a constant")
		}
		return rv(e.fb.Emit(spv.OpReadClockKHR, e.typeID(ct), builder.Ref(scope)), t), true
	case "DebugBreak":
		// NonSemantic.DebugBreak's instruction 1 (SPV_KHR_non_semantic_info
		// before SPIR-V 1.6).
		e.fb.ExtInst(e.b.TypeVoid(), "NonSemantic.DebugBreak", 1)
		return rv(0, t), true
	case "EvaluateAttributeCentroid", "EvaluateAttributeAtSample", "EvaluateAttributeSnapped":
		return rv(e.evaluateAttribute(x, m, name, ct), t), true
	case "RawBufferLoad", "RawBufferStore":
		if !m.Overload.Vk {
			return value{}, false
		}
		return rv(e.rawBuffer(x, m, name, ct), t), true
	case "Barrier":
		e.barrierFlags(x)
		return rv(0, t), true
	case "ext_execution_mode", "ext_execution_mode_id":
		if !m.Overload.Vk {
			return value{}, false
		}
		e.extExecutionMode(x, m, name == "ext_execution_mode_id")
		return rv(0, t), true
	case "NonUniformResourceIndex":
		// a copy of the index, decorated NonUniform (see nonuniform.go)
		idx := arg(0)
		c := e.fb.Emit(spv.OpCopyObject, e.typeID(ct), builder.Ref(idx))
		e.b.Decorate(c, spv.DecorationNonUniform)
		return rv(c, t), true
	case "fmod":
		// OpFRem: the result takes the sign of the dividend, as HLSL's
		// fmod does (OpFMod would take the divisor's).
		a, b := arg(0), arg(1)
		return rv(e.perRowOp(ct, func(rt builder.ID, r ...builder.ID) builder.ID {
			return e.fb.Emit(spv.OpFRem, rt, builder.Ref(r[0]), builder.Ref(r[1]))
		}, a, b), t), true
	case "ldexp":
		// x * exp2(e): GLSL.std.450 Ldexp wants an integer exponent, HLSL's
		// is a float (a fractional one scales by a fractional power).
		a, b := arg(0), arg(1)
		return rv(e.perRowOp(ct, func(rt builder.ID, r ...builder.ID) builder.ID {
			p := e.fb.ExtInst(rt, glslSet, glslExp2, r[1])
			return e.fb.Emit(spv.OpFMul, rt, builder.Ref(r[0]), builder.Ref(p))
		}, a, b), t), true
	case "isfinite":
		// OpIsFinite needs Kernel: !(isnan(x) || isinf(x)).
		v := arg(0)
		at := e.paramType(x, m, 0)
		return rv(e.perRowTo(at, ct, func(in, out builder.ID, r builder.ID) builder.ID {
			isNan := e.fb.Emit(spv.OpIsNan, out, builder.Ref(r))
			isInf := e.fb.Emit(spv.OpIsInf, out, builder.Ref(r))
			or := e.fb.Emit(spv.OpLogicalOr, out, builder.Ref(isNan), builder.Ref(isInf))
			return e.fb.Emit(spv.OpLogicalNot, out, builder.Ref(or))
		}, v), t), true
	case "isnormal":
		// OpIsNormal needs Kernel: the exponent bits are neither all zeros
		// nor all ones.
		v := arg(0)
		at := e.paramType(x, m, 0)
		bits := e.scalarBits(at.Canonical().Scalar())
		return rv(e.perRowTo(at, ct, func(in, out builder.ID, r builder.ID) builder.ID {
			n := flatCountOf(e, in)
			ut, mask, zero := e.uintOfWidth(bits, n)
			cast := e.fb.Emit(spv.OpBitcast, ut, builder.Ref(r))
			masked := e.fb.Emit(spv.OpBitwiseAnd, ut, builder.Ref(cast), builder.Ref(mask))
			notZero := e.fb.Emit(spv.OpINotEqual, out, builder.Ref(masked), builder.Ref(zero))
			notOnes := e.fb.Emit(spv.OpINotEqual, out, builder.Ref(masked), builder.Ref(mask))
			return e.fb.Emit(spv.OpLogicalAnd, out, builder.Ref(notZero), builder.Ref(notOnes))
		}, v), t), true
	case "log10":
		// log2(x) * (1 / log2(10)), with DXC's constant 0.30103.
		v := arg(0)
		l := e.perRowOp(ct, func(rt builder.ID, r ...builder.ID) builder.ID {
			return e.fb.ExtInst(rt, glslSet, glslLog2, r[0])
		}, v)
		k := e.scalarConst(ct.Canonical().Scalar(), 0.30103)
		return rv(e.scale(ct, l, k), t), true
	case "sincos":
		// DXC evaluates x once for sin and again for cos; so does this,
		// unless evaluating x has side effects.
		v := arg(0)
		at := e.paramType(x, m, 0)
		s := e.perRowOp(at, func(rt builder.ID, r ...builder.ID) builder.ID {
			return e.fb.ExtInst(rt, glslSet, glslSin, r[0])
		}, v)
		e.storeOut(x.Args[1], s, at)
		if sideEffectFree(x.Args[0]) {
			v = arg(0)
		}
		c := e.perRowOp(at, func(rt builder.ID, r ...builder.ID) builder.ID {
			return e.fb.ExtInst(rt, glslSet, glslCos, r[0])
		}, v)
		e.storeOut(x.Args[2], c, at)
		return rv(0, t), true
	case "modf":
		return rv(e.modf(x, m, arg(0)), t), true
	case "frexp":
		return rv(e.frexp(x, m), t), true
	case "f32tof16":
		// PackHalf2x16 of (x, 0): the half lands in the low 16 bits.
		v := arg(0)
		at := e.paramType(x, m, 0)
		f32, u32 := e.b.TypeFloat(32), e.b.TypeInt(32, false)
		zero := e.b.ConstFloat32(0)
		return rv(e.perComponent(at, ct, v, f32, u32, func(c builder.ID) builder.ID {
			pair := e.fb.CompositeConstruct(e.b.TypeVector(f32, 2), c, zero)
			return e.fb.ExtInst(u32, glslSet, glslPackHalf2x16, pair)
		}), t), true
	case "f16tof32":
		// UnpackHalf2x16, first component: the half in the low 16 bits.
		v := arg(0)
		at := e.paramType(x, m, 0)
		f32, u32 := e.b.TypeFloat(32), e.b.TypeInt(32, false)
		return rv(e.perComponent(at, ct, v, u32, f32, func(c builder.ID) builder.ID {
			pair := e.fb.ExtInst(e.b.TypeVector(f32, 2), glslSet, glslUnpackHalf2x16, c)
			return e.fb.CompositeExtract(f32, pair, 0)
		}), t), true
	case "D3DCOLORtoUBYTE4":
		// (int4)(x.zyxw * 255.002)
		v := arg(0)
		ft := e.typeID(types.Vec(types.Float, 4))
		sw := e.fb.Emit(spv.OpVectorShuffle, ft, builder.Ref(v), builder.Ref(v), builder.Lit(2), builder.Lit(1), builder.Lit(0), builder.Lit(3))
		scaled := e.fb.Emit(spv.OpVectorTimesScalar, ft, builder.Ref(sw), builder.Ref(e.b.ConstFloat32(255.002)))
		return rv(e.fb.Emit(spv.OpConvertFToS, e.typeID(ct), builder.Ref(scaled)), t), true
	case "select":
		return e.selectIntrinsic(x, ct, t)
	case "asdouble":
		return rv(e.asdouble(x, m, ct), t), true
	case "asuint":
		if len(x.Args) == 3 {
			e.splitDouble(x, m)
			return rv(0, t), true
		}
	case "abs":
		// abs of an unsigned value is the value (DXC emits nothing).
		if s := ct.Canonical().Scalar(); s.IsUnsigned() {
			return rv(arg(0), t), true
		}
	case "countbits":
		if v, ok := e.countBitsWide(x, m, ct); ok {
			return rv(v, t), true
		}
	case "and", "or":
		op := spv.OpLogicalAnd
		if name == "or" {
			op = spv.OpLogicalOr
		}
		a, b := arg(0), arg(1)
		return rv(e.perRowOp(ct, func(rt builder.ID, r ...builder.ID) builder.ID {
			return e.fb.Emit(op, rt, builder.Ref(r[0]), builder.Ref(r[1]))
		}, a, b), t), true
	case "dst":
		return rv(e.dst(x, m, ct), t), true
	case "lit":
		return rv(e.lit(x, m, ct), t), true
	case "msad4":
		return rv(e.msad4(arg(0), arg(1), arg(2)), t), true
	case "dot4add_i8packed", "dot4add_u8packed":
		// OpSDot/OpUDot on packed 4x8-bit vectors, then the accumulator
		// (OpSDotAccSat would saturate, HLSL does not).
		a, b, acc := arg(0), arg(1), arg(2)
		op := spv.OpUDot
		if name == "dot4add_i8packed" {
			op = spv.OpSDot
		}
		rt := e.typeID(ct)
		d := e.fb.Emit(op, rt, builder.Ref(a), builder.Ref(b), builder.Enum(spv.PackedVectorFormatPackedVectorFormat4x8Bit))
		return rv(e.fb.Emit(spv.OpIAdd, rt, builder.Ref(d), builder.Ref(acc)), t), true
	case "dot2add":
		// float(a * b) summed, plus the accumulator.
		a, b, acc := arg(0), arg(1), arg(2)
		ht := e.paramType(x, m, 0)
		f32 := e.b.TypeFloat(32)
		p := e.fb.Emit(spv.OpFMul, e.typeID(ht), builder.Ref(a), builder.Ref(b))
		f := e.fb.Emit(spv.OpFConvert, e.b.TypeVector(f32, 2), builder.Ref(p))
		x0 := e.fb.CompositeExtract(f32, f, 0)
		x1 := e.fb.CompositeExtract(f32, f, 1)
		d := e.fb.Emit(spv.OpFAdd, f32, builder.Ref(x0), builder.Ref(x1))
		return rv(e.fb.Emit(spv.OpFAdd, f32, builder.Ref(d), builder.Ref(acc)), t), true
	case "pack_s8", "pack_u8", "pack_clamp_s8", "pack_clamp_u8":
		return rv(e.pack8(x, m, name, ct), t), true
	case "unpack_s8s16", "unpack_s8s32", "unpack_u8u16", "unpack_u8u32":
		v := arg(0)
		signed := name == "unpack_s8s16" || name == "unpack_s8s32"
		bytes := e.b.TypeVector(e.b.TypeInt(8, signed), 4)
		b := e.fb.Emit(spv.OpBitcast, bytes, builder.Ref(v))
		op := spv.OpUConvert
		if signed {
			op = spv.OpSConvert
		}
		return rv(e.fb.Emit(op, e.typeID(ct), builder.Ref(b)), t), true
	}
	return value{}, false
}

// paramType is the type argument i is converted to: the matched
// overload's parameter type, else the argument's own.
func (e *emitter) paramType(x *ast.CallExpr, m *intrinsics.Match, i int) *types.Type {
	if i < len(m.Params) && m.Params[i].Type != nil {
		return concreteType(m.Params[i].Type)
	}
	return concreteType(e.typeOf(x.Args[i]))
}

// storeOut writes val, of type from, to the out argument arg, converted
// to the argument's type (modf(x, intVar) converts the float ip).
func (e *emitter) storeOut(arg ast.Expr, val builder.ID, from *types.Type) {
	lv := e.expr(arg)
	e.store(lv, e.convert(val, from, lv.typ))
}

// rowed reports whether a value of type t is a SPIR-V matrix (or a bool
// matrix's array of rows): a matrix with more than one row and column.
func rowed(t *types.Type) bool {
	c := t.Canonical()
	return c.IsMatrix() && c.Rows() > 1 && c.Cols() > 1
}

// perRowOp applies op to operands of type t (rows of them for a matrix,
// whose rows it reassembles); op gets the SPIR-V type of its result.
func (e *emitter) perRowOp(t *types.Type, op func(rt builder.ID, r ...builder.ID) builder.ID, vs ...builder.ID) builder.ID {
	if !rowed(t) {
		return op(e.typeID(t), vs...)
	}
	return e.perRow(t.Canonical(), func(rt *types.Type, rows ...builder.ID) builder.ID {
		return op(e.typeID(rt), rows...)
	}, vs...)
}

// perRowTo applies op to v of type in, giving a value of type out of the
// same shape (row by row for matrices); op gets the SPIR-V types of its
// operand and result.
func (e *emitter) perRowTo(in, out *types.Type, op func(inT, outT builder.ID, r builder.ID) builder.ID, v builder.ID) builder.ID {
	if !rowed(in) {
		return op(e.typeID(in), e.typeID(out), v)
	}
	c := in.Canonical()
	return e.perRowAs(c, out.Canonical(), func(rt *types.Type, rows ...builder.ID) builder.ID {
		return op(e.typeID(rt), e.typeID(rt.WithScalar(out.Canonical().Scalar())), rows[0])
	}, v)
}

// flatCountOf is the number of components of the SPIR-V scalar or vector
// type id.
func flatCountOf(e *emitter, id builder.ID) int {
	if e.b.TypeOp(id) == spv.OpTypeVector {
		return int(e.b.ComponentCount(id))
	}
	return 1
}

// uintOfWidth is the unsigned integer type of a width with n components
// and, of that type, the constants of a float's exponent mask and zero.
func (e *emitter) uintOfWidth(bits, n int) (typ, mask, zero builder.ID) {
	st := e.b.TypeInt(uint32(bits), false)
	var m uint64 = 0x7F800000
	switch bits {
	case 16:
		m = 0x7C00
	case 64:
		m = 0x7FF0000000000000
	}
	mask, zero = e.b.Constant(st, m), e.b.Constant(st, 0)
	if n == 1 {
		return st, mask, zero
	}
	vt := e.b.TypeVector(st, uint32(n))
	ms, zs := make([]builder.ID, n), make([]builder.ID, n)
	for i := range ms {
		ms[i], zs[i] = mask, zero
	}
	return vt, e.b.ConstComposite(vt, ms...), e.b.ConstComposite(vt, zs...)
}

// scale multiplies v of type t by the scalar constant k: OpFMul,
// OpVectorTimesScalar or OpMatrixTimesScalar.
func (e *emitter) scale(t *types.Type, v, k builder.ID) builder.ID {
	op := spv.OpVectorTimesScalar
	switch {
	case flatCount(t) == 1:
		op = spv.OpFMul
	case rowed(t):
		op = spv.OpMatrixTimesScalar
	}
	return e.fb.Emit(op, e.typeID(t), builder.Ref(v), builder.Ref(k))
}

// perComponent applies op to each component of v (of type in, a scalar or
// vector) and builds the result of type out; op maps a scalar of SPIR-V
// type inS to one of outS.
func (e *emitter) perComponent(in, out *types.Type, v, inS, outS builder.ID, op func(builder.ID) builder.ID) builder.ID {
	n := flatCount(in)
	if rowed(in) {
		e.unsupported(nil, "this intrinsic on a matrix")
	}
	if n == 1 {
		return op(v)
	}
	parts := make([]builder.ID, n)
	for i := range parts {
		parts[i] = op(e.fb.CompositeExtract(inS, v, uint32(i)))
	}
	return e.fb.CompositeConstruct(e.typeID(out), parts...)
}

// modf emits modf(x, out ip) with ModfStruct, row by row for matrices;
// ip is stored before the fraction is extracted, as DXC does.
func (e *emitter) modf(x *ast.CallExpr, m *intrinsics.Match, v builder.ID) builder.ID {
	at := e.paramType(x, m, 0)
	structOf := func(rt builder.ID) builder.ID {
		return e.b.TypeStruct(builder.StructType{Name: "ModfStructType", Members: []builder.StructMember{
			{Type: rt, Name: "frac"}, {Type: rt, Name: "ip"}}})
	}
	if !rowed(at) {
		rt := e.typeID(at)
		s := e.fb.ExtInst(structOf(rt), glslSet, glslModfStruct, v)
		ip := e.fb.CompositeExtract(rt, s, 1)
		e.storeOut(x.Args[1], ip, at)
		return e.fb.CompositeExtract(rt, s, 0)
	}
	c := at.Canonical()
	rt := e.typeID(types.Vec(c.Scalar(), c.Cols()))
	st := structOf(rt)
	fracs, ips := make([]builder.ID, c.Rows()), make([]builder.ID, c.Rows())
	for i := range fracs {
		row := e.fb.CompositeExtract(rt, v, uint32(i))
		s := e.fb.ExtInst(st, glslSet, glslModfStruct, row)
		ips[i] = e.fb.CompositeExtract(rt, s, 1)
		fracs[i] = e.fb.CompositeExtract(rt, s, 0)
	}
	mt := e.typeID(at)
	e.storeOut(x.Args[1], e.fb.CompositeConstruct(mt, ips...), at)
	return e.fb.CompositeConstruct(mt, fracs...)
}

// frexp emits frexp(x, out exp) with FrexpStruct: the exponent comes back
// as an int and is stored converted to float.
func (e *emitter) frexp(x *ast.CallExpr, m *intrinsics.Match) builder.ID {
	at := e.paramType(x, m, 0)
	v := e.rvalueAs(x.Args[0], at)
	lv := e.expr(x.Args[1])
	c := at.Canonical()
	structOf := func(ft, it builder.ID) builder.ID {
		return e.b.TypeStruct(builder.StructType{Name: "FrexpStructType", Members: []builder.StructMember{
			{Type: ft, Name: "mantissa"}, {Type: it, Name: "exponent"}}})
	}
	store := func(exp builder.ID) { e.store(lv, e.convert(exp, at, lv.typ)) }
	if !rowed(at) {
		ft := e.typeID(at)
		it := e.typeID(at.WithScalar(types.Int))
		s := e.fb.ExtInst(structOf(ft, it), glslSet, glslFrexpStruct, v)
		ei := e.fb.CompositeExtract(it, s, 1)
		store(e.fb.Emit(spv.OpConvertSToF, ft, builder.Ref(ei)))
		return e.fb.CompositeExtract(ft, s, 0)
	}
	ft := e.typeID(types.Vec(c.Scalar(), c.Cols()))
	it := e.typeID(types.Vec(types.Int, c.Cols()))
	st := structOf(ft, it)
	exps, mants := make([]builder.ID, c.Rows()), make([]builder.ID, c.Rows())
	for i := range exps {
		row := e.fb.CompositeExtract(ft, v, uint32(i))
		s := e.fb.ExtInst(st, glslSet, glslFrexpStruct, row)
		ei := e.fb.CompositeExtract(it, s, 1)
		exps[i] = e.fb.Emit(spv.OpConvertSToF, ft, builder.Ref(ei))
		mants[i] = e.fb.CompositeExtract(ft, s, 0)
	}
	mt := e.typeID(at)
	store(e.fb.CompositeConstruct(mt, exps...))
	return e.fb.CompositeConstruct(mt, mants...)
}

// selectIntrinsic emits HLSL 2021's select(cond, a, b): every operand evaluated,
// OpSelect per component; a matrix picked by one scalar condition goes
// through a temporary and a branch, as DXC does.
func (e *emitter) selectIntrinsic(x *ast.CallExpr, ct, t *types.Type) (value, bool) {
	if !numeric(ct) {
		return value{}, false
	}
	own := concreteType(e.typeOf(x.Args[0]))
	rc := ct.Canonical()
	if rowed(rc) && flatCount(own) == 1 {
		c := e.rvalueAs(x.Args[0], types.ScalarType(types.Bool))
		fb := e.fb
		tmp := fb.Variable(e.ptrType(spv.StorageClassFunction, ct, layout.Void), "temp.var.ternary", 0)
		a := e.rvalueAs(x.Args[1], ct)
		b := e.rvalueAs(x.Args[2], ct)
		sel := fb.BeginIf(c, true, spv.SelectionControlNone)
		fb.Store(tmp, a)
		fb.Else(sel)
		fb.Store(tmp, b)
		fb.EndIf(sel)
		return rv(fb.Load(e.typeID(ct), tmp), t), true
	}
	c := e.rvalueAs(x.Args[0], ct.WithScalar(types.Bool))
	a := e.rvalueAs(x.Args[1], ct)
	b := e.rvalueAs(x.Args[2], ct)
	if rowed(rc) {
		return rv(e.perRowSelect(rc, c, a, b), t), true
	}
	return rv(e.fb.Emit(spv.OpSelect, e.typeID(ct), builder.Ref(c), builder.Ref(a), builder.Ref(b)), t), true
}

// asdouble joins low and high 32-bit halves into doubles: a uint2 bitcast
// per component.
func (e *emitter) asdouble(x *ast.CallExpr, m *intrinsics.Match, ct *types.Type) builder.ID {
	pt := e.paramType(x, m, 0)
	lo := e.rvalueAs(x.Args[0], pt)
	hi := e.rvalueAs(x.Args[1], pt)
	u2 := e.b.TypeVector(e.b.TypeInt(32, false), 2)
	f64 := e.b.TypeFloat(64)
	n := flatCount(pt)
	if n == 1 {
		pair := e.fb.CompositeConstruct(u2, lo, hi)
		return e.fb.Emit(spv.OpBitcast, f64, builder.Ref(pair))
	}
	parts := make([]builder.ID, n)
	for i := range parts {
		pair := e.fb.Emit(spv.OpVectorShuffle, u2, builder.Ref(lo), builder.Ref(hi), builder.Lit(uint32(i)), builder.Lit(uint32(n+i)))
		parts[i] = e.fb.Emit(spv.OpBitcast, f64, builder.Ref(pair))
	}
	return e.fb.CompositeConstruct(e.typeID(ct), parts...)
}

// splitDouble emits asuint(double d, out uint lo, out uint hi): each
// double bitcast to a uint2.
func (e *emitter) splitDouble(x *ast.CallExpr, m *intrinsics.Match) {
	dt := e.paramType(x, m, 0)
	v := e.rvalueAs(x.Args[0], dt)
	u32 := e.b.TypeInt(32, false)
	u2 := e.b.TypeVector(u32, 2)
	f64 := e.b.TypeFloat(64)
	split := func(d builder.ID) (builder.ID, builder.ID) {
		p := e.fb.Emit(spv.OpBitcast, u2, builder.Ref(d))
		return e.fb.CompositeExtract(u32, p, 0), e.fb.CompositeExtract(u32, p, 1)
	}
	splitVec := func(vec builder.ID, n int, out builder.ID) (builder.ID, builder.ID) {
		los, his := make([]builder.ID, n), make([]builder.ID, n)
		for i := range los {
			los[i], his[i] = split(e.fb.CompositeExtract(f64, vec, uint32(i)))
		}
		return e.fb.CompositeConstruct(out, los...), e.fb.CompositeConstruct(out, his...)
	}
	ut := dt.WithScalar(types.Uint)
	c := dt.Canonical()
	var lo, hi builder.ID
	switch {
	case flatCount(c) == 1:
		lo, hi = split(v)
	case !rowed(c):
		lo, hi = splitVec(v, flatCount(c), e.typeID(ut))
	default:
		rt := e.typeID(types.Vec(types.Double, c.Cols()))
		urt := e.typeID(types.Vec(types.Uint, c.Cols()))
		los, his := make([]builder.ID, c.Rows()), make([]builder.ID, c.Rows())
		for i := range los {
			los[i], his[i] = splitVec(e.fb.CompositeExtract(rt, v, uint32(i)), c.Cols(), urt)
		}
		lo, hi = e.fb.CompositeConstruct(e.typeID(ut), los...), e.fb.CompositeConstruct(e.typeID(ut), his...)
	}
	e.storeOut(x.Args[1], lo, ut)
	e.storeOut(x.Args[2], hi, ut)
}

// countBitsWide emits countbits of 16- and 64-bit integers, which
// OpBitCount takes only with maintenance9: a 16-bit value is widened, a
// 64-bit one counted in two halves. ok is false for 32-bit values.
func (e *emitter) countBitsWide(x *ast.CallExpr, m *intrinsics.Match, ct *types.Type) (builder.ID, bool) {
	at := e.paramType(x, m, 0)
	bits := e.scalarBits(at.Canonical().Scalar())
	if bits == 32 || rowed(at) {
		return 0, false
	}
	v := e.rvalueAs(x.Args[0], at)
	ut := e.typeID(ct)
	lo := e.fb.Emit(spv.OpUConvert, ut, builder.Ref(v))
	n := e.fb.Emit(spv.OpBitCount, ut, builder.Ref(lo))
	if bits == 16 {
		return n, true
	}
	shift := e.splatConst(ct, 32)
	hi := e.fb.Emit(spv.OpShiftRightLogical, e.typeID(at), builder.Ref(v), builder.Ref(shift))
	hi32 := e.fb.Emit(spv.OpUConvert, ut, builder.Ref(hi))
	hn := e.fb.Emit(spv.OpBitCount, ut, builder.Ref(hi32))
	return e.fb.Emit(spv.OpIAdd, ut, builder.Ref(hn), builder.Ref(n)), true
}

// dst emits dst(a, b) = (1, a.y * b.y, a.z, b.w).
func (e *emitter) dst(x *ast.CallExpr, m *intrinsics.Match, ct *types.Type) builder.ID {
	pt := e.paramType(x, m, 0)
	a := e.rvalueAs(x.Args[0], pt)
	b := e.rvalueAs(x.Args[1], e.paramType(x, m, 1))
	s := ct.Canonical().Scalar()
	st := e.typeID(types.ScalarType(s))
	ay := e.fb.CompositeExtract(st, a, 1)
	by := e.fb.CompositeExtract(st, b, 1)
	az := e.fb.CompositeExtract(st, a, 2)
	bw := e.fb.CompositeExtract(st, b, 3)
	mul := spv.OpIMul
	if s.IsFloat() {
		mul = spv.OpFMul
	}
	y := e.fb.Emit(mul, st, builder.Ref(ay), builder.Ref(by))
	return e.fb.CompositeConstruct(e.typeID(ct), e.scalarConst(s, 1), y, az, bw)
}

// lit emits lit(n.l, n.h, m) = (1, max(0, n.l), n.l < 0 || n.h < 0 ? 0 :
// pow(n.h, m), 1), the D3D lighting coefficients. DXC's SPIR-V back end
// multiplies n.h * m instead (as the HLSL reference's formula reads); its
// DXIL back end, FXC and the D3D9 lit instruction raise n.h to the power
// m, which this follows.
func (e *emitter) lit(x *ast.CallExpr, m *intrinsics.Match, ct *types.Type) builder.ID {
	l := e.rvalueAs(x.Args[0], e.paramType(x, m, 0))
	h := e.rvalueAs(x.Args[1], e.paramType(x, m, 1))
	p := e.rvalueAs(x.Args[2], e.paramType(x, m, 2))
	s := ct.Canonical().Scalar()
	st := e.typeID(types.ScalarType(s))
	zero, one := e.scalarConst(s, 0), e.scalarConst(s, 1)
	diffuse := e.fb.ExtInst(st, glslSet, glslFMax, zero, l)
	lo := e.fb.ExtInst(st, glslSet, glslFMin, l, h)
	neg := e.fb.Emit(spv.OpFOrdLessThan, e.b.TypeBool(), builder.Ref(lo), builder.Ref(zero))
	pow := e.fb.ExtInst(st, glslSet, glslPow, h, p)
	spec := e.fb.Emit(spv.OpSelect, st, builder.Ref(neg), builder.Ref(zero), builder.Ref(pow))
	return e.fb.CompositeConstruct(e.typeID(ct), one, diffuse, spec, one)
}

// msad4 emits msad4(reference, source, accum): for each of the four byte
// alignments k of the eight source bytes, accum[k] plus the sum of
// |ref byte i - source byte k+i| over the reference bytes that are not
// zero (wrapping, which D3D allows instead of saturating).
//
// The shifted source words are source.x >> 8k with the low bytes of
// source.y inserted above; DXC shifts left instead (OpShiftLeftLogical),
// which compares against the wrong bytes for k > 0.
func (e *emitter) msad4(ref, src, accum builder.ID) builder.ID {
	u32 := e.b.TypeInt(32, false)
	i32 := e.b.TypeInt(32, true)
	bt := e.b.TypeBool()
	u := func(v uint32) builder.ID { return e.b.ConstUint32(v) }
	sx := e.fb.CompositeExtract(u32, src, 0)
	s8 := e.fb.Emit(spv.OpShiftRightLogical, u32, builder.Ref(sx), builder.Ref(u(8)))
	s16 := e.fb.Emit(spv.OpShiftRightLogical, u32, builder.Ref(sx), builder.Ref(u(16)))
	s24 := e.fb.Emit(spv.OpShiftRightLogical, u32, builder.Ref(sx), builder.Ref(u(24)))
	sy := e.fb.CompositeExtract(u32, src, 1)
	bfi := func(base builder.ID, offset, count uint32) builder.ID {
		return e.fb.Emit(spv.OpBitFieldInsert, u32, builder.Ref(base), builder.Ref(sy), builder.Ref(u(offset)), builder.Ref(u(count)))
	}
	sources := []builder.ID{sx, bfi(s8, 24, 8), bfi(s16, 16, 16), bfi(s24, 8, 24)}
	acc := make([]builder.ID, 4)
	for i := range acc {
		acc[i] = e.fb.CompositeExtract(u32, accum, uint32(i))
	}
	var refSigned, refZero [4]builder.ID
	for i := range uint32(4) {
		b := e.fb.Emit(spv.OpBitFieldUExtract, u32, builder.Ref(ref), builder.Ref(u(8*i)), builder.Ref(u(8)))
		refSigned[i] = e.fb.Emit(spv.OpBitcast, i32, builder.Ref(b))
		refZero[i] = e.fb.Emit(spv.OpIEqual, bt, builder.Ref(b), builder.Ref(u(0)))
	}
	for k := range acc {
		for i := range uint32(4) {
			b := e.fb.Emit(spv.OpBitFieldUExtract, u32, builder.Ref(sources[k]), builder.Ref(u(8*i)), builder.Ref(u(8)))
			sb := e.fb.Emit(spv.OpBitcast, i32, builder.Ref(b))
			d := e.fb.Emit(spv.OpISub, i32, builder.Ref(refSigned[i]), builder.Ref(sb))
			ad := e.fb.ExtInst(i32, glslSet, glslSAbs, d)
			ud := e.fb.Emit(spv.OpBitcast, u32, builder.Ref(ad))
			diff := e.fb.Emit(spv.OpSelect, u32, builder.Ref(refZero[i]), builder.Ref(u(0)), builder.Ref(ud))
			acc[k] = e.fb.Emit(spv.OpIAdd, u32, builder.Ref(acc[k]), builder.Ref(diff))
		}
	}
	return e.fb.CompositeConstruct(e.b.TypeVector(u32, 4), acc...)
}

// pack8 emits pack_[clamp_]{s,u}8: clamp (for the clamp forms), truncate
// each component to 8 bits, bitcast the four bytes to the packed uint.
func (e *emitter) pack8(x *ast.CallExpr, m *intrinsics.Match, name string, ct *types.Type) builder.ID {
	at := e.paramType(x, m, 0)
	v := e.rvalueAs(x.Args[0], at)
	s := at.Canonical().Scalar()
	signed := s.IsSigned()
	if name == "pack_clamp_s8" || name == "pack_clamp_u8" {
		lo, hi := -128.0, 127.0
		if name == "pack_clamp_u8" {
			lo, hi = 0, 255
		}
		inst := uint32(glslUClamp)
		if signed {
			inst = glslSClamp
		}
		v = e.fb.ExtInst(e.typeID(at), glslSet, inst, v, e.splatConst(at, lo), e.splatConst(at, hi))
	}
	bytes := e.b.TypeVector(e.b.TypeInt(8, signed), 4)
	op := spv.OpUConvert
	if signed {
		op = spv.OpSConvert
	}
	b := e.fb.Emit(op, bytes, builder.Ref(v))
	return e.fb.Emit(spv.OpBitcast, e.typeID(ct), builder.Ref(b))
}

// sideEffectFree reports whether evaluating x twice is the same as once:
// names, literals, member and element reads and operators on them.
func sideEffectFree(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.NameExpr, *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return sideEffectFree(x.X)
	case *ast.MemberExpr:
		return !x.HasArgs && sideEffectFree(x.X)
	case *ast.IndexExpr:
		return sideEffectFree(x.X) && sideEffectFree(x.Index)
	case *ast.UnaryExpr:
		switch x.Op {
		case ast.PreInc, ast.PreDec, ast.PostInc, ast.PostDec:
			return false
		}
		return sideEffectFree(x.X)
	case *ast.BinaryExpr:
		return x.Op != ast.Comma && sideEffectFree(x.X) && sideEffectFree(x.Y)
	case *ast.CastExpr:
		return sideEffectFree(x.X)
	case *ast.ConstructExpr:
		for _, a := range x.Args {
			if !sideEffectFree(a) {
				return false
			}
		}
		return true
	}
	return false
}

// evaluateAttribute emits EvaluateAttributeCentroid/AtSample/Snapped as
// DXC does before legalization: the value in a temp.var.<type>, then
// InterpolateAtCentroid/AtSample/AtOffset (the offset converted to
// float2) on that variable. The GLSL.std.450 instructions need the stage
// input variable itself, which only legalization (inlining the entry
// function and propagating the copies) recovers, so without -fcgl this
// is an error instead of an invalid module.
func (e *emitter) evaluateAttribute(x *ast.CallExpr, m *intrinsics.Match, name string, ct *types.Type) builder.ID {
	if !e.opts.CodeGenOnly {
		e.errorf(x.Pos(), "%s needs its argument's stage input variable, which is known only after legalization; that is not supported yet by the SPIR-V backend (-fcgl emits the unlegalized form)", name)
	}
	v := e.rvalueAs(x.Args[0], ct)
	tmp := e.temporary(v, ct, astTypeName(ct))
	rt := e.typeID(ct)
	switch name {
	case "EvaluateAttributeCentroid":
		return e.fb.ExtInst(rt, glslSet, glslInterpolateAtCentroid, tmp.id)
	case "EvaluateAttributeAtSample":
		sample := e.rvalueAs(x.Args[1], e.paramType(x, m, 1))
		return e.fb.ExtInst(rt, glslSet, glslInterpolateAtSample, tmp.id, sample)
	}
	ot := e.paramType(x, m, 1)
	off := e.rvalueAs(x.Args[1], ot)
	f := e.convert(off, ot, ot.WithScalar(types.Float))
	return e.fb.ExtInst(rt, glslSet, glslInterpolateAtOffset, tmp.id, f)
}

// constantArg folds x to a constant of type t when semantic analysis knows
// its value, static const variables included (SPIR-V wants scopes and
// similar operands as constants).
func (e *emitter) constantArg(x ast.Expr, t *types.Type) (builder.ID, bool) {
	v := e.info.ValueOf(x)
	if v == nil {
		return 0, false
	}
	c := concreteType(t).Canonical()
	cv, ok := v.ConvertTo(c, types.Explicit)
	if !ok {
		return 0, false
	}
	return e.compositeConst(cv, c), true
}

// rawBuffer emits vk::RawBufferLoad<T>(address[, alignment]) and
// vk::RawBufferStore<T>(address, value[, alignment]) as DXC does: the
// 64-bit address bitcast to a PhysicalStorageBuffer pointer to T (laid out
// as a storage buffer's element), then an Aligned load or store (4 bytes
// unless given). A bool travels as a uint, since a physical pointer cannot
// point to one. The module switches to the PhysicalStorageBuffer64
// addressing model.
func (e *emitter) rawBuffer(x *ast.CallExpr, m *intrinsics.Match, name string, ct *types.Type) builder.ID {
	load := name == "RawBufferLoad"
	alignArg := 2
	if load {
		alignArg = 1
	}
	align := uint32(4)
	if len(x.Args) > alignArg {
		v := e.info.ValueOf(x.Args[alignArg])
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

// constUint is x's value as a non-negative integer constant.
func (e *emitter) constUint(x ast.Expr) (uint64, bool) {
	v := e.info.ValueOf(x)
	if v == nil || len(v.Elems) != 1 {
		return 0, false
	}
	if n, ok := v.Elems[0].Int64(); ok && n < 0 {
		return 0, false
	}
	return v.Elems[0].Uint64()
}

// barrierFlags emits SM 6.8's Barrier(memoryTypeFlags, semanticFlags) as
// DXC does: memory types UAV (1), groupshared (2) and node output (8) give
// the Uniform, Workgroup and Output memory semantics with AcquireRelease;
// the semantic flags GroupSync (1), GroupScope (2) and DeviceScope (4)
// pick the memory scope and whether it is an OpControlBarrier. Both zero
// is no barrier at all.
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
	semantics := uint32(spv.MemorySemanticsAcquireRelease)
	if mem&1 != 0 {
		semantics |= uint32(spv.MemorySemanticsUniformMemory)
	}
	if mem&2 != 0 {
		semantics |= uint32(spv.MemorySemanticsWorkgroupMemory)
	}
	if mem&8 != 0 {
		semantics |= uint32(spv.MemorySemanticsOutputMemory)
	}
	u := func(v uint32) builder.Operand { return builder.Ref(e.b.ConstUint32(v)) }
	if sem&1 != 0 {
		e.fb.Emit(spv.OpControlBarrier, 0, u(uint32(spv.ScopeWorkgroup)), u(scope), u(semantics))
		return
	}
	e.fb.Emit(spv.OpMemoryBarrier, 0, u(scope), u(semantics))
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
	if withIDs {
		ids := make([]builder.ID, 0, len(x.Args)-1)
		for i := 1; i < len(x.Args); i++ {
			ids = append(ids, e.rvalueAs(x.Args[i], e.paramType(x, m, i)))
		}
		e.b.ExecutionModeId(e.entryID, spv.ExecutionMode(mode), ids...)
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
	e.b.ExecutionMode(e.entryID, spv.ExecutionMode(mode), params...)
}
