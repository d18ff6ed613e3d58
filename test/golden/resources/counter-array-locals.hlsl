// Arrays of structured buffers with counters held in declarations (a
// local, a static, a parameter): as for a single buffer, each has a
// Private counter.var.<name>, here holding the pointer to the array of
// the counters of the array it is given, stored beside the array; an
// element's counter is that element of it. The legalization forwards the
// pointer to the global counters. (DXC has no counter for such an array
// and refuses an element's counter.)
// RUN: %hlsl2spirv -T cs_6_0 -E main -fcgl %s | FileCheck %s --check-prefix=CGL
// RUN: %hlsl2spirv -T cs_6_0 -E main -O0 %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s
// RUN: not %hlsl2spirv -T cs_6_0 -E main -DRUNTIME %s 2>&1 | FileCheck %s --check-prefix=ERR

// CGL-DAG: %counter_var_local = OpVariable %_ptr_Private__ptr_Uniform__arr_type_ACSBuffer_counter_uint_2 Private
// CGL-DAG: %counter_var_arr = OpVariable %_ptr_Private__ptr_Uniform__arr_type_ACSBuffer_counter_uint_2 Private
// CGL-DAG: %counter_var_sbufs = OpVariable %_ptr_Private__ptr_Uniform__arr_type_ACSBuffer_counter_uint_2 Private
// CGL:     OpStore %counter_var_sbufs %counter_var_bufs
// CGL:     %src_main = OpFunction
// CGL:     OpStore %counter_var_local %counter_var_apps
// CGL:     OpStore %counter_var_arr %counter_var_bufs
// CGL:     %bump = OpFunction
// CGL:     [[arr:%[0-9]+]] = OpLoad %_ptr_Uniform__arr_type_ACSBuffer_counter_uint_2 %counter_var_arr
// CGL:     [[elem:%[0-9]+]] = OpAccessChain %_ptr_Uniform_type_ACSBuffer_counter [[arr]]
// CGL:     [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int [[elem]] %uint_0
// CGL:     OpAtomicIAdd %int [[c]]

// (the index is evaluated again for the counter, as DXC does: -O3 reuses
// the first load)
// CHECK:     %main = OpFunction
// CHECK:     [[c:%[0-9]+]] = OpAccessChain %_ptr_Uniform_int %counter_var_apps {{%[0-9]+}} %uint_0
// CHECK:     [[n:%[0-9]+]] = OpAtomicIAdd %int [[c]]
// CHECK:     OpAccessChain %_ptr_Uniform_uint %apps {{%[0-9]+}} %uint_0 [[n]]
// CHECK:     OpAccessChain %_ptr_Uniform_int %counter_var_bufs %uint_1 %uint_0
// CHECK:     OpAccessChain %_ptr_Uniform_int %counter_var_bufs %int_1 %uint_0
// CHECK-NEXT: OpAtomicISub

// ERR: error: failed to legalize SPIR-V

RWStructuredBuffer<uint> bufs[2];
AppendStructuredBuffer<uint> apps[2];
AppendStructuredBuffer<uint> others[2];
cbuffer C { uint sel; };
static RWStructuredBuffer<uint> sbufs[2] = bufs;

uint bump(RWStructuredBuffer<uint> arr[2], uint i) { return arr[i].IncrementCounter(); }

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  AppendStructuredBuffer<uint> local[2] = apps;
#ifdef RUNTIME
  // a choice made at run time leaves a pointer OpPhi, as in DXC
  if (sel == 0) local = others;
#endif
  local[id.x].Append(bump(bufs, 1));
  sbufs[0][0] = sbufs[1].DecrementCounter();
}
