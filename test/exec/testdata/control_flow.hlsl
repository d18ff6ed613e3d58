// Structured control flow: loops with break and continue, nested loops,
// switch with fallthrough and default, do-while, early returns.

StructuredBuffer<int> In : register(t1);
RWStructuredBuffer<int> Out : register(u0);

//: in In = i32 20 3 14 7

//: case for_break_continue
//: flags -T cs_6_0 -E brk
//: expect Out = i32 75 16
[numthreads(1, 1, 1)]
void brk() {
  int sum = 0, i;
  for (i = 0; i < In[0]; i++) {
    if (i % In[1] == 0) continue;   // skip multiples of 3
    if (i > In[2]) break;           // stop after 14
    sum += i;
  }
  Out[0] = sum;                     // 1+2+4+5+7+8+10+11+13+14
  Out[1] = i;                       // 15 is skipped, 16 breaks
}

//: case nested_loops_inner_break
//: flags -T cs_6_0 -E nested
//: expect Out = i32 66 4
[numthreads(1, 1, 1)]
void nested() {
  int total = 0, rows = 0;
  for (int r = 0; r < 4; r++) {
    for (int c = 0; c < 10; c++) {
      if (c > r + 2) break;         // leaves the inner loop only
      total += r + c;
    }
    rows++;
  }
  Out[0] = total;
  Out[1] = rows;
}

//: case switch_fallthrough
//: flags -T cs_6_0 -E sw
//: expect Out = i32 111 110 100 1000 1000
[numthreads(5, 1, 1)]
void sw(uint3 id : SV_DispatchThreadID) {
  int r = 0;
  switch (id.x) {
  case 0:
    r += 1;
  case 1:
    r += 10;          // falls through from case 0
  case 2:
    r += 100;
    break;
  default:
    r += 1000;
    break;
  }
  Out[id.x] = r;
}

//: case switch_default_in_middle
//: flags -T cs_6_0 -E swd
//: expect Out = i32 5 -1 -1 9 -1
[numthreads(5, 1, 1)]
void swd(uint3 id : SV_DispatchThreadID) {
  int r;
  switch ((int)id.x - 1) {
  case -1: r = 5; break;
  default: r = -1; break;
  case 2: r = 9; break;
  }
  Out[id.x] = r;
}

//: case do_while_runs_once
//: flags -T cs_6_0 -E dowhile
//: expect Out = i32 1 31 6
[numthreads(1, 1, 1)]
void dowhile() {
  int n = 0;
  do { n++; } while (n < 0);
  Out[0] = n;
  int x = 1, steps = 0;
  do { x = x * 2 + 1; steps++; } while (x < In[0]);
  Out[1] = x;
  Out[2] = steps + 2;
}

int firstAbove(int limit) {
  for (int i = 0; i < 100; i++) {
    if (i * i > limit) return i;    // early return from inside the loop
  }
  return -1;
}

//: case early_return_from_loop
//: flags -T cs_6_0 -E early
//: expect Out = i32 5 4 -1
[numthreads(1, 1, 1)]
void early() {
  Out[0] = firstAbove(In[0]);
  Out[1] = firstAbove(In[2] - 1);
  Out[2] = firstAbove(100000);
}

//: case while_with_compound_condition
//: flags -T cs_6_0 -E wh
//: expect Out = i32 7 13
[numthreads(1, 1, 1)]
void wh() {
  int a = 0, b = 0;
  while (a < In[3] && b < 100) { a++; b += a % 2 == 0 ? 1 : 2; }
  Out[0] = a;
  Out[1] = b + 2;
}

//: case unrolled_loop_with_break
//: flags -T cs_6_0 -E unr
//: expect Out = i32 3 6 0 0
[numthreads(1, 1, 1)]
void unr() {
  int acc = 0;
  [unroll] for (int i = 0; i < 4; i++) {
    if (i == 2) break;
    acc += In[1];
    Out[i] = acc;
  }
}

//: case if_else_chain
//: flags -T cs_6_0 -E chain
//: in In = i32 -5 0 5 50
//: expect Out = i32 -1 0 1 2
[numthreads(4, 1, 1)]
void chain(uint3 id : SV_DispatchThreadID) {
  int v = In[id.x], r;
  if (v < 0) r = -1;
  else if (v == 0) r = 0;
  else if (v < 10) r = 1;
  else r = 2;
  Out[id.x] = r;
}

//: case divergent_loop_trip_counts
//: flags -T cs_6_0 -E diverge
//: expect Out = i32 0 1 3 6 10 15 21 28
[numthreads(8, 1, 1)]
void diverge(uint3 id : SV_DispatchThreadID) {
  int s = 0;
  for (uint i = 1; i <= id.x; i++) s += i;   // each thread loops id.x times
  Out[id.x] = s;
}

//: case break_and_continue_inside_switch_inside_loop
//: flags -T cs_6_0 -E swloop
//: expect Out = i32 212
[numthreads(1, 1, 1)]
void swloop() {
  int sum = 0;
  for (int i = 0; i < 6; i++) {
    switch (i % 3) {
    case 0:
      continue;       // the loop's next iteration
    case 1:
      break;          // leaves the switch only
    default:
      sum += 100;
      break;
    }
    sum += i;
  }
  Out[0] = sum;       // 1 + (100 + 2) + 4 + (100 + 5)
}

//: case continue_in_do_while_checks_the_condition
//: flags -T cs_6_0 -E docont
//: expect Out = i32 12 6
[numthreads(1, 1, 1)]
void docont() {
  int i = 0, sum = 0;
  do {
    i++;
    if (i % 2 == 1) continue;   // jumps to the while condition
    sum += i;
  } while (i < In[1] * 2);
  Out[0] = sum;
  Out[1] = i;
}

//: case infinite_loop_with_break
//: flags -T cs_6_0 -E forever
//: expect Out = i32 8
[numthreads(1, 1, 1)]
void forever() {
  int n = 0;
  while (true) {
    n++;
    if (n * n > 50) break;
  }
  Out[0] = n;
}

//: case switch_without_match_or_default
//: flags -T cs_6_0 -E nomatch
//: expect Out = i32 -7 1
[numthreads(1, 1, 1)]
void nomatch() {
  int r = -7;
  switch (In[0]) {
  case 1: r = 1; break;
  case 2: r = 2; break;
  }
  Out[0] = r;
  switch (In[3] - 6) {
  case 1: r = 1; break;
  }
  Out[1] = r;
}
