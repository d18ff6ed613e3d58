// CONFIG: -T ps_6_0 -E main
// Expression typing errors. A marker follows the token the error points at.

struct S { float4 pos; };
static const int K = 2;
cbuffer CB { float4 tint; };

float take2(float2 v) { return v.x; }
float over(int x) { return 1; }
float over(uint x) { return 2; }

struct Wrapped { int x; };
int abs(Wrapped w) { return w.x; } // overloads the intrinsic without hiding it
Buffer<float4> bufs[4];
float4 first(Buffer<float4> b[], int i) { return b[i][0]; } // any length

float4 main(float4 input : A) : SV_Target {
  Wrapped wr = { -1 };
  int ab = abs(wr) + abs(-1);
  float4 fb = first(bufs, 1);
  if (input /* ERROR "if statement conditional expressions must evaluate to a scalar" */) { ab++; }
  S s;
  float4 v = input;
  float2 w = v.xy;
  float3 bad = w /* ERROR "cannot initialize a variable of type 'vector<float, 3>' with an lvalue of type 'vector<float, 2>'" */;
  float1 t = v /* WARNING "implicit truncation of vector type" */;
  v.q /* ERROR "invalid" */ = 1;
  s.nope /* ERROR "no member named 'nope' in 'S'" */ = 1;
  K = /* ERROR "cannot assign to variable 'K' with const-qualified type 'const int'" */ 3;
  tint = /* ERROR "cannot assign to variable 'tint'" */ v;
  float d = 1.0 % /* ERROR "modulo cannot be used with doubles" */ 2.0l;
  int x = 1.5f | /* ERROR "int or unsigned int type required" */ 2;
  float f = s + /* ERROR "scalar, vector, or matrix expected" */ 1;
  float g = take2 /* ERROR "no matching function for call to 'take2'" */ (1, 2);
  float h = over /* ERROR "call to 'over' is ambiguous" */ (1.5f);
  float i = normalize /* ERROR "no matching function for call to 'normalize'" */ (s);
  float j = f /* ERROR "subscripted value is not an array, matrix, or vector" */ [0];
  float3 k = float3 /* ERROR "too few elements in vector initialization \(expected 3 elements, have 2\)" */ (1, 2);
  float l = unknownFn /* ERROR "use of undeclared identifier 'unknownFn'" */ (1);
  int arr[K + 1];
  arr[0] = (int)v.x;
  int n[] = { 1, 2, 3 };
  float4 m = { /* ERROR "too few elements" */ w, 1 };
  double dd = 1.5l;
  int p = dd /* WARNING "conversion from larger type 'double' to smaller type 'int', possible loss of data" */;
  return v + arr[2] + n[2] + t + f + g + h + i + j + k.x + l + m + p;
}
