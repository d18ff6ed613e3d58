// -fspv-use-descriptor-heap: ResourceDescriptorHeap and SamplerDescriptorHeap
// are SPV_EXT_descriptor_heap's built-in heaps instead of bound runtime
// arrays: one untyped UniformConstant variable each (BuiltIn
// ResourceHeapEXT / SamplerHeapEXT, no binding), an element is an untyped
// access chain over a runtime array of its handle type, loaded where it is
// taken (and, in the generated code, stored in the local it initializes). Each use warns that the support is incomplete, and buffers of
// structures or bytes are an error, as in DXC. (Debian's spirv-val 2023.1
// does not know the extension: -Vd.)
// RUN: %hlsl2spirv -T cs_6_6 -E main -fspv-use-descriptor-heap -fcgl %s 2>&1 | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_6 -E main -fspv-use-descriptor-heap -fspv-target-env=vulkan1.3 -Vd %s 2>&1 | FileCheck %s --check-prefix=V13
// RUN: not %hlsl2spirv -T cs_6_6 -E main -fspv-use-descriptor-heap -DSTRUCTURED %s 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: descriptor-heap-ext.hlsl:[[@LINE+33]]:27: warning: SPV_EXT_descriptor_heap support is incomplete.
// CHECK: descriptor-heap-ext.hlsl:[[@LINE+33]]:23: warning: SPV_EXT_descriptor_heap support is incomplete.
// CHECK: OpCapability DescriptorHeapEXT
// CHECK: OpExtension "SPV_EXT_descriptor_heap"
// CHECK: OpExtension "SPV_KHR_untyped_pointers"
// CHECK-NOT: OpDecorate %resource_heap Binding
// CHECK-DAG: OpDecorate %resource_heap BuiltIn ResourceHeapEXT
// CHECK-DAG: OpDecorate %sampler_heap BuiltIn SamplerHeapEXT
// CHECK-DAG: [[untyped:%[0-9]+]] = OpTypeUntypedPointerKHR UniformConstant
// CHECK-DAG: [[tex:%[_a-z0-9]+]] = OpTypeImage %float 2D 2 0 0 1 Unknown
// CHECK-DAG: [[texArr:%[_a-z0-9]+]] = OpTypeRuntimeArray [[tex]]
// CHECK-DAG: [[sampArr:%[_a-z0-9]+]] = OpTypeRuntimeArray %type_sampler
// CHECK: %resource_heap = OpUntypedVariableKHR [[untyped]] UniformConstant
// CHECK: %sampler_heap = OpUntypedVariableKHR [[untyped]] UniformConstant
// CHECK: [[i:%[0-9]+]] = OpLoad %uint
// CHECK: [[texPtr:%[0-9]+]] = OpUntypedAccessChainKHR [[untyped]] [[texArr]] %resource_heap [[i]]
// CHECK-NEXT: [[texVal:%[0-9]+]] = OpLoad [[tex]] [[texPtr]]
// CHECK-NEXT: OpStore %tex [[texVal]]
// CHECK: [[sampPtr:%[0-9]+]] = OpUntypedAccessChainKHR [[untyped]] [[sampArr]] %sampler_heap %uint_2
// CHECK-NEXT: [[sampVal:%[0-9]+]] = OpLoad %type_sampler [[sampPtr]]
// CHECK-NEXT: OpStore %samp [[sampVal]]
// CHECK: [[t:%[0-9]+]] = OpLoad [[tex]] %tex
// CHECK-NEXT: [[s:%[0-9]+]] = OpLoad %type_sampler %samp
// CHECK: OpSampledImage %type_sampled_image [[t]] [[s]]

// From SPIR-V 1.4 the heaps are in the entry point's interface.
// V13: OpEntryPoint GLCompute %main "main" {{.*}} %resource_heap %sampler_heap

cbuffer Indices { uint textureIndex; };
RWTexture2D<float4> output;

[numthreads(8, 8, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  Texture2D<float4> tex = ResourceDescriptorHeap[textureIndex];
  SamplerState samp = SamplerDescriptorHeap[2];
  output[tid.xy] = tex.SampleLevel(samp, tid.xy / 64.0, 0);
#ifdef STRUCTURED
  // ERR: descriptor-heap-ext.hlsl:[[@LINE+1]]:37: error: UAV support not implemented with non-emulated heaps.
  RWStructuredBuffer<uint> counts = ResourceDescriptorHeap[1];
  counts[0] = 1;
#endif
}
