package opt

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// IllegalPointer is what legalization left that the validator refuses:
// a logical pointer where logical addressing forbids it without the
// VariablePointers capability (held in a Function or Private variable, or
// chosen by an OpPhi or OpSelect), or an image, sampler or sampled image
// chosen by one — a resource picked at run time that neither constant
// folding nor unrolling resolved.
type IllegalPointer struct {
	// Inst is the OpVariable, OpPhi or OpSelect.
	Inst *builder.Inst
	// Validator is spirv-val's wording of the error, which DXC reports
	// as "failed to legalize SPIR-V".
	Validator string
	// Held says where the pointer is: "a variable" or "a value chosen at
	// run time (a phi or a select)".
	Held string
	// Handle: an image, sampler or sampled image, not a pointer.
	Handle bool
}

// CheckPointers returns the first illegal pointer or handle of m, or nil.
// Pointers are not checked in a module declaring VariablePointers or
// VariablePointersStorageBuffer; PhysicalStorageBuffer pointers are
// ordinary values.
func CheckPointers(m *builder.Module) *IllegalPointer {
	varPointers := slices.Contains(m.Capabilities, spv.CapabilityVariablePointers) ||
		slices.Contains(m.Capabilities, spv.CapabilityVariablePointersStorageBuffer)
	// The lookups below are of types, which are module-level: a table of
	// the globals serves them (the def-use chains, which compact-ids
	// dropped, would cost a walk of every instruction's uses).
	var top builder.ID
	for _, g := range m.Globals {
		top = max(top, g.Result)
	}
	globals := make([]*builder.Inst, top+1)
	for _, g := range m.Globals {
		if g.Result != 0 {
			globals[g.Result] = g
		}
	}
	def := func(id builder.ID) *builder.Inst {
		if id < builder.ID(len(globals)) {
			return globals[id]
		}
		return nil
	}
	pointee := func(typ builder.ID) (spv.StorageClass, builder.ID, bool) {
		d := def(typ)
		if d == nil || d.Op != spv.OpTypePointer {
			return 0, 0, false
		}
		return spv.StorageClass(d.Operands[0].Word), d.Operands[1].ID(), true
	}
	logical := func(typ builder.ID) bool {
		sc, _, ok := pointee(typ)
		return ok && !varPointers && sc != spv.StorageClassPhysicalStorageBuffer
	}
	holdsPointer := func(v *builder.Inst) *IllegalPointer {
		if _, p, ok := pointee(v.Type); ok && logical(p) {
			return &IllegalPointer{Inst: v, Held: "a variable",
				Validator: "In Logical addressing, variables may not allocate a pointer type"}
		}
		return nil
	}
	for _, in := range m.Globals {
		if in.Op == spv.OpVariable && spv.StorageClass(in.Operands[0].Word) == spv.StorageClassPrivate {
			if p := holdsPointer(in); p != nil {
				return p
			}
		}
	}
	for in := range m.BlockInsts() {
		switch in.Op {
		case spv.OpVariable:
			if p := holdsPointer(in); p != nil {
				return p
			}
		case spv.OpPhi, spv.OpSelect:
			var op spv.Op
			if d := def(in.Type); d != nil {
				op = d.Op
			}
			switch op {
			case spv.OpTypeImage, spv.OpTypeSampler, spv.OpTypeSampledImage:
				return &IllegalPointer{Inst: in, Held: "a value chosen at run time (a phi or a select)", Handle: true,
					Validator: "Result type cannot be " + op.String()}
			}
			if logical(in.Type) {
				return &IllegalPointer{Inst: in, Held: "a value chosen at run time (a phi or a select)",
					Validator: "Using pointers with " + in.Op.String() + " requires capability VariablePointers or VariablePointersStorageBuffer"}
			}
		}
	}
	return nil
}

// Chooser returns the instruction whose source position is where the
// program chose the pointer at run time: for an OpSelect, the definition
// of its condition (or the select itself); for an OpPhi, the branch
// condition of the nearest construct header dominating the phi (the phi's
// own block when it heads a loop); for a variable, its first store. It
// needs def-use (du) of m and may return the illegal instruction itself.
func (p *IllegalPointer) Chooser(du *builder.DefUse) *builder.Inst {
	in := p.Inst
	switch in.Op {
	case spv.OpSelect:
		if c := du.Def(in.Operands[0].ID()); c != nil && c.Block != nil {
			return c
		}
	case spv.OpPhi:
		if h := headerOf(in.Block); h != nil {
			return branchChoice(du, h)
		}
	case spv.OpVariable:
		for _, u := range du.Users(in.Result) {
			if u.Op == spv.OpStore && u.Operands[0].ID() == in.Result {
				return u
			}
		}
	}
	return in
}

// headerOf is the header of the innermost construct whose join b is: b
// itself when it heads a loop (the choice flows around the back edge),
// else the nearest dominator of b ending in a merge instruction.
func headerOf(b *builder.Block) *builder.Block {
	if b == nil || b.Func == nil {
		return nil
	}
	if mergeInst(b) != nil && mergeInst(b).Op == spv.OpLoopMerge {
		return b
	}
	f := b.Func
	g, dom := f.CFG(), f.Dominators()
	for i := dom.Idom(g.Index(b.Label)); i >= 0; i = dom.Idom(i) {
		if mergeInst(g.Blocks[i]) != nil {
			return g.Blocks[i]
		}
		if i == 0 {
			break
		}
	}
	return nil
}

// mergeInst is b's OpSelectionMerge or OpLoopMerge, or nil.
func mergeInst(b *builder.Block) *builder.Inst {
	if n := len(b.Insts); n >= 2 {
		if m := b.Insts[n-2]; m.Op == spv.OpSelectionMerge || m.Op == spv.OpLoopMerge {
			return m
		}
	}
	return nil
}

// branchChoice is what decides the branch of header h: the definition of
// its condition or selector when made in a block, else the branch.
func branchChoice(du *builder.DefUse, h *builder.Block) *builder.Inst {
	t := h.Insts[len(h.Insts)-1]
	if t.Op == spv.OpBranch && h.Func != nil {
		// a loop header branching to its condition block
		if next := h.Func.CFG().Block(t.Operands[0].ID()); next != nil {
			t = next.Insts[len(next.Insts)-1]
		}
	}
	if (t.Op == spv.OpBranchConditional || t.Op == spv.OpSwitch) && len(t.Operands) > 0 {
		if c := du.Def(t.Operands[0].ID()); c != nil && c.Block != nil {
			return c
		}
	}
	return t
}

// ReloadJoinedHandles replaces each OpPhi of an image, sampler or sampled
// image whose incoming values all load the same variable by one load of
// that variable at the join, deleting the incoming loads left unused. A
// local texture that every path sets to the same resource (separately
// loaded on each path, as DXC's emitter writes it) is then legal: the
// validator forbids phis of these types, and no legalization pass
// resolves them. It reports whether it changed m.
func ReloadJoinedHandles(m *builder.Module) bool {
	du := m.DefUse()
	changed := false
	for _, f := range m.Functions {
		for _, blk := range f.Blocks {
			n := blk.FirstNonPhi()
			phis := slices.Clone(blk.Insts[:n])
			for _, phi := range phis {
				switch du.Def(phi.Type).Op {
				case spv.OpTypeImage, spv.OpTypeSampler, spv.OpTypeSampledImage:
				default:
					continue
				}
				from := sameLoadedVariable(du, phi)
				if from == 0 {
					continue
				}
				// after every phi (killed ones stay as OpNop until Compact)
				load := &builder.Inst{Op: spv.OpLoad, Type: phi.Type, Result: m.NewID(), Operands: builder.Refs(from)}
				blk.InsertAt(n, load)
				n++
				du.ReplaceAllUses(phi.Result, load.Result)
				incoming := phi.Operands
				du.Kill(phi)
				for _, pair := range incoming {
					if in := du.Def(pair.Params()[0].ID()); in != nil && in.Op == spv.OpLoad &&
						!du.AnyUser(in.Result, func(u *builder.Inst) bool { return u.Op != spv.OpName }) {
						du.KillNamesAndDecorations(in.Result)
						du.Kill(in)
					}
				}
				changed = true
			}
		}
	}
	if changed {
		m.Compact()
	}
	return changed
}

// sameLoadedVariable is the variable every incoming value of phi loads, or
// 0.
func sameLoadedVariable(du *builder.DefUse, phi *builder.Inst) builder.ID {
	var from builder.ID
	for _, pair := range phi.Operands {
		in := du.Def(pair.Params()[0].ID())
		if in == nil || in.Op != spv.OpLoad || len(in.Operands) != 1 {
			return 0
		}
		v := du.Def(in.Operands[0].ID())
		if v == nil || v.Op != spv.OpVariable || (from != 0 && v.Result != from) {
			return 0
		}
		from = v.Result
	}
	return from
}
