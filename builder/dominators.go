package builder

// A DomTree is the dominator (or post-dominator) tree of a function's CFG,
// by block index. Queries are O(1): each node has DFS entry and exit
// numbers in the tree.
//
// Dominators are computed with the iterative algorithm of Cooper, Harvey
// and Kennedy ("A Simple, Fast Dominance Algorithm") over reverse
// post-order: near-linear on the reducible graphs structured SPIR-V has.
// Post-dominators use the same algorithm on the reversed graph with a
// virtual exit that every block without successors reaches (and, so that
// every block has a post-dominator, every infinite loop too).
type DomTree struct {
	cfg  *CFG
	post bool
	// idom[b] is b's immediate dominator; -1 for the root and for blocks
	// the root does not reach (unreachable blocks; for post-dominators,
	// never: see above). For post-dominators the root is the virtual exit,
	// whose index is len(cfg.Blocks).
	idom     []int32
	children [][]int32
	in, out  []int32 // DFS numbers in the tree; in = -1 for nodes not in it
}

// Dominators returns f's dominator tree, built on first use and kept until
// InvalidateCFG.
func (f *Function) Dominators() *DomTree {
	f.checkCFG()
	if f.dom == nil {
		f.dom = NewDominators(f.CFG())
	}
	return f.dom
}

// PostDominators returns f's post-dominator tree, built on first use and
// kept until InvalidateCFG.
func (f *Function) PostDominators() *DomTree {
	f.checkCFG()
	if f.pdom == nil {
		f.pdom = NewPostDominators(f.CFG())
	}
	return f.pdom
}

// NewDominators computes the dominator tree of g.
func NewDominators(g *CFG) *DomTree {
	n := len(g.Blocks)
	idom := computeIdom(n, g.RPO, g.rpoIndex, g.Preds)
	return newDomTree(g, false, idom, 0)
}

// NewPostDominators computes the post-dominator tree of g. Its root is the
// virtual exit, index len(g.Blocks).
func NewPostDominators(g *CFG) *DomTree {
	n := len(g.Blocks)
	exit := int32(n)
	// The reversed graph: its successors are the CFG's predecessors, and
	// the exit's successors are the blocks without successors.
	rsuccs := make([][]int32, n+1)
	rpreds := make([][]int32, n+1) // the CFG's successors, plus the edges to the exit
	for i := range n {
		rsuccs[i] = g.Preds[i]
		rpreds[i] = g.Succs[i]
		if len(g.Succs[i]) == 0 {
			rsuccs[exit] = append(rsuccs[exit], int32(i))
			rpreds[i] = append(rpreds[i][:len(rpreds[i]):len(rpreds[i])], exit)
		}
	}
	order, index := reversePostOrder(n+1, exit, rsuccs)
	// Blocks that cannot reach an exit (infinite loops) are joined to the
	// exit, the latest in the CFG's reverse post-order first, until every
	// block reaches it.
	for len(order) < n+1 {
		pick := int32(-1)
		for i := n - 1; i >= 0; i-- {
			b := int32(i)
			if index[b] < 0 && (pick < 0 || g.rpoIndex[b] > g.rpoIndex[pick]) {
				pick = b
			}
		}
		rsuccs[exit] = append(rsuccs[exit], pick)
		rpreds[pick] = append(rpreds[pick][:len(rpreds[pick]):len(rpreds[pick])], exit)
		order, index = reversePostOrder(n+1, exit, rsuccs)
	}
	idom := computeIdom(n+1, order, index, rpreds)
	return newDomTree(g, true, idom, exit)
}

// computeIdom runs Cooper-Harvey-Kennedy: order is the reverse post-order
// from the root (order[0]), index the position of each node in it (-1 when
// unreached), preds the predecessors in the graph being dominated.
func computeIdom(n int, order, index []int32, preds [][]int32) []int32 {
	idom := make([]int32, n)
	for i := range idom {
		idom[i] = -1
	}
	if len(order) == 0 {
		return idom
	}
	root := order[0]
	idom[root] = root
	intersect := func(a, b int32) int32 {
		for a != b {
			for index[a] > index[b] {
				a = idom[a]
			}
			for index[b] > index[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, b := range order[1:] {
			newIdom := int32(-1)
			for _, p := range preds[b] {
				if index[p] < 0 || idom[p] < 0 {
					continue
				}
				if newIdom < 0 {
					newIdom = p
				} else {
					newIdom = intersect(p, newIdom)
				}
			}
			if newIdom >= 0 && idom[b] != newIdom {
				idom[b] = newIdom
				changed = true
			}
		}
	}
	idom[root] = -1
	return idom
}

func newDomTree(g *CFG, post bool, idom []int32, root int32) *DomTree {
	n := len(idom)
	t := &DomTree{cfg: g, post: post, idom: idom, children: make([][]int32, n), in: make([]int32, n), out: make([]int32, n)}
	// The children lists are carved from one array, sized by counting.
	count := make([]int32, n)
	total := 0
	for _, d := range idom {
		if d >= 0 {
			count[d]++
			total++
		}
	}
	all := make([]int32, total)
	for d, c := range count {
		if c > 0 {
			t.children[d], all = all[:0:c], all[c:]
		}
	}
	for b, d := range idom {
		if d >= 0 {
			t.children[d] = append(t.children[d], int32(b))
		}
	}
	for i := range t.in {
		t.in[i] = -1
	}
	// Iterative DFS numbering.
	clock := int32(0)
	type frame struct{ node, next int32 }
	stack := []frame{{root, 0}}
	t.in[root] = clock
	clock++
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if int(top.next) < len(t.children[top.node]) {
			c := t.children[top.node][top.next]
			top.next++
			t.in[c] = clock
			clock++
			stack = append(stack, frame{c, 0})
			continue
		}
		t.out[top.node] = clock
		clock++
		stack = stack[:len(stack)-1]
	}
	return t
}

// Idom returns b's immediate dominator (post-dominator), -1 for the root,
// for unreachable blocks, and (post-dominators) for blocks whose only
// post-dominator is the virtual exit.
func (t *DomTree) Idom(b int32) int32 {
	d := t.idom[b]
	if t.post && d == int32(len(t.cfg.Blocks)) {
		return -1
	}
	return d
}

// Children returns the blocks b immediately dominates.
func (t *DomTree) Children(b int32) []int32 { return t.children[b] }

// Dominates reports whether a dominates b (every block dominates itself).
// Blocks outside the tree (unreachable) dominate nothing and are dominated
// by nothing.
func (t *DomTree) Dominates(a, b int32) bool {
	if t.in[a] < 0 || t.in[b] < 0 {
		return false
	}
	return t.in[a] <= t.in[b] && t.out[b] <= t.out[a]
}

// StrictlyDominates reports whether a dominates b and a != b.
func (t *DomTree) StrictlyDominates(a, b int32) bool { return a != b && t.Dominates(a, b) }

// InTree reports whether b is in the tree (reachable from the root).
func (t *DomTree) InTree(b int32) bool { return t.in[b] >= 0 }
