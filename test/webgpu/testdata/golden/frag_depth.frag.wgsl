diagnostic(off, derivative_uniformity);

struct Stride16_f32 {
  @size(16) el : f32,
}

struct Params_mem {
  weights : array<Stride16_f32, 4>,
  offset : vec2<i32>,
}

@group(0) @binding(0) var<uniform> params : Params_mem;
var<private> vIndex : i32;
var<private> gl_FragDepth : f32;
var<private> gl_FragCoord : vec4<f32>;
var<private> color : vec4<f32>;
var<private> gl_FrontFacing : bool;

fn main_1() {
  var w : f32;
  var x_45 : vec4<f32>;
  w = params.weights[vIndex & 3i].el;
  gl_FragDepth = gl_FragCoord.z * w;
  if gl_FrontFacing {
    let x_48 : f32 = w;
    x_45 = vec4<f32>(x_48, x_48, x_48, x_48);
  } else {
    let x_56 : f32 = f32(params.offset.x);
    x_45 = vec4<f32>(x_56, x_56, x_56, x_56);
  }
  color = x_45;
  return;
}

struct main_out {
  @builtin(frag_depth) frag_depth : f32,
  @location(0) color : vec4<f32>,
}

@fragment
fn main(@location(0) @interpolate(flat) vIndex_param : i32, @builtin(position) position_param : vec4<f32>, @builtin(front_facing) front_facing_param : bool) -> main_out {
  vIndex = vIndex_param;
  gl_FragCoord = position_param;
  gl_FrontFacing = front_facing_param;
  main_1();
  return main_out(gl_FragDepth, color);
}
