// CONFIG: -T cs_6_6 -E main
// The descriptor heaps cannot be passed to a function: DXC's back end has
// no parameter of their type.

template <typename T>
float first(T /* ERROR "Resource/sampler heaps are not allowed as function parameters." */ heap) {
  RWStructuredBuffer<float> data = heap[0];
  return data[0];
}

[numthreads(1, 1, 1)]
void main() {
  first(ResourceDescriptorHeap);
}
