// SM 6.6 packed 8-bit intrinsics and HLSL 2021 logical intrinsics:
// pack_u8, pack_s8, pack_clamp_u8, pack_clamp_s8, unpack_u8u32, unpack_s8s32,
// unpack_u8u16, unpack_s8s16, dot2add, dot4add_i8packed, dot4add_u8packed
// (OpSDot/OpUDot with their capabilities), select, and, or.
// RUN: %hlsl2spirv -fcgl -T cs_6_6 -enable-16bit-types -HV 2021 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_6 -enable-16bit-types -HV 2021 -E main %s

cbuffer Inputs { int4 iv; uint4 uv; uint pk; half2 ha; half2 hb; float acc; int iacc; uint uacc; bool4 c; };
RWStructuredBuffer<float4> outF;
RWStructuredBuffer<int4> outI;
RWStructuredBuffer<uint4> outU;
RWStructuredBuffer<int16_t4> outS;
RWStructuredBuffer<uint16_t4> outUS;

// CHECK-DAG: OpCapability Int8
// CHECK-DAG: OpCapability DotProduct{{$}}
// CHECK-DAG: OpCapability DotProductInput4x8BitPacked
// CHECK-DAG: OpExtension "SPV_KHR_integer_dot_product"
// CHECK: [[glsl:%[0-9]+]] = OpExtInstImport "GLSL.std.450"
// CHECK: %src_main = OpFunction
[numthreads(1, 1, 1)]
void main() {
// Packing truncates each lane to 8 bits, then reinterprets the four bytes.
// CHECK: [[u8:%[0-9]+]] = OpUConvert %v4uchar
// CHECK: OpBitcast %uint [[u8]]
  outU[0].x = pack_u8(uv);
// CHECK: [[s8:%[0-9]+]] = OpSConvert %v4char
// CHECK: OpBitcast %uint [[s8]]
  outU[0].y = pack_s8(iv);
// The clamping forms clamp to the 8-bit range first.
// CHECK: [[cu:%[0-9]+]] = OpExtInst %v4int [[glsl]] SClamp
// CHECK: [[cu8:%[0-9]+]] = OpSConvert %v4char [[cu]]
// CHECK: OpBitcast %uint [[cu8]]
  outU[0].z = pack_clamp_u8(iv);
// CHECK: [[cs:%[0-9]+]] = OpExtInst %v4int [[glsl]] SClamp
// CHECK: [[cs8:%[0-9]+]] = OpSConvert %v4char [[cs]]
// CHECK: OpBitcast %uint [[cs8]]
  outU[0].w = pack_clamp_s8(iv);

// CHECK: [[b1:%[0-9]+]] = OpBitcast %v4uchar
// CHECK: OpUConvert %v4uint [[b1]]
  outU[1] = unpack_u8u32(pk);
// CHECK: [[b2:%[0-9]+]] = OpBitcast %v4char
// CHECK: OpSConvert %v4int [[b2]]
  outI[0] = unpack_s8s32(pk);
// CHECK: [[b3:%[0-9]+]] = OpBitcast %v4uchar
// CHECK: OpUConvert %v4ushort [[b3]]
  outUS[0] = unpack_u8u16(pk);
// CHECK: [[b4:%[0-9]+]] = OpBitcast %v4char
// CHECK: OpSConvert %v4short [[b4]]
  outS[0] = unpack_s8s16(pk);

// dot2add: half products widened to float, summed, plus the accumulator.
// CHECK: [[acc:%[0-9]+]] = OpLoad %float
// CHECK: [[prod:%[0-9]+]] = OpFMul %v2half
// CHECK: [[wide:%[0-9]+]] = OpFConvert %v2float [[prod]]
// CHECK: [[e0:%[0-9]+]] = OpCompositeExtract %float [[wide]] 0
// CHECK: [[e1:%[0-9]+]] = OpCompositeExtract %float [[wide]] 1
// CHECK: [[sum:%[0-9]+]] = OpFAdd %float [[e0]] [[e1]]
// CHECK: OpFAdd %float [[sum]] [[acc]]
  outF[0].x = dot2add(ha, hb, acc);

// CHECK: [[iacc:%[0-9]+]] = OpLoad %int
// CHECK: [[sd:%[0-9]+]] = OpSDot %int {{%[0-9]+}} {{%[0-9]+}} PackedVectorFormat4x8Bit
// CHECK: OpIAdd %int [[sd]] [[iacc]]
  outI[1].x = dot4add_i8packed(pk, uv.x, iacc);
// CHECK: [[ua:%[0-9]+]] = OpLoad %uint
// CHECK: [[ub:%[0-9]+]] = OpLoad %uint
// CHECK: [[uacc:%[0-9]+]] = OpLoad %uint
// CHECK: [[ud:%[0-9]+]] = OpUDot %uint [[ua]] [[ub]] PackedVectorFormat4x8Bit
// CHECK: OpIAdd %uint [[ud]] [[uacc]]
  outU[2].x = dot4add_u8packed(pk, uv.x, uacc);

// CHECK: [[cond:%[0-9]+]] = OpINotEqual %v4bool
// CHECK: [[neg:%[0-9]+]] = OpSNegate %v4int
// CHECK: OpSelect %v4int [[cond]] {{%[0-9]+}} [[neg]]
  outI[2] = select(c, iv, -iv);
// CHECK: [[gt:%[0-9]+]] = OpUGreaterThan %v4bool
// CHECK: OpLogicalAnd %v4bool {{%[0-9]+}} [[gt]]
  outU[3] = and(c, uv > 3);
// CHECK: [[gt2:%[0-9]+]] = OpUGreaterThan %v4bool
// CHECK: OpLogicalOr %v4bool {{%[0-9]+}} [[gt2]]
  outU[4] = or(c, uv > 3);
}
