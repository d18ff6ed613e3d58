package builder

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/builder/binary"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Load reads a SPIR-V module (as words, in either endianness) into the IR,
// so that passes and back ends can work on modules they did not build.
// Serialising the result gives back the same words: every instruction keeps
// its place, and debug line instructions (OpLine, OpNoLine and the
// NonSemantic/OpenCL DebugLine, DebugNoLine, DebugScope and DebugNoScope)
// are attached, in a chain through Inst.Line, to the instruction that
// follows them. Operands take the builder's canonical forms (Ref, Lit,
// Str, Enum with its parameters, Pair), as if the module had been built
// here. Load links the IR (see Module.Link).
//
// Malformed input is an error (a *binary.Error with the word offset, or a
// layout error naming the instruction); Load never panics.
func Load(words []uint32) (*Module, error) {
	return load(words)
}

// LoadBytes is Load for a module stored as bytes (a .spv file).
func LoadBytes(data []byte) (*Module, error) {
	words, _, err := binary.Words(data)
	if err != nil {
		return nil, err
	}
	return load(words)
}

// loadError reports an instruction the IR has no place for.
func loadError(in *binary.Inst, format string, args ...any) error {
	return &binary.Error{Offset: in.Offset, Msg: fmt.Sprintf("%s: ", in.Op) + fmt.Sprintf(format, args...)}
}

// load converts the instructions as the reader decodes them (binary.Scan):
// the module is never held twice.
func load(words []uint32) (*Module, error) {
	m := &Module{}
	a := newLoadArena(words)
	var (
		fn      *Function
		block   *Block
		pending *Inst // debug line instructions waiting for the instruction they describe
		// section is the furthest module-level section seen: instructions
		// must come in the specification's layout order.
		section int
		// sets maps OpExtInstImport ids to their names, to recognise debug
		// line instructions of the debug-info sets.
		sets = map[ID]string{}
	)
	attach := func(in *Inst) {
		if pending != nil {
			in.Line = pending
			pending = nil
		}
	}
	place := func(bi *binary.Inst, in *Inst) error {
		if err := a.conv.convert(bi, in); err != nil {
			return err
		}
		if isLineInst(in, sets) {
			if section < sectionGlobals {
				return loadError(bi, "debug line instruction before the types and variables section")
			}
			in.Line = pending
			pending = in
			return nil
		}
		sec := sectionOf(in.Op)
		if fn != nil && sec < sectionGlobals {
			return loadError(bi, "inside a function")
		}
		if fn == nil && sec != sectionFunction {
			if sec < section {
				return loadError(bi, "out of the specification's module layout order")
			}
			section = sec
		}
		switch sec {
		case sectionCapability:
			m.Capabilities = append(m.Capabilities, spv.Capability(in.Operands[0].Word))
		case sectionExtension:
			m.Extensions = append(m.Extensions, in.Operands[0].Str())
		case sectionExtInstImport:
			sets[in.Result] = in.Operands[0].Str()
			m.ExtInstImports = append(m.ExtInstImports, in)
		case sectionMemoryModel:
			if m.MemoryModel != nil {
				return loadError(bi, "a second OpMemoryModel")
			}
			m.MemoryModel = in
		case sectionEntryPoint:
			m.EntryPoints = append(m.EntryPoints, in)
		case sectionExecutionMode:
			m.ExecutionModes = append(m.ExecutionModes, in)
		case sectionDebugSource:
			m.DebugSources = append(m.DebugSources, in)
		case sectionName:
			m.Names = append(m.Names, in)
		case sectionModuleProcessed:
			m.ModuleProcessed = append(m.ModuleProcessed, in)
		case sectionAnnotation:
			m.Annotations = append(m.Annotations, in)
		default: // sectionGlobals or sectionFunction
			if err := loadFunctionInst(bi, in, m, &fn, &block, attach, a); err != nil {
				return err
			}
			if fn == nil && in.Op != spv.OpFunctionEnd {
				if in.Op == spv.OpLabel || in.Op == spv.OpFunctionParameter {
					return loadError(bi, "outside a function")
				}
				attach(in)
				m.Globals = append(m.Globals, in)
				section = sectionGlobals
			}
		}
		if in.Op == spv.OpFunctionEnd {
			section = sectionFunction
			// Debug line instructions right before OpFunctionEnd stay
			// with the function.
			if f := m.Functions[len(m.Functions)-1]; pending != nil {
				f.EndLine, pending = pending, nil
			}
		}
		return nil
	}
	// The reader's errors come before the IR's: after an instruction the IR
	// has no place for, the rest is only decoded.
	var placeErr error
	h, err := binary.Scan(words, func(bi *binary.Inst) error {
		if placeErr == nil {
			placeErr = place(bi, a.newInst())
		}
		return nil
	})
	switch {
	case err != nil:
		return nil, err
	case h.Schema != 0:
		return nil, &binary.Error{Offset: 4, Msg: fmt.Sprintf("schema %d is not 0", h.Schema)}
	case placeErr != nil:
		return nil, placeErr
	case fn != nil:
		return nil, fmt.Errorf("invalid SPIR-V: function %%%d has no OpFunctionEnd", fn.Def.Result)
	case pending != nil:
		return nil, fmt.Errorf("invalid SPIR-V: the module ends with a debug line instruction")
	case m.MemoryModel == nil:
		return nil, fmt.Errorf("invalid SPIR-V: no OpMemoryModel")
	}
	m.Version, m.Generator, m.Bound = spv.Version(h.Version), h.Generator, ID(h.Bound)
	if len(a.conv.uses) == int(m.Bound) {
		m.useCounts = a.conv.uses
	}
	m.Link()
	return m, nil
}

// loadFunctionInst places an instruction of the function section (or a
// global, when no function is open and it is not one of the function
// instructions).
func loadFunctionInst(bi *binary.Inst, in *Inst, m *Module, fn **Function, block **Block, attach func(*Inst), a *loadArena) error {
	f := *fn
	switch in.Op {
	case spv.OpFunction:
		if f != nil {
			return loadError(bi, "function %%%d starts inside function %%%d", in.Result, f.Def.Result)
		}
		attach(in)
		*fn = &Function{Def: in}
		m.Functions = append(m.Functions, *fn)
		return nil
	case spv.OpFunctionEnd:
		if f == nil {
			return loadError(bi, "outside a function")
		}
		if *block != nil && !(*block).Terminated() {
			return loadError(bi, "block %%%d is not terminated", (*block).Label)
		}
		*fn, *block = nil, nil
		return nil
	}
	if f == nil {
		return nil // a global: the caller places it
	}
	switch {
	case in.Op == spv.OpFunctionParameter:
		if len(f.Blocks) > 0 || len(f.Prologue) > 0 {
			return loadError(bi, "after the function's body started")
		}
		attach(in)
		f.Params = append(f.Params, in)
	case in.Op == spv.OpLabel:
		if *block != nil && !(*block).Terminated() {
			return loadError(bi, "block %%%d starts before block %%%d is terminated", in.Result, (*block).Label)
		}
		*block = a.newBlock(in.Result)
		attach(in)
		(*block).Line, in.Line = in.Line, nil
		f.Blocks = append(f.Blocks, *block)
	case *block == nil:
		// Between the parameters and the first block: debug scope and
		// declarations (OpenCL.DebugInfo.100 allows them there).
		attach(in)
		f.Prologue = append(f.Prologue, in)
	default:
		if (*block).Terminated() {
			return loadError(bi, "after the terminator of block %%%d", (*block).Label)
		}
		attach(in)
		(*block).Insts = append((*block).Insts, in)
	}
	return nil
}

// The module-level sections in layout order.
const (
	sectionCapability = iota
	sectionExtension
	sectionExtInstImport
	sectionMemoryModel
	sectionEntryPoint
	sectionExecutionMode
	sectionDebugSource
	sectionName
	sectionModuleProcessed
	sectionAnnotation
	sectionGlobals
	sectionFunction
)

func sectionOf(op spv.Op) int {
	switch op {
	case spv.OpCapability:
		return sectionCapability
	case spv.OpExtension:
		return sectionExtension
	case spv.OpExtInstImport:
		return sectionExtInstImport
	case spv.OpMemoryModel:
		return sectionMemoryModel
	case spv.OpEntryPoint:
		return sectionEntryPoint
	case spv.OpExecutionMode, spv.OpExecutionModeId:
		return sectionExecutionMode
	case spv.OpString, spv.OpSourceExtension, spv.OpSource, spv.OpSourceContinued:
		return sectionDebugSource
	case spv.OpName, spv.OpMemberName:
		return sectionName
	case spv.OpModuleProcessed:
		return sectionModuleProcessed
	case spv.OpDecorate, spv.OpMemberDecorate, spv.OpDecorationGroup, spv.OpGroupDecorate,
		spv.OpGroupMemberDecorate, spv.OpDecorateId, spv.OpDecorateString, spv.OpMemberDecorateString:
		return sectionAnnotation
	case spv.OpFunction, spv.OpFunctionParameter, spv.OpFunctionEnd, spv.OpLabel:
		return sectionFunction
	}
	return sectionGlobals
}

// isLineInst reports whether in is a debug line instruction, one that the
// IR attaches to the instruction after it: OpLine, OpNoLine, and the
// DebugLine, DebugNoLine, DebugScope and DebugNoScope instructions of the
// debug-info extended sets (sets maps import ids to set names).
func isLineInst(in *Inst, sets map[ID]string) bool {
	switch in.Op {
	case spv.OpLine, spv.OpNoLine:
		return true
	case spv.OpExtInst:
	default:
		return false
	}
	if len(in.Operands) < 2 {
		return false
	}
	n := in.Operands[1].Word
	switch sets[in.Operands[0].ID()] {
	case "NonSemantic.Shader.DebugInfo.100":
		return n == uint32(spv.NonSemanticShaderDebugInfo100DebugScope) || n == uint32(spv.NonSemanticShaderDebugInfo100DebugNoScope) ||
			n == uint32(spv.NonSemanticShaderDebugInfo100DebugLine) || n == uint32(spv.NonSemanticShaderDebugInfo100DebugNoLine)
	case "OpenCL.DebugInfo.100":
		return n == uint32(spv.OpenCLDebugInfo100DebugScope) || n == uint32(spv.OpenCLDebugInfo100DebugNoScope)
	}
	return false
}

// A loadArena holds the loaded module's instructions, their operand lists
// and the blocks with their instruction lists, carved from a few large
// arrays: a module has hundreds of thousands of instructions, and one
// allocation (and one object for the collector) each would be most of the
// loader's time. Every list carved out has its capacity cut to its length,
// so that appending to it (as passes do) copies it out instead of
// overwriting its neighbour.
type loadArena struct {
	insts  []Inst
	blocks []Block
	// blockInsts backs the blocks' instruction lists, blockSizes are the
	// lists' capacities, in block order: the number of instructions up to
	// the next block or the function's end.
	blockInsts []*Inst
	blockSizes []int
	conv       converter
}

// newLoadArena sizes the arrays by a first walk over the words' counts
// and opcodes (only a hint: the reader checks everything, and a module in
// the other byte order gets none).
func newLoadArena(words []uint32) *loadArena {
	a := &loadArena{}
	n := 0
	if len(words) > binary.HeaderWords && words[0] == spv.MagicNumber {
		inBlock := false
		for at := binary.HeaderWords; at < len(words); n++ {
			count := int(words[at] >> 16)
			if count == 0 {
				break
			}
			switch spv.Op(words[at] & 0xffff) {
			case spv.OpLabel:
				a.blockSizes = append(a.blockSizes, 0)
				inBlock = true
			case spv.OpFunction, spv.OpFunctionEnd:
				inBlock = false
			default:
				if inBlock {
					a.blockSizes[len(a.blockSizes)-1]++
				}
			}
			at += count
		}
	}
	a.insts = make([]Inst, 0, n)
	a.blockInsts = make([]*Inst, n)
	a.blocks = make([]Block, 0, len(a.blockSizes))
	// A small module needs far fewer operands than a chunk holds (each
	// takes a word, a pair two more entries for its members): a whole
	// chunk per load made loading the goldens' modules allocate twice
	// what they did before the arena.
	a.conv.chunk = min(operandChunk, 2*len(words))
	// Counting the uses of each id as the operands are converted costs
	// little next to a later walk over every operand for the def-use
	// chains (see carveUserLists). (A bound far past the module's size
	// is not trusted with a table.)
	if n > 0 && words[3] <= uint32(2*len(words)) {
		a.conv.uses = make([]int32, words[3])
	}
	return a
}

// newInst returns the next instruction's place.
func (a *loadArena) newInst() *Inst {
	if len(a.insts) == cap(a.insts) { // not counted: never moves the instructions handed out
		return new(Inst)
	}
	a.insts = a.insts[:len(a.insts)+1]
	return &a.insts[len(a.insts)-1]
}

// newBlock returns the next block, labelled label.
func (a *loadArena) newBlock(label ID) *Block {
	k := len(a.blocks)
	if k == cap(a.blocks) { // not counted: never moves the blocks handed out
		return &Block{Label: label}
	}
	n := min(a.blockSizes[k], len(a.blockInsts))
	a.blocks = append(a.blocks, Block{Label: label, Insts: a.blockInsts[:0:n]})
	a.blockInsts = a.blockInsts[n:]
	return &a.blocks[k]
}

// convert turns a decoded instruction into IR instruction in, grouping its
// flat operands by the grammar: enumerant parameters under their
// enumerant, the two members of a pair under the pair.
func (c *converter) convert(bi *binary.Inst, in *Inst) error {
	info := spv.InstructionInfo(bi.Op)
	*in = Inst{Op: bi.Op, Type: ID(bi.TypeID), Result: ID(bi.ResultID)}
	if in.Type != 0 {
		c.countUse(in.Type)
	}
	c.bi, c.i, c.err = bi, 0, nil
	// Skip the result type and result id, which are fields.
	for c.i < len(bi.Operands) && (bi.Operands[c.i].Kind == spv.KindIdResultType || bi.Operands[c.i].Kind == spv.KindIdResult) {
		c.i++
	}
	ops := info.Operands()
	if (bi.Op == spv.OpExtInst || bi.Op == spv.OpExtInstWithForwardRefsKHR) && len(ops) > 0 && ops[len(ops)-1].Quant == spv.Variadic {
		ops = ops[:len(ops)-1] // the set's own operands follow the instruction number
	}
	in.Operands = c.list(ops, false)
	if c.err == nil && c.i < len(bi.Operands) {
		c.fail("operand %d (%s) fits no operand of the grammar", c.i, bi.Operands[c.i].Kind)
	}
	return c.err
}

// A converter groups one instruction's flat operands at a time. Operand
// lists are built on a stack (nested lists, enumerant parameters and
// pairs, above the list holding them) and kept in a chunked arena.
type converter struct {
	bi    *binary.Inst
	i     int // the next flat operand
	err   error
	stack []Operand
	arena []Operand // the free part of the current chunk
	chunk int       // operands per chunk (0: operandChunk)
	// extras is the free part of the current chunk of operands' strings
	// and parameters, allocated like the operands.
	extras []operandExtra
	// uses counts, by id, the uses converted (Module.useCounts), when the
	// header's bound is known and plausible.
	uses []int32
}

// countUse counts a use of id (an instruction's result type or id
// operand).
func (c *converter) countUse(id ID) {
	if int(id) < len(c.uses) {
		c.uses[id]++
	}
}

// extra returns a new operandExtra from the arena.
func (c *converter) extra() *operandExtra {
	if len(c.extras) == 0 {
		chunk := c.chunk
		if chunk == 0 {
			chunk = operandChunk
		}
		c.extras = make([]operandExtra, max(chunk/16, 8))
	}
	x := &c.extras[0]
	c.extras = c.extras[1:]
	return x
}

// withParams is o with parameters ps (Operand.WithParams, from the arena).
func (c *converter) withParams(o Operand, ps []Operand) Operand {
	if len(ps) > 0 {
		o.x = c.extra()
		o.x.params = ps
	}
	return o
}

// str is a string operand (Str, from the arena).
func (c *converter) str(s string) Operand {
	x := c.extra()
	x.str = s
	return Operand{Kind: spv.KindLiteralString, x: x}
}

// operandChunk is the number of operands the arena allocates at a time.
const operandChunk = 4096

// keep copies ops into the arena; the copy's capacity is its length.
func (c *converter) keep(ops []Operand) []Operand {
	n := len(ops)
	if n == 0 {
		return nil
	}
	if len(c.arena) < n {
		chunk := c.chunk
		if chunk == 0 {
			chunk = operandChunk
		}
		c.arena = make([]Operand, max(n, chunk))
	}
	out := c.arena[:n:n]
	c.arena = c.arena[n:]
	copy(out, ops)
	return out
}

func (c *converter) fail(format string, args ...any) {
	if c.err == nil {
		c.err = loadError(c.bi, format, args...)
	}
}

// fits reports whether the next flat operand can be (the start of) an
// operand of grammar kind k.
func (c *converter) fits(k spv.OperandKind) bool {
	if c.i >= len(c.bi.Operands) {
		return false
	}
	got := c.bi.Operands[c.i].Kind
	switch k {
	case spv.KindPairLiteralIntegerIdRef:
		return got == spv.KindLiteralContextDependentNumber || got == spv.KindLiteralInteger
	case spv.KindPairIdRefLiteralInteger, spv.KindPairIdRefIdRef:
		return got == spv.KindIdRef
	}
	return got == k
}

// list converts the operands matching the grammar operands gs; params says
// they are an enumerant's parameters, which the reader decodes as required
// whatever their quantifier.
func (c *converter) list(gs []spv.OperandInfo, params bool) []Operand {
	start := len(c.stack)
	c.push(gs, params)
	out := c.keep(c.stack[start:])
	c.stack = c.stack[:start]
	return out
}

// push converts the operands matching gs (see list) onto the stack.
func (c *converter) push(gs []spv.OperandInfo, params bool) {
	for _, g := range gs {
		if g.Kind == spv.KindIdResultType || g.Kind == spv.KindIdResult {
			continue
		}
		q := g.Quant
		if params {
			q = spv.One
		}
		switch q {
		case spv.One:
			if c.i >= len(c.bi.Operands) {
				c.fail("missing %s", g.Kind)
				return
			}
			c.operand(g.Kind)
		case spv.Optional:
			if c.fits(g.Kind) {
				c.operand(g.Kind)
			}
		case spv.Variadic:
			for c.fits(g.Kind) && c.err == nil {
				c.operand(g.Kind)
			}
		}
		if c.err != nil {
			return
		}
	}
}

// operand converts the operand(s) of grammar kind k at the cursor and
// pushes them: the operands of an OpSpecConstantOp's opcode or an
// OpExtInst's instruction are pushed after it, flat, as the builder
// expects them.
func (c *converter) operand(k spv.OperandKind) {
	switch k.Category() {
	case spv.CategoryComposite:
		a := c.single()
		b := c.single()
		c.stack = append(c.stack, c.withParams(Operand{Kind: pairKind(a, b)}, c.keep([]Operand{a, b})))
		return
	case spv.CategoryValueEnum:
		word := c.word()
		o := Operand{Kind: k, Word: word}
		if e := k.Enumerant(word); e != nil && len(e.Parameters()) > 0 {
			o = c.withParams(o, c.list(e.Parameters(), true))
		}
		c.stack = append(c.stack, o)
		return
	case spv.CategoryBitEnum:
		word := c.word()
		o := Operand{Kind: k, Word: word}
		start := len(c.stack)
		for bit := uint32(1); bit != 0; bit <<= 1 {
			if word&bit == 0 {
				continue
			}
			if e := k.Enumerant(bit); e != nil && len(e.Parameters()) > 0 {
				c.push(e.Parameters(), true)
			}
		}
		o = c.withParams(o, c.keep(c.stack[start:]))
		c.stack = append(c.stack[:start], o)
		return
	}
	switch k {
	case spv.KindLiteralSpecConstantOpInteger:
		o := c.single()
		c.stack = append(c.stack, o)
		inner := spv.InstructionInfo(spv.Op(o.Word))
		if inner == nil {
			c.fail("OpSpecConstantOp of unknown opcode %d", o.Word)
			return
		}
		c.push(inner.Operands(), false)
		return
	case spv.KindLiteralExtInstInteger:
		c.stack = append(c.stack, c.single())
		// The set's operands, as the reader decoded them: no enumerant of
		// an extended set takes parameters.
		for c.i < len(c.bi.Operands) && c.err == nil {
			c.stack = append(c.stack, c.single())
		}
		return
	}
	c.stack = append(c.stack, c.single())
}

// word returns the first word of the operand at the cursor and advances.
func (c *converter) word() uint32 {
	if c.i >= len(c.bi.Operands) {
		c.fail("missing operand")
		return 0
	}
	w := c.bi.Word(c.i)
	c.i++
	return w
}

// single converts one flat operand by its own kind.
func (c *converter) single() Operand {
	if c.i >= len(c.bi.Operands) {
		c.fail("missing operand")
		return Operand{}
	}
	bo := c.bi.Operands[c.i]
	i := c.i
	c.i++
	switch cat := bo.Kind.Category(); {
	case cat == spv.CategoryId:
		id := ID(c.bi.Word(i))
		c.countUse(id)
		return Ref(id)
	case bo.Kind == spv.KindLiteralString:
		return c.str(c.bi.String(i))
	case cat == spv.CategoryLiteral:
		switch bo.Len {
		case 1:
			return Lit(c.bi.Word(i))
		case 2:
			return Lit64(c.bi.Literal(i))
		}
		c.fail("a literal number of %d words is not supported", bo.Len)
		return Operand{}
	case cat == spv.CategoryValueEnum || cat == spv.CategoryBitEnum:
		return Operand{Kind: bo.Kind, Word: c.bi.Word(i)}
	}
	c.fail("operand of unexpected kind %s", bo.Kind)
	return Operand{}
}

// Settle makes a module built in memory what loading its serialised words
// would give, so that a compile hands it to the passes and the validator
// without a round trip through words: instructions DefUse.Kill deleted
// are swept, debug line instructions placed among a function's
// instructions are attached to the instruction they describe (as Load
// attaches them), cached analyses (def-use chains, CFGs and what hangs
// on them) are dropped, and the IR is linked. Operands are in the
// loader's canonical forms already: the builder writes them so (frontend's
// tests compare a settled module with its loaded words over the goldens).
func (m *Module) Settle() {
	m.Compact()
	var sets map[ID]string
	for _, in := range m.ExtInstImports {
		if sets == nil {
			sets = map[ID]string{}
		}
		sets[in.Result] = in.Operands[0].Str()
	}
	for _, f := range m.Functions {
		if hasLooseLines(f, sets) {
			attachLines(f, sets)
		}
	}
	m.InvalidateDefUse()
	for _, f := range m.Functions {
		f.InvalidateCFG()
	}
	m.Link()
}

// hasLooseLines reports whether a debug line instruction stands among f's
// prologue or block instructions.
func hasLooseLines(f *Function, sets map[ID]string) bool {
	for _, in := range f.Prologue {
		if isLineInst(in, sets) {
			return true
		}
	}
	for _, b := range f.Blocks {
		for _, in := range b.Insts {
			if isLineInst(in, sets) {
				return true
			}
		}
	}
	return false
}

// attachLines rethreads f's debug line instructions as the loader
// threads them (see Load): each one, in the order Serialize writes them,
// goes on the chain (Inst.Line) of the next instruction, block label
// (Block.Line) or function end (Function.EndLine).
func attachLines(f *Function, sets map[ID]string) {
	var pending *Inst
	// absorb takes an existing chain (written last link first) onto
	// the pending one.
	absorb := func(chain *Inst) {
		if chain == nil {
			return
		}
		tail := chain
		for tail.Line != nil {
			tail = tail.Line
		}
		tail.Line = pending
		pending = chain
	}
	// take moves pending onto whatever comes next.
	take := func(chain *Inst) *Inst {
		absorb(chain)
		out := pending
		pending = nil
		return out
	}
	// list places a list's instructions; the line instructions leave it.
	list := func(ins []*Inst) []*Inst {
		out := ins[:0]
		for _, in := range ins {
			if isLineInst(in, sets) {
				chain := in.Line
				in.Line = nil
				absorb(chain)
				in.Line = pending
				pending = in
				continue
			}
			in.Line = take(in.Line)
			out = append(out, in)
		}
		clear(ins[len(out):])
		return out
	}
	f.Def.Line = take(f.Def.Line)
	f.Params = list(f.Params)
	f.Prologue = list(f.Prologue)
	for _, b := range f.Blocks {
		b.Line = take(b.Line)
		b.Insts = list(b.Insts)
	}
	f.EndLine = take(f.EndLine)
}
