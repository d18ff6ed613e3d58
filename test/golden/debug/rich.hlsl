// -fspv-debug=rich describes the program in OpenCL.DebugInfo.100 (no
// OpSource): types lowered through their SPIR-V types, functions (the
// entry wrapper as __dxc_setup), lexical blocks, local and global
// variables with their declarations, written operands first, as DXC
// sorts them. Without -fcgl, scopes and declarations go inside blocks,
// after the variables, so the module validates (src.main inlined).
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=rich -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=rich %s | FileCheck %s --check-prefix=VAL

// CHECK:      [[set:%[0-9]+]] = OpExtInstImport "OpenCL.DebugInfo.100"
// CHECK-NOT:  OpSource
// CHECK:      [[float:%[0-9]+]] = OpExtInst %void [[set]] DebugTypeBasic {{%[0-9]+}} %uint_32 Float
// CHECK-NEXT: [[src:%[0-9]+]] = OpExtInst %void [[set]] DebugSource
// CHECK-NEXT: [[cu:%[0-9]+]] = OpExtInst %void [[set]] DebugCompilationUnit 1 4 [[src]] HLSL
// CHECK-NEXT: [[pair:%[0-9]+]] = OpExtInst %void [[set]] DebugTypeComposite {{%[0-9]+}} Structure [[src]] 47 8 [[cu]] {{%[0-9]+}} %uint_64 FlagIsProtected|FlagIsPrivate [[x:%[0-9]+]] [[y:%[0-9]+]]
// CHECK-NEXT: [[y]] = OpExtInst %void [[set]] DebugTypeMember {{%[0-9]+}} [[float]] [[src]] 49 9 [[pair]] %uint_32 %uint_32 FlagIsProtected|FlagIsPrivate
// CHECK-NEXT: [[x]] = OpExtInst %void [[set]] DebugTypeMember {{%[0-9]+}} [[float]] [[src]] 48 9 [[pair]] %uint_0 %uint_32 FlagIsProtected|FlagIsPrivate
// CHECK-NEXT: [[v4:%[0-9]+]] = OpExtInst %void [[set]] DebugTypeVector [[float]] 4
// CHECK-NEXT: DebugTypeFunction FlagIsProtected|FlagIsPrivate [[v4]] [[v4]]
// CHECK-NEXT: [[fn:%[0-9]+]] = OpExtInst %void [[set]] DebugFunction {{%[0-9]+}} {{%[0-9]+}} [[src]] 54 1 [[cu]] {{%[0-9]+}} FlagIsProtected|FlagIsPrivate 55 %src_main
// CHECK-NEXT: [[body:%[0-9]+]] = OpExtInst %void [[set]] DebugLexicalBlock [[src]] 55 1 [[fn]]
// CHECK-NEXT: [[inner:%[0-9]+]] = OpExtInst %void [[set]] DebugLexicalBlock [[src]] 57 3 [[body]]
// CHECK-NEXT: [[k:%[0-9]+]] = OpExtInst %void [[set]] DebugLocalVariable {{%[0-9]+}} [[float]] [[src]] 58 11 [[inner]] FlagIsLocal{{$}}
// CHECK-NEXT: [[p:%[0-9]+]] = OpExtInst %void [[set]] DebugLocalVariable {{%[0-9]+}} [[pair]] [[src]] 56 8 [[body]] FlagIsLocal{{$}}
// CHECK-NEXT: [[expr:%[0-9]+]] = OpExtInst %void [[set]] DebugExpression
// CHECK-NEXT: [[c:%[0-9]+]] = OpExtInst %void [[set]] DebugLocalVariable {{%[0-9]+}} [[v4]] [[src]] 54 20 [[fn]] FlagIsLocal 1
// CHECK-NEXT: [[void:%[0-9]+]] = OpExtInst %void [[set]] DebugTypeFunction FlagIsProtected|FlagIsPrivate %void
// CHECK-NEXT: DebugFunction {{%[0-9]+}} [[void]] [[src]] 54 1 [[cu]] {{%[0-9]+}} FlagIsProtected|FlagIsPrivate 55 %main
// CHECK-NEXT: DebugGlobalVariable {{%[0-9]+}} [[float]] [[src]] 52 14 [[cu]] {{%[0-9]+}} %g FlagIsDefinition

// CHECK:      %src_main = OpFunction
// CHECK-NEXT: OpLine
// CHECK-NEXT: %c = OpFunctionParameter
// CHECK-NEXT: DebugScope [[fn]]
// CHECK-NEXT: DebugDeclare [[c]] %c [[expr]]
// CHECK-NEXT: %bb_entry = OpLabel
// CHECK-NEXT: DebugScope [[body]]
// CHECK:      DebugDeclare [[p]] %p [[expr]]
// CHECK:      DebugScope [[inner]]
// CHECK:      DebugDeclare [[k]] %k [[expr]]
// CHECK:      DebugScope [[body]]

// VAL: [[at:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugInlinedAt {{[0-9]+}}
// VAL: %main = OpFunction
// VAL-NEXT: OpLabel

struct Pair {
  float x;
  float y;
};

static float g;

float4 main(float4 c : COLOR) : SV_Target
{
  Pair p = (Pair)0;
  {
    float k = c.x;
    g = k + p.y;
  }
  return c * g;
}

// The inlined code's scopes record the call (DebugInlinedAt):
// VAL-NEXT: DebugScope
// VAL: DebugValue
// VAL: DebugScope {{%[0-9]+}} [[at]]
