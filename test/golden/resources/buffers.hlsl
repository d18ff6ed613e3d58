// Structured buffers are blocks holding a runtime array (BufferBlock in
// Uniform storage before SPIR-V 1.4, Block in StorageBuffer from 1.4);
// byte-address buffers are arrays of uint indexed by address / 4;
// IncrementCounter works on the counter variable counter.var.<name>.
// RUN: %hlsl2spirv -T cs_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main -fspv-target-env=vulkan1.2 %s | FileCheck %s --check-prefix=V12
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s

// CHECK-DAG: OpName %type_RWStructuredBuffer_Particle "type.RWStructuredBuffer.Particle"
// CHECK-DAG: OpName %counter_var_particles "counter.var.particles"
// CHECK: OpDecorate %type_RWStructuredBuffer_Particle BufferBlock
// CHECK: %particles = OpVariable %_ptr_Uniform_type_RWStructuredBuffer_Particle Uniform
// V12: OpDecorate %type_RWStructuredBuffer_Particle Block
// V12: %particles = OpVariable %_ptr_StorageBuffer_type_RWStructuredBuffer_Particle StorageBuffer

struct Particle { float3 pos; float life; };
RWStructuredBuffer<Particle> particles : register(u0);
RWByteAddressBuffer stats : register(u1);

// CHECK: [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int %counter_var_particles %uint_0
// CHECK-NEXT: [[old:%[0-9]+]] = OpAtomicIAdd %int [[c]] %uint_1 %uint_0 %int_1
// CHECK: [[life:%[0-9]+]] = OpAccessChain %_ptr_Uniform_float %particles %int_0 {{%[0-9]+}} %int_1
// CHECK: [[word:%[0-9]+]] = OpShiftRightLogical %uint %uint_0 %uint_2
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %stats %uint_0 [[word]]
// CHECK-NEXT: {{%[0-9]+}} = OpAtomicIAdd %uint [[p]] %uint_1 %uint_0 %uint_1
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint slot = particles.IncrementCounter();
  particles[id.x].life -= 0.1;
  stats.InterlockedAdd(0, 1);
}
