// CONFIG: -T ps_6_0 -E main
// A system value of another stage is invalid usage (DXC's signature point
// table): SV_DispatchThreadID is a compute input.

float4 main(float4 pos : SV_Position,
            uint3 id /* ERROR "invalid usage of semantic 'SV_DispatchThreadID' in shader profile ps" */ : SV_DispatchThreadID) : SV_Target {
  return pos;
}
