// Bindings that differ from the SPIR-V descriptors:
//   @group(0) @binding(8) albedo_sampler: set 0 binding 0 (the sampler of combined image sampler albedo)
//   @group(0) @binding(9) shadowMap_sampler: set 0 binding 3 (the sampler of combined image sampler shadowMap)
//   @group(0) @binding(10) layers_sampler: set 0 binding 5 (the sampler of combined image sampler layers)
//   @group(0) @binding(11) sky_sampler: set 0 binding 7 (the sampler of combined image sampler sky)

diagnostic(off, derivative_uniformity);

@group(0) @binding(0) var albedo : texture_2d<f32>;
@group(0) @binding(8) var albedo_sampler : sampler;
var<private> vUV : vec2<f32>;
@group(0) @binding(3) var shadowMap : texture_depth_2d;
@group(0) @binding(9) var shadowMap_sampler : sampler_comparison;
var<private> vShadow : vec3<f32>;
@group(0) @binding(1) var detail : texture_2d<f32>;
@group(0) @binding(2) var detailSampler : sampler;
@group(0) @binding(5) var layers : texture_2d_array<f32>;
@group(0) @binding(10) var layers_sampler : sampler;
@group(0) @binding(7) var sky : texture_cube<f32>;
@group(0) @binding(11) var sky_sampler : sampler;
var<private> color : vec4<f32>;

fn main_1() {
  var base : vec4<f32>;
  var lit : f32;
  var d : vec4<f32>;
  var param : vec2<f32>;
  var l : vec4<f32>;
  var f : vec4<f32>;
  var g : vec4<f32>;
  var s : vec4<f32>;
  let x_38 : vec2<f32> = vUV;
  let x_39 : vec4<f32> = textureSample(albedo, albedo_sampler, x_38);
  base = x_39;
  if base.w < 0.01f {
    discard;
    return;
  }
  let x_60 : vec3<f32> = vShadow;
  let x_61 : f32 = x_60.z;
  let x_62 : f32 = textureSampleCompare(shadowMap, shadowMap_sampler, x_60.xy, x_61);
  lit = x_62;
  param = vUV;
  let x_68 : vec4<f32> = sampleDetail_t21_p1_vf2(detail, detailSampler, &param);
  d = x_68;
  let x_75 : vec2<f32> = vUV;
  let x_79 : vec3<f32> = vec3<f32>(x_75.x, x_75.y, 2.0f);
  let x_81 : vec4<f32> = textureSampleLevel(layers, layers_sampler, x_79.xy, i32(round(x_79.z)), 1.0f);
  l = x_81;
  let x_89 : vec2<i32> = vec2<i32>(vUV * 16.0f);
  let x_92 : vec4<f32> = textureLoad(albedo, x_89, 0i);
  f = x_92;
  let x_95 : vec2<f32> = vUV;
  let x_97 : vec4<f32> = textureGather(1u, albedo, albedo_sampler, x_95);
  g = x_97;
  let x_104 : vec2<f32> = vUV;
  let x_107 : vec3<f32> = vec3<f32>(x_104.x, x_104.y, 1.0f);
  let x_108 : vec4<f32> = textureSample(sky, sky_sampler, x_107);
  s = x_108;
  color = base * d * lit + l * 0.1f + f * 0.01f + g * 0.01f + s * 0.01f;
  return;
}

fn sampleDetail_t21_p1_vf2(t : texture_2d<f32>, s : sampler, p : ptr<function, vec2<f32>>) -> vec4<f32> {
  let x_27 : vec2<f32> = *p * 4.0f;
  let x_28 : vec4<f32> = textureSample(t, s, x_27);
  return x_28;
}

struct main_out {
  @location(0) color : vec4<f32>,
}

@fragment
fn main(@location(0) vUV_param : vec2<f32>, @location(1) vShadow_param : vec3<f32>) -> main_out {
  vUV = vUV_param;
  vShadow = vShadow_param;
  main_1();
  return main_out(color);
}
