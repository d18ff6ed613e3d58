package wgsl_test

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/codegen/wgsl"
)

// A fragment shader sampling texture %tex with sampler %smp; BINDINGS
// stands for their DescriptorSet/Binding decorations.
const sharedBindingModule = `
OpCapability Shader
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
OpDecorate %smp Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2 = OpTypeVector %float 2
%v4 = OpTypeVector %float 4
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
%r = OpImageSampleImplicitLod %v4 %ts %c
OpStore %color %r
OpReturn
OpFunctionEnd
`

// Two resources at one binding (DXC's default mapping of t0 and s0): the
// later one moves to a free binding, reported in the Result and in the
// WGSL's header; StrictBindings refuses instead.
func TestSharedBindingMoves(t *testing.T) {
	res := check(t, sharedBindingModule,
		`// Bindings that differ from the SPIR-V descriptors:\n//   @group\(0\) @binding\(1\) smp: set 0 binding 0 \(moved: tex has set 0 binding 0\)`,
		`@group\(0\) @binding\(0\) var tex : texture_2d<f32>;`,
		`@group\(0\) @binding\(1\) var smp : sampler;`,
		`textureSample\(tex, smp, `)
	want := []wgsl.Binding{
		{Name: "tex", Group: 0, Binding: 0, Set: 0, SPIRVBinding: 0, Element: -1},
		{Name: "smp", Group: 0, Binding: 1, Set: 0, SPIRVBinding: 0, Element: -1, Note: "moved: tex has set 0 binding 0"},
	}
	if len(res.Bindings) != len(want) {
		t.Fatalf("bindings %+v, want %+v", res.Bindings, want)
	}
	for i := range want {
		if res.Bindings[i] != want[i] {
			t.Errorf("binding %d: %+v, want %+v", i, res.Bindings[i], want[i])
		}
	}
	_, err := translate(t, sharedBindingModule, wgsl.Options{StrictBindings: true})
	if !wgsl.IsUnsupported(err) || !strings.Contains(err.Error(), "two resources at one binding (tex and smp at set 0 binding 0") {
		t.Errorf("StrictBindings: want a refusal naming both resources, got %v", err)
	}
}

// A fragment shader sampling element INDEX of a three-texture array
// (binding 0) with a sampler at binding 1.
const textureArrayModule = `
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %uv %which %color
OpExecutionMode %main OriginUpperLeft
OpName %texs "texs"
OpName %smp "smp"
OpDecorate %uv Location 0
OpDecorate %which Location 1
OpDecorate %which Flat
OpDecorate %color Location 0
OpDecorate %texs DescriptorSet 0
OpDecorate %texs Binding 0
OpDecorate %smp DescriptorSet 0
OpDecorate %smp Binding 1
DECORATIONS
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%uint = OpTypeInt 32 0
%uint_1 = OpConstant %uint 1
%uint_3 = OpConstant %uint 3
%float_0 = OpConstant %float 0
%v2 = OpTypeVector %float 2
%v4 = OpTypeVector %float 4
%v2uint = OpTypeVector %uint 2
%v2uint_1 = OpConstantComposite %v2uint %uint_1 %uint_1
%img = OpTypeImage %float 2D 0 0 0 1 Unknown
%sampler = OpTypeSampler
%si = OpTypeSampledImage %img
%arr = OpTypeArray %img %uint_3
%ptr_arr = OpTypePointer UniformConstant %arr
%ptr_img = OpTypePointer UniformConstant %img
%ptr_smp = OpTypePointer UniformConstant %sampler
%texs = OpVariable %ptr_arr UniformConstant
%smp = OpVariable %ptr_smp UniformConstant
%ptr_in_v2 = OpTypePointer Input %v2
%ptr_in_uint = OpTypePointer Input %uint
%ptr_out_v4 = OpTypePointer Output %v4
%uv = OpVariable %ptr_in_v2 Input
%which = OpVariable %ptr_in_uint Input
%color = OpVariable %ptr_out_v4 Output
%main = OpFunction %void None %fn
%e = OpLabel
%i = OpLoad %uint %which
%pt = OpAccessChain %ptr_img %texs INDEX
%t = OpLoad %img %pt
%s = OpLoad %sampler %smp
%c = OpLoad %v2 %uv
%ts = OpSampledImage %si %t %s
%r = SAMPLE
%pt1 = OpAccessChain %ptr_img %texs %uint_1
%t1 = OpLoad %img %pt1
%l = OpImageFetch %v4 %t1 %v2uint_1 Lod %uint_1
%sum = OpFAdd %v4 %r %l
OpStore %color %sum
OpReturn
OpFunctionEnd
`

func textureArray(index, sample, decorations string) string {
	return strings.NewReplacer("INDEX", index, "SAMPLE", sample, "DECORATIONS", decorations).Replace(textureArrayModule)
}

// A descriptor array becomes one variable per element at consecutive
// bindings (moved past the sampler's binding, which element 1 would
// take); a run-time index becomes a switch over the elements.
func TestTextureArrayElements(t *testing.T) {
	res := check(t, textureArray("%i", "OpImageSampleImplicitLod %v4 %ts %c", ""),
		`@binding\(2\) texs_0: set 0 binding 0 \[0\] \(element 0 of the descriptor array; moved: the array's bindings are taken\)`,
		`@group\(0\) @binding\(2\) var texs_0 : texture_2d<f32>;\n@group\(0\) @binding\(3\) var texs_1 : texture_2d<f32>;\n@group\(0\) @binding\(4\) var texs_2 : texture_2d<f32>;\n@group\(0\) @binding\(1\) var smp : sampler;`,
		`switch \w+ \{\s+case 0u: \{\s+(\w+) = textureSample\(texs_0, smp, \w+\);\s+\}\s+case 1u: \{\s+\w+ = textureSample\(texs_1, smp, \w+\);\s+\}\s+case 2u, default: \{\s+\w+ = textureSample\(texs_2, smp, \w+\);`,
		`textureLoad\(texs_1, vec2<u32>\(1u, 1u\), 1u\)`)
	for _, b := range res.Bindings {
		if b.Name == "texs_2" && (b.Binding != 4 || b.Element != 2 || b.SPIRVBinding != 0) {
			t.Errorf("texs_2: %+v", b)
		}
	}
}

// An implicit-derivative sample through a NonUniform index would take its
// derivatives inside the switch's branches: refused, naming why.
func TestNonUniformImplicitSampleRefused(t *testing.T) {
	_, err := translate(t, textureArray("%i", "OpImageSampleImplicitLod %v4 %ts %c", "OpDecorate %i NonUniform"), wgsl.Options{})
	if !wgsl.IsUnsupported(err) || !strings.Contains(err.Error(), "non-uniform control flow") {
		t.Fatalf("want a refusal about non-uniform control flow, got %v", err)
	}
	// At an explicit level of detail there are no derivatives.
	check(t, textureArray("%i", "OpImageSampleExplicitLod %v4 %ts %c Lod %float_0", "OpDecorate %i NonUniform"),
		`case 2u, default: \{\s+\w+ = textureSampleLevel\(texs_2, smp, \w+, 0.0f\);`)
}

// Arrays of storage buffers: a constant index names the element, a
// run-time one switches around the store and the atomic.
func TestBufferArrayElements(t *testing.T) {
	header := strings.Replace(computeHeader, "OpDecorate %buf Binding 1\n", "OpDecorate %buf Binding 1\nOpDecorate %bufs DescriptorSet 1\nOpDecorate %bufs Binding 0\n", 1)
	header = strings.Replace(header, "OpName %buf \"buf\"\n", "OpName %buf \"buf\"\nOpName %bufs \"bufs\"\n", 1)
	check(t, header+`
%uint_2 = OpConstant %uint 2
%barr = OpTypeArray %block %uint_2
%ptr_barr = OpTypePointer Uniform %barr
%bufs = OpVariable %ptr_barr Uniform
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%sel = OpUMod %uint %x %uint_2
%p = OpAccessChain %ptr_uint %bufs %sel %int_0 %x
OpStore %p %x
%q = OpAccessChain %ptr_uint %bufs %int_1 %int_0 %uint_0
%old = OpAtomicIAdd %uint %q %uint_1 %uint_0 %uint_1
%o = OpAccessChain %ptr_uint %buf %int_0 %x
OpStore %o %old
OpReturn
OpFunctionEnd
`,
		`@group\(1\) @binding\(0\) var<storage, read_write> bufs_0 : \w+;\n@group\(1\) @binding\(1\) var<storage, read_write> bufs_1 : \w+;`,
		`switch x_\d+ % 2u \{\s+case 0u: \{\s+atomicStore\(&bufs_0\.member_0\[x_\d+\], x_\d+\);\s+\}\s+case 1u, default: \{\s+atomicStore\(&bufs_1\.member_0\[x_\d+\], x_\d+\);`,
		`atomicAdd\(&bufs_1\.member_0\[0u\], 1u\)`)
}

// Texel buffers become storage buffers of their texels: Rgba32f as
// vec4<f32>, R32ui atomically accessed as atomic<u32>, a format-less one
// with three components written as three f32s per texel.
func TestTexelBuffersAsStorageBuffers(t *testing.T) {
	res := check(t, `
OpCapability Shader
OpCapability SampledBuffer
OpCapability ImageBuffer
OpCapability StorageImageWriteWithoutFormat
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 8 1 1
OpName %fb "fb"
OpName %ub "ub"
OpName %vb "vb"
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %fb DescriptorSet 0
OpDecorate %fb Binding 0
OpDecorate %ub DescriptorSet 0
OpDecorate %ub Binding 1
OpDecorate %vb DescriptorSet 0
OpDecorate %vb Binding 2
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%v3uint = OpTypeVector %uint 3
%v3 = OpTypeVector %float 3
%v4 = OpTypeVector %float 4
%ptr_in_v3uint = OpTypePointer Input %v3uint
%gid = OpVariable %ptr_in_v3uint Input
%fimg = OpTypeImage %float Buffer 0 0 0 1 Rgba32f
%uimg = OpTypeImage %uint Buffer 0 0 0 2 R32ui
%vimg = OpTypeImage %float Buffer 0 0 0 2 Unknown
%ptr_fimg = OpTypePointer UniformConstant %fimg
%ptr_uimg = OpTypePointer UniformConstant %uimg
%ptr_vimg = OpTypePointer UniformConstant %vimg
%ptr_texel = OpTypePointer Image %uint
%fb = OpVariable %ptr_fimg UniformConstant
%ub = OpVariable %ptr_uimg UniformConstant
%vb = OpVariable %ptr_vimg UniformConstant
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%f = OpLoad %fimg %fb
%texel = OpImageFetch %v4 %f %x
%y = OpCompositeExtract %float %texel 1
%tp = OpImageTexelPointer %ptr_texel %ub %x %uint_0
%old = OpAtomicIAdd %uint %tp %uint_1 %uint_0 %uint_1
%fo = OpConvertUToF %float %old
%w = OpCompositeConstruct %v3 %y %fo %y
%v = OpLoad %vimg %vb
OpImageWrite %v %x %w
OpReturn
OpFunctionEnd
`,
		`@group\(0\) @binding\(0\) var<storage, read> fb : array<vec4<f32>>;`,
		`@group\(0\) @binding\(1\) var<storage, read_write> ub : array<atomic<u32>>;`,
		`@group\(0\) @binding\(2\) var<storage, read_write> vb : array<f32>;`,
		`fb\[x_\d+\]`,
		`atomicAdd\(&ub\[x_\d+\], 1u\)`,
		`vb\[x_\d+ \* 3u\] = \w+\.x;\s+vb\[x_\d+ \* 3u \+ 1u\] = \w+\.y;\s+vb\[x_\d+ \* 3u \+ 2u\] = \w+\.z;`)
	types := map[string]string{}
	for _, b := range res.Bindings {
		if b.TexelBuffer {
			types[b.Name] = b.TexelType
		}
	}
	if types["fb"] != "vec4<f32>" || types["ub"] != "u32" || types["vb"] != "vec3<f32>" {
		t.Errorf("texel types %v", types)
	}
}

// A texel buffer of texels smaller than a word (R16f) is refused.
func TestConvertingTexelBufferRefused(t *testing.T) {
	_, err := translate(t, `
OpCapability Shader
OpCapability SampledBuffer
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %fb DescriptorSet 0
OpDecorate %fb Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%uint_0 = OpConstant %uint 0
%v4 = OpTypeVector %float 4
%fimg = OpTypeImage %float Buffer 0 0 0 1 R16f
%ptr_fimg = OpTypePointer UniformConstant %fimg
%fb = OpVariable %ptr_fimg UniformConstant
%main = OpFunction %void None %fn
%entry = OpLabel
%f = OpLoad %fimg %fb
%texel = OpImageFetch %v4 %f %uint_0
OpReturn
OpFunctionEnd
`, wgsl.Options{})
	if !wgsl.IsUnsupported(err) || !strings.Contains(err.Error(), "a texel buffer of format R16f") {
		t.Fatalf("want a refusal naming the format, got %v", err)
	}
}

// Texel buffers of 8- and 16-bit components in whole words are held as
// those words: Rgba16f as two words a texel, unpacked and packed in
// halves; Rgba8 as one word; Rg16i as one word of sign-extended halves.
func TestPackedTexelBuffers(t *testing.T) {
	res := check(t, `
OpCapability Shader
OpCapability SampledBuffer
OpCapability ImageBuffer
OpCapability StorageImageExtendedFormats
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 8 1 1
OpName %hb "hb"
OpName %cb "cb"
OpName %ib "ib"
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %hb DescriptorSet 0
OpDecorate %hb Binding 0
OpDecorate %cb DescriptorSet 0
OpDecorate %cb Binding 1
OpDecorate %ib DescriptorSet 0
OpDecorate %ib Binding 2
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v3uint = OpTypeVector %uint 3
%v4 = OpTypeVector %float 4
%v4int = OpTypeVector %int 4
%ptr_in_v3uint = OpTypePointer Input %v3uint
%gid = OpVariable %ptr_in_v3uint Input
%himg = OpTypeImage %float Buffer 0 0 0 2 Rgba16f
%cimg = OpTypeImage %float Buffer 0 0 0 1 Rgba8
%iimg = OpTypeImage %int Buffer 0 0 0 1 Rg16i
%ptr_himg = OpTypePointer UniformConstant %himg
%ptr_cimg = OpTypePointer UniformConstant %cimg
%ptr_iimg = OpTypePointer UniformConstant %iimg
%hb = OpVariable %ptr_himg UniformConstant
%cb = OpVariable %ptr_cimg UniformConstant
%ib = OpVariable %ptr_iimg UniformConstant
%main = OpFunction %void None %fn
%entry = OpLabel
%id = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %id 0
%c = OpLoad %cimg %cb
%color = OpImageFetch %v4 %c %x
%i = OpLoad %iimg %ib
%iv = OpImageFetch %v4int %i %x
%ivf = OpConvertSToF %v4 %iv
%h = OpLoad %himg %hb
%old = OpImageRead %v4 %h %x
%s1 = OpFAdd %v4 %color %ivf
%s2 = OpFAdd %v4 %s1 %old
OpImageWrite %h %x %s2
OpReturn
OpFunctionEnd
`,
		`@group\(0\) @binding\(0\) var<storage, read_write> hb : array<u32>;`,
		`@group\(0\) @binding\(1\) var<storage, read> cb : array<u32>;`,
		`@group\(0\) @binding\(2\) var<storage, read> ib : array<u32>;`,
		`unpack4x8unorm\(cb\[x_\d+\]\)`,
		`vec4<i32>\(vec2<i32>\(extractBits\(bitcast<i32>\(ib\[x_\d+\]\), 0u, 16u\), extractBits\(bitcast<i32>\(ib\[x_\d+\]\), 16u, 16u\)\), 0i, 1i\)`,
		`vec4<f32>\(unpack2x16float\(hb\[x_\d+ \* 2u\]\), unpack2x16float\(hb\[x_\d+ \* 2u \+ 1u\]\)\)`,
		`hb\[x_\d+ \* 2u\] = pack2x16float\(vec2<f32>\((\w+)\.x, \w+\.y\)\);\s+hb\[x_\d+ \* 2u \+ 1u\] = pack2x16float\(vec2<f32>\(\w+\.z, \w+\.w\)\);`)
	for _, b := range res.Bindings {
		if b.TexelBuffer && b.TexelType != "u32" {
			t.Errorf("%s: texel type %s, want its words (u32)", b.Name, b.TexelType)
		}
	}
}

// Physical pointers address one storage buffer of words the translation
// adds (Binding.PhysicalMemory): a pointer is its 64-bit address, an
// access chain adds the member's offset to it, loads, stores and atomics
// read and write the words at the address.
func TestPhysicalPointers(t *testing.T) {
	res := check(t, physicalModule,
		`@group\(0\) @binding\(1\) var<storage, read_write> physical_memory : array<atomic<u32>>;`,
		// The second node: 16 bytes on; its next pointer at offset 0.
		`let (\w+) : vec2<u32> = vec2<u32>\(\w+\.x \+ 16u, \w+\.y\);`,
		`let \w+ : vec2<u32> = vec2<u32>\(atomicLoad\(&physical_memory\[\(\w+\.x\) >> 2u\]\), atomicLoad\(&physical_memory\[\(\w+\.x \+ 4u\) >> 2u\]\)\);`,
		`let (\w+) : vec2<u32> = vec2<u32>\(\w+\.x \+ 8u, \w+\.y\);`,
		`atomicStore\(&physical_memory\[\(\w+\.x\) >> 2u\], bitcast<u32>\(\w+\)\);`,
		`atomicAdd\(&physical_memory\[\(\w+\.x\) >> 2u\], 1u\)`)
	var found bool
	for _, b := range res.Bindings {
		found = found || b.PhysicalMemory && b.Group == 0 && b.Binding == 1
	}
	if !found {
		t.Errorf("the physical memory buffer is not reported at group 0 binding 1: %+v", res.Bindings)
	}
}

// A sparse residency fetch is the plain fetch with the residency code 0:
// WebGPU textures are fully resident, so the texels test resident.
func TestSparseResidencyIsResident(t *testing.T) {
	check(t, `
OpCapability Shader
OpCapability SparseResidency
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %tex DescriptorSet 0
OpDecorate %tex Binding 0
OpDecorate %rta ArrayStride 4
OpMemberDecorate %block 0 Offset 0
OpDecorate %block Block
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v2int = OpTypeVector %int 2
%v4 = OpTypeVector %float 4
%img = OpTypeImage %float 2D 0 0 0 1 Unknown
%ptr_img = OpTypePointer UniformConstant %img
%tex = OpVariable %ptr_img UniformConstant
%res = OpTypeStruct %uint %v4
%rta = OpTypeRuntimeArray %float
%block = OpTypeStruct %rta
%ptr_block = OpTypePointer StorageBuffer %block
%buf = OpVariable %ptr_block StorageBuffer
%ptr_f = OpTypePointer StorageBuffer %float
%int_0 = OpConstant %int 0
%coord = OpConstantComposite %v2int %int_0 %int_0
%float_1 = OpConstant %float 1
%float_0 = OpConstant %float 0
%main = OpFunction %void None %fn
%e = OpLabel
%i = OpLoad %img %tex
%r = OpImageSparseFetch %res %i %coord Lod %int_0
%code = OpCompositeExtract %uint %r 0
%texel = OpCompositeExtract %v4 %r 1
%ok = OpImageSparseTexelsResident %bool %code
%x = OpCompositeExtract %float %texel 0
%y = OpSelect %float %ok %x %float_0
%p = OpAccessChain %ptr_f %buf %int_0 %int_0
OpStore %p %y
OpReturn
OpFunctionEnd
`,
		`textureLoad\(\w+, vec2<i32>\(0i, 0i\), 0i\)`,
		`= true;`)
}

// physicalModule walks a linked list through physical pointers (a load of
// a pointer, OpPtrAccessChain), stores and adds atomically through them.
const physicalModule = `
OpCapability Shader
OpCapability Int64
OpCapability PhysicalStorageBufferAddresses
OpExtension "SPV_KHR_physical_storage_buffer"
OpMemoryModel PhysicalStorageBuffer64 GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpMemberDecorate %node 0 Offset 0
OpMemberDecorate %node 1 Offset 8
OpMemberDecorate %node 2 Offset 12
OpMemberDecorate %pc 0 Offset 0
OpDecorate %pc Block
OpDecorate %ptr_node ArrayStride 16
OpTypeForwardPointer %ptr_node PhysicalStorageBuffer
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%float = OpTypeFloat 32
%ulong = OpTypeInt 64 0
%node = OpTypeStruct %ptr_node %float %uint
%ptr_node = OpTypePointer PhysicalStorageBuffer %node
%ptr_float = OpTypePointer PhysicalStorageBuffer %float
%ptr_uint = OpTypePointer PhysicalStorageBuffer %uint
%ptr_pnode = OpTypePointer PhysicalStorageBuffer %ptr_node
%pc = OpTypeStruct %ulong
%ptr_pc = OpTypePointer PushConstant %pc
%ptr_pc_ulong = OpTypePointer PushConstant %ulong
%p = OpVariable %ptr_pc PushConstant
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%int_2 = OpConstant %int 2
%uint_1 = OpConstant %uint 1
%uint_0 = OpConstant %uint 0
%main = OpFunction %void None %fn
%e = OpLabel
%a = OpAccessChain %ptr_pc_ulong %p %int_0
%addr = OpLoad %ulong %a
%n = OpConvertUToPtr %ptr_node %addr
%second = OpPtrAccessChain %ptr_node %n %int_1
%nextp = OpAccessChain %ptr_pnode %second %int_0
%next = OpLoad %ptr_node %nextp Aligned 8
%vp = OpAccessChain %ptr_float %next %int_1
%v = OpLoad %float %vp Aligned 4
%wp = OpAccessChain %ptr_float %n %int_1
OpStore %wp %v Aligned 4
%cp = OpAccessChain %ptr_uint %n %int_2
%old = OpAtomicIAdd %uint %cp %uint_1 %uint_0 %uint_1
OpReturn
OpFunctionEnd
`
