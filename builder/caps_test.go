package builder

import (
	"slices"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// minimalShader returns a builder with an empty compute entry point, for
// adding the instruction under test.
func minimalShader(version spv.Version) (*ModuleBuilder, *FunctionBuilder) {
	b := New(version)
	b.MemoryModel(spv.AddressingModelLogical, spv.MemoryModelGLSL450)
	f := b.Function("main", b.TypeVoid(), spv.FunctionControlNone)
	f.StartBlock(f.NewBlock("bb.entry"))
	b.EntryPoint(spv.ExecutionModelGLCompute, f.ID(), "main")
	b.ExecutionMode(f.ID(), spv.ExecutionModeLocalSize, 1, 1, 1)
	return b, f
}

func TestInferCapabilities(t *testing.T) {
	cases := []struct {
		name    string
		version spv.Version
		env     string
		declare []spv.Capability
		add     func(b *ModuleBuilder, f *FunctionBuilder)
		caps    []spv.Capability
		exts    []string
	}{
		{"shader only", spv.Version1_0, "vulkan1.0", nil, func(b *ModuleBuilder, f *FunctionBuilder) {},
			[]spv.Capability{spv.CapabilityShader}, nil},
		{"matrix is implied by shader", spv.Version1_0, "vulkan1.0", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			b.TypeMatrix(b.TypeVector(b.TypeFloat(32), 4), 4)
		}, []spv.Capability{spv.CapabilityShader}, nil},
		{"declared kept first", spv.Version1_0, "vulkan1.0", []spv.Capability{spv.CapabilityInt64}, func(b *ModuleBuilder, f *FunctionBuilder) {
			b.ConstUint64(5)
		}, []spv.Capability{spv.CapabilityInt64, spv.CapabilityShader}, nil},
		{"16-bit and 64-bit scalars", spv.Version1_0, "vulkan1.0", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			b.ConstFloat64(1)
			b.Constant(b.TypeInt(16, true), 1)
			b.Constant(b.TypeFloat(16), 0x3c00)
		}, []spv.Capability{spv.CapabilityShader, spv.CapabilityFloat64, spv.CapabilityInt16, spv.CapabilityFloat16}, nil},
		{"storage image 1D", spv.Version1_0, "vulkan1.0", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			img := b.TypeImage(ImageType{SampledType: b.TypeFloat(32), Dim: spv.Dim1D, Sampled: 2, Format: spv.ImageFormatRgba32f})
			v := b.GlobalVariable(b.TypePointer(spv.StorageClassUniformConstant, img), spv.StorageClassUniformConstant, "img", 0)
			b.Decorate(v, spv.DecorationDescriptorSet, Lit(0))
			b.Decorate(v, spv.DecorationBinding, Lit(0))
		}, []spv.Capability{spv.CapabilityShader, spv.CapabilityImage1D}, nil},
		{"sampled cube array", spv.Version1_0, "vulkan1.0", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			img := b.TypeImage(ImageType{SampledType: b.TypeFloat(32), Dim: spv.DimCube, Arrayed: true, Sampled: 1, Format: spv.ImageFormatUnknown})
			v := b.GlobalVariable(b.TypePointer(spv.StorageClassUniformConstant, img), spv.StorageClassUniformConstant, "img", 0)
			b.Decorate(v, spv.DecorationDescriptorSet, Lit(0))
			b.Decorate(v, spv.DecorationBinding, Lit(0))
		}, []spv.Capability{spv.CapabilityShader, spv.CapabilitySampledCubeArray}, nil},
		{"storage buffer before 1.3 needs an extension", spv.Version1_0, "vulkan1.0", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			u32 := b.TypeInt(32, false)
			s := b.TypeStruct(StructType{Members: []StructMember{{Type: u32, Decorations: []Decoration{Deco(spv.DecorationOffset, Lit(0))}}},
				Decorations: []Decoration{Deco(spv.DecorationBlock)}})
			v := b.GlobalVariable(b.TypePointer(spv.StorageClassStorageBuffer, s), spv.StorageClassStorageBuffer, "buf", 0)
			b.Decorate(v, spv.DecorationDescriptorSet, Lit(0))
			b.Decorate(v, spv.DecorationBinding, Lit(0))
		}, []spv.Capability{spv.CapabilityShader}, []string{"SPV_KHR_storage_buffer_storage_class"}},
		{"draw parameters builtin", spv.Version1_0, "vulkan1.0", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			v := b.GlobalVariable(b.TypePointer(spv.StorageClassInput, b.TypeInt(32, true)), spv.StorageClassInput, "bv", 0)
			b.Decorate(v, spv.DecorationBuiltIn, Enum(spv.BuiltInBaseVertex))
		}, []spv.Capability{spv.CapabilityShader, spv.CapabilityDrawParameters}, []string{"SPV_KHR_shader_draw_parameters"}},
		{"draw parameters core in 1.3", spv.Version1_3, "vulkan1.1", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			v := b.GlobalVariable(b.TypePointer(spv.StorageClassInput, b.TypeInt(32, true)), spv.StorageClassInput, "bv", 0)
			b.Decorate(v, spv.DecorationBuiltIn, Enum(spv.BuiltInBaseVertex))
		}, []spv.Capability{spv.CapabilityShader, spv.CapabilityDrawParameters}, nil},
		{"subgroup ballot", spv.Version1_3, "vulkan1.1", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			u32 := b.TypeInt(32, false)
			f.Emit(spv.OpGroupNonUniformBallot, b.TypeVector(u32, 4), Ref(b.ConstUint32(3)), Ref(b.ConstBool(true)))
		}, []spv.Capability{spv.CapabilityShader, spv.CapabilityGroupNonUniformBallot}, nil},
		{"image query is not a kernel capability", spv.Version1_0, "vulkan1.0", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			f32, i32 := b.TypeFloat(32), b.TypeInt(32, true)
			img := b.TypeImage(ImageType{SampledType: f32, Dim: spv.Dim2D, Sampled: 1, Format: spv.ImageFormatUnknown})
			v := b.GlobalVariable(b.TypePointer(spv.StorageClassUniformConstant, img), spv.StorageClassUniformConstant, "t", 0)
			b.Decorate(v, spv.DecorationDescriptorSet, Lit(0))
			b.Decorate(v, spv.DecorationBinding, Lit(0))
			f.Emit(spv.OpImageQueryLevels, i32, Ref(f.Load(img, v)))
		}, []spv.Capability{spv.CapabilityShader, spv.CapabilityImageQuery}, nil},
		{"ballot bit count covers its group operation", spv.Version1_3, "vulkan1.1", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			u32 := b.TypeInt(32, false)
			ballot := f.Emit(spv.OpGroupNonUniformBallot, b.TypeVector(u32, 4), Ref(b.ConstUint32(3)), Ref(b.ConstBool(true)))
			f.Emit(spv.OpGroupNonUniformBallotBitCount, u32, Ref(b.ConstUint32(3)), Enum(spv.GroupOperationReduce), Ref(ballot))
		}, []spv.Capability{spv.CapabilityShader, spv.CapabilityGroupNonUniformBallot}, nil},
		{"subgroup reduce", spv.Version1_3, "vulkan1.1", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			f32 := b.TypeFloat(32)
			f.Emit(spv.OpGroupNonUniformFAdd, f32, Ref(b.ConstUint32(3)), Enum(spv.GroupOperationReduce), Ref(b.ConstFloat32(1)))
		}, []spv.Capability{spv.CapabilityShader, spv.CapabilityGroupNonUniformArithmetic}, nil},
		{"storage image of unknown format read and written", spv.Version1_0, "vulkan1.0", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			f32, i32 := b.TypeFloat(32), b.TypeInt(32, true)
			img := b.TypeImage(ImageType{SampledType: f32, Dim: spv.Dim2D, Sampled: 2, Format: spv.ImageFormatUnknown})
			v := b.GlobalVariable(b.TypePointer(spv.StorageClassUniformConstant, img), spv.StorageClassUniformConstant, "t", 0)
			b.Decorate(v, spv.DecorationDescriptorSet, Lit(0))
			b.Decorate(v, spv.DecorationBinding, Lit(0))
			c := b.ConstComposite(b.TypeVector(i32, 2), b.ConstInt32(0), b.ConstInt32(0))
			x := f.Emit(spv.OpImageRead, b.TypeVector(f32, 4), Ref(f.Load(img, v)), Ref(c))
			f.Emit(spv.OpImageWrite, 0, Ref(f.Load(img, v)), Ref(c), Ref(x))
		}, []spv.Capability{spv.CapabilityShader, spv.CapabilityStorageImageReadWithoutFormat, spv.CapabilityStorageImageWriteWithoutFormat}, nil},
		{"storage image of known format", spv.Version1_0, "vulkan1.0", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			f32, i32 := b.TypeFloat(32), b.TypeInt(32, true)
			img := b.TypeImage(ImageType{SampledType: f32, Dim: spv.Dim2D, Sampled: 2, Format: spv.ImageFormatRgba32f})
			v := b.GlobalVariable(b.TypePointer(spv.StorageClassUniformConstant, img), spv.StorageClassUniformConstant, "t", 0)
			b.Decorate(v, spv.DecorationDescriptorSet, Lit(0))
			b.Decorate(v, spv.DecorationBinding, Lit(0))
			c := b.ConstComposite(b.TypeVector(i32, 2), b.ConstInt32(0), b.ConstInt32(0))
			x := f.Emit(spv.OpImageRead, b.TypeVector(f32, 4), Ref(f.Load(img, v)), Ref(c))
			f.Emit(spv.OpImageWrite, 0, Ref(f.Load(img, v)), Ref(c), Ref(x))
		}, []spv.Capability{spv.CapabilityShader}, nil},
		{"16-bit stage input", spv.Version1_0, "vulkan1.0", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			h := b.TypeFloat(16)
			v := b.GlobalVariable(b.TypePointer(spv.StorageClassInput, b.TypeVector(h, 2)), spv.StorageClassInput, "in", 0)
			b.Decorate(v, spv.DecorationLocation, Lit(0))
			b.M.EntryPoints[0].Operands[0] = Enum(spv.ExecutionModelFragment)
			b.M.ExecutionModes[0].Operands[1] = Enum(spv.ExecutionModeOriginUpperLeft)
			b.AddInterface(f.ID(), v)
			f.Load(b.TypeVector(h, 2), v)
		}, []spv.Capability{spv.CapabilityShader, spv.CapabilityFloat16, spv.CapabilityStorageInputOutput16}, []string{"SPV_KHR_16bit_storage"}},
		{"16-bit storage buffer", spv.Version1_3, "vulkan1.1", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			s16 := b.TypeInt(16, true)
			st := b.TypeStruct(StructType{Members: []StructMember{{Type: b.TypeRuntimeArray(s16, 2), Decorations: []Decoration{Deco(spv.DecorationOffset, Lit(0))}}},
				Decorations: []Decoration{Deco(spv.DecorationBlock)}})
			v := b.GlobalVariable(b.TypePointer(spv.StorageClassStorageBuffer, st), spv.StorageClassStorageBuffer, "buf", 0)
			b.Decorate(v, spv.DecorationDescriptorSet, Lit(0))
			b.Decorate(v, spv.DecorationBinding, Lit(0))
		}, []spv.Capability{spv.CapabilityShader, spv.CapabilityInt16, spv.CapabilityStorageBuffer16BitAccess}, nil},
		{"64-bit atomics", spv.Version1_3, "vulkan1.1", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			u64 := b.TypeInt(64, false)
			st := b.TypeStruct(StructType{Members: []StructMember{{Type: u64, Decorations: []Decoration{Deco(spv.DecorationOffset, Lit(0))}}},
				Decorations: []Decoration{Deco(spv.DecorationBlock)}})
			v := b.GlobalVariable(b.TypePointer(spv.StorageClassStorageBuffer, st), spv.StorageClassStorageBuffer, "buf", 0)
			b.Decorate(v, spv.DecorationDescriptorSet, Lit(0))
			b.Decorate(v, spv.DecorationBinding, Lit(0))
			p := f.AccessChain(b.TypePointer(spv.StorageClassStorageBuffer, u64), v, b.ConstInt32(0))
			f.Emit(spv.OpAtomicIAdd, u64, Ref(p), Ref(b.ConstUint32(1)), Ref(b.ConstUint32(0)), Ref(b.ConstUint64(1)))
		}, []spv.Capability{spv.CapabilityShader, spv.CapabilityInt64, spv.CapabilityInt64Atomics}, nil},
		{"runtime array of textures", spv.Version1_0, "vulkan1.0", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			img := b.TypeImage(ImageType{SampledType: b.TypeFloat(32), Dim: spv.Dim2D, Sampled: 1, Format: spv.ImageFormatUnknown})
			v := b.GlobalVariable(b.TypePointer(spv.StorageClassUniformConstant, b.TypeRuntimeArray(img, 0)), spv.StorageClassUniformConstant, "textures", 0)
			b.Decorate(v, spv.DecorationDescriptorSet, Lit(0))
			b.Decorate(v, spv.DecorationBinding, Lit(0))
		}, []spv.Capability{spv.CapabilityShader, spv.CapabilityRuntimeDescriptorArray}, []string{"SPV_EXT_descriptor_indexing"}},
		{"user semantic brings hlsl_functionality1 for OpDecorateString", spv.Version1_0, "vulkan1.0", nil, func(b *ModuleBuilder, f *FunctionBuilder) {
			v := b.GlobalVariable(b.TypePointer(spv.StorageClassPrivate, b.TypeFloat(32)), spv.StorageClassPrivate, "x", 0)
			b.Decorate(v, spv.DecorationUserSemantic, Str("FOO"))
		}, []spv.Capability{spv.CapabilityShader}, []string{"SPV_GOOGLE_hlsl_functionality1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, f := minimalShader(c.version)
			for _, d := range c.declare {
				b.Capability(d)
			}
			c.add(b, f)
			f.Return()
			f.End()
			InferCapabilities(b.M)
			if !slices.Equal(b.M.Capabilities, c.caps) {
				t.Errorf("capabilities %v, want %v", b.M.Capabilities, c.caps)
			}
			if !slices.Equal(b.M.Extensions, c.exts) {
				t.Errorf("extensions %v, want %v", b.M.Extensions, c.exts)
			}
			// Inference is idempotent.
			InferCapabilities(b.M)
			if !slices.Equal(b.M.Capabilities, c.caps) || !slices.Equal(b.M.Extensions, c.exts) {
				t.Errorf("second run changed the result: %v %v", b.M.Capabilities, b.M.Extensions)
			}
			data := moduleBytes(t, b)
			if err := tool.Validate(t, data, c.env); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestInferCapabilitiesMalformed: a broken IR must not make the pass panic.
func TestInferCapabilitiesMalformed(t *testing.T) {
	m := &Module{Bound: 10, Globals: []*Inst{
		{Op: spv.OpTypeInt, Result: 1},
		{Op: spv.OpTypeImage, Result: 2, Operands: Lits(1)},
		{Op: spv.OpExtInst, Type: 1, Result: 3},
		{Op: spv.OpExtInstImport, Result: 4},
		{Op: spv.Op(9)},
		{Op: spv.OpDecorate, Operands: []Operand{Ref(1), Enum(spv.Decoration(99999))}},
	}}
	InferCapabilities(m)
}

func BenchmarkInferCapabilities(b *testing.B) {
	mb := buildLarge(b, 200)
	for b.Loop() {
		mb.M.Capabilities = mb.M.Capabilities[:0]
		mb.M.Extensions = mb.M.Extensions[:0]
		InferCapabilities(mb.M)
	}
}
