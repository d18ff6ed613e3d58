// `T::M = x;` at the start of a statement assigns to T's static member: the
// type-then-declarator reading (`T ::M`) is not HLSL.
// RUN: %hlsl2spirv -T ps_6_0 -E main -ast-dump %s | FileCheck %s

struct T { static float4 M; };
float4 T::M;

float4 main(float4 input : A) : SV_Target {
// CHECK: ExprStmt <{{.*}}:[[@LINE+2]]:3>
// CHECK-NEXT: AssignExpr = <{{.*}}:[[@LINE+1]]:3> 'float4'
  T::M = input;
  return T::M;
}
