diagnostic(off, derivative_uniformity);

struct Data {
  v : array<u32>,
}

@group(0) @binding(0) var<storage, read_write> data : Data;
var<private> gl_GlobalInvocationID : vec3<u32>;

fn main_1() {
  var x : u32;
  var param : u32;
  x = gl_GlobalInvocationID.x;
  let x_76 : u32 = x;
  param = x;
  let x_79 : u32 = classify_u1(&param);
  data.v[x_76] = x_79;
  return;
}

fn classify_u1(x : ptr<function, u32>) -> u32 {
  var i : u32;
  i = 0u;
  loop {
    if !(i < *x) {
      break;
    }
    switch (*x + i) % 4u {
      case 1u: {
        if *x > 4u {
          return 20u + i;
        }
      }
      case 0u: {
        return 10u + i;
      }
      default: {
        let x_54 : u32 = *x + 8u;
        data.v[x_54] = data.v[x_54] + 1u;
      }
    }
    continuing {
      i = i + bitcast<u32>(1i);
    }
  }
  return 30u;
}

@compute @workgroup_size(8, 1, 1)
fn main(@builtin(global_invocation_id) global_invocation_id_param : vec3<u32>) {
  gl_GlobalInvocationID = global_invocation_id_param;
  main_1();
}
