package opt

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// ifConversion is --if-conversion: the phis of the merge block of a
// selection with exactly two incoming edges, neither of them a back edge,
// become OpSelect on the selection's condition (splatted into a bool
// vector for vector values), as spirv-opt's IfConversion does. A phi
// stays when its type is not a scalar, vector or pointer, when another phi
// of the block uses it, when a value is defined inside a branch (it would
// not dominate the select), or when the selection is DontFlatten. A phi
// whose two values are the same is replaced by that value (and left for
// dead-code elimination, as spirv-opt leaves it).
type ifConversion struct{}

func (ifConversion) Name() string { return "if-conversion" }

func (ifConversion) Run(c *Context) (bool, error) {
	if !c.M.HasCapability(spv.CapabilityShader) {
		return false, nil
	}
	changed := false
	var dead []*builder.Inst
	for _, f := range c.M.Functions {
		if !slices.ContainsFunc(f.Blocks, func(b *builder.Block) bool { return b.FirstNonPhi() > 0 }) {
			continue // no phi to convert: no analysis
		}
		g := f.CFG()
		dom := f.Dominators()
		preds := newPredLists(c, f)
		for bi, b := range f.Blocks {
			if b.FirstNonPhi() == 0 {
				continue
			}
			common := ifConversionHeader(c, g, dom, preds, b, int32(bi))
			if common < 0 {
				continue
			}
			at := b.FirstNonPhi()
			var made []*builder.Inst
			for _, phi := range b.Insts[:b.FirstNonPhi()] {
				if !ifConvertibleType(c, phi.Type) || usedByPhiIn(c, phi, b) {
					continue
				}
				ps := phiPairs(phi)
				branch := g.Blocks[common].Terminator()
				cond := branch.Operands[0].ID()
				thenBlock := g.Index(branch.Operands[1].ID())
				inc0 := g.Index(ps[0].pred)
				trueVal, falseVal := ps[1].value, ps[0].value
				if (thenBlock == int32(bi) && inc0 == common) || (thenBlock >= 0 && inc0 >= 0 && dom.Dominates(thenBlock, inc0)) {
					trueVal, falseVal = ps[0].value, ps[1].value
				}
				if trueVal == falseVal {
					// One value either way (spirv-opt's value numbers
					// find more; this finds the same id).
					changed = true
					c.DU.KillNamesAndDecorations(phi.Result)
					c.DU.ReplaceAllUses(phi.Result, trueVal)
					continue
				}
				if !definedAbove(c, g, dom, trueVal, int32(bi)) || !definedAbove(c, g, dom, falseVal, int32(bi)) {
					continue
				}
				if n := c.B.ComponentCount(phi.Type); c.B.TypeOp(phi.Type) == spv.OpTypeVector {
					splat := make([]builder.Operand, n)
					for i := range splat {
						splat[i] = builder.Ref(cond)
					}
					cc := c.NewInst(spv.OpCompositeConstruct, c.B.TypeVector(c.B.TypeBool(), n), splat...)
					made = append(made, cc)
					cond = cc.Result
				}
				sel := c.NewInst(spv.OpSelect, phi.Type, builder.Ref(cond), builder.Ref(trueVal), builder.Ref(falseVal))
				sel.Line = copyChain(c, phi.Line)
				made = append(made, sel)
				c.DU.Define(sel)
				c.DU.ReplaceAllUses(phi.Result, sel.Result)
				dead = append(dead, phi)
				changed = true
			}
			if len(made) > 0 {
				b.InsertAt(at, made...)
			}
		}
	}
	for _, phi := range dead {
		c.Kill(phi)
	}
	return changed, nil
}

// ifConversionHeader returns the header of the selection whose merge block
// is block b when the phis of b may become selects (two distinct
// predecessors, neither a back edge, their common dominator a selection
// header ending in OpBranchConditional and not DontFlatten); -1 otherwise.
func ifConversionHeader(c *Context, g *builder.CFG, dom *builder.DomTree, preds *predLists, b *builder.Block, bi int32) int32 {
	ps := preds.of(b.Label)
	if len(ps) != 2 {
		return -1
	}
	inc0, inc1 := g.Index(ps[0]), g.Index(ps[1])
	if inc0 < 0 || inc1 < 0 || dom.Dominates(bi, inc0) || dom.Dominates(bi, inc1) || inc0 == inc1 {
		return -1
	}
	common := commonDominator(dom, inc0, inc1)
	if common < 0 {
		return -1
	}
	h := g.Blocks[common]
	mi := h.Merge()
	if t := h.Terminator(); t == nil || t.Op != spv.OpBranchConditional || mi == nil || mi.Op != spv.OpSelectionMerge {
		return -1
	}
	if spv.SelectionControl(mi.Operands[1].Word) == spv.SelectionControlDontFlatten || mi.Operands[0].ID() != b.Label {
		return -1
	}
	return common
}

// commonDominator returns the nearest block dominating both a and b (-1
// when they are unreachable).
func commonDominator(dom *builder.DomTree, a, b int32) int32 {
	for a >= 0 && !dom.Dominates(a, b) {
		a = dom.Idom(a)
	}
	return a
}

// ifConvertibleType reports whether a phi of type typ may become an
// OpSelect: scalars, vectors and pointers.
func ifConvertibleType(c *Context, typ builder.ID) bool {
	switch c.B.TypeOp(typ) {
	case spv.OpTypeInt, spv.OpTypeFloat, spv.OpTypeBool, spv.OpTypePointer, spv.OpTypeVector:
		return true
	}
	return false
}

// usedByPhiIn reports whether a phi of b uses phi.
func usedByPhiIn(c *Context, phi *builder.Inst, b *builder.Block) bool {
	for _, u := range c.DU.Users(phi.Result) {
		if u.Op == spv.OpPhi && u.Block == b {
			return true
		}
	}
	return false
}

// definedAbove reports whether id is a global or defined in a block that
// dominates block bi.
func definedAbove(c *Context, g *builder.CFG, dom *builder.DomTree, id builder.ID, bi int32) bool {
	d := c.Def(id)
	if d == nil || d.Block == nil {
		return true
	}
	return dom.Dominates(g.Index(d.Block.Label), bi)
}

// copyChain copies a chain of debug line and scope instructions (with new
// result ids where they have one).
func copyChain(c *Context, l *builder.Inst) *builder.Inst {
	if l == nil {
		return nil
	}
	cp := &builder.Inst{Op: l.Op, Type: l.Type, Operands: cloneOperands(l.Operands), Line: copyChain(c, l.Line)}
	if l.Result != 0 {
		cp.Result = c.M.NewID()
		c.DU.Define(cp)
	}
	return cp
}
