// Thread and group ids are inputs of compute, mesh and amplification shaders
// only: elsewhere they are DXC's error (found by FuzzCompile: a domain
// shader's SV_DispatchThreadID became GlobalInvocationId, which Vulkan allows
// in compute-like stages only).
// RUN: not %hlsl2spirv -T ds_6_0 -E main %s 2>&1 | FileCheck %s --check-prefix=DS
// RUN: not %hlsl2spirv -T vs_6_0 -E main %s 2>&1 | FileCheck %s --check-prefix=VS
// RUN: not %hlsl2spirv -T ps_6_0 -E main %s 2>&1 | FileCheck %s --check-prefix=PS

// DS: compute-semantics-elsewhere.hlsl:[[@LINE+3]]:15: error: invalid usage of semantic 'SV_DispatchThreadID' in shader profile ds
// VS: compute-semantics-elsewhere.hlsl:[[@LINE+2]]:15: error: invalid usage of semantic 'SV_DispatchThreadID' in shader profile vs
// PS: compute-semantics-elsewhere.hlsl:[[@LINE+1]]:15: error: invalid usage of semantic 'SV_DispatchThreadID' in shader profile ps
void main(int id : SV_DispatchThreadID) {}
