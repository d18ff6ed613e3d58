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
  var li : u32;
  var v : u32;
  var p : vec2<i32>;
  var a : f32;
  li = gl_LocalInvocationIndex;
  if li == 0u {
    atomicStore(&localHits, 0u);
  }
  tile[li] = li * 3u;
  workgroupBarrier();
  v = tile[63u - li];
  _ = atomicAdd(&localHits, v & 1u);
  _ = atomicMin(&counters.minimum, bitcast<i32>(v) - 10i);
  _ = atomicAdd(&counters.bins[v % 16u], 1u);
  workgroupBarrier();
  if li == 0u {
    _ = atomicAdd(&counters.hits, atomicLoad(&localHits));
  }
  let x_77 : vec3<u32> = gl_GlobalInvocationID;
  p = bitcast<vec2<i32>>(x_77.xy);
  let x_87 : vec2<i32> = p;
  let x_89 : vec4<f32> = textureLoad(accum, x_87);
  a = x_89.x;
  let x_92 : vec2<i32> = p;
  let x_96 : f32 = a + f32(v);
  let x_97 : vec4<f32> = vec4<f32>(x_96, x_96, x_96, x_96);
  textureStore(accum, x_92, x_97);
  let x_102 : vec2<i32> = p;
  let x_109 : vec4<f32> = vec4<f32>(f32(v) / 255.0f, 0.0f, 0.0f, 1.0f);
  textureStore(outImage, x_102, x_109);
  return;
}

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(local_invocation_index) local_invocation_index_param : u32, @builtin(global_invocation_id) global_invocation_id_param : vec3<u32>) {
  gl_LocalInvocationIndex = local_invocation_index_param;
  gl_GlobalInvocationID = global_invocation_id_param;
  main_1();
}
