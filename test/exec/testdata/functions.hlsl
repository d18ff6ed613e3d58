// Functions: overload resolution by argument type, default parameter
// values, struct methods that modify their object.

StructuredBuffer<int> In : register(t1);
RWStructuredBuffer<int> Out : register(u0);
//: in In = i32 3 4

int pick(int x) { return 1; }
int pick(float x) { return 2; }
int pick(uint x) { return 3; }
int pick(int2 x) { return 4; }

//: case overload_resolution
//: flags -T cs_6_0 -E overloads
//: expect Out = i32 1 2 3 4 2
[numthreads(1, 1, 1)]
void overloads() {
  int i = In[0];
  Out[0] = pick(i);
  Out[1] = pick((float)i);
  Out[2] = pick((uint)i);
  Out[3] = pick(int2(i, i));
  Out[4] = pick(i * 0.5);
}

int scaled(int v, int factor = 10, int offset = 1) { return v * factor + offset; }

//: case default_parameters
//: flags -T cs_6_0 -E defaults
//: expect Out = i32 31 13 16
[numthreads(1, 1, 1)]
void defaults() {
  Out[0] = scaled(In[0]);
  Out[1] = scaled(In[0], 4);
  Out[2] = scaled(In[0], 4, In[1]);
}

struct Counter {
  int n;
  void add(int v) { n += v; }
  int twice() { return n * 2; }
};

//: case struct_methods
//: flags -T cs_6_0 -E methods
//: expect Out = i32 7 14 3
[numthreads(1, 1, 1)]
void methods() {
  Counter c;
  c.n = 0;
  c.add(In[0]);
  c.add(In[1]);
  Out[0] = c.n;
  Out[1] = c.twice();
  Counter d = c;      // a copy: adding to it leaves c alone
  d.add(-4);
  Out[2] = d.n;
}

int fib(int n) {
  int a = 0, b = 1;
  for (int i = 0; i < n; i++) { int t = a + b; a = b; b = t; }
  return a;
}

//: case nested_calls_per_thread
//: flags -T cs_6_0 -E calls
//: expect Out = i32 0 1 1 2 3 5 8 13 21 34 55 89
[numthreads(12, 1, 1)]
void calls(uint3 id : SV_DispatchThreadID) { Out[id.x] = fib((int)id.x); }
