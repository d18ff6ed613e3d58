package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Resources held in parameters and local variables: textures and
// samplers are passed by pointer; a local or static resource variable is
// an alias of the resource it is initialized (or first assigned) with.

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
	if first, isHeap := e.heapFirst["ResourceDescriptorHeap"]; isHeap && len(init.idx) == 1 && e.isHeapArray(init.id, first) {
		// an element of the resource heap, directly or returned by a
		// function: its counter is the heap counters' element (heap.go)
		defer func() { e.heapElems[e.vars[v].ptr] = heapElem{init.id, init.idx[0]} }()
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
