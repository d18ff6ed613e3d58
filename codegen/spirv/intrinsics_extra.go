package spirv

import (
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
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
// not: wave and quad operations (wave.go), the rarer math, packing and
// conversion helpers (here and intrinsics_math.go), the Vulkan-specific
// ones (intrinsics_vk.go) and NonUniformResourceIndex (nonuniform.go).
// ok is false for an intrinsic it does not know either.
//
// Each follows DXC's SPIR-V back end (SpirvEmitter::processIntrinsic*):
// the same instructions in the same order, except where DXC's output is
// invalid or wrong, which the comments say.
func (e *emitter) intrinsicExtra(x *ast.CallExpr, m *intrinsics.Match, name string, t *types.Type) (value, bool) {
	if isWaveIntrinsic(name) {
		return e.wave(x, m, name, t)
	}
	if v, ok := e.rayIntrinsic(x, m, name, t); ok { // raytracing.go
		return v, true
	}
	ct := concreteType(t)
	arg := func(i int) builder.ID { return e.rvalueAs(x.Args[i], e.paramType(x, m, i)) }
	switch name {
	case "SetMeshOutputCounts", "DispatchMesh":
		return e.meshIntrinsic(x, name), true // mesh.go
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
	case "GetAttributeAtVertex":
		return rv(e.attributeAtVertex(x, m, t), t), true // pervertex.go
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
	case "GetRemainingRecursionLevels":
		return rv(e.remainingRecursionLevels(), t), true // node.go
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
	case "CheckAccessFullyMapped":
		// the status a sparse (OpImageSparse*) access returned
		status := arg(0)
		return rv(e.fb.Emit(spv.OpImageSparseTexelsResident, e.b.TypeBool(), builder.Ref(status)), t), true
	case "printf":
		// NonSemantic.DebugPrintf's DebugPrintf (1): the format as an
		// OpString, then the arguments as they are.
		format, ok := e.printfFormat(x.Args[0])
		if !ok {
			e.errorf(x.Args[0].Pos(), "printf's format must be a string literal or a const string variable initialized with one")
		}
		ops := []builder.ID{e.b.DebugString(format)}
		for _, a := range x.Args[1:] {
			ops = append(ops, e.rvalueAs(a, concreteType(e.typeOf(a))))
		}
		e.fb.ExtInst(e.b.TypeVoid(), "NonSemantic.DebugPrintf", 1, ops...)
		return rv(0, t), true
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
		// Packed 32-bit operands need their own capability besides DotProduct.
		e.b.Capability(spv.CapabilityDotProductInput4x8BitPacked)
		d := e.fb.Emit(op, rt, builder.Ref(a), builder.Ref(b), builder.Enum(spv.PackedVectorFormatPackedVectorFormat4x8Bit))
		return rv(e.fb.Emit(spv.OpIAdd, rt, builder.Ref(d), builder.Ref(acc)), t), true
	case "dot2add":
		// float(a * b) summed, plus the accumulator.
		a, b, acc := arg(0), arg(1), arg(2)
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

// intrinsicOverride emits the forms of intrinsics that the main table in
// intrinsics.go maps but lowers differently from DXC, or rejects: ldexp
// (x * exp2(e), since GLSL.std.450 Ldexp wants an integer exponent), abs
// of unsigned values (the value itself), asuint(double, out lo, out hi),
// and countbits/reversebits of 16- and 64-bit integers (OpBitCount and
// OpBitReverse take 32-bit ones). ok is false for every other call, which
// the main table then handles; intrinsic() asks this first.
func (e *emitter) intrinsicOverride(x *ast.CallExpr, m *intrinsics.Match, name string, t *types.Type) (value, bool) {
	if m.Overload == nil || m.Overload.Method {
		return value{}, false
	}
	ct := concreteType(t)
	switch name {
	case "ldexp", "abs":
		return e.intrinsicExtra(x, m, name, t)
	case "asuint":
		if len(x.Args) == 3 {
			return e.intrinsicExtra(x, m, name, t)
		}
	case "countbits":
		if v, ok := e.countBitsWide(x, m, ct); ok {
			return rv(v, t), true
		}
	case "reversebits":
		if v, ok := e.reverseBitsWide(x, m, ct); ok {
			return rv(v, t), true
		}
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
