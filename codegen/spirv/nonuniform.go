package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// NonUniformResourceIndex(i) is an OpCopyObject of i decorated NonUniform
// (the copy, not i, so that other uses of i stay uniform). Vulkan wants
// the decoration on the resource access itself, so decorateFlags (flags.go)
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
	switch info.Class() {
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
func nonUniformCapability(defs defTable, typ builder.ID) (spv.Capability, bool) {
	for range 8 {
		t := defs.of(typ)
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
