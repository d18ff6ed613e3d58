// vk::ext_result_id<T> holds an inline instruction's result id as is: the
// local has no variable, and passing it to another inline instruction
// passes that id. It must be initialized; it cannot be assigned or read as
// a T.
// RUN: %hlsl2spirv -T cs_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main %s
// RUN: not %hlsl2spirv -T cs_6_0 -E main -DUNINIT %s 2>&1 | FileCheck %s --check-prefix=UNINIT
// RUN: not %hlsl2spirv -T cs_6_0 -E main -DREAD %s 2>&1 | FileCheck %s --check-prefix=READ

[[vk::ext_instruction(/* OpLoad */ 61)]]
vk::ext_result_id<float> load([[vk::ext_reference]] float pointer, [[vk::ext_literal]] int memoryOperands);

[[vk::ext_instruction(/* OpStore */ 62)]]
void store([[vk::ext_reference]] float pointer, vk::ext_result_id<float> value, [[vk::ext_literal]] int memoryOperands);

RWStructuredBuffer<float> result;

// CHECK-NOT: %loaded = OpVariable
// CHECK: [[v:%[0-9]+]] = OpLoad %float %source Volatile
// CHECK-NEXT: OpStore %target [[v]] Volatile
[numthreads(1, 1, 1)]
void main() {
  float source = result[0];
  float target;
#ifdef UNINIT
// UNINIT: ext-result-id.hlsl:[[@LINE+1]]:28: error: a vk::ext_result_id variable must be initialized with an inline SPIR-V instruction's result
  vk::ext_result_id<float> loaded;
#else
  vk::ext_result_id<float> loaded = load(source, /* Volatile */ 1);
#endif
  store(target, loaded, /* Volatile */ 1);
#ifdef READ
// READ: ext-result-id.hlsl:[[@LINE+1]]:15: error: cannot convert from 'vk::ext_result_id<float>' to 'float'
  result[1] = loaded;
#else
  result[1] = target;
#endif
}
