package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Debug information for variables the memory passes take out of memory
// (OpenCL.DebugInfo.100 and NonSemantic.Shader.DebugInfo.100 alike): a
// DebugDeclare says a source variable lives in a function variable; once
// loads read stored values instead, each store gets a DebugValue saying
// the source variable now holds that value, and the declaration goes.

// Operand positions in a DebugDeclare and DebugValue (after the set and
// the instruction number).
const (
	debugDeclareVariable   = 3 // DebugDeclare's Variable, DebugValue's Value
	debugDeclareExpression = 4
)

// debugDeclaresOf returns the DebugDeclares of the variable.
func (p *memPass) debugDeclaresOf(varID builder.ID) []*builder.Inst {
	if !p.debugInfo {
		return nil
	}
	var out []*builder.Inst
	for _, u := range p.c.DU.Users(varID) {
		if p.c.debugOp(u) == spv.OpenCLDebugInfo100DebugDeclare && u.Operands[debugDeclareVariable].ID() == varID {
			out = append(out, u)
		}
	}
	return out
}

// killDebugDeclaresOf deletes the variable's DebugDeclares.
func (p *memPass) killDebugDeclaresOf(varID builder.ID) bool {
	decls := p.debugDeclaresOf(varID)
	for _, d := range decls {
		p.c.Kill(d)
	}
	delete(p.declared, varID)
	return len(decls) > 0
}

// debugValuesFor makes, for each DebugDeclare of the variable, a
// DebugValue of value (with an empty expression and the line of at, the
// instruction that gives the variable its value). The caller places them
// after at (past any OpPhi and OpVariable that follow it).
func (p *memPass) debugValuesFor(varID, value builder.ID, at *builder.Inst) []*builder.Inst {
	var out []*builder.Inst
	for _, d := range p.debugDeclaresOf(varID) {
		ops := cloneOperands(d.Operands)
		ops[1].Word = spv.OpenCLDebugInfo100DebugValue
		ops[debugDeclareVariable] = builder.Ref(value)
		ops[debugDeclareExpression] = builder.Ref(p.emptyDebugExpression(d.Operands[0].ID()))
		v := p.c.NewInst(spv.OpExtInst, d.Type, ops...)
		v.Line = lastLine(p.c, at)
		out = append(out, v)
	}
	return out
}

// emptyDebugExpression returns a DebugExpression without operations of
// the set, making one at the end of the globals if there is none.
func (p *memPass) emptyDebugExpression(set builder.ID) builder.ID {
	if p.emptyExpr == nil {
		p.emptyExpr = map[builder.ID]builder.ID{}
	}
	if id, ok := p.emptyExpr[set]; ok {
		return id
	}
	for _, g := range p.c.M.Globals {
		if g.Op == spv.OpExtInst && g.Operands[0].ID() == set && g.Operands[1].Word == spv.OpenCLDebugInfo100DebugExpression && len(g.Operands) == 2 {
			p.emptyExpr[set] = g.Result
			return g.Result
		}
	}
	e := p.c.NewInst(spv.OpExtInst, p.c.B.TypeVoid(), builder.Ref(set), builder.Operand{Kind: spv.KindLiteralExtInstInteger, Word: spv.OpenCLDebugInfo100DebugExpression})
	p.c.addGlobal(e)
	p.emptyExpr[set] = e.Result
	return e.Result
}

// afterDefinitions returns the instruction after at that is not an OpPhi
// or OpVariable: where code "after at" may go.
func afterDefinitions(at *builder.Inst, order *instOrder) *builder.Inst {
	insts := at.Block.Insts
	i := int(order.index(at)) + 1
	for i < len(insts) && (insts[i].Op == spv.OpPhi || insts[i].Op == spv.OpVariable || insts[i].Op == spv.OpNop) {
		i++
	}
	if i == len(insts) {
		return nil
	}
	return insts[i]
}
