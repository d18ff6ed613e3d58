package intrinsics

import (
	"sort"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// ty parses the small type language of these tests: built-in names,
// "lit_int"/"lit_float", "Obj<elem>" and "Obj<elem, n>".
func ty(t testing.TB, u *types.Universe, s string) *types.Type {
	t.Helper()
	switch s {
	case "lit_int":
		return types.ScalarType(types.LiteralInt)
	case "lit_float":
		return types.ScalarType(types.LiteralFloat)
	case "S":
		return testStruct(u)
	}
	if name, rest, ok := strings.Cut(s, "<"); ok {
		b, found := types.LookupBuiltin(name)
		if !found || b.Kind != types.BuiltinObject {
			t.Fatalf("bad object type %q", s)
		}
		rest = strings.TrimSuffix(rest, ">")
		elem, count, _ := strings.Cut(rest, ",")
		var n int64
		if count != "" {
			for _, c := range strings.TrimSpace(count) {
				n = n*10 + int64(c-'0')
			}
		}
		if b.Object.Form() == types.CountOnly {
			return u.NewObject(b.Object, nil, n)
		}
		return u.NewObject(b.Object, ty(t, u, strings.TrimSpace(elem)), n)
	}
	b, ok := types.LookupBuiltin(s)
	if !ok {
		t.Fatalf("bad type %q", s)
	}
	typ := b.Type(u)
	if typ == nil {
		t.Fatalf("type %q unavailable", s)
	}
	return typ
}

var structs = map[*types.Universe]*types.Type{}

func testStruct(u *types.Universe) *types.Type {
	if s := structs[u]; s != nil {
		return s
	}
	s := u.NewStruct("Payload", false)
	s.Named().Fields = []types.Field{{Name: "color", Type: types.Vec(types.Float, 4)}}
	structs[u] = s
	return s
}

type resolveCase struct {
	call   string // "name(arg, arg)" or "Receiver.name(arg)"; Receiver in ty() syntax
	result string // expected result type (String()), or "error: <substring>"
	params string // optional: expected parameter types, comma-separated
}

func parseCall(t testing.TB, u *types.Universe, s string) Call {
	t.Helper()
	var c Call
	open := strings.IndexByte(s, '(')
	head, args := s[:open], strings.TrimSuffix(s[open+1:], ")")
	if k := strings.LastIndex(head, "."); k >= 0 {
		c.Receiver = ty(t, u, head[:k])
		head = head[k+1:]
	}
	if rest, ok := strings.CutPrefix(head, "vk::"); ok {
		c.Vk, head = true, rest
	}
	if name, tmpl, ok := strings.Cut(head, "@"); ok { // name@T stands for name<T>
		head = name
		c.Template = ty(t, u, tmpl)
	}
	c.Name = head
	if args != "" {
		for _, a := range splitArgs(args) {
			c.Args = append(c.Args, ty(t, u, strings.TrimSpace(a)))
		}
	}
	return c
}

// splitArgs splits on commas outside angle brackets.
func splitArgs(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '<':
			depth++
		case '>':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

func runResolveCases(t *testing.T, cfg types.Config, cases []resolveCase) {
	u := types.NewUniverse(cfg)
	for _, tc := range cases {
		c := parseCall(t, u, tc.call)
		m, err := Resolve(u, c)
		if want, isErr := strings.CutPrefix(tc.result, "error: "); isErr {
			if err == nil {
				t.Errorf("%s: resolved to %s, want error %q", tc.call, m.Overload, want)
			} else if !strings.Contains(err.Msg+"\n"+notesText(err), want) {
				t.Errorf("%s: error %q (notes %q), want %q", tc.call, err.Msg, notesText(err), want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %s\n%s", tc.call, err.Msg, notesText(err))
			continue
		}
		if got := m.Result.String(); got != tc.result {
			t.Errorf("%s: result %s, want %s (overload %s)", tc.call, got, tc.result, m.Overload)
		}
		if tc.params != "" {
			var ps []string
			for _, p := range m.Params {
				ps = append(ps, p.Type.String())
			}
			if got := strings.Join(ps, ", "); got != tc.params {
				t.Errorf("%s: params %s, want %s", tc.call, got, tc.params)
			}
		}
	}
}

func notesText(e *Error) string {
	var b strings.Builder
	for _, n := range e.Notes {
		b.WriteString(n.Msg)
		b.WriteString(" [")
		b.WriteString(n.Signature)
		b.WriteString("]\n")
	}
	return b.String()
}

var mathCases = []resolveCase{
	{"abs(float)", "float", "float"},
	{"abs(int3)", "int3", "int3"},
	{"abs(lit_int)", "literal int", ""},
	{"abs(float2x3)", "float2x3", ""},
	{"abs(bool)", "float", "float"}, // bool is not numeric here: converts to the set's first kind
	{"abs(min16float4)", "min16float4", ""},
	{"sin(float4)", "float4", ""},
	{"sin(int)", "float", "float"},
	{"sin(double)", "float", "float"}, // float_like has no double: DXC converts to float
	{"sin(half)", "half", "half"},
	{"sin(lit_float)", "literal float", ""},
	{"sqrt(min16float2)", "min16float2", ""},
	{"pow(float3, lit_float)", "float3", "float3, float3"},
	{"pow(float3, float)", "float3", "float3, float3"},
	{"max(int, float)", "float", "float, float"},
	{"max(int, uint)", "uint", "uint, uint"},
	{"max(int2, lit_int)", "int2", "int2, int2"},
	{"max(float4, float3)", "float3", "float3, float3"}, // truncated to the shortest
	{"max(float4, float2x2)", "error: no matching function for call to 'max'", ""},
	{"clamp(float3, lit_float, lit_float)", "float3", ""},
	{"clamp(int, lit_int, lit_int)", "int", ""},
	{"lerp(float3, float3, float)", "float3", "float3, float3, float3"},
	{"lerp(half, half, half)", "half", ""},
	{"mad(float, float, float)", "float", ""},
	{"isnan(float3)", "bool3", ""},
	{"isinf(float)", "bool", ""},
	{"sign(float2)", "int2", ""},
	{"sign(int)", "int", ""},
	{"fmod(float, float)", "float", ""},
	{"frexp(float3, float3)", "float3", ""},
	{"modf(float, float)", "float", ""},
	{"sincos(float2, float2, float2)", "void", "float2, float2, float2"},
	{"step(float, float4)", "float4", ""},
	{"saturate(double)", "double", ""},
	{"rcp(double2)", "double2", ""},
	{"fma(double, double, double)", "double", ""},
	{"fma(float, float, float)", "error: no matching function", ""},
	{"ldexp(float, float)", "float", ""},
	{"atan2(float2, float2)", "float2", ""},
	{"smoothstep(lit_float, lit_float, float)", "float", ""},
	{"abs()", "error: requires 1 argument, but 0 were provided", ""},
	{"abs(float, float)", "error: requires 1 argument, but 2 were provided", ""},
	{"abs(Texture2D<float4>)", "error: no known conversion from 'Texture2D<float4>'", ""},
	{"abs(S)", "error: no matching function for call to 'abs'", ""},
	{"frobnicate(float)", "error: use of undeclared identifier 'frobnicate'", ""},
}

func TestResolveMath(t *testing.T) { runResolveCases(t, types.Config{}, mathCases) }

var vectorMatrixCases = []resolveCase{
	{"dot(float3, float3)", "float", "float3, float3"},
	{"dot(int4, int4)", "int", ""},
	{"dot(float4, float3)", "float", "float3, float3"},
	{"dot(float3, int3)", "float", ""},
	{"cross(float3, float3)", "float3", ""},
	{"cross(float4, float4)", "float3", "float3, float3"},
	{"length(float3)", "float", ""},
	{"length(half2)", "half", ""},
	{"distance(float2, float2)", "float", ""},
	{"normalize(float3)", "float3", ""},
	{"reflect(float3, float3)", "float3", ""},
	{"refract(float3, float3, float)", "float3", ""},
	{"refract(float, float, float)", "float", ""},
	{"refract(half, half, float)", "float", ""},
	{"faceforward(float3, float3, float3)", "float3", ""},
	{"determinant(float4x4)", "float", ""},
	{"determinant(float3x3)", "float", ""},
	{"transpose(float3x4)", "float4x3", ""},
	{"transpose(int2x3)", "int3x2", ""},
	{"transpose(float3)", "error: no matching function for call to 'transpose'", ""},
	{"all(bool3)", "bool", ""},
	{"any(float4)", "bool", ""},
	{"all(float4x4)", "bool", ""},
	{"lit(float, float, float)", "float4", ""},
	{"dst(float4, float4)", "float4", ""},
	// mul: every pairing.
	{"mul(float, float)", "float", ""},
	{"mul(float, float4)", "float4", ""},
	{"mul(float, float3x4)", "float3x4", ""},
	{"mul(float4, float)", "float4", ""},
	{"mul(float4, float4)", "float", ""},
	{"mul(float4, float4x3)", "float3", "float4, float4x3"},
	{"mul(float4x3, float3)", "float4", "float4x3, float3"},
	{"mul(float4x4, float4)", "float4", ""},
	{"mul(float3x4, float4x2)", "float3x2", ""},
	{"mul(float4x4, float4x4)", "float4x4", ""},
	{"mul(int3x3, int3)", "int3", ""},
	{"mul(float4, int4x4)", "float4", ""},
	{"mul(float3, float4x4)", "float4", "float3, float3x4"},
}

func TestResolveVectorMatrix(t *testing.T) { runResolveCases(t, types.Config{}, vectorMatrixCases) }

var bitsAndCastsCases = []resolveCase{
	{"countbits(uint)", "uint", ""},
	{"countbits(int4)", "uint4", ""},
	{"countbits(uint64_t)", "uint", ""},
	{"firstbithigh(int)", "uint", ""},
	{"firstbitlow(uint2)", "uint2", ""},
	{"reversebits(uint)", "uint", ""},
	{"reversebits(float)", "int", "int"},
	{"asfloat(uint)", "float", ""},
	{"asfloat(int4)", "float4", ""},
	{"asfloat(float)", "float", ""},
	{"asfloat(double)", "error: no matching function for call to 'asfloat'", ""},
	{"asfloat(bool)", "error: no matching function", ""},
	{"asint(float2)", "int2", ""},
	{"asuint(float)", "uint", ""},
	{"asuint(double, uint, uint)", "void", "double, uint, uint"},
	{"asuint(double2, uint2, uint2)", "void", ""},
	{"asuint(double2x2, uint2x2, uint2x2)", "void", ""},
	{"asuint(float, uint, uint)", "void", "double, uint, uint"},
	{"asdouble(uint, uint)", "double", ""},
	{"asdouble(uint2, uint2)", "double2", ""},
	{"asfloat16(uint16_t2)", "half2", ""},
	{"asfloat16(uint)", "error: no known conversion from 'uint' to 'half' for 1st argument", ""},
	{"asint16(float16_t)", "int16_t", ""},
	{"asuint16(int16_t4)", "uint16_t4", ""},
	{"f32tof16(float)", "uint", ""},
	{"f16tof32(uint3)", "float3", ""},
	{"select(bool, float, float)", "float", ""},
	{"select(bool3, float3, int3)", "float3", ""},
	{"select(bool2, int2, int2)", "int2", "bool2, int2, int2"},
	{"and(bool2, bool2)", "bool2", ""},
	{"or(bool, bool)", "bool", ""},
	{"AddUint64(uint2, uint2)", "uint2", ""},
	{"AddUint64(uint4, uint4)", "uint4", ""},
	{"msad4(uint, uint2, uint4)", "uint4", ""},
	{"D3DCOLORtoUBYTE4(float4)", "int4", ""},
	{"dot4add_u8packed(uint, uint, uint)", "uint", ""},
	{"dot4add_i8packed(uint, uint, int)", "int", ""},
	{"dot2add(half2, half2, float)", "float", ""},
	{"pack_u8(uint4)", "uint8_t4_packed", ""},
	{"pack_s8(int16_t4)", "int8_t4_packed", ""},
	{"pack_clamp_s8(int4)", "int8_t4_packed", ""},
	{"unpack_s8s32(int8_t4_packed)", "int4", ""},
	{"unpack_u8u16(uint8_t4_packed)", "uint16_t4", ""},
	{"NonUniformResourceIndex(uint)", "uint", ""},
}

func TestResolveBitsAndCasts(t *testing.T) {
	runResolveCases(t, types.Config{Enable16BitTypes: true}, bitsAndCastsCases)
}

var waveBarrierAtomicCases = []resolveCase{
	{"WaveActiveSum(float4)", "float4", ""},
	{"WaveActiveSum(int)", "int", ""},
	{"WaveActiveBitOr(uint2)", "uint2", ""},
	{"WaveActiveBitAnd(int)", "error: no known conversion from 'int' to 'unsigned int' for 1st argument", ""},
	{"WaveActiveBitAnd(float)", "error: no known conversion from 'float' to 'unsigned int' for 1st argument", ""},
	{"WaveActiveBitOr(uint64_t)", "uint64_t", ""},
	{"WaveActiveBallot(bool)", "uint4", ""},
	{"WaveActiveAllEqual(float3)", "bool3", ""},
	{"WaveReadLaneAt(float3, uint)", "float3", ""},
	{"WaveReadLaneAt(bool, lit_int)", "bool", "bool, uint"},
	{"WaveReadLaneFirst(int2)", "int2", ""},
	{"WaveGetLaneIndex()", "uint", ""},
	{"WaveIsFirstLane()", "bool", ""},
	{"WavePrefixCountBits(bool)", "uint", ""},
	{"WaveMatch(float)", "uint4", ""},
	{"WaveMultiPrefixSum(float, uint4)", "float", ""},
	{"QuadReadAcrossX(float4)", "float4", ""},
	{"QuadReadLaneAt(int, uint)", "int", ""},
	{"QuadAny(bool)", "bool", ""},
	{"GroupMemoryBarrierWithGroupSync()", "void", ""},
	{"AllMemoryBarrier()", "void", ""},
	{"Barrier(uint, uint)", "void", ""},
	{"Barrier(RWByteAddressBuffer, uint)", "void", ""},
	{"Barrier(RWTexture2D<float4>, lit_int)", "void", "RWTexture2D<float4>, uint"},
	{"InterlockedAdd(uint, uint)", "void", "uint, uint"},
	{"InterlockedAdd(int, lit_int)", "void", "int, uint"},
	{"InterlockedAdd(uint, uint, uint)", "void", "uint, uint, uint"},
	{"InterlockedAdd(int, int, int)", "void", "int, uint, int"},
	{"InterlockedAdd(uint64_t, uint64_t)", "void", "uint64_t, uint64_t"},
	{"InterlockedAdd(float, float)", "error: no matching function for call to 'InterlockedAdd'", ""},
	{"InterlockedMin(int, int)", "void", "int, int"},
	{"InterlockedMax(uint, uint, uint)", "void", ""},
	{"InterlockedExchange(uint, uint, uint)", "void", ""},
	{"InterlockedExchange(float, float, float)", "void", "float, float, float"},
	{"InterlockedCompareExchange(uint, uint, uint, uint)", "void", ""},
	{"InterlockedCompareStore(int, int, int)", "void", "int, uint, uint"},
	{"InterlockedCompareStoreFloatBitwise(float, float, float)", "void", ""},
	{"InterlockedCompareStoreFloatBitwise(int, int, int)", "error: no known conversion from 'int' to 'float &' for 1st argument", ""},
	{"InterlockedOr(float3, uint)", "error: no matching function", ""},
}

func TestResolveWaveBarrierAtomic(t *testing.T) {
	runResolveCases(t, types.Config{}, waveBarrierAtomicCases)
}

var miscCases = []resolveCase{
	{"ddx(float2)", "float2", ""},
	{"ddy_fine(float)", "float", ""},
	{"fwidth(float3)", "float3", ""},
	{"clip(float)", "void", ""},
	{"clip(float4)", "void", ""},
	{"EvaluateAttributeAtSample(float4, uint)", "float4", ""},
	{"EvaluateAttributeSnapped(float2, int2)", "float2", ""},
	{"GetAttributeAtVertex(float3, uint)", "float3", ""},
	{"GetRenderTargetSamplePosition(int)", "float2", ""},
	{"printf(string)", "void", ""},
	{"printf(string, float, int)", "void", "string, float, int"},
	{"printf()", "error: requires at least 1 argument, but 0 were provided", ""},
	{"abort()", "void", ""},
	{"TraceRay(RaytracingAccelerationStructure, uint, uint, uint, uint, uint, RayDesc, S)", "void", ""},
	{"TraceRay(RaytracingAccelerationStructure, uint, uint, uint, uint, uint, RayDesc, float)", "error: no matching function", ""},
	{"ReportHit(float, uint, S)", "bool", ""},
	{"CallShader(uint, S)", "void", ""},
	{"DispatchRaysIndex()", "uint3", ""},
	{"ObjectToWorld3x4()", "float3x4", ""},
	{"WorldToObject4x3()", "float4x3", ""},
	{"SetMeshOutputCounts(uint, uint)", "void", ""},
	{"DispatchMesh(uint, uint, uint, S)", "void", ""},
	{"ProcessTriTessFactorsAvg(float3, float, float3, float, float)", "void", ""},
	{"tex2D(SamplerState, float2)", "float4", ""},
	{"texCUBElod(SamplerState, float4)", "float4", ""},
	{"vk::ReadClock(uint)", "uint64_t", ""},
	{"vk::RawBufferLoad(uint64_t)", "uint", ""},
	{"vk::RawBufferLoad@float4(uint64_t)", "float4", ""},
	{"vk::RawBufferLoad@float(uint64_t, uint)", "float", ""},
	{"vk::RawBufferStore(uint64_t, float3)", "void", "uint64_t, float3"},
	{"vk::RawBufferStore@uint(uint64_t, uint, uint)", "void", ""},
	{"vk::ext_execution_mode(uint, uint, uint)", "void", ""},
	{"vk::NotAThing()", "error: no member named 'NotAThing' in namespace 'vk'", ""},
}

func TestResolveMisc(t *testing.T) { runResolveCases(t, types.Config{}, miscCases) }

var textureMethodsCases = []resolveCase{
	{"Texture2D<float4>.Sample(SamplerState, float2)", "float4", "SamplerState, float2"},
	{"Texture2D<float4>.Sample(SamplerState, float2, int2)", "float4", ""},
	{"Texture2D<float4>.Sample(SamplerState, float2, int2, float, uint)", "float4", ""},
	{"Texture2D<float>.Sample(SamplerState, float2)", "float", ""},
	{"Texture1D<float4>.Sample(SamplerState, float)", "float4", "SamplerState, float"},
	{"Texture1DArray<float4>.Sample(SamplerState, float2)", "float4", ""},
	{"Texture2DArray<float4>.Sample(SamplerState, float3)", "float4", "SamplerState, float3"},
	{"Texture3D<float4>.Sample(SamplerState, float3, int3)", "float4", ""},
	{"TextureCube<float4>.Sample(SamplerState, float3)", "float4", ""},
	// Cubes have no offset form: an int3 "offset" lands on the clamp form (truncated, with a warning).
	{"TextureCube<float4>.Sample(SamplerState, float3, int3)", "float4", "SamplerState, float3, float"},
	{"TextureCube<float4>.Sample(SamplerState, float3, int3, float)", "error: no matching member function for call to 'Sample'", ""},
	{"TextureCubeArray<float4>.SampleLevel(SamplerState, float4, float)", "float4", ""},
	{"Texture2D<float4>.Sample(SamplerComparisonState, float2)", "error: no matching member function", ""},
	{"Texture2D<float4>.Sample(SamplerState, float3)", "float4", "SamplerState, float2"}, // truncation, with a warning from the checker
	{"Texture2D<float4>.SampleLevel(SamplerState, float2, float)", "float4", ""},
	{"Texture2D<float4>.SampleLevel(SamplerState, float2, lit_int)", "float4", "SamplerState, float2, float"},
	{"Texture2D<float4>.SampleBias(SamplerState, float2, float, int2)", "float4", ""},
	{"Texture2D<float4>.SampleGrad(SamplerState, float2, float2, float2)", "float4", ""},
	{"Texture2DArray<float4>.SampleGrad(SamplerState, float3, float2, float2)", "float4", ""},
	{"Texture2D<float>.SampleCmp(SamplerComparisonState, float2, float)", "float", ""},
	{"Texture2D<float4>.SampleCmpLevelZero(SamplerComparisonState, float2, float)", "float", ""},
	{"Texture2D<float4>.SampleCmpLevel(SamplerComparisonState, float2, float, float)", "float", ""},
	{"Texture2D<float4>.Gather(SamplerState, float2)", "float4", ""},
	{"Texture2D<int2>.GatherRed(SamplerState, float2, int2)", "int4", ""},
	{"Texture2D<float4>.GatherCmp(SamplerComparisonState, float2, float)", "float4", ""},
	{"TextureCube<float4>.GatherAlpha(SamplerState, float3)", "float4", ""},
	{"Texture1D<float4>.Gather(SamplerState, float)", "error: no member named 'Gather' in 'Texture1D<float4>'", ""},
	{"Texture2D<float4>.CalculateLevelOfDetail(SamplerState, float2)", "float", ""},
	{"Texture2D<float4>.Load(int3)", "float4", "int3"},
	{"Texture2D<float4>.Load(int3, int2)", "float4", ""},
	{"Texture2D<float4>.Load(int3, int2, uint)", "float4", ""},
	{"Texture1D<float4>.Load(int2)", "float4", ""},
	{"Texture2DArray<float4>.Load(int4)", "float4", ""},
	{"Texture3D<uint>.Load(int4)", "uint", ""},
	{"Texture2DMS<float4>.Load(int2, int)", "float4", ""},
	{"Texture2DMS<float4, 4>.Load(int2, int, int2)", "float4", ""},
	{"Texture2DMSArray<float4>.Load(int3, int)", "float4", ""},
	{"Texture2DMS<float4>.GetSamplePosition(int)", "float2", ""},
	{"Texture2D<float4>.Load(int2)", "error: no matching member function", ""},
	{"RWTexture2D<float4>.Load(int2)", "float4", "int2"},
	{"RWTexture3D<uint>.Load(int3, uint)", "uint", ""},
	{"RWTexture1D<float>.Load(int)", "float", ""},
	{"Buffer<float4>.Load(int)", "float4", ""},
	{"RWBuffer<uint>.Load(uint)", "uint", "int"},
	{"Texture2D<float4>.GetDimensions(uint, uint)", "void", "uint, uint"},
	{"Texture2D<float4>.GetDimensions(float, float)", "void", "float, float"},
	{"Texture2D<float4>.GetDimensions(uint, uint, uint, uint)", "void", ""},
	{"Texture2D<float4>.GetDimensions(lit_int, uint, uint, uint)", "void", "uint, uint, uint, uint"},
	{"Texture2DArray<float4>.GetDimensions(uint, uint, uint)", "void", ""},
	{"Texture3D<float4>.GetDimensions(uint, uint, uint)", "void", ""},
	{"TextureCube<float4>.GetDimensions(uint, uint)", "void", ""},
	{"Texture2DMS<float4>.GetDimensions(uint, uint, uint)", "void", ""},
	{"RWTexture2D<float4>.GetDimensions(uint, uint)", "void", ""},
	{"RWTexture2D<float4>.GetDimensions(uint, uint, uint)", "error: no matching member function", ""},
	{"Texture2D<float4>.GetDimensions(int, int)", "void", "float, float"}, // uint is strict, float is not
	{"Texture2D<float4>.GetDimensions(bool, bool)", "void", "float, float"},
	{"vk::SampledTexture2D<float4>.Sample(float2)", "float4", "float2"},
	{"vk::SampledTexture2D<float4>.SampleLevel(float2, float)", "float4", ""},
	{"vk::SampledTexture2D<float4>.Sample(SamplerState, float2)", "error: no matching member function", ""},
	{"vk::SampledTexture2D<float4>.Gather(float2)", "float4", ""},
	{"vk::SampledTexture2D<float4>.Load(int3)", "float4", ""},
	{"SubpassInput<float4>.SubpassLoad()", "float4", ""},
	{"SubpassInputMS<float4>.SubpassLoad(int)", "float4", ""},
	{"FeedbackTexture2D<0>.WriteSamplerFeedback(Texture2D<float4>, SamplerState, float2)", "void", ""},
	{"FeedbackTexture2DArray<1>.WriteSamplerFeedbackLevel(Texture2DArray<float4>, SamplerState, float3, float)", "void", ""},
}

func TestResolveTextureMethods(t *testing.T) { runResolveCases(t, types.Config{}, textureMethodsCases) }

var bufferMethodsCases = []resolveCase{
	{"ByteAddressBuffer.Load(uint)", "uint", ""},
	{"ByteAddressBuffer.Load@float4(uint)", "float4", ""},
	{"ByteAddressBuffer.Load2(uint)", "uint2", ""},
	{"ByteAddressBuffer.Load4@int(uint)", "error: Explicit template arguments on intrinsic Load4 are not supported", ""},
	{"ByteAddressBuffer.Load@Texture2D<float4>(uint)", "error: Explicit template arguments on intrinsic Load must be a single numeric type", ""},
	{"ByteAddressBuffer.Load@S(uint)", "Payload", ""},
	{"abs@float(float)", "error: Explicit template arguments on intrinsic abs are not supported", ""},
	{"ByteAddressBuffer.Load4(uint, uint)", "uint4", ""},
	{"ByteAddressBuffer.Store(uint, uint)", "error: no member named 'Store' in 'ByteAddressBuffer'", ""},
	{"RWByteAddressBuffer.Store(uint, float3)", "void", "uint, float3"},
	{"RWByteAddressBuffer.Store(uint, lit_int)", "void", "uint, uint"},
	{"RWByteAddressBuffer.Store(uint, lit_float)", "void", "uint, float"},
	{"RWByteAddressBuffer.Store@uint(uint, float)", "void", "uint, uint"},
	{"RWByteAddressBuffer.Store4(uint, uint4)", "void", ""},
	{"RWByteAddressBuffer.InterlockedAdd(uint, uint, uint)", "void", ""},
	{"RWByteAddressBuffer.InterlockedMax(uint, int)", "void", "uint, int"},
	{"RWByteAddressBuffer.InterlockedCompareExchange(uint, uint, uint, uint)", "void", ""},
	{"RWByteAddressBuffer.InterlockedAdd64(uint, uint64_t)", "void", ""},
	{"RWByteAddressBuffer.InterlockedExchangeFloat(uint, float, float)", "void", ""},
	{"ByteAddressBuffer.GetDimensions(uint)", "void", ""},
	{"ByteAddressBuffer.GetDimensions(int)", "error: no known conversion from 'int' to 'unsigned int &' for 1st argument", ""},
	{"Texture2D<float4>.Load(int3, int2, int)", "error: no matching member function for call to 'Load'", ""},
	{"CheckAccessFullyMapped(int)", "error: no matching function", ""},
	{"StructuredBuffer<S>.Load(int)", "Payload", ""},
	{"StructuredBuffer<float4>.GetDimensions(uint, uint)", "void", ""},
	{"RWStructuredBuffer<uint>.IncrementCounter()", "uint", ""},
	{"RWStructuredBuffer<uint>.DecrementCounter()", "uint", ""},
	{"StructuredBuffer<uint>.IncrementCounter()", "error: no member named 'IncrementCounter'", ""},
	{"AppendStructuredBuffer<S>.Append(S)", "void", ""},
	{"AppendStructuredBuffer<float4>.Append(float)", "void", "float4"},
	{"ConsumeStructuredBuffer<float4>.Consume()", "float4", ""},
	{"TriangleStream<S>.Append(S)", "void", ""},
	{"TriangleStream<S>.RestartStrip()", "void", ""},
	{"PointStream<S>.Append(float)", "error: no matching member function for call to 'Append'", ""},
	{"vk::BufferPointer<S, 16>.Get()", "Payload", ""},
	{"RayQuery<0>.TraceRayInline(RaytracingAccelerationStructure, uint, uint, RayDesc)", "void", ""},
	{"RayQuery<5>.Proceed()", "bool", ""},
	{"RayQuery<0>.CommittedTriangleBarycentrics()", "float2", ""},
	{"RayQuery<0>.CandidateObjectToWorld3x4()", "float3x4", ""},
}

func TestResolveBufferMethods(t *testing.T) { runResolveCases(t, types.Config{}, bufferMethodsCases) }

func TestAmbiguity(t *testing.T) {
	// No two intrinsic overloads tie on real arguments, so build a pair the
	// way a user's overload set would: f(double) and f(float) called with a
	// literal float are equally good (DXC: "call to 'f' is ambiguous").
	u := types.NewUniverse(types.Config{})
	// The table's overloads take their parameters from paramPool: add two
	// of our own, named "x", to the intrinsic Abs.
	t.Cleanup(func() { paramPool = paramTable[:] })
	x := str(strings.Index(textPool, "x")<<8 | 1)
	mk := func(s types.Scalar) *Overload {
		off := len(paramPool)
		paramPool = append(paramPool[:off:off], Param{name: x, Type: Pattern{Kind: PatScalar, Comp: CompFixed, Scalar: s}})
		return &Overload{ID: Abs, params: span{uint16(off), 1}, Result: Pattern{Kind: PatVoid}}
	}
	cands := []*Overload{mk(types.Double), mk(types.Float)}
	_, err := resolveAmong(u, Call{Name: "f", Args: []*types.Type{types.ScalarType(types.LiteralFloat)}}, cands)
	if err == nil || err.Kind != Ambiguous || err.Msg != "call to 'f' is ambiguous" || len(err.Notes) != 2 {
		t.Fatalf("want ambiguity, got %+v", err)
	}
	if err.Notes[0].Msg != "candidate function" || err.Notes[0].Signature != "abs(x: scalar<double>) -> void" {
		t.Errorf("note %+v", err.Notes[0])
	}
	// A float argument prefers f(float) exactly.
	m, err := resolveAmong(u, Call{Name: "f", Args: []*types.Type{types.ScalarType(types.Float)}}, cands)
	if err != nil || m.Overload != cands[1] {
		t.Errorf("f(float) chose %v, %v", m.Overload, err)
	}
	// An int argument converts to either at the same cost: ambiguous too.
	if _, err := resolveAmong(u, Call{Name: "f", Args: []*types.Type{types.ScalarType(types.Int)}}, cands); err == nil || err.Kind != Ambiguous {
		t.Errorf("f(int): %v", err)
	}
}

func TestNoMatchNotes(t *testing.T) {
	u := types.NewUniverse(types.Config{})
	_, err := Resolve(u, parseCall(t, u, "InterlockedCompareStoreFloatBitwise(int, int, int)"))
	if err == nil {
		t.Fatal("resolved")
	}
	want := "no matching function for call to 'InterlockedCompareStoreFloatBitwise'"
	if err.Msg != want || len(err.Notes) != 1 {
		t.Fatalf("got %q %v", err.Msg, err.Notes)
	}
	if n := err.Notes[0]; n.Msg != "candidate function not viable: no known conversion from 'int' to 'float &' for 1st argument" ||
		n.Signature != "InterlockedCompareStoreFloatBitwise<T: float32_only s>(inout dest: T, compare: float, value: float) -> void" {
		t.Errorf("note %+v", n)
	}
	_, err = Resolve(u, parseCall(t, u, "Texture2D<float4>.Sample(SamplerState, float2, float2, float2, float2, float2, float2, float2)"))
	if err == nil || len(err.Notes) == 0 || !strings.Contains(err.Notes[0].Msg, "arguments, but 8 were provided") {
		t.Errorf("arity notes: %v", err)
	}
}

var allCases = [][]resolveCase{unaryFloatCases, moreGlobalCases, moreMethodCases, rayQueryCases, mathCases, vectorMatrixCases, bitsAndCastsCases, waveBarrierAtomicCases, miscCases, textureMethodsCases, bufferMethodsCases}

// TestEveryIntrinsicIsTested fails when a function or method in the table
// has no case above: every overload family needs at least one call.
func TestResolveMore(t *testing.T) {
	cfg := types.Config{}
	runResolveCases(t, cfg, unaryFloatCases)
	runResolveCases(t, cfg, moreGlobalCases)
	runResolveCases(t, cfg, moreMethodCases)
	runResolveCases(t, cfg, rayQueryCases)
}

func TestEveryIntrinsicIsTested(t *testing.T) {
	called := map[string]bool{}
	for _, cs := range allCases {
		for _, c := range cs {
			head := c.call[:strings.IndexByte(c.call, '(')]
			head, _, _ = strings.Cut(head, "@")
			if k := strings.LastIndex(head, "."); k >= 0 {
				recv := head[:k]
				recv, _, _ = strings.Cut(recv, "<")
				called[recv+"."+head[k+1:]] = true
			} else {
				called[head] = true
			}
		}
	}
	var missing []string
	for name := range globalIndex {
		if !called[name] {
			missing = append(missing, name)
		}
	}
	for name := range vkIndex {
		if !called["vk::"+name] {
			missing = append(missing, "vk::"+name)
		}
	}
	for obj, ms := range methodIndex {
		for name := range ms {
			if !called[obj+"."+name] && !calledOnSibling(called, obj, name) {
				missing = append(missing, obj+"."+name)
			}
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("%d intrinsics without a test case:\n%s", len(missing), strings.Join(missing, "\n"))
	}
}

// calledOnSibling accepts a method tested on another object kind that
// shares the same overload rows (Texture2D.Sample covers Texture3D.Sample).
func calledOnSibling(called map[string]bool, obj, name string) bool {
	rows := methodIndex[obj][name]
	for other, ms := range methodIndex {
		if other == obj || !called[other+"."+name] {
			continue
		}
		if o := ms[name]; len(o) > 0 && len(rows) > 0 && o[0] == rows[0] {
			return true
		}
	}
	return false
}

func TestCheckElement(t *testing.T) {
	u := types.NewUniverse(types.Config{})
	tests := []struct {
		call   string
		sm     int
		errMsg string
	}{
		{"Texture2D<float4>.Sample(SamplerState, float2)", 600, ""},
		{"Texture2D<int4>.Sample(SamplerState, float2)", 600, "cannot Sample from resource containing int4"},
		{"Texture2D<int4>.Sample(SamplerState, float2)", 607, ""},
		{"Texture2D<uint>.SampleCmp(SamplerComparisonState, float2, float)", 608, "cannot SampleCmp from resource containing uint"},
		{"Texture2D<double2>.SampleLevel(SamplerState, float2, float)", 608, "cannot SampleLevel from resource containing double2"},
		{"Texture2D<uint>.GatherRaw(SamplerState, float2)", 607, ""},
		{"Texture2D<float4>.GatherRaw(SamplerState, float2)", 607, "cannot GatherRaw from resource containing float4"},
		{"Texture2D<int4>.Load(int3)", 600, ""},
	}
	for _, tc := range tests {
		c := parseCall(t, u, tc.call)
		m, rerr := Resolve(u, c)
		if rerr != nil {
			t.Fatalf("%s: %s", tc.call, rerr.Msg)
		}
		err := CheckElement(m, c.Receiver, tc.sm/100, tc.sm%100)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.errMsg {
			t.Errorf("%s at %d: %q, want %q", tc.call, tc.sm, got, tc.errMsg)
		}
	}
}

func TestConcretize(t *testing.T) {
	u := types.NewUniverse(types.Config{})
	for _, tc := range []struct{ call, result, params string }{
		{"abs(lit_int)", "int", "int"},
		{"max(lit_int, lit_float)", "float", "float, float"},
		{"sin(lit_float)", "float", "float"},
		{"max(float3, lit_float)", "float3", "float3, float3"},
	} {
		m, err := Resolve(u, parseCall(t, u, tc.call))
		if err != nil {
			t.Fatalf("%s: %s", tc.call, err.Msg)
		}
		m.Concretize()
		c := m
		var ps []string
		for _, p := range c.Params {
			ps = append(ps, p.Type.String())
		}
		if c.Result.String() != tc.result || strings.Join(ps, ", ") != tc.params {
			t.Errorf("%s: %s (%s), want %s (%s)", tc.call, c.Result, strings.Join(ps, ", "), tc.result, tc.params)
		}
	}
}
