package opt

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// ssaRewrite is --ssa-rewrite (and --eliminate-local-multi-store, the same
// pass in spirv-opt): the loads of function variables that are only loaded
// and stored whole are replaced by the values stored, with OpPhi where
// control flow joins. It is the algorithm of Braun et al., "Simple and
// Efficient Construction of Static Single Assignment Form" (CC 2013), as
// spirv-opt's SSA rewriter runs it: blocks in reverse post-order, each
// load asking for the variable's reaching definition, which walks up
// single-predecessor chains and creates phi candidates at joins; phis at
// blocks whose predecessors are not all visited (loop headers) are
// completed at the end; trivial phis (one value besides themselves) are
// dropped. The stores stay for dead-code elimination to remove. A variable
// read before any write reads an OpUndef.
type ssaRewrite struct{ name string }

func (s ssaRewrite) Name() string { return s.name }

func (s ssaRewrite) Run(c *Context) (bool, error) {
	if !hasVariables(c.M) {
		return false, nil
	}
	p := newMemPass(c)
	changed := false
	for _, f := range c.M.Functions {
		if len(f.Blocks) == 0 {
			continue
		}
		changed = newSSARewriter(p, f).rewrite() || changed
	}
	return changed, nil
}

// A phiCandidate is a phi the rewrite may make: the value of a variable at
// the start of a block with several predecessors.
type phiCandidate struct {
	varID  builder.ID
	result builder.ID
	block  int32        // CFG index
	args   []builder.ID // one per predecessor (CFG order); 0 while unknown
	copyOf builder.ID   // when trivial: the value it stands for
	done   bool         // every argument known
	// users are what read this candidate: loads (their result id), other
	// candidates (their result id) and blocks whose value of the variable
	// it is (their label).
	users []builder.ID
}

func (pc *phiCandidate) ready() bool { return pc.done && pc.copyOf == 0 }

type ssaRewriter struct {
	p      *memPass
	f      *builder.Function
	cfg    *builder.CFG
	defs   *blockVarTable // (block, variable) -> value at the block's end (so far)
	sealed []bool
	phis   *idTable[*phiCandidate] // by result - phiBase (the Context's table, ssaTables)
	// phiBase is the module's bound when the rewrite began: every phi
	// candidate's result is an id made after it, so the table holds only
	// those, not every id of the module.
	phiBase builder.ID
	// incomplete are the candidates made at blocks with unvisited
	// predecessors; generate, those to make into OpPhi, in order.
	incomplete []*phiCandidate
	generate   []*phiCandidate
	loads      *idTable[builder.ID] // load result -> its replacement (the Context's idMap)
	loadOrder  []builder.ID
	order      *instOrder
	edits      *pendingInserts // DebugValues after stores
}

func newSSARewriter(p *memPass, f *builder.Function) *ssaRewriter {
	cfg := f.CFG()
	n := len(cfg.Blocks)
	t := &p.c.ssa
	t.phis.reset()
	loads := &p.c.idMap
	loads.reset()
	// Every load replaced is older than the rewrite: room for them at
	// once, not grown (and copied) as the rewrite meets higher ones.
	loads.fit(p.c.M.Bound)
	t.defs.col = &p.c.varIndex
	t.defs.reset(n)
	return &ssaRewriter{p: p, f: f, cfg: cfg, defs: &t.defs, sealed: make([]bool, n),
		phis: &t.phis, phiBase: p.c.M.Bound, loads: loads, order: newInstOrder(), edits: newPendingInserts()}
}

// phiAt returns the phi candidate whose result is id (nil when none).
func (r *ssaRewriter) phiAt(id builder.ID) *phiCandidate {
	if id < r.phiBase {
		return nil
	}
	return r.phis.at(id - r.phiBase)
}

// ssaTables are ssa-rewrite's tables, kept in the Context for every
// function and run (emptied for each): the phi candidates by result,
// looked up for every value the rewrite meets, and the values of the
// variables by block. (The loads' replacements and the variables'
// columns are in the Context's shared tables, idMap and varIndex.)
type ssaTables struct {
	phis idTable[*phiCandidate]
	defs blockVarTable
}

// blockVarTable holds a value per block and variable: a column of blocks
// per variable, the variables numbered as they come, in one slice (every
// load and store asks, and reachingDef records the value at every block
// it passes). A function whose table would grow past maxBlockVars entries
// (thousands of blocks and variables) keeps the rest in a map.
type blockVarTable struct {
	col    *idTable[int32] // variable -> 1 + its column (the Context's varIndex)
	vals   []builder.ID    // column*blocks + block
	blocks int
	big    map[blockVar]builder.ID // past maxBlockVars
}

const maxBlockVars = 1 << 16

// reset empties the table for a function of n blocks.
func (t *blockVarTable) reset(n int) {
	t.col.reset()
	clear(t.vals)
	t.vals = t.vals[:0]
	t.blocks = n
	t.big = nil
}

// reserve makes room at once for the columns of vars variables (at most
// maxBlockVars values), the highest of them top: grown a column at a
// time, the table was copied at every step (a slice that large grows by a
// quarter), which allocated about five times its final size.
func (t *blockVarTable) reserve(vars int, top builder.ID) {
	if t.blocks == 0 || vars == 0 {
		return
	}
	t.col.fit(top + 1)
	n := min(vars, maxBlockVars/t.blocks) * t.blocks
	t.vals = slices.Grow(t.vals, n)
}

// at returns the value of the variable v at block b (0 if none).
func (t *blockVarTable) at(b int32, v builder.ID) builder.ID {
	if c := t.col.at(v); c != 0 {
		return t.vals[int(c-1)*t.blocks+int(b)]
	}
	if t.big != nil {
		return t.big[blockVar{b, v}]
	}
	return 0
}

// put sets the value of the variable v at block b.
func (t *blockVarTable) put(b int32, v builder.ID, val builder.ID) {
	c := t.col.at(v)
	if c == 0 {
		if t.big != nil || len(t.vals)+t.blocks > maxBlockVars {
			if t.big == nil {
				t.big = map[blockVar]builder.ID{}
			}
			t.big[blockVar{b, v}] = val
			return
		}
		t.vals = slices.Grow(t.vals, t.blocks)[:len(t.vals)+t.blocks]
		c = int32(len(t.vals) / t.blocks)
		t.col.put(v, c)
	}
	t.vals[int(c-1)*t.blocks+int(b)] = val
}

func (r *ssaRewriter) rewrite() bool {
	r.p.collectTargetVars(r.f)
	vars, top := r.targetVars()
	r.defs.reserve(vars, top)
	for _, b := range r.cfg.RPO {
		r.visit(b)
	}
	for len(r.incomplete) > 0 {
		pc := r.incomplete[0]
		r.incomplete = r.incomplete[1:]
		r.finalize(pc)
	}
	changed := r.apply()
	// The DebugValues placed and the DebugDeclares deleted are changes
	// too (of a variable whose loads and stores all went already).
	if r.edits.flush(r.p.c, r.f) {
		changed = true
	}
	if r.killDebugDeclares() {
		changed = true
	}
	return changed
}

// targetVars counts the function's target variables (in its first
// block, as every function variable is), the columns the rewrite may
// need, and returns the highest.
func (r *ssaRewriter) targetVars() (n int, top builder.ID) {
	for _, in := range r.f.Blocks[0].Insts {
		if in.Op == spv.OpVariable && r.p.isTargetVar(in.Result) {
			n++
			top = max(top, in.Result)
		}
	}
	return n, top
}

// blockVar is a variable at a block (by index): one map of them, where a
// map per block took an allocation per block.
type blockVar struct {
	b int32
	v builder.ID
}

// write records val as the variable's value at block b.
func (r *ssaRewriter) write(varID builder.ID, b int32, val builder.ID) {
	r.defs.put(b, varID, val)
	if pc := r.phiAt(val); pc != nil {
		pc.users = append(pc.users, r.cfg.Blocks[b].Label)
	}
}

// visit scans a block's stores and loads, then seals it.
func (r *ssaRewriter) visit(b int32) {
	for _, in := range r.cfg.Blocks[b].Insts {
		switch in.Op {
		case spv.OpStore:
			_, v := r.p.accessed(in)
			if r.p.isTargetVar(v) {
				r.store(v, b, in.Operands[1].ID(), in)
			}
		case spv.OpVariable:
			if len(in.Operands) > 1 && r.p.isTargetVar(in.Result) {
				r.store(in.Result, b, in.Operands[1].ID(), in)
			}
		case spv.OpLoad:
			r.load(in, b)
		}
	}
	r.sealed[b] = true
}

// store records a write of val to the variable by at, and the DebugValue
// that replaces the variable's DebugDeclare from there on.
func (r *ssaRewriter) store(varID builder.ID, b int32, val builder.ID, at *builder.Inst) {
	r.write(varID, b, val)
	if r.p.debugDeclared(varID) {
		if vals := r.p.debugValuesFor(varID, val, at); len(vals) > 0 {
			r.edits.insertBefore(r.p.c, afterDefinitions(at, r.order), vals...)
		}
	}
}

// load schedules the replacement of a load of a target variable by the
// variable's reaching definition.
func (r *ssaRewriter) load(in *builder.Inst, b int32) {
	_, v := r.p.accessed(in)
	var val builder.ID
	for {
		if !r.p.isTargetVar(v) {
			return
		}
		val = r.reachingDef(v, b)
		// A variable holding a pointer: the value may be a pointer to
		// another target variable, whose value the load wants.
		if d := r.p.c.DU.Def(val); d != nil && d.Type != in.Type {
			v = val
			continue
		}
		break
	}
	r.loads.put(in.Result, val)
	r.loadOrder = append(r.loadOrder, in.Result)
	if pc := r.phiAt(val); pc != nil {
		pc.users = append(pc.users, in.Result)
	}
}

// reachingDef returns the value of the variable at the end of block b (of
// what is visited so far), making phi candidates where paths join.
func (r *ssaRewriter) reachingDef(varID builder.ID, b int32) builder.ID {
	if val := r.defs.at(b, varID); val != 0 {
		return val
	}
	var val builder.ID
	preds := r.cfg.Preds[b]
	switch {
	case len(preds) == 1:
		val = r.reachingDef(varID, preds[0])
	case len(preds) > 1:
		pc := &phiCandidate{varID: varID, result: r.p.c.M.NewID(), block: b}
		r.phis.put(pc.result-r.phiBase, pc)
		// Recorded first, so that loops back to b find it.
		r.write(varID, b, pc.result)
		val = r.addPhiOperands(pc)
	}
	if val == 0 {
		val = r.p.undefOfVar(varID)
	}
	r.write(varID, b, val)
	return val
}

// addPhiOperands fills a new candidate's arguments from its predecessors.
// An unvisited predecessor (a loop's back edge) leaves the candidate
// incomplete, to be finished after the whole function is seen. It returns
// the value the candidate stands for: itself, or what it trivially copies.
func (r *ssaRewriter) addPhiOperands(pc *phiCandidate) builder.ID {
	incomplete := false
	for _, pred := range r.cfg.Preds[pc.block] {
		var arg builder.ID
		if r.sealed[pred] {
			arg = r.reachingDef(pc.varID, pred)
		}
		pc.args = append(pc.args, arg)
		if arg == 0 {
			incomplete = true
		} else if def := r.phiAt(arg); def != nil && def != pc {
			def.users = append(def.users, pc.result)
		}
	}
	if incomplete {
		r.incomplete = append(r.incomplete, pc)
		return pc.result
	}
	repl := r.tryRemoveTrivial(pc)
	if repl == pc.result {
		pc.done = true
		r.generate = append(r.generate, pc)
	}
	return repl
}

// tryRemoveTrivial checks whether the candidate merges a single value
// (besides itself); if so it becomes a copy of that value, its users are
// redirected, and the value is returned. Otherwise it returns the
// candidate's own result.
func (r *ssaRewriter) tryRemoveTrivial(pc *phiCandidate) builder.ID {
	var same builder.ID
	for _, a := range pc.args {
		if a == same || a == pc.result {
			continue
		}
		if same != 0 {
			return pc.result
		}
		same = a
	}
	pc.copyOf = same
	for _, u := range pc.users {
		if user := r.phiAt(u); user != nil {
			for i, a := range user.args {
				if a == pc.result {
					user.args[i] = same
				}
			}
			continue
		}
		if blk := r.cfg.Index(u); blk >= 0 && r.cfg.Blocks[blk].Label == u {
			// The candidate was the block's value of the variable (unless
			// a store in the block has changed it since).
			if r.defs.at(blk, pc.varID) == pc.result {
				r.write(pc.varID, blk, same)
			}
			continue
		}
		// A load: its replacement is resolved through copies in apply.
	}
	return same
}

// finalize fills the missing arguments of an incomplete candidate, now
// that every reachable block is visited (an unvisited predecessor is
// unreachable: its argument is undefined).
func (r *ssaRewriter) finalize(pc *phiCandidate) {
	for i, pred := range r.cfg.Preds[pc.block] {
		if pc.args[i] != 0 {
			continue
		}
		if r.sealed[pred] {
			pc.args[i] = r.reachingDef(pc.varID, pred)
		} else {
			pc.args[i] = r.p.undefOfVar(pc.varID)
		}
	}
	pc.done = true
	if r.tryRemoveTrivial(pc) == pc.result {
		r.generate = append(r.generate, pc)
	}
}

// resolve follows a value through trivial candidates and replaced loads to
// what finally stands for it.
func (r *ssaRewriter) resolve(val builder.ID) builder.ID {
	for {
		if next := r.loads.at(val); next != 0 {
			val = next
			continue
		}
		if pc := r.phiAt(val); pc != nil && !pc.ready() && pc.copyOf != 0 {
			val = pc.copyOf
			continue
		}
		return val
	}
}

// apply makes the OpPhi instructions and replaces the loads.
func (r *ssaRewriter) apply() bool {
	changed := false
	byBlock := map[int32][]*builder.Inst{}
	for _, pc := range r.generate {
		v := r.p.c.DU.Def(pc.varID)
		_, typ, _ := r.p.c.B.Pointee(v.Type)
		phi := &builder.Inst{Op: spv.OpPhi, Type: typ, Result: pc.result}
		preds := r.cfg.Preds[pc.block]
		for i, pred := range preds {
			if slices.Contains(preds[:i], pred) {
				continue // (a switch's several edges to one block)
			}
			phi.Operands = append(phi.Operands, builder.Pair(builder.Ref(r.resolve(pc.args[i])), builder.Ref(r.cfg.Blocks[pred].Label)))
		}
		// Each phi goes to the top of its block, before those made earlier.
		byBlock[pc.block] = append([]*builder.Inst{phi}, byBlock[pc.block]...)
		r.p.cloneDecorations(pc.varID, pc.result, spv.DecorationRelaxedPrecision)
		changed = true
	}
	for b, phis := range byBlock {
		blk := r.cfg.Blocks[b]
		blk.InsertAt(0, phis...)
		// The DebugValues of the phis' variables go after the phis (and
		// variables), the last phi's first, as each was put right after
		// the phis when its phi was made.
		var vals []*builder.Inst
		for _, phi := range phis {
			vals = append(vals, r.p.debugValuesFor(r.phiAt(phi.Result).varID, phi.Result, phi)...)
		}
		if len(vals) > 0 {
			i := 0
			for i < len(blk.Insts) && (blk.Insts[i].Op == spv.OpPhi || blk.Insts[i].Op == spv.OpVariable) {
				i++
			}
			blk.InsertAt(i, vals...)
		}
	}
	for _, load := range r.loadOrder {
		val := r.resolve(load)
		in := r.p.c.DU.Def(load)
		r.p.c.DU.KillNamesAndDecorations(load)
		r.p.c.DU.ReplaceAllUses(load, val)
		r.p.c.Kill(in)
		changed = true
	}
	return changed
}

// killDebugDeclares deletes the DebugDeclares of the variables now in SSA
// form (their values are no longer in memory).
func (r *ssaRewriter) killDebugDeclares() bool {
	killed := false
	for _, v := range r.p.target.set {
		if r.p.target.at(v) == isTarget && r.p.debugDeclared(v) && r.p.killDebugDeclaresOf(v) {
			killed = true
		}
	}
	return killed
}
