// Wave and quad intrinsics (SM 6.0-6.7) as GroupNonUniform instructions at
// Subgroup scope (3) on Vulkan 1.1, with the capability each family needs:
// lane count and index, vote (any/all/all-equal), ballot and bit counts,
// reductions and prefix scans per component type (FAdd/IMul/SMin/UMax/FMin,
// bitwise), lane reads, WaveMatch and the WaveMultiPrefix* partitioned
// scans, and the quad reads, QuadAny and QuadAll (quad swaps). A compute
// shader using quad operations gets a derivative group mode.
// WaveMultiPrefixCountBits has no lowering, as in DXC.
// RUN: %hlsl2spirv -fcgl -T cs_6_7 -E main -fspv-target-env=vulkan1.1 %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_7 -E main -fspv-target-env=vulkan1.1 %s
// RUN: not %hlsl2spirv -T cs_6_7 -E main -fspv-target-env=vulkan1.1 -DCOUNT_BITS %s 2>&1 | FileCheck %s --check-prefix=ERR

RWStructuredBuffer<uint4> outU;
RWStructuredBuffer<int4> outI;
RWStructuredBuffer<float4> outF;

// CHECK-DAG: OpCapability GroupNonUniform{{$}}
// CHECK-DAG: OpCapability GroupNonUniformVote
// CHECK-DAG: OpCapability GroupNonUniformBallot
// CHECK-DAG: OpCapability GroupNonUniformArithmetic
// CHECK-DAG: OpCapability GroupNonUniformShuffle
// CHECK-DAG: OpCapability GroupNonUniformPartitionedEXT
// CHECK-DAG: OpCapability GroupNonUniformQuad
// CHECK-DAG: OpExtension "SPV_NV_shader_subgroup_partitioned"
// CHECK: OpExecutionMode %main DerivativeGroupLinear
// CHECK-DAG: OpDecorate %SubgroupSize BuiltIn SubgroupSize
// CHECK-DAG: OpDecorate %SubgroupLocalInvocationId BuiltIn SubgroupLocalInvocationId
[numthreads(32, 1, 1)]
void main(uint id : SV_GroupIndex) {
  float f = float(id);
  int i = int(id) - 4;
// CHECK: OpLoad %uint %SubgroupSize
  outU[0].x = WaveGetLaneCount();
// CHECK: OpLoad %uint %SubgroupLocalInvocationId
  outU[0].y = WaveGetLaneIndex();
// CHECK: OpGroupNonUniformElect %bool %uint_3
  outU[0].z = WaveIsFirstLane();
// CHECK: OpGroupNonUniformAny %bool %uint_3
  outU[1].x = WaveActiveAnyTrue(id > 3);
// CHECK: OpGroupNonUniformAll %bool %uint_3
  outU[1].y = WaveActiveAllTrue(id > 3);
// CHECK: OpGroupNonUniformAllEqual %bool %uint_3
  outU[1].z = WaveActiveAllEqual(id);
// CHECK: OpGroupNonUniformBallot %v4uint %uint_3
  outU[2] = WaveActiveBallot(id > 3);
// CHECK: [[b:%[0-9]+]] = OpGroupNonUniformBallot %v4uint %uint_3
// CHECK: OpGroupNonUniformBallotBitCount %uint %uint_3 Reduce [[b]]
  outU[3].x = WaveActiveCountBits(id > 3);
// CHECK: OpGroupNonUniformFAdd %float %uint_3 Reduce
  outF[0].x = WaveActiveSum(f);
// CHECK: OpGroupNonUniformIMul %int %uint_3 Reduce
  outI[0].x = WaveActiveProduct(i);
// CHECK: OpGroupNonUniformSMin %int %uint_3 Reduce
  outI[0].y = WaveActiveMin(i);
// CHECK: OpGroupNonUniformUMax %uint %uint_3 Reduce
  outU[3].y = WaveActiveMax(id);
// CHECK: OpGroupNonUniformFMin %float %uint_3 Reduce
  outF[0].y = WaveActiveMin(f);
// CHECK: OpGroupNonUniformBitwiseAnd %uint %uint_3 Reduce
  outU[3].z = WaveActiveBitAnd(id);
// CHECK: OpGroupNonUniformBitwiseOr %uint %uint_3 Reduce
  outU[3].w = WaveActiveBitOr(id);
// CHECK: OpGroupNonUniformBitwiseXor %uint %uint_3 Reduce
  outU[4].x = WaveActiveBitXor(id);
// CHECK: OpGroupNonUniformFAdd %float %uint_3 ExclusiveScan
  outF[0].z = WavePrefixSum(f);
// CHECK: OpGroupNonUniformIMul %int %uint_3 ExclusiveScan
  outI[0].z = WavePrefixProduct(i);
// CHECK: [[pb:%[0-9]+]] = OpGroupNonUniformBallot %v4uint %uint_3
// CHECK: OpGroupNonUniformBallotBitCount %uint %uint_3 ExclusiveScan [[pb]]
  outU[4].y = WavePrefixCountBits(id > 3);
// CHECK: OpGroupNonUniformShuffle %float %uint_3 {{%[0-9]+}} %uint_3
  outF[0].w = WaveReadLaneAt(f, 3);
// CHECK: OpGroupNonUniformBroadcastFirst %int %uint_3
  outI[0].w = WaveReadLaneFirst(i);
// CHECK: OpGroupNonUniformPartitionEXT %v4uint
  outU[5] = WaveMatch(id & 3);
  uint4 mask = WaveMatch(id & 1);
// CHECK: [[m:%[0-9]+]] = OpLoad %v4uint %mask
// CHECK: OpGroupNonUniformIAdd %uint %uint_3 PartitionedExclusiveScanEXT {{%[0-9]+}} [[m]]
  outU[6].x = WaveMultiPrefixSum(id, mask);
// CHECK: OpGroupNonUniformIMul %uint %uint_3 PartitionedExclusiveScanEXT
  outU[6].y = WaveMultiPrefixProduct(id, mask);
// CHECK: OpGroupNonUniformBitwiseAnd %uint %uint_3 PartitionedExclusiveScanEXT
  outU[6].z = WaveMultiPrefixBitAnd(id, mask);
// CHECK: OpGroupNonUniformBitwiseOr %uint %uint_3 PartitionedExclusiveScanEXT
  outU[6].w = WaveMultiPrefixBitOr(id, mask);
// CHECK: OpGroupNonUniformBitwiseXor %uint %uint_3 PartitionedExclusiveScanEXT
  outU[7].x = WaveMultiPrefixBitXor(id, mask);
#ifdef COUNT_BITS
// ERR: wave-quad.hlsl:[[@LINE+1]]:15: error: WaveMultiPrefixCountBits intrinsic function unimplemented
  outU[7].y = WaveMultiPrefixCountBits(id > 3, mask);
#endif
// CHECK: OpGroupNonUniformQuadSwap %float %uint_3 {{%[0-9]+}} %uint_0
  outF[1].x = QuadReadAcrossX(f);
// CHECK: OpGroupNonUniformQuadSwap %float %uint_3 {{%[0-9]+}} %uint_1
  outF[1].y = QuadReadAcrossY(f);
// CHECK: OpGroupNonUniformQuadSwap %float %uint_3 {{%[0-9]+}} %uint_2
  outF[1].z = QuadReadAcrossDiagonal(f);
// CHECK: OpGroupNonUniformQuadBroadcast %float %uint_3 {{%[0-9]+}} %uint_2
  outF[1].w = QuadReadLaneAt(f, 2);
// QuadAny/QuadAll combine the lane's value with its three quad swaps.
// CHECK: [[c:%[0-9]+]] = OpUGreaterThan %bool
// CHECK: [[s0:%[0-9]+]] = OpGroupNonUniformQuadSwap %bool %uint_3 [[c]] %uint_0
// CHECK: OpLogicalOr %bool [[c]] [[s0]]
  outU[7].z = QuadAny(id > 3);
// CHECK: [[c2:%[0-9]+]] = OpUGreaterThan %bool
// CHECK: [[t0:%[0-9]+]] = OpGroupNonUniformQuadSwap %bool %uint_3 [[c2]] %uint_0
// CHECK: [[a1:%[0-9]+]] = OpLogicalAnd %bool [[c2]] [[t0]]
// CHECK: [[t1:%[0-9]+]] = OpGroupNonUniformQuadSwap %bool %uint_3 [[c2]] %uint_1
// CHECK: [[a2:%[0-9]+]] = OpLogicalAnd %bool [[a1]] [[t1]]
// CHECK: [[t2:%[0-9]+]] = OpGroupNonUniformQuadSwap %bool %uint_3 [[c2]] %uint_2
// CHECK: OpLogicalAnd %bool [[a2]] [[t2]]
  outU[7].w = QuadAll(id > 3);
}
