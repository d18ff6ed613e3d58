// CONFIG: -T ps_6_1 -E main
// SV_ViewID is a pixel shader input from shader model 6.1.

float4 main(uint view : SV_ViewID) : SV_Target {
  return view;
}
