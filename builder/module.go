package builder

import (
	"fmt"
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// ModuleBuilder builds a Module: the module-level sections through its
// methods and its Context (types, constants, decorations, names), the
// functions through FunctionBuilders. Every instruction is checked against
// the grammar when it is added; the first error sticks and is returned by
// Err and Serialize.
type ModuleBuilder struct {
	*Context
	M       *Module
	imports map[string]ID
	strings map[string]ID
	// OnInst, when set, is called with every instruction a
	// FunctionBuilder adds (OpFunction and its parameters included), for
	// the caller to remember where in the source it came from.
	OnInst func(*Inst)
	// Fold, when set, is offered every instruction FunctionBuilder.Emit
	// is asked for; when it returns ok, Emit returns its id instead of
	// emitting (a front end folds constant expressions this way, e.g. into
	// OpSpecConstantOp).
	Fold func(op spv.Op, typ ID, operands []Operand) (id ID, ok bool)
}

// New returns a builder for a module of the SPIR-V version.
func New(version spv.Version) *ModuleBuilder {
	m := &Module{Version: version, Bound: 1}
	// The sections a small module fills start with room from one array,
	// each capped at its share (appending past it reallocates, never
	// overwrites a neighbour), and so does the table by id: grown from
	// nothing entry by entry, they took a dozen allocations for a module of
	// a few dozen instructions.
	s := make([]*Inst, newSections)
	m.EntryPoints, m.ExecutionModes, m.DebugSources = s[0:0:1], s[1:1:3], s[3:3:4]
	m.Names, m.Annotations, m.Globals = s[4:4:16], s[16:16:24], s[24:24:newSections]
	c := NewContext(m)
	c.defs = make([]*Inst, 1, newIDs)
	return &ModuleBuilder{Context: c, M: m}
}

// The room New gives a module's sections together, and its table by id.
const (
	newSections = 56
	newIDs      = 64
)

// Capability declares c (once).
func (b *ModuleBuilder) Capability(c spv.Capability) {
	if !b.M.HasCapability(c) {
		b.M.Capabilities = append(b.M.Capabilities, c)
	}
}

// Extension declares the extension (once).
func (b *ModuleBuilder) Extension(name string) {
	if !b.M.HasExtension(name) {
		b.M.Extensions = append(b.M.Extensions, name)
	}
}

// ExtInstImport returns the id of the imported extended instruction set
// (imported once).
func (b *ModuleBuilder) ExtInstImport(name string) ID {
	if id, ok := b.imports[name]; ok {
		return id
	}
	in := &Inst{Op: spv.OpExtInstImport, Result: b.NewID(), Operands: []Operand{Str(name)}}
	if !b.check(in) {
		return 0
	}
	b.M.ExtInstImports = append(b.M.ExtInstImports, in)
	b.record(in)
	if b.imports == nil {
		b.imports = map[string]ID{}
	}
	b.imports[name] = in.Result
	return in.Result
}

// MemoryModel sets the module's addressing and memory model.
func (b *ModuleBuilder) MemoryModel(a spv.AddressingModel, mm spv.MemoryModel) {
	in := &Inst{Op: spv.OpMemoryModel, Operands: []Operand{Enum(a), Enum(mm)}}
	if b.check(in) {
		b.M.MemoryModel = in
	}
}

// EntryPoint declares fn an entry point with its interface variables.
func (b *ModuleBuilder) EntryPoint(model spv.ExecutionModel, fn ID, name string, iface ...ID) {
	b.add(&b.M.EntryPoints, &Inst{Op: spv.OpEntryPoint,
		Operands: append([]Operand{Enum(model), Ref(fn), Str(name)}, Refs(iface...)...)})
}

// AddInterface appends variables to the interface of the entry point
// whose function is fn (interfaces are often complete only after the
// function is built).
func (b *ModuleBuilder) AddInterface(fn ID, vars ...ID) {
	for _, ep := range b.M.EntryPoints {
		if len(ep.Operands) > 1 && ep.Operands[1].ID() == fn {
			ep.Operands = append(ep.Operands, Refs(vars...)...)
			return
		}
	}
	b.setErr(fmt.Errorf("AddInterface: %%%d is not an entry point", fn))
}

// ExecutionMode adds OpExecutionMode with literal parameters.
func (b *ModuleBuilder) ExecutionMode(fn ID, mode spv.ExecutionMode, params ...uint32) {
	b.add(&b.M.ExecutionModes, &Inst{Op: spv.OpExecutionMode, Operands: []Operand{Ref(fn), Enum(mode, Lits(params...)...)}})
}

// ExecutionModeId adds OpExecutionModeId with id parameters.
func (b *ModuleBuilder) ExecutionModeId(fn ID, mode spv.ExecutionMode, params ...ID) {
	b.add(&b.M.ExecutionModes, &Inst{Op: spv.OpExecutionModeId, Operands: []Operand{Ref(fn), Enum(mode, Refs(params...)...)}})
}

// DebugString returns the id of an OpString holding s (one per distinct
// string).
func (b *ModuleBuilder) DebugString(s string) ID {
	if id, ok := b.strings[s]; ok && b.Def(id) != nil {
		return id
	}
	in := &Inst{Op: spv.OpString, Result: b.NewID(), Operands: []Operand{Str(s)}}
	b.add(&b.M.DebugSources, in)
	if b.strings == nil {
		b.strings = map[string]ID{}
	}
	b.strings[s] = in.Result
	return in.Result
}

// DXC's chunk sizes for source text, in bytes: the first chunk goes in
// OpSource, the rest in OpSourceContinued. Matching them keeps -Zi output
// identical to DXC's.
const (
	maxSourceBytes          = 0xFFFA
	maxSourceContinuedBytes = 0xFFFD
)

// Source adds OpSource; file (an OpString id) and text are optional (0,
// ""). Long text is chopped as DXC chops it: 0xFFFA bytes in OpSource,
// then OpSourceContinued instructions of up to 0xFFFD bytes (byte
// boundaries, as DXC: a multi-byte character may straddle two chunks).
func (b *ModuleBuilder) Source(lang spv.SourceLanguage, version uint32, file ID, text string) {
	ops := []Operand{Enum(lang), Lit(version)}
	if file != 0 {
		ops = append(ops, Ref(file))
		if text != "" {
			n := min(len(text), maxSourceBytes)
			ops = append(ops, Str(text[:n]))
			text = text[n:]
		}
	}
	b.add(&b.M.DebugSources, &Inst{Op: spv.OpSource, Operands: ops})
	for file != 0 && text != "" {
		n := min(len(text), maxSourceContinuedBytes)
		b.add(&b.M.DebugSources, &Inst{Op: spv.OpSourceContinued, Operands: []Operand{Str(text[:n])}})
		text = text[n:]
	}
}

// SourceExtension adds OpSourceExtension.
func (b *ModuleBuilder) SourceExtension(ext string) {
	b.add(&b.M.DebugSources, &Inst{Op: spv.OpSourceExtension, Operands: []Operand{Str(ext)}})
}

// ModuleProcessed adds OpModuleProcessed.
func (b *ModuleBuilder) ModuleProcessed(process string) {
	b.add(&b.M.ModuleProcessed, &Inst{Op: spv.OpModuleProcessed, Operands: []Operand{Str(process)}})
}

// GlobalVariable adds a module-level OpVariable of pointer type ptrType in
// storage class sc (which must be the pointer's), with an optional
// initializer (0 for none), and names it when name is not empty.
func (b *ModuleBuilder) GlobalVariable(ptrType ID, sc spv.StorageClass, name string, init ID) ID {
	psc, _, ok := b.Pointee(ptrType)
	switch {
	case !ok:
		b.setErr(fmt.Errorf("GlobalVariable %q: %%%d is not a pointer type", name, ptrType))
		return 0
	case psc != sc:
		b.setErr(fmt.Errorf("GlobalVariable %q: storage class %s, but the pointer type's is %s", name, sc, psc))
		return 0
	case sc == spv.StorageClassFunction:
		b.setErr(fmt.Errorf("GlobalVariable %q: Function storage class (use FunctionBuilder.Variable)", name))
		return 0
	}
	ops := []Operand{Enum(sc)}
	if init != 0 {
		ops = append(ops, Ref(init))
	}
	id := b.global(spv.OpVariable, ptrType, ops...)
	if id != 0 && name != "" {
		b.nameFresh(id, name)
	}
	return id
}

// add checks in and appends it to a section.
func (b *ModuleBuilder) add(section *[]*Inst, in *Inst) {
	if !b.check(in) {
		return
	}
	*section = append(*section, in)
	b.record(in)
}

// Function starts a function returning ret with parameters of the given
// types; its type is interned. Add parameters' names with Name, then
// blocks with NewBlock/StartBlock.
func (b *ModuleBuilder) Function(name string, ret ID, control spv.FunctionControl, params ...ID) *FunctionBuilder {
	return b.FunctionAt(b.NewID(), name, ret, control, params...)
}

// FunctionAt is Function with a result id allocated earlier by NewID: calls
// may refer to a function before it is built.
func (b *ModuleBuilder) FunctionAt(id ID, name string, ret ID, control spv.FunctionControl, params ...ID) *FunctionBuilder {
	ft := b.TypeFunction(ret, params...)
	def := b.newInst()
	*def = Inst{Op: spv.OpFunction, Type: ret, Result: id, Operands: b.copyOperands([]Operand{Enum(control), Ref(ft)})}
	f := &Function{Def: def, module: b.M}
	fb := &FunctionBuilder{b: b, F: f}
	if !b.check(def) {
		return fb
	}
	b.record(def)
	b.onInst(def)
	if len(params) > 0 {
		f.Params = make([]*Inst, 0, len(params))
	}
	for _, p := range params {
		in := b.newInst()
		*in = Inst{Op: spv.OpFunctionParameter, Type: p, Result: b.NewID()}
		f.Params = append(f.Params, in)
		b.record(in)
		b.onInst(in)
	}
	if name != "" {
		b.nameFresh(def.Result, name)
	}
	b.M.Functions = append(b.M.Functions, f)
	return fb
}

// FunctionBuilder adds blocks and instructions to one function. It keeps
// an insertion block: instructions go to its end. Mistakes (emitting after
// a terminator, starting a block before the current one is terminated)
// are reported through the ModuleBuilder's Err.
type FunctionBuilder struct {
	b   *ModuleBuilder
	F   *Function
	cur *Block
}

// ID returns the function's result id.
func (f *FunctionBuilder) ID() ID { return f.F.Def.Result }

// Param returns the id of parameter i (0, and an error, if there is none).
func (f *FunctionBuilder) Param(i int) ID {
	if i < 0 || i >= len(f.F.Params) {
		f.fail("no parameter %d (the function has %d)", i, len(f.F.Params))
		return 0
	}
	return f.F.Params[i].Result
}

func (f *FunctionBuilder) fail(format string, args ...any) {
	f.b.setErr(fmt.Errorf("function %%%d: "+format, append([]any{f.ID()}, args...)...))
}

// NewBlock allocates a label for a block to be started later, naming it
// when name is not empty (DXC's names: "bb.entry", "if.true"...).
func (f *FunctionBuilder) NewBlock(name string) ID {
	id := f.b.NewID()
	if name != "" {
		f.b.nameFresh(id, name)
	}
	return id
}

// StartBlock appends the block labelled label to the function and makes
// it the insertion block. The previous insertion block must be terminated.
func (f *FunctionBuilder) StartBlock(label ID) {
	if f.cur != nil && !f.cur.Terminated() {
		f.fail("block %%%d started before block %%%d was terminated", label, f.cur.Label)
	}
	f.cur = f.b.newBlock()
	*f.cur = Block{Label: label, Func: f.F, Insts: f.b.instList()}
	f.F.Blocks = append(f.F.Blocks, f.cur)
}

// SetBlock makes the function's block labelled label, already started,
// the insertion block again; it must not be terminated.
func (f *FunctionBuilder) SetBlock(label ID) {
	bl := f.F.Block(label)
	switch {
	case bl == nil:
		f.fail("SetBlock: %%%d is not a started block", label)
	case bl.Terminated():
		f.fail("SetBlock: block %%%d is terminated", label)
	default:
		f.cur = bl
	}
}

// Line emits OpLine (file is an OpString id).
func (f *FunctionBuilder) Line(file ID, line, column uint32) {
	f.Emit(spv.OpLine, 0, Ref(file), Lit(line), Lit(column))
}

// Block returns the insertion block's label, 0 before the first block.
func (f *FunctionBuilder) Block() ID {
	if f.cur == nil {
		return 0
	}
	return f.cur.Label
}

// Terminated reports whether the insertion block is terminated (code after
// a return, break... needs a new block).
func (f *FunctionBuilder) Terminated() bool { return f.cur != nil && f.cur.Terminated() }

// Emit appends an instruction of opcode op to the insertion block and
// returns its result id (0 when op has no result). typ is the result type,
// 0 when op has none.
func (f *FunctionBuilder) Emit(op spv.Op, typ ID, operands ...Operand) ID {
	// The operands are copied to the slab first and only the copy is
	// offered to Fold: operands then does not escape, so the callers'
	// variadic slices stay on their stacks.
	ops := f.b.copyOperands(operands)
	if f.b.Fold != nil {
		if id, ok := f.b.Fold(op, typ, ops); ok {
			return id
		}
	}
	info := spv.InstructionInfo(op)
	if info == nil {
		f.b.setErr(&EncodeError{op, -1, "unknown opcode"})
		return 0
	}
	in := f.b.newInst()
	*in = Inst{Op: op, Type: typ, Operands: ops}
	if info.HasResult {
		in.Result = f.b.NewID()
	}
	if !f.append(in) {
		return 0
	}
	return in.Result
}

func (f *FunctionBuilder) append(in *Inst) bool {
	switch {
	case f.cur == nil:
		f.fail("%s emitted before the first block was started", in.Op)
		return false
	case f.cur.Terminated():
		f.fail("%s emitted after the terminator of block %%%d", in.Op, f.cur.Label)
		return false
	}
	if !f.b.check(in) {
		return false
	}
	f.cur.Insts = append(f.cur.Insts, in)
	in.Block = f.cur
	f.b.record(in)
	f.b.onInst(in)
	return true
}

func (b *ModuleBuilder) onInst(in *Inst) {
	if b.OnInst != nil {
		b.OnInst(in)
	}
}

// Variable adds a Function-storage OpVariable of pointer type ptrType at
// the start of the entry block, where SPIR-V requires it, whatever the
// insertion block; init is an optional initializer (0 for none).
func (f *FunctionBuilder) Variable(ptrType ID, name string, init ID) ID {
	if len(f.F.Blocks) == 0 {
		f.fail("variable declared before the entry block was started")
		return 0
	}
	if sc, _, ok := f.b.Pointee(ptrType); !ok || sc != spv.StorageClassFunction {
		f.fail("variable %q: %%%d is not a Function pointer type", name, ptrType)
		return 0
	}
	ops := []Operand{Enum(spv.StorageClassFunction), Ref(init)}
	if init == 0 {
		ops = ops[:1]
	}
	in := f.b.newInst()
	*in = Inst{Op: spv.OpVariable, Type: ptrType, Result: f.b.NewID(), Operands: f.b.copyOperands(ops)}
	if !f.b.check(in) {
		return 0
	}
	// After the entry block's leading variables (counted each time, so a
	// pass deleting some cannot leave a stale position behind).
	entry := f.F.Blocks[0]
	at := 0
	for at < len(entry.Insts) && entry.Insts[at].Op == spv.OpVariable {
		at++
	}
	entry.Insts = slices.Insert(entry.Insts, at, in)
	in.Block = entry
	f.b.record(in)
	if name != "" {
		f.b.nameFresh(in.Result, name)
	}
	return in.Result
}

// Load emits OpLoad.
func (f *FunctionBuilder) Load(typ, ptr ID) ID { return f.Emit(spv.OpLoad, typ, Ref(ptr)) }

// Store emits OpStore.
func (f *FunctionBuilder) Store(ptr, value ID) { f.Emit(spv.OpStore, 0, Ref(ptr), Ref(value)) }

// AccessChain emits OpAccessChain.
func (f *FunctionBuilder) AccessChain(ptrType, base ID, indexes ...ID) ID {
	var buf [8]Operand
	return f.Emit(spv.OpAccessChain, ptrType, appendRefs(append(buf[:0], Ref(base)), indexes)...)
}

// CompositeExtract emits OpCompositeExtract.
func (f *FunctionBuilder) CompositeExtract(typ, composite ID, indexes ...uint32) ID {
	var buf [8]Operand
	ops := append(buf[:0], Ref(composite))
	for _, ix := range indexes {
		ops = append(ops, Lit(ix))
	}
	return f.Emit(spv.OpCompositeExtract, typ, ops...)
}

// CompositeConstruct emits OpCompositeConstruct.
func (f *FunctionBuilder) CompositeConstruct(typ ID, parts ...ID) ID {
	var buf [8]Operand
	return f.Emit(spv.OpCompositeConstruct, typ, appendRefs(buf[:0], parts)...)
}

// Call emits OpFunctionCall.
func (f *FunctionBuilder) Call(ret, fn ID, args ...ID) ID {
	var buf [8]Operand
	return f.Emit(spv.OpFunctionCall, ret, appendRefs(append(buf[:0], Ref(fn)), args)...)
}

// ExtInst emits OpExtInst of instruction inst of the set imported under
// setName (imported on first use).
func (f *FunctionBuilder) ExtInst(typ ID, setName string, inst uint32, args ...ID) ID {
	set := f.b.ExtInstImport(setName)
	var buf [8]Operand
	return f.Emit(spv.OpExtInst, typ, appendRefs(append(buf[:0], Ref(set), Lit(inst)), args)...)
}

// appendRefs appends ids to ops as id operands. The helpers above build
// their operands in a small array on their stack this way (Emit copies
// them), instead of allocating the list.
func appendRefs(ops []Operand, ids []ID) []Operand {
	for _, id := range ids {
		ops = append(ops, Ref(id))
	}
	return ops
}

// Branch terminates the insertion block with OpBranch.
func (f *FunctionBuilder) Branch(target ID) { f.Emit(spv.OpBranch, 0, Ref(target)) }

// BranchConditional terminates the insertion block with OpBranchConditional.
func (f *FunctionBuilder) BranchConditional(cond, t, e ID) {
	f.Emit(spv.OpBranchConditional, 0, Ref(cond), Ref(t), Ref(e))
}

// Return emits OpReturn.
func (f *FunctionBuilder) Return() { f.Emit(spv.OpReturn, 0) }

// ReturnValue emits OpReturnValue.
func (f *FunctionBuilder) ReturnValue(v ID) { f.Emit(spv.OpReturnValue, 0, Ref(v)) }

// branchIfOpen branches to target unless the insertion block is already
// terminated (by a return, break, continue...).
func (f *FunctionBuilder) branchIfOpen(target ID) {
	if f.cur != nil && !f.cur.Terminated() {
		f.Branch(target)
	}
}

// A Selection is an if statement under construction.
type Selection struct {
	Then, Else, Merge ID // Else is Merge when there is no else branch
}

// BeginIf terminates the insertion block with OpSelectionMerge (with the
// control: None, or Flatten/DontFlatten for HLSL's [flatten]/[branch]) and
// a conditional branch on cond, and starts the then block. Blocks are
// named if.true, if.false and if.merge, as DXC names them.
func (f *FunctionBuilder) BeginIf(cond ID, withElse bool, ctrl spv.SelectionControl) Selection {
	s := Selection{Then: f.NewBlock("if.true")}
	if withElse {
		s.Else = f.NewBlock("if.false")
	}
	s.Merge = f.NewBlock("if.merge")
	if !withElse {
		s.Else = s.Merge
	}
	f.Emit(spv.OpSelectionMerge, 0, Ref(s.Merge), Enum(ctrl))
	f.BranchConditional(cond, s.Then, s.Else)
	f.StartBlock(s.Then)
	return s
}

// Else ends the then branch (branching to the merge block unless already
// terminated) and starts the else block.
func (f *FunctionBuilder) Else(s Selection) {
	if s.Else == s.Merge {
		f.fail("Else on an if without an else block")
		return
	}
	f.branchIfOpen(s.Merge)
	f.StartBlock(s.Else)
}

// EndIf ends the current branch and starts the merge block.
func (f *FunctionBuilder) EndIf(s Selection) {
	f.branchIfOpen(s.Merge)
	f.StartBlock(s.Merge)
}

// If builds a whole if statement without selection control: then and els
// (nil for none) fill the branches.
func (f *FunctionBuilder) If(cond ID, then, els func()) {
	s := f.BeginIf(cond, els != nil, spv.SelectionControlNone)
	then()
	if els != nil {
		f.Else(s)
		els()
	}
	f.EndIf(s)
}

// A Loop is a loop under construction. Header holds OpLoopMerge; Check,
// when not 0, is a block of its own for the test (DXC's for.header →
// for.check shape, used when the condition needs several blocks).
type Loop struct {
	Header, Check, Body, Continue, Merge ID

	control spv.LoopControl
	params  []Operand
}

func (f *FunctionBuilder) newLoop(prefix, header string, ctrl spv.LoopControl, params []uint32) Loop {
	l := Loop{Header: f.NewBlock(prefix + "." + header), control: ctrl, params: Lits(params...)}
	if header == "header" && prefix != "do_while" {
		l.Check = f.NewBlock(prefix + ".check")
	}
	l.Body = f.NewBlock(prefix + ".body")
	l.Continue = f.NewBlock(prefix + ".continue")
	l.Merge = f.NewBlock(prefix + ".merge")
	f.branchIfOpen(l.Header)
	f.StartBlock(l.Header)
	return l
}

func (f *FunctionBuilder) loopMerge(l Loop) {
	f.Emit(spv.OpLoopMerge, 0, Ref(l.Merge), Ref(l.Continue), Enum(l.control, l.params...))
}

// BeginLoop branches to a new loop header and starts it; emit the test
// there, then call LoopTest (or LoopBody for a loop without a test at the
// top). ctrl and its literal parameters go on OpLoopMerge (HLSL [unroll] →
// Unroll, [loop] → DontUnroll). Blocks are named prefix+".check", ".body",
// ".continue", ".merge" (prefix "for" or "while", as DXC).
func (f *FunctionBuilder) BeginLoop(prefix string, ctrl spv.LoopControl, params ...uint32) Loop {
	return f.newLoop(prefix, "check", ctrl, params)
}

// BeginLoopWithCheck is BeginLoop with the test in a block of its own:
// the header (prefix+".header") holds only OpLoopMerge and a branch to
// the check block (prefix+".check"), which it starts. End the test with
// LoopTest.
func (f *FunctionBuilder) BeginLoopWithCheck(prefix string, ctrl spv.LoopControl, params ...uint32) Loop {
	l := f.newLoop(prefix, "header", ctrl, params)
	f.loopMerge(l)
	f.Branch(l.Check)
	f.StartBlock(l.Check)
	return l
}

// BeginDoWhile starts a do-while loop: a header (do_while.header) with
// OpLoopMerge and a branch to the body, which it starts. Continue with
// BeginContinue, emit the test, and end with EndLoopIf.
func (f *FunctionBuilder) BeginDoWhile(ctrl spv.LoopControl, params ...uint32) Loop {
	l := f.newLoop("do_while", "header", ctrl, params)
	f.LoopBody(l)
	return l
}

// LoopTest ends the test with a branch on cond to the body or out of the
// loop (preceded by OpLoopMerge when the test is in the header), and
// starts the body.
func (f *FunctionBuilder) LoopTest(l Loop, cond ID) {
	if l.Check == 0 {
		f.loopMerge(l)
	}
	f.BranchConditional(cond, l.Body, l.Merge)
	f.StartBlock(l.Body)
}

// LoopBody ends the header with OpLoopMerge and a branch to the body, and
// starts the body (a loop without a test at the top).
func (f *FunctionBuilder) LoopBody(l Loop) {
	f.loopMerge(l)
	f.Branch(l.Body)
	f.StartBlock(l.Body)
}

// Break branches out of the loop.
func (f *FunctionBuilder) Break(l Loop) { f.Branch(l.Merge) }

// Continue branches to the loop's continue target.
func (f *FunctionBuilder) Continue(l Loop) { f.Branch(l.Continue) }

// BeginContinue ends the body (branching to the continue target unless
// already terminated) and starts the continue block.
func (f *FunctionBuilder) BeginContinue(l Loop) {
	f.branchIfOpen(l.Continue)
	f.StartBlock(l.Continue)
}

// EndLoop ends the continue block with the back edge to the header and
// starts the merge block.
func (f *FunctionBuilder) EndLoop(l Loop) {
	f.branchIfOpen(l.Header)
	f.StartBlock(l.Merge)
}

// EndLoopIf ends the continue block with a branch on cond back to the
// header or out of the loop (a do-while's test), and starts the merge block.
func (f *FunctionBuilder) EndLoopIf(l Loop, cond ID) {
	f.BranchConditional(cond, l.Header, l.Merge)
	f.StartBlock(l.Merge)
}

// A Switch is a switch statement under construction.
type Switch struct {
	Cases   []ID // the case blocks, in the order of the values given
	Default ID   // the default block, Merge when there is none
	Merge   ID
}

// BeginSwitch terminates the insertion block with OpSelectionMerge and
// OpSwitch on selector (an integer) with one case block per value, and a
// default block when withDefault. Case literals take the selector type's
// width. Blocks are named as DXC names them: switch.3, switch.n3 (for -3),
// switch.default, switch.merge. Start each case block with StartBlock;
// falling through is a Branch to the next block; end with EndSwitch.
func (f *FunctionBuilder) BeginSwitch(selector ID, values []int64, withDefault bool, ctrl spv.SelectionControl) Switch {
	s := Switch{}
	for _, v := range values {
		name := fmt.Sprintf("switch.%d", v)
		if v < 0 {
			name = fmt.Sprintf("switch.n%d", -v)
		}
		s.Cases = append(s.Cases, f.NewBlock(name))
	}
	if withDefault {
		s.Default = f.NewBlock("switch.default")
	}
	s.Merge = f.NewBlock("switch.merge")
	if !withDefault {
		s.Default = s.Merge
	}
	wide := f.b.LiteralWords(f.b.TypeOf(selector)) == 2
	ops := []Operand{Ref(selector), Ref(s.Default)}
	for i, v := range values {
		lit := Lit(uint32(v))
		if wide {
			lit = Lit64(uint64(v))
		}
		ops = append(ops, Pair(lit, Ref(s.Cases[i])))
	}
	f.Emit(spv.OpSelectionMerge, 0, Ref(s.Merge), Enum(ctrl))
	f.Emit(spv.OpSwitch, 0, ops...)
	return s
}

// EndSwitch ends the current case and starts the merge block.
func (f *FunctionBuilder) EndSwitch(s Switch) {
	f.branchIfOpen(s.Merge)
	f.StartBlock(s.Merge)
}

// Kill emits OpKill (HLSL discard before SPIR-V 1.6's
// OpTerminateInvocation).
func (f *FunctionBuilder) Kill() { f.Emit(spv.OpKill, 0) }

// Unreachable emits OpUnreachable.
func (f *FunctionBuilder) Unreachable() { f.Emit(spv.OpUnreachable, 0) }

// Phi emits OpPhi with (value, parent block) pairs.
func (f *FunctionBuilder) Phi(typ ID, incoming ...[2]ID) ID {
	ops := make([]Operand, len(incoming))
	for i, in := range incoming {
		ops[i] = Pair(Ref(in[0]), Ref(in[1]))
	}
	return f.Emit(spv.OpPhi, typ, ops...)
}

// End checks that every block is terminated.
func (f *FunctionBuilder) End() {
	if len(f.F.Blocks) == 0 {
		f.fail("function has no blocks")
	}
	for _, bl := range f.F.Blocks {
		if !bl.Terminated() {
			f.fail("block %%%d is not terminated", bl.Label)
		}
	}
}

// GlobalExtInst adds a module-level OpExtInst (as NonSemantic debug
// information is: DebugSource, DebugCompilationUnit, DebugTypeBasic...) of
// instruction inst of the set imported under setName, and returns its id.
func (b *ModuleBuilder) GlobalExtInst(typ ID, setName string, inst uint32, operands ...Operand) ID {
	set := b.ExtInstImport(setName)
	return b.global(spv.OpExtInst, typ, append([]Operand{Ref(set), Lit(inst)}, operands...)...)
}

// DeleteIf removes instructions from the module and forgets them in the
// interning tables and imports (see Context.DeleteIf).
func (b *ModuleBuilder) DeleteIf(del func(*Inst) bool) {
	b.Context.DeleteIf(del)
	for name, id := range b.imports {
		if b.Def(id) == nil {
			delete(b.imports, name)
		}
	}
}
