// ByteAddressBuffer/RWByteAddressBuffer loads, stores and GetDimensions as
// DXC emits them. Every access turns the byte address into a word index
// (address >> 2) and reaches words of the buffer's uint array; LoadN/StoreN
// use words index .. index+N-1 (OpCompositeConstruct / OpCompositeExtract).
// Load<T>/Store<T> walk the value: a 32-bit scalar is one bitcast word, a
// 16-bit one is shifted out of its word ((address % 4) * 8 bits), an array
// takes consecutive elements, a struct member starts at the struct address
// plus its offset. GetDimensions gives the byte size: the runtime array's
// length times 4.
// The CHECK lines pin the emitter's code (-fcgl), dead parts included, as
// DXC's own tests of it do; the optimized module is validated.
// RUN: %hlsl2spirv -T cs_6_2 -E main -enable-16bit-types -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_2 -E main -enable-16bit-types %s

ByteAddressBuffer src;
RWByteAddressBuffer dst;

struct Pair {
  uint a;
  float b;
};

// CHECK: %src_main = OpFunction
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint addr = id.x * 16;

// CHECK:      [[a:%[0-9]+]] = OpLoad %uint %addr
// CHECK-NEXT: [[i:%[0-9]+]] = OpShiftRightLogical %uint [[a]] %uint_2
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %src %uint_0 [[i]]
// CHECK-NEXT: [[w:%[0-9]+]] = OpLoad %uint [[p]]
// CHECK-NEXT: OpStore %w [[w]]
  uint w = src.Load(addr);

// CHECK:      [[i:%[0-9]+]] = OpShiftRightLogical %uint {{%[0-9]+}} %uint_2
// CHECK-NEXT: [[p0:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %src %uint_0 [[i]]
// CHECK-NEXT: [[w0:%[0-9]+]] = OpLoad %uint [[p0]]
// CHECK-NEXT: [[i1:%[0-9]+]] = OpIAdd %uint [[i]] %uint_1
// CHECK-NEXT: [[p1:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %src %uint_0 [[i1]]
// CHECK-NEXT: [[w1:%[0-9]+]] = OpLoad %uint [[p1]]
// CHECK-NEXT: [[v:%[0-9]+]] = OpCompositeConstruct %v2uint [[w0]] [[w1]]
// CHECK-NEXT: OpStore %w2 [[v]]
  uint2 w2 = src.Load2(addr);

// Load3 on the writable buffer.
// CHECK:      [[i:%[0-9]+]] = OpShiftRightLogical %uint {{%[0-9]+}} %uint_2
// CHECK-NEXT: OpAccessChain %_ptr_Uniform_uint %dst %uint_0 [[i]]
// CHECK:      OpIAdd %uint [[i]] %uint_2
// CHECK:      [[v:%[0-9]+]] = OpCompositeConstruct %v3uint
// CHECK-NEXT: OpStore %w3 [[v]]
  uint3 w3 = dst.Load3(addr);

// CHECK:      [[i:%[0-9]+]] = OpShiftRightLogical %uint {{%[0-9]+}} %uint_2
// CHECK:      [[i3:%[0-9]+]] = OpIAdd %uint [[i]] %uint_3
// CHECK-NEXT: [[p3:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %src %uint_0 [[i3]]
// CHECK-NEXT: [[w3:%[0-9]+]] = OpLoad %uint [[p3]]
// CHECK-NEXT: [[v:%[0-9]+]] = OpCompositeConstruct %v4uint {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} [[w3]]
// CHECK-NEXT: OpStore %w4 [[v]]
  uint4 w4 = src.Load4(addr);

// CHECK:      [[i:%[0-9]+]] = OpShiftRightLogical %uint {{%[0-9]+}} %uint_2
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %src %uint_0 [[i]]
// CHECK-NEXT: [[u:%[0-9]+]] = OpLoad %uint [[p]]
// CHECK-NEXT: [[f:%[0-9]+]] = OpBitcast %float [[u]]
// CHECK:      OpStore %f [[f]]
  float f = src.Load<float>(addr);

// A 16-bit value at byte address + 2: the upper half of its word.
// CHECK:      [[a:%[0-9]+]] = OpIAdd %uint {{%[0-9]+}} %uint_2
// CHECK-NEXT: [[i:%[0-9]+]] = OpShiftRightLogical %uint [[a]] %uint_2
// CHECK-NEXT: [[m:%[0-9]+]] = OpUMod %uint [[a]] %uint_4
// CHECK-NEXT: [[s:%[0-9]+]] = OpShiftLeftLogical %uint [[m]] %uint_3
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %src %uint_0 [[i]]
// CHECK-NEXT: [[u:%[0-9]+]] = OpLoad %uint [[p]]
// CHECK-NEXT: [[x:%[0-9]+]] = OpShiftRightLogical %uint [[u]] [[s]]
// CHECK-NEXT: [[y:%[0-9]+]] = OpUConvert %ushort [[x]]
// CHECK-NEXT: [[h:%[0-9]+]] = OpBitcast %half [[y]]
// CHECK:      OpStore %h [[h]]
  half h = src.Load<half>(addr + 2);

// An array: element 1 is the next word.
// CHECK:      [[i:%[0-9]+]] = OpShiftRightLogical %uint {{%[0-9]+}} %uint_2
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %src %uint_0 [[i]]
// CHECK-NEXT: [[u:%[0-9]+]] = OpLoad %uint [[p]]
// CHECK-NEXT: [[e0:%[0-9]+]] = OpBitcast %float [[u]]
// CHECK:      [[i1:%[0-9]+]] = OpIAdd %uint [[i]] %uint_1
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %src %uint_0 [[i1]]
// CHECK-NEXT: [[u:%[0-9]+]] = OpLoad %uint [[p]]
// CHECK-NEXT: [[e1:%[0-9]+]] = OpBitcast %float [[u]]
// CHECK:      [[arr:%[0-9]+]] = OpCompositeConstruct %_arr_float_uint_2 [[e0]] [[e1]]
// CHECK-NEXT: OpStore %a2 [[arr]]
  float a2[2] = src.Load<float[2]>(addr);

// A struct: member b at the struct's address + 4.
// CHECK:      [[a:%[0-9]+]] = OpLoad %uint %addr
// CHECK-NEXT: [[i:%[0-9]+]] = OpShiftRightLogical %uint [[a]] %uint_2
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %src %uint_0 [[i]]
// CHECK-NEXT: [[ma:%[0-9]+]] = OpLoad %uint [[p]]
// CHECK-NEXT: OpIAdd %uint [[a]] %uint_4
// CHECK-NEXT: OpIAdd %uint [[i]] %uint_1
// CHECK-NEXT: [[ab:%[0-9]+]] = OpIAdd %uint [[a]] %uint_4
// CHECK-NEXT: [[ib:%[0-9]+]] = OpShiftRightLogical %uint [[ab]] %uint_2
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %src %uint_0 [[ib]]
// CHECK-NEXT: [[u:%[0-9]+]] = OpLoad %uint [[p]]
// CHECK-NEXT: [[mb:%[0-9]+]] = OpBitcast %float [[u]]
// CHECK:      [[s:%[0-9]+]] = OpCompositeConstruct %Pair [[ma]] [[mb]]
// CHECK-NEXT: OpStore %p [[s]]
  Pair p = src.Load<Pair>(addr);

// Stores: the index first, then the value.
// CHECK:      [[i:%[0-9]+]] = OpShiftRightLogical %uint {{%[0-9]+}} %uint_2
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %uint %w
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %dst %uint_0 [[i]]
// CHECK-NEXT: OpStore [[p]] [[v]]
  dst.Store(addr, w);
// CHECK:      [[i:%[0-9]+]] = OpShiftRightLogical %uint {{%[0-9]+}} %uint_2
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %v2uint %w2
// CHECK-NEXT: [[x:%[0-9]+]] = OpCompositeExtract %uint [[v]] 0
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %dst %uint_0 [[i]]
// CHECK-NEXT: OpStore [[p]] [[x]]
// CHECK-NEXT: [[y:%[0-9]+]] = OpCompositeExtract %uint [[v]] 1
// CHECK-NEXT: [[i1:%[0-9]+]] = OpIAdd %uint [[i]] %uint_1
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %dst %uint_0 [[i1]]
// CHECK-NEXT: OpStore [[p]] [[y]]
  dst.Store2(addr, w2);
// CHECK:      [[v:%[0-9]+]] = OpLoad %v4uint %w4
// CHECK:      [[z:%[0-9]+]] = OpCompositeExtract %uint [[v]] 3
// CHECK-NEXT: [[i3:%[0-9]+]] = OpIAdd %uint {{%[0-9]+}} %uint_3
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %dst %uint_0 [[i3]]
// CHECK-NEXT: OpStore [[p]] [[z]]
  dst.Store4(addr, w4);
// Store<T> of an array: each element bitcast to a word.
// CHECK:      [[v:%[0-9]+]] = OpLoad %_arr_float_uint_2 %a2
// CHECK-NEXT: [[e0:%[0-9]+]] = OpCompositeExtract %float [[v]] 0
// CHECK-NEXT: [[e1:%[0-9]+]] = OpCompositeExtract %float [[v]] 1
// CHECK:      [[u:%[0-9]+]] = OpBitcast %uint [[e0]]
// CHECK-NEXT: OpStore {{%[0-9]+}} [[u]]
// CHECK:      [[u:%[0-9]+]] = OpBitcast %uint [[e1]]
// CHECK-NEXT: OpStore {{%[0-9]+}} [[u]]
  dst.Store<float[2]>(addr, a2);
// Store<T> of a struct at address + 8: member b at + 4 from there.
// CHECK:      [[base:%[0-9]+]] = OpIAdd %uint {{%[0-9]+}} %uint_8
// CHECK-NEXT: [[s:%[0-9]+]] = OpLoad %Pair %p
// CHECK-NEXT: [[ma:%[0-9]+]] = OpCompositeExtract %uint [[s]] 0
// CHECK-NEXT: [[i:%[0-9]+]] = OpShiftRightLogical %uint [[base]] %uint_2
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %dst %uint_0 [[i]]
// CHECK-NEXT: OpStore [[p]] [[ma]]
// CHECK-NEXT: OpIAdd %uint [[base]] %uint_4
// CHECK-NEXT: OpIAdd %uint [[i]] %uint_1
// CHECK-NEXT: [[ab:%[0-9]+]] = OpIAdd %uint [[base]] %uint_4
// CHECK-NEXT: [[mb:%[0-9]+]] = OpCompositeExtract %float [[s]] 1
// CHECK-NEXT: [[ib:%[0-9]+]] = OpShiftRightLogical %uint [[ab]] %uint_2
// CHECK-NEXT: [[p:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint %dst %uint_0 [[ib]]
// CHECK-NEXT: [[u:%[0-9]+]] = OpBitcast %uint [[mb]]
// CHECK-NEXT: OpStore [[p]] [[u]]
  dst.Store<Pair>(addr + 8, p);

// CHECK:      [[n:%[0-9]+]] = OpArrayLength %uint %src 0
// CHECK-NEXT: [[b:%[0-9]+]] = OpIMul %uint [[n]] %uint_4
// CHECK-NEXT: OpStore %n [[b]]
// CHECK-NEXT: [[n:%[0-9]+]] = OpArrayLength %uint %dst 0
// CHECK-NEXT: [[b:%[0-9]+]] = OpIMul %uint [[n]] %uint_4
// CHECK-NEXT: OpStore %n [[b]]
  uint n;
  src.GetDimensions(n);
  dst.GetDimensions(n);

  dst.Store(0, n + w3.x + asuint(f) + (uint)h);
}
