// CONFIG: -T ps_6_0 -E main -all-vulkan-errors
// Pixel shader stage variables: interpolation of integers, semantics
// used twice, render targets sharing a location.

struct PSIn {
  float4 pos : SV_Position;
  linear int a /* ERROR "only nointerpolation mode allowed for integer input parameters in pixel shader" */ : A;
  centroid uint2 b /* ERROR "only nointerpolation mode allowed for integer input parameters in pixel shader" */ : B;
  sample bool c /* ERROR "only nointerpolation mode allowed for integer input parameters in pixel shader" */ : C;
  nointerpolation int d : D;        // fine
  noperspective float e : E;        // floats may be interpolated any way
  float4 again : SV_Position /* ERROR "input semantic 'SV_Position' used more than once" */;
};

void main(PSIn i,
          out float4 x : SV_Target,
          out float4 y /* ERROR "Multiple stage variables have a duplicated pair of location and index at 0 / 0" */ : SV_Target0,
          out float4 z : SV_Target1) {
  x = y = z = i.pos;
}
