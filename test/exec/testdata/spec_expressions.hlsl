// Expressions over specialization constants are specialization constants
// themselves (OpSpecConstantOp, OpSpecConstantComposite), as DXC makes
// them: they follow the values set at pipeline creation.

[[vk::constant_id(1)]] const int SpecInt = 7;
[[vk::constant_id(3)]] const bool SpecBool = false;
[[vk::constant_id(4)]] const uint SpecUint = 3;

RWStructuredBuffer<float> Out : register(u1);

static const int Derived = SpecInt + 3;

[numthreads(1, 1, 1)]
void main() {
  uint2 v = uint2(2, 5) * SpecUint;
  Out[0] = Derived;
  Out[1] = v.x;
  Out[2] = v.y;
  Out[3] = (SpecInt << 1) | 1;
  Out[4] = SpecBool ? 1 : -1;
}

//: case defaults
//: flags -T cs_6_0 -E main
//: expect Out = f32 10 6 15 15 -1
//: xfail glslang: rejects a static const initialized from a specialization constant ("non-matching or non-convertible constant type for const initializer")

//: case overridden
//: flags -T cs_6_0 -E main
//: spec 1 = i32 -4
//: spec 3 = u32 1
//: spec 4 = u32 2
//: expect Out = f32 -1 4 10 -7 1
//: xfail glslang: rejects a static const initialized from a specialization constant ("non-matching or non-convertible constant type for const initializer")
