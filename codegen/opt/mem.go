package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// What the memory passes share (spirv-opt's MemPass): finding the variable
// behind a pointer, deciding which function variables can live in SSA
// values ("target" variables), making OpUndef for a variable read before
// it is written, and deleting a store or load with what only it used.

// memPass is the state one run of a memory pass keeps: caches of the
// variables already judged. A pass makes one per run.
type memPass struct {
	c            *Context
	target       *idTable[targetState] // variable -> whether it is a target
	supported    *idTable[bool]        // pointer -> only supported uses (see onlySupportedUses)
	undefs       *undefs
	declared     map[builder.ID]bool       // variable -> has a DebugDeclare (made at the first)
	decosIndexed bool                      // this run indexed the decorations (decorationsOf)
	emptyExpr    map[builder.ID]builder.ID // debug set -> its empty DebugExpression
	debugInfo    bool                      // the module imports a debug-info set
	uses         []*builder.Inst           // scratch: a variable's uses (local-single-store)
}

func newMemPass(c *Context) *memPass {
	t := &c.mem
	t.target.reset()
	t.supported.reset()
	t.target.fit(c.M.Bound)
	t.supported.fit(c.M.Bound)
	return &memPass{c: c, target: &t.target, supported: &t.supported, undefs: newUndefs(c),
		debugInfo: moduleHasDebugInfo(c)}
}

// hasEntryVariables reports whether a function's first block starts with
// an OpVariable: where the memory passes look for the Function variables
// they work on (every one is there). Without one they have nothing to do
// and skip their set-up (tables, analyses): after ssa-rewrite, the memory
// passes DXC's pipelines run again mostly find none.
func hasEntryVariables(m *builder.Module) bool {
	for _, f := range m.Functions {
		if len(f.Blocks) > 0 && len(f.Blocks[0].Insts) > 0 && f.Blocks[0].Insts[0].Op == spv.OpVariable {
			return true
		}
	}
	return false
}

// hasVariables reports whether a function declares a variable anywhere:
// hasEntryVariables for the passes that find their variables through the
// loads and stores of every block, not trusting where the variables are.
func hasVariables(m *builder.Module) bool {
	for _, f := range m.Functions {
		for in := range f.Insts() {
			if in.Op == spv.OpVariable {
				return true
			}
		}
	}
	return false
}

// memTables are the memory passes' tables by id, kept in the Context from
// one run to the next (one pass runs at a time) instead of made again for
// every run: the pipelines run those passes a dozen times.
type memTables struct {
	target    idTable[targetState]
	supported idTable[bool]
	last      blockAccesses // local-single-block's, by variable
	decos     decoIndex     // decorationsOf's, made again by each run that asks
}

// targetState is what a memory pass knows of a variable: not judged yet,
// a target, or not one.
type targetState uint8

const (
	targetUnknown targetState = iota
	isTarget
	notTarget
)

// isDebugRef reports whether in is a DebugDeclare or DebugValue.
func (p *memPass) isDebugRef(in *builder.Inst) bool {
	op := p.c.debugOp(in)
	return op == spv.OpenCLDebugInfo100DebugDeclare || op == spv.OpenCLDebugInfo100DebugValue
}

// isAccessChain reports whether op is an access chain without an element
// operand (spirv-opt's "non-pointer" access chains).
func isAccessChain(op spv.Op) bool {
	return op == spv.OpAccessChain || op == spv.OpInBoundsAccessChain || op == spv.OpUntypedAccessChainKHR
}

// pointer returns the instruction making the pointer ptr, past copies, and
// the variable it points into (0 when it does not point into a variable:
// a parameter, a loaded pointer...).
func (p *memPass) pointer(ptr builder.ID) (in *builder.Inst, varID builder.ID) {
	d := p.c.DU.Def(ptr)
	if d == nil {
		return nil, 0
	}
	var base *builder.Inst
	switch d.Op {
	case spv.OpVariable, spv.OpUntypedVariableKHR, spv.OpFunctionParameter:
		base = d
	case spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpUntypedAccessChainKHR, spv.OpPtrAccessChain,
		spv.OpInBoundsPtrAccessChain, spv.OpImageTexelPointer, spv.OpCopyObject:
		base = p.c.baseAddress(ptr)
	default:
		return d, 0
	}
	if base != nil && (base.Op == spv.OpVariable || base.Op == spv.OpUntypedVariableKHR) {
		varID = base.Result
	}
	for d != nil && d.Op == spv.OpCopyObject {
		d = p.c.DU.Def(d.Operands[0].ID())
	}
	return d, varID
}

// accessed returns the pointer a load or store accesses and its variable
// (see pointer).
func (p *memPass) accessed(in *builder.Inst) (ptr *builder.Inst, varID builder.ID) {
	return p.pointer(in.Operands[0].ID())
}

// isTargetVar reports whether varID is a function variable of a type that
// can live in SSA values (scalars, vectors, matrices, handles and pointers,
// and arrays and structs of them). Callers rule variables out further with
// excludeVar.
func (p *memPass) isTargetVar(varID builder.ID) bool {
	if varID == 0 {
		return false
	}
	if t := p.target.at(varID); t != targetUnknown {
		return t == isTarget
	}
	d := p.c.DU.Def(varID)
	t := false
	if d != nil && d.Op == spv.OpVariable {
		sc, pointee, ok := p.c.B.Pointee(d.Type)
		t = ok && sc == spv.StorageClassFunction && p.isTargetType(pointee)
	}
	st := notTarget
	if t {
		st = isTarget
	}
	p.target.put(varID, st)
	return t
}

// excludeVar makes varID a non-target from now on.
func (p *memPass) excludeVar(varID builder.ID) { p.target.put(varID, notTarget) }

func (p *memPass) isTargetType(typ builder.ID) bool {
	d := p.c.DU.Def(typ)
	if d == nil {
		return false
	}
	switch d.Op {
	case spv.OpTypeInt, spv.OpTypeFloat, spv.OpTypeBool, spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeImage,
		spv.OpTypeSampler, spv.OpTypeSampledImage, spv.OpTypePointer, spv.OpTypeCooperativeMatrixNV,
		spv.OpTypeCooperativeMatrixKHR:
		return true
	case spv.OpTypeArray:
		return p.isTargetType(d.Operands[0].ID())
	case spv.OpTypeStruct:
		for _, m := range d.Operands {
			if !p.isTargetType(m.ID()) {
				return false
			}
		}
		return true
	}
	return false
}

// onlyLoadStoreUses reports whether the variable is used only by loads,
// stores, names, decorations and debug declarations (no access chain, no
// call argument).
func (p *memPass) onlyLoadStoreUses(varID builder.ID) bool {
	for _, u := range p.c.DU.UsersView(varID) { // (read only: no copy)
		if p.isDebugRef(u) {
			continue
		}
		switch u.Op {
		case spv.OpStore, spv.OpLoad, spv.OpName, spv.OpDecorate, spv.OpDecorateId:
		default:
			return false
		}
	}
	return true
}

// onlySupportedUses reports whether every use of the pointer, through
// access chains and copies, is a load, a store, a name, a decoration or a
// debug declaration: then the passes see every access to the memory.
// Answers are cached for the run.
func (p *memPass) onlySupportedUses(ptr builder.ID) bool {
	if p.supported.at(ptr) {
		return true
	}
	// (The recursion compacts other ids' lists only: the view stays valid.)
	for _, u := range p.c.DU.UsersView(ptr) {
		if p.isDebugRef(u) {
			continue
		}
		switch {
		case isAccessChain(u.Op) || u.Op == spv.OpCopyObject:
			if !p.onlySupportedUses(u.Result) {
				return false
			}
		case u.Op == spv.OpStore, u.Op == spv.OpLoad, u.Op == spv.OpName, u.Op == spv.OpDecorate, u.Op == spv.OpDecorateId:
		default:
			return false
		}
	}
	p.supported.put(ptr, true)
	return true
}

// collectTargetVars rules out, among the variables f loads and stores,
// those with other uses than loads and stores.
func (p *memPass) collectTargetVars(f *builder.Function) {
	p.target.reset()
	p.undefs = newUndefs(p.c)
	for in := range f.Insts() {
		if in.Op != spv.OpLoad && in.Op != spv.OpStore {
			continue
		}
		_, v := p.accessed(in)
		if p.isTargetVar(v) && !p.onlyLoadStoreUses(v) {
			p.excludeVar(v)
		}
	}
}

// undefOfVar returns an OpUndef of the variable's pointee type.
func (p *memPass) undefOfVar(varID builder.ID) builder.ID {
	_, pointee, _ := p.c.B.Pointee(p.c.DU.TypeOf(varID))
	return p.undefs.get(pointee)
}

// onlyNamesAndDecorations reports whether id is used only by OpName and
// decorations.
func (p *memPass) onlyNamesAndDecorations(id builder.ID) bool {
	return !p.c.DU.AnyUser(id, func(u *builder.Inst) bool {
		return u.Op != spv.OpName && u.Op != spv.OpDecorate && u.Op != spv.OpDecorateId
	})
}

// hasLoads reports whether anything may read the pointer: any use but a
// store, a name or a decoration, through access chains and copies.
func (p *memPass) hasLoads(ptr builder.ID) bool {
	for _, u := range p.c.DU.Users(ptr) {
		switch {
		case isAccessChain(u.Op) || u.Op == spv.OpCopyObject:
			if p.hasLoads(u.Result) {
				return true
			}
		case u.Op == spv.OpStore, u.Op == spv.OpName, u.Op == spv.OpDecorate, u.Op == spv.OpDecorateId:
		default:
			return true
		}
	}
	return false
}

// isLiveVar reports whether stores to varID matter: it is not a function
// variable, or something reads it.
func (p *memPass) isLiveVar(varID builder.ID) bool {
	d := p.c.DU.Def(varID)
	if d == nil || d.Op != spv.OpVariable {
		return true
	}
	if sc, _, _ := p.c.B.Pointee(d.Type); sc != spv.StorageClassFunction {
		return true
	}
	return p.hasLoads(varID)
}

// addStores queues the stores through ptr and its access chains.
func (p *memPass) addStores(ptr builder.ID, queue *[]*builder.Inst) {
	for _, u := range p.c.DU.Users(ptr) {
		switch {
		case isAccessChain(u.Op):
			p.addStores(u.Result, queue)
		case u.Op == spv.OpStore:
			*queue = append(*queue, u)
		}
	}
}

// dceInst deletes in and then, transitively, the combinators only it used
// and, when a deleted load was the last read of a function variable, the
// variable's stores. onKill sees each instruction before it is deleted.
func (p *memPass) dceInst(in *builder.Inst, onKill func(*builder.Inst)) {
	queue := []*builder.Inst{in}
	for len(queue) > 0 {
		di := queue[0]
		queue = queue[1:]
		if di.Op == spv.OpNop {
			continue // already deleted
		}
		var operands []builder.ID
		forEachOperandID(di, func(id *builder.ID) {
			for _, o := range operands {
				if o == *id {
					return
				}
			}
			operands = append(operands, *id)
		})
		var varID builder.ID
		if di.Op == spv.OpLoad {
			_, varID = p.accessed(di)
		}
		if onKill != nil {
			onKill(di)
		}
		p.c.Kill(di)
		for _, id := range operands {
			if !p.onlyNamesAndDecorations(id) {
				continue
			}
			if d := p.c.DU.Def(id); d != nil && p.c.isCombinator(d) {
				queue = append(queue, d)
			}
		}
		if varID != 0 && !p.isLiveVar(varID) {
			p.addStores(varID, &queue)
		}
	}
}

// hasGroupDecorations reports whether the module uses OpGroupDecorate,
// which the passes that delete names and decorations do not follow.
func hasGroupDecorations(m *builder.Module) bool {
	for _, a := range m.Annotations {
		if a.Op == spv.OpGroupDecorate {
			return true
		}
	}
	return false
}

// intValue is an integer constant's value zero- and sign-extended to 64
// bits (sign-extended only when its type is signed, as spirv-opt reads
// indexes).
type intValue struct {
	zext uint64
	sext int64
}

// intConstant returns the value of an integer OpConstant or
// OpConstantNull; ok is false for anything else (specialization constants
// included).
func intConstant(c *Context, id builder.ID) (v intValue, ok bool) {
	d := c.DU.Def(id)
	if d == nil || c.B.TypeOp(d.Type) != spv.OpTypeInt {
		return v, false
	}
	switch d.Op {
	case spv.OpConstantNull:
		return v, true
	case spv.OpConstant:
		w := c.B.ScalarWidth(d.Type)
		v.zext = d.Operands[0].Uint64()
		if w < 64 {
			v.zext &= 1<<w - 1
		}
		v.sext = int64(v.zext)
		if c.B.IsSigned(d.Type) && w < 64 && v.zext&(1<<(w-1)) != 0 {
			v.sext = int64(v.zext | ^uint64(0)<<w)
		}
		return v, true
	}
	return v, false
}

// decorationsOf returns the decorations targeting id (OpDecorate and
// OpMemberDecorate and their Id and String forms; linkage attributes
// excluded), in module order. The first call indexes the module's
// annotations, which addAnnotation keeps up to date: a type can have
// thousands of users, so looking through its users each time would be
// quadratic. The index is a chain per target through one list, headed
// from a table by id the memory passes share from run to run: a map of
// lists cost an insertion and a list per decorated id each time one of
// the five memory passes that ask made its index.
func (p *memPass) decorationsOf(id builder.ID) []*builder.Inst {
	x := &p.c.mem.decos
	if !p.decosIndexed {
		p.decosIndexed = true
		x.build(p.c.M)
	}
	var out []*builder.Inst
	if int(id) >= len(x.head) {
		return nil
	}
	for e := x.head[id]; e != 0; e = x.entries[e-1].next {
		if a := x.entries[e-1].in; a.Op != spv.OpNop && a.Operands[0].ID() == id && !isLinkageDecoration(a) {
			out = append(out, a)
		}
	}
	return out
}

func isLinkageDecoration(a *builder.Inst) bool {
	return a.Op == spv.OpDecorate && spv.Decoration(a.Operands[1].Word) == spv.DecorationLinkageAttributes
}

// decoIndex is an index of the module's decorations (OpDecorate and
// OpMemberDecorate and their Id and String forms): by target id, those
// that targeted it when indexed, chained in module order (decorationsOf's,
// and value numbering's).
type decoIndex struct {
	head    []int32 // by target: 1 + the index of its first entry, or 0
	entries []decoEntry
}

type decoEntry struct {
	target builder.ID
	in     *builder.Inst
	next   int32 // 1 + the index of the target's next entry, or 0
}

// build indexes the module's decorations, over the tables of the last
// index (whose heads it clears).
func (x *decoIndex) build(m *builder.Module) {
	for _, e := range x.entries {
		x.head[e.target] = 0
	}
	x.entries = x.entries[:0]
	// The heads span the decorated ids only (mostly types and globals,
	// early in the module), not the module's bound: add lengthens them
	// for a higher target. Backwards, each entry put first in its chain:
	// the chains come out in module order.
	for i := len(m.Annotations) - 1; i >= 0; i-- {
		x.add(m.Annotations[i], true)
	}
}

// appendOf appends the decorations indexed under id to out, as indexed
// (deleted ones and those now targeting another id included).
func (x *decoIndex) appendOf(out []*builder.Inst, id builder.ID) []*builder.Inst {
	if int(id) < len(x.head) {
		for e := x.head[id]; e != 0; e = x.entries[e-1].next {
			out = append(out, x.entries[e-1].in)
		}
	}
	return out
}

// add indexes the decoration a (if it is one), first in its target's
// chain or last.
func (x *decoIndex) add(a *builder.Inst, first bool) {
	t := indexedDecorationTarget(a)
	if t == 0 {
		return
	}
	if int(t) >= len(x.head) {
		x.head = append(x.head, make([]int32, int(t)+1-len(x.head))...)
	}
	x.entries = append(x.entries, decoEntry{target: t, in: a})
	e := int32(len(x.entries))
	if first || x.head[t] == 0 {
		x.entries[e-1].next = x.head[t]
		x.head[t] = e
		return
	}
	last := x.head[t]
	for x.entries[last-1].next != 0 {
		last = x.entries[last-1].next
	}
	x.entries[last-1].next = e
}

// indexedDecorationTarget is the id the decoration a targets, or 0 if a
// is not one decoIndex indexes.
func indexedDecorationTarget(a *builder.Inst) builder.ID {
	switch a.Op {
	case spv.OpDecorate, spv.OpDecorateId, spv.OpDecorateString, spv.OpMemberDecorate, spv.OpMemberDecorateString:
		return a.Operands[0].ID()
	}
	return 0
}

// addAnnotation appends a decoration to the module.
func (p *memPass) addAnnotation(op spv.Op, operands []builder.Operand) {
	in := &builder.Inst{Op: op, Operands: operands}
	p.c.M.Annotations = append(p.c.M.Annotations, in)
	p.c.DU.Define(in)
	if p.decosIndexed {
		p.c.mem.decos.add(in, false) // after the target's others, as in the module
	}
}
