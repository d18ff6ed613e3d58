// -HV 2021 makes && and || on scalars short-circuit (DXC emits branches);
// before 2021 (-HV 2018) both operands are always evaluated. The right
// operand counts its evaluations in a buffer.

StructuredBuffer<int> In : register(t1);
RWStructuredBuffer<uint> Count : register(u0);
RWStructuredBuffer<int> Out : register(u2);
//: in In = i32 0 10

bool bump(bool r) { Count[0] += 1; return r; }

[numthreads(1, 1, 1)]
void main() {
  int x = In[0];
  bool a = (x > 5) && bump(true);   // false && ...: skipped in 2021
  bool b = (x < 5) || bump(true);   // true || ...: skipped in 2021
  bool c = (x < 5) && bump(false);  // evaluated in both versions
  Out[0] = a; Out[1] = b; Out[2] = c;
}

//: case hlsl2021_short_circuits
//: flags -T cs_6_0 -E main -HV 2021
//: expect Count = u32 1
//: xfail glslang: follows pre-2021 rules (it has no -HV): evaluates both operands of && and ||, so the count is 3
//: expect Out = i32 0 1 0

//: case hlsl2018_evaluates_both_sides
//: flags -T cs_6_0 -E main -HV 2018
//: expect Count = u32 3
//: expect Out = i32 0 1 0
