// -Wno-<group> silences one group of warnings and leaves the others; each
// grouped warning names its flag, as clang prints it, and -WX turns it into
// an error that names both.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: %hlsl2spirv -T ps_6_0 -E main -Wno-vk-ignored-features %s 2>&1 | FileCheck %s --check-prefix=NOVK
// RUN: %hlsl2spirv -T ps_6_0 -E main -Wno-conversion %s 2>&1 | FileCheck %s --check-prefix=NOCONV
// RUN: not %hlsl2spirv -T ps_6_0 -E main -WX %s 2>&1 | FileCheck %s --check-prefix=WX

// ALL-DAG:    warning: implicit truncation of vector type [-Wconversion]
// ALL-DAG:    warning: variable 'g' will be placed in $Globals so initializer ignored [-Wvk-ignored-features]
// NOVK-NOT:   initializer ignored
// NOVK:       warning: implicit truncation of vector type
// NOCONV-NOT: implicit truncation
// NOCONV-NOT: possible loss of data
// NOCONV:     warning: variable 'g' will be placed in $Globals so initializer ignored
// WX:         error: implicit truncation of vector type [-Werror,-Wconversion]

float g = 2;
double d;

// An intrinsic's input argument converted to a narrower parameter type
// warns as an assignment does, with the parameter type desugared.
// ALL-DAG: warning-groups.hlsl:[[@LINE+2]]:41: warning: conversion from larger type 'double2' to smaller type 'vector<float, 2>', possible loss of data [-Wconversion]
float main() : SV_Target {
  return float2(g, 1) + length(ddx_fine(double2(d, d)));
}
