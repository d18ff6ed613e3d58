package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// ccp is --ccp (spirv-opt's CCPPass): conditional constant propagation,
// Wegman and Zadeck's algorithm over the SSA graph. Values start unknown
// and only go down the lattice unknown -> constant -> varying; blocks are
// simulated only once an edge into them is found executable, so a branch
// on a value known constant keeps the code on its other side from
// spoiling the values that meet at phis. The values found constant then
// replace every use of their ids (and their names and decorations go).
// The pass does not delete the instructions left unused nor fold the
// branches: ADCE and dead-branch elimination do.
//
// The propagation engine is spirv-opt's SSAPropagator: a FIFO of blocks
// reached over new executable edges and a FIFO of instructions whose
// operands changed, blocks first. The visiting order decides the order in
// which the folder declares new constants, so it is kept as spirv-opt's.
type ccp struct{}

func (ccp) Name() string { return "ccp" }

// varying is the lattice bottom in ccpValues: the value is not one
// constant.
const varying = ^builder.ID(0)

// ccpValues maps an id to its lattice value: 0 unknown (not yet
// reached), varying, or the id of its constant.
type ccpValues []builder.ID

func (v ccpValues) get(id builder.ID) builder.ID {
	if int(id) < len(v) {
		return v[id]
	}
	return 0
}

func (v *ccpValues) set(id, val builder.ID) {
	for int(id) >= len(*v) {
		*v = append(*v, 0)
	}
	(*v)[id] = val
}

func (ccp) Run(c *Context) (bool, error) {
	bound := c.M.Bound
	// (with room for the constants the folder declares)
	values := make(ccpValues, bound, bound+bound/8)
	// Constants (specialization constants too) are their own values; every
	// other module-level id, and the extended instruction sets, vary.
	for _, g := range c.M.Globals {
		if g.Result == 0 {
			continue
		}
		if isConstantOp(g.Op) {
			values[g.Result] = g.Result
		} else {
			values[g.Result] = varying
		}
	}
	for _, imp := range c.M.ExtInstImports {
		values[imp.Result] = varying
	}
	replaced := false
	status := make([]propStatus, bound) // by result id, for every function
	forEachReachableFunction(c, func(f *builder.Function) bool {
		if len(f.Blocks) == 0 {
			return false
		}
		for _, p := range f.Params {
			values.set(p.Result, varying)
		}
		p := newPropagator(c, f, &values)
		p.statusByID = status
		found := p.run()
		// Only f's instructions were simulated: empty their statuses
		// for the next function.
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				if int(in.Result) < len(status) {
					status[in.Result] = 0
				}
			}
		}
		if !found {
			return false
		}
		for _, id := range p.assigned {
			if v := values.get(id); v != varying && v != id {
				c.DU.KillNamesAndDecorations(id)
				c.DU.ReplaceAllUses(id, v)
				replaced = true
			}
		}
		return false
	})
	// New constants are a change even where no use could take them.
	return replaced || c.M.Bound > bound, nil
}

// propStatus is what visiting an instruction found, in lattice order.
type propStatus uint8

const (
	propNotInteresting propStatus = iota + 1 // nothing known yet
	propInteresting                          // a constant (or a known branch target)
	propVarying                              // never a constant (any branch target)
)

// ccpEdge is a CFG edge by block index; to == -1 is the exit.
type ccpEdge struct{ from, to int }

// propagator is one function's run of the SSA propagation engine.
type propagator struct {
	c      *Context
	f      *builder.Function
	values *ccpValues
	// blockAt finds a block's index in f.Blocks by label (-1 for none).
	blockAt func(builder.ID) int
	// succ[succStart[b]:succStart[b+1]] are block b's successors by
	// index, -1 for the exit; executable, parallel to succ, marks the
	// edges found executable (an edge to a block listed twice is its
	// first entry) and otherEdges any edge not in succ.
	succ       []int
	succStart  []int32
	executable []bool
	otherEdges map[ccpEdge]bool
	simulated  []bool
	// status is what simulating an instruction with a result found: by
	// result id, in the map for results made since the table was sized.
	// (Only results have users to tell.)
	status     map[*builder.Inst]propStatus
	statusByID []propStatus
	ids        []builder.ID                // scratch: an instruction's id operands
	known      func(builder.ID) builder.ID // knownValue, made once
	done       builder.InstSet             // not to simulate again
	// The FIFOs, read from their heads (what was read stays behind).
	blocks     []int           // blocks reached over a new executable edge
	uses       []*builder.Inst // instructions whose operands changed
	blocksHead int
	usesHead   int
	// assigned lists the ids given a value, for the replacement.
	assigned []builder.ID
}

func newPropagator(c *Context, f *builder.Function, values *ccpValues) *propagator {
	p := &propagator{c: c, f: f, values: values, blockAt: c.blockIndex(f),
		succ: make([]int, 0, 2*len(f.Blocks)), succStart: make([]int32, len(f.Blocks)+1),
		simulated: make([]bool, len(f.Blocks)), done: builder.NewInstSet()}
	var labels []builder.ID
	insts := 0
	for i, b := range f.Blocks {
		insts += len(b.Insts)
		p.succStart[i] = int32(len(p.succ))
		labels = b.AppendSuccessors(labels[:0])
		for _, l := range labels {
			if sb := c.DU.Block(l); sb != nil {
				p.succ = append(p.succ, p.index(sb))
			}
		}
		if t := b.Terminator(); t != nil && isReturnOrAbort(t.Op) {
			p.succ = append(p.succ, -1)
		}
	}
	p.succStart[len(f.Blocks)] = int32(len(p.succ))
	p.executable = make([]bool, len(p.succ))
	p.assigned = make([]builder.ID, 0, insts)
	return p
}

// successors returns block b's successors (see succ).
func (p *propagator) successors(b int) []int { return p.succ[p.succStart[b]:p.succStart[b+1]] }

// isReturnOrAbort reports whether op ends a function's invocation (a
// terminator that is not a branch).
func isReturnOrAbort(op spv.Op) bool { return isTerminatorOp(op) && !isBranchOp(op) }

// run propagates to a fixed point and reports whether any instruction was
// found interesting.
func (p *propagator) run() bool {
	p.blocks = append(p.blocks, 0)
	changed := false
	for p.blocksHead < len(p.blocks) || p.usesHead < len(p.uses) {
		if p.blocksHead < len(p.blocks) {
			b := p.blocks[p.blocksHead]
			p.blocksHead++
			if p.simulateBlock(b) {
				changed = true
			}
			continue
		}
		in := p.uses[p.usesHead]
		p.usesHead++
		if p.simulate(in) {
			changed = true
		}
	}
	return changed
}

// statusOf returns what simulating in (which has a result) found last (0
// if never simulated).
func (p *propagator) statusOf(in *builder.Inst) propStatus {
	if int(in.Result) < len(p.statusByID) {
		return p.statusByID[in.Result]
	}
	return p.status[in]
}

func (p *propagator) setStatus(in *builder.Inst, st propStatus) {
	if int(in.Result) < len(p.statusByID) {
		p.statusByID[in.Result] = st
		return
	}
	if p.status == nil {
		p.status = map[*builder.Inst]propStatus{}
	}
	p.status[in] = st
}

// edgeSlot returns the index of the edge from -> to in succ, or -1.
func (p *propagator) edgeSlot(from, to int) int {
	for k, s := range p.successors(from) {
		if s == to {
			return int(p.succStart[from]) + k
		}
	}
	return -1
}

func (p *propagator) isExecutable(from, to int) bool {
	if k := p.edgeSlot(from, to); k >= 0 {
		return p.executable[k]
	}
	return p.otherEdges[ccpEdge{from, to}]
}

// index returns the index of a block of the function (0 for another's).
func (p *propagator) index(b *builder.Block) int { return max(p.blockAt(b.Label), 0) }

func (p *propagator) addControlEdge(from, to int) {
	if to < 0 {
		return
	}
	if k := p.edgeSlot(from, to); k >= 0 {
		if p.executable[k] {
			return
		}
		p.executable[k] = true
	} else {
		e := ccpEdge{from, to}
		if p.otherEdges[e] {
			return
		}
		if p.otherEdges == nil {
			p.otherEdges = map[ccpEdge]bool{}
		}
		p.otherEdges[e] = true
	}
	p.blocks = append(p.blocks, to)
}

// addSSAEdges queues the users of in's result in blocks already simulated.
func (p *propagator) addSSAEdges(in *builder.Inst) {
	if in.Result == 0 {
		return
	}
	for _, u := range p.c.DU.UsersView(in.Result) {
		if u.Block == nil || u.Block.Func != p.f || !p.simulated[p.index(u.Block)] {
			continue
		}
		if !p.done.Has(u) {
			p.uses = append(p.uses, u)
		}
	}
}

// shouldSimulateAgain reports whether the instruction defining id may
// still change (anything not settled in this function, module-level
// definitions included, as spirv-opt has it).
func (p *propagator) shouldSimulateAgain(id builder.ID) bool {
	d := p.c.Def(id)
	return d == nil || !p.done.Has(d)
}

// phiArgExecutable reports whether the edge of phi's operand pair i
// (value, parent block) is executable.
func (p *propagator) phiArgExecutable(phi *builder.Inst, i int) bool {
	from := p.c.DU.Block(phi.Operands[i].Params()[1].ID())
	if from == nil || from.Func != p.f {
		return false
	}
	return p.isExecutable(p.index(from), p.index(phi.Block))
}

func (p *propagator) simulateBlock(bi int) bool {
	b := p.f.Blocks[bi]
	changed := false
	// Phis every time an edge comes in: the new edge brings an argument.
	for _, in := range b.Insts {
		if in.Op != spv.OpPhi {
			break
		}
		if p.simulate(in) {
			changed = true
		}
	}
	if p.simulated[bi] {
		return changed
	}
	for _, in := range b.Insts {
		if p.simulate(in) {
			changed = true
		}
	}
	p.simulated[bi] = true
	if succ := p.successors(bi); len(succ) == 1 {
		p.addControlEdge(bi, succ[0])
	}
	return changed
}

// simulate visits in and reports whether it was found interesting.
func (p *propagator) simulate(in *builder.Inst) bool {
	if p.done.Has(in) {
		return false
	}
	dest := -1
	st := p.visit(in, &dest)
	// (Whether the status changed matters only to a result's users.)
	statusChanged := false
	if in.Result != 0 && p.statusOf(in) != st {
		statusChanged = true
		p.setStatus(in, st)
	}
	bi := p.index(in.Block)
	if st == propVarying {
		p.done.Add(in)
		if statusChanged {
			p.addSSAEdges(in)
		}
		if isTerminatorOp(in.Op) {
			for _, s := range p.successors(bi) {
				p.addControlEdge(bi, s)
			}
		}
		return false
	}
	changed := false
	if st == propInteresting {
		if statusChanged {
			p.addSSAEdges(in)
		}
		if dest >= 0 {
			p.addControlEdge(bi, dest)
		}
		changed = true
	}
	// Settled unless an operand may still change.
	again := false
	if in.Op == spv.OpPhi {
		for i := range in.Operands {
			if !p.phiArgExecutable(in, i) || p.shouldSimulateAgain(in.Operands[i].Params()[0].ID()) {
				again = true
				break
			}
		}
	} else {
		p.ids = appendInIDs(p.ids[:0], in.Operands)
		for _, id := range p.ids {
			if p.shouldSimulateAgain(id) {
				again = true
				break
			}
		}
	}
	if !again {
		p.done.Add(in)
	}
	return changed
}

func (p *propagator) visit(in *builder.Inst, dest *int) propStatus {
	switch {
	case in.Op == spv.OpPhi:
		return p.visitPhi(in)
	case in.Op == spv.OpBranch || in.Op == spv.OpBranchConditional || in.Op == spv.OpSwitch:
		return p.visitBranch(in, dest)
	case in.Result != 0:
		return p.visitAssignment(in)
	}
	return propVarying
}

// setValue records id's value.
func (p *propagator) setValue(id, val builder.ID) {
	if p.values.get(id) == 0 {
		p.assigned = append(p.assigned, id)
	}
	p.values.set(id, val)
}

func (p *propagator) markVarying(in *builder.Inst) propStatus {
	p.setValue(in.Result, varying)
	return propVarying
}

// visitPhi meets the values coming over executable edges: unknown ones
// are ignored, two different constants or a varying one make it varying.
func (p *propagator) visitPhi(phi *builder.Inst) propStatus {
	var meet builder.ID
	for i := range phi.Operands {
		if !p.phiArgExecutable(phi, i) {
			continue
		}
		v := p.values.get(phi.Operands[i].Params()[0].ID())
		switch {
		case v == 0:
		case v == varying:
			return p.markVarying(phi)
		case meet == 0:
			meet = v
		case v != meet:
			return p.markVarying(phi)
		}
	}
	if meet == 0 {
		return propNotInteresting
	}
	p.setValue(phi.Result, meet)
	return propInteresting
}

// meet is the lattice meet of in's current value with val: a value may
// not move sideways from one constant to another.
func (p *propagator) meet(in *builder.Inst, val builder.ID) builder.ID {
	old := p.values.get(in.Result)
	switch {
	case old == 0:
		return val
	case old == varying || val == varying:
		return varying
	case old != val:
		return varying
	}
	return val
}

func (p *propagator) settle(in *builder.Inst, val builder.ID) propStatus {
	v := p.meet(in, val)
	p.setValue(in.Result, v)
	if v == varying {
		return propVarying
	}
	return propInteresting
}

func (p *propagator) visitAssignment(in *builder.Inst) propStatus {
	if in.Op == spv.OpCopyObject {
		v := p.values.get(in.Operands[0].ID())
		switch v {
		case 0:
			return propNotInteresting
		case varying:
			return p.markVarying(in)
		}
		return p.settle(in, v)
	}
	if p.known == nil {
		p.known = p.knownValue
	}
	k, foldable := p.c.FoldToConstantIfFoldable(in, p.known)
	if !foldable {
		return p.markVarying(in)
	}
	if k != 0 {
		return p.settle(in, k)
	}
	switch p.operandsState(in.Operands) {
	case varying:
		return p.markVarying(in)
	case 0:
		// It may fold once the unknown operands are known.
		return propNotInteresting
	}
	return p.markVarying(in)
}

// operandsState walks the id operands among ops (parameters included) in
// order: varying at the first that varies, else 0 if any is not known
// yet, else 1 (all known constants).
func (p *propagator) operandsState(ops []builder.Operand) builder.ID {
	state := builder.ID(1)
	for i := range ops {
		o := &ops[i]
		if o.IsID() {
			switch p.values.get(o.ID()) {
			case varying:
				return varying
			case 0:
				state = 0
			}
		} else if ps := o.Params(); len(ps) > 0 {
			switch p.operandsState(ps) {
			case varying:
				return varying
			case 0:
				state = 0
			}
		}
	}
	return state
}

// knownValue reads id for the folder: its constant when it has one.
func (p *propagator) knownValue(id builder.ID) builder.ID {
	if v := p.values.get(id); v != 0 && v != varying {
		return v
	}
	return id
}

// visitBranch finds the one target of a branch on a known value.
func (p *propagator) visitBranch(in *builder.Inst, dest *int) propStatus {
	var label builder.ID
	switch in.Op {
	case spv.OpBranch:
		label = in.Operands[0].ID()
	case spv.OpBranchConditional:
		v := p.values.get(in.Operands[0].ID())
		if v == 0 || v == varying {
			return propVarying
		}
		d := p.c.Def(v)
		switch {
		case d == nil:
			return propVarying
		case d.Op == spv.OpConstantTrue:
			label = in.Operands[1].ID()
		case d.Op == spv.OpConstantFalse || d.Op == spv.OpConstantNull:
			label = in.Operands[2].ID()
		default:
			return propVarying // a specialization constant
		}
	case spv.OpSwitch:
		v := p.values.get(in.Operands[0].ID())
		if v == 0 || v == varying {
			return propVarying
		}
		d := p.c.Def(v)
		var sel uint32
		switch {
		case d == nil:
			return propVarying
		case d.Op == spv.OpConstant && p.c.B.ScalarWidth(d.Type) <= 32:
			sel = d.Operands[0].Word
		case d.Op == spv.OpConstantNull:
		default:
			// A specialization constant, or a 64-bit selector (spirv-opt
			// compares its low word only).
			return propVarying
		}
		label = in.Operands[1].ID()
		for _, o := range in.Operands[2:] {
			if o.Params()[0].Word == sel {
				label = o.Params()[1].ID()
				break
			}
		}
	}
	b := p.c.DU.Block(label)
	if b == nil {
		return propVarying
	}
	*dest = p.index(b)
	return propInteresting
}
