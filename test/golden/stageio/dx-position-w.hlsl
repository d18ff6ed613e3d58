// -fvk-use-dx-position-w gives a pixel shader Direct3D's SV_Position.w:
// the reciprocal of Vulkan's FragCoord.w.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main -fvk-use-dx-position-w %s | FileCheck %s
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s --check-prefix=PLAIN
// RUN: %hlsl2spirv -T ps_6_0 -E main -fvk-use-dx-position-w %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

// CHECK: [[pos:%[0-9]+]] = OpLoad %v4float %gl_FragCoord
// CHECK-NEXT: [[w:%[0-9]+]] = OpCompositeExtract %float [[pos]] 3
// CHECK-NEXT: [[rw:%[0-9]+]] = OpFDiv %float %float_1 [[w]]
// CHECK-NEXT: [[fixed:%[0-9]+]] = OpCompositeInsert %v4float [[rw]] [[pos]] 3
// CHECK-NEXT: OpStore %param_var_pos [[fixed]]
// PLAIN: [[pos:%[0-9]+]] = OpLoad %v4float %gl_FragCoord
// PLAIN-NEXT: OpStore %param_var_pos [[pos]]

float4 main(float4 pos : SV_Position) : SV_Target {
  return pos;
}
