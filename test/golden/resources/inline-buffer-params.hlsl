// In the generated code, as in DXC's, a function taking a buffer takes a
// Function pointer to the buffer's pointer; textures and samplers are
// passed in Function variables holding the handle (param.var.<name>).
// Legalized, both are inlined: the buffer parameter names the argument's
// buffer, the texture the argument's.
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main %s | FileCheck %s --check-prefix=CGL
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s

// CGL: OpFunctionCall %float %load2 %param_var_b %param_var_i
// CGL: [[t:%[0-9]+]] = OpLoad %type_2d_image %Tex
// CGL-NEXT: OpStore %param_var_t [[t]]
// CGL: OpFunctionCall %v4float %sampleIt %param_var_t %param_var_s
// CGL: %load2 = OpFunction %float None
// CGL-NEXT: %b = OpFunctionParameter %_ptr_Function__ptr_Uniform_type_StructuredBuffer_float
// CGL: %sampleIt = OpFunction %v4float None
// CGL-NEXT: %t = OpFunctionParameter %_ptr_Function_type_2d_image
// CGL-NEXT: %s = OpFunctionParameter %_ptr_Function_type_sampler
// CHECK-NOT: OpName %load2 "load2"
// CHECK-NOT: OpName %sampleIt "sampleIt"

StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u1);
Texture2D<float4> Tex : register(t2);
SamplerState Smp : register(s0);

float load2(StructuredBuffer<float> b, uint i) { return b[i] + b[i + 1]; }
float4 sampleIt(Texture2D<float4> t, SamplerState s) { return t.SampleLevel(s, float2(0.5, 0.5), 0); }

// CHECK: %main = OpFunction
// CHECK-NOT: OpFunctionCall
// CHECK: OpAccessChain %_ptr_Uniform_float %In %int_0
// CHECK: OpAccessChain %_ptr_Uniform_float %In %int_0
// CHECK: OpLoad %type_2d_image %Tex
// CHECK: OpImageSampleExplicitLod %v4float
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = load2(In, id.x) + sampleIt(Tex, Smp).x;
}
