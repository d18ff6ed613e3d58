// CONFIG: -T ps_6_0 -E main
// vk:: attributes on declarations they do not apply to (clang's attribute
// subject rules, reported while declaring).

struct S {
  [[vk /* ERROR "'binding' attribute only applies to global variables, cbuffers, and tbuffers" */ ::binding(1)]]
  float4 f;
  [[vk /* ERROR "'push_constant' attribute only applies to global variables of struct type" */ ::push_constant]]
  float4 g;
  [[vk::location(2)]] float4 h; // a field may have a location
  [[vk::offset(16)]] float4 k;
};

[[vk /* ERROR "'counter_binding' attribute only applies to RWStructuredBuffers, AppendStructuredBuffers, and ConsumeStructuredBuffers" */ ::counter_binding(3)]]
Texture2D tex;
[[vk::counter_binding(4)]] RWStructuredBuffer<S> rw;       // fine
[[vk::counter_binding(5)]] AppendStructuredBuffer<S> app[2]; // arrays too

[[vk /* ERROR "'location' attribute only applies to functions, parameters, and fields" */ ::location(1)]]
cbuffer Block { float4 c; }

[[vk /* ERROR "'constant_id' attribute only applies to global variables of scalar type" */ ::constant_id(1)]]
const float2 notScalar = 1;

[[vk /* ERROR "'push_constant' attribute takes no arguments" */ ::push_constant(5)]]
S pushed;

[[vk /* ERROR "'input_attachment_index' attribute only applies to SubpassInput, SubpassInputMS" */ ::input_attachment_index(0)]]
Texture2D notSubpass;

[[vk /* ERROR "'image_format' attribute only applies to RWTextures, RasterizerOrderedTextures, Buffers, RWBuffers, and RasterizerOrderedBuffers" */ ::image_format("rgba8")]]
Texture2D notWritable;
[[vk::image_format("rgba8")]] RWTexture2D<float4> writable;

[[vk /* ERROR "'shader_record_ext' attribute only applies to cbuffer or ConstantBuffer" */ ::shader_record_ext]]
float4 notABlock;

// The parameter's attribute is reported before the function's, as clang does.
[[vk /* ERROR "'binding' attribute only applies to global variables, cbuffers, and tbuffers" */ ::binding(2)]]
float4 main([[vk /* ERROR "'binding' attribute only applies to global variables, cbuffers, and tbuffers" */ ::binding(3)]] float4 a : A) : SV_Target {
  return a + c + notScalar.x + notABlock + pushed.k;
}
