// A struct holding a resource cannot be a buffer's element or a cbuffer
// member: Vulkan forbids opaque types in OpTypeStruct, and the module was
// invalid. It is a positioned error; in a local it is split (legalize).
// RUN: not %hlsl2spirv -T cs_6_0 -E main %s 2>&1 | FileCheck %s
// RUN: not %hlsl2spirv -T cs_6_0 -E main -DCBUFFER %s 2>&1 | FileCheck %s --check-prefix=CB
// RUN: %hlsl2spirv -T cs_6_0 -E main -DLOCAL %s | FileCheck %s --check-prefix=LOCAL

struct S { Texture2D t; float f; };
RWStructuredBuffer<float4> Out : register(u1);

#if defined(CBUFFER)
// CB: struct-resource-in-buffer.hlsl:[[@LINE+1]]:1: error: a struct holding a resource (member 't' of type Texture2D<float4>) cannot be stored in a buffer or block in SPIR-V for Vulkan
cbuffer C { S s; };
[numthreads(1, 1, 1)] void main() { Out[0] = s.f; }
#elif defined(LOCAL)
// LOCAL-NOT: OpTypeStruct %type_2d_image
// LOCAL: OpImageFetch
Texture2D T0 : register(t0);
[numthreads(1, 1, 1)] void main() { S s; s.t = T0; s.f = 2; Out[0] = s.t.Load(int3(0, 0, 0)) * s.f; }
#else
// CHECK: struct-resource-in-buffer.hlsl:[[@LINE+1]]:1: error: a struct holding a resource (member 't' of type Texture2D<float4>) cannot be stored in a buffer or block in SPIR-V for Vulkan
RWStructuredBuffer<S> B : register(u0);
[numthreads(1, 1, 1)] void main() { Out[0] = B[0].f; }
#endif
