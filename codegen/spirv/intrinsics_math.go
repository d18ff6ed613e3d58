package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// The rarer math, packing and conversion intrinsics, called from
// intrinsicExtra.

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
		s := e.fb.ExtInst(structOf(rt), glslSet, spv.GLSLstd450ModfStruct, v)
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
		s := e.fb.ExtInst(st, glslSet, spv.GLSLstd450ModfStruct, row)
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
		s := e.fb.ExtInst(structOf(ft, it), glslSet, spv.GLSLstd450FrexpStruct, v)
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
		s := e.fb.ExtInst(st, glslSet, spv.GLSLstd450FrexpStruct, row)
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

// reverseBitsWide emits reversebits of 16- and 64-bit integers as DXC
// does: a 16-bit value widened, reversed and shifted down 16; a 64-bit one
// as two reversed 32-bit halves swapped. ok is false for 32-bit values.
func (e *emitter) reverseBitsWide(x *ast.CallExpr, m *intrinsics.Match, ct *types.Type) (builder.ID, bool) {
	at := e.paramType(x, m, 0)
	c := at.Canonical()
	bits := e.scalarBits(c.Scalar())
	if bits == 32 || rowed(at) {
		return 0, false
	}
	v := e.rvalueAs(x.Args[0], at)
	n := flatCount(c)
	u32 := types.ScalarType(types.Uint)
	if n > 1 {
		u32 = types.Vec(types.Uint, n)
	}
	ut := e.typeID(u32)
	emit := func(op spv.Op, typ builder.ID, ops ...builder.ID) builder.ID {
		return e.fb.Emit(op, typ, builder.Refs(ops...)...)
	}
	unsigned := at.WithScalar(intOfWidth(true, bits))
	var r builder.ID
	if bits == 16 {
		wide := emit(spv.OpUConvert, ut, v)
		rev := emit(spv.OpBitReverse, ut, wide)
		shifted := emit(spv.OpShiftRightLogical, ut, rev, e.splatConst(u32, 16))
		r = emit(spv.OpUConvert, e.typeID(unsigned), shifted)
	} else {
		ul := e.typeID(unsigned)
		k32 := e.splatConst(unsigned, 32)
		lo := emit(spv.OpUConvert, ut, v)
		hi := emit(spv.OpUConvert, ut, emit(spv.OpShiftRightLogical, ul, v, k32))
		loRev := emit(spv.OpBitReverse, ut, lo)
		hiRev := emit(spv.OpBitReverse, ut, hi)
		loWide := emit(spv.OpUConvert, ul, loRev)
		hiWide := emit(spv.OpUConvert, ul, hiRev)
		r = emit(spv.OpBitwiseOr, ul, emit(spv.OpShiftLeftLogical, ul, loWide, k32), hiWide)
	}
	if c.Scalar().IsSigned() {
		r = emit(spv.OpBitcast, e.typeID(ct), r)
	}
	return r, true
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
// pow(n.h, m), 1), the lighting coefficients as the HLSL reference defines
// them ((n.h)^m) and DXC's DXIL back end computes them. DXC's SPIR-V back
// end (and glslang) multiply n.h * m instead, which is wrong.
func (e *emitter) lit(x *ast.CallExpr, m *intrinsics.Match, ct *types.Type) builder.ID {
	l := e.rvalueAs(x.Args[0], e.paramType(x, m, 0))
	h := e.rvalueAs(x.Args[1], e.paramType(x, m, 1))
	p := e.rvalueAs(x.Args[2], e.paramType(x, m, 2))
	s := ct.Canonical().Scalar()
	st := e.typeID(types.ScalarType(s))
	zero, one := e.scalarConst(s, 0), e.scalarConst(s, 1)
	diffuse := e.fb.ExtInst(st, glslSet, spv.GLSLstd450FMax, zero, l)
	lo := e.fb.ExtInst(st, glslSet, spv.GLSLstd450FMin, l, h)
	neg := e.fb.Emit(spv.OpFOrdLessThan, e.b.TypeBool(), builder.Ref(lo), builder.Ref(zero))
	pow := e.fb.ExtInst(st, glslSet, spv.GLSLstd450Pow, h, p)
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
			ad := e.fb.ExtInst(i32, glslSet, spv.GLSLstd450SAbs, d)
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
	if m.ID == intrinsics.Pack_clamp_s8 || m.ID == intrinsics.Pack_clamp_u8 {
		lo, hi := -128.0, 127.0
		if m.ID == intrinsics.Pack_clamp_u8 {
			lo, hi = 0, 255
		}
		inst := uint32(spv.GLSLstd450UClamp)
		if signed {
			inst = spv.GLSLstd450SClamp
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
