// Byte-address buffers move values the way DXC does. Load2..4 and
// Store2..4 read and write words index, index+1, ...; Load<T>/Store<T>
// walk a position through the value: a 32-bit scalar advances the word
// index by one, a 16-bit one shifts in or out of its word and advances the
// byte address by 2, a 64-bit one is two words joined as a uint2;
// matrices go column by column; struct members start at the struct's
// address plus their offset. Interlocked methods on the words are uint;
// a signed value is bitcast and picks the signed Min/Max.
// The CHECK lines pin the emitter's code (-fcgl), dead parts included, as
// DXC's own tests of it do; the optimized module is validated.
// RUN: %hlsl2spirv -T cs_6_2 -E main -enable-16bit-types -fvk-use-dx-layout -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_2 -E main -enable-16bit-types -fvk-use-dx-layout %s

RWByteAddressBuffer buf;

struct S {
  float16_t h;
  double d;
};

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint a = id.x;

// CHECK:      [[a0:%[0-9]+]] = OpLoad %uint %a
// CHECK-NEXT: [[i0:%[0-9]+]] = OpShiftRightLogical %uint [[a0]] %uint_2
// CHECK-NEXT: [[w0:%[0-9]+]] = OpLoad %v3uint
// CHECK-NEXT: [[x:%[0-9]+]] = OpCompositeExtract %uint [[w0]] 0
// CHECK-NEXT: [[p0:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %buf %uint_0 [[i0]]
// CHECK-NEXT: OpStore [[p0]] [[x]]
// CHECK-NEXT: [[y:%[0-9]+]] = OpCompositeExtract %uint [[w0]] 1
// CHECK-NEXT: [[i1:%[0-9]+]] = OpIAdd %uint [[i0]] %uint_1
// CHECK-NEXT: [[p1:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %buf %uint_0 [[i1]]
// CHECK-NEXT: OpStore [[p1]] [[y]]
// CHECK-NEXT: OpCompositeExtract %uint [[w0]] 2
// CHECK-NEXT: OpIAdd %uint [[i0]] %uint_2
  buf.Store3(a, id);

// 64-bit: two words, the second at index + 1, joined and bitcast
// CHECK:      [[b:%[0-9]+]] = OpLoad %uint %a
// CHECK-NEXT: [[j0:%[0-9]+]] = OpShiftRightLogical %uint [[b]] %uint_2
// CHECK-NEXT: [[q0:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %buf %uint_0 [[j0]]
// CHECK-NEXT: [[lo:%[0-9]+]] = OpLoad %uint [[q0]]
// CHECK-NEXT: OpIAdd %uint [[b]] %uint_4
// CHECK-NEXT: [[j1:%[0-9]+]] = OpIAdd %uint [[j0]] %uint_1
// CHECK-NEXT: [[q1:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %buf %uint_0 [[j1]]
// CHECK-NEXT: [[hi:%[0-9]+]] = OpLoad %uint [[q1]]
// CHECK:      [[pair:%[0-9]+]] = OpCompositeConstruct %v2uint [[lo]] [[hi]]
// CHECK-NEXT: OpBitcast %double [[pair]]
  double d = buf.Load<double>(a);

// a struct: h at the address (16-bit: shifted out of its word), d at +8
// (the member's offset), then the struct's size
// CHECK:      [[c:%[0-9]+]] = OpLoad %uint %a
// CHECK-NEXT: [[k:%[0-9]+]] = OpShiftRightLogical %uint [[c]] %uint_2
// CHECK-NEXT: [[mod:%[0-9]+]] = OpUMod %uint [[c]] %uint_4
// CHECK-NEXT: [[bits:%[0-9]+]] = OpShiftLeftLogical %uint [[mod]] %uint_3
// CHECK-NEXT: [[r:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %buf %uint_0 [[k]]
// CHECK-NEXT: [[word:%[0-9]+]] = OpLoad %uint [[r]]
// CHECK-NEXT: [[sh:%[0-9]+]] = OpShiftRightLogical %uint [[word]] [[bits]]
// CHECK-NEXT: [[u16:%[0-9]+]] = OpUConvert %ushort [[sh]]
// CHECK-NEXT: [[h:%[0-9]+]] = OpBitcast %half [[u16]]
// CHECK-NEXT: OpIAdd %uint [[c]] %uint_2
// CHECK-NEXT: [[dAddr:%[0-9]+]] = OpIAdd %uint [[c]] %uint_8
// CHECK-NEXT: OpShiftRightLogical %uint [[dAddr]] %uint_2
// CHECK:      [[dval:%[0-9]+]] = OpBitcast %double
// CHECK-NEXT: OpIAdd %uint [[c]] %uint_16
// CHECK-NEXT: OpCompositeConstruct %S [[h]] [[dval]]
  S s = buf.Load<S>(a);

// a matrix is stored column by column
// CHECK:      [[m:%[0-9]+]] = OpLoad %mat2v2float %m
// CHECK-NEXT: [[e00:%[0-9]+]] = OpCompositeExtract %float [[m]] 0 0
// CHECK-NEXT: [[e10:%[0-9]+]] = OpCompositeExtract %float [[m]] 1 0
// CHECK-NEXT: [[e01:%[0-9]+]] = OpCompositeExtract %float [[m]] 0 1
// CHECK-NEXT: [[e11:%[0-9]+]] = OpCompositeExtract %float [[m]] 1 1
// CHECK:      OpBitcast %uint [[e00]]
// CHECK:      OpBitcast %uint [[e10]]
// CHECK:      OpBitcast %uint [[e01]]
// CHECK:      OpBitcast %uint [[e11]]
  float2x2 m = float2x2(d, 1, 2, s.h);
  buf.Store<float2x2>(a, m);

// CHECK:      [[neg:%[0-9]+]] = OpBitcast %uint %int_n1
// CHECK-NEXT: OpAtomicSMin %uint {{%[0-9]+}} %uint_1 %uint_0 [[neg]]
  buf.InterlockedMin(0, -1);
// CHECK:      OpAtomicUMax %uint {{%[0-9]+}} %uint_1 %uint_0 %uint_7
  buf.InterlockedMax(0, 7);
}
