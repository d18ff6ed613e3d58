// Interlocked operations DXC rejects for SPIR-V, with its messages and
// positions: the FloatBitwise compare intrinsics and the RWByteAddressBuffer
// 64-bit and float methods have no SPIR-V lowering ("unimplemented", at the
// callee); a static (Private) destination is not shared memory; a texel
// component of a non-scalar storage image has no texel pointer; `original`
// must be an lvalue; an arithmetic atomic on a float has no overload.
// RUN: not %hlsl2spirv -T cs_6_6 -E main -DCMPXCHG_FB %s 2>&1 | FileCheck %s --check-prefix=CMPXCHG_FB
// RUN: not %hlsl2spirv -T cs_6_6 -E main -DCMPSTORE_FB %s 2>&1 | FileCheck %s --check-prefix=CMPSTORE_FB
// RUN: not %hlsl2spirv -T cs_6_6 -E main -DADD64 %s 2>&1 | FileCheck %s --check-prefix=ADD64
// RUN: not %hlsl2spirv -T cs_6_6 -E main -DXCHG_F %s 2>&1 | FileCheck %s --check-prefix=XCHG_F
// RUN: not %hlsl2spirv -T cs_6_6 -E main -DM_CMPSTORE_FB %s 2>&1 | FileCheck %s --check-prefix=M_CMPSTORE_FB
// RUN: not %hlsl2spirv -T cs_6_6 -E main -DSTATIC %s 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: not %hlsl2spirv -T cs_6_6 -E main -DVECTEX %s 2>&1 | FileCheck %s --check-prefix=VECTEX
// RUN: not %hlsl2spirv -T cs_6_6 -E main -DRVALUE %s 2>&1 | FileCheck %s --check-prefix=RVALUE
// RUN: not %hlsl2spirv -T cs_6_6 -E main -DFLOATADD %s 2>&1 | FileCheck %s --check-prefix=FLOATADD

groupshared float gf;
groupshared uint gu;
static uint counter;
RWTexture2D<uint2> pairs;
RWByteAddressBuffer raw;

uint next() { return 0; }

[numthreads(1, 1, 1)]
void main() {
  float of;
  uint ou;
#if defined(CMPXCHG_FB)
  InterlockedCompareExchangeFloatBitwise(gf, 0.0f, 1.0f, of);
// CMPXCHG_FB: atomics-errors.hlsl:[[@LINE-1]]:3: error: InterlockedCompareExchangeFloatBitwise intrinsic function unimplemented
#elif defined(CMPSTORE_FB)
  InterlockedCompareStoreFloatBitwise(gf, 0.0f, 1.0f);
// CMPSTORE_FB: atomics-errors.hlsl:[[@LINE-1]]:3: error: InterlockedCompareStoreFloatBitwise intrinsic function unimplemented
#elif defined(ADD64)
  raw.InterlockedAdd64(0, 1ull);
// ADD64: atomics-errors.hlsl:[[@LINE-1]]:7: error: intrinsic 'InterlockedAdd64' method unimplemented
#elif defined(XCHG_F)
  raw.InterlockedExchangeFloat(0, 1.0f, of);
// XCHG_F: atomics-errors.hlsl:[[@LINE-1]]:7: error: intrinsic 'InterlockedExchangeFloat' method unimplemented
#elif defined(M_CMPSTORE_FB)
  raw.InterlockedCompareStoreFloatBitwise(0, 1.0f, 2.0f);
// M_CMPSTORE_FB: atomics-errors.hlsl:[[@LINE-1]]:7: error: intrinsic 'InterlockedCompareStoreFloatBitwise' method unimplemented
#elif defined(STATIC)
  InterlockedAdd(counter, 1u, ou);
// STATIC: atomics-errors.hlsl:[[@LINE-1]]:18: error: using static variable or function scope variable in interlocked operation is not allowed
#elif defined(VECTEX)
  InterlockedOr(pairs[uint2(0, 0)].x, 1u);
// VECTEX: atomics-errors.hlsl:[[@LINE-1]]:17: error: Interlocked operation for texture buffer whose result type is non-scalar type is not allowed
#elif defined(RVALUE)
  InterlockedExchange(gu, 1u, next());
// RVALUE: atomics-errors.hlsl:[[@LINE-1]]:31: error: InterlockedCompareExchange requires a reference as output parameter
#elif defined(FLOATADD)
  InterlockedAdd(gf, 1);
// FLOATADD: atomics-errors.hlsl:[[@LINE-1]]:3: error: no matching function for call to 'InterlockedAdd'
#endif
}
