package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Local resource variables the emitter still resolves itself (resources
// are otherwise held in memory, resvalues.go): a local array of buffers
// with counters outside -fcgl, and objects that hold no resource, are
// aliases of what they are initialized (or first assigned) with.

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
	return c != t.Canonical() && c.IsObject() && !isDataObject(c)
}

// localResource declares a local resource variable as an alias of the
// resource it is initialized with — what DXC's legalization makes of it.
// An assignment rebinds it; under control flow the bindings meet where
// the paths join (flow.go).
func (e *emitter) localResource(d *ast.VarDecl, v *sema.Var) {
	vr := &variable{typ: v.Type(), member: -1}
	e.vars[v] = vr
	setKey(&e.legal.aliases, v, true)
	e.newSlot(vr)
	if d.Init != nil {
		e.bindVar(vr, e.resourceRef(d.Init, v.Type())) // legalize.go
	}
}

// aliasValue is the use of a local resource variable: the resource it
// holds here.
func (e *emitter) aliasValue(o *sema.Var, v *variable) value {
	e.checkBound(v, e.pos) // flow.go
	if v.ptr == 0 {
		if e.opts.CodeGenOnly {
			// DXC's -fcgl output loads whatever the variable holds; only
			// legalization insists on a resource
			sc, rule, _ := e.resourceStorage(v.typ)
			return value{id: e.b.Undef(e.ptrType(sc, v.typ, rule)), typ: v.typ, ptr: true, sc: sc, rule: rule}
		}
		e.errorf(e.pos, "the resource variable '%s' is used before it is assigned", o.Name())
	}
	return value{id: v.ptr, idx: append([]builder.ID(nil), v.idx...), typ: v.typ, ptr: true, sc: v.sc, rule: v.rule, loaded: v.handle}
}
