// A global resource the entry point never uses is removed from the module
// (as DXC's legalization does); its debug description stays, with
// DebugInfoNone for the variable, instead of naming a variable that no
// longer exists (which was an internal error under -fspv-debug=vulkan).
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=vulkan %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=vulkan-with-source %s | FileCheck %s --check-prefix=SRC
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=rich %s | FileCheck %s --check-prefix=RICH

struct S { float a; };
StructuredBuffer<S> unusedBuffer : register(t1);
Texture2D<float4> usedTexture : register(t2);

// CHECK-NOT: %unusedBuffer = OpVariable
// CHECK: [[name:%[0-9]+]] = OpString "unusedBuffer"
// CHECK: [[none:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugInfoNone
// CHECK: DebugGlobalVariable [[name]] {{%[0-9]+}} {{%[0-9]+}} %uint_{{[0-9]+}} %uint_{{[0-9]+}} {{%[0-9]+}} [[name]] [[none]]
// SRC: DebugSource {{%[0-9]+}} {{%[0-9]+}}
// SRC: DebugGlobalVariable
// RICH-NOT: %unusedBuffer = OpVariable
// RICH: OpExtInstImport "OpenCL.DebugInfo.100"
float4 main() : SV_Target {
  return usedTexture.Load(int3(0, 0, 0));
}
