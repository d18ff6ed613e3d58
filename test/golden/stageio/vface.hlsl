// The Direct3D 9 VFACE semantic gets clang's warning and is kept as a user
// semantic (a Location), as DXC does; SV_IsFrontFace is the built-in.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s

// WARN: vface.hlsl:[[@LINE+4]]:50: warning: Ignoring unsupported 'VFACE' in the target attribute string
// CHECK-DAG: OpDecorate %in_var_TEXCOORD Location 0
// CHECK-DAG: OpDecorate %in_var_VFACE Location 1
// CHECK-DAG: OpDecorate %gl_FrontFacing BuiltIn FrontFacing
float4 main(float2 uv : TEXCOORD, float facing : VFACE, bool front : SV_IsFrontFace) : SV_Target {
  return facing > 0 && front ? float4(uv, 0, 1) : 0;
}
