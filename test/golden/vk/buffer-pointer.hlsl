// vk::BufferPointer<T, A> is a PhysicalStorageBuffer pointer to T laid
// out as a structured buffer's element; the module addresses memory with
// PhysicalStorageBuffer64. Get() reaches the pointee: a load of the whole
// pointee is Aligned A, a member load or any store is aligned by its
// type. Pointers come from a uint64_t (OpConvertUToPtr) or uint2
// (OpBitcast), go back with OpConvertPtrToU, and a variable holding one
// is RestrictPointer, or AliasedPointer when declared so. f(void) has no
// parameters.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

// CHECK:      OpCapability PhysicalStorageBufferAddresses
// CHECK:      OpExtension "SPV_KHR_physical_storage_buffer"
// CHECK:      OpMemoryModel PhysicalStorageBuffer64 GLSL450
// CHECK:      OpDecorate %q RestrictPointer
// CHECK:      OpDecorate %f AliasedPointer
// CHECK:      OpMemberDecorate %S 1 Offset 16
// CHECK:      %_ptr_PhysicalStorageBuffer_S = OpTypePointer PhysicalStorageBuffer %S

struct S { float4 a; uint b; };
typedef vk::BufferPointer<S> SP;
struct PC { SP p; uint64_t raw; uint2 words; };
[[vk::push_constant]] PC pc;

float4 main(void) : SV_Target {
  SP q = pc.p;
// CHECK:      [[q:%[0-9]+]] = OpLoad %_ptr_PhysicalStorageBuffer_S %q
// CHECK-NEXT: [[b:%[0-9]+]] = OpAccessChain %_ptr_PhysicalStorageBuffer_uint [[q]] %int_1
// CHECK-NEXT: OpStore [[b]] %uint_3 Aligned 4
  q.Get().b = 3;
// CHECK:      [[raw:%[0-9]+]] = OpLoad %ulong
// CHECK-NEXT: OpConvertUToPtr %_ptr_PhysicalStorageBuffer_float [[raw]]
  [[vk::aliased_pointer]] vk::BufferPointer<float, 8> f = vk::BufferPointer<float, 8>(pc.raw);
// CHECK:      [[w:%[0-9]+]] = OpLoad %v2uint
// CHECK-NEXT: [[g:%[0-9]+]] = OpBitcast %_ptr_PhysicalStorageBuffer_float [[w]]
// CHECK-NEXT: OpLoad %float [[g]] Aligned 4
  float h = vk::BufferPointer<float, 4>(pc.words).Get();
// CHECK:      [[f:%[0-9]+]] = OpLoad %_ptr_PhysicalStorageBuffer_float %f
// CHECK-NEXT: OpLoad %float [[f]] Aligned 8
  float k = f.Get();
// CHECK:      [[q2:%[0-9]+]] = OpLoad %_ptr_PhysicalStorageBuffer_S %q
// CHECK-NEXT: OpConvertPtrToU %ulong [[q2]]
  uint64_t back = (uint64_t)q;
// CHECK:      [[a:%[0-9]+]] = OpAccessChain %_ptr_PhysicalStorageBuffer_v4float {{%[0-9]+}} %int_0
// CHECK-NEXT: OpLoad %v4float [[a]] Aligned 16
  return q.Get().a + h + k + float(back);
}
