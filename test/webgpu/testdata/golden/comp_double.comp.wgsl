diagnostic(off, derivative_uniformity);

struct B {
  v : array<f32>,
}

@group(0) @binding(0) var<storage, read_write> b : B;

fn spv_f32_to_f64(f : f32) -> vec2<u32> {
  let bits = bitcast<u32>(f);
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
  return vec2<u32>(m << 29u, s | ((e + 896u) << 20u) | (m >> 3u));
}

fn spv_f64_isnan(a : vec2<u32>) -> bool {
  return (a.y & 0x7fffffffu) > 0x7ff00000u || ((a.y & 0x7fffffffu) == 0x7ff00000u && a.x != 0u);
}

fn spv_f64_nan() -> vec2<u32> {
  return vec2<u32>(0u, 0x7ff80000u);
}

fn spv_u64_clz(a : vec2<u32>) -> u32 {
  if a.y != 0u {
    return countLeadingZeros(a.y);
  }
  return 32u + countLeadingZeros(a.x);
}

fn spv_u64_shl(a : vec2<u32>, s : u32) -> vec2<u32> {
  let n = s & 63u;
  if n == 0u {
    return a;
  }
  if n >= 32u {
    return vec2<u32>(0u, a.x << (n - 32u));
  }
  return vec2<u32>(a.x << n, (a.y << n) | (a.x >> (32u - n)));
}

fn spv_f64_norm_subnormal(sig : vec2<u32>) -> vec3<u32> {
  // A subnormal's significand normalized, with its exponent (as i32 bits).
  let d = i32(spv_u64_clz(sig)) - 11i;
  let n = spv_u64_shl(sig, u32(d));
  return vec3<u32>(n, bitcast<u32>(1i - d));
}

fn spv_u64_add(a : vec2<u32>, b : vec2<u32>) -> vec2<u32> {
  let lo = a.x + b.x;
  return vec2<u32>(lo, a.y + b.y + select(0u, 1u, lo < a.x));
}

fn spv_u64_lt(a : vec2<u32>, b : vec2<u32>) -> bool {
  return a.y < b.y || (a.y == b.y && a.x < b.x);
}

fn spv_u64_shr(a : vec2<u32>, s : u32) -> vec2<u32> {
  let n = s & 63u;
  if n == 0u {
    return a;
  }
  if n >= 32u {
    return vec2<u32>(a.y >> (n - 32u), 0u);
  }
  return vec2<u32>((a.x >> n) | (a.y << (32u - n)), a.y >> n);
}

fn spv_u64_sub(a : vec2<u32>, b : vec2<u32>) -> vec2<u32> {
  return vec2<u32>(a.x - b.x, a.y - b.y - select(0u, 1u, a.x < b.x));
}

fn spv_u64_mask(n : u32) -> vec2<u32> {
  // The low n bits (n at most 64).
  if n >= 64u {
    return vec2<u32>(0xffffffffu);
  }
  return spv_u64_sub(spv_u64_shl(vec2<u32>(1u, 0u), n), vec2<u32>(1u, 0u));
}

fn spv_u64_shr_jam(a : vec2<u32>, n : u32) -> vec2<u32> {
  // Shifted right, the lost bits ORed into bit 0.
  if n == 0u {
    return a;
  }
  if n >= 64u {
    return vec2<u32>(select(0u, 1u, any(a != vec2<u32>(0u))), 0u);
  }
  let r = spv_u64_shr(a, n);
  let lost = any((a & spv_u64_mask(n)) != vec2<u32>(0u));
  return vec2<u32>(r.x | select(0u, 1u, lost), r.y);
}

fn spv_f64_round_pack(s : u32, e : i32, sig : vec2<u32>) -> vec2<u32> {
  // sig holds the significand with its leading one at bit 62 (when
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
  return spv_u64_add(vec2<u32>(0u, (s << 31u) + (u32(ex) << 20u)), sg);
}

fn spv_u32_mul_wide(a : u32, b : u32) -> vec2<u32> {
  let al = a & 0xffffu;
  let ah = a >> 16u;
  let bl = b & 0xffffu;
  let bh = b >> 16u;
  let ll = al * bl;
  let lh = al * bh;
  let hl = ah * bl;
  let mid = (ll >> 16u) + (lh & 0xffffu) + (hl & 0xffffu);
  return vec2<u32>((mid << 16u) | (ll & 0xffffu), ah * bh + (lh >> 16u) + (hl >> 16u) + (mid >> 16u));
}

fn spv_u64_mul_hi_jam(a : vec2<u32>, b : vec2<u32>) -> vec2<u32> {
  // The high 64 bits of the 128-bit product, the low ones ORed into bit 0.
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
  return vec2<u32>(hi.x | select(0u, 1u, sticky), hi.y);
}

fn spv_f64_mul(a : vec2<u32>, b : vec2<u32>) -> vec2<u32> {
  let s = (a.y ^ b.y) >> 31u;
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
  return spv_f64_round_pack(s, ez, sz);
}

fn spv_f64_lt(a : vec2<u32>, b : vec2<u32>) -> bool {
  if spv_f64_isnan(a) || spv_f64_isnan(b) {
    return false;
  }
  let sa = a.y >> 31u;
  let sb = b.y >> 31u;
  if sa != sb {
    return sa == 1u && (((a.y | b.y) & 0x7fffffffu) != 0u || (a.x | b.x) != 0u);
  }
  return any(a != b) && ((sa == 1u) != spv_u64_lt(a, b));
}

fn spv_f64_div(a : vec2<u32>, b : vec2<u32>) -> vec2<u32> {
  let s = (a.y ^ b.y) >> 31u;
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
  return spv_f64_round_pack(s, ez, q);
}

fn spv_f64_to_f32(a : vec2<u32>) -> f32 {
  let s = a.y >> 31u;
  let e = i32((a.y >> 20u) & 0x7ffu);
  let frac = vec2<u32>(a.x, a.y & 0xfffffu);
  if e == 0x7ffi {
    if any(frac != vec2<u32>(0u)) {
      return bitcast<f32>((s << 31u) | 0x7fc00000u | (frac.y << 3u) | (frac.x >> 29u));
    }
    return bitcast<f32>((s << 31u) | 0x7f800000u);
  }
  // 30 significant bits with a sticky one, rounded to 24.
  let f = spv_u64_shr_jam(frac, 22u).x;
  if e == 0i && f == 0u {
    return bitcast<f32>(s << 31u);
  }
  var ex = e - 0x381i;
  var sg = f | 0x40000000u;
  if ex < 0i {
    let n = u32(-ex);
    if n >= 31u {
      sg = select(0u, 1u, sg != 0u);
    } else {
      sg = (sg >> n) | select(0u, 1u, (sg & ((1u << n) - 1u)) != 0u);
    }
    ex = 0i;
  } else if ex > 0xfdi || (ex == 0xfdi && sg + 0x40u >= 0x80000000u) {
    return bitcast<f32>((s << 31u) | 0x7f800000u);
  }
  let rb = sg & 0x7fu;
  sg = (sg + 0x40u) >> 7u;
  if rb == 0x40u {
    sg &= ~1u;
  }
  if sg == 0u {
    ex = 0i;
  }
  return bitcast<f32>((s << 31u) + (u32(ex) << 23u) + sg);
}

fn main_1() {
  var d : vec2<u32>;
  d = spv_f64_mul(spv_f32_to_f64(b.v[0u]), vec2<u32>(0u, 1074266112u));
  if spv_f64_lt(vec2<u32>(0u, 1072693248u), d) {
    d = spv_f64_div(d, spv_f32_to_f64(b.v[2u]));
  }
  b.v[1u] = spv_f64_to_f32(d);
  return;
}

@compute @workgroup_size(1, 1, 1)
fn main() {
  main_1();
}
