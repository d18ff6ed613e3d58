// Append/Consume structured buffers and RW structured buffer counters.
// Append increments the hidden counter and writes at the old value;
// Consume decrements it and reads at the new value; IncrementCounter
// returns the old value, DecrementCounter the new one. The counter is its
// own descriptor, named counter(NAME) here.

AppendStructuredBuffer<uint> Sink : register(u1);
ConsumeStructuredBuffer<float> Source : register(u2);
RWStructuredBuffer<uint> Ctr : register(u3);
RWStructuredBuffer<int> Out : register(u10);

//: case append_in_order_from_one_thread
//: flags -T cs_6_0 -E app
//: expect Sink = u32 100 101 102 103 104
//: expect counter(Sink) = u32 5
[numthreads(1, 1, 1)]
void app() {
  for (uint i = 0; i < 5; i++) Sink.Append(100 + i);
}

//: case append_from_many_threads
//: flags -T cs_6_0 -E appmany
//: in Out = i32 0*64
//: expect counter(Sink) = u32 64
//: expect Out = i32 2016
[numthreads(64, 1, 1)]
void appmany(uint3 id : SV_DispatchThreadID) {
  Sink.Append(id.x);
  // The slots are a permutation of 0..63: their sum is fixed.
  InterlockedAdd(Out[0], (int)id.x);
}

//: case consume_in_reverse
//: flags -T cs_6_0 -E cons
//: in Source = f32 10 20 30 40
//: in counter(Source) = u32 4
//: expect Out = i32 40 30 20 4
//: expect counter(Source) = u32 1
[numthreads(1, 1, 1)]
void cons() {
  Out[0] = (int)Source.Consume();
  Out[1] = (int)Source.Consume();
  uint n, stride;
  Source.GetDimensions(n, stride);
  Out[2] = (int)Source.Consume();
  Out[3] = (int)n;   // GetDimensions counts the buffer's elements, not the counter
}

//: case increment_decrement_counter
//: flags -T cs_6_0 -E ctr
//: in counter(Ctr) = u32 10
//: expect Out = i32 10 11 11 10
//: expect counter(Ctr) = u32 10
[numthreads(1, 1, 1)]
void ctr() {
  Out[0] = (int)Ctr.IncrementCounter();
  Out[1] = (int)Ctr.IncrementCounter();
  Out[2] = (int)Ctr.DecrementCounter();
  Out[3] = (int)Ctr.DecrementCounter();
}
