// #error stops the compile with the user's message at the directive.
// RUN: not %hlsl2spirv -T ps_6_0 -E main -fsyntax-only %s 2>&1 | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fsyntax-only -DOK %s

#ifndef OK
// CHECK: pp-error-directive.hlsl:[[@LINE+1]]:2: error: OK must be defined
#error OK must be defined
#endif

float4 main() : SV_Target { return 0; }
