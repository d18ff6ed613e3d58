// Push constants ([[vk::push_constant]]) and specialization constants
// ([[vk::constant_id(N)]]): defaults when not specialized, and values set
// at pipeline creation.

struct Params {
  uint   count;
  float  scale;
  float2 offset;
  int4   extra;
};
[[vk::push_constant]] Params P;

[[vk::constant_id(1)]] const int SpecInt = 7;
[[vk::constant_id(2)]] const float SpecFloat = 1.5;
[[vk::constant_id(3)]] const bool SpecBool = false;
[[vk::constant_id(4)]] const uint SpecUint = 3;

RWStructuredBuffer<float> Out : register(u1);

//: case push_constant_block
//: flags -T cs_6_0 -E push
//: push = u32 3 f32 2.5 -1 4 i32 10 -20 30 -40
//: expect Out = f32 3 2.5 -1 4 -20 -40
//: xfail glslang: ignores [[vk::push_constant]] on a struct variable and puts it in $Global (the module has no push constant block)
[numthreads(1, 1, 1)]
void push() {
  Out[0] = P.count; Out[1] = P.scale; Out[2] = P.offset.x; Out[3] = P.offset.y;
  Out[4] = P.extra.y; Out[5] = P.extra.w;
}

//: case push_constants_drive_the_work
//: flags -T cs_6_0 -E pushloop
//: push = u32 5 f32 0.5 0 0 i32 0 0 0 0
//: expect Out = f32 0 0.5 1 1.5 2 0 0 0
//: xfail glslang: ignores [[vk::push_constant]] on a struct variable and puts it in $Global (the module has no push constant block)
[numthreads(8, 1, 1)]
void pushloop(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = id.x < P.count ? id.x * P.scale : 0;
}

[numthreads(1, 1, 1)]
void spec() {
  Out[0] = SpecInt;
  Out[1] = SpecFloat;
  Out[2] = SpecBool ? 1 : 0;
  Out[3] = SpecUint * 2;
  int sum = 0;
  for (uint i = 0; i < SpecUint; i++) sum += SpecInt;   // a loop bound
  Out[4] = sum;
}

//: case spec_defaults
//: flags -T cs_6_0 -E spec
//: expect Out = f32 7 1.5 0 6 21

//: case spec_overridden
//: flags -T cs_6_0 -E spec
//: spec 1 = i32 -4
//: spec 2 = f32 0.25
//: spec 3 = u32 1
//: expect Out = f32 -4 0.25 1 6 -12

//: case spec_loop_bound
//: flags -T cs_6_0 -E spec
//: spec 4 = u32 9
//: expect Out = f32 7 1.5 0 18 63

