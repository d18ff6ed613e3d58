// CONFIG: -T cs_6_0 -E main
// With clean globals, functions are walked from the entry: every error of
// the first function that has one is reported, then the walk stops.

static uint counter;

void second() {
  abort();
}

void first() {
  InterlockedAdd(counter /* ERROR "using static variable or function scope variable in interlocked operation is not allowed" */, 1);
  abort /* ERROR "no equivalent for abort intrinsic function in Vulkan" */ ();
  second();
}

[numthreads(1, 1, 1)]
void main() {
  first();
}
