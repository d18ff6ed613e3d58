package wgsl

import (
	"fmt"
	"strings"

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
//   - to the merge of an enclosing construct that WGSL's break cannot
//     reach (a loop's merge from inside a switch, an enclosing selection's
//     or switch's merge from a nested one): an exit through a guard flag,
//     as Tint's and naga's structurizers do — the flag is set, the
//     innermost breakable statement is left when it is inside the target
//     construct, and after each statement that contains such an exit the
//     enclosing lists test the flag: `if (flag) { break; }` where a break
//     leaves towards the target, the rest of the list in `if (!flag)`
//     where falling off the list does; the list ending at the target
//     clears the flag;
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
	// parent is the enclosing region; depth counts the regions around
	// this one, brkDepth is the depth of the region whose statement a
	// WGSL break leaves (the innermost loop body or switch case).
	parent          *region
	depth, brkDepth int
}

func (r *region) nested(end int32) *region {
	n := *r
	n.end = end
	n.parent = r
	n.depth = r.depth + 1
	return &n
}

type edgeKind uint8

const (
	edgeNext     edgeKind = iota // continue the statement list at the target
	edgeFallOut                  // the region's end
	edgeJump                     // break or continue (the stmts end with the jump)
	edgeBackEdge                 // the loop's back edge, from its continue construct
	edgeInlined                  // a switch fallthrough: the target's case was emitted inline
	edgeEscape                   // to an enclosing construct's merge, through a guard flag
)

// An escape is a pending exit through a guard flag: control goes to block
// target, the end of the region at depth (for an enclosing selection or
// switch), or the merge of loop.
type escape struct {
	flag   string
	target int32
	depth  int
	loop   *loopCtx
	// broke is the depth of the breakable statement the exit last broke
	// out of (0: none): the lists inside it never see the flag set.
	broke int
}

// classify says what reaching block to means in region reg.
func (fs *funcState) classify(to int32, reg *region) (edgeKind, string) {
	switch {
	case to == reg.end:
		return edgeFallOut, ""
	case reg.loop != nil && to == reg.loop.header && reg.inContinuing:
		return edgeBackEdge, ""
	case reg.loop != nil && to == reg.loop.merge:
		if reg.inContinuing {
			fs.t.unsupported("a branch out of a loop from its continue construct other than at its end")
		}
		if reg.brk != breakLoop {
			return edgeEscape, ""
		}
		return edgeJump, "break;"
	case reg.loop != nil && to == reg.loop.cont:
		if reg.inContinuing {
			fs.t.fail("a branch to the continue target from inside the continue construct")
		}
		return edgeJump, "continue;"
	case reg.sw != nil && to == reg.sw.merge && reg.brk == breakSwitch:
		return edgeJump, "break;"
	case reg.sw != nil && reg.sw.cases[to]:
		return edgeInlined, ""
	}
	if fs.enclosingEnd(to, reg) != nil {
		return edgeEscape, ""
	}
	return edgeNext, ""
}

// enclosingEnd returns the enclosing region (not reg itself) that ends at
// block to, if any.
func (fs *funcState) enclosingEnd(to int32, reg *region) *region {
	for r := reg.parent; r != nil; r = r.parent {
		if r.end == to {
			return r
		}
	}
	return nil
}

// escapeTo starts an exit from region reg to block to through a guard
// flag: it sets the flag and leaves the innermost breakable statement when
// that is inside the target construct. The kind is edgeJump when the
// statements end with a break, else edgeFallOut (the list ends).
func (fs *funcState) escapeTo(to int32, reg *region) ([]stmt, edgeKind) {
	t := fs.t
	e := &escape{target: to}
	if reg.loop != nil && to == reg.loop.merge {
		e.loop = reg.loop
		e.depth = -1
	} else {
		r := fs.enclosingEnd(to, reg)
		if r == nil {
			t.fail("an exit to a block that ends no enclosing construct")
		}
		if reg.inContinuing && r.depth < reg.depth && fs.continuingDepth(reg) > r.depth {
			t.unsupported("a branch out of a loop's continue construct to an enclosing construct's merge")
		}
		e.depth = r.depth
	}
	if fs.escapeFlags == nil {
		fs.escapeFlags = map[int32]string{}
	}
	e.flag = fs.escapeFlags[to]
	if e.flag == "" {
		e.flag = t.names.unique("exit_to_" + t.baseName(fs.cfg.Blocks[to].Label, "block"))
		fs.escapeFlags[to] = e.flag
		fs.hoisted = append(fs.hoisted, fmt.Sprintf("var %s : bool;", e.flag))
	}
	fs.escapes = append(fs.escapes, e)
	out := []stmt{sLine{e.flag + " = true;"}}
	if e.leavesBy(reg) {
		e.broke = reg.brkDepth
		return append(out, sJump{"break;"}), edgeJump
	}
	return out, edgeFallOut
}

// continuingDepth is the depth of the continue construct reg is in.
func (fs *funcState) continuingDepth(reg *region) int {
	d := reg.depth
	for r := reg; r != nil && r.inContinuing; r = r.parent {
		d = r.depth
	}
	return d
}

// leavesBy reports whether, from region reg, the exit goes on by breaking
// out of the innermost breakable statement (which lies inside the target
// construct); otherwise it goes on by falling off reg's list.
func (e *escape) leavesBy(reg *region) bool {
	if reg.brk == breakNone {
		return false
	}
	if e.loop != nil {
		return true // a switch inside the loop, or the loop itself
	}
	return reg.brkDepth > e.depth
}

// resolveEscapes continues a list after a statement that contains exits
// through guard flags (those escapes[mark:] still pending): tail emits the
// rest of the list. An exit that a break takes on is tested with
// `if (flag) { break; }`; one that falls off the list skips the rest of it
// with `if (!flag) { rest }`. The list that ends at an exit's target, or
// whose break leaves the target loop, clears the flag: the exit is done.
func (fs *funcState) resolveEscapes(out []stmt, mark int, reg *region, tail func() []stmt) []stmt {
	pending := fs.escapes[mark:]
	var keep, done []*escape
	var skip []string
	seen := map[string]bool{}
	for _, e := range pending {
		if e.broke > 0 && reg.depth >= e.broke {
			// Still inside the statement the exit broke out of.
			keep = append(keep, e)
			continue
		}
		if seen[e.flag] {
			// Another exit to the same target, already tested here.
			if e.loop == nil && reg.end == e.target || e.loop != nil && reg.loop == e.loop && reg.brk == breakLoop {
				continue
			}
			keep = append(keep, e)
			continue
		}
		seen[e.flag] = true
		switch {
		case e.loop != nil && reg.loop == e.loop && reg.brk == breakLoop:
			out = append(out, sIf{cond: e.flag, then: []stmt{sLine{e.flag + " = false;"}, sJump{"break;"}}})
		case e.loop == nil && reg.end == e.target:
			skip = append(skip, e.flag)
			done = append(done, e)
		case e.leavesBy(reg):
			if reg.inContinuing {
				fs.t.unsupported("an exit through a loop's continue construct")
			}
			out = append(out, sIf{cond: e.flag, then: []stmt{sJump{"break;"}}})
			e.broke = reg.brkDepth
			keep = append(keep, e)
		default:
			skip = append(skip, e.flag)
			keep = append(keep, e)
		}
	}
	fs.escapes = append(fs.escapes[:mark], keep...)
	rest := tail()
	if len(skip) == 0 {
		return append(out, rest...)
	}
	if len(rest) > 0 {
		cond := "!" + skip[0]
		if len(skip) > 1 {
			cond = "!(" + strings.Join(skip, " || ") + ")"
		}
		out = append(out, sIf{cond: cond, then: rest})
	}
	// Flags whose exit ends here are cleared for the next time round.
	for _, e := range done {
		out = append(out, sLine{e.flag + " = false;"})
	}
	return out
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
	case edgeEscape:
		stmts, kind := fs.escapeTo(to, reg)
		out = append(out, stmts...)
		k = kind
	}
	return out, k
}

// continueAt emits what follows a construct statement in region reg: the
// list going on at its merge block next.
func (fs *funcState) continueAt(next int32, reg *region) []stmt {
	if !fs.cfg.Reachable(next) {
		return nil
	}
	k, jump := fs.classify(next, reg)
	switch k {
	case edgeNext:
		return fs.emitSeq(next, reg)
	case edgeJump:
		return []stmt{sJump{jump}}
	case edgeInlined:
		caseReg := *reg
		return fs.emitSeq(next, &caseReg)
	case edgeEscape:
		stmts, _ := fs.escapeTo(next, reg)
		return stmts
	}
	return nil
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
			mark := len(fs.escapes)
			out = append(out, fs.emitLoop(b, reg))
			next, _ := fs.cfg.MergeOf(b)
			if len(fs.escapes) > mark {
				return fs.resolveEscapes(out, mark, reg, func() []stmt { return fs.continueAt(next, reg) })
			}
			k, jump := fs.classify(next, reg)
			switch k {
			case edgeNext:
				b = next
				continue
			case edgeJump:
				out = append(out, sJump{jump})
			case edgeEscape:
				stmts, _ := fs.escapeTo(next, reg)
				out = append(out, stmts...)
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
			mark := len(fs.escapes)
			switch term.Op {
			case spv.OpBranchConditional:
				out = append(out, fs.emitIf(b, mergeBlock, term, reg)...)
			case spv.OpSwitch:
				out = append(out, fs.emitSwitch(b, mergeBlock, term, reg)...)
			default:
				fs.t.fail("OpSelectionMerge before a %s", term.Op)
			}
			if len(fs.escapes) > mark {
				return fs.resolveEscapes(out, mark, reg, func() []stmt { return fs.continueAt(mergeBlock, reg) })
			}
			if !fs.cfg.Reachable(mergeBlock) {
				return out
			}
			k, _ := fs.classify(mergeBlock, reg)
			if k == edgeNext {
				b = mergeBlock
				continue
			}
			return append(out, fs.continueAt(mergeBlock, reg)...)
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
func (fs *funcState) emitSwitch(b, merge int32, term *builder.Inst, reg *region) []stmt {
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
	// WGSL switches on 32-bit integers: a 64-bit selector becomes the index
	// of the case value it equals.
	var pre []stmt
	selector := fs.value(selID).text
	if s.isWide() {
		idx := t.names.unique("case_index")
		sel := fs.temp(fs.value(selID), selType, &pre)
		pre = append(pre, sLine{fmt.Sprintf("var %s = 0xffffffffu;", idx)})
		var chain []stmt
		for i := len(term.Operands) - 1; i >= 2; i-- {
			p := term.Operands[i]
			if len(p.Params()) != 2 {
				t.fail("OpSwitch target is not a (literal, label) pair")
			}
			chain = []stmt{sIf{cond: fmt.Sprintf("all(%s == %s)", sel.text, wideLiteral(p.Params()[0].Uint64()).text),
				then: []stmt{sLine{fmt.Sprintf("%s = %du;", idx, i-2)}}, els_: chain}}
		}
		pre = append(pre, chain...)
		selector = idx
	}
	for i, p := range term.Operands[2:] {
		if len(p.Params()) != 2 {
			t.fail("OpSwitch target is not a (literal, label) pair")
		}
		if s.isWide() {
			add(p.Params()[1].ID(), fmt.Sprintf("%du", i))
			continue
		}
		add(p.Params()[1].ID(), t.literal(selType, uint64(p.Params()[0].Word)).text)
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
	caseReg.sw, caseReg.brk, caseReg.brkDepth = sw, breakSwitch, caseReg.depth
	out := sSwitch{selector: selector}
	for _, tg := range targets {
		body := fs.phiAssignments(b, tg.block)
		if tg.block != merge {
			switch k, jump := fs.classify(tg.block, reg); k {
			case edgeJump:
				body = append(body, sJump{jump})
			case edgeEscape:
				// A case going straight to an enclosing construct's merge
				// leaves the switch first.
				stmts, _ := fs.escapeTo(tg.block, caseReg)
				body = append(body, stmts...)
			default:
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
	return append(pre, out)
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
	body.loop, body.brk, body.inContinuing, body.brkDepth = lp, breakLoop, false, body.depth
	contReg := reg.nested(h)
	contReg.loop, contReg.brk, contReg.inContinuing, contReg.brkDepth = lp, breakNone, true, contReg.depth
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
	if out.breakIf == "" && !leavesLoop(out.body, true) && !leavesLoop(out.continuing, true) {
		// A loop nothing leaves (its merge is unreachable): WGSL refuses
		// a loop that cannot exit, so it gets an exit never taken.
		out.breakIf = "false"
	}
	return out
}

// leavesLoop reports whether statements of a loop can leave it: a return,
// or a break of the loop itself (loopLevel: not inside a nested loop or
// switch, whose break is their own).
func leavesLoop(list []stmt, loopLevel bool) bool {
	for _, s := range list {
		switch s := s.(type) {
		case sJump:
			if strings.HasPrefix(s.text, "return") || loopLevel && strings.HasSuffix(s.text, "break;") {
				return true
			}
		case sIf:
			if leavesLoop(s.then, loopLevel) || leavesLoop(s.els_, loopLevel) {
				return true
			}
		case sBlock:
			if leavesLoop(s.body, loopLevel) {
				return true
			}
		case sSwitch:
			for _, c := range s.cases {
				if leavesLoop(c.body, false) {
					return true
				}
			}
		case sLoop:
			if leavesLoop(s.body, false) || leavesLoop(s.continuing, false) {
				return true
			}
		}
	}
	return false
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
