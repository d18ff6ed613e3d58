// vk::RawBufferLoad / vk::RawBufferStore: a 64-bit address becomes a
// PhysicalStorageBuffer pointer (OpBitcast) that is loaded or stored with
// the given alignment (default 4), which turns on
// PhysicalStorageBufferAddresses, SPV_KHR_physical_storage_buffer and the
// PhysicalStorageBuffer64 addressing model. The untemplated forms move a
// uint; a bool is a uint in memory (OpINotEqual on load, OpSelect on
// store); a struct uses a laid-out copy of its type (%Particle_0, with
// offsets) converted member by member. The alignment must be a constant
// unsigned integer. AddUint64 has no SPIR-V lowering in DXC: an error.
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main %s
// RUN: not %hlsl2spirv -T cs_6_0 -E main -DERRORS %s 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: OpCapability PhysicalStorageBufferAddresses
// CHECK: OpExtension "SPV_KHR_physical_storage_buffer"
// CHECK: OpMemoryModel PhysicalStorageBuffer64 GLSL450
// CHECK: OpMemberDecorate %Particle_0 0 Offset 0
// CHECK: OpMemberDecorate %Particle_0 1 Offset 12
// CHECK: %Particle = OpTypeStruct %v3float %uint
// CHECK: %Particle_0 = OpTypeStruct %v3float %uint
// CHECK: %_ptr_PhysicalStorageBuffer_Particle_0 = OpTypePointer PhysicalStorageBuffer %Particle_0

struct Particle {
  float3 pos;
  uint flags;
};

cbuffer Params {
  uint64_t base;
  uint k;
};

RWStructuredBuffer<uint> result;

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint64_t addr = base + id.x * 64;
#ifndef ERRORS
// CHECK:      [[a:%[0-9]+]] = OpLoad %ulong %addr
// CHECK-NEXT: [[p:%[0-9]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_float [[a]]
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %float [[p]] Aligned 4
// CHECK-NEXT: OpStore %f [[v]]
  float f = vk::RawBufferLoad<float>(addr);
// CHECK:      [[a:%[0-9]+]] = OpLoad %ulong %addr
// CHECK-NEXT: [[p:%[0-9]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_double [[a]]
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %double [[p]] Aligned 8
// CHECK-NEXT: OpStore %d [[v]]
  double d = vk::RawBufferLoad<double>(addr, 8);
// CHECK:      [[p:%[0-9]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_uint
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %uint [[p]] Aligned 4
// CHECK-NEXT: OpStore %u [[v]]
  uint u = vk::RawBufferLoad(addr);
// CHECK:      [[p:%[0-9]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_uint
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %uint [[p]] Aligned 4
// CHECK-NEXT: [[b:%[0-9]+]] = OpINotEqual %bool [[v]] %uint_0
// CHECK-NEXT: OpStore %b [[b]]
  bool b = vk::RawBufferLoad<bool>(addr, 4);
// CHECK:      [[p:%[0-9]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_v4float
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %v4float [[p]] Aligned 16
// CHECK-NEXT: OpStore %v [[v]]
  float4 v = vk::RawBufferLoad<float4>(addr, 16);
// CHECK:      [[p:%[0-9]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_Particle_0
// CHECK-NEXT: [[s:%[0-9]+]] = OpLoad %Particle_0 [[p]] Aligned 4
// CHECK-NEXT: [[m0:%[0-9]+]] = OpCompositeExtract %v3float [[s]] 0
// CHECK-NEXT: [[m1:%[0-9]+]] = OpCompositeExtract %uint [[s]] 1
// CHECK-NEXT: [[c:%[0-9]+]] = OpCompositeConstruct %Particle [[m0]] [[m1]]
// CHECK-NEXT: OpStore %p [[c]]
  Particle p = vk::RawBufferLoad<Particle>(addr);
  p.flags |= (uint)f + u;

// Stores: the address, then the value, then the pointer.
// CHECK:      [[a:%[0-9]+]] = OpLoad %ulong %addr
// CHECK-NEXT: [[s:%[0-9]+]] = OpLoad %Particle %p
// CHECK-NEXT: [[p:%[0-9]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_Particle_0 [[a]]
// CHECK-NEXT: [[m0:%[0-9]+]] = OpCompositeExtract %v3float [[s]] 0
// CHECK-NEXT: [[m1:%[0-9]+]] = OpCompositeExtract %uint [[s]] 1
// CHECK-NEXT: [[c:%[0-9]+]] = OpCompositeConstruct %Particle_0 [[m0]] [[m1]]
// CHECK-NEXT: OpStore [[p]] [[c]] Aligned 4
  vk::RawBufferStore<Particle>(addr, p);
// CHECK:      [[a:%[0-9]+]] = OpIAdd %ulong {{%[0-9]+}} %ulong_16
// CHECK-NEXT: [[x:%[0-9]+]] = OpLoad %v4float %v
// CHECK-NEXT: [[p:%[0-9]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_v4float [[a]]
// CHECK-NEXT: OpStore [[p]] [[x]] Aligned 16
  vk::RawBufferStore<float4>(addr + 16, v, 16);
// CHECK:      [[a:%[0-9]+]] = OpIAdd %ulong {{%[0-9]+}} %ulong_32
// CHECK-NEXT: [[x:%[0-9]+]] = OpLoad %uint %u
// CHECK-NEXT: [[p:%[0-9]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_uint [[a]]
// CHECK-NEXT: OpStore [[p]] [[x]] Aligned 4
  vk::RawBufferStore(addr + 32, u);
// CHECK:      [[a:%[0-9]+]] = OpIAdd %ulong {{%[0-9]+}} %ulong_36
// CHECK-NEXT: [[x:%[0-9]+]] = OpLoad %bool %b
// CHECK-NEXT: [[w:%[0-9]+]] = OpSelect %uint [[x]] %uint_1 %uint_0
// CHECK-NEXT: [[p:%[0-9]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_uint [[a]]
// CHECK-NEXT: OpStore [[p]] [[w]] Aligned 4
  vk::RawBufferStore<bool>(addr + 36, b);
// CHECK:      [[a:%[0-9]+]] = OpIAdd %ulong {{%[0-9]+}} %ulong_40
// CHECK-NEXT: [[x:%[0-9]+]] = OpLoad %double %d
// CHECK-NEXT: [[p:%[0-9]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_double [[a]]
// CHECK-NEXT: OpStore [[p]] [[x]] Aligned 8
  vk::RawBufferStore<double>(addr + 40, d, 8);
  result[0] = u;
#else
  float4 x = vk::RawBufferLoad<float4>(addr, -16);
// ERR: byteaddress-rawbuffer.hlsl:[[@LINE-1]]:46: error: alignment argument must be a constant unsigned integer
  vk::RawBufferStore<float>(addr, 1.0f, k);
// ERR: byteaddress-rawbuffer.hlsl:[[@LINE-1]]:41: error: alignment argument must be a constant unsigned integer
  uint2 s = AddUint64(uint2(1, 2), uint2(id.x, 0));
// ERR: byteaddress-rawbuffer.hlsl:[[@LINE-1]]:13: error: AddUint64 intrinsic function unimplemented
#endif
}
