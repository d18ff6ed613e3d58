// Function parameters are copies: in params are copied in, out params are
// copied back when the function returns, inout both, left to right. An
// argument expression (an index, a swizzle) is evaluated once.

RWStructuredBuffer<int> Out : register(u0);
StructuredBuffer<int> In : register(t1);
//: in In = i32 1 2 3 4

void setBoth(inout int a, inout int b) { a = 10; b = 20; }

//: case inout_same_variable_last_copy_out_wins
//: flags -T cs_6_0 -E same
//: expect Out = i32 20
[numthreads(1, 1, 1)]
void same() {
  int x = In[0];
  setBoth(x, x);       // a is copied back first, then b
  Out[0] = x;
}

static int g = 0;
void readGlobalWhileOut(out int a) {
  a = 5;
  Out[0] = g;          // g is not a yet: out parameters are copies
}

//: case out_param_is_a_copy_of_the_global
//: flags -T cs_6_0 -E outcopy
//: expect Out = i32 7 5
[numthreads(1, 1, 1)]
void outcopy() {
  g = 7;
  readGlobalWhileOut(g);
  Out[1] = g;
}

void incr(inout int v) { v += 100; }

//: case inout_argument_index_evaluated_once
//: flags -T cs_6_0 -E onceidx
//: expect Out = i32 101 2 3 1
[numthreads(1, 1, 1)]
void onceidx() {
  int arr[3] = { In[0], In[1], In[2] };
  int i = 0;
  incr(arr[i++]);
  Out[0] = arr[0]; Out[1] = arr[1]; Out[2] = arr[2]; Out[3] = i;
}

void swap2(inout float2 v) { v = v.yx; }

//: case inout_through_swizzle
//: flags -T cs_6_0 -E swz
//: expect Out = i32 1 4 3 2
[numthreads(1, 1, 1)]
void swz() {
  float4 v = float4(In[0], In[1], In[2], In[3]);
  swap2(v.wy);           // writes back through the swizzle
  Out[0] = v.x; Out[1] = v.y; Out[2] = v.z; Out[3] = v.w;
}

void scribble(int a[3], float3 s) { a[0] = 99; s.x = 99; Out[3] = a[0] + (int)s.x; }

//: case arrays_and_vectors_pass_by_value
//: flags -T cs_6_0 -E byval
//: expect Out = i32 1 2 3 198
[numthreads(1, 1, 1)]
void byval() {
  int a[3] = { In[0], In[1], In[2] };
  float3 s = float3(1, 2, 3);
  scribble(a, s);
  Out[0] = a[0]; Out[1] = (int)s.y; Out[2] = a[2];
}

struct Acc { int total; int count; };
void add(inout Acc acc, int v) { acc.total += v; acc.count++; }
Acc fresh() { Acc a; a.total = 0; a.count = 0; return a; }

//: case struct_inout_and_return
//: flags -T cs_6_0 -E structs
//: expect Out = i32 10 4
[numthreads(1, 1, 1)]
void structs() {
  Acc acc = fresh();
  for (int i = 0; i < 4; i++) add(acc, In[i]);
  Out[0] = acc.total; Out[1] = acc.count;
}

void writeToBuffer(out int dst, int v) { dst = v * 3; }

//: case out_param_to_buffer_element
//: flags -T cs_6_0 -E tobuf
//: in Out = i32 0 0 0 0
//: expect Out = i32 0 9 0 12
[numthreads(1, 1, 1)]
void tobuf() {
  writeToBuffer(Out[1], In[2]);
  writeToBuffer(Out[3], In[3]);
}

// A call left a call ([noinline]) taking a buffer element and a member of
// a local struct: copies in and out, made by the emitter, or, with
// -fspv-fix-func-call-arguments, by the legalization's fix-func-call-param.
struct Pair { int x; int y; };
[noinline] void addTo(inout int a, inout int b) { a += 1; b += 2; }

//: case noinline_element_and_member_arguments
//: flags -T cs_6_0 -E noinl
//: expect Out = i32 2 4
//: case noinline_element_and_member_arguments_fixed
//: flags -T cs_6_0 -E noinl -fspv-fix-func-call-arguments
//: expect Out = i32 2 4
[numthreads(1, 1, 1)]
void noinl() {
  Pair p;
  p.x = 0;
  p.y = In[1];
  Out[0] = In[0];
  addTo(Out[0], p.y);
  Out[1] = p.y;
}
