// -Wno-<group> silences one group of warnings and leaves the others.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: %hlsl2spirv -T ps_6_0 -E main -Wno-vk-ignored-features %s 2>&1 | FileCheck %s --check-prefix=NOVK
// RUN: %hlsl2spirv -T ps_6_0 -E main -Wno-conversion %s 2>&1 | FileCheck %s --check-prefix=NOCONV

// ALL:        warning: implicit truncation of vector type
// ALL:        warning: variable 'g' will be placed in $Globals so initializer ignored
// NOVK-NOT:   initializer ignored
// NOVK:       warning: implicit truncation of vector type
// NOCONV-NOT: implicit truncation
// NOCONV:     warning: variable 'g' will be placed in $Globals so initializer ignored

float g = 2;
float main() : SV_Target { return float2(g, 1); }
