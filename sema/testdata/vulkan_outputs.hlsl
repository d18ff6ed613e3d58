// CONFIG: -T cs_6_0 -E main -all-vulkan-errors
// Output arguments DXC's front end accepts and its back end refuses: the
// original value of an interlocked operation and a Load's status need
// memory to write to. (DXC's message names InterlockedCompareExchange for
// every interlocked function.)

groupshared uint value;
RWTexture2D<uint> image;
RWStructuredBuffer<uint> output;

uint getValue() { return 0; }
int getArray()[2] { int a[2] = { 1, 2 }; return a; }

[numthreads(1, 1, 1)]
void main() {
  uint original;
  InterlockedAdd(value, 1, original);   // fine
  InterlockedAdd(value, 1, getValue /* ERROR "InterlockedCompareExchange requires a reference as output parameter" */ ());
  InterlockedCompareExchange(value, 1, 2, 3 /* ERROR "InterlockedCompareExchange requires a reference as output parameter" */);
  uint status;
  output[0] = image.Load(0, status);    // fine
  output[1] = image /* ERROR "an lvalue argument should be used for returning the operation status" */ .Load(0, 0);
  output[2] = getArray()[1];
}
