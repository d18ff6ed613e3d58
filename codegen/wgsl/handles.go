package wgsl

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Textures and samplers. WGSL passes them by value and types them by use:
// a texture sampled with a depth reference is a texture_depth_*, a sampler
// used so is a sampler_comparison, a storage texture has a format and an
// access mode. SPIR-V loads them from UniformConstant variables (through
// pointer parameters, for glslang's helper functions), combines them with
// OpSampledImage, and leaves depth-ness to the instruction. So every image
// operand is traced back to a slot — a variable or a function parameter,
// and for a combined image sampler its image or sampler half — and slots
// joined by calls share one class whose uses decide the WGSL type.

// A handleSlot is a variable or parameter holding a handle; part 1 is the
// sampler half of a combined image sampler.
type handleSlot struct {
	id   builder.ID
	part uint8
}

// handleUse is what the operations on a class of slots need.
type handleUse struct {
	dref, sample, fetch, read, write, gather bool // images
	compare, regular                         bool // samplers
	// as2D marks a 1D image used as WGSL's texture_1d cannot be (see
	// needs2D): it is declared as a 2D image of height 1.
	as2D bool
}

// A handleRef is where a handle value comes from: its slot and, for an
// element of a descriptor array, the access chain indices selecting it.
type handleRef struct {
	slot  handleSlot
	index []builder.ID
}

type handleInfo struct {
	parent map[handleSlot]handleSlot
	uses   map[handleSlot]*handleUse // by class root
}

func (h *handleInfo) find(s handleSlot) handleSlot {
	for {
		p, ok := h.parent[s]
		if !ok || p == s {
			return s
		}
		s = p
	}
}

func (h *handleInfo) union(a, b handleSlot) {
	ra, rb := h.find(a), h.find(b)
	if ra == rb {
		return
	}
	h.parent[rb] = ra
	ua, ub := h.use(ra), h.use(rb)
	*ua = handleUse{
		dref: ua.dref || ub.dref, sample: ua.sample || ub.sample, fetch: ua.fetch || ub.fetch,
		read: ua.read || ub.read, write: ua.write || ub.write, gather: ua.gather || ub.gather,
		compare: ua.compare || ub.compare, regular: ua.regular || ub.regular, as2D: ua.as2D || ub.as2D,
	}
	delete(h.uses, rb)
}

func (h *handleInfo) use(s handleSlot) *handleUse {
	r := h.find(s)
	u := h.uses[r]
	if u == nil {
		u = &handleUse{}
		h.uses[r] = u
	}
	return u
}

// isHandleType reports whether typ is an image, sampler or sampled image
// (or a pointer to one).
func (t *translator) isHandleType(typ builder.ID) bool {
	d := t.du.Def(typ)
	if d == nil {
		return false
	}
	switch d.Op {
	case spv.OpTypeImage, spv.OpTypeSampler, spv.OpTypeSampledImage:
		return true
	case spv.OpTypePointer:
		return len(d.Operands) >= 2 && spv.StorageClass(d.Operands[0].Word) == spv.StorageClassUniformConstant && t.isHandleType(d.Operands[1].ID())
	case spv.OpTypeArray, spv.OpTypeRuntimeArray:
		// A descriptor array.
		return len(d.Operands) >= 1 && t.isHandleType(d.Operands[0].ID())
	}
	return false
}

// traceHandle returns where an image, sampler or sampled image value (or
// a pointer to one) comes from: for a sampled image, the image and the
// sampler; for an image or a sampler, it and a zero handleRef.
func (t *translator) traceHandle(id builder.ID) (handleRef, handleRef) {
	var index []builder.ID
	for range 1000 {
		d := t.def(id)
		switch d.Op {
		case spv.OpVariable, spv.OpFunctionParameter:
			if index != nil && d.Op == spv.OpFunctionParameter {
				t.unsupported("an array of textures or samplers passed to a function (WGSL has no binding arrays)")
			}
			if t.combinedType(d.Type) {
				return handleRef{handleSlot{d.Result, 0}, index}, handleRef{handleSlot{d.Result, 1}, index}
			}
			return handleRef{handleSlot{d.Result, 0}, index}, handleRef{}
		case spv.OpLoad, spv.OpCopyObject:
			id = d.Operands[0].ID()
		case spv.OpImage:
			img, _ := t.traceHandle(d.Operands[0].ID())
			return img, handleRef{}
		case spv.OpSampledImage:
			if len(d.Operands) < 2 {
				t.fail("OpSampledImage with too few operands")
			}
			img, _ := t.traceHandle(d.Operands[0].ID())
			smp, _ := t.traceHandle(d.Operands[1].ID())
			return img, smp
		case spv.OpAccessChain, spv.OpInBoundsAccessChain:
			// Into a descriptor array: the indices choose the element
			// (an inner chain's indices come first).
			var idx []builder.ID
			for _, o := range d.Operands[1:] {
				idx = append(idx, o.ID())
			}
			index = append(idx, index...)
			id = d.Operands[0].ID()
		default:
			t.unsupported("a texture or sampler chosen at run time (%s): WGSL names each one", d.Op)
		}
	}
	t.fail("a handle defined in a cycle")
	return handleRef{}, handleRef{}
}

// combinedType reports whether typ is a sampled image or a pointer to one.
func (t *translator) combinedType(typ builder.ID) bool {
	d := t.du.Def(typ)
	for d != nil && (d.Op == spv.OpTypePointer && len(d.Operands) >= 2 || (d.Op == spv.OpTypeArray || d.Op == spv.OpTypeRuntimeArray) && len(d.Operands) >= 1) {
		if d.Op == spv.OpTypePointer {
			d = t.du.Def(d.Operands[1].ID())
		} else {
			d = t.du.Def(d.Operands[0].ID())
		}
	}
	return d != nil && d.Op == spv.OpTypeSampledImage
}

// analyzeHandles records how every texture and sampler is used.
func (t *translator) analyzeHandles() {
	h := &handleInfo{parent: map[handleSlot]handleSlot{}, uses: map[handleSlot]*handleUse{}}
	t.handles = h
	for _, f := range t.m.Functions {
		if !t.reachable[f.Def.Result] {
			continue
		}
		for in := range f.Insts() {
			t.cur = in
			t.recordHandleUse(in)
		}
	}
	t.cur = nil
}

func (t *translator) recordHandleUse(in *builder.Inst) {
	h := t.handles
	if in.Op == spv.OpFunctionCall {
		callee := t.funcs[in.Operands[0].ID()]
		for i, o := range in.Operands[1:] {
			if i >= len(callee.Params) {
				t.fail("OpFunctionCall passes more arguments than %s takes", t.funcName(callee))
			}
			if d := t.du.Def(o.ID()); d != nil && t.isHandleType(d.Type) {
				a, b := t.traceHandle(o.ID())
				p := callee.Params[i].Result
				h.union(a.slot, handleSlot{p, 0})
				if b.slot.id != 0 {
					h.union(b.slot, handleSlot{p, 1})
				}
			}
		}
		return
	}
	if !isImageOp(in.Op) || len(in.Operands) < 1 {
		return
	}
	img, smp := t.traceHandle(in.Operands[0].ID())
	u := h.use(img.slot)
	u.as2D = u.as2D || t.needs2D(in)
	var su *handleUse
	if smp.slot.id != 0 {
		su = h.use(smp.slot)
	}
	switch t.residentOp(in).Op {
	case spv.OpImageSampleImplicitLod, spv.OpImageSampleExplicitLod, spv.OpImageSampleProjImplicitLod,
		spv.OpImageSampleProjExplicitLod:
		u.sample = true
		if su != nil {
			su.regular = true
		}
	case spv.OpImageSampleDrefImplicitLod, spv.OpImageSampleDrefExplicitLod, spv.OpImageSampleProjDrefImplicitLod,
		spv.OpImageSampleProjDrefExplicitLod, spv.OpImageDrefGather:
		u.dref = true
		if su != nil {
			su.compare = true
		}
	case spv.OpImageGather:
		u.gather = true
		if su != nil {
			su.regular = true
		}
	case spv.OpImageFetch:
		u.fetch = true
	case spv.OpImageRead:
		u.read = true
	case spv.OpImageWrite:
		u.write = true
	}
}

// needs2D reports whether image instruction in uses a 1D image as WGSL's
// texture_1d and texture_storage_1d cannot be used: arrayed, compared
// with a depth reference, sampled at an explicit level, with a bias or
// gradients (WGSL samples texture_1d with textureSample only), or sampled
// in a compute shader (which has no implicit level of detail). Such an
// image is declared as a 2D image of height 1, sampled at its row's
// centre, which gives the same texels and levels of detail (the
// application binds a 2D texture of height 1; Result.Bindings says so).
func (t *translator) needs2D(in *builder.Inst) bool {
	if len(in.Operands) < 2 {
		return false
	}
	d := t.du.Def(t.imageTypeOf(t.typeOfValue(in.Operands[0].ID())).Result)
	if d == nil || d.Op != spv.OpTypeImage || len(d.Operands) < 7 {
		return false
	}
	it := t.decodeImage(d)
	if it.dim != spv.Dim1D {
		return false
	}
	if it.arrayed {
		return true
	}
	switch t.residentOp(in).Op {
	case spv.OpImageSampleImplicitLod, spv.OpImageSampleProjImplicitLod:
		// textureSample on a texture_1d takes no bias or offset.
		fn := in.Block.Func.Def.Result
		operands := len(in.Operands) > 2 && spv.ImageOperands(in.Operands[2].Word)&^(spv.ImageOperandsNonPrivateTexel|spv.ImageOperandsNontemporal) != 0
		return operands || t.funcStages[fn][spv.ExecutionModelGLCompute]
	case spv.OpImageSampleExplicitLod, spv.OpImageSampleProjExplicitLod, spv.OpImageSampleDrefImplicitLod,
		spv.OpImageSampleDrefExplicitLod, spv.OpImageSampleProjDrefImplicitLod, spv.OpImageSampleProjDrefExplicitLod:
		return true
	}
	return false
}

func isImageOp(op spv.Op) bool {
	switch op {
	case spv.OpImageSampleImplicitLod, spv.OpImageSampleExplicitLod, spv.OpImageSampleDrefImplicitLod,
		spv.OpImageSampleDrefExplicitLod, spv.OpImageSampleProjImplicitLod, spv.OpImageSampleProjExplicitLod,
		spv.OpImageSampleProjDrefImplicitLod, spv.OpImageSampleProjDrefExplicitLod, spv.OpImageFetch,
		spv.OpImageGather, spv.OpImageDrefGather, spv.OpImageRead, spv.OpImageWrite, spv.OpImageQueryFormat,
		spv.OpImageQueryOrder, spv.OpImageQuerySizeLod, spv.OpImageQuerySize, spv.OpImageQueryLod,
		spv.OpImageQueryLevels, spv.OpImageQuerySamples, spv.OpImageSparseSampleImplicitLod,
		spv.OpImageSparseSampleExplicitLod, spv.OpImageSparseSampleDrefImplicitLod,
		spv.OpImageSparseSampleDrefExplicitLod, spv.OpImageSparseFetch, spv.OpImageSparseGather,
		spv.OpImageSparseDrefGather, spv.OpImageSparseRead:
		return true
	}
	return false
}

// imageTypeOf returns the OpTypeImage under a handle type (through
// pointers and sampled images).
func (t *translator) imageTypeOf(typ builder.ID) *builder.Inst {
	d := t.def(typ)
	for range 10 {
		switch d.Op {
		case spv.OpTypePointer:
			d = t.def(d.Operands[1].ID())
		case spv.OpTypeSampledImage:
			d = t.def(d.Operands[0].ID())
		case spv.OpTypeArray, spv.OpTypeRuntimeArray:
			d = t.def(d.Operands[0].ID())
		default:
			return d
		}
	}
	return d
}

// An imageType is an OpTypeImage's operands.
type imageType struct {
	sampled            builder.ID
	dim                spv.Dim
	depth, arrayed, ms bool
	usage              uint32 // 0 unknown, 1 sampled, 2 storage
	format             spv.ImageFormat
}

func (t *translator) decodeImage(d *builder.Inst) imageType {
	if d.Op != spv.OpTypeImage || len(d.Operands) < 7 {
		t.fail("%%%d is not an image type", d.Result)
	}
	o := d.Operands
	return imageType{sampled: o[0].ID(), dim: spv.Dim(o[1].Word), depth: o[2].Word == 1, arrayed: o[3].Word != 0,
		ms: o[4].Word != 0, usage: o[5].Word, format: spv.ImageFormat(o[6].Word)}
}

// handleTypeText spells the WGSL type of a slot: a texture type decided by
// the class's uses, or sampler / sampler_comparison.
func (t *translator) handleTypeText(slot handleSlot, typ builder.ID) string {
	u := t.handles.use(slot)
	d := t.imageTypeOf(typ)
	if d.Op == spv.OpTypeSampler || slot.part == 1 {
		if u.compare && u.regular {
			t.unsupported("a sampler used both for depth comparison and for regular sampling (WGSL has sampler and sampler_comparison)")
		}
		if u.compare {
			return "sampler_comparison"
		}
		return "sampler"
	}
	if d.Op != spv.OpTypeImage {
		t.unsupported("resources of type %s", d.Op)
	}
	it := t.decodeImage(d)
	if it.dim == spv.Dim1D && u.as2D {
		it.dim = spv.Dim2D
	}
	st := t.typ(it.sampled)
	storage := it.usage == 2 || it.usage == 0 && (u.read || u.write)
	switch it.dim {
	case spv.DimBuffer:
		t.unsupported("texel buffers (Buffer<T> / imageBuffer): WGSL has no buffer textures")
	case spv.DimSubpassData:
		t.unsupported("subpass inputs")
	case spv.DimRect:
		t.unsupported("rectangle textures")
	case spv.DimTileImageDataEXT:
		t.unsupported("tile images")
	}
	if storage {
		return t.storageTextureType(slot, it, u)
	}
	if st.comp == sF16 || !st.isScalar() || st.comp == sBool {
		t.unsupported("textures of %s texels (WGSL samples f32, i32 or u32)", st.text)
	}
	if u.dref {
		if st.comp != sF32 {
			t.unsupported("depth comparison on a texture of %s", st.text)
		}
		switch {
		case it.ms && !it.arrayed && it.dim == spv.Dim2D:
			return "texture_depth_multisampled_2d"
		case it.ms:
			t.unsupported("multisampled depth textures of this shape")
		case it.dim == spv.Dim2D && it.arrayed:
			return "texture_depth_2d_array"
		case it.dim == spv.Dim2D:
			return "texture_depth_2d"
		case it.dim == spv.DimCube && it.arrayed:
			return "texture_depth_cube_array"
		case it.dim == spv.DimCube:
			return "texture_depth_cube"
		}
		t.unsupported("depth comparison on %s textures", dimName(it.dim))
	}
	var base string
	switch {
	case it.ms && it.dim == spv.Dim2D && !it.arrayed:
		base = "texture_multisampled_2d"
	case it.ms:
		t.unsupported("multisampled textures other than 2D")
	case it.dim == spv.Dim1D:
		base = "texture_1d"
	case it.dim == spv.Dim2D && it.arrayed:
		base = "texture_2d_array"
	case it.dim == spv.Dim2D:
		base = "texture_2d"
	case it.dim == spv.Dim3D:
		if it.arrayed {
			t.unsupported("3D array textures")
		}
		base = "texture_3d"
	case it.dim == spv.DimCube && it.arrayed:
		base = "texture_cube_array"
	case it.dim == spv.DimCube:
		base = "texture_cube"
	default:
		t.unsupported("%s textures", dimName(it.dim))
	}
	return fmt.Sprintf("%s<%s>", base, st.comp)
}

// dimNames name image dimensionalities in messages.
var dimNames = &lazy[map[spv.Dim]string]{make: func() map[spv.Dim]string {
	return map[spv.Dim]string{spv.Dim1D: "1D", spv.Dim2D: "2D", spv.Dim3D: "3D", spv.DimCube: "cube"}
}}

func dimName(d spv.Dim) string {
	if n, ok := dimNames.get()[d]; ok {
		return n
	}
	return d.String()
}

// storageFormats maps SPIR-V image formats to WGSL texel formats.
var storageFormats = &lazy[map[spv.ImageFormat]string]{make: func() map[spv.ImageFormat]string {
	return map[spv.ImageFormat]string{
		spv.ImageFormatRgba8: "rgba8unorm", spv.ImageFormatRgba8Snorm: "rgba8snorm", spv.ImageFormatRgba8ui: "rgba8uint",
		spv.ImageFormatRgba8i: "rgba8sint", spv.ImageFormatRgba16ui: "rgba16uint", spv.ImageFormatRgba16i: "rgba16sint",
		spv.ImageFormatRgba16f: "rgba16float", spv.ImageFormatR32ui: "r32uint", spv.ImageFormatR32i: "r32sint",
		spv.ImageFormatR32f: "r32float", spv.ImageFormatRg32ui: "rg32uint", spv.ImageFormatRg32i: "rg32sint",
		spv.ImageFormatRg32f: "rg32float", spv.ImageFormatRgba32ui: "rgba32uint", spv.ImageFormatRgba32i: "rgba32sint",
		spv.ImageFormatRgba32f: "rgba32float",
	}
}}

// readWriteFormats are the formats core WGSL allows read_write access to;
// tier2Formats those the texture-formats-tier2 feature adds.
var (
	readWriteFormats = map[string]bool{"r32uint": true, "r32sint": true, "r32float": true}
	tier2Formats     = map[string]bool{"rgba8unorm": true, "rgba8uint": true, "rgba8sint": true, "rgba16uint": true,
		"rgba16sint": true, "rgba16float": true, "rgba32uint": true, "rgba32sint": true, "rgba32float": true}
)

func (t *translator) storageTextureType(slot handleSlot, it imageType, u *handleUse) string {
	format, ok := storageFormats.get()[it.format]
	if !ok && it.format == spv.ImageFormatUnknown {
		format = t.naturalStorageFormat(slot, it)
	} else if !ok {
		t.unsupported("storage images of format %s", it.format)
	}
	access := "read_write"
	switch {
	case u.read && !u.write:
		access = "read"
	case u.write && !u.read:
		access = "write"
	case !u.read && !u.write:
		access = "read"
	}
	if access == "read_write" && !readWriteFormats[format] {
		if !tier2Formats[format] {
			t.unsupported("a storage image of format %s that is both read and written", format)
		}
		t.feature("texture-formats-tier2")
	}
	if it.ms {
		t.unsupported("multisampled storage images")
	}
	var base string
	switch {
	case it.dim == spv.Dim1D:
		base = "texture_storage_1d"
	case it.dim == spv.Dim2D && it.arrayed:
		base = "texture_storage_2d_array"
	case it.dim == spv.Dim2D:
		base = "texture_storage_2d"
	case it.dim == spv.Dim3D && !it.arrayed:
		base = "texture_storage_3d"
	default:
		t.unsupported("%s storage images", dimName(it.dim))
	}
	return fmt.Sprintf("%s<%s, %s>", base, format, access)
}

// declareHandle declares a texture, a sampler, or both halves of a
// combined image sampler (the sampler gets a free binding of its group),
// or the elements of an array of them.
func (t *translator) declareHandle(g *global) {
	if !t.isHandleType(g.inst.Type) {
		d := t.def(g.pointee)
		t.unsupported("UniformConstant variables of type %s", d.Op)
	}
	set, binding := t.descriptor(g)
	declare := t.declareHandleVar
	if g.texel != nil {
		declare = t.declareTexelBuffer
	}
	if g.arr != nil {
		for _, e := range t.declareElements(g, set, binding) {
			declare(g, e, set, binding)
		}
		return
	}
	g.group, g.binding = t.bind(g.name, set, binding, -1, "")
	declare(g, g, set, binding)
}

// naturalStorageFormat chooses the texel format of a format-less storage
// image: the 32-bit form of its texels with as many components as the
// shader reads or writes (Vulkan lets any format be bound; WGSL names one,
// which Result.Bindings reports).
func (t *translator) naturalStorageFormat(slot handleSlot, it imageType) string {
	st := t.typ(it.sampled)
	n := t.texelComponentsUsed(slot)
	if n == 3 {
		// No storage format has three components (neither has Vulkan's
		// storage image support): the fourth is not used.
		n = 4
	}
	suffix := map[scalar]string{sF32: "float", sI32: "sint", sU32: "uint"}[st.comp]
	if suffix == "" || !st.isScalar() {
		t.unsupported("a storage image without a format, of %s texels", st.text)
	}
	format := map[int]string{1: "r32", 2: "rg32", 4: "rgba32"}[n] + suffix
	if t.chosenFormats == nil {
		t.chosenFormats = map[handleSlot]string{}
	}
	t.chosenFormats[t.handles.find(slot)] = format
	return format
}

// declareHandleVar declares one texture or sampler variable v (g itself,
// or an element of g).
func (t *translator) declareHandleVar(g, v *global, set, binding uint32) {
	text := t.handleTypeText(handleSlot{g.id, 0}, g.pointee)
	t.decls = append(t.decls, fmt.Sprintf("@group(%d) @binding(%d) var %s : %s;\n", v.group, v.binding, v.name, text))
	if d := t.imageTypeOf(g.pointee); d.Op == spv.OpTypeImage && t.decodeImage(d).dim == spv.Dim1D && t.handles.use(handleSlot{g.id, 0}).as2D {
		t.noteBinding(v.name, func(b *Binding) {
			b.Texture1DAs2D = true
			b.Note = joinWhy(b.Note, "a 1D texture as a 2D texture of height 1 (WGSL's texture_1d cannot be arrayed, compared, sampled at a level, biased or in a compute shader)")
		})
	}
	if f := t.chosenFormats[t.handles.find(handleSlot{g.id, 0})]; f != "" {
		t.noteBinding(v.name, func(b *Binding) {
			b.StorageFormat = f
			b.Note = joinWhy(b.Note, "a storage image without a format, as "+f)
		})
	}
	if !t.combinedType(g.inst.Type) {
		return
	}
	v.samplerName = t.names.unique(v.name + "_sampler")
	elem := -1
	if v.elemOf != nil {
		elem = v.elemIdx
	}
	sb := t.bindExtra(v.samplerName, v.group, fmt.Sprintf("the sampler of combined image sampler %s", v.name),
		Binding{Set: set, SPIRVBinding: binding, Element: elem, Sampler: true})
	t.decls = append(t.decls, fmt.Sprintf("@group(%d) @binding(%d) var %s : %s;\n", v.group, sb, v.samplerName,
		t.handleTypeText(handleSlot{g.id, 1}, g.pointee)))
}
