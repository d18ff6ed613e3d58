// Declarations: storage classes, semantics, registers, buffers, types.
static const uint N = 4;
groupshared float cache[64];
row_major float4x4 world : register(c0);
Texture2D<vector<float, 4>> tex : register(t0, space1);
RWStructuredBuffer<uint> counters[] : register(u1);
[[vk::binding(0, 1)]] SamplerState samp;

cbuffer Globals : register(b0) {
  float4 tint : packoffset(c0);
  float scale : packoffset(c1.y);
};

tbuffer Extra { float2 offsets[2]; }

struct VSOut {
  float4 pos : SV_Position;
  nointerpolation uint id : TEXCOORD0;
  uint flags : 4;
};

enum Mode { Off, On = 2 };
enum class Kind : uint { A, B };

typedef float3 Color, Colors[2];
using Index = uint;

namespace ns {
  struct Inner { float v; };
  float get(Inner i) { return i.v; }
}

float annotated < string UIName = "Annotated"; > = 1.0;

static_assert(sizeof(VSOut) == 24, "VSOut " "layout");
struct Checked { static_assert(true); float f; };
void checkLocal() { _Static_assert(N > 2, "N"); }
