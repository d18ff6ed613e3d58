// A node's input record array is a NodePayloadAMDX variable, in.var.<name>,
// of an OpTypeNodePayloadArrayAMDX of the record struct laid out scalar;
// src.<node> takes a pointer to it. Get() is an access chain into element
// (uint) 0, Get(i) and [i] into element i (one chain with the member
// after [i]); Count() is OpNodePayloadArrayLengthAMDX,
// FinishedCrossGroupSharing() OpFinishWritingNodePayloadAMDX. The input's
// NodeMaxPayloadsAMDX is its [MaxRecords] (1 without). The SV_DispatchGrid
// member of an input record is PayloadDispatchIndirectAMDX on the struct
// that holds it; [NodeTrackRWInputSharing] makes the struct
// TrackFinishWritingAMDX. (Debian's spirv-val 2023.1 does not know the
// extension: -Vd.)
// RUN: %hlsl2spirv -fcgl -T lib_6_8 -fspv-target-env=vulkan1.3 -Vd %s | FileCheck %s
// RUN: %hlsl2spirv -T lib_6_8 -fspv-target-env=vulkan1.3 -Vd %s

// CHECK:     OpEntryPoint GLCompute %gridded "gridded" %in_var_rec %gl_GlobalInvocationID %results
// CHECK:     OpEntryPoint GLCompute %batched "batched" %in_var_recs %gl_LocalInvocationIndex %results

// CHECK-DAG: OpMemberDecorate %Inner 1 PayloadDispatchIndirectAMDX
// CHECK-DAG: OpDecorate %Tracked TrackFinishWritingAMDX
// CHECK-DAG: OpDecorateId [[grid_arr:%[0-9]+]] NodeMaxPayloadsAMDX %uint_1
// CHECK-DAG: OpDecorateId [[batch_arr:%[0-9]+]] NodeMaxPayloadsAMDX %uint_16
// CHECK-DAG: %Tracked = OpTypeStruct %uint %Inner
// CHECK-DAG: [[grid_arr]] = OpTypeNodePayloadArrayAMDX %Tracked
// CHECK-DAG: [[batch_arr]] = OpTypeNodePayloadArrayAMDX %Item
// CHECK-DAG: %in_var_rec = OpVariable %_ptr_NodePayloadAMDX_{{[0-9]+}} NodePayloadAMDX

struct Inner {
  uint pad;
  uint2 grid : SV_DispatchGrid;
};

struct [NodeTrackRWInputSharing] Tracked {
  uint value;
  Inner inner;
};

struct Item {
  float4 color;
  uint id;
};

RWStructuredBuffer<float4> results;

[Shader("node")]
[NodeLaunch("broadcasting")]
[NodeMaxDispatchGrid(16, 16, 1)]
[NumThreads(8, 8, 1)]
void gridded(RWDispatchNodeInputRecord<Tracked> rec, uint3 tid : SV_DispatchThreadID) {
// CHECK-LABEL: %src_gridded = OpFunction
// CHECK:       %rec = OpFunctionParameter %_ptr_NodePayloadAMDX_{{[0-9]+}}
// CHECK:       [[r:%[0-9]+]] = OpAccessChain %_ptr_NodePayloadAMDX_Tracked %rec %uint_0
// CHECK:       [[p:%[0-9]+]] = OpAccessChain %_ptr_NodePayloadAMDX_uint [[r]] %int_0
// CHECK:       OpStore [[p]] {{%[0-9]+}}
  rec.Get().value = tid.x;
// CHECK:       [[done:%[0-9]+]] = OpFinishWritingNodePayloadAMDX %bool %rec
// CHECK:       OpBranchConditional [[done]]
  if (rec.FinishedCrossGroupSharing()) {
// CHECK:       [[r:%[0-9]+]] = OpAccessChain %_ptr_NodePayloadAMDX_Tracked %rec %uint_0
// CHECK:       OpAccessChain %_ptr_NodePayloadAMDX_v2uint [[r]] %int_1 %int_1
    results[0] = rec.Get().inner.grid.xyxy;
  }
}

[Shader("node")]
[NodeLaunch("coalescing")]
[NumThreads(16, 1, 1)]
void batched([MaxRecords(16)] GroupNodeInputRecords<Item> recs, uint gi : SV_GroupIndex, EmptyNodeOutput done) {
// CHECK-LABEL: %src_batched = OpFunction
// CHECK:       [[n:%[0-9]+]] = OpNodePayloadArrayLengthAMDX %uint %recs
// CHECK:       OpULessThan %bool {{%[0-9]+}} [[n]]
  if (gi < recs.Count()) {
// CHECK:       [[i:%[0-9]+]] = OpLoad %uint %gi
// CHECK:       [[e:%[0-9]+]] = OpAccessChain %_ptr_NodePayloadAMDX_Item %recs [[i]]
// CHECK:       [[rec:%[0-9]+]] = OpLoad %Item [[e]]
// CHECK:       [[local:%[0-9]+]] = OpCopyLogical %Item_0 [[rec]]
// CHECK:       OpStore %copy [[local]]
// CHECK:       [[i:%[0-9]+]] = OpLoad %uint %gi
// CHECK:       OpAccessChain %_ptr_NodePayloadAMDX_v4float %recs [[i]] %int_0
    Item copy = recs.Get(gi);
    results[recs[gi].id] = recs[gi].color + copy.color;
  }
}
