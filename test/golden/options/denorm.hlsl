// -denorm sets the 32-bit denormal mode of the entry point; "any" is the
// default and adds nothing.
// RUN: %hlsl2spirv -T ps_6_2 -E main -denorm preserve %s | FileCheck %s --check-prefix=PRESERVE
// RUN: %hlsl2spirv -T ps_6_2 -E main -denorm ftz %s | FileCheck %s --check-prefix=FTZ
// RUN: %hlsl2spirv -T ps_6_2 -E main -denorm any %s | FileCheck %s --check-prefix=ANY
// RUN: not %hlsl2spirv -T ps_6_2 -E main -denorm fast %s 2>&1 | FileCheck %s --check-prefix=BAD

// PRESERVE: OpCapability DenormPreserve
// PRESERVE: OpExtension "SPV_KHR_float_controls"
// PRESERVE: OpExecutionMode %main DenormPreserve 32
// FTZ:      OpCapability DenormFlushToZero
// FTZ:      OpExecutionMode %main DenormFlushToZero 32
// ANY-NOT:  Denorm
// BAD:      Unsupported value 'fast' for denorm option.

float4 main(float4 c : C) : SV_Target { return c * 0.5; }
