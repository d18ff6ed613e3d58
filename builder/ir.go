package builder

import (
	"fmt"
	"iter"
	"math"
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// An Inst is one instruction of the in-memory module. The result type and
// result id are fields, not operands; Operands hold the rest in grammar
// order.
type Inst struct {
	Op spv.Op
	// uses is what the def-use chains know of the instruction's uses
	// (defuse.go); it fits in the struct's padding.
	uses     useState
	Type     ID // result type, 0 if the opcode has none
	Result   ID // result id, 0 if the opcode has none
	Operands []Operand
	// Line, when set, is a debug instruction (OpLine, OpNoLine, a
	// DebugLine or DebugScope OpExtInst) that the serializer writes right
	// before this one. A loaded module chains several (Line.Line...), the
	// first one last.
	Line *Inst
	// Block is the block holding the instruction; nil at module level and
	// for a function's OpFunction, parameters and prologue. Module.Link
	// sets it; the Block editing methods keep it.
	Block *Block
	// mark is scratch space for analyses (visited stamps, see newMark).
	mark uint32
	// set is the stamp of the InstSet holding the instruction (it fits
	// in the struct's padding).
	set uint32
}

// ForEachUse calls fn with a pointer to every id the instruction uses: its
// result type and every id operand (pairs and enumerant parameters
// included). Assigning through the pointer rewrites the use.
func (in *Inst) ForEachUse(fn func(*ID)) {
	if in.Type != 0 {
		fn(&in.Type)
	}
	forEachID(in.Operands, fn)
}

// AppendUses appends the ids the instruction uses (as ForEachUse visits
// them) to ids: taken before an in-place edit, for
// DefUse.AnalyzeChangedUses.
func (in *Inst) AppendUses(ids []ID) []ID {
	if in.Type != 0 {
		ids = append(ids, in.Type)
	}
	return appendIDs(ids, in.Operands)
}

func appendIDs(ids []ID, ops []Operand) []ID {
	for i := range ops {
		o := &ops[i]
		if isID(*o) {
			ids = append(ids, ID(o.Word))
		} else if o.x != nil && len(o.x.params) > 0 {
			ids = appendIDs(ids, o.x.params)
		}
	}
	return ids
}

// String renders the instruction in assembly syntax with numeric ids
// ("%5 = OpLoad %3 %4 Aligned 4"), for debugging and test messages.
func (in *Inst) String() string {
	var b strings.Builder
	if in.Result != 0 {
		fmt.Fprintf(&b, "%%%d = ", in.Result)
	}
	b.WriteString(in.Op.String())
	if in.Type != 0 {
		fmt.Fprintf(&b, " %%%d", in.Type)
	}
	for i := range in.Operands {
		b.WriteByte(' ')
		b.WriteString(in.Operands[i].String())
	}
	return b.String()
}

// String renders the operand in assembly syntax.
func (o *Operand) String() string { return string(o.AppendText(nil)) }

// AppendText appends the operand as String renders it: for a caller that
// renders many (a canonical form of decorations), without a string per
// operand.
func (o *Operand) AppendText(b []byte) []byte {
	switch {
	case isID(*o):
		return strconv.AppendUint(append(b, '%'), uint64(o.Word), 10)
	case o.Kind == spv.KindLiteralString:
		return strconv.AppendQuote(b, o.Str())
	case o.Kind == spv.KindLiteralFloat && o.Wide:
		return strconv.AppendFloat(b, math.Float64frombits(o.Uint64()), 'g', -1, 64)
	case o.Kind == spv.KindLiteralFloat:
		return strconv.AppendFloat(b, float64(math.Float32frombits(o.Word)), 'g', -1, 32)
	case isNumber(o.Kind):
		return strconv.AppendUint(b, o.Uint64(), 10)
	}
	// The value's name, then the parameters (a pair's members alone),
	// separated by spaces.
	sep := false
	if o.Kind.Category() != spv.CategoryComposite {
		b = append(b, o.Kind.ValueString(o.Word)...)
		sep = true
	}
	for i := range o.Params() {
		if sep {
			b = append(b, ' ')
		}
		sep = true
		b = o.Params()[i].AppendText(b)
	}
	return b
}

// A Block is a basic block: its label and its instructions, the merge
// instruction and the terminator included, OpPhi first.
type Block struct {
	Label ID
	// index is the block's position in the blocks of the CFG last built
	// over it (CFG.Index checks it before trusting it).
	index int32
	Insts []*Inst
	// Func is the function holding the block; Module.Link sets it.
	Func *Function
	// Line is a debug line instruction (or a chain, see Inst.Line) written
	// before the block's OpLabel.
	Line *Inst

	dirty bool // Compact: the block holds a deleted instruction
}

// Terminated reports whether the block ends with a terminator.
func (b *Block) Terminated() bool {
	return len(b.Insts) > 0 && isTerminator(b.Insts[len(b.Insts)-1].Op)
}

// Terminator returns the block's last instruction if it is a terminator,
// else nil.
func (b *Block) Terminator() *Inst {
	if b.Terminated() {
		return b.Insts[len(b.Insts)-1]
	}
	return nil
}

// Merge returns the block's OpSelectionMerge or OpLoopMerge (it precedes
// the terminator), or nil.
func (b *Block) Merge() *Inst {
	if n := len(b.Insts); n >= 2 {
		if in := b.Insts[n-2]; in.Op == spv.OpSelectionMerge || in.Op == spv.OpLoopMerge {
			return in
		}
	}
	return nil
}

// Successors returns the labels the block's terminator may branch to, in
// operand order (an OpSwitch's default first), duplicates included.
func (b *Block) Successors() []ID { return b.AppendSuccessors(nil) }

// AppendSuccessors appends the block's successors (as Successors lists
// them) to out: analyses that walk every block reuse one buffer.
func (b *Block) AppendSuccessors(out []ID) []ID {
	t := b.Terminator()
	if t == nil {
		return out
	}
	switch {
	case t.Op == spv.OpBranch && len(t.Operands) >= 1:
		out = append(out, t.Operands[0].ID())
	case t.Op == spv.OpBranchConditional && len(t.Operands) >= 3:
		out = append(out, t.Operands[1].ID(), t.Operands[2].ID())
	case t.Op == spv.OpSwitch && len(t.Operands) >= 2:
		out = append(out, t.Operands[1].ID())
		for _, p := range t.Operands[2:] {
			if len(p.Params()) == 2 {
				out = append(out, p.Params()[1].ID())
			}
		}
	}
	return out
}

// A Function is an OpFunction, its parameters and its blocks; the entry
// block is first.
type Function struct {
	Def    *Inst // OpFunction
	Params []*Inst
	// Prologue is written after the parameters, before the first block
	// (OpenCL.DebugInfo.100 allows DebugScope and DebugDeclare there;
	// DXC writes them there under -fcgl).
	Prologue []*Inst
	Blocks   []*Block
	// EndLine is a debug line instruction (or a chain, see Inst.Line)
	// written right before OpFunctionEnd (a loaded module may end a
	// function's last block with DebugNoScope).
	EndLine *Inst

	module *Module // for the def-use chains' bookkeeping (Link sets it)
	// Analyses cached until InvalidateCFG; recheck: to be compared with
	// the function before the next use (CheckCFGOnNextUse).
	recheck    bool
	cfg        *CFG
	dom, pdom  *DomTree
	constructs *Constructs
	loops      *Loops
}

// Block returns the block labelled label, or nil.
func (f *Function) Block(label ID) *Block {
	for _, b := range f.Blocks {
		if b.Label == label {
			return b
		}
	}
	return nil
}

// A Module is the in-memory SPIR-V module, its sections in the logical
// layout order of the specification (section 2.4). Capabilities and
// extensions are kept as values; everything else is instructions.
type Module struct {
	Version   spv.Version
	Generator uint32 // the header's generator word
	Bound     ID     // one more than the largest id in use

	Capabilities   []spv.Capability
	Extensions     []string
	ExtInstImports []*Inst
	MemoryModel    *Inst
	EntryPoints    []*Inst
	ExecutionModes []*Inst
	// Debug information, in its three sub-sections.
	DebugSources    []*Inst // OpString, OpSourceExtension, OpSource, OpSourceContinued
	Names           []*Inst // OpName, OpMemberName
	ModuleProcessed []*Inst
	Annotations     []*Inst
	Globals         []*Inst // types, constants, global variables, OpUndef, in definition order
	Functions       []*Function

	du *DefUse // the def-use chains, once built (DefUse)
	// useCounts counts, by id, the uses of each id in the module as
	// loaded, for the def-use chains' first build (carveUserLists); nil
	// once used, or for a module not loaded from words.
	useCounts []int32
	// killed are the instructions DefUse.Kill deleted since the last
	// Compact: none means there is nothing to sweep, and only the blocks
	// holding them need a sweep.
	killed []*Inst
}

// NewID allocates a fresh id.
func (m *Module) NewID() ID {
	if m.Bound == 0 {
		m.Bound = 1
	}
	id := m.Bound
	m.Bound++
	return id
}

// HasCapability reports whether c is declared (not whether it is implied).
func (m *Module) HasCapability(c spv.Capability) bool {
	for _, d := range m.Capabilities {
		if d == c {
			return true
		}
	}
	return false
}

// HasExtension reports whether the extension is declared.
func (m *Module) HasExtension(name string) bool {
	for _, d := range m.Extensions {
		if d == name {
			return true
		}
	}
	return false
}

// sections returns the instruction lists of the module-level sections in
// layout order (the memory model excluded).
func (m *Module) sections() []*[]*Inst {
	return []*[]*Inst{&m.ExtInstImports, &m.EntryPoints, &m.ExecutionModes,
		&m.DebugSources, &m.Names, &m.ModuleProcessed, &m.Annotations, &m.Globals}
}

// All yields every instruction in layout order, except OpCapability,
// OpExtension and the OpLabel of blocks (which are not Insts) and
// OpFunctionEnd.
func (m *Module) All() iter.Seq[*Inst] {
	return func(yield func(*Inst) bool) {
		for _, s := range m.sections()[:1] {
			for _, in := range *s {
				if !yield(in) {
					return
				}
			}
		}
		if m.MemoryModel != nil && !yield(m.MemoryModel) {
			return
		}
		for _, s := range m.sections()[1:] {
			for _, in := range *s {
				if !yield(in) {
					return
				}
			}
		}
		for in := range m.FunctionInsts() {
			if !yield(in) {
				return
			}
		}
	}
}

// FunctionInsts yields the functions' instructions in layout order: each
// function's OpFunction, its parameters, its prologue, then its blocks'
// instructions.
func (m *Module) FunctionInsts() iter.Seq[*Inst] {
	return func(yield func(*Inst) bool) {
		for _, f := range m.Functions {
			if !yield(f.Def) {
				return
			}
			for _, p := range f.Params {
				if !yield(p) {
					return
				}
			}
			for _, in := range f.Prologue {
				if !yield(in) {
					return
				}
			}
			for in := range f.Insts() {
				if !yield(in) {
					return
				}
			}
		}
	}
}

// Insts yields the instructions of f's blocks in layout order.
func (f *Function) Insts() iter.Seq[*Inst] {
	return func(yield func(*Inst) bool) {
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				if !yield(in) {
					return
				}
			}
		}
	}
}

// BlockInsts yields the instructions of the functions' blocks in layout
// order: FunctionInsts without each function's OpFunction and parameters.
func (m *Module) BlockInsts() iter.Seq[*Inst] {
	return func(yield func(*Inst) bool) {
		for _, f := range m.Functions {
			for in := range f.Insts() {
				if !yield(in) {
					return
				}
			}
		}
	}
}

// Reachable lists the functions reachable from the roots (entry points,
// say) through OpFunctionCall: the roots in order, then breadth-first in
// call order, each function once; an id that is no function is passed
// over.
func (m *Module) Reachable(roots ...ID) []*Function {
	byID := make(map[ID]*Function, len(m.Functions))
	for _, f := range m.Functions {
		byID[f.Def.Result] = f
	}
	seen := make(map[ID]bool, len(m.Functions))
	var out []*Function
	reach := func(id ID) {
		if !seen[id] {
			seen[id] = true
			if f := byID[id]; f != nil {
				out = append(out, f)
			}
		}
	}
	for _, id := range roots {
		reach(id)
	}
	// Once every function is reached, no walk can reach another.
	for i := 0; i < len(out) && len(out) < len(byID); i++ {
		for in := range out[i].Insts() {
			if in.Op == spv.OpFunctionCall && len(in.Operands) > 0 {
				reach(in.Operands[0].ID())
			}
		}
	}
	return out
}

// DeleteIf removes every instruction for which del returns true, from
// every section, prologue and block: every instruction All yields but a
// function's OpFunction and the memory model (remove a function from
// Functions instead).
func (m *Module) DeleteIf(del func(*Inst) bool) {
	filter := func(s []*Inst) []*Inst {
		out := s[:0]
		for _, in := range s {
			if !del(in) {
				out = append(out, in)
			}
		}
		clear(s[len(out):])
		return out
	}
	for _, s := range m.sections() {
		*s = filter(*s)
	}
	for _, f := range m.Functions {
		f.Params = filter(f.Params)
		f.Prologue = filter(f.Prologue)
		for _, b := range f.Blocks {
			b.Insts = filter(b.Insts)
		}
	}
}

// Defs maps every result id to its defining instruction (block labels are
// not instructions and are not included).
func (m *Module) Defs() map[ID]*Inst {
	defs := make(map[ID]*Inst)
	for in := range m.All() {
		if in.Result != 0 {
			defs[in.Result] = in
		}
	}
	return defs
}

// Uses maps every id to the instructions that use it, in layout order (an
// instruction using an id twice is listed twice).
func (m *Module) Uses() map[ID][]*Inst {
	uses := make(map[ID][]*Inst)
	for in := range m.All() {
		in.ForEachUse(func(id *ID) { uses[*id] = append(uses[*id], in) })
	}
	return uses
}

func isTerminator(op spv.Op) bool {
	switch op {
	case spv.OpBranch, spv.OpBranchConditional, spv.OpSwitch, spv.OpReturn, spv.OpReturnValue,
		spv.OpKill, spv.OpUnreachable, spv.OpTerminateInvocation, spv.OpIgnoreIntersectionKHR,
		spv.OpTerminateRayKHR, spv.OpEmitMeshTasksEXT:
		return true
	}
	return false
}
