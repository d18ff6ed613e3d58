package spirv

import (
	"sort"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// SV_ClipDistance[N] and SV_CullDistance[N] (float or floatK each) are
// packed, as DXC does, into one float array per kind and direction — the
// ClipDistance and CullDistance built-ins — in semantic index order, each
// semantic taking as many elements as it has components.

// clipSlot is one semantic's place in its array.
type clipSlot struct {
	cull   bool
	in     bool
	index  int // the semantic index (SV_ClipDistance1 is 1)
	count  int // components
	offset int
	v      builder.ID // the array variable, once created
	order  int
	arrayN int // > 0: one array per vertex (a mesh shader's outputs)
}

func (e *emitter) clipCullLeaf(t *types.Type, sem, upper string, path []uint32, in bool) []ioLeaf {
	if e.ioArray > 0 && e.opts.Stage != "ms" {
		e.unsupported(nil, "the semantic "+sem+" on per-vertex arrays")
	}
	c := t.Canonical()
	if !c.Scalar().IsFloat() || !(c.IsScalar() || c.IsVector()) {
		e.errorf(e.pos, "semantic %s must be a float scalar or vector", sem)
	}
	_, idx := splitSemantic(sem)
	if idx < 0 {
		idx = 0
	}
	slot := &clipSlot{cull: upper == "SV_CULLDISTANCE", in: in, index: idx, count: flatCount(c), order: len(e.clipSlots), arrayN: e.ioArray}
	e.clipSlots = append(e.clipSlots, slot)
	return []ioLeaf{{path: path, typ: t, varType: t, clip: slot}}
}

// finishClipCull creates the arrays once every semantic is known.
func (e *emitter) finishClipCull(vars *[]*stageVar) {
	type group struct {
		cull, in bool
	}
	groups := map[group][]*clipSlot{}
	var keys []group
	for _, s := range e.clipSlots {
		g := group{s.cull, s.in}
		if _, ok := groups[g]; !ok {
			keys = append(keys, g)
		}
		groups[g] = append(groups[g], s)
	}
	for _, g := range keys {
		slots := groups[g]
		sort.SliceStable(slots, func(i, j int) bool { return slots[i].index < slots[j].index })
		total := 0
		for _, s := range slots {
			s.offset = total
			total += s.count
		}
		sc, name, bi := spv.StorageClassOutput, "gl_ClipDistance", spv.BuiltInClipDistance
		if g.in {
			sc = spv.StorageClassInput
		}
		if g.cull {
			name, bi = "gl_CullDistance", spv.BuiltInCullDistance
		}
		arr := e.b.TypeArrayN(e.typeID(types.ScalarType(types.Float)), uint32(total), 0)
		if n := slots[0].arrayN; n > 0 {
			arr = e.b.TypeArrayN(arr, uint32(n), 0)
		}
		id := e.b.GlobalVariable(e.b.TypePointer(sc, arr), sc, name, 0)
		e.b.Decorate(id, spv.DecorationBuiltIn, builder.Enum(bi))
		*vars = append(*vars, &stageVar{id: id, in: g.in, builtin: true, location: -1})
		for _, s := range slots {
			s.v = id
		}
	}
	e.clipSlots = nil
}

func (e *emitter) clipElemPtr(s *clipSlot, i int) builder.ID {
	sc := spv.StorageClassOutput
	if s.in {
		sc = spv.StorageClassInput
	}
	pt := e.b.TypePointer(sc, e.typeID(types.ScalarType(types.Float)))
	return e.fb.AccessChain(pt, s.v, e.b.ConstUint32(uint32(s.offset+i)))
}

func (e *emitter) readClipCull(l ioLeaf) builder.ID {
	ft := e.typeID(types.ScalarType(types.Float))
	parts := make([]builder.ID, l.clip.count)
	for i := range parts {
		parts[i] = e.fb.Load(ft, e.clipElemPtr(l.clip, i))
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return e.fb.CompositeConstruct(e.typeID(l.typ), parts...)
}

func (e *emitter) writeClipCull(l ioLeaf, x builder.ID) {
	ft := e.typeID(types.ScalarType(types.Float))
	for i := range l.clip.count {
		v := x
		if l.clip.count > 1 {
			v = e.fb.CompositeExtract(ft, x, uint32(i))
		}
		e.fb.Store(e.clipElemPtr(l.clip, i), v)
	}
}
