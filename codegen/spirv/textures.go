package spirv

import (
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Textures, typed buffers and subpass inputs: texel access through
// operator[] (OpImageFetch/OpImageRead/OpImageWrite), the sampling,
// gathering, loading and query methods, and tex.mips/tex.sample.

// texel is an element of a texture or typed buffer addressed by
// operator[]: reads are OpImageFetch/OpImageRead, writes OpImageWrite.
type texel struct {
	img   value // the image variable (an lvalue)
	coord builder.ID
}

// derefTexel turns a texel reference into its value (for swizzles and
// member reads of tex[i]).
func (e *emitter) derefTexel(v value) value {
	if v.texel == nil {
		return v
	}
	return rv(e.load(v), v.typ)
}

// loadTexel reads tex[i].
func (e *emitter) loadTexel(v value) builder.ID {
	end := e.rovBegin(v.texel.img.id)
	// a vk::SampledTexture is fetched through its image
	img := e.imageOf(e.load(v.texel.img))
	o, _ := objectOf(v.texel.img.typ)
	var raw builder.ID
	if o.IsWritable() {
		raw = e.fb.Emit(spv.OpImageRead, e.texelType(v.typ), builder.Ref(img), builder.Ref(v.texel.coord), builder.Enum(spv.ImageOperandsNone))
	} else {
		ops := []builder.Operand{builder.Ref(img), builder.Ref(v.texel.coord)}
		switch {
		case o.Class() == types.ClassTexture && o.IsMultisampled():
			// sample 0 of a multisampled texel, as DXC reads it
			ops = append(ops, builder.Enum(spv.ImageOperandsSample, builder.Ref(e.b.ConstUint32(0))))
		case o.Class() == types.ClassTexture:
			ops = append(ops, builder.Enum(spv.ImageOperandsLod, builder.Ref(e.b.ConstUint32(0))))
		default:
			ops = append(ops, builder.Enum(spv.ImageOperandsNone))
		}
		raw = e.fb.Emit(spv.OpImageFetch, e.texelType(v.typ), ops...)
	}
	end() // the interlock covers the memory access only
	return e.fitTexel(raw, v.typ)
}

// storeTexel writes rwtex[i] = val.
func (e *emitter) storeTexel(v value, val builder.ID) {
	end := e.rovBegin(v.texel.img.id)
	defer end()
	img := e.load(v.texel.img)
	if c := concreteType(v.typ).Canonical(); c.Scalar().IsBool() {
		val = e.convert(val, c, c.WithScalar(types.Uint)) // stored as a uint
	}
	e.fb.Emit(spv.OpImageWrite, 0, builder.Ref(img), builder.Ref(v.texel.coord), builder.Ref(val))
}

// writeBackTarget is where a read-modify-write of x (++, --, op=) stores
// the new value, lv being x as it was read. A whole texel of a writable
// image is addressed anew, as DXC evaluates the index again for the
// OpImageWrite; an index with side effects is not evaluated twice.
func (e *emitter) writeBackTarget(x ast.Expr, lv value) value {
	ix, ok := unparen(x).(*ast.IndexExpr)
	if lv.texel == nil || lv.swz != nil || lv.texelComp != 0 || !ok || !pure(ix.Index) {
		return lv
	}
	return e.fixAddr(e.expr(x))
}

// gatherOffsetArgs are the indices in x.Args of the four offsets of a
// Gather* call that has them (after the sampler, unless the texture is
// combined with one, the location and GatherCmp's reference value).
func gatherOffsetArgs(x *ast.CallExpr, m *intrinsics.Match, name string, combined bool) map[int]bool {
	if !strings.HasPrefix(name, "Gather") {
		return nil
	}
	from := 2
	if strings.HasPrefix(name, "GatherCmp") {
		from = 3
	}
	if combined {
		from--
	}
	end := len(x.Args)
	if end > from && end-1 < len(m.Params) && m.Params[end-1].Mode == types.Out {
		end-- // the status
	}
	if end-from < 4 {
		return nil
	}
	return map[int]bool{from: true, from + 1: true, from + 2: true, from + 3: true}
}

// texelType is the 4-component vector image reads return.
func (e *emitter) texelType(t *types.Type) builder.ID {
	return e.typeID(types.Vec(texelScalar(t), 4))
}

// texelScalar is the image component type of element type t: bools are
// stored as uints, as DXC does (an image cannot hold bools).
func texelScalar(t *types.Type) types.Scalar {
	s := concreteType(t).Scalar()
	if s.IsBool() {
		return types.Uint
	}
	return s
}

// fitTexel narrows a 4-component texel to the element type.
func (e *emitter) fitTexel(id builder.ID, t *types.Type) builder.ID {
	c := concreteType(t).Canonical()
	n := flatCount(c)
	s := texelScalar(c)
	stored := c.WithScalar(s)
	if n != 4 {
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		id = e.shuffle(id, types.Vec(s, 4), idx, stored)
	}
	if c.Scalar().IsBool() {
		// a bool texel is a uint: != 0
		return e.convert(id, stored, c)
	}
	return id
}

// sampledImage combines a loaded texture and a loaded sampler.
func (e *emitter) sampledImage(img, smp builder.ID) builder.ID {
	sit := e.b.TypeSampledImage(e.b.TypeOf(img))
	e.b.Name(sit, "type.sampled.image")
	return e.fb.Emit(spv.OpSampledImage, sit, builder.Ref(img), builder.Ref(smp))
}

// imageOps builds the image operands mask with its parameters in mask
// bit order, as the grammar requires.
type imageOperand struct {
	bit spv.ImageOperands
	ids []builder.ID
}

func imageOps(ops []imageOperand) []builder.Operand {
	var mask spv.ImageOperands
	var params []builder.Operand
	for bit := spv.ImageOperands(1); bit != 0 && bit <= 1<<16; bit <<= 1 {
		for _, o := range ops {
			if o.bit == bit {
				mask |= bit
				for _, id := range o.ids {
					params = append(params, builder.Ref(id))
				}
			}
		}
	}
	if mask == 0 {
		return nil
	}
	return []builder.Operand{builder.Enum(mask, params...)}
}

// offsetOp is the texel offset operand: ConstOffset when the offset is
// a compile-time constant (static consts included, as DXC's legalization
// finds them); a run-time Offset is allowed by Vulkan on gathers only.
func (e *emitter) offsetOp(x ast.Expr, id builder.ID) imageOperand {
	if v, ok := e.foldable(x); ok {
		// the offset converted to the parameter's type (an int2 given
		// for a 1D texture's int offset is truncated) is itself a constant
		if c := e.info.ConversionOfExpr(x); c != nil && c.To != nil && numeric(c.To) {
			if cv, ok := v.ConvertTo(concreteType(c.To).Canonical(), types.Implicit); ok {
				return imageOperand{spv.ImageOperandsConstOffset, []builder.ID{e.compositeConst(cv, concreteType(c.To).Canonical())}}
			}
		}
		return imageOperand{spv.ImageOperandsConstOffset, []builder.ID{id}}
	}
	if v := e.info.ValueOfExpr(x); v != nil {
		if t := e.info.TypeOfExpr(x); t != nil && numeric(t) {
			return imageOperand{spv.ImageOperandsConstOffset, []builder.ID{e.compositeConst(*v, concreteType(t).Canonical())}}
		}
	}
	// DXC's Offset, which its legalization makes ConstOffset once the
	// offset is a constant (an [unroll] loop's variable after loop-unroll);
	// one left at run time on a non-gather is the validator's to refuse
	e.needLegalization("a texel offset known at run time") // legalneeds.go
	e.b.Capability(spv.CapabilityImageGatherExtended)
	return imageOperand{spv.ImageOperandsOffset, []builder.ID{id}}
}

func (e *emitter) textureMethod(x *ast.CallExpr, m *intrinsics.Match, recv value, o types.Object, name string, t *types.Type) value {
	if m.ID == intrinsics.MethodLoad && o.Class() == types.ClassTexture && !o.IsWritable() {
		// DXC reads the location, splits off the mip level (or reads the
		// sample index), and only then loads the texture
		elem := recv.typ.Canonical().Elem()
		if elem == nil {
			elem = types.Vec(types.Float, 4)
		}
		args := e.methodArgs(x, m)
		return rv(e.textureLoad(x, m, func() builder.ID { return e.imageOf(e.load(recv)) }, o, args, elem), t)
	}
	// The texture is loaded first, then the arguments in order (the
	// sampler among them), as DXC does.
	img := e.load(recv)
	if m.ID == intrinsics.MethodGetDimensions && isCombined(o) {
		// the image of a vk::SampledTexture is taken before the mip level
		// argument is read, as DXC does
		im := e.imageOf(img)
		e.getDimensions(x, im, o, e.methodArgs(x, m))
		return rv(0, t)
	}
	if m.ID == intrinsics.MethodGetSamplePosition {
		return rv(e.samplePosition(e.imageOf(img), func() builder.ID { return e.methodArgs(x, m)[0] }), t)
	}
	combined := isCombined(o)
	// the four offsets of a Gather are read where each gather uses them
	lazy := gatherOffsetArgs(x, m, name, combined)
	args := e.methodArgsExcept(x, m, lazy)
	xargs, params := x.Args, m.Params
	if combined {
		// no sampler argument: index the others as if there were one
		args = append([]builder.ID{0}, args...)
		xargs = append([]ast.Expr{nil}, xargs...)
		params = append([]types.Param{{}}, params...)
	}
	elem := recv.typ.Canonical().Elem()
	if elem == nil {
		elem = types.Vec(types.Float, 4)
	}
	v4 := e.texelType(elem)
	tc := &textureCall{e: e, o: o, name: name, t: t, img: img, args: args, xargs: xargs, params: params, combined: combined}
	sample := tc.sample
	switch m.ID {
	case intrinsics.MethodSample:
		return rv(e.fitTexel(sample(spv.OpImageSampleImplicitLod, v4, nil, 2, nil), elem), t)
	case intrinsics.MethodSampleBias:
		return rv(e.fitTexel(sample(spv.OpImageSampleImplicitLod, v4, nil, 3, []imageOperand{{spv.ImageOperandsBias, []builder.ID{args[2]}}}), elem), t)
	case intrinsics.MethodSampleLevel:
		return rv(e.fitTexel(sample(spv.OpImageSampleExplicitLod, v4, nil, 3, []imageOperand{{spv.ImageOperandsLod, []builder.ID{args[2]}}}), elem), t)
	case intrinsics.MethodSampleGrad:
		return rv(e.fitTexel(sample(spv.OpImageSampleExplicitLod, v4, nil, 4, []imageOperand{{spv.ImageOperandsGrad, []builder.ID{args[2], args[3]}}}), elem), t)
	case intrinsics.MethodSampleCmp:
		return rv(sample(spv.OpImageSampleDrefImplicitLod, e.typeID(concreteType(t)), []builder.ID{args[2]}, 3, nil), t)
	case intrinsics.MethodSampleCmpBias:
		return rv(sample(spv.OpImageSampleDrefImplicitLod, e.typeID(concreteType(t)), []builder.ID{args[2]}, 4, []imageOperand{{spv.ImageOperandsBias, []builder.ID{args[3]}}}), t)
	case intrinsics.MethodSampleCmpGrad:
		return rv(sample(spv.OpImageSampleDrefExplicitLod, e.typeID(concreteType(t)), []builder.ID{args[2]}, 5, []imageOperand{{spv.ImageOperandsGrad, []builder.ID{args[3], args[4]}}}), t)
	case intrinsics.MethodSampleCmpLevelZero:
		zero := e.scalarConst(types.Float, 0)
		return rv(sample(spv.OpImageSampleDrefExplicitLod, e.typeID(concreteType(t)), []builder.ID{args[2]}, 3, []imageOperand{{spv.ImageOperandsLod, []builder.ID{zero}}}), t)
	case intrinsics.MethodSampleCmpLevel:
		return rv(sample(spv.OpImageSampleDrefExplicitLod, e.typeID(concreteType(t)), []builder.ID{args[2]}, 4, []imageOperand{{spv.ImageOperandsLod, []builder.ID{args[3]}}}), t)
	case intrinsics.MethodGather, intrinsics.MethodGatherRed, intrinsics.MethodGatherGreen, intrinsics.MethodGatherBlue, intrinsics.MethodGatherAlpha:
		comp := map[string]int32{"Gather": 0, "GatherRed": 0, "GatherGreen": 1, "GatherBlue": 2, "GatherAlpha": 3}[name]
		return rv(sample(spv.OpImageGather, e.typeID(concreteType(t)), []builder.ID{e.b.ConstInt32(comp)}, 2, nil), t)
	case intrinsics.MethodGatherCmp, intrinsics.MethodGatherCmpRed:
		return rv(sample(spv.OpImageDrefGather, e.typeID(concreteType(t)), []builder.ID{args[2]}, 3, nil), t)
	case intrinsics.MethodGatherCmpGreen, intrinsics.MethodGatherCmpBlue, intrinsics.MethodGatherCmpAlpha:
		e.unsupported(x, "'"+name+"' (SPIR-V's OpImageDrefGather reads the first component only)")
	case intrinsics.MethodLoad:
		im := e.imageOf(img)
		if combined {
			args = args[1:]
		}
		return rv(e.textureLoad(x, m, func() builder.ID { return im }, o, args, elem), t)
	case intrinsics.MethodCalculateLevelOfDetail, intrinsics.MethodCalculateLevelOfDetailUnclamped:
		si := img
		if !combined {
			si = e.sampledImage(img, args[0])
		}
		e.b.Capability(spv.CapabilityImageQuery)
		lod := e.fb.Emit(spv.OpImageQueryLod, e.typeID(types.Vec(types.Float, 2)), builder.Ref(si), builder.Ref(args[1]))
		k := uint32(0)
		if m.ID == intrinsics.MethodCalculateLevelOfDetailUnclamped {
			k = 1
		}
		return rv(e.fb.CompositeExtract(e.typeID(types.ScalarType(types.Float)), lod, k), t)
	case intrinsics.MethodGetDimensions:
		if combined {
			e.getDimensions(x, e.imageOf(img), o, args[1:])
		} else {
			e.getDimensions(x, e.imageOf(img), o, args)
		}
		return rv(0, t)
	}
	e.unsupported(x, "the method '"+name+"' of "+o.String())
	return value{}
}

// textureCall is a sampling method call being lowered: the texture's
// image (img), the arguments as values and as syntax, indexed as if a
// sampler argument were always there.
type textureCall struct {
	e        *emitter
	o        types.Object
	name     string
	t        *types.Type // the call's type
	img      builder.ID
	args     []builder.ID
	xargs    []ast.Expr
	params   []types.Param
	combined bool
}

// trailing finds the optional arguments after the fixed ones, from
// argument from on: an offset (or four, for Gather), a clamp, and an out
// status (sparse residency); -1 when absent.
func (tc *textureCall) trailing(from int) (offsets []int, clamp, status int) {
	clamp, status = -1, -1
	end := len(tc.xargs)
	if end > from && end-1 < len(tc.params) && tc.params[end-1].Mode == types.Out {
		status = end - 1
		end--
	}
	i := from
	if tc.o.OffsetCount() > 0 {
		for ; i < end && len(offsets) < 4; i++ {
			offsets = append(offsets, i)
			if !strings.HasPrefix(tc.name, "Gather") || end-from < 4 {
				i++
				break
			}
		}
	}
	if i < end {
		clamp = i
	}
	return
}

// sample emits a sampling or gather instruction op: the sampled image and
// coordinate, the extra operands, then the image operands: fixed, and
// those of the trailing arguments from argument from on.
func (tc *textureCall) sample(op spv.Op, resType builder.ID, extra []builder.ID, from int, fixed []imageOperand) builder.ID {
	e, args, xargs := tc.e, tc.args, tc.xargs
	si := tc.img
	if !tc.combined {
		si = e.sampledImage(tc.img, args[0])
	}
	operands := []builder.Operand{builder.Ref(si), builder.Ref(args[1])}
	for _, id := range extra {
		operands = append(operands, builder.Ref(id))
	}
	ops := fixed
	offsets, clamp, status := tc.trailing(from)
	switch len(offsets) {
	case 1:
		ops = append(ops, e.offsetOp(xargs[offsets[0]], args[offsets[0]]))
	case 4:
		e.b.Capability(spv.CapabilityImageGatherExtended)
		var offs []builder.ID
		constant := true
		for _, k := range offsets {
			if _, ok := e.foldable(xargs[k]); !ok {
				constant = false
			}
		}
		if !constant {
			return tc.gatherEach(op, resType, operands, ops, offsets, clamp, status)
		}
		for _, k := range offsets {
			offs = append(offs, tc.offset(k))
		}
		ot := e.b.TypeArrayN(e.b.TypeOf(offs[0]), 4, 0)
		ops = append(ops, imageOperand{spv.ImageOperandsConstOffsets, []builder.ID{e.b.ConstComposite(ot, offs...)}})
	}
	if clamp >= 0 {
		e.b.Capability(spv.CapabilityMinLod)
		ops = append(ops, imageOperand{spv.ImageOperandsMinLod, []builder.ID{args[clamp]}})
	}
	if (tc.combined || status >= 0) && len(ops) == 0 {
		// DXC writes the empty mask on these
		operands = append(operands, builder.Enum(spv.ImageOperandsNone))
	}
	operands = append(operands, imageOps(ops)...)
	if status < 0 {
		return e.fb.Emit(op, resType, operands...)
	}
	return e.sparse(op, resType, operands, xargs[status])
}

// offset is argument k, a Gather offset, read when first used (the
// arguments gatherOffsetArgs lists are left unread by textureMethod).
func (tc *textureCall) offset(k int) builder.ID {
	if tc.args[k] == 0 {
		tc.args[k] = tc.e.rvalueAs(tc.xargs[k], tc.params[k].Type)
	}
	return tc.args[k]
}

// gatherEach is a four-offset gather with offsets that are not constants:
// ConstOffsets needs constants, so, as DXC, four gathers, each with its
// own Offset, and texel i of gather i.
func (tc *textureCall) gatherEach(op spv.Op, resType builder.ID, operands []builder.Operand, ops []imageOperand, offsets []int, clamp, status int) builder.ID {
	e, args := tc.e, tc.args
	if status >= 0 {
		e.unsupported(tc.xargs[status], "the status of a four-offset gather with non-constant offsets")
	}
	ct := e.typeID(types.ScalarType(concreteType(tc.t).Canonical().Scalar()))
	texels := make([]builder.ID, 4)
	for i, k := range offsets {
		off := tc.offset(k) // read right before its gather, as DXC reads it
		opsI := append(append([]imageOperand(nil), ops...), imageOperand{spv.ImageOperandsOffset, []builder.ID{off}})
		if clamp >= 0 {
			e.b.Capability(spv.CapabilityMinLod)
			opsI = append(opsI, imageOperand{spv.ImageOperandsMinLod, []builder.ID{args[clamp]}})
		}
		g := e.fb.Emit(op, resType, append(append([]builder.Operand(nil), operands...), imageOps(opsI)...)...)
		texels[i] = e.fb.CompositeExtract(ct, g, uint32(i))
	}
	return e.fb.CompositeConstruct(resType, texels...)
}

// imageOf extracts the image of a combined image sampler.
func (e *emitter) imageOf(si builder.ID) builder.ID {
	if e.b.TypeOp(e.b.TypeOf(si)) != spv.OpTypeSampledImage {
		return si
	}
	it := e.b.ElementType(e.b.TypeOf(si))
	return e.fb.Emit(spv.OpImage, it, builder.Ref(si))
}

// sparseOpOf maps each image instruction to its residency-reporting form.
func sparseOpOf(op spv.Op) (spv.Op, bool) {
	switch op {
	case spv.OpImageSampleImplicitLod:
		return spv.OpImageSparseSampleImplicitLod, true
	case spv.OpImageSampleExplicitLod:
		return spv.OpImageSparseSampleExplicitLod, true
	case spv.OpImageSampleDrefImplicitLod:
		return spv.OpImageSparseSampleDrefImplicitLod, true
	case spv.OpImageSampleDrefExplicitLod:
		return spv.OpImageSparseSampleDrefExplicitLod, true
	case spv.OpImageGather:
		return spv.OpImageSparseGather, true
	case spv.OpImageDrefGather:
		return spv.OpImageSparseDrefGather, true
	case spv.OpImageFetch:
		return spv.OpImageSparseFetch, true
	case spv.OpImageRead:
		return spv.OpImageSparseRead, true
	}
	return 0, false
}

// sparse emits the residency form of an image instruction: its result is
// a struct of the status code and the texel; the status goes to the out
// argument, the texel is returned.
func (e *emitter) sparse(op spv.Op, texelType builder.ID, operands []builder.Operand, statusArg ast.Expr) builder.ID {
	sop, ok := sparseOpOf(op)
	if !ok {
		e.unsupported(statusArg, "a status argument here")
	}
	e.b.Capability(spv.CapabilitySparseResidency)
	uintT := e.typeID(types.ScalarType(types.Uint))
	st := e.b.TypeStruct(builder.StructType{Name: "SparseResidencyStruct", Members: []builder.StructMember{{Type: uintT}, {Type: texelType}}})
	r := e.fb.Emit(sop, st, operands...)
	code := e.fb.CompositeExtract(uintT, r, 0)
	dst := e.expr(statusArg)
	e.store(dst, e.convert(code, types.ScalarType(types.Uint), dst.typ))
	return e.fb.CompositeExtract(texelType, r, 1)
}

// textureLoad emits Load(location[, sampleOrOffset[, offset]]).
func (e *emitter) textureLoad(x *ast.CallExpr, m *intrinsics.Match, image func() builder.ID, o types.Object, args []builder.ID, elem *types.Type) builder.ID {
	v4 := e.texelType(elem)
	var status ast.Expr
	nargs := len(x.Args)
	if last := nargs - 1; last > 0 && last < len(m.Params) && m.Params[last].Mode == types.Out {
		status = x.Args[last]
		nargs--
	}
	emit := func(op spv.Op, operands ...builder.Operand) builder.ID {
		if status != nil {
			return e.fitTexel(e.sparse(op, v4, operands, status), elem)
		}
		return e.fitTexel(e.fb.Emit(op, v4, operands...), elem)
	}
	if o.Class() == types.ClassTypedBuffer || o.IsWritable() {
		op := spv.OpImageFetch
		if o.IsWritable() {
			op = spv.OpImageRead
		}
		// with DXC's explicit empty operand mask
		return emit(op, builder.Ref(image()), builder.Ref(args[0]), builder.Enum(spv.ImageOperandsNone))
	}
	loc := e.typeOf(x.Args[0])
	n := flatCount(loc)
	var coord, lod builder.ID
	var ops []imageOperand
	offsetArg := 1
	if o.IsMultisampled() {
		coord = args[0]
		ops = append(ops, imageOperand{spv.ImageOperandsSample, []builder.ID{args[1]}})
		offsetArg = 2
	} else {
		// the last component of the location is the mip level
		ct := types.Vec(types.Int, n-1)
		if n-1 == 1 {
			ct = types.ScalarType(types.Int)
		}
		// the location's last component is the mip level: shuffle off
		// the coordinate, extract the level, as DXC does
		lt := concreteType(m0(e, x, 0)).Canonical()
		idx := make([]int, n-1)
		for i := range idx {
			idx[i] = i
		}
		coord = e.shuffle(args[0], lt, idx, ct.WithScalar(lt.Scalar()))
		lod = e.fb.CompositeExtract(e.typeID(types.ScalarType(lt.Scalar())), args[0], uint32(n-1))
		ops = append(ops, imageOperand{spv.ImageOperandsLod, []builder.ID{lod}})
	}
	if offsetArg < nargs {
		ops = append(ops, e.offsetOp(x.Args[offsetArg], args[offsetArg]))
	}
	operands := append([]builder.Operand{builder.Ref(image()), builder.Ref(coord)}, imageOps(ops)...)
	return emit(spv.OpImageFetch, operands...)
}

// m0 is the parameter type a method argument was converted to.
func m0(e *emitter, x *ast.CallExpr, i int) *types.Type {
	if m := e.info.CallOf(x); m != nil && i < len(m.Params) && m.Params[i].Type != nil {
		return m.Params[i].Type
	}
	return e.typeOf(x.Args[i])
}

// getDimensions emits GetDimensions([mip,] width[, height[, depth/elements]][, levels/samples]).
func (e *emitter) getDimensions(x *ast.CallExpr, img builder.ID, o types.Object, args []builder.ID) {
	e.b.Capability(spv.CapabilityImageQuery)
	sizeN := o.SpatialCount()
	if o.IsArrayed() {
		sizeN++
	}
	if o.Dim() == types.DimCube {
		sizeN = 2
		if o.IsArrayed() {
			sizeN = 3
		}
	}
	if o.Class() == types.ClassTypedBuffer {
		sizeN = 1
	}
	uintT := types.ScalarType(types.Uint)
	sizeT := uintT
	if sizeN > 1 {
		sizeT = types.Vec(types.Uint, sizeN)
	}
	hasMip := !o.IsWritable() && o.Class() == types.ClassTexture && !o.IsMultisampled() && len(x.Args) == sizeN+2
	var size builder.ID
	outs := x.Args
	switch {
	case hasMip:
		mip := e.convert(args[0], m0(e, x, 0), uintT)
		size = e.fb.Emit(spv.OpImageQuerySizeLod, e.typeID(sizeT), builder.Ref(img), builder.Ref(mip))
		outs = x.Args[1:]
	case o.Class() == types.ClassTexture && !o.IsWritable() && !o.IsMultisampled():
		size = e.fb.Emit(spv.OpImageQuerySizeLod, e.typeID(sizeT), builder.Ref(img), builder.Ref(e.b.ConstInt32(0)))
	default:
		size = e.fb.Emit(spv.OpImageQuerySize, e.typeID(sizeT), builder.Ref(img))
	}
	for i := 0; i < sizeN && i < len(outs); i++ {
		c := size
		if sizeN > 1 {
			c = e.fb.CompositeExtract(e.typeID(uintT), size, uint32(i))
		}
		dst := e.expr(outs[i])
		e.store(dst, e.convert(c, uintT, dst.typ))
	}
	if len(outs) > sizeN {
		var q builder.ID
		if o.IsMultisampled() {
			q = e.fb.Emit(spv.OpImageQuerySamples, e.typeID(uintT), builder.Ref(img))
		} else {
			q = e.fb.Emit(spv.OpImageQueryLevels, e.typeID(uintT), builder.Ref(img))
		}
		dst := e.expr(outs[sizeN])
		e.store(dst, e.convert(q, uintT, dst.typ))
	}
}

// isCombined reports the vk::SampledTexture* kinds: an image and its
// sampler in one OpTypeSampledImage.
func isCombined(o types.Object) bool {
	return o >= types.VkSampledTexture1D && o <= types.VkSampledTextureCubeArray
}

// subpassType is the OpTypeImage of SubpassInput(MS)<T>.
func (e *emitter) subpassType(t *types.Type, o types.Object) builder.ID {
	elem := t.Canonical().Elem()
	if elem == nil {
		elem = types.Vec(types.Float, 4)
	}
	st := e.typeID(types.ScalarType(concreteType(elem).Scalar()))
	id := e.b.TypeImage(builder.ImageType{SampledType: st, Dim: spv.DimSubpassData, Depth: 2, MS: o == types.SubpassInputMS, Sampled: 2, Format: spv.ImageFormatUnknown})
	e.b.Name(id, "type.subpass.image")
	e.b.Capability(spv.CapabilityInputAttachment)
	return id
}

// subpassLoad reads the input attachment at the fragment's own position
// (and sample).
func (e *emitter) subpassLoad(x *ast.CallExpr, m *intrinsics.Match, recv value, o types.Object, t *types.Type) value {
	img := e.load(recv)
	args := e.methodArgs(x, m)
	zero := e.b.ConstInt32(0)
	coord := e.b.ConstComposite(e.typeID(types.Vec(types.Int, 2)), zero, zero)
	elem := recv.typ.Canonical().Elem()
	if elem == nil {
		elem = types.Vec(types.Float, 4)
	}
	mask := builder.Enum(spv.ImageOperandsNone)
	if o == types.SubpassInputMS && len(args) > 0 {
		s := e.convert(args[0], m0(e, x, 0), types.ScalarType(types.Int))
		mask = builder.Enum(spv.ImageOperandsSample, builder.Ref(s))
	}
	v := e.fb.Emit(spv.OpImageRead, e.texelType(elem), builder.Ref(img), builder.Ref(coord), mask)
	return rv(e.fitTexel(v, elem), t)
}

// mipsOrSample emits tex.mips[level][location] (OpImageFetch with Lod) and
// tex.sample[index][location] (OpImageFetch with Sample).
func (e *emitter) mipsOrSample(x *ast.IndexExpr) (value, bool) {
	in, ok := x.X.(*ast.IndexExpr)
	if !ok {
		return value{}, false
	}
	me, ok := in.X.(*ast.MemberExpr)
	if !ok || me.Name == nil || (me.Name.Name != "mips" && me.Name.Name != "sample") {
		return value{}, false
	}
	tt := e.info.TypeOfExpr(me.X)
	if tt == nil || !tt.Canonical().IsObject() {
		return value{}, false
	}
	t := e.typeOf(x)
	// the location, then the texture, as DXC orders them
	k := e.rvalue(in.Index)
	coord := e.rvalue(x.Index)
	img := e.imageOf(e.load(e.expr(me.X)))
	op := spv.ImageOperandsLod
	if me.Name.Name == "sample" {
		op = spv.ImageOperandsSample
	}
	texel := e.fb.Emit(spv.OpImageFetch, e.texelType(t), builder.Ref(img), builder.Ref(coord), builder.Enum(op, builder.Ref(k)))
	return rv(e.fitTexel(texel, t), t), true
}

// imageOpFixedOperands is, for an image instruction taking optional
// ImageOperands, how many operands it has before them; 0 for any other
// instruction. (A switch: it is asked of every instruction of a module.)
func imageOpFixedOperands(op spv.Op) int {
	switch op {
	case spv.OpImageSampleImplicitLod, spv.OpImageSparseSampleImplicitLod, spv.OpImageFetch, spv.OpImageSparseFetch,
		spv.OpImageRead, spv.OpImageSparseRead:
		return 2
	case spv.OpImageSampleDrefImplicitLod, spv.OpImageSparseSampleDrefImplicitLod, spv.OpImageGather,
		spv.OpImageSparseGather, spv.OpImageDrefGather, spv.OpImageSparseDrefGather, spv.OpImageWrite:
		return 3
	}
	return 0
}

// writeNoneImageOperands gives every image instruction without image
// operands an explicit None mask: DXC always writes the mask.
func writeNoneImageOperands(m *builder.Module) {
	for in := range m.BlockInsts() {
		if n := imageOpFixedOperands(in.Op); n > 0 && len(in.Operands) == n {
			in.Operands = append(in.Operands, builder.Enum(spv.ImageOperandsNone))
		}
	}
}
