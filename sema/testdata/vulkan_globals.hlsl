// CONFIG: -T ps_6_0 -E main -all-vulkan-errors
// Global declarations DXC's SPIR-V back end rejects.

struct Block { float4 f; };
typedef vk::BufferPointer<Block> BlockPtr;

[[vk::push_constant]] Block pc1;
[[vk /* ERROR "cannot have more than one push constant block" */ /* ERROR "vk::push_constant attribute cannot be used together with vk::binding attribute" */ ::push_constant, vk::binding(1)]] Block pc2;
[[vk /* ERROR "vk::shader_record_ext attribute cannot be used together with vk::binding attribute" */ ::shader_record_ext, vk::binding(2)]] ConstantBuffer<Block> record;

[[vk::constant_id(0)]] const bool sc0 = true;
[[vk::constant_id(1)]] const int sc1 = -3;
[[vk::constant_id(2)]] const int sc2 = sc1 /* ERROR "unsupported specialization constant initializer" */;
[[vk::constant_id(3)]] const /* ERROR "unsupported specialization constant type" */ double sc3 = 1;
[[vk::constant_id(4)]] const uint sc4 /* ERROR "missing default value for specialization constant" */;
[[vk::constant_id(5)]] static const float sc5 /* ERROR "specialization constant must be externally visible" */ = 1;

string title = "ok";
[[vk::input_attachment_index(1)]] SubpassInput<Block> blocks /* ERROR "only scalar/vector types allowed as SubpassInput\(MS\) parameter type" */;
[[vk::input_attachment_index(2)]] SubpassInput<float4> colors;
string untitled /* ERROR "Found uninitialized string variable." */;

RWStructuredBuffer<uint> grid /* ERROR "Multi-dimensional arrays of RW/append/consume structured buffers are unsupported in Vulkan" */ [2][3];
RWStructuredBuffer<uint> row[3]; // one dimension is fine

FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP> feedback /* ERROR "Texture resource type 'FeedbackTexture2D' is not supported with -spirv" */;

[[vk::image_format("rgba32f")]] RWTexture2D<float4> fine;
[[vk::image_format("r32ui")]] RWBuffer<uint> fineToo;
[[vk::image_format("rgba32ui")]] RWTexture2D<int4> wrongSign /* ERROR "The image format and the sampled type are not compatible" */;
[[vk::image_format("r64i")]] RWTexture2D<uint> wrongWidth /* ERROR "The image format and the sampled type are not compatible" */;

struct Mixed { Texture2D t; float scale; };
struct Bound { Texture2D t; SamplerState s; };
struct WithBuffer { Texture2D t; StructuredBuffer<float> b; };
Mixed mixed /* ERROR "global structures containing both resources and non-resources are not supported" */;
Bound bound[2];
WithBuffer withBuffer /* ERROR "global structures containing buffers are not supported" */;

int2x2 intMatrix /* ERROR "externally initialized non-floating-point column-major matrices not supported yet" */;
row_major int2x2 rowMatrix;
float2x2 floatMatrix;
cbuffer Params {
  struct { int3x2 m[2]; } nested /* ERROR "externally initialized non-floating-point column-major matrices not supported yet" */;
  row_major uint2x2 fineMatrix;
};

float4 withInit = 1 /* WARNING "variable 'withInit' will be placed in \$Globals so initializer ignored" */;
[[vk /* ERROR "variable 'bound2' will be placed in \$Globals so cannot have vk::binding attribute" */ ::binding(3)]] float4 bound2;

[[vk::ext_builtin_input(24)]] static const uint3 numGroups /* WARNING "previous definition is here" */;
[[vk /* ERROR "cannot redefine builtin 24 as an output" */ ::ext_builtin_output(24)]] static uint3 numGroupsOut;
[[vk::ext_builtin_input(25)]] static uint3 notConst /* ERROR "vk::ext_builtin_input can only be applied to a const-qualified variable" */;
[[vk::ext_builtin_output(26)]] uint3 notStatic /* ERROR "vk::ext_builtin_input and vk::ext_builtin_output can only be applied to a static variable" */;

float4 main() : SV_Target {
  return pc1.f;
}
