// CONFIG: -T ps_6_0 -E main
// Valid HLSL that must check without a diagnostic.

static const float table[] = { 1, 2, 3 };
static const uint N = 4;
groupshared float data[N * N];
struct Pair { float a; float2 b; };
struct Nested { Pair p; int c; };
SamplerState ss { /* WARNING "effect state block ignored - effect syntax is deprecated" */ Filter = MIN_MAG_MIP_LINEAR; };
Texture2D<float4> tex : register(t0);
RWTexture2D<float4> rwtex;
StructuredBuffer<Pair> pairs;
ByteAddressBuffer bab;
vector<float, 3> v3;
matrix<float, 2, 2> m2;
row_major float3x4 rm;

interface IShape { float area(); };
class Circle : IShape {
  float r;
  float area() { return 3.14f * r * twice(); }
  float twice() { return 2 * this.r; }
};

enum Color { Red, Green };

struct Statics { static float4 M; static const int K; };
float4 Statics::M = float4(1, 2, 3, 4);
const int Statics::K = 7;
static const int fromStatic = Statics::K * 2; // a constant once defined

float later(float x);
float callsLater() { return later(1); }
float later(float x) { return x * 2; }

void fill(out Pair p, inout int n) { p.a = 1; p.b = float2(2, 3); n += 1; }

float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
  const uint c = 3;
  float local[c];
  float sized[fromStatic];
  Statics::M.x = sized[0];
  local[0] = table[1];
  Nested nest = { 1, { 2, 3 }, 4 };
  float4 v = 0;
  float3x3 m = (float3x3)0;
  int sel = true ? 1 : 2;
  uint big = 1u << 31;
  Pair p;
  int n = 0;
  fill(p, n);
  Circle circle;
  circle.r = 2;
  float4 t = tex.Sample(ss, uv) + tex.Load(int3(0, 0, 0)) + tex.mips[0][uint2(1, 1)];
  rwtex[uint2(0, 0)] = t;
  uint raw = bab.Load(0);
  float2 pb = pairs[0].b;
  [unroll] for (int i = 0; i < 4; ++i) { v[i] += local[0]; }
  Color col = Green;
  switch (col) { case Red: v.x = 1; break; case Green: v.y = 1; break; default: break; }
  if (all(v > 0) && any(v3)) { v.w = circle.area(); }
  v.xy += mul(m2, uv);
  v.z += determinant(m) + callsLater() + nest.p.b.y + sel + big + raw + pb.x + rm._m00 + n;
  printf("%d", sel);
  return v;
}
