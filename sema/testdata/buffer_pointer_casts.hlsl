// CONFIG: -T cs_6_6 -E main -fspv-target-env=vulkan1.3
// vk::static_pointer_cast goes to the same or a base content type; no
// pointer cast may raise the alignment.

struct Base { int tag; };
struct Derived : Base { int val; };

cbuffer Pointers {
  vk::BufferPointer<Derived, 32> derived;
  vk::BufferPointer<int> ints;
};

[numthreads(1, 1, 1)]
void main() {
  vk::BufferPointer<Base, 16> asBase = vk::static_pointer_cast<Base, 16>(derived);
  vk::BufferPointer<float> asFloat = vk::reinterpret_pointer_cast<float>(ints);
  vk::BufferPointer<Base, 64> tooAligned = vk /* ERROR "Vulkan buffer pointer cannot be cast to greater alignment" */ ::static_pointer_cast<Base, 64>(derived);
  vk::BufferPointer<float> notBase = vk /* ERROR "vk::static_pointer_cast\(\) content type must be base class of argument's content type" */ ::static_pointer_cast<float>(ints);
}
