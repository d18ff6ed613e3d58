// A derivative in a vertex shader is invalid SPIR-V once it survives
// optimization: like DXC's validator, the compiler refuses the module
// (-Vd lets it through); a derivative in a branch the optimizer folds away
// is fine.
// RUN: %hlsl2spirv -T vs_6_0 -E main -DCOND=false %s | FileCheck %s
// RUN: not %hlsl2spirv -T vs_6_0 -E main -DCOND=true %s 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK-NOT: OpDPdx
// CHECK: OpReturn
// ERR: error: generated SPIR-V is invalid:
// ERR-NEXT: Derivative instructions require Fragment, GLCompute, MeshEXT or TaskEXT execution model: DPdx

float4 main(float4 pos : POSITION) : SV_Position {
  float4 p = pos;
  if (COND)
    p += ddx(pos);
  return p;
}
