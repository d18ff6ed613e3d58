// A helper for include.hlsl.
float4 scale(float4 c) { return c * 2; }
