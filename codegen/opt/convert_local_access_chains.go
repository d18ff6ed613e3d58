package opt

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// localAccessChains is --convert-local-access-chains: a load through a
// constant-index access chain into a function variable becomes a load of
// the whole variable and an OpCompositeExtract; a store through one
// becomes a load of the variable, an OpCompositeInsert and a store of the
// whole. Afterwards the variable is only loaded and stored whole, which
// the store/load eliminations and ssa-rewrite handle. Variables also
// reached through a nested chain, a non-constant or out-of-bounds index,
// or anything but loads and stores are left alone.
type localAccessChains struct{}

func (localAccessChains) Name() string { return "convert-local-access-chains" }

func (localAccessChains) Run(c *Context) (bool, error) {
	if !hasVariables(c.M) || hasGroupDecorations(c.M) || !extensionsAllowed(c, allowAccessChain) {
		return false, nil
	}
	p := newMemPass(c)
	changed := false
	for _, f := range c.M.Functions {
		changed = p.convertAccessChains(f) || changed
	}
	return changed, nil
}

// findChainTargets rules out the variables of f the pass cannot convert.
func (p *memPass) findChainTargets(f *builder.Function) {
	for in := range f.Insts() {
		if in.Op != spv.OpLoad && in.Op != spv.OpStore {
			continue
		}
		ptr, v := p.accessed(in)
		if !p.isTargetVar(v) {
			continue
		}
		chain := isAccessChain(ptr.Op)
		if !p.onlySupportedUses(v) ||
			(chain && ptr.Operands[0].ID() != v) || // nested chain
			(chain && !p.constantIndexes(ptr)) ||
			(chain && p.indexOutOfBounds(ptr)) {
			p.excludeVar(v)
		}
	}
}

// constantIndexes reports whether every index of the chain is an
// OpConstant in [0, 2^32).
func (p *memPass) constantIndexes(chain *builder.Inst) bool {
	for _, o := range chain.Operands[1:] {
		d := p.c.DU.Def(o.ID())
		if d == nil || d.Op != spv.OpConstant {
			return false
		}
		v, ok := intConstant(p.c, o.ID())
		if !ok || v.sext < 0 || v.sext > 0xffffffff {
			return false
		}
	}
	return true
}

// indexOutOfBounds reports whether a constant index of the chain is past
// the end of the composite it indexes.
func (p *memPass) indexOutOfBounds(chain *builder.Inst) bool {
	_, t, _ := p.c.B.Pointee(p.c.DU.TypeOf(chain.Operands[0].ID()))
	for _, o := range chain.Operands[1:] {
		v, isConst := intConstant(p.c, o.ID())
		if isConst && v.zext >= p.componentCount(t) {
			return true
		}
		t = p.memberType(t, uint32(v.zext))
	}
	return false
}

// componentCount is the number of members, elements, columns or
// components of a composite type (unbounded for runtime arrays and arrays
// of specialization-constant length, 0 for anything else).
func (p *memPass) componentCount(typ builder.ID) uint64 {
	d := p.c.DU.Def(typ)
	if d == nil {
		return 0
	}
	switch d.Op {
	case spv.OpTypeVector, spv.OpTypeMatrix:
		return uint64(d.Operands[1].Word)
	case spv.OpTypeStruct:
		return uint64(len(d.Operands))
	case spv.OpTypeRuntimeArray:
		return ^uint64(0)
	case spv.OpTypeArray:
		if n, ok := intConstant(p.c, d.Operands[1].ID()); ok && p.c.DU.Def(d.Operands[1].ID()).Op == spv.OpConstant {
			return n.zext
		}
		return ^uint64(0)
	}
	return 0
}

// memberType is the type of member i of a composite type.
func (p *memPass) memberType(typ builder.ID, i uint32) builder.ID {
	d := p.c.DU.Def(typ)
	if d == nil {
		return 0
	}
	switch d.Op {
	case spv.OpTypeStruct:
		if int(i) < len(d.Operands) {
			return d.Operands[i].ID()
		}
		return 0
	case spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeArray, spv.OpTypeRuntimeArray:
		return d.Operands[0].ID()
	}
	return 0
}

// convertible reports whether in is a load or store through an access
// chain into a target variable, which convertAccessChains replaces.
func (p *memPass) convertible(in *builder.Inst) bool {
	if in.Op != spv.OpLoad && in.Op != spv.OpStore {
		return false
	}
	ptr, v := p.accessed(in)
	return isAccessChain(ptr.Op) && p.isTargetVar(v)
}

func (p *memPass) convertAccessChains(f *builder.Function) bool {
	p.findChainTargets(f)
	changed := false
	for _, b := range f.Blocks {
		if !slices.ContainsFunc(b.Insts, p.convertible) {
			continue // (rebuilding would copy the block as it is)
		}
		var dead []*builder.Inst
		rebuildBlock(p.c, b, func(in *builder.Inst, emit func(...*builder.Inst)) {
			if !p.convertible(in) {
				emit(in)
				return
			}
			ptr, _ := p.accessed(in)
			changed = true
			if in.Op == spv.OpLoad {
				emit(p.chainLoad(ptr, in)...)
				return
			}
			dead = append(dead, in)
			emit(in)
			emit(p.chainStore(ptr, in)...)
		})
		if len(dead) == 0 {
			continue
		}
		// Delete the replaced stores, last first, with what only they
		// used (a store the deletion already took is skipped).
		pending := make(map[*builder.Inst]bool, len(dead))
		for _, s := range dead {
			pending[s] = true
		}
		for i := len(dead) - 1; i >= 0; i-- {
			if !pending[dead[i]] {
				continue
			}
			p.dceInst(dead[i], func(k *builder.Inst) { delete(pending, k) })
		}
	}
	return changed
}

// chainLoad rewrites a load through the chain into a load of the whole
// variable and an extract (the load itself, changed in place). It returns
// the instructions to put in the load's place.
func (p *memPass) chainLoad(chain, load *builder.Inst) []*builder.Inst {
	base := chain.Operands[0].ID()
	if len(chain.Operands) == 1 {
		// No index: the chain is the variable itself.
		p.c.DU.ReplaceAllUses(chain.Result, base)
		return []*builder.Inst{load}
	}
	whole := p.loadWhole(base)
	whole.Line = lastLine(p.c, load)
	p.cloneDecorations(load.Result, whole.Result, spv.DecorationRelaxedPrecision)
	p.c.DU.ForgetUses(load)
	load.Op = spv.OpCompositeExtract
	load.Operands = append([]builder.Operand{builder.Ref(whole.Result)}, p.chainLiterals(chain)...)
	p.c.DU.AnalyzeUses(load)
	return []*builder.Inst{whole, load}
}

// chainStore makes what replaces a store through the chain: load the
// whole variable, insert the value, store the whole.
func (p *memPass) chainStore(chain, store *builder.Inst) []*builder.Inst {
	base := chain.Operands[0].ID()
	value := store.Operands[1].ID()
	if len(chain.Operands) == 1 {
		s := p.c.NewInst(spv.OpStore, 0, builder.Ref(base), builder.Ref(value))
		s.Line = lastLine(p.c, store)
		return []*builder.Inst{s}
	}
	whole := p.loadWhole(base)
	p.cloneDecorations(base, whole.Result, spv.DecorationRelaxedPrecision)
	ins := p.c.NewInst(spv.OpCompositeInsert, whole.Type,
		append([]builder.Operand{builder.Ref(value), builder.Ref(whole.Result)}, p.chainLiterals(chain)...)...)
	p.cloneDecorations(base, ins.Result, spv.DecorationRelaxedPrecision)
	s := p.c.NewInst(spv.OpStore, 0, builder.Ref(base), builder.Ref(ins.Result))
	for _, in := range []*builder.Inst{whole, ins, s} {
		in.Line = lastLine(p.c, store)
	}
	return []*builder.Inst{whole, ins, s}
}

// loadWhole makes a load of a variable.
func (p *memPass) loadWhole(v builder.ID) *builder.Inst {
	_, t, _ := p.c.B.Pointee(p.c.DU.TypeOf(v))
	return p.c.NewInst(spv.OpLoad, t, builder.Ref(v))
}

// chainLiterals turns the chain's constant indexes into the literal
// indexes of an extract or insert.
func (p *memPass) chainLiterals(chain *builder.Inst) []builder.Operand {
	out := make([]builder.Operand, 0, len(chain.Operands)-1)
	for _, o := range chain.Operands[1:] {
		v, _ := intConstant(p.c, o.ID())
		out = append(out, builder.Lit(uint32(v.sext)))
	}
	return out
}

// cloneDecorations gives to the decorations of from that are among
// decos (OpDecorate only).
func (p *memPass) cloneDecorations(from, to builder.ID, decos ...spv.Decoration) {
	for _, d := range p.decorationsOf(from) {
		if d.Op != spv.OpDecorate {
			continue
		}
		for _, want := range decos {
			if spv.Decoration(d.Operands[1].Word) == want {
				p.addAnnotation(spv.OpDecorate, append([]builder.Operand{builder.Ref(to)}, cloneOperands(d.Operands[1:])...))
			}
		}
	}
}
