// CONFIG: -T ps_6_0 -E main
// Declarations and name resolution.

struct Light { float3 dir; float intensity; };
struct Spot : Light { float angle; };

typedef float4 color_t;
using index_t = uint;

static const int N = 4;
static const int M = N * 2 + 1;
float weights[M];
Light lights[N];

cbuffer Params { float4x4 mvp; color_t tint; };

Texture2D<float4> tex;
SamplerState samp;

enum Mode { Off, On = 3, Auto };
enum class Filter : uint { Point, Linear };

namespace util {
  float sq(float x) { return x * x; }
  namespace deep { static const float k = 2; }
}

float bad[0 /* ERROR "array size must be greater than zero" */];
float dup;
int dup /* ERROR "redefinition of 'dup'" */;

float use(Spot s) {
  float a[N];
  a[0] = s.intensity + s.angle + s.dir.x;
  index_t i = 2;
  Mode m = Auto;
  Filter f = Filter::Linear;
  return a[i] + util::sq(util::deep::k) + weights[M - 1] + lights[1].intensity + (float)m;
}

float4 main(float2 uv : TEXCOORD0) : SV_Target {
  float4 c = tex.Sample(samp, uv) * tint;
  c.x += missing /* ERROR "use of undeclared identifier 'missing'" */;
  c += mul(mvp, c);
  return c;
}

struct Self : Self /* ERROR "base class has incomplete type" */ { float x; };
float readSelf(Self s) { return s.x; }

namespace na { namespace nb { using namespace na; static const int z = 1; } using namespace nb; }
namespace nc { using namespace nc; }
static const int fromUsing = na::z + na::nb::z;
float4 neverDeclared() { return na::missing /* ERROR "no member named 'missing' in namespace 'na'" */; }
