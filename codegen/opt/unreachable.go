package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// undefs hands out OpUndef values as spirv-opt's memory passes do: the
// first request for a type in a pass run makes a new OpUndef at the end of
// the globals, later ones reuse it. (spirv-opt does not look for an
// OpUndef the module already has, so neither does this.)
type undefs struct {
	c     *Context
	byTyp map[builder.ID]builder.ID
}

// newUndefs makes the table; its map is made at the first OpUndef (most
// runs make none).
func newUndefs(c *Context) *undefs { return &undefs{c: c} }

func (u *undefs) get(typ builder.ID) builder.ID {
	if id, ok := u.byTyp[typ]; ok {
		return id
	}
	in := u.c.NewInst(spv.OpUndef, typ)
	u.c.addGlobal(in)
	if u.byTyp == nil {
		u.byTyp = map[builder.ID]builder.ID{}
	}
	u.byTyp[typ] = in.Result
	return in.Result
}

// addGlobal appends a new module-level instruction to the globals and
// registers it.
func (c *Context) addGlobal(in *builder.Inst) {
	c.M.Globals = append(c.M.Globals, in)
	c.DU.Define(in)
}

// removeUnreachableBlocks deletes the blocks of f that cannot be reached
// from its entry block, counting a reachable header's merge block and
// continue target as reached (spirv-opt's MemPass::CFGCleanup). OpPhi
// operands for deleted predecessors are dropped; incoming values defined in
// deleted blocks become OpUndef. It reports whether anything changed.
func removeUnreachableBlocks(c *Context, f *builder.Function, u *undefs) bool {
	if len(f.Blocks) == 0 {
		return false
	}
	index := c.blockIndex(f)
	reached := make([]bool, len(f.Blocks))
	work := []int{0}
	reached[0] = true
	mark := func(l builder.ID) {
		if i := index(l); i >= 0 && !reached[i] {
			reached[i] = true
			work = append(work, i)
		}
	}
	var succs []builder.ID
	for len(work) > 0 {
		b := f.Blocks[work[len(work)-1]]
		work = work[:len(work)-1]
		succs = b.AppendSuccessors(succs[:0])
		for _, s := range succs {
			mark(s)
		}
		if m := b.Merge(); m != nil {
			mark(m.Operands[0].ID())
			if m.Op == spv.OpLoopMerge {
				mark(m.Operands[1].ID())
			}
		}
	}
	all := true
	for _, r := range reached {
		all = all && r
	}
	if all {
		return false
	}
	isReached := func(label builder.ID) bool {
		i := index(label)
		return i >= 0 && reached[i]
	}
	for i, b := range f.Blocks {
		if !reached[i] {
			continue
		}
		for _, phi := range b.Insts {
			if phi.Op != spv.OpPhi {
				break
			}
			fixPhiForRemovedBlocks(c, phi, isReached, u)
		}
	}
	kept := f.Blocks[:0]
	for i, b := range f.Blocks {
		if reached[i] {
			kept = append(kept, b)
			continue
		}
		deleteBlock(c, b)
	}
	clear(f.Blocks[len(kept):])
	f.Blocks = kept
	f.InvalidateCFG()
	return true
}

// fixPhiForRemovedBlocks drops the incoming pairs of phi whose predecessor
// is going away, and turns incoming values defined in blocks going away
// into OpUndef.
func fixPhiForRemovedBlocks(c *Context, phi *builder.Inst, reached func(builder.ID) bool, u *undefs) {
	ops := phi.Operands[:0]
	undef := builder.ID(0)
	changed := false
	for _, p := range phi.Operands {
		val, pred := p.Params()[0].ID(), p.Params()[1].ID()
		if !reached(pred) {
			changed = true
			continue
		}
		if d := c.Def(val); d != nil && d.Block != nil && !reached(d.Block.Label) {
			if undef == 0 {
				undef = u.get(d.Type)
			}
			p = builder.Pair(builder.Ref(undef), builder.Ref(pred))
			changed = true
		}
		ops = append(ops, p)
	}
	phi.Operands = ops
	if changed {
		c.DU.AnalyzeUses(phi)
	}
}

// deleteBlock kills every instruction of a block leaving its function
// (the caller takes it out of the function's block list).
func deleteBlock(c *Context, b *builder.Block) {
	for _, in := range b.Insts {
		c.Kill(in)
	}
	c.DU.KillNamesAndDecorations(b.Label)
	c.DU.ForgetBlock(b)
}
