package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// replaceDescArrayAccess is spirv-opt's
// --replace-desc-array-access-using-var-index, which DXC runs before
// descriptor-array-scalar-replacement under -fspv-flatten-resource-arrays:
// an access chain into an array of resources with an index that is not a
// constant becomes a switch on the index with a case per element.
//
// From the access chain, the pass follows the uses through values that are
// not plain data (images, samplers, pointers) to the instructions that end
// the resource's use: one with a numeric result (a sample, a load from a
// buffer element) or none (an image write, a store). For each such use,
// the block is split after it and a selection over the index is placed
// there; each case repeats the access chain with the element's constant
// index and the instructions between it and the use (the loads, sampled
// images and chains that depend on images or access chains), and a phi
// after the switch takes each case's result (OpConstantNull from the
// default case). A use with no result is deleted from before the switch,
// where it would still use the dynamic index (spirv-opt leaves it there,
// which keeps the array alive); uses with a result are left for dead-code
// elimination, as spirv-opt leaves them. An array of one element is just
// indexed by 0.
type replaceDescArrayAccess struct{}

func (replaceDescArrayAccess) Name() string { return "replace-desc-array-access-using-var-index" }

type rdaa struct {
	c *Context
	d *dsroa // the resource-variable questions (decorations, types)
	// follow holds, for a block that was split, the blocks placed right
	// after it, in order; f.Blocks is rebuilt once at the end (placing
	// each split's blocks at once would copy the block list every time).
	follow map[*builder.Block][]*builder.Block
	split  map[*builder.Function]bool
}

func (replaceDescArrayAccess) Run(c *Context) (bool, error) {
	r := &rdaa{c: c, d: &dsroa{c: c, decos: map[builder.ID][]*builder.Inst{}},
		follow: map[*builder.Block][]*builder.Block{}, split: map[*builder.Function]bool{}}
	for _, a := range c.M.Annotations {
		r.d.indexDecoration(a)
	}
	changed := false
	for _, v := range c.M.Globals {
		if v.Op != spv.OpVariable || !r.isDescriptorArray(v) {
			continue
		}
		n := c.compositeMembers(r.d.pointee(v).Result)
		for _, ch := range c.DU.Users(v.Result) {
			if ch.Op != spv.OpAccessChain && ch.Op != spv.OpInBoundsAccessChain || len(ch.Operands) < 2 {
				continue
			}
			if _, ok := intConstant(c, ch.Operands[1].ID()); ok {
				continue
			}
			changed = true
			if n == 1 {
				ch.Operands[1] = builder.Ref(c.B.ConstUint32(0))
				c.DU.AnalyzeUses(ch)
				continue
			}
			for _, u := range r.finalUsers(ch) {
				if u.Block != nil {
					r.switchOver(ch, u, n)
				}
			}
		}
	}
	for _, f := range c.M.Functions {
		if r.split[f] {
			r.placeBlocks(f)
		}
	}
	return changed, nil
}

// placeBlocks rebuilds f.Blocks with the blocks made by the splits after
// the blocks they follow.
func (r *rdaa) placeBlocks(f *builder.Function) {
	out := make([]*builder.Block, 0, len(f.Blocks))
	var place func(b *builder.Block)
	place = func(b *builder.Block) {
		out = append(out, b)
		for _, x := range r.follow[b] {
			place(x)
		}
	}
	for _, b := range f.Blocks {
		place(b)
	}
	f.Blocks = out
	f.InvalidateCFG()
}

func (r *rdaa) isDescriptorArray(v *builder.Inst) bool {
	t := r.d.pointee(v)
	return t != nil && t.Op == spv.OpTypeArray && r.d.hasDecoration(v.Result, spv.DecorationDescriptorSet) &&
		r.d.hasDecoration(v.Result, spv.DecorationBinding)
}

// finalUsers follows the users of ch through results that are not plain
// data to the instructions that end the resource's use.
func (r *rdaa) finalUsers(ch *builder.Inst) []*builder.Inst {
	var out []*builder.Inst
	seen := map[*builder.Inst]bool{}
	work := []*builder.Inst{ch}
	for len(work) > 0 {
		in := work[0]
		work = work[1:]
		for _, u := range r.c.DU.Users(in.Result) {
			if seen[u] {
				continue
			}
			seen[u] = true
			if u.Result == 0 || r.isData(u.Type) {
				out = append(out, u)
			} else {
				work = append(work, u)
			}
		}
	}
	return out
}

// isData reports whether typ is made of numbers only (booleans excluded,
// as spirv-opt has it).
func (r *rdaa) isData(typ builder.ID) bool {
	t := r.c.Def(typ)
	if t == nil {
		return false
	}
	switch t.Op {
	case spv.OpTypeInt, spv.OpTypeFloat:
		return true
	case spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeArray:
		return r.isData(t.Operands[0].ID())
	case spv.OpTypeStruct:
		for _, m := range t.Operands {
			if !r.isData(m.ID()) {
				return false
			}
		}
		return true
	}
	return false
}

// isImageLike reports whether typ is an image, sampler or sampled image,
// a pointer to or array of one, or a struct whose first member is one
// (spirv-opt looks at the first member only).
func (r *rdaa) isImageLike(typ builder.ID) bool {
	t := r.c.Def(typ)
	if t == nil {
		return false
	}
	switch t.Op {
	case spv.OpTypeImage, spv.OpTypeSampler, spv.OpTypeSampledImage:
		return true
	case spv.OpTypePointer:
		return r.isImageLike(t.Operands[1].ID())
	case spv.OpTypeArray:
		return r.isImageLike(t.Operands[0].ID())
	case spv.OpTypeStruct:
		return len(t.Operands) > 0 && r.isImageLike(t.Operands[0].ID())
	}
	return false
}

// requiredInsts lists the instructions a case must repeat to compute u:
// u and, through its operands, the instructions in blocks of image-like
// type and the access chains it depends on, in spirv-opt's order (each
// found one goes to the front).
func (r *rdaa) requiredInsts(u *builder.Inst) []*builder.Inst {
	seen := map[builder.ID]bool{}
	var work []*builder.Inst
	include := func(in *builder.Inst) {
		for _, id := range inOperandIDs(in) {
			if seen[id] {
				continue
			}
			seen[id] = true
			d := r.c.Def(id)
			if d == nil || d.Block == nil {
				continue
			}
			if (d.Type != 0 && r.isImageLike(d.Type)) || d.Op == spv.OpAccessChain || d.Op == spv.OpInBoundsAccessChain {
				work = append(work, d)
			}
		}
	}
	out := []*builder.Inst{u}
	include(u)
	for len(work) > 0 {
		in := work[0]
		work = work[1:]
		out = append([]*builder.Inst{in}, out...)
		include(in)
	}
	return out
}

// inOperandIDs lists the ids an instruction uses, its result type
// excluded.
func inOperandIDs(in *builder.Inst) []builder.ID {
	var out []builder.ID
	typ := in.Type
	in.ForEachUse(func(p *builder.ID) {
		if typ != 0 && *p == typ {
			typ = 0 // the first use is the result type
			return
		}
		out = append(out, *p)
	})
	return out
}

// switchOver puts a switch on ch's index right after u, with a case per
// element repeating what u needs with that element.
func (r *rdaa) switchOver(ch, u *builder.Inst, n uint32) {
	c := r.c
	required := r.requiredInsts(u)
	b := u.Block
	f := b.Func
	merge := splitBlockDetached(c, f, b, b.Index(u)+1)

	var blocks []*builder.Block
	var incoming []phiIncoming
	for i := range n {
		cb := newBlock(c, f)
		remap := map[builder.ID]builder.ID{}
		elem := c.NewInst(ch.Op, ch.Type, cloneOperands(ch.Operands)...)
		elem.Operands[1] = builder.Ref(c.B.ConstUint32(i))
		remap[ch.Result] = elem.Result
		insts := []*builder.Inst{elem}
		for _, in := range required {
			if in == ch {
				continue
			}
			cl := &builder.Inst{Op: in.Op, Type: in.Type, Operands: cloneOperands(in.Operands)}
			if in.Result != 0 {
				cl.Result = c.M.NewID()
				remap[in.Result] = cl.Result
			}
			insts = append(insts, cl)
		}
		insts = append(insts, c.newBranch(merge.Label))
		for _, in := range insts {
			in.ForEachUse(func(p *builder.ID) {
				if nid, ok := remap[*p]; ok {
					*p = nid
				}
			})
		}
		cb.Append(insts...)
		blocks = append(blocks, cb)
		if u.Result != 0 {
			incoming = append(incoming, phiIncoming{remap[u.Result], cb.Label})
		}
	}
	def := newBlock(c, f)
	def.Append(c.newBranch(merge.Label))
	blocks = append(blocks, def)
	// The cases, the default and the merge block go right after b, before
	// what earlier splits of b put there.
	r.follow[b] = append(append(append([]*builder.Block{}, blocks...), merge), r.follow[b]...)
	r.split[f] = true

	cases := []builder.Operand{builder.Ref(ch.Operands[1].ID()), builder.Ref(def.Label)}
	for i, cb := range blocks[:n] {
		cases = append(cases, builder.Pair(builder.Lit(uint32(i)), builder.Ref(cb.Label)))
	}
	b.Append(c.NewInst(spv.OpSelectionMerge, 0, builder.Ref(merge.Label), builder.Enum(spv.SelectionControlNone)),
		c.NewInst(spv.OpSwitch, 0, cases...))

	if u.Result != 0 {
		incoming = append(incoming, phiIncoming{c.B.ConstNull(u.Type), def.Label})
		phi := c.NewInst(spv.OpPhi, u.Type, phiOperands(incoming)...)
		merge.InsertAt(0, phi)
		c.DU.ReplaceAllUses(u.Result, phi.Result)
		// (The phi's own operands are the cases' values, not u.)
	} else {
		c.Kill(u)
	}
}
