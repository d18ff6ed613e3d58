// An explicit row_major or column_major on an array of matrices holds
// against -Zpc/-Zpr, and indexing the array keeps it: a row_major int
// matrix (an array of row vectors, as non-float matrices are) can be read
// from a cbuffer under -Zpc.
// RUN: %hlsl2spirv -T vs_6_0 -E main -Zpc -fcgl %s | FileCheck %s
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T vs_6_0 -E main -Zpc %s

// CHECK: OpMemberDecorate %type_Params 0 RowMajor
// CHECK: OpMemberDecorate %type_Params 1 ColMajor
// CHECK: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform__arr_v3int_uint_2 {{%[0-9]+}} %int_1
// CHECK: OpLoad %_arr_v3int_uint_2 [[p]]

cbuffer Params {
  float2x3 colMajor[2];
  row_major float2x3 rowMajor[2];
  row_major int2x3 counts[4];
};

float4 main(uint i : INDEX) : SV_Position {
  int2x3 c = counts[1];
  return float4(colMajor[i][0] + rowMajor[i][1] + c[0], 1);
}
