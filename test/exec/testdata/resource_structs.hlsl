// Structs holding resources, legalized into the resources themselves: a
// local struct of buffers built by a flattened brace initializer, passed to
// and returned from functions, with a method reading through `this`; the
// buffer a constant argument chooses; a counter travelling with its buffer;
// a static alias of a global buffer.
//: in A = u32 1 2 3 4
//: in B = u32 10 20 30 40
//: in Pool = u32 1000 2000 3000 4000
//: expect Out = u32 11 22 33 44 1001 2002 3003 4004 4
//: expect counter(Log) = u32 4
//: expect Log = u32 7 7 7 7
//: xfail glslang: it cannot initialize a static buffer variable from another
StructuredBuffer<uint> A : register(t1);
StructuredBuffer<uint> B : register(t2);
StructuredBuffer<uint> Pool : register(t3);
RWStructuredBuffer<uint> Out : register(u5);
RWStructuredBuffer<uint> Log : register(u6);

struct Inputs {
  StructuredBuffer<uint> first;
  StructuredBuffer<uint> second;
  uint scale;
  uint sum(uint i) { return first[i] + second[i] * scale; }
};

struct Sink {
  RWStructuredBuffer<uint> log;
};

static StructuredBuffer<uint> lastPool = Pool;

StructuredBuffer<uint> pick(int which) {
  if (which == 0)
    return A;
  return B;
}

Inputs swapped(Inputs v) {
  Inputs r = {v.second, v.first, v.scale};
  return r;
}

void record(Sink s, uint v) {
  s.log[s.log.IncrementCounter()] = v;
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Inputs in1 = {pick(1), pick(0), 1};      // B, A
  Inputs in2 = swapped(in1);               // A, B
  in2.scale = 1;
  Out[id.x] = in2.sum(id.x);               // A + B
  Inputs in3 = {A, lastPool, 1};
  Out[4 + id.x] = in3.sum(id.x);           // A + Pool
  Sink s = {Log};
  record(s, 7);                            // order-free: every thread logs 7
  Out[8] = 4;
}
