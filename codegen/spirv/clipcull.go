package spirv

import (
	"slices"
	"sort"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// SV_ClipDistance[N] and SV_CullDistance[N] (float, floatK, or an array
// of either) are packed, as DXC does, into one float array per kind and
// direction — the ClipDistance and CullDistance built-ins — in semantic
// index order, each semantic taking as many elements as it has components.

// clipSlot is one semantic's place in its array.
type clipSlot struct {
	cull  bool
	in    bool
	index int // the semantic index (SV_ClipDistance1 is 1)
	count int // components
	// elems > 0: the semantic is an array of elems scalars or vectors of
	// count/elems components each
	elems  int
	offset int
	v      builder.ID // the array variable, once created
	order  int
	arrayN int // > 0: one array per vertex (a mesh shader's outputs)
}

func (e *emitter) clipCullLeaf(el sema.IOElem, upper string) []ioLeaf {
	t, sem, path, in := el.Type, el.Semantic, el.Path, el.Input
	if e.io.ioArray > 0 && e.stage() != stage.Mesh && e.stage() != stage.Hull && !in {
		e.unsupported(nil, "the semantic "+sem+" on per-vertex outputs")
	}
	c := t.Canonical()
	elems := 0
	if c.IsArray() && c.Len() > 0 {
		elems = int(c.Len())
		c = c.Elem().Canonical()
	}
	if !c.Scalar().IsFloat() || !(c.IsScalar() || c.IsVector()) {
		e.errorf(e.pos, "semantic %s must be a float scalar or vector, or an array of them", sem)
	}
	slot := &clipSlot{cull: upper == "SV_CULLDISTANCE", in: in, index: max(el.Index, 0), count: flatCount(c) * max(elems, 1), elems: elems, order: len(e.io.clipSlots), arrayN: e.io.ioArray}
	e.io.clipSlots = append(e.io.clipSlots, slot)
	leaf := ioLeaf{path: path, typ: t, varType: t, clip: slot}
	if in {
		leaf.arrayN = e.io.ioArray // read for every vertex (gs.go)
	}
	return []ioLeaf{leaf}
}

// clipArray is one of the arrays: the slots of one kind and direction.
type clipArray struct {
	cull, in bool
	slots    []*clipSlot // by semantic index
	size     int         // floats
}

// packClipSlots groups the slots into their arrays, in the order the
// kinds and directions are first met, and gives each slot its offset in
// its array: the slots in semantic index order, each taking its
// components.
func packClipSlots(slots []*clipSlot) []clipArray {
	var arrays []clipArray
	for _, s := range slots {
		i := slices.IndexFunc(arrays, func(a clipArray) bool { return a.cull == s.cull && a.in == s.in })
		if i < 0 {
			i = len(arrays)
			arrays = append(arrays, clipArray{cull: s.cull, in: s.in})
		}
		arrays[i].slots = append(arrays[i].slots, s)
	}
	for i := range arrays {
		a := &arrays[i]
		sort.SliceStable(a.slots, func(i, j int) bool { return a.slots[i].index < a.slots[j].index })
		for _, s := range a.slots {
			s.offset = a.size
			a.size += s.count
		}
	}
	return arrays
}

// finishClipCull creates the arrays once every semantic is known.
func (e *emitter) finishClipCull(vars *[]*stageVar) {
	var made []*stageVar
	var madeIDs, before []builder.ID
	for _, a := range packClipSlots(e.io.clipSlots) {
		sc, name, bi := spv.StorageClassOutput, "gl_ClipDistance", spv.BuiltInClipDistance
		if a.in {
			sc = spv.StorageClassInput
		}
		if a.cull {
			name, bi = "gl_CullDistance", spv.BuiltInCullDistance
		}
		arr := e.b.TypeArrayN(e.typeID(types.ScalarType(types.Float)), uint32(a.size), 0)
		if n := a.slots[0].arrayN; n > 0 {
			arr = e.b.TypeArrayN(arr, uint32(n), 0)
		}
		id := e.b.GlobalVariable(e.b.TypePointer(sc, arr), sc, name, 0)
		e.b.Decorate(id, spv.DecorationBuiltIn, builder.Enum(bi))
		made = append(made, &stageVar{id: id, in: a.in, builtin: true, location: -1})
		madeIDs = append(madeIDs, id)
		for _, s := range a.slots {
			s.v = id
		}
	}
	for _, v := range *vars {
		before = append(before, v.id)
	}
	// DXC creates them before the other stage variables: they lead the
	// interface, and their decorations come before the others'
	hoistVariables(e.b.M, madeIDs, before)
	*vars = append(made, *vars...)
	e.io.clipSlots = nil
}

// hoistVariables moves the global variables moved, and their
// decorations, to just before the first of the variables before (and its
// decorations); the module's types and constants are ordered later
// (order.go).
func hoistVariables(m *builder.Module, moved, before []builder.ID) {
	if len(moved) == 0 || len(before) == 0 {
		return
	}
	isMoved, isBefore := map[builder.ID]bool{}, map[builder.ID]bool{}
	for _, id := range moved {
		isMoved[id] = true
	}
	for _, id := range before {
		isBefore[id] = true
	}
	hoistBefore(m.Annotations, func(in *builder.Inst) builder.ID { return in.Operands[0].ID() }, isMoved, isBefore)
	hoistBefore(m.Globals, func(in *builder.Inst) builder.ID { return in.Result }, isMoved, isBefore)
}

// hoistBefore reorders section in place: the instructions whose key is in
// moved go, in their order, right before the first one whose key is in
// earlier.
func hoistBefore(section []*builder.Inst, key func(*builder.Inst) builder.ID, moved, earlier map[builder.ID]bool) {
	first := -1
	var hoisted, rest []*builder.Inst
	for _, in := range section {
		switch k := key(in); {
		case moved[k]:
			hoisted = append(hoisted, in)
		case earlier[k] && first < 0:
			first = len(rest)
			rest = append(rest, in)
		default:
			rest = append(rest, in)
		}
	}
	if first < 0 || len(hoisted) == 0 {
		return
	}
	out := append(append(append([]*builder.Inst(nil), rest[:first]...), hoisted...), rest[first:]...)
	copy(section, out)
}

// clipElemPtr points to component i of the slot, of vertex vertex when
// the array is per vertex.
func (e *emitter) clipElemPtr(s *clipSlot, vertex builder.ID, i int) builder.ID {
	sc := spv.StorageClassOutput
	if s.in {
		sc = spv.StorageClassInput
	}
	pt := e.b.TypePointer(sc, e.typeID(types.ScalarType(types.Float)))
	at := e.b.ConstUint32(uint32(s.offset + i))
	if s.arrayN > 0 {
		return e.fb.AccessChain(pt, s.v, vertex, at)
	}
	return e.fb.AccessChain(pt, s.v, at)
}

// readClipCull reads the value of a clip or cull leaf; for a per-vertex
// input (gs, hs, ds), the array of every vertex's value.
func (e *emitter) readClipCull(l ioLeaf) builder.ID {
	if n := l.clip.arrayN; n > 0 {
		vertices := make([]builder.ID, n)
		for v := range vertices {
			vertices[v] = e.readClipCullVertex(l, v)
		}
		return e.fb.CompositeConstruct(e.b.TypeArrayN(e.typeID(l.typ), uint32(n), 0), vertices...)
	}
	return e.readClipCullVertex(l, 0)
}

func (e *emitter) readClipCullVertex(l ioLeaf, vertex int) builder.ID {
	ft := e.typeID(types.ScalarType(types.Float))
	s := l.clip
	elemType := l.typ
	if s.elems > 0 {
		elemType = l.typ.Canonical().Elem()
	}
	n := s.count / max(s.elems, 1) // components of one element
	read := func(first int) builder.ID {
		parts := make([]builder.ID, n)
		for i := range parts {
			parts[i] = e.fb.Load(ft, e.clipElemPtr(s, e.b.ConstUint32(uint32(vertex)), first+i))
		}
		if n == 1 {
			return parts[0]
		}
		return e.fb.CompositeConstruct(e.typeID(elemType), parts...)
	}
	if s.elems == 0 {
		return read(0)
	}
	elems := make([]builder.ID, s.elems)
	for k := range elems {
		elems[k] = read(k * n)
	}
	return e.fb.CompositeConstruct(e.typeID(l.typ), elems...)
}

func (e *emitter) writeClipCull(l ioLeaf, x builder.ID) {
	e.writeClipCullAt(l, x, 0)
}

// writeClipCullAt writes the value of a clip or cull leaf; vertex is the
// control point of a hull shader's per-vertex output (0 otherwise).
func (e *emitter) writeClipCullAt(l ioLeaf, x, vertex builder.ID) {
	ft := e.typeID(types.ScalarType(types.Float))
	s := l.clip
	if s.elems > 0 && vertex == 0 {
		// DXC computes each element's place: the slot's offset plus the
		// element's, then plus the component
		n := s.count / s.elems
		sc := spv.StorageClassOutput
		pt := e.b.TypePointer(sc, ft)
		u := e.typeID(types.ScalarType(types.Uint))
		for k := range s.elems {
			base := e.fb.Emit(spv.OpIAdd, u, builder.Ref(e.b.ConstUint32(uint32(s.offset))), builder.Ref(e.b.ConstUint32(uint32(k*n))))
			for i := range n {
				at := e.fb.Emit(spv.OpIAdd, u, builder.Ref(base), builder.Ref(e.b.ConstUint32(uint32(i))))
				p := e.fb.AccessChain(pt, s.v, at)
				idx := []uint32{uint32(k)}
				if n > 1 {
					idx = append(idx, uint32(i))
				}
				e.fb.Store(p, e.fb.CompositeExtract(ft, x, idx...))
			}
		}
		return
	}
	n := s.count / max(s.elems, 1)
	for i := range s.count {
		v := x
		switch {
		case s.elems > 0 && n > 1:
			v = e.fb.CompositeExtract(ft, x, uint32(i/n), uint32(i%n))
		case s.count > 1:
			v = e.fb.CompositeExtract(ft, x, uint32(i))
		}
		e.fb.Store(e.clipElemPtr(s, vertex, i), v)
	}
}
