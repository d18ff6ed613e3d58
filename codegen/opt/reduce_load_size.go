package opt

import (
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// reduceLoadSize is --reduce-load-size[=threshold]: a whole struct or
// array loaded from a Uniform, UniformConstant or Input variable and used
// only through OpCompositeExtract is instead read member by member: each
// extract becomes an access chain and a load of just that member (placed
// before the whole load, since the memory may change after it). Loads
// whose extracts use most of the composite are left: the fraction of
// members used must be below the threshold (default 0.9; 1 or more means
// always). DXC runs it with 1.1 under -fspv-reduce-load-size.
type reduceLoadSize struct{ threshold float64 }

func newReduceLoadSize(arg string) (Pass, error) {
	t := 0.9
	// As spirv-opt (atof): a number is read as far as it goes ("1.5.2" is
	// 1.5, "." is 0); an argument with other characters keeps the default.
	if arg != "" && strings.Trim(arg, ".0123456789") == "" {
		num := arg
		if i := strings.IndexByte(arg, '.'); i >= 0 {
			if j := strings.IndexByte(arg[i+1:], '.'); j >= 0 {
				num = arg[:i+1+j]
			}
		}
		t, _ = strconv.ParseFloat(strings.TrimSuffix(num, "."), 64) // "" gives 0
	}
	return reduceLoadSize{threshold: t}, nil
}

func (reduceLoadSize) Name() string { return "reduce-load-size" }

func (r reduceLoadSize) Run(c *Context) (bool, error) {
	p := newMemPass(c)
	replace := map[*builder.Inst]bool{} // load -> whether its extracts are replaced
	edits := newPendingInserts()
	changed := false
	for in := range c.M.BlockInsts() {
		if in.Op != spv.OpCompositeExtract {
			continue
		}
		load := c.DU.Def(in.Operands[0].ID())
		if load == nil || load.Op != spv.OpLoad {
			continue
		}
		should, ok := replace[load]
		if !ok {
			should = r.shouldReplace(p, load)
			replace[load] = should
		}
		if should && p.extractToLoad(in, load, edits) {
			changed = true
		}
	}
	edits.flushAll(c)
	return changed, nil
}

// shouldReplace decides for a load whether its extracts become loads:
// every use is an extract, and they use few enough members.
func (r reduceLoadSize) shouldReplace(p *memPass, load *builder.Inst) bool {
	used := map[uint32]bool{}
	for _, u := range p.c.DU.Users(load.Result) {
		if p.c.debugOp(u) != noDebugOp {
			continue
		}
		if u.Op != spv.OpCompositeExtract || len(u.Operands) < 2 {
			return false
		}
		used[u.Operands[1].Word] = true
	}
	if r.threshold >= 1 {
		return true
	}
	total := 1.0
	if d := p.c.DU.Def(load.Type); d != nil {
		switch d.Op {
		case spv.OpTypeArray:
			if n, ok := intConstant(p.c, d.Operands[1].ID()); ok {
				total = float64(uint32(n.zext))
			} else {
				total = float64(^uint32(0)) // a specialization constant: assume large
			}
		case spv.OpTypeStruct:
			total = float64(len(d.Operands))
		}
	}
	return float64(len(used))/total < r.threshold
}

// extractToLoad replaces an extract from the load of a Uniform,
// UniformConstant or Input variable by a load through an access chain.
func (p *memPass) extractToLoad(x, load *builder.Inst, edits *pendingInserts) bool {
	switch p.c.B.TypeOp(load.Type) {
	case spv.OpTypeVector, spv.OpTypeMatrix:
		return false
	}
	v := p.c.baseAddress(load.Operands[0].ID())
	if v == nil || v.Op != spv.OpVariable {
		return false
	}
	sc := spv.StorageClass(v.Operands[0].Word)
	switch sc {
	case spv.StorageClassUniform, spv.StorageClassUniformConstant, spv.StorageClassInput:
	default:
		return false
	}
	ptrType := p.c.B.TypePointer(sc, x.Type)
	ops := []builder.Operand{load.Operands[0]}
	for _, i := range x.Operands[1:] {
		ops = append(ops, builder.Ref(p.c.B.ConstUint32(i.Word)))
	}
	chain := p.c.NewInst(spv.OpAccessChain, ptrType, ops...)
	l := p.c.NewInst(spv.OpLoad, x.Type, builder.Ref(chain.Result))
	edits.insertBefore(p.c, load, chain, l)
	p.c.DU.ReplaceAllUses(x.Result, l.Result)
	p.c.Kill(x)
	return true
}
