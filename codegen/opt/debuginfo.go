package opt

import (
	"slices"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Debug information as passes must keep it. In the IR, debug line and
// scope instructions (OpLine, DebugLine, DebugScope...) are attached to
// the instruction they precede (Inst.Line); a DebugScope stays in effect
// for the instructions after it until the next DebugScope or DebugNoScope,
// while a line instruction describes the instruction it is attached to.
// The module-level debug-info instructions (DebugSource, DebugFunction,
// DebugInfoNone...) are among the globals.

// moduleHasDebugInfo reports whether the module imports a debug-info
// instruction set.
func moduleHasDebugInfo(c *Context) bool {
	for _, imp := range c.M.ExtInstImports {
		if name := imp.Operands[0].Str(); name == openCLDebugInfo || strings.HasPrefix(name, shaderDebugInfoPrefix) {
			return true
		}
	}
	return false
}

// moduleHasShaderDebugInfo reports whether the module imports
// NonSemantic.Shader.DebugInfo (any version).
func moduleHasShaderDebugInfo(c *Context) bool {
	for _, imp := range c.M.ExtInstImports {
		if strings.HasPrefix(imp.Operands[0].Str(), shaderDebugInfoPrefix) {
			return true
		}
	}
	return false
}

// effectiveScopes maps each instruction of f to the DebugScope in effect
// for it (instructions under no scope are left out).
func effectiveScopes(c *Context, f *builder.Function) map[*builder.Inst]*builder.Inst {
	out := map[*builder.Inst]*builder.Inst{}
	var cur *builder.Inst
	update := func(chain *builder.Inst) {
		// The chain's head is the last instruction written: the first
		// scope instruction found is the one in effect.
		for l := chain; l != nil; l = l.Line {
			switch c.debugOp(l) {
			case spv.OpenCLDebugInfo100DebugScope:
				cur = l
				return
			case spv.OpenCLDebugInfo100DebugNoScope:
				cur = nil
				return
			}
		}
	}
	for _, in := range f.Prologue {
		update(in.Line)
	}
	for _, b := range f.Blocks {
		update(b.Line)
		for _, in := range b.Insts {
			update(in.Line)
			if cur != nil {
				out[in] = cur
			}
		}
	}
	return out
}

// dropLines strips the line instructions from the debug instructions
// attached to in, keeping its scope instructions (see fixDebugChains).
func dropLines(in *builder.Inst) {
	var kept []*builder.Inst
	for l := in.Line; l != nil; l = l.Line {
		if isScopeInst(l) {
			kept = append(kept, l)
		}
	}
	in.Line = nil
	for _, l := range slices.Backward(kept) {
		l.Line = in.Line
		in.Line = l
	}
}

// isScopeInst reports whether l is a DebugScope or DebugNoScope (numbered
// alike in both debug-info sets; no other set has line instructions).
func isScopeInst(l *builder.Inst) bool {
	if l.Op != spv.OpExtInst || len(l.Operands) < 2 {
		return false
	}
	n := l.Operands[1].Word
	return n == spv.OpenCLDebugInfo100DebugScope || n == spv.OpenCLDebugInfo100DebugNoScope
}

// fixDebugChains tidies the debug instructions attached to the
// instructions of f once a pass has decided which go (dead reports those):
// a deleted instruction's line goes with it, but the scope in effect for
// it still covers what follows, so it moves to the next kept instruction
// that opens no scope of its own; and of the scope instructions attached
// to one instruction only the last, the one in effect, stays (spirv-opt
// keeps one scope per instruction, so the others may name scopes that are
// deleted).
func fixDebugChains(f *builder.Function, dead func(*builder.Inst) bool) {
	var pending *builder.Inst // a scope carried over from deleted instructions
	for in := range f.Insts() {
		if in.Line == nil && (pending == nil || dead(in)) {
			continue
		}
		var scope *builder.Inst
		var lines []*builder.Inst
		for l := in.Line; l != nil; l = l.Line {
			if isScopeInst(l) {
				if scope == nil {
					scope = l
				}
			} else {
				lines = append(lines, l)
			}
		}
		if dead(in) {
			if scope != nil {
				pending = scope
			}
			in.Line = nil
			continue
		}
		if scope == nil {
			scope = pending
		}
		pending = nil
		// Rebuild the chain: the lines in their order, the scope
		// written first (the chain's tail).
		var chain *builder.Inst
		if scope != nil {
			scope.Line = nil
			chain = scope
		}
		for _, l := range slices.Backward(lines) {
			l.Line = chain
			chain = l
		}
		in.Line = chain
	}
}

// debugInfoNone returns the module's DebugInfoNone, making one at the
// start of the debug information (as spirv-opt does) if there is none.
func debugInfoNone(c *Context) *builder.Inst {
	first, set := -1, builder.ID(0)
	for i, g := range c.M.Globals {
		op := c.debugOp(g)
		if op == noDebugOp {
			continue
		}
		if op == spv.OpenCLDebugInfo100DebugInfoNone {
			return g
		}
		if first < 0 {
			first, set = i, g.Operands[0].ID()
		}
	}
	if first < 0 {
		for _, imp := range c.M.ExtInstImports {
			if name := imp.Operands[0].Str(); name == openCLDebugInfo || strings.HasPrefix(name, shaderDebugInfoPrefix) {
				set = imp.Result
				break
			}
		}
		first = len(c.M.Globals)
	}
	in := c.NewInst(spv.OpExtInst, c.B.TypeVoid(), builder.Ref(set),
		builder.Operand{Kind: spv.KindLiteralExtInstInteger, Word: spv.OpenCLDebugInfo100DebugInfoNone})
	if first > len(c.M.Globals) {
		first = len(c.M.Globals)
	}
	c.M.Globals = slices.Insert(c.M.Globals, first, in)
	c.DU.Define(in)
	return in
}

// debugSet returns the module's rich debug-information import (0 if none)
// and whether it is NonSemantic.Shader.DebugInfo (whose numbers are ids
// of constants, not literals).
func debugSet(c *Context) (set builder.ID, shader bool) {
	for _, imp := range c.M.ExtInstImports {
		switch name := imp.Operands[0].Str(); {
		case name == openCLDebugInfo:
			return imp.Result, false
		case strings.HasPrefix(name, shaderDebugInfoPrefix):
			return imp.Result, true
		}
	}
	return 0, false
}

// lineChain returns the debug line and scope instructions written before
// in, in the order they are written (Inst.Line chains them last first).
func lineChain(in *builder.Inst) []*builder.Inst {
	var out []*builder.Inst
	for l := in.Line; l != nil; l = l.Line {
		out = append(out, l)
	}
	slices.Reverse(out)
	return out
}

// setLineChain attaches debug instructions to be written before in, in
// the given order.
func setLineChain(in *builder.Inst, chain []*builder.Inst) {
	in.Line = nil
	for _, l := range chain {
		l.Line = in.Line
		in.Line = l
	}
}

// isLineInst reports whether l sets or ends the current source line
// (OpLine, OpNoLine, DebugLine, DebugNoLine).
func (c *Context) isLineInst(l *builder.Inst) bool {
	if l.Op == spv.OpLine || l.Op == spv.OpNoLine {
		return true
	}
	n := c.shaderDebugOp(l)
	return n == spv.NonSemanticShaderDebugInfo100DebugLine || n == spv.NonSemanticShaderDebugInfo100DebugNoLine
}

// analyseDebugInfo does to the module what building spirv-opt's debug-info
// manager does, for passes that build it (inlining does, on its first
// call): the first empty DebugExpression, then the first DebugInfoNone,
// move to the front of the module-level debug instructions.
func analyseDebugInfo(c *Context) {
	first := -1
	var expr, none *builder.Inst
	for i, g := range c.M.Globals {
		op := c.debugOp(g)
		if op == noDebugOp {
			continue
		}
		if first < 0 {
			first = i
		}
		switch {
		case expr == nil && op == spv.OpenCLDebugInfo100DebugExpression && len(g.Operands) == 2:
			expr = g
		case none == nil && op == spv.OpenCLDebugInfo100DebugInfoNone:
			none = g
		}
	}
	for _, g := range []*builder.Inst{expr, none} {
		if g == nil {
			continue
		}
		i := slices.Index(c.M.Globals, g)
		if i <= first {
			continue
		}
		c.M.Globals = slices.Delete(c.M.Globals, i, i+1)
		c.M.Globals = slices.Insert(c.M.Globals, first, g)
	}
}

// Operand positions (after the set and instruction number) that name what
// the debug information describes.
const (
	debugFunctionFunctionOperand       = 11 // DebugFunction's Function
	debugGlobalVariableVariableOperand = 9  // DebugGlobalVariable's Variable
)

// killDebugOperands does what spirv-opt does to the OpenCL.DebugInfo.100
// descriptions of a function or global variable being deleted: the
// DebugFunction's Function (or the DebugGlobalVariable's Variable)
// operand becomes DebugInfoNone. (NonSemantic.Shader.DebugInfo.100's
// DebugFunction names no function.)
func killDebugOperands(c *Context, in *builder.Inst) {
	if set, shader := debugSet(c); set == 0 || shader || in.Result == 0 {
		return
	}
	var n uint32
	var operand int
	switch {
	case in.Op == spv.OpFunction:
		n, operand = spv.OpenCLDebugInfo100DebugFunction, debugFunctionFunctionOperand
	case in.Op == spv.OpVariable || isConstantOp(in.Op):
		n, operand = spv.OpenCLDebugInfo100DebugGlobalVariable, debugGlobalVariableVariableOperand
	default:
		return
	}
	for _, u := range c.DU.Users(in.Result) {
		if c.debugOp(u) == n && len(u.Operands) > operand && u.Operands[operand].ID() == in.Result {
			u.Operands[operand] = builder.Ref(debugInfoNone(c).Result)
			c.DU.AnalyzeUses(u)
		}
	}
}
