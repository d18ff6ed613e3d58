package builder

import (
	"fmt"

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
	define := func(id ID, what string) error {
		if id == 0 || id >= m.Bound {
			return fmt.Errorf("verify: %s defines %%%d, not a valid id below the bound %d", what, id, m.Bound)
		}
		if defined[id] {
			return fmt.Errorf("verify: %%%d is defined twice (again by %s)", id, what)
		}
		defined[id] = true
		return nil
	}
	// Module-level definitions, in order: a global may only use what is
	// defined before it, or a pointer type declared by OpTypeForwardPointer.
	forward := map[ID]bool{}
	for _, s := range [][]*Inst{m.ExtInstImports, m.DebugSources, m.Globals} {
		for _, in := range s {
			if in.Op == spv.OpTypeForwardPointer && len(in.Operands) > 0 {
				forward[in.Operands[0].ID()] = true
			}
			var err error
			in.ForEachUse(func(id *ID) {
				// Forward pointers and extended instructions (debug
				// information may name functions) may refer ahead.
				if err == nil && in.Op != spv.OpTypeForwardPointer && in.Op != spv.OpExtInst && !forward[*id] && (*id >= m.Bound || !defined[*id]) {
					err = fmt.Errorf("verify: %s %%%d uses %%%d before its definition", in.Op, in.Result, *id)
				}
			})
			if err != nil {
				return err
			}
			if in.Result != 0 {
				if err := define(in.Result, in.Op.String()); err != nil {
					return err
				}
			}
		}
	}
	funcs := map[ID]bool{}
	for _, f := range m.Functions {
		if err := define(f.Def.Result, "OpFunction"); err != nil {
			return err
		}
		funcs[f.Def.Result] = true
		for _, p := range f.Params {
			if err := define(p.Result, "OpFunctionParameter"); err != nil {
				return err
			}
		}
		if len(f.Blocks) == 0 {
			return fmt.Errorf("verify: function %%%d has no blocks", f.Def.Result)
		}
		for bi, b := range f.Blocks {
			if err := define(b.Label, "OpLabel"); err != nil {
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
					if err := define(in.Result, in.Op.String()); err != nil {
						return err
					}
				}
			}
		}
	}
	// Uses anywhere (functions, blocks and labels may be used before they
	// are defined).
	var err error
	for in := range m.All() {
		in.ForEachUse(func(id *ID) {
			if err == nil && (*id >= m.Bound || !defined[*id]) {
				err = fmt.Errorf("verify: %s uses %%%d, which is never defined", in.Op, *id)
			}
		})
		if err != nil {
			return err
		}
	}
	for _, ep := range m.EntryPoints {
		if len(ep.Operands) > 1 && !funcs[ep.Operands[1].ID()] {
			return fmt.Errorf("verify: entry point %q names %%%d, which is not a function", entryName(ep), ep.Operands[1].ID())
		}
	}
	return nil
}

func entryName(ep *Inst) string {
	if len(ep.Operands) > 2 {
		return ep.Operands[2].Str
	}
	return ""
}
