// -fvk-bind-register REG SPACE BINDING SET (alias -vkbr) binds each
// register(xN, spaceM) to a chosen set and binding; then every resource
// must be bound by it: $Globals needs -fvk-bind-globals, the descriptor
// heaps -fvk-bind-resource-heap/-fvk-bind-sampler-heap, a resource without
// register() or with an unlisted one is an error, and so is a structured
// buffer's counter. Bad numbers in the option are reported as DXC words
// them.
// RUN: %hlsl2spirv -T ps_6_6 -E main %s -fvk-bind-register t3 1 7 2 -vkbr s0 0 4 0 -fvk-bind-register b2 0 0 5 | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_6 -E main %s -DGLOBALS -DHEAP -DSAMPLER_HEAP -fvk-bind-register t3 1 7 2 -vkbr s0 0 4 0 -fvk-bind-register b2 0 0 5 -fvk-bind-globals 9 3 -fvk-bind-resource-heap 3 4 -fvk-bind-sampler-heap 5 6 | FileCheck %s --check-prefix=ALL
// RUN: not %hlsl2spirv -T ps_6_6 -E main %s -fvk-bind-register t3 1 7 2 -vkbr s0 0 4 0 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %hlsl2spirv -T ps_6_6 -E main %s -DGLOBALS -fvk-bind-register t3 1 7 2 -vkbr s0 0 4 0 -fvk-bind-register b2 0 0 5 2>&1 | FileCheck %s --check-prefix=GLOBALS
// RUN: not %hlsl2spirv -T ps_6_6 -E main %s -DUNANNOTATED -fvk-bind-register t3 1 7 2 -vkbr s0 0 4 0 -fvk-bind-register b2 0 0 5 2>&1 | FileCheck %s --check-prefix=NOREG
// RUN: not %hlsl2spirv -T ps_6_6 -E main %s -DCOUNTER -fvk-bind-register t3 1 7 2 -vkbr s0 0 4 0 -fvk-bind-register b2 0 0 5 -vkbr u1 0 1 1 2>&1 | FileCheck %s --check-prefix=COUNTER
// RUN: not %hlsl2spirv -T ps_6_6 -E main %s -DHEAP -fvk-bind-register t3 1 7 2 -vkbr s0 0 4 0 -fvk-bind-register b2 0 0 5 2>&1 | FileCheck %s --check-prefix=RHEAP
// RUN: not %hlsl2spirv -T ps_6_6 -E main %s -DSAMPLER_HEAP -fvk-bind-register t3 1 7 2 -vkbr s0 0 4 0 -fvk-bind-register b2 0 0 5 2>&1 | FileCheck %s --check-prefix=SHEAP
// RUN: not %hlsl2spirv -T ps_6_6 -E main %s -fvk-bind-register t3 1 7 x 2>&1 | FileCheck %s --check-prefix=BADSET
// RUN: not %hlsl2spirv -T ps_6_6 -E main %s -fvk-bind-register t3 1 -4 0 2>&1 | FileCheck %s --check-prefix=BADBIND
// RUN: not %hlsl2spirv -T ps_6_6 -E main %s -fvk-bind-register t3 one 7 2 2>&1 | FileCheck %s --check-prefix=BADSPACE

// CHECK: OpDecorate %tex DescriptorSet 2
// CHECK-NEXT: OpDecorate %tex Binding 7
// CHECK-NEXT: OpDecorate %smp DescriptorSet 0
// CHECK-NEXT: OpDecorate %smp Binding 4
// CHECK-NEXT: OpDecorate %cb DescriptorSet 5
// CHECK-NEXT: OpDecorate %cb Binding 0

// ALL: OpDecorate %tex DescriptorSet 2
// ALL-NEXT: OpDecorate %tex Binding 7
// ALL-NEXT: OpDecorate %smp DescriptorSet 0
// ALL-NEXT: OpDecorate %smp Binding 4
// ALL-NEXT: OpDecorate %cb DescriptorSet 5
// ALL-NEXT: OpDecorate %cb Binding 0
// ALL-NEXT: OpDecorate %_Globals DescriptorSet 3
// ALL-NEXT: OpDecorate %_Globals Binding 9
// ALL-NEXT: OpDecorate %ResourceDescriptorHeap DescriptorSet 4
// ALL-NEXT: OpDecorate %ResourceDescriptorHeap Binding 3
// ALL-NEXT: OpDecorate %SamplerDescriptorHeap DescriptorSet 6
// ALL-NEXT: OpDecorate %SamplerDescriptorHeap Binding 5

// MISSING: bindings-bind-register.hlsl:55:19: error: missing -fvk-bind-register for resource
// GLOBALS: error: -fvk-bind-register requires Globals buffer to be bound with -fvk-bind-globals
// NOREG: bindings-bind-register.hlsl:61:19: error: -fvk-bind-register requires register annotations on all resources
// COUNTER: bindings-bind-register.hlsl:64:23: error: -fvk-bind-register for RW/Append/Consume StructuredBuffer unimplemented
// RHEAP: error: -fvk-bind-resource-heap is required when using -fvk-bind-register
// SHEAP: error: -fvk-bind-sampler-heap is required when using -fvk-bind-register
// BADSET: error: invalid -fvk-bind-register set number: x
// BADBIND: error: invalid -fvk-bind-register binding number: -4
// BADSPACE: error: invalid -fvk-bind-register space number: one

struct S { float4 v; };

Texture2D<float4> tex : register(t3, space1);
SamplerState smp : register(s0);
#ifndef NO_CB
ConstantBuffer<S> cb : register(b2);
#endif
#ifdef GLOBALS
float4 tint;
#endif
#ifdef UNANNOTATED
Texture2D<float4> loose;
#endif
#ifdef COUNTER
RWStructuredBuffer<S> rw : register(u1);
#endif
#ifdef HEAP
float4 heapRead() { Texture2D<float4> t = ResourceDescriptorHeap[0]; return t.Load(int3(0, 0, 0)); }
#endif
#ifdef SAMPLER_HEAP
float4 heapSample() { SamplerState s = SamplerDescriptorHeap[1]; return tex.SampleLevel(s, float2(0, 0), 0); }
#endif

float4 main(float2 uv : TEXCOORD) : SV_Target {
  float4 r = tex.Sample(smp, uv);
#ifndef NO_CB
  r += cb.v;
#endif
#ifdef GLOBALS
  r *= tint;
#endif
#ifdef UNANNOTATED
  r += loose.Sample(smp, uv);
#endif
#ifdef COUNTER
  rw.IncrementCounter();
#endif
#ifdef HEAP
  r += heapRead();
#endif
#ifdef SAMPLER_HEAP
  r += heapSample();
#endif
  return r;
}
