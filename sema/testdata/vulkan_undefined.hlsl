// CONFIG: -T cs_6_0 -E main -all-vulkan-errors
// SPIR-V has no linking: a function the entry calls must be defined in the
// file (a prototype defined later is fine).

RWStructuredBuffer<float> output;

float later(float x);
float missing(float x);
struct S { float get(); float defined() { return 1; } };
float S::get() { return 2; }

[numthreads(1, 1, 1)]
void main() {
  S s;
  output[0] = later(1) + s.get() + s.defined();
  output[1] = missing /* ERROR "found undefined function" */ (2);
}

float later(float x) { return x * 2; }
