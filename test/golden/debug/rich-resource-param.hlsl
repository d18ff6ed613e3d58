// Rich (OpenCL.DebugInfo.100) debug info of a function kept with a
// structured-buffer parameter (-fcgl): the parameter's type in
// DebugTypeFunction and its DebugLocalVariable is the buffer's class
// composite, as DXC describes it (DebugInfoNone is not a type there).
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=rich -fcgl %s | FileCheck %s

struct S { float a; };
RWStructuredBuffer<S> buf : register(u3);

// CHECK: [[name:%[0-9]+]] = OpString "@type.RWStructuredBuffer<S>"
// CHECK: [[none:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugInfoNone
// CHECK: [[cls:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugTypeComposite [[name]] Class {{%[0-9]+}} 0 0 {{%[0-9]+}} {{%[0-9]+}} [[none]]
// CHECK: DebugTypeFunction FlagIsProtected|FlagIsPrivate %void [[cls]]
// CHECK: DebugLocalVariable {{%[0-9]+}} [[cls]] {{.*}} FlagIsLocal 1
void foo(RWStructuredBuffer<S> inputBuffer) {
  inputBuffer[0].a = 0;
}

float4 main() : SV_Target {
  foo(buf);
  return 1.0;
}
