// RasterizerOrdered* resources (SPV_EXT_fragment_shader_interlock). The
// interlock execution mode and its capability follow the entry's inputs as
// in DXC: per sample with SV_SampleIndex, per shading rate with
// SV_ShadingRate, else per pixel. Under -fcgl every access is bracketed by
// OpBegin/OpEndInvocationInterlockEXT around the memory operation only
// (byte-address word index and structured-buffer access chain come
// before it); otherwise legalization's invocation-interlock-placement
// leaves one pair, from before the first access to after the last.
// A buffer image (RasterizerOrderedBuffer) declares SampledBuffer before
// ImageBuffer, as DXC does.
// RUN: %hlsl2spirv -T ps_6_6 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_6 -E main %s | FileCheck %s --check-prefix=PIXEL
// RUN: %hlsl2spirv -T ps_6_6 -E main -DSAMPLE %s | FileCheck %s --check-prefix=SAMPLE
// RUN: %hlsl2spirv -T ps_6_6 -E main -DRATE %s | FileCheck %s --check-prefix=RATE

// PIXEL: OpCapability FragmentShaderPixelInterlockEXT
// PIXEL-NEXT: OpCapability SampledBuffer
// PIXEL-NEXT: OpCapability ImageBuffer
// PIXEL: OpExtension "SPV_EXT_fragment_shader_interlock"
// PIXEL: OpExecutionMode %main PixelInterlockOrderedEXT
// PIXEL: %main = OpFunction
// PIXEL: OpBeginInvocationInterlockEXT
// PIXEL-NEXT: OpLoad %type_buffer_image %rovBuf
// PIXEL-NOT: InvocationInterlock
// PIXEL: OpImageRead %v4uint
// PIXEL: [[arr:%[0-9]+]] = OpLoad %type_2d_image_array %rovTexArr
// PIXEL-NEXT: OpImageWrite [[arr]]
// PIXEL-NEXT: OpEndInvocationInterlockEXT
// PIXEL: OpStore %out_var_SV_Target
// PIXEL-NOT: InvocationInterlock

// SAMPLE: OpCapability FragmentShaderSampleInterlockEXT
// SAMPLE-NOT: OpCapability FragmentShaderPixelInterlockEXT
// SAMPLE: OpExecutionMode %main SampleInterlockOrderedEXT
// SAMPLE-NOT: PixelInterlockOrderedEXT

// RATE: OpCapability FragmentShaderShadingRateInterlockEXT
// RATE-NOT: OpCapability FragmentShaderPixelInterlockEXT
// RATE: OpExtension "SPV_EXT_fragment_shader_interlock"
// RATE: OpExecutionMode %main ShadingRateInterlockOrderedEXT
// RATE-NOT: PixelInterlockOrderedEXT

// CHECK: OpExecutionMode %main PixelInterlockOrderedEXT
// CHECK: %src_main = OpFunction
// CHECK: OpBeginInvocationInterlockEXT
// CHECK-NEXT: OpLoad %type_buffer_image %rovBuf
// CHECK-NEXT: OpImageRead %v4float {{%[0-9]+}} %uint_1 None
// CHECK-NEXT: OpEndInvocationInterlockEXT
// CHECK: OpBeginInvocationInterlockEXT
// CHECK-NEXT: OpLoad %type_buffer_image %rovBuf
// CHECK-NEXT: OpImageWrite {{%[0-9]+}} %uint_2
// CHECK-NEXT: OpEndInvocationInterlockEXT
// CHECK: [[w8:%[0-9]+]] = OpShiftRightLogical %uint %uint_8 %uint_2
// CHECK-NEXT: OpBeginInvocationInterlockEXT
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %rovBytes %uint_0 [[w8]]
// CHECK-NEXT: OpLoad %uint [[p]]
// CHECK-NEXT: OpEndInvocationInterlockEXT
// CHECK: OpBeginInvocationInterlockEXT
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %rovBytes %uint_0
// CHECK-NEXT: OpStore [[p]]
// CHECK-NEXT: OpEndInvocationInterlockEXT
// CHECK: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_float %rovStruct %int_0 %uint_3 %int_0
// CHECK-NEXT: OpBeginInvocationInterlockEXT
// CHECK-NEXT: OpLoad %float [[p]]
// CHECK-NEXT: OpEndInvocationInterlockEXT
// CHECK: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %rovStruct %int_0 %uint_4 %int_1
// CHECK-NEXT: OpBeginInvocationInterlockEXT
// CHECK-NEXT: OpStore [[p]]
// CHECK-NEXT: OpEndInvocationInterlockEXT
// CHECK: OpBeginInvocationInterlockEXT
// CHECK-NEXT: OpLoad %type_2d_image %rovTex
// CHECK-NEXT: OpImageRead %v4float
// CHECK-NEXT: OpEndInvocationInterlockEXT
// CHECK: OpBeginInvocationInterlockEXT
// CHECK-NEXT: OpLoad %type_2d_image %rovTex
// CHECK-NEXT: OpImageWrite
// CHECK-NEXT: OpEndInvocationInterlockEXT
// compound assignment: the read and the write are interlocked apart
// CHECK: OpBeginInvocationInterlockEXT
// CHECK-NEXT: OpLoad %type_2d_image_array %rovTexArr
// CHECK-NEXT: OpImageRead %v4uint
// CHECK-NEXT: OpEndInvocationInterlockEXT
// CHECK: OpIAdd %uint
// CHECK-NEXT: OpBeginInvocationInterlockEXT
// CHECK-NEXT: OpLoad %type_2d_image_array %rovTexArr
// CHECK-NEXT: OpImageWrite
// CHECK-NEXT: OpEndInvocationInterlockEXT

struct S { float f; uint u; };
RasterizerOrderedBuffer<float> rovBuf;
RasterizerOrderedByteAddressBuffer rovBytes;
RasterizerOrderedStructuredBuffer<S> rovStruct;
RasterizerOrderedTexture2D<float4> rovTex;
RasterizerOrderedTexture2DArray<uint> rovTexArr;

float4 main(float4 pos : SV_Position
#ifdef SAMPLE
            , uint sample : SV_SampleIndex
#endif
#ifdef RATE
            , uint rate : SV_ShadingRate
#endif
            ) : SV_Target {
  float v = rovBuf[1];
  rovBuf[2] = v;
  uint w = rovBytes.Load(8);
  rovBytes.Store(12, w + 1);
  v += rovStruct[3].f;
  rovStruct[4].u = w;
  float4 t = rovTex[uint2(pos.xy)];
  rovTex[uint2(pos.xy)] = t * 2;
  rovTexArr[uint3(0, 1, 2)] += 1;
  return t + v;
}
