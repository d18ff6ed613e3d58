package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// NonUniformResourceIndex(i) is an OpCopyObject of i decorated NonUniform
// (the copy, not i, so that other uses of i stay uniform). Vulkan wants
// the decoration on the resource access itself, so propagateNonUniform
// then spreads it, within each function and in order, the way DXC's
// NonUniformVisitor does: to an access chain with a non-uniform base or
// index, a load through a non-uniform pointer, a sampled image of a
// non-uniform image or sampler, an image texel pointer into a non-uniform
// image, an atomic on a non-uniform pointer, and a unary or binary
// arithmetic, bit, logical or conversion instruction of a non-uniform
// operand. A non-uniform access to an array of descriptors needs its
// *ArrayNonUniformIndexing capability (by the descriptor type, as DXC's
// CapabilityVisitor picks it), and ShaderNonUniform is declared;
// SPV_EXT_descriptor_indexing is left to capability inference.

// propagateNonUniform is the module pass described above. It must run
// before capability inference.
func propagateNonUniform(m *builder.Module) {
	nonUniform := map[builder.ID]bool{}
	for _, in := range m.Annotations {
		if in.Op == spv.OpDecorate && len(in.Operands) >= 2 && spv.Decoration(in.Operands[1].Word) == spv.DecorationNonUniform {
			nonUniform[builder.ID(in.Operands[0].Word)] = true
		}
	}
	if len(nonUniform) == 0 {
		return
	}
	// declared, as DXC does, though the indexing capabilities imply it
	if !m.HasCapability(spv.CapabilityShaderNonUniform) {
		m.Capabilities = append(m.Capabilities, spv.CapabilityShaderNonUniform)
	}
	defs := m.Defs()
	ref := func(in *builder.Inst, i int) bool {
		return i < len(in.Operands) && in.Operands[i].Kind == spv.KindIdRef && nonUniform[builder.ID(in.Operands[i].Word)]
	}
	for _, f := range m.Functions {
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				if in.Result == 0 || nonUniform[in.Result] {
					continue
				}
				if !propagatesNonUniform(in, ref) {
					continue
				}
				nonUniform[in.Result] = true
				m.Annotations = append(m.Annotations, &builder.Inst{Op: spv.OpDecorate,
					Operands: []builder.Operand{builder.Ref(in.Result), builder.Enum(spv.DecorationNonUniform)}})
				if c, ok := nonUniformCapability(defs, in.Type); ok && !m.HasCapability(c) {
					m.Capabilities = append(m.Capabilities, c)
				}
			}
		}
	}
}

// propagatesNonUniform reports whether in takes non-uniformity from its
// operands (ref(in, i): operand i is a non-uniform id).
func propagatesNonUniform(in *builder.Inst, ref func(*builder.Inst, int) bool) bool {
	switch in.Op {
	case spv.OpLoad, spv.OpImageTexelPointer:
		return ref(in, 0)
	case spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpSampledImage:
		for i := range in.Operands {
			if ref(in, i) {
				return true
			}
		}
		return false
	}
	info := spv.InstructionInfo(in.Op)
	if info == nil {
		return false
	}
	switch info.Class {
	case "Atomic":
		return ref(in, 0)
	case "Arithmetic", "Bit", "Relational_and_Logical", "Conversion":
		n := 0
		for _, o := range in.Operands {
			if o.Kind != spv.KindIdRef {
				return false
			}
			n++
		}
		return (n == 1 || n == 2) && (ref(in, 0) || ref(in, 1))
	}
	return false
}

// nonUniformCapability is the capability a non-uniform value of type typ
// (a descriptor, or a pointer to or array of one) needs.
func nonUniformCapability(defs map[builder.ID]*builder.Inst, typ builder.ID) (spv.Capability, bool) {
	for range 8 {
		t := defs[typ]
		if t == nil {
			return 0, false
		}
		switch t.Op {
		case spv.OpTypePointer:
			typ = t.Operands[1].ID()
			continue
		case spv.OpTypeArray, spv.OpTypeRuntimeArray, spv.OpTypeSampledImage:
			typ = t.Operands[0].ID()
			continue
		case spv.OpTypeSampler:
			return spv.CapabilitySampledImageArrayNonUniformIndexing, true
		case spv.OpTypeImage:
			if len(t.Operands) < 6 {
				return 0, false
			}
			dim, storage := spv.Dim(t.Operands[1].Word), t.Operands[5].Word == 2
			switch {
			case dim == spv.DimSubpassData:
				return spv.CapabilityInputAttachmentArrayNonUniformIndexing, true
			case dim == spv.DimBuffer && storage:
				return spv.CapabilityStorageTexelBufferArrayNonUniformIndexing, true
			case dim == spv.DimBuffer:
				return spv.CapabilityUniformTexelBufferArrayNonUniformIndexing, true
			case storage:
				return spv.CapabilityStorageImageArrayNonUniformIndexing, true
			}
			return spv.CapabilitySampledImageArrayNonUniformIndexing, true
		}
		return 0, false
	}
	return 0, false
}
