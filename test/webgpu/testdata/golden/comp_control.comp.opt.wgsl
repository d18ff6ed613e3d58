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
  var x_164_phi : u32;
  var x_158_phi : u32;
  var x_164 : u32;
  var x_176_phi : u32;
  var x_163_phi : u32;
  var x_159_phi : u32;
  var x_163 : u32;
  var x_161_phi : u32;
  var x_160_phi : u32;
  var x_101 : u32;
  var x_168_phi : u32;
  var x_114 : u32;
  var x_171_phi : u32;
  let x_43 : u32 = gl_GlobalInvocationID.x;
  x_164_phi = 0u;
  x_158_phi = 0u;
  loop {
    x_164 = x_164_phi;
    let x_158 : u32 = x_158_phi;
    if !(x_158 < 16u) {
      break;
    }
    let x_65 : u32 = arrayLength(&src.values);
    let x_71 : u32 = src.values[(x_43 + x_158) % bitcast<u32>(bitcast<i32>(x_65))];
    if x_71 == 7u {
      x_176_phi = x_164;
      continue;
    }
    if x_71 > 1000u {
      break;
    }
    x_163_phi = x_164;
    x_159_phi = 0u;
    loop {
      x_163 = x_163_phi;
      let x_159 : u32 = x_159_phi;
      if !(x_159 < (x_71 % 4u)) {
        break;
      }
      let x_97 : u32 = x_71 + x_159;
      switch x_97 % 5u {
        case 2u: {
          x_161_phi = 100u;
        }
        case 0u: {
          x_160_phi = 1u;
          let x_160 : u32 = x_160_phi;
          let x_154 : u32 = x_160 + 10u;
          x_161_phi = x_154;
        }
        case 1u: {
          x_160_phi = 0u;
          let x_160 : u32 = x_160_phi;
          let x_154 : u32 = x_160 + 10u;
          x_161_phi = x_154;
        }
        default: {
          x_161_phi = x_97;
        }
      }
      let x_161 : u32 = x_161_phi;
      x_101 = x_163 + x_161;
      continuing {
        let x_104 : u32 = x_159 + bitcast<u32>(1i);
        x_163_phi = x_101;
        x_159_phi = x_104;
      }
    }
    x_176_phi = x_163;
    continuing {
      let x_176 : u32 = x_176_phi;
      let x_106 : u32 = x_158 + bitcast<u32>(1i);
      x_164_phi = x_176;
      x_158_phi = x_106;
    }
  }
  x_168_phi = 0u;
  loop {
    continuing {
      let x_168 : u32 = x_168_phi;
      x_114 = x_168 + 3u;
      x_168_phi = x_114;
      break if !(x_114 < (x_164 % 17u));
    }
  }
  if x_164 > 50u {
    let x_133 : u32 = x_164 - x_114;
    x_171_phi = x_133;
  } else {
    let x_137 : u32 = x_164 + x_114;
    x_171_phi = x_137;
  }
  let x_171 : u32 = x_171_phi;
  dst.results[x_43] = x_171;
  return;
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) global_invocation_id_param : vec3<u32>) {
  gl_GlobalInvocationID = global_invocation_id_param;
  main_1();
}
