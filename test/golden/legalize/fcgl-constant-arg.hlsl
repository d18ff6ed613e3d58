// Under -fcgl too, a constant argument of an inlined function chooses the
// resource it returns: the call has only the path its argument takes (the
// parameter itself stays a variable, as in DXC's unlegalized output).
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s

Texture2D texA;
Texture2D texB;
SamplerState smp;

Texture2D choose(bool wantA) {
  if (wantA)
    return texA;
  else
    return texB;
}

// CHECK: OpStore %param_var_wantA %false
// CHECK: OpLoad %type_2d_image %texB
float4 main(float2 uv : UV) : SV_Target {
  Texture2D t = choose(false);
  return t.Sample(smp, uv);
}
