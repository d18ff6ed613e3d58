// A missing include is reported at the file name, with a caret line.
// RUN: not %hlsl2spirv -T ps_6_0 -E main -fsyntax-only %s 2>&1 | FileCheck %s

// CHECK: pp-include-missing.hlsl:[[@LINE+3]]:10: fatal error: 'no/such/header.hlsli' file not found
// CHECK-NEXT: #include "no/such/header.hlsli"
// CHECK-NEXT: {{^         \^}}
#include "no/such/header.hlsli"

float4 main() : SV_Target { return 0; }
