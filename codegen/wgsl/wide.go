package wgsl

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// 64-bit integers. WGSL has none; an int64 or uint64 is held in a
// vec2<u32>, the low word first (its bits, as a buffer holds them), and a
// vector of them in an array<vec2<u32>, N>. Arithmetic is done by helper
// functions on those words, exactly: carries and borrows, the full
// product from 16-bit halves, division bit by bit, shifts across the two
// words, comparisons on the high word then the low one, conversions to
// floats rounded to nearest even as SPIR-V's are. A helper on a vector
// applies the scalar one to each component. What has no exact form —
// 64-bit atomics, 64-bit spec constants — is refused.

// wideHelpers are the scalar helpers by name (parameters, result and
// body: intHelpers and f64.go's f64Helpers) and their names in order
// (declarations must not depend on map order). They are built on first
// use: a compile to SPIR-V alone never needs them.
var wideHelpers = sync.OnceValues(func() (map[string][3]string, []string) {
	helpers := make(map[string][3]string, len(intHelpers)+len(f64Helpers)+2)
	for _, table := range [][]wideHelper{intHelpers[:], f64Helpers[:], f64NarrowingHelpers()} {
		for _, h := range table {
			helpers[h.name] = [3]string{h.params, h.result, h.body}
		}
	}
	return helpers, slices.Sorted(maps.Keys(helpers))
})

// A wideHelper is one scalar helper function's WGSL: its name, parameter
// list, result type and body. The tables are static data: the linker
// lays them out, no code runs to build them.
type wideHelper struct{ name, params, result, body string }

// intHelpers are the 64-bit integer helpers.
var intHelpers = [...]wideHelper{
	{"u64_add", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  let lo = a.x + b.x;
  return vec2<u32>(lo, a.y + b.y + select(0u, 1u, lo < a.x));`},
	{"u64_sub", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  return vec2<u32>(a.x - b.x, a.y - b.y - select(0u, 1u, a.x < b.x));`},
	{"u32_mul_wide", "a : u32, b : u32", "vec2<u32>", `  let al = a & 0xffffu;
  let ah = a >> 16u;
  let bl = b & 0xffffu;
  let bh = b >> 16u;
  let ll = al * bl;
  let lh = al * bh;
  let hl = ah * bl;
  let mid = (ll >> 16u) + (lh & 0xffffu) + (hl & 0xffffu);
  return vec2<u32>((mid << 16u) | (ll & 0xffffu), ah * bh + (lh >> 16u) + (hl >> 16u) + (mid >> 16u));`},
	{"u64_mul", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  let p = spv_u32_mul_wide(a.x, b.x);
  return vec2<u32>(p.x, p.y + a.x * b.y + a.y * b.x);`},
	{"u64_shl", "a : vec2<u32>, s : u32", "vec2<u32>", `  let n = s & 63u;
  if n == 0u {
    return a;
  }
  if n >= 32u {
    return vec2<u32>(0u, a.x << (n - 32u));
  }
  return vec2<u32>(a.x << n, (a.y << n) | (a.x >> (32u - n)));`},
	{"u64_shr", "a : vec2<u32>, s : u32", "vec2<u32>", `  let n = s & 63u;
  if n == 0u {
    return a;
  }
  if n >= 32u {
    return vec2<u32>(a.y >> (n - 32u), 0u);
  }
  return vec2<u32>((a.x >> n) | (a.y << (32u - n)), a.y >> n);`},
	{"i64_shr", "a : vec2<u32>, s : u32", "vec2<u32>", `  let n = s & 63u;
  let hi = bitcast<i32>(a.y);
  if n == 0u {
    return a;
  }
  if n >= 32u {
    return vec2<u32>(bitcast<u32>(hi >> (n - 32u)), bitcast<u32>(hi >> 31u));
  }
  return vec2<u32>((a.x >> n) | (a.y << (32u - n)), bitcast<u32>(hi >> n));`},
	{"u64_lt", "a : vec2<u32>, b : vec2<u32>", "bool", `  return a.y < b.y || (a.y == b.y && a.x < b.x);`},
	{"i64_lt", "a : vec2<u32>, b : vec2<u32>", "bool", `  return bitcast<i32>(a.y) < bitcast<i32>(b.y) || (a.y == b.y && a.x < b.x);`},
	{"u64_eq", "a : vec2<u32>, b : vec2<u32>", "bool", `  return all(a == b);`},
	{"u64_divmod", "a : vec2<u32>, b : vec2<u32>", "array<vec2<u32>, 2>", `  var q = vec2<u32>(0u);
  var r = vec2<u32>(0u);
  for (var i = 63u; ; i--) {
    r = vec2<u32>(r.x << 1u, (r.y << 1u) | (r.x >> 31u));
    r.x |= select(a.x >> i, a.y >> (i - 32u), i >= 32u) & 1u;
    if !spv_u64_lt(r, b) {
      r = spv_u64_sub(r, b);
      if i >= 32u {
        q.y |= 1u << (i - 32u);
      } else {
        q.x |= 1u << i;
      }
    }
    if i == 0u {
      break;
    }
  }
  return array<vec2<u32>, 2>(q, r);`},
	{"u64_div", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  return spv_u64_divmod(a, b)[0];`},
	{"u64_mod", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  return spv_u64_divmod(a, b)[1];`},
	{"i64_neg", "a : vec2<u32>", "vec2<u32>", `  return spv_u64_sub(vec2<u32>(0u), a);`},
	{"i64_abs", "a : vec2<u32>", "vec2<u32>", `  return select(a, spv_i64_neg(a), bitcast<i32>(a.y) < 0i);`},
	{"i64_div", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  let q = spv_u64_divmod(spv_i64_abs(a), spv_i64_abs(b))[0];
  return select(q, spv_i64_neg(q), bitcast<i32>(a.y ^ b.y) < 0i);`},
	{"i64_rem", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  let r = spv_u64_divmod(spv_i64_abs(a), spv_i64_abs(b))[1];
  return select(r, spv_i64_neg(r), bitcast<i32>(a.y) < 0i);`},
	{"i64_mod", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  let r = spv_i64_rem(a, b);
  return select(r, spv_u64_add(r, b), any(r != vec2<u32>(0u)) && bitcast<i32>(r.y ^ b.y) < 0i);`},
	{"u64_to_f32", "v : vec2<u32>", "f32", `  if v.y == 0u {
    return f32(v.x);
  }
  // The top 24 bits, rounded to nearest even on the 40 below.
  let lz = countLeadingZeros(v.y);
  let n = spv_u64_shl(v, lz);
  var m = n.y >> 8u;
  var e = 63u - lz;
  let rest = n.y & 0xffu;
  if rest > 0x80u || (rest == 0x80u && (n.x != 0u || (m & 1u) == 1u)) {
    m += 1u;
    if m == 0x1000000u {
      m = 0x800000u;
      e += 1u;
    }
  }
  return bitcast<f32>(((e + 127u) << 23u) | (m & 0x7fffffu));`},
	{"i64_to_f32", "v : vec2<u32>", "f32", `  if bitcast<i32>(v.y) < 0i {
    return -spv_u64_to_f32(spv_i64_neg(v));
  }
  return spv_u64_to_f32(v);`},
	{"f32_to_u64", "f : f32", "vec2<u32>", `  if f < 4294967296.0f {
    return vec2<u32>(u32(f), 0u);
  }
  // f has 24 significant bits: the high word and what is left are exact.
  let hi = u32(f / 4294967296.0f);
  return vec2<u32>(u32(f - f32(hi) * 4294967296.0f), hi);`},
	{"f32_to_i64", "f : f32", "vec2<u32>", `  if f < 0.0f {
    return spv_i64_neg(spv_f32_to_u64(-f));
  }
  return spv_f32_to_u64(f);`},
	{"u32_to_u64", "v : u32", "vec2<u32>", `  return vec2<u32>(v, 0u);`},
	{"i32_to_i64", "v : i32", "vec2<u32>", `  return vec2<u32>(bitcast<u32>(v), select(0u, 0xffffffffu, v < 0i));`},
	{"u64_low", "v : vec2<u32>", "u32", `  return v.x;`},
	{"u64_select", "c : bool, a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  return select(b, a, c);`},
	{"u64_not", "a : vec2<u32>", "vec2<u32>", `  return ~a;`},
	{"u64_and", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  return a & b;`},
	{"u64_or", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  return a | b;`},
	{"u64_xor", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  return a ^ b;`},
	{"u64_popcount", "a : vec2<u32>", "u32", `  return countOneBits(a.x) + countOneBits(a.y);`},
	{"u64_reverse", "a : vec2<u32>", "vec2<u32>", `  return vec2<u32>(reverseBits(a.y), reverseBits(a.x));`},
	{"u64_mask", "n : u32", "vec2<u32>", `  // The low n bits (n at most 64).
  if n >= 64u {
    return vec2<u32>(0xffffffffu);
  }
  return spv_u64_sub(spv_u64_shl(vec2<u32>(1u, 0u), n), vec2<u32>(1u, 0u));`},
	{"u64_extract", "a : vec2<u32>, o : u32, c : u32", "vec2<u32>", `  if c == 0u {
    return vec2<u32>(0u);
  }
  return spv_u64_shr(a, o) & spv_u64_mask(c);`},
	{"i64_extract", "a : vec2<u32>, o : u32, c : u32", "vec2<u32>", `  if c == 0u {
    return vec2<u32>(0u);
  }
  return spv_i64_shr(spv_u64_shl(a, 64u - o - c), 64u - c);`},
	{"u64_insert", "a : vec2<u32>, b : vec2<u32>, o : u32, c : u32", "vec2<u32>", `  if c == 0u {
    return a;
  }
  let m = spv_u64_shl(spv_u64_mask(c), o);
  return (a & ~m) | (spv_u64_shl(b, o) & m);`},
	{"u64_min", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  return select(b, a, spv_u64_lt(a, b));`},
	{"u64_max", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  return select(a, b, spv_u64_lt(a, b));`},
	{"i64_min", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  return select(b, a, spv_i64_lt(a, b));`},
	{"i64_max", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  return select(a, b, spv_i64_lt(a, b));`},
	{"i64_sign", "a : vec2<u32>", "vec2<u32>", `  if bitcast<i32>(a.y) < 0i {
    return vec2<u32>(0xffffffffu);
  }
  return vec2<u32>(select(0u, 1u, any(a != vec2<u32>(0u))), 0u);`},
}

// wideHelper declares scalar helper name (and those it calls) and returns
// its WGSL name.
func (t *translator) wideHelper(name string) string {
	helpers, names := wideHelpers()
	h, ok := helpers[name]
	if !ok {
		t.fail("no 64-bit helper %s", name)
	}
	if f, ok := t.helperIDs[name]; ok {
		return f
	}
	body := h[2]
	for _, dep := range names {
		if strings.Contains(body, "spv_"+dep+"(") {
			body = strings.ReplaceAll(body, "spv_"+dep+"(", t.wideHelper(dep)+"(")
		}
	}
	return t.helper(name, fmt.Sprintf("(%s) -> %s {\n%s\n}\n", h[0], h[1], body))
}

// wideCall calls scalar helper name on n-component operands (n > 1
// applies it to each component through a lifted helper).
func (t *translator) wideCall(name string, n int, args ...expr) expr {
	f := t.wideHelper(name)
	if n <= 1 {
		return call(f, args...)
	}
	helpers, _ := wideHelpers()
	h := helpers[name]
	var params, each []string
	for i, p := range strings.Split(h[0], ", ") {
		pn, pt, _ := strings.Cut(p, " : ")
		params = append(params, fmt.Sprintf("%s : %s", pn, liftType(pt, n)))
		_ = i
		each = append(each, pn+"[i]")
	}
	ret := liftType(h[1], n)
	lifted := t.helper(fmt.Sprintf("%s_x%d", name, n), fmt.Sprintf("(%s) -> %s {\n  var r : %s;\n  for (var i = 0u; i < %du; i++) {\n    r[i] = %s(%s);\n  }\n  return r;\n}\n",
		strings.Join(params, ", "), ret, ret, n, f, strings.Join(each, ", ")))
	return call(lifted, args...)
}

// liftType is the n-component form of a helper's scalar type.
func liftType(typ string, n int) string {
	if typ == "vec2<u32>" {
		return fmt.Sprintf("array<vec2<u32>, %d>", n)
	}
	return fmt.Sprintf("vec%d<%s>", n, typ)
}

// wideLiteral spells a 64-bit integer constant.
func wideLiteral(bits uint64) expr {
	return primary(fmt.Sprintf("vec2<u32>(%du, %du)", uint32(bits), uint32(bits>>32)))
}

// involvesWide reports whether an instruction has a 64-bit integer result
// or operand.
func (t *translator) involvesWide(in *builder.Inst) bool {
	if s, _ := t.scalarOf(in.Type); s.isWide() {
		return true
	}
	for _, o := range in.Operands {
		if !o.IsID() {
			continue
		}
		if d := t.du.Def(o.ID()); d != nil && d.Type != 0 {
			if s, _ := t.scalarOf(d.Type); s.isWide() {
				return true
			}
		}
	}
	return false
}

// polyfillOps are the 64-bit float and integer instructions that are one
// polyfill call on their operands as they are (f64Expr and wideExpr write
// the others). An array of constants: static data, nothing built at
// package initialization.
var polyfillOps = [...]struct {
	op   spv.Op
	name string
}{
	{spv.OpFAdd, "f64_add"}, {spv.OpFSub, "f64_sub"}, {spv.OpFMul, "f64_mul"}, {spv.OpFDiv, "f64_div"}, {spv.OpFNegate, "f64_neg"},
	{spv.OpIAdd, "u64_add"}, {spv.OpISub, "u64_sub"}, {spv.OpIMul, "u64_mul"}, {spv.OpUDiv, "u64_div"}, {spv.OpUMod, "u64_mod"},
	{spv.OpSDiv, "i64_div"}, {spv.OpSRem, "i64_rem"}, {spv.OpSMod, "i64_mod"}, {spv.OpSNegate, "i64_neg"},
	{spv.OpNot, "u64_not"}, {spv.OpBitwiseAnd, "u64_and"}, {spv.OpBitwiseOr, "u64_or"}, {spv.OpBitwiseXor, "u64_xor"},
	{spv.OpIEqual, "u64_eq"}, {spv.OpBitReverse, "u64_reverse"},
}

// polyfillCall is the call of in's polyfill (polyfillOps) on its operands,
// component-wise over n components; ok is false for other instructions.
func (t *translator) polyfillCall(in *builder.Inst, n int, val func(int) expr) (expr, bool) {
	for _, p := range polyfillOps {
		if p.op != in.Op {
			continue
		}
		args := make([]expr, len(in.Operands))
		for i := range args {
			args[i] = val(i)
		}
		return t.wideCall(p.name, n, args...), true
	}
	return expr{}, false
}

// wideExpr translates a pure instruction on 64-bit integers (ok false for
// the ones the generic code handles: composites, copies, undef, select).
func (t *translator) wideExpr(in *builder.Inst, val func(int) expr, typeOf func(int) builder.ID) (expr, bool) {
	res, n := t.scalarOf(in.Type)
	opScalar := func(i int) scalar { s, _ := t.scalarOf(typeOf(i)); return s }
	sgn := func(i int) bool { return opScalar(i).isSigned() }
	amount := func(i int) expr { return t.shiftAmount(val(i), typeOf(i)) }
	if e, ok := t.polyfillCall(in, n, val); ok {
		return e, true
	}
	switch in.Op {
	case spv.OpShiftLeftLogical:
		return t.wideCall("u64_shl", n, val(0), amount(1)), true
	case spv.OpShiftRightLogical:
		return t.wideCall("u64_shr", n, val(0), amount(1)), true
	case spv.OpShiftRightArithmetic:
		return t.wideCall("i64_shr", n, val(0), amount(1)), true
	case spv.OpINotEqual:
		return unary("!", t.wideCall("u64_eq", n, val(0), val(1))), true
	case spv.OpULessThan, spv.OpSLessThan:
		return t.wideCall(t.ltName(in.Op == spv.OpSLessThan), n, val(0), val(1)), true
	case spv.OpUGreaterThan, spv.OpSGreaterThan:
		return t.wideCall(t.ltName(in.Op == spv.OpSGreaterThan), n, val(1), val(0)), true
	case spv.OpULessThanEqual, spv.OpSLessThanEqual:
		return unary("!", t.wideCall(t.ltName(in.Op == spv.OpSLessThanEqual), n, val(1), val(0))), true
	case spv.OpUGreaterThanEqual, spv.OpSGreaterThanEqual:
		return unary("!", t.wideCall(t.ltName(in.Op == spv.OpSGreaterThanEqual), n, val(0), val(1))), true
	case spv.OpUConvert, spv.OpSConvert:
		return t.wideConvert(in.Op == spv.OpSConvert, val(0), typeOf(0), in.Type), true
	case spv.OpConvertUToF, spv.OpConvertSToF:
		name := "u64_to_f32"
		if in.Op == spv.OpConvertSToF {
			name = "i64_to_f32"
		}
		e := t.wideCall(name, n, val(0))
		if res == sF16 {
			// Exact: a value the f32 rounds is far past the largest half.
			e = call(vecText(sF16, n), e)
		}
		return e, true
	case spv.OpConvertFToU, spv.OpConvertFToS:
		f := val(0)
		if fs, _ := t.scalarOf(typeOf(0)); fs == sF16 {
			f = call(vecText(sF32, n), f)
		}
		name := "f32_to_u64"
		if in.Op == spv.OpConvertFToS {
			name = "f32_to_i64"
		}
		return t.wideCall(name, n, f), true
	case spv.OpBitCount:
		_, k := t.scalarOf(typeOf(0))
		return t.castTo(t.wideCall("u64_popcount", k, val(0)), t.pseudoType(sU32, k), res), true
	case spv.OpBitFieldInsert:
		return t.wideCall("u64_insert", n, val(0), val(1), amount(2), amount(3)), true
	case spv.OpBitFieldUExtract:
		return t.wideCall("u64_extract", n, val(0), amount(1), amount(2)), true
	case spv.OpBitFieldSExtract:
		return t.wideCall("i64_extract", n, val(0), amount(1), amount(2)), true
	case spv.OpIAddCarry, spv.OpISubBorrow, spv.OpUMulExtended, spv.OpSMulExtended:
		t.unsupported("%s on 64-bit integers", in.Op)
	}
	_ = sgn
	return expr{}, false
}

func (t *translator) ltName(signed bool) string {
	if signed {
		return "i64_lt"
	}
	return "u64_lt"
}

// wideConvert spells OpUConvert and OpSConvert to or from 64 bits.
func (t *translator) wideConvert(signExtend bool, e expr, from, to builder.ID) expr {
	fs, n := t.scalarOf(from)
	ts, _ := t.scalarOf(to)
	switch {
	case fs.isWide() && ts.isWide():
		return e
	case ts.isWide():
		// Widen: the source extended to 32 bits, then to 64.
		if signExtend {
			return t.wideCall("i32_to_i64", n, t.castTo(t.castTo(e, from, fs.signed()), t.pseudoType(fs.signed().widen(), n), sI32))
		}
		return t.wideCall("u32_to_u64", n, t.castTo(t.castTo(e, from, fs.unsigned()), t.pseudoType(fs.unsigned().widen(), n), sU32))
	}
	// Narrow: the low word, then its low bits.
	low := t.wideCall("u64_low", n, e)
	return t.narrowTo(low, n, ts)
}

// wideGLSL translates the GLSL.std.450 integer functions on 64-bit
// integers.
func (t *translator) wideGLSL(n uint32, arg func(int) expr, nargs int, typ builder.ID) expr {
	s, k := t.scalarOf(typ)
	switch n {
	case spv.GLSLstd450PackDouble2x32, spv.GLSLstd450UnpackDouble2x32:
		// A double's bits are the two words.
		return arg(0)
	case spv.GLSLstd450FAbs:
		return t.wideCall("f64_abs", k, arg(0))
	case spv.GLSLstd450FMin, spv.GLSLstd450NMin:
		return t.wideCall("f64_min", k, arg(0), arg(1))
	case spv.GLSLstd450FMax, spv.GLSLstd450NMax:
		return t.wideCall("f64_max", k, arg(0), arg(1))
	case spv.GLSLstd450FClamp, spv.GLSLstd450NClamp:
		return t.wideCall("f64_min", k, t.wideCall("f64_max", k, arg(0), arg(1)), arg(2))
	}
	if s == sF64 {
		t.unsupported("GLSL.std.450 %s on 64-bit floats (WGSL has no f64: this backend computes +, -, *, / and conversions of doubles exactly)", glslName(n))
	}
	switch n {
	case spv.GLSLstd450SAbs:
		return t.wideCall("i64_abs", k, arg(0))
	case spv.GLSLstd450SSign:
		return t.wideCall("i64_sign", k, arg(0))
	case spv.GLSLstd450UMin:
		return t.wideCall("u64_min", k, arg(0), arg(1))
	case spv.GLSLstd450UMax:
		return t.wideCall("u64_max", k, arg(0), arg(1))
	case spv.GLSLstd450SMin:
		return t.wideCall("i64_min", k, arg(0), arg(1))
	case spv.GLSLstd450SMax:
		return t.wideCall("i64_max", k, arg(0), arg(1))
	case spv.GLSLstd450UClamp:
		return t.wideCall("u64_min", k, t.wideCall("u64_max", k, arg(0), arg(1)), arg(2))
	case spv.GLSLstd450SClamp:
		return t.wideCall("i64_min", k, t.wideCall("i64_max", k, arg(0), arg(1)), arg(2))
	}
	t.unsupported("GLSL.std.450 %s on 64-bit integers", glslName(n))
	return expr{}
}
