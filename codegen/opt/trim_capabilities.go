package opt

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// trimCapabilities is --trim-capabilities (spirv-opt's
// TrimCapabilitiesPass): it removes the OpCapability and OpExtension
// instructions the module no longer needs. Only the capabilities the pass
// knows how to detect (trimmableCapabilities) are candidates; Shader always
// stays, and a module with Linkage is left alone. What the module needs
// comes from the grammar (every opcode, extended instruction and enumerant
// used lists the capabilities that enable it, and the extensions that make
// it available before its core version) plus the rules the grammar cannot
// state: 16- and 64-bit scalar types, 16-bit data behind a pointer per
// storage class, arrayed multisampled storage images, storage images of
// Unknown format read or written, Device scope under the Vulkan memory
// model. DXC runs it last on every module it writes.
type trimCapabilities struct{}

func (trimCapabilities) Name() string { return "trim-capabilities" }

// The pass is standalone (pass.go): it looks ids up in a table of its own
// (capTrimmer.defs), as DXC runs it last, after compact-ids, which leaves
// no def-use chains, and at -O0 it is often the only pass.

// trimmableCapabilities are the capabilities the pass may remove.
var trimmableCapabilities = []spv.Capability{
	spv.CapabilityComputeDerivativeGroupLinearKHR, spv.CapabilityComputeDerivativeGroupQuadsKHR,
	spv.CapabilityFloat16, spv.CapabilityFloat64, spv.CapabilityFragmentShaderPixelInterlockEXT,
	spv.CapabilityFragmentShaderSampleInterlockEXT, spv.CapabilityFragmentShaderShadingRateInterlockEXT,
	spv.CapabilityGeometry, spv.CapabilityGroupNonUniform, spv.CapabilityGroupNonUniformArithmetic,
	spv.CapabilityGroupNonUniformClustered, spv.CapabilityGroupNonUniformPartitionedNV,
	spv.CapabilityGroupNonUniformVote, spv.CapabilityGroups, spv.CapabilityImageMSArray, spv.CapabilityInt16,
	spv.CapabilityInt64, spv.CapabilityInterpolationFunction, spv.CapabilityLinkage, spv.CapabilityMinLod,
	spv.CapabilityPhysicalStorageBufferAddresses, spv.CapabilityRayQueryKHR, spv.CapabilityRayTracingKHR,
	spv.CapabilityRayTraversalPrimitiveCullingKHR, spv.CapabilityShader, spv.CapabilityShaderClockKHR,
	spv.CapabilityStorageBuffer16BitAccess, spv.CapabilityStorageImageReadWithoutFormat,
	spv.CapabilityStorageImageWriteWithoutFormat, spv.CapabilityStorageInputOutput16,
	spv.CapabilityStoragePushConstant16, spv.CapabilityStorageUniform16,
	spv.CapabilityStorageUniformBufferBlock16, spv.CapabilityVulkanMemoryModelDeviceScope,
	spv.CapabilityQuadControlKHR,
}

type capSet map[spv.Capability]bool

// trimmable reports whether the pass may remove cp.
func trimmable(cp spv.Capability) bool { return slices.Contains(trimmableCapabilities, cp) }

// trimmableExtensions are the extensions that enable a trimmable
// capability: the ones the pass may remove.
var trimmableExtensions = func() []string {
	var out []string
	for _, c := range trimmableCapabilities {
		if e := spv.KindCapability.Enumerant(uint32(c)); e != nil {
			for _, x := range e.Extensions() {
				if !slices.Contains(out, x) {
					out = append(out, x)
				}
			}
		}
	}
	return out
}()

func (trimCapabilities) Run(c *Context) (bool, error) {
	m := c.M
	if m.HasCapability(spv.CapabilityLinkage) {
		return false, nil
	}
	// Only a trimmable capability other than Shader, or an extension
	// enabling one, can go: a module declaring none (most declare Shader
	// alone) has nothing to trim, and the walk over every instruction and
	// operand is spared.
	if !slices.ContainsFunc(m.Capabilities, func(cp spv.Capability) bool { return cp != spv.CapabilityShader && trimmable(cp) }) &&
		!slices.ContainsFunc(m.Extensions, func(e string) bool { return slices.Contains(trimmableExtensions, e) }) {
		return false, nil
	}
	t := &capTrimmer{c: c, need: capSet{}, exts: map[string]bool{}, declared: impliedCapabilities(m.Capabilities),
		vulkanMemoryModel: m.MemoryModel != nil && spv.MemoryModel(m.MemoryModel.Operands[1].Word) == spv.MemoryModelVulkan,
		decorated:         map[builder.ID][]spv.Decoration{}, defs: make([]*builder.Inst, m.Bound)}
	for in := range m.All() {
		if in.Result != 0 && int(in.Result) < len(t.defs) {
			t.defs[in.Result] = in
		}
	}
	for _, d := range m.Annotations {
		if d.Op == spv.OpDecorate {
			id := d.Operands[0].ID()
			t.decorated[id] = append(t.decorated[id], spv.Decoration(d.Operands[1].Word))
		}
	}
	for in := range m.All() {
		t.inst(in)
	}
	for cp := range t.need {
		if e := spv.KindCapability.Enumerant(uint32(cp)); e != nil {
			t.extensions(e.Version, e.Extensions())
		}
	}
	changed := false
	m.Capabilities = slices.DeleteFunc(m.Capabilities, func(cp spv.Capability) bool {
		drop := cp != spv.CapabilityShader && trimmable(cp) && !t.need[cp]
		changed = changed || drop
		return drop
	})
	m.Extensions = slices.DeleteFunc(m.Extensions, func(e string) bool {
		drop := slices.Contains(trimmableExtensions, e) && !t.exts[e]
		changed = changed || drop
		return drop
	})
	return changed, nil
}

// impliedCapabilities returns the declared capabilities with every
// capability they imply.
func impliedCapabilities(declared []spv.Capability) capSet {
	s := capSet{}
	var add func(spv.Capability)
	add = func(cp spv.Capability) {
		if s[cp] {
			return
		}
		s[cp] = true
		if e := spv.KindCapability.Enumerant(uint32(cp)); e != nil {
			for _, d := range e.Capabilities() {
				add(d)
			}
		}
	}
	for _, cp := range declared {
		add(cp)
	}
	return s
}

// capTrimmer collects what the module needs.
type capTrimmer struct {
	c                 *Context
	need              capSet
	exts              map[string]bool
	declared          capSet // declared or implied
	vulkanMemoryModel bool
	decorated         map[builder.ID][]spv.Decoration
	defs              []*builder.Inst // by result id
}

// def returns the instruction defining id, or nil.
func (t *capTrimmer) def(id builder.ID) *builder.Inst {
	if int(id) < len(t.defs) {
		return t.defs[id]
	}
	return nil
}

// extSetName is Context.extSetName over the pass's table.
func (t *capTrimmer) extSetName(id builder.ID) string {
	if d := t.def(id); d != nil && d.Op == spv.OpExtInstImport && len(d.Operands) > 0 {
		return d.Operands[0].Str()
	}
	return ""
}

// capabilities records the trimmable ones among caps (any of which would
// enable the feature: all of them are kept).
func (t *capTrimmer) capabilities(caps []spv.Capability) {
	for _, cp := range caps {
		if trimmable(cp) {
			t.need[cp] = true
		}
	}
}

// extensions records the extensions of a feature not in the module's core
// version.
func (t *capTrimmer) extensions(v spv.Version, exts []string) {
	if v == 0 {
		v = spv.Version1_0
	}
	if v <= t.c.M.Version {
		return
	}
	for _, e := range exts {
		t.exts[e] = true
	}
}

func (t *capTrimmer) inst(in *builder.Inst) {
	if in.Op == spv.OpExtInst {
		if set := spv.ExtInstSetByName(t.extSetName(in.Operands[0].ID())); set != nil {
			if info := set.Inst(in.Operands[1].Word); info != nil {
				t.capabilities(info.Capabilities())
			}
		}
	} else if !conflictingCapabilities(in.Op) {
		if info := spv.InstructionInfo(in.Op); info != nil {
			t.capabilities(info.Capabilities())
			t.extensions(info.Version, info.Extensions())
		}
	}
	t.operands(in.Operands)
	if cp, ok := t.special(in); ok {
		t.need[cp] = true
	}
}

// conflictingCapabilities reports the opcodes whose grammar capabilities
// are alternatives the operands choose between (the group operation of a
// subgroup arithmetic instruction says whether it is clustered or
// partitioned): their operands decide.
func conflictingCapabilities(op spv.Op) bool {
	switch op {
	case spv.OpBeginInvocationInterlockEXT, spv.OpEndInvocationInterlockEXT, spv.OpGroupNonUniformIAdd,
		spv.OpGroupNonUniformFAdd, spv.OpGroupNonUniformIMul, spv.OpGroupNonUniformFMul, spv.OpGroupNonUniformSMin,
		spv.OpGroupNonUniformUMin, spv.OpGroupNonUniformFMin, spv.OpGroupNonUniformSMax, spv.OpGroupNonUniformUMax,
		spv.OpGroupNonUniformFMax, spv.OpGroupNonUniformBitwiseAnd, spv.OpGroupNonUniformBitwiseOr,
		spv.OpGroupNonUniformBitwiseXor, spv.OpGroupNonUniformLogicalAnd, spv.OpGroupNonUniformLogicalOr,
		spv.OpGroupNonUniformLogicalXor:
		return true
	}
	return false
}

// operands records what the enumerants among ops need (enumerant
// parameters and pair members included).
func (t *capTrimmer) operands(ops []builder.Operand) {
	for i := range ops {
		o := &ops[i]
		switch o.Kind.Category() {
		case spv.CategoryId:
			if o.Kind == spv.KindIdScope && t.vulkanMemoryModel {
				t.need[spv.CapabilityVulkanMemoryModelDeviceScope] = true
			}
		case spv.CategoryValueEnum:
			if e := o.Kind.Enumerant(o.Word); e != nil && !o.Wide {
				t.capabilities(e.Capabilities())
				t.extensions(e.Version, e.Extensions())
			}
		case spv.CategoryBitEnum:
			for bit := uint32(1); bit != 0; bit <<= 1 {
				if o.Word&bit == 0 {
					continue
				}
				if e := o.Kind.Enumerant(bit); e != nil {
					t.capabilities(e.Capabilities())
					t.extensions(e.Version, e.Extensions())
				}
			}
		}
		if len(o.Params()) > 0 {
			t.operands(o.Params())
		}
	}
}

// special returns the capability an instruction needs by a rule the
// grammar cannot state.
func (t *capTrimmer) special(in *builder.Inst) (spv.Capability, bool) {
	switch in.Op {
	case spv.OpTypeFloat:
		switch in.Operands[0].Word {
		case 16:
			return spv.CapabilityFloat16, true
		case 64:
			return spv.CapabilityFloat64, true
		}
	case spv.OpTypeInt:
		switch in.Operands[0].Word {
		case 16:
			return spv.CapabilityInt16, true
		case 64:
			return spv.CapabilityInt64, true
		}
	case spv.OpTypeImage:
		// Operands: sampled type, Dim, Depth, Arrayed, MS, Sampled, format.
		if in.Operands[3].Word == 1 && in.Operands[4].Word == 1 && in.Operands[5].Word == 2 {
			return spv.CapabilityImageMSArray, true
		}
	case spv.OpImageRead, spv.OpImageSparseRead, spv.OpImageWrite:
		var img *builder.Inst
		if v := t.def(in.Operands[0].ID()); v != nil {
			img = t.def(v.Type)
		}
		if img == nil || img.Op != spv.OpTypeImage || spv.ImageFormat(img.Operands[6].Word) != spv.ImageFormatUnknown {
			break
		}
		switch {
		case in.Op == spv.OpImageWrite:
			return spv.CapabilityStorageImageWriteWithoutFormat, true
		case in.Op == spv.OpImageSparseRead || spv.Dim(img.Operands[1].Word) != spv.DimSubpassData:
			return spv.CapabilityStorageImageReadWithoutFormat, true
		}
	case spv.OpTypePointer:
		t.pointer16(in)
	case spv.OpRayQueryInitializeKHR, spv.OpHitObjectTraceRayNV, spv.OpHitObjectTraceRayMotionNV:
		return t.rayFlags(in.Operands[2].ID())
	case spv.OpTraceRayKHR, spv.OpTraceNV, spv.OpTraceRayMotionNV:
		return t.rayFlags(in.Operands[1].ID())
	}
	return 0, false
}

// rayFlags keeps RayTraversalPrimitiveCullingKHR for ray flags that may
// skip triangles or AABBs. The flags are an id, out of the grammar's
// sight, so spirv-opt trims the capability and leaves a module the Vulkan
// rules reject; this keeps it for a constant with those bits and for any
// flags not constant.
func (t *capTrimmer) rayFlags(flags builder.ID) (spv.Capability, bool) {
	const skip = uint64(spv.RayFlagsSkipTrianglesKHR | spv.RayFlagsSkipAABBsKHR)
	if d := t.def(flags); d != nil && d.Op == spv.OpConstant && d.Operands[0].Uint64()&skip == 0 {
		return 0, false
	}
	return spv.CapabilityRayTraversalPrimitiveCullingKHR, true
}

// pointer16 records the 16-bit storage capabilities a pointer type needs
// for the 16-bit data it reaches in its storage class.
func (t *capTrimmer) pointer16(ptr *builder.Inst) {
	has16 := t.declared[spv.CapabilityFloat16] || t.declared[spv.CapabilityInt16]
	switch sc := spv.StorageClass(ptr.Operands[0].Word); sc {
	case spv.StorageClassInput, spv.StorageClassOutput:
		if has16 && t.anyType(ptr.Result, t.is16Bit, nil) {
			t.need[spv.CapabilityStorageInputOutput16] = true
		}
	case spv.StorageClassPushConstant:
		if has16 && t.anyType(ptr.Result, t.is16Bit, nil) {
			t.need[spv.CapabilityStoragePushConstant16] = true
		}
	case spv.StorageClassUniform:
		if !has16 {
			return
		}
		if t.anyType(ptr.Result, t.blockWith16Bit(spv.DecorationBufferBlock), nil) {
			t.need[spv.CapabilityStorageUniformBufferBlock16] = true
		}
		// 16-bit data outside BufferBlock structs (if those have their
		// own capability).
		var stop func(*builder.Inst) bool
		if t.declared[spv.CapabilityStorageUniformBufferBlock16] {
			stop = func(d *builder.Inst) bool { return t.decoratedWith(d.Result, spv.DecorationBufferBlock) }
		}
		if t.anyType(ptr.Result, t.is16Bit, stop) {
			t.need[spv.CapabilityStorageUniform16] = true
		}
	case spv.StorageClassStorageBuffer, spv.StorageClassShaderRecordBufferKHR, spv.StorageClassPhysicalStorageBuffer:
		if t.anyType(ptr.Result, t.blockWith16Bit(spv.DecorationBlock), nil) {
			t.need[spv.CapabilityStorageBuffer16BitAccess] = true
		}
	}
}

func (t *capTrimmer) is16Bit(d *builder.Inst) bool {
	return (d.Op == spv.OpTypeInt || d.Op == spv.OpTypeFloat) && d.Operands[0].Word == 16
}

// blockWith16Bit matches a type decorated deco that holds 16-bit data.
func (t *capTrimmer) blockWith16Bit(deco spv.Decoration) func(*builder.Inst) bool {
	return func(d *builder.Inst) bool {
		return t.decoratedWith(d.Result, deco) && t.anyType(d.Result, t.is16Bit, nil)
	}
}

func (t *capTrimmer) decoratedWith(id builder.ID, deco spv.Decoration) bool {
	return slices.Contains(t.decorated[id], deco)
}

// anyType reports whether match holds for the type id or a type it
// reaches (through pointers, element types and members), not looking
// inside the types stop holds for.
func (t *capTrimmer) anyType(id builder.ID, match, stop func(*builder.Inst) bool) bool {
	seen := map[builder.ID]bool{}
	work := []builder.ID{id}
	for len(work) > 0 {
		id := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[id] {
			continue
		}
		seen[id] = true
		d := t.def(id)
		if d == nil || stop != nil && stop(d) {
			continue
		}
		if match(d) {
			return true
		}
		switch d.Op {
		case spv.OpTypePointer:
			work = append(work, d.Operands[1].ID())
		case spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeArray, spv.OpTypeRuntimeArray:
			work = append(work, d.Operands[0].ID())
		case spv.OpTypeStruct:
			for _, o := range d.Operands {
				work = append(work, o.ID())
			}
		}
	}
	return false
}
