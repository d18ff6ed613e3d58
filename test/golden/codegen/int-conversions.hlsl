// Integer conversions change the width first, keeping the signedness, then
// bitcast; an integer widened to a float is widened before OpConvert*ToF.
// RUN: %hlsl2spirv -fcgl -T ps_6_2 -E main -enable-16bit-types %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_2 -E main -enable-16bit-types %s

float main(uint u : U, int16_t h : H) : SV_Target {
// CHECK:      [[u:%[0-9]+]] = OpLoad %uint %u
// CHECK-NEXT: [[wide:%[0-9]+]] = OpUConvert %ulong [[u]]
// CHECK-NEXT: [[signed:%[0-9]+]] = OpBitcast %long [[wide]]
// CHECK-NEXT: OpStore %l [[signed]]
  int64_t l = u;

// CHECK-NEXT: [[h:%[0-9]+]] = OpLoad %short %h
// CHECK-NEXT: [[hw:%[0-9]+]] = OpSConvert %long [[h]]
// CHECK-NEXT: [[d:%[0-9]+]] = OpConvertSToF %double [[hw]]
// CHECK-NEXT: OpStore %d [[d]]
  double d = h;

// CHECK-NEXT: [[h2:%[0-9]+]] = OpLoad %short %h
// CHECK-NEXT: [[h32:%[0-9]+]] = OpSConvert %int [[h2]]
// CHECK-NEXT: [[hu:%[0-9]+]] = OpBitcast %uint [[h32]]
// CHECK-NEXT: OpStore %x [[hu]]
  uint x = h;

  return float(l) + float(d) + float(x);
}
