// An error inside a macro expansion points at the macro's use, with clang's
// note at the token in the macro's body.
// RUN: not %hlsl2spirv -T ps_6_0 -E main -fsyntax-only %s 2>&1 | FileCheck %s

#define BROKEN(x) (x +)

float4 main() : SV_Target {
  float y = BROKEN(1);
  return y;
}
// CHECK: parse-macro-position.hlsl:[[@LINE-3]]:13: error: expected expression
// CHECK: parse-macro-position.hlsl:[[@LINE-7]]:23: note: expanded from macro 'BROKEN'
// CHECK-NEXT: #define BROKEN(x) (x +)
