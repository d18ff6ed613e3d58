// CONFIG: -T lib_6_6
// Library entry points are checked by their [shader("...")] stage; typed
// buffer and texture elements must be scalars or vectors.

struct S { float a; };
RWBuffer<S /* ERROR "elements of typed buffers and textures must be scalars or vectors" */> bad;
Texture2D<float4> good;
StructuredBuffer<S> fine;

[shader("compute")]
[numthreads(8, 8, 1)]
void withThreads(uint3 id : SV_DispatchThreadID) {}

[shader("compute")]
void noThreads /* ERROR "compute entry point must have a valid numthreads attribute" */ (uint3 id : SV_DispatchThreadID) {}

[shader("pixel")]
float4 ps(float4 p : SV_Position) : SV_Target { return p; }
