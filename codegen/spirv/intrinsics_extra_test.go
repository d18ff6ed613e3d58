package spirv_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/disasm"
	"github.com/hlsl2spirv/hlsl2spirv/frontend"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// extraCase compiles src and expects the disassembly to hold lines
// matching want, in order (each a regexp matched against one line, as a
// FileCheck CHECK line would be), and not to hold a line matching any of
// never.
type extraCase struct {
	name     string
	profile  string
	env      string // -fspv-target-env; "" is vulkan1.0
	enable16 bool   // -enable-16bit-types
	src      string
	want     []string
	never    []string
}

// compileExtra compiles a case and returns its disassembly and words.
func compileExtra(t *testing.T, c extraCase, codeGenOnly bool) (string, []uint32) {
	t.Helper()
	opts := frontend.Options{Profile: c.profile, Entry: "main", TargetEnv: c.env, Enable16BitTypes: c.enable16, CodeGenOnly: codeGenOnly}
	r, err := frontend.Compile(opts, c.name+".hlsl", []byte(c.src))
	if err != nil {
		t.Fatal(err)
	}
	if r.Failed() {
		var b strings.Builder
		r.Diags.Render(&b)
		t.Fatalf("compile failed:\n%s", b.String())
	}
	text, err := disasm.Disassemble(r.SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	return text, r.SPIRV
}

// matchInOrder checks that each pattern matches a line after the previous
// match.
func matchInOrder(t *testing.T, text string, want []string) {
	t.Helper()
	lines := strings.Split(text, "\n")
	i := 0
	for _, w := range want {
		re := regexp.MustCompile(w)
		for i < len(lines) && !re.MatchString(lines[i]) {
			i++
		}
		if i == len(lines) {
			t.Errorf("no line matching %q (in order) in:\n%s", w, text)
			return
		}
		i++
	}
}

var extraCases = []extraCase{
	{
		name: "wave_builtins_once", profile: "cs_6_0", env: "vulkan1.1",
		src: `RWStructuredBuffer<uint> values;
[numthreads(32, 1, 1)]
void main(uint3 id: SV_DispatchThreadID) {
  values[id.x] = WaveGetLaneCount() + WaveGetLaneCount() + WaveGetLaneIndex() + WaveGetLaneIndex();
}`,
		want: []string{
			`^; Version: 1\.3$`,
			`OpCapability GroupNonUniform$`,
			`OpEntryPoint GLCompute %main "main" .*%SubgroupSize %SubgroupLocalInvocationId`,
			`OpDecorate %SubgroupSize BuiltIn SubgroupSize`,
			`OpDecorate %SubgroupLocalInvocationId BuiltIn SubgroupLocalInvocationId`,
			`%SubgroupSize = OpVariable %_ptr_Input_uint Input`,
			`%SubgroupLocalInvocationId = OpVariable %_ptr_Input_uint Input`,
			`OpLoad %uint %SubgroupSize`,
			`OpLoad %uint %SubgroupSize`,
			`OpLoad %uint %SubgroupLocalInvocationId`,
			`OpLoad %uint %SubgroupLocalInvocationId`,
		},
		never: []string{`(?s)BuiltIn SubgroupSize.*BuiltIn SubgroupSize`, `(?s)BuiltIn SubgroupLocalInvocationId.*BuiltIn SubgroupLocalInvocationId`},
	},
	{
		name: "wave_lane_index_ps_is_flat", profile: "ps_6_0", env: "vulkan1.1",
		src: `float4 main() : SV_Target { return float4(WaveGetLaneIndex(), 1, 1, 1); }`,
		want: []string{
			`OpEntryPoint Fragment %main "main" .*%SubgroupLocalInvocationId`,
			`OpDecorate %SubgroupLocalInvocationId BuiltIn SubgroupLocalInvocationId`,
			`OpDecorate %SubgroupLocalInvocationId Flat`,
		},
	},
	{
		name: "wave_reductions", profile: "cs_6_0", env: "vulkan1.1",
		src: `struct S { int4 a; uint2 b; float c; uint d; };
RWStructuredBuffer<S> values;
[numthreads(32, 1, 1)]
void main(uint3 id: SV_DispatchThreadID) {
  S s = values[id.x];
  s.a = WaveActiveSum(s.a);
  s.b = WaveActiveMin(s.b);
  s.c = WavePrefixSum(s.c);
  s.a = WaveActiveMax(s.a);
  s.d = WaveActiveBitXor(s.d);
  s.c = WavePrefixProduct(s.c);
  values[id.x] = s;
}`,
		want: []string{
			`OpCapability GroupNonUniformArithmetic`,
			`OpGroupNonUniformIAdd %v4int %uint_3 Reduce %`,
			`OpGroupNonUniformUMin %v2uint %uint_3 Reduce %`,
			`OpGroupNonUniformFAdd %float %uint_3 ExclusiveScan %`,
			`OpGroupNonUniformSMax %v4int %uint_3 Reduce %`,
			`OpGroupNonUniformBitwiseXor %uint %uint_3 Reduce %`,
			`OpGroupNonUniformFMul %float %uint_3 ExclusiveScan %`,
		},
	},
	{
		name: "wave_votes_ballots_broadcasts", profile: "cs_6_0", env: "vulkan1.1",
		src: `RWStructuredBuffer<uint4> values;
[numthreads(32, 1, 1)]
void main(uint3 id: SV_DispatchThreadID) {
  uint4 v = values[id.x];
  uint r = WaveActiveCountBits(v.x == 0) + WavePrefixCountBits(v.y == 1);
  uint4 b = WaveActiveBallot(v.z == 2);
  bool t = WaveIsFirstLane() && WaveActiveAllTrue(v.x == 1) && WaveActiveAnyTrue(v.y == 1);
  bool2 eq = WaveActiveAllEqual(v.xy);
  values[id.x] = uint4(r + (t ? 1 : 0) + (all(eq) ? 2 : 0), WaveReadLaneAt(v.y, 15), WaveReadLaneFirst(v.z), b.x);
}`,
		want: []string{
			`= OpGroupNonUniformBallot %v4uint %uint_3 %`,
			`= OpGroupNonUniformBallotBitCount %uint %uint_3 Reduce %`,
			`= OpGroupNonUniformBallot %v4uint %uint_3 %`,
			`= OpGroupNonUniformBallotBitCount %uint %uint_3 ExclusiveScan %`,
			`= OpGroupNonUniformBallot %v4uint %uint_3 %`,
			`= OpGroupNonUniformElect %bool %uint_3$`,
			`= OpGroupNonUniformAll %bool %uint_3 %`,
			`= OpGroupNonUniformAny %bool %uint_3 %`,
			`= OpCompositeExtract %uint %\w+ 0$`,
			`= OpGroupNonUniformAllEqual %bool %uint_3 %`,
			`= OpCompositeExtract %uint %\w+ 1$`,
			`= OpGroupNonUniformAllEqual %bool %uint_3 %`,
			`= OpCompositeConstruct %v2bool %`,
			`= OpGroupNonUniformShuffle %uint %uint_3 %\w+ %uint_15$`,
			`= OpGroupNonUniformBroadcastFirst %uint %uint_3 %`,
		},
	},
	{
		name: "quad_linear", profile: "cs_6_0", env: "vulkan1.1",
		src: `RWStructuredBuffer<float> values;
[numthreads(32, 1, 1)]
void main(uint3 id: SV_DispatchThreadID) {
  values[id.x] = QuadReadAcrossX(values[id.x]) + QuadReadAcrossDiagonal(values[id.x]) + QuadReadLaneAt(values[id.x], 2);
}`,
		want: []string{
			`OpCapability ComputeDerivativeGroupLinear`,
			`OpCapability GroupNonUniformQuad`,
			`OpExecutionMode %main LocalSize 32 1 1`,
			`OpExecutionMode %main DerivativeGroupLinear`,
			`OpGroupNonUniformQuadSwap %float %uint_3 %\w+ %uint_0$`,
			`OpGroupNonUniformQuadSwap %float %uint_3 %\w+ %uint_2$`,
			`OpGroupNonUniformQuadBroadcast %float %uint_3 %\w+ %uint_2$`,
		},
	},
	{
		// QuadAny/QuadAll read the other lanes of the quad with
		// OpGroupNonUniformQuadSwap unless SPV_KHR_quad_control is named.
		name: "quad_any_all", profile: "cs_6_7", env: "vulkan1.1",
		src: `RWStructuredBuffer<uint> values;
[numthreads(32, 1, 1)]
void main(uint3 id: SV_DispatchThreadID) {
  values[id.x] = (QuadAny(id.x % 4 == 0) ? 1 : 0) + (QuadAll(id.x % 2 == 0) ? 2 : 0);
}`,
		want: []string{
			`= OpGroupNonUniformQuadSwap %bool %uint_3 (%\w+) %uint_0$`,
			`= OpLogicalOr %bool %`,
			`= OpGroupNonUniformQuadSwap %bool %uint_3 %\w+ %uint_1$`,
			`= OpLogicalOr %bool %`,
			`= OpGroupNonUniformQuadSwap %bool %uint_3 %\w+ %uint_2$`,
			`= OpLogicalOr %bool %`,
			`= OpLogicalAnd %bool %`,
		},
		never: []string{`QuadControl`, `OpGroupNonUniformQuadAnyKHR`},
	},
	{
		name: "quad_2d", profile: "cs_6_0", env: "vulkan1.1",
		src: `RWStructuredBuffer<float> values;
[numthreads(8, 8, 1)]
void main(uint3 id: SV_DispatchThreadID) { values[id.x] = QuadReadAcrossY(values[id.x]); }`,
		want: []string{
			`OpCapability ComputeDerivativeGroupQuads`,
			`OpExecutionMode %main DerivativeGroupQuads`,
			`OpGroupNonUniformQuadSwap %float %uint_3 %\w+ %uint_1$`,
		},
	},
	{
		name: "fmod_frem_per_row", profile: "ps_6_0",
		src: `float2x2 a, b; float2 c, d;
float4 main() : SV_Target {
  float2x2 m = fmod(a, b);
  float2 v = fmod(c, d);
  return float4(m[0] + m[1], v);
}`,
		want: []string{
			`OpFRem %v2float %`,
			`OpFRem %v2float %`,
			`OpCompositeConstruct %mat2v2float %`,
			`OpFRem %v2float %`,
		},
		never: []string{`OpFMod`},
	},
	{
		name: "isfinite_log10", profile: "ps_6_0",
		src: `float3 a; float b;
float4 main() : SV_Target {
  bool3 f = isfinite(a);
  return float4(f, log10(b));
}`,
		want: []string{
			`= OpIsNan %v3bool %`,
			`= OpIsInf %v3bool %`,
			`= OpLogicalOr %v3bool %`,
			`= OpLogicalNot %v3bool %`,
			`= OpExtInst %float %\w+ Log2 %`,
			`= OpFMul %float %\w+ %float_0_30103`,
		},
		never: []string{`OpIsFinite`},
	},
	{
		name: "sincos_modf_frexp", profile: "ps_6_0",
		src: `float a; float3 b; float2x2 c;
float4 main() : SV_Target {
  float s, co;
  sincos(a, s, co);
  float3 ip;
  float3 fr = modf(b, ip);
  float2x2 e;
  float2x2 mant = frexp(c, e);
  return float4(s + co, fr.x + ip.y, mant[0][0] + e[1][1], 0);
}`,
		want: []string{
			`OpName %ModfStructType "ModfStructType"`,
			`OpMemberName %ModfStructType 0 "frac"`,
			`OpMemberName %ModfStructType 1 "ip"`,
			`OpName %FrexpStructType "FrexpStructType"`,
			`OpMemberName %FrexpStructType 0 "mantissa"`,
			`OpMemberName %FrexpStructType 1 "exponent"`,
			`%ModfStructType = OpTypeStruct %v3float %v3float`,
			`%FrexpStructType = OpTypeStruct %v2float %v2int`,
			`= OpExtInst %float %\w+ Sin %`,
			`OpStore %s %`,
			`= OpExtInst %float %\w+ Cos %`,
			`OpStore %co %`,
			`= OpExtInst %ModfStructType %\w+ ModfStruct %`,
			`= OpCompositeExtract %v3float %\w+ 1$`,
			`OpStore %ip %`,
			`= OpCompositeExtract %v3float %\w+ 0$`,
			`= OpExtInst %FrexpStructType %\w+ FrexpStruct %`,
			`= OpCompositeExtract %v2int %\w+ 1$`,
			`= OpConvertSToF %v2float %`,
			`= OpExtInst %FrexpStructType %\w+ FrexpStruct %`,
			`OpStore %e %`,
		},
	},
	{
		name: "half_packing", profile: "ps_6_0",
		src: `float a; uint2 b;
float4 main() : SV_Target {
  uint h = f32tof16(a);
  float2 f = f16tof32(b);
  return float4(h, f, 0);
}`,
		want: []string{
			`= OpCompositeConstruct %v2float %\w+ %float_0$`,
			`= OpExtInst %uint %\w+ PackHalf2x16 %`,
			`= OpCompositeExtract %uint %\w+ 0$`,
			`= OpExtInst %v2float %\w+ UnpackHalf2x16 %`,
			`= OpCompositeExtract %float %\w+ 0$`,
			`= OpCompositeExtract %uint %\w+ 1$`,
			`= OpExtInst %v2float %\w+ UnpackHalf2x16 %`,
			`= OpCompositeConstruct %v2float %`,
		},
	},
	{
		name: "d3dcolor_select_asdouble", profile: "ps_6_0",
		src: `float4 c; bool3 m; bool k; float3 x, y; float2x2 p, q; uint2 lo, hi;
float4 main() : SV_Target {
  int4 u = D3DCOLORtoUBYTE4(c);
  float3 s = select(m, x, y);
  float3 t = select(k, x, y);
  float2x2 r = select(k, p, q);
  double2 d = asdouble(lo, hi);
  return float4(u.x + s.x + t.y + r[0][0], (float2)d, 0);
}`,
		want: []string{
			`= OpVectorShuffle %v4float %(\w+) %\w+ 2 1 0 3$`,
			`= OpVectorTimesScalar %v4float %\w+ %float_255_001999`,
			`= OpConvertFToS %v4int %`,
			`= OpSelect %v3float %`,
			`= OpCompositeConstruct %v3bool %(\w+) %\w+ %\w+$`,
			`= OpSelect %v3float %`,
			`OpSelectionMerge`,
			`OpStore %temp_var_ternary %`,
			`OpStore %temp_var_ternary %`,
			`= OpLoad %mat2v2float %temp_var_ternary`,
			`= OpVectorShuffle %v2uint %\w+ %\w+ 0 2$`,
			`= OpBitcast %double %`,
			`= OpVectorShuffle %v2uint %\w+ %\w+ 1 3$`,
			`= OpBitcast %double %`,
			`= OpCompositeConstruct %v2double %`,
		},
	},
	{
		// DXC shifts source.x left (OpShiftLeftLogical) before inserting
		// source.y's bytes, which misaligns every sum but the first; the
		// shifts here go right.
		name: "msad4_shifts_right", profile: "ps_6_0",
		src: `uint r; uint2 s; uint4 a;
uint4 main() : SV_Target { return msad4(r, s, a); }`,
		want: []string{
			`= OpShiftRightLogical %uint %\w+ %uint_8$`,
			`= OpShiftRightLogical %uint %\w+ %uint_16$`,
			`= OpShiftRightLogical %uint %\w+ %uint_24$`,
			`= OpBitFieldInsert %uint %\w+ %\w+ %uint_24 %uint_8$`,
			`= OpBitFieldUExtract %uint %\w+ %uint_0 %uint_8$`,
			`= OpExtInst %int %\w+ SAbs %`,
			`= OpCompositeConstruct %v4uint %`,
		},
		never: []string{`OpShiftLeftLogical`},
	},
	{
		// lit's specular term is pow(n.h, m) (DXC's SPIR-V back end
		// multiplies; its DXIL back end and FXC raise to the power).
		name: "lit_dst", profile: "ps_6_0",
		src: `float l, h, m; float4 a, b;
float4 main() : SV_Target { return lit(l, h, m) + dst(a, b); }`,
		want: []string{
			`= OpExtInst %float %\w+ FMax %float_0 %`,
			`= OpExtInst %float %\w+ FMin %`,
			`= OpFOrdLessThan %bool %\w+ %float_0$`,
			`= OpExtInst %float %\w+ Pow %`,
			`= OpSelect %float %\w+ %float_0 %`,
			`= OpCompositeConstruct %v4float %float_1 %\w+ %\w+ %float_1$`,
			`= OpFMul %float %`,
			`= OpCompositeConstruct %v4float %float_1 %`,
		},
	},
	{
		name: "is_helper_lane_ext", profile: "ps_6_6", env: "vulkan1.1",
		src: `float4 main() : SV_Target { return IsHelperLane() ? 1.0 : 2.0; }`,
		want: []string{
			`OpCapability DemoteToHelperInvocation`,
			`OpExtension "SPV_EXT_demote_to_helper_invocation"`,
			`= OpIsHelperInvocationEXT %bool$`,
		},
		never: []string{`BuiltIn HelperInvocation`},
	},
	{
		name: "is_helper_lane_vk13", profile: "ps_6_6", env: "vulkan1.3",
		src: `float4 main() : SV_Target { return IsHelperLane() ? 1.0 : 2.0; }`,
		want: []string{
			`OpEntryPoint Fragment %main "main" .*%gl_HelperInvocation`,
			`OpDecorate %gl_HelperInvocation BuiltIn HelperInvocation`,
			`OpDecorate %gl_HelperInvocation Volatile`,
			`%gl_HelperInvocation = OpVariable %_ptr_Input_bool Input`,
			`= OpLoad %bool %gl_HelperInvocation`,
		},
	},
	{
		name: "raw_buffer_load_store", profile: "cs_6_0",
		src: `struct D { float f; float3 v; };
uint64_t Address;
[numthreads(1, 1, 1)]
void main() {
  D d = vk::RawBufferLoad<D>(Address);
  bool b = vk::RawBufferLoad<bool>(Address, 8);
  vk::RawBufferStore<float>(Address + 16, d.f + (b ? 1 : 0), 16);
  vk::RawBufferStore<bool>(Address, !b);
}`,
		want: []string{
			`OpCapability PhysicalStorageBufferAddresses`,
			`OpExtension "SPV_KHR_physical_storage_buffer"`,
			`OpMemoryModel PhysicalStorageBuffer64 GLSL450`,
			`OpMemberDecorate %D_0 1 Offset 4`,
			`= OpBitcast %_ptr_PhysicalStorageBuffer_D_0 %`,
			`= OpLoad %D_0 %\w+ Aligned 4$`,
			`= OpBitcast %_ptr_PhysicalStorageBuffer_uint %`,
			`= OpLoad %uint %\w+ Aligned 8$`,
			`= OpINotEqual %bool %\w+ %uint_0$`,
			`= OpBitcast %_ptr_PhysicalStorageBuffer_float %`,
			`OpStore %\w+ %\w+ Aligned 16$`,
			`= OpSelect %uint %\w+ %uint_1 %uint_0$`,
			`= OpBitcast %_ptr_PhysicalStorageBuffer_uint %`,
			`OpStore %\w+ %\w+ Aligned 4$`,
		},
	},
	{
		name: "read_clock_debug_break", profile: "cs_6_0",
		src: `RWStructuredBuffer<uint64_t> Out;
[numthreads(1, 1, 1)]
void main() {
  Out[0] = vk::ReadClock(vk::DeviceScope);
  Out[1] = vk::ReadClock(vk::SubgroupScope);
  DebugBreak();
}`,
		want: []string{
			`OpCapability ShaderClockKHR`,
			`OpExtension "SPV_KHR_non_semantic_info"`,
			`OpExtension "SPV_KHR_shader_clock"`,
			`= OpExtInstImport "NonSemantic.DebugBreak"`,
			`= OpReadClockKHR %ulong %uint_1$`,
			`= OpReadClockKHR %ulong %uint_3$`,
			`= OpExtInst %void %\w+ 1$`,
		},
	},
	{
		name: "sm68_barrier_and_ext_execution_mode", profile: "cs_6_8",
		src: `RWStructuredBuffer<uint> Out;
groupshared uint G;
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  G = id.x;
  Barrier(1, 3);
  Barrier(2, 0);
  Barrier(0, 0);
  Barrier(3, 5);
  vk::ext_execution_mode(/*SubgroupUniformControlFlowKHR*/ 4421);
  Out[id.x] = G;
}`,
		want: []string{
			`OpExecutionMode %main LocalSize 8 1 1`,
			`OpExecutionMode %main SubgroupUniformControlFlowKHR`,
			`OpControlBarrier %uint_2 %uint_2 %uint_72$`,
			`OpMemoryBarrier %uint_4 %uint_264$`,
			`OpControlBarrier %uint_2 %uint_1 %uint_328$`,
		},
	},
	{
		// The copy is decorated; decorateFlags (flags.go)
		// spreads the decoration to the accesses.
		name: "non_uniform_resource_index", profile: "ps_6_0",
		src: `Texture2D T[8]; SamplerState S;
float4 main(uint i : A, float2 uv : B) : SV_Target { return T[NonUniformResourceIndex(i)].Sample(S, uv); }`,
		want: []string{
			`OpDecorate (%\w+) NonUniform$`,
			`= OpLoad %uint %i$`,
			`= OpCopyObject %uint %`,
			`= OpAccessChain %_ptr_UniformConstant_type_2d_image %T %`,
		},
	},
	{
		// intrinsicOverride: forms the main table lowers differently from
		// DXC or rejects.
		name: "overrides", profile: "ps_6_2", enable16: true,
		src: `float a, b; uint u; double d; uint64_t w; uint16_t h;
float4 main() : SV_Target {
  float l = ldexp(a, b);
  uint v = abs(u);
  uint lo, hi;
  asuint(d, lo, hi);
  uint c = countbits(w) + countbits(h);
  uint64_t r = reversebits(w);
  return float4(l, v + lo + hi, c, (float)r);
}`,
		want: []string{
			`= OpExtInst %float %\w+ Exp2 %`,
			`= OpFMul %float %`,
			`= OpBitcast %v2uint %`,
			`= OpCompositeExtract %uint %\w+ 0$`,
			`= OpCompositeExtract %uint %\w+ 1$`,
			`= OpUConvert %uint %`,
			`= OpBitCount %uint %`,
			`= OpShiftRightLogical %ulong %\w+ %uint_32$`,
			`= OpBitCount %uint %`,
			`= OpIAdd %uint %`,
			`= OpUConvert %uint %`,
			`= OpBitCount %uint %`,
			`= OpBitReverse %uint %`,
			`= OpBitReverse %uint %`,
			`= OpShiftLeftLogical %ulong %`,
			`= OpBitwiseOr %ulong %`,
		},
		never: []string{`Ldexp`, `OpExtInst %uint %\w+ [SU]Abs`, `OpBitCount %ulong`, `OpBitReverse %ulong`},
	},
	{
		name: "printf", profile: "cs_6_0",
		src: `[numthreads(1, 1, 1)]
void main() {
  printf("plain");
  printf("Variables are: %d %d %.2f", 1u, 2u, 1.5f);
  printf("joined " "and\tescaped \"%d\"", 3);
}`,
		want: []string{
			`OpExtension "SPV_KHR_non_semantic_info"`,
			`(%\w+) = OpExtInstImport "NonSemantic.DebugPrintf"`,
			`= OpString "plain"`,
			`= OpString "Variables are: %d %d %.2f"`,
			`= OpString "joined and\tescaped \\"%d\\""`,
			`= OpExtInst %void %\w+ 1 %\w+$`,
			`= OpExtInst %void %\w+ 1 %\w+ %uint_1 %uint_2 %float_1_5$`,
			`= OpExtInst %void %\w+ 1 %\w+ %int_3$`,
		},
	},
}

// TestIntrinsicsExtra checks the instructions the rarer intrinsics and
// the wave operations lower to (following DXC's CodeGenSPIRV tests), and
// that every module passes spirv-val.
func TestIntrinsicsExtra(t *testing.T) {
	for _, c := range extraCases {
		t.Run(c.name, func(t *testing.T) {
			// The shapes are the generated code's (-fcgl); the legalized
			// and optimized module must validate.
			text, _ := compileExtra(t, c, true)
			_, words := compileExtra(t, c, false)
			matchInOrder(t, text, c.want)
			for _, n := range c.never {
				if regexp.MustCompile(n).MatchString(text) {
					t.Errorf("unexpected match for %q in:\n%s", n, text)
				}
			}
			env := c.env
			if env == "" {
				env = "vulkan1.0"
			}
			if err := tool.Validate(t, tool.Words2Bytes(words), env, "--relax-block-layout"); err != nil {
				t.Errorf("%v\n%s", err, text)
			}
		})
	}
}

// TestWaveNeedsVulkan11 checks that a wave operation on Vulkan 1.0 is an
// error naming the requirement, as in DXC.
func TestWaveNeedsVulkan11(t *testing.T) {
	for _, env := range []string{"", "vulkan1.0"} {
		src := `RWStructuredBuffer<uint> values;
[numthreads(32, 1, 1)]
void main(uint3 id: SV_DispatchThreadID) { values[id.x] = WaveIsFirstLane(); }`
		r, err := frontend.Compile(frontend.Options{Profile: "cs_6_0", Entry: "main", TargetEnv: env}, "w.hlsl", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if !r.Failed() {
			t.Fatalf("env %q: compiled, want an error", env)
		}
		var b strings.Builder
		r.Diags.Render(&b)
		if msg := b.String(); !strings.Contains(msg, "Vulkan 1.1 is required for Wave Operation but not permitted to use") {
			t.Errorf("env %q: diagnostics %q lack the Vulkan 1.1 requirement", env, msg)
		}
	}
}

// TestEvaluateAttributeNeedsLegalization checks that EvaluateAttribute*
// outside -fcgl whose argument the legalization cannot follow back to a
// stage input is a clear error at the call, not an invalid module, and
// that -fcgl keeps DXC's temporary.
func TestEvaluateAttributeNeedsLegalization(t *testing.T) {
	local := `float4 main(float4 c : COLOR) : SV_Target { float4 d = c * 2; return EvaluateAttributeCentroid(d); }`
	r, err := frontend.Compile(frontend.Options{Profile: "ps_6_0", Entry: "main"}, "e.hlsl", []byte(local))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	r.Diags.Render(&b)
	if !r.Failed() || !strings.Contains(b.String(), "e.hlsl:1:70: error: EvaluateAttributeCentroid, EvaluateAttributeAtSample and EvaluateAttributeSnapped need a pixel shader input") {
		t.Errorf("want the stage input error, got failed=%v:\n%s", r.Failed(), b.String())
	}
	src := `float4 main(float4 c : COLOR) : SV_Target { return EvaluateAttributeCentroid(c); }`
	r, err = frontend.Compile(frontend.Options{Profile: "ps_6_0", Entry: "main", CodeGenOnly: true}, "e.hlsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if r.Failed() {
		b.Reset()
		r.Diags.Render(&b)
		t.Fatalf("-fcgl: %s", b.String())
	}
	text, err := disasm.Disassemble(r.SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	matchInOrder(t, text, []string{
		`OpStore %temp_var_v4float %`,
		`= OpExtInst %v4float %\w+ InterpolateAtCentroid %temp_var_v4float$`,
	})
}

// TestExtExecutionModeErrors checks the diagnostics of a bad
// vk::ext_execution_mode.
func TestExtExecutionModeErrors(t *testing.T) {
	for src, want := range map[string]string{
		`[numthreads(1,1,1)] void main() { vk::ext_execution_mode(999999); }`:             "Invalid execution mode operand: 999999",
		`[numthreads(1,1,1)] void main() { vk::ext_execution_mode(35); }`:                 "execution mode SubgroupSize needs 1 operand(s), not 0",
		`[numthreads(1,1,1)] void main() { uint m = 35; vk::ext_execution_mode(m, 32); }`: "argument should be constant integer",
	} {
		r, err := frontend.Compile(frontend.Options{Profile: "cs_6_0", Entry: "main"}, "m.hlsl", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		r.Diags.Render(&b)
		if !r.Failed() || !strings.Contains(b.String(), want) {
			t.Errorf("%s: want an error %q, got failed=%v:\n%s", src, want, r.Failed(), b.String())
		}
	}
}
