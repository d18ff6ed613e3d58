diagnostic(off, derivative_uniformity);

struct Data {
  v : array<u32>,
}

@group(0) @binding(0) var<storage, read_write> data : Data;
var<private> gl_GlobalInvocationID : vec3<u32>;

fn main_1() {
  var x_134_phi : u32;
  var x_138_phi : u32;
  var x_135_phi : bool;
  var exit_to_block_129 : bool;
  var x_137_phi : u32;
  let x_75 : u32 = gl_GlobalInvocationID.x;
  switch 0u {
    default: {
      x_134_phi = 0u;
      loop {
        let x_134 : u32 = x_134_phi;
        if !(x_134 < x_75) {
          x_138_phi = u32();
          x_135_phi = false;
          break;
        }
        switch (x_75 + x_134) % 4u {
          case 1u: {
            if x_75 > 4u {
              let x_123 : u32 = 20u + x_134;
              x_138_phi = x_123;
              x_135_phi = true;
              exit_to_block_129 = true;
              break;
            }
          }
          case 0u: {
            let x_117 : u32 = 10u + x_134;
            x_138_phi = x_117;
            x_135_phi = true;
            exit_to_block_129 = true;
          }
          default: {
            let x_110 : u32 = x_75 + 8u;
            data.v[x_110] = data.v[x_110] + 1u;
          }
        }
        if exit_to_block_129 {
          exit_to_block_129 = false;
          break;
        }
        continuing {
          let x_128 : u32 = x_134 + bitcast<u32>(1i);
          x_134_phi = x_128;
        }
      }
      let x_138 : u32 = x_138_phi;
      let x_135 : bool = x_135_phi;
      if x_135 {
        x_137_phi = x_138;
        break;
      }
      x_137_phi = 30u;
    }
  }
  let x_137 : u32 = x_137_phi;
  data.v[x_75] = x_137;
  return;
}

@compute @workgroup_size(8, 1, 1)
fn main(@builtin(global_invocation_id) global_invocation_id_param : vec3<u32>) {
  gl_GlobalInvocationID = global_invocation_id_param;
  main_1();
}
