package disasm

import (
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// spirv-dis v2023.1 was built from the SPIR-V grammar of January 2023. Where
// an opcode or enumerant has several names, it prints the first one its
// table lists that is available (SPIR-V 1.5, or enabled by a capability or
// an extension); the grammar in builder/spv has since promoted other
// spellings to canonical (KHR over NV, ALTERA over INTEL). These tables keep
// the old spelling so the text stays identical to spirv-dis. Each entry is
// an alias of the current canonical name (TestSpellingsAreAliases) and a
// sample is checked against spirv-dis (TestSpellingsMatchSpirvDis).
//
// This package's tables are built on first use (sync.OnceValue): a compile
// that prints no disassembly never needs them, and every process would pay
// for map literals at start-up.

// opSpelling2023 maps opcodes to the name spirv-dis v2023.1 prints.
var opSpelling2023 = sync.OnceValue(func() map[spv.Op]string {
	return map[spv.Op]string{
		spv.OpGroupNonUniformPartitionEXT:     "OpGroupNonUniformPartitionNV",
		spv.OpArbitraryFloatSinCosPiALTERA:    "OpArbitraryFloatSinCosPiINTEL",
		spv.OpArbitraryFloatCastALTERA:        "OpArbitraryFloatCastINTEL",
		spv.OpArbitraryFloatCastFromIntALTERA: "OpArbitraryFloatCastFromIntINTEL",
		spv.OpArbitraryFloatCastToIntALTERA:   "OpArbitraryFloatCastToIntINTEL",
		spv.OpArbitraryFloatAddALTERA:         "OpArbitraryFloatAddINTEL",
		spv.OpArbitraryFloatSubALTERA:         "OpArbitraryFloatSubINTEL",
		spv.OpArbitraryFloatMulALTERA:         "OpArbitraryFloatMulINTEL",
		spv.OpArbitraryFloatDivALTERA:         "OpArbitraryFloatDivINTEL",
		spv.OpArbitraryFloatGTALTERA:          "OpArbitraryFloatGTINTEL",
		spv.OpArbitraryFloatGEALTERA:          "OpArbitraryFloatGEINTEL",
		spv.OpArbitraryFloatLTALTERA:          "OpArbitraryFloatLTINTEL",
		spv.OpArbitraryFloatLEALTERA:          "OpArbitraryFloatLEINTEL",
		spv.OpArbitraryFloatEQALTERA:          "OpArbitraryFloatEQINTEL",
		spv.OpArbitraryFloatRecipALTERA:       "OpArbitraryFloatRecipINTEL",
		spv.OpArbitraryFloatRSqrtALTERA:       "OpArbitraryFloatRSqrtINTEL",
		spv.OpArbitraryFloatCbrtALTERA:        "OpArbitraryFloatCbrtINTEL",
		spv.OpArbitraryFloatHypotALTERA:       "OpArbitraryFloatHypotINTEL",
		spv.OpArbitraryFloatSqrtALTERA:        "OpArbitraryFloatSqrtINTEL",
		spv.OpFixedSqrtALTERA:                 "OpFixedSqrtINTEL",
		spv.OpFixedRecipALTERA:                "OpFixedRecipINTEL",
		spv.OpFixedRsqrtALTERA:                "OpFixedRsqrtINTEL",
		spv.OpFixedSinALTERA:                  "OpFixedSinINTEL",
		spv.OpFixedCosALTERA:                  "OpFixedCosINTEL",
		spv.OpFixedSinCosALTERA:               "OpFixedSinCosINTEL",
		spv.OpFixedSinPiALTERA:                "OpFixedSinPiINTEL",
		spv.OpFixedCosPiALTERA:                "OpFixedCosPiINTEL",
		spv.OpFixedSinCosPiALTERA:             "OpFixedSinCosPiINTEL",
		spv.OpFixedLogALTERA:                  "OpFixedLogINTEL",
		spv.OpFixedExpALTERA:                  "OpFixedExpINTEL",
		spv.OpPtrCastToCrossWorkgroupALTERA:   "OpPtrCastToCrossWorkgroupINTEL",
		spv.OpCrossWorkgroupCastToPtrALTERA:   "OpCrossWorkgroupCastToPtrINTEL",
		spv.OpReadPipeBlockingALTERA:          "OpReadPipeBlockingINTEL",
		spv.OpWritePipeBlockingALTERA:         "OpWritePipeBlockingINTEL",
		spv.OpFPGARegALTERA:                   "OpFPGARegINTEL",
		spv.OpControlBarrierArriveEXT:         "OpControlBarrierArriveINTEL",
		spv.OpControlBarrierWaitEXT:           "OpControlBarrierWaitINTEL",
	}
})

type enumKey struct {
	kind  spv.OperandKind
	value uint32
}

// enumSpelling2023 maps enumerants to the name spirv-dis v2023.1 prints.
var enumSpelling2023 = sync.OnceValue(func() map[enumKey]string {
	return map[enumKey]string{
		{spv.KindFPFastMathMode, 65536}:            "AllowContractFastINTEL",                  // now AllowContract
		{spv.KindFPFastMathMode, 131072}:           "AllowReassocINTEL",                       // now AllowReassoc
		{spv.KindLoopControl, 65536}:               "InitiationIntervalINTEL",                 // now InitiationIntervalALTERA
		{spv.KindLoopControl, 131072}:              "MaxConcurrencyINTEL",                     // now MaxConcurrencyALTERA
		{spv.KindLoopControl, 262144}:              "DependencyArrayINTEL",                    // now DependencyArrayALTERA
		{spv.KindLoopControl, 524288}:              "PipelineEnableINTEL",                     // now PipelineEnableALTERA
		{spv.KindLoopControl, 1048576}:             "LoopCoalesceINTEL",                       // now LoopCoalesceALTERA
		{spv.KindLoopControl, 2097152}:             "MaxInterleavingINTEL",                    // now MaxInterleavingALTERA
		{spv.KindLoopControl, 4194304}:             "SpeculatedIterationsINTEL",               // now SpeculatedIterationsALTERA
		{spv.KindLoopControl, 8388608}:             "NoFusionINTEL",                           // now NoFusionALTERA
		{spv.KindLoopControl, 16777216}:            "LoopCountINTEL",                          // now LoopCountALTERA
		{spv.KindLoopControl, 33554432}:            "MaxReinvocationDelayINTEL",               // now MaxReinvocationDelayALTERA
		{spv.KindFunctionControl, 65536}:           "OptNoneINTEL",                            // now OptNoneEXT
		{spv.KindRayFlags, 1024}:                   "ForceOpacityMicromap2StateEXT",           // now ForceOpacityMicromap2StateKHR
		{spv.KindExecutionModel, 5313}:             "RayGenerationNV",                         // now RayGenerationKHR
		{spv.KindExecutionModel, 5314}:             "IntersectionNV",                          // now IntersectionKHR
		{spv.KindExecutionModel, 5315}:             "AnyHitNV",                                // now AnyHitKHR
		{spv.KindExecutionModel, 5316}:             "ClosestHitNV",                            // now ClosestHitKHR
		{spv.KindExecutionModel, 5317}:             "MissNV",                                  // now MissKHR
		{spv.KindExecutionModel, 5318}:             "CallableNV",                              // now CallableKHR
		{spv.KindExecutionMode, 5269}:              "OutputLinesNV",                           // now OutputLinesEXT
		{spv.KindExecutionMode, 5270}:              "OutputPrimitivesNV",                      // now OutputPrimitivesEXT
		{spv.KindExecutionMode, 5289}:              "DerivativeGroupQuadsNV",                  // now DerivativeGroupQuadsKHR
		{spv.KindExecutionMode, 5290}:              "DerivativeGroupLinearNV",                 // now DerivativeGroupLinearKHR
		{spv.KindExecutionMode, 5298}:              "OutputTrianglesNV",                       // now OutputTrianglesEXT
		{spv.KindStorageClass, 5328}:               "CallableDataNV",                          // now CallableDataKHR
		{spv.KindStorageClass, 5329}:               "IncomingCallableDataNV",                  // now IncomingCallableDataKHR
		{spv.KindStorageClass, 5338}:               "RayPayloadNV",                            // now RayPayloadKHR
		{spv.KindStorageClass, 5339}:               "HitAttributeNV",                          // now HitAttributeKHR
		{spv.KindStorageClass, 5342}:               "IncomingRayPayloadNV",                    // now IncomingRayPayloadKHR
		{spv.KindStorageClass, 5343}:               "ShaderRecordBufferNV",                    // now ShaderRecordBufferKHR
		{spv.KindStorageClass, 5936}:               "DeviceOnlyINTEL",                         // now DeviceOnlyALTERA
		{spv.KindStorageClass, 5937}:               "HostOnlyINTEL",                           // now HostOnlyALTERA
		{spv.KindFunctionParameterAttribute, 5940}: "RuntimeAlignedINTEL",                     // now RuntimeAlignedALTERA
		{spv.KindDecoration, 5271}:                 "PerPrimitiveNV",                          // now PerPrimitiveEXT
		{spv.KindDecoration, 5825}:                 "RegisterINTEL",                           // now RegisterALTERA
		{spv.KindDecoration, 5826}:                 "MemoryINTEL",                             // now MemoryALTERA
		{spv.KindDecoration, 5827}:                 "NumbanksINTEL",                           // now NumbanksALTERA
		{spv.KindDecoration, 5828}:                 "BankwidthINTEL",                          // now BankwidthALTERA
		{spv.KindDecoration, 5829}:                 "MaxPrivateCopiesINTEL",                   // now MaxPrivateCopiesALTERA
		{spv.KindDecoration, 5830}:                 "SinglepumpINTEL",                         // now SinglepumpALTERA
		{spv.KindDecoration, 5831}:                 "DoublepumpINTEL",                         // now DoublepumpALTERA
		{spv.KindDecoration, 5832}:                 "MaxReplicatesINTEL",                      // now MaxReplicatesALTERA
		{spv.KindDecoration, 5833}:                 "SimpleDualPortINTEL",                     // now SimpleDualPortALTERA
		{spv.KindDecoration, 5834}:                 "MergeINTEL",                              // now MergeALTERA
		{spv.KindDecoration, 5835}:                 "BankBitsINTEL",                           // now BankBitsALTERA
		{spv.KindDecoration, 5836}:                 "ForcePow2DepthINTEL",                     // now ForcePow2DepthALTERA
		{spv.KindDecoration, 5899}:                 "BurstCoalesceINTEL",                      // now BurstCoalesceALTERA
		{spv.KindDecoration, 5900}:                 "CacheSizeINTEL",                          // now CacheSizeALTERA
		{spv.KindDecoration, 5901}:                 "DontStaticallyCoalesceINTEL",             // now DontStaticallyCoalesceALTERA
		{spv.KindDecoration, 5902}:                 "PrefetchINTEL",                           // now PrefetchALTERA
		{spv.KindDecoration, 5905}:                 "StallEnableINTEL",                        // now StallEnableALTERA
		{spv.KindDecoration, 5907}:                 "FuseLoopsInFunctionINTEL",                // now FuseLoopsInFunctionALTERA
		{spv.KindDecoration, 5909}:                 "MathOpDSPModeINTEL",                      // now MathOpDSPModeALTERA
		{spv.KindDecoration, 5917}:                 "InitiationIntervalINTEL",                 // now InitiationIntervalALTERA
		{spv.KindDecoration, 5918}:                 "MaxConcurrencyINTEL",                     // now MaxConcurrencyALTERA
		{spv.KindDecoration, 5919}:                 "PipelineEnableINTEL",                     // now PipelineEnableALTERA
		{spv.KindDecoration, 5921}:                 "BufferLocationINTEL",                     // now BufferLocationALTERA
		{spv.KindDecoration, 5944}:                 "IOPipeStorageINTEL",                      // now IOPipeStorageALTERA
		{spv.KindBuiltIn, 5319}:                    "LaunchIdNV",                              // now LaunchIdKHR
		{spv.KindBuiltIn, 5320}:                    "LaunchSizeNV",                            // now LaunchSizeKHR
		{spv.KindBuiltIn, 5321}:                    "WorldRayOriginNV",                        // now WorldRayOriginKHR
		{spv.KindBuiltIn, 5322}:                    "WorldRayDirectionNV",                     // now WorldRayDirectionKHR
		{spv.KindBuiltIn, 5323}:                    "ObjectRayOriginNV",                       // now ObjectRayOriginKHR
		{spv.KindBuiltIn, 5324}:                    "ObjectRayDirectionNV",                    // now ObjectRayDirectionKHR
		{spv.KindBuiltIn, 5325}:                    "RayTminNV",                               // now RayTminKHR
		{spv.KindBuiltIn, 5326}:                    "RayTmaxNV",                               // now RayTmaxKHR
		{spv.KindBuiltIn, 5327}:                    "InstanceCustomIndexNV",                   // now InstanceCustomIndexKHR
		{spv.KindBuiltIn, 5330}:                    "ObjectToWorldNV",                         // now ObjectToWorldKHR
		{spv.KindBuiltIn, 5331}:                    "WorldToObjectNV",                         // now WorldToObjectKHR
		{spv.KindBuiltIn, 5333}:                    "HitKindNV",                               // now HitKindKHR
		{spv.KindBuiltIn, 5351}:                    "IncomingRayFlagsNV",                      // now IncomingRayFlagsKHR
		{spv.KindGroupOperation, 6}:                "PartitionedReduceNV",                     // now PartitionedReduceEXT
		{spv.KindGroupOperation, 7}:                "PartitionedInclusiveScanNV",              // now PartitionedInclusiveScanEXT
		{spv.KindGroupOperation, 8}:                "PartitionedExclusiveScanNV",              // now PartitionedExclusiveScanEXT
		{spv.KindCapability, 5288}:                 "ComputeDerivativeGroupQuadsNV",           // now ComputeDerivativeGroupQuadsKHR
		{spv.KindCapability, 5297}:                 "GroupNonUniformPartitionedNV",            // now GroupNonUniformPartitionedEXT
		{spv.KindCapability, 5350}:                 "ComputeDerivativeGroupLinearNV",          // now ComputeDerivativeGroupLinearKHR
		{spv.KindCapability, 5381}:                 "RayTracingOpacityMicromapEXT",            // now RayTracingOpacityMicromapKHR
		{spv.KindCapability, 5824}:                 "FPGAMemoryAttributesINTEL",               // now FPGAMemoryAttributesALTERA
		{spv.KindCapability, 5844}:                 "ArbitraryPrecisionIntegersINTEL",         // now ArbitraryPrecisionIntegersALTERA
		{spv.KindCapability, 5845}:                 "ArbitraryPrecisionFloatingPointINTEL",    // now ArbitraryPrecisionFloatingPointALTERA
		{spv.KindCapability, 5888}:                 "FPGALoopControlsINTEL",                   // now FPGALoopControlsALTERA
		{spv.KindCapability, 5898}:                 "FPGAMemoryAccessesINTEL",                 // now FPGAMemoryAccessesALTERA
		{spv.KindCapability, 5904}:                 "FPGAClusterAttributesINTEL",              // now FPGAClusterAttributesALTERA
		{spv.KindCapability, 5906}:                 "LoopFuseINTEL",                           // now LoopFuseALTERA
		{spv.KindCapability, 5908}:                 "FPGADSPControlINTEL",                     // now FPGADSPControlALTERA
		{spv.KindCapability, 5916}:                 "FPGAInvocationPipeliningAttributesINTEL", // now FPGAInvocationPipeliningAttributesALTERA
		{spv.KindCapability, 5920}:                 "FPGABufferLocationINTEL",                 // now FPGABufferLocationALTERA
		{spv.KindCapability, 5922}:                 "ArbitraryPrecisionFixedPointINTEL",       // now ArbitraryPrecisionFixedPointALTERA
		{spv.KindCapability, 5935}:                 "USMStorageClassesINTEL",                  // now USMStorageClassesALTERA
		{spv.KindCapability, 5939}:                 "RuntimeAlignedAttributeINTEL",            // now RuntimeAlignedAttributeALTERA
		{spv.KindCapability, 5943}:                 "IOPipesINTEL",                            // now IOPipesALTERA
		{spv.KindCapability, 5945}:                 "BlockingPipesINTEL",                      // now BlockingPipesALTERA
		{spv.KindCapability, 5948}:                 "FPGARegINTEL",                            // now FPGARegALTERA
		{spv.KindCapability, 6089}:                 "LongConstantCompositeINTEL",              // now LongCompositesINTEL
		{spv.KindCapability, 6094}:                 "OptNoneINTEL",                            // now OptNoneEXT
		{spv.KindCapability, 6141}:                 "SplitBarrierINTEL",                       // now SplitBarrierEXT
	}
})
