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
		if name := imp.Operands[0].Str; name == openCLDebugInfo || strings.HasPrefix(name, shaderDebugInfoPrefix) {
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
	for _, b := range f.Blocks {
		for _, in := range b.Insts {
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
			if name := imp.Operands[0].Str; name == openCLDebugInfo || strings.HasPrefix(name, shaderDebugInfoPrefix) {
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
