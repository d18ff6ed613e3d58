// Calls: each argument is evaluated before its param.var temporary is
// made (so a nested call's temporaries come first); an inout argument that
// is a whole local of the parameter's type is passed as it is, another is
// copied in and back with a conversion; a function called before its
// definition and default arguments work.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

float twice(float x);
float scale(float x, float k = 3);
void bump(inout float3 p) { p += 1; }

float main(float a : A) : SV_Target {
  float3 v = a;
  float s = a;
// CHECK-LABEL: %src_main = OpFunction
// CHECK:      %param_var_x = OpVariable %_ptr_Function_float Function
// CHECK-NEXT: %param_var_x_0 = OpVariable %_ptr_Function_float Function
// CHECK-NEXT: %param_var_k = OpVariable %_ptr_Function_float Function
// CHECK-NEXT: %param_var_p = OpVariable %_ptr_Function_v3float Function

// CHECK:      OpStore %s
// CHECK-NEXT: [[a:%[0-9]+]] = OpLoad %float %a
// CHECK-NEXT: OpStore %param_var_x [[a]]
// CHECK-NEXT: [[t:%[0-9]+]] = OpFunctionCall %float %twice %param_var_x
// CHECK-NEXT: OpStore %param_var_x_0 [[t]]
// CHECK-NEXT: OpStore %param_var_k %float_3
// CHECK-NEXT: [[r:%[0-9]+]] = OpFunctionCall %float %scale %param_var_x_0 %param_var_k
// CHECK-NEXT: OpStore %r [[r]]
  float r = scale(twice(a));

// CHECK-NEXT: OpFunctionCall %void %bump %v
  bump(v);

// CHECK-NEXT: [[s:%[0-9]+]] = OpLoad %float %s
// CHECK-NEXT: [[s3:%[0-9]+]] = OpCompositeConstruct %v3float [[s]] [[s]] [[s]]
// CHECK-NEXT: OpStore %param_var_p [[s3]]
// CHECK-NEXT: OpFunctionCall %void %bump %param_var_p
// CHECK-NEXT: [[back:%[0-9]+]] = OpLoad %v3float %param_var_p
// CHECK-NEXT: [[x:%[0-9]+]] = OpCompositeExtract %float [[back]] 0
// CHECK-NEXT: OpStore %s [[x]]
  bump(s);

  return r + v.x + s;
}

// CHECK: %twice = OpFunction %float None
float twice(float x) { return x * 2; }

// CHECK: %scale = OpFunction %float None
float scale(float x, float k) { return x * k; }
