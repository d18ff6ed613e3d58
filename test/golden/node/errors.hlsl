// What DXC rejects in node shaders, with its words: launch types and
// their attributes, the input kinds each launch type takes, one input,
// attributes only outputs (or output arrays) may carry, SV_DispatchGrid
// types, system values by launch type, node record element types.
// RUN: not %hlsl2spirv -T lib_6_8 -fspv-target-env=vulkan1.3 %s 2>&1 | FileCheck %s
// RUN: not %hlsl2spirv -T lib_6_8 -fspv-target-env=vulkan1.3 -DRECORD %s 2>&1 | FileCheck %s --check-prefix=RECORD

struct R { uint a; };
struct BadGrid { float2 grid : SV_DispatchGrid; };

#if defined(RECORD)
// RECORD: error: 'int' is not valid as a node record type - struct/class required
// RECORD: error: record used in NodeOutput may not have zero size
struct Empty {};
[Shader("node")] [NodeLaunch("thread")]
void records(ThreadNodeInputRecord<int> in0, NodeOutput<Empty> out0) {}
#else
// CHECK: :[[@LINE+2]]:13: error: attribute NodeLaunch must have one of these values: broadcasting,coalescing,thread
[Shader("node")]
[NodeLaunch("meshy")] [NumThreads(1, 1, 1)]
void badLaunch() {}

// CHECK: :[[@LINE+3]]:6: error: Node shader 'noThreads' with coalescing launch type requires 'numthreads' attribute
[Shader("node")]
[NodeLaunch("coalescing")]
void noThreads() {}

// CHECK: :[[@LINE+2]]:2: error: Thread launch nodes must have a thread group size of (1,1,1)
[Shader("node")] [NodeLaunch("thread")]
[NumThreads(2, 1, 1)]
void wideThread() {}

// CHECK: :[[@LINE+3]]:6: error: Broadcasting node shader 'noGrid' must have either the NodeDispatchGrid or NodeMaxDispatchGrid attribute
[Shader("node")]
[NumThreads(8, 1, 1)]
void noGrid() {}

// CHECK: :[[@LINE+2]]:24: error: 'NodeDispatchGrid' may only be used with broadcasting nodes
[Shader("node")] [NodeLaunch("coalescing")]
[NumThreads(8, 1, 1)] [NodeDispatchGrid(1, 1, 1)]
void gridOnCoalescing() {}

// CHECK: :[[@LINE+5]]:41: error: 'ThreadNodeInputRecord' may not be used with coalescing nodes (only GroupNodeInputRecords, RWGroupNodeInputRecords, or EmptyNodeInput)
// CHECK: :[[@LINE+5]]:41: error: Node shader 'twoInputs' may not have more than one input record
// CHECK: :[[@LINE+4]]:59: error: Node shader 'twoInputs' may not have more than one input record
[Shader("node")] [NodeLaunch("coalescing")]
[NumThreads(8, 1, 1)]
void twoInputs(ThreadNodeInputRecord<R> a,
               GroupNodeInputRecords<R> b, EmptyNodeInput c) {}

// CHECK: :[[@LINE+3]]:19: error: attribute NodeArraySize may only be used with node output arrays (NodeOutputArray or EmptyNodeOutputArray)
// CHECK: :[[@LINE+3]]:20: error: attribute AllowSparseNodes may only be used with output nodes
[Shader("node")] [NodeLaunch("thread")]
void outputAttrs([NodeArraySize(4)] NodeOutput<R> o,
                 [[AllowSparseNodes]] uint x : X) {}

// CHECK: errors.hlsl:9:32: error: SV_DispatchGrid can only be applied to a declaration of unsigned 32 or 16-bit integer scalar, vector, or array up to 3 elements, not 'float2'
[Shader("node")]
[NumThreads(8, 1, 1)] [NodeMaxDispatchGrid(4, 4, 1)]
void floatGrid(DispatchNodeInputRecord<BadGrid> rec) {}

// CHECK: :[[@LINE+3]]:24: error: Invalid system value semantic 'SV_DispatchThreadID' for launchtype 'Coalescing'
[Shader("node")] [NodeLaunch("coalescing")]
[NumThreads(8, 1, 1)]
void coalescedId(uint3 id : SV_DispatchThreadID) {}
#endif
