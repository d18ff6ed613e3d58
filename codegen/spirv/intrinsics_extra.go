package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// The lowerings of the intrinsics beyond intrinsics.go's: the rarer math,
// packing and conversion helpers (here and intrinsics_math.go), the
// Vulkan-specific ones (intrinsics_vk.go), the pixel-shader helpers and
// NonUniformResourceIndex (nonuniform.go). intrinsic_table.go maps each ID
// to them.
//
// Each follows DXC's SPIR-V back end (SpirvEmitter::processIntrinsic*):
// the same instructions in the same order, except where DXC's output is
// invalid or wrong, which the comments say.

// intrinsicArg evaluates argument i of a call converted to its parameter
// type (paramType).
func (e *emitter) intrinsicArg(x *ast.CallExpr, m *intrinsics.Match, i int) builder.ID {
	return e.rvalueAs(x.Args[i], e.paramType(x, m, i))
}

// lowerIsHelperLane emits IsHelperLane. Helper lanes exist only in pixel
// shaders. Before SPIR-V 1.6, OpIsHelperInvocationEXT
// (SPV_EXT_demote_to_helper_invocation); from 1.6 the HelperInvocation
// input, Volatile since a demote can change it.
func lowerIsHelperLane(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	bt := e.b.TypeBool()
	if e.stage() != stage.Pixel {
		return rv(e.b.ConstBool(false), t)
	}
	if e.opts.Version < spv.Version1_6 {
		return rv(e.fb.Emit(spv.OpIsHelperInvocationEXT, bt), t)
	}
	id := e.builtinInputOf(spv.BuiltInHelperInvocation, bt)
	e.needLegalization("the HelperInvocation built-in") // legalneeds.go
	return rv(e.fb.Load(bt, id), t)
}

// lowerReadClock emits vk::ReadClock(scope): OpReadClockKHR
// (SPV_KHR_shader_clock). The scope is a constant (vk::DeviceScope...)
// that DXC folds.
func lowerReadClock(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	scope, ok := e.constantArg(x.Args[0], e.paramType(x, m, 0))
	if !ok {
		e.errorf(x.Args[0].Pos(), "the scope of ReadClock must be a constant")
	}
	return rv(e.fb.Emit(spv.OpReadClockKHR, e.typeID(concreteType(t)), builder.Ref(scope)), t)
}

// lowerDebugBreak emits NonSemantic.DebugBreak's instruction 1
// (SPV_KHR_non_semantic_info before SPIR-V 1.6).
func lowerDebugBreak(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	e.fb.ExtInst(e.b.TypeVoid(), "NonSemantic.DebugBreak", 1)
	return rv(0, t)
}

// lowerNonUniformResourceIndex emits a copy of the index, decorated
// NonUniform (see nonuniform.go).
func lowerNonUniformResourceIndex(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	idx := e.intrinsicArg(x, m, 0)
	c := e.fb.Emit(spv.OpCopyObject, e.typeID(concreteType(t)), builder.Ref(idx))
	e.b.Decorate(c, spv.DecorationNonUniform)
	return rv(c, t)
}

// lowerCheckAccessFullyMapped emits whether the status a sparse
// (OpImageSparse*) access returned says the texels are resident.
func lowerCheckAccessFullyMapped(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	status := e.intrinsicArg(x, m, 0)
	return rv(e.fb.Emit(spv.OpImageSparseTexelsResident, e.b.TypeBool(), builder.Ref(status)), t)
}

// lowerPrintf emits NonSemantic.DebugPrintf's DebugPrintf (1): the format
// as an OpString, then the arguments as they are.
func lowerPrintf(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	format, ok := e.printfFormat(x.Args[0])
	if !ok {
		e.errorf(x.Args[0].Pos(), "printf's format must be a string literal or a const string variable initialized with one")
	}
	ops := []builder.ID{e.b.DebugString(format)}
	for _, a := range x.Args[1:] {
		ops = append(ops, e.rvalueAs(a, concreteType(e.typeOf(a))))
	}
	e.fb.ExtInst(e.b.TypeVoid(), "NonSemantic.DebugPrintf", 1, ops...)
	return rv(0, t)
}

// binaryLowering lowers an intrinsic that is one SPIR-V instruction on its
// two converted arguments, row by row on matrices: fmod is OpFRem (the
// result takes the sign of the dividend, as HLSL's fmod does; OpFMod would
// take the divisor's), and and or are OpLogicalAnd and OpLogicalOr.
func binaryLowering(op spv.Op) intrinsicLowering {
	return func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
		a, b := e.intrinsicArg(x, m, 0), e.intrinsicArg(x, m, 1)
		return rv(e.perRowOp(concreteType(t), func(rt builder.ID, r ...builder.ID) builder.ID {
			return e.fb.Emit(op, rt, builder.Ref(r[0]), builder.Ref(r[1]))
		}, a, b), t)
	}
}

// lowerLdexp emits ldexp as x * exp2(e): GLSL.std.450 Ldexp wants an
// integer exponent, HLSL's is a float (a fractional one scales by a
// fractional power).
func lowerLdexp(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	a, b := e.intrinsicArg(x, m, 0), e.intrinsicArg(x, m, 1)
	return rv(e.perRowOp(concreteType(t), func(rt builder.ID, r ...builder.ID) builder.ID {
		p := e.fb.ExtInst(rt, glslSet, spv.GLSLstd450Exp2, r[1])
		return e.fb.Emit(spv.OpFMul, rt, builder.Ref(r[0]), builder.Ref(p))
	}, a, b), t)
}

// lowerIsfinite emits isfinite as !(isnan(x) || isinf(x)): OpIsFinite
// needs Kernel.
func lowerIsfinite(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	v := e.intrinsicArg(x, m, 0)
	at := e.paramType(x, m, 0)
	return rv(e.perRowTo(at, concreteType(t), func(in, out builder.ID, r builder.ID) builder.ID {
		isNan := e.fb.Emit(spv.OpIsNan, out, builder.Ref(r))
		isInf := e.fb.Emit(spv.OpIsInf, out, builder.Ref(r))
		or := e.fb.Emit(spv.OpLogicalOr, out, builder.Ref(isNan), builder.Ref(isInf))
		return e.fb.Emit(spv.OpLogicalNot, out, builder.Ref(or))
	}, v), t)
}

// lowerIsnormal emits isnormal as whether the exponent bits are neither
// all zeros nor all ones: OpIsNormal needs Kernel.
func lowerIsnormal(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	v := e.intrinsicArg(x, m, 0)
	at := e.paramType(x, m, 0)
	bits := e.scalarBits(at.Canonical().Scalar())
	return rv(e.perRowTo(at, concreteType(t), func(in, out builder.ID, r builder.ID) builder.ID {
		n := flatCountOf(e, in)
		ut, mask, zero := e.uintOfWidth(bits, n)
		cast := e.fb.Emit(spv.OpBitcast, ut, builder.Ref(r))
		masked := e.fb.Emit(spv.OpBitwiseAnd, ut, builder.Ref(cast), builder.Ref(mask))
		notZero := e.fb.Emit(spv.OpINotEqual, out, builder.Ref(masked), builder.Ref(zero))
		notOnes := e.fb.Emit(spv.OpINotEqual, out, builder.Ref(masked), builder.Ref(mask))
		return e.fb.Emit(spv.OpLogicalAnd, out, builder.Ref(notZero), builder.Ref(notOnes))
	}, v), t)
}

// lowerLog10 emits log10 as log2(x) * (1 / log2(10)), with DXC's constant
// 0.30103.
func lowerLog10(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	ct := concreteType(t)
	v := e.intrinsicArg(x, m, 0)
	l := e.perRowOp(ct, func(rt builder.ID, r ...builder.ID) builder.ID {
		return e.fb.ExtInst(rt, glslSet, spv.GLSLstd450Log2, r[0])
	}, v)
	k := e.scalarConst(ct.Canonical().Scalar(), 0.30103)
	return rv(e.scale(ct, l, k), t)
}

// lowerSincos emits sincos. DXC evaluates x once for sin and again for
// cos; so does this, unless evaluating x has side effects.
func lowerSincos(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	v := e.intrinsicArg(x, m, 0)
	at := e.paramType(x, m, 0)
	s := e.perRowOp(at, func(rt builder.ID, r ...builder.ID) builder.ID {
		return e.fb.ExtInst(rt, glslSet, spv.GLSLstd450Sin, r[0])
	}, v)
	e.storeOut(x.Args[1], s, at)
	if sideEffectFree(x.Args[0]) {
		v = e.intrinsicArg(x, m, 0)
	}
	c := e.perRowOp(at, func(rt builder.ID, r ...builder.ID) builder.ID {
		return e.fb.ExtInst(rt, glslSet, spv.GLSLstd450Cos, r[0])
	}, v)
	e.storeOut(x.Args[2], c, at)
	return rv(0, t)
}

// lowerF32tof16 emits f32tof16 as PackHalf2x16 of (x, 0): the half lands
// in the low 16 bits.
func lowerF32tof16(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	v := e.intrinsicArg(x, m, 0)
	at := e.paramType(x, m, 0)
	f32, u32 := e.b.TypeFloat(32), e.b.TypeInt(32, false)
	zero := e.b.ConstFloat32(0)
	return rv(e.perComponent(at, concreteType(t), v, f32, u32, func(c builder.ID) builder.ID {
		pair := e.fb.CompositeConstruct(e.b.TypeVector(f32, 2), c, zero)
		return e.fb.ExtInst(u32, glslSet, spv.GLSLstd450PackHalf2x16, pair)
	}), t)
}

// lowerF16tof32 emits f16tof32 as UnpackHalf2x16's first component: the
// half in the low 16 bits.
func lowerF16tof32(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	v := e.intrinsicArg(x, m, 0)
	at := e.paramType(x, m, 0)
	f32, u32 := e.b.TypeFloat(32), e.b.TypeInt(32, false)
	return rv(e.perComponent(at, concreteType(t), v, u32, f32, func(c builder.ID) builder.ID {
		pair := e.fb.ExtInst(e.b.TypeVector(f32, 2), glslSet, spv.GLSLstd450UnpackHalf2x16, c)
		return e.fb.CompositeExtract(f32, pair, 0)
	}), t)
}

// lowerD3DCOLORtoUBYTE4 emits (int4)(x.zyxw * 255.002).
func lowerD3DCOLORtoUBYTE4(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	v := e.intrinsicArg(x, m, 0)
	ft := e.typeID(types.Vec(types.Float, 4))
	sw := e.fb.Emit(spv.OpVectorShuffle, ft, builder.Ref(v), builder.Ref(v), builder.Lit(2), builder.Lit(1), builder.Lit(0), builder.Lit(3))
	scaled := e.fb.Emit(spv.OpVectorTimesScalar, ft, builder.Ref(sw), builder.Ref(e.b.ConstFloat32(255.002)))
	return rv(e.fb.Emit(spv.OpConvertFToS, e.typeID(concreteType(t)), builder.Ref(scaled)), t)
}

// lowerAsuint emits asuint: of a double with two out arguments, the
// double's halves (splitDouble); else a bitcast.
func lowerAsuint(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	if len(x.Args) == 3 {
		e.splitDouble(x, m)
		return rv(0, t)
	}
	return lowerBitcast(e, x, m, t)
}

// lowerAbs emits abs: of an unsigned value the value itself (DXC emits
// nothing), else GLSL.std.450 FAbs or SAbs.
func lowerAbs(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	if s := concreteType(t).Canonical().Scalar(); s.IsUnsigned() {
		return rv(e.intrinsicArg(x, m, 0), t)
	}
	return glslLowering(glslByKind[intrinsics.Abs])(e, x, m, t)
}

// lowerCountbits emits countbits: of 16- and 64-bit integers through
// countBitsWide (OpBitCount takes 32-bit ones), else OpBitCount.
func lowerCountbits(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	if v, ok := e.countBitsWide(x, m, concreteType(t)); ok {
		return rv(v, t)
	}
	return unaryLowering(unaryOps[intrinsics.Countbits])(e, x, m, t)
}

// lowerReversebits emits reversebits: of 16- and 64-bit integers through
// reverseBitsWide (OpBitReverse takes 32-bit ones), else OpBitReverse.
func lowerReversebits(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	if v, ok := e.reverseBitsWide(x, m, concreteType(t)); ok {
		return rv(v, t)
	}
	return unaryLowering(unaryOps[intrinsics.Reversebits])(e, x, m, t)
}

// dot4AddLowering lowers dot4add_i8packed (OpSDot) and dot4add_u8packed
// (OpUDot) on packed 4x8-bit vectors, then adds the accumulator
// (OpSDotAccSat would saturate, HLSL does not).
func dot4AddLowering(op spv.Op) intrinsicLowering {
	return func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
		a, b, acc := e.intrinsicArg(x, m, 0), e.intrinsicArg(x, m, 1), e.intrinsicArg(x, m, 2)
		rt := e.typeID(concreteType(t))
		// Packed 32-bit operands need their own capability besides DotProduct.
		e.b.Capability(spv.CapabilityDotProductInput4x8BitPacked)
		d := e.fb.Emit(op, rt, builder.Ref(a), builder.Ref(b), builder.Enum(spv.PackedVectorFormatPackedVectorFormat4x8Bit))
		return rv(e.fb.Emit(spv.OpIAdd, rt, builder.Ref(d), builder.Ref(acc)), t)
	}
}

// lowerDot2add emits dot2add: float(a * b) summed, plus the accumulator.
func lowerDot2add(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	a, b, acc := e.intrinsicArg(x, m, 0), e.intrinsicArg(x, m, 1), e.intrinsicArg(x, m, 2)
	ht := e.paramType(x, m, 0)
	f32 := e.b.TypeFloat(32)
	p := e.fb.Emit(spv.OpFMul, e.typeID(ht), builder.Ref(a), builder.Ref(b))
	f := p
	if e.scalarBits(ht.Canonical().Scalar()) != 32 {
		f = e.fb.Emit(spv.OpFConvert, e.b.TypeVector(f32, 2), builder.Ref(p))
	}
	x0 := e.fb.CompositeExtract(f32, f, 0)
	x1 := e.fb.CompositeExtract(f32, f, 1)
	d := e.fb.Emit(spv.OpFAdd, f32, builder.Ref(x0), builder.Ref(x1))
	return rv(e.fb.Emit(spv.OpFAdd, f32, builder.Ref(d), builder.Ref(acc)), t)
}

// unpack8Lowering lowers the unpack_[su]8s{16,32} intrinsics: the packed
// value bitcast to four 8-bit integers, widened with OpSConvert (signed)
// or OpUConvert.
func unpack8Lowering(signed bool) intrinsicLowering {
	return func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
		v := e.intrinsicArg(x, m, 0)
		bytes := e.b.TypeVector(e.b.TypeInt(8, signed), 4)
		b := e.fb.Emit(spv.OpBitcast, bytes, builder.Ref(v))
		op := spv.OpUConvert
		if signed {
			op = spv.OpSConvert
		}
		return rv(e.fb.Emit(op, e.typeID(concreteType(t)), builder.Ref(b)), t)
	}
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
	defer e.debugAt(arg)() // the write-back is where the argument is written
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

// constantArg folds x to a constant of type t when semantic analysis knows
// its value, static const variables included (SPIR-V wants scopes and
// similar operands as constants).
func (e *emitter) constantArg(x ast.Expr, t *types.Type) (builder.ID, bool) {
	v := e.info.ValueOfExpr(x)
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

// constUint is x's value as a non-negative integer constant.
func (e *emitter) constUint(x ast.Expr) (uint64, bool) {
	v := e.info.ValueOfExpr(x)
	if v == nil || len(v.Elems) != 1 {
		return 0, false
	}
	if n, ok := v.Elems[0].Int64(); ok && n < 0 {
		return 0, false
	}
	return v.Elems[0].Uint64()
}

// printfFormat is the text of printf's format argument: a string literal,
// or a variable whose declaration initializes it with one.
func (e *emitter) printfFormat(x ast.Expr) (string, bool) {
	x = unparen(x)
	if n, ok := x.(*ast.NameExpr); ok {
		v, ok := e.info.ObjectOf(n).(*sema.Var)
		if !ok {
			return "", false
		}
		d, ok := v.Decl.(*ast.VarDecl)
		if !ok || d.Init == nil {
			return "", false
		}
		x = unparen(d.Init)
	}
	lit, ok := x.(*ast.BasicLit)
	if !ok || lit.Kind != ast.StringLit {
		return "", false
	}
	return unquoteStrings(lit.Value)
}

// unquoteStrings joins the C string literals of raw ("a" "b", as the
// parser keeps adjacent literals) into their text.
func unquoteStrings(raw string) (string, bool) {
	var b strings.Builder
	for {
		raw = strings.TrimLeft(raw, " \t\r\n")
		if raw == "" {
			return b.String(), true
		}
		if raw[0] != '"' {
			return "", false
		}
		end := 1
		for end < len(raw) && raw[end] != '"' {
			if raw[end] == '\\' {
				end++
			}
			end++
		}
		if end >= len(raw) {
			return "", false
		}
		s, err := strconv.Unquote(raw[:end+1])
		if err != nil {
			s = raw[1:end] // an escape Go does not know: keep it as written
		}
		b.WriteString(s)
		raw = raw[end+1:]
	}
}
