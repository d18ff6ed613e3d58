package spirv

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// texel is an element of a texture or typed buffer addressed by
// operator[]: reads are OpImageFetch/OpImageRead, writes OpImageWrite.
type texel struct {
	img   value // the image variable (an lvalue)
	coord builder.ID
}

// resourceKind classifies an object type for storage and bindings.
func objectOf(t *types.Type) (types.Object, bool) {
	u := t.Canonical()
	if u.Kind() != types.ObjectK {
		return types.NoObject, false
	}
	return u.Object(), true
}

// resourceType lowers the object types the layout package does not own:
// images, samplers, acceleration structures.
func (e *emitter) resourceType(t *types.Type) (builder.ID, error) {
	o, _ := objectOf(t)
	switch o.Class() {
	case types.ClassSampler:
		id := e.b.TypeSampler()
		e.b.Name(id, "type.sampler")
		return id, nil
	case types.ClassTexture, types.ClassTypedBuffer:
		return e.imageType(t, o, spv.ImageFormatUnknown, false), nil
	case types.ClassSubpass:
		return e.subpassType(t, o), nil
	case types.ClassPatch:
		return e.typeID(e.patchArray(t)), nil
	case types.ClassStream:
		// a stream parameter is a placeholder of its element type: its
		// output variables are written by Append (gs.go)
		return e.typeID(t.Canonical().Elem()), nil
	case types.ClassAccelStruct:
		id := e.b.TypeAccelerationStructure()
		e.b.Name(id, "accelerationStructureNV")
		return id, nil
	}
	return 0, fmt.Errorf("the type %s is not supported yet by the SPIR-V backend", t)
}

var dimNames = map[types.ResourceDim]string{types.Dim1D: "1d", types.Dim2D: "2d", types.Dim3D: "3d", types.DimCube: "cube", types.DimBuffer: "buffer"}
var spvDims = map[types.ResourceDim]spv.Dim{types.Dim1D: spv.Dim1D, types.Dim2D: spv.Dim2D, types.Dim3D: spv.Dim3D, types.DimCube: spv.DimCube, types.DimBuffer: spv.DimBuffer}

// imageType is the OpTypeImage of a texture or typed buffer, named as DXC
// names it (type.2d.image, type.buffer.image...).
func (e *emitter) imageType(t *types.Type, o types.Object, format spv.ImageFormat, explicitFormat bool) builder.ID {
	elem := t.Canonical().Elem()
	if elem == nil {
		elem = types.Vec(types.Float, 4)
	}
	st := e.typeID(types.ScalarType(concreteType(elem).Scalar()))
	sampled := uint32(1)
	if o.IsWritable() {
		sampled = 2
	}
	// Storage images and texel buffers get a format from their element
	// type (sampled textures stay Unknown), as in DXC.
	if !explicitFormat && (o.IsWritable() || o.Class() == types.ClassTypedBuffer) {
		format = e.imageFormat(elem)
	}
	depth := uint32(2)
	if isCombined(o) {
		depth = 0
	}
	it := builder.ImageType{SampledType: st, Dim: spvDims[o.Dim()], Depth: depth, Arrayed: o.IsArrayed(), MS: o.IsMultisampled(), Sampled: sampled, Format: format}
	id := e.b.TypeImage(it)
	name := "type." + dimNames[o.Dim()] + ".image"
	if o.IsArrayed() {
		name += ".array"
	}
	e.b.Name(id, name)
	if isCombined(o) {
		sid := e.b.TypeSampledImage(id)
		e.b.Name(sid, "type.sampled.image")
		return sid
	}
	if format == spv.ImageFormatUnknown && sampled == 2 {
		e.b.Capability(spv.CapabilityStorageImageReadWithoutFormat)
		e.b.Capability(spv.CapabilityStorageImageWriteWithoutFormat)
	}
	return id
}

// imageFormat is the storage image format DXC infers from the element type.
func (e *emitter) imageFormat(elem *types.Type) spv.ImageFormat {
	if e.opts.UnknownImageFormat {
		return spv.ImageFormatUnknown
	}
	c := concreteType(elem).Canonical()
	n := flatCount(c)
	s := c.Scalar()
	switch s {
	case types.HalfPP, types.Min16Float, types.Min10Float:
		return [5]spv.ImageFormat{0, spv.ImageFormatR16f, spv.ImageFormatRg16f, spv.ImageFormatUnknown, spv.ImageFormatRgba16f}[n]
	case types.Min16Int, types.Min12Int:
		return [5]spv.ImageFormat{0, spv.ImageFormatR16i, spv.ImageFormatRg16i, spv.ImageFormatUnknown, spv.ImageFormatRgba16i}[n]
	case types.Min16Uint:
		return [5]spv.ImageFormat{0, spv.ImageFormatR16ui, spv.ImageFormatRg16ui, spv.ImageFormatUnknown, spv.ImageFormatRgba16ui}[n]
	}
	switch {
	case s.IsFloat() && s.SPIRVBits() == 32:
		return [5]spv.ImageFormat{0, spv.ImageFormatR32f, spv.ImageFormatRg32f, spv.ImageFormatUnknown, spv.ImageFormatRgba32f}[n]
	case s.IsFloat() && s.SPIRVBits() == 16:
		return [5]spv.ImageFormat{0, spv.ImageFormatR16f, spv.ImageFormatRg16f, spv.ImageFormatUnknown, spv.ImageFormatRgba16f}[n]
	case s.IsUnsigned() && s.SPIRVBits() == 32:
		return [5]spv.ImageFormat{0, spv.ImageFormatR32ui, spv.ImageFormatRg32ui, spv.ImageFormatUnknown, spv.ImageFormatRgba32ui}[n]
	case s.IsInteger() && s.SPIRVBits() == 32:
		return [5]spv.ImageFormat{0, spv.ImageFormatR32i, spv.ImageFormatRg32i, spv.ImageFormatUnknown, spv.ImageFormatRgba32i}[n]
	case s.IsUnsigned() && s.SPIRVBits() == 64:
		if n == 1 {
			return spv.ImageFormatR64ui
		}
	case s.IsInteger() && s.SPIRVBits() == 64:
		if n == 1 {
			return spv.ImageFormatR64i
		}
	}
	return spv.ImageFormatUnknown
}

// resourceStorage is the storage class, layout rule, binding class and
// block kind of a resource type (arrays of resources included).
func (e *emitter) resourceStorage(t *types.Type) (spv.StorageClass, layout.Rule, byte) {
	for t.Canonical().IsArray() {
		t = t.Canonical().Elem()
	}
	o, _ := objectOf(t)
	rules := layout.RulesFor(e.opts.Layout)
	storage := spv.StorageClassUniform
	if e.opts.Version >= spv.Version1_4 {
		storage = spv.StorageClassStorageBuffer
	}
	class := byte('t')
	if o.IsWritable() {
		class = 'u'
	}
	switch o.Class() {
	case types.ClassStructuredBuffer, types.ClassByteAddressBuffer:
		return storage, rules.SBuffer, class
	case types.ClassCBuffer:
		if o == types.TextureBuffer {
			return storage, rules.TBuffer, 't'
		}
		return spv.StorageClassUniform, rules.CBuffer, 'b'
	case types.ClassSampler:
		return spv.StorageClassUniformConstant, layout.Void, 's'
	}
	return spv.StorageClassUniformConstant, layout.Void, class
}

// resourceVar declares a global resource variable.
func (e *emitter) resourceVar(d *ast.VarDecl, v *sema.Var) {
	if hasAttr(d.Attrs, "push_constant") {
		e.pushConstant(d, v)
		return
	}
	t := v.Type()
	sc, rule, class := e.resourceStorage(t)
	var tid builder.ID
	base := t
	for base.Canonical().IsArray() {
		base = base.Canonical().Elem()
	}
	o, ok := objectOf(base)
	if !ok {
		e.unsupported(d, "this resource declaration")
	}
	if hasAttr(d.Attrs, "combinedImageSampler") && o.Class() == types.ClassSampler {
		// the sampler of a combined pair lives in its texture's variable
		if tex, ok := e.combinedTextures[combinedKey(d)]; ok {
			e.vars[v] = &variable{ptr: tex, sc: spv.StorageClassUniformConstant, typ: t, member: -1}
			return
		}
		e.unsupported(d, "a [[vk::combinedImageSampler]] sampler declared before its texture")
	}
	switch {
	case o.Class() == types.ClassSubpass:
		tid = e.arrayOf(t, e.subpassType(base, o))
	case o.Class() == types.ClassTexture || o.Class() == types.ClassTypedBuffer:
		format, explicit := e.imageFormatAttr(d)
		img := e.imageType(base, o, format, explicit)
		if hasAttr(d.Attrs, "combinedImageSampler") && !isCombined(o) {
			img = e.b.TypeSampledImage(img)
			e.b.Name(img, "type.sampled.image")
		}
		tid = e.arrayOf(t, img)
	default:
		var err error
		tid, err = e.low.Type(t, rule)
		if err != nil {
			e.errorf(d.Pos(), "%v", err)
		}
		e.reportLayout()
	}
	ptr := e.b.GlobalVariable(e.b.TypePointer(sc, tid), sc, v.Name(), 0)
	vt := t
	if o.Class() == types.ClassCBuffer && !t.Canonical().IsArray() {
		// cb.field reads the element struct's members
		vt = base.Canonical().Elem()
	}
	e.vars[v] = &variable{ptr: ptr, sc: sc, typ: vt, rule: rule, member: -1}
	e.bindings.add(ptr, d.Attrs, d.Semantics, class)
	e.reflectResource(ptr, t)
	if hasAttr(d.Attrs, "combinedImageSampler") && o.Class() == types.ClassTexture {
		e.combinedTextures[combinedKey(d)] = ptr
	}
	for _, a := range d.Attrs {
		if a.Namespace == "vk" && a.Name == "input_attachment_index" && len(a.Args) == 1 {
			if n, ok := e.intArg(a.Args[0]); ok {
				e.b.Decorate(ptr, spv.DecorationInputAttachmentIndex, builder.Lit(uint32(n)))
			}
		}
	}
	if o == types.AppendStructuredBuffer || o == types.ConsumeStructuredBuffer {
		// their counters exist whether used or not
		e.newCounter(ptr, v.Name(), sc, d.Attrs, t)
	}
	if o.IsROV() {
		e.rovVar(ptr) // rov.go
	}
	if hasModifier(d.Mods, "globallycoherent") {
		e.b.Decorate(ptr, spv.DecorationCoherent)
	}
}

func hasModifier(mods []ast.Modifier, name string) bool {
	for _, m := range mods {
		if m.Name == name {
			return true
		}
	}
	return false
}

// arrayOf wraps an element type in the array shape of t (arrays of
// textures).
func (e *emitter) arrayOf(t *types.Type, elem builder.ID) builder.ID {
	c := t.Canonical()
	if !c.IsArray() {
		return elem
	}
	inner := e.arrayOf(c.Elem(), elem)
	if c.Len() == types.Unsized {
		e.b.Capability(spv.CapabilityRuntimeDescriptorArray)
		e.b.Extension("SPV_EXT_descriptor_indexing")
		return e.b.TypeRuntimeArray(inner, 0)
	}
	return e.b.TypeArrayN(inner, uint32(c.Len()), 0)
}

// imageFormatAttr reads [[vk::image_format("rgba8")]].
func (e *emitter) imageFormatAttr(d *ast.VarDecl) (spv.ImageFormat, bool) {
	for _, a := range d.Attrs {
		if a.Namespace == "vk" && a.Name == "image_format" && len(a.Args) == 1 {
			if lit, ok := a.Args[0].(*ast.BasicLit); ok {
				name := strings.Trim(lit.Value, `"`)
				if f, ok := imageFormats[strings.ToLower(name)]; ok {
					return f, true
				}
				e.errorf(a.Pos(), "unknown image format '%s'", name)
			}
		}
	}
	return spv.ImageFormatUnknown, false
}

var imageFormats = map[string]spv.ImageFormat{
	"unknown": spv.ImageFormatUnknown, "rgba32f": spv.ImageFormatRgba32f, "rgba16f": spv.ImageFormatRgba16f,
	"r32f": spv.ImageFormatR32f, "rgba8": spv.ImageFormatRgba8, "rgba8snorm": spv.ImageFormatRgba8Snorm,
	"rg32f": spv.ImageFormatRg32f, "rg16f": spv.ImageFormatRg16f, "r11g11b10f": spv.ImageFormatR11fG11fB10f,
	"r16f": spv.ImageFormatR16f, "rgba16": spv.ImageFormatRgba16, "rgb10a2": spv.ImageFormatRgb10A2,
	"rg16": spv.ImageFormatRg16, "rg8": spv.ImageFormatRg8, "r16": spv.ImageFormatR16, "r8": spv.ImageFormatR8,
	"rgba16snorm": spv.ImageFormatRgba16Snorm, "rg16snorm": spv.ImageFormatRg16Snorm, "rg8snorm": spv.ImageFormatRg8Snorm,
	"r16snorm": spv.ImageFormatR16Snorm, "r8snorm": spv.ImageFormatR8Snorm, "rgba32i": spv.ImageFormatRgba32i,
	"rgba16i": spv.ImageFormatRgba16i, "rgba8i": spv.ImageFormatRgba8i, "r32i": spv.ImageFormatR32i,
	"rg32i": spv.ImageFormatRg32i, "rg16i": spv.ImageFormatRg16i, "rg8i": spv.ImageFormatRg8i,
	"r16i": spv.ImageFormatR16i, "r8i": spv.ImageFormatR8i, "rgba32ui": spv.ImageFormatRgba32ui,
	"rgba16ui": spv.ImageFormatRgba16ui, "rgba8ui": spv.ImageFormatRgba8ui, "r32ui": spv.ImageFormatR32ui,
	"rgb10a2ui": spv.ImageFormatRgb10a2ui, "rg32ui": spv.ImageFormatRg32ui, "rg16ui": spv.ImageFormatRg16ui,
	"rg8ui": spv.ImageFormatRg8ui, "r16ui": spv.ImageFormatR16ui, "r8ui": spv.ImageFormatR8ui,
	"r64ui": spv.ImageFormatR64ui, "r64i": spv.ImageFormatR64i,
}

// derefTexel turns a texel reference into its value (for swizzles and
// member reads of tex[i]).
func (e *emitter) derefTexel(v value) value {
	if v.texel == nil {
		return v
	}
	return rv(e.load(v), v.typ)
}

// resourceIndex emits buf[i] on a resource.
func (e *emitter) resourceIndex(x *ast.IndexExpr) value {
	base := e.expr(x.X)
	t := e.typeOf(x)
	o, _ := objectOf(base.typ)
	switch o.Class() {
	case types.ClassPatch:
		return base.at(e.rvalue(x.Index), t)
	case types.ClassStructuredBuffer:
		// operator[] takes a uint, as DXC's %uint_N indexes show
		idx := e.rvalueAs(x.Index, types.ScalarType(types.Uint))
		return base.at(e.b.ConstInt32(0), base.typ).at(idx, t)
	case types.ClassTexture, types.ClassTypedBuffer:
		n := o.SpatialCount()
		if o.IsArrayed() {
			n++
		}
		if o.Class() == types.ClassTypedBuffer {
			n = 1
		}
		ct := types.ScalarType(types.Uint)
		if n > 1 {
			ct = types.Vec(types.Uint, n)
		}
		coord := e.rvalueAs(x.Index, ct)
		return value{ptr: true, typ: t, texel: &texel{img: base, coord: coord}}
	}
	e.unsupported(x, "indexing a "+o.String())
	return value{}
}

// loadTexel reads tex[i].
func (e *emitter) loadTexel(v value) builder.ID {
	end := e.rovBegin(v.texel.img.id)
	img := e.load(v.texel.img)
	o, _ := objectOf(v.texel.img.typ)
	var raw builder.ID
	if o.IsWritable() {
		raw = e.fb.Emit(spv.OpImageRead, e.texelType(v.typ), builder.Ref(img), builder.Ref(v.texel.coord), builder.Enum(spv.ImageOperandsNone))
	} else {
		ops := []builder.Operand{builder.Ref(img), builder.Ref(v.texel.coord)}
		if o.Class() == types.ClassTexture && !o.IsMultisampled() {
			ops = append(ops, builder.Enum(spv.ImageOperandsLod, builder.Ref(e.b.ConstUint32(0))))
		} else {
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
	e.fb.Emit(spv.OpImageWrite, 0, builder.Ref(img), builder.Ref(v.texel.coord), builder.Ref(val))
}

// texelType is the 4-component vector image reads return.
func (e *emitter) texelType(t *types.Type) builder.ID {
	return e.typeID(types.Vec(concreteType(t).Scalar(), 4))
}

// fitTexel narrows a 4-component texel to the element type.
func (e *emitter) fitTexel(id builder.ID, t *types.Type) builder.ID {
	c := concreteType(t).Canonical()
	n := flatCount(c)
	if n == 4 {
		return id
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	return e.shuffle(id, types.Vec(c.Scalar(), 4), idx, c)
}

// method emits a call of a built-in object's method.
func (e *emitter) method(x *ast.CallExpr, m *intrinsics.Match) value {
	me, ok := x.Fun.(*ast.MemberExpr)
	if !ok {
		e.unsupported(x, "this method call")
	}
	recv := e.expr(me.X)
	o, _ := objectOf(recv.typ)
	name := m.Overload.Name
	t := m.Result
	if t == nil {
		t = types.VoidType()
	}
	switch o.Class() {
	case types.ClassSubpass:
		return e.subpassLoad(x, m, recv, o, t)
	case types.ClassStream:
		return e.streamMethod(x, me, name)
	case types.ClassTexture, types.ClassTypedBuffer:
		return e.textureMethod(x, m, recv, o, name, t)
	case types.ClassStructuredBuffer:
		return e.structuredMethod(x, m, recv, o, name, t)
	case types.ClassByteAddressBuffer:
		return e.byteAddressMethod(x, m, recv, name, t)
	}
	e.unsupported(x, "the method '"+name+"' of "+o.String())
	return value{}
}

// args evaluates method arguments converted to the overload's parameters.
func (e *emitter) methodArgs(x *ast.CallExpr, m *intrinsics.Match) []builder.ID {
	ids := make([]builder.ID, len(x.Args))
	for i, a := range x.Args {
		if i < len(m.Params) && m.Params[i].Mode != types.In {
			continue // out arguments are stored by the method
		}
		if i < len(m.Params) && m.Params[i].Type != nil {
			ids[i] = e.rvalueAs(a, m.Params[i].Type)
		} else {
			ids[i] = e.rvalue(a)
		}
	}
	return ids
}

// sampledImage combines a loaded texture and a loaded sampler.
func (e *emitter) sampledImage(img, smp builder.ID) builder.ID {
	sit := e.b.TypeSampledImage(e.b.TypeOf(img))
	e.b.Name(sit, "type.sampled.image")
	return e.fb.Emit(spv.OpSampledImage, sit, builder.Ref(img), builder.Ref(smp))
}

// offsetOperand adds a texel offset: ConstOffset when constant, else
// Offset (which needs ImageGatherExtended).
func (e *emitter) offsetOperand(mask *spv.ImageOperands, params *[]builder.Operand, x ast.Expr, id builder.ID) {
	if _, ok := e.foldable(x); ok {
		*mask |= spv.ImageOperandsConstOffset
	} else {
		*mask |= spv.ImageOperandsOffset
		e.b.Capability(spv.CapabilityImageGatherExtended)
	}
	*params = append(*params, builder.Ref(id))
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

func (e *emitter) offsetOp(x ast.Expr, id builder.ID) imageOperand {
	return e.offsetOpFor(x, id, true)
}

// offsetOpFor is the texel offset operand: ConstOffset when the offset is
// a compile-time constant (static consts included, as DXC's legalization
// finds them); a run-time Offset is allowed by Vulkan on gathers only.
func (e *emitter) offsetOpFor(x ast.Expr, id builder.ID, gather bool) imageOperand {
	if _, ok := e.foldable(x); ok {
		return imageOperand{spv.ImageOperandsConstOffset, []builder.ID{id}}
	}
	if v := e.info.ValueOf(x); v != nil {
		if t := e.info.TypeOf(x); t != nil && numeric(t) {
			return imageOperand{spv.ImageOperandsConstOffset, []builder.ID{e.compositeConst(*v, concreteType(t).Canonical())}}
		}
	}
	if !gather && !e.opts.CodeGenOnly {
		// (-fcgl emits Offset as DXC does, for its legalization to fold)
		e.errorf(x.Pos(), "the texel offset must be a constant (Vulkan allows a run-time offset on Gather only)")
	}
	e.b.Capability(spv.CapabilityImageGatherExtended)
	return imageOperand{spv.ImageOperandsOffset, []builder.ID{id}}
}

func (e *emitter) textureMethod(x *ast.CallExpr, m *intrinsics.Match, recv value, o types.Object, name string, t *types.Type) value {
	// The texture is loaded first, then the arguments in order (the
	// sampler among them), as DXC does.
	img := e.load(recv)
	if name == "GetSamplePosition" {
		im := img
		if e.b.TypeOp(e.b.TypeOf(img)) == spv.OpTypeSampledImage {
			im = e.imageOf(img)
		}
		return rv(e.samplePosition(im, func() builder.ID { return e.methodArgs(x, m)[0] }), t)
	}
	args := e.methodArgs(x, m)
	xargs, params := x.Args, m.Params
	combined := isCombined(o)
	// [[vk::combinedImageSampler]] makes the texture variable itself a
	// sampled image; its sampler argument is then ignored.
	attrCombined := !combined && e.b.TypeOp(e.b.TypeOf(img)) == spv.OpTypeSampledImage
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
	// The optional trailing arguments after the fixed ones: an offset (or
	// four, for Gather), a clamp, and an out status (sparse residency).
	trailing := func(from int) (offsets []int, clamp, status int) {
		clamp, status = -1, -1
		end := len(xargs)
		if end > from && end-1 < len(params) && params[end-1].Mode == types.Out {
			status = end - 1
			end--
		}
		i := from
		if o.OffsetCount() > 0 {
			for ; i < end && len(offsets) < 4; i++ {
				offsets = append(offsets, i)
				if !strings.HasPrefix(name, "Gather") || end-from < 4 {
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
	sample := func(op spv.Op, resType builder.ID, extra []builder.ID, from int, fixed []imageOperand) builder.ID {
		si := img
		if !combined && !attrCombined {
			si = e.sampledImage(img, args[0])
		}
		operands := []builder.Operand{builder.Ref(si), builder.Ref(args[1])}
		for _, id := range extra {
			operands = append(operands, builder.Ref(id))
		}
		ops := fixed
		offsets, clamp, status := trailing(from)
		switch len(offsets) {
		case 1:
			gather := op == spv.OpImageGather || op == spv.OpImageDrefGather
			ops = append(ops, e.offsetOpFor(xargs[offsets[0]], args[offsets[0]], gather))
		case 4:
			e.b.Capability(spv.CapabilityImageGatherExtended)
			var offs []builder.ID
			for _, k := range offsets {
				if _, ok := e.foldable(xargs[k]); !ok {
					e.unsupported(xargs[k], "non-constant offsets in a four-offset gather")
				}
				offs = append(offs, args[k])
			}
			ot := e.b.TypeArrayN(e.b.TypeOf(offs[0]), 4, 0)
			ops = append(ops, imageOperand{spv.ImageOperandsConstOffsets, []builder.ID{e.b.ConstComposite(ot, offs...)}})
		}
		if clamp >= 0 {
			e.b.Capability(spv.CapabilityMinLod)
			ops = append(ops, imageOperand{spv.ImageOperandsMinLod, []builder.ID{args[clamp]}})
		}
		if (combined || status >= 0) && len(ops) == 0 {
			// DXC writes the empty mask on these
			operands = append(operands, builder.Enum(spv.ImageOperandsNone))
		}
		operands = append(operands, imageOps(ops)...)
		if status < 0 {
			return e.fb.Emit(op, resType, operands...)
		}
		return e.sparse(op, resType, operands, xargs[status])
	}
	switch name {
	case "Sample":
		return rv(e.fitTexel(sample(spv.OpImageSampleImplicitLod, v4, nil, 2, nil), elem), t)
	case "SampleBias":
		return rv(e.fitTexel(sample(spv.OpImageSampleImplicitLod, v4, nil, 3, []imageOperand{{spv.ImageOperandsBias, []builder.ID{args[2]}}}), elem), t)
	case "SampleLevel":
		return rv(e.fitTexel(sample(spv.OpImageSampleExplicitLod, v4, nil, 3, []imageOperand{{spv.ImageOperandsLod, []builder.ID{args[2]}}}), elem), t)
	case "SampleGrad":
		return rv(e.fitTexel(sample(spv.OpImageSampleExplicitLod, v4, nil, 4, []imageOperand{{spv.ImageOperandsGrad, []builder.ID{args[2], args[3]}}}), elem), t)
	case "SampleCmp":
		return rv(sample(spv.OpImageSampleDrefImplicitLod, e.typeID(concreteType(t)), []builder.ID{args[2]}, 3, nil), t)
	case "SampleCmpBias":
		return rv(sample(spv.OpImageSampleDrefImplicitLod, e.typeID(concreteType(t)), []builder.ID{args[2]}, 4, []imageOperand{{spv.ImageOperandsBias, []builder.ID{args[3]}}}), t)
	case "SampleCmpGrad":
		return rv(sample(spv.OpImageSampleDrefExplicitLod, e.typeID(concreteType(t)), []builder.ID{args[2]}, 5, []imageOperand{{spv.ImageOperandsGrad, []builder.ID{args[3], args[4]}}}), t)
	case "SampleCmpLevelZero":
		zero := e.scalarConst(types.Float, 0)
		return rv(sample(spv.OpImageSampleDrefExplicitLod, e.typeID(concreteType(t)), []builder.ID{args[2]}, 3, []imageOperand{{spv.ImageOperandsLod, []builder.ID{zero}}}), t)
	case "SampleCmpLevel":
		return rv(sample(spv.OpImageSampleDrefExplicitLod, e.typeID(concreteType(t)), []builder.ID{args[2]}, 4, []imageOperand{{spv.ImageOperandsLod, []builder.ID{args[3]}}}), t)
	case "Gather", "GatherRed", "GatherGreen", "GatherBlue", "GatherAlpha":
		comp := map[string]int32{"Gather": 0, "GatherRed": 0, "GatherGreen": 1, "GatherBlue": 2, "GatherAlpha": 3}[name]
		return rv(sample(spv.OpImageGather, e.typeID(concreteType(t)), []builder.ID{e.b.ConstInt32(comp)}, 2, nil), t)
	case "GatherCmp", "GatherCmpRed":
		return rv(sample(spv.OpImageDrefGather, e.typeID(concreteType(t)), []builder.ID{args[2]}, 3, nil), t)
	case "GatherCmpGreen", "GatherCmpBlue", "GatherCmpAlpha":
		e.unsupported(x, "'"+name+"' (SPIR-V's OpImageDrefGather reads the first component only)")
	case "Load":
		if combined {
			return rv(e.textureLoad(x, m, e.imageOf(img), o, args[1:], elem), t)
		}
		return rv(e.textureLoad(x, m, e.imageOf(img), o, args, elem), t)
	case "CalculateLevelOfDetail", "CalculateLevelOfDetailUnclamped":
		si := img
		if !combined && !attrCombined {
			si = e.sampledImage(img, args[0])
		}
		e.b.Capability(spv.CapabilityImageQuery)
		lod := e.fb.Emit(spv.OpImageQueryLod, e.typeID(types.Vec(types.Float, 2)), builder.Ref(si), builder.Ref(args[1]))
		k := uint32(0)
		if name == "CalculateLevelOfDetailUnclamped" {
			k = 1
		}
		return rv(e.fb.CompositeExtract(e.typeID(types.ScalarType(types.Float)), lod, k), t)
	case "GetDimensions":
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

// imageOf extracts the image of a combined image sampler.
func (e *emitter) imageOf(si builder.ID) builder.ID {
	if e.b.TypeOp(e.b.TypeOf(si)) != spv.OpTypeSampledImage {
		return si
	}
	it := e.b.ElementType(e.b.TypeOf(si))
	return e.fb.Emit(spv.OpImage, it, builder.Ref(si))
}

// sparseOps maps each image instruction to its residency-reporting form.
var sparseOps = map[spv.Op]spv.Op{
	spv.OpImageSampleImplicitLod:     spv.OpImageSparseSampleImplicitLod,
	spv.OpImageSampleExplicitLod:     spv.OpImageSparseSampleExplicitLod,
	spv.OpImageSampleDrefImplicitLod: spv.OpImageSparseSampleDrefImplicitLod,
	spv.OpImageSampleDrefExplicitLod: spv.OpImageSparseSampleDrefExplicitLod,
	spv.OpImageGather:                spv.OpImageSparseGather,
	spv.OpImageDrefGather:            spv.OpImageSparseDrefGather,
	spv.OpImageFetch:                 spv.OpImageSparseFetch,
	spv.OpImageRead:                  spv.OpImageSparseRead,
}

// sparse emits the residency form of an image instruction: its result is
// a struct of the status code and the texel; the status goes to the out
// argument, the texel is returned.
func (e *emitter) sparse(op spv.Op, texelType builder.ID, operands []builder.Operand, statusArg ast.Expr) builder.ID {
	sop, ok := sparseOps[op]
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
func (e *emitter) textureLoad(x *ast.CallExpr, m *intrinsics.Match, img builder.ID, o types.Object, args []builder.ID, elem *types.Type) builder.ID {
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
		return emit(op, builder.Ref(img), builder.Ref(args[0]))
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
		ops = append(ops, e.offsetOpFor(x.Args[offsetArg], args[offsetArg], false))
	}
	operands := append([]builder.Operand{builder.Ref(img), builder.Ref(coord)}, imageOps(ops)...)
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

func (e *emitter) structuredMethod(x *ast.CallExpr, m *intrinsics.Match, recv value, o types.Object, name string, t *types.Type) value {
	elem := recv.typ.Canonical().Elem()
	switch name {
	case "Load":
		idx := e.rvalueAs(x.Args[0], types.ScalarType(types.Uint))
		v := recv.at(e.b.ConstInt32(0), recv.typ).at(idx, elem)
		return rv(e.load(v), t)
	case "GetDimensions":
		n := e.fb.Emit(spv.OpArrayLength, e.typeID(types.ScalarType(types.Uint)), builder.Ref(e.addr(recv)), builder.Lit(0))
		dst := e.expr(x.Args[0])
		e.store(dst, e.convert(n, types.ScalarType(types.Uint), dst.typ))
		_, rule, _ := e.resourceStorage(recv.typ)
		stride := e.calc.ArrayStride(elem, rule)
		dst = e.expr(x.Args[1])
		e.store(dst, e.convert(e.b.ConstUint32(stride), types.ScalarType(types.Uint), dst.typ))
		return rv(0, t)
	case "IncrementCounter", "DecrementCounter":
		old := e.counterOp(x, recv, name == "IncrementCounter")
		return rv(old, t)
	case "Append":
		idx := e.counterOp(x, recv, true)
		v := recv.at(e.b.ConstInt32(0), recv.typ).at(idx, elem)
		e.store(v, e.rvalueAs(x.Args[0], elem))
		return rv(0, t)
	case "Consume":
		idx := e.counterOp(x, recv, false)
		v := recv.at(e.b.ConstInt32(0), recv.typ).at(idx, elem)
		return rv(e.load(v), t)
	}
	e.unsupported(x, "the method '"+name+"' of "+o.String())
	return value{}
}

// counterOp increments (returning the old value) or decrements (returning
// the new value) a structured buffer's counter, as a uint.
func (e *emitter) counterOp(x *ast.CallExpr, recv value, inc bool) builder.ID {
	ptr := e.counterVar(x, recv)
	intT := e.typeID(types.ScalarType(types.Int))
	// the buffer's array indexes select its counter, member 0 the count
	idx := append(append([]builder.ID(nil), recv.idx...), e.b.ConstUint32(0))
	p := e.fb.AccessChain(e.b.TypePointer(recv.sc, intT), ptr, idx...)
	one := e.b.ConstInt32(1)
	scope, sem := e.b.ConstUint32(1), e.b.ConstUint32(0)
	var r builder.ID
	if inc {
		r = e.fb.Emit(spv.OpAtomicIAdd, intT, builder.Ref(p), builder.Ref(scope), builder.Ref(sem), builder.Ref(one))
	} else {
		old := e.fb.Emit(spv.OpAtomicISub, intT, builder.Ref(p), builder.Ref(scope), builder.Ref(sem), builder.Ref(one))
		r = e.fb.Emit(spv.OpISub, intT, builder.Ref(old), builder.Ref(one))
	}
	return e.fb.Emit(spv.OpBitcast, e.typeID(types.ScalarType(types.Uint)), builder.Ref(r))
}

// counterVar returns the counter variable of a RW/Append/Consume
// structured buffer (or array of them), counter.var.<name>, creating it on
// first use.
func (e *emitter) counterVar(x *ast.CallExpr, recv value) builder.ID {
	if id, ok := e.counters[recv.id]; ok {
		return id
	}
	if recv.sc == spv.StorageClassFunction {
		e.unsupported(x, "the counter of a structured buffer held in a local variable")
	}
	for o, v := range e.vars {
		if v.ptr == recv.id {
			var attrs []*ast.Attribute
			if d, ok := o.Decl.(*ast.VarDecl); ok {
				attrs = d.Attrs
			}
			return e.newCounter(recv.id, o.Name(), recv.sc, attrs, v.typ)
		}
	}
	e.errorf(x.Pos(), "Cannot access associated counter variable for an array of buffers in a struct.")
	return 0
}

// newCounter creates counter.var.<name>, bound by
// [[vk::counter_binding(N)]] in the buffer's set, else implicitly.
func (e *emitter) newCounter(buf builder.ID, name string, sc spv.StorageClass, attrs []*ast.Attribute, t *types.Type) builder.ID {
	ct := e.arrayOf(t, e.low.Counter())
	id := e.b.GlobalVariable(e.b.TypePointer(sc, ct), sc, "counter.var."+name, 0)
	e.counters[buf] = id
	e.reflectCounter(buf, id)
	var cattrs []*ast.Attribute
	for _, a := range attrs {
		if a.Namespace == "vk" && a.Name == "counter_binding" && len(a.Args) == 1 {
			set := &ast.BasicLit{Kind: ast.IntLit, Value: "0"}
			for _, b := range attrs {
				if b.Namespace == "vk" && b.Name == "binding" && len(b.Args) > 1 {
					if l, ok := b.Args[1].(*ast.BasicLit); ok {
						set = l
					}
				}
			}
			cattrs = append(cattrs, &ast.Attribute{Namespace: "vk", Name: "binding", Args: []ast.Expr{a.Args[0], set}})
		}
	}
	e.bindings.add(id, cattrs, nil, 'u')
	return id
}

func (e *emitter) byteAddressMethod(x *ast.CallExpr, m *intrinsics.Match, recv value, name string, t *types.Type) value {
	uintT := types.ScalarType(types.Uint)
	u32 := e.typeID(uintT)
	switch name {
	case "Load", "Load2", "Load3", "Load4":
		addr := e.rvalueAs(x.Args[0], uintT)
		end := e.rovBegin(recv.id)
		defer end()
		return rv(e.babLoad(recv, addr, t), t)
	case "Store", "Store2", "Store3", "Store4":
		addr := e.rvalueAs(x.Args[0], uintT)
		vt := m0(e, x, 1)
		val := e.rvalueAs(x.Args[1], vt)
		end := e.rovBegin(recv.id)
		defer end()
		e.babStore(recv, addr, val, vt)
		return rv(0, t)
	case "GetDimensions":
		n := e.fb.Emit(spv.OpArrayLength, u32, builder.Ref(e.addr(recv)), builder.Lit(0))
		size := e.fb.Emit(spv.OpIMul, u32, builder.Ref(n), builder.Ref(e.b.ConstUint32(4)))
		dst := e.expr(x.Args[0])
		e.store(dst, e.convert(size, uintT, dst.typ))
		return rv(0, t)
	}
	if strings.HasPrefix(name, "Interlocked") {
		addr := e.rvalueAs(x.Args[0], uintT)
		ptr := e.babWordPtr(recv, addr, 0)
		e.atomic(x, name, ptr, x.Args[1:], uintT)
		return rv(0, t)
	}
	e.unsupported(x, "the method '"+name+"' of a byte address buffer")
	return value{}
}

// atomic emits an Interlocked* operation on ptr (a pointer to a 32- or
// 64-bit integer): value arguments, then an optional out original value.
func (e *emitter) atomic(x *ast.CallExpr, name string, ptr builder.ID, args []ast.Expr, vt *types.Type) {
	name = strings.TrimPrefix(name, "Interlocked")
	tid := e.typeID(vt)
	scope, none := e.b.ConstUint32(1), e.b.ConstUint32(0)
	val := func(i int) builder.ID { return e.rvalueAs(args[i], vt) }
	var r builder.ID
	nvals := 1
	switch name {
	case "CompareExchange", "CompareStore":
		cmp := val(0)
		v := val(1)
		r = e.fb.Emit(spv.OpAtomicCompareExchange, tid, builder.Ref(ptr), builder.Ref(scope), builder.Ref(none), builder.Ref(none), builder.Ref(v), builder.Ref(cmp))
		nvals = 2
	default:
		op, ok := map[string]spv.Op{"Add": spv.OpAtomicIAdd, "And": spv.OpAtomicAnd, "Or": spv.OpAtomicOr, "Xor": spv.OpAtomicXor, "Exchange": spv.OpAtomicExchange}[name]
		if !ok {
			signed := vt.Scalar().IsSigned()
			switch {
			case name == "Min" && signed:
				op = spv.OpAtomicSMin
			case name == "Min":
				op = spv.OpAtomicUMin
			case name == "Max" && signed:
				op = spv.OpAtomicSMax
			case name == "Max":
				op = spv.OpAtomicUMax
			default:
				e.unsupported(x, "Interlocked"+name)
			}
		}
		r = e.fb.Emit(op, tid, builder.Ref(ptr), builder.Ref(scope), builder.Ref(none), builder.Ref(val(0)))
	}
	if len(args) > nvals && name != "CompareStore" {
		dst := e.expr(args[nvals])
		e.store(dst, e.convert(r, vt, dst.typ))
	}
}

// interlocked emits the Interlocked* intrinsic functions on a groupshared
// variable, a structured buffer element or a texel.
func (e *emitter) interlocked(x *ast.CallExpr, name string) {
	dst := e.expr(x.Args[0])
	vt := concreteType(dst.typ)
	var ptr builder.ID
	if dst.texel != nil {
		ptr = e.fb.Emit(spv.OpImageTexelPointer, e.b.TypePointer(spv.StorageClassImage, e.typeID(vt)),
			builder.Ref(e.addr(dst.texel.img)), builder.Ref(dst.texel.coord), builder.Ref(e.b.ConstUint32(0)))
	} else {
		if !dst.ptr || dst.swz != nil {
			e.errorf(x.Args[0].Pos(), "the destination of %s must be a variable, buffer element or texel", name)
		}
		ptr = e.addr(dst)
	}
	e.atomic(x, name, ptr, x.Args[1:], vt)
}

// cbufferElem is T for ConstantBuffer<T> and TextureBuffer<T>, whose
// members are read as T's; other types are returned as they are.
func cbufferElem(t *types.Type) *types.Type {
	if o, ok := objectOf(t); ok && o.Class() == types.ClassCBuffer {
		return t.Canonical().Elem()
	}
	return t
}

// isCombined reports the vk::SampledTexture* kinds: an image and its
// sampler in one OpTypeSampledImage.
func isCombined(o types.Object) bool {
	return o >= types.VkSampledTexture1D && o <= types.VkSampledTextureCubeArray
}

// isHandle reports a texture, typed buffer or sampler: an opaque handle in
// UniformConstant storage that can be passed to functions by pointer.
func isHandle(t *types.Type) bool {
	o, ok := objectOf(t)
	if !ok {
		return false
	}
	switch o.Class() {
	case types.ClassTexture, types.ClassTypedBuffer, types.ClassSampler, types.ClassSubpass:
		return true
	}
	return false
}

// isResourceArray reports an array of resources.
func isResourceArray(t *types.Type) bool {
	c := t.Canonical()
	for c.IsArray() {
		c = c.Elem().Canonical()
	}
	return c != t.Canonical() && c.IsObject()
}

// paramStorage is the storage class a parameter's pointer points into:
// handles are passed as pointers to their UniformConstant variables (which
// logical addressing allows), everything else through Function temporaries.
func paramStorage(t *types.Type) spv.StorageClass {
	if isHandle(t) {
		return spv.StorageClassUniformConstant
	}
	return spv.StorageClassFunction
}

// handleArg is the pointer passed for a texture or sampler argument.
func (e *emitter) handleArg(arg ast.Expr) builder.ID {
	v := e.expr(arg)
	if !v.ptr || v.sc != spv.StorageClassUniformConstant {
		e.unsupported(arg, "passing this texture or sampler expression to a function")
	}
	return e.addr(v)
}

// localResource declares a local resource variable as an alias of the
// resource it is initialized with — what DXC's legalization makes of it.
// It cannot be assigned again.
func (e *emitter) localResource(d *ast.VarDecl, v *sema.Var) {
	if d.Init == nil {
		// bound by its first assignment (bindResourceAlias)
		e.pendingAlias[v] = e.fb.Block()
		return
	}
	init, ok := e.heapIndex(d.Init, v.Type()) // heap.go
	if !ok {
		init = e.expr(d.Init)
	}
	if !init.ptr || init.swz != nil || init.texel != nil {
		e.unsupported(d.Init, "initializing a local resource variable from this expression")
	}
	e.vars[v] = &variable{ptr: e.addr(init), sc: init.sc, typ: init.typ, rule: init.rule, member: -1}
	e.aliases[v] = true
}

// bindResourceAlias handles r = <resource> where r is a local resource
// variable declared without an initializer: the first assignment, in the
// same basic block as the declaration (so it happens exactly once, on every
// path), binds the alias. ok is false for any other assignment.
func (e *emitter) bindResourceAlias(x *ast.AssignExpr) (value, bool) {
	if x.Op != ast.Assign {
		return value{}, false
	}
	n, isName := unparen(x.L).(*ast.NameExpr)
	if !isName {
		return value{}, false
	}
	v, isVar := e.info.ObjectOf(n).(*sema.Var)
	if !isVar {
		return value{}, false
	}
	block, pending := e.pendingAlias[v]
	if !pending {
		return value{}, false
	}
	if block != e.fb.Block() {
		e.unsupported(x, "assigning a local resource variable under control flow")
	}
	init, isHeap := e.heapIndex(x.R, v.Type())
	if !isHeap {
		init = e.expr(x.R)
	}
	if !init.ptr || init.swz != nil || init.texel != nil {
		e.unsupported(x.R, "assigning this expression to a local resource variable")
	}
	delete(e.pendingAlias, v)
	e.vars[v] = &variable{ptr: e.addr(init), sc: init.sc, typ: init.typ, rule: init.rule, member: -1}
	e.aliases[v] = true
	return init, true
}

// staticResource declares a static resource variable initialized with a
// global resource as an alias of it.
func (e *emitter) staticResource(v *sema.Var) bool {
	d, ok := v.Decl.(*ast.VarDecl)
	if !ok || d.Init == nil {
		return false
	}
	n, ok := unparen(d.Init).(*ast.NameExpr)
	if !ok {
		return false
	}
	src, ok := e.info.ObjectOf(n).(*sema.Var)
	if !ok {
		return false
	}
	sv, ok := e.vars[src]
	if !ok || sv.member >= 0 {
		return false
	}
	cp := *sv
	e.vars[v] = &cp
	e.aliases[v] = true
	return true
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

// combinedKey pairs a [[vk::combinedImageSampler]] texture and sampler by
// their [[vk::binding(N, M)]].
func combinedKey(d *ast.VarDecl) [2]int64 {
	k := [2]int64{-1, 0}
	for _, a := range d.Attrs {
		if a.Namespace == "vk" && a.Name == "binding" && len(a.Args) > 0 {
			k[0], _ = constInt(a.Args[0])
			if len(a.Args) > 1 {
				k[1], _ = constInt(a.Args[1])
			}
		}
	}
	return k
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
	tt := e.info.TypeOf(me.X)
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
