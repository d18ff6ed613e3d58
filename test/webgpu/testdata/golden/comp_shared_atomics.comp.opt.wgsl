diagnostic(off, derivative_uniformity);

struct Counters_mem {
  hits : atomic<u32>,
  minimum : atomic<i32>,
  bins : array<atomic<u32>, 16>,
}

var<private> gl_LocalInvocationIndex : u32;
var<workgroup> localHits : atomic<u32>;
var<workgroup> tile : array<u32, 64>;
@group(0) @binding(0) var<storage, read_write> counters : Counters_mem;
var<private> gl_GlobalInvocationID : vec3<u32>;
@group(0) @binding(2) var accum : texture_storage_2d<r32float, read_write>;
@group(0) @binding(1) var outImage : texture_storage_2d<rgba8unorm, write>;

fn main_1() {
  let x_12 : u32 = gl_LocalInvocationIndex;
  let x_16 : bool = x_12 == 0u;
  if x_16 {
    atomicStore(&localHits, 0u);
  }
  tile[x_12] = x_12 * 3u;
  workgroupBarrier();
  let x_37 : u32 = tile[63u - x_12];
  _ = atomicAdd(&localHits, x_37 & 1u);
  _ = atomicMin(&counters.minimum, bitcast<i32>(x_37) - 10i);
  _ = atomicAdd(&counters.bins[x_37 % 16u], 1u);
  workgroupBarrier();
  if x_16 {
    _ = atomicAdd(&counters.hits, atomicLoad(&localHits));
  }
  let x_77 : vec3<u32> = gl_GlobalInvocationID;
  let x_79 : vec2<i32> = bitcast<vec2<i32>>(x_77.xy);
  let x_89 : vec4<f32> = textureLoad(accum, x_79);
  let x_95 : f32 = f32(x_37);
  let x_96 : f32 = x_89.x + x_95;
  let x_97 : vec4<f32> = vec4<f32>(x_96, x_96, x_96, x_96);
  textureStore(accum, x_79, x_97);
  let x_109 : vec4<f32> = vec4<f32>(x_95 * 0.003921569f, 0.0f, 0.0f, 1.0f);
  textureStore(outImage, x_79, x_109);
  return;
}

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(local_invocation_index) local_invocation_index_param : u32, @builtin(global_invocation_id) global_invocation_id_param : vec3<u32>) {
  gl_LocalInvocationIndex = local_invocation_index_param;
  gl_GlobalInvocationID = global_invocation_id_param;
  main_1();
}
