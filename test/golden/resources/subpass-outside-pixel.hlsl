// Subpass inputs exist only in pixel shaders: compiled for another stage,
// a file that declares one gets no variable for it (DXC declares none),
// and reading it from that stage is an error at the read.
// RUN: %hlsl2spirv -T cs_6_0 -E CsMain %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E PsMain %s | FileCheck %s --check-prefix=PS
// RUN: not %hlsl2spirv -T cs_6_0 -E CsRead %s 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK-NOT: %subInput
// CHECK-NOT: InputAttachmentIndex

// PS: OpDecorate %subInput InputAttachmentIndex 0
// PS: %subInput = OpVariable %_ptr_UniformConstant_type_subpass_image UniformConstant

// ERR: :31:5: error: SubpassInput(MS) only allowed in pixel shader

[[vk::input_attachment_index(0)]] SubpassInput<float4> subInput;
RWStructuredBuffer<float4> output;

float4 PsMain() : SV_Target {
  return subInput.SubpassLoad();
}

[numthreads(8, 1, 1)]
void CsMain(uint3 id : SV_DispatchThreadID) {
  output[id.x] = float4(id, 1);
}

[numthreads(8, 1, 1)]
void CsRead(uint3 id : SV_DispatchThreadID) {
  output[id.x] =
    subInput.SubpassLoad();
}
