package wgsl

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Structured control flow. The blocks of a construct are emitted as one
// WGSL statement list by following the straight-line successor from its
// entry until the construct's merge block (its region's end): a selection
// header becomes an `if`, a switch header a `switch`, a loop header a
// `loop` with a `continuing` block holding the continue construct, and
// every other branch is classified against the enclosing constructs:
//
//   - to the region's end: falls out of the list (nothing to write);
//   - to the innermost loop's merge: `break` (when no switch is between);
//   - to its continue target: `continue`;
//   - from the continue construct to the header: the back edge, which ends
//     `continuing` (a conditional one becomes `break if`);
//   - to the innermost switch's merge: `break`;
//   - to another case of the switch: WGSL has no fallthrough, so that
//     case's blocks are emitted again, here;
//   - anything else: the next block of the list.
//
// A conditional branch without a merge instruction has one arm that exits
// (break, continue, back edge, or the region's end); it becomes an `if`
// around the exit, and the other arm continues the list (inside the `if`'s
// else when the exit is the region's end). Every edge first assigns the
// phi variables of its target.

type loopCtx struct {
	header, merge, cont int32
	breakIf             string
}

type switchCtx struct {
	merge int32
	cases map[int32]bool
}

// breakable says what a WGSL `break` exits at a point.
type breakable uint8

const (
	breakNone breakable = iota
	breakLoop
	breakSwitch
)

type region struct {
	end          int32
	loop         *loopCtx
	sw           *switchCtx
	brk          breakable
	inContinuing bool
	// outer are the ends of the enclosing regions: branching there from
	// inside is not structured for WGSL.
	outer []int32
}

func (r *region) nested(end int32) *region {
	n := *r
	n.end = end
	n.outer = append(append([]int32(nil), r.outer...), r.end)
	return &n
}

type edgeKind uint8

const (
	edgeNext     edgeKind = iota // continue the statement list at the target
	edgeFallOut                  // the region's end
	edgeJump                     // break or continue (the stmts end with the jump)
	edgeBackEdge                 // the loop's back edge, from its continue construct
	edgeInlined                  // a switch fallthrough: the target's case was emitted inline
)

// classify says what reaching block to means in region reg.
func (fs *funcState) classify(to int32, reg *region) (edgeKind, string) {
	switch {
	case to == reg.end:
		return edgeFallOut, ""
	case reg.loop != nil && to == reg.loop.header && reg.inContinuing:
		return edgeBackEdge, ""
	case reg.loop != nil && to == reg.loop.merge:
		if reg.brk != breakLoop {
			fs.t.unsupported("a branch out of a loop from inside a switch (WGSL's break leaves the switch)")
		}
		if reg.inContinuing {
			fs.t.unsupported("a branch out of a loop from its continue construct other than at its end")
		}
		return edgeJump, "break;"
	case reg.loop != nil && to == reg.loop.cont:
		if reg.inContinuing {
			fs.t.fail("a branch to the continue target from inside the continue construct")
		}
		return edgeJump, "continue;"
	case reg.sw != nil && to == reg.sw.merge:
		if reg.brk != breakSwitch {
			fs.t.unsupported("a branch out of a switch from inside a nested loop")
		}
		return edgeJump, "break;"
	case reg.sw != nil && reg.sw.cases[to]:
		return edgeInlined, ""
	}
	for _, o := range reg.outer {
		if o == to {
			fs.t.unsupported("a branch from a nested construct to the merge block of an enclosing selection")
		}
	}
	return edgeNext, ""
}

// edge returns the statements of the edge from block from to block to, and
// its kind. For edgeNext the caller continues at to.
func (fs *funcState) edge(from, to int32, reg *region) ([]stmt, edgeKind) {
	k, jump := fs.classify(to, reg)
	out := fs.phiAssignments(from, to)
	switch k {
	case edgeJump:
		out = append(out, sJump{jump})
	case edgeInlined:
		caseReg := *reg
		out = append(out, fs.emitSeq(to, &caseReg)...)
	}
	return out, k
}

// emitSeq emits the statement list starting at block b in region reg.
func (fs *funcState) emitSeq(b int32, reg *region) []stmt {
	var out []stmt
	enteringLoop := false
	for steps := 0; ; steps++ {
		if steps > len(fs.cfg.Blocks)*4+16 {
			fs.t.fail("control flow that is not structured (a cycle without a loop header)")
		}
		if b < 0 || b == reg.end || !fs.cfg.Reachable(b) {
			return out
		}
		blk := fs.cfg.Blocks[b]
		merge := blk.Merge()
		if merge != nil && merge.Op == spv.OpLoopMerge && !enteringLoop {
			out = append(out, fs.emitLoop(b, reg))
			next, _ := fs.cfg.MergeOf(b)
			k, jump := fs.classify(next, reg)
			switch k {
			case edgeNext:
				b = next
				continue
			case edgeJump:
				out = append(out, sJump{jump})
			}
			return out
		}
		enteringLoop = false
		fs.emitBody(blk, &out)
		term := blk.Terminator()
		fs.t.cur = term
		if merge != nil && merge.Op == spv.OpSelectionMerge {
			mergeBlock, _ := fs.cfg.MergeOf(b)
			if mergeBlock < 0 {
				fs.t.fail("OpSelectionMerge names a block that does not exist")
			}
			switch term.Op {
			case spv.OpBranchConditional:
				out = append(out, fs.emitIf(b, mergeBlock, term, reg)...)
			case spv.OpSwitch:
				out = append(out, fs.emitSwitch(b, mergeBlock, term, reg))
			default:
				fs.t.fail("OpSelectionMerge before a %s", term.Op)
			}
			if !fs.cfg.Reachable(mergeBlock) {
				return out
			}
			k, jump := fs.classify(mergeBlock, reg)
			switch k {
			case edgeNext:
				b = mergeBlock
				continue
			case edgeJump:
				out = append(out, sJump{jump})
			case edgeInlined:
				caseReg := *reg
				out = append(out, fs.emitSeq(mergeBlock, &caseReg)...)
			}
			return out
		}
		switch term.Op {
		case spv.OpBranch:
			to := fs.target(term.Operands[0].ID())
			stmts, k := fs.edge(b, to, reg)
			out = append(out, stmts...)
			if k == edgeNext {
				b = to
				continue
			}
			return out
		case spv.OpBranchConditional:
			next, ok := fs.conditional(b, term, reg, &out)
			if !ok {
				return out
			}
			b = next
			continue
		case spv.OpReturn:
			out = append(out, sJump{"return;"})
		case spv.OpReturnValue:
			if reg.inContinuing {
				fs.t.unsupported("a return from a loop's continue construct")
			}
			out = append(out, sJump{"return " + fs.value(term.Operands[0].ID()).text + ";"})
		case spv.OpKill, spv.OpTerminateInvocation:
			out = append(out, sLine{"discard;"}, fs.returnAnything())
		case spv.OpUnreachable:
			out = append(out, fs.returnAnything())
		case spv.OpSwitch:
			fs.t.fail("OpSwitch without OpSelectionMerge")
		default:
			fs.t.unsupported("the terminator %s", term.Op)
		}
		if reg.inContinuing && term.Op != spv.OpUnreachable {
			fs.t.unsupported("a return or discard in a loop's continue construct")
		}
		return out
	}
}

// returnAnything leaves the function after a discard or at an unreachable
// point (WGSL needs every path of a function with a result to return).
func (fs *funcState) returnAnything() stmt {
	if fs.t.typ(fs.retType).op == spv.OpTypeVoid {
		return sJump{"return;"}
	}
	return sJump{"return " + fs.t.zero(fs.retType).text + ";"}
}

func (fs *funcState) target(label builder.ID) int32 {
	i := fs.cfg.Index(label)
	if i < 0 {
		fs.t.fail("a branch to %%%d, which is not a block of the function", label)
	}
	return i
}

// conditional emits an OpBranchConditional without a merge instruction.
// It returns the block the list continues at, if any.
func (fs *funcState) conditional(b int32, term *builder.Inst, reg *region, out *[]stmt) (int32, bool) {
	if len(term.Operands) < 3 {
		fs.t.fail("OpBranchConditional with too few operands")
	}
	tt, ft := fs.target(term.Operands[1].ID()), fs.target(term.Operands[2].ID())
	cond := fs.value(term.Operands[0].ID())
	if tt == ft {
		stmts, k := fs.edge(b, tt, reg)
		*out = append(*out, stmts...)
		return tt, k == edgeNext
	}
	// The back edge of a loop ending in a conditional: break if.
	if reg.inContinuing && reg.loop != nil {
		lp := reg.loop
		if (tt == lp.header && ft == lp.merge) || (tt == lp.merge && ft == lp.header) {
			*out = append(*out, fs.phiAssignments(b, lp.header)...)
			*out = append(*out, fs.phiAssignments(b, lp.merge)...)
			if tt == lp.merge {
				lp.breakIf = cond.text
			} else {
				lp.breakIf = unary("!", cond).text
			}
			return 0, false
		}
	}
	ts, tk := fs.edge(b, tt, reg)
	fsStmts, fk := fs.edge(b, ft, reg)
	switch {
	case tk == edgeNext && fk == edgeNext:
		fs.t.unsupported("a conditional branch without a merge instruction whose targets both continue the construct")
	case tk == edgeNext && fk == edgeFallOut:
		// if (!c) { fall out } else { the rest }
		rest := append(ts, fs.emitSeq(tt, reg)...)
		*out = append(*out, sIf{cond: cond.text, then: rest, els_: fsStmts})
		return 0, false
	case fk == edgeNext && tk == edgeFallOut:
		rest := append(fsStmts, fs.emitSeq(ft, reg)...)
		*out = append(*out, sIf{cond: cond.text, then: ts, els_: rest})
		return 0, false
	case tk == edgeNext:
		*out = append(*out, sIf{cond: unary("!", cond).text, then: fsStmts})
		*out = append(*out, ts...)
		return tt, true
	case fk == edgeNext:
		*out = append(*out, sIf{cond: cond.text, then: ts})
		*out = append(*out, fsStmts...)
		return ft, true
	}
	*out = append(*out, sIf{cond: cond.text, then: ts, els_: fsStmts})
	return 0, false
}

// emitIf emits a selection construct headed by b (whose body is already
// emitted).
func (fs *funcState) emitIf(b, merge int32, term *builder.Inst, reg *region) []stmt {
	if len(term.Operands) < 3 {
		fs.t.fail("OpBranchConditional with too few operands")
	}
	cond := fs.value(term.Operands[0].ID())
	tt, ft := fs.target(term.Operands[1].ID()), fs.target(term.Operands[2].ID())
	sel := reg.nested(merge)
	arm := func(to int32) []stmt {
		stmts, k := fs.edge(b, to, sel)
		if k == edgeNext {
			stmts = append(stmts, fs.emitSeq(to, sel)...)
		}
		return stmts
	}
	if tt == ft {
		return arm(tt)
	}
	then, els := arm(tt), arm(ft)
	switch {
	case len(then) == 0 && len(els) == 0:
		return nil
	case len(then) == 0:
		return []stmt{sIf{cond: unary("!", cond).text, then: els}}
	}
	return []stmt{sIf{cond: cond.text, then: then, els_: els}}
}

// emitSwitch emits a switch construct headed by b.
func (fs *funcState) emitSwitch(b, merge int32, term *builder.Inst, reg *region) stmt {
	t := fs.t
	if len(term.Operands) < 2 {
		t.fail("OpSwitch with too few operands")
	}
	selID := term.Operands[0].ID()
	selType := t.typeOfValue(selID)
	s, n := t.scalarOf(selType)
	if !s.isInt() || n != 1 {
		t.unsupported("a switch on a %s", t.typ(selType).text)
	}
	sw := &switchCtx{merge: merge, cases: map[int32]bool{}}
	type target struct {
		block     int32
		selectors []string
	}
	var targets []*target
	byBlock := map[int32]*target{}
	add := func(label builder.ID, sel string) {
		blk := fs.target(label)
		tg := byBlock[blk]
		if tg == nil {
			tg = &target{block: blk}
			byBlock[blk] = tg
			targets = append(targets, tg)
		}
		tg.selectors = append(tg.selectors, sel)
		if blk != merge {
			sw.cases[blk] = true
		}
	}
	add(term.Operands[1].ID(), "default")
	for _, p := range term.Operands[2:] {
		if len(p.Params) != 2 {
			t.fail("OpSwitch target is not a (literal, label) pair")
		}
		if p.Params[0].Wide {
			t.unsupported("a switch on a 64-bit value")
		}
		add(p.Params[1].ID(), t.literal(selType, uint64(p.Params[0].Word)).text)
	}
	// Cases in the order their blocks come (fallthrough goes forward).
	sortTargets := func(a, c *target) bool {
		ra, rc := fs.cfg.RPOIndex(a.block), fs.cfg.RPOIndex(c.block)
		if a.block == merge {
			ra = 1 << 30
		}
		if c.block == merge {
			rc = 1 << 30
		}
		return ra < rc
	}
	for i := 1; i < len(targets); i++ {
		for j := i; j > 0 && sortTargets(targets[j], targets[j-1]); j-- {
			targets[j], targets[j-1] = targets[j-1], targets[j]
		}
	}
	caseReg := reg.nested(merge)
	caseReg.sw, caseReg.brk = sw, breakSwitch
	out := sSwitch{selector: fs.value(selID).text}
	for _, tg := range targets {
		body := fs.phiAssignments(b, tg.block)
		if tg.block != merge {
			if k, jump := fs.classify(tg.block, reg); k == edgeJump {
				body = append(body, sJump{jump})
			} else {
				body = append(body, fs.emitSeq(tg.block, caseReg)...)
			}
		}
		// WGSL's break in a case would only leave the switch: a trailing
		// one is implied.
		if n := len(body); n > 0 {
			if j, ok := body[n-1].(sJump); ok && j.text == "break;" {
				body = body[:n-1]
			}
		}
		out.cases = append(out.cases, sCase{selectors: tg.selectors, body: body})
	}
	return out
}

// emitLoop emits the loop headed by h.
func (fs *funcState) emitLoop(h int32, reg *region) stmt {
	merge, cont := fs.cfg.MergeOf(h)
	if merge < 0 || cont < 0 {
		fs.t.fail("OpLoopMerge names blocks that do not exist")
	}
	lp := &loopCtx{header: h, merge: merge, cont: cont}
	fs.loops = append(fs.loops, lp)
	defer func() { fs.loops = fs.loops[:len(fs.loops)-1] }()
	body := reg.nested(cont)
	body.loop, body.brk, body.inContinuing = lp, breakLoop, false
	contReg := reg.nested(h)
	contReg.loop, contReg.brk, contReg.inContinuing = lp, breakNone, true
	var out sLoop
	if cont == h {
		out.continuing = fs.emitLoopBlock(h, contReg)
	} else {
		out.body = fs.emitLoopBlock(h, body)
		if fs.cfg.Reachable(cont) {
			out.continuing = fs.emitSeq(cont, contReg)
		}
	}
	out.breakIf = lp.breakIf
	return out
}

// emitLoopBlock emits from a loop header, whose OpLoopMerge is the loop
// being emitted.
func (fs *funcState) emitLoopBlock(h int32, reg *region) []stmt {
	var out []stmt
	blk := fs.cfg.Blocks[h]
	fs.emitBody(blk, &out)
	term := blk.Terminator()
	fs.t.cur = term
	switch term.Op {
	case spv.OpBranch:
		to := fs.target(term.Operands[0].ID())
		stmts, k := fs.edge(h, to, reg)
		out = append(out, stmts...)
		if k == edgeNext {
			out = append(out, fs.emitSeq(to, reg)...)
		}
	case spv.OpBranchConditional:
		if next, ok := fs.conditional(h, term, reg, &out); ok {
			out = append(out, fs.emitSeq(next, reg)...)
		}
	default:
		fs.t.fail("a loop header ending in %s", term.Op)
	}
	return out
}
