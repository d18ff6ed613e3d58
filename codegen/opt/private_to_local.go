package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// privateToLocal is --private-to-local: a Private variable that only one
// function uses, and only through loads, stores, texel pointers and
// access chains leading to those, becomes a Function variable of that
// function (at the top of its entry block), so the memory passes can take
// it out of memory. Access chains into it get Function pointer types. From
// SPIR-V 1.4, where entry points list the Private variables they use, the
// moved variables leave the interfaces. A DebugGlobalVariable describing
// a moved variable becomes a DebugLocalVariable with a DebugDeclare.
type privateToLocal struct{}

func (privateToLocal) Name() string { return "private-to-local" }

func (privateToLocal) Run(c *Context) (bool, error) {
	if c.M.HasCapability(spv.CapabilityAddresses) {
		return false, nil
	}
	type move struct {
		v *builder.Inst
		f *builder.Function
	}
	var moves []move
	for _, g := range c.M.Globals {
		if g.Op == spv.OpVariable && spv.StorageClass(g.Operands[0].Word) == spv.StorageClassPrivate {
			if f := localFunction(c, g); f != nil {
				moves = append(moves, move{g, f})
			}
		}
	}
	if len(moves) == 0 {
		return false, nil
	}
	p := newMemPass(c)
	moved := make(map[*builder.Inst]bool, len(moves))
	front := map[*builder.Function][]*builder.Inst{}
	for _, mv := range moves {
		moved[mv.v] = true
		v := mv.v
		v.Operands[0] = builder.Enum(spv.StorageClassFunction)
		v.Type = functionPointer(c, v.Type)
		c.DU.AnalyzeUses(v)
		// Each moved variable goes to the very top of the entry block,
		// before those moved earlier.
		front[mv.f] = append([]*builder.Inst{v}, front[mv.f]...)
	}
	for _, f := range functionsInOrder(c, front) {
		f.Blocks[0].InsertAt(0, front[f]...)
	}
	c.M.Globals = deleteInsts(c.M.Globals, moved)
	for _, mv := range moves {
		p.retypeUses(mv.v)
	}
	if c.M.Version >= spv.Version1_4 {
		for _, ep := range c.M.EntryPoints {
			c.DU.ForgetUses(ep)
			kept := ep.Operands[:3]
			for _, o := range ep.Operands[3:] {
				if d := c.DU.Def(o.ID()); d == nil || !moved[d] {
					kept = append(kept, o)
				}
			}
			ep.Operands = kept
			c.DU.AnalyzeUses(ep)
		}
	}
	return true, nil
}

// localFunction returns the one function that uses the Private variable v,
// when every use in a function is one private-to-local can update; nil
// otherwise (uses outside functions — names, decorations, entry points,
// debug information — do not count).
func localFunction(c *Context, v *builder.Inst) *builder.Function {
	var target *builder.Function
	for _, u := range c.DU.Users(v.Result) {
		if u.Block == nil {
			continue
		}
		if !validPrivateUse(c, u, v.Result) {
			return nil
		}
		f := u.Block.Func
		if target == nil {
			target = f
		} else if target != f {
			return nil
		}
	}
	return target
}

// validPrivateUse reports whether private-to-local knows how to update a
// use of the pointer ptr.
func validPrivateUse(c *Context, u *builder.Inst, ptr builder.ID) bool {
	if c.debugOp(u) == spv.OpenCLDebugInfo100DebugGlobalVariable {
		return true
	}
	switch u.Op {
	case spv.OpLoad, spv.OpImageTexelPointer, spv.OpName:
		return true
	case spv.OpStore:
		return u.Operands[1].ID() != ptr
	case spv.OpAccessChain:
		for _, w := range c.DU.Users(u.Result) {
			if !validPrivateUse(c, w, u.Result) {
				return false
			}
		}
		return true
	}
	return isDecoration(u.Op)
}

// retypeUses updates what uses a pointer that became a Function pointer:
// access chains get Function pointer types (and their uses in turn), a
// DebugGlobalVariable becomes a DebugLocalVariable.
func (p *memPass) retypeUses(ptr *builder.Inst) {
	for _, u := range p.c.DU.Users(ptr.Result) {
		switch {
		case p.c.debugOp(u) == spv.OpenCLDebugInfo100DebugGlobalVariable:
			p.globalToLocalDebugVariable(u, ptr)
		case u.Op == spv.OpAccessChain:
			u.Type = functionPointer(p.c, u.Type)
			p.c.DU.AnalyzeUses(u)
			p.retypeUses(u)
		}
	}
}

// functionPointer returns the Function pointer type to what ptrType points
// to.
func functionPointer(c *Context, ptrType builder.ID) builder.ID {
	_, pointee, _ := c.B.Pointee(ptrType)
	return c.B.TypePointer(spv.StorageClassFunction, pointee)
}

// DebugGlobalVariable and DebugLocalVariable operands (after the set and
// instruction number): both start Name, Type, Source, Line, Column,
// Parent; the global goes on with Linkage Name, Variable, Flags, the local
// with Flags.
const (
	debugGlobalVariableFlags = 10
	debugLocalVariableFlags  = 8
)

// globalToLocalDebugVariable turns the DebugGlobalVariable of a variable
// now local to a function into a DebugLocalVariable, declared by a
// DebugDeclare after the entry block's variables.
func (p *memPass) globalToLocalDebugVariable(g, v *builder.Inst) {
	ops := g.Operands
	ops[1].Word = spv.OpenCLDebugInfo100DebugLocalVariable
	ops[debugLocalVariableFlags] = ops[debugGlobalVariableFlags]
	g.Operands = ops[:debugLocalVariableFlags+1]
	p.c.DU.AnalyzeUses(g)
	set := ops[0].ID()
	decl := p.c.NewInst(spv.OpExtInst, p.c.B.TypeVoid(), builder.Ref(set),
		builder.Operand{Kind: spv.KindLiteralExtInstInteger, Word: spv.OpenCLDebugInfo100DebugDeclare},
		builder.Ref(g.Result), builder.Ref(v.Result), builder.Ref(p.emptyDebugExpression(set)))
	b := v.Block
	i := b.Index(v)
	for i < len(b.Insts) && b.Insts[i].Op == spv.OpVariable {
		i++
	}
	b.InsertAt(i, decl)
}

// functionsInOrder returns the keys of byFunc in module order.
func functionsInOrder[T any](c *Context, byFunc map[*builder.Function]T) []*builder.Function {
	var out []*builder.Function
	for _, f := range c.M.Functions {
		if _, ok := byFunc[f]; ok {
			out = append(out, f)
		}
	}
	return out
}

// deleteInsts returns list without the instructions in drop (in place).
func deleteInsts(list []*builder.Inst, drop map[*builder.Inst]bool) []*builder.Inst {
	out := list[:0]
	for _, in := range list {
		if !drop[in] {
			out = append(out, in)
		}
	}
	clear(list[len(out):])
	return out
}
