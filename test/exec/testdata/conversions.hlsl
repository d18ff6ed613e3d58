// Scalar conversions and their edge values, with DXC's semantics:
// float→int is OpConvertFToS (truncation toward zero), int↔uint is a bit
// cast, float→bool is OpFOrdNotEqual with 0.0 (so NaN converts to false).

StructuredBuffer<float> F : register(t1);
StructuredBuffer<int> I : register(t2);
StructuredBuffer<uint> U : register(t3);
RWStructuredBuffer<int> OutI : register(u0);
RWStructuredBuffer<uint> OutU : register(u4);
RWStructuredBuffer<float> OutF : register(u5);

//: case float_to_int_truncates
//: flags -T cs_6_0 -E f2i
//: in F = f32 1.5 -1.5 2.99 -2.99 0.0 -0.0 100.7 -100.7 2147483520.0 -2147483648.0
//: expect OutI = i32 1 -1 2 -2 0 0 100 -100 2147483520 -2147483648
[numthreads(10, 1, 1)]
void f2i(uint3 id : SV_DispatchThreadID) { OutI[id.x] = (int)F[id.x]; }

//: case float_to_uint_truncates
//: flags -T cs_6_0 -E f2u
//: in F = f32 0.9 3.99 1e9 4294967040.0 2147483648.0 65535.5
//: expect OutU = u32 0 3 1000000000 4294967040 2147483648 65535
[numthreads(6, 1, 1)]
void f2u(uint3 id : SV_DispatchThreadID) { OutU[id.x] = (uint)F[id.x]; }

//: case int_to_uint_is_bitcast
//: flags -T cs_6_0 -E i2u
//: in I = i32 -1 -2147483648 -2 0 2147483647
//: expect OutU = u32 0xffffffff 0x80000000 0xfffffffe 0 0x7fffffff
[numthreads(5, 1, 1)]
void i2u(uint3 id : SV_DispatchThreadID) { OutU[id.x] = (uint)I[id.x]; }

//: case uint_to_int_is_bitcast
//: flags -T cs_6_0 -E u2i
//: in U = u32 0xffffffff 0x80000000 4000000000 7
//: expect OutI = i32 -1 -2147483648 -294967296 7
[numthreads(4, 1, 1)]
void u2i(uint3 id : SV_DispatchThreadID) { OutI[id.x] = (int)U[id.x]; }

//: case uint_to_float_rounds_to_nearest_even
//: flags -T cs_6_0 -E u2f
//: in U = u32 16777216 16777217 16777218 16777219 4294967295 2147483649
//: expect OutF = f32 16777216 16777216 16777218 16777220 4294967296 2147483648
[numthreads(6, 1, 1)]
void u2f(uint3 id : SV_DispatchThreadID) { OutF[id.x] = (float)U[id.x]; }

//: case int_to_float_negative
//: flags -T cs_6_0 -E i2f
//: in I = i32 -16777217 -1 -2147483648 -16777219
//: expect OutF = f32 -16777216 -1 -2147483648 -16777220
[numthreads(4, 1, 1)]
void i2f(uint3 id : SV_DispatchThreadID) { OutF[id.x] = (float)I[id.x]; }

//: case negative_int_through_uint_to_float
//: flags -T cs_6_0 -E neg_u2f
//: in I = i32 -1 -256
//: expect OutF = f32 4294967296 4294967040
[numthreads(2, 1, 1)]
void neg_u2f(uint3 id : SV_DispatchThreadID) { OutF[id.x] = (float)(uint)I[id.x]; }

//: case float_to_bool
//: flags -T cs_6_0 -E f2b
//: in F = f32 0.0 -0.0 2.5 -1e-30 inf nan 1e-45
//: expect OutU = u32 0 0 1 1 1 0 1
//: xfail glslang: converts float to bool with an unordered != (NaN becomes true); DXC uses OpFOrdNotEqual, so NaN becomes false
[numthreads(7, 1, 1)]
void f2b(uint3 id : SV_DispatchThreadID) { OutU[id.x] = (bool)F[id.x] ? 1u : 0u; }

//: case int_to_bool_and_back
//: flags -T cs_6_0 -E i2b
//: in I = i32 0 1 -1 2147483647 -2147483648
//: expect OutI = i32 0 1 1 1 1
[numthreads(5, 1, 1)]
void i2b(uint3 id : SV_DispatchThreadID) { bool b = I[id.x]; OutI[id.x] = (int)b; }

//: case bool_to_float
//: flags -T cs_6_0 -E b2f
//: in I = i32 0 5
//: expect OutF = f32 0 1
[numthreads(2, 1, 1)]
void b2f(uint3 id : SV_DispatchThreadID) { bool b = I[id.x] != 0; OutF[id.x] = (float)b + 0.0; }

//: case implicit_int_float_arithmetic
//: flags -T cs_6_0 -E mixed
//: in I = i32 7 -7
//: expect OutF = f32 3.5 -3.5
//: expect OutI = i32 3 -3
[numthreads(2, 1, 1)]
void mixed(uint3 id : SV_DispatchThreadID) {
  int i = I[id.x];
  OutF[id.x] = i / 2.0;   // int promoted to float
  OutI[id.x] = i / 2;     // integer division
}

//: case literal_int_times_uint_is_uint
//: flags -T cs_6_0 -E lit
//: in U = u32 3
//: expect OutU = u32 4294967293 1
[numthreads(1, 1, 1)]
void lit(uint3 id : SV_DispatchThreadID) {
  uint u = U[0];
  OutU[0] = -1 * u;          // the literal takes the uint type: wraps
  OutU[1] = (u > -1) ? 0 : 1; // -1 converts to 0xffffffff: u is smaller
}

//: case literal_float_ternary_to_int_converts
//: flags -T cs_6_0 -E ternaryf2i
//: in I = i32 0 1 0 3
//: expect OutI = i32 -2 1 -2 1
// `c ? 1.5 : -2.5` has literal float branches: the selected float converts
// to the int (OpConvertFToS), never a bit cast.
[numthreads(4, 1, 1)]
void ternaryf2i(uint3 id : SV_DispatchThreadID) {
  int v = I[id.x] != 0 ? 1.5 : -2.5;
  OutI[id.x] = v;
}
