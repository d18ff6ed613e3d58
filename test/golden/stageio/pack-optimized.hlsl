// -pack-optimized shares locations between stage variables component by
// component: each variable goes to the first run of locations that has room
// after the highest component used in them, else to new locations; a 64-bit
// value shares only the upper half of a location. Vertex shader inputs and
// pixel shader outputs keep a location each. Without -fcgl, arrays and
// matrices then become one variable per location (consecutive locations,
// the same component), per-vertex arrays staying arrays of vertices.
// RUN: %hlsl2spirv -T vs_6_0 -E vsmain -pack-optimized -fcgl %s | FileCheck %s --check-prefix=CGL
// RUN: %hlsl2spirv -T vs_6_0 -E vsmain -pack-optimized %s | FileCheck %s --check-prefix=VS
// RUN: %hlsl2spirv -T gs_6_0 -E gsmain -pack-optimized %s | FileCheck %s --check-prefix=GS
// RUN: %hlsl2spirv -T gs_6_0 -E gsmain -pack-optimized %s | FileCheck %s --check-prefix=PARTS
// RUN: %hlsl2spirv -T ps_6_0 -E psmain -pack-optimized -fspv-preserve-interface %s | FileCheck %s --check-prefix=PS
// RUN: %hlsl2spirv -T ps_6_0 -E psmain %s | FileCheck %s --check-prefix=UNPACKED

struct Varyings {
  float4 pos : SV_Position;
  float weight : WEIGHT;       // location 0, component 0
  float3 normal : NORMAL;      // fills location 0
  float2 uv[2] : UV;           // locations 1 and 2
  float3x2 basis : BASIS;      // 3 locations of 2 components: 3, 4, 5
  uint id : ID;                // location 1, component 2
  double depth : DEPTH;        // location 1 is full to 3: location 2, component 2
};

// CGL-DAG: OpDecorate %in_var_BASIS Location 1
// CGL-DAG: OpDecorate %out_var_WEIGHT Location 0
// CGL-DAG: OpDecorate %out_var_NORMAL Location 0
// CGL-DAG: OpDecorate %out_var_NORMAL Component 1
// CGL-DAG: OpDecorate %out_var_UV Location 1
// CGL-DAG: OpDecorate %out_var_BASIS Location 3
// CGL-DAG: OpDecorate %out_var_ID Location 1
// CGL-DAG: OpDecorate %out_var_ID Component 2
// CGL-DAG: OpDecorate %out_var_DEPTH Location 2
// CGL-DAG: OpDecorate %out_var_DEPTH Component 2
// CGL-DAG: %out_var_UV = OpVariable %_ptr_Output__arr_v2float_uint_2 Output
// CGL-DAG: %out_var_BASIS = OpVariable %_ptr_Output_mat3v2float Output

// A vertex shader's matrix input keeps its location, but is split too.
// VS-DAG: OpDecorate %in_var_BASIS Location 1
// VS-DAG: OpDecorate %in_var_BASIS Component 0
// VS-DAG: OpDecorate %in_var_BASIS_0 Location 2
// VS-DAG: OpDecorate %in_var_BASIS_1 Location 3
// VS-DAG: OpDecorate %out_var_UV Location 1
// VS-DAG: OpDecorate %out_var_UV Component 0
// VS-DAG: OpDecorate %out_var_UV_0 Location 2
// VS-DAG: OpDecorate %out_var_UV_0 Component 0
// VS-DAG: OpDecorate %out_var_BASIS Location 3
// VS-DAG: OpDecorate %out_var_BASIS_0 Location 4
// VS-DAG: OpDecorate %out_var_BASIS_1 Location 5
// VS-DAG: %out_var_UV_0 = OpVariable %_ptr_Output_v2float Output
// VS-DAG: %out_var_BASIS_1 = OpVariable %_ptr_Output_v2float Output
// VS-NOT: OpTypeMatrix
// VS: %vsmain = OpFunction
Varyings vsmain(float4 p : POSITION, float3x2 b : BASIS) {
  Varyings v = (Varyings)0;
  v.pos = p;
  v.weight = p.w;
  v.normal = p.xyz;
  v.uv[0] = p.xy;
  v.uv[1] = p.zw;
  v.basis = b;
  v.id = 3;
  v.depth = p.z;
  return v;
}

// Geometry shader inputs are packed like outputs; a split input stays an
// array over the primitive's vertices.
// GS-DAG: OpDecorate %in_var_UV Location 1
// GS-DAG: OpDecorate %in_var_UV_0 Location 2
// GS-DAG: OpDecorate %in_var_ID Location 1
// GS-DAG: OpDecorate %in_var_ID Component 2
// GS-DAG: OpDecorate %out_var_BASIS_1 Location 5
// GS-DAG: %in_var_BASIS_1 = OpVariable %_ptr_Input__arr_v2float_uint_3 Input
// GS-DAG: %out_var_BASIS_1 = OpVariable %_ptr_Output_v2float Output
// The parts take the original's decorations, and its name, but a name is
// no decoration (it once became a stray RelaxedPrecision).
// PARTS-NOT: RelaxedPrecision
// PARTS: OpFunctionEnd
[maxvertexcount(3)]
void gsmain(triangle Varyings input[3], inout TriangleStream<Varyings> stream) {
  for (uint i = 0; i < 3; i++) {
    Varyings v = input[i];
    v.uv[1] += v.basis[2];
    stream.Append(v);
  }
}

// (Unused inputs are kept here, so that every part is seen.)
// PS-DAG: OpDecorate %in_var_NORMAL Location 0
// PS-DAG: OpDecorate %in_var_NORMAL Component 1
// PS-DAG: OpDecorate %in_var_DEPTH Location 2
// PS-DAG: OpDecorate %in_var_DEPTH Component 2
// PS-DAG: OpDecorate %in_var_DEPTH Flat
// PS-DAG: OpDecorate %in_var_BASIS_0 Location 4
// PS-DAG: OpDecorate %out_var_SV_Target Location 0
// UNPACKED-NOT: Component
// UNPACKED-DAG: OpDecorate %in_var_BASIS Location 4
// UNPACKED-DAG: OpDecorate %in_var_DEPTH Location 8
float4 psmain(Varyings v) : SV_Target {
  return float4(v.normal * v.weight + float3(v.uv[1], v.id) + v.basis[1].xyx, (float)v.depth);
}
