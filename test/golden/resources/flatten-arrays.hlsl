// -fspv-flatten-resource-arrays gives each element of a resource array a
// binding of its own, as Direct3D registers do: implicit bindings skip
// the whole run, and the elements become variables "X[i]" bound at the
// array's binding + i (decorated after the other resources, as DXC's
// legalization leaves them). Under -fcgl the array stays one variable.
// An implicitly bound counter is in its buffer's descriptor set.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-flatten-resource-arrays %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-flatten-resource-arrays -fcgl %s | FileCheck %s --check-prefix=CGL
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s --check-prefix=PLAIN

// CHECK:      OpName %Tex_0_ "Tex[0]"
// CHECK:      OpName %Tex_2_ "Tex[2]"
// CHECK:      OpDecorate %Buf Binding 0
// CHECK:      OpDecorate %Last Binding 3
// CHECK:      OpDecorate %Smp Binding 4
// CHECK:      OpDecorate %counter_var_Buf DescriptorSet 1
// CHECK-NEXT: OpDecorate %counter_var_Buf Binding 1
// CHECK:      OpDecorate %Tex_0_ Binding 0
// CHECK:      OpDecorate %Tex_1_ Binding 1
// CHECK:      OpDecorate %Tex_2_ Binding 2
// CHECK:      %Tex_1_ = OpVariable %_ptr_UniformConstant_type_2d_image UniformConstant
// CHECK:      OpLoad %type_2d_image %Tex_1_
// CGL:        OpDecorate %Tex Binding 0
// CGL:        OpDecorate %Last Binding 3
// CGL:        %Tex = OpVariable %_ptr_UniformConstant__arr_type_2d_image_uint_3 UniformConstant
// PLAIN:      OpDecorate %Tex Binding 0
// PLAIN:      OpDecorate %Last Binding 1
// PLAIN:      OpDecorate %Smp Binding 2

Texture2D Tex[3] : register(t0);
Texture2D Last;
SamplerState Smp;
RWStructuredBuffer<float4> Buf : register(u0, space1);

float4 main(float2 uv : UV) : SV_Target {
  Buf.IncrementCounter();
  return Tex[0].Sample(Smp, uv) + Tex[1].Sample(Smp, uv) + Tex[2].Sample(Smp, uv) + Last.Sample(Smp, uv) + Buf[0];
}
