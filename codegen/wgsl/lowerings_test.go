package wgsl_test

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/codegen/wgsl"
)

// 16-bit integers are held in 32-bit ones; a storage buffer of them is
// declared as words (WGSL has no 16-bit integers), its halves read with
// extractBits and, since a half-word store must not lose a store to the
// other half, written with atomicAnd/atomicOr on atomic words. Arithmetic
// wraps back into 16 bits.
func TestInt16BufferAsWords(t *testing.T) {
	check(t, `
OpCapability Shader
OpCapability Int16
OpCapability StorageBuffer16BitAccess
OpExtension "SPV_KHR_16bit_storage"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 8 1 1
OpName %sb "sb"
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %rta ArrayStride 2
OpMemberDecorate %block 0 Offset 0
OpDecorate %block BufferBlock
OpDecorate %sb DescriptorSet 0
OpDecorate %sb Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%ushort = OpTypeInt 16 0
%short = OpTypeInt 16 1
%v3uint = OpTypeVector %uint 3
%ptr_in_v3uint = OpTypePointer Input %v3uint
%gid = OpVariable %ptr_in_v3uint Input
%rta = OpTypeRuntimeArray %ushort
%block = OpTypeStruct %rta
%ptr_block = OpTypePointer Uniform %block
%sb = OpVariable %ptr_block Uniform
%ptr_ushort = OpTypePointer Uniform %ushort
%int_0 = OpConstant %int 0
%short_m7 = OpConstant %short -7
%ushort_9 = OpConstant %ushort 9
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%p = OpAccessChain %ptr_ushort %sb %int_0 %x
%v = OpLoad %ushort %p
%s = OpBitcast %short %v
%m = OpIMul %short %s %short_m7
%u = OpBitcast %ushort %m
%w = OpIAdd %ushort %u %ushort_9
OpStore %p %w
OpReturn
OpFunctionEnd
`,
		`@group\(0\) @binding\(0\) var<storage, read_write> sb : array<atomic<u32>>;`,
		// The half at byte 2x of the words.
		`extractBits\(atomicLoad\(&sb\[\(\w+ \* 2u\) >> 2u\]\), \(\(\w+ \* 2u\) & 3u\) \* 8u, 16u\)`,
		// int16 * -7, wrapped back to 16 bits and sign-extended.
		`\* -7i\) << 16u\) >> 16u\) & 0xffffu\)`,
		// + 9 in 16 bits, computed before the stores.
		`\+ 9u\) & 0xffffu;`,
		`atomicAnd\(&sb\[\(\w+ \* 2u\) >> 2u\], ~\(0xffffu << `,
		`atomicOr\(&sb\[\(\w+ \* 2u\) >> 2u\], tmp << `)
}

// A cbuffer member packed into the padding of the array before it (fxc's
// rules: a float at offset 24, inside the 32 bytes WGSL gives a
// float2[2] with a 16-byte stride) is read from the buffer's words.
func TestPackedCbufferAsWords(t *testing.T) {
	res := check(t, `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %color
OpExecutionMode %main OriginUpperLeft
OpName %cb "cb"
OpDecorate %color Location 0
OpDecorate %arr ArrayStride 16
OpMemberDecorate %block 0 Offset 0
OpMemberDecorate %block 1 Offset 24
OpDecorate %block Block
OpDecorate %cb DescriptorSet 0
OpDecorate %cb Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v2 = OpTypeVector %float 2
%v4 = OpTypeVector %float 4
%uint_2 = OpConstant %uint 2
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%arr = OpTypeArray %v2 %uint_2
%block = OpTypeStruct %arr %float
%ptr_block = OpTypePointer Uniform %block
%cb = OpVariable %ptr_block Uniform
%ptr_v2 = OpTypePointer Uniform %v2
%ptr_float = OpTypePointer Uniform %float
%ptr_out = OpTypePointer Output %v4
%color = OpVariable %ptr_out Output
%main = OpFunction %void None %fn
%entry = OpLabel
%pa = OpAccessChain %ptr_v2 %cb %int_0 %int_1
%a = OpLoad %v2 %pa
%pf = OpAccessChain %ptr_float %cb %int_1
%f = OpLoad %float %pf
%c = OpCompositeConstruct %v4 %a %f %f
OpStore %color %c
OpReturn
OpFunctionEnd
`,
		`@group\(0\) @binding\(0\) var<uniform> cb : array<vec4<u32>, 2>;`,
		`bitcast<f32>\(cb\[1u\]\[2u\]\)`,
		`vec2<f32>\(bitcast<f32>\(cb\[1u\]\[0u\]\), bitcast<f32>\(cb\[1u\]\[1u\]\)\)`)
	if n := res.BindingNotes(); len(n) != 1 || !strings.Contains(n[0], "declared as 32-bit words") {
		t.Errorf("notes %q", n)
	}
}

// Bitcasts between 16-bit integers and halves, and 16-bit integer
// conversions: sign-extension, truncation, re-extension of the other
// signedness.
func TestInt16ConversionsAndBitcasts(t *testing.T) {
	check(t, strings.Replace(computeHeader, "OpCapability Shader\n", "OpCapability Shader\nOpCapability Int16\nOpCapability Float16\n", 1)+`
%short = OpTypeInt 16 1
%ushort = OpTypeInt 16 0
%half = OpTypeFloat 16
%v2ushort = OpTypeVector %ushort 2
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%s = OpSConvert %short %x
%wide = OpSConvert %int %s
%u = OpBitcast %ushort %s
%h = OpBitcast %half %u
%back = OpBitcast %short %h
%pair = OpCompositeConstruct %v2ushort %u %u
%word = OpBitcast %uint %pair
%z = OpUConvert %uint %back
%sum1 = OpIAdd %uint %word %z
%sum = OpIAdd %uint %sum1 %wide
%p = OpAccessChain %ptr_uint %buf %int_0 %x
OpStore %p %sum
OpReturn
OpFunctionEnd
`,
		// Bitcasts through 16-bit pieces.
		`fn spv_bitcast_\w+\(v : u32\) -> f16 \{\s+return bitcast<vec2<f16>>\(\(bitcast<u32>\(v\) & 0xffffu\)\)\.x;`,
		`fn spv_bitcast_\w+\(v : f16\) -> i32 \{\s+return \(bitcast<i32>\(\(bitcast<u32>\(vec2<f16>\(v, 0.0h\)\)\) << 16u\) >> 16u\);`,
		`fn spv_bitcast_\w+\(v : vec2<u32>\) -> u32 \{\s+return bitcast<u32>\(\(bitcast<u32>\(v\.x\) & 0xffffu\) \| \(\(bitcast<u32>\(v\.y\) & 0xffffu\) << 16u\)\);`,
		// SConvert to 16 bits: the low half, sign-extended.
		`let x_\d+ : i32 = \(bitcast<i32>\(bitcast<u32>\(bitcast<i32>\(x_\d+\)\) & 0xffffu\) << 16u\) >> 16u;`,
		// Bitcast to unsigned: the same 16 bits zero-extended.
		`let x_\d+ : u32 = bitcast<u32>\(x_\d+\) & 0xffffu;`)
}

// Smaller exact translations: isnan/isinf on f16 from the bits, a texel
// fetch's offset added to its coordinates, a signed atomic min on
// unsigned memory as a compare-exchange loop, packed 4x8-bit dot
// products, a ballot's bit count scanned with the subgroup lane, an
// empty struct in a buffer.
func TestSmallLowerings(t *testing.T) {
	check(t, strings.Replace(computeHeader, "OpCapability Shader\n", "OpCapability Shader\nOpCapability Float16\nOpCapability DotProduct\nOpCapability DotProductInput4x8BitPacked\nOpCapability GroupNonUniformBallot\nOpExtension \"SPV_KHR_integer_dot_product\"\n", 1)+`
%half = OpTypeFloat 16
%half_1 = OpConstant %half 1
%v4uint = OpTypeVector %uint 4
%uint_3 = OpConstant %uint 3
%ptr_wg = OpTypePointer Workgroup %uint
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%h = OpConvertUToF %half %x
%q = OpFDiv %half %half_1 %h
%nan = OpIsNan %bool %q
%inf = OpIsInf %bool %q
%either = OpLogicalOr %bool %nan %inf
%one = OpSelect %uint %either %uint_1 %uint_0
%p = OpAccessChain %ptr_uint %buf %int_0 %uint_0
%old = OpAtomicSMin %uint %p %uint_1 %uint_0 %int_m5
%dot = OpUDot %uint %x %old PackedVectorFormat4x8Bit
%ballot = OpGroupNonUniformBallot %v4uint %uint_3 %nan
%below = OpGroupNonUniformBallotBitCount %uint %uint_3 ExclusiveScan %ballot
%a = OpIAdd %uint %one %dot
%b = OpIAdd %uint %a %below
%o = OpAccessChain %ptr_uint %buf %int_0 %x
OpStore %o %b
OpReturn
OpFunctionEnd
`,
		`var<private> subgroup_lane : u32;`,
		`fn spv_isnan_f16\(v : f16\) -> bool \{\s+return \(bitcast<u32>\(vec2<f16>\(v, 0.0h\)\) & 0x7fffu\) > 0x7c00u;`,
		`loop \{\s+let old = atomicLoad\(&buf\.member_0\[0u\]\);\s+let cas = atomicCompareExchangeWeak\(&buf\.member_0\[0u\], old, bitcast<u32>\(min\(bitcast<i32>\(old\), \w+\)\)\);\s+if cas\.exchanged \{\s+\w+ = old;\s+break;`,
		`countOneBits\(\w+ & spv_lanes_below\(subgroup_lane\)\)`,
		`dot4U8Packed\(x_\d+, \w+\)`,
		`@builtin\(subgroup_invocation_id\) subgroup_invocation_id_param : u32`,
		`subgroup_lane = subgroup_invocation_id_param;`)
}

// A storage image without a format takes the 32-bit form of its texels
// with the components the shader uses, reported with the binding.
func TestFormatlessStorageImage(t *testing.T) {
	res := check(t, `
OpCapability Shader
OpCapability StorageImageWriteWithoutFormat
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 8 1 1
OpName %img "img"
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %img DescriptorSet 0
OpDecorate %img Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v2uint = OpTypeVector %uint 2
%v3uint = OpTypeVector %uint 3
%v2 = OpTypeVector %float 2
%ptr_in_v3uint = OpTypePointer Input %v3uint
%gid = OpVariable %ptr_in_v3uint Input
%image = OpTypeImage %float 2D 0 0 0 2 Unknown
%ptr_image = OpTypePointer UniformConstant %image
%img = OpVariable %ptr_image UniformConstant
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%xy = OpVectorShuffle %v2uint %id %id 0 1
%f = OpConvertUToF %v2 %xy
%i = OpLoad %image %img
OpImageWrite %i %xy %f
OpReturn
OpFunctionEnd
`,
		`var img : texture_storage_2d<rg32float, write>;`,
		`textureStore\(img, x_\d+, vec4<f32>\(x_\d+, 0.0f, 0.0f\)\)|textureStore\(img, \w+, vec4<f32>\(`)
	if res.Bindings[0].StorageFormat != "rg32float" {
		t.Errorf("binding %+v", res.Bindings[0])
	}
}

// An empty struct in a buffer takes no bytes: no member holds it, and a
// load of it is its zero value.
func TestEmptyStructInBuffer(t *testing.T) {
	check(t, `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %color
OpExecutionMode %main OriginUpperLeft
OpName %cb "cb"
OpName %empty "Empty"
OpDecorate %color Location 0
OpMemberDecorate %block 0 Offset 0
OpMemberDecorate %block 1 Offset 16
OpMemberDecorate %block 2 Offset 16
OpDecorate %block Block
OpDecorate %cb DescriptorSet 0
OpDecorate %cb Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%float = OpTypeFloat 32
%v3 = OpTypeVector %float 3
%v4 = OpTypeVector %float 4
%int_2 = OpConstant %int 2
%empty = OpTypeStruct
%block = OpTypeStruct %v3 %empty %v4
%ptr_block = OpTypePointer Uniform %block
%cb = OpVariable %ptr_block Uniform
%ptr_v4 = OpTypePointer Uniform %v4
%ptr_out = OpTypePointer Output %v4
%color = OpVariable %ptr_out Output
%main = OpFunction %void None %fn
%entry = OpLabel
%whole = OpLoad %block %cb
%p = OpAccessChain %ptr_v4 %cb %int_2
%c = OpLoad %v4 %p
OpStore %color %c
OpReturn
OpFunctionEnd
`,
		`struct \w+_mem \{\s+@size\(16\) member_0 : vec3<f32>,\s+member_2 : vec4<f32>,\s+\}`,
		`Empty\(\)`)
}

// Subgroup ids: the builtins of WGSL's subgroups extension.
func TestSubgroupIDBuiltins(t *testing.T) {
	res := check(t, `
OpCapability Shader
OpCapability GroupNonUniform
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %sid %n
OpExecutionMode %main LocalSize 64 1 1
OpDecorate %sid BuiltIn SubgroupId
OpDecorate %n BuiltIn NumSubgroups
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%ptr_in = OpTypePointer Input %uint
%sid = OpVariable %ptr_in Input
%n = OpVariable %ptr_in Input
%main = OpFunction %void None %fn
%entry = OpLabel
%a = OpLoad %uint %sid
%b = OpLoad %uint %n
OpReturn
OpFunctionEnd
`,
		`enable subgroups;`,
		`@builtin\(subgroup_id\) \w+ : u32, @builtin\(num_subgroups\) \w+ : u32`)
	if len(res.Features) != 1 || res.Features[0] != "subgroups" {
		t.Errorf("features %v", res.Features)
	}
	_ = wgsl.Options{}
}

// 64-bit integers are vec2<u32> words computed on by helpers: a storage
// buffer of them keeps their layout (8 bytes, low word first), a switch on
// one switches on the index of the case it equals, a conversion to float
// rounds to nearest even.
func TestInt64Emulation(t *testing.T) {
	check(t, `
OpCapability Shader
OpCapability Int64
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 8 1 1
OpName %sb "sb"
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %rta ArrayStride 8
OpMemberDecorate %block 0 Offset 0
OpDecorate %block BufferBlock
OpDecorate %sb DescriptorSet 0
OpDecorate %sb Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%long = OpTypeInt 64 1
%float = OpTypeFloat 32
%v3uint = OpTypeVector %uint 3
%ptr_in_v3uint = OpTypePointer Input %v3uint
%gid = OpVariable %ptr_in_v3uint Input
%rta = OpTypeRuntimeArray %ulong
%block = OpTypeStruct %rta
%ptr_block = OpTypePointer Uniform %block
%sb = OpVariable %ptr_block Uniform
%ptr_ulong = OpTypePointer Uniform %ulong
%int_0 = OpConstant %int 0
%uint_33 = OpConstant %uint 33
%ulong_big = OpConstant %ulong 0x123456789abcdef0
%long_m3 = OpConstant %long -3
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%p = OpAccessChain %ptr_ulong %sb %int_0 %x
%v = OpLoad %ulong %p
%prod = OpIMul %ulong %v %ulong_big
%q = OpUDiv %ulong %prod %v
%s = OpBitcast %long %q
%r = OpSRem %long %s %long_m3
%sh = OpShiftLeftLogical %long %r %uint_33
%lt = OpSLessThan %bool %sh %long_m3
%f = OpConvertUToF %float %v
%back = OpConvertFToS %long %f
%sel = OpSelect %long %lt %back %sh
%out = OpBitcast %ulong %sel
OpSelectionMerge %m None
OpSwitch %v %m 0x100000000 %big 7 %small
%big = OpLabel
OpStore %p %out
OpBranch %m
%small = OpLabel
OpStore %p %ulong_big
OpBranch %m
%m = OpLabel
OpReturn
OpFunctionEnd
`,
		`@group\(0\) @binding\(0\) var<storage, read_write> sb : \w+;`,
		`fn spv_u32_mul_wide\(a : u32, b : u32\) -> vec2<u32>`,
		`fn spv_u64_divmod\(`,
		`fn spv_u64_to_f32\(v : vec2<u32>\) -> f32`,
		// (v * 0x123456789abcdef0 / v) % -3 << 33, the constants as words.
		`spv_u64_shl\(spv_i64_rem\(spv_u64_div\(spv_u64_mul\(x_\d+, vec2<u32>\(2596069104u, 305419896u\)\), x_\d+\), vec2<u32>\(4294967293u, 4294967295u\)\), 33u\)`,
		`select\(x_\d+, spv_f32_to_i64\(spv_u64_to_f32\(x_\d+\)\), spv_i64_lt\(`,
		`var case_index = 0xffffffffu;\s+if all\(\w+ == vec2<u32>\(0u, 1u\)\) \{\s+case_index = 0u;\s+\} else if all\(\w+ == vec2<u32>\(7u, 0u\)\) \{\s+case_index = 1u;`,
		`switch case_index \{`)
}

// 64-bit floats are their bits in a vec2<u32>, computed on exactly:
// +, -, *, / rounded to nearest even, comparisons, conversions to and
// from f32, f16 and integers, negation and absolute values.
func TestFloat64Emulation(t *testing.T) {
	check(t, `
OpCapability Shader
OpCapability Float64
OpCapability Float16
OpCapability Int64
%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 8 1 1
OpName %sb "sb"
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %rta ArrayStride 8
OpMemberDecorate %block 0 Offset 0
OpDecorate %block BufferBlock
OpDecorate %sb DescriptorSet 0
OpDecorate %sb Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%long = OpTypeInt 64 1
%float = OpTypeFloat 32
%half = OpTypeFloat 16
%double = OpTypeFloat 64
%v3uint = OpTypeVector %uint 3
%ptr_in_v3uint = OpTypePointer Input %v3uint
%gid = OpVariable %ptr_in_v3uint Input
%rta = OpTypeRuntimeArray %double
%block = OpTypeStruct %rta
%ptr_block = OpTypePointer Uniform %block
%sb = OpVariable %ptr_block Uniform
%ptr_double = OpTypePointer Uniform %double
%int_0 = OpConstant %int 0
%tenth = OpConstant %double 0.1
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%p = OpAccessChain %ptr_double %sb %int_0 %x
%v = OpLoad %double %p
%sum = OpFAdd %double %v %tenth
%prod = OpFMul %double %sum %v
%quot = OpFDiv %double %prod %tenth
%diff = OpFSub %double %quot %v
%neg = OpFNegate %double %diff
%abs = OpExtInst %double %glsl FAbs %neg
%lt = OpFOrdLessThan %bool %abs %tenth
%f = OpFConvert %float %abs
%h = OpFConvert %half %abs
%hf = OpFConvert %float %h
%ff = OpFAdd %float %f %hf
%back = OpFConvert %double %ff
%i = OpConvertFToS %long %back
%d = OpConvertSToF %double %i
%u = OpConvertFToU %uint %d
%du = OpConvertUToF %double %u
%r = OpSelect %double %lt %du %abs
OpStore %p %r
OpReturn
OpFunctionEnd
`,
		`@group\(0\) @binding\(0\) var<storage, read_write> sb : \w+;`,
		`fn spv_f64_add\(a : vec2<u32>, b : vec2<u32>\) -> vec2<u32>`,
		`fn spv_f64_mul\(`,
		`fn spv_f64_div\(`,
		`fn spv_f64_to_f32\(a : vec2<u32>\) -> f32`,
		`fn spv_f64_to_f16_bits\(a : vec2<u32>\) -> u32`,
		// 0.1 as its bits.
		`spv_f64_add\(x_\d+, vec2<u32>\(2576980378u, 1069128089u\)\)`,
		`bitcast<vec2<f16>>\(spv_f64_to_f16_bits\(`,
		`spv_f64_lt\(`)
}

// Dual-source blending: the outputs at location 0 with Index 0 and 1 are
// WGSL's blend sources.
func TestDualSourceBlending(t *testing.T) {
	res := check(t, `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %a %b
OpExecutionMode %main OriginUpperLeft
OpDecorate %a Location 0
OpDecorate %a Index 0
OpDecorate %b Location 0
OpDecorate %b Index 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4 = OpTypeVector %float 4
%one = OpConstant %float 1
%c = OpConstantComposite %v4 %one %one %one %one
%ptr_out = OpTypePointer Output %v4
%a = OpVariable %ptr_out Output
%b = OpVariable %ptr_out Output
%main = OpFunction %void None %fn
%entry = OpLabel
OpStore %a %c
OpStore %b %c
OpReturn
OpFunctionEnd
`,
		`enable dual_source_blending;`,
		`@location\(0\) @blend_src\(0\) \w+ : vec4<f32>,\s+@location\(0\) @blend_src\(1\) \w+ : vec4<f32>,`)
	if len(res.Features) != 1 || res.Features[0] != "dual-source-blending" {
		t.Errorf("features %v", res.Features)
	}
}

// Atomics on a float: its bits in atomic<u32>; an addition is computed in
// f32 and stored with a compare-exchange loop.
func TestFloatAtomics(t *testing.T) {
	check(t, `
OpCapability Shader
OpCapability AtomicFloat32AddEXT
OpExtension "SPV_EXT_shader_atomic_float_add"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 8 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%uint_0 = OpConstant %uint 0
%half_ = OpConstant %float 0.5
%ptr_wg = OpTypePointer Workgroup %float
%acc = OpVariable %ptr_wg Workgroup
%main = OpFunction %void None %fn
%entry = OpLabel
%old = OpAtomicFAddEXT %float %acc %uint_2 %uint_0 %half_
%prev = OpAtomicExchange %float %acc %uint_2 %uint_0 %old
OpReturn
OpFunctionEnd
`,
		`var<workgroup> \w+ : atomic<u32>;`,
		`loop \{\s+let old = atomicLoad\(&\w+\);\s+let cas = atomicCompareExchangeWeak\(&\w+, old, bitcast<u32>\(bitcast<f32>\(old\) \+ 0.5f\)\);`,
		`atomicExchange\(&\w+, bitcast<u32>\(\w+\)\)`)
}

// Chained access chains into a two-dimensional array of buffers.
func TestDescriptorArrayChainedIndices(t *testing.T) {
	header := strings.Replace(computeHeader, "OpDecorate %buf Binding 1\n", "OpDecorate %buf Binding 1\nOpDecorate %grid DescriptorSet 1\nOpDecorate %grid Binding 0\n", 1)
	header = strings.Replace(header, "OpName %buf \"buf\"\n", "OpName %buf \"buf\"\nOpName %grid \"grid\"\n", 1)
	check(t, header+`
%uint_2 = OpConstant %uint 2
%uint_3 = OpConstant %uint 3
%row = OpTypeArray %block %uint_3
%rows = OpTypeArray %row %uint_2
%ptr_rows = OpTypePointer Uniform %rows
%ptr_row = OpTypePointer Uniform %row
%grid = OpVariable %ptr_rows Uniform
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%r = OpAccessChain %ptr_row %grid %int_1
%p = OpAccessChain %ptr_uint %r %uint_2 %int_0 %x
%v = OpLoad %uint %p
%o = OpAccessChain %ptr_uint %buf %int_0 %x
OpStore %o %v
OpReturn
OpFunctionEnd
`,
		// Element [1][2] is element 5, the only one declared.
		`var<storage, read> grid_5 : \w+;`,
		`buf\.member_0\[x_\d+\] = grid_5\.member_0\[x_\d+\];`)
}

// A gather at four constant offsets: four gathers, component i from the
// one at offset i.
func TestGatherConstOffsets(t *testing.T) {
	check(t, `
OpCapability Shader
OpCapability ImageGatherExtended
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %uv %color
OpExecutionMode %main OriginUpperLeft
OpName %tex "tex"
OpName %smp "smp"
OpDecorate %uv Location 0
OpDecorate %color Location 0
OpDecorate %tex DescriptorSet 0
OpDecorate %tex Binding 0
OpDecorate %smp DescriptorSet 0
OpDecorate %smp Binding 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v2 = OpTypeVector %float 2
%v4 = OpTypeVector %float 4
%v2int = OpTypeVector %int 2
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%int_m1 = OpConstant %int -1
%uint_4 = OpConstant %uint 4
%o0 = OpConstantComposite %v2int %int_0 %int_0
%o1 = OpConstantComposite %v2int %int_1 %int_0
%o2 = OpConstantComposite %v2int %int_0 %int_1
%o3 = OpConstantComposite %v2int %int_m1 %int_m1
%arr = OpTypeArray %v2int %uint_4
%offs = OpConstantComposite %arr %o0 %o1 %o2 %o3
%img = OpTypeImage %float 2D 0 0 0 1 Unknown
%sampler = OpTypeSampler
%si = OpTypeSampledImage %img
%ptr_img = OpTypePointer UniformConstant %img
%ptr_smp = OpTypePointer UniformConstant %sampler
%tex = OpVariable %ptr_img UniformConstant
%smp = OpVariable %ptr_smp UniformConstant
%ptr_in_v2 = OpTypePointer Input %v2
%ptr_out_v4 = OpTypePointer Output %v4
%uv = OpVariable %ptr_in_v2 Input
%color = OpVariable %ptr_out_v4 Output
%main = OpFunction %void None %fn
%e = OpLabel
%t = OpLoad %img %tex
%s = OpLoad %sampler %smp
%c = OpLoad %v2 %uv
%ts = OpSampledImage %si %t %s
%r = OpImageGather %v4 %ts %c %int_1 ConstOffsets %offs
OpStore %color %r
OpReturn
OpFunctionEnd
`,
		`vec4<f32>\(textureGather\(1u, tex, smp, \w+, vec2<i32>\(0i, 0i\)\)\.x, textureGather\(1u, tex, smp, \w+, vec2<i32>\(1i, 0i\)\)\.y, textureGather\(1u, tex, smp, \w+, vec2<i32>\(0i, 1i\)\)\.z, textureGather\(1u, tex, smp, \w+, vec2<i32>\(-1i, -1i\)\)\.w\)`)
}

// Float literals whose shortest round-trip decimal lies past the largest
// finite value (FLT_MAX prints as 3.4028235e+38, above 3.40282346...e+38)
// are printed exactly, since WGSL refuses a literal it cannot represent;
// the largest f16 and the smallest subnormals stay representable.
func TestExtremeFloatLiterals(t *testing.T) {
	check(t, strings.Replace(computeHeader, "OpCapability Shader\n", "OpCapability Shader\nOpCapability Float16\n", 1)+`
%half = OpTypeFloat 16
%fmax = OpConstant %float 0x1.fffffep+127
%fmin = OpConstant %float -0x1.fffffep+127
%fsub = OpConstant %float 0x1p-149
%hmax = OpConstant %half 0x1.ffcp+15
%hsub = OpConstant %half 0x1p-24
%ptr_f = OpTypePointer Uniform %float
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%xf = OpConvertUToF %float %x
%a = OpFMul %float %xf %fmax
%b = OpFAdd %float %a %fmin
%c = OpFAdd %float %b %fsub
%xh = OpConvertUToF %half %x
%d = OpFMul %half %xh %hmax
%e = OpFAdd %half %d %hsub
%ef = OpFConvert %float %e
%s = OpFAdd %float %c %ef
%bits = OpBitcast %uint %s
%o = OpAccessChain %ptr_uint %buf %int_0 %x
OpStore %o %bits
OpReturn
OpFunctionEnd
`,
		`enable f16;`,
		`\* 3\.40282346638528\d*e\+38f`,
		`\+ -3\.40282346638528\d*e\+38f`,
		`1e-45f`,
		`\* 65504\.0h`,
		`\+ 5\.96\d*e-08h`)
}
