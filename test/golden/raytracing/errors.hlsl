// Misuses of ray tracing entry points are positioned errors.
// RUN: not %hlsl2spirv -T lib_6_3 -fspv-target-env=vulkan1.2 -DRGEN %s 2>&1 | FileCheck %s --check-prefix=RGEN
// RUN: not %hlsl2spirv -T lib_6_3 -fspv-target-env=vulkan1.2 -DMISS %s 2>&1 | FileCheck %s --check-prefix=MISS

struct Payload { float4 color; };

#ifdef RGEN
// RGEN: errors.hlsl:[[@LINE+2]]:{{[0-9]+}}: error: unexpected parameter 'p' of a raygeneration shader entry point
[shader("raygeneration")]
void gen(inout Payload p) {}
#endif

#ifdef MISS
// MISS: errors.hlsl:[[@LINE+2]]:{{[0-9]+}}: error: unexpected parameter 'extra' of a miss shader entry point
[shader("miss")]
void miss(inout Payload p, in float extra) {}
#endif
