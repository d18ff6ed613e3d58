// Vector geometry, matrix helpers, lighting helpers and float classification:
// dot (float via OpDot, integer expanded to OpIMul/OpIAdd), cross, length,
// distance, normalize, reflect, refract, faceforward, determinant, transpose,
// lit, dst, degrees, radians, msad4, D3DCOLORtoUBYTE4, any, all, isnan,
// isinf, isfinite and isnormal.
// RUN: %hlsl2spirv -T cs_6_0 -E main -fcgl %s | FileCheck %s
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s

cbuffer Inputs {
  float s;
  float3 v;
  float4 w;
  int4 iv;
  uint4 uv;
  float3x3 m3;
  float4x4 m4;
  float4 color;
};
RWStructuredBuffer<float4> outF;
RWStructuredBuffer<int4> outI;
RWStructuredBuffer<uint4> outU;

// CHECK: [[glsl:%[0-9]+]] = OpExtInstImport "GLSL.std.450"
// CHECK: %src_main = OpFunction
[numthreads(1, 1, 1)]
void main() {
// CHECK: [[w:%[0-9]+]] = OpLoad %v4float
// CHECK: [[wr:%[0-9]+]] = OpVectorShuffle %v4float {{%[0-9]+}} {{%[0-9]+}} 1 2 3 0
// CHECK: OpDot %float [[w]] [[wr]]
  outF[0].x = dot(w, w.yzwx);

// Integer dot products have no instruction: multiply lane-wise, then add.
// CHECK: [[a0:%[0-9]+]] = OpCompositeExtract %int [[ia:%[0-9]+]] 0
// CHECK: [[b0:%[0-9]+]] = OpCompositeExtract %int [[ib:%[0-9]+]] 0
// CHECK: [[p0:%[0-9]+]] = OpIMul %int [[a0]] [[b0]]
// CHECK: [[p1:%[0-9]+]] = OpIMul %int
// CHECK: [[p2:%[0-9]+]] = OpIMul %int
// CHECK: [[p3:%[0-9]+]] = OpIMul %int
// CHECK: [[s1:%[0-9]+]] = OpIAdd %int [[p0]] [[p1]]
// CHECK: [[s2:%[0-9]+]] = OpIAdd %int [[s1]] [[p2]]
// CHECK: OpIAdd %int [[s2]] [[p3]]
  outI[0].x = dot(iv, iv.yzwx);

// CHECK: OpExtInst %v3float [[glsl]] Cross
  outF[1].xyz = cross(v, v.zxy);
// CHECK: OpExtInst %float [[glsl]] Length
  outF[2].x = length(v);
// CHECK: OpExtInst %float [[glsl]] Distance
  outF[3].x = distance(v, v.zxy);
// CHECK: OpExtInst %v3float [[glsl]] Normalize
  outF[4].xyz = normalize(v);
// CHECK: OpExtInst %v3float [[glsl]] Reflect
  outF[5].xyz = reflect(v, v.zxy);
// CHECK: [[eta:%[0-9]+]] = OpLoad %float
// CHECK: OpExtInst %v3float [[glsl]] Refract {{%[0-9]+}} {{%[0-9]+}} [[eta]]
  outF[6].xyz = refract(v, v.zxy, s);
// CHECK: OpExtInst %v3float [[glsl]] FaceForward
  outF[7].xyz = faceforward(v, v.zxy, v.yzx);
// CHECK: [[m3:%[0-9]+]] = OpLoad %mat3v3float
// CHECK: OpExtInst %float [[glsl]] Determinant [[m3]]
  outF[8].x = determinant(m3);
// CHECK: [[m4:%[0-9]+]] = OpLoad %mat4v4float
// CHECK: OpTranspose %mat4v4float [[m4]]
  outF[9] = transpose(m4)[2];

// lit(n.l, n.h, m) = (1, max(0, n.l), n.l < 0 || n.h < 0 ? 0 : n.h^m, 1).
// CHECK: [[diffuse:%[0-9]+]] = OpExtInst %float [[glsl]] FMax %float_0 [[nl:%[0-9]+]]
// CHECK: [[lo:%[0-9]+]] = OpExtInst %float [[glsl]] FMin [[nl]] [[nh:%[0-9]+]]
// CHECK: [[neg:%[0-9]+]] = OpFOrdLessThan %bool [[lo]] %float_0
// CHECK: [[pow:%[0-9]+]] = OpExtInst %float [[glsl]] Pow [[nh]]
// CHECK: [[spec:%[0-9]+]] = OpSelect %float [[neg]] %float_0 [[pow]]
// CHECK: OpCompositeConstruct %v4float %float_1 [[diffuse]] [[spec]] %float_1
  outF[10] = lit(s, w.x, w.y);

// dst(a, b) = (1, a.y * b.y, a.z, b.w).
// CHECK: [[ay:%[0-9]+]] = OpCompositeExtract %float [[da:%[0-9]+]] 1
// CHECK: [[by:%[0-9]+]] = OpCompositeExtract %float [[db:%[0-9]+]] 1
// CHECK: [[az:%[0-9]+]] = OpCompositeExtract %float [[da]] 2
// CHECK: [[bw:%[0-9]+]] = OpCompositeExtract %float [[db]] 3
// CHECK: [[y:%[0-9]+]] = OpFMul %float [[ay]] [[by]]
// CHECK: OpCompositeConstruct %v4float %float_1 [[y]] [[az]] [[bw]]
  outF[11] = dst(w, w.yzwx);

// CHECK: OpExtInst %v3float [[glsl]] Degrees
  outF[12].xyz = degrees(v);
// CHECK: OpExtInst %v3float [[glsl]] Radians
  outF[13].xyz = radians(v);

// msad4 builds the three shifted source windows (source.x >> 8k with
// source.y's low bytes inserted above), then sums masked byte differences.
// CHECK: [[sx:%[0-9]+]] = OpCompositeExtract %uint [[src:%[0-9]+]] 0
// CHECK: [[s8:%[0-9]+]] = OpShiftRightLogical %uint [[sx]] %uint_8
// CHECK: [[s16:%[0-9]+]] = OpShiftRightLogical %uint [[sx]] %uint_16
// CHECK: [[s24:%[0-9]+]] = OpShiftRightLogical %uint [[sx]] %uint_24
// CHECK: [[sy:%[0-9]+]] = OpCompositeExtract %uint [[src]] 1
// CHECK: OpBitFieldInsert %uint [[s8]] [[sy]] %uint_24 %uint_8
// CHECK: OpBitFieldInsert %uint [[s16]] [[sy]] %uint_16 %uint_16
// CHECK: OpBitFieldInsert %uint [[s24]] [[sy]] %uint_8 %uint_24
// CHECK: [[rb0:%[0-9]+]] = OpBitFieldUExtract %uint [[ref:%[0-9]+]] %uint_0 %uint_8
// CHECK: OpIEqual %bool [[rb0]] %uint_0
// CHECK: OpExtInst %int [[glsl]] SAbs
// CHECK: OpCompositeConstruct %v4uint
  outU[0] = msad4(uv.x, uv.yz, uv);

// D3DCOLORtoUBYTE4 swizzles .zyxw and scales by 255.002.
// CHECK: [[bgra:%[0-9]+]] = OpVectorShuffle %v4float {{%[0-9]+}} {{%[0-9]+}} 2 1 0 3
// CHECK: [[scaled:%[0-9]+]] = OpVectorTimesScalar %v4float [[bgra]] %float_255_001999
// CHECK: OpConvertFToS %v4int [[scaled]]
  outI[1] = D3DCOLORtoUBYTE4(color);

// CHECK: [[ne:%[0-9]+]] = OpFOrdNotEqual %v4bool
// CHECK: OpAny %bool [[ne]]
  outU[1].x = any(w);
// CHECK: [[ine:%[0-9]+]] = OpINotEqual %v4bool
// CHECK: OpAll %bool [[ine]]
  outU[2].x = all(iv);

// CHECK: [[nan:%[0-9]+]] = OpIsNan %v4bool
// CHECK: OpSelect %v4uint [[nan]]
  outU[3] = isnan(w);
// CHECK: [[inf:%[0-9]+]] = OpIsInf %v4bool
// CHECK: OpSelect %v4uint [[inf]]
  outU[4] = isinf(w);
// CHECK: [[fn:%[0-9]+]] = OpIsNan %v4bool [[x:%[0-9]+]]
// CHECK: [[fi:%[0-9]+]] = OpIsInf %v4bool [[x]]
// CHECK: [[either:%[0-9]+]] = OpLogicalOr %v4bool [[fn]] [[fi]]
// CHECK: [[finite:%[0-9]+]] = OpLogicalNot %v4bool [[either]]
// CHECK: OpSelect %v4uint [[finite]]
  outU[5] = isfinite(w);

// isnormal without the Kernel capability's OpIsNormal: the exponent bits
// are neither all zero nor all one.
// CHECK: [[bits:%[0-9]+]] = OpBitcast %v4uint
// CHECK: [[exp:%[0-9]+]] = OpBitwiseAnd %v4uint [[bits]] [[mask:%[0-9]+]]
// CHECK: [[nz:%[0-9]+]] = OpINotEqual %v4bool [[exp]] {{%[0-9]+}}
// CHECK: [[nm:%[0-9]+]] = OpINotEqual %v4bool [[exp]] [[mask]]
// CHECK: OpLogicalAnd %v4bool [[nz]] [[nm]]
  outU[6] = isnormal(w);
}
