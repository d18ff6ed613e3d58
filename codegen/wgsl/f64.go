package wgsl

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// 64-bit floats. WGSL has no f64; a double is held as its IEEE binary64
// bits in a vec2<u32> (the low word first, as in a buffer), and the
// operations are computed on the bits exactly, rounding to nearest even
// with subnormals as SPIR-V's correctly rounded operations do: addition
// and subtraction on aligned significands with a sticky bit, the product
// of the significands to 128 bits, division bit by bit, conversions to
// and from f32, f16 and integers. The rounding steps follow the structure
// of Berkeley SoftFloat's round-and-pack (the significand carries ten
// extra bits below the 53 kept, and a carry out of the significand
// increments the exponent). Other double operations (square roots, fma,
// transcendental functions) are refused.

// f64Narrowing is the body of the helper rounding a double's bits to a
// narrower float (expBits and mantBits its fields) to nearest even, with
// subnormals: the significand is kept with guard bits below the mantissa
// (and a sticky one), shifted right for a subnormal result, rounded, and
// a carry out of it increments the exponent. pack wraps the resulting
// bits (a bitcast, or nothing for the bits themselves).
func f64Narrowing(expBits, mantBits, guard int, pack string) string {
	width := 1 + expBits + mantBits
	bias := 1<<(expBits-1) - 1
	inf := (1<<expBits - 1) << mantBits
	quiet := inf | 1<<(mantBits-1)
	sig := mantBits + guard // the hidden bit's position
	payload := fmt.Sprintf("(frac.y >> %du)", 20-mantBits)
	if mantBits > 20 {
		payload = fmt.Sprintf("(frac.y << %du) | (frac.x >> %du)", mantBits-20, 52-mantBits)
	}
	ret := func(e string) string {
		if pack == "" {
			return e
		}
		return pack + "(" + e + ")"
	}
	var b strings.Builder
	fmt.Fprintf(&b, `  let s = a.y >> 31u;
  let e = i32((a.y >> 20u) & 0x7ffu);
  let frac = vec2<u32>(a.x, a.y & 0xfffffu);
  if e == 0x7ffi {
    if any(frac != vec2<u32>(0u)) {
      return %s;
    }
    return %s;
  }
`, ret(fmt.Sprintf("(s << %du) | 0x%xu | %s", width-1, quiet, payload)), ret(fmt.Sprintf("(s << %du) | 0x%xu", width-1, inf)))
	fmt.Fprintf(&b, `  // %d significant bits with a sticky one, rounded to %d.
  let f = spv_u64_shr_jam(frac, %du).x;
  if e == 0i && f == 0u {
    return %s;
  }
  var ex = e - 0x%xi;
  var sg = f | 0x%xu;
  if ex < 0i {
    let n = u32(-ex);
    if n >= 31u {
      sg = select(0u, 1u, sg != 0u);
    } else {
      sg = (sg >> n) | select(0u, 1u, (sg & ((1u << n) - 1u)) != 0u);
    }
    ex = 0i;
  } else if ex > 0x%xi || (ex == 0x%xi && sg + 0x%xu >= 0x%xu) {
    return %s;
  }
  let rb = sg & 0x%xu;
  sg = (sg + 0x%xu) >> %du;
  if rb == 0x%xu {
    sg &= ~1u;
  }
  if sg == 0u {
    ex = 0i;
  }
  return %s;`, sig, mantBits+1, 52-sig, ret(fmt.Sprintf("s << %du", width-1)), 1023-bias+1, 1<<sig,
		2*bias-1, 2*bias-1, 1<<(guard-1), 1<<(sig+1), ret(fmt.Sprintf("(s << %du) | 0x%xu", width-1, inf)),
		1<<guard-1, 1<<(guard-1), guard, 1<<(guard-1), ret(fmt.Sprintf("(s << %du) + (u32(ex) << %du) + sg", width-1, mantBits)))
	return b.String()
}

// f64NarrowingHelpers are the double-precision helpers whose bodies are
// made from f64Narrowing's template.
func f64NarrowingHelpers() []wideHelper {
	return []wideHelper{
		{"f64_to_f32", "a : vec2<u32>", "f32", f64Narrowing(8, 23, 7, "bitcast<f32>")},
		{"f64_to_f16_bits", "a : vec2<u32>", "u32", f64Narrowing(5, 10, 4, "")},
	}
}

// f64Helpers are the other double-precision helpers (see wideHelpers).
var f64Helpers = [...]wideHelper{
	{"u64_clz", "a : vec2<u32>", "u32", `  if a.y != 0u {
    return countLeadingZeros(a.y);
  }
  return 32u + countLeadingZeros(a.x);`},
	{"u64_shr_jam", "a : vec2<u32>, n : u32", "vec2<u32>", `  // Shifted right, the lost bits ORed into bit 0.
  if n == 0u {
    return a;
  }
  if n >= 64u {
    return vec2<u32>(select(0u, 1u, any(a != vec2<u32>(0u))), 0u);
  }
  let r = spv_u64_shr(a, n);
  let lost = any((a & spv_u64_mask(n)) != vec2<u32>(0u));
  return vec2<u32>(r.x | select(0u, 1u, lost), r.y);`},
	{"f64_nan", "", "vec2<u32>", `  return vec2<u32>(0u, 0x7ff80000u);`},
	{"f64_isnan", "a : vec2<u32>", "bool", `  return (a.y & 0x7fffffffu) > 0x7ff00000u || ((a.y & 0x7fffffffu) == 0x7ff00000u && a.x != 0u);`},
	{"f64_isinf", "a : vec2<u32>", "bool", `  return (a.y & 0x7fffffffu) == 0x7ff00000u && a.x == 0u;`},
	{"f64_neg", "a : vec2<u32>", "vec2<u32>", `  return vec2<u32>(a.x, a.y ^ 0x80000000u);`},
	{"f64_abs", "a : vec2<u32>", "vec2<u32>", `  return vec2<u32>(a.x, a.y & 0x7fffffffu);`},
	{"f64_round_pack", "s : u32, e : i32, sig : vec2<u32>", "vec2<u32>", `  // sig holds the significand with its leading one at bit 62 (when
  // normal) and ten bits to round away; e is the biased exponent less one.
  var ex = e;
  var sg = sig;
  if ex < 0i {
    sg = spv_u64_shr_jam(sg, u32(-ex));
    ex = 0i;
  } else if ex > 0x7fdi || (ex == 0x7fdi && !spv_u64_lt(spv_u64_add(sg, vec2<u32>(0x200u, 0u)), vec2<u32>(0u, 0x80000000u))) {
    return vec2<u32>(0u, (s << 31u) | 0x7ff00000u);
  }
  let rb = sg.x & 0x3ffu;
  sg = spv_u64_shr(spv_u64_add(sg, vec2<u32>(0x200u, 0u)), 10u);
  if rb == 0x200u {
    sg.x &= ~1u;
  }
  if all(sg == vec2<u32>(0u)) {
    ex = 0i;
  }
  return spv_u64_add(vec2<u32>(0u, (s << 31u) + (u32(ex) << 20u)), sg);`},
	{"f64_norm_round_pack", "s : u32, e : i32, sig : vec2<u32>", "vec2<u32>", `  let d = i32(spv_u64_clz(sig)) - 1i;
  let ex = e - d;
  if d >= 10i && u32(ex) < 0x7fdu {
    if all(sig == vec2<u32>(0u)) {
      return vec2<u32>(0u, s << 31u);
    }
    return spv_u64_add(vec2<u32>(0u, (s << 31u) + (u32(ex) << 20u)), spv_u64_shl(sig, u32(d - 10i)));
  }
  return spv_f64_round_pack(s, ex, spv_u64_shl(sig, u32(d)));`},
	{"f64_add_mags", "a : vec2<u32>, b : vec2<u32>, s : u32", "vec2<u32>", `  let ea = i32((a.y >> 20u) & 0x7ffu);
  let eb = i32((b.y >> 20u) & 0x7ffu);
  var sa = vec2<u32>(a.x, a.y & 0xfffffu);
  var sb = vec2<u32>(b.x, b.y & 0xfffffu);
  let diff = ea - eb;
  var ez : i32;
  var sz : vec2<u32>;
  if diff == 0i {
    if ea == 0i {
      return spv_u64_add(vec2<u32>(0u, s << 31u), spv_u64_add(sa, sb));
    }
    if ea == 0x7ffi {
      if any((sa | sb) != vec2<u32>(0u)) {
        return spv_f64_nan();
      }
      return a;
    }
    ez = ea;
    sz = spv_u64_shl(spv_u64_add(spv_u64_add(vec2<u32>(0u, 0x00200000u), sa), sb), 9u);
  } else {
    sa = spv_u64_shl(sa, 9u);
    sb = spv_u64_shl(sb, 9u);
    if diff < 0i {
      if eb == 0x7ffi {
        if any(sb != vec2<u32>(0u)) {
          return spv_f64_nan();
        }
        return vec2<u32>(0u, (s << 31u) | 0x7ff00000u);
      }
      ez = eb;
      if ea != 0i {
        sa = spv_u64_add(sa, vec2<u32>(0u, 0x20000000u));
      } else {
        sa = spv_u64_shl(sa, 1u);
      }
      sa = spv_u64_shr_jam(sa, u32(-diff));
    } else {
      if ea == 0x7ffi {
        if any(sa != vec2<u32>(0u)) {
          return spv_f64_nan();
        }
        return a;
      }
      ez = ea;
      if eb != 0i {
        sb = spv_u64_add(sb, vec2<u32>(0u, 0x20000000u));
      } else {
        sb = spv_u64_shl(sb, 1u);
      }
      sb = spv_u64_shr_jam(sb, u32(diff));
    }
    sz = spv_u64_add(spv_u64_add(vec2<u32>(0u, 0x20000000u), sa), sb);
    if spv_u64_lt(sz, vec2<u32>(0u, 0x40000000u)) {
      ez -= 1i;
      sz = spv_u64_shl(sz, 1u);
    }
  }
  return spv_f64_round_pack(s, ez, sz);`},
	{"f64_sub_mags", "a : vec2<u32>, b : vec2<u32>, s0 : u32", "vec2<u32>", `  var s = s0;
  var ea = i32((a.y >> 20u) & 0x7ffu);
  let eb = i32((b.y >> 20u) & 0x7ffu);
  var sa = vec2<u32>(a.x, a.y & 0xfffffu);
  var sb = vec2<u32>(b.x, b.y & 0xfffffu);
  let diff = ea - eb;
  if diff == 0i {
    if ea == 0x7ffi {
      return spv_f64_nan();
    }
    if all(sa == sb) {
      return vec2<u32>(0u);
    }
    if ea != 0i {
      ea -= 1i;
    }
    var d = spv_u64_sub(sa, sb);
    if spv_u64_lt(sa, sb) {
      s ^= 1u;
      d = spv_u64_sub(sb, sa);
    }
    var shift = i32(spv_u64_clz(d)) - 11i;
    var ez = ea - shift;
    if ez < 0i {
      shift = ea;
      ez = 0i;
    }
    return spv_u64_add(vec2<u32>(0u, (s << 31u) + (u32(ez) << 20u)), spv_u64_shl(d, u32(shift)));
  }
  sa = spv_u64_shl(sa, 10u);
  sb = spv_u64_shl(sb, 10u);
  var ez : i32;
  var sz : vec2<u32>;
  if diff < 0i {
    s ^= 1u;
    if eb == 0x7ffi {
      if any(sb != vec2<u32>(0u)) {
        return spv_f64_nan();
      }
      return vec2<u32>(0u, (s << 31u) | 0x7ff00000u);
    }
    if ea != 0i {
      sa = spv_u64_add(sa, vec2<u32>(0u, 0x40000000u));
    } else {
      sa = spv_u64_add(sa, sa);
    }
    sa = spv_u64_shr_jam(sa, u32(-diff));
    sb = sb | vec2<u32>(0u, 0x40000000u);
    ez = eb;
    sz = spv_u64_sub(sb, sa);
  } else {
    if ea == 0x7ffi {
      if any(sa != vec2<u32>(0u)) {
        return spv_f64_nan();
      }
      return a;
    }
    if eb != 0i {
      sb = spv_u64_add(sb, vec2<u32>(0u, 0x40000000u));
    } else {
      sb = spv_u64_add(sb, sb);
    }
    sb = spv_u64_shr_jam(sb, u32(diff));
    sa = sa | vec2<u32>(0u, 0x40000000u);
    ez = ea;
    sz = spv_u64_sub(sa, sb);
  }
  return spv_f64_norm_round_pack(s, ez - 1i, sz);`},
	{"f64_add", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  if spv_f64_isnan(a) || spv_f64_isnan(b) {
    return spv_f64_nan();
  }
  let sa = a.y >> 31u;
  if sa == (b.y >> 31u) {
    return spv_f64_add_mags(a, b, sa);
  }
  return spv_f64_sub_mags(a, b, sa);`},
	{"f64_sub", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  return spv_f64_add(a, spv_f64_neg(b));`},
	{"u64_mul_hi_jam", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  // The high 64 bits of the 128-bit product, the low ones ORed into bit 0.
  let ll = spv_u32_mul_wide(a.x, b.x);
  let lh = spv_u32_mul_wide(a.x, b.y);
  let hl = spv_u32_mul_wide(a.y, b.x);
  let hh = spv_u32_mul_wide(a.y, b.y);
  // Bits 32..95: ll.y + lh + hl, with carries.
  let t1 = spv_u64_add(vec2<u32>(ll.y, 0u), lh);
  let c1 = select(0u, 1u, spv_u64_lt(t1, lh));
  let mid = spv_u64_add(t1, hl);
  let c2 = select(0u, 1u, spv_u64_lt(mid, hl));
  let hi = spv_u64_add(hh, vec2<u32>(mid.y, c1 + c2));
  let sticky = ll.x != 0u || mid.x != 0u;
  return vec2<u32>(hi.x | select(0u, 1u, sticky), hi.y);`},
	{"f64_norm_subnormal", "sig : vec2<u32>", "vec3<u32>", `  // A subnormal's significand normalized, with its exponent (as i32 bits).
  let d = i32(spv_u64_clz(sig)) - 11i;
  let n = spv_u64_shl(sig, u32(d));
  return vec3<u32>(n, bitcast<u32>(1i - d));`},
	{"f64_mul", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  let s = (a.y ^ b.y) >> 31u;
  var ea = i32((a.y >> 20u) & 0x7ffu);
  var eb = i32((b.y >> 20u) & 0x7ffu);
  var sa = vec2<u32>(a.x, a.y & 0xfffffu);
  var sb = vec2<u32>(b.x, b.y & 0xfffffu);
  let za = ea == 0i && all(sa == vec2<u32>(0u));
  let zb = eb == 0i && all(sb == vec2<u32>(0u));
  if spv_f64_isnan(a) || spv_f64_isnan(b) || (ea == 0x7ffi && zb) || (eb == 0x7ffi && za) {
    return spv_f64_nan();
  }
  if ea == 0x7ffi || eb == 0x7ffi {
    return vec2<u32>(0u, (s << 31u) | 0x7ff00000u);
  }
  if za || zb {
    return vec2<u32>(0u, s << 31u);
  }
  if ea == 0i {
    let n = spv_f64_norm_subnormal(sa);
    sa = n.xy;
    ea = bitcast<i32>(n.z);
  }
  if eb == 0i {
    let n = spv_f64_norm_subnormal(sb);
    sb = n.xy;
    eb = bitcast<i32>(n.z);
  }
  var ez = ea + eb - 0x3ffi;
  sa = spv_u64_shl(sa | vec2<u32>(0u, 0x00100000u), 10u);
  sb = spv_u64_shl(sb | vec2<u32>(0u, 0x00100000u), 11u);
  var sz = spv_u64_mul_hi_jam(sa, sb);
  if spv_u64_lt(sz, vec2<u32>(0u, 0x40000000u)) {
    ez -= 1i;
    sz = spv_u64_shl(sz, 1u);
  }
  return spv_f64_round_pack(s, ez, sz);`},
	{"f64_div", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  let s = (a.y ^ b.y) >> 31u;
  var ea = i32((a.y >> 20u) & 0x7ffu);
  var eb = i32((b.y >> 20u) & 0x7ffu);
  var sa = vec2<u32>(a.x, a.y & 0xfffffu);
  var sb = vec2<u32>(b.x, b.y & 0xfffffu);
  let za = ea == 0i && all(sa == vec2<u32>(0u));
  let zb = eb == 0i && all(sb == vec2<u32>(0u));
  if spv_f64_isnan(a) || spv_f64_isnan(b) || (ea == 0x7ffi && eb == 0x7ffi) || (za && zb) {
    return spv_f64_nan();
  }
  if ea == 0x7ffi || zb {
    return vec2<u32>(0u, (s << 31u) | 0x7ff00000u);
  }
  if eb == 0x7ffi || za {
    return vec2<u32>(0u, s << 31u);
  }
  if ea == 0i {
    let n = spv_f64_norm_subnormal(sa);
    sa = n.xy;
    ea = bitcast<i32>(n.z);
  }
  if eb == 0i {
    let n = spv_f64_norm_subnormal(sb);
    sb = n.xy;
    eb = bitcast<i32>(n.z);
  }
  var ez = ea - eb + 0x3fei;
  sa = sa | vec2<u32>(0u, 0x00100000u);
  sb = sb | vec2<u32>(0u, 0x00100000u);
  if spv_u64_lt(sa, sb) {
    ez -= 1i;
    sa = spv_u64_shl(sa, 1u);
  }
  // 63 quotient bits, the leading one at bit 62, then the sticky bit.
  var q = vec2<u32>(0u);
  var r = sa;
  for (var i = 0u; i < 63u; i++) {
    q = spv_u64_shl(q, 1u);
    if !spv_u64_lt(r, sb) {
      r = spv_u64_sub(r, sb);
      q.x |= 1u;
    }
    r = spv_u64_shl(r, 1u);
  }
  q.x |= select(0u, 1u, any(r != vec2<u32>(0u)));
  return spv_f64_round_pack(s, ez, q);`},
	{"f64_eq", "a : vec2<u32>, b : vec2<u32>", "bool", `  if spv_f64_isnan(a) || spv_f64_isnan(b) {
    return false;
  }
  return all(a == b) || (((a.y | b.y) & 0x7fffffffu) == 0u && (a.x | b.x) == 0u);`},
	{"f64_lt", "a : vec2<u32>, b : vec2<u32>", "bool", `  if spv_f64_isnan(a) || spv_f64_isnan(b) {
    return false;
  }
  let sa = a.y >> 31u;
  let sb = b.y >> 31u;
  if sa != sb {
    return sa == 1u && (((a.y | b.y) & 0x7fffffffu) != 0u || (a.x | b.x) != 0u);
  }
  return any(a != b) && ((sa == 1u) != spv_u64_lt(a, b));`},
	{"f64_min", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  // The other operand when one is NaN (as NMin; FMin leaves it undefined).
  if spv_f64_isnan(a) || spv_f64_lt(b, a) {
    return b;
  }
  return a;`},
	{"f64_max", "a : vec2<u32>, b : vec2<u32>", "vec2<u32>", `  if spv_f64_isnan(a) || spv_f64_lt(a, b) {
    return b;
  }
  return a;`},
	{"f64_unord", "a : vec2<u32>, b : vec2<u32>", "bool", `  return spv_f64_isnan(a) || spv_f64_isnan(b);`},
	{"f32_to_f64", "f : f32", "vec2<u32>", `  let bits = bitcast<u32>(f);
  let s = bits & 0x80000000u;
  var e = (bits >> 23u) & 0xffu;
  var m = bits & 0x7fffffu;
  if e == 0xffu {
    return vec2<u32>(m << 29u, s | 0x7ff00000u | (m >> 3u));
  }
  if e == 0u {
    if m == 0u {
      return vec2<u32>(0u, s);
    }
    // A subnormal f32 is a normal f64.
    let d = countLeadingZeros(m) - 8u;
    m = (m << d) & 0x7fffffu;
    return vec2<u32>(m << 29u, s | ((1023u - 126u - d) << 20u) | (m >> 3u));
  }
  return vec2<u32>(m << 29u, s | ((e + 896u) << 20u) | (m >> 3u));`},
	{"u64_to_f64", "v : vec2<u32>", "vec2<u32>", `  if (v.y & 0x80000000u) != 0u {
    return spv_f64_round_pack(0u, 0x43di, spv_u64_shr_jam(v, 1u));
  }
  return spv_f64_norm_round_pack(0u, 0x43ci, v);`},
	{"i64_to_f64", "v : vec2<u32>", "vec2<u32>", `  if bitcast<i32>(v.y) < 0i {
    return spv_f64_neg(spv_u64_to_f64(spv_i64_neg(v)));
  }
  return spv_u64_to_f64(v);`},
	{"f64_to_u64", "a : vec2<u32>", "vec2<u32>", `  // Toward zero (out of range is undefined).
  let e = i32((a.y >> 20u) & 0x7ffu);
  if e < 0x3ffi {
    return vec2<u32>(0u);
  }
  let sig = vec2<u32>(a.x, (a.y & 0xfffffu) | 0x00100000u);
  let d = 0x433i - e;
  if d > 0i {
    return spv_u64_shr(sig, u32(d));
  }
  return spv_u64_shl(sig, u32(-d));`},
	{"f64_to_i64", "a : vec2<u32>", "vec2<u32>", `  let m = spv_f64_to_u64(spv_f64_abs(a));
  if (a.y >> 31u) == 1u {
    return spv_i64_neg(m);
  }
  return m;`},
}

// f64Expr translates a pure instruction with a 64-bit float result or
// operand (ok false for the composite and copy instructions the generic
// code handles).
func (t *translator) f64Expr(in *builder.Inst, val func(int) expr, typeOf func(int) builder.ID) (expr, bool) {
	_, n := t.scalarOf(in.Type)
	if e, ok := t.polyfillCall(in, n, val); ok {
		return e, true
	}
	switch in.Op {
	case spv.OpVectorTimesScalar:
		var comps []expr
		for i := range n {
			comps = append(comps, t.wideCall("f64_mul", 1, postfix(val(0), fmtIndex(i)), val(1)))
		}
		return call(t.typ(in.Type).text, comps...), true
	case spv.OpFConvert, spv.OpConvertUToF, spv.OpConvertSToF, spv.OpConvertFToU, spv.OpConvertFToS:
		return t.f64Convert(in, val, typeOf)
	case spv.OpSelect, spv.OpCompositeConstruct, spv.OpCompositeExtract, spv.OpVectorShuffle, spv.OpCopyObject,
		spv.OpUndef, spv.OpVectorExtractDynamic, spv.OpCopyLogical, spv.OpBitcast:
		return expr{}, false
	}
	if e, ok := t.f64Compare(in, val, typeOf); ok {
		return e, true
	}
	t.unsupported("%s on 64-bit floats (WGSL has no f64: this backend computes +, -, *, / and conversions of doubles exactly, not %s)", in.Op, in.Op)
	return expr{}, false
}

// f64Compare translates the comparisons of doubles and the NaN and
// infinity tests.
func (t *translator) f64Compare(in *builder.Inst, val func(int) expr, typeOf func(int) builder.ID) (expr, bool) {
	_, k := t.scalarOf(typeOf(0))
	unord := func() expr { return t.wideCall("f64_unord", k, val(0), val(1)) }
	// cmp calls name on the operands (swapped), negates the result, and
	// makes it true (unordered) or false on NaN.
	cmp := func(name string, swap, negate, unordered bool) expr {
		a, b := val(0), val(1)
		if swap {
			a, b = b, a
		}
		e := t.wideCall(name, k, a, b)
		if negate {
			e = unary("!", e) // true on NaN: the unordered form
		}
		switch {
		case unordered && !negate:
			e = binary("||", e, unord())
		case !unordered && negate:
			e = binary("&&", e, unary("!", unord()))
		}
		return e
	}
	switch in.Op {
	case spv.OpFOrdEqual:
		return cmp("f64_eq", false, false, false), true
	case spv.OpFUnordEqual:
		return cmp("f64_eq", false, false, true), true
	case spv.OpFOrdNotEqual:
		return binary("&&", unary("!", cmp("f64_eq", false, false, false)), unary("!", unord())), true
	case spv.OpFUnordNotEqual:
		return unary("!", cmp("f64_eq", false, false, false)), true
	case spv.OpFOrdLessThan:
		return cmp("f64_lt", false, false, false), true
	case spv.OpFOrdGreaterThan:
		return cmp("f64_lt", true, false, false), true
	case spv.OpFUnordLessThan:
		return cmp("f64_lt", false, false, true), true
	case spv.OpFUnordGreaterThan:
		return cmp("f64_lt", true, false, true), true
	case spv.OpFOrdLessThanEqual:
		return cmp("f64_lt", true, true, false), true
	case spv.OpFOrdGreaterThanEqual:
		return cmp("f64_lt", false, true, false), true
	case spv.OpFUnordLessThanEqual:
		return unary("!", cmp("f64_lt", true, false, false)), true
	case spv.OpFUnordGreaterThanEqual:
		return unary("!", cmp("f64_lt", false, false, false)), true
	case spv.OpIsNan:
		return t.wideCall("f64_isnan", k, val(0)), true
	case spv.OpIsInf:
		return t.wideCall("f64_isinf", k, val(0)), true
	}
	return expr{}, false
}

// f64Convert translates conversions to and from doubles; ok is false for
// those wideExpr does (a 64-bit integer to f32 or f16).
func (t *translator) f64Convert(in *builder.Inst, val func(int) expr, typeOf func(int) builder.ID) (expr, bool) {
	res, n := t.scalarOf(in.Type)
	from, _ := t.scalarOf(typeOf(0))
	switch in.Op {
	case spv.OpFConvert:
		switch {
		case from == res:
			return val(0), true
		case res == sF64 && from == sF32:
			return t.wideCall("f32_to_f64", n, val(0)), true
		case res == sF64 && from == sF16:
			return t.wideCall("f32_to_f64", n, call(vecText(sF32, n), val(0))), true
		case res == sF32:
			return t.wideCall("f64_to_f32", n, val(0)), true
		case res == sF16:
			return t.f16FromBits(t.wideCall("f64_to_f16_bits", n, val(0)), n), true
		}
	case spv.OpConvertUToF, spv.OpConvertSToF:
		if res != sF64 {
			return expr{}, false
		}
		signed := in.Op == spv.OpConvertSToF
		v := val(0)
		switch {
		case from.isWide():
		case signed:
			v = t.wideCall("i32_to_i64", n, t.castTo(t.castTo(v, typeOf(0), from.signed()), t.pseudoType(from.signed().widen(), n), sI32))
		default:
			v = t.wideCall("u32_to_u64", n, t.castTo(t.castTo(v, typeOf(0), from.unsigned()), t.pseudoType(from.unsigned().widen(), n), sU32))
		}
		if signed {
			return t.wideCall("i64_to_f64", n, v), true
		}
		return t.wideCall("u64_to_f64", n, v), true
	case spv.OpConvertFToU, spv.OpConvertFToS:
		if from != sF64 {
			return expr{}, false
		}
		name := "f64_to_u64"
		if in.Op == spv.OpConvertFToS {
			name = "f64_to_i64"
		}
		w := t.wideCall(name, n, val(0))
		if res.isWide() {
			return w, true
		}
		// The low bits (a value out of the result's range is undefined).
		low := t.wideCall("u64_low", n, w)
		return t.narrowTo(low, n, res), true
	}
	t.unsupported("%s on 64-bit floats (WGSL has no f64: this backend computes +, -, *, / and conversions of doubles exactly, not %s)", in.Op, in.Op)
	return expr{}, false
}

// f16FromBits spells halves from u32s holding their bits.
func (t *translator) f16FromBits(bits expr, n int) expr {
	if n <= 1 {
		return postfix(call("bitcast<vec2<f16>>", bits), ".x")
	}
	var comps []expr
	for i := range n {
		comps = append(comps, postfix(call("bitcast<vec2<f16>>", postfix(bits, fmtIndex(i))), ".x"))
	}
	return call(vecText(sF16, n), comps...)
}

// involvesF64 reports whether an instruction has a 64-bit float result or
// operand.
func (t *translator) involvesF64(in *builder.Inst) bool {
	if s, _ := t.scalarOf(in.Type); s == sF64 {
		return true
	}
	for _, o := range in.Operands {
		if !o.IsID() {
			continue
		}
		if d := t.du.Def(o.ID()); d != nil && d.Type != 0 {
			if s, _ := t.scalarOf(d.Type); s == sF64 {
				return true
			}
		}
	}
	return false
}

func fmtIndex(i int) string { return fmt.Sprintf("[%d]", i) }
