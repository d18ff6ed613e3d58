// Rich (OpenCL.DebugInfo.100) debug info of a function kept with a
// structured-buffer parameter (-fcgl): the parameter's type in
// DebugTypeFunction and its DebugLocalVariable is the buffer's template
// class, as DXC describes it (DebugInfoNone is not a type there): a
// DebugTypeComposite named after the SPIR-V struct, in a DebugTypeTemplate
// whose parameter is the element struct; the global has the same type.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=rich -fcgl %s | FileCheck %s

struct S { float a; };
RWStructuredBuffer<S> buf : register(u3);

// CHECK: [[S:%[0-9]+]] = OpString "S"
// CHECK: [[name:%[0-9]+]] = OpString "@type.RWStructuredBuffer.S"
// CHECK: [[Sty:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugTypeComposite [[S]] Structure
// CHECK: [[none:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugInfoNone
// CHECK: [[cls:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugTypeComposite [[name]] Class {{%[0-9]+}} 0 0 {{%[0-9]+}} {{%[0-9]+}} [[none]]
// CHECK: [[param:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugTypeTemplateParameter {{%[0-9]+}} [[Sty]] [[none]]
// CHECK: [[tmpl:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugTypeTemplate [[cls]] [[param]]
// CHECK: DebugTypeFunction FlagIsProtected|FlagIsPrivate %void [[tmpl]]
// CHECK: DebugLocalVariable {{%[0-9]+}} [[tmpl]] {{.*}} FlagIsLocal 1
// CHECK: DebugGlobalVariable {{%[0-9]+}} [[tmpl]] {{.*}} %buf FlagIsDefinition
void foo(RWStructuredBuffer<S> inputBuffer) {
  inputBuffer[0].a = 0;
}

float4 main() : SV_Target {
  foo(buf);
  return 1.0;
}
