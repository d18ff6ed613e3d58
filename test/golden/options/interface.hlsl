// -fspv-preserve-interface keeps stage variables the shader never reads
// (the wrapper's loads of them already keep them: no optimizer removes
// them here); -fspv-enable-maximal-reconvergence
// asks for maximally reconvergent execution (-Vd there: the spirv-val of
// Debian's spirv-tools 2023.1 predates SPV_KHR_maximal_reconvergence).
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-preserve-interface %s | FileCheck %s --check-prefix=KEEP
// RUN: %hlsl2spirv -T ps_6_0 -E main -Vd -fspv-enable-maximal-reconvergence %s | FileCheck %s --check-prefix=RECONV
// RUN: not %hlsl2spirv -T ps_6_0 -E main -fspv-max-id 5 %s 2>&1 | FileCheck %s --check-prefix=MAXID

// KEEP:      OpEntryPoint Fragment %main "main" %in_var_A %in_var_B %out_var_SV_Target
// KEEP:      OpDecorate %in_var_B Location 1
// RECONV:    OpExtension "SPV_KHR_maximal_reconvergence"
// RECONV:    OpExecutionMode %main MaximallyReconvergesKHR
// MAXID:     fatal error: failed to optimize SPIR-V: ID overflow

float4 main(float4 a : A, float4 b : B) : SV_Target { return a; }
