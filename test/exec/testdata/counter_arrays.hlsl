// Arrays of buffers with counters held in a local, a static and a
// parameter: each element's counter is the same element of the global
// array's counters (the counters are their own descriptors, named
// counter(NAME)[K] here).

RWStructuredBuffer<int> Out : register(u10);
RWStructuredBuffer<uint> Ctrs[2] : register(u4);
AppendStructuredBuffer<uint> Sinks[2] : register(u6);
static RWStructuredBuffer<uint> StaticCtrs[2] = Ctrs;

//: xfail glslang: its HLSL front end has no arrays of structured buffers

uint bumpAt(RWStructuredBuffer<uint> arr[2], uint i) { return arr[i].IncrementCounter(); }

//: case counters_of_arrays_held_in_declarations
//: flags -T cs_6_0 -E ctrarrays
//: in counter(Ctrs)[0] = u32 3
//: in counter(Ctrs)[1] = u32 20
//: in Sinks[1] = u32 0 0 0 0
//: in counter(Sinks)[1] = u32 1
//: expect Out = i32 3 20 19 1
//: expect counter(Ctrs)[0] = u32 4
//: expect counter(Ctrs)[1] = u32 19
//: expect Sinks[1] = u32 0 77 0 0
//: expect counter(Sinks)[1] = u32 2
[numthreads(1, 1, 1)]
void ctrarrays() {
  AppendStructuredBuffer<uint> local[2] = Sinks;
  Out[0] = (int)bumpAt(Ctrs, 0);
  Out[1] = (int)bumpAt(Ctrs, 1);
  Out[2] = (int)StaticCtrs[1].DecrementCounter();
  Out[2] = (int)StaticCtrs[1].DecrementCounter();
  local[1].Append(77);
  Out[3] = 1;
}
