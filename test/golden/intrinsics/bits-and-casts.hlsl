// Bit intrinsics and reinterpreting casts: countbits, reversebits,
// firstbithigh (signed and unsigned), firstbitlow, f16tof32, f32tof16,
// asfloat, asint, asuint, asdouble, asuint(double, out lo, out hi)
// (splitdouble), asfloat16, asint16, asuint16; 64-bit firstbit* are rejected
// as DXC rejects them.
// RUN: %hlsl2spirv -fcgl -T cs_6_2 -enable-16bit-types -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_2 -enable-16bit-types -E main %s
// RUN: not %hlsl2spirv -T cs_6_2 -enable-16bit-types -E main -DBIT64 %s 2>&1 | FileCheck %s --check-prefix=ERR

cbuffer Inputs { float4 w; int4 iv; uint4 uv; double d; uint64_t ul; };
RWStructuredBuffer<float4> outF;
RWStructuredBuffer<int4> outI;
RWStructuredBuffer<uint4> outU;
RWStructuredBuffer<double> outD;
RWStructuredBuffer<half4> outH;
RWStructuredBuffer<int16_t4> outS;
RWStructuredBuffer<uint16_t4> outUS;

// CHECK: [[glsl:%[0-9]+]] = OpExtInstImport "GLSL.std.450"
// CHECK: %src_main = OpFunction
[numthreads(1, 1, 1)]
void main() {
// CHECK: OpBitCount %v4uint
  outU[0] = countbits(uv);
// CHECK: OpBitReverse %v4uint
  outU[1] = reversebits(uv);
// CHECK: OpExtInst %v4uint [[glsl]] FindUMsb
  outU[2] = firstbithigh(uv);
// Signed inputs use FindSMsb and cast the result back to int.
// CHECK: [[smsb:%[0-9]+]] = OpExtInst %v4uint [[glsl]] FindSMsb {{%[0-9]+}}
// CHECK: OpBitcast %v4int [[smsb]]
  outI[0] = firstbithigh(iv);
// CHECK: OpExtInst %v4uint [[glsl]] FindILsb
  outU[3] = firstbitlow(uv);

// f16tof32 unpacks the low half of each component.
// CHECK: [[h0:%[0-9]+]] = OpCompositeExtract %uint [[hv:%[0-9]+]] 0
// CHECK: [[u0:%[0-9]+]] = OpExtInst %v2float [[glsl]] UnpackHalf2x16 [[h0]]
// CHECK: [[f0:%[0-9]+]] = OpCompositeExtract %float [[u0]] 0
// CHECK: OpExtInst %v2float [[glsl]] UnpackHalf2x16
// CHECK: OpExtInst %v2float [[glsl]] UnpackHalf2x16
// CHECK: OpExtInst %v2float [[glsl]] UnpackHalf2x16
// CHECK: OpCompositeConstruct %v4float [[f0]]
  outF[0] = f16tof32(uv);
// f32tof16 packs each component with a zero high half.
// CHECK: [[x0:%[0-9]+]] = OpCompositeExtract %float [[fv:%[0-9]+]] 0
// CHECK: [[p0:%[0-9]+]] = OpCompositeConstruct %v2float [[x0]] %float_0
// CHECK: [[r0:%[0-9]+]] = OpExtInst %uint [[glsl]] PackHalf2x16 [[p0]]
// CHECK-COUNT-3: OpExtInst %uint [[glsl]] PackHalf2x16
// CHECK: OpCompositeConstruct %v4uint [[r0]]
  outU[5] = f32tof16(w);

// CHECK: OpBitcast %v4float
  outF[1] = asfloat(uv);
// CHECK: OpBitcast %v4int
  outI[1] = asint(w);
// CHECK: OpBitcast %v4uint
  outU[6] = asuint(iv);
// CHECK: [[lo:%[0-9]+]] = OpLoad %uint
// CHECK: [[hi:%[0-9]+]] = OpLoad %uint
// CHECK: [[pair:%[0-9]+]] = OpCompositeConstruct %v2uint [[lo]] [[hi]]
// CHECK: OpBitcast %double [[pair]]
  outD[0] = asdouble(uv.x, uv.y);

// CHECK: [[dv:%[0-9]+]] = OpLoad %double
// CHECK: [[words:%[0-9]+]] = OpBitcast %v2uint [[dv]]
// CHECK: [[w0:%[0-9]+]] = OpCompositeExtract %uint [[words]] 0
// CHECK: [[w1:%[0-9]+]] = OpCompositeExtract %uint [[words]] 1
// CHECK: OpStore %lo [[w0]]
// CHECK: OpStore %hi [[w1]]
  uint lo, hi;
  asuint(d, lo, hi);
  outU[7] = uint4(lo, hi, 0, 0);

// CHECK: [[us:%[0-9]+]] = OpLoad %v4ushort
// CHECK: OpBitcast %v4half [[us]]
  outH[0] = asfloat16(outUS[0]);
// CHECK: [[hh:%[0-9]+]] = OpLoad %v4half
// CHECK: OpBitcast %v4short [[hh]]
  outS[0] = asint16(outH[1]);
// CHECK: [[hh2:%[0-9]+]] = OpLoad %v4half
// CHECK: OpBitcast %v4ushort [[hh2]]
  outUS[1] = asuint16(outH[2]);

#ifdef BIT64
// ERR: bits-and-casts.hlsl:[[@LINE+1]]:15: error: firstbitlow is currently limited to 32-bit width components when targeting SPIR-V
  outU[8].x = firstbitlow(ul);
// ERR: bits-and-casts.hlsl:[[@LINE+1]]:15: error: firstbithigh is currently limited to 32-bit width components when targeting SPIR-V
  outU[8].y = firstbithigh(ul);
#endif
}
