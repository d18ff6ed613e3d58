// CONFIG: -T gs_6_0 -E main -all-vulkan-errors
// A geometry shader has one input primitive kind and one output stream
// kind (DXC says so without a location; the second one is pointed at).

struct V { float4 pos : SV_Position; };

[maxvertexcount(3)]
void main(triangle in uint i[3] : A,
          line /* ERROR "only one input primitive type can be specified in the geometry shader" */ in uint j[2] : B,
          inout PointStream<V> points,
          inout /* ERROR "only one output primitive type can be specified in the geometry shader" */ LineStream<V> lines) {}
