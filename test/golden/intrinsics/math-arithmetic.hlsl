// Rounding, sign, min/max/clamp, interpolation and fused arithmetic, for
// float, int, uint, double and 64-bit integer operands, mapped as DXC maps
// them (GLSL.std.450 where it has the operation, core opcodes elsewhere).
// RUN: %hlsl2spirv -T cs_6_0 -E main -fcgl %s | FileCheck %s
// The CHECK lines pin the emitter's code (-fcgl); the optimized module of each
// such RUN line is validated by the RUN lines that follow.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s

cbuffer Inputs {
  float4 w;
  int4 iv;
  uint4 uv;
  double2 dv;
  int64_t4 lv;
  uint64_t ul;
  float2x3 m;
};
RWStructuredBuffer<float4> outF;
RWStructuredBuffer<int4> outI;
RWStructuredBuffer<uint4> outU;

// CHECK: [[glsl:%[0-9]+]] = OpExtInstImport "GLSL.std.450"
// CHECK: %src_main = OpFunction
[numthreads(1, 1, 1)]
void main() {
// CHECK: OpExtInst %v4float [[glsl]] Floor
  outF[0] = floor(w);
// CHECK: OpExtInst %v4float [[glsl]] Ceil
  outF[1] = ceil(w);
// CHECK: OpExtInst %v4float [[glsl]] RoundEven
  outF[2] = round(w);
// CHECK: OpExtInst %v4float [[glsl]] Trunc
  outF[3] = trunc(w);
// CHECK: OpExtInst %v4float [[glsl]] Fract
  outF[4] = frac(w);
// fmod keeps the dividend's sign: OpFRem, not OpFMod.
// CHECK: OpFRem %v4float
  outF[5] = fmod(w, w.yzwx);
// CHECK: [[modf:%[0-9]+]] = OpExtInst %ModfStructType [[glsl]] ModfStruct
// CHECK: OpCompositeExtract %v4float [[modf]] 1
// CHECK: OpCompositeExtract %v4float [[modf]] 0
  float4 ip;
  outF[6] = modf(w, ip) + ip;
// CHECK: [[frexp:%[0-9]+]] = OpExtInst %FrexpStructType [[glsl]] FrexpStruct
// CHECK: [[exp:%[0-9]+]] = OpCompositeExtract %v4int [[frexp]] 1
// CHECK: OpConvertSToF %v4float [[exp]]
  float4 ex;
  outF[7] = frexp(w, ex) + ex;
// ldexp(x, e) = x * exp2(e)
// CHECK: [[e2:%[0-9]+]] = OpExtInst %v4float [[glsl]] Exp2
// CHECK: OpFMul %v4float {{%[0-9]+}} [[e2]]
  outF[8] = ldexp(w, w.yzwx);
// CHECK: OpExtInst %v4float [[glsl]] FAbs
  outF[9] = abs(w);
// CHECK: OpExtInst %v4int [[glsl]] SAbs
  outI[0] = abs(iv);
// sign returns int: FSign then a conversion.
// CHECK: [[fs:%[0-9]+]] = OpExtInst %v4float [[glsl]] FSign
// CHECK: OpConvertFToS %v4int [[fs]]
  outF[10] = sign(w);
// CHECK: OpExtInst %v4int [[glsl]] SSign
  outI[1] = sign(iv);
// sign of an unsigned value is 0 or 1.
// CHECK: [[pos:%[0-9]+]] = OpUGreaterThan %v4bool
// CHECK: OpSelect %v4int [[pos]]
  outI[2] = sign(uv);
// CHECK: OpExtInst %v4float [[glsl]] NMin
  outF[11] = min(w, w.yzwx);
// CHECK: OpExtInst %v4int [[glsl]] SMin
  outI[3] = min(iv, iv.yzwx);
// CHECK: OpExtInst %v4uint [[glsl]] UMin
  outU[0] = min(uv, uv.yzwx);
// CHECK: OpExtInst %v4float [[glsl]] NMax
  outF[12] = max(w, w.yzwx);
// CHECK: OpExtInst %v4int [[glsl]] SMax
  outI[4] = max(iv, iv.yzwx);
// CHECK: OpExtInst %v4uint [[glsl]] UMax
  outU[1] = max(uv, uv.yzwx);
// CHECK: OpExtInst %v4float [[glsl]] FClamp
  outF[13] = clamp(w, 0.25, 0.75);
// CHECK: OpExtInst %v4int [[glsl]] SClamp
  outI[5] = clamp(iv, -3, 3);
// CHECK: OpExtInst %v4uint [[glsl]] UClamp
  outU[2] = clamp(uv, 1u, 9u);
// saturate is a clamp to [0, 1].
// CHECK: OpExtInst %v4float [[glsl]] FClamp {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}}
  outF[14] = saturate(w);
// CHECK: OpExtInst %v4float [[glsl]] Step
  outF[15] = step(w, w.yzwx);
// CHECK: OpExtInst %v4float [[glsl]] SmoothStep
  outF[16] = smoothstep(0.0, 1.0, w);
// CHECK: OpExtInst %v4float [[glsl]] FMix
  outF[17] = lerp(w, w.yzwx, 0.5);
// CHECK: OpExtInst %v4float [[glsl]] Fma
  outF[18] = mad(w, w.yzwx, w.zwxy);
// an integer mad is a multiply and an add
// CHECK: [[mul:%[0-9]+]] = OpIMul %v4int
// CHECK: OpIAdd %v4int [[mul]]
  outI[6] = mad(iv, iv, iv);
// CHECK: OpExtInst %v2double [[glsl]] Fma
  outF[19].xy = (float2)fma(dv, dv, dv);
// CHECK: OpExtInst %v4long [[glsl]] SAbs
  outI[7] = (int4)abs(lv);
// CHECK: OpExtInst %ulong [[glsl]] UMax {{%[0-9]+}} %ulong_7
  outU[3].x = (uint)max(ul, 7);
// a matrix operand, row by row
// CHECK: OpExtInst %v3float [[glsl]] FAbs
// CHECK: OpExtInst %v3float [[glsl]] FAbs
// CHECK: OpCompositeConstruct %mat2v3float
  outF[20].xyz = abs(m)[1];
}
