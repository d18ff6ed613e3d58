// Byte-address buffers hold a matrix column by column; with
// -fspv-use-legacy-buffer-matrix-order, row by row (DXC's old order).
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main %s | FileCheck %s --check-prefix=COL
// RUN: %hlsl2spirv -T cs_6_0 -E main %s
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main -fspv-use-legacy-buffer-matrix-order %s | FileCheck %s --check-prefix=ROW
// RUN: %hlsl2spirv -T cs_6_0 -E main -fspv-use-legacy-buffer-matrix-order %s

// COL:      [[m:%[0-9]+]] = OpLoad %mat2v3float %m
// COL-NEXT: OpCompositeExtract %float [[m]] 0 0
// COL-NEXT: OpCompositeExtract %float [[m]] 1 0
// COL-NEXT: OpCompositeExtract %float [[m]] 0 1
// ROW:      [[m:%[0-9]+]] = OpLoad %mat2v3float %m
// ROW-NEXT: OpCompositeExtract %float [[m]] 0 0
// ROW-NEXT: OpCompositeExtract %float [[m]] 0 1
// ROW-NEXT: OpCompositeExtract %float [[m]] 0 2

RWByteAddressBuffer buf;

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float2x3 m = float2x3(id, id.zyx);
  buf.Store<float2x3>(0, m);
}
