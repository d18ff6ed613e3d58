package builder

// A LoopInfo is one structured loop: an OpLoopMerge header with its merge block
// and continue target. Indexes are CFG block indexes.
type LoopInfo struct {
	Header, Merge, Continue int32
	// BackEdge is the block branching back to the header (-1 when the loop
	// never iterates).
	BackEdge int32
	// Construct is the loop construct; Construct.Continue the continue
	// construct.
	Construct *Construct
	Parent    *LoopInfo
	Children  []*LoopInfo
	Depth     int // 1 for an outermost loop
}

// Contains reports whether block b belongs to the loop: its loop construct
// or its continue construct.
func (l *LoopInfo) Contains(b int32) bool {
	return l.Construct.Contains(b) || (l.Construct.Continue != nil && l.Construct.Continue.Contains(b))
}

// Blocks returns the loop's blocks in reverse post-order.
func (l *LoopInfo) Blocks() []int32 {
	var out []int32
	for _, b := range l.Construct.t.CFG.RPO {
		if l.Contains(b) {
			out = append(out, b)
		}
	}
	return out
}

// Loops is the loop nest of a function, from its structured loops.
type Loops struct {
	Top []*LoopInfo // outermost loops, in reverse post-order of their headers
	All []*LoopInfo // every loop, outer before inner
	// byHeader maps a header's block index to its loop.
	byHeader map[int32]*LoopInfo
	t        *Constructs
}

// Loops returns f's loop nest, built on first use and kept until
// InvalidateCFG.
func (f *Function) Loops() *Loops {
	f.checkCFG()
	if f.loops == nil {
		f.loops = NewLoops(f.Constructs())
	}
	return f.loops
}

// NewLoops builds the loop nest from a construct tree.
func NewLoops(t *Constructs) *Loops {
	ls := &Loops{byHeader: map[int32]*LoopInfo{}, t: t}
	for _, c := range t.All {
		if c.Kind != ConstructLoop {
			continue
		}
		l := &LoopInfo{Header: c.Entry, Merge: c.Merge, Continue: -1, BackEdge: -1, Construct: c}
		if c.Continue != nil {
			l.Continue, l.BackEdge = c.Continue.Entry, c.Continue.BackEdge
		}
		// The enclosing loop: the nearest loop or continue construct above.
		for p := c.Parent; p != nil; p = p.Parent {
			if outer := p.Loop(); outer != nil {
				l.Parent = ls.byHeader[outer.Entry]
				break
			}
		}
		if l.Parent != nil {
			l.Depth = l.Parent.Depth + 1
			l.Parent.Children = append(l.Parent.Children, l)
		} else {
			l.Depth = 1
			ls.Top = append(ls.Top, l)
		}
		ls.byHeader[l.Header] = l
		ls.All = append(ls.All, l)
	}
	return ls
}

// ByHeader returns the loop headed by block h, or nil.
func (ls *Loops) ByHeader(h int32) *LoopInfo { return ls.byHeader[h] }

// Innermost returns the innermost loop holding block b, or nil.
func (ls *Loops) Innermost(b int32) *LoopInfo {
	c := ls.t.Innermost(b)
	if c == nil {
		return nil
	}
	if l := c.Loop(); l != nil {
		return ls.byHeader[l.Entry]
	}
	return nil
}
