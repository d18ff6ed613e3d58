package builder

import (
	"fmt"
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// A ConstructKind is one of the structured control-flow constructs of the
// SPIR-V specification (section 2.11.2, "Structured Control Flow"), plus
// the function itself as the root.
type ConstructKind uint8

const (
	ConstructFunction  ConstructKind = iota // the whole function (the root)
	ConstructSelection                      // an OpSelectionMerge header ending in OpBranchConditional
	ConstructSwitch                         // an OpSelectionMerge header ending in OpSwitch
	ConstructCase                           // one OpSwitch target (or the default), when it is not the merge block
	ConstructLoop                           // an OpLoopMerge header, without its continue construct
	ConstructContinue                       // a loop's continue target up to its back-edge block
)

var constructNames = [...]string{"function", "selection", "switch", "case", "loop", "continue"}

func (k ConstructKind) String() string { return constructNames[k] }

// A Construct is one structured construct. Membership is the
// specification's: blocks dominated by Entry, not dominated by Merge, and
// for a continue construct post-dominated by the back-edge block; a loop
// construct excludes its continue construct. Indexes are CFG block indexes.
type Construct struct {
	Kind ConstructKind
	// Entry is the first block: the header, the case target, or the
	// continue target.
	Entry int32
	// Header is the block whose merge instruction declares the construct:
	// Entry for selections, switches and loops, the switch header for a
	// case, the loop header for a continue construct; -1 for the function.
	Header int32
	// Merge is the merge block ending the construct (the switch's for a
	// case, the loop's for a continue construct); -1 for the function.
	Merge int32
	// BackEdge is a continue construct's back-edge block (the block
	// branching to the loop header), -1 if there is none (the loop never
	// iterates).
	BackEdge int32
	// Continue links a loop construct and its continue construct both ways.
	Continue *Construct
	Parent   *Construct
	Children []*Construct // in the order their entries appear in reverse post-order
	Depth    int          // 0 for the function
	// Index is the construct's position in Constructs.All (per-construct
	// tables of an analysis can be slices).
	Index int

	t *Constructs
}

// Contains reports whether block b is in the construct.
func (c *Construct) Contains(b int32) bool {
	dom := c.t.Dom
	switch c.Kind {
	case ConstructFunction:
		return dom.InTree(b)
	case ConstructContinue:
		if c.BackEdge < 0 || !c.t.PostDom.Dominates(c.BackEdge, b) {
			return false
		}
	case ConstructLoop:
		if c.Continue != nil && c.Continue.Contains(b) {
			return false
		}
	}
	return dom.Dominates(c.Entry, b) && (c.Merge < 0 || !dom.Dominates(c.Merge, b))
}

// Blocks returns the construct's blocks in reverse post-order.
func (c *Construct) Blocks() []int32 {
	var out []int32
	for _, b := range c.t.CFG.RPO {
		if c.Contains(b) {
			out = append(out, b)
		}
	}
	return out
}

// Loop returns the innermost loop construct enclosing c (c itself for a
// loop; for a continue construct, its loop), or nil.
func (c *Construct) Loop() *Construct {
	for x := c; x != nil; x = x.Parent {
		switch x.Kind {
		case ConstructLoop:
			return x
		case ConstructContinue:
			return x.Continue
		}
	}
	return nil
}

func (c *Construct) String() string {
	name := func(i int32) string {
		if i < 0 {
			return "-"
		}
		return fmt.Sprintf("%%%d", c.t.CFG.Blocks[i].Label)
	}
	return fmt.Sprintf("%s(entry %s, merge %s)", c.Kind, name(c.Entry), name(c.Merge))
}

// Constructs is the structured construct tree of a function.
type Constructs struct {
	CFG       *CFG
	Dom       *DomTree
	PostDom   *DomTree
	Root      *Construct
	All       []*Construct // the root first, then by entry in reverse post-order, outer before inner
	innermost []*Construct
	slab      []Construct // newConstruct
}

// Constructs returns f's construct tree, built on first use and kept until
// InvalidateCFG.
func (f *Function) Constructs() *Constructs {
	f.checkCFG()
	if f.constructs == nil {
		f.constructs = NewConstructs(f.CFG(), f.Dominators(), f.PostDominators())
	}
	return f.constructs
}

// Innermost returns the innermost construct holding block b (nil for an
// unreachable block).
func (t *Constructs) Innermost(b int32) *Construct { return t.innermost[b] }

// NewConstructs builds the construct tree from the merge instructions of
// the function's blocks. It does not check the structured control-flow
// rules (the validator does); on a module breaking them the tree is still
// built, and describes what the merge instructions declare.
func NewConstructs(g *CFG, dom, pdom *DomTree) *Constructs {
	t := &Constructs{CFG: g, Dom: dom, PostDom: pdom, innermost: make([]*Construct, len(g.Blocks))}
	t.Root = t.newConstruct(Construct{Kind: ConstructFunction, Entry: 0, Header: -1, Merge: -1, BackEdge: -1, t: t})
	t.All = append(make([]*Construct, 0, len(g.RPO)+1), t.Root)
	// The constructs entered at each block, outer first: a case or continue
	// construct holds the construct its entry block may itself head.
	entered := make([][]*Construct, len(g.Blocks))
	for _, h := range g.RPO {
		mi := g.Blocks[h].Merge()
		if mi == nil {
			continue
		}
		merge, cont := g.MergeOf(h)
		term := g.Blocks[h].Terminator()
		switch {
		case mi.Op == spv.OpLoopMerge:
			loop := t.newConstruct(Construct{Kind: ConstructLoop, Entry: h, Header: h, Merge: merge, BackEdge: -1, t: t})
			entered[h] = append(entered[h], loop)
			if cont >= 0 {
				c := t.newConstruct(Construct{Kind: ConstructContinue, Entry: cont, Header: h, Merge: merge, BackEdge: -1, Continue: loop, t: t})
				for _, p := range g.Preds[h] {
					if dom.Dominates(cont, p) {
						c.BackEdge = p
					}
				}
				loop.Continue = c
				entered[cont] = slices.Insert(entered[cont], 0, c)
			}
		case term != nil && term.Op == spv.OpSwitch:
			sw := t.newConstruct(Construct{Kind: ConstructSwitch, Entry: h, Header: h, Merge: merge, BackEdge: -1, t: t})
			entered[h] = append(entered[h], sw)
			for _, s := range g.Succs[h] {
				if s != merge {
					entered[s] = slices.Insert(entered[s], 0, t.newConstruct(Construct{Kind: ConstructCase, Entry: s, Header: h, Merge: merge, BackEdge: -1, t: t}))
				}
			}
		default:
			entered[h] = append(entered[h], t.newConstruct(Construct{Kind: ConstructSelection, Entry: h, Header: h, Merge: merge, BackEdge: -1, t: t}))
		}
	}
	// Walk blocks in reverse post-order (a block's immediate dominator comes
	// first): the constructs holding b are those holding its immediate
	// dominator that do not exclude b, plus the ones entered at b.
	for _, b := range g.RPO {
		cur := t.Root
		if d := dom.Idom(b); d >= 0 {
			cur = t.enclosing(entered[d], d, b)
		}
		for _, c := range entered[b] {
			if c.Kind == ConstructCase && c.Parent != nil {
				continue // a target listed twice
			}
			parent := cur
			if c.Kind == ConstructLoop && c.Continue != nil && c.Continue.Entry == b {
				// The header is its own continue target: the loop construct
				// sits beside its continue construct, which holds the header.
				parent = c.Continue.Parent
			}
			c.Parent, c.Depth = parent, parent.Depth+1
			parent.Children = append(parent.Children, c)
			c.Index = len(t.All)
			t.All = append(t.All, c)
			if c.Contains(b) {
				cur = c
			}
		}
		t.innermost[b] = cur
	}
	return t
}

// newConstruct places c in the tree's slab (one allocation per 64
// constructs instead of one each).
func (t *Constructs) newConstruct(c Construct) *Construct {
	if len(t.slab) == cap(t.slab) {
		t.slab = make([]Construct, 0, 64)
	}
	t.slab = append(t.slab, c)
	return &t.slab[len(t.slab)-1]
}

// enclosing returns the innermost construct holding b, given b's immediate
// dominator d and the constructs entered at d.
func (t *Constructs) enclosing(enteredAtD []*Construct, d, b int32) *Construct {
	// A construct entered at d that does not hold d itself (a loop whose
	// header is its own continue target) is not on d's chain.
	for i := len(enteredAtD) - 1; i >= 0; i-- {
		if c := enteredAtD[i]; c.Parent != nil && !c.Contains(d) && c.Contains(b) {
			return c
		}
	}
	cur := t.innermost[d]
	for cur != t.Root && !cur.Contains(b) {
		cur = cur.Parent
	}
	return cur
}
