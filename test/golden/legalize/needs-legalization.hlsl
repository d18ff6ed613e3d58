// At -O0 the legalization passes run only when the module needs them, as
// DXC decides (its emitter's needsLegalization): a derivative, a local
// holding a resource, a run-time texel offset and their kind ask for it.
// Legalized, the entry's code is inlined into the wrapper and its locals
// become values; otherwise the -O0 module is the generated code.
// RUN: %hlsl2spirv -T ps_6_0 -E main -O0 %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -O0 -DLOCAL %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -O0 -DPLAIN %s | FileCheck %s --check-prefix=PLAIN

// CHECK:      %main = OpFunction
// CHECK-NOT:  OpFunctionCall
// CHECK-NOT:  OpVariable %_ptr_Function
// CHECK:      OpImageSampleImplicitLod
// CHECK:      OpFunctionEnd

// PLAIN:      %main = OpFunction
// PLAIN:      OpFunctionCall %v4float %src_main
// PLAIN:      %src_main = OpFunction
// PLAIN:      %c = OpVariable %_ptr_Function_v4float Function

Texture2D t;
SamplerState s;

float4 main(float2 uv : UV) : SV_Target {
#if defined(LOCAL)
  Texture2D u = t;
  float4 c = u.Sample(s, uv);
#else
  float4 c = t.Sample(s, uv);
#endif
#if !defined(PLAIN) && !defined(LOCAL)
  c += ddx(c);
#endif
  return c;
}
