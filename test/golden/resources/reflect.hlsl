// -fspv-reflect records HLSL's view of the interface: the semantic of each
// stage variable, the HLSL type of each resource, and which variable counts
// a structured buffer's appends.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-reflect %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s --check-prefix=PLAIN

// CHECK: OpExtension "SPV_GOOGLE_hlsl_functionality1"
// CHECK: OpExtension "SPV_GOOGLE_user_type"
// CHECK: OpDecorateString %tex UserTypeGOOGLE "texture2d:<float4>"
// CHECK: OpDecorateString %items UserTypeGOOGLE "appendstructuredbuffer:<uint>"
// CHECK: OpDecorateId %items CounterBuffer %counter_var_items
// CHECK: OpDecorateString %in_var_TEXCOORD3 UserSemantic "TEXCOORD3"
// CHECK: OpDecorateString %out_var_SV_Target UserSemantic "SV_Target"
// PLAIN-NOT: OpExtension
// PLAIN-NOT: UserSemantic

Texture2D<float4> tex : register(t0);
SamplerState smp : register(s0);
AppendStructuredBuffer<uint> items : register(u1);

float4 main(float2 uv : TEXCOORD3) : SV_Target {
  items.Append(1);
  return tex.Sample(smp, uv);
}
