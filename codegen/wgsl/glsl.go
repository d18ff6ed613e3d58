package wgsl

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// GLSL.std.450 to WGSL. Most instructions are a WGSL builtin of another
// name; the table says which, and the signedness its operands need. The
// rest are polyfilled below.

type glslRule uint8

const (
	gAny glslRule = iota // operands as they are
	gI32                 // operands and result as i32
	gU32                 // operands and result as u32
)

type glslFunc struct {
	name string
	rule glslRule
}

var glslTable = &lazy[map[uint32]glslFunc]{make: func() map[uint32]glslFunc {
	return map[uint32]glslFunc{
		spv.GLSLstd450Round: {"round", gAny}, spv.GLSLstd450RoundEven: {"round", gAny},
		spv.GLSLstd450Trunc: {"trunc", gAny}, spv.GLSLstd450FAbs: {"abs", gAny}, spv.GLSLstd450SAbs: {"abs", gI32},
		spv.GLSLstd450FSign: {"sign", gAny}, spv.GLSLstd450SSign: {"sign", gI32}, spv.GLSLstd450Floor: {"floor", gAny},
		spv.GLSLstd450Ceil: {"ceil", gAny}, spv.GLSLstd450Fract: {"fract", gAny}, spv.GLSLstd450Radians: {"radians", gAny},
		spv.GLSLstd450Degrees: {"degrees", gAny}, spv.GLSLstd450Sin: {"sin", gAny}, spv.GLSLstd450Cos: {"cos", gAny},
		spv.GLSLstd450Tan: {"tan", gAny}, spv.GLSLstd450Asin: {"asin", gAny}, spv.GLSLstd450Acos: {"acos", gAny},
		spv.GLSLstd450Atan: {"atan", gAny}, spv.GLSLstd450Sinh: {"sinh", gAny}, spv.GLSLstd450Cosh: {"cosh", gAny},
		spv.GLSLstd450Tanh: {"tanh", gAny}, spv.GLSLstd450Asinh: {"asinh", gAny}, spv.GLSLstd450Acosh: {"acosh", gAny},
		spv.GLSLstd450Atanh: {"atanh", gAny}, spv.GLSLstd450Atan2: {"atan2", gAny}, spv.GLSLstd450Pow: {"pow", gAny},
		spv.GLSLstd450Exp: {"exp", gAny}, spv.GLSLstd450Log: {"log", gAny}, spv.GLSLstd450Exp2: {"exp2", gAny},
		spv.GLSLstd450Log2: {"log2", gAny}, spv.GLSLstd450Sqrt: {"sqrt", gAny},
		spv.GLSLstd450InverseSqrt: {"inverseSqrt", gAny}, spv.GLSLstd450Determinant: {"determinant", gAny},
		spv.GLSLstd450FMin: {"min", gAny}, spv.GLSLstd450UMin: {"min", gU32}, spv.GLSLstd450SMin: {"min", gI32},
		spv.GLSLstd450FMax: {"max", gAny}, spv.GLSLstd450UMax: {"max", gU32}, spv.GLSLstd450SMax: {"max", gI32},
		spv.GLSLstd450FClamp: {"clamp", gAny}, spv.GLSLstd450UClamp: {"clamp", gU32}, spv.GLSLstd450SClamp: {"clamp", gI32},
		spv.GLSLstd450FMix: {"mix", gAny}, spv.GLSLstd450Step: {"step", gAny}, spv.GLSLstd450SmoothStep: {"smoothstep", gAny},
		spv.GLSLstd450Fma: {"fma", gAny}, spv.GLSLstd450PackSnorm4x8: {"pack4x8snorm", gAny},
		spv.GLSLstd450PackUnorm4x8: {"pack4x8unorm", gAny}, spv.GLSLstd450PackSnorm2x16: {"pack2x16snorm", gAny},
		spv.GLSLstd450PackUnorm2x16: {"pack2x16unorm", gAny}, spv.GLSLstd450PackHalf2x16: {"pack2x16float", gAny},
		spv.GLSLstd450UnpackSnorm2x16: {"unpack2x16snorm", gU32}, spv.GLSLstd450UnpackUnorm2x16: {"unpack2x16unorm", gU32},
		spv.GLSLstd450UnpackHalf2x16: {"unpack2x16float", gU32}, spv.GLSLstd450UnpackSnorm4x8: {"unpack4x8snorm", gU32},
		spv.GLSLstd450UnpackUnorm4x8: {"unpack4x8unorm", gU32}, spv.GLSLstd450Length: {"length", gAny},
		spv.GLSLstd450Distance: {"distance", gAny}, spv.GLSLstd450Cross: {"cross", gAny},
		spv.GLSLstd450Normalize: {"normalize", gAny}, spv.GLSLstd450FaceForward: {"faceForward", gAny},
		spv.GLSLstd450Reflect: {"reflect", gAny}, spv.GLSLstd450Refract: {"refract", gAny},
		spv.GLSLstd450FindSMsb: {"firstLeadingBit", gI32}, spv.GLSLstd450FindUMsb: {"firstLeadingBit", gU32},
	}
}}

// extInst translates an OpExtInst.
func (fs *funcState) extInst(in *builder.Inst, out *[]stmt) {
	t := fs.t
	if len(in.Operands) < 2 {
		t.fail("OpExtInst with too few operands")
	}
	set := t.extSets[in.Operands[0].ID()]
	if strings.HasPrefix(set, "NonSemantic.") || set == "OpenCL.DebugInfo.100" {
		return // debug information and other non-semantic instructions
	}
	if set != "GLSL.std.450" {
		t.unsupported("the extended instruction set %q", set)
	}
	n := in.Operands[1].Word
	args := in.Operands[2:]
	arg := func(i int) expr {
		if i >= len(args) {
			t.fail("GLSL.std.450 instruction %d is missing operand %d", n, i)
		}
		return fs.value(args[i].ID())
	}
	argType := func(i int) builder.ID { return t.typeOfValue(args[i].ID()) }
	res := t.resultScalar(in.Type)
	if t.involvesWide(in) {
		fs.bind(in, t.wideGLSL(n, arg, len(args), in.Type), out)
		return
	}
	if f, ok := glslTable.get()[n]; ok {
		var list []expr
		s := sNone
		a0, _ := t.scalarOf(argType(0))
		switch f.rule {
		case gI32:
			s = a0.signed()
		case gU32:
			s = a0.unsigned()
		}
		for i := range args {
			list = append(list, t.castTo(arg(i), argType(i), s))
		}
		e := call(f.name, list...)
		if n == spv.GLSLstd450SAbs {
			_, k := t.scalarOf(in.Type)
			e = t.wrap16(e, s, k) // abs(-32768) is -32768 in 16 bits
		}
		if s != sNone && res.isInt() {
			e = t.castTo(e, t.scalarTypeLike(in.Type, s), res)
		}
		fs.bind(in, e, out)
		return
	}
	tn := t.typ(in.Type).text
	switch n {
	case spv.GLSLstd450FindILsb:
		fs.bind(in, t.castTo(call("firstTrailingBit", arg(0)), argType(0), res), out)
	case spv.GLSLstd450Ldexp:
		s, _ := t.scalarOf(argType(1))
		fs.bind(in, call("ldexp", arg(0), t.castTo(arg(1), argType(1), s.signed())), out)
	case spv.GLSLstd450Modf, spv.GLSLstd450Frexp:
		// The second result goes through a pointer.
		r := fs.refOf(args[1].ID())
		fn, whole := "modf", "whole"
		if n == spv.GLSLstd450Frexp {
			fn, whole = "frexp", "exp"
		}
		tmp := t.names.unique(fn)
		*out = append(*out, sLine{fmt.Sprintf("let %s = %s(%s);", tmp, fn, arg(0).text)})
		second := primary(tmp + "." + whole)
		if n == spv.GLSLstd450Frexp {
			second = t.castTo(second, t.scalarTypeLike(r.pointee, sI32), t.resultScalar(r.pointee))
		}
		fs.store(r, second, out)
		fs.bind(in, primary(tmp+".fract"), out)
	case spv.GLSLstd450ModfStruct, spv.GLSLstd450FrexpStruct:
		rt := t.typ(in.Type)
		if rt.op != spv.OpTypeStruct || len(rt.members) != 2 {
			t.fail("GLSL.std.450 %d does not return a two-member struct", n)
		}
		at := t.typ(argType(0)).text
		var body string
		if n == spv.GLSLstd450ModfStruct {
			body = fmt.Sprintf("(x : %s) -> %s {\n  let r = modf(x);\n  return %s(r.fract, r.whole);\n}\n", at, tn, tn)
		} else {
			exp := t.castTo(primary("r.exp"), t.scalarTypeLike(rt.members[1], sI32), t.resultScalar(rt.members[1]))
			body = fmt.Sprintf("(x : %s) -> %s {\n  let r = frexp(x);\n  return %s(r.fract, %s);\n}\n", at, tn, tn, exp.text)
		}
		fs.bind(in, call(t.helper(fmt.Sprintf("glsl%d_%s", n, tn), body), arg(0)), out)
	case spv.GLSLstd450NMin, spv.GLSLstd450NMax, spv.GLSLstd450NClamp:
		fs.bind(in, t.nanAware(n, tn, arg, argType), out)
	case spv.GLSLstd450MatrixInverse:
		fs.bind(in, call(t.inverseHelper(in.Type), arg(0)), out)
	case spv.GLSLstd450IMix:
		t.unsupported("GLSL.std.450 IMix")
	case spv.GLSLstd450InterpolateAtCentroid, spv.GLSLstd450InterpolateAtSample, spv.GLSLstd450InterpolateAtOffset:
		t.unsupported("interpolating an input at a centroid, sample or offset (EvaluateAttribute*)")
	case spv.GLSLstd450PackDouble2x32, spv.GLSLstd450UnpackDouble2x32:
		t.unsupported("64-bit floats (PackDouble2x32 / UnpackDouble2x32)")
	default:
		t.unsupported("GLSL.std.450 %s", glslName(n))
	}
}

// nanAware polyfills NMin, NMax and NClamp: when one operand is NaN the
// other is the result, which WGSL's min and max do not promise.
func (t *translator) nanAware(n uint32, tn string, arg func(int) expr, argType func(int) builder.ID) expr {
	s, k := t.scalarOf(argType(0))
	if s != sF32 {
		t.unsupported("GLSL.std.450 NMin/NMax/NClamp on %s", s)
	}
	isnan := t.isNanInf(&builder.Inst{Op: spv.OpIsNan}, primary("x"), argType(0))
	isnanName := strings.TrimSuffix(isnan.text, "(x)")
	bt := vecText(sBool, k)
	_ = bt
	pick := func(op string) string {
		return t.helper("n"+op+"_"+tn, fmt.Sprintf("(a : %s, b : %s) -> %s {\n  return select(select(%s(a, b), a, %s(b)), b, %s(a));\n}\n", tn, tn, tn, op, isnanName, isnanName))
	}
	switch n {
	case spv.GLSLstd450NMin:
		return call(pick("min"), arg(0), arg(1))
	case spv.GLSLstd450NMax:
		return call(pick("max"), arg(0), arg(1))
	}
	return call(pick("min"), call(pick("max"), arg(0), arg(1)), arg(2))
}

// inverseHelper writes the inverse of a square matrix type by cofactors.
func (t *translator) inverseHelper(typ builder.ID) string {
	v := t.typ(typ)
	if !v.isMatrix() || v.n != v.rows {
		t.fail("MatrixInverse of a %s", v.text)
	}
	n := v.n
	// el spells element (row r, column c) of m.
	el := func(r, c int) string { return fmt.Sprintf("m[%d][%d]", c, r) }
	var det func(rows, cols []int) string
	det = func(rows, cols []int) string {
		if len(rows) == 1 {
			return el(rows[0], cols[0])
		}
		var terms []string
		for i, c := range cols {
			rest := append(append([]int(nil), cols[:i]...), cols[i+1:]...)
			sign := "+"
			if i%2 == 1 {
				sign = "-"
			}
			terms = append(terms, fmt.Sprintf("%s %s * (%s)", sign, el(rows[0], c), det(rows[1:], rest)))
		}
		return strings.TrimPrefix(strings.Join(terms, " "), "+ ")
	}
	without := func(k int) []int {
		var out []int
		for i := 0; i < n; i++ {
			if i != k {
				out = append(out, i)
			}
		}
		return out
	}
	var cols []string
	for c := 0; c < n; c++ {
		var comps []string
		for r := 0; r < n; r++ {
			// inverse(row r, column c) = cofactor(row c, column r) / det.
			cof := det(without(c), without(r))
			if (r+c)%2 == 1 {
				cof = "-(" + cof + ")"
			}
			comps = append(comps, cof)
		}
		cols = append(cols, fmt.Sprintf("%s(%s)", vecText(v.comp, n), strings.Join(comps, ", ")))
	}
	body := fmt.Sprintf("(m : %s) -> %s {\n  let d = determinant(m);\n  return %s(%s) * (1.0 / d);\n}\n", v.text, v.text, v.text, strings.Join(cols, ",\n    "))
	return t.helper("inverse_"+v.text, body)
}

// glslName names a GLSL.std.450 instruction for messages.
func glslName(n uint32) string {
	if set := spv.ExtInstSetByName("GLSL.std.450"); set != nil {
		if info := set.Inst(n); info != nil {
			return info.Name()
		}
	}
	return fmt.Sprintf("instruction %d", n)
}
