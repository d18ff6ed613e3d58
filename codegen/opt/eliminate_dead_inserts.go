package opt

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// deadInserts is --eliminate-dead-inserts (spirv-opt's DeadInsertElimPass):
// in the functions the entry points reach, an OpCompositeInsert whose
// element no later extract (or other use) reads, through chains of inserts
// and phis, is bypassed (its uses take its composite) and deleted with
// what only it used; again until nothing changes. Inserts into arrays are
// left alone.
type deadInserts struct{}

func (deadInserts) Name() string { return "eliminate-dead-inserts" }

func (deadInserts) Run(c *Context) (bool, error) {
	changed := false
	var p *memPass
	for _, f := range reachableFunctions(c) {
		if !hasCompositeInsert(f) {
			// Nothing to delete: the walk over the phis' chains would
			// only mark inserts live. (Most optimized shaders have no
			// insert left when the pass runs.)
			continue
		}
		if p == nil {
			p = newMemPass(c)
		}
		d := &deadInsertElim{c: c, p: p}
		for d.onePass(f) {
			changed = true
		}
	}
	return changed, nil
}

// hasCompositeInsert reports whether f holds an OpCompositeInsert.
func hasCompositeInsert(f *builder.Function) bool {
	for in := range f.Insts() {
		if in.Op == spv.OpCompositeInsert {
			return true
		}
	}
	return false
}

type deadInsertElim struct {
	c    *Context
	p    *memPass
	live map[builder.ID]bool
}

// isCompositeType reports whether typ is a composite type.
func (d *deadInsertElim) isCompositeType(typ builder.ID) bool {
	switch d.c.B.TypeOp(typ) {
	case spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeArray, spv.OpTypeStruct, spv.OpTypeCooperativeMatrixKHR,
		spv.OpTypeCooperativeMatrixNV:
		return true
	}
	return false
}

// numComponents returns the number of elements of a composite type (0 for
// an array whose length is not a 32-bit constant).
func (d *deadInsertElim) numComponents(typ builder.ID) uint32 {
	b := d.c.B
	switch b.TypeOp(typ) {
	case spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeStruct:
		return b.ComponentCount(typ)
	case spv.OpTypeArray:
		l := d.c.Def(b.Def(typ).Operands[1].ID())
		if l == nil || l.Op != spv.OpConstant || b.ScalarWidth(l.Type) != 32 {
			return 0
		}
		return l.Operands[0].Word
	}
	return 0
}

func (d *deadInsertElim) onePass(f *builder.Function) bool {
	c := d.c
	d.live = map[builder.ID]bool{}
	for in := range f.Insts() {
		if in.Op != spv.OpCompositeInsert && (in.Op != spv.OpPhi || !d.isCompositeType(in.Type)) {
			continue
		}
		if in.Op == spv.OpCompositeInsert && c.B.TypeOp(in.Type) == spv.OpTypeArray {
			d.live[in.Result] = true
			continue
		}
		for _, u := range c.DU.Users(in.Result) {
			if c.debugOp(u) != noDebugOp {
				continue
			}
			switch u.Op {
			case spv.OpCompositeInsert, spv.OpPhi:
				// A use by an insert or a phi does not read anything.
			case spv.OpCompositeExtract:
				var idx []uint32
				for _, o := range u.Operands[1:] {
					idx = append(idx, o.Word)
				}
				d.markChain(in, idx, true, 0, map[builder.ID]bool{})
			default:
				d.markChain(in, nil, false, 0, map[builder.ID]bool{})
			}
		}
	}
	var dead []*builder.Inst
	for in := range f.Insts() {
		if in.Op != spv.OpCompositeInsert || d.live[in.Result] {
			continue
		}
		c.DU.ReplaceAllUses(in.Result, in.Operands[1].ID())
		dead = append(dead, in)
	}
	changed := len(dead) > 0
	// Last first, as spirv-opt; one deleted along with another is skipped
	// (dceInst passes over what is already deleted).
	for _, in := range slices.Backward(dead) {
		d.p.dceInst(in, nil)
	}
	return changed
}

// insertIndexes returns the indexes of an insert.
func insertIndexes(in *builder.Inst) []builder.Operand { return in.Operands[2:] }

// extMatch reports whether the extract indexes from off on are exactly
// the insert's.
func extMatch(ext []uint32, ins *builder.Inst, off int) bool {
	idx := insertIndexes(ins)
	if len(ext)-off != len(idx) {
		return false
	}
	for i := range idx {
		if ext[off+i] != idx[i].Word {
			return false
		}
	}
	return true
}

// extConflict reports whether one of the extract and insert index lists
// (from off on) is a proper prefix of the other.
func extConflict(ext []uint32, ins *builder.Inst, off int) bool {
	idx := insertIndexes(ins)
	if len(ext)-off == len(idx) {
		return false
	}
	for i := 0; i < min(len(ext)-off, len(idx)); i++ {
		if ext[off+i] != idx[i].Word {
			return false
		}
	}
	return true
}

// markChain marks live the inserts of the chain ending at chain (inserts
// and phis) that write what an extract with indexes ext (from off on)
// reads; with hasExt false, everything is read.
func (d *deadInsertElim) markChain(chain *builder.Inst, ext []uint32, hasExt bool, off int, visited map[builder.ID]bool) {
	c := d.c
	if chain == nil || c.B.TypeOp(chain.Type) == spv.OpTypeArray {
		return
	}
	if chain.Op != spv.OpCompositeInsert && chain.Op != spv.OpPhi {
		return
	}
	if !hasExt {
		// Everything is read: each element in turn.
		if n := d.numComponents(chain.Type); n > 0 {
			for i := uint32(0); i < n; i++ {
				d.markChain(chain, []uint32{i}, true, 0, map[builder.ID]bool{})
			}
			return
		}
	}
	markObject := func(ins *builder.Inst, ext []uint32, hasExt bool, off int) {
		d.markChain(c.Def(ins.Operands[0].ID()), ext, hasExt, off, map[builder.ID]bool{})
	}
	in := chain
	for in != nil && in.Op == spv.OpCompositeInsert {
		switch {
		case !hasExt:
			d.live[in.Result] = true
			markObject(in, nil, false, 0)
		case extMatch(ext, in, off):
			d.live[in.Result] = true
			markObject(in, nil, false, 0)
			return
		case extConflict(ext, in, off):
			d.live[in.Result] = true
			n := len(insertIndexes(in))
			if len(ext)-off > n {
				markObject(in, ext, true, off+n)
				return
			}
			markObject(in, nil, false, 0)
		}
		in = c.Def(in.Operands[1].ID())
	}
	if in == nil || in.Op != spv.OpPhi || visited[in.Result] {
		return
	}
	visited[in.Result] = true
	var ids []builder.ID
	for _, p := range in.Operands {
		ids = append(ids, p.Params()[0].ID())
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	for _, id := range ids {
		d.markChain(c.Def(id), ext, hasExt, off, visited)
	}
}
