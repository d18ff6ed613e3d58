// c ? a : b between resources (HLSL 2018) is written as DXC writes it in
// every mode: the choice made into a variable, then stored in the local.
// The legalization resolves the one a constant condition picks; one chosen
// at run time cannot be legalized: DXC's 'failed to legalize SPIR-V' with
// the validator's words, at the choice.
// RUN: %hlsl2spirv -T ps_6_0 -HV 2018 -E main %s | FileCheck %s
// RUN: not %hlsl2spirv -T ps_6_0 -HV 2018 -E main -DRUNTIME %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %hlsl2spirv -T ps_6_0 -HV 2018 -E main -DRUNTIME -fcgl %s | FileCheck %s --check-prefix=CGL

Texture2D first;
Texture2D second;
SamplerState linearS;
SamplerState pointS;

static const bool useSecond = true;

float4 main(float2 uv : UV, int k : K) : SV_Target {
  // CHECK:      [[tex:%[0-9]+]] = OpLoad %type_2d_image %second
  // CHECK-NEXT: [[smp:%[0-9]+]] = OpLoad %type_sampler %linearS
  // CHECK:      OpSampledImage %type_sampled_image [[tex]] [[smp]]
  Texture2D t = useSecond ? second : first;
  float4 c = t.Sample(useSecond ? linearS : pointS, uv);
#ifdef RUNTIME
  // ERR: :[[@LINE+4]]:20: error: failed to legalize SPIR-V: Result type cannot be OpTypeSampler
  // CGL:      OpStore %temp_var_ternary_1
  // CGL:      [[s:%[0-9]+]] = OpLoad %type_sampler %temp_var_ternary_1
  // CGL-NEXT: OpStore %s [[s]]
  SamplerState s = k ? linearS : pointS;
  c += t.Sample(s, uv);
#endif
  return c;
}
