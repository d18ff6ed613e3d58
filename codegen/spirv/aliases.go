package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
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
// logical addressing allows), everything else through Function
// temporaries; resources held in memory are passed as any value is.
func (e *emitter) paramStorage(t *types.Type) spv.StorageClass {
	if isHandle(t) && !e.resInMemory() {
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
// An assignment rebinds it; under control flow the bindings meet where
// the paths join (flow.go).
func (e *emitter) localResource(d *ast.VarDecl, v *sema.Var) {
	vr := &variable{typ: v.Type(), member: -1}
	e.vars[v] = vr
	e.legal.aliases[v] = true
	e.newSlot(vr)
	if d.Init != nil {
		e.bindVar(vr, e.resourceRef(d.Init, v.Type())) // legalize.go
	}
}

// bindResourceAlias handles r = <resource> where r is a local resource
// variable (or a resource parameter of an inlined function): it rebinds
// the alias. ok is false for any other assignment.
func (e *emitter) bindResourceAlias(x *ast.AssignExpr) (value, bool) {
	if x.Op != ast.Assign {
		return value{}, false
	}
	n, isName := unparen(x.L).(*ast.NameExpr)
	if !isName {
		return value{}, false
	}
	v, isVar := e.info.ObjectOf(n).(*sema.Var)
	if !isVar || !isResourceLeaf(v.Type()) || (!e.legal.aliases[v] && v.Storage != sema.StorageParam) {
		return value{}, false
	}
	vr := e.vars[v]
	if vr == nil {
		return value{}, false
	}
	init := e.resourceRef(x.R, v.Type())
	e.bindVar(vr, init)
	return init, true
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

// staticResource declares a static resource variable initialized with a
// global resource, or with an element of a global resource array or of a
// descriptor heap at a constant index, as an alias of it (each use makes
// its own access chain). One without an initializer that is never
// assigned holds no resource (unassignedStatic).
func (e *emitter) staticResource(v *sema.Var) bool {
	d, ok := v.Decl.(*ast.VarDecl)
	if !ok {
		return false
	}
	if d.Init == nil {
		return e.unassignedStatic(v)
	}
	x := unparen(d.Init)
	var index builder.ID
	if ix, isIndex := x.(*ast.IndexExpr); isIndex {
		if index, ok = e.constant(ix.Index, types.ScalarType(types.Uint)); !ok {
			return false
		}
		if hv, isHeap := e.heapIndex(x, v.Type()); isHeap { // heap.go
			e.aliasElement(d, v, hv)
			return true
		}
		x = unparen(ix.X)
	}
	n, ok := x.(*ast.NameExpr)
	if !ok {
		return false
	}
	src, ok := e.info.ObjectOf(n).(*sema.Var)
	if !ok {
		return false
	}
	sv, ok := e.vars[src]
	if !ok || sv.member >= 0 || sv.agg != nil || sv.value != 0 {
		return false
	}
	if index == 0 {
		cp := *sv
		e.vars[v] = &cp
		e.legal.aliases[v] = true
		return true
	}
	if !src.Type().Canonical().IsArray() || sv.ptr == 0 || len(sv.idx) != 0 {
		return false
	}
	base := value{id: sv.ptr, typ: src.Type(), ptr: true, sc: sv.sc, rule: sv.rule}
	e.aliasElement(d, v, base.at(index, src.Type().Canonical().Elem()))
	return true
}

// aliasElement makes v an alias of the array element el (an access chain
// still to make); globallycoherent on v marks the array Coherent, as DXC
// decorates the variable its legalization leaves.
func (e *emitter) aliasElement(d *ast.VarDecl, v *sema.Var, el value) {
	e.vars[v] = &variable{ptr: el.id, idx: el.idx, sc: el.sc, typ: el.typ, rule: el.rule, member: -1}
	e.legal.aliases[v] = true
	if hasModifier(d.Mods, "globallycoherent") {
		e.b.Decorate(el.id, spv.DecorationCoherent)
	}
}

// unassignedStatic handles a static resource variable without an
// initializer that nothing assigns: it holds no resource, so a use is an
// error, except under -fcgl, where it is the Private variable DXC declares
// (legalization removes it).
func (e *emitter) unassignedStatic(v *sema.Var) bool {
	if e.globalWritten(v) {
		return false
	}
	vr := &variable{typ: v.Type(), member: -1}
	if e.opts.CodeGenOnly {
		vr.ptr = e.b.GlobalVariable(e.ptrType(spv.StorageClassPrivate, v.Type(), layout.Void), spv.StorageClassPrivate, v.Name(), 0)
		vr.sc = spv.StorageClassPrivate
		e.markVar(vr.ptr, v)
	}
	e.vars[v] = vr
	e.legal.aliases[v] = true
	return true
}

// globalWritten reports whether any function assigns v.
func (e *emitter) globalWritten(v *sema.Var) bool {
	for _, d := range e.file.Decls {
		if e.paramWritten(d, v) { // inline.go
			return true
		}
	}
	return false
}

// aliasesCounterArray reports a local array of buffers with counters
// outside -fcgl: held in memory, its elements' counters cannot be found
// (rescounters.go follows single buffers and structs only), so it stays an
// alias of the array it is given, whose counters are the global ones.
func (e *emitter) aliasesCounterArray(t *types.Type) bool {
	c := t.Canonical()
	return !e.opts.CodeGenOnly && c.IsArray() && hasCounter(c.Elem())
}
