package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Resources held in memory, DXC's -fcgl shape. A local, parameter,
// static, struct member or function result of a resource type is an
// ordinary variable or value, as DXC's emitter writes it and its
// legalization (inlining, scalar replacement, memory to SSA, copy
// propagation) later resolves:
//   - a texture, sampler, typed buffer or acceleration structure is held
//     as the loaded handle (%_ptr_Function_type_2d_image);
//   - a structured or byte-address buffer, an array of them, or an
//     unsized array of any resource is held as the pointer to the
//     resource (%_ptr_Function__ptr_Uniform_type_RWStructuredBuffer_S):
//     a use loads the pointer first (deref);
//   - a ConstantBuffer<T> or TextureBuffer<T> is held as its block's
//     value;
//   - a struct holding resources is a struct of those.
//
// The counters of RW/Append/Consume structured buffers held this way
// travel beside them in Private counter.var.<name> variables
// (rescounters.go).

// isPlainBuffer reports a structured or byte-address buffer type.
func isPlainBuffer(t *types.Type) bool {
	if t == nil || !t.Canonical().IsObject() {
		return false
	}
	o, ok := objectOf(t)
	return ok && (o.Class() == types.ClassStructuredBuffer || o.Class() == types.ClassByteAddressBuffer)
}

// isResource reports a resource type (or an array of them): a texture,
// sampler, typed, structured, byte-address or constant buffer, subpass
// input or acceleration structure.
func isResource(t *types.Type) bool {
	c := t.Canonical()
	for c.IsArray() {
		c = c.Elem().Canonical()
	}
	o, ok := objectOf(c)
	if !ok {
		return false
	}
	switch o.Class() {
	case types.ClassTexture, types.ClassTypedBuffer, types.ClassSampler, types.ClassSubpass,
		types.ClassStructuredBuffer, types.ClassByteAddressBuffer, types.ClassCBuffer, types.ClassAccelStruct:
		return true
	}
	return false
}

// holdsResource reports a resource, or a struct or array holding one.
func holdsResource(t *types.Type) bool {
	return holds(t, isResource)
}

// holds reports a type that is, or is a struct or array holding, a type
// for which leaf is true (leaf sees canonical types).
func holds(t *types.Type, leaf func(*types.Type) bool) bool {
	c := t.Canonical()
	switch {
	case c.IsArray():
		return holds(c.Elem(), leaf)
	case c.IsStruct() && !c.IsObject():
		for _, f := range structFields(c) {
			if holds(f.Type, leaf) {
				return true
			}
		}
		return false
	}
	return leaf(c)
}

// heldByPointer reports a resource type held in memory as the pointer to
// the resource: a structured or byte-address buffer, an array of them,
// an unsized array of any resource.
func heldByPointer(t *types.Type) bool {
	c := t.Canonical()
	unsized := false
	for c.IsArray() {
		unsized = unsized || c.Len() == types.Unsized
		c = c.Elem().Canonical()
	}
	if !c.IsObject() || isDataObject(c) {
		return false
	}
	return unsized || isPlainBuffer(c)
}

// voidValueType is the layout lowerer's VoidValue: the pointer type a
// resource held by pointer is held as.
func (e *emitter) voidValueType(t *types.Type) (builder.ID, bool, error) {
	if !heldByPointer(t) {
		return 0, false, nil
	}
	sc, rule, _ := e.resourceStorage(t)
	var pointee builder.ID
	if rule == layout.Void {
		// an unsized array of textures or samplers
		elem := t
		for elem.Canonical().IsArray() {
			elem = elem.Canonical().Elem()
		}
		pointee = e.arrayOf(t, e.typeIn(elem, layout.Void))
	} else {
		var err error
		if pointee, err = e.lowering.low.Type(t, rule); err != nil {
			return 0, true, err
		}
	}
	return e.b.TypePointer(sc, pointee), true, nil
}

// isSlot reports a value that is the memory holding a resource by
// pointer: a variable (or member) whose content is the resource's
// pointer.
func (e *emitter) isSlot(v value) bool {
	return v.ptr && v.texel == nil && heldByPointer(v.typ) &&
		(v.sc == spv.StorageClassFunction || v.sc == spv.StorageClassPrivate)
}

// deref turns a resource held by pointer into the resource: a slot is
// loaded, a pointer value becomes the lvalue it points to. Anything else
// is returned as it is.
func (e *emitter) deref(v value) value {
	if !heldByPointer(v.typ) || v.texel != nil {
		return v
	}
	var id builder.ID
	switch {
	case e.isSlot(v):
		id = e.fb.Load(e.typeID(v.typ), e.addr(v))
	case !v.ptr && v.id != 0:
		id = v.id
	default:
		return v
	}
	sc, rule, _ := e.resourceStorage(v.typ)
	return value{id: id, typ: v.typ, ptr: true, sc: sc, rule: rule, pos: v.pos, end: v.end}
}

// heldPointer is the value of a resource lvalue held by pointer: its
// address (a buffer is never loaded whole).
func (e *emitter) heldPointer(v value) (builder.ID, bool) {
	if !heldByPointer(v.typ) || !v.ptr || e.isSlot(v) || v.texel != nil {
		return 0, false
	}
	return e.addr(v), true
}

// heldRule is the layout rule of a ConstantBuffer<T> or
// TextureBuffer<T> held in memory (its block's value keeps the block's
// layout), or Void for any other type.
func (e *emitter) heldRule(t *types.Type) layout.Rule {
	o, ok := objectOf(t)
	if !ok || o.Class() != types.ClassCBuffer {
		return layout.Void
	}
	_, rule, _ := e.resourceStorage(t)
	return rule
}

// globalResourceStruct declares a global struct of resources as DXC's
// emitter does: one UniformConstant variable of the struct, taking a
// binding per resource it holds (its descriptor composite scalar
// replacement splits it into a variable per resource).
func (e *emitter) globalResourceStruct(d *ast.VarDecl, v *sema.Var) {
	t := v.Type()
	if holdsBuffer(t) {
		e.errorf(d.Pos(), "global structures containing buffers are not supported")
	}
	if holdsData(t) {
		e.unsupported(d, "a global struct holding both resources and data")
	}
	sc := spv.StorageClassUniformConstant
	ptr := e.b.GlobalVariable(e.ptrType(sc, t, layout.Void), sc, v.Name(), 0)
	e.markVar(ptr, v)
	e.vars[v] = &variable{ptr: ptr, sc: sc, typ: t, member: -1}
	e.bindings.add(ptr, e.vkBinding(d), d.Semantics, 't')
	e.bindings.setPos(ptr, v.Pos())
	// as in DXC, every resource array then takes a binding per element
	e.bindings.flatten = true
	e.bindings.setCount(ptr, resourceCount(t))
}
