// A local resource variable assigned under control flow holds, after the
// join, the resource every path gave it; a branch a constant condition
// (or a constant argument of an inlined function) never takes does not
// count. Different resources on different paths are what legalization
// cannot resolve (a pointer chosen by a phi, or a select once -O3's
// if-conversion made one), as in DXC: the error is the validator's,
// placed at the condition that chose.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s
// RUN: not %hlsl2spirv -T cs_6_0 -E main -DRUNTIME %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %hlsl2spirv -T cs_6_0 -E main -DRUNTIME -O0 %s 2>&1 | FileCheck %s --check-prefix=ERR0
// RUN: not %hlsl2spirv -T cs_6_0 -E main -DLOOP %s 2>&1 | FileCheck %s --check-prefix=LOOP

StructuredBuffer<float4> a;
StructuredBuffer<float4> b;
RWStructuredBuffer<float4> o;

static const int mode = 1;

StructuredBuffer<float4> pick(int k) {
  if (k == 0)
    return a;
  return b;
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  StructuredBuffer<float4> r;
  if (id.x > 3) {
    r = a;
    o[0] = r[1];
  } else {
    r = b;
    o[1] = r[1];
  }
  switch (mode) {
  case 0:
    r = a;
    break;
  default:
    r = b;
    break;
  }
// CHECK-DAG: OpAccessChain %_ptr_Uniform_v4float %a %int_0 %uint_1
// CHECK-DAG: OpAccessChain %_ptr_Uniform_v4float %b %int_0 %uint_1
// CHECK: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_v4float %b %int_0 %uint_2
  o[2] = r[2];
// CHECK: OpAccessChain %_ptr_Uniform_v4float %a %int_0 %uint_3
  o[3] = pick(0)[3];
#ifdef RUNTIME
// ERR: control-flow.hlsl:[[@LINE+2]]:12: error: failed to legalize SPIR-V: Using pointers with OpSelect requires capability VariablePointers or VariablePointersStorageBuffer
// ERR0: control-flow.hlsl:[[@LINE+1]]:12: error: failed to legalize SPIR-V: Using pointers with OpPhi requires capability VariablePointers or VariablePointersStorageBuffer
  if (id.y > 0)
    r = a;
  o[4] = r[4];
#endif
#ifdef LOOP
// LOOP: control-flow.hlsl:[[@LINE+1]]:21: error: failed to legalize SPIR-V: Using pointers with OpPhi requires capability VariablePointers or VariablePointersStorageBuffer
  for (int i = 0; i < 2; ++i) {
    o[i] = r[i];
    r = a;
  }
#endif
}
