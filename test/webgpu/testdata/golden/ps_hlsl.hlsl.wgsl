diagnostic(off, derivative_uniformity);

@group(0) @binding(0) var albedo : texture_2d<f32>;
@group(0) @binding(2) var linearSampler : sampler;
@group(0) @binding(1) var depth : texture_depth_2d;
@group(0) @binding(3) var cmpSampler : sampler_comparison;
var<private> pos : vec4<f32>;
var<private> uv : vec2<f32>;
var<private> _entryPointOutput : vec4<f32>;

fn main_1() {
  let x_105 : vec4<f32> = pos;
  let x_109 : vec2<f32> = uv;
  let x_127 : vec4<f32> = textureSample(albedo, linearSampler, x_109);
  if (x_127.w - 0.5f) < 0.0f {
    discard;
    return;
  }
  let x_139 : f32 = x_105.z;
  let x_142 : vec3<f32> = vec3<f32>(x_109.x, x_109.y, x_139);
  let x_144 : f32 = textureSampleCompare(depth, cmpSampler, x_142.xy, x_139);
  let x_149 : vec4<f32> = textureSampleLevel(albedo, linearSampler, x_109, 2.0f);
  let x_153 : vec2<i32> = vec2<i32>(x_105.xy);
  let x_156 : vec3<i32> = vec3<i32>(x_153.x, x_153.y, 0i);
  let x_157 : vec2<i32> = x_156.xy;
  let x_165 : vec4<f32> = textureLoad(albedo, x_157, 0i);
  _entryPointOutput = x_127 * x_144 + x_149 * 0.25f + x_165 * 0.25f;
  return;
}

struct main_out {
  @location(0) _entryPointOutput : vec4<f32>,
}

@fragment
fn main(@builtin(position) position_param : vec4<f32>, @location(0) uv_param : vec2<f32>) -> main_out {
  pos = position_param;
  uv = uv_param;
  main_1();
  return main_out(_entryPointOutput);
}
