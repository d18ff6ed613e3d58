// -ast-dump prints one node a line with its location and, once sema has run,
// the type of each expression.
// RUN: %hlsl2spirv -T cs_6_0 -E main -ast-dump %s | FileCheck %s

// CHECK: VarDecl groupshared cache <{{.*}}ast-dump.hlsl:[[@LINE+1]]:1>
groupshared float cache[64];

// CHECK: FuncDecl main <{{.*}}ast-dump.hlsl:[[@LINE+2]]:1>
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
// CHECK: AssignExpr = <{{.*}}ast-dump.hlsl:[[@LINE+4]]:3> 'float'
// CHECK-NEXT: IndexExpr <{{.*}}> 'float'
// CHECK-NEXT: NameExpr cache <{{.*}}> 'float [64]'
// CHECK-NEXT: MemberExpr . <{{.*}}> 'uint'
  cache[id.x] = 1.0f;
}
