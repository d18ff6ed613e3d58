// Under -fvk-use-dx-layout a matrix with one component per register (a
// column_major float1xN, a row_major floatNx1) is stored as N scalars 16
// bytes apart: an array in the block. A buffer holding one is read through
// a Private copy in natural types (the matrix a vector there), which
// module.init fills member by member and every entry point calls first;
// buffers without such a matrix are read directly.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fvk-use-dx-layout -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fvk-use-dx-layout %s

// CHECK-DAG: OpDecorate [[regs:%[_a-zA-Z0-9]+]] ArrayStride 16
// CHECK-DAG: OpMemberDecorate %type_Params 1 Offset 16
// CHECK-DAG: OpMemberDecorate %type_Params 2 Offset 64
// CHECK-DAG: OpMemberDecorate %type_Params 3 Offset 84
// CHECK-DAG: [[regs]] = OpTypeArray %float %uint_3
// CHECK-DAG: [[flags:%[_a-zA-Z0-9]+]] = OpTypeArray %uint %uint_2
// CHECK-DAG: %type_Params = OpTypeStruct %float [[regs]] [[flags]] %float
// CHECK-DAG: [[copyT:%[_a-zA-Z0-9]+]] = OpTypeStruct %float %v3float %v2bool %float
// CHECK-DAG: %Params = OpVariable %_ptr_Uniform_type_Params Uniform
// CHECK-DAG: [[copy:%[_a-zA-Z0-9]+]] = OpVariable %_ptr_Private_type_Params_0 Private
// CHECK-DAG: %Other = OpVariable %_ptr_Uniform_type_Other Uniform
cbuffer Params {
  float scale;
  float1x3 weights;
  row_major bool2x1 flags;
  float bias;
};

cbuffer Other {
  float3 tint;
};

// CHECK: %main = OpFunction
// CHECK-NEXT: OpLabel
// CHECK-NEXT: OpVariable
// CHECK-NEXT: OpFunctionCall %void %module_init
// CHECK: %src_main = OpFunction
// CHECK: OpAccessChain %_ptr_Private_v3float [[copy]] %int_1
// CHECK: OpAccessChain %_ptr_Uniform_v3float %Other %int_0
float4 main(float4 color : COLOR) : SV_Target {
  float3 w = weights;
  if (flags._m10)
    w *= scale;
  return float4(color.rgb * w + tint, bias);
}

// CHECK: %module_init = OpFunction %void
// CHECK-NEXT: %module_init_bb = OpLabel
// CHECK: [[w:%[0-9]+]] = OpAccessChain %_ptr_Uniform__arr_float_uint_3 %Params %uint_1
// CHECK-NEXT: [[wc:%[0-9]+]] = OpAccessChain %_ptr_Private_v3float [[copy]] %uint_1
// CHECK-NEXT: [[w0:%[0-9]+]] = OpAccessChain %_ptr_Uniform_float [[w]] %uint_0
// CHECK-NEXT: [[wc0:%[0-9]+]] = OpAccessChain %_ptr_Private_float [[wc]] %uint_0
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %float [[w0]]
// CHECK-NEXT: OpStore [[wc0]] [[v]]
// CHECK: OpAccessChain %_ptr_Uniform_float [[w]] %uint_2
// Booleans are uints in the buffer:
// CHECK: [[f1:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint {{%[0-9]+}} %uint_1
// CHECK-NEXT: [[fc1:%[0-9]+]] = OpAccessChain %_ptr_Private_bool {{%[0-9]+}} %uint_1
// CHECK-NEXT: [[u:%[0-9]+]] = OpLoad %uint [[f1]]
// CHECK-NEXT: [[b:%[0-9]+]] = OpINotEqual %bool [[u]] %uint_0
// CHECK-NEXT: OpStore [[fc1]] [[b]]
// CHECK: OpReturn
