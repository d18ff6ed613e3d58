// A function taking a node object is inlined where it is called (SPIR-V
// cannot pass a NodePayloadAMDX pointer to a function): its parameter is
// the argument, and records allocated from it belong to the caller's
// output. (Debian's spirv-val 2023.1 does not know SPV_AMDX_shader_enqueue:
// -Vd.)
// RUN: %hlsl2spirv -fcgl -T lib_6_8 -fspv-target-env=vulkan1.3 -Vd %s | FileCheck %s
// RUN: %hlsl2spirv -T lib_6_8 -fspv-target-env=vulkan1.3 -Vd %s

struct R { uint a; };

void emit(NodeOutput<R> o, uint value) {
  ThreadNodeOutputRecords<R> r = o.GetThreadNodeOutputRecords(1);
  r.Get().a = value;
  r.OutputComplete();
}

uint first(ThreadNodeInputRecord<R> rec) { return rec.Get().a; }

// CHECK-NOT:   OpFunction {{.*}}emit
// CHECK-LABEL: %src_relay = OpFunction
// CHECK:       %input = OpFunctionParameter %_ptr_NodePayloadAMDX_[[in:[0-9]+]]
// CHECK:       %o = OpFunctionParameter %_ptr_Function_[[out:[0-9]+]]
// CHECK:       %r = OpVariable %_ptr_Function_[[out]] Function
// CHECK:       [[rec:%[0-9]+]] = OpAccessChain %_ptr_NodePayloadAMDX_R %input %uint_0
// CHECK:       OpAccessChain %_ptr_NodePayloadAMDX_uint [[rec]] %int_0
// CHECK:       OpAllocateNodePayloadsAMDX %_ptr_NodePayloadAMDX_[[out]] %uint_4 %uint_1 %uint_0
// CHECK:       OpEnqueueNodePayloadsAMDX %r
[Shader("node")]
[NodeLaunch("thread")]
void relay(ThreadNodeInputRecord<R> input, NodeOutput<R> o) {
  emit(o, first(input) + 1);
}
