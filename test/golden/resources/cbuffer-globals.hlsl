// cbuffers and loose globals ($Globals) are Block structs in Uniform
// storage with DXC's relaxed std140 offsets; register(bN, spaceM) gives the
// descriptor set and binding, [[vk::binding]] overrides it, the rest get
// the lowest free binding in declaration order ($Globals where its first
// member is declared).
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fvk-b-shift 10 1 %s | FileCheck %s --check-prefix=SHIFT
// RUN: %hlsl2spirv -T ps_6_0 -E main -fvk-use-dx-layout %s | FileCheck %s --check-prefix=DX

// CHECK: OpName %type_Material "type.Material"
// CHECK-NEXT: OpMemberName %type_Material 0 "albedo"
// CHECK-NEXT: OpMemberName %type_Material 1 "roughness"
// CHECK-NEXT: OpMemberName %type_Material 2 "tint"
// CHECK: OpName %Material "Material"
// CHECK: OpName %type__Globals "type.$Globals"
// CHECK: OpName %_Globals "$Globals"
// [[vk::binding]] is decorated before register(), as DXC does
// CHECK: OpDecorate %Other DescriptorSet 0
// CHECK-NEXT: OpDecorate %Other Binding 7
// CHECK-NEXT: OpDecorate %Material DescriptorSet 1
// CHECK-NEXT: OpDecorate %Material Binding 2
// CHECK-NEXT: OpDecorate %_Globals DescriptorSet 0
// CHECK-NEXT: OpDecorate %_Globals Binding 0
// CHECK: OpMemberDecorate %type_Material 0 Offset 0
// CHECK-NEXT: OpMemberDecorate %type_Material 1 Offset 12
// CHECK-NEXT: OpMemberDecorate %type_Material 2 Offset 16
// CHECK: OpDecorate %type_Material Block
// CHECK: %Material = OpVariable %_ptr_Uniform_type_Material Uniform
// CHECK: %_Globals = OpVariable %_ptr_Uniform_type__Globals Uniform

// SHIFT: OpDecorate %Other Binding 7
// SHIFT: OpDecorate %Material Binding 12

// DX: OpMemberDecorate %type_Material 1 Offset 12
// DX: OpMemberDecorate %type_Material 2 Offset 16

cbuffer Material : register(b2, space1) {
  float3 albedo;
  float roughness;
  float4 tint;
};

[[vk::binding(7)]] cbuffer Other : register(b3) {
  float exposure;
};

float scale;

// CHECK: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_v3float %Material %int_0
// CHECK-NEXT: {{%[0-9]+}} = OpLoad %v3float [[p]]
// CHECK: [[s:%[0-9]+]] = OpAccessChain %_ptr_Uniform_float %_Globals %int_0
// CHECK-NEXT: {{%[0-9]+}} = OpLoad %float [[s]]
float4 main() : SV_Target {
  return float4(albedo * scale * exposure, roughness) + tint;
}
