// CONFIG: -T vs_6_0 -E main -all-vulkan-errors
// Explicit layouts that overlap: packoffset inside a cbuffer, and two
// $Globals members in one register(c#) (DXC names the earlier one).

cbuffer Params {
  float4 a : packoffset(c0);
  float4 b : packoffset(c2);
  float  c : packoffset /* ERROR "packoffset caused overlap with previous members" */ (c0);
  float  d : packoffset(c10.z);
  float  e : packoffset(c10.w);   // right after d: fine
  float  f : packoffset /* ERROR "packoffset caused overlap with previous members" */ (c10.z);
}

uniform float4 first : register /* ERROR "field \"first\" at register\(c5\) overlaps with previous members" */ (c5);
uniform float4 second : register(c5);
uniform float4 third : register(c6);

float4 main() : SV_Position {
  return a + b + c + d + e + f + first + second + third;
}
