// An error inside a macro expansion points at the macro's use.
// RUN: not %hlsl2spirv -T ps_6_0 -E main -fsyntax-only %s 2>&1 | FileCheck %s

#define BROKEN(x) (x +)

float4 main() : SV_Target {
  float y = BROKEN(1);
  return y;
}
// CHECK: parse-macro-position.hlsl:[[@LINE-3]]:{{[0-9]+}}: error: expected expression
