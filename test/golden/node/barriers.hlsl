// Barrier(record, flags) on a node record is a barrier on every memory
// kind (AcquireRelease|Uniform|Workgroup|Output = 4424; device scope is
// QueueFamily in the Vulkan memory model); in a node shader
// NODE_INPUT_MEMORY and NODE_OUTPUT_MEMORY are allowed, and the output
// memory semantics need the Vulkan memory model. A thread launch node has
// no visible group. GetRemainingRecursionLevels() reads the
// RemainingRecursionLevelsAMDX built-in, listed with the node's stage
// variables. (Debian's spirv-val 2023.1 does not know SPV_AMDX_shader_enqueue: -Vd.)
// RUN: %hlsl2spirv -fcgl -T lib_6_8 -fspv-target-env=vulkan1.3 -Vd %s | FileCheck %s
// RUN: not %hlsl2spirv -T lib_6_8 -fspv-target-env=vulkan1.3 -DTHREAD_GROUP_SYNC %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %hlsl2spirv -T lib_6_8 -fspv-target-env=vulkan1.3 -Vd %s

// CHECK:     OpCapability VulkanMemoryModel
// CHECK:     OpMemoryModel Logical Vulkan
// CHECK:     OpEntryPoint GLCompute %recursive "recursive" %in_var_rec [[levels:%[0-9]+]] %counts
// CHECK:     OpDecorate [[levels]] BuiltIn RemainingRecursionLevelsAMDX
// CHECK:     [[levels]] = OpVariable %_ptr_Input_uint Input

struct Rec { uint depth; };

RWBuffer<uint> counts;

[Shader("node")]
[NodeLaunch("broadcasting")]
[NodeDispatchGrid(1, 1, 1)]
[NumThreads(4, 1, 1)]
[NodeMaxRecursionDepth(8)]
void recursive(DispatchNodeInputRecord<Rec> rec, [MaxRecords(1)] NodeOutput<Rec> again) {
// CHECK-LABEL: %src_recursive = OpFunction
// CHECK:       OpLoad %uint [[levels]]
  counts[0] = GetRemainingRecursionLevels();
// CHECK:       OpControlBarrier %uint_2 %uint_5 %uint_4424
  Barrier(rec, GROUP_SYNC | DEVICE_SCOPE);
// CHECK:       OpMemoryBarrier %uint_2 %uint_4104
  Barrier(NODE_INPUT_MEMORY | NODE_OUTPUT_MEMORY, GROUP_SCOPE);
  ThreadNodeOutputRecords<Rec> next = again.GetThreadNodeOutputRecords(1);
// CHECK:       OpMemoryBarrier %uint_4 %uint_4424
  Barrier(next, 0);
  next.OutputComplete();
}

[Shader("node")]
[NodeLaunch("thread")]
void lonely(ThreadNodeInputRecord<Rec> rec) {
#ifdef THREAD_GROUP_SYNC
// ERR: error: GROUP_SYNC or GROUP_SCOPE specified for Barrier operation when context has no visible group
  Barrier(UAV_MEMORY, GROUP_SYNC);
#endif
  counts[rec.Get().depth] = 1;
}
