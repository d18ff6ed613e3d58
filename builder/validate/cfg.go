package validate

import (
	"cmp"
	"runtime"
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Control flow (sections 2.2.5, 2.11 and 2.16.2): blocks, branches, OpPhi,
// returns, and the structured control-flow rules of shaders.
//
// The rules are stated on the "structural" CFG spirv-val uses, where a
// header block also has edges to its merge block (and a loop header to its
// continue target), augmented with a pseudo entry before every block
// without predecessors (and every unreachable cycle) and a pseudo exit
// after every block without successors, so that unreachable code and
// infinite loops have dominators and post-dominators. The builder's CFG and
// dominator trees describe the plain CFG, so this file keeps its own graph
// of each function.

const maxControlFlowNesting = 1023

// Block types, as the merge instructions declare them.
const (
	blockSelection = 1 << iota
	blockLoop
	blockMerge
	blockContinue
)

// fcfg is one function's control-flow graph as spirv-val sees it. Nodes are
// block indexes; entry and exit are the pseudo blocks.
type fcfg struct {
	c                      *checker
	ints                   *int32Arena // where its int32 tables come from
	f                      *builder.Function
	fn                     int32 // f's number (as located.fn numbers it)
	n                      int32 // real blocks
	entry, exit            int32
	succ, pred             adjacency // real edges, duplicates kept
	ssucc, spred           adjacency // structural edges
	augSucc, augPred       adjacency // augmented lists by node (pseudo blocks and their neighbours), empty where not augmented
	structSucc, structPred adjacency // the augmented structural graph: every node's list
	kind                   []uint8
	mergeHeader            []int32 // merge block -> header declaring it (a block is the merge of one header at most)
	loopCont               []int32 // loop header -> continue target
	contHeader             []int32 // continue target -> loop header (the last one)
	reachable, sreachable  []bool
	dom, sdom, spdom       *vdom // in doms
	doms                   [3]vdom
	backEdges              [][2]int32
	depth                  []int32 // -1 until computed
	// constructs in declaration order; loopOf is the loop construct by
	// header block (nil for other blocks).
	constructs []*vconstruct
	loopOf     []*vconstruct
	// mark and stamp are scratch for the walks over blocks (a block is
	// marked when mark[b] == stamp; newMark starts a fresh set).
	mark               []int32
	stamp              int32
	blockBuf, stackBuf []int32
	targetBuf          []int32
	cases              []caseInfo
	caseStamp          int32
}

// index returns the block index of label id in the function.
func (g *fcfg) index(id ID) (int32, bool) {
	if c := g.c; int(id) < len(c.defs) && c.defFn[id] == g.fn && c.defs[id] != nil && c.defs[id].Op == spv.OpLabel {
		return c.blockIndex[id], true
	}
	return 0, false
}

// indexOr0 is index, with 0 for a label not in the function.
func (g *fcfg) indexOr0(id ID) int32 {
	i, _ := g.index(id)
	return i
}

// newMark starts an empty set of marked nodes (real and pseudo).
func (g *fcfg) newMark() {
	if g.mark == nil {
		g.mark = g.ints.take(int(g.n) + 2)
	}
	g.stamp++
}

func (g *fcfg) marked(b int32) bool { return g.mark[b] == g.stamp }
func (g *fcfg) setMark(b int32)     { g.mark[b] = g.stamp }

type constructKind uint8

const (
	kSelection constructKind = iota
	kLoop
	kContinue
)

type vconstruct struct {
	kind   constructKind
	entry  int32
	exit   int32 // merge block, or the back-edge block of a continue construct (-1 if none)
	header int32 // the block whose merge instruction declared it
	loop   *vconstruct
	cont   *vconstruct
}

// int32Arena hands out int32 tables carved from a few arrays, kept from
// one validation to the next (checker.spare.cfgInts): the graphs of a
// small function are a dozen tables of a few elements each, which cost
// more to allocate than to compute. Only the control-flow rules take from
// it (on their goroutine when they have one).
type int32Arena struct{ buf []int32 }

// arenaOwnTable is the size from which a table that does not fit in the
// arena's array is made on its own.
const arenaOwnTable = 1 << 10

// take returns n zeroed int32s, of capacity n (a nil arena makes them).
// What lies beyond len(a.buf) is zero: a fresh array is, and reset
// clears what was taken.
func (a *int32Arena) take(n int) []int32 {
	if a == nil {
		return make([]int32, n)
	}
	if n > cap(a.buf)-len(a.buf) {
		if n > arenaOwnTable {
			// A big function's tables are made to measure: carving
			// them would leave much of an array unused.
			return make([]int32, n)
		}
		// A fresh array; the tables already taken keep the old one.
		a.buf = make([]int32, 0, max(min(2*cap(a.buf), 1<<14), 512))
	}
	l := len(a.buf)
	a.buf = a.buf[:l+n]
	return a.buf[l : l+n : l+n]
}

// reset makes the arena's last array free for the tables of the next
// validation, cleared at once.
func (a *int32Arena) reset() {
	clear(a.buf)
	a.buf = a.buf[:0]
}

// adjacency holds a list of nodes per node, all in one array: node b's is
// list[start[b]:start[b+1]].
type adjacency struct{ start, list []int32 }

// of returns node b's list.
func (a *adjacency) of(b int32) []int32 {
	return a.list[a.start[b]:a.start[b+1]]
}

// newAdjacency makes the lists of nodes nodes from pairs: each pair's to
// is appended to its from's list, in pair order (reversed: each pair's
// from to its to's list).
func newAdjacency(ar *int32Arena, nodes int, pairs []cfgEdge, reversed bool) adjacency {
	arr := ar.take(nodes + 1 + len(pairs))
	a := adjacency{start: arr[: nodes+1 : nodes+1], list: arr[nodes+1:]}
	ends := func(e cfgEdge) (int32, int32) {
		if reversed {
			return e.to, e.from
		}
		return e.from, e.to
	}
	// start[b] counts b's list, then becomes its end; filling the lists
	// from the last pair backwards leaves it at its beginning.
	for _, e := range pairs {
		from, _ := ends(e)
		a.start[from]++
	}
	for i := 1; i <= nodes; i++ {
		a.start[i] += a.start[i-1]
	}
	for i := len(pairs) - 1; i >= 0; i-- {
		from, to := ends(pairs[i])
		a.start[from]--
		a.list[a.start[from]] = to
	}
	return a
}

// augmented returns the lists of every node (pseudo blocks included) of
// the real or structural graph: a node's augmented list where it has one,
// else its list in base (real or structural successors or predecessors).
// The dominator walks read them directly.
func (g *fcfg) augmented(aug, base *adjacency) adjacency {
	nodes := int32(g.n) + 2
	pick := func(b int32) []int32 {
		if l := aug.of(b); len(l) > 0 || b >= g.n {
			return l
		}
		return base.of(b)
	}
	a := adjacency{start: g.ints.take(int(nodes) + 1)}
	for b := range nodes {
		a.start[b+1] = a.start[b] + int32(len(pick(b)))
	}
	a.list = g.ints.take(int(a.start[nodes]))[:0]
	for b := range nodes {
		a.list = append(a.list, pick(b)...)
	}
	return a
}

// buildCFG builds the function's graph; it reports blocks referenced but
// not in the function, and branches to the first block.
func (c *checker) buildCFG(f *builder.Function) (*fcfg, error) {
	n := int32(len(f.Blocks))
	// Per-block tables are carved from a few arrays rather than allocated
	// block by block: this runs for every function of every compile.
	ints := &c.spare.cfgInts
	blockInts := ints.take(int(3 * n))
	g := &fcfg{c: c, ints: ints, f: f, fn: c.fnNumber(f), n: n, entry: n, exit: n + 1, loopOf: make([]*vconstruct, n), kind: make([]uint8, n),
		mergeHeader: blockInts[:n:n], loopCont: blockInts[n : 2*n : 2*n], contHeader: blockInts[2*n:]}
	// Edges in the order they are found; the lists of each kind are made
	// once all are known, keeping that order. Most blocks branch to one or
	// two blocks; few declare a merge.
	edgeArr := make([]cfgEdge, 0, 4*n)
	real, structural := edgeArr[:0:2*n], edgeArr[2*n:2*n]
	var targets []ID
	// The constructs: a selection, or a loop and its continue construct,
	// per block declaring a merge.
	merges := 0
	for _, b := range f.Blocks {
		if mi := b.Merge(); mi != nil {
			merges++
			if mi.Op == spv.OpLoopMerge {
				merges++
			}
		}
	}
	constructArr := make([]vconstruct, 0, merges)
	g.constructs = make([]*vconstruct, 0, merges)
	newConstruct := func(k vconstruct) *vconstruct {
		constructArr = append(constructArr, k)
		return &constructArr[len(constructArr)-1]
	}
	block := func(in *builder.Inst, id ID) (int32, error) {
		if i, ok := g.index(id); ok {
			return i, nil
		}
		return 0, c.errorf(RuleCFG, f.Def, "block %%%d is referenced (by %s) but not defined in the function", id, in.Op)
	}
	for i, b := range f.Blocks {
		bi := int32(i)
		if mi := b.Merge(); mi != nil {
			merge, err := block(mi, opID(mi, 0))
			if err != nil {
				return nil, err
			}
			if g.kind[merge]&blockMerge != 0 {
				return nil, c.errorf(RuleStructured, mi, "block %%%d is already the merge block of another header", opID(mi, 0))
			}
			g.kind[merge] |= blockMerge
			g.mergeHeader[merge] = bi
			if mi.Op == spv.OpLoopMerge {
				cont, err := block(mi, opID(mi, 1))
				if err != nil {
					return nil, err
				}
				g.kind[bi] |= blockLoop
				g.kind[cont] |= blockContinue
				structural = append(structural, cfgEdge{bi, merge}, cfgEdge{bi, cont})
				g.loopCont[bi] = cont
				g.contHeader[cont] = bi
				loop := newConstruct(vconstruct{kind: kLoop, entry: bi, exit: merge, header: bi})
				cc := newConstruct(vconstruct{kind: kContinue, entry: cont, exit: -1, header: bi, loop: loop})
				loop.cont = cc
				g.loopOf[bi] = loop
				g.constructs = append(g.constructs, loop, cc)
			} else {
				g.kind[bi] |= blockSelection
				structural = append(structural, cfgEdge{bi, merge})
				g.constructs = append(g.constructs, newConstruct(vconstruct{kind: kSelection, entry: bi, exit: merge, header: bi}))
			}
		} else if len(b.Insts) >= 2 {
			// A merge instruction not right before the terminator is an
			// adjacency error; it still declares its construct.
			for _, in := range b.Insts[:len(b.Insts)-1] {
				if in.Op == spv.OpSelectionMerge || in.Op == spv.OpLoopMerge {
					return nil, c.errorf(RuleStructured, in, "%s must be the second-to-last instruction of its block", in.Op)
				}
			}
		}
		t := b.Terminator()
		if t == nil {
			return nil, c.errorf(RuleCFG, f.Def, "block %%%d has no terminator", b.Label)
		}
		targets = targets[:0]
		switch t.Op {
		case spv.OpBranch:
			targets = append(targets, opID(t, 0))
		case spv.OpBranchConditional:
			targets = append(targets, opID(t, 1), opID(t, 2))
		case spv.OpSwitch:
			targets = append(targets, opID(t, 1))
			for _, p := range t.Operands[min(2, len(t.Operands)):] {
				if len(p.Params()) == 2 {
					targets = append(targets, p.Params()[1].ID())
				}
			}
		}
		for _, id := range targets {
			s, err := block(t, id)
			if err != nil {
				return nil, err
			}
			if s == 0 {
				return nil, c.errorf(RuleCFG, t, "the first block of a function cannot be a branch target")
			}
			real = append(real, cfgEdge{bi, s})
			structural = append(structural, cfgEdge{bi, s})
		}
	}
	g.succ, g.pred = carveEdges(ints, int(n), real)
	g.ssucc, g.spred = carveEdges(ints, int(n), structural)
	g.augment()
	g.reachable = g.reach(0, false)
	g.sreachable = g.reach(0, true)
	realSucc, realPred := g.augmented(&g.augSucc, &g.succ), g.augmented(&g.augPred, &g.pred)
	g.dom, g.sdom, g.spdom = &g.doms[0], &g.doms[1], &g.doms[2]
	g.dominators(g.dom, 0, &realSucc, &realPred)
	g.structSucc, g.structPred = g.augmented(&g.augSucc, &g.ssucc), g.augmented(&g.augPred, &g.spred)
	g.dominators(g.sdom, 0, &g.structSucc, &g.structPred)
	g.dominators(g.spdom, g.exit, &g.structPred, &g.structSucc)
	g.findBackEdges()
	return g, nil
}

// cfgEdge is an edge from one block index to another.
type cfgEdge struct{ from, to int32 }

// carveEdges returns the successors and predecessors of nodes nodes along
// the edges, each list in edge order.
func carveEdges(ar *int32Arena, nodes int, edges []cfgEdge) (succ, pred adjacency) {
	return newAdjacency(ar, nodes, edges, false), newAdjacency(ar, nodes, edges, true)
}

// augment adds the pseudo entry and exit (spirv-val's augmented CFG, built
// on the structural edges).
func (g *fcfg) augment() {
	order := g.ints.take(int(g.n))
	for i := range order {
		order[i] = int32(i)
	}
	sources := g.traversalRoots(order, g.ssucc.of, g.spred.of)
	rev := order // reused: order is not needed any more
	for i := range rev {
		rev[i] = g.n - 1 - int32(i)
	}
	sinks := g.traversalRoots(rev, g.spred.of, g.ssucc.of)
	// The pseudo entry's successors are the sources, each of which has it
	// as a first predecessor; the pseudo exit's predecessors are the
	// sinks, each of which has it as a first successor.
	nodes := int(g.n) + 2
	var succs, preds []cfgEdge
	for _, b := range sources {
		succs = append(succs, cfgEdge{g.entry, b})
		preds = append(preds, cfgEdge{b, g.entry})
		for _, p := range g.spred.of(b) {
			preds = append(preds, cfgEdge{b, p})
		}
	}
	for _, b := range sinks {
		preds = append(preds, cfgEdge{g.exit, b})
		succs = append(succs, cfgEdge{b, g.exit})
		for _, s := range g.ssucc.of(b) {
			succs = append(succs, cfgEdge{b, s})
		}
	}
	g.augSucc, g.augPred = newAdjacency(g.ints, nodes, succs, false), newAdjacency(g.ints, nodes, preds, false)
}

func (g *fcfg) traversalRoots(order []int32, succ, pred func(int32) []int32) []int32 {
	visited := make([]bool, g.n)
	var roots []int32
	visit := func(root int32) {
		stack := []int32{root}
		visited[root] = true
		for len(stack) > 0 {
			b := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, s := range succ(b) {
				if !visited[s] {
					visited[s] = true
					stack = append(stack, s)
				}
			}
		}
	}
	for _, b := range order {
		if len(pred(b)) == 0 && !visited[b] {
			roots = append(roots, b)
			visit(b)
		}
	}
	for _, b := range order {
		if !visited[b] {
			roots = append(roots, b)
			visit(b)
		}
	}
	return roots
}

func (g *fcfg) reach(from int32, structural bool) []bool {
	r := make([]bool, g.n)
	if g.n == 0 {
		return r
	}
	stack := []int32{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if r[b] {
			continue
		}
		r[b] = true
		next := g.succ.of(b)
		if structural {
			next = g.ssucc.of(b)
		}
		stack = append(stack, next...)
	}
	return r
}

// vdom is a dominator tree over the real blocks and the pseudo blocks
// (n+2 nodes); nodes the traversal did not reach are in no tree and are
// dominated only by themselves.
type vdom struct {
	idom    []int32 // -1 when none (unreached), the root's is itself
	in, out []int32
	po      []int32 // the depth-first post-order the tree was computed on
}

// postorder is a depth-first post-order from root over succ.
func postorder(ar *int32Arena, root int32, nodes int, succ *adjacency) []int32 {
	seen := make([]bool, nodes)
	type frame struct {
		b    int32
		next int
	}
	out := ar.take(nodes)[:0]
	stack := append(make([]frame, 0, 16), frame{root, 0})
	seen[root] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		s := succ.of(top.b)
		if top.next >= len(s) {
			out = append(out, top.b)
			stack = stack[:len(stack)-1]
			continue
		}
		child := s[top.next]
		top.next++
		if !seen[child] {
			seen[child] = true
			stack = append(stack, frame{child, 0})
		}
	}
	return out
}

// dominators computes into t the dominator tree of the nodes reached from
// root (Cooper, Harvey and Kennedy's iteration, as spirv-val's CFA does).
func (g *fcfg) dominators(t *vdom, root int32, succ, pred *adjacency) {
	nodes := int(g.n) + 2
	po := postorder(g.ints, root, nodes, succ)
	// One array holds the per-node tables: the postorder index, the
	// immediate dominator by postorder index, the tree's idom, in and out.
	ints := g.ints.take(5 * nodes)
	index, idom := ints[:nodes:nodes], ints[nodes:2*nodes:2*nodes]
	for i := range 2 * nodes {
		ints[i] = -1
	}
	for i, b := range po {
		index[b] = int32(i)
	}
	last := int32(len(po) - 1)
	idom[last] = last
	for changed := true; changed; {
		changed = false
		for i := len(po) - 2; i >= 0; i-- {
			b := po[i]
			newIdom := int32(-1)
			for _, p := range pred.of(b) {
				pi := index[p]
				if pi < 0 || idom[pi] < 0 {
					continue
				}
				if newIdom < 0 {
					newIdom = pi
					continue
				}
				f1, f2 := pi, newIdom
				for f1 != f2 {
					for f1 < f2 {
						f1 = idom[f1]
					}
					for f2 < f1 {
						f2 = idom[f2]
					}
				}
				newIdom = f1
			}
			if newIdom >= 0 && idom[i] != newIdom {
				idom[i] = newIdom
				changed = true
			}
		}
	}
	*t = vdom{po: po, idom: ints[2*nodes : 3*nodes : 3*nodes], in: ints[3*nodes : 4*nodes : 4*nodes], out: ints[4*nodes : 5*nodes : 5*nodes]}
	for i := range t.idom {
		t.idom[i] = -1
		t.in[i] = -1
	}
	for i, b := range po {
		d := idom[i]
		if d < 0 {
			d = int32(i) // no dominator: reflexive, its own root
		}
		t.idom[b] = po[d]
	}
	// Each node's children in postorder, as offset arrays: counted, then
	// placed from the last backwards (as newAdjacency does).
	childArr := g.ints.take(2*nodes + 1)
	children := adjacency{start: childArr[:nodes+1], list: childArr[nodes+1:]}
	for _, b := range po {
		if d := t.idom[b]; d != b {
			children.start[d]++
		}
	}
	for i := 1; i <= nodes; i++ {
		children.start[i] += children.start[i-1]
	}
	for i := len(po) - 1; i >= 0; i-- {
		if b, d := po[i], t.idom[po[i]]; d != b {
			children.start[d]--
			children.list[children.start[d]] = b
		}
	}
	clock := int32(0)
	var number func(b int32)
	type frame struct {
		b    int32
		next int
	}
	number = func(r int32) {
		stack := append(make([]frame, 0, 16), frame{r, 0})
		t.in[r] = clock
		clock++
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if kids := children.of(top.b); top.next < len(kids) {
				ch := kids[top.next]
				top.next++
				t.in[ch] = clock
				clock++
				stack = append(stack, frame{ch, 0})
				continue
			}
			t.out[top.b] = clock
			clock++
			stack = stack[:len(stack)-1]
		}
	}
	for _, b := range po {
		if t.idom[b] == b {
			number(b)
		}
	}
}

// dominates reports whether a dominates b.
func (t *vdom) dominates(a, b int32) bool {
	if a == b {
		return true
	}
	if t.in[a] < 0 || t.in[b] < 0 {
		return false
	}
	return t.in[a] <= t.in[b] && t.out[b] <= t.out[a]
}

// findBackEdges finds the real edges that close a cycle in a depth-first
// traversal of the augmented structural graph from the pseudo entry.
func (g *fcfg) findBackEdges() {
	nodes := int(g.n) + 2
	succ := &g.structSucc
	seen := make([]bool, nodes)
	onStack := make([]bool, nodes)
	type frame struct {
		b    int32
		next int
	}
	stack := append(make([]frame, 0, 16), frame{g.entry, 0})
	seen[g.entry], onStack[g.entry] = true, true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		s := succ.of(top.b)
		if top.next >= len(s) {
			onStack[top.b] = false
			stack = stack[:len(stack)-1]
			continue
		}
		child := s[top.next]
		top.next++
		if onStack[child] && top.b < g.n {
			for _, r := range g.succ.of(top.b) {
				if r == child {
					g.backEdges = append(g.backEdges, [2]int32{top.b, child})
				}
			}
		}
		if !seen[child] {
			seen[child], onStack[child] = true, true
			stack = append(stack, frame{child, 0})
		}
	}
}

// blockDepth is spirv-val's control-flow nesting depth of block b.
func (g *fcfg) blockDepth(b int32) int {
	if b < 0 || b >= g.n {
		return 0
	}
	if g.depth == nil {
		g.depth = make([]int32, g.n)
		for i := range g.depth {
			g.depth[i] = -1
		}
	}
	if d := g.depth[b]; d >= 0 {
		return int(d)
	}
	g.depth[b] = 0
	d := 0
	dom := g.dom.idom[b]
	switch {
	case dom < 0 || dom == b || dom >= g.n:
	case g.kind[b]&blockContinue != 0:
		header := g.contHeader[b]
		if header == b {
			d = 1 + g.blockDepth(dom)
		} else {
			d = 1 + g.blockDepth(header)
		}
	case g.kind[b]&blockMerge != 0:
		d = g.blockDepth(g.mergeHeader[b])
	case g.kind[dom]&(blockSelection|blockLoop) != 0:
		d = 1 + g.blockDepth(dom)
	default:
		d = g.blockDepth(dom)
	}
	g.depth[b] = int32(d)
	return d
}

// cfgRules checks each function's control flow.
func (c *checker) cfgRules() error {
	c.cfgs = spareMap(c.spare.cfgs)
	shader := c.hasCap(spv.CapabilityShader)
	for _, f := range c.m.Functions {
		if len(f.Blocks) == 0 {
			continue
		}
		g, err := c.buildCFG(f)
		if err != nil {
			return err
		}
		c.cfgs[f] = g
		for b := int32(1); b < g.n; b++ {
			d := g.dom.idom[b]
			if d >= 0 && d != b && d != g.entry && d < g.n && d >= b {
				return c.errorf(RuleCFG, f.Def, "block %%%d appears before its dominator %%%d", f.Blocks[b].Label, f.Blocks[d].Label)
			}
		}
		if !shader {
			continue
		}
		for b := int32(0); b < g.n; b++ {
			if g.blockDepth(b) > maxControlFlowNesting {
				return c.errorf(RuleLimit, f.Def, "block %%%d exceeds the control-flow nesting depth limit", f.Blocks[b].Label)
			}
		}
		if err := c.structured(g); err != nil {
			return err
		}
	}
	return nil
}

// controlFlowRules are cfgRules, then dominance (which reads its graphs).
func (c *checker) controlFlowRules() error {
	if err := c.cfgRules(); err != nil {
		return err
	}
	return c.dominance()
}

// controlFlow is controlFlowRules, or the outcome of its run on a
// goroutine of its own (startControlFlow).
func (c *checker) controlFlow() error {
	if c.cfgDone != nil {
		err := <-c.cfgDone
		c.cfgDone = nil
		return err
	}
	return c.controlFlowRules()
}

// concurrentCFGInsts is the size of a module (in instructions) from which
// controlFlowRules run beside the passes before them: the 5,000-line
// shader's has about 23,000 at -O3 (they take a quarter of its
// validation), a typical shader's 400-800, where they take about as long
// as waking a second thread. (A variable for the tests.)
var concurrentCFGInsts = 5000

// startControlFlow runs controlFlowRules on a goroutine of its own, for a
// big module on more than one processor, beside the passes between idPass
// and them. They need only what collect, capabilities and idPass found
// (the definitions, the capabilities), which nothing changes afterwards,
// and they write only the graphs (c.cfgs, the goroutine's until
// controlFlow takes its outcome), which nothing else reads. controlFlow
// takes the outcome in their turn, so the broken rule reported is the one
// the passes would report one after the other (a panic there is the same
// validator failure).
func (c *checker) startControlFlow() error {
	if len(c.order) < concurrentCFGInsts || runtime.GOMAXPROCS(0) < 2 {
		return nil
	}
	done := make(chan error, 1)
	c.cfgDone = done
	go func() {
		var err error
		defer func() {
			if r := recover(); r != nil {
				err = validatorFailure(r)
			}
			done <- err
		}()
		err = c.controlFlowRules()
	}()
	return nil
}

// waitControlFlow waits for the goroutine startControlFlow started, if
// controlFlow has not taken its outcome: validation stopped before.
func (c *checker) waitControlFlow() {
	if c.cfgDone != nil {
		<-c.cfgDone
		c.cfgDone = nil
	}
}

func (g *fcfg) label(b int32) ID {
	if b >= 0 && b < g.n {
		return g.f.Blocks[b].Label
	}
	return 0
}

// structured checks the structured control-flow rules of one function.
func (c *checker) structured(g *fcfg) error {
	f := g.f
	for _, e := range g.backEdges {
		if g.kind[e[1]]&blockLoop == 0 {
			return c.errorf(RuleStructured, f.Blocks[e[0]].Terminator(), "the back edge %%%d -> %%%d does not go to a loop header", g.label(e[0]), g.label(e[1]))
		}
	}
	// The distinct back-edge blocks (latches) of each loop header: the
	// back edges sorted by header, then by latch.
	edges := slices.Clone(g.backEdges)
	slices.SortFunc(edges, func(a, b [2]int32) int {
		if c := cmp.Compare(a[1], b[1]); c != 0 {
			return c
		}
		return cmp.Compare(a[0], b[0])
	})
	latches := make([]int32, g.n)
	for i, e := range edges {
		if i == 0 || edges[i-1] != e {
			latches[e[1]]++
		}
	}
	for b := int32(0); b < g.n; b++ {
		if g.sreachable[b] && g.kind[b]&blockLoop != 0 && latches[b] != 1 {
			return c.errorf(RuleStructured, f.Blocks[b].Merge(), "loop header %%%d is the target of %d back-edge blocks; it must be of exactly one", g.label(b), latches[b])
		}
	}
	// The continue construct's exit is its back-edge block (the last one
	// found).
	for _, e := range g.backEdges {
		if k := g.loopOf[e[1]]; k != nil {
			k.cont.exit = e[0]
		}
	}
	for _, k := range g.constructs {
		if err := c.construct(g, k); err != nil {
			return err
		}
	}
	return c.structuredSelections(g)
}

var constructNames = [...]string{"selection", "loop", "continue"}

func (c *checker) construct(g *fcfg, k *vconstruct) error {
	f := g.f
	header := k.entry
	if !g.sreachable[header] {
		return nil
	}
	name := constructNames[k.kind]
	if k.exit < 0 {
		return c.errorf(RuleStructured, f.Blocks[header].Terminator(), "the %s construct at %%%d has no exit block", name, g.label(header))
	}
	merge := k.exit
	if !g.sdom.dominates(header, merge) {
		return c.errorf(RuleStructured, f.Blocks[merge].Terminator(), "the %s construct's entry %%%d does not structurally dominate its exit %%%d", name, g.label(header), g.label(merge))
	}
	if k.kind != kContinue && header == merge {
		return c.errorf(RuleStructured, f.Blocks[merge].Terminator(), "the %s construct's header %%%d is its own merge block", name, g.label(header))
	}
	if k.kind == kContinue && !g.spdom.dominates(merge, header) {
		return c.errorf(RuleStructured, f.Blocks[merge].Terminator(), "the continue construct's target %%%d is not structurally post-dominated by its back-edge block %%%d", g.label(header), g.label(merge))
	}
	blocks := g.constructBlocks(k)
	in := g.marked
	for _, b := range blocks {
		for _, s := range g.succ.of(b) {
			if !in(s) && !c.structuredExit(g, k, s) {
				return c.errorf(RuleStructured, f.Blocks[b].Terminator(), "block %%%d leaves the %s construct headed by %%%d, but not by a structured exit", g.label(b), name, g.label(header))
			}
		}
		if b == header {
			continue
		}
		for _, p := range g.pred.of(b) {
			if g.sreachable[p] && !in(p) {
				return c.errorf(RuleStructured, f.Blocks[p].Terminator(), "block %%%d branches into the %s construct headed by %%%d, not to its header", g.label(p), name, g.label(header))
			}
		}
		if g.kind[b]&(blockSelection|blockLoop) != 0 {
			if mi := f.Blocks[b].Merge(); mi != nil {
				if m, ok := g.index(opID(mi, 0)); ok && g.sreachable[m] && !in(m) {
					return c.errorf(RuleStructured, mi, "header %%%d is in the %s construct headed by %%%d, but its merge block %%%d is not", g.label(b), name, g.label(header), g.label(m))
				}
			}
		}
	}
	if k.kind == kLoop {
		cont := g.loopCont[header]
		if cont != header {
			for _, p := range g.pred.of(cont) {
				back := false
				for _, e := range g.backEdges {
					if e[1] == cont && e[0] == p {
						back = true
					}
				}
				if !in(p) && !back {
					return c.errorf(RuleStructured, f.Blocks[p].Terminator(), "block %%%d branches to the continue target %%%d but is not in the loop headed by %%%d", g.label(p), g.label(cont), g.label(header))
				}
			}
		}
	}
	if k.kind == kSelection {
		if t := f.Blocks[header].Terminator(); t.Op == spv.OpSwitch {
			return c.structuredSwitch(g, t, header, merge)
		}
	}
	return nil
}

// constructBlocks returns the blocks of a construct (spirv-val's walk:
// from the entry over structural successors, keeping the blocks that
// belong), in the order found; they are also the marked set (g.marked)
// until the next walk.
func (g *fcfg) constructBlocks(k *vconstruct) []int32 {
	header, exit := k.entry, k.exit
	var contHeader int32 = -1
	if k.kind == kLoop {
		contHeader = k.cont.entry
	}
	g.newMark()
	blocks := g.blockBuf[:0]
	stack := append(g.stackBuf[:0], header)
	defer func() { g.blockBuf, g.stackBuf = blocks, stack }()
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b >= g.n || !g.sdom.dominates(header, b) {
			continue
		}
		include := false
		if k.kind == kContinue && g.spdom.dominates(exit, b) {
			include = true
		} else if !g.sdom.dominates(exit, b) {
			include = true
			if k.kind == kLoop && g.sdom.dominates(contHeader, b) {
				include = false
			}
		}
		if include && !g.marked(b) {
			g.setMark(b)
			blocks = append(blocks, b)
			stack = append(stack, g.ssucc.of(b)...)
		}
	}
	return blocks
}

// structuredExit reports whether a branch from construct k to dest is one
// of its structured exits.
func (c *checker) structuredExit(g *fcfg, k *vconstruct, dest int32) bool {
	f := g.f
	switch k.kind {
	case kLoop:
		mi := f.Blocks[k.entry].Merge()
		return dest == g.indexOr0(opID(mi, 0)) || dest == g.indexOr0(opID(mi, 1))
	case kContinue:
		loopHeader := k.loop.entry
		mi := f.Blocks[loopHeader].Merge()
		return dest == loopHeader || dest == g.indexOr0(opID(mi, 0))
	}
	if dest == k.exit {
		return true
	}
	// The next block outwards: the header declaring the block as its merge
	// block, else the block's immediate structural dominator.
	next := func(b int32) int32 {
		if g.kind[b]&blockMerge != 0 {
			if h := g.mergeHeader[b]; h != b && g.sdom.dominates(h, b) {
				return h
			}
		}
		d := g.sdom.idom[b]
		if d < 0 || d == b || d >= g.n {
			return -1
		}
		return d
	}
	header := k.entry
	headerSwitch := f.Blocks[header].Terminator().Op == spv.OpSwitch
	seenSwitch := false
	for b, steps := next(header), 0; b >= 0 && steps <= int(g.n); b, steps = next(b), steps+1 {
		t := f.Blocks[b].Terminator()
		mi := f.Blocks[b].Merge()
		if mi == nil {
			continue
		}
		if mi.Op == spv.OpLoopMerge || (!headerSwitch && mi.Op == spv.OpSelectionMerge && t.Op == spv.OpSwitch) {
			mt, ok := g.index(opID(mi, 0))
			if ok && g.sdom.dominates(mt, header) {
				continue
			}
			if (!seenSwitch || mi.Op == spv.OpLoopMerge) && dest == mt {
				return true
			} else if mi.Op == spv.OpLoopMerge {
				if ct, ok := g.index(opID(mi, 1)); ok && dest == ct {
					return true
				}
			}
			if t.Op == spv.OpSwitch {
				seenSwitch = true
			}
			if mi.Op == spv.OpLoopMerge {
				return false
			}
		}
	}
	return false
}

// structuredSwitch checks a switch's case constructs: the header
// dominates each, and a case falls through to at most one other case, the
// one right after it in the target list.
func (c *checker) structuredSwitch(g *fcfg, sw *builder.Inst, header, merge int32) error {
	// Targets in operand order: the default first.
	targets := append(g.targetBuf[:0], g.indexOr0(opID(sw, 1)))
	for _, p := range sw.Operands[2:] {
		if len(p.Params()) == 2 {
			targets = append(targets, g.indexOr0(p.Params()[1].ID()))
		}
	}
	g.targetBuf = targets
	g.newCases()
	for _, t := range targets {
		if t != merge {
			g.caseOf(t).isCase = true
		}
	}
	defaultTarget := targets[0]
	defaultMultiple := false
	for _, t := range targets[1:] {
		if t == defaultTarget {
			defaultMultiple = true
		}
	}
	var defaultFall int32 = -1
	for i, target := range targets {
		if target == merge {
			continue
		}
		tc := g.caseOf(target)
		fall := tc.fall
		if !tc.seen {
			if g.sreachable[header] && g.sreachable[target] && !g.sdom.dominates(header, target) {
				return c.errorf(RuleStructured, sw, "switch header %%%d does not structurally dominate its case %%%d", g.label(header), g.label(target))
			}
			var err error
			fall, err = c.caseFallThrough(g, target, merge)
			if err != nil {
				return err
			}
			if fall >= 0 {
				g.caseOf(fall).targeted++
			}
			tc.seen, tc.fall = true, fall
		}
		if fall == defaultTarget && !defaultMultiple {
			fall = defaultFall
		}
		if fall < 0 {
			continue
		}
		if i == 0 {
			defaultFall = fall
			continue
		}
		j := i
		for j+1 < len(targets) && targets[j+1] == target {
			j++
		}
		if j+1 >= len(targets) || fall != targets[j+1] {
			return c.errorf(RuleStructured, sw, "the case %%%d falls through to the case %%%d, which does not come right after it in the OpSwitch", g.label(target), g.label(fall))
		}
	}
	for _, t := range targets {
		if g.caseOf(t).targeted > 1 {
			return c.errorf(RuleStructured, sw, "several cases fall through to the case %%%d", g.label(t))
		}
	}
	return nil
}

// A caseInfo is what structuredSwitch knows of a block for the switch it
// checks: whether it is a case target, its fall-through once computed
// (seen), and how many cases fall through to it. Entries whose stamp is
// not the current switch's are empty.
type caseInfo struct {
	stamp          int32
	isCase, seen   bool
	fall, targeted int32
}

// newCases empties the case table for the next switch.
func (g *fcfg) newCases() {
	if g.cases == nil {
		g.cases = make([]caseInfo, g.n)
	}
	g.caseStamp++
}

func (g *fcfg) caseOf(b int32) *caseInfo {
	ci := &g.cases[b]
	if ci.stamp != g.caseStamp {
		*ci = caseInfo{stamp: g.caseStamp}
	}
	return ci
}

// caseFallThrough returns the case a case construct branches to (-1 for
// none), or an error for a branch out of the switch that is not
// structured.
func (c *checker) caseFallThrough(g *fcfg, target, merge int32) (int32, error) {
	fall := int32(-1)
	g.newMark() // visited
	stack := append(g.stackBuf[:0], target)
	defer func() { g.stackBuf = stack }()
	reach := g.sreachable[target]
	depth := g.blockDepth(target)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == merge || g.marked(b) {
			continue
		}
		g.setMark(b)
		if reach && g.sreachable[b] && g.sdom.dominates(target, b) {
			stack = append(stack, g.succ.of(b)...)
			continue
		}
		if !g.caseOf(b).isCase {
			d := g.blockDepth(b)
			if d < depth || (d == depth && g.kind[b]&blockContinue != 0) {
				continue
			}
			return 0, c.errorf(RuleStructured, g.f.Blocks[target].Terminator(), "the case construct at %%%d branches to %%%d, which is not another case, the merge block, an outer loop's merge or continue", g.label(target), g.label(b))
		}
		if fall < 0 {
			if b != target {
				fall = b
			}
		} else if fall != b {
			return 0, c.errorf(RuleStructured, g.f.Blocks[target].Terminator(), "the case construct at %%%d branches to the cases %%%d and %%%d", g.label(target), g.label(fall), g.label(b))
		}
	}
	return fall, nil
}

// structuredSelections: a conditional branch to two blocks not seen yet
// needs a merge instruction, and every OpSwitch needs one.
func (c *checker) structuredSelections(g *fcfg) error {
	po := g.sdom.po // the structural graph's post-order from the entry block
	g.newMark()     // seen
	seen := g.marked
	for i := len(po) - 1; i >= 0; i-- {
		b := po[i]
		if b >= g.n {
			continue
		}
		blk := g.f.Blocks[b]
		t := blk.Terminator()
		mi := blk.Merge()
		if mi != nil {
			g.setMark(g.indexOr0(opID(mi, 0)))
			if mi.Op == spv.OpLoopMerge {
				g.setMark(g.indexOr0(opID(mi, 1)))
			}
		}
		if !g.sreachable[b] {
			continue
		}
		switch t.Op {
		case spv.OpBranchConditional:
			tl, fl := g.indexOr0(opID(t, 1)), g.indexOr0(opID(t, 2))
			tu, fu := !seen(tl), !seen(fl)
			g.setMark(tl)
			g.setMark(fl)
			if mi == nil && tu && fu {
				return c.errorf(RuleStructured, t, "the selection must be structured (an OpSelectionMerge before the OpBranchConditional)")
			}
		case spv.OpSwitch:
			if mi == nil {
				return c.errorf(RuleStructured, t, "OpSwitch must come after an OpSelectionMerge")
			}
			for _, s := range g.succ.of(b) {
				g.setMark(s)
			}
		}
	}
	return nil
}

// checkControlFlow checks the control-flow instructions.
func (c *checker) checkControlFlow(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	switch in.Op {
	case spv.OpPhi:
		return c.checkPhi(in, fn, blk)
	case spv.OpBranch:
		if c.opOf(opID(in, 0)) != spv.OpLabel {
			return c.errorf(RuleCFG, in, "the target of OpBranch must be a label")
		}
	case spv.OpBranchConditional:
		if len(in.Operands) != 3 && len(in.Operands) != 5 {
			return c.errorf(RuleCFG, in, "OpBranchConditional takes 3 or 5 operands")
		}
		cond := c.def(opID(in, 0))
		if cond == nil || cond.Type == 0 || !c.isBoolScalar(cond.Type) {
			return c.errorf(RuleCFG, in, "the condition of OpBranchConditional must be a bool")
		}
		if c.opOf(opID(in, 1)) != spv.OpLabel || c.opOf(opID(in, 2)) != spv.OpLabel {
			return c.errorf(RuleCFG, in, "the targets of OpBranchConditional must be labels")
		}
		if c.version >= spv.Version1_6 && opID(in, 1) == opID(in, 2) {
			return c.errorf(RuleCFG, in, "from SPIR-V 1.6, the two targets of OpBranchConditional must differ")
		}
	case spv.OpSwitch:
		if !c.isIntScalar(c.typeOf(opID(in, 0))) {
			return c.errorf(RuleCFG, in, "the selector of OpSwitch must be an integer")
		}
		if c.opOf(opID(in, 1)) != spv.OpLabel {
			return c.errorf(RuleCFG, in, "the default of OpSwitch must be a label")
		}
		for _, p := range in.Operands[2:] {
			if len(p.Params()) == 2 && c.opOf(p.Params()[1].ID()) != spv.OpLabel {
				return c.errorf(RuleCFG, in, "the targets of OpSwitch must be labels")
			}
		}
	case spv.OpReturn:
		if fn != nil && !c.isVoid(fn.Def.Type) {
			return c.errorf(RuleCFG, in, "OpReturn in a function that does not return void")
		}
	case spv.OpReturnValue:
		v := c.def(opID(in, 0))
		if v == nil || v.Type == 0 {
			return c.errorf(RuleCFG, in, "the value of OpReturnValue is not a value")
		}
		vt := c.def(v.Type)
		if vt == nil || vt.Op == spv.OpTypeVoid {
			return c.errorf(RuleCFG, in, "the value of OpReturnValue has no type or is void")
		}
		if c.addressing == spv.AddressingModelLogical && vt.Op == spv.OpTypePointer && !c.feat.variablePointers && !c.opts.RelaxLogicalPointer {
			return c.errorf(RuleCFG, in, "returning a pointer is invalid under logical addressing")
		}
		if fn != nil && fn.Def.Type != v.Type {
			return c.errorf(RuleCFG, in, "the value's type does not match the function's return type")
		}
	case spv.OpLoopMerge:
		return c.checkLoopMerge(in, blk)
	case spv.OpKill:
		c.limitModel(fn, in, RuleCFG, "OpKill needs the Fragment execution model", spv.ExecutionModelFragment)
	case spv.OpTerminateInvocation:
		c.limitModel(fn, in, RuleCFG, "OpTerminateInvocation needs the Fragment execution model", spv.ExecutionModelFragment)
	case spv.OpIgnoreIntersectionKHR:
		c.limitModel(fn, in, RuleRayTracing, "OpIgnoreIntersectionKHR needs the AnyHitKHR execution model", spv.ExecutionModelAnyHitKHR)
	case spv.OpTerminateRayKHR:
		c.limitModel(fn, in, RuleRayTracing, "OpTerminateRayKHR needs the AnyHitKHR execution model", spv.ExecutionModelAnyHitKHR)
	}
	return nil
}

func (c *checker) checkLoopMerge(in *builder.Inst, blk *builder.Block) error {
	merge := opID(in, 0)
	if c.opOf(merge) != spv.OpLabel {
		return c.errorf(RuleStructured, in, "the merge block %%%d must be a label", merge)
	}
	if blk != nil && merge == blk.Label {
		return c.errorf(RuleStructured, in, "the merge block may not be the block holding the OpLoopMerge")
	}
	cont := opID(in, 1)
	if c.opOf(cont) != spv.OpLabel {
		return c.errorf(RuleStructured, in, "the continue target %%%d must be a label", cont)
	}
	if merge == cont {
		return c.errorf(RuleStructured, in, "the merge block and the continue target must differ")
	}
	ctl := spv.LoopControl(opWord(in, 2))
	if ctl&spv.LoopControlUnroll != 0 && ctl&spv.LoopControlDontUnroll != 0 {
		return c.errorf(RuleStructured, in, "Unroll and DontUnroll must not both be set")
	}
	if ctl&spv.LoopControlDontUnroll != 0 && ctl&spv.LoopControlPeelCount != 0 {
		return c.errorf(RuleStructured, in, "PeelCount and DontUnroll must not both be set")
	}
	if ctl&spv.LoopControlDontUnroll != 0 && ctl&spv.LoopControlPartialCount != 0 {
		return c.errorf(RuleStructured, in, "PartialCount and DontUnroll must not both be set")
	}
	if ctl&spv.LoopControlIterationMultiple != 0 && len(in.Operands) > 2 {
		// Parameters, lowest bit first.
		k := 0
		for b := spv.LoopControl(1); b < spv.LoopControlIterationMultiple; b <<= 1 {
			if ctl&b != 0 {
				if e := spv.KindLoopControl.Enumerant(uint32(b)); e != nil {
					k += len(e.Parameters())
				}
			}
		}
		ps := in.Operands[2].Params()
		if k >= len(ps) || ps[k].Word == 0 {
			return c.errorf(RuleStructured, in, "the IterationMultiple loop control operand must be greater than zero")
		}
	}
	return nil
}

func (c *checker) checkPhi(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	if c.isVoid(in.Type) {
		return c.errorf(RuleCFG, in, "OpPhi cannot have type void")
	}
	if c.isPointer(in.Type) && c.addressing == spv.AddressingModelLogical && !c.feat.variablePointers {
		return c.errorf(RuleCFG, in, "OpPhi on pointers needs VariablePointers or VariablePointersStorageBuffer")
	}
	t := c.def(in.Type)
	if !c.opts.BeforeHLSLLegalization && !c.hasCap(spv.CapabilityBindlessTextureNV) && t != nil {
		if t.Op == spv.OpTypeSampledImage || (c.hasCap(spv.CapabilityShader) && (t.Op == spv.OpTypeImage || t.Op == spv.OpTypeSampler)) {
			return c.errorf(RuleCFG, in, "OpPhi cannot have type %s", t.Op)
		}
	}
	if fn == nil || blk == nil {
		return nil
	}
	var preds []ID
	if int(blk.Label) < len(c.blockIndex) {
		preds = c.predecessors(fn).of(c.blockIndex[blk.Label])
	}
	if len(in.Operands) != len(preds) {
		return c.errorf(RuleCFG, in, "OpPhi has %d incoming blocks for %d predecessors", len(in.Operands), len(preds))
	}
	for i, p := range in.Operands {
		if len(p.Params()) != 2 {
			return c.errorf(RuleCFG, in, "OpPhi must have an equal number of values and blocks")
		}
		v, parent := p.Params()[0].ID(), p.Params()[1].ID()
		if c.typeOf(v) != in.Type {
			return c.errorf(RuleCFG, in, "the incoming value %%%d's type does not match OpPhi's type", v)
		}
		if c.opOf(parent) != spv.OpLabel {
			return c.errorf(RuleCFG, in, "the incoming block %%%d is not a label", parent)
		}
		if !slices.Contains(preds, parent) {
			return c.errorf(RuleCFG, in, "the incoming block %%%d is not a predecessor", parent)
		}
		// Incoming blocks are few: an earlier one is found by looking.
		for _, q := range in.Operands[:i] {
			if q.Params()[1].ID() == parent {
				return c.errorf(RuleCFG, in, "the incoming block %%%d is listed more than once", parent)
			}
		}
	}
	return nil
}

// dominance checks that the definition of every id used in a function
// dominates its use (section 2.16.1).
func (c *checker) dominance() error {
	for _, f := range c.m.Functions {
		g := c.cfgs[f]
		fn := c.fnNumber(f)
		var uses []ID // of the instruction being checked
		check := func(user *builder.Inst, ub int32) error {
			uses = user.AppendUses(uses[:0])
			for _, id := range uses {
				if id == user.Type {
					continue
				}
				if int(id) >= len(c.defFn) || c.defFn[id] == 0 {
					continue // a module-level definition (or none) dominates every use
				}
				d := c.def(id)
				if d == nil || d.Op == spv.OpLabel || d.Op == spv.OpFunction {
					continue
				}
				if c.defFn[id] == fn {
					if d.Block == nil || g == nil || ub < 0 || !g.reachable[ub] || user.Op == spv.OpPhi || d.Block == f.Blocks[ub] {
						continue // (a block dominates itself)
					}
					if db, ok := g.index(d.Block.Label); ok && !g.dom.dominates(db, ub) {
						return c.errorf(RuleIDDominance, user, "%%%d's definition in block %%%d does not dominate its use in block %%%d", id, g.label(db), g.label(ub))
					}
					continue
				}
				// Defined in another function: an error where spirv-val
				// looks (parameters anywhere, values in reachable blocks).
				if d.Block == nil || (ub >= 0 && g != nil && g.reachable[ub]) {
					return c.errorf(RuleIDDominance, user, "%%%d is defined in another function", id)
				}
			}
			return nil
		}
		for _, p := range f.Prologue {
			if err := check(p, -1); err != nil {
				return err
			}
		}
		for bi, b := range f.Blocks {
			for _, in := range b.Insts {
				for l := in.Line; l != nil; l = l.Line {
					if err := check(l, int32(bi)); err != nil {
						return err
					}
				}
				if err := check(in, int32(bi)); err != nil {
					return err
				}
				if in.Op != spv.OpPhi || g == nil || !g.reachable[bi] {
					continue
				}
				for _, p := range in.Operands {
					if len(p.Params()) != 2 {
						continue
					}
					v := c.def(p.Params()[0].ID())
					parent, ok := g.index(p.Params()[1].ID())
					if v == nil || v.Block == nil || !ok || !g.reachable[parent] {
						continue
					}
					db, same := g.index(v.Block.Label)
					if c.defFn[v.Result] != fn || !same || !g.dom.dominates(db, parent) {
						return c.errorf(RuleIDDominance, in, "%%%d's definition does not dominate the end of the incoming block %%%d", v.Result, g.label(parent))
					}
				}
			}
		}
	}
	return nil
}

// predecessors lists each block's predecessors in fn (each once, in
// block order) by block index: blockPreds.of(c.blockIndex[label]).
func (c *checker) predecessors(fn *builder.Function) *blockPreds {
	if c.preds == nil {
		c.preds = map[*builder.Function]*blockPreds{}
	}
	if p, ok := c.preds[fn]; ok {
		return p
	}
	// The edges to blocks of fn; a block's repeated edges are consecutive.
	n, fi := len(fn.Blocks), c.fnNumber(fn)
	edges := make([]cfgEdge, 0, 2*n) // most blocks have one or two successors
	var succ []ID
	for i, b := range fn.Blocks {
		succ = b.AppendSuccessors(succ[:0])
		for _, s := range succ {
			if int(s) < len(c.defs) && c.defFn[s] == fi && c.defs[s] != nil && c.defs[s].Op == spv.OpLabel {
				edges = append(edges, cfgEdge{c.blockIndex[s], int32(i)})
			}
		}
	}
	p := &blockPreds{start: make([]int32, n+1), list: make([]ID, 0, len(edges))}
	by := newAdjacency(nil, n, edges, false)
	for b := range n {
		for _, from := range by.of(int32(b)) {
			if l := fn.Blocks[from].Label; len(p.list) == int(p.start[b]) || p.list[len(p.list)-1] != l {
				p.list = append(p.list, l)
			}
		}
		p.start[b+1] = int32(len(p.list))
	}
	c.preds[fn] = p
	return p
}

// blockPreds holds the predecessor labels of a function's blocks by block
// index: block b's are list[start[b]:start[b+1]].
type blockPreds struct {
	start []int32
	list  []ID
}

func (p *blockPreds) of(b int32) []ID {
	if int(b)+1 >= len(p.start) {
		return nil
	}
	return p.list[p.start[b]:p.start[b+1]]
}
