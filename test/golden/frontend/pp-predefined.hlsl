// DXC's predefined macros for a SPIR-V target, seen through -P.
// RUN: %hlsl2spirv -T cs_6_2 -E main -P %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_2 -E main -P -HV 2018 -enable-16bit-types %s | FileCheck %s --check-prefix=HV2018

// CHECK: spirv = 1;
// CHECK: stage_is_compute = 1;
// CHECK: sm = 6 . 2;
// CHECK: hlsl = 2021;
// CHECK: sixteen = __HLSL_ENABLE_16_BIT;
// HV2018: hlsl = 2018;
// HV2018: sixteen = 1;
spirv = __spirv__;
#if __SHADER_TARGET_STAGE == __SHADER_STAGE_COMPUTE
stage_is_compute = 1;
#endif
sm = __SHADER_TARGET_MAJOR . __SHADER_TARGET_MINOR;
hlsl = __HLSL_VERSION;
sixteen = __HLSL_ENABLE_16_BIT;
