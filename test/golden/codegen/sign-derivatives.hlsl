// Intrinsics that GLSL.std.450 or SPIR-V do not take in every type: sign
// of unsigned values is x > 0 ? 1 : 0 (there is no unsigned sign), of a
// matrix is computed row by row; derivatives of half values go through
// float (derivatives are 32-bit only); a multisampled texture's operator[]
// reads sample 0.
// RUN: %hlsl2spirv -T ps_6_2 -E main -enable-16bit-types -fcgl %s | FileCheck %s
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T ps_6_2 -E main -enable-16bit-types %s

// CHECK: [[c:%[0-9]+]] = OpUGreaterThan %v3bool {{%[0-9]+}} {{%[0-9]+}}
// CHECK-NEXT: OpSelect %v3int [[c]]
// CHECK: [[r:%[0-9]+]] = OpCompositeExtract %v2float {{%[0-9]+}} 0
// CHECK-NEXT: OpExtInst %v2float {{%[0-9]+}} FSign [[r]]
// CHECK: OpCompositeConstruct %_arr_v2int_uint_2
// CHECK: [[f:%[0-9]+]] = OpFConvert %v2float {{%[0-9]+}}
// CHECK-NEXT: [[d:%[0-9]+]] = OpDPdx %v2float [[f]]
// CHECK-NEXT: OpFConvert %v2half [[d]]
// CHECK: OpImageFetch %v4float {{%[0-9]+}} {{%[0-9]+}} Sample %uint_0

Texture2DMS<float4> ms;

float4 main(uint3 u : U, float2x2 m : M, half2 h : H, int2 pos : POS) : SV_Target {
  int3 su = sign(u);
  int2x2 sm = sign(m);
  half2 dh = ddx(h);
  return float4(su + sm[1].xyy, 0) + float4(dh, 0, 0) + ms[pos];
}
