package builder

import (
	"fmt"
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Verify checks the structural rules a module must meet before it is
// serialised, cheaply, so that a codegen or pass bug becomes an error
// instead of invalid SPIR-V: a memory model; each id defined once and below
// the bound; every id used is defined; module-level definitions come before
// their uses; entry points name functions; every function has blocks,
// every block ends with its only terminator, OpPhi only starts blocks,
// OpVariable only starts the entry block, and merge instructions sit right
// before a branch. It does not replace spirv-val (types, dominance and
// structured control flow rules are not checked).
func Verify(m *Module) error {
	if m.MemoryModel == nil {
		return fmt.Errorf("verify: no OpMemoryModel")
	}
	defined := make([]bool, m.Bound)
	// define takes the defining opcode, not its name: the name is only
	// needed for an error.
	define := func(id ID, by spv.Op) error {
		if id == 0 || id >= m.Bound {
			return fmt.Errorf("verify: %s defines %%%d, not a valid id below the bound %d", by, id, m.Bound)
		}
		if defined[id] {
			return fmt.Errorf("verify: %%%d is defined twice (again by %s)", id, by)
		}
		defined[id] = true
		return nil
	}
	// Module-level definitions, in order: a global may only use what is
	// defined before it, or a pointer type declared by OpTypeForwardPointer.
	var forward map[ID]bool
	// uses holds the ids an instruction uses: a loop over them is cheaper
	// than a callback per id, and the module has one use per operand.
	var uses []ID
	// recheck holds, by section, the module-level definitions whose uses
	// the check of uses anywhere below must still see: those that may
	// refer ahead. The others' uses are all defined already.
	var recheck [3][]*Inst
	for si, s := range [3][]*Inst{m.ExtInstImports, m.DebugSources, m.Globals} {
		for _, in := range s {
			if in.Op == spv.OpTypeForwardPointer && len(in.Operands) > 0 {
				if forward == nil {
					forward = map[ID]bool{}
				}
				forward[in.Operands[0].ID()] = true
			}
			// Forward pointers and extended instructions (debug
			// information may name functions) may refer ahead.
			if in.Op != spv.OpTypeForwardPointer && in.Op != spv.OpExtInst && in.Op != spv.OpExtInstWithForwardRefsKHR {
				uses = in.AppendUses(uses[:0])
				ahead := false
				for _, id := range uses {
					if id < m.Bound && defined[id] {
						continue
					}
					if !forward[id] {
						return fmt.Errorf("verify: %s %%%d uses %%%d before its definition", in.Op, in.Result, id)
					}
					ahead = true
				}
				if ahead {
					recheck[si] = append(recheck[si], in)
				}
			} else {
				recheck[si] = append(recheck[si], in)
			}
			if in.Result != 0 {
				if err := define(in.Result, in.Op); err != nil {
					return err
				}
			}
		}
	}
	for _, f := range m.Functions {
		if err := define(f.Def.Result, spv.OpFunction); err != nil {
			return err
		}
		for _, p := range f.Params {
			if err := define(p.Result, spv.OpFunctionParameter); err != nil {
				return err
			}
		}
		if len(f.Blocks) == 0 {
			return fmt.Errorf("verify: function %%%d has no blocks", f.Def.Result)
		}
		for bi, b := range f.Blocks {
			if err := define(b.Label, spv.OpLabel); err != nil {
				return err
			}
			if len(b.Insts) == 0 || !isTerminator(b.Insts[len(b.Insts)-1].Op) {
				return fmt.Errorf("verify: block %%%d does not end with a terminator", b.Label)
			}
			phis := true
			vars := bi == 0
			for i, in := range b.Insts {
				last := i == len(b.Insts)-1
				switch {
				case isTerminator(in.Op) && !last:
					return fmt.Errorf("verify: block %%%d has %s before its end", b.Label, in.Op)
				case in.Op == spv.OpPhi && !phis:
					return fmt.Errorf("verify: block %%%d has OpPhi after other instructions", b.Label)
				case in.Op == spv.OpVariable && !vars:
					return fmt.Errorf("verify: OpVariable %%%d is not at the start of the entry block", in.Result)
				case (in.Op == spv.OpSelectionMerge || in.Op == spv.OpLoopMerge) && i != len(b.Insts)-2:
					return fmt.Errorf("verify: block %%%d: %s must come right before the terminator", b.Label, in.Op)
				}
				phis = phis && in.Op == spv.OpPhi
				vars = vars && in.Op == spv.OpVariable
				if in.Result != 0 {
					if err := define(in.Result, in.Op); err != nil {
						return err
					}
				}
			}
		}
	}
	// Uses anywhere (functions, blocks and labels may be used before they
	// are defined), in layout order (Module.All's) so that the first
	// broken one is reported.
	check := func(s []*Inst) error {
		for _, in := range s {
			// The operands are read in place; an operand with parameters
			// (an enumerant's, a pair's members) sends the instruction
			// through AppendUses.
			bad, nested := ID(0), false
			if t := in.Type; t != 0 && (t >= m.Bound || !defined[t]) {
				bad = t
			}
			for i := 0; i < len(in.Operands) && bad == 0; i++ {
				o := &in.Operands[i]
				if isID(*o) {
					if id := ID(o.Word); id >= m.Bound || !defined[id] {
						bad = id
					}
				} else if o.x != nil && len(o.x.params) > 0 {
					nested = true
				}
			}
			if nested && bad == 0 {
				uses = in.AppendUses(uses[:0])
				for _, id := range uses {
					if id >= m.Bound || !defined[id] {
						bad = id
						break
					}
				}
			}
			if bad != 0 {
				return fmt.Errorf("verify: %s uses %%%d, which is never defined", in.Op, bad)
			}
		}
		return nil
	}
	mm := []*Inst{}
	if m.MemoryModel != nil {
		mm = []*Inst{m.MemoryModel}
	}
	for _, s := range [...][]*Inst{recheck[0], mm, m.EntryPoints, m.ExecutionModes, recheck[1], m.Names, m.ModuleProcessed, m.Annotations, recheck[2]} {
		if err := check(s); err != nil {
			return err
		}
	}
	for _, f := range m.Functions {
		if err := check([]*Inst{f.Def}); err != nil {
			return err
		}
		if err := check(f.Params); err != nil {
			return err
		}
		if err := check(f.Prologue); err != nil {
			return err
		}
		for _, b := range f.Blocks {
			if err := check(b.Insts); err != nil {
				return err
			}
		}
	}
	for _, ep := range m.EntryPoints {
		if len(ep.Operands) > 1 && !isFunction(m, ep.Operands[1].ID()) {
			return fmt.Errorf("verify: entry point %q names %%%d, which is not a function", entryName(ep), ep.Operands[1].ID())
		}
	}
	return nil
}

// isFunction reports whether id is one of m's functions.
func isFunction(m *Module, id ID) bool {
	for _, f := range m.Functions {
		if f.Def.Result == id {
			return true
		}
	}
	return false
}

func entryName(ep *Inst) string {
	if len(ep.Operands) > 2 {
		return ep.Operands[2].Str()
	}
	return ""
}

// VerifyIR is Verify plus the invariants passes must keep, cheap enough to
// run between passes in tests: every instruction and block links to its
// block and function; every use of a value defined in a function is
// dominated by its definition (an OpPhi's at the end of its incoming
// block); an OpPhi has one incoming value per predecessor; merge and
// continue targets are blocks of the function; and, when the def-use
// chains are built, they know every definition and use.
func VerifyIR(m *Module) error {
	if err := Verify(m); err != nil {
		return err
	}
	for _, f := range m.Functions {
		if err := verifyFunction(m, f); err != nil {
			return fmt.Errorf("verify: function %%%d: %w", f.Def.Result, err)
		}
	}
	if m.du != nil {
		for in := range m.All() {
			if in.Result != 0 && m.du.Def(in.Result) != in {
				return fmt.Errorf("verify: def-use chains do not know %s defining %%%d", in.Op, in.Result)
			}
			var err error
			in.ForEachUse(func(id *ID) {
				if err != nil {
					return
				}
				for _, u := range m.du.users[*id] {
					if u == in {
						return
					}
				}
				err = fmt.Errorf("verify: def-use chains miss the use of %%%d by %s", *id, in)
			})
			if err != nil {
				return err
			}
		}
		if err := m.du.verifyCheckedLists(); err != nil {
			return err
		}
	}
	return nil
}

// verifyCheckedLists checks that the user lists the chains take as checked
// hold only live instructions that use the id, each once: an edit that
// dropped a use without ForgetUses (or AnalyzeUses) leaves a stale entry.
func (du *DefUse) verifyCheckedLists() error {
	seen := map[*Inst]bool{}
	for id, l := range du.users {
		if du.checked[id] != du.edits {
			continue
		}
		clear(seen)
		for _, u := range l {
			switch {
			case u.killed():
				return fmt.Errorf("verify: the checked user list of %%%d holds a deleted instruction", id)
			case !usesID(u, ID(id)):
				return fmt.Errorf("verify: the checked user list of %%%d holds %s, which no longer uses it (changed without DefUse.ForgetUses)", id, u)
			case seen[u]:
				return fmt.Errorf("verify: the checked user list of %%%d holds %s twice", id, u)
			}
			seen[u] = true
		}
	}
	return nil
}

func verifyFunction(m *Module, f *Function) error {
	g := NewCFG(f)
	if f.cfg != nil && !f.recheck && !sameCFG(f.cfg, g) {
		return fmt.Errorf("the cached control-flow graph is stale (the blocks or branches changed without InvalidateCFG)")
	}
	dom := NewDominators(g)
	// Where each value of the function is defined: block index and
	// position in it.
	type place struct{ block, pos int32 }
	defs := map[ID]place{}
	for bi, b := range f.Blocks {
		if b.Func != f {
			return fmt.Errorf("block %%%d does not link to its function", b.Label)
		}
		for i, in := range b.Insts {
			if in.Block != b {
				return fmt.Errorf("%s in block %%%d does not link to it", in, b.Label)
			}
			if in.killed() {
				return fmt.Errorf("block %%%d holds a deleted instruction (Compact was not run)", b.Label)
			}
			if in.Result != 0 {
				defs[in.Result] = place{int32(bi), int32(i)}
			}
		}
		if mi := b.Merge(); mi != nil {
			for _, o := range mi.Operands {
				if o.IsID() && g.Index(o.ID()) < 0 {
					return fmt.Errorf("block %%%d: %s names %%%d, which is not a block of the function", b.Label, mi.Op, o.ID())
				}
			}
		}
		for _, s := range b.Successors() {
			if g.Index(s) < 0 {
				return fmt.Errorf("block %%%d branches to %%%d, which is not a block of the function", b.Label, s)
			}
		}
	}
	for bi, b := range f.Blocks {
		if !g.Reachable(int32(bi)) {
			continue // uses in unreachable blocks need not be dominated
		}
		for i, in := range b.Insts {
			if in.Op == spv.OpPhi {
				preds := g.Preds[bi]
				if len(in.Operands) != len(preds) {
					return fmt.Errorf("%s in block %%%d has %d incoming values for %d predecessors", in, b.Label, len(in.Operands), len(preds))
				}
				for _, p := range in.Operands {
					v, parent := p.Params()[0].ID(), p.Params()[1].ID()
					pi := g.Index(parent)
					if pi < 0 || !contains(preds, pi) {
						return fmt.Errorf("%s in block %%%d: %%%d is not a predecessor", in, b.Label, parent)
					}
					if d, ok := defs[v]; ok && g.Reachable(pi) && !dom.Dominates(d.block, pi) {
						return fmt.Errorf("%s in block %%%d: %%%d does not dominate the end of %%%d", in, b.Label, v, parent)
					}
				}
				continue
			}
			var err error
			in.ForEachUse(func(id *ID) {
				d, ok := defs[*id]
				if err != nil || !ok {
					return
				}
				if d.block == int32(bi) && d.pos >= int32(i) || d.block != int32(bi) && !dom.StrictlyDominates(d.block, int32(bi)) {
					err = fmt.Errorf("%s in block %%%d uses %%%d, whose definition does not dominate it", in, b.Label, *id)
				}
			})
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// sameCFG reports whether two control-flow graphs have the same blocks
// (the same *Block values, in order) and edges.
func sameCFG(a, b *CFG) bool {
	if len(a.Blocks) != len(b.Blocks) || !slices.Equal(a.RPO, b.RPO) {
		return false
	}
	for i := range a.Blocks {
		if a.Blocks[i] != b.Blocks[i] || !slices.Equal(a.Succs[i], b.Succs[i]) || !slices.Equal(a.Preds[i], b.Preds[i]) {
			return false
		}
	}
	return true
}
