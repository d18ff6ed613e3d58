// A cast of a vector to a struct or array takes its components in order
// (a member of the vector's own type takes it whole); it is not a splat.
// An array or struct of numeric elements read from a buffer is cast from
// the value loaded in the buffer's layout, element by element, as DXC
// does, with no copy into the plain layout first.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s --check-prefix=OPT

struct S2 { float b0; float3 b1; };
struct S4 { float4 v; };
struct Arr { float2 data[2]; };

StructuredBuffer<float4> vecs;
StructuredBuffer<Arr> arrs;

// CHECK-LABEL: %src_main = OpFunction
// CHECK:      [[ld:%[0-9]+]] = OpLoad %v4float
// CHECK-NEXT: [[e0:%[0-9]+]] = OpCompositeExtract %float [[ld]] 0
// CHECK-NEXT: [[e1:%[0-9]+]] = OpCompositeExtract %float [[ld]] 1
// CHECK-NEXT: [[e2:%[0-9]+]] = OpCompositeExtract %float [[ld]] 2
// CHECK-NEXT: [[e3:%[0-9]+]] = OpCompositeExtract %float [[ld]] 3
// CHECK-NEXT: [[v3:%[0-9]+]] = OpCompositeConstruct %v3float [[e1]] [[e2]] [[e3]]
// CHECK-NEXT: OpCompositeConstruct %S2 [[e0]] [[v3]]

// CHECK:      [[ld4:%[0-9]+]] = OpLoad %v4float
// CHECK-NEXT: OpCompositeConstruct %S4 [[ld4]]

// CHECK:      [[ac:%[0-9]+]] = OpAccessChain %_ptr_Uniform__arr_v2float_uint_2 %arrs %int_0 %uint_0 %int_0
// CHECK-NEXT: [[arr:%[0-9]+]] = OpLoad %_arr_v2float_uint_2 [[ac]]
// CHECK-NEXT: [[a0:%[0-9]+]] = OpCompositeExtract %v2float [[arr]] 0
// CHECK-NEXT: [[a1:%[0-9]+]] = OpCompositeExtract %v2float [[arr]] 1
// CHECK-NEXT: [[f0:%[0-9]+]] = OpCompositeExtract %float [[a0]] 0
// CHECK-NEXT: [[f1:%[0-9]+]] = OpCompositeExtract %float [[a0]] 1
// CHECK-NEXT: [[f2:%[0-9]+]] = OpCompositeExtract %float [[a1]] 0
// CHECK-NEXT: [[f3:%[0-9]+]] = OpCompositeExtract %float [[a1]] 1
// CHECK-NEXT: OpCompositeConstruct %_arr_float_uint_4 [[f0]] [[f1]] [[f2]] [[f3]]

// the optimizer sees through it: b1.z is vecs[0].w
// OPT: [[ac:%[0-9]+]] = OpAccessChain %_ptr_Uniform_v4float %vecs %int_0 %uint_0
// OPT: [[ld:%[0-9]+]] = OpLoad %v4float [[ac]]
// OPT: OpCompositeExtract %float [[ld]] 3
float4 main() : SV_Target {
  S2 s = (S2)vecs[0];
  S4 t = (S4)vecs[1];
  float f[4] = (float[4])arrs[0].data;
  return float4(s.b1.z, t.v.x, f[3], s.b0);
}
