// -fspv-debug=vulkan describes the program in
// NonSemantic.Shader.DebugInfo.100: the OpenCL.DebugInfo.100 description
// with every literal operand an OpConstant, a DebugFunctionDefinition at
// the top of each function, DebugEntryPoint for the entry, DebugTypeMatrix
// for float matrices and DebugLine
// (source ranges) instead of OpLine. Without -fcgl the module validates.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=vulkan -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=vulkan-with-source %s | FileCheck %s --check-prefix=SRC

// CHECK:      OpExtension "SPV_KHR_non_semantic_info"
// CHECK:      [[set:%[0-9]+]] = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
// CHECK-NOT:  OpSource
// CHECK:      [[src:%[0-9]+]] = OpExtInst %void [[set]] DebugSource {{%[0-9]+}}{{$}}
// CHECK:      [[cu:%[0-9]+]] = OpExtInst %void [[set]] DebugCompilationUnit %uint_1 %uint_4 [[src]] %uint_5
// CHECK:      DebugTypeComposite {{%[0-9]+}} %uint_1 [[src]] %uint_29 %uint_8 [[cu]] {{%[0-9]+}} %uint_64 %uint_3
// CHECK:      [[m:%[0-9]+]] = OpExtInst %void [[set]] DebugTypeMatrix {{%[0-9]+}} %uint_2 %uint_1
// CHECK:      DebugLocalVariable {{%[0-9]+}} [[m]] [[src]] %uint_46 %uint_12
// CHECK:      [[setup:%[0-9]+]] = OpExtInst %void [[set]] DebugFunction
// CHECK-NEXT: DebugEntryPoint [[setup]] [[cu]]
// CHECK:      %main = OpFunction
// CHECK:      DebugFunctionDefinition [[setup]] %main
// CHECK:      %src_main = OpFunction
// CHECK:      DebugFunctionDefinition
// CHECK:      DebugLine [[src]] %uint_44 %uint_44 %uint_9 %uint_15
// CHECK-NEXT: OpFAdd %float

// SRC:        DebugSource {{%[0-9]+}} {{%[0-9]+}}{{$}}

struct Pair {
  float x;
  float y;
};

Texture2D<float4> tex;
SamplerState samp;
float g;

float4 helper(Pair p, int2x2 m) {
  return float4(p.x, p.y, m[0][0], m[1][1]);
}

float4 main(float4 c : COLOR) : SV_Target {
  Pair p;
  p.x = c.x + g;
  p.y = c.y * 2;
  float2x2 m = float2x2(1, 2, 3, 4);
  float4 r = tex.Sample(samp, c.xy);
  for (int i = 0; i < 3; i++) {
    float k = c.z;
    r += k + m[0][0];
  }
  if (r.x > 0) {
    r = helper(p, int2x2(1, 2, 3, 4));
  }
  return r;
}
