package spirv

import (
	"strconv"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Structs that hold resources cannot be SPIR-V types: an opaque handle or
// a buffer pointer cannot be a struct member under logical addressing.
// DXC emits them anyway and leaves them to spirv-opt's legalization
// (scalar replacement, descriptor scalar replacement, inlining); the
// emitter does that scalar replacement as it goes. Such a struct (or an
// array of them) is an aggregate: each member is its own value — a
// resource member is an alias of the resource it holds (as a local
// resource variable is, aliases.go), a data member its own variable, a
// nested struct holding resources an aggregate again. Functions that take,
// return or are methods of such structs are inlined (inline.go).
//
// A global struct of resources becomes one resource variable per resource
// member, named "g.member" ("g[i].member" for arrays of structs, indexed
// flat), created in the breadth-first order spirv-opt's descriptor scalar
// replacement leaves them in. The struct takes as many bindings as it has
// resources (arrays count their elements), each member the struct's
// binding plus its offset; as in DXC, every resource array then takes one
// binding per element too.

// aggregate is a split struct holding resources, or an array of them.
type aggregate struct {
	typ   *types.Type
	names []string // struct members, base classes' first; nil for arrays
	parts []value  // the members or elements
}

// isAggregate reports a struct holding resources, or an array of them.
func isAggregate(t *types.Type) bool {
	if t == nil {
		return false
	}
	c := t.Canonical()
	for c.IsArray() {
		c = c.Elem().Canonical()
	}
	return c.IsStruct() && containsObject(c)
}

// isResourceLeaf reports a resource or an array of resources: a member an
// aggregate holds by alias.
func isResourceLeaf(t *types.Type) bool {
	return t.Canonical().IsObject() || isResourceArray(t)
}

// structFields lists a struct's fields, its base classes' first.
func structFields(t *types.Type) []types.Field {
	nd := t.Canonical().Named()
	var fs []types.Field
	if nd.Base != nil {
		fs = structFields(nd.Base)
	}
	return append(fs, nd.Fields...)
}

// newAggregate splits a variable of type t: data members become variables
// of storage class sc (Function or Private) named name.member; resource
// members are unbound until assigned.
func (e *emitter) newAggregate(t *types.Type, name string, sc spv.StorageClass) *aggregate {
	a := &aggregate{typ: t}
	part := func(pt *types.Type, pname string) value {
		switch {
		case isAggregate(pt):
			return value{agg: e.newAggregate(pt, pname, sc), typ: pt}
		case isResourceLeaf(pt):
			return value{typ: pt}
		}
		var id builder.ID
		if sc == spv.StorageClassFunction {
			id = e.fb.Variable(e.ptrType(sc, pt, layout.Void), pname, 0)
		} else {
			id = e.b.GlobalVariable(e.ptrType(sc, pt, layout.Void), sc, pname, 0)
		}
		e.markRelaxed(id, pt) // flags.go
		return value{id: id, typ: pt, ptr: true, sc: sc}
	}
	c := t.Canonical()
	if c.IsArray() {
		for i := int64(0); i < c.Len(); i++ {
			a.parts = append(a.parts, part(c.Elem(), name+"["+strconv.FormatInt(i, 10)+"]"))
		}
	} else {
		for _, f := range structFields(c) {
			a.names = append(a.names, f.Name)
			a.parts = append(a.parts, part(f.Type, name+"."+f.Name))
		}
	}
	for i := range a.parts {
		if isResourceLeaf(a.parts[i].typ) && a.parts[i].agg == nil {
			e.newSlot(&a.parts[i]) // flow.go
		}
	}
	return a
}

// member returns the slot of a struct member (a derived class's member
// hides its base's).
func (a *aggregate) member(name string) *value {
	for i := len(a.names) - 1; i >= 0; i-- {
		if a.names[i] == name {
			return &a.parts[i]
		}
	}
	return nil
}

// thisMember is a member of the receiver held in thisAgg.
func (e *emitter) thisMember(name string) value {
	p := e.walk.thisAgg.member(name)
	if p == nil {
		e.errorf(e.pos, "no member named '%s'", name)
	}
	return e.aggregatePart(p, e.pos)
}

// aggregateValue evaluates x, which must be a struct holding resources.
func (e *emitter) aggregateValue(x ast.Expr) *aggregate {
	v := e.expr(x)
	if v.agg == nil {
		e.unsupported(x, "this expression of a struct holding resources")
	}
	return v.agg
}

// copyAggregate copies src into dst member by member: resources are
// rebound, data is loaded and stored.
func (e *emitter) copyAggregate(dst, src *aggregate) {
	for i := range dst.parts {
		d, s := &dst.parts[i], src.parts[i]
		switch {
		case d.agg != nil:
			e.copyAggregate(d.agg, s.agg)
		case isResourceLeaf(d.typ):
			e.bindSlot(d, s) // flow.go
		default:
			e.fb.Store(e.addr(*d), e.load(s))
		}
	}
}

// cloneAggregate is a copy of a with its own data variables (an argument
// passed by value).
func (e *emitter) cloneAggregate(a *aggregate, name string) *aggregate {
	c := e.newAggregate(a.typ, name, spv.StorageClassFunction)
	e.copyAggregate(c, a)
	return c
}

// initSource is one leaf of a flattened brace initializer: an expression,
// or a member of a struct holding resources.
type initSource struct {
	x    ast.Expr
	part *value
}

// resourceRef evaluates x, a resource, to the pointer an alias holds.
func (e *emitter) resourceRef(x ast.Expr, t *types.Type) value {
	v, ok := e.heapIndex(x, t) // heap.go
	if !ok {
		v = e.expr(x)
	}
	if !v.ptr && v.id != 0 && isResourceLeaf(v.typ) {
		// a resource computed at run time: DXC's code generation keeps
		// it in a variable, which the legalization resolves
		tmp := e.fb.Variable(e.ptrType(spv.StorageClassFunction, v.typ, layout.Void), "temp.var.resource", 0)
		e.fb.Store(tmp, v.id)
		v = value{id: tmp, typ: v.typ, ptr: true, sc: spv.StorageClassFunction}
	}
	if !v.ptr || v.swz != nil || v.texel != nil || v.agg != nil {
		e.unsupported(x, "this resource expression")
	}
	r := value{id: e.addr(v), typ: v.typ, ptr: true, sc: v.sc, rule: v.rule}
	if e.res.untypedHeaps[v.id] {
		// DXC loads a descriptor heap element where it is taken (heap.go)
		r.loaded = e.fb.Load(e.typeIn(v.typ, layout.Void), r.id)
	}
	if first, isHeap := e.res.heapFirst["ResourceDescriptorHeap"]; isHeap && len(v.idx) == 1 && e.isHeapArray(v.id, first) {
		// an element of the resource heap, directly or returned by a
		// function: its counter is the heap counters' element (heap.go)
		setKey(&e.res.heapElems, r.id, heapElem{v.id, v.idx[0]})
	} else {
		e.bufferElem(v, r.id)
	}
	return r
}

// bufferElem records ptr, the address of v, when v is an element of an
// array of structured buffers with counters (bound to a parameter or an
// alias): its counter is the same element of the array's counters.
func (e *emitter) bufferElem(v value, ptr builder.ID) {
	if len(v.idx) != 1 || !hasCounter(v.typ) {
		return
	}
	if _, pt, ok := e.b.Pointee(e.b.TypeOf(v.id)); ok {
		if op := e.b.Def(pt).Op; op == spv.OpTypeArray || op == spv.OpTypeRuntimeArray {
			setKey(&e.res.heapElems, ptr, heapElem{v.id, v.idx[0]})
		}
	}
}

// hasCounter reports a structured buffer with an associated counter
// (RW, Append or Consume).
func hasCounter(t *types.Type) bool {
	o, ok := objectOf(t)
	return ok && (o == types.RWStructuredBuffer || o == types.AppendStructuredBuffer || o == types.ConsumeStructuredBuffer)
}

// aggregatePart is a member or element of an aggregate value; a resource
// member must have been bound.
func (e *emitter) aggregatePart(p *value, at diag.Pos) value {
	e.checkBound(p, at) // flow.go
	if p.agg == nil && isResourceLeaf(p.typ) && p.id == 0 {
		if e.opts.CodeGenOnly {
			// DXC's -fcgl output loads whatever the member holds; only
			// legalization insists on a resource
			sc, rule, _ := e.resourceStorage(p.typ)
			return value{id: e.b.Undef(e.ptrType(sc, p.typ, rule)), typ: p.typ, ptr: true, sc: sc, rule: rule}
		}
		e.errorf(at, "the resource held in this struct is used before it is assigned")
	}
	return *p
}

// aggregateSteps applies the leading member and constant-index steps of an
// access path to an aggregate, and returns what is left.
func (e *emitter) aggregateSteps(base value, steps []accessStep, at ast.Node) (value, int) {
	k := 0
	for ; k < len(steps) && base.agg != nil; k++ {
		p := e.aggregateSlot(base.agg, steps[k], at)
		base = e.aggregatePart(p, at.Pos())
	}
	return base, k
}

// aggregateSlot is the slot one access step selects in a.
func (e *emitter) aggregateSlot(a *aggregate, s accessStep, at ast.Node) *value {
	switch s.kind {
	case stepField:
		if p := a.member(s.name); p != nil {
			return p
		}
		e.errorf(at.Pos(), "no member named '%s'", s.name)
	case stepArray:
		i, ok := e.info.IntValue(s.index)
		if !ok {
			e.unsupported(s.index, "indexing an array of structs holding resources with a non-constant index")
		}
		if i < 0 || int(i) >= len(a.parts) {
			e.errorf(s.index.Pos(), "array index %d is out of bounds", i)
		}
		return &a.parts[i]
	}
	e.unsupported(at, "this access to a struct holding resources")
	return nil
}

// aggregateIndex emits a[i] on an array of structs holding resources.
func (e *emitter) aggregateIndex(base value, x *ast.IndexExpr) value {
	p := e.aggregateSlot(base.agg, accessStep{kind: stepArray, index: x.Index}, x)
	return e.aggregatePart(p, x.Pos())
}

// Global structs of resources.

// aggItem is a part of a global struct of resources still to split.
type aggItem struct {
	slot   *value
	typ    *types.Type
	name   string
	offset int
	d      *ast.VarDecl
	group  int
}

type aggRoot struct {
	v    *sema.Var
	root *value
}

// splitAggregates creates the resource variables of the global structs of
// resources (globalAggregate).
func (e *emitter) splitAggregates() {
	for len(e.legal.aggQueue) > 0 {
		it := e.legal.aggQueue[0]
		e.legal.aggQueue = e.legal.aggQueue[1:]
		c := it.typ.Canonical()
		switch {
		case c.IsArray() && isAggregate(c):
			// every element of a (multi-dimensional) array, indexed flat
			elem := c
			for elem.IsArray() {
				elem = elem.Elem().Canonical()
			}
			n, size := 0, resourceCount(elem)
			var split func(slot *value, at *types.Type)
			split = func(slot *value, at *types.Type) {
				ac := at.Canonical()
				a := &aggregate{typ: at, parts: make([]value, ac.Len())}
				*slot = value{agg: a, typ: at}
				for i := range a.parts {
					a.parts[i].typ = ac.Elem()
					if ac.Elem().Canonical().IsArray() {
						split(&a.parts[i], ac.Elem())
						continue
					}
					e.legal.aggQueue = append(e.legal.aggQueue, aggItem{&a.parts[i], ac.Elem(), it.name + "[" + strconv.Itoa(n) + "]", it.offset + n*size, it.d, it.group})
					n++
				}
			}
			split(it.slot, it.typ)
		case c.IsStruct():
			a := &aggregate{typ: it.typ}
			fs := structFields(c)
			a.parts = make([]value, len(fs))
			*it.slot = value{agg: a, typ: it.typ}
			off := it.offset
			for i, f := range fs {
				a.names = append(a.names, f.Name)
				a.parts[i].typ = f.Type
				e.legal.aggQueue = append(e.legal.aggQueue, aggItem{&a.parts[i], f.Type, it.name + "." + f.Name, off, it.d, it.group})
				off += resourceCount(f.Type)
			}
		default:
			ptr := e.b.GlobalVariable(e.b.TypePointer(spv.StorageClassUniformConstant, e.resourceTypeID(it.d, it.typ)), spv.StorageClassUniformConstant, it.name, 0)
			e.markRelaxed(ptr, it.typ)
			e.bindings.addMember(it.group, ptr, it.offset)
			*it.slot = value{id: ptr, typ: it.typ, ptr: true, sc: spv.StorageClassUniformConstant}
		}
	}
	for _, r := range e.legal.aggRoots {
		e.vars[r.v] = &variable{agg: r.root.agg, typ: r.v.Type(), member: -1}
	}
	e.legal.aggRoots = nil
}

// holdsBuffer reports a buffer (anything but a texture, sampler or
// subpass input) inside t.
func holdsBuffer(t *types.Type) bool {
	c := t.Canonical()
	switch {
	case c.IsArray():
		return holdsBuffer(c.Elem())
	case c.IsStruct():
		for _, f := range structFields(c) {
			if holdsBuffer(f.Type) {
				return true
			}
		}
	case c.IsObject():
		return !isHandle(c)
	}
	return false
}

// holdsData reports a member of t that is not a resource.
func holdsData(t *types.Type) bool {
	c := t.Canonical()
	switch {
	case c.IsArray():
		return holdsData(c.Elem())
	case c.IsStruct():
		for _, f := range structFields(c) {
			if holdsData(f.Type) {
				return true
			}
		}
		return false
	}
	return !c.IsObject()
}

// resourceCount is the number of bindings a struct holding resources (or
// an array of them, or one of their members) takes: one per resource,
// array elements counted.
func resourceCount(t *types.Type) int {
	c := t.Canonical()
	switch {
	case isAggregate(c) && c.IsArray():
		return int(c.Len()) * resourceCount(c.Elem())
	case c.IsStruct():
		n := 0
		for _, f := range structFields(c) {
			n += resourceCount(f.Type)
		}
		return n
	case isResourceLeaf(c):
		return bindingCount(c) // globals.go
	}
	return 0
}
