package spirv

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// TestPropagateNonUniform builds Textures[NonUniformResourceIndex(i)]
// .Sample(...) and RWTextures[j + 1] (j non-uniform) by hand and checks
// which instructions the pass decorates and which capabilities it adds.
func TestPropagateNonUniform(t *testing.T) {
	b := builder.New(spv.Version1_0)
	b.Capability(spv.CapabilityShader)
	b.MemoryModel(spv.AddressingModelLogical, spv.MemoryModelGLSL450)
	f32, u32 := b.TypeFloat(32), b.TypeInt(32, false)
	v4 := b.TypeVector(f32, 4)
	v2 := b.TypeVector(f32, 2)
	tex := b.TypeImage(builder.ImageType{SampledType: f32, Dim: spv.Dim2D, Sampled: 1})
	rw := b.TypeImage(builder.ImageType{SampledType: f32, Dim: spv.Dim2D, Sampled: 2, Format: spv.ImageFormatRgba32f})
	smp := b.TypeSampler()
	texArr := b.TypeArrayN(tex, 4, 0)
	rwArr := b.TypeArrayN(rw, 4, 0)
	texVar := b.GlobalVariable(b.TypePointer(spv.StorageClassUniformConstant, texArr), spv.StorageClassUniformConstant, "Textures", 0)
	rwVar := b.GlobalVariable(b.TypePointer(spv.StorageClassUniformConstant, rwArr), spv.StorageClassUniformConstant, "RWTextures", 0)
	smpVar := b.GlobalVariable(b.TypePointer(spv.StorageClassUniformConstant, smp), spv.StorageClassUniformConstant, "S", 0)

	fb := b.Function("f", b.TypeVoid(), spv.FunctionControlNone)
	fb.StartBlock(fb.NewBlock("entry"))
	i := b.ConstUint32(1)
	copyI := fb.Emit(spv.OpCopyObject, u32, builder.Ref(i))
	b.Decorate(copyI, spv.DecorationNonUniform)
	texPtr := fb.AccessChain(b.TypePointer(spv.StorageClassUniformConstant, tex), texVar, copyI)
	img := fb.Load(tex, texPtr)
	s := fb.Load(smp, smpVar)
	si := fb.Emit(spv.OpSampledImage, b.TypeSampledImage(tex), builder.Ref(img), builder.Ref(s))
	coord := b.ConstComposite(v2, b.ConstFloat32(0), b.ConstFloat32(0))
	sample := fb.Emit(spv.OpImageSampleImplicitLod, v4, builder.Ref(si), builder.Ref(coord))
	j := fb.Emit(spv.OpIAdd, u32, builder.Ref(copyI), builder.Ref(b.ConstUint32(1)))
	rwPtr := fb.AccessChain(b.TypePointer(spv.StorageClassUniformConstant, rw), rwVar, j)
	rwImg := fb.Load(rw, rwPtr)
	uniformPtr := fb.AccessChain(b.TypePointer(spv.StorageClassUniformConstant, tex), texVar, i)
	uniformImg := fb.Load(tex, uniformPtr)
	fb.Return()
	fb.End()

	decorateFlags(b.M, &instFlags{})

	decorated := map[builder.ID]bool{}
	for _, in := range b.M.Annotations {
		if in.Op == spv.OpDecorate && spv.Decoration(in.Operands[1].Word) == spv.DecorationNonUniform {
			decorated[in.Operands[0].ID()] = true
		}
	}
	for name, id := range map[string]builder.ID{"copy": copyI, "texture pointer": texPtr, "texture": img,
		"sampled image": si, "index + 1": j, "storage image pointer": rwPtr, "storage image": rwImg} {
		if !decorated[id] {
			t.Errorf("%s (%%%d) is not decorated NonUniform", name, id)
		}
	}
	for name, id := range map[string]builder.ID{"the index itself": i, "the sampler": s, "the sample": sample,
		"a uniform access chain": uniformPtr, "a uniform load": uniformImg} {
		if decorated[id] {
			t.Errorf("%s (%%%d) is decorated NonUniform", name, id)
		}
	}
	for _, c := range []spv.Capability{spv.CapabilitySampledImageArrayNonUniformIndexing, spv.CapabilityStorageImageArrayNonUniformIndexing} {
		if !b.M.HasCapability(c) {
			t.Errorf("capability %v not declared; have %v", c, b.M.Capabilities)
		}
	}
	if b.M.HasCapability(spv.CapabilityUniformTexelBufferArrayNonUniformIndexing) {
		t.Errorf("texel buffer capability declared without texel buffers")
	}
	// The module is complete after capability inference.
	builder.InferCapabilities(b.M)
	if _, err := b.Words(); err != nil {
		t.Fatal(err)
	}
	if !b.M.HasCapability(spv.CapabilityShaderNonUniform) {
		t.Errorf("ShaderNonUniform not declared; have %v", b.M.Capabilities)
	}
	if !b.M.HasExtension("SPV_EXT_descriptor_indexing") {
		t.Errorf("SPV_EXT_descriptor_indexing not inferred; have %v", b.M.Extensions)
	}
}
