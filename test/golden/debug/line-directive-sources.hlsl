// Rich debug info under #line: a struct, its members, a function, its
// locals and lexical blocks are described in the DebugSource of the file
// #line names (DXC's presumed location), which has no text, so their line
// numbers never point past the end of the main file's text.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=vulkan-with-source %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=rich -fcgl %s | FileCheck %s --check-prefix=RICH

// CHECK:     [[other:%[0-9]+]] = OpString "other.fxc"
// CHECK:     [[srcother:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugSource [[other]]{{$}}
// CHECK-DAG: DebugTypeMember {{%[0-9]+}} {{%[0-9]+}} [[srcother]] %uint_401
// CHECK-DAG: DebugTypeComposite {{%[0-9]+}} %uint_1 [[srcother]] %uint_400
// CHECK-DAG: DebugFunction {{%[0-9]+}} {{%[0-9]+}} [[srcother]] %uint_404
// CHECK-DAG: DebugLexicalBlock [[srcother]] %uint_405
// CHECK-DAG: DebugLocalVariable {{%[0-9]+}} {{%[0-9]+}} [[srcother]] %uint_40{{[67]}}

// RICH:     [[other:%[0-9]+]] = OpString "other.fxc"
// RICH:     [[srcother:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugSource [[other]]{{$}}
// RICH-DAG: DebugTypeComposite {{%[0-9]+}} Structure [[srcother]] 400
// RICH-DAG: DebugFunction {{%[0-9]+}} {{%[0-9]+}} [[srcother]] 404

#line 400 "other.fxc"
struct Output {
  float4 color : SV_Target0;
};

Output main(float4 pos : SV_Position)
{
  float4 c = pos * 0.5;
  Output o;
  o.color = c;
  return o;
}
