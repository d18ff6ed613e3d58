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
	if vi := fs.vals[s.id]; vi != nil && vi.name != "" {
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
	params := o.Params
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

// image translates an image instruction.
func (fs *funcState) image(in *builder.Inst, out *[]stmt) {
	t := fs.t
	switch in.Op {
	case spv.OpImageQueryLod:
		t.unsupported("querying the level of detail (CalculateLevelOfDetail)")
	case spv.OpImageQueryFormat, spv.OpImageQueryOrder:
		t.unsupported("%s (OpenCL image queries)", in.Op)
	case spv.OpImageSparseSampleImplicitLod, spv.OpImageSparseSampleExplicitLod, spv.OpImageSparseSampleDrefImplicitLod,
		spv.OpImageSparseSampleDrefExplicitLod, spv.OpImageSparseFetch, spv.OpImageSparseGather,
		spv.OpImageSparseDrefGather, spv.OpImageSparseRead:
		t.unsupported("sparse residency (%s)", in.Op)
	}
	imgID := t.operandID(in, 0)
	img, smp := t.traceHandle(imgID)
	itype := t.imageTypeOf(t.typeOfValue(imgID))
	it := t.decodeImage(itype)
	if it.dim == spv.DimBuffer {
		fs.texelOp(in, img, out)
		return
	}
	use := t.handles.use(img.slot)
	depth := use.dref
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
	sampledType := t.typ(it.sampled)

	// Queries.
	switch in.Op {
	case spv.OpImageQuerySizeLod, spv.OpImageQuerySize:
		var e expr
		if in.Op == spv.OpImageQuerySizeLod {
			e = call("textureDimensions", texture, t.castTo(fs.value(t.operandID(in, 1)), t.typeOfValue(t.operandID(in, 1)), sNone))
		} else {
			e = call("textureDimensions", texture)
		}
		if it.arrayed {
			n := dims
			if it.dim == spv.DimCube {
				n = 2
			}
			e = call(vecText(sU32, n+1), e, call("textureNumLayers", texture))
		}
		fs.bindChosen(in, t.castTo(e, t.scalarTypeLike(in.Type, sU32), t.resultScalar(in.Type)), out)
		return
	case spv.OpImageQueryLevels:
		fs.bindChosen(in, t.castTo(call("textureNumLevels", texture), t.scalarTypeLike(in.Type, sU32), t.resultScalar(in.Type)), out)
		return
	case spv.OpImageQuerySamples:
		fs.bindChosen(in, t.castTo(call("textureNumSamples", texture), t.scalarTypeLike(in.Type, sU32), t.resultScalar(in.Type)), out)
		return
	}

	coordID := t.operandID(in, 1)
	coord := fs.value(coordID)
	cs, cn := t.scalarOf(t.typeOfValue(coordID))
	proj := in.Op == spv.OpImageSampleProjImplicitLod || in.Op == spv.OpImageSampleProjExplicitLod ||
		in.Op == spv.OpImageSampleProjDrefImplicitLod || in.Op == spv.OpImageSampleProjDrefExplicitLod
	dref := in.Op == spv.OpImageSampleDrefImplicitLod || in.Op == spv.OpImageSampleDrefExplicitLod ||
		in.Op == spv.OpImageSampleProjDrefImplicitLod || in.Op == spv.OpImageSampleProjDrefExplicitLod ||
		in.Op == spv.OpImageDrefGather
	opsAt := 2
	var drefExpr expr
	if dref || in.Op == spv.OpImageGather {
		opsAt = 3
	}
	if in.Op == spv.OpImageWrite {
		opsAt = 3
	}
	io := t.decodeImageOperands(in.Operands[min(opsAt, len(in.Operands)):])
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
	if io.other&(spv.ImageOperandsSignExtend|spv.ImageOperandsZeroExtend) != 0 {
		io.other &^= spv.ImageOperandsSignExtend | spv.ImageOperandsZeroExtend
	}
	if io.other&^(spv.ImageOperandsNontemporal) != 0 {
		t.unsupported("image operands %s", io.other)
	}

	// Split the coordinate: the coordinates proper, the array layer, q.
	comp := func(i int) expr {
		if cn == 1 {
			return coord
		}
		return postfix(coord, "."+"xyzw"[i:i+1])
	}
	need := dims
	if cn < need+boolInt(it.arrayed)+boolInt(proj) {
		t.fail("an image coordinate with %d components for a %s image", cn, dimName(it.dim))
	}
	var coords expr
	switch {
	case need == 1:
		coords = comp(0)
	case need == cn:
		coords = coord
	default:
		coords = postfix(coord, "."+"xyzw"[:need])
	}
	if proj {
		q := comp(need)
		if it.arrayed {
			t.unsupported("projective sampling of an array texture")
		}
		coords = binary("/", coords, q)
		if dref {
			drefExpr = binary("/", fs.value(t.operandID(in, 2)), q)
		}
	} else if dref {
		drefExpr = fs.value(t.operandID(in, 2))
	}
	var layer *expr
	if it.arrayed {
		l := comp(need)
		if cs.isFloat() {
			l = call("i32", call("round", l))
		}
		layer = &l
	}
	withLayer := func(args ...expr) []expr {
		if layer != nil {
			return append(args, *layer)
		}
		return args
	}
	var offset *expr
	if io.constOffset != 0 {
		if it.dim == spv.DimCube {
			t.fail("an offset on a cube image")
		}
		o := t.constExpr(io.constOffset)
		if os, _ := t.scalarOf(t.typeOfValue(io.constOffset)); os != sI32 {
			o = call("bitcast<"+t.withScalar(t.typeOfValue(io.constOffset), sI32)+">", o)
		}
		offset = &o
	}
	withOffset := func(args []expr) []expr {
		if offset != nil {
			return append(args, *offset)
		}
		return args
	}
	sampler := func() expr {
		if smp.slot.id == 0 {
			t.fail("%s without a sampler", in.Op)
		}
		return primary(fs.handleName(smp))
	}
	// texelResult widens a depth texture's f32 to the vec4 SPIR-V returns
	// and fixes the signedness.
	texelResult := func(e expr) expr {
		if depth && !dref {
			e = call("vec4<f32>", e, primary("0.0f"), primary("0.0f"), primary("1.0f"))
		}
		rt := t.typ(in.Type)
		if rt.isScalar() && !dref {
			e = postfix(e, ".x")
		} else if rt.isVector() && rt.n < 4 {
			e = postfix(e, "."+"xyzw"[:rt.n])
		}
		return t.castTo(e, t.scalarTypeLike(in.Type, sampledType.comp), t.resultScalar(in.Type))
	}
	var e expr
	switch in.Op {
	case spv.OpImageSampleImplicitLod, spv.OpImageSampleProjImplicitLod:
		quads := io.lod == 0 && fs.inQuadGroup()
		if io.lod == 0 && !quads {
			fs.refuseComputeDerivatives("sampling with an implicit level of detail")
		}
		switch {
		case quads:
			e = fs.sampleComputeImplicit(in, texture, sampler(), coords, dims, withLayer, withOffset, io, it, depth, out)
		case io.bias != 0:
			if depth {
				t.unsupported("biased sampling of a depth texture")
			}
			e = call("textureSampleBias", withOffset(append(withLayer(texture, sampler(), coords), fs.value(io.bias)))...)
		case io.lod != 0:
			e = fs.sampleLevel(texture, sampler(), coords, withLayer, withOffset, io, depth)
		default:
			e = call("textureSample", withOffset(withLayer(texture, sampler(), coords))...)
		}
		e = texelResult(e)
	case spv.OpImageSampleExplicitLod, spv.OpImageSampleProjExplicitLod:
		switch {
		case io.lod != 0:
			e = fs.sampleLevel(texture, sampler(), coords, withLayer, withOffset, io, depth)
		case io.gradX != 0:
			if depth {
				t.unsupported("sampling a depth texture with explicit gradients")
			}
			e = call("textureSampleGrad", withOffset(append(withLayer(texture, sampler(), coords), fs.value(io.gradX), fs.value(io.gradY)))...)
		default:
			t.fail("%s without Lod or Grad", in.Op)
		}
		e = texelResult(e)
	case spv.OpImageSampleDrefImplicitLod, spv.OpImageSampleProjDrefImplicitLod:
		if fs.inQuadGroup() {
			t.unsupported("depth comparison with an implicit level of detail in a compute shader (WGSL has no comparison with gradients)")
		}
		fs.refuseComputeDerivatives("depth comparison with an implicit level of detail")
		if io.bias != 0 || io.lod != 0 {
			t.unsupported("depth comparison with a bias or level of detail in a fragment shader")
		}
		e = call("textureSampleCompare", withOffset(append(withLayer(texture, sampler(), coords), drefExpr))...)
	case spv.OpImageSampleDrefExplicitLod, spv.OpImageSampleProjDrefExplicitLod:
		if io.gradX != 0 {
			t.unsupported("depth comparison with explicit gradients")
		}
		if io.lod != 0 {
			if bits, ok := t.constBits(io.lod); !ok || bits != 0 {
				t.unsupported("depth comparison at a level of detail other than 0 (WGSL's textureSampleCompareLevel samples level 0)")
			}
		}
		e = call("textureSampleCompareLevel", withOffset(append(withLayer(texture, sampler(), coords), drefExpr))...)
	case spv.OpImageGather, spv.OpImageDrefGather:
		if io.constOffsets != 0 {
			// Four gathers, component i from the one at offset i.
			if offset != nil {
				t.fail("a gather with both ConstOffset and ConstOffsets")
			}
			offs := t.def(io.constOffsets)
			if offs.Op != spv.OpConstantComposite || len(offs.Operands) != 4 {
				t.fail("ConstOffsets that are not a constant array of four offsets")
			}
			var comps []expr
			for i, o := range offs.Operands {
				oe := t.constExpr(o.ID())
				if os, _ := t.scalarOf(t.typeOfValue(o.ID())); os != sI32 {
					oe = call("bitcast<"+t.withScalar(t.typeOfValue(o.ID()), sI32)+">", oe)
				}
				offset = &oe
				var g expr
				switch {
				case in.Op == spv.OpImageDrefGather:
					g = call("textureGatherCompare", withOffset(append(withLayer(texture, sampler(), coords), drefExpr))...)
				case depth:
					g = call("textureGather", withOffset(withLayer(texture, sampler(), coords))...)
				default:
					c, ok := t.constUint(t.operandID(in, 2))
					if !ok || c > 3 {
						t.unsupported("gathering a component chosen at run time")
					}
					g = call("textureGather", withOffset(append([]expr{primary(fmt.Sprintf("%du", c))}, withLayer(texture, sampler(), coords)...))...)
				}
				comps = append(comps, postfix(g, "."+"xyzw"[i:i+1]))
			}
			offset = nil
			st := sampledType.comp
			if depth {
				st = sF32
			}
			e = t.castTo(call(vecText(st, 4), comps...), t.scalarTypeLike(in.Type, st), t.resultScalar(in.Type))
			break
		}
		if in.Op == spv.OpImageDrefGather {
			e = call("textureGatherCompare", withOffset(append(withLayer(texture, sampler(), coords), drefExpr))...)
			break
		}
		if depth {
			e = call("textureGather", withOffset(withLayer(texture, sampler(), coords))...)
		} else {
			c, ok := t.constUint(t.operandID(in, 2))
			if !ok || c > 3 {
				t.unsupported("gathering a component chosen at run time")
			}
			args := append([]expr{primary(fmt.Sprintf("%du", c))}, withLayer(texture, sampler(), coords)...)
			e = call("textureGather", withOffset(args)...)
		}
		e = t.castTo(e, t.scalarTypeLike(in.Type, sampledType.comp), t.resultScalar(in.Type))
	case spv.OpImageFetch:
		if offset != nil {
			// textureLoad has no offset: it is added to the coordinates.
			if cs == sU32 {
				coords = binary("+", coords, call("bitcast<"+vecText(sU32, dims)+">", *offset))
			} else {
				coords = binary("+", coords, *offset)
			}
		}
		args := withLayer(texture, coords)
		switch {
		case it.ms:
			if io.sample == 0 {
				t.fail("a multisampled fetch without a sample")
			}
			args = append(args, fs.value(io.sample))
		case io.lod != 0:
			args = append(args, fs.value(io.lod))
		default:
			args = append(args, primary("0i"))
		}
		e = texelResult(call("textureLoad", args...))
	case spv.OpImageRead:
		if offset != nil || io.lod != 0 || io.sample != 0 {
			t.unsupported("image operands on a storage image read")
		}
		e = texelResult(call("textureLoad", withLayer(texture, coords)...))
	case spv.OpImageWrite:
		texelID := t.operandID(in, 2)
		// The texel's channel type is the sampled type (the format's,
		// which SPIR-V requires to match).
		channel := sampledType.comp
		texel := t.castTo(fs.value(texelID), t.typeOfValue(texelID), channel)
		if _, n := t.scalarOf(t.typeOfValue(texelID)); n < 4 {
			var pad []expr
			pad = append(pad, texel)
			for i := n; i < 4; i++ {
				pad = append(pad, t.literal(t.pseudoType(channel, 1), 0))
			}
			texel = call(vecText(channel, 4), pad...)
		}
		fs.emitChosen(call("textureStore", append(withLayer(texture, coords), texel)...).text+";", out)
		return
	default:
		t.unsupported("the image instruction %s", in.Op)
	}
	fs.bindChosen(in, e, out)
}

// sampleLevel spells sampling at an explicit level of detail (a depth
// texture takes an integer level).
func (fs *funcState) sampleLevel(texture, sampler, coords expr, withLayer func(...expr) []expr, withOffset func([]expr) []expr, io imageOperands, depth bool) expr {
	lod := fs.value(io.lod)
	if depth {
		lod = call("i32", lod)
	}
	return call("textureSampleLevel", withOffset(append(withLayer(texture, sampler, coords), lod))...)
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
func (fs *funcState) sampleComputeImplicit(in *builder.Inst, texture, sampler, coords expr, dims int,
	withLayer func(...expr) []expr, withOffset func([]expr) []expr, io imageOperands, it imageType, depth bool, out *[]stmt) expr {
	t := fs.t
	switch {
	case depth:
		t.unsupported("sampling a depth texture with an implicit level of detail in a compute shader")
	case it.dim == spv.Dim1D:
		t.unsupported("sampling a 1D texture in a compute shader (WGSL samples 1D textures only in fragment shaders)")
	case it.ms:
		t.fail("sampling a multisampled image")
	}
	typ := "f32"
	if dims > 1 {
		typ = fmt.Sprintf("vec%d<f32>", dims)
	}
	c := primary(t.names.unique("coords"))
	*out = append(*out, sLine{fmt.Sprintf("let %s : %s = %s;", c.text, typ, coords.text)})
	gx := fs.quadDerivative(in, spv.OpDPdx, c, typ, out)
	gy := fs.quadDerivative(in, spv.OpDPdy, c, typ, out)
	if io.bias != 0 {
		scale := call("exp2", fs.value(io.bias))
		gx, gy = binary("*", gx, scale), binary("*", gy, scale)
	}
	return call("textureSampleGrad", withOffset(append(withLayer(texture, sampler, c), gx, gy))...)
}
