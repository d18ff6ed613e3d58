// Out and inout arguments. Under -fcgl every lvalue of the parameter's
// type is passed as it is, as DXC passes it: a buffer element, a member of
// a local struct, a static or groupshared variable. Otherwise one outside
// Function memory goes through a param.var copy written back after the
// call (HLSL's copy semantics, which DXC's aliasing loses when the callee
// reads the same memory), and an element or member of a local is passed
// as it is where the legalization inlines the call; legalized, both read
// and write the argument's memory in place. A call that stays a call
// ([noinline]) only takes whole Function variables: other arguments go
// through copies, or, under -fspv-fix-func-call-arguments, an element or
// member goes through the variable fix-func-call-param makes.
// RUN: %hlsl2spirv -T cs_6_0 -E main -fcgl %s | FileCheck %s --check-prefix=CGL
// RUN: %hlsl2spirv -T cs_6_0 -E main -O0 %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s --check-prefix=O3
// RUN: %hlsl2spirv -T cs_6_0 -E main -O0 -DNOINLINE %s | FileCheck %s --check-prefix=COPY
// RUN: %hlsl2spirv -T cs_6_0 -E main -O0 -DNOINLINE -fspv-fix-func-call-arguments %s | FileCheck %s --check-prefix=FIX

// CGL: [[v:%[0-9]+]] = OpAccessChain %_ptr_Uniform_v4float %output %int_0 %uint_0
// CGL: [[e:%[0-9]+]] = OpAccessChain %_ptr_Uniform_float [[v]] %int_0
// CGL: [[m:%[0-9]+]] = OpAccessChain %_ptr_Function_int %s %int_1
// CGL: OpFunctionCall %void %bump [[e]] [[m]]
// CGL: OpFunctionCall %void %bump %total %count

// inlined: the element and the groupshared variable are read and written
// in place
// CHECK-NOT: OpFunctionCall
// CHECK: [[e:%[0-9]+]] = OpAccessChain %_ptr_Uniform_float %output %int_0 %uint_0 %int_0
// CHECK: [[v:%[0-9]+]] = OpLoad %float [[e]]
// CHECK: [[n:%[0-9]+]] = OpFAdd %float [[v]] %float_1
// CHECK: OpStore [[e]] [[n]]
// CHECK: [[c:%[0-9]+]] = OpLoad %int %count
// CHECK: [[c2:%[0-9]+]] = OpIAdd %int [[c]] %int_2
// CHECK: OpStore %count [[c2]]

// O3-NOT: OpFunctionCall
// O3: OpAccessChain %_ptr_Uniform_float %output %int_0 %uint_0 %int_0

// COPY: [[e:%[0-9]+]] = OpAccessChain %_ptr_Uniform_float %output %int_0 %uint_0 %int_0
// COPY: [[ev:%[0-9]+]] = OpLoad %float [[e]]
// COPY: OpStore [[vf:%[0-9]+]] [[ev]]
// COPY: OpFunctionCall %void %bump [[vf]] {{%[0-9]+}}
// COPY: OpFunctionCall %void %bump {{%[0-9]+}} {{%[0-9]+}}
// COPY: %bump = OpFunction %void DontInline

// FIX: %main = OpFunction
// FIX: [[vi:%[0-9]+]] = OpVariable %_ptr_Function_int Function
// FIX: [[vf:%[0-9]+]] = OpVariable %_ptr_Function_float Function
// FIX: [[e:%[0-9]+]] = OpAccessChain %_ptr_Uniform_float %output %int_0 %uint_0 %int_0
// FIX: [[m:%[0-9]+]] = OpAccessChain %_ptr_Function_int {{%[0-9]+}} %int_1
// FIX: [[ev:%[0-9]+]] = OpLoad %float [[e]]
// FIX: OpStore [[vf]] [[ev]]
// FIX: [[mv:%[0-9]+]] = OpLoad %int [[m]]
// FIX: OpStore [[vi]] [[mv]]
// FIX: OpFunctionCall %void %bump [[vf]] [[vi]]
// FIX: [[r:%[0-9]+]] = OpLoad %int [[vi]]
// FIX: OpStore [[m]] [[r]]
// the whole Private and Workgroup variables still go through copies
// FIX: [[g:%[0-9]+]] = OpLoad %int %count
// FIX: OpStore [[vg:%[0-9]+]] [[g]]
// FIX: OpFunctionCall %void %bump {{%[0-9]+}} [[vg]]

RWStructuredBuffer<float4> output : register(u0);
static float total;
groupshared int count;

struct S {
  int x;
  int y;
};

#ifdef NOINLINE
[noinline]
#endif
void bump(inout float f, inout int i) {
  f += 1;
  i += 2;
}

[numthreads(1, 1, 1)]
void main() {
  S s = (S)0;
  bump(output[0].x, s.y);
  bump(total, count);
  output[1] = float4(total, count, s.y, 0);
}
