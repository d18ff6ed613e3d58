// Interlocked* on RW structured buffers, byte address buffers and
// groupshared memory, from many threads at once: the answers are the same
// in any execution order.

RWStructuredBuffer<uint> U : register(u0);
RWStructuredBuffer<int> I : register(u1);
RWByteAddressBuffer B : register(u2);
RWStructuredBuffer<uint> Orig : register(u3);

//: case add_from_every_thread
//: flags -T cs_6_0 -E add
//: dispatch 4
//: in U = u32 5
//: expect U = u32 1925
[numthreads(64, 1, 1)]
void add(uint3 id : SV_DispatchThreadID) {
  InterlockedAdd(U[0], id.x % 16);   // 256 threads: 16 * (0 + ... + 15) = 1920, plus the initial 5
}

//: case min_max_signed_and_unsigned
//: flags -T cs_6_0 -E minmax
//: in I = i32 0 0
//: in U = u32 0xffffffff 0
//: expect I = i32 -32 31
//: expect U = u32 0 0xffffffff
[numthreads(64, 1, 1)]
void minmax(uint3 id : SV_DispatchThreadID) {
  int v = (int)id.x - 32;          // -32 .. 31
  InterlockedMin(I[0], v);
  InterlockedMax(I[1], v);
  InterlockedMin(U[0], (uint)v);   // unsigned: 0 is the smallest
  InterlockedMax(U[1], (uint)v);   // unsigned: -1 is the largest
}

//: case and_or_xor
//: flags -T cs_6_0 -E bitops
//: in U = u32 0xffffffff 0 0
//: expect U = u32 0xfffff000 0x00000fff 0x00000aaa
[numthreads(12, 1, 1)]
void bitops(uint3 id : SV_DispatchThreadID) {
  InterlockedAnd(U[0], ~(1u << id.x));
  InterlockedOr(U[1], 1u << id.x);
  if (id.x % 2 == 1) InterlockedXor(U[2], 1u << id.x);
}

//: case exchange_returns_original
//: flags -T cs_6_0 -E exch
//: in U = u32 100
//: expect U = u32 200
//: expect Orig = u32 100 0
[numthreads(1, 1, 1)]
void exch() {
  uint old;
  InterlockedExchange(U[0], 200u, old);
  Orig[0] = old;
}

//: case compare_exchange_one_winner
//: flags -T cs_6_0 -E cas
//: in U = u32 0 0
//: expect U = u32 1 1
[numthreads(64, 1, 1)]
void cas(uint3 id : SV_DispatchThreadID) {
  uint old;
  InterlockedCompareExchange(U[0], 0u, 1u, old);
  if (old == 0) InterlockedAdd(U[1], 1u);    // exactly one thread saw 0
}

//: case compare_store
//: flags -T cs_6_0 -E cstore
//: in U = u32 7 7
//: expect U = u32 9 7
//: xfail glslang: drops InterlockedCompareStore entirely (the module declares no buffer)
[numthreads(1, 1, 1)]
void cstore() {
  InterlockedCompareStore(U[0], 7u, 9u);
  InterlockedCompareStore(U[1], 8u, 9u);
}

//: case add_original_values_are_distinct
//: flags -T cs_6_0 -E ticket
//: dispatch 2
//: in Orig = u32 0*130
//: expect U = u32 128
//: expect Orig = u32 1*128 0 0
[numthreads(64, 1, 1)]
void ticket(uint3 id : SV_DispatchThreadID) {
  uint t;
  InterlockedAdd(U[0], 1u, t);      // every thread gets its own ticket 0..127
  InterlockedAdd(Orig[t], 1u);
}

//: case byte_address_atomics
//: flags -T cs_6_0 -E baddr
//: in B = u32 0 10 0
//: expect B = u32 64 74 63
[numthreads(64, 1, 1)]
void baddr(uint3 id : SV_DispatchThreadID) {
  B.InterlockedAdd(0, 1u);
  uint old;
  B.InterlockedAdd(4, 1u, old);
  B.InterlockedMax(8, id.x);
}

groupshared uint Shared[2];

//: case groupshared_atomics
//: flags -T cs_6_0 -E gs
//: dispatch 3
//: expect U = u32 64 64 64 2016 2016 2016
[numthreads(64, 1, 1)]
void gs(uint3 gid : SV_GroupID, uint3 tid : SV_GroupThreadID) {
  if (tid.x == 0) { Shared[0] = 0; Shared[1] = 0; }
  GroupMemoryBarrierWithGroupSync();
  InterlockedAdd(Shared[0], 1u);
  InterlockedAdd(Shared[1], tid.x);
  GroupMemoryBarrierWithGroupSync();
  if (tid.x == 0) { U[gid.x] = Shared[0]; U[3 + gid.x] = Shared[1]; }
}

// A signed min and max on a byte address buffer's uint words (the memory's
// signedness differs from the operation's).
//: case signed_min_max_on_uint_words
//: flags -T cs_6_0 -E rawminmax
//: xfail glslang: emits OpAtomicUMin with an int value, which spirv-val rejects
//: in B = u32 0 0
//: expect B = u32 0xffffffe0 31
[numthreads(64, 1, 1)]
void rawminmax(uint3 id : SV_DispatchThreadID) {
  int v = (int)id.x - 32;
  B.InterlockedMin(0, v);
  B.InterlockedMax(4, v);
}
