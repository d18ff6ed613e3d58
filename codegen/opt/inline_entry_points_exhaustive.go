package opt

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// inlineExhaustive is --inline-entry-points-exhaustive: every call in the
// functions the entry points reach is replaced by the callee's body, and
// the inlined code's calls in turn, as spirv-opt's InlineExhaustivePass
// does. The call's block is split around the callee's blocks: the part
// before the call keeps the block's label, the callee's locals become
// variables of the caller's entry block, a returned value goes through a
// new variable (stored at the callee's return, loaded into the call's
// result id), and the caller's code after the call follows in the last
// block. OpSampledImage and OpImage results the code after the call uses
// are recomputed there (they must be in the block that uses them).
//
// Not inlined: functions without a body, with DontInline, recursive ones,
// ones returning from inside a loop, ones with a return before their last
// block (merge-return must run first), and, when called from a continue
// construct, ones holding OpKill or another instruction ending the
// invocation (wrap-opkill moves those out).
//
// With rich debug information, the inlined code's scopes get a
// DebugInlinedAt naming the call site, and the caller's scope and line
// are restored after the inlined code.
type inlineExhaustive struct{}

func (inlineExhaustive) Name() string { return "inline-entry-points-exhaustive" }

func (inlineExhaustive) Run(c *Context) (bool, error) {
	in := newInliner(c)
	insts, ops := in.copySize()
	c.arena.reserve(insts, ops)
	// About an id per copied instruction, and a few labels.
	c.DU.Reserve(c.M.Bound + builder.ID(insts+insts/8))
	changed := false
	forEachReachableFunction(c, func(f *builder.Function) bool {
		if in.inlineAll(f) {
			changed = true
			in.fixDebugDeclares(f)
			f.InvalidateCFG()
		}
		return false
	})
	return changed, nil
}

// inliner holds what the inlining pass knows of the module's functions.
type inliner struct {
	c           *Context
	funcs       map[builder.ID]*builder.Function
	walks       map[builder.ID]functionWalk // by function
	inlinable   map[builder.ID]bool
	earlyReturn map[builder.ID]bool
	dbgSet      builder.ID // the rich debug-info import, 0 if none
	dbgShader   bool       // it is NonSemantic.Shader.DebugInfo
	// decorated holds the ids with decorations: a quick test, for every
	// result the pass copies, before looking for them among the users (a
	// table by id: a map's hashing cost more).
	decorated idSet
	// spare holds the item lists of segments the stream is done with,
	// for the next calls' streams.
	spare [][]inlineItem
	// ids maps a callee's ids to the caller's, for the call being
	// inlined.
	ids idRemap
	// lists is where instList carves blocks' instruction lists from, a
	// chunk of listChunk at a time (from 32, doubling up to 1024: most
	// modules are small, and a chunk of 1024 cost every compile 8 KB, one
	// of 128 still 1 KB for the few instructions of a trivial shader).
	lists     []*builder.Inst
	listChunk int
}

// idRemap maps ids to ids: a slice by id, each entry stamped with the
// generation it was set in, so that starting afresh (reset) costs
// nothing (a map past 2^24, for modules whose ids are sparse). The
// inliner maps every id of every callee it copies.
type idRemap struct {
	to     []builder.ID
	gen    []uint32
	cur    uint32
	sparse map[builder.ID]builder.ID
	// size is the length to make the slices at first: the module's
	// bound, above every callee id.
	size int
}

// reset forgets every mapping.
func (m *idRemap) reset() {
	m.cur++
	clear(m.sparse)
}

func (m *idRemap) set(from, to builder.ID) {
	if from > 1<<24 {
		if m.sparse == nil {
			m.sparse = map[builder.ID]builder.ID{}
		}
		m.sparse[from] = to
		return
	}
	if int(from) >= len(m.to) {
		n := max(int(from)+1, 2*len(m.to), m.size)
		m.to = slices.Grow(m.to, n-len(m.to))[:n]
		m.gen = slices.Grow(m.gen, n-len(m.gen))[:n]
	}
	m.to[from], m.gen[from] = to, m.cur
}

func (m *idRemap) get(from builder.ID) (builder.ID, bool) {
	if from > 1<<24 {
		to, ok := m.sparse[from]
		return to, ok
	}
	if int(from) < len(m.gen) && m.gen[from] == m.cur {
		return m.to[from], true
	}
	return 0, false
}

// at is get's id, 0 when from is not mapped.
func (m *idRemap) at(from builder.ID) builder.ID {
	to, _ := m.get(from)
	return to
}

func newInliner(c *Context) *inliner {
	in := &inliner{c: c, funcs: functionsByID(c.M), inlinable: map[builder.ID]bool{},
		earlyReturn: map[builder.ID]bool{}, decorated: newIDSet(c.M.Bound)}
	in.ids.size = int(c.M.Bound)
	in.dbgSet, in.dbgShader = debugSet(c)
	for _, a := range c.M.Annotations {
		switch a.Op {
		case spv.OpDecorate, spv.OpDecorateId, spv.OpDecorateString:
			in.decorated.add(a.Operands[0].ID())
		case spv.OpGroupDecorate:
			for _, o := range a.Operands[1:] {
				in.decorated.add(o.ID())
			}
		}
	}
	// Every question comes before the pass edits: functions without loops
	// need no analysis.
	sc := newFunctionStructCFG(c)
	fromContinue := map[builder.ID]bool{}
	for _, id := range sc.FuncsCalledFromContinue() {
		fromContinue[id] = true
	}
	in.walks = walkFunctions(c.M)
	recursive := recursiveFunctions(c.M, in.walks)
	shader := c.M.HasCapability(spv.CapabilityShader)
	for _, f := range c.M.Functions {
		id := f.Def.Result
		if len(f.Blocks) == 0 {
			continue
		}
		if spv.FunctionControl(f.Def.Operands[0].Word)&spv.FunctionControlDontInline != 0 {
			continue
		}
		returnInLoop := false
		loops := shader && loopsMayHold(c, f, false, returns)
		for _, b := range f.Blocks {
			if !returns(b) {
				continue
			}
			if loops && sc.ContainingLoop(b.Label) != 0 {
				returnInLoop = true
			}
			if b != f.Blocks[len(f.Blocks)-1] {
				in.earlyReturn[id] = true
			}
		}
		// Without structured control flow returns in loops are not
		// analysed, and such functions are not inlined.
		if !shader || returnInLoop || recursive[id] {
			continue
		}
		if fromContinue[id] && containsAbort(f, false) {
			continue
		}
		in.inlinable[id] = true
	}
	return in
}

// copySize returns about how many instructions and operands inlining
// copies: the code of every call the call tree's roots make, with the
// calls in it inlined in turn. The arena is sized for it at once, so that
// a small module's copies do not leave most of a fixed-size chunk unused.
func (il *inliner) copySize() (insts, ops int) {
	return inlinedSize(il.c, il.walks, il.inlinableCallee)
}

// newIDs is about how many ids inlining will define, asked before the
// pipeline runs (idMaker): an id per instruction copied, as if every
// function with a body were inlinable (the passes before inlining,
// merge-return above all, make most of them so).
func (inlineExhaustive) newIDs(c *Context) int {
	walks := walkFunctions(c.M)
	hasBody := make(map[builder.ID]bool, len(c.M.Functions))
	for _, f := range c.M.Functions {
		hasBody[f.Def.Result] = len(f.Blocks) > 0
	}
	insts, _ := inlinedSize(c, walks, func(id builder.ID) bool { return hasBody[id] })
	return insts + insts/8
}

// inlinedSize returns how many instructions and operands inlining the
// calls to the functions inlinable accepts copies into the call tree's
// roots, from the functions' walks. (A function calling itself, which
// is never inlinable, counts its code once.)
func inlinedSize(c *Context, walks map[builder.ID]functionWalk, inlinable func(builder.ID) bool) (insts, ops int) {
	// The size of the code inlined into a function.
	memo := map[builder.ID]functionWalk{}
	var inlinedInto func(id builder.ID) functionWalk
	inlinedInto = func(id builder.ID) functionWalk {
		if s, ok := memo[id]; ok {
			return s
		}
		memo[id] = functionWalk{} // (for a recursive call)
		var s functionWalk
		for _, callee := range walks[id].calls {
			if inlinable(callee) {
				k := inlinedInto(callee)
				s.insts += walks[callee].insts + k.insts
				s.ops += walks[callee].ops + k.ops
			}
		}
		memo[id] = s
		return s
	}
	for _, id := range callTreeRoots(c) {
		if _, ok := walks[id]; ok {
			k := inlinedInto(id)
			insts, ops = insts+k.insts, ops+k.ops
		}
	}
	return insts, ops
}

// functionWalk is what one walk over a function's code tells the
// inliner: the functions it calls (a callee once per call, in order) and
// the size of its code (instructions, and their operands, not counting
// those inside pairs and parameters).
type functionWalk struct {
	calls      []builder.ID
	insts, ops int
}

// walkFunctions walks every function of m once.
func walkFunctions(m *builder.Module) map[builder.ID]functionWalk {
	walks := make(map[builder.ID]functionWalk, len(m.Functions))
	for _, f := range m.Functions {
		var w functionWalk
		for _, b := range f.Blocks {
			w.insts += len(b.Insts)
			for _, in := range b.Insts {
				w.ops += len(in.Operands)
				if in.Op == spv.OpFunctionCall {
					w.calls = append(w.calls, in.Operands[0].ID())
				}
			}
		}
		walks[f.Def.Result] = w
	}
	return walks
}

// returns reports whether b ends with a return.
func returns(b *builder.Block) bool {
	t := b.Terminator()
	return t != nil && (t.Op == spv.OpReturn || t.Op == spv.OpReturnValue)
}

// isAbort reports whether op ends the invocation or is unreachable
// (spirv-opt's spvOpcodeIsAbort).
func isAbort(op spv.Op) bool {
	switch op {
	case spv.OpKill, spv.OpUnreachable, spv.OpTerminateInvocation, spv.OpTerminateRayKHR,
		spv.OpIgnoreIntersectionKHR, spv.OpEmitMeshTasksEXT, spv.OpAbortKHR:
		return true
	}
	return false
}

// containsAbort reports whether f has an instruction isAbort accepts
// (OpUnreachable counting only when withUnreachable).
func containsAbort(f *builder.Function, withUnreachable bool) bool {
	for in := range f.Insts() {
		if isAbort(in.Op) && (withUnreachable || in.Op != spv.OpUnreachable) {
			return true
		}
	}
	return false
}

// recursiveFunctions returns the functions that can call themselves: those
// in a cycle of the call graph (Tarjan's strongly connected components).
func recursiveFunctions(m *builder.Module, walks map[builder.ID]functionWalk) map[builder.ID]bool {
	// A function's state by its position in m.Functions (slices, not
	// maps by id: one lookup per call edge, of the position).
	pos := make(map[builder.ID]int32, len(m.Functions))
	for i, f := range m.Functions {
		pos[f.Def.Result] = int32(i) // (the last of a repeated id, as functionsByID)
	}
	n := len(m.Functions)
	index := make([]int, n) // 1 + the visit number, 0 unseen
	low := make([]int, n)
	onStack := make([]bool, n)
	var stack []int32
	out := map[builder.ID]bool{}
	next := 1
	type frame struct {
		id builder.ID
		at int32 // its position
		i  int
	}
	for _, f := range m.Functions {
		root := f.Def.Result
		ri := pos[root]
		if index[ri] != 0 {
			continue
		}
		work := []frame{{root, ri, 0}}
		index[ri], low[ri] = next, next
		next++
		stack = append(stack, ri)
		onStack[ri] = true
		for len(work) > 0 {
			top := &work[len(work)-1]
			if cs := walks[top.id].calls; top.i < len(cs) {
				callee := cs[top.i]
				top.i++
				ci, ok := pos[callee]
				if !ok {
					continue
				}
				if callee == top.id {
					out[callee] = true
				}
				if index[ci] == 0 {
					index[ci], low[ci] = next, next
					next++
					stack = append(stack, ci)
					onStack[ci] = true
					work = append(work, frame{callee, ci, 0})
				} else if onStack[ci] {
					low[top.at] = min(low[top.at], index[ci])
				}
				continue
			}
			at := top.at
			work = work[:len(work)-1]
			if len(work) > 0 {
				parent := work[len(work)-1].at
				low[parent] = min(low[parent], low[at])
			}
			if low[at] == index[at] {
				var comp []int32
				for {
					x := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[x] = false
					comp = append(comp, x)
					if x == at {
						break
					}
				}
				if len(comp) > 1 {
					for _, x := range comp {
						out[m.Functions[x].Def.Result] = true
					}
				}
			}
		}
	}
	return out
}

// inlinableCall reports whether in is a call the pass inlines.
func (il *inliner) inlinableCall(in *builder.Inst) bool {
	return in.Op == spv.OpFunctionCall && il.inlinableCallee(in.Operands[0].ID())
}

// inlinableCallee reports whether the pass inlines calls of function id.
func (il *inliner) inlinableCallee(id builder.ID) bool {
	return il.inlinable[id] && !il.earlyReturn[id]
}

// The inlining of a function runs as a stream: instructions are taken in
// order and placed in the block being filled; an inlinable call is
// replaced by the callee's code, put back in front of the stream (so that
// its own calls are inlined in turn), and the caller's instructions after
// the call follow it. Each instruction is placed once, however many calls
// a block has, so inlining stays linear in the code it produces.

// The stream is a stack of segments: the caller's code, and above it the
// code of each call being inlined, taken in order; a segment is dropped
// once taken, and the code under it resumes.

// inlineItem is one element of the stream: an instruction to place, or
// (inst nil) the start of a new block, src.origin.
type inlineItem struct {
	inst *builder.Inst
	src  *inlineSource
	// load marks the load of the returned value, which follows the
	// inlined code but is not caller code the call moved.
	load bool
	// moved marks the caller's own instructions: they are in the def-use
	// chains already, and placing one only moves it.
	moved bool
}

// inlineSource is a block of the caller or of an inlined callee, as the
// stream rebuilds it: where its code starts, and what inlining calls in it
// changed.
type inlineSource struct {
	origin *builder.Block // the block its first instructions went into
	// loopMerge: its OpLoopMerge is still to come in the stream; moveMerge:
	// a call in it was inlined into several blocks, so the merge goes back
	// to origin (the loop header), and newContinue: the loop was this one
	// block, so its back edge gets a block of its own.
	loopMerge, moveMerge bool
	merge                *builder.Inst
	// size is how many instructions the block it starts had: room to
	// make in the new block's list.
	size int
	// sameBlock holds, per call inlined in the block, the image results
	// made before the call and their copies made after it.
	sameBlock []*sameBlockCopies
	// resume is the call site's scope and line, to restore on the next
	// instruction placed.
	resume []*builder.Inst
}

type sameBlockCopies struct {
	pre  map[builder.ID]*builder.Inst
	post map[builder.ID]builder.ID
}

// streamState is the block being filled and what the stream knows of it.
type streamState struct {
	cur *builder.Block
	// sameBlockOps are the image results placed in cur so far; scope and
	// line the debug scope and line in effect at its end.
	sameBlockOps []*builder.Inst
	scope, line  *builder.Inst
}

// inlineSegment is a list of stream items and the next one to take.
type inlineSegment struct {
	items []inlineItem
	next  int
}

// itemList returns an empty item list for about n items: a spare one
// when it is large enough.
func (il *inliner) itemList(n int) []inlineItem {
	if k := len(il.spare) - 1; k >= 0 && cap(il.spare[k]) >= n {
		l := il.spare[k]
		il.spare = il.spare[:k]
		return l
	}
	return make([]inlineItem, 0, n)
}

// instList returns an empty instruction list for a block with room for
// n, carved from a shared array (capacity-limited, so a block that grows
// past n moves to a list of its own).
func (il *inliner) instList(n int) []*builder.Inst {
	if n == 0 {
		return nil
	}
	if len(il.lists) < n {
		il.listChunk = min(max(2*il.listChunk, 32), 1024)
		il.lists = make([]*builder.Inst, max(n, il.listChunk))
	}
	l := il.lists[:0:n]
	il.lists = il.lists[n:]
	return l
}

func (il *inliner) inlineAll(f *builder.Function) bool {
	c := il.c
	if !slices.ContainsFunc(f.Blocks, il.hasInlinableCall) {
		return false // (the stream would rebuild f as it is)
	}
	stack := []inlineSegment{{items: il.callerItems(f)}}
	var out []*builder.Block
	var varGroups [][]*builder.Inst
	st := &streamState{}
	// renamed maps the label a block's code started under to the label of
	// the block its terminator ended in, when inlining split it.
	renamed := map[builder.ID]builder.ID{}
	finish := func() {
		if st.cur != nil {
			out = append(out, st.cur)
		}
	}
	changed := false
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next == len(top.items) {
			clear(top.items)
			il.spare = append(il.spare, top.items[:0])
			stack = stack[:len(stack)-1]
			continue
		}
		it := top.items[top.next]
		top.next++
		if it.inst == nil {
			finish()
			st.cur = it.src.origin
			st.cur.Insts = il.instList(it.src.size)
			st.sameBlockOps, st.scope, st.line = nil, nil, nil
			continue
		}
		in := it.inst
		if il.inlinableCall(in) {
			if !changed {
				analyseDebugInfo(c)
				changed = true
			}
			items, vars := il.inlineCall(f, st, it)
			if len(vars) > 0 {
				varGroups = append(varGroups, vars)
			}
			stack = append(stack, inlineSegment{items: items})
			continue
		}
		src := it.src
		if !it.load {
			for _, sb := range src.sameBlock {
				il.cloneSameBlockOps(st, in, sb)
			}
			if isSameBlockOp(in.Op) {
				for _, sb := range src.sameBlock {
					sb.post[in.Result] = in.Result
				}
			}
		}
		if src.resume != nil {
			setLineChain(in, append(il.missingFrom(in, src.resume), lineChain(in)...))
			src.resume = nil
		}
		switch {
		case in.Op == spv.OpLoopMerge && src.moveMerge && st.cur != src.origin:
			// The loop header's merge goes back to its first block.
			src.merge = in
			src.origin.InsertBefore(src.origin.Terminator(), in)
			continue
		case isTerminatorOp(in.Op):
			if lm := src.merge; lm != nil && lm.Operands[1].ID() == src.origin.Label {
				// A one-block loop would now be a continue construct
				// spanning the whole loop: its back edge moves to a block
				// of its own, the new continue target.
				nb := newBlock(c, f)
				st.cur.Append(c.newBranch(nb.Label))
				finish()
				st.cur = nb
				lm.Operands[1] = builder.Ref(nb.Label)
				c.DU.AnalyzeUses(lm)
			}
			st.placeItem(il, it)
			if st.cur.Label != src.origin.Label {
				il.renamePhiPreds(st.cur, src.origin.Label)
				renamed[src.origin.Label] = st.cur.Label
			}
			continue
		case in.Op == spv.OpPhi && len(renamed) > 0:
			// A phi placed after its predecessor's code was split.
			changed := false
			for i := range in.Operands {
				if to, ok := renamed[in.Operands[i].Params()[1].ID()]; ok {
					in.Operands[i].Params()[1] = builder.Ref(to)
					changed = true
				}
			}
			if changed && it.moved {
				c.DU.AnalyzeUses(in)
			}
		}
		st.placeItem(il, it)
	}
	finish()
	if !changed {
		return false
	}
	installInlined(f, out, varGroups)
	return true
}

// callerItems is the stream of f's own code: each block's start, then its
// instructions.
func (il *inliner) callerItems(f *builder.Function) []inlineItem {
	n := 0
	for _, b := range f.Blocks {
		n += 1 + len(b.Insts)
	}
	items := il.itemList(n)
	for _, b := range f.Blocks {
		src := &inlineSource{origin: b, loopMerge: b.Merge() != nil && b.Merge().Op == spv.OpLoopMerge, size: len(b.Insts)}
		items = append(items, inlineItem{src: src})
		for _, in := range b.Insts {
			items = append(items, inlineItem{inst: in, src: src, moved: true})
		}
	}
	return items
}

// installInlined makes blocks f's body, with the inlined calls' local
// variables at the top of its entry block (the last call's first).
func installInlined(f *builder.Function, blocks []*builder.Block, varGroups [][]*builder.Inst) {
	var vars []*builder.Inst
	for i := len(varGroups) - 1; i >= 0; i-- {
		vars = append(vars, varGroups[i]...)
	}
	blocks[0].InsertAt(0, vars...)
	f.Blocks = blocks
	for _, b := range blocks {
		b.Func = f
	}
}

// hasInlinableCall reports whether b holds a call the pass inlines.
func (il *inliner) hasInlinableCall(b *builder.Block) bool {
	return slices.ContainsFunc(b.Insts, il.inlinableCall)
}

// placeItem places the instruction of a stream item: a new one is
// registered in the def-use chains, the caller's own only moves.
func (st *streamState) placeItem(il *inliner, it inlineItem) {
	if !it.moved {
		st.place(il, it.inst)
		return
	}
	it.inst.Block = st.cur
	st.cur.Insts = append(st.cur.Insts, it.inst)
	st.track(il, it.inst)
}

// place appends a new instruction to the block being filled.
func (st *streamState) place(il *inliner, in *builder.Inst) {
	st.cur.Append(in)
	st.track(il, in)
}

// track notes what the block being filled knows past in.
func (st *streamState) track(il *inliner, in *builder.Inst) {
	if isSameBlockOp(in.Op) {
		st.sameBlockOps = append(st.sameBlockOps, in)
	}
	for _, l := range lineChain(in) {
		trackDebugPosition(il.c, l, &st.scope, &st.line)
	}
}

// renamePhiPreds makes the phis of b's successors name b instead of the
// block its code started in (which held the terminator before calls in
// it were inlined).
func (il *inliner) renamePhiPreds(b *builder.Block, old builder.ID) {
	c := il.c
	for _, s := range b.Successors() {
		sb := c.DU.Block(s)
		if sb == nil {
			continue
		}
		for _, phi := range sb.Insts {
			if phi.Op != spv.OpPhi {
				break
			}
			changed := false
			for i := range phi.Operands {
				if phi.Operands[i].Params()[1].ID() == old {
					phi.Operands[i].Params()[1] = builder.Ref(b.Label)
					changed = true
				}
			}
			if changed {
				c.DU.AnalyzeUses(phi)
			}
		}
	}
}

// inlineCall replaces the call of it, about to be placed in st.cur: it
// returns the stream items of the callee's code (the load of the returned
// value last) and the variables to add to the caller's entry block. The
// steps keep spirv-opt's order: each may take new ids, and the output
// numbers ids as spirv-opt does.
func (il *inliner) inlineCall(f *builder.Function, st *streamState, it inlineItem) ([]inlineItem, []*builder.Inst) {
	call := it.inst
	callee := il.funcs[call.Operands[0].ID()]
	il.ids.reset()
	ic := &inlineCtx{il: il, m: &il.ids}
	ic.callScope, ic.callLine = st.scope, st.line
	for _, l := range lineChain(call) {
		trackDebugPosition(il.c, l, &ic.callScope, &ic.callLine)
	}
	for i, p := range callee.Params {
		ic.m.set(p.Result, call.Operands[1+i].ID())
	}
	vars := ic.hoistLocals(callee)
	centry := callee.Blocks[0]
	ic.m.set(centry.Label, st.cur.Label)
	keepSameBlockOps(st, it.src)

	// (room for the callee's code, a guard, the return's store, a block
	// after an abort and the load of the returned value)
	n := len(callee.Prologue) + 5
	for _, b := range callee.Blocks {
		n += 1 + len(b.Insts)
	}
	cs := &calleeStream{c: il.c, f: f, src: &inlineSource{origin: st.cur}, items: il.itemList(n)}
	callerIsLoopHeader := it.src.loopMerge && !it.src.moveMerge
	if callerIsLoopHeader && centry.Merge() != nil {
		// The header cannot hold the callee's merge instruction too: the
		// callee starts in a guard block.
		ic.m.set(centry.Label, cs.startGuard(st.cur))
	}
	retVar := il.returnVariable(callee)
	if retVar != nil {
		vars = append(vars, retVar)
	}
	ic.mapCalleeIDs(callee)
	ic.copyCallee(cs, callee, retVar)
	if callerIsLoopHeader && cs.multiBlock() {
		it.src.moveMerge = true
	}
	return il.returnToCaller(ic, it, cs.items, retVar, callee.Def.Type), vars
}

// trackDebugPosition updates the debug scope and line in effect (scope,
// line) past l, one instruction of a debug chain.
func trackDebugPosition(c *Context, l *builder.Inst, scope, line **builder.Inst) {
	switch {
	case c.debugOp(l) == spv.OpenCLDebugInfo100DebugScope:
		*scope = l
	case c.debugOp(l) == spv.OpenCLDebugInfo100DebugNoScope:
		*scope = nil
	case l.Op == spv.OpLine || c.shaderDebugOp(l) == spv.NonSemanticShaderDebugInfo100DebugLine:
		*line = l
	case l.Op == spv.OpNoLine || c.shaderDebugOp(l) == spv.NonSemanticShaderDebugInfo100DebugNoLine:
		*line = nil
	}
}

// hoistLocals returns copies, with new ids, of the variables of the
// callee's entry block, to go in the caller's entry block (Function
// variables must be in the first block).
func (ic *inlineCtx) hoistLocals(callee *builder.Function) []*builder.Inst {
	c := ic.il.c
	var vars []*builder.Inst
	for _, v := range callee.Blocks[0].Insts {
		if v.Op == spv.OpVariable {
			nv := ic.clone(v)
			nv.Result = c.M.NewID()
			ic.il.cloneDecorations(v.Result, nv.Result)
			ic.m.set(v.Result, nv.Result)
			vars = append(vars, nv)
			continue
		}
		if c.debugOp(v) != spv.OpenCLDebugInfo100DebugDeclare {
			break
		}
	}
	return vars
}

// keepSameBlockOps records the image results made before the call in the
// caller's block: the caller's code after the call, which ends up in
// another block, uses copies of them.
func keepSameBlockOps(st *streamState, caller *inlineSource) {
	if len(st.sameBlockOps) == 0 {
		return
	}
	sb := &sameBlockCopies{pre: map[builder.ID]*builder.Inst{}, post: map[builder.ID]builder.ID{}}
	for _, op := range st.sameBlockOps {
		sb.pre[op.Result] = op
	}
	caller.sameBlock = append(caller.sameBlock, sb)
}

// returnVariable makes the Function variable the callee's returned value
// goes through, with the callee's decorations; nil for a void callee.
func (il *inliner) returnVariable(callee *builder.Function) *builder.Inst {
	c := il.c
	if c.B.TypeOp(callee.Def.Type) == spv.OpTypeVoid {
		return nil
	}
	ptr := c.B.TypePointer(spv.StorageClassFunction, callee.Def.Type)
	v := c.NewInst(spv.OpVariable, ptr, builder.Enum(spv.StorageClassFunction))
	il.cloneDecorations(callee.Def.Result, v.Result)
	if sc, _, ok := c.B.Pointee(callee.Def.Type); ok && sc == spv.StorageClassPhysicalStorageBuffer {
		c.B.Decorate(v.Result, spv.DecorationAliasedPointer)
	}
	return v
}

// mapCalleeIDs gives a new id to every id the callee defines that is not
// mapped yet (parameters, hoisted variables and the entry label are).
func (ic *inlineCtx) mapCalleeIDs(callee *builder.Function) {
	mapNew := func(id builder.ID) {
		if id != 0 {
			if _, ok := ic.m.get(id); !ok {
				ic.m.set(id, ic.il.c.M.NewID())
			}
		}
	}
	for _, in := range callee.Prologue {
		mapNew(in.Result)
	}
	for _, cb := range callee.Blocks {
		mapNew(cb.Label)
		for _, in := range cb.Insts {
			mapNew(in.Result)
		}
	}
}

// calleeStream collects the stream items of one inlined call: src is the
// callee block the next instruction comes from.
type calleeStream struct {
	c     *Context
	f     *builder.Function
	items []inlineItem
	src   *inlineSource
}

func (cs *calleeStream) emit(in *builder.Inst) {
	cs.items = append(cs.items, inlineItem{inst: in, src: cs.src})
}

// startBlock starts a new block of the caller, labelled label, as the
// origin of the current source.
func (cs *calleeStream) startBlock(label builder.ID) {
	b := &builder.Block{Label: label, Func: cs.f}
	cs.c.DU.DefineBlock(b)
	cs.src.origin = b
	cs.items = append(cs.items, inlineItem{src: cs.src})
}

// startGuard ends the caller's block with a branch to a new block, where
// the callee's entry code goes, and returns its label.
func (cs *calleeStream) startGuard(caller *builder.Block) builder.ID {
	guard := cs.c.M.NewID()
	cs.items = append(cs.items, inlineItem{inst: cs.c.newBranch(guard), src: &inlineSource{origin: caller}})
	cs.startBlock(guard)
	return guard
}

// multiBlock reports whether the inlined code spans several blocks.
func (cs *calleeStream) multiBlock() bool {
	for _, x := range cs.items {
		if x.inst == nil {
			return true
		}
	}
	return false
}

// copyCallee streams copies of the callee's code: its prologue, its
// blocks, the store of the returned value to retVar, and, when the callee
// may end the invocation, the block where the caller's code resumes.
func (ic *inlineCtx) copyCallee(cs *calleeStream, callee *builder.Function, retVar *builder.Inst) {
	c := ic.il.c
	for _, in := range callee.Prologue {
		if cp := ic.copyOf(in); cp != nil {
			cs.emit(cp)
		}
	}
	ic.copyEntryBlock(cs, callee.Blocks[0])
	for _, cb := range callee.Blocks[1:] {
		ic.scopeInlinedAt = 0
		cs.src = &inlineSource{loopMerge: cb.Merge() != nil && cb.Merge().Op == spv.OpLoopMerge, size: len(cb.Insts)}
		cs.startBlock(ic.m.at(cb.Label))
		for _, in := range cb.Insts {
			if cp := ic.copyOf(in); cp != nil {
				cs.emit(cp)
			}
		}
	}

	last := callee.Blocks[len(callee.Blocks)-1].Terminator()
	if last.Op == spv.OpReturnValue {
		st := c.NewInst(spv.OpStore, 0, builder.Ref(retVar.Result), builder.Ref(ic.mapped(last.Operands[0].ID())))
		setLineChain(st, ic.cloneChain(last))
		cs.emit(st)
	}
	// After an abort the caller's code needs a block of its own: the
	// aborting block has its terminator already.
	for _, cb := range callee.Blocks {
		if t := cb.Terminator(); t != nil && isAbort(t.Op) {
			label := c.M.NewID()
			if last.Op == spv.OpReturn || last.Op == spv.OpReturnValue {
				cs.emit(c.newBranch(label))
			}
			cs.src = &inlineSource{}
			cs.startBlock(label)
			break
		}
	}
}

// copyEntryBlock streams the callee's entry block: the initializers of
// its hoisted locals become stores, then the rest of the block follows.
// The debug scope and line the locals set carry over to the next
// instruction copied.
func (ic *inlineCtx) copyEntryBlock(cs *calleeStream, centry *builder.Block) {
	c := ic.il.c
	var carry []*builder.Inst
	emitCarried := func(in *builder.Inst) {
		if len(carry) > 0 {
			setLineChain(in, append(carry, lineChain(in)...))
			carry = nil
		}
		cs.emit(in)
	}
	k := 0
	for ; k < len(centry.Insts); k++ {
		v := centry.Insts[k]
		if v.Op == spv.OpVariable {
			ch := ic.cloneChain(v)
			if len(v.Operands) == 2 {
				st := c.NewInst(spv.OpStore, 0, builder.Ref(ic.m.at(v.Result)), v.Operands[1])
				setLineChain(st, ch)
				emitCarried(st)
			} else {
				carry = append(carry, ch...)
			}
			continue
		}
		if c.debugOp(v) != spv.OpenCLDebugInfo100DebugDeclare {
			break
		}
		if cp := ic.copyOf(v); cp != nil {
			emitCarried(cp)
		}
	}
	for _, in := range centry.Insts[k:] {
		if cp := ic.copyOf(in); cp != nil {
			emitCarried(cp)
		}
	}
}

// returnToCaller ends the inlined code: the caller's scope and line are
// restored on its next instruction, and the call becomes the load of the
// returned value (of type resultType, appended to items) under the
// call's result id.
func (il *inliner) returnToCaller(ic *inlineCtx, it inlineItem, items []inlineItem, retVar *builder.Inst, resultType builder.ID) []inlineItem {
	c := il.c
	call := it.inst
	callResult := call.Result
	it.src.resume = ic.callSiteChain()
	c.DU.Kill(call)
	if retVar != nil {
		ld := &builder.Inst{Op: spv.OpLoad, Type: resultType, Result: callResult, Operands: []builder.Operand{builder.Ref(retVar.Result)}}
		items = append(items, inlineItem{inst: ld, src: it.src, load: true})
	}
	if callResult != 0 {
		// The call's names and decorations go with it (the load reusing
		// its id has none).
		for _, u := range c.DU.Users(callResult) {
			if builder.IsAnnotation(u.Op) && u.Operands[0].ID() == callResult {
				c.DU.Kill(u)
			}
		}
	}
	return items
}

// isSameBlockOp reports whether op's result may only be used in its own
// block (images and sampled images).
func isSameBlockOp(op spv.Op) bool { return op == spv.OpSampledImage || op == spv.OpImage }

// cloneSameBlockOps places, before in, copies of the image results made
// before an inlined call that in uses, and makes in use the copies.
func (il *inliner) cloneSameBlockOps(st *streamState, in *builder.Inst, sb *sameBlockCopies) {
	c := il.c
	changed := false
	in.ForEachUse(func(id *builder.ID) {
		if id == &in.Type {
			return
		}
		if nid, ok := sb.post[*id]; ok {
			if nid != *id {
				*id = nid
				changed = true
			}
			return
		}
		op, ok := sb.pre[*id]
		if !ok {
			return
		}
		cp := c.arena.clone(op)
		il.cloneSameBlockOps(st, cp, sb)
		cp.Result = c.M.NewID()
		il.cloneDecorations(op.Result, cp.Result)
		sb.post[op.Result] = cp.Result
		*id = cp.Result
		changed = true
		st.place(il, cp)
	})
	if changed {
		c.DU.AnalyzeUses(in)
	}
}

// cloneDecorations is the package's cloneDecorations, skipping the ids
// without decorations quickly.
func (il *inliner) cloneDecorations(from, to builder.ID) {
	if !il.decorated.has(from) {
		return
	}
	il.decorated.add(to)
	cloneDecorations(il.c, from, to)
}

// cloneDecorations gives to the decorations from has (spirv-opt's
// DecorationManager::CloneDecorations: new decorations at the end of the
// annotations, to added to group decorations).
func cloneDecorations(c *Context, from, to builder.ID) {
	for _, u := range c.DU.Users(from) {
		switch u.Op {
		case spv.OpDecorate, spv.OpDecorateId, spv.OpDecorateString:
			if u.Operands[0].ID() != from {
				continue
			}
			d := &builder.Inst{Op: u.Op, Operands: cloneOperands(u.Operands)}
			d.Operands[0] = builder.Ref(to)
			c.M.Annotations = append(c.M.Annotations, d)
			c.DU.Define(d)
		case spv.OpGroupDecorate:
			u.Operands = append(u.Operands, builder.Ref(to))
			c.DU.AnalyzeUses(u)
		}
	}
}

// inlineCtx is the state of one call's inlining: the callee's ids mapped
// to the caller's, and the call site's debug scope and line.
type inlineCtx struct {
	il        *inliner
	m         *idRemap      // the inliner's, reset for the call
	callScope *builder.Inst // the DebugScope in effect at the call, nil if none
	callLine  *builder.Inst // the OpLine or DebugLine in effect at the call
	inlinedAt map[builder.ID]builder.ID
	// scopeInlinedAt is the inlined-at of the callee's scope at the
	// instruction being copied (the scope ends with its block).
	scopeInlinedAt builder.ID
}

func (ic *inlineCtx) mapped(id builder.ID) builder.ID {
	if n, ok := ic.m.get(id); ok {
		return n
	}
	return id
}

// clone copies a callee instruction with its operands mapped (result id
// kept) and its debug chain copied.
func (ic *inlineCtx) clone(in *builder.Inst) *builder.Inst {
	cp := ic.il.c.arena.clone(in)
	cp.Result = in.Result
	ic.mapOperands(cp.Operands)
	if in.Line != nil || ic.il.dbgSet != 0 {
		setLineChain(cp, ic.cloneChain(in))
	}
	return cp
}

// mapOperands maps the ids among a copy's operands (those in pairs and
// enumerant parameters included): Inst.ForEachUse without a callback per
// id, for every instruction the pass copies.
func (ic *inlineCtx) mapOperands(ops []builder.Operand) {
	for i := range ops {
		o := &ops[i]
		if id := o.ID(); id != 0 {
			o.Word = uint32(ic.mapped(id))
		} else if ps := o.Params(); len(ps) > 0 {
			ic.mapOperands(ps)
		}
	}
}

// inlineInst appends to b a copy of a callee instruction (see copyOf).
func (ic *inlineCtx) inlineInst(b *builder.Block, in *builder.Inst) {
	if cp := ic.copyOf(in); cp != nil {
		b.Append(cp)
	}
}

// copyOf returns the copy of a callee instruction to inline, with its
// result mapped and its decorations copied; nil for returns and
// DebugFunctionDefinition (the caller is not the definition).
func (ic *inlineCtx) copyOf(in *builder.Inst) *builder.Inst {
	c := ic.il.c
	if in.Op == spv.OpReturn || in.Op == spv.OpReturnValue || isDebugFunctionDefinition(c, in) {
		ic.note(in)
		return nil
	}
	cp := ic.clone(in)
	if in.Result != 0 {
		cp.Result = ic.m.at(in.Result)
		ic.il.cloneDecorations(in.Result, cp.Result)
	}
	return cp
}

// cloneChain copies the debug line and scope instructions written before
// a callee instruction: result ids are new, and scopes record that the
// code is inlined at the call site.
func (ic *inlineCtx) cloneChain(in *builder.Inst) []*builder.Inst {
	ic.note(in)
	var out []*builder.Inst
	for _, l := range lineChain(in) {
		cp := ic.il.c.arena.clone(l)
		if l.Result != 0 {
			cp.Result = ic.il.c.M.NewID()
		}
		if ic.il.c.debugOp(l) == spv.OpenCLDebugInfo100DebugScope {
			prev := builder.ID(0)
			if len(l.Operands) > 3 {
				prev = l.Operands[3].ID()
			}
			if at := ic.inlinedAtChain(prev); at != 0 {
				cp.Operands = append(cp.Operands[:3], builder.Ref(at))
			}
		}
		ic.il.c.DU.Define(cp)
		out = append(out, cp)
	}
	return out
}

// note follows the callee's debug scope up to in and makes the
// DebugInlinedAt chain for in's scope, as spirv-opt makes it for every
// callee instruction it looks at (whether or not the chain is used).
func (ic *inlineCtx) note(in *builder.Inst) {
	if ic.il.dbgSet == 0 {
		return
	}
	for _, l := range lineChain(in) {
		switch {
		case ic.il.c.debugOp(l) == spv.OpenCLDebugInfo100DebugScope:
			ic.scopeInlinedAt = 0
			if len(l.Operands) > 3 {
				ic.scopeInlinedAt = l.Operands[3].ID()
			}
		case ic.il.c.debugOp(l) == spv.OpenCLDebugInfo100DebugNoScope:
			ic.scopeInlinedAt = 0
		}
	}
	ic.inlinedAtChain(ic.scopeInlinedAt)
}

// inlinedAtChain returns the DebugInlinedAt for code inlined at the call
// site whose scope was already inlined at prev (0 for none): a new
// DebugInlinedAt for the call, or a copy of prev's chain ending in it.
func (ic *inlineCtx) inlinedAtChain(prev builder.ID) builder.ID {
	if ic.callScope == nil || ic.il.c.debugOp(ic.callScope) != spv.OpenCLDebugInfo100DebugScope {
		return 0
	}
	if id, ok := ic.inlinedAt[prev]; ok {
		return id
	}
	if ic.inlinedAt == nil {
		ic.inlinedAt = map[builder.ID]builder.ID{}
	}
	site := ic.newInlinedAt()
	if site == 0 {
		return 0
	}
	head := site
	if prev != 0 {
		// Copy the callee's chain, its end pointing at the call site.
		c := ic.il.c
		var copies []*builder.Inst
		for id := prev; id != 0; {
			d := c.Def(id)
			if d == nil || c.debugOp(d) != spv.OpenCLDebugInfo100DebugInlinedAt {
				break
			}
			cp := &builder.Inst{Op: d.Op, Type: d.Type, Result: c.M.NewID(), Operands: cloneOperands(d.Operands)}
			copies = append(copies, cp)
			id = 0
			if len(d.Operands) > 4 {
				id = d.Operands[4].ID()
			}
		}
		for i, cp := range copies {
			link := site
			if i+1 < len(copies) {
				link = copies[i+1].Result
			}
			cp.Operands = append(cp.Operands[:4], builder.Ref(link))
		}
		if len(copies) > 0 {
			head = copies[0].Result
			for _, cp := range copies {
				ic.il.c.addGlobal(cp)
			}
		}
	}
	ic.inlinedAt[prev] = head
	return head
}

// newInlinedAt makes the DebugInlinedAt of the call site: its line, the
// caller's lexical scope, and the caller's own inlined-at if any.
func (ic *inlineCtx) newInlinedAt() builder.ID {
	c := ic.il.c
	scope := ic.callScope.Operands[2]
	var line builder.Operand
	switch {
	case ic.callLine != nil && ic.callLine.Op == spv.OpLine:
		n := ic.callLine.Operands[1].Word
		if ic.il.dbgShader {
			line = builder.Ref(c.B.ConstUint32(n))
		} else {
			line = builder.Lit(n)
		}
	case ic.callLine != nil && c.shaderDebugOp(ic.callLine) == spv.NonSemanticShaderDebugInfo100DebugLine:
		line = ic.callLine.Operands[3]
	default:
		// No line at the call: the line of the caller's scope.
		lex := c.Def(scope.ID())
		switch {
		case c.debugOp(lex) == spv.OpenCLDebugInfo100DebugFunction:
			line = lex.Operands[5]
		case c.debugOp(lex) == spv.OpenCLDebugInfo100DebugLexicalBlock:
			line = lex.Operands[3]
		default:
			return 0
		}
	}
	ops := []builder.Operand{builder.Ref(ic.il.dbgSet), {Kind: spv.KindLiteralExtInstInteger, Word: spv.OpenCLDebugInfo100DebugInlinedAt}, line, scope}
	if len(ic.callScope.Operands) > 3 {
		ops = append(ops, ic.callScope.Operands[3])
	}
	at := &builder.Inst{Op: spv.OpExtInst, Type: c.B.TypeVoid(), Result: c.M.NewID(), Operands: ops}
	ic.il.c.addGlobal(at)
	return at.Result
}

// callSiteChain returns copies of the call site's scope and line, to write
// before the caller's first instruction after the inlined code.
func (ic *inlineCtx) callSiteChain() []*builder.Inst {
	c := ic.il.c
	var out []*builder.Inst
	for _, l := range []*builder.Inst{ic.callScope, ic.callLine} {
		if l == nil {
			continue
		}
		cp := ic.il.c.arena.clone(l)
		if l.Result != 0 {
			cp.Result = c.M.NewID()
			c.DU.Define(cp)
		}
		out = append(out, cp)
	}
	return out
}

// missingFrom returns the scope and line instructions of chain that in's
// own debug chain does not replace (it may set its own line or scope).
func (il *inliner) missingFrom(in *builder.Inst, chain []*builder.Inst) []*builder.Inst {
	scope, line := false, false
	for _, l := range lineChain(in) {
		scope = scope || isScopeInst(l)
		line = line || il.c.isLineInst(l)
	}
	var out []*builder.Inst
	for _, l := range chain {
		if (isScopeInst(l) && !scope) || (il.c.isLineInst(l) && !line) {
			out = append(out, l)
		}
	}
	return out
}

// fixDebugDeclares rewrites a DebugDeclare whose variable is an access
// chain (as inlining a parameter can leave it) to declare the chain's base
// with the chain's indexes first; with an index that is not a constant it
// is deleted.
func (il *inliner) fixDebugDeclares(f *builder.Function) {
	c := il.c
	if il.dbgSet == 0 {
		return
	}
	for _, b := range f.Blocks {
		for _, in := range b.Insts {
			if c.debugOp(in) != spv.OpenCLDebugInfo100DebugDeclare {
				continue
			}
			for {
				ac := c.Def(in.Operands[3].ID())
				if ac == nil || ac.Op != spv.OpAccessChain || ac.Block == nil || ac.Block.Func != f {
					break
				}
				constant := true
				for _, o := range ac.Operands[1:] {
					d := c.Def(o.ID())
					constant = constant && d != nil && d.Block == nil && isConstantOp(d.Op)
				}
				if !constant {
					c.Kill(in)
					break
				}
				// Operands: set, instruction, local variable, variable,
				// expression, indexes.
				ops := slices.Clone(in.Operands[:3])
				ops = append(ops, ac.Operands[0], in.Operands[4])
				ops = append(ops, ac.Operands[1:]...)
				ops = append(ops, in.Operands[5:]...)
				in.Operands = ops
				c.DU.AnalyzeUses(in)
			}
		}
	}
}

// isConstantOp reports whether op declares a constant (spec constants
// included).
func isConstantOp(op spv.Op) bool {
	switch op {
	case spv.OpConstantTrue, spv.OpConstantFalse, spv.OpConstant, spv.OpConstantComposite,
		spv.OpConstantSampler, spv.OpConstantNull, spv.OpSpecConstantTrue, spv.OpSpecConstantFalse,
		spv.OpSpecConstant, spv.OpSpecConstantComposite, spv.OpSpecConstantOp:
		return true
	}
	return false
}
