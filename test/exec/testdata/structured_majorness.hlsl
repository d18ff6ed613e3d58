// Matrices in structured buffers: column_major (the default) stores column
// by column, row_major row by row, and -Zpr flips the default. Each case
// stores M = [[1,2],[3,4]] into both members and reads the bytes back.

struct Mats {
  float2x2 def;                // column_major unless -Zpr
  row_major float2x2 rows;
  column_major float2x2 cols;
};
RWStructuredBuffer<Mats> Out : register(u0);
StructuredBuffer<Mats> In : register(t1);
RWStructuredBuffer<float> Elems : register(u2);

[numthreads(1, 1, 1)]
void store() {
  float2x2 m = float2x2(1, 2, 3, 4);
  Out[0].def = m;
  Out[0].rows = m;
  Out[0].cols = m;
}

[numthreads(1, 1, 1)]
void load() {
  Mats s = In[0];
  Elems[0] = s.def[0][1];
  Elems[1] = s.rows[0][1];
  Elems[2] = s.cols[0][1];
  float2 v = mul(s.rows, float2(1, 10));
  Elems[3] = v.x;
  Elems[4] = v.y;
}

//: case store_default_column_major
//: flags -T cs_6_0 -E store
//: expect Out = f32 1 3 2 4  1 2 3 4  1 3 2 4

//: case store_with_zpr
//: flags -T cs_6_0 -E store -Zpr
//: expect Out = f32 1 2 3 4  1 2 3 4  1 3 2 4
//: xfail glslang: has no -Zpr, so the unannotated matrix stays column-major

//: case load_orders
//: flags -T cs_6_0 -E load
//: in In = f32 1 2 3 4  1 2 3 4  1 2 3 4
//: expect Elems = f32 3 2 3 21 43
