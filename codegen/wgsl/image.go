package wgsl

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Image instructions. WGSL's texture builtins take the texture and the
// sampler separately, the array layer as its own integer argument, a
// constant offset as a constant, and return f32 for depth textures; SPIR-V
// packs the layer (and the projective q) into the coordinate and always
// returns a vec4 when not comparing.

// handleName spells a texture or sampler: a variable, an element of a
// descriptor array (a placeholder when it is chosen at run time, see
// expandChoices), or a parameter.
func (fs *funcState) handleName(r handleRef) string {
	t := fs.t
	s := r.slot
	name := func(g *global) string {
		if s.part == 1 {
			return g.samplerName
		}
		return g.name
	}
	if g := t.globals[s.id]; g != nil {
		if g.arr != nil {
			if len(r.index) < len(g.arr.dims) {
				t.fail("a descriptor array used without an element index")
			}
			return fs.element(g, r.index[:len(g.arr.dims)], name)
		}
		return name(g)
	}
	if r.index != nil {
		t.fail("an index into a texture or sampler that is not a descriptor array")
	}
	if s.part == 1 {
		if n := t.paramSamplerNames[s.id]; n != "" {
			return n
		}
	}
	if vi := fs.val(s.id); vi != nil && vi.name != "" {
		return vi.name
	}
	t.fail("texture or sampler %%%d is not declared", s.id)
	return ""
}

// imageOperands are the decoded optional operands of an image instruction.
type imageOperands struct {
	bias, lod, gradX, gradY, constOffset, offset, sample, minLod builder.ID
	constOffsets                                                 builder.ID // four offsets for a gather
	other                                                        spv.ImageOperands
}

func (t *translator) decodeImageOperands(ops []builder.Operand) imageOperands {
	var io imageOperands
	if len(ops) == 0 {
		return io
	}
	o := ops[0]
	mask := spv.ImageOperands(o.Word)
	params := o.Params()
	// Extra operands after the mask are the mask's parameters when the
	// loader kept them flat.
	if len(params) == 0 && len(ops) > 1 {
		params = ops[1:]
	}
	k := 0
	next := func() builder.ID {
		if k >= len(params) {
			t.fail("image operands %s are missing parameters", mask)
		}
		id := params[k].ID()
		k++
		return id
	}
	for bit := spv.ImageOperands(1); bit != 0 && bit <= mask; bit <<= 1 {
		if mask&bit == 0 {
			continue
		}
		switch bit {
		case spv.ImageOperandsBias:
			io.bias = next()
		case spv.ImageOperandsLod:
			io.lod = next()
		case spv.ImageOperandsGrad:
			io.gradX, io.gradY = next(), next()
		case spv.ImageOperandsConstOffset:
			io.constOffset = next()
		case spv.ImageOperandsOffset:
			io.offset = next()
		case spv.ImageOperandsConstOffsets:
			io.constOffsets = next()
		case spv.ImageOperandsSample:
			io.sample = next()
		case spv.ImageOperandsMinLod:
			io.minLod = next()
		case spv.ImageOperandsOffsets:
			t.unsupported("Offsets (gathering at four offsets)")
		case spv.ImageOperandsMakeTexelAvailable, spv.ImageOperandsMakeTexelVisible:
			next()
		case spv.ImageOperandsNonPrivateTexel:
			// A memory-model hint: WGSL's texture accesses are all
			// visible to its texture barriers.
		default:
			io.other |= bit
		}
	}
	return io
}

// sparseOps are the sparse residency instructions and the instructions
// they are when every texel is resident, as every WebGPU texture's is.
var sparseOps = &lazy[map[spv.Op]spv.Op]{make: func() map[spv.Op]spv.Op {
	return map[spv.Op]spv.Op{
		spv.OpImageSparseSampleImplicitLod:     spv.OpImageSampleImplicitLod,
		spv.OpImageSparseSampleExplicitLod:     spv.OpImageSampleExplicitLod,
		spv.OpImageSparseSampleDrefImplicitLod: spv.OpImageSampleDrefImplicitLod,
		spv.OpImageSparseSampleDrefExplicitLod: spv.OpImageSampleDrefExplicitLod,
		spv.OpImageSparseFetch:                 spv.OpImageFetch,
		spv.OpImageSparseGather:                spv.OpImageGather,
		spv.OpImageSparseDrefGather:            spv.OpImageDrefGather,
		spv.OpImageSparseRead:                  spv.OpImageRead,
	}
}}

// residentOp is the instruction a sparse residency instruction is on a
// texture whose texels are all resident (in itself for the others): the
// same instruction with the texel's type as its result.
func (t *translator) residentOp(in *builder.Inst) *builder.Inst {
	op, ok := sparseOps.get()[in.Op]
	if !ok {
		return in
	}
	st := t.typ(in.Type)
	if st.op != spv.OpTypeStruct || len(st.members) != 2 {
		t.fail("%s whose result is not a struct of a residency code and a texel", in.Op)
	}
	plain := *in
	plain.Op, plain.Type = op, st.members[1]
	return &plain
}

// image translates an image instruction. A sparse residency instruction
// is the plain one with the residency code 0 (WebGPU textures are fully
// resident; OpImageSparseTexelsResident gives true).
func (fs *funcState) image(sparse *builder.Inst, out *[]stmt) {
	t := fs.t
	in := t.residentOp(sparse)
	bind := func(e expr) {
		if in != sparse {
			e = call(t.typ(sparse.Type).text, t.literal(t.typ(sparse.Type).members[0], 0), e)
		}
		fs.bindChosen(sparse, e, out)
	}
	refuseImageOp(t, in)
	imgID := t.operandID(in, 0)
	img, smp := t.traceHandle(imgID)
	it := t.decodeImage(t.imageTypeOf(t.typeOfValue(imgID)))
	if it.dim == spv.DimBuffer {
		fs.texelOp(in, img, out)
		return
	}
	texture := primary(fs.handleName(img))
	if hasChoice(texture.text) || smp.slot.id != 0 && hasChoice(fs.handleName(smp)) {
		switch in.Op {
		case spv.OpImageSampleImplicitLod, spv.OpImageSampleProjImplicitLod, spv.OpImageSampleDrefImplicitLod,
			spv.OpImageSampleProjDrefImplicitLod:
			if t.nonUniformHandle(imgID) {
				t.unsupported("an implicit-derivative sample of a texture chosen per invocation (NonUniformResourceIndex): the switch over the array's elements would take its derivatives in non-uniform control flow")
			}
		}
	}
	dims := map[spv.Dim]int{spv.Dim1D: 1, spv.Dim2D: 2, spv.Dim3D: 3, spv.DimCube: 3}[it.dim]
	use := t.handles.use(img.slot)
	as2D := it.dim == spv.Dim1D && use.as2D
	if fs.imageQuery(in, texture, it, dims, as2D, out) {
		return
	}
	a := fs.newImageAccess(in, texture, smp, it, dims, use.dref)
	if as2D {
		a.widenTo2D()
	}
	var e expr
	switch in.Op {
	case spv.OpImageSampleImplicitLod, spv.OpImageSampleProjImplicitLod:
		e = a.texelResult(a.sampleImplicit(out))
	case spv.OpImageSampleExplicitLod, spv.OpImageSampleProjExplicitLod:
		e = a.texelResult(a.sampleExplicit())
	case spv.OpImageSampleDrefImplicitLod, spv.OpImageSampleProjDrefImplicitLod:
		e = a.compareImplicit()
	case spv.OpImageSampleDrefExplicitLod, spv.OpImageSampleProjDrefExplicitLod:
		e = a.compareExplicit()
	case spv.OpImageGather, spv.OpImageDrefGather:
		e = a.gather()
	case spv.OpImageFetch:
		e = a.texelResult(a.fetch())
	case spv.OpImageRead:
		if a.offset != nil || a.io.lod != 0 || a.io.sample != 0 {
			t.unsupported("image operands on a storage image read")
		}
		e = a.texelResult(call("textureLoad", a.withLayer(a.texture, a.coords)...))
	case spv.OpImageWrite:
		fs.emitChosen(a.write().text+";", out)
		return
	default:
		t.unsupported("the image instruction %s", in.Op)
	}
	bind(e)
}

// refuseImageOp refuses the image instructions WGSL has nothing for.
func refuseImageOp(t *translator, in *builder.Inst) {
	switch in.Op {
	case spv.OpImageQueryFormat, spv.OpImageQueryOrder:
		t.unsupported("%s (OpenCL image queries)", in.Op)
	case spv.OpImageSparseSampleProjImplicitLod, spv.OpImageSparseSampleProjExplicitLod,
		spv.OpImageSparseSampleProjDrefImplicitLod, spv.OpImageSparseSampleProjDrefExplicitLod:
		t.unsupported("sparse residency (%s)", in.Op)
	}
}

// imageQuery translates the size, level, sample count and level-of-detail
// queries (lod.go); false for other instructions. as2D is a 1D image declared as 2D (the width is
// its size).
func (fs *funcState) imageQuery(in *builder.Inst, texture expr, it imageType, dims int, as2D bool, out *[]stmt) bool {
	t := fs.t
	var e expr
	switch in.Op {
	case spv.OpImageQuerySizeLod, spv.OpImageQuerySize:
		if in.Op == spv.OpImageQuerySizeLod {
			e = call("textureDimensions", texture, t.castTo(fs.value(t.operandID(in, 1)), t.typeOfValue(t.operandID(in, 1)), sNone))
		} else {
			e = call("textureDimensions", texture)
		}
		if as2D {
			e = postfix(e, ".x")
		}
		if it.arrayed {
			n := dims
			if it.dim == spv.DimCube {
				n = 2
			}
			e = call(vecText(sU32, n+1), e, call("textureNumLayers", texture))
		}
	case spv.OpImageQueryLevels:
		e = call("textureNumLevels", texture)
	case spv.OpImageQuerySamples:
		e = call("textureNumSamples", texture)
	case spv.OpImageQueryLod:
		fs.bindChosen(in, fs.queryLod(in, texture, it, dims, as2D, out), out)
		return true
	default:
		return false
	}
	fs.bindChosen(in, t.castTo(e, t.scalarTypeLike(in.Type, sU32), t.resultScalar(in.Type)), out)
	return true
}

// An imageAccess is an image instruction that reads or writes texels:
// its texture and sampler, and its coordinate operand split into WGSL's
// coordinates, array layer and projective divide, with its offset and
// depth reference.
type imageAccess struct {
	fs       *funcState
	t        *translator
	in       *builder.Inst
	texture  expr
	smp      handleRef
	it       imageType
	sampled  *vtype
	dims     int
	depth    bool // the texture is a texture_depth_*
	dref     bool // the instruction compares with a depth reference
	io       imageOperands
	coords   expr
	cs       scalar // the coordinates' scalar type
	layer    *expr
	offset   *expr
	drefExpr expr
	// row2D marks a 1D image declared as a 2D one (widenTo2D).
	row2D bool
}

func isProjective(op spv.Op) bool {
	switch op {
	case spv.OpImageSampleProjImplicitLod, spv.OpImageSampleProjExplicitLod,
		spv.OpImageSampleProjDrefImplicitLod, spv.OpImageSampleProjDrefExplicitLod:
		return true
	}
	return false
}

func isDref(op spv.Op) bool {
	switch op {
	case spv.OpImageSampleDrefImplicitLod, spv.OpImageSampleDrefExplicitLod,
		spv.OpImageSampleProjDrefImplicitLod, spv.OpImageSampleProjDrefExplicitLod, spv.OpImageDrefGather:
		return true
	}
	return false
}

// newImageAccess decodes an image instruction's operands.
func (fs *funcState) newImageAccess(in *builder.Inst, texture expr, smp handleRef, it imageType, dims int, depth bool) *imageAccess {
	t := fs.t
	a := &imageAccess{fs: fs, t: t, in: in, texture: texture, smp: smp, it: it, sampled: t.typ(it.sampled), dims: dims,
		depth: depth, dref: isDref(in.Op)}
	opsAt := 2
	if a.dref || in.Op == spv.OpImageGather || in.Op == spv.OpImageWrite {
		opsAt = 3
	}
	a.io = t.decodeImageOperands(in.Operands[min(opsAt, len(in.Operands)):])
	a.checkOperands()
	a.splitCoordinate()
	if a.io.constOffset != 0 {
		if it.dim == spv.DimCube {
			t.fail("an offset on a cube image")
		}
		o := a.offsetExpr(a.io.constOffset)
		a.offset = &o
	}
	return a
}

// checkOperands refuses the image operands WGSL has no argument for.
func (a *imageAccess) checkOperands() {
	t, io := a.t, &a.io
	if io.minLod != 0 {
		t.unsupported("a minimum level of detail (MinLod)")
	}
	if io.offset != 0 {
		if d := t.du.Def(io.offset); d != nil && isConstantOp(d.Op) {
			io.constOffset = io.offset
		} else {
			t.unsupported("a texel offset that is not a constant")
		}
	}
	io.other &^= spv.ImageOperandsSignExtend | spv.ImageOperandsZeroExtend
	if io.other&^(spv.ImageOperandsNontemporal) != 0 {
		t.unsupported("image operands %s", io.other)
	}
}

// splitCoordinate splits the coordinate operand into the coordinates
// proper, the array layer and q (divided out of the coordinates and the
// depth reference).
func (a *imageAccess) splitCoordinate() {
	t, fs, in := a.t, a.fs, a.in
	coordID := t.operandID(in, 1)
	coord := fs.value(coordID)
	cs, cn := t.scalarOf(t.typeOfValue(coordID))
	a.cs = cs
	proj := isProjective(in.Op)
	comp := func(i int) expr {
		if cn == 1 {
			return coord
		}
		return postfix(coord, "."+"xyzw"[i:i+1])
	}
	need := a.dims
	if cn < need+boolInt(a.it.arrayed)+boolInt(proj) {
		t.fail("an image coordinate with %d components for a %s image", cn, dimName(a.it.dim))
	}
	switch {
	case need == 1:
		a.coords = comp(0)
	case need == cn:
		a.coords = coord
	default:
		a.coords = postfix(coord, "."+"xyzw"[:need])
	}
	if a.dref {
		a.drefExpr = fs.value(t.operandID(in, 2))
	}
	if proj {
		q := comp(need)
		if a.it.arrayed {
			t.unsupported("projective sampling of an array texture")
		}
		a.coords = binary("/", a.coords, q)
		if a.dref {
			a.drefExpr = binary("/", a.drefExpr, q)
		}
	}
	if a.it.arrayed {
		l := comp(need)
		if cs.isFloat() {
			l = call("i32", call("round", l))
		}
		a.layer = &l
	}
}

// widenTo2D makes the access of a 1D image declared as a 2D image of
// height 1 (needs2D) one of its row: sampled at the row's centre (which
// gives the 1D texture's texels and levels of detail whatever the
// filter), loaded and stored at row 0, with offsets and gradients along
// the row.
func (a *imageAccess) widenTo2D() {
	t := a.t
	row := t.number(a.cs, 0)
	switch a.cs {
	case sF32:
		row = primary("0.5f")
	case sF16:
		row = primary("0.5h")
	}
	a.coords = call(vecText(a.cs, 2), a.coords, row)
	if a.offset != nil {
		o := call(vecText(sI32, 2), *a.offset, primary("0i"))
		a.offset = &o
	}
	a.dims = 2
	a.row2D = true
}

// alongRow makes a 1D image's gradient a 2D one along its row.
func (a *imageAccess) alongRow(g expr) expr {
	if !a.row2D {
		return g
	}
	return call(vecText(sF32, 2), g, primary("0.0f"))
}

// offsetExpr spells a constant offset as the signed vector WGSL takes.
func (a *imageAccess) offsetExpr(id builder.ID) expr {
	t := a.t
	o := t.constExpr(id)
	if os, _ := t.scalarOf(t.typeOfValue(id)); os != sI32 {
		o = call("bitcast<"+t.withScalar(t.typeOfValue(id), sI32)+">", o)
	}
	return o
}

// withLayer appends the array layer, if any, to args.
func (a *imageAccess) withLayer(args ...expr) []expr {
	if a.layer != nil {
		return append(args, *a.layer)
	}
	return args
}

// withOffset appends the offset, if any, to args.
func (a *imageAccess) withOffset(args []expr) []expr {
	if a.offset != nil {
		return append(args, *a.offset)
	}
	return args
}

// sampler is the instruction's sampler.
func (a *imageAccess) sampler() expr {
	if a.smp.slot.id == 0 {
		a.t.fail("%s without a sampler", a.in.Op)
	}
	return primary(a.fs.handleName(a.smp))
}

// sampling is the texture, sampler, coordinates and layer arguments every
// sampling builtin starts with.
func (a *imageAccess) sampling() []expr {
	return a.withLayer(a.texture, a.sampler(), a.coords)
}

// texelResult widens a depth texture's f32 to the vec4 SPIR-V returns
// and fixes the signedness.
func (a *imageAccess) texelResult(e expr) expr {
	t := a.t
	if a.depth && !a.dref {
		e = call("vec4<f32>", e, primary("0.0f"), primary("0.0f"), primary("1.0f"))
	}
	rt := t.typ(a.in.Type)
	if rt.isScalar() && !a.dref {
		e = postfix(e, ".x")
	} else if rt.isVector() && rt.n < 4 {
		e = postfix(e, "."+"xyzw"[:rt.n])
	}
	return t.castTo(e, t.scalarTypeLike(a.in.Type, a.sampled.comp), t.resultScalar(a.in.Type))
}

// sampleImplicit samples with an implicit level of detail (or an explicit
// Lod operand), before texelResult.
func (a *imageAccess) sampleImplicit(out *[]stmt) expr {
	t, fs, io := a.t, a.fs, a.io
	quads := io.lod == 0 && fs.inQuadGroup()
	if io.lod == 0 && !quads {
		fs.refuseComputeDerivatives("sampling with an implicit level of detail")
	}
	switch {
	case quads:
		return a.sampleComputeImplicit(out)
	case io.bias != 0:
		if a.depth {
			t.unsupported("biased sampling of a depth texture")
		}
		return call("textureSampleBias", a.withOffset(append(a.sampling(), fs.value(io.bias)))...)
	case io.lod != 0:
		return a.sampleLevel()
	}
	return call("textureSample", a.withOffset(a.sampling())...)
}

// sampleExplicit samples at a level of detail or with gradients, before
// texelResult.
func (a *imageAccess) sampleExplicit() expr {
	t, io := a.t, a.io
	switch {
	case io.lod != 0:
		return a.sampleLevel()
	case io.gradX != 0:
		if a.depth {
			t.unsupported("sampling a depth texture with explicit gradients")
		}
		return call("textureSampleGrad", a.withOffset(append(a.sampling(), a.alongRow(a.fs.value(io.gradX)), a.alongRow(a.fs.value(io.gradY))))...)
	}
	t.fail("%s without Lod or Grad", a.in.Op)
	return expr{}
}

// sampleLevel spells sampling at an explicit level of detail (a depth
// texture takes an integer level).
func (a *imageAccess) sampleLevel() expr {
	lod := a.fs.value(a.io.lod)
	if a.depth {
		lod = call("i32", lod)
	}
	return call("textureSampleLevel", a.withOffset(append(a.sampling(), lod))...)
}

// compareImplicit compares with an implicit level of detail (fragment
// shaders only).
func (a *imageAccess) compareImplicit() expr {
	t, fs := a.t, a.fs
	if fs.inQuadGroup() {
		t.unsupported("depth comparison with an implicit level of detail in a compute shader (WGSL has no comparison with gradients)")
	}
	fs.refuseComputeDerivatives("depth comparison with an implicit level of detail")
	if a.io.bias != 0 || a.io.lod != 0 {
		t.unsupported("depth comparison with a bias or level of detail in a fragment shader")
	}
	return call("textureSampleCompare", a.withOffset(append(a.sampling(), a.drefExpr))...)
}

// compareExplicit compares at level 0, the one level WGSL compares at.
func (a *imageAccess) compareExplicit() expr {
	t, io := a.t, a.io
	if io.gradX != 0 {
		t.unsupported("depth comparison with explicit gradients")
	}
	if io.lod != 0 {
		if bits, ok := t.constBits(io.lod); !ok || bits != 0 {
			t.unsupported("depth comparison at a level of detail other than 0 (WGSL's textureSampleCompareLevel samples level 0)")
		}
	}
	return call("textureSampleCompareLevel", a.withOffset(append(a.sampling(), a.drefExpr))...)
}

// gather translates OpImageGather and OpImageDrefGather; ConstOffsets
// (four offsets) become four gathers, component i from the one at offset i.
func (a *imageAccess) gather() expr {
	t := a.t
	st := a.sampled.comp
	if a.depth {
		st = sF32
	}
	if a.io.constOffsets == 0 {
		return t.castTo(a.gatherOnce(), t.scalarTypeLike(a.in.Type, st), t.resultScalar(a.in.Type))
	}
	if a.offset != nil {
		t.fail("a gather with both ConstOffset and ConstOffsets")
	}
	offs := t.def(a.io.constOffsets)
	if offs.Op != spv.OpConstantComposite || len(offs.Operands) != 4 {
		t.fail("ConstOffsets that are not a constant array of four offsets")
	}
	var comps []expr
	for i, o := range offs.Operands {
		oe := a.offsetExpr(o.ID())
		a.offset = &oe
		comps = append(comps, postfix(a.gatherOnce(), "."+"xyzw"[i:i+1]))
	}
	a.offset = nil
	return t.castTo(call(vecText(st, 4), comps...), t.scalarTypeLike(a.in.Type, st), t.resultScalar(a.in.Type))
}

// gatherOnce is one textureGather or textureGatherCompare at the current
// offset.
func (a *imageAccess) gatherOnce() expr {
	t := a.t
	switch {
	case a.in.Op == spv.OpImageDrefGather:
		return call("textureGatherCompare", a.withOffset(append(a.sampling(), a.drefExpr))...)
	case a.depth:
		return call("textureGather", a.withOffset(a.sampling())...)
	}
	c, ok := t.constUint(t.operandID(a.in, 2))
	if !ok || c > 3 {
		t.unsupported("gathering a component chosen at run time")
	}
	return call("textureGather", a.withOffset(append([]expr{primary(fmt.Sprintf("%du", c))}, a.sampling()...))...)
}

// fetch is OpImageFetch's textureLoad, before texelResult; textureLoad has
// no offset, so it is added to the coordinates.
func (a *imageAccess) fetch() expr {
	t, fs, io := a.t, a.fs, a.io
	coords := a.coords
	if a.offset != nil {
		if a.cs == sU32 {
			coords = binary("+", coords, call("bitcast<"+vecText(sU32, a.dims)+">", *a.offset))
		} else {
			coords = binary("+", coords, *a.offset)
		}
	}
	args := a.withLayer(a.texture, coords)
	switch {
	case a.it.ms:
		if io.sample == 0 {
			t.fail("a multisampled fetch without a sample")
		}
		args = append(args, fs.value(io.sample))
	case io.lod != 0:
		args = append(args, fs.value(io.lod))
	default:
		args = append(args, primary("0i"))
	}
	return call("textureLoad", args...)
}

// write is OpImageWrite's textureStore, the texel widened to the vec4
// WGSL stores.
func (a *imageAccess) write() expr {
	t := a.t
	texelID := t.operandID(a.in, 2)
	// The texel's channel type is the sampled type (the format's, which
	// SPIR-V requires to match).
	channel := a.sampled.comp
	texel := t.castTo(a.fs.value(texelID), t.typeOfValue(texelID), channel)
	if _, n := t.scalarOf(t.typeOfValue(texelID)); n < 4 {
		pad := []expr{texel}
		for i := n; i < 4; i++ {
			pad = append(pad, t.literal(t.pseudoType(channel, 1), 0))
		}
		texel = call(vecText(channel, 4), pad...)
	}
	return call("textureStore", append(a.withLayer(a.texture, a.coords), texel)...)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// constBits returns the bits of a scalar OpConstant (any type).
func (t *translator) constBits(id builder.ID) (uint64, bool) {
	d := t.du.Def(id)
	if d == nil || d.Op != spv.OpConstant || len(d.Operands) != 1 {
		if d != nil && d.Op == spv.OpConstantNull {
			return 0, true
		}
		return 0, false
	}
	return d.Operands[0].Uint64(), true
}

// nonUniformHandle reports whether a handle value, or an index choosing it
// from a descriptor array, is decorated NonUniform.
func (t *translator) nonUniformHandle(id builder.ID) bool {
	for range 1000 {
		if t.hasDecoration(id, spv.DecorationNonUniform) {
			return true
		}
		d := t.def(id)
		switch d.Op {
		case spv.OpLoad, spv.OpCopyObject, spv.OpImage:
			id = d.Operands[0].ID()
		case spv.OpSampledImage:
			return t.nonUniformHandle(d.Operands[0].ID()) || t.nonUniformHandle(d.Operands[1].ID())
		case spv.OpAccessChain, spv.OpInBoundsAccessChain:
			for _, o := range d.Operands[1:] {
				if t.hasDecoration(o.ID(), spv.DecorationNonUniform) {
					return true
				}
			}
			id = d.Operands[0].ID()
		default:
			return false
		}
	}
	return false
}

// sampleComputeImplicit samples with an implicit level of detail in a
// compute shader's derivative group: the coordinates' derivatives come
// from the quad (quad.go) and go to textureSampleGrad, a bias scaling
// them by 2^bias (which adds bias to the level of detail).
func (a *imageAccess) sampleComputeImplicit(out *[]stmt) expr {
	t, fs := a.t, a.fs
	switch {
	case a.depth:
		t.unsupported("sampling a depth texture with an implicit level of detail in a compute shader")
	case a.it.dim == spv.Dim1D && !a.row2D:
		t.fail("a 1D texture sampled in a compute shader not declared as 2D")
	case a.it.ms:
		t.fail("sampling a multisampled image")
	}
	typ := "f32"
	if a.dims > 1 {
		typ = fmt.Sprintf("vec%d<f32>", a.dims)
	}
	c := primary(t.names.unique("coords"))
	*out = append(*out, sLine{fmt.Sprintf("let %s : %s = %s;", c.text, typ, a.coords.text)})
	gx := fs.quadDerivative(a.in, spv.OpDPdx, c, typ, out)
	gy := fs.quadDerivative(a.in, spv.OpDPdy, c, typ, out)
	if a.io.bias != 0 {
		scale := call("exp2", fs.value(a.io.bias))
		gx, gy = binary("*", gx, scale), binary("*", gy, scale)
	}
	return call("textureSampleGrad", a.withOffset(append(a.withLayer(a.texture, a.sampler(), c), gx, gy))...)
}
