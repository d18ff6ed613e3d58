// Function-like macros, stringizing and pasting, and -D from the command line.
// RUN: %hlsl2spirv -T ps_6_0 -E main -P -DSCALE=3 %s | FileCheck %s

#define CAT(a, b) a##b
#define STR(x) #x
#define APPLY(f, ...) f(__VA_ARGS__)

// CHECK: float CAT_result = float3(1, 2, 3).x * 3;
float CAT(CAT_, result) = APPLY(float3, 1, 2, 3).x * SCALE;
// CHECK: string s = "a + b";
string s = STR(a + b);
