package opt

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// simplifyInstructions is --simplify-instructions (spirv-opt's
// SimplificationPass): it folds every instruction of every function with
// the folder (FoldInstruction), in reverse post-order of the blocks so that
// operands are simplified before their users, then again whatever a change
// may have made foldable (users of a changed instruction, phis seen before
// their inputs changed, instructions a rule made). An instruction folded to
// a copy is replaced by its operand everywhere (names and decorations
// excepted) and deleted, as are stores of OpUndef.
type simplifyInstructions struct{}

func (simplifyInstructions) Name() string { return "simplify-instructions" }

func (simplifyInstructions) Run(c *Context) (bool, error) {
	changed := false
	// seen and phis are by result id (what they hold has one): every
	// instruction is looked up, and a slice beats hashing pointers. They
	// live in the Context (the pipelines run the pass three times) and are
	// emptied for each function.
	seen, phis := &c.simplify[0], &c.simplify[1]
	seen.fit(c.M.Bound)
	phis.fit(c.M.Bound)
	for _, f := range c.M.Functions {
		seen.reset()
		phis.reset()
		if simplifyFunction(c, f, seen, phis) {
			changed = true
		}
	}
	return changed, nil
}

// stampSet is a set of ids that empties in O(1) (amortised): an id is in
// it when its stamp is the current one. Stamps are bytes, cleared when
// they wrap around.
type stampSet struct {
	stamps []uint8
	cur    uint8
}

// fit makes room for the ids below bound.
func (s *stampSet) fit(bound builder.ID) {
	if n := int(bound); len(s.stamps) < n {
		s.stamps = append(s.stamps, make([]uint8, n-len(s.stamps))...)
	}
}

// reset empties the set.
func (s *stampSet) reset() {
	s.cur++
	if s.cur == 0 {
		clear(s.stamps)
		s.cur = 1
	}
}

func (s *stampSet) has(id builder.ID) bool { return int(id) < len(s.stamps) && s.stamps[id] == s.cur }

func (s *stampSet) add(id builder.ID) {
	if int(id) >= len(s.stamps) {
		s.stamps = slices.Grow(s.stamps, int(id)+1-len(s.stamps))[:int(id)+1]
	}
	s.stamps[id] = s.cur
}

// simplifier is simplify-instructions' run over one function.
type simplifier struct {
	c          *Context
	seen, phis *stampSet
	changed    bool
	work       []*builder.Inst // to fold again, in order
	inWork     builder.InstSet
	kill       []*builder.Inst
	// killed are the instructions queued in kill: by result in a set
	// (the Context's), the few without a result (stores folded away) in
	// a list; a map by pointer grew with every instruction folded away.
	killed         *stampSet
	killedNoResult []*builder.Inst
	ids            []builder.ID // scratch: the ids an instruction uses
	// secondPass: the walk in block order is done; work is being drained.
	secondPass bool
}

func simplifyFunction(c *Context, f *builder.Function, seen, phis *stampSet) bool {
	if len(f.Blocks) == 0 {
		return false
	}
	killed := &c.simplify[2]
	killed.fit(c.M.Bound)
	killed.reset()
	s := &simplifier{c: c, seen: seen, phis: phis, inWork: builder.NewInstSet(), killed: killed}
	g := f.CFG()
	for _, bi := range g.RPO {
		b := g.Blocks[bi]
		// New instructions go before the one being folded (and are
		// queued), so the walk goes on after the current instruction's
		// new position.
		for i := 0; i < len(b.Insts); i++ {
			in := b.Insts[i]
			if in.Result != 0 {
				seen.add(in.Result)
			}
			if in.Op == spv.OpPhi {
				phis.add(in.Result)
			}
			n := len(b.Insts)
			s.process(in)
			if b.Insts[i] != in {
				if j := i + len(b.Insts) - n; j >= 0 && j < len(b.Insts) && b.Insts[j] == in {
					i = j
				} else {
					i = b.Index(in)
				}
			}
		}
	}
	s.secondPass = true
	for i := 0; i < len(s.work); i++ {
		in := s.work[i]
		s.inWork.Remove(in)
		if in.Result != 0 {
			seen.add(in.Result)
		}
		if s.isKilled(in) {
			s.inWork.Add(in)
			continue
		}
		s.process(in)
	}
	for _, in := range s.kill {
		c.Kill(in)
	}
	return s.changed
}

// process folds in and queues what its change may make foldable.
func (s *simplifier) process(in *builder.Inst) {
	c := s.c
	foldableCopy := in.Op == spv.OpCopyObject && c.subsetOfDecorations(in.Result, in.Operands[0].ID())
	if !foldableCopy && (!c.folder().mayFold(in) || !c.FoldInstruction(in)) {
		return
	}
	s.changed = true
	if in.Result != 0 {
		for _, u := range c.DU.UsersView(in.Result) {
			if s.secondPass {
				if !builder.IsAnnotation(u.Op) && u.Op != spv.OpName && !s.inWork.Has(u) {
					s.inWork.Add(u)
					s.work = append(s.work, u)
				}
			} else if s.phis.has(u.Result) && !s.inWork.Has(u) {
				s.inWork.Add(u)
				s.work = append(s.work, u)
			}
		}
	}
	// Instructions a rule made are looked at too.
	s.ids = appendInIDs(s.ids[:0], in.Operands)
	for _, id := range s.ids {
		if d := c.Def(id); d != nil && !s.seen.has(d.Result) {
			s.seen.add(d.Result)
			s.work = append(s.work, d)
		}
	}
	switch in.Op {
	case spv.OpCopyObject:
		c.replaceUsesExceptAnnotations(in.Result, in.Operands[0].ID())
		fallthrough
	case spv.OpNop:
		if !s.isKilled(in) {
			if in.Result != 0 {
				s.killed.add(in.Result)
			} else {
				s.killedNoResult = append(s.killedNoResult, in)
			}
			s.kill = append(s.kill, in)
		}
		s.inWork.Add(in)
	}
}

// isKilled reports whether in is queued for deletion.
func (s *simplifier) isKilled(in *builder.Inst) bool {
	if in.Result != 0 {
		return s.killed.has(in.Result)
	}
	return slices.Contains(s.killedNoResult, in)
}

// replaceUsesExceptAnnotations rewrites the uses of old into new, except in
// names, decorations and other debug instructions (which then go with old).
func (c *Context) replaceUsesExceptAnnotations(old, new builder.ID) {
	if old == new {
		return
	}
	for _, u := range c.DU.Users(old) {
		if builder.IsAnnotation(u.Op) || isDebugOpcode(u.Op) {
			continue
		}
		c.DU.ForgetUses(u)
		u.ForEachUse(func(p *builder.ID) {
			if *p == old {
				*p = new
			}
		})
		c.DU.AnalyzeUses(u)
	}
}

// isDebugOpcode reports the core debug instructions (names, sources,
// lines).
func isDebugOpcode(op spv.Op) bool {
	switch op {
	case spv.OpName, spv.OpMemberName, spv.OpSource, spv.OpSourceContinued, spv.OpSourceExtension,
		spv.OpString, spv.OpLine, spv.OpNoLine, spv.OpModuleProcessed:
		return true
	}
	return false
}

// subsetOfDecorations reports whether every decoration of a is also one of
// b's (so a copy of b can stand for b).
func (c *Context) subsetOfDecorations(a, b builder.ID) bool {
	decos := func(id builder.ID) []*builder.Inst {
		var out []*builder.Inst
		if !c.DU.MayBeAnnotated(id) {
			return nil
		}
		for _, u := range c.DU.Users(id) {
			switch u.Op {
			case spv.OpDecorate, spv.OpDecorateId, spv.OpDecorateString, spv.OpMemberDecorate, spv.OpMemberDecorateString:
				if u.Operands[0].ID() == id {
					out = append(out, u)
				}
			}
		}
		return out
	}
	da := decos(a)
	if len(da) == 0 {
		return true
	}
	db := decos(b)
	for _, x := range da {
		found := false
		for _, y := range db {
			if x.Op == y.Op && sameOperandsAfterTarget(x, y) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func sameOperandsAfterTarget(x, y *builder.Inst) bool {
	if len(x.Operands) != len(y.Operands) {
		return false
	}
	for i := 1; i < len(x.Operands); i++ {
		if x.Operands[i].String() != y.Operands[i].String() {
			return false
		}
	}
	return true
}
