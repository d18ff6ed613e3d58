package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// interfaceVarSROA is spirv-opt's InterfaceVariableScalarReplacement, which
// DXC runs before its legalization when it packs signatures
// (-pack-optimized): every stage variable with a Location whose type
// (beyond the per-vertex arrayness of tessellation, geometry and mesh I/O)
// is an array or a matrix becomes a variable per location.
//
//   - The parts take consecutive locations from the original's, its
//     Component, its other decorations and its name.
//   - Loads and stores of the variable, directly or through constant-index
//     access chains, become loads and stores of the parts (a whole value is
//     assembled with OpCompositeConstruct, or taken apart with
//     OpCompositeExtract).
//   - The entry points' interfaces list the parts instead.
//
// A variable used in a way this cannot rewrite (a dynamic index into its
// elements, a use other than a load, store or access chain) stays whole,
// which is valid too.
type interfaceVarSROA struct{}

func (interfaceVarSROA) Name() string { return "interface-variable-scalar-replacement" }

func (interfaceVarSROA) Run(c *Context) (bool, error) {
	done := map[builder.ID][]builder.ID{}
	edits := newPendingInserts()
	for _, ep := range c.M.EntryPoints {
		model := spv.ExecutionModel(ep.Operands[0].Word)
		for _, o := range ep.Operands[3:] {
			v := c.Def(o.ID())
			if v == nil || v.Op != spv.OpVariable || done[v.Result] != nil {
				continue
			}
			id := v.Result // (splitting deletes v)
			if parts := splitInterfaceVar(c, edits, model, v); parts != nil {
				done[id] = parts
			}
		}
	}
	if len(done) == 0 {
		return false, nil
	}
	edits.flushAll(c)
	for _, ep := range c.M.EntryPoints {
		var ops []builder.Operand
		for i, o := range ep.Operands {
			if parts := done[o.ID()]; i >= 3 && parts != nil {
				for _, p := range parts {
					ops = append(ops, builder.Ref(p))
				}
				continue
			}
			ops = append(ops, o)
		}
		ep.Operands = ops
		c.DU.AnalyzeUses(ep)
	}
	return true, nil
}

// An ioPart is a variable of a split stage variable, or an array or
// matrix of them (one per element or column, in location order).
type ioPart struct {
	typ   builder.ID // the SPIR-V type of this part of the value
	v     builder.ID // the variable, for a leaf
	parts []*ioPart
}

// An ioAccess is a load or store of a stage variable, directly or through
// access chains; idx are all the chains' indices from the variable.
type ioAccess struct {
	in  *builder.Inst
	idx []builder.ID
}

// splitInterfaceVar splits one stage variable and returns its parts'
// variables in location order, or nil if it stays.
func splitInterfaceVar(c *Context, edits *pendingInserts, model spv.ExecutionModel, v *builder.Inst) []builder.ID {
	sc := spv.StorageClass(v.Operands[0].Word)
	if sc != spv.StorageClassInput && sc != spv.StorageClassOutput {
		return nil
	}
	var decos []*builder.Inst
	loc, comp, located := uint32(0), uint32(0), false
	perVertex, patch := false, false
	for _, u := range c.DU.Users(v.Result) {
		if u.Op != spv.OpDecorate && u.Op != spv.OpDecorateId && u.Op != spv.OpDecorateString {
			continue // (names are copied below)
		}
		switch spv.Decoration(u.Operands[1].Word) {
		case spv.DecorationLocation:
			loc, located = u.Operands[1].Params()[0].Word, true
			continue
		case spv.DecorationComponent:
			comp = u.Operands[1].Params()[0].Word
			continue
		case spv.DecorationPatch, spv.DecorationPerPrimitiveEXT:
			patch = patch || spv.Decoration(u.Operands[1].Word) == spv.DecorationPatch
		case spv.DecorationPerVertexKHR:
			perVertex = true
		}
		decos = append(decos, u)
	}
	if !located {
		return nil
	}
	b := c.B
	_, t, _ := b.Pointee(v.Type)
	extra := uint32(0) // the per-vertex array's length
	if arrayedIO(model, sc, patch, perVertex) {
		n, ok := ioArrayLength(c, t)
		if !ok {
			return nil
		}
		extra, t = n, b.ElementType(t)
	}
	if op := b.TypeOp(t); op != spv.OpTypeArray && op != spv.OpTypeMatrix {
		return nil
	}
	var accesses []ioAccess
	var chains []*builder.Inst
	if !collectIOAccesses(c.DU, v.Result, nil, &accesses, &chains) {
		return nil
	}
	root := ioParts(c, t)
	r := ioRewrite{c: c, edits: edits, sc: sc, extra: extra}
	for _, a := range accesses {
		if _, _, _, ok := r.resolve(root, a); !ok {
			return nil
		}
	}
	var names []string
	for _, u := range c.DU.Users(v.Result) {
		if u.Op == spv.OpName {
			names = append(names, u.Operands[1].Str())
		}
	}
	var vars []builder.ID
	var makeVars func(p *ioPart)
	makeVars = func(p *ioPart) {
		if p.parts != nil {
			for _, q := range p.parts {
				makeVars(q)
			}
			return
		}
		vt := p.typ
		if extra > 0 {
			vt = b.TypeArrayN(vt, extra, 0)
		}
		p.v = b.GlobalVariable(b.TypePointer(sc, vt), sc, "", 0)
		b.Decorate(p.v, spv.DecorationLocation, builder.Lit(loc))
		b.Decorate(p.v, spv.DecorationComponent, builder.Lit(comp))
		loc++
		vars = append(vars, p.v)
	}
	makeVars(root)
	for _, id := range vars {
		for _, d := range decos {
			b.Decorate(id, spv.Decoration(d.Operands[1].Word), d.Operands[1].Params()...)
		}
		for _, n := range names {
			b.Name(id, n)
		}
	}
	for _, a := range accesses {
		r.rewrite(root, a)
	}
	for _, ch := range chains {
		c.Kill(ch)
	}
	c.Kill(v)
	return vars
}

// arrayedIO reports whether the stage variables of a stage and direction
// are arrays of per-vertex (or per-primitive) values: tessellation control
// I/O and evaluation inputs that are not per-patch, geometry inputs, mesh
// outputs and pixel inputs of all vertices (PerVertexKHR). (spirv-opt
// knows only the tessellation cases; splitting a per-vertex array would
// break the others.)
func arrayedIO(model spv.ExecutionModel, sc spv.StorageClass, patch, perVertex bool) bool {
	in := sc == spv.StorageClassInput
	switch model {
	case spv.ExecutionModelTessellationControl:
		return !patch
	case spv.ExecutionModelTessellationEvaluation:
		return !patch && in
	case spv.ExecutionModelGeometry:
		return in
	case spv.ExecutionModelMeshEXT, spv.ExecutionModelMeshNV:
		return !in
	case spv.ExecutionModelFragment:
		return perVertex
	}
	return false
}

// ioArrayLength is the length of an array type.
func ioArrayLength(c *Context, t builder.ID) (uint32, bool) {
	d := c.B.Def(t)
	if d == nil || d.Op != spv.OpTypeArray {
		return 0, false
	}
	n, ok := c.B.ConstantValue(d.Operands[1].ID())
	return uint32(n), ok
}

// ioParts is the tree of parts of a value of type t: an element per
// array element, a column per matrix column, down to vectors and scalars.
func ioParts(c *Context, t builder.ID) *ioPart {
	p := &ioPart{typ: t}
	var n uint32
	switch c.B.TypeOp(t) {
	case spv.OpTypeArray:
		n, _ = ioArrayLength(c, t)
	case spv.OpTypeMatrix:
		n = c.B.ComponentCount(t)
	default:
		return p
	}
	for range n {
		p.parts = append(p.parts, ioParts(c, c.B.ElementType(t)))
	}
	return p
}

// collectIOAccesses gathers the loads and stores through ptr (the stage
// variable, or an access chain into it with indices idx) and the chains on
// the way; false if ptr has another use.
func collectIOAccesses(du *builder.DefUse, ptr builder.ID, idx []builder.ID, accesses *[]ioAccess, chains *[]*builder.Inst) bool {
	for _, u := range du.Users(ptr) {
		switch {
		case u.Op == spv.OpName:
		case u.Op == spv.OpEntryPoint || builder.IsAnnotation(u.Op):
			if idx != nil {
				return false
			}
		case u.Op == spv.OpLoad && u.Operands[0].ID() == ptr:
			*accesses = append(*accesses, ioAccess{u, idx})
		case u.Op == spv.OpStore && u.Operands[0].ID() == ptr:
			*accesses = append(*accesses, ioAccess{u, idx})
		case (u.Op == spv.OpAccessChain || u.Op == spv.OpInBoundsAccessChain) && u.Operands[0].ID() == ptr:
			*chains = append(*chains, u)
			next := append([]builder.ID{}, idx...)
			for _, o := range u.Operands[1:] {
				next = append(next, o.ID())
			}
			if !collectIOAccesses(du, u.Result, next, accesses, chains) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// ioRewrite rewrites the accesses of one split stage variable.
type ioRewrite struct {
	c     *Context
	edits *pendingInserts // the new instructions, placed once at the end
	sc    spv.StorageClass
	extra uint32 // the per-vertex array's length, 0 if none
	at    *builder.Inst
}

// emit adds a new instruction before the access being rewritten.
func (r *ioRewrite) emit(op spv.Op, typ builder.ID, ops ...builder.Operand) builder.ID {
	in := r.c.NewInst(op, typ, ops...)
	r.edits.insertBefore(r.c, r.at, in)
	return in.Result
}

// resolve finds the part an access reaches: the per-vertex index (0 if
// none), the part, and the indices left inside a leaf's vector; ok is false
// for a dynamic index into the elements, which cannot be split.
func (r *ioRewrite) resolve(root *ioPart, a ioAccess) (vertex builder.ID, p *ioPart, idx []builder.ID, ok bool) {
	idx = a.idx
	if r.extra > 0 && len(idx) > 0 {
		vertex, idx = idx[0], idx[1:]
	}
	p = root
	for p.parts != nil && len(idx) > 0 {
		k, isConst := r.c.B.ConstantValue(idx[0])
		if !isConst || k >= uint64(len(p.parts)) {
			return 0, nil, nil, false
		}
		p, idx = p.parts[k], idx[1:]
	}
	return vertex, p, idx, true
}

// rewrite turns a load or store of the whole variable, or of a part of it,
// into loads or stores of the parts' variables.
func (r *ioRewrite) rewrite(root *ioPart, a ioAccess) {
	r.at = a.in
	vertex, p, idx, _ := r.resolve(root, a)
	b := r.c.B
	switch a.in.Op {
	case spv.OpLoad:
		var val builder.ID
		if r.extra > 0 && vertex == 0 {
			var elems []builder.Operand
			for i := range r.extra {
				elems = append(elems, builder.Ref(r.load(p, b.ConstUint32(i), idx)))
			}
			val = r.emit(spv.OpCompositeConstruct, a.in.Type, elems...)
		} else {
			val = r.load(p, vertex, idx)
		}
		r.c.DU.ReplaceAllUses(a.in.Result, val)
	case spv.OpStore:
		value := a.in.Operands[1].ID()
		if r.extra > 0 && vertex == 0 {
			elemType := b.ElementType(r.c.DU.TypeOf(value))
			for i := range r.extra {
				r.store(p, b.ConstUint32(i), idx, r.emit(spv.OpCompositeExtract, elemType, builder.Ref(value), builder.Lit(i)))
			}
		} else {
			r.store(p, vertex, idx, value)
		}
	}
	r.c.Kill(a.in)
}

// pointer is the address of a leaf's value (at vertex, then idx inside
// the leaf's vector or scalar) of type typ.
func (r *ioRewrite) pointer(p *ioPart, vertex builder.ID, idx []builder.ID, typ builder.ID) builder.ID {
	ops := []builder.Operand{builder.Ref(p.v)}
	if vertex != 0 {
		ops = append(ops, builder.Ref(vertex))
	}
	for _, id := range idx {
		ops = append(ops, builder.Ref(id))
	}
	if len(ops) == 1 {
		return p.v
	}
	return r.emit(spv.OpAccessChain, r.c.B.TypePointer(r.sc, typ), ops...)
}

// load reads part p (at vertex, if given) and returns its value.
func (r *ioRewrite) load(p *ioPart, vertex builder.ID, idx []builder.ID) builder.ID {
	if p.parts == nil {
		typ := p.typ
		for range idx {
			typ = r.c.B.ElementType(typ)
		}
		return r.emit(spv.OpLoad, typ, builder.Ref(r.pointer(p, vertex, idx, typ)))
	}
	var vals []builder.Operand
	for _, q := range p.parts {
		vals = append(vals, builder.Ref(r.load(q, vertex, nil)))
	}
	return r.emit(spv.OpCompositeConstruct, p.typ, vals...)
}

// store writes value to part p (at vertex, if given).
func (r *ioRewrite) store(p *ioPart, vertex builder.ID, idx []builder.ID, value builder.ID) {
	if p.parts == nil {
		typ := p.typ
		for range idx {
			typ = r.c.B.ElementType(typ)
		}
		r.emit(spv.OpStore, 0, builder.Ref(r.pointer(p, vertex, idx, typ)), builder.Ref(value))
		return
	}
	for i, q := range p.parts {
		r.store(q, vertex, nil, r.emit(spv.OpCompositeExtract, q.typ, builder.Ref(value), builder.Lit(uint32(i))))
	}
}
