// mul in every shape. Floats use SPIR-V's matrix instructions (HLSL
// matrices are transposed in SPIR-V): a one-row or one-column matrix is a
// vector, a column times a row is their outer product row by row. Integers
// have no matrix instructions: a scalar is splat and multiplied (row by row
// for a matrix, the vector evaluated before the scalar as DXC does); other
// shapes are dot products of rows and columns, the right matrix transposed
// first, each dot every product first and then their sum.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

RWStructuredBuffer<int4> ints;

float4 main(float1x3 r3 : R3, float3x2 m32 : M32, float3x1 c3 : C3, float1x4 r4 : R4,
            int s : S, int3 v : V, int2x3 im : IM, int3x2 jm : JM) : SV_Target {
  // CHECK: OpMatrixTimesVector %v2float
  float1x2 a = mul(r3, m32);
  // CHECK: OpDot %float
  float b = mul(r3, c3);
  // CHECK: [[e0:%[0-9]+]] = OpCompositeExtract %float {{%[0-9]+}} 0
  // CHECK-NEXT: OpVectorTimesScalar %v4float {{%[0-9]+}} [[e0]]
  // CHECK: OpCompositeConstruct %mat3v4float
  float3x4 c = mul(c3, r4);

  // CHECK: [[v:%[0-9]+]] = OpLoad %v3int
  // CHECK-NEXT: [[s:%[0-9]+]] = OpLoad %int
  // CHECK-NEXT: [[splat:%[0-9]+]] = OpCompositeConstruct %v3int [[s]] [[s]] [[s]]
  // CHECK-NEXT: OpIMul %v3int [[splat]] [[v]]
  int3 d = mul(s, v);
  // CHECK: [[row:%[0-9]+]] = OpCompositeExtract %v3int {{%[0-9]+}} 0
  // CHECK-NEXT: OpIMul %v3int [[row]]
  int2x3 e = mul(im, s);
  // Row 0 of im times column 0 of jm: three products, then two adds.
  // CHECK: OpCompositeConstruct %_arr_v3int_uint_2
  // CHECK: OpIMul %int
  // CHECK-NEXT: OpCompositeExtract
  // CHECK-NEXT: OpCompositeExtract
  // CHECK-NEXT: OpIMul %int
  // CHECK-NEXT: OpCompositeExtract
  // CHECK-NEXT: OpCompositeExtract
  // CHECK-NEXT: OpIMul %int
  // CHECK-NEXT: OpIAdd %int
  // CHECK-NEXT: OpIAdd %int
  int2x2 f = mul(im, jm);
  // CHECK: OpCompositeConstruct %v3int
  int3 g = mul(int2(1, 2), im);
  ints[0] = int4(d + e[0] + g, f[1][1]);
  return float4(a[0], a[0]) + b + c[2];
}
