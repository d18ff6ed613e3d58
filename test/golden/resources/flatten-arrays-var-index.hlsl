// -fspv-flatten-resource-arrays with an index only known at run time: as in
// DXC's legalization, the access becomes a switch over the index with a
// case per element, each case using that element's own variable "X[i]",
// and the array variable is gone. The elements keep consecutive bindings
// from the array's register, at -O0 as at -O3.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-flatten-resource-arrays %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-flatten-resource-arrays -O0 %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-flatten-resource-arrays -fcgl %s | FileCheck %s --check-prefix=CGL

// CHECK-DAG: OpDecorate %maps_0_ Binding 3
// CHECK-DAG: OpDecorate %maps_1_ Binding 4
// CHECK-DAG: OpDecorate %maps_2_ Binding 5
// CHECK-NOT: %maps = OpVariable
// CHECK:     OpSwitch {{%[0-9]+}} {{%[0-9]+}} 0 {{%[0-9]+}} 1 {{%[0-9]+}} 2 {{%[0-9]+}}
// CHECK-DAG: OpLoad %type_2d_image %maps_0_
// CHECK-DAG: OpLoad %type_2d_image %maps_1_
// CHECK-DAG: OpLoad %type_2d_image %maps_2_
// CHECK:     OpPhi %v4float

// CGL:       OpDecorate %maps Binding 3
// CGL:       %maps = OpVariable %_ptr_UniformConstant__arr_type_2d_image_uint_3 UniformConstant

Texture2D maps[3] : register(t3);
SamplerState smp : register(s0);

float4 main(uint pick : PICK, float2 uv : UV) : SV_Target {
  return maps[pick].Sample(smp, uv);
}
