// Trigonometric, hyperbolic, exponential and power intrinsics map to
// GLSL.std.450 as DXC maps them: log10 is Log2 scaled by log10(2), rcp a
// division of one, sincos two instructions, and a matrix argument is
// computed row by row.
// RUN: %hlsl2spirv -T cs_6_0 -E main -fcgl %s | FileCheck %s
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s

cbuffer Inputs {
  float  s;
  float3 v;
  float4 w;
  double d;
  float2x2 m;
};
RWStructuredBuffer<float4> results;

// CHECK: [[glsl:%[0-9]+]] = OpExtInstImport "GLSL.std.450"
// CHECK: %src_main = OpFunction
[numthreads(1, 1, 1)]
void main() {
// CHECK: OpExtInst %float [[glsl]] Sin
  results[0].x = sin(s);
// CHECK: OpExtInst %v3float [[glsl]] Cos
  results[1].xyz = cos(v);
// CHECK: OpExtInst %v4float [[glsl]] Tan
  results[2] = tan(w);
// CHECK: OpExtInst %v3float [[glsl]] Asin
  results[3].xyz = asin(v);
// CHECK: OpExtInst %v3float [[glsl]] Acos
  results[4].xyz = acos(v);
// CHECK: OpExtInst %v3float [[glsl]] Atan
  results[5].xyz = atan(v);
// CHECK: [[y:%[0-9]+]] = OpVectorShuffle %v3float {{%[0-9]+}} {{%[0-9]+}} 2 0 1
// CHECK: OpExtInst %v3float [[glsl]] Atan2 {{%[0-9]+}} [[y]]
  results[6].xyz = atan2(v, v.zxy);
// CHECK: OpExtInst %v4float [[glsl]] Sinh
  results[7] = sinh(w);
// CHECK: OpExtInst %v4float [[glsl]] Cosh
  results[8] = cosh(w);
// CHECK: OpExtInst %v4float [[glsl]] Tanh
  results[9] = tanh(w);
// CHECK: OpExtInst %v4float [[glsl]] Exp {{%[0-9]+}}
  results[10] = exp(w);
// CHECK: OpExtInst %v4float [[glsl]] Exp2
  results[11] = exp2(w);
// CHECK: OpExtInst %v4float [[glsl]] Log {{%[0-9]+}}
  results[12] = log(w);
// CHECK: OpExtInst %v4float [[glsl]] Log2
  results[13] = log2(w);
// CHECK: [[l2:%[0-9]+]] = OpExtInst %v4float [[glsl]] Log2
// CHECK: OpVectorTimesScalar %v4float [[l2]] %float_0_30103001
  results[14] = log10(w);
// CHECK: OpExtInst %v4float [[glsl]] Pow
  results[15] = pow(w, w.wzyx);
// CHECK: OpExtInst %v4float [[glsl]] Sqrt
  results[16] = sqrt(w);
// CHECK: OpExtInst %v4float [[glsl]] InverseSqrt
  results[17] = rsqrt(w);
// CHECK: OpFDiv %v4float {{%[0-9]+}} {{%[0-9]+}}
  results[18] = rcp(w);
// CHECK: OpExtInst %v3float [[glsl]] Sin
// CHECK: OpExtInst %v3float [[glsl]] Cos
  float3 sn, cs;
  sincos(v, sn, cs);
  results[19].xyz = sn + cs;
// CHECK: [[r:%[0-9]+]] = OpFDiv %double %double_1 {{%[0-9]+}}
// CHECK: OpFConvert %float [[r]]
  results[20].x = (float)rcp(d);
// CHECK: [[row0:%[0-9]+]] = OpCompositeExtract %v2float [[mat:%[0-9]+]] 0
// CHECK: [[sin0:%[0-9]+]] = OpExtInst %v2float [[glsl]] Sin [[row0]]
// CHECK: [[row1:%[0-9]+]] = OpCompositeExtract %v2float [[mat]] 1
// CHECK: [[sin1:%[0-9]+]] = OpExtInst %v2float [[glsl]] Sin [[row1]]
// CHECK: OpCompositeConstruct %mat2v2float [[sin0]] [[sin1]]
  float2x2 ms = sin(m);
  results[21] = float4(ms[0], ms[1]);
}
