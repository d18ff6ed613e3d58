// Access chains keep DXC's shapes: member accesses and vector subscripts
// gather one OpAccessChain, indices evaluated before the base; an array
// subscript chains onto its base's pointer; vector and matrix subscripts
// take uint indices; subscripting an rvalue goes through a temporary.
// RUN: %hlsl2spirv -fcgl -T ps_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

struct Leaf { float v[4]; };
struct Tree { Leaf leaves[3]; };

float main(uint i : I, int j : J, float4 a : A) : SV_Target {
  Tree t = (Tree)0;
  float4 vecs[2] = {a, a};

// CHECK-LABEL: %src_main = OpFunction
// CHECK: OpStore %vecs
// CHECK:      [[i:%[0-9]+]] = OpLoad %uint %i
// CHECK-NEXT: [[v:%[0-9]+]] = OpAccessChain %_ptr_Function__arr_float_uint_4 %t %int_0 [[i]] %int_0
// CHECK-NEXT: [[e:%[0-9]+]] = OpAccessChain %_ptr_Function_float [[v]] %int_1
// CHECK-NEXT: [[x:%[0-9]+]] = OpLoad %float [[e]]
// CHECK-NEXT: OpStore %x [[x]]
  float x = t.leaves[i].v[1];

// CHECK-NEXT: [[j:%[0-9]+]] = OpLoad %int %j
// CHECK-NEXT: [[ju:%[0-9]+]] = OpBitcast %uint [[j]]
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Function_float %vecs %int_1 [[ju]]
// CHECK-NEXT: [[y:%[0-9]+]] = OpLoad %float [[p]]
// CHECK-NEXT: OpStore %y [[y]]
  float y = vecs[1][j];

// CHECK-NEXT: [[i2:%[0-9]+]] = OpLoad %uint %i
// CHECK-NEXT: [[a0:%[0-9]+]] = OpLoad %v4float %a
// CHECK-NEXT: [[a1:%[0-9]+]] = OpLoad %v4float %a
// CHECK-NEXT: [[sum:%[0-9]+]] = OpFAdd %v4float [[a0]] [[a1]]
// CHECK-NEXT: OpStore %temp_var_vector [[sum]]
// CHECK-NEXT: [[q:%[0-9]+]] = OpAccessChain %_ptr_Function_float %temp_var_vector [[i2]]
// CHECK-NEXT: [[z:%[0-9]+]] = OpLoad %float [[q]]
// CHECK-NEXT: OpStore %z [[z]]
  float z = (a + a)[i];

// An index of literal type is computed at run time, not folded.
// CHECK-NEXT: [[d:%[0-9]+]] = OpISub %int %int_1 %int_1
// CHECK-NEXT: [[pd:%[0-9]+]] = OpAccessChain %_ptr_Function_v4float %vecs [[d]]
// CHECK-NEXT: [[w:%[0-9]+]] = OpLoad %v4float [[pd]]
// CHECK-NEXT: OpStore %w [[w]]
  float4 w = vecs[1 - 1];

  return x + y + z + w.x;
}
