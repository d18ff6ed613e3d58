// CONFIG: -T ps_6_0 -E main
// SV_ViewID needs shader model 6.1.

float4 main(uint view /* ERROR "invalid usage of semantic 'SV_ViewID' in shader profile ps" */ : SV_ViewID) : SV_Target {
  return view;
}
