// A library (-T lib_6_x) has an entry point for every [shader("...")]
// function, each with its own wrapper, stage variables and modes; the
// functions they share are emitted once.
// RUN: %hlsl2spirv -fcgl -T lib_6_3 %s | FileCheck %s
// RUN: %hlsl2spirv -T lib_6_3 %s

// CHECK: OpEntryPoint Vertex %vsmain "vsmain" %in_var_POSITION %gl_Position
// CHECK: OpEntryPoint Fragment %psmain "psmain" %in_var_TEXCOORD %out_var_SV_Target
// CHECK: OpEntryPoint GLCompute %csmain "csmain" %gl_GlobalInvocationID
// CHECK: OpExecutionMode %psmain OriginUpperLeft
// CHECK: OpExecutionMode %csmain LocalSize 4 1 1
// CHECK-NOT: DerivativeGroup
// CHECK: OpDecorate %in_var_POSITION Location 0
// CHECK: OpDecorate %in_var_TEXCOORD Location 0
// CHECK: %helper = OpFunction
// CHECK-NOT: %helper_0 = OpFunction

RWStructuredBuffer<float> Out : register(u0);
Texture2D<float4> tex : register(t0);
SamplerState smp : register(s0);

float helper(float x) { return x * 2; }

[shader("vertex")]
float4 vsmain(float3 p : POSITION) : SV_Position { return float4(p, helper(1)); }

[shader("pixel")]
float4 psmain(float2 uv : TEXCOORD) : SV_Target { return tex.Sample(smp, uv) * helper(2); }

[shader("compute")]
[numthreads(4, 1, 1)]
void csmain(uint3 id : SV_DispatchThreadID) { Out[id.x] = helper(id.x); }
