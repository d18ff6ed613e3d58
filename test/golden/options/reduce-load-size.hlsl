// -fspv-reduce-load-size: a cbuffer struct or array loaded whole but used
// only member by member is read member by member instead (DXC runs
// spirv-opt's reduce-load-size at threshold 1.1 before the -O passes, and
// at -O0).
// RUN: %hlsl2spirv -T cs_6_0 -E main -fspv-reduce-load-size -O0 %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main -fspv-reduce-load-size %s | FileCheck %s --check-prefix=O3

struct Pair { uint x; uint y; };
cbuffer CB { uint a[4]; Pair p; };
RWStructuredBuffer<uint> result;

// CHECK-NOT: OpLoad %_arr_uint_uint_4
// CHECK:     [[a:%[0-9]+]] = OpAccessChain %_ptr_Uniform__arr_uint_uint_4 %CB %int_0
// CHECK:     [[a0:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint [[a]] %uint_0
// CHECK-NEXT: OpLoad %uint [[a0]]
// CHECK:     [[a3:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint [[a]] %uint_3
// CHECK-NEXT: OpLoad %uint [[a3]]
// CHECK-NOT: OpLoad %Pair
// CHECK:     OpAccessChain %_ptr_Uniform_uint {{%[0-9]+}} %uint_1
// At -O3 the copies leave memory too: only the three elements are read.
// O3-NOT:    OpLoad %_arr_uint_uint_4
// O3:        OpAccessChain %_ptr_Uniform_uint %CB %int_0 %uint_0
// O3:        OpAccessChain %_ptr_Uniform_uint %CB %int_0 %uint_3
// O3:        OpAccessChain %_ptr_Uniform_uint %CB %int_1 %uint_1
[numthreads(1, 1, 1)]
void main() {
  uint copy[4] = a;
  Pair q = p;
  result[0] = copy[0] + copy[3] + q.y;
}
