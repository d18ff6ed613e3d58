diagnostic(off, derivative_uniformity);

struct Input {
  values : array<u32>,
}

struct Output {
  total : u32,
  results : array<u32>,
}

var<private> gl_GlobalInvocationID : vec3<u32>;
@group(0) @binding(0) var<storage, read> src : Input;
@group(0) @binding(1) var<storage, read_write> dst : Output;

fn main_1() {
  var id : u32;
  var acc : u32;
  var i : u32;
  var v : u32;
  var j : u32;
  var param : u32;
  var n : u32;
  var x_128 : u32;
  id = gl_GlobalInvocationID.x;
  acc = 0u;
  i = 0u;
  loop {
    if !(i < 16u) {
      break;
    }
    let x_65 : u32 = arrayLength(&src.values);
    v = src.values[(id + i) % bitcast<u32>(bitcast<i32>(x_65))];
    if v == 7u {
      continue;
    }
    if v > 1000u {
      break;
    }
    j = 0u;
    loop {
      if !(j < (v % 4u)) {
        break;
      }
      param = v + j;
      let x_99 : u32 = classify_u1(&param);
      acc = acc + x_99;
      continuing {
        j = j + bitcast<u32>(1i);
      }
    }
    continuing {
      i = i + bitcast<u32>(1i);
    }
  }
  n = 0u;
  loop {
    n = n + 3u;
    continuing {
      break if !(n < (acc % 17u));
    }
  }
  let x_124 : u32 = id;
  if acc > 50u {
    x_128 = acc - n;
  } else {
    x_128 = acc + n;
  }
  dst.results[x_124] = x_128;
  return;
}

fn classify_u1(v : ptr<function, u32>) -> u32 {
  var r : u32;
  r = 0u;
  switch *v % 5u {
    case 2u: {
      r = 100u;
    }
    case 0u: {
      r = r + 1u;
      r = r + 10u;
    }
    case 1u: {
      r = r + 10u;
    }
    default: {
      r = *v;
    }
  }
  return r;
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) global_invocation_id_param : vec3<u32>) {
  gl_GlobalInvocationID = global_invocation_id_param;
  main_1();
}
