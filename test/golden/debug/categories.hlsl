// -fspv-debug= picks categories and overrules -Zi: file names only, the
// tool's OpModuleProcessed only (SPIR-V 1.1 and later), lines (which bring
// the file and its text). DXC takes one category per option, no lists.
// RUN: %hlsl2spirv -T ps_6_1 -E main -fspv-debug=file -Zi -fcgl %s | FileCheck %s --check-prefix=FILE
// RUN: %hlsl2spirv -T ps_6_1 -E main -fspv-target-env=vulkan1.1 -fspv-debug=tool -Zi -fcgl %s | FileCheck %s --check-prefix=TOOL
// RUN: %hlsl2spirv -T ps_6_1 -E main -fspv-debug=tool -fspv-debug=file %s | FileCheck %s --check-prefix=TOOL10
// RUN: %hlsl2spirv -T ps_6_1 -E main -fspv-debug=line %s | FileCheck %s --check-prefix=LINE
// RUN: %hlsl2spirv -T ps_6_1 -E main -fspv-target-env=vulkan1.1 -Zi %s | FileCheck %s --check-prefix=ZI
// RUN: not %hlsl2spirv -T ps_6_1 -E main -fspv-debug=file,line %s 2>&1 | FileCheck %s --check-prefix=LIST

// FILE:      [[f:%[0-9]+]] = OpString "{{.*}}categories.hlsl"
// FILE-NEXT: OpSource HLSL 610 [[f]]{{$}}
// FILE-NOT:  OpModuleProcessed
// FILE-NOT:  OpLine

// TOOL-NOT: OpString
// TOOL:     OpSource HLSL 610{{$}}
// TOOL:     OpModuleProcessed "dxc-commit-hash: {{[0-9a-zA-Z]+}}"
// TOOL:     OpModuleProcessed "dxc-cl-option: {{.*}}categories.hlsl -T ps_6_1 -E main -fspv-target-env=vulkan1.1 -fspv-debug=tool -Zi -fcgl"
// TOOL-NOT: OpLine

// OpModuleProcessed needs SPIR-V 1.1.
// TOOL10:     OpSource HLSL 610 {{%[0-9]+}}{{$}}
// TOOL10-NOT: OpModuleProcessed

// LINE: OpSource HLSL 610 {{%[0-9]+}} "// -fspv-debug=
// LINE: OpLine

// ZI: OpSource HLSL 610 {{%[0-9]+}} "// -fspv-debug=
// ZI: OpModuleProcessed "dxc-cl-option:
// ZI: OpLine

// LIST: unknown SPIR-V debug info control parameter: file,line

float4 main(uint val : A) : SV_Target {
  uint a = reversebits(val);
  return a;
}
