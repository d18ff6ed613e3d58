// CONFIG: -T cs_6_0 -E main -all-vulkan-errors
// DXC keeps no counter for an array of structured buffers inside a struct
// (a fatal error).

RWStructuredBuffer<int> buffers[2];
struct Holder { RWStructuredBuffer<int> b[2]; };

[numthreads(1, 1, 1)]
void main() {
  buffers[0].IncrementCounter();  // a global array: fine
  Holder h;
  h.b = buffers;
  h /* ERROR "Cannot access associated counter variable for an array of buffers in a struct." */ .b[1].IncrementCounter();
}
