diagnostic(off, derivative_uniformity);

struct particles_1 {
  _data : array<Particle>,
}

struct Particle {
  position : vec3<f32>,
  mass : f32,
}

struct outPositions_1 {
  _data : array<vec4<f32>>,
}

struct Frame_mem {
  transform : mat4x4<f32>,
  dt : f32,
}

struct stats_mem {
  _data : array<atomic<u32>>,
}

@group(0) @binding(1) var<storage, read> particles : particles_1;
var<workgroup> shared_mass : array<f32, 32>;
@group(0) @binding(2) var<storage, read_write> outPositions : outPositions_1;
@group(0) @binding(0) var<uniform> v_82 : Frame_mem;
@group(0) @binding(3) var<storage, read_write> stats_1 : stats_mem;
var<private> id : vec3<u32>;
var<private> gi : u32;

fn main_1() {
  var x_177_phi : f32;
  var x_176_phi : u32;
  var x_177 : f32;
  let x_112 : vec3<u32> = id;
  let x_130 : Particle = particles._data[x_112.x];
  shared_mass[gi] = x_130.mass;
  workgroupBarrier();
  x_177_phi = 0.0f;
  x_176_phi = 0u;
  loop {
    x_177 = x_177_phi;
    let x_176 : u32 = x_176_phi;
    if x_176 < 32u {
    } else {
      break;
    }
    continuing {
      let x_148 : f32 = x_177 + shared_mass[x_176];
      let x_151 : u32 = x_176 + bitcast<u32>(1i);
      x_177_phi = x_148;
      x_176_phi = x_151;
    }
  }
  let x_159 : vec3<f32> = x_130.position * v_82.dt;
  outPositions._data[x_112.x] = vec4<f32>(x_159.x, x_159.y, x_159.z, x_177) * transpose(v_82.transform);
  _ = atomicAdd(&stats_1._data[0u], bitcast<u32>(1i));
  return;
}

@compute @workgroup_size(32, 1, 1)
fn main(@builtin(global_invocation_id) global_invocation_id_param : vec3<u32>, @builtin(local_invocation_index) local_invocation_index_param : u32) {
  id = global_invocation_id_param;
  gi = local_invocation_index_param;
  main_1();
}
