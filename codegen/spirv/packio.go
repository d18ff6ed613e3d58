package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// -pack-optimized: DXC's signature packing. Stage variables without
// explicit locations share locations component by component instead of
// taking a location each: a variable goes to the first run of already
// assigned locations that has enough free components after the highest
// one used in any of them, else to new locations. Per-patch variables
// (a hull shader's patch constants, a domain shader's patch inputs) are
// placed first. A vertex shader's inputs and a pixel shader's outputs keep
// their locations: the application binds those. Unless -fcgl, the arrays
// and matrices among the packed variables then become a variable per
// location, as DXC's legalization does (splitPackedVariables).

// componentsPerLocation is the number of 32-bit components of a location.
const componentsPerLocation = 4

// locationComponents is how many components of each of its locations a
// stage variable of type t takes, and whether they are 64-bit (which may
// start only at component 0 or 2), as DXC counts them for packing.
func locationComponents(t *types.Type) (n int, align64 bool) {
	c := t.Canonical()
	for c.IsArray() {
		c = c.Elem().Canonical()
	}
	n = 1
	switch {
	case c.IsMatrix() && c.Rows() > 1 && c.Cols() > 1:
		n = c.Cols() // a location per row
	case c.IsVector() || c.IsMatrix():
		n = flatCount(c)
	}
	if s := c.Scalar(); s == types.Double || s == types.Int64 || s == types.Uint64 {
		// two components each; three or four fill two locations
		return min(2*n, componentsPerLocation), true
	}
	return n, false
}

// packs reports whether the stage variables of one direction are packed.
func (e *emitter) packs(in bool, vars []*stageVar) bool {
	if !e.opts.PackOptimized || e.opts.StageIOOrder == "alpha" {
		return false
	}
	if (in && e.stage() == stage.Vertex) || (!in && e.stage() == stage.Pixel) {
		return false
	}
	for _, sv := range vars {
		if sv.location >= 0 {
			return false // explicit locations are kept as written
		}
	}
	return true
}

// packLocations assigns locations and components to vars (none of which
// has a location yet) and returns them in the order they were placed.
func (e *emitter) packLocations(vars []*stageVar) []*stageVar {
	var (
		locs    []int // the locations assigned so far, in order
		nextUse []int // the first free component of each of them
		next    int   // the next new location
		placed  []*stageVar
	)
	place := func(sv *stageVar) {
		slots := max(sv.slots, 1)
		for start := range locs {
			first := 0
			for i := range slots {
				if start+i >= len(locs) || nextUse[start+i]+sv.comps > componentsPerLocation {
					first = componentsPerLocation
					break
				}
				first = max(first, nextUse[start+i])
			}
			if first >= componentsPerLocation {
				continue
			}
			if sv.align64 {
				first = 2 // a 64-bit value shares only the upper half
			}
			sv.location, sv.component = locs[start], first
			for i := range slots {
				nextUse[start+i] = first + sv.comps
			}
			return
		}
		sv.location = next
		for i := range slots {
			locs = append(locs, next+i)
			nextUse = append(nextUse, sv.comps)
		}
		next += slots
	}
	for _, patch := range []bool{true, false} {
		for _, sv := range vars {
			if sv.patch == patch {
				place(sv)
				placed = append(placed, sv)
			}
		}
	}
	return placed
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

// splitPackedVariables replaces every stage variable with a Location
// whose type (beyond the per-vertex arrayness of tessellation, geometry
// and mesh I/O) is an array or a matrix by a variable per location, as
// spirv-opt's interface variable scalar replacement does for DXC's
// -pack-optimized: consecutive locations, the original's component and
// its other decorations and name on each. Loads and stores of the
// variable become loads and stores of the parts. A variable used in a way
// this cannot rewrite (a dynamic index into its elements) stays whole,
// which is valid too.
func (e *emitter) splitPackedVariables() {
	m := e.b.M
	m.InvalidateDefUse()
	du := m.DefUse()
	done := map[builder.ID][]builder.ID{}
	for _, ep := range m.EntryPoints {
		model := spv.ExecutionModel(ep.Operands[0].Word)
		for _, o := range ep.Operands[3:] {
			v := du.Def(o.ID())
			if v == nil || v.Op != spv.OpVariable || done[v.Result] != nil {
				continue
			}
			id := v.Result // (splitting deletes v)
			if parts := e.splitStageVariable(du, model, v); parts != nil {
				done[id] = parts
			}
		}
	}
	if len(done) == 0 {
		return
	}
	for _, ep := range m.EntryPoints {
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
	}
	m.Compact()
	m.InvalidateDefUse()
}

// splitStageVariable splits one stage variable and returns its parts'
// variables in location order, or nil if it stays.
func (e *emitter) splitStageVariable(du *builder.DefUse, model spv.ExecutionModel, v *builder.Inst) []builder.ID {
	sc := spv.StorageClass(v.Operands[0].Word)
	if sc != spv.StorageClassInput && sc != spv.StorageClassOutput {
		return nil
	}
	var decos []*builder.Inst
	loc, comp, located := uint32(0), uint32(0), false
	perVertex, patch := false, false
	for _, u := range du.Users(v.Result) {
		if !builder.IsAnnotation(u.Op) || u.Op == spv.OpMemberDecorate {
			continue
		}
		switch spv.Decoration(u.Operands[1].Word) {
		case spv.DecorationLocation:
			loc, located = u.Operands[1].Params[0].Word, true
			continue
		case spv.DecorationComponent:
			comp = u.Operands[1].Params[0].Word
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
	_, t, _ := e.b.Pointee(v.Type)
	extra := uint32(0) // the per-vertex array's length
	if arrayedIO(model, sc, patch, perVertex) {
		n, ok := e.arrayLength(t)
		if !ok {
			return nil
		}
		extra, t = n, e.b.ElementType(t)
	}
	if op := e.b.TypeOp(t); op != spv.OpTypeArray && op != spv.OpTypeMatrix {
		return nil
	}
	var accesses []ioAccess
	var chains []*builder.Inst
	if !collectIOAccesses(du, v.Result, nil, &accesses, &chains) {
		return nil
	}
	root := e.ioParts(t)
	r := ioRewrite{e: e, sc: sc, extra: extra}
	for _, a := range accesses {
		if _, _, _, ok := r.resolve(root, a); !ok {
			return nil
		}
	}
	var names []string
	for _, u := range du.Users(v.Result) {
		if u.Op == spv.OpName {
			names = append(names, u.Operands[1].Str)
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
			vt = e.b.TypeArrayN(vt, extra, 0)
		}
		p.v = e.b.GlobalVariable(e.b.TypePointer(sc, vt), sc, "", 0)
		e.b.Decorate(p.v, spv.DecorationLocation, builder.Lit(loc))
		e.b.Decorate(p.v, spv.DecorationComponent, builder.Lit(comp))
		loc++
		vars = append(vars, p.v)
	}
	makeVars(root)
	for _, id := range vars {
		for _, d := range decos {
			e.b.Decorate(id, spv.Decoration(d.Operands[1].Word), d.Operands[1].Params...)
		}
		for _, n := range names {
			e.b.Name(id, n)
		}
	}
	for _, a := range accesses {
		r.rewrite(root, a)
	}
	for _, c := range chains {
		du.Kill(c)
	}
	du.KillNamesAndDecorations(v.Result)
	du.Kill(v)
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

// arrayLength is the length of an array type.
func (e *emitter) arrayLength(t builder.ID) (uint32, bool) {
	d := e.b.Def(t)
	if d == nil || d.Op != spv.OpTypeArray {
		return 0, false
	}
	n, ok := e.b.ConstantValue(d.Operands[1].ID())
	return uint32(n), ok
}

// ioParts is the tree of parts of a value of type t: an element per
// array element, a column per matrix column, down to vectors and scalars.
func (e *emitter) ioParts(t builder.ID) *ioPart {
	p := &ioPart{typ: t}
	var n uint32
	switch e.b.TypeOp(t) {
	case spv.OpTypeArray:
		n, _ = e.arrayLength(t)
	case spv.OpTypeMatrix:
		n = e.b.ComponentCount(t)
	default:
		return p
	}
	for range n {
		p.parts = append(p.parts, e.ioParts(e.b.ElementType(t)))
	}
	return p
}

// collectIOAccesses gathers the loads and stores through ptr (the stage
// variable, or an access chain into it with indices idx) and the chains on
// the way; false if ptr has another use.
func collectIOAccesses(du *builder.DefUse, ptr builder.ID, idx []builder.ID, accesses *[]ioAccess, chains *[]*builder.Inst) bool {
	for _, u := range du.Users(ptr) {
		switch {
		case u.Op == spv.OpName || u.Op == spv.OpEntryPoint || builder.IsAnnotation(u.Op):
			if idx != nil {
				return false
			}
		case u.Op == spv.OpLoad && u.Operands[0].ID() == ptr:
			*accesses = append(*accesses, ioAccess{u, idx})
		case u.Op == spv.OpStore && u.Operands[0].ID() == ptr:
			*accesses = append(*accesses, ioAccess{u, idx})
		case (u.Op == spv.OpAccessChain || u.Op == spv.OpInBoundsAccessChain) && u.Operands[0].ID() == ptr:
			*chains = append(*chains, u)
			next := append(append([]builder.ID{}, idx...), operandIDs(u.Operands[1:])...)
			if !collectIOAccesses(du, u.Result, next, accesses, chains) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func operandIDs(ops []builder.Operand) []builder.ID {
	ids := make([]builder.ID, len(ops))
	for i, o := range ops {
		ids[i] = o.ID()
	}
	return ids
}

// ioRewrite rewrites the accesses of one split stage variable.
type ioRewrite struct {
	e     *emitter
	sc    spv.StorageClass
	extra uint32 // the per-vertex array's length, 0 if none
	at    *builder.Inst
}

// emit inserts a new instruction before the access being rewritten.
func (r *ioRewrite) emit(op spv.Op, typ builder.ID, ops ...builder.Operand) builder.ID {
	in := &builder.Inst{Op: op, Type: typ, Operands: ops}
	if typ != 0 {
		in.Result = r.e.b.M.NewID()
	}
	r.at.Block.InsertBefore(r.at, in)
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
		k, isConst := r.e.b.ConstantValue(idx[0])
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
	du := r.e.b.M.DefUse()
	switch a.in.Op {
	case spv.OpLoad:
		var val builder.ID
		if r.extra > 0 && vertex == 0 {
			var elems []builder.Operand
			for i := range r.extra {
				elems = append(elems, builder.Ref(r.load(p, r.e.b.ConstUint32(i), idx)))
			}
			val = r.emit(spv.OpCompositeConstruct, a.in.Type, elems...)
		} else {
			val = r.load(p, vertex, idx)
		}
		du.ReplaceAllUses(a.in.Result, val)
	case spv.OpStore:
		value := a.in.Operands[1].ID()
		if r.extra > 0 && vertex == 0 {
			elemType := r.e.b.ElementType(du.TypeOf(value))
			for i := range r.extra {
				r.store(p, r.e.b.ConstUint32(i), idx, r.emit(spv.OpCompositeExtract, elemType, builder.Ref(value), builder.Lit(i)))
			}
		} else {
			r.store(p, vertex, idx, value)
		}
	}
	du.Kill(a.in)
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
	return r.emit(spv.OpAccessChain, r.e.b.TypePointer(r.sc, typ), ops...)
}

// load reads part p (at vertex, if given) and returns its value.
func (r *ioRewrite) load(p *ioPart, vertex builder.ID, idx []builder.ID) builder.ID {
	if p.parts == nil {
		typ := p.typ
		for range idx {
			typ = r.e.b.ElementType(typ)
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
			typ = r.e.b.ElementType(typ)
		}
		r.emit(spv.OpStore, 0, builder.Ref(r.pointer(p, vertex, idx, typ)), builder.Ref(value))
		return
	}
	for i, q := range p.parts {
		r.store(q, vertex, nil, r.emit(spv.OpCompositeExtract, q.typ, builder.Ref(value), builder.Lit(uint32(i))))
	}
}
