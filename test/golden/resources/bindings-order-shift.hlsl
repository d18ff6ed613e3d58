// Explicit and implicit binding assignment as DXC does it: [[vk::binding]]
// (and [[vk::counter_binding]]) are decorated first, then register(xN,
// spaceM), then the rest take the lowest free binding of their set in
// declaration order. A counter is in its buffer's set (the one of its
// [[vk::binding]], else its register's space). -fvk-x-shift N SPACE moves
// register(xN): the last shift given for a set wins, a lone "all" shifts
// every set and an "all" among per-set shifts counts for nothing.
// -fvk-auto-shift-bindings starts the implicit bindings at their class's
// shift (counters have no class).
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s -fvk-t-shift 10 0 -fvk-t-shift 20 1 -fvk-t-shift 30 0 -fvk-s-shift 5 all -fvk-b-shift 100 all -fvk-b-shift 50 2 -fvk-u-shift 40 all | FileCheck %s --check-prefix=SHIFT
// RUN: %hlsl2spirv -T ps_6_0 -E main %s -fvk-t-shift 10 0 -fvk-s-shift 5 all -fvk-u-shift 40 all -fvk-auto-shift-bindings | FileCheck %s --check-prefix=AUTO

// CHECK: OpDecorate %attrTex DescriptorSet 0
// CHECK-NEXT: OpDecorate %attrTex Binding 9
// CHECK-NEXT: OpDecorate %counter_var_app DescriptorSet 4
// CHECK-NEXT: OpDecorate %counter_var_app Binding 6
// CHECK-NEXT: OpDecorate %con DescriptorSet 5
// CHECK-NEXT: OpDecorate %con Binding 2
// CHECK-NEXT: OpDecorate %counter_var_con DescriptorSet 5
// CHECK-NEXT: OpDecorate %counter_var_con Binding 3
// CHECK-NEXT: OpDecorate %t0s0 DescriptorSet 0
// CHECK-NEXT: OpDecorate %t0s0 Binding 0
// CHECK-NEXT: OpDecorate %t2s1 DescriptorSet 1
// CHECK-NEXT: OpDecorate %t2s1 Binding 2
// CHECK-NEXT: OpDecorate %s1 DescriptorSet 2
// CHECK-NEXT: OpDecorate %s1 Binding 1
// CHECK-NEXT: OpDecorate %cb DescriptorSet 2
// CHECK-NEXT: OpDecorate %cb Binding 0
// CHECK-NEXT: OpDecorate %ub DescriptorSet 3
// CHECK-NEXT: OpDecorate %ub Binding 4
// CHECK-NEXT: OpDecorate %app DescriptorSet 4
// CHECK-NEXT: OpDecorate %app Binding 0
// CHECK-NEXT: OpDecorate %implicitTex DescriptorSet 0
// CHECK-NEXT: OpDecorate %implicitTex Binding 1
// CHECK-NEXT: OpDecorate %implicitSmp DescriptorSet 0
// CHECK-NEXT: OpDecorate %implicitSmp Binding 2
// CHECK-NEXT: OpDecorate %implicitUav DescriptorSet 0
// CHECK-NEXT: OpDecorate %implicitUav Binding 3
// CHECK-NEXT: OpDecorate %con2 DescriptorSet 6
// CHECK-NEXT: OpDecorate %con2 Binding 0
// CHECK-NEXT: OpDecorate %counter_var_con2 DescriptorSet 6
// CHECK-NEXT: OpDecorate %counter_var_con2 Binding 1
// rw (u1, space4) is removed as unused, but its binding stays taken
// CHECK-NEXT: OpDecorate %counter_var_rw DescriptorSet 4
// CHECK-NEXT: OpDecorate %counter_var_rw Binding 2

// SHIFT: OpDecorate %attrTex Binding 9
// SHIFT: OpDecorate %t0s0 Binding 30
// SHIFT: OpDecorate %t2s1 Binding 22
// SHIFT: OpDecorate %s1 Binding 6
// SHIFT: OpDecorate %cb Binding 50
// SHIFT: OpDecorate %ub Binding 44
// SHIFT: OpDecorate %app Binding 40
// SHIFT: OpDecorate %implicitTex Binding 0
// SHIFT: OpDecorate %implicitSmp Binding 1
// SHIFT: OpDecorate %implicitUav Binding 2
// SHIFT: OpDecorate %counter_var_rw Binding 0

// AUTO: OpDecorate %t0s0 Binding 10
// AUTO: OpDecorate %t2s1 Binding 2
// AUTO: OpDecorate %s1 Binding 6
// AUTO: OpDecorate %cb Binding 0
// AUTO: OpDecorate %implicitTex Binding 11
// AUTO: OpDecorate %implicitSmp Binding 5
// AUTO: OpDecorate %implicitUav Binding 40
// AUTO: OpDecorate %con2 Binding 40
// AUTO: OpDecorate %counter_var_con2 Binding 0
// AUTO: OpDecorate %counter_var_rw Binding 0

struct S { float4 v; };

[[vk::binding(9)]] Texture2D<float4> attrTex : register(t1);
Texture2D<float4> t0s0 : register(t0);
Texture2D<float4> t2s1 : register(t2, space1);
SamplerState s1 : register(s1, space2);
ConstantBuffer<S> cb : register(b0, space2);
RWBuffer<float4> ub : register(u4, space3);
Texture2D<float4> implicitTex;
SamplerState implicitSmp;
RWBuffer<float4> implicitUav;

[[vk::counter_binding(6)]] AppendStructuredBuffer<S> app : register(u0, space4);
[[vk::binding(2, 5), vk::counter_binding(3)]] ConsumeStructuredBuffer<S> con;
RWStructuredBuffer<S> rw : register(u1, space4);
ConsumeStructuredBuffer<S> con2 : register(space6);

float4 main(float2 uv : TEXCOORD) : SV_Target {
  float4 r = attrTex.Sample(s1, uv) + t0s0.Sample(s1, uv) + t2s1.Sample(implicitSmp, uv) + cb.v + ub[0];
  r += implicitTex.Sample(implicitSmp, uv) + implicitUav[1];
  app.Append(con.Consume());
  rw.IncrementCounter();
  return r + con2.Consume().v;
}
