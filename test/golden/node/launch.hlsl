// Work-graph nodes are GLCompute entry points with the execution modes of
// SPV_AMDX_shader_enqueue: LocalSize ([NumThreads], (1,1,1) when absent),
// CoalescingAMDX for coalescing and thread launch, ShaderIndexAMDX (the
// [NodeID] index), MaxNodeRecursionAMDX, SharesInputWithAMDX and
// StaticNumWorkgroupsAMDX / MaxNumWorkgroupsAMDX, ids of uint constants.
// Debian's spirv-val 2023.1 does not know the extension: -Vd.
// RUN: %hlsl2spirv -T lib_6_8 -fspv-target-env=vulkan1.3 -Vd %s | FileCheck %s
// RUN: %hlsl2spirv -T lib_6_8 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: not %hlsl2spirv -T lib_6_8 -fspv-target-env=vulkan1.2 %s 2>&1 | FileCheck %s --check-prefix=ENV

// CHECK:      OpCapability ShaderEnqueueAMDX
// CHECK:      OpExtension "SPV_AMDX_shader_enqueue"
// CHECK:      OpEntryPoint GLCompute %wide "wide"
// CHECK:      OpEntryPoint GLCompute %gather "gather"
// CHECK:      OpEntryPoint GLCompute %single "single"
// CHECK:      OpEntryPoint GLCompute %follower "follower"
// CHECK:      OpExecutionMode %wide LocalSize 64 1 1
// CHECK-NEXT: OpExecutionModeId %wide ShaderIndexAMDX %uint_0
// CHECK-NEXT: OpExecutionModeId %wide MaxNodeRecursionAMDX %uint_4
// CHECK-NEXT: OpExecutionModeId %wide StaticNumWorkgroupsAMDX %uint_8 %uint_2 %uint_1
// CHECK-NEXT: OpExecutionMode %gather LocalSize 32 2 1
// CHECK-NEXT: OpExecutionMode %gather CoalescingAMDX
// CHECK-NEXT: OpExecutionModeId %gather ShaderIndexAMDX %uint_3
// CHECK-NEXT: OpExecutionMode %single LocalSize 1 1 1
// CHECK-NEXT: OpExecutionMode %single CoalescingAMDX
// CHECK-NEXT: OpExecutionModeId %single ShaderIndexAMDX %uint_0
// CHECK-NEXT: OpExecutionMode %follower LocalSize 16 1 1
// CHECK-NEXT: OpExecutionModeId %follower ShaderIndexAMDX %uint_0
// CHECK-NEXT: OpExecutionModeId %follower SharesInputWithAMDX [[name:%[0-9]+]] %uint_1
// CHECK-NEXT: OpExecutionModeId %follower MaxNumWorkgroupsAMDX %uint_64 %uint_64 %uint_1
// CHECK:      [[name]] = OpConstantStringAMDX "wide"

// WARN: warning: SPIR-V implementation of node shaders is experimental and subject to change
// ENV: error: Vulkan 1.3 is required for WorkGraphs but not permitted to use

struct GridRecord {
  uint3 grid : SV_DispatchGrid;
  uint payload;
};

[Shader("node")]
[NodeLaunch("broadcasting")]
[NodeDispatchGrid(8, 2, 1)]
[NumThreads(64, 1, 1)]
[NodeMaxRecursionDepth(4)]
[NodeIsProgramEntry]
void wide() {}

[Shader("node")]
[NodeLaunch("coalescing")]
[NodeID("gatherer", 3)]
[NumThreads(32, 2, 1)]
void gather() {}

[Shader("node")]
[NodeLaunch("thread")]
void single() {}

[Shader("node")]
[NodeLaunch("broadcasting")]
[NodeMaxDispatchGrid(64, 64, 1)]
[NumThreads(16, 1, 1)]
[NodeShareInputOf("wide", 1)]
void follower(DispatchNodeInputRecord<GridRecord> input) {}
