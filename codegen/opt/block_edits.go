package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Editing blocks in bulk. Inserting into a block's instruction slice one
// instruction at a time costs the block's length each time, quadratic for
// a pass that rewrites every load of a long block; these helpers rebuild a
// block once.

// rebuildBlock rewrites a block's instruction list in one pass: visit
// gets each instruction and emits what takes its place (itself, others
// around it, or nothing). Instructions not in the block before are
// registered in the def-use chains, and the line of a new instruction (see
// lastLine), or of the one after it, is dropped when the same line is
// already in effect there, as spirv-opt writes a line once for a run of
// instructions.
func rebuildBlock(c *Context, b *builder.Block, visit func(in *builder.Inst, emit func(...*builder.Inst))) {
	old := b.Insts
	out := make([]*builder.Inst, 0, len(old))
	var line *builder.Inst // the line instruction in effect
	prevNew := false       // the last instruction emitted is a new one
	emit := func(ins ...*builder.Inst) {
		for _, in := range ins {
			isNew := in.Block != b
			if isNew {
				in.Block = b
				c.DU.DefineOnce(in)
			}
			if (isNew || prevNew) && in.Line != nil && in.Line.Line == nil && sameLine(in.Line, line) {
				in.Line = nil
			}
			prevNew = isNew
			for l := in.Line; l != nil; l = l.Line {
				if isLineInst(c, l) {
					line = l
					break
				}
			}
			out = append(out, in)
		}
	}
	for _, in := range old {
		visit(in, emit)
	}
	b.Insts = out
}

// isLineInst reports whether l sets or ends the current line: OpLine,
// OpNoLine, DebugLine, DebugNoLine.
func isLineInst(c *Context, l *builder.Inst) bool {
	switch l.Op {
	case spv.OpLine, spv.OpNoLine:
		return true
	}
	n := c.debugOp(l)
	return n == spv.NonSemanticShaderDebugInfo100DebugLine || n == spv.NonSemanticShaderDebugInfo100DebugNoLine
}

// sameLine reports whether two line instructions name the same line (a
// DebugLine's result id aside).
func sameLine(a, b *builder.Inst) bool {
	if a == nil || b == nil || a.Op != b.Op || len(a.Operands) != len(b.Operands) || a.Op == spv.OpNoLine {
		return false
	}
	for i := range a.Operands {
		if a.Operands[i].Word != b.Operands[i].Word || a.Operands[i].Kind != b.Operands[i].Kind {
			return false
		}
	}
	return true
}

// pendingInserts collects instructions to insert before others and puts
// them in place in one pass per block (flush). Until then the new
// instructions are in the def-use chains but in no block (Inst.Block is
// nil); an instruction may itself be the anchor of later insertions.
// Insertions before the same anchor keep their order, each right before
// the anchor, as inserting them one by one would place them.
type pendingInserts struct {
	before map[*builder.Inst][]*builder.Inst
	front  map[*builder.Function][]*builder.Inst // for the top of the entry block, last first
}

func newPendingInserts() *pendingInserts {
	return &pendingInserts{before: map[*builder.Inst][]*builder.Inst{}, front: map[*builder.Function][]*builder.Inst{}}
}

// insertBefore schedules ins to go right before at.
func (p *pendingInserts) insertBefore(c *Context, at *builder.Inst, ins ...*builder.Inst) {
	for _, in := range ins {
		c.DU.Define(in)
	}
	p.before[at] = append(p.before[at], ins...)
}

// insertAtFront schedules in to go at the top of f's entry block, before
// what is there and what earlier calls put there.
func (p *pendingInserts) insertAtFront(c *Context, f *builder.Function, in *builder.Inst) {
	c.DU.Define(in)
	p.front[f] = append(p.front[f], in)
}

// flushAll puts the pending instructions of every function in place.
func (p *pendingInserts) flushAll(c *Context) {
	if len(p.before) == 0 && len(p.front) == 0 {
		return
	}
	for _, f := range c.M.Functions {
		p.place(c, f)
	}
	clear(p.before)
	clear(p.front)
}

// flush puts the pending instructions of f in place (all of them must be
// f's).
func (p *pendingInserts) flush(c *Context, f *builder.Function) bool {
	if len(p.before) == 0 && len(p.front) == 0 {
		return false
	}
	p.place(c, f)
	clear(p.before)
	clear(p.front)
	return true
}

// place rebuilds f's blocks with the pending instructions in place.
func (p *pendingInserts) place(c *Context, f *builder.Function) {
	if len(f.Blocks) == 0 {
		return
	}
	var emitBefore func(in *builder.Inst, emit func(...*builder.Inst))
	emitBefore = func(in *builder.Inst, emit func(...*builder.Inst)) {
		for _, x := range p.before[in] {
			emitBefore(x, emit)
			emit(x) // if deleted meanwhile, an OpNop that Compact sweeps
		}
	}
	// The blocks holding an instruction something goes before, with how
	// many such instructions each holds (an instruction's Block is the
	// block holding it, so these are what a look through every block's
	// instructions would find, for a lookup per anchor instead of one per
	// instruction; and a rebuilt block's instructions after its last
	// anchor are not looked up).
	var anchored map[*builder.Block]int
	if len(p.before) > 0 {
		anchored = make(map[*builder.Block]int, len(p.before))
	}
	for at, ins := range p.before {
		if len(ins) > 0 && at.Block != nil {
			anchored[at.Block]++
		}
	}
	for i, b := range f.Blocks {
		first := i == 0
		left := anchored[b]
		if !(first && len(p.front[f]) > 0) && left == 0 {
			continue // nothing goes in b: rebuilding would copy it as it is
		}
		rebuildBlock(c, b, func(in *builder.Inst, emit func(...*builder.Inst)) {
			if first {
				first = false
				front := p.front[f]
				for j := len(front) - 1; j >= 0; j-- {
					emit(front[j])
				}
			}
			if left > 0 && in.Block == b {
				if xs := p.before[in]; len(xs) > 0 {
					left--
					emitBefore(in, emit)
				}
			}
			emit(in)
		})
	}
}

// lastLine returns a copy of the debug line instruction right before in
// (not the ones before it), for an instruction made in its place. A
// DebugLine has a result id: the copy gets a new one.
func lastLine(c *Context, in *builder.Inst) *builder.Inst {
	if in.Line == nil {
		return nil
	}
	l := &builder.Inst{Op: in.Line.Op, Type: in.Line.Type, Operands: cloneOperands(in.Line.Operands)}
	if in.Line.Result != 0 {
		l.Result = c.M.NewID()
	}
	return l
}

// instArena hands out instructions and operand lists from large chunks: a
// pass that copies much code (the inliner) allocates once per chunk
// instead of once per instruction, and the copies sit together in memory,
// which every later pass walks.
//
// A chunk made when the room reserved runs out (the estimate is short: a
// callee's debug lines, operands' parameters, code copied again for each
// block using it) starts small and doubles, to 512 instructions and 2,048
// operands: most modules are small, and a full chunk (32 and 48 KB) each
// time was a tenth of what optimizing a typical shader allocated.
type instArena struct {
	insts []builder.Inst
	ops   []builder.Operand
	// instChunk and opChunk are the sizes of the last chunks made past
	// the room reserved.
	instChunk, opChunk int
}

// newInst returns a zero instruction.
func (a *instArena) newInst() *builder.Inst {
	if len(a.insts) == 0 {
		a.instChunk = min(512, max(16, 2*a.instChunk))
		a.insts = make([]builder.Inst, a.instChunk)
	}
	in := &a.insts[0]
	a.insts = a.insts[1:]
	return in
}

// reserve makes room for n more instructions and k more operands, each in
// one chunk (up to a limit), for a pass that knows about how much it will
// copy.
func (a *instArena) reserve(n, k int) {
	const limit = 1 << 16
	if n = min(n, limit); len(a.insts) < n {
		a.insts = make([]builder.Inst, n)
	}
	if k = min(k, 4*limit); len(a.ops) < k {
		a.ops = make([]builder.Operand, k)
	}
}

// cloneOperands is cloneOperands from the arena. A list's capacity is its
// length, so that appending to it copies it out.
func (a *instArena) cloneOperands(ops []builder.Operand) []builder.Operand {
	n := len(ops)
	if n == 0 {
		if ops == nil {
			return nil
		}
		return []builder.Operand{}
	}
	if len(a.ops) < n {
		a.opChunk = min(2048, max(64, 2*a.opChunk))
		a.ops = make([]builder.Operand, max(n, a.opChunk))
	}
	out := a.ops[:n:n]
	a.ops = a.ops[n:]
	for i, o := range ops {
		out[i] = o
		if ps := o.Params(); ps != nil {
			out[i].SetParams(a.cloneOperands(ps))
		}
	}
	return out
}

// clone copies in (operands deeply; not its place, line or result).
func (a *instArena) clone(in *builder.Inst) *builder.Inst {
	cp := a.newInst()
	cp.Op, cp.Type, cp.Operands = in.Op, in.Type, a.cloneOperands(in.Operands)
	return cp
}

// cloneOperands copies operands deeply (enumerant parameters and pairs
// too), so that rewriting the ids of one copy leaves the other alone.
func cloneOperands(ops []builder.Operand) []builder.Operand {
	out := make([]builder.Operand, len(ops))
	for i, o := range ops {
		out[i] = o
		if ps := o.Params(); ps != nil {
			out[i].SetParams(cloneOperands(ps))
		}
	}
	return out
}
