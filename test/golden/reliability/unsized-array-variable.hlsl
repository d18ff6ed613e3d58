// A variable of an unsized array type without an initializer is clang's
// error (found by FuzzCompile: a groupshared float[] became a Workgroup
// runtime array, which Vulkan forbids); resource arrays may be unsized.
// RUN: not %hlsl2spirv -T cs_6_0 -E main %s 2>&1 | FileCheck %s

// CHECK: unsized-array-variable.hlsl:[[@LINE+1]]:19: error: definition of variable with array type needs an explicit size or an initializer
groupshared float cache[];
// CHECK: unsized-array-variable.hlsl:[[@LINE+1]]:14: error: definition of variable with array type needs an explicit size or an initializer
static float s[];
float sized[] = { 1, 2 };
Texture2D textures[] : register(t0);
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint id : SV_DispatchThreadID) {
// CHECK: unsized-array-variable.hlsl:[[@LINE+1]]:9: error: definition of variable with array type needs an explicit size or an initializer
  float l[];
  cache[id] = 0;
  Out[0] = cache[1] + s[2] + sized[1] + textures[id].Load(int3(0, 0, 0)).x;
// CHECK: 3 errors generated.
}
