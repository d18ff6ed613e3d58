// Bindings that differ from the SPIR-V descriptors:
//   @group(0) @binding(5) line_sampler: set 0 binding 0 (the sampler of combined image sampler line)
//   @group(0) @binding(6) layers_sampler: set 0 binding 1 (the sampler of combined image sampler layers)
//   @group(0) @binding(7) volume_sampler: set 0 binding 2 (the sampler of combined image sampler volume)
//   @group(0) @binding(8) sky_sampler: set 0 binding 3 (the sampler of combined image sampler sky)
//   @group(0) @binding(9) skies_sampler: set 0 binding 4 (the sampler of combined image sampler skies)

diagnostic(off, derivative_uniformity);

@group(0) @binding(0) var line : texture_1d<f32>;
@group(0) @binding(5) var line_sampler : sampler;
var<private> vUVW : vec3<f32>;
@group(0) @binding(1) var layers : texture_2d_array<f32>;
@group(0) @binding(6) var layers_sampler : sampler;
@group(0) @binding(2) var volume : texture_3d<f32>;
@group(0) @binding(7) var volume_sampler : sampler;
@group(0) @binding(3) var sky : texture_cube<f32>;
@group(0) @binding(8) var sky_sampler : sampler;
@group(0) @binding(4) var skies : texture_cube_array<f32>;
@group(0) @binding(9) var skies_sampler : sampler;
var<private> color : vec4<f32>;

fn spv_query_lod_f32(size : f32, levels : u32, dx : f32, dy : f32) -> vec2<f32> {
  let rx = dx * size;
  let ry = dy * size;
  let lambda = log2(max(length(rx), length(ry)));
  return vec2<f32>(clamp(lambda, 0.0f, f32(levels - 1u)), lambda);
}

fn spv_query_lod_vec2_f32(size : vec2<f32>, levels : u32, dx : vec2<f32>, dy : vec2<f32>) -> vec2<f32> {
  let rx = dx * size;
  let ry = dy * size;
  let lambda = log2(max(length(rx), length(ry)));
  return vec2<f32>(clamp(lambda, 0.0f, f32(levels - 1u)), lambda);
}

fn spv_query_lod_vec3_f32(size : vec3<f32>, levels : u32, dx : vec3<f32>, dy : vec3<f32>) -> vec2<f32> {
  let rx = dx * size;
  let ry = dy * size;
  let lambda = log2(max(length(rx), length(ry)));
  return vec2<f32>(clamp(lambda, 0.0f, f32(levels - 1u)), lambda);
}

fn spv_query_lod_cube(size : vec2<f32>, levels : u32, c : vec3<f32>, dx : vec3<f32>, dy : vec3<f32>) -> vec2<f32> {
  let a = abs(c);
  var p = c.zyx;
  var px = dx.zyx;
  var py = dy.zyx;
  if (a.y > a.x && a.y >= a.z) {
    p = c.xzy;
    px = dx.xzy;
    py = dy.xzy;
  } else if (a.z > a.x && a.z > a.y) {
    p = c;
    px = dx;
    py = dy;
  }
  let rx = (px.xy * p.z - p.xy * px.z) / (2.0f * p.z * p.z) * size;
  let ry = (py.xy * p.z - p.xy * py.z) / (2.0f * p.z * p.z) * size;
  let lambda = log2(max(length(rx), length(ry)));
  return vec2<f32>(clamp(lambda, 0.0f, f32(levels - 1u)), lambda);
}

fn main_1() {
  var a : vec2<f32>;
  var b : vec2<f32>;
  var c : vec2<f32>;
  var d : vec2<f32>;
  var e : vec2<f32>;
  let lod_coords : f32 = vUVW.x;
  let lod_dpdx : f32 = dpdx(lod_coords);
  let lod_dpdy : f32 = dpdy(lod_coords);
  let x_24 : vec2<f32> = spv_query_lod_f32(f32(textureDimensions(line)), textureNumLevels(line), lod_dpdx, lod_dpdy);
  a = x_24;
  let x_31 : vec3<f32> = vUVW;
  let lod_coords_1 : vec2<f32> = x_31.xy;
  let lod_dpdx_1 : vec2<f32> = dpdx(lod_coords_1);
  let lod_dpdy_1 : vec2<f32> = dpdy(lod_coords_1);
  let x_33 : vec2<f32> = spv_query_lod_vec2_f32(vec2<f32>(textureDimensions(layers)), textureNumLevels(layers), lod_dpdx_1, lod_dpdy_1);
  b = x_33;
  let lod_coords_2 : vec3<f32> = vUVW;
  let lod_dpdx_2 : vec3<f32> = dpdx(lod_coords_2);
  let lod_dpdy_2 : vec3<f32> = dpdy(lod_coords_2);
  let x_41 : vec2<f32> = spv_query_lod_vec3_f32(vec3<f32>(textureDimensions(volume)), textureNumLevels(volume), lod_dpdx_2, lod_dpdy_2);
  c = x_41;
  let lod_coords_3 : vec3<f32> = vUVW;
  let lod_dpdx_3 : vec3<f32> = dpdx(lod_coords_3);
  let lod_dpdy_3 : vec3<f32> = dpdy(lod_coords_3);
  let x_49 : vec2<f32> = spv_query_lod_cube(vec2<f32>(textureDimensions(sky)), textureNumLevels(sky), lod_coords_3, lod_dpdx_3, lod_dpdy_3);
  d = x_49;
  let lod_coords_4 : vec3<f32> = vUVW;
  let lod_dpdx_4 : vec3<f32> = dpdx(lod_coords_4);
  let lod_dpdy_4 : vec3<f32> = dpdy(lod_coords_4);
  let x_57 : vec2<f32> = spv_query_lod_cube(vec2<f32>(textureDimensions(skies)), textureNumLevels(skies), lod_coords_4, lod_dpdx_4, lod_dpdy_4);
  e = x_57;
  let x_63 : vec2<f32> = a + b;
  color = vec4<f32>(x_63.x, x_63.y, c.x + d.x + e.x, c.y + d.y + e.y);
  return;
}

struct main_out {
  @location(0) color : vec4<f32>,
}

@fragment
fn main(@location(0) vUVW_param : vec3<f32>) -> main_out {
  vUVW = vUVW_param;
  main_1();
  return main_out(color);
}
