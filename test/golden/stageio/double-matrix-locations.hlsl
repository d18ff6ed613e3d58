// Stage variables take a location per row of a matrix, two for a row of
// three or four 64-bit components (a double3 row), and arrays multiply.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s

// CHECK: OpDecorate %in_var_A Location 0
// CHECK: OpDecorate %in_var_B Location 4
// CHECK: OpDecorate %in_var_C Location 12
// CHECK: OpDecorate %in_var_D Location 14

float4 main(double2x3 a : A,      // 2 rows x 2
            double2x3 b[2] : B,   // 2 x 4
            double2x2 c : C,      // 2 rows x 1
            float d : D) : SV_Target {
  return float4(a[0][0] + b[1][1][2] + c[1][1], d, 0, 1);
}
