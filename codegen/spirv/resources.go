package spirv

import (
	"fmt"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

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
	case types.ClassVk:
		if o == types.VkBufferPointer {
			return e.bufferPointerType(t) // bufferpointer.go
		}
		if o == types.VkSpirvType || o == types.VkSpirvOpaqueType {
			return e.spirvIntrinsicType(t) // inlinespirv.go
		}
		if o == types.VkExtType {
			return e.extTypeByID(t.Canonical().Len(), nil), nil // exttype.go
		}
		if o == types.VkExtResultID {
			return e.typeID(t.Canonical().Elem()), nil // the result's own type
		}
	case types.ClassRayQuery:
		id := e.b.TypeRayQuery()
		e.b.Name(id, "rayQueryKHR")
		return id, nil
	case types.ClassAccelStruct:
		id := e.b.TypeAccelerationStructure()
		e.b.Name(id, "accelerationStructureNV")
		return id, nil
	}
	return 0, fmt.Errorf("the type %s is not supported yet by the SPIR-V backend", t)
}

// dimNameOf names d in DXC's image type names.
func dimNameOf(d types.ResourceDim) (string, bool) {
	switch d {
	case types.Dim1D:
		return "1d", true
	case types.Dim2D:
		return "2d", true
	case types.Dim3D:
		return "3d", true
	case types.DimCube:
		return "cube", true
	case types.DimBuffer:
		return "buffer", true
	}
	return "", false
}

// spvDimOf returns the SPIR-V Dim of d.
func spvDimOf(d types.ResourceDim) (spv.Dim, bool) {
	switch d {
	case types.Dim1D:
		return spv.Dim1D, true
	case types.Dim2D:
		return spv.Dim2D, true
	case types.Dim3D:
		return spv.Dim3D, true
	case types.DimCube:
		return spv.DimCube, true
	case types.DimBuffer:
		return spv.DimBuffer, true
	}
	return 0, false
}

// imageType is the OpTypeImage of a texture or typed buffer, named as DXC
// names it (type.2d.image, type.buffer.image...).
func (e *emitter) imageType(t *types.Type, o types.Object, format spv.ImageFormat, explicitFormat bool) builder.ID {
	elem := t.Canonical().Elem()
	if elem == nil {
		elem = types.Vec(types.Float, 4)
	}
	st := e.typeID(types.ScalarType(texelScalar(elem)))
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
	spvDim, _ := spvDimOf(o.Dim())
	it := builder.ImageType{SampledType: st, Dim: spvDim, Depth: depth, Arrayed: o.IsArrayed(), MS: o.IsMultisampled(), Sampled: sampled, Format: format}
	id := e.b.TypeImage(it)
	dimName, _ := dimNameOf(o.Dim())
	name := "type." + dimName + ".image"
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

// imageFormat is the storage image format DXC infers from the element type
// (none for the 16-bit float16_t/half of -enable-16bit-types: only the
// min-precision kinds map to the 16-bit formats).
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
	if e.attrs(d).HasVk("push_constant") {
		e.pushConstant(d, v)
		return
	}
	if shaderRecordKind(e.attrs(d)) != "" {
		e.shaderRecord(d, v) // raytracing.go
		return
	}
	if e.attrs(d).HasVk("input_attachment_index") && e.stage() != stage.Pixel {
		// subpass inputs exist only in pixel shaders: DXC declares none
		// elsewhere (a read of one is an error there)
		return
	}
	t := v.Type()
	sc, rule, class := e.resourceStorage(t)
	base := t
	for base.Canonical().IsArray() {
		base = base.Canonical().Elem()
	}
	o, ok := objectOf(base)
	if !ok {
		e.unsupported(d, "this resource declaration")
	}
	var counter builder.ID
	if o == types.AppendStructuredBuffer || o == types.ConsumeStructuredBuffer {
		// DXC declares an append or consume buffer's counter (its type
		// and variable) before the buffer; it is bound after it
		counter = e.counterVariable(v.Name(), sc, t)
	}
	tid := e.resourceTypeID(d, t)
	if c := t.Canonical(); c.IsArray() && c.Len() == types.Unsized {
		// an unbounded array of buffers (textures get this in arrayOf)
		e.b.Capability(spv.CapabilityRuntimeDescriptorArray)
		e.b.Extension("SPV_EXT_descriptor_indexing")
	}
	ptr := e.b.GlobalVariable(e.b.TypePointer(sc, tid), sc, v.Name(), 0)
	e.markVar(ptr, v)
	vt := t
	if o.Class() == types.ClassCBuffer && !t.Canonical().IsArray() {
		// cb.field reads the element struct's members
		vt = base.Canonical().Elem()
	}
	e.vars[v] = &variable{ptr: ptr, sc: sc, typ: vt, rule: rule, member: -1}
	if e.dbg.rich != nil {
		e.richGlobal(v, ptr) // debugrich.go
	}
	e.bindings.add(ptr, e.vkBinding(d), d.Semantics, class)
	e.bindings.setPos(ptr, v.Pos())
	// every array takes one binding per element under
	// -fspv-flatten-resource-arrays or with a global struct of resources
	// (legalize.go)
	e.bindings.setCount(ptr, bindingCount(t))
	e.reflectResource(ptr, t)
	if e.attrs(d).HasVk("combinedImageSampler") && (o.Class() == types.ClassTexture && !isCombined(o) || o.Class() == types.ClassSampler) {
		// a plain image or sampler, as DXC writes it; the legalization's
		// convert-to-sampled-image combines the pair at its binding
		e.bindings.setCombined(ptr, o.Class() == types.ClassSampler)
	}
	for _, a := range e.attrs(d) {
		if a.Namespace == "vk" && a.Name == "input_attachment_index" && len(a.Args) == 1 {
			if n, ok := a.Int(0); ok {
				e.b.Decorate(ptr, spv.DecorationInputAttachmentIndex, builder.Lit(uint32(n)))
			}
		}
	}
	if counter != 0 {
		// their counters exist whether used or not
		e.bindCounter(ptr, counter, e.attrs(d), t)
	}
	if o.IsROV() {
		e.rovVar(ptr) // rov.go
	}
	if hasModifier(d.Mods, "globallycoherent") {
		e.b.Decorate(ptr, spv.DecorationCoherent)
	}
}

// resourceTypeID lowers the type t of a resource declared by d (a
// resource member of a global struct has its struct's declaration).
func (e *emitter) resourceTypeID(d *ast.VarDecl, t *types.Type) builder.ID {
	_, rule, _ := e.resourceStorage(t)
	base := t
	for base.Canonical().IsArray() {
		base = base.Canonical().Elem()
	}
	o, ok := objectOf(base)
	if !ok {
		e.unsupported(d, "this resource declaration")
	}
	switch {
	case o.Class() == types.ClassSubpass:
		return e.arrayOf(t, e.subpassType(base, o))
	case o.Class() == types.ClassTexture || o.Class() == types.ClassTypedBuffer:
		format, explicit := e.imageFormatAttr(d)
		img := e.imageType(base, o, format, explicit)
		return e.arrayOf(t, img)
	}
	if rule == layout.Void {
		// samplers, acceleration structures: their arrays are arrays of
		// the handle (not held by pointer as a local's would be)
		return e.arrayOf(t, e.typeIn(base, rule))
	}
	tid, err := e.lowering.low.Type(t, rule)
	if err != nil {
		e.errorf(d.Pos(), "%v", err)
	}
	e.reportLayout()
	return tid
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
	for _, a := range e.attrs(d) {
		if a.Namespace == "vk" && a.Name == "image_format" && len(a.Args) == 1 {
			if name, ok := a.Text(0); ok {
				if f, ok := imageFormatOf(strings.ToLower(name)); ok {
					return f, true
				}
				e.errorf(a.Pos(), "unknown image format '%s'", name)
			}
		}
	}
	return spv.ImageFormatUnknown, false
}

// imageFormatOf returns the image format [[vk::image_format]] names (lower
// case). This and the other lookups of this package that were map
// literals are switches: a map literal is built by code at every process
// start.
func imageFormatOf(name string) (spv.ImageFormat, bool) {
	switch name {
	case "unknown":
		return spv.ImageFormatUnknown, true
	case "rgba32f":
		return spv.ImageFormatRgba32f, true
	case "rgba16f":
		return spv.ImageFormatRgba16f, true
	case "r32f":
		return spv.ImageFormatR32f, true
	case "rgba8":
		return spv.ImageFormatRgba8, true
	case "rgba8snorm":
		return spv.ImageFormatRgba8Snorm, true
	case "rg32f":
		return spv.ImageFormatRg32f, true
	case "rg16f":
		return spv.ImageFormatRg16f, true
	case "r11g11b10f":
		return spv.ImageFormatR11fG11fB10f, true
	case "r16f":
		return spv.ImageFormatR16f, true
	case "rgba16":
		return spv.ImageFormatRgba16, true
	case "rgb10a2":
		return spv.ImageFormatRgb10A2, true
	case "rg16":
		return spv.ImageFormatRg16, true
	case "rg8":
		return spv.ImageFormatRg8, true
	case "r16":
		return spv.ImageFormatR16, true
	case "r8":
		return spv.ImageFormatR8, true
	case "rgba16snorm":
		return spv.ImageFormatRgba16Snorm, true
	case "rg16snorm":
		return spv.ImageFormatRg16Snorm, true
	case "rg8snorm":
		return spv.ImageFormatRg8Snorm, true
	case "r16snorm":
		return spv.ImageFormatR16Snorm, true
	case "r8snorm":
		return spv.ImageFormatR8Snorm, true
	case "rgba32i":
		return spv.ImageFormatRgba32i, true
	case "rgba16i":
		return spv.ImageFormatRgba16i, true
	case "rgba8i":
		return spv.ImageFormatRgba8i, true
	case "r32i":
		return spv.ImageFormatR32i, true
	case "rg32i":
		return spv.ImageFormatRg32i, true
	case "rg16i":
		return spv.ImageFormatRg16i, true
	case "rg8i":
		return spv.ImageFormatRg8i, true
	case "r16i":
		return spv.ImageFormatR16i, true
	case "r8i":
		return spv.ImageFormatR8i, true
	case "rgba32ui":
		return spv.ImageFormatRgba32ui, true
	case "rgba16ui":
		return spv.ImageFormatRgba16ui, true
	case "rgba8ui":
		return spv.ImageFormatRgba8ui, true
	case "r32ui":
		return spv.ImageFormatR32ui, true
	case "rgb10a2ui":
		return spv.ImageFormatRgb10a2ui, true
	case "rg32ui":
		return spv.ImageFormatRg32ui, true
	case "rg16ui":
		return spv.ImageFormatRg16ui, true
	case "rg8ui":
		return spv.ImageFormatRg8ui, true
	case "r16ui":
		return spv.ImageFormatR16ui, true
	case "r8ui":
		return spv.ImageFormatR8ui, true
	case "r64ui":
		return spv.ImageFormatR64ui, true
	case "r64i":
		return spv.ImageFormatR64i, true
	}
	return 0, false
}

// resourceIndex emits buf[i] on a resource.
func (e *emitter) resourceIndex(x *ast.IndexExpr) value {
	base := e.deref(e.expr(x.X)) // resvalues.go
	base = e.fixAddr(base)       // an element of an array of resources first, as DXC
	t := e.typeOf(x)
	o, _ := objectOf(base.typ)
	switch o.Class() {
	case types.ClassPatch:
		// operator[] takes a uint, as DXC's %uint_N indexes show
		return base.at(e.rvalueAs(x.Index, types.ScalarType(types.Uint)), t)
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

// method emits a call of a built-in object's method.
func (e *emitter) method(x *ast.CallExpr, m *intrinsics.Match) value {
	me, ok := x.Fun.(*ast.MemberExpr)
	if !ok {
		e.unsupported(x, "this method call")
	}
	if isNodeObject(e.typeOf(me.X)) {
		return e.nodeMethod(x, me, m) // node.go
	}
	recv := e.deref(e.expr(me.X)) // resvalues.go
	recv = e.fixAddr(recv)
	o, _ := objectOf(recv.typ)
	name := m.Overload.Name()
	t := m.Result
	if t == nil {
		t = types.VoidType()
	}
	if o == types.VkBufferPointer && m.ID == intrinsics.MethodGet {
		return e.bufferPointerGet(recv) // bufferpointer.go
	}
	switch o.Class() {
	case types.ClassSubpass:
		return e.subpassLoad(x, m, recv, o, t)
	case types.ClassStream:
		return e.streamMethod(x, me, m)
	case types.ClassTexture, types.ClassTypedBuffer:
		return e.textureMethod(x, m, recv, o, name, t)
	case types.ClassStructuredBuffer:
		return e.structuredMethod(x, m, recv, o, name, t)
	case types.ClassByteAddressBuffer:
		return e.byteAddressMethod(x, m, recv, name, t)
	case types.ClassRayQuery:
		return e.rayQueryMethod(x, m, recv, name, t) // rayquery.go
	}
	e.unsupported(x, "the method '"+name+"' of "+o.String())
	return value{}
}

// args evaluates method arguments converted to the overload's parameters.
func (e *emitter) methodArgs(x *ast.CallExpr, m *intrinsics.Match) []builder.ID {
	return e.methodArgsExcept(x, m, nil)
}

// methodArgsExcept is methodArgs leaving the arguments in skip unread
// (their ids 0), for the caller to read where they are used.
func (e *emitter) methodArgsExcept(x *ast.CallExpr, m *intrinsics.Match, skip map[int]bool) []builder.ID {
	ids := make([]builder.ID, len(x.Args))
	for i, a := range x.Args {
		if i < len(m.Params) && m.Params[i].Mode != types.In || skip[i] {
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

// cbufferElem is T for ConstantBuffer<T> and TextureBuffer<T>, whose
// members are read as T's; other types are returned as they are.
func cbufferElem(t *types.Type) *types.Type {
	if o, ok := objectOf(t); ok && o.Class() == types.ClassCBuffer {
		return t.Canonical().Elem()
	}
	return t
}
