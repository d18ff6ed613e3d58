// Functions declared in a namespace are named with it, as DXC names them:
// A::f, A::B::f, and a method of a struct in a namespace A::S.method.
// Static data members are named by their own name.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s

// CHECK-DAG: OpName %f "f"
// CHECK-DAG: OpName %A__f "A::f"
// CHECK-DAG: OpName %A__B__f "A::B::f"
// CHECK-DAG: OpName %A__S_get "A::S.get"
// CHECK-DAG: OpName %scale "scale"
// CHECK-NOT: OpName {{.*}} "T.scale"

float f() { return 1; }
namespace A {
  float f() { return 2; }
  namespace B {
    float f();
  }
  struct S {
    float v;
    float get() { return v; }
  };
}
float A::B::f() { return 3; }

struct T {
  static float scale;
};
float T::scale = 4;

// CHECK: OpFunctionCall %float %f
// CHECK: OpFunctionCall %float %A__f
// CHECK: OpFunctionCall %float %A__B__f
// CHECK: OpFunctionCall %float %A__S_get
// CHECK: OpLoad %float %scale
float4 main() : SV_Target {
  A::S s;
  s.v = 5;
  return float4(f(), A::f(), A::B::f(), s.get() * T::scale);
}
