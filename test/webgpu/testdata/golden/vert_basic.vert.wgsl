diagnostic(off, derivative_uniformity);

struct Camera {
  viewProj : mat4x4<f32>,
  tint : vec4<f32>,
  scale : f32,
}

struct gl_PerVertex {
  gl_Position : vec4<f32>,
  gl_PointSize : f32,
  gl_ClipDistance : array<f32, 1>,
  gl_CullDistance : array<f32, 1>,
}

var<private> vUV : vec2<f32>;
var<private> uv : vec2<f32>;
@group(0) @binding(0) var<uniform> cam : Camera;
var<private> vTag : u32;
var<private> instanceTag : u32;
var<private> gl_VertexIndex : i32;
var<private> vColor : vec4<f32>;
var<private> v_46 : gl_PerVertex;
var<private> position : vec3<f32>;

fn main_1() {
  vUV = uv * cam.scale;
  vTag = instanceTag + bitcast<u32>(gl_VertexIndex);
  vColor = cam.tint;
  let x_54 : vec3<f32> = position;
  v_46.gl_Position = cam.viewProj * vec4<f32>(x_54.x, x_54.y, x_54.z, 1.0f);
  v_46.gl_PointSize = 1.0f;
  return;
}

struct main_out {
  @location(0) vUV : vec2<f32>,
  @location(1) @interpolate(flat) vTag : u32,
  @location(2) vColor : vec4<f32>,
  @builtin(position) position : vec4<f32>,
}

@vertex
fn main(@location(1) uv_param : vec2<f32>, @location(2) instanceTag_param : u32, @builtin(vertex_index) vertex_index_param : u32, @location(0) position_param : vec3<f32>) -> main_out {
  uv = uv_param;
  instanceTag = instanceTag_param;
  gl_VertexIndex = bitcast<i32>(vertex_index_param);
  position = position_param;
  main_1();
  return main_out(vUV, vTag, vColor, v_46.gl_Position);
}
