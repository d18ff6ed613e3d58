// groupshared variables are Workgroup memory, which Vulkan gives compute,
// mesh, amplification and node shaders only: used from another stage's
// entry point they are an error at the use (found by FuzzCompile: a pixel
// shader's groupshared variable became an internal error from the
// validator). Declared and never used, or used only by functions no entry
// point reaches, they are no error. A compute entry point may use them.
// RUN: not %hlsl2spirv -T ps_6_0 -E main -DPIXEL %s 2>&1 | FileCheck %s --check-prefix=PS
// RUN: not %hlsl2spirv -T vs_6_0 -E main %s 2>&1 | FileCheck %s --check-prefix=VS
// RUN: not %hlsl2spirv -T hs_6_0 -E main -DHULL %s 2>&1 | FileCheck %s --check-prefix=HS
// RUN: %hlsl2spirv -T cs_6_0 -E cs %s | FileCheck %s --check-prefix=CS

groupshared uint counter;
groupshared float unusedShared[4];
RWStructuredBuffer<uint> output;

uint bump() {
  uint before;
  // PS: groupshared-elsewhere.hlsl:[[@LINE+3]]:18: error: groupshared variable 'counter' cannot be used in a pixel shader: Vulkan has workgroup memory only in compute, mesh, amplification and node shaders
  // VS: groupshared-elsewhere.hlsl:[[@LINE+2]]:18: error: groupshared variable 'counter' cannot be used in a vertex shader: Vulkan has workgroup memory only in compute, mesh, amplification and node shaders
  // HS: groupshared-elsewhere.hlsl:[[@LINE+1]]:18: error: groupshared variable 'counter' cannot be used in a hull shader: Vulkan has workgroup memory only in compute, mesh, amplification and node shaders
  InterlockedAdd(counter, 1, before);
  return before;
}

uint neverCalled() { return unusedShared[0]; }

#ifdef HULL
struct Patch { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };
Patch constants() { Patch p = (Patch)0; return p; }

[domain("tri")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(3)]
[patchconstantfunc("constants")]
float4 main(InputPatch<float4, 3> patch, uint i : SV_OutputControlPointID) : SV_Position {
  return patch[i] * bump();
}
#elif defined(PIXEL)
float4 main(float4 p : SV_Position) : SV_Target { return p * bump(); }
#else
float4 main(float4 p : POSITION) : SV_Position { return p * bump(); }
#endif

// CS: %counter = OpVariable %_ptr_Workgroup_uint Workgroup
// CS: OpAtomicIAdd %uint %counter %uint_2 %uint_0 %uint_1
[numthreads(8, 1, 1)]
void cs(uint id : SV_DispatchThreadID) { output[id] = bump(); }
