// A ConstantBuffer<T> or TextureBuffer<T> copied into a T - initialized,
// assigned, or appended to a buffer of T - is the block read whole (its
// own type) and rebuilt member by member.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

// CHECK: [[a:%[0-9]+]] = OpLoad %type_ConstantBuffer_S %cb
// CHECK: [[b:%[0-9]+]] = OpLoad %type_ConstantBuffer_S %cb
// CHECK: OpCompositeExtract %v4float [[b]] 0
// CHECK: [[c:%[0-9]+]] = OpLoad %type_TextureBuffer_S %tb

struct S { float4 f; };
ConstantBuffer<S> cb;
TextureBuffer<S> tb;

float4 main() : SV_Target {
  S a = cb;
  S b;
  b = cb;
  b = tb;
  return a.f + b.f;
}
