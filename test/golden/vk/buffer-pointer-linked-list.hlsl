// A struct that holds a vk::BufferPointer to itself (a linked list): the
// pointer type is declared with OpTypeForwardPointer before the struct and
// defined after it. __has_feature(hlsl_vk_buffer_pointer) is 1, in #if
// and in code, as with DXC.
// RUN: %hlsl2spirv -T cs_6_0 -E main %s | FileCheck %s

// CHECK: OpTypeForwardPointer %_ptr_PhysicalStorageBuffer_Node PhysicalStorageBuffer
// CHECK: %Node = OpTypeStruct %float %_ptr_PhysicalStorageBuffer_Node
// CHECK: %_ptr_PhysicalStorageBuffer_Node = OpTypePointer PhysicalStorageBuffer %Node
// CHECK: OpLoad %_ptr_PhysicalStorageBuffer_Node {{%[0-9]+}} Aligned 8

#if !__has_feature(hlsl_vk_buffer_pointer)
#error buffer pointers are a feature
#endif

typedef struct Node Node_t;
typedef vk::BufferPointer<Node_t, 8> NodePtr;

struct Node {
  float value;
  NodePtr next;
};

struct Root { NodePtr head; };
[[vk::push_constant]] Root root;
RWStructuredBuffer<float> Out;

[numthreads(1, 1, 1)]
void main() {
  NodePtr p = root.head;
  float sum = 0;
  for (int i = 0; i < 4 && __has_feature(hlsl_vk_buffer_pointer); i++) {
    sum += p.Get().value;
    p = p.Get().next;
  }
  Out[0] = sum;
}
