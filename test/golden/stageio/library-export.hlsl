// A library's `export` functions are kept for linking: each is a function
// under its own name decorated LinkageAttributes "name" Export, with the
// Linkage capability and no entry point. A library may export functions
// only. Functions that are not exported and not called are dropped.
// RUN: %hlsl2spirv -fcgl -T lib_6_3 -fspv-target-env=universal1.5 %s | FileCheck %s
// RUN: %hlsl2spirv -T lib_6_3 -fspv-target-env=universal1.5 %s

// CHECK: OpCapability Linkage
// CHECK-NOT: OpEntryPoint
// CHECK: OpDecorate %scale LinkageAttributes "scale" Export
// CHECK: OpDecorate %accumulate LinkageAttributes "accumulate" Export
// CHECK-NOT: %unused = OpFunction
// CHECK: %scale = OpFunction %float None
// CHECK: %accumulate = OpFunction %void None
// CHECK: OpFunctionParameter %_ptr_Function_float
// CHECK: OpFunctionCall %float %twice

RWStructuredBuffer<float> results : register(u0);

float twice(float x) { return x * 2; }

float unused(float x) { return x; }

export float scale(float x, float by) {
  return x * by;
}

export void accumulate(inout float total, uint slot) {
  total += twice(results[slot]);
}
