// SubpassInput(MS) is a SubpassData image read at the fragment's own
// position; [[vk::input_attachment_index]] decorates it. Explicit bindings
// are decorated before implicit ones, as DXC does.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s

// CHECK: OpCapability InputAttachment
// CHECK: OpDecorate %color InputAttachmentIndex 0
// CHECK: OpDecorate %depth InputAttachmentIndex 1
// CHECK: OpDecorate %depth DescriptorSet 0
// CHECK-NEXT: OpDecorate %depth Binding 4
// CHECK-NEXT: OpDecorate %color DescriptorSet 0
// CHECK-NEXT: OpDecorate %color Binding 0
// CHECK: %type_subpass_image = OpTypeImage %float SubpassData 2 0 0 2 Unknown
// CHECK: %type_subpass_image_0 = OpTypeImage %float SubpassData 2 0 1 2 Unknown

[[vk::input_attachment_index(0)]] SubpassInput<float4> color;
[[vk::input_attachment_index(1), vk::binding(4)]] SubpassInputMS<float> depth;

// CHECK: [[img:%[0-9]+]] = OpLoad %type_subpass_image %color
// CHECK-NEXT: {{%[0-9]+}} = OpImageRead %v4float [[img]] {{%[0-9]+}} None
// CHECK: OpImageRead %v4float {{%[0-9]+}} {{%[0-9]+}} Sample %int_2
float4 main() : SV_Target {
  return color.SubpassLoad() * depth.SubpassLoad(2);
}
