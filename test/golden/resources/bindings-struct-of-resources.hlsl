// Global structs of resources (and arrays of them) are split into one
// variable per resource member as DXC's legalization does it: breadth first
// over all such globals, one array or struct level at a time, so a leaf
// nearer the root comes first (fixedMat.albedo before mats[0].albedo), the
// elements of one level in the order the code first reaches them
// (mats[0].inner[1] before mats[0].inner[0]), and the new variables, names
// and bindings come after the other globals'. A
// struct takes one binding per resource it holds (every array element
// counts), and its members are bound at its binding plus their offset;
// [[vk::binding]] on the struct fixes the first. Unused members are removed.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s

// CHECK: OpName %before "before"
// CHECK-NEXT: OpName %type_sampler "type.sampler"
// CHECK-NEXT: OpName %after "after"
// CHECK: OpName %fixedMat_albedo "fixedMat.albedo"
// CHECK-NEXT: OpName %mats_0__albedo "mats[0].albedo"
// CHECK-NEXT: OpName %mats_1__albedo "mats[1].albedo"
// CHECK-NEXT: OpName %fixedMat_inner_0__smp "fixedMat.inner[0].smp"
// CHECK-NEXT: OpName %fixedMat_inner_1__smp "fixedMat.inner[1].smp"
// CHECK-NEXT: OpName %mats_0__inner_1__smp "mats[0].inner[1].smp"
// CHECK-NEXT: OpName %mats_0__inner_0__smp "mats[0].inner[0].smp"
// CHECK-NEXT: OpName %mats_1__inner_1__smp "mats[1].inner[1].smp"

// CHECK: OpDecorate %before DescriptorSet 0
// CHECK-NEXT: OpDecorate %before Binding 0
// CHECK-NEXT: OpDecorate %after DescriptorSet 0
// CHECK-NEXT: OpDecorate %after Binding 11
// CHECK-NEXT: OpDecorate %fixedMat_albedo DescriptorSet 1
// CHECK-NEXT: OpDecorate %fixedMat_albedo Binding 20
// CHECK-NEXT: OpDecorate %mats_0__albedo DescriptorSet 0
// CHECK-NEXT: OpDecorate %mats_0__albedo Binding 1
// CHECK-NEXT: OpDecorate %mats_1__albedo DescriptorSet 0
// CHECK-NEXT: OpDecorate %mats_1__albedo Binding 6
// CHECK-NEXT: OpDecorate %fixedMat_inner_0__smp DescriptorSet 1
// CHECK-NEXT: OpDecorate %fixedMat_inner_0__smp Binding 21
// CHECK-NEXT: OpDecorate %fixedMat_inner_1__smp DescriptorSet 1
// CHECK-NEXT: OpDecorate %fixedMat_inner_1__smp Binding 23
// CHECK-NEXT: OpDecorate %mats_0__inner_1__smp DescriptorSet 0
// CHECK-NEXT: OpDecorate %mats_0__inner_1__smp Binding 4
// CHECK-NEXT: OpDecorate %mats_0__inner_0__smp DescriptorSet 0
// CHECK-NEXT: OpDecorate %mats_0__inner_0__smp Binding 2
// CHECK-NEXT: OpDecorate %mats_1__inner_1__smp DescriptorSet 0
// CHECK-NEXT: OpDecorate %mats_1__inner_1__smp Binding 9

// CHECK: %before = OpVariable %_ptr_UniformConstant_type_2d_image UniformConstant
// CHECK-NEXT: %after = OpVariable %_ptr_UniformConstant_type_2d_image UniformConstant
// CHECK: %fixedMat_albedo = OpVariable %_ptr_UniformConstant_type_2d_image UniformConstant
// CHECK: %mats_1__inner_1__smp = OpVariable %_ptr_UniformConstant__arr_type_sampler_uint_2 UniformConstant

// through a parameter DXC indexes with uint constants, directly with int
// CHECK: OpLoad %type_2d_image %mats_0__albedo
// CHECK: [[s:%[0-9]+]] = OpAccessChain %_ptr_UniformConstant_type_sampler %mats_0__inner_1__smp {{%u?int_0}}
// CHECK-NEXT: OpLoad %type_sampler [[s]]
// CHECK: OpLoad %type_2d_image %mats_1__albedo
// CHECK: [[s:%[0-9]+]] = OpAccessChain %_ptr_UniformConstant_type_sampler %mats_1__inner_1__smp {{%u?int_0}}
// CHECK-NEXT: OpLoad %type_sampler [[s]]

struct Inner {
  SamplerState smp[2];
};

struct Material {
  Texture2D<float4> albedo;
  Inner inner[2];
};

Texture2D<float4> before;
Material mats[2];
[[vk::binding(20, 1)]] Material fixedMat;
Texture2D<float4> after;

float4 shade(Material m, float2 uv) {
  return m.albedo.Sample(m.inner[1].smp[0], uv);
}

float4 main(float2 uv : TEXCOORD) : SV_Target {
  return shade(mats[0], uv) + shade(mats[1], uv) + fixedMat.albedo.Sample(fixedMat.inner[0].smp[1], uv) + before.Sample(mats[0].inner[0].smp[0], uv) + after.Sample(fixedMat.inner[1].smp[1], uv);
}
