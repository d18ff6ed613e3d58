// Function templates are instantiated on use, once per argument list, each
// instantiation its own function named after the template (the
// disassembler tells them apart by suffix): explicit arguments, arguments
// deduced from the call (literals default to int and float), value
// parameters, defaults for parameters and for template parameters.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

template <typename T>
T square(T x) { return x * x; }

template <typename T, uint N = 2>
vector<T, N> splat(T x) { return (vector<T, N>)x; }

template <int K>
int scale(int x) { return x * K; }

template <typename T>
T add(T a, T b = 1) { return a + b; }

template <typename T, int N>
T sum(T a[N]) {
  T s = 0;
  for (int i = 0; i < N; ++i)
    s += a[i];
  return s;
}

float4 main(float f : F, int i : I) : SV_Target {
// CHECK:      OpFunctionCall %float %square %param_var_x
// CHECK:      OpFunctionCall %int %square_0 %param_var_x_0
  float a = square(f) + square<int>(i);
// CHECK:      OpFunctionCall %v2float %splat %param_var_x_1
// CHECK:      OpFunctionCall %v3int %splat_0 %param_var_x_2
  float2 b = splat(f);
  int3 c = splat<int, 3>(i);
// CHECK:      OpFunctionCall %int %scale %param_var_x_3
// CHECK:      OpFunctionCall %int %scale_0 %param_var_x_4
  int d = scale<2>(i) + scale<3>(i);
// The second call reuses the first instantiation; the default is stored.
// CHECK:      OpStore %param_var_b %float_1
// CHECK:      OpFunctionCall %float %add %param_var_a %param_var_b
// CHECK:      OpFunctionCall %float %add %param_var_a_0 %param_var_b_0
  float e = add(f) + add(f, 2.0f);
  float arr[3] = {f, f, f};
// CHECK:      OpFunctionCall %float %sum %param_var_a_1
  float g = sum(arr);
  return float4(a + b.x + c.y + d, e, g, 0);
}

// CHECK:      %square = OpFunction %float None
// CHECK:      OpFMul %float
// CHECK:      %square_0 = OpFunction %int None
// CHECK:      OpIMul %int
// CHECK:      %splat = OpFunction %v2float None
// CHECK:      %splat_0 = OpFunction %v3int None
// CHECK:      %scale = OpFunction %int None
// CHECK:      OpIMul %int {{%[0-9]+}} %int_2
// CHECK:      %scale_0 = OpFunction %int None
// CHECK:      OpIMul %int {{%[0-9]+}} %int_3
// CHECK:      %sum = OpFunction %float None
// CHECK:      OpSLessThan %bool {{%[0-9]+}} %int_3
