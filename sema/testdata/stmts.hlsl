// CONFIG: -T vs_6_0 -E main
// Statement checks.

struct Out { float4 pos : SV_Position; };

float noValue() {
  return /* ERROR "non-void function 'noValue' should return a value" */;
}

void withValue() {
  return /* ERROR "void function 'withValue' should not return a value" */ 1;
}

float4 wrongType() {
  Out o = (Out)0;
  return o /* ERROR "cannot initialize return object of type 'float4' with an lvalue of type 'Out'" */;
}

int cases(int x) {
  switch (x) {
  case 1:
    break;
  case 1 /* ERROR "duplicate case value '1'" */:
    break;
  case x /* ERROR "expression is not an integral constant expression" */:
    break;
  default:
    break;
  }
  for (int i = 0; i < 4; i++) {
    if (i == 2) continue;
    if (i == 3) break;
  }
  while (x > 0) { x--; }
  do { x++; } while (x < 10);
  return x;
}

void branches() {
  break /* ERROR "'break' statement not in loop or switch statement" */;
  continue /* ERROR "'continue' statement not in loop statement" */;
}

void reached() {
  discard /* ERROR "discard statement may only be used in pixel shaders" */;
}

void notReached() {
  discard; // not called from the entry: DXC does not emit it, no error
}

Out main(float4 p : POSITION) {
  Out o;
  o.pos = p;
  reached();
  {
    float4 p = 0; // shadows the parameter
    o.pos += p;
  }
  int scoped = 1;
  if (scoped) { int inner = 2; }
  inner /* ERROR "use of undeclared identifier 'inner'" */ = 3;
  return o;
}

int loops() {
  for (int i = 0; i < 2; i++) {}
  for (int i /* WARNING "redefinition of 'i' shadows declaration in the outer scope" */ = 0; i < 3; i++) {}
  return i; // still in scope after the loop, as in fxc
}
