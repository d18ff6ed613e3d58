// A recursive function reached from an entry point is DXC's error (SPIR-V
// for Vulkan forbids cycles in the call graph), reported once per
// recursive function, with a note at it; it compiled to a module spirv-val
// rejects before. Methods are named with their struct.
// RUN: not %hlsl2spirv -T cs_6_0 -E main %s 2>&1 | FileCheck %s
// RUN: not %hlsl2spirv -T lib_6_3 %s -DLIB 2>&1 | FileCheck %s --check-prefix=LIB

RWStructuredBuffer<int> Out : register(u0);

// CHECK: recursion.hlsl:[[@LINE+3]]:1: error: recursive functions are not allowed: function 'main' calls recursive function 'sum'
// CHECK: recursion.hlsl:[[@LINE+2]]:1: note: recursive function located here:
// CHECK: 1 error generated.
int sum(int x) { return x <= 0 ? 0 : x + sum(x - 1); }

// Each recursive function is reported once, for the first entry reaching
// it (diagnostics are listed in source order).
void odd(int x);
// LIB: recursion.hlsl:[[@LINE+1]]:1: error: recursive functions are not allowed: function 'parity' calls recursive function 'even'
void even(int x) { if (x > 0) odd(x - 1); }
// LIB: recursion.hlsl:[[@LINE+1]]:1: error: recursive functions are not allowed: function 'parity2' calls recursive function 'odd'
void odd(int x) { if (x > 0) even(x - 1); }

struct Walker {
  // LIB: recursion.hlsl:[[@LINE+1]]:3: error: recursive functions are not allowed: function 'walk' calls recursive function 'Walker::step'
  void step(int n) { if (n > 0) again(n); }
  void again(int n) { step(n - 1); }
};

#ifndef LIB
[numthreads(1, 1, 1)]
void main() { Out[0] = sum(3); }
#else
// LIB: 3 errors generated.
[shader("compute")] [numthreads(1, 1, 1)]
void parity() { even(3); }
[shader("compute")] [numthreads(1, 1, 1)]
void parity2() { odd(3); }
[shader("compute")] [numthreads(1, 1, 1)]
void walk() { Walker w; w.step(2); }
#endif
