// Usual arithmetic conversions as in C (DXC is clang): mixing int and uint
// converts to uint, bool arithmetic promotes to int, vectors splat scalars
// and truncate to the shorter operand's width on assignment.

StructuredBuffer<int> I : register(t1);
RWStructuredBuffer<int> Out : register(u0);
RWStructuredBuffer<float> OutF : register(u2);
//: in I = i32 -1 1 -8 2

//: case signed_unsigned_comparison_is_unsigned
//: flags -T cs_6_0 -E cmpmix
//: expect Out = i32 0 1 1 0
[numthreads(1, 1, 1)]
void cmpmix() {
  int a = I[0];
  uint b = (uint)I[1];
  Out[0] = a < b;           // -1 becomes 0xffffffff
  Out[1] = a < (int)b;
  Out[2] = a > b;
  Out[3] = a == (int)b;
}

//: case signed_divided_by_unsigned_is_unsigned
//: flags -T cs_6_0 -E divmix
//: expect Out = u32 0x7ffffffc 0 -4 0
[numthreads(1, 1, 1)]
void divmix() {
  int a = I[2];
  uint two = (uint)I[3];
  Out[0] = a / two;         // unsigned division of 0xfffffff8
  Out[1] = a % two;
  Out[2] = a / (int)two;
  Out[3] = (a >> 1) % (int)two;
}

//: case bool_arithmetic
//: flags -T cs_6_0 -E boolarith
//: expect Out = i32 2 1 -1 3
[numthreads(1, 1, 1)]
void boolarith() {
  bool t = I[1] > 0, f = I[1] < 0;
  Out[0] = t + t;
  Out[1] = t * 1 + f;
  Out[2] = t - 2;          // bool promoted to int
  int3 v = int3(I[0], 0, I[3]);
  bool3 b = (bool3)v;
  Out[3] = b.x + b.y * 10 + b.z * 2;
}

//: case vector_splat_and_truncation
//: flags -T cs_6_0 -E vecconv
//: expect OutF = f32 2 4 6 1 2 2.5
[numthreads(1, 1, 1)]
void vecconv() {
  float3 v = float3(1, 2, 3) * 2;           // scalar splat
  OutF[0] = v.x; OutF[1] = v.y; OutF[2] = v.z;
  float4 w = float4(1, 2, 3, 4);
  float2 t = (float2)w;                     // truncation keeps .xy
  OutF[3] = t.x; OutF[4] = t.y;
  OutF[5] = (float)I[3] + 0.5;              // int promoted to float
}

//: case integer_division_before_promotion
//: flags -T cs_6_0 -E order
//: expect OutF = f32 4 5 -4 0.5
[numthreads(1, 1, 1)]
void order() {
  int five = I[3] * 2 + I[1] * 1 + I[0] + 1;  // 5
  OutF[0] = five / 2 * 2.0;    // (5 / 2) is 2, then 4.0
  OutF[1] = five / 2.0 * 2;    // 2.5 * 2
  OutF[2] = I[2] / 2 * 1.0;
  OutF[3] = I[1] / 2.0;
}

static int calls = 0;
int nextId() {
  calls += 1;
  return calls;
}

//: case static_globals_persist_across_calls
//: flags -T cs_6_0 -E statics
//: expect Out = i32 1 2 3 3
[numthreads(1, 1, 1)]
void statics() {
  Out[0] = nextId();
  Out[1] = nextId();
  Out[2] = nextId();
  Out[3] = calls;
}

struct Item { int key; float value; };

//: case struct_and_array_copies_are_values
//: flags -T cs_6_0 -E copies
//: expect Out = i32 1 10 7 2
[numthreads(1, 1, 1)]
void copies() {
  Item a[2];
  a[0].key = 1; a[0].value = 10;
  a[1].key = 2; a[1].value = 20;
  Item b[2] = a;          // a copy
  b[0].key = 7;
  Item c = a[1];
  c.key = 5;
  Out[0] = a[0].key; Out[1] = (int)a[0].value; Out[2] = b[0].key; Out[3] = a[1].key;
}

//: case for_with_two_variables
//: flags -T cs_6_0 -E twovars
//: expect Out = i32 5 5 5
[numthreads(1, 1, 1)]
void twovars() {
  int i, j, steps = 0;
  for (i = 0, j = 10; i < j; i++, j--) steps++;
  Out[0] = steps; Out[1] = i; Out[2] = j;
}
