// The SM 6.6 64-bit and float RWByteAddressBuffer atomic methods have no
// SPIR-V lowering in DXC; each call is an error at its method name (all of
// them are reported, not only the first).
// RUN: not %hlsl2spirv -T cs_6_6 -E main %s 2>&1 | FileCheck %s

RWByteAddressBuffer raw;

[numthreads(1, 1, 1)]
void main() {
  uint64_t o;
  float f;
// CHECK: byteaddress-64bit-methods.hlsl:[[@LINE+1]]:7: error: intrinsic 'InterlockedAnd64' method unimplemented
  raw.InterlockedAnd64(0, 1ull, o);
// CHECK: byteaddress-64bit-methods.hlsl:[[@LINE+1]]:7: error: intrinsic 'InterlockedOr64' method unimplemented
  raw.InterlockedOr64(0, 1ull, o);
// CHECK: byteaddress-64bit-methods.hlsl:[[@LINE+1]]:7: error: intrinsic 'InterlockedXor64' method unimplemented
  raw.InterlockedXor64(0, 1ull, o);
// CHECK: byteaddress-64bit-methods.hlsl:[[@LINE+1]]:7: error: intrinsic 'InterlockedMin64' method unimplemented
  raw.InterlockedMin64(0, 1ull, o);
// CHECK: byteaddress-64bit-methods.hlsl:[[@LINE+1]]:7: error: intrinsic 'InterlockedMax64' method unimplemented
  raw.InterlockedMax64(0, 1ull, o);
// CHECK: byteaddress-64bit-methods.hlsl:[[@LINE+1]]:7: error: intrinsic 'InterlockedExchange64' method unimplemented
  raw.InterlockedExchange64(0, 1ull, o);
// CHECK: byteaddress-64bit-methods.hlsl:[[@LINE+1]]:7: error: intrinsic 'InterlockedCompareExchange64' method unimplemented
  raw.InterlockedCompareExchange64(0, 1ull, 2ull, o);
// CHECK: byteaddress-64bit-methods.hlsl:[[@LINE+1]]:7: error: intrinsic 'InterlockedCompareStore64' method unimplemented
  raw.InterlockedCompareStore64(0, 1ull, 2ull);
// CHECK: byteaddress-64bit-methods.hlsl:[[@LINE+1]]:7: error: intrinsic 'InterlockedCompareExchangeFloatBitwise' method unimplemented
  raw.InterlockedCompareExchangeFloatBitwise(0, 1.0f, 2.0f, f);
}
