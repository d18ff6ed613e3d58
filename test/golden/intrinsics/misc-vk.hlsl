// Remaining intrinsics: vk::ReadClock (OpReadClockKHR at Subgroup or
// Device scope), vk::static_pointer_cast / vk::reinterpret_pointer_cast on
// vk::BufferPointer, vk::ext_execution_mode / ext_execution_mode_id,
// DebugBreak (NonSemantic.DebugBreak), GetGroupWaveCount/GetGroupWaveIndex
// (NumSubgroups/SubgroupId), and the ones DXC rejects for SPIR-V with its
// errors: abort, GetRenderTargetSampleCount/Position, FeedbackTexture2D
// (WriteSamplerFeedback*), and every legacy tex* sampler function.
// RUN: %hlsl2spirv -fcgl -T cs_6_6 -E main -fspv-target-env=vulkan1.2 %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_6 -E main -fspv-target-env=vulkan1.2 %s | FileCheck %s --check-prefix=NOKERNEL
// RUN: %hlsl2spirv -T cs_6_6 -E main -fspv-target-env=vulkan1.2 -fcgl -DMODE_ID %s | FileCheck %s --check-prefix=MODEID
// RUN: not %hlsl2spirv -T cs_6_6 -E main -DABORT %s 2>&1 | FileCheck %s --check-prefix=ABORT
// RUN: not %hlsl2spirv -T ps_6_0 -E psmain -DPIXEL %s 2>&1 | FileCheck %s --check-prefix=PIXEL
// RUN: not %hlsl2spirv -T ps_6_0 -E legacy -DLEGACY %s 2>&1 | FileCheck %s --check-prefix=LEGACY
// RUN: not %hlsl2spirv -T ps_6_0 -E feedback -DFEEDBACK %s 2>&1 | FileCheck %s --check-prefix=FEEDBACK
// RUN: %hlsl2spirv -T cs_6_6 -E main -fspv-target-env=vulkan1.2 %s

struct Node { float value; };
struct Wide { float4 v; };
cbuffer Inputs { vk::BufferPointer<Node> head; };
RWStructuredBuffer<uint4> outU;

// CHECK-DAG: OpCapability ShaderClockKHR
// CHECK-DAG: OpCapability PhysicalStorageBufferAddresses
// CHECK-DAG: OpCapability GroupNonUniform
// NOKERNEL-NOT: OpCapability Kernel
// CHECK-DAG: OpExtension "SPV_KHR_shader_clock"
// CHECK-DAG: [[dbg:%[0-9]+]] = OpExtInstImport "NonSemantic.DebugBreak"
// CHECK: OpMemoryModel PhysicalStorageBuffer64 GLSL450
// CHECK: OpExecutionMode %main LocalSize 4 1 1
// CHECK: OpExecutionMode %main DenormPreserve 32
// MODEID: OpExecutionModeId %main LocalSizeHintId %int_4 %int_1 %int_1
[numthreads(4, 1, 1)]
void main() {
  vk::ext_execution_mode(/* DenormPreserve */ 4459, 32);
#ifdef MODE_ID // a Kernel mode: only in unvalidated output
  vk::ext_execution_mode_id(/* LocalSizeHintId */ 39, 4, 1, 1);
#endif
// CHECK: OpReadClockKHR %ulong %uint_3
  uint64_t t0 = vk::ReadClock(vk::SubgroupScope);
// CHECK: OpReadClockKHR %ulong %uint_1
  uint64_t t1 = vk::ReadClock(vk::DeviceScope);
// A reinterpreting cast is a bitcast of the pointer; a static cast to a
// const pointee keeps the pointer as it is.
// CHECK: [[h:%[0-9]+]] = OpLoad %_ptr_PhysicalStorageBuffer_Node
// CHECK: OpBitcast %_ptr_PhysicalStorageBuffer_Wide [[h]]
  vk::BufferPointer<Wide> w = vk::reinterpret_pointer_cast<Wide>(head);
// CHECK: [[h2:%[0-9]+]] = OpLoad %_ptr_PhysicalStorageBuffer_Node
// CHECK-NEXT: OpStore %c [[h2]]
  vk::BufferPointer<const Node> c = vk::static_pointer_cast<const Node>(head);
// CHECK: OpExtInst %void [[dbg]] 1
  DebugBreak();
// CHECK: OpLoad %uint %NumSubgroups
// CHECK: OpLoad %uint %SubgroupId
  outU[0] = uint4(uint(t0), uint(t1), GetGroupWaveCount(), GetGroupWaveIndex());
  outU[1].x = asuint(w.Get().v.x + c.Get().value);
#ifdef ABORT
// ABORT: misc-vk.hlsl:[[@LINE+1]]:3: error: no equivalent for abort intrinsic function in Vulkan
  abort();
#endif
}

#ifdef PIXEL
float4 psmain() : SV_Target {
// PIXEL: misc-vk.hlsl:[[@LINE+1]]:14: error: no equivalent for GetRenderTargetSampleCount intrinsic function in Vulkan
  float4 r = GetRenderTargetSampleCount();
// PIXEL: misc-vk.hlsl:[[@LINE+1]]:11: error: no equivalent for GetRenderTargetSamplePosition intrinsic function in Vulkan
  r.xy += GetRenderTargetSamplePosition(0);
  return r;
}
#endif

#ifdef LEGACY
sampler1D s1;
sampler2D s2;
sampler3D s3;
samplerCUBE sc;
float4 legacy(float4 uv : TEXCOORD) : SV_Target {
  float4 r = 0;
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated tex1D intrinsic function will not be supported
  r += tex1D(s1, uv.x);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated tex1Dbias intrinsic function will not be supported
  r += tex1Dbias(s1, uv);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated tex1Dgrad intrinsic function will not be supported
  r += tex1Dgrad(s1, uv.x, uv.x, uv.x);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated tex1Dlod intrinsic function will not be supported
  r += tex1Dlod(s1, uv);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated tex1Dproj intrinsic function will not be supported
  r += tex1Dproj(s1, uv);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated tex2D intrinsic function will not be supported
  r += tex2D(s2, uv.xy);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated tex2Dbias intrinsic function will not be supported
  r += tex2Dbias(s2, uv);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated tex2Dgrad intrinsic function will not be supported
  r += tex2Dgrad(s2, uv.xy, uv.xy, uv.xy);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated tex2Dlod intrinsic function will not be supported
  r += tex2Dlod(s2, uv);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated tex2Dproj intrinsic function will not be supported
  r += tex2Dproj(s2, uv);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated tex3D intrinsic function will not be supported
  r += tex3D(s3, uv.xyz);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated tex3Dbias intrinsic function will not be supported
  r += tex3Dbias(s3, uv);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated tex3Dgrad intrinsic function will not be supported
  r += tex3Dgrad(s3, uv.xyz, uv.xyz, uv.xyz);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated tex3Dlod intrinsic function will not be supported
  r += tex3Dlod(s3, uv);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated tex3Dproj intrinsic function will not be supported
  r += tex3Dproj(s3, uv);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated texCUBE intrinsic function will not be supported
  r += texCUBE(sc, uv.xyz);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated texCUBEbias intrinsic function will not be supported
  r += texCUBEbias(sc, uv);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated texCUBEgrad intrinsic function will not be supported
  r += texCUBEgrad(sc, uv.xyz, uv.xyz, uv.xyz);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated texCUBElod intrinsic function will not be supported
  r += texCUBElod(sc, uv);
// LEGACY: misc-vk.hlsl:[[@LINE+1]]:8: error: deprecated texCUBEproj intrinsic function will not be supported
  r += texCUBEproj(sc, uv);
  return r;
}
#endif

#ifdef FEEDBACK
// FEEDBACK: misc-vk.hlsl:[[@LINE+1]]:45: error: Texture resource type 'FeedbackTexture2D' is not supported with -spirv
FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP> fb;
Texture2D<float4> tex;
SamplerState samp;
float4 feedback(float2 uv : TEXCOORD) : SV_Target {
  fb.WriteSamplerFeedback(tex, samp, uv);
  fb.WriteSamplerFeedbackBias(tex, samp, uv, 0.5);
  fb.WriteSamplerFeedbackGrad(tex, samp, uv, uv, uv);
  fb.WriteSamplerFeedbackLevel(tex, samp, uv, 1.0);
  return 0;
}
#endif
