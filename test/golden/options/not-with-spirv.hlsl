// The dxc options that dxc itself refuses together with -spirv are refused
// with its words, whether spelled with '-' or '/', before anything is read.
// RUN: not %hlsl2spirv -T ps_6_0 -E main -Fd out.pdb %s 2>&1 | FileCheck %s --check-prefix=FD
// RUN: not %hlsl2spirv -T ps_6_0 -E main -Fre out.refl %s 2>&1 | FileCheck %s --check-prefix=FRE
// RUN: not %hlsl2spirv -T ps_6_0 -E main /Gec %s 2>&1 | FileCheck %s --check-prefix=GEC
// RUN: not %hlsl2spirv -T ps_6_0 -E main -Qstrip_reflect %s 2>&1 | FileCheck %s --check-prefix=STRIP
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s

// FD: error: -Fd is not supported with -spirv
// FRE: error: -Fre is not supported with -spirv
// GEC: error: -Gec is not supported with -spirv
// STRIP: error: -Qstrip_reflect is not supported with -spirv

// A global string's literal still becomes an OpString, as in DXC, though
// nothing reads it.
// CHECK: OpEntryPoint Fragment %main "main"
// CHECK: OpString "unused label"
string label = "unused label";

float4 main() : SV_Target { return 1; }
