// HLSL 2021 bitfields share a struct member: reads extract their bits,
// writes insert them and keep the neighbours.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s

// CHECK: %Flags = OpTypeStruct %uint %int
struct Flags {
  uint lo : 4;
  uint mid : 12;
  int rest;
};

RWStructuredBuffer<Flags> Buf : register(u0);

// CHECK: [[w:%[0-9]+]] = OpLoad %uint {{%[0-9]+}}
// CHECK-NEXT: {{%[0-9]+}} = OpBitFieldUExtract %uint [[w]] %uint_4 %uint_12
// CHECK: [[old:%[0-9]+]] = OpLoad %uint {{%[0-9]+}}
// CHECK-NEXT: [[new:%[0-9]+]] = OpBitFieldInsert %uint [[old]] {{%[0-9]+}} %uint_0 %uint_4
// CHECK-NEXT: OpStore {{%[0-9]+}} [[new]]
[numthreads(1, 1, 1)]
void main() {
  uint m = Buf[0].mid;
  Buf[0].lo = m & 15;
}
