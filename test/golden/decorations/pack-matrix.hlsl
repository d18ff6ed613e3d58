// #pragma pack_matrix sets the orientation of the matrices declared after
// it that do not write their own: loose globals, struct fields, and the
// element of a buffer declared after it (the template argument is
// resolved where the buffer is declared). HLSL row_major is SPIR-V
// ColMajor. An explicit row_major/column_major wins, inside a template
// argument too.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s --check-prefix=OPT

#pragma pack_matrix(row_major)
// CHECK-DAG: OpMemberDecorate %type_StructuredBuffer_mat2v3float 0 ColMajor
StructuredBuffer<float2x3> rows;
// CHECK-DAG: OpMemberDecorate %type_StructuredBuffer_mat3v3float 0 RowMajor
StructuredBuffer<column_major float3x3> explicitColumns;

#pragma pack_matrix(column_major)
// CHECK-DAG: OpMemberDecorate %type_RWStructuredBuffer_mat3v2float 0 RowMajor
RWStructuredBuffer<float3x2> columns;
// CHECK-DAG: OpMemberDecorate %type_StructuredBuffer_mat4v4float 0 ColMajor
StructuredBuffer<row_major float4x4> explicitRows;

float4 main() : SV_Target {
  columns[0] = rows[0]._m00 + explicitColumns[0]._m00 + explicitRows[0]._m00;
  return 1;
}

// OPT: OpMemberDecorate %type_StructuredBuffer_mat2v3float 0 ColMajor
