// Loose global variables go into the $Globals uniform buffer, in
// declaration order, packed like a cbuffer (vector-relaxed std140 by
// default). The input is f32 iota: a float read is its byte offset / 4.
//: in $Globals = f32 iota(32)
//: expect Out = f32 0 1 3 4 7 9 12 16 20 22
//: xfail glslang: lays out $Global with strict std140 (float2 aligned to 8, float3 to 16); DXC packs it vector-relaxed like any cbuffer
float  g_a;        // 0
float2 g_b;        // 4
float  g_c;        // 12
float3 g_d;        // 16
float  g_e;        // 28
float4 g_f;        // 32
float  g_arr[2];   // 48, 64: each element in its own register
float3 g_last;     // 80: std140 pads the array to 32 bytes
RWStructuredBuffer<float> Out : register(u1);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = g_a; Out[1] = g_b.x; Out[2] = g_c; Out[3] = g_d.x; Out[4] = g_e;
  Out[5] = g_f.y; Out[6] = g_arr[0]; Out[7] = g_arr[1]; Out[8] = g_last.x; Out[9] = g_last.z;
}
