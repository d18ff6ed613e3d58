// A function taking a buffer is inlined where it is called (there is no
// SPIR-V function for it): the parameter names the argument's buffer.
// Textures and samplers are passed as UniformConstant pointers instead.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s

// CHECK-NOT: OpName %load2 "load2"
// CHECK: OpName %sampleIt "sampleIt"

StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u1);
Texture2D<float4> Tex : register(t2);
SamplerState Smp : register(s0);

float load2(StructuredBuffer<float> b, uint i) { return b[i] + b[i + 1]; }
float4 sampleIt(Texture2D<float4> t, SamplerState s) { return t.SampleLevel(s, float2(0.5, 0.5), 0); }

// CHECK: %src_main = OpFunction
// CHECK: OpAccessChain %_ptr_Uniform_float %In %int_0
// CHECK: OpFunctionCall %v4float %sampleIt %Tex %Smp
// CHECK: %sampleIt = OpFunction %v4float None
// CHECK-NEXT: %t = OpFunctionParameter %_ptr_UniformConstant_type_2d_image
// CHECK-NEXT: %s = OpFunctionParameter %_ptr_UniformConstant_type_sampler
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = load2(In, id.x) + sampleIt(Tex, Smp).x;
}
