// Syntax errors are worded for people and point after the last good token.
// RUN: not %hlsl2spirv -T ps_6_0 -E main -fsyntax-only %s 2>&1 | FileCheck %s

float4 main() : SV_Target {
  float x = 1
// CHECK: parse-missing-semicolon.hlsl:[[@LINE-1]]:14: error: expected ';' at end of declaration
  return x;
}
// CHECK: 1 error generated.
