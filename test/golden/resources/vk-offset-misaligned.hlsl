// [[vk::offset]] places a struct member where it says even when the
// layout rule wants it elsewhere: DXC's warning then points at the member.
// Such a block layout is invalid SPIR-V, which DXC's validator refuses:
// an error too, unless -Vd turns validation off or the rule allows the
// offset, as the scalar layout does.
// RUN: not %hlsl2spirv -T cs_6_0 -E main -fcgl %s 2>&1 | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main -fcgl -Vd %s 2>&1 | FileCheck %s --check-prefix=VD
// RUN: %hlsl2spirv -T cs_6_0 -E main -fvk-use-scalar-layout %s 2>&1 | FileCheck %s --check-prefix=SCALAR

// CHECK: vk-offset-misaligned.hlsl:23:27: warning: The offset provided in the attribute should be 16-byte aligned.
// CHECK: vk-offset-misaligned.hlsl:23:27: error: generated SPIR-V is invalid: the member at offset 8 is not aligned to 16 as the vk-std140 layout requires (-Vd skips validation)
// VD: vk-offset-misaligned.hlsl:23:27: warning: The offset provided in the attribute should be 16-byte aligned.
// VD-NOT: error
// VD: OpMemberDecorate %Pair 1 Offset 8
// SCALAR-NOT: warning
// SCALAR: OpMemberDecorate %Pair 1 Offset 8

struct Inner {
  float x;
};
struct Pair {
  float2 a;
  [[vk::offset(8)]] Inner inner;
};

cbuffer Params {
  Pair pairs[4];
};
RWStructuredBuffer<float> result;

[numthreads(1, 1, 1)]
void main() {
  result[0] = pairs[1].inner.x;
}
