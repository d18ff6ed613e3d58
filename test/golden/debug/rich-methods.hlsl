// OpenCL.DebugInfo.100 cannot tie member functions to their struct: with
// -fspv-debug=rich a struct with methods draws DXC's warning (once), which
// points at NonSemantic.Shader.DebugInfo.100; that one stays quiet.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=rich %s 2>&1 | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=vulkan %s 2>&1 | FileCheck %s --check-prefix=VK

// CHECK:     warning: Member functions will not be linked to their class in the debug information. Prefer using -fspv-debug=vulkan-with-source.
// CHECK-NOT: warning:
// VK-NOT:    warning:

struct Counter {
  int n;
  int next() { return n + 1; }
  int prev() { return n - 1; }
};

float4 main(float4 color : COLOR) : SV_Target {
  Counter c;
  c.n = 1;
  return color * c.next();
}
