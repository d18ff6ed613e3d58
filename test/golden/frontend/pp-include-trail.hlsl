// A diagnostic in an included file is preceded by the include stack.
// RUN: not %hlsl2spirv -T ps_6_0 -E main -fsyntax-only -I %S/include %s 2>&1 | FileCheck %s

// CHECK: In file included from {{.*}}pp-include-trail.hlsl:[[@LINE+2]]:
// CHECK-NEXT: {{.*}}broken.hlsli:2:2: error: broken header
#include "broken.hlsli"

float4 main() : SV_Target { return 0; }
