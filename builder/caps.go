package builder

import (
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// InferCapabilities declares the capabilities and extensions the module's
// instructions need, from the grammar tables: every opcode and every
// enumerant used (with its parameters) lists the capabilities that enable
// it and the extensions (or core version) that make it available.
//
// Rules:
//   - a requirement "any of caps" is met when one of them is declared or
//     implied by a declared one (Shader implies Matrix); otherwise the
//     first listed is declared — the first that is not Kernel or implied by
//     it, unless Kernel is enabled. A declared capability brings its own
//     requirements.
//   - a requirement "version v or any of exts" is met when the module's
//     version is at least v or one of exts is declared; otherwise the
//     first listed is declared.
//   - beyond the grammar: scalar widths (OpTypeInt 8/16/64 need Int8,
//     Int16, Int64; OpTypeFloat 16/64 need Float16, Float64), storage
//     images (Sampled 2) need the Image* variant of the Sampled* dimension
//     capabilities, arrayed cubes need SampledCubeArray/ImageCubeArray,
//     arrayed multisampled storage images ImageMSArray, reading or writing
//     a storage image of Unknown format StorageImageRead/WriteWithoutFormat,
//     16-bit data behind a pointer needs the 16-bit storage capability of
//     its storage class (StorageInputOutput16, StoragePushConstant16,
//     StorageBuffer16BitAccess, UniformAndStorageBuffer16BitAccess, as DXC
//     declares them), 64-bit atomics Int64Atomics, runtime arrays of
//     images, samplers or acceleration structures RuntimeDescriptorArray,
//     and a NonSemantic.* import needs SPV_KHR_non_semantic_info before
//     SPIR-V 1.6.
//
// An instruction's capabilities are considered before its operands' (so
// OpGroupNonUniformBallotBitCount's GroupNonUniformBallot also covers its
// Reduce operand), its extensions after them (so UserSemantic's
// SPV_GOOGLE_hlsl_functionality1 also enables OpDecorateString).
// Declared capabilities and extensions are kept, in order; new ones are
// appended in the order they are first needed.
func InferCapabilities(m *Module) {
	inf := inferrer{m: m, enabled: map[spv.Capability]bool{}}
	for _, c := range m.Capabilities {
		inf.enable(c)
	}
	// Requirements of the declared capabilities themselves.
	for i := 0; i < len(m.Capabilities); i++ {
		inf.capabilityNeeds(m.Capabilities[i])
	}
	res := newModuleResolver(m)
	visit := func(in *Inst) {
		if in.Op == spv.OpTypeImage && len(in.Operands) >= 7 {
			// Before the operands: Image1D implies the Sampled1D that Dim 1D asks for.
			// Operands: sampled type, Dim, depth, arrayed, MS, sampled, format.
			dim, arrayed, ms, storage := spv.Dim(in.Operands[1].Word), in.Operands[3].Word == 1, in.Operands[4].Word == 1, in.Operands[5].Word == 2
			if dim == spv.DimBuffer && storage {
				// DXC declares SampledBuffer for every buffer image,
				// before the ImageBuffer of a storage one
				inf.needCaps([]spv.Capability{spv.CapabilitySampledBuffer})
			}
			if c, ok := storageImageCap(dim); ok && storage {
				inf.needCaps([]spv.Capability{c})
			}
			switch {
			case dim == spv.DimCube && arrayed && storage:
				inf.needCaps([]spv.Capability{spv.CapabilityImageCubeArray})
			case dim == spv.DimCube && arrayed:
				inf.needCaps([]spv.Capability{spv.CapabilitySampledCubeArray})
			case ms && arrayed && storage:
				inf.needCaps([]spv.Capability{spv.CapabilityImageMSArray})
			}
		}
		info := spv.InstructionInfo(in.Op)
		if info != nil {
			inf.needCaps(info.Capabilities())
		}
		inf.operands(in.Operands)
		if info == nil {
			return
		}
		inf.needExt(info.Version, info.Extensions())
		if info.Class() == "Atomic" {
			// 64-bit atomics need Int64Atomics, whatever the opcode's own list.
			typ := in.Type
			if in.Op == spv.OpAtomicStore && len(in.Operands) > 0 {
				typ = res.TypeOf(in.Operands[len(in.Operands)-1].ID())
			}
			if d := res.def(typ); d != nil && d.Op == spv.OpTypeInt && len(d.Operands) > 0 && d.Operands[0].Word == 64 {
				inf.needCaps([]spv.Capability{spv.CapabilityInt64Atomics})
			}
		}
		if len(in.Operands) == 0 {
			return // malformed; Serialize reports it
		}
		switch in.Op {
		case spv.OpTypeInt:
			switch in.Operands[0].Word {
			case 8:
				inf.needCaps([]spv.Capability{spv.CapabilityInt8})
			case 16:
				inf.needCaps([]spv.Capability{spv.CapabilityInt16})
			case 64:
				inf.needCaps([]spv.Capability{spv.CapabilityInt64})
			}
		case spv.OpTypeFloat:
			switch in.Operands[0].Word {
			case 16:
				inf.needCaps([]spv.Capability{spv.CapabilityFloat16})
			case 64:
				inf.needCaps([]spv.Capability{spv.CapabilityFloat64})
			}
		case spv.OpExtInstImport:
			if strings.HasPrefix(in.Operands[0].Str(), "NonSemantic.") {
				inf.needExt(spv.Version1_6, []string{"SPV_KHR_non_semantic_info"})
			}
		case spv.OpTypePointer:
			if len(in.Operands) >= 2 && contains16Bit(res, in.Operands[1].ID(), 0) {
				if c := storage16Cap(res, spv.StorageClass(in.Operands[0].Word), in.Operands[1].ID()); c != 0 {
					inf.needCaps([]spv.Capability{c})
				}
			}
		case spv.OpTypeRuntimeArray:
			if el := res.def(in.Operands[0].ID()); el != nil && isDescriptorType(el.Op) {
				inf.needCaps([]spv.Capability{spv.CapabilityRuntimeDescriptorArray})
			}
		case spv.OpImageRead, spv.OpImageSparseRead, spv.OpImageWrite:
			// Reading or writing a storage image of Unknown format needs a
			// capability the grammar cannot express.
			img := res.def(res.TypeOf(in.Operands[0].ID()))
			if img == nil || img.Op != spv.OpTypeImage || len(img.Operands) < 7 ||
				spv.Dim(img.Operands[1].Word) == spv.DimSubpassData || spv.ImageFormat(img.Operands[6].Word) != spv.ImageFormatUnknown {
				break
			}
			if in.Op == spv.OpImageWrite {
				inf.needCaps([]spv.Capability{spv.CapabilityStorageImageWriteWithoutFormat})
			} else {
				inf.needCaps([]spv.Capability{spv.CapabilityStorageImageReadWithoutFormat})
			}
		case spv.OpExtInst:
			if len(in.Operands) < 2 {
				return
			}
			if set := res.ExtInstSet(in.Operands[0].ID()); set != nil {
				if ext := set.Inst(in.Operands[1].Word); ext != nil {
					inf.needCaps(ext.Capabilities())
				}
			}
		}
	}
	if m.MemoryModel != nil {
		visit(m.MemoryModel)
	}
	// An instruction of an opcode that needs only what the opcode itself
	// needs (see needsOnlyItsOpcode) asks nothing new once one of its kind
	// has been visited: capabilities and extensions are only ever added.
	const (
		visitEach = 1 + iota // the opcode's instructions may need more than it
		visitOnce            // it was visited, and its instructions need no more
	)
	// By InstructionNumber, on the stack (by opcode: 7 KB in the heap).
	var byOp [spv.NumInstructions + 1]uint8 // 0: not seen yet
	for in := range m.All() {
		if in == m.MemoryModel {
			continue
		}
		op := spv.InstructionNumber(in.Op) // (unknown opcodes share 0: never visitOnce)
		if byOp[op] == visitOnce {
			continue
		}
		visit(in)
		if byOp[op] == 0 {
			byOp[op] = visitEach
			if needsOnlyItsOpcode(in.Op) {
				byOp[op] = visitOnce
			}
		}
	}
}

// needsOnlyItsOpcode reports whether what an instruction of opcode op needs
// is what the opcode's grammar entry lists: op has no enumerant operands
// and no rule of its own in InferCapabilities.
func needsOnlyItsOpcode(op spv.Op) bool {
	switch op {
	case spv.OpTypeImage, spv.OpTypeInt, spv.OpTypeFloat, spv.OpExtInstImport, spv.OpTypePointer, spv.OpTypeRuntimeArray,
		spv.OpImageRead, spv.OpImageSparseRead, spv.OpImageWrite, spv.OpExtInst:
		return false
	}
	info := spv.InstructionInfo(op)
	if info == nil || info.Class() == "Atomic" {
		return false
	}
	for _, o := range info.Operands() {
		if c := o.Kind.Category(); c == spv.CategoryValueEnum || c == spv.CategoryBitEnum {
			return false
		}
	}
	return true
}

// contains16Bit reports whether type id is or contains a 16-bit integer or
// float.
func contains16Bit(res *moduleResolver, id ID, depth int) bool {
	d := res.def(id)
	if d == nil || depth > 64 {
		return false
	}
	switch d.Op {
	case spv.OpTypeInt, spv.OpTypeFloat:
		return len(d.Operands) > 0 && d.Operands[0].Word == 16
	case spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeArray, spv.OpTypeRuntimeArray:
		return len(d.Operands) > 0 && contains16Bit(res, d.Operands[0].ID(), depth+1)
	case spv.OpTypeStruct:
		for i := range d.Operands {
			if contains16Bit(res, d.Operands[i].ID(), depth+1) {
				return true
			}
		}
	}
	return false
}

// storage16Cap is the capability 16-bit data in storage class sc needs
// (as DXC declares them), 0 for classes that need none beyond
// Int16/Float16.
func storage16Cap(res *moduleResolver, sc spv.StorageClass, pointee ID) spv.Capability {
	switch sc {
	case spv.StorageClassInput, spv.StorageClassOutput:
		return spv.CapabilityStorageInputOutput16
	case spv.StorageClassPushConstant:
		return spv.CapabilityStoragePushConstant16
	case spv.StorageClassStorageBuffer:
		return spv.CapabilityStorageBuffer16BitAccess
	case spv.StorageClassUniform:
		if res.decorated(pointee, spv.DecorationBufferBlock) {
			return spv.CapabilityStorageBuffer16BitAccess
		}
		return spv.CapabilityUniformAndStorageBuffer16BitAccess
	}
	return 0
}

func isDescriptorType(op spv.Op) bool {
	switch op {
	case spv.OpTypeImage, spv.OpTypeSampler, spv.OpTypeSampledImage, spv.OpTypeAccelerationStructureKHR:
		return true
	}
	return false
}

// storageImageCap maps a dimension whose grammar capability is for
// sampled images to the capability a storage image of it needs (a switch,
// not a map: no init-time work in a CLI process).
func storageImageCap(d spv.Dim) (spv.Capability, bool) {
	switch d {
	case spv.Dim1D:
		return spv.CapabilityImage1D, true
	case spv.DimBuffer:
		return spv.CapabilityImageBuffer, true
	case spv.DimRect:
		return spv.CapabilityImageRect, true
	}
	return 0, false
}

// kernelFamily reports whether c is Kernel or depends on it.
func kernelFamily(c spv.Capability) bool {
	if c == spv.CapabilityKernel {
		return true
	}
	if e := spv.KindCapability.Enumerant(uint32(c)); e != nil {
		for _, d := range e.Capabilities() {
			if kernelFamily(d) {
				return true
			}
		}
	}
	return false
}

type inferrer struct {
	m       *Module
	enabled map[spv.Capability]bool // declared or implied
}

// enable marks c and everything it implies as enabled.
func (inf *inferrer) enable(c spv.Capability) {
	if inf.enabled[c] {
		return
	}
	inf.enabled[c] = true
	if e := spv.KindCapability.Enumerant(uint32(c)); e != nil {
		for _, implied := range e.Capabilities() {
			inf.enable(implied)
		}
	}
}

func (inf *inferrer) capabilityNeeds(c spv.Capability) {
	if e := spv.KindCapability.Enumerant(uint32(c)); e != nil {
		inf.needExt(e.Version, e.Extensions())
	}
}

func (inf *inferrer) needCaps(caps []spv.Capability) {
	if len(caps) == 0 {
		return
	}
	for _, c := range caps {
		if inf.enabled[c] {
			return
		}
	}
	c := caps[0]
	if !inf.enabled[spv.CapabilityKernel] {
		// A shader module: skip OpenCL alternatives (OpImageQuerySize lists
		// Kernel before ImageQuery, GroupOperation Reduce Kernel before
		// GroupNonUniformArithmetic).
		for _, alt := range caps {
			if !kernelFamily(alt) {
				c = alt
				break
			}
		}
	}
	inf.m.Capabilities = append(inf.m.Capabilities, c)
	inf.enable(c)
	inf.capabilityNeeds(c)
}

func (inf *inferrer) needExt(v spv.Version, exts []string) {
	if len(exts) == 0 {
		return
	}
	if v != 0 && v != spv.VersionNone && inf.m.Version >= v {
		return
	}
	for _, e := range exts {
		if inf.m.HasExtension(e) {
			return
		}
	}
	inf.m.Extensions = append(inf.m.Extensions, exts[0])
}

// operands needs what the enumerants among ops (and their parameters)
// need. Ids, literals and pairs (whose members are ids and literals) need
// nothing.
func (inf *inferrer) operands(ops []Operand) {
	for i := range ops {
		o := &ops[i]
		switch o.Kind.Category() {
		case spv.CategoryValueEnum:
			if e := o.Kind.Enumerant(o.Word); e != nil {
				inf.enumerant(e)
			}
		case spv.CategoryBitEnum:
			for w := o.Word; w != 0; w &= w - 1 { // each set bit, lowest first
				if e := o.Kind.Enumerant(w & -w); e != nil {
					inf.enumerant(e)
				}
			}
		default:
			continue
		}
		if len(o.Params()) > 0 {
			inf.operands(o.Params())
		}
	}
}

func (inf *inferrer) enumerant(e *spv.EnumerantInfo) {
	inf.needExt(e.Version, e.Extensions())
	inf.needCaps(e.Capabilities())
}
