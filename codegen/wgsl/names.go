package wgsl

import (
	"strconv"
	"strings"
	"sync"
)

// A lazy is a value made by make on first use. A package-level
// &lazy{make: ...} is static data, so it costs nothing when the package
// initializes (sync.OnceValue allocates its closures there).
type lazy[T any] struct {
	once sync.Once
	make func() T
	v    T
}

// get returns the value, made on the first call.
func (l *lazy[T]) get() T {
	l.once.Do(l.fill)
	return l.v
}

func (l *lazy[T]) fill() { l.v = l.make() }

// reservedWords are the identifiers a WGSL declaration must not take: the
// keywords and reserved words of the WGSL grammar, the predeclared types
// and type generators, and the built-in functions and enumerants (a
// declaration may shadow those, but the translator must still be able to
// call dot() or name vec4 after a user names a variable "dot"). The set
// is built on first use: a process that compiles HLSL to SPIR-V alone
// never needs its 400 entries.
var reservedWords = &lazy[map[string]bool]{make: func() map[string]bool { return toSet(reservedWordList) }}

const reservedWordList = `
alias break case const const_assert continue continuing default diagnostic discard else enable false fn for
if let loop override requires return struct switch true var while
NULL Self abstract active alignas alignof as asm asm_fragment async attribute auto await become binding_array
cast catch class co_await co_return co_yield coherent column_major common compile compile_fragment concept
const_cast consteval constexpr constinit crate debugger decltype delete demote demote_to_helper do dynamic_cast
enum explicit export extends extern external fallthrough filter final finally friend from fxgroup get goto
groupshared highp impl implements import inline instanceof interface layout lowp macro macro_rules match
mediump meta mod module move mut mutable namespace new nil noexcept noinline nointerpolation non_coherent
noncoherent noperspective null nullptr of operator package packoffset partition pass patch pixelfragment
precise precision premerge priv protected pub public readonly ref regardless register reinterpret_cast
require resource restrict self set shared sizeof smooth snorm static static_assert static_cast std subroutine
super target template this thread_local throw trait try type typedef typeid typename typeof union unless
unorm unsafe unsized use using varying virtual volatile wgsl where with writeonly yield
bool f16 f32 i32 u32 vec2 vec3 vec4 mat2x2 mat2x3 mat2x4 mat3x2 mat3x3 mat3x4 mat4x2 mat4x3 mat4x4 array
atomic ptr sampler sampler_comparison texture_1d texture_2d texture_2d_array texture_3d texture_cube
texture_cube_array texture_multisampled_2d texture_depth_multisampled_2d texture_external texture_storage_1d
texture_storage_2d texture_storage_2d_array texture_storage_3d texture_depth_2d texture_depth_2d_array
texture_depth_cube texture_depth_cube_array vec2i vec3i vec4i vec2u vec3u vec4u vec2f vec3f vec4f vec2h vec3h
vec4h mat2x2f mat2x3f mat2x4f mat3x2f mat3x3f mat3x4f mat4x2f mat4x3f mat4x4f mat2x2h mat2x3h mat2x4h
mat3x2h mat3x3h mat3x4h mat4x2h mat4x3h mat4x4h
read write read_write function private workgroup uniform storage handle immediate
bitcast all any select arrayLength abs acos acosh asin asinh atan atanh atan2 ceil clamp cos cosh
countLeadingZeros countOneBits countTrailingZeros cross degrees determinant distance dot dot4U8Packed
dot4I8Packed exp exp2 extractBits faceForward firstLeadingBit firstTrailingBit floor fma fract frexp
insertBits inverseSqrt ldexp length log log2 max min mix modf normalize pow quantizeToF16 radians reflect
refract reverseBits round saturate sign sin sinh smoothstep sqrt step tan tanh transpose trunc dpdx
dpdxCoarse dpdxFine dpdy dpdyCoarse dpdyFine fwidth fwidthCoarse fwidthFine textureDimensions textureGather
textureGatherCompare textureLoad textureNumLayers textureNumLevels textureNumSamples textureSample
textureSampleBias textureSampleCompare textureSampleCompareLevel textureSampleGrad textureSampleLevel
textureSampleBaseClampToEdge textureStore textureBarrier atomicLoad atomicStore atomicAdd atomicSub
atomicMax atomicMin atomicAnd atomicOr atomicXor atomicExchange atomicCompareExchangeWeak pack4x8snorm
pack4x8unorm pack4xI8 pack4xU8 pack4xI8Clamp pack4xU8Clamp pack2x16snorm pack2x16unorm pack2x16float
unpack4x8snorm unpack4x8unorm unpack4xI8 unpack4xU8 unpack2x16snorm unpack2x16unorm unpack2x16float
storageBarrier workgroupBarrier workgroupUniformLoad subgroupAdd subgroupAll subgroupAnd subgroupAny
subgroupBallot subgroupBroadcast subgroupBroadcastFirst subgroupElect subgroupExclusiveAdd
subgroupExclusiveMul subgroupInclusiveAdd subgroupInclusiveMul subgroupMax subgroupMin subgroupMul
subgroupOr subgroupShuffle subgroupShuffleDown subgroupShuffleUp subgroupShuffleXor subgroupXor
quadBroadcast quadSwapDiagonal quadSwapX quadSwapY
rgba8unorm rgba8snorm rgba8uint rgba8sint rgba16uint rgba16sint rgba16float r32uint r32sint r32float
rg32uint rg32sint rg32float rgba32uint rgba32sint rgba32float bgra8unorm
`

func toSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// sanitize turns a SPIR-V debug name into a WGSL identifier: characters
// outside [A-Za-z0-9_] become '_', runs of '_' collapse (a leading "__" is
// reserved), and a name that is empty, starts with a digit, is "_" or is
// reserved gets a prefix or suffix. It returns "" when nothing usable is
// left, so the caller falls back to an id-based name.
func sanitize(name string) string {
	var b strings.Builder
	last := byte(0)
	for i := 0; i < len(name); i++ {
		c := name[i]
		ok := c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !ok {
			c = '_'
		}
		if c == '_' && last == '_' {
			continue
		}
		b.WriteByte(c)
		last = c
	}
	s := strings.TrimRight(b.String(), "_")
	if s == "" || s == "_" {
		return ""
	}
	if s[0] >= '0' && s[0] <= '9' {
		s = "x" + s
	}
	if reservedWords.get()[s] {
		s += "_1"
	}
	return s
}

// A namer hands out unique identifiers: module-scope names are unique in
// the module, and function-scope names are unique in their function and
// never equal a module-scope name (so that no local shadows a global the
// function still needs).
type namer struct {
	global map[string]bool
	local  map[string]bool // the current function's, nil at module scope
}

func newNamer() *namer { return &namer{global: map[string]bool{}} }

func (n *namer) taken(s string) bool {
	return reservedWords.get()[s] || n.global[s] || n.local != nil && n.local[s]
}

// unique returns base, or base_N with the smallest N that is free, and
// takes it in the current scope.
func (n *namer) unique(base string) string {
	if base == "" {
		base = "x"
	}
	s := base
	for i := 1; n.taken(s); i++ {
		s = base + "_" + strconv.Itoa(i)
	}
	if n.local != nil {
		n.local[s] = true
	} else {
		n.global[s] = true
	}
	return s
}

// uniqueGlobal returns a module-scope name from base that is free in
// the module and in the function being translated (a type declared while
// translating a function must not collide with another function's).
func (n *namer) uniqueGlobal(base string) string {
	local := n.local
	s := n.unique(base)
	if local != nil {
		delete(local, s)
		n.global[s] = true
	}
	return s
}

// reserveGlobal takes a module-scope name that must be exactly s (a
// built-in helper), reporting whether it was free.
func (n *namer) reserveGlobal(s string) bool {
	if n.taken(s) {
		return false
	}
	n.global[s] = true
	return true
}

// enterFunction opens a function's scope, for about hint names.
func (n *namer) enterFunction(hint int) { n.local = make(map[string]bool, hint) }
func (n *namer) leaveFunction()         { n.local = nil }
