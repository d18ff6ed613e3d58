// Node outputs: each output parameter has its own payload array type,
// decorated PayloadNodeNameAMDX (its name or [NodeID] name, an
// OpConstantStringAMDX), PayloadNodeBaseIndexAMDX (a non-zero [NodeID]
// index), NodeMaxPayloadsAMDX ([MaxRecords], else 1),
// NodeSharesPayloadLimitsWithAMDX ([MaxRecordsSharedWith]: the other
// output's type), PayloadNodeSparseArrayAMDX and PayloadNodeArraySizeAMDX;
// the empty kinds hold an empty struct. The wrapper passes a Function
// variable of that type (param.var.<name>). Get*NodeOutputRecords(n) and
// *IncrementOutputCount(n) are OpAllocateNodePayloadsAMDX with Invocation
// (4) or Workgroup (2) scope and the node index (0, or the [i] of an
// output array); the records are kept in a Function variable of the
// output's payload array type and OutputComplete() enqueues it. IsValid()
// is OpIsNodePayloadValidAMDX. (Debian's spirv-val 2023.1 does not know
// the extension: -Vd.)
// RUN: %hlsl2spirv -fcgl -T lib_6_8 -fspv-target-env=vulkan1.3 -Vd %s | FileCheck %s
// RUN: %hlsl2spirv -T lib_6_8 -fspv-target-env=vulkan1.3 -Vd %s
// RUN: %hlsl2spirv -T lib_6_8 -fspv-target-env=vulkan1.3 -fcgl %s | FileCheck %s

// CHECK:      OpDecorateId %[[main:[0-9]+]] PayloadNodeNameAMDX [[mainName:%[0-9]+]]
// CHECK-NEXT: OpDecorateId %[[main]] PayloadNodeBaseIndexAMDX %uint_2
// CHECK-NEXT: OpDecorateId %[[main]] NodeMaxPayloadsAMDX %uint_8
// CHECK-NEXT: OpDecorateId %[[side:[0-9]+]] PayloadNodeNameAMDX [[sideName:%[0-9]+]]
// CHECK-NEXT: OpDecorateId %[[side]] NodeMaxPayloadsAMDX %uint_1
// CHECK-NEXT: OpDecorateId %[[side]] NodeSharesPayloadLimitsWithAMDX %[[main]]
// CHECK-NEXT: OpDecorateId %[[fan:[0-9]+]] PayloadNodeNameAMDX [[fanName:%[0-9]+]]
// CHECK-NEXT: OpDecorateId %[[fan]] NodeMaxPayloadsAMDX %uint_4
// CHECK-NEXT: OpDecorate %[[fan]] PayloadNodeSparseArrayAMDX
// CHECK-NEXT: OpDecorateId %[[fan]] PayloadNodeArraySizeAMDX %uint_5
// CHECK-NEXT: OpDecorateId %[[tick:[0-9]+]] PayloadNodeNameAMDX [[tickName:%[0-9]+]]
// CHECK-NEXT: OpDecorateId %[[tick]] NodeMaxPayloadsAMDX %uint_1

// CHECK-DAG: %[[main]] = OpTypeNodePayloadArrayAMDX %Job
// CHECK-DAG: [[mainName]] = OpConstantStringAMDX "shade"
// CHECK-DAG: %[[side]] = OpTypeNodePayloadArrayAMDX %Job
// CHECK-DAG: [[sideName]] = OpConstantStringAMDX "side"
// CHECK-DAG: %[[fan]] = OpTypeNodePayloadArrayAMDX %Job
// CHECK-DAG: [[fanName]] = OpConstantStringAMDX "fan"
// CHECK-DAG: [[empty:%[_a-z0-9]+]] = OpTypeStruct{{$}}
// CHECK-DAG: %[[tick]] = OpTypeNodePayloadArrayAMDX [[empty]]
// CHECK-DAG: [[tickName]] = OpConstantStringAMDX "tick"

struct Job {
  uint index;
  float weight;
};

RWBuffer<uint> flags;

[Shader("node")]
[NodeLaunch("broadcasting")]
[NodeDispatchGrid(4, 1, 1)]
[NumThreads(32, 1, 1)]
void producer([MaxRecords(8)] [NodeID("shade", 2)] NodeOutput<Job> main,
              [MaxRecordsSharedWith(main)] NodeOutput<Job> side,
              [AllowSparseNodes] [NodeArraySize(5)] [MaxRecords(4)] NodeOutputArray<Job> fan,
              EmptyNodeOutput tick,
              uint gi : SV_GroupIndex) {
// CHECK-LABEL: %producer = OpFunction
// CHECK:      %param_var_main = OpVariable %_ptr_Function_[[main]] Function
// CHECK:      OpFunctionCall %void %src_producer %param_var_main %param_var_side %param_var_fan %param_var_tick %param_var_gi

// CHECK-LABEL: %src_producer = OpFunction
// CHECK:      %main = OpFunctionParameter %_ptr_Function_[[main]]
// CHECK:      %jobs = OpVariable %_ptr_Function_[[main]] Function
// CHECK:      %extra = OpVariable %_ptr_Function_[[fan]] Function
// CHECK:      [[a:%[0-9]+]] = OpAllocateNodePayloadsAMDX %_ptr_NodePayloadAMDX_[[main]] %uint_2 %uint_3 %uint_0
// CHECK-NEXT: [[v:%[0-9]+]] = OpLoad %[[main]] [[a]]
// CHECK-NEXT: OpStore %jobs [[v]]
  GroupNodeOutputRecords<Job> jobs = main.GetGroupNodeOutputRecords(3);
// CHECK:      [[r:%[0-9]+]] = OpAccessChain %_ptr_Function_uint %jobs %uint_1 %int_0
// CHECK-NEXT: OpStore [[r]] %uint_7
  jobs[1].index = 7;
// CHECK:      [[r:%[0-9]+]] = OpAccessChain %_ptr_Function_Job %jobs %uint_0
// CHECK-NEXT: [[w:%[0-9]+]] = OpAccessChain %_ptr_Function_float [[r]] %int_1
// CHECK-NEXT: OpStore [[w]] %float_0_5
  jobs.Get().weight = 0.5;
// CHECK:      OpEnqueueNodePayloadsAMDX %jobs
  jobs.OutputComplete();

// CHECK:      [[i:%[0-9]+]] = OpLoad %uint %gi
// CHECK:      OpAllocateNodePayloadsAMDX %_ptr_NodePayloadAMDX_[[fan]] %uint_4 %uint_1 [[i]]
  ThreadNodeOutputRecords<Job> extra;
  extra = fan[gi].GetThreadNodeOutputRecords(1);
  extra.OutputComplete();

// CHECK:      OpIsNodePayloadValidAMDX %bool %side %uint_0
// CHECK:      [[i:%[0-9]+]] = OpLoad %uint %gi
// CHECK:      OpIsNodePayloadValidAMDX %bool %fan [[i]]
  if (side.IsValid() && fan[gi].IsValid())
    flags[gi] = 1;

// CHECK:      OpAllocateNodePayloadsAMDX %_ptr_NodePayloadAMDX_[[tick]] %uint_2 %uint_1 %uint_0
  tick.GroupIncrementOutputCount(1);
}
