package validate

import (
	"fmt"
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// ID is a SPIR-V id.
type ID = builder.ID

// maxIDBound is spirv-val's default limit on the header's id bound.
const maxIDBound = 0x3FFFFF

// A located is one instruction in layout order with the function and block
// holding it (none at module level; no block for a function's OpFunction,
// parameters and prologue), as indexes (there is one per instruction).
type located struct {
	in *builder.Inst
	// fn is the function's index in the module's Functions plus one (0
	// at module level).
	fn int32
	// blk is the block's index in the function's Blocks plus one (0 for
	// none), shifted left once; the low bit marks a debug line
	// instruction (OpLine, OpNoLine, DebugLine, DebugScope...) that the IR
	// attaches to the instruction after it.
	blk int32
}

// line reports whether l is a debug line instruction.
func (l *located) line() bool { return l.blk&1 != 0 }

// fnOf returns the function holding l's instruction (nil at module level).
func (c *checker) fnOf(l *located) *builder.Function {
	if l.fn == 0 {
		return nil
	}
	return c.m.Functions[l.fn-1]
}

// blkOf returns the block holding l's instruction, or nil.
func (c *checker) blkOf(l *located) *builder.Block {
	if l.blk>>1 == 0 {
		return nil
	}
	return c.m.Functions[l.fn-1].Blocks[l.blk>>1-1]
}

// A decoration is one decoration applied to an id, directly or through a
// decoration group.
type decoration struct {
	kind   spv.Decoration
	member int32 // the struct member, -1 for the id itself
	params []builder.Operand
	inst   *builder.Inst
}

// An entryPoint is one OpEntryPoint.
type entryPoint struct {
	inst  *builder.Inst
	model spv.ExecutionModel
	fn    ID
	name  string
	iface []ID
	modes []*builder.Inst // its OpExecutionMode(Id)s
}

// checker is the state of one validation.
type checker struct {
	m       *builder.Module
	opts    Options
	env     Env
	vulkan  bool
	version spv.Version

	order       []located  // every instruction, in layout order
	layoutIndex map[ID]int // result id -> index in order; made on first need

	defs []*builder.Inst // by result id (block labels get an OpLabel)
	// defFn is the function holding each result id's definition, by id,
	// numbered as located.fn numbers it (0 at module level).
	defFn []int32
	// blockIndex is each block label's index in its function's Blocks
	// (the function is defFn's).
	blockIndex []int32
	funcs      map[ID]*builder.Function

	caps capSet
	exts map[string]bool
	feat features

	addressing spv.AddressingModel
	memModel   spv.MemoryModel

	extSets extSetList // the OpExtInstImports' ids and set names

	decos   map[ID][]decoration
	entries []*entryPoint
	// Call graph: callees per function, and the entry points reaching each
	// function.
	callees    map[ID][]ID
	calledFrom map[ID]bool
	funcEntry  map[ID][]*entryPoint
	cycleEntry *entryPoint // an entry point reaching a cycle of calls

	// Facts collected by the instruction checks for the module-wide ones.
	limits []limitation
	// Struct types that have BuiltIn members.
	builtinStructs map[ID]bool
	// Structs holding a Block or BufferBlock struct.
	nestedBlock map[ID]bool
	// Pointer types of uniform blocks and storage buffers (for NonWritable).
	uniformBlockPtrs, storageBufferPtrs map[ID]bool
	// users and globalUsers are built on first use (usersOf,
	// entryPointsReferencing).
	users       *userTable
	globalUsers map[ID][]ID
	// limitedTypes caches limitedUseType by type id (0 unknown, 1 no,
	// 2 yes).
	limitedTypes []uint8
	// hasDecorationGroup: the module defines an OpDecorationGroup.
	hasDecorationGroup bool
	// opcodeOK has a bit per opcode (below 4096) whose own needs an
	// instruction has met (instructionNeeds).
	opcodeOK [64]uint64
	// Control flow: each function's graph (cfgRules) and predecessors
	// (for OpPhi).
	cfgs  map[*builder.Function]*fcfg
	preds map[*builder.Function]*blockPreds
	// cfgDone, when not nil, brings the outcome of controlFlowRules, run
	// on a goroutine of its own (startControlFlow).
	cfgDone chan error

	// spare holds the tables of an earlier validation, emptied, for the
	// passes to fill again (newChecker, release).
	spare spareTables
}

// spareTables are the tables every validation makes, kept emptied from
// one validation to the next (checkerPool): in a batch of small compiles
// making them anew was about half of the validator's allocations. Each is
// taken by the one pass that used to make it (so a table "made on first
// need" is still nil until then); the control-flow tables (cfgs and
// cfgInts) are taken on controlFlowRules's goroutine and nothing else
// touches them. A pooled checker keeps nothing of its module alive.
type spareTables struct {
	order      []located
	defs       []*builder.Inst
	defFn      []int32
	blockIndex []int32
	labels     []builder.Inst

	funcs                               map[ID]*builder.Function
	decos                               map[ID][]decoration
	exts                                map[string]bool
	callees                             map[ID][]ID
	calledFrom                          map[ID]bool
	funcEntry                           map[ID][]*entryPoint
	builtinStructs, nestedBlock         map[ID]bool
	uniformBlockPtrs, storageBufferPtrs map[ID]bool
	cfgs                                map[*builder.Function]*fcfg
	cfgInts                             int32Arena
}

// checkerPool holds checkers done with, their tables emptied (release).
var checkerPool sync.Pool

// maxSpareEntries bounds the maps kept for the next validation: clearing
// a map costs its capacity, which a small module's should not pay for a
// big one's.
const maxSpareEntries = 256

// spareMap returns m (a spare map, empty), or a new map when it is nil.
func spareMap[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return map[K]V{}
	}
	return m
}

// keepMap returns m emptied for spareMap, or nil when m was big.
func keepMap[K comparable, V any](m map[K]V) map[K]V {
	if len(m) > maxSpareEntries {
		return nil
	}
	clear(m)
	return m
}

// spareSlice returns s resized to n, every element zero, reusing its
// array when big enough.
func spareSlice[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// release returns c to checkerPool, keeping its tables for the next
// validation. Only a validation that found nothing wrong releases its
// checker: an Error may point at an OpLabel of c's labels.
func (c *checker) release() {
	sp := spareTables{
		order: c.order[:0], defs: c.defs[:0], defFn: c.defFn[:0], blockIndex: c.blockIndex[:0], labels: c.spare.labels[:0],
		funcs: keepMap(c.funcs), decos: keepMap(c.decos), exts: keepMap(c.exts),
		callees: keepMap(c.callees), calledFrom: keepMap(c.calledFrom), funcEntry: keepMap(c.funcEntry),
		builtinStructs: keepMap(c.builtinStructs), nestedBlock: keepMap(c.nestedBlock),
		uniformBlockPtrs: keepMap(c.uniformBlockPtrs), storageBufferPtrs: keepMap(c.storageBufferPtrs), cfgs: keepMap(c.cfgs),
	}
	// Nothing of the module is kept alive by a pooled checker.
	clear(c.order)
	clear(c.defs)
	clear(c.spare.labels)
	c.spare.cfgInts.reset()
	sp.cfgInts = c.spare.cfgInts
	*c = checker{spare: sp}
	checkerPool.Put(c)
}

// extSetList holds the module's extended instruction set imports: a
// handful, asked about for every OpExtInst, so a list beats a map.
type extSetList []extSet

type extSet struct {
	id   ID
	name string
}

// get returns the name of the set imported as id.
func (l extSetList) get(id ID) (string, bool) {
	for _, s := range l {
		if s.id == id {
			return s.name, true
		}
	}
	return "", false
}

// features are what the declared capabilities and extensions enable.
type features struct {
	declareInt8, declareInt16, declareFloat16 bool
	freeFPRoundingMode                        bool
	groupOpsReduceAndScans                    bool
	variablePointers                          bool
	envRelaxedBlockLayout                     bool
	selectBetweenComposites                   bool
	copyMemoryTwoAccesses                     bool
	uconvertSpecConstantOp                    bool
	nonwritableVarInFunctionOrPrivate         bool
}

// A limitation is a rule found inside a function that depends on the
// execution models (or modes) of the entry points reaching it, checked
// once the call graph is known.
type limitation struct {
	fn    ID
	inst  *builder.Inst
	rule  Rule
	check func(ep *entryPoint) string // "" when the entry point is fine
}

func newChecker(m *builder.Module, opts Options) *checker {
	env := envFor(opts.Env, m.Version)
	c, _ := checkerPool.Get().(*checker)
	if c == nil {
		c = new(checker)
	}
	// A pooled checker is zero but for its spare tables (release).
	c.m, c.opts, c.env, c.vulkan, c.version = m, opts, env, env.IsVulkan(), m.Version
	if c.version == 0 {
		c.version = spv.Version1_0
	}
	return c
}

// errorf makes the Error for a broken rule at instruction in (nil for the
// whole module).
func (c *checker) errorf(rule Rule, in *builder.Inst, format string, args ...any) *Error {
	e := &Error{Rule: rule, Inst: in, Msg: fmt.Sprintf(format, args...)}
	if in != nil {
		e.Func = c.funcOfInst(in)
	}
	return e
}

func (c *checker) funcOfInst(in *builder.Inst) *builder.Function {
	if in.Block != nil {
		return in.Block.Func
	}
	if in.Result != 0 && int(in.Result) < len(c.defFn) && c.defs[in.Result] == in {
		return c.defFunc(in.Result)
	}
	return nil
}

// defFunc returns the function holding id's definition (nil at module
// level).
func (c *checker) defFunc(id ID) *builder.Function {
	if fn := c.defFn[id]; fn != 0 {
		return c.m.Functions[fn-1]
	}
	return nil
}

// fnNumber returns f's number as located.fn numbers it.
func (c *checker) fnNumber(f *builder.Function) int32 {
	if f.Def != nil && int(f.Def.Result) < len(c.defFn) && c.defs[f.Def.Result] == f.Def {
		return c.defFn[f.Def.Result]
	}
	return -1
}

// run checks every rule, in roughly the order spirv-val does, stopping at
// the first broken one.
func (c *checker) run() error {
	for _, pass := range []func() error{
		c.header, c.collect, c.capabilities,
		// per instruction: ids, layout, capabilities and versions, then
		// the checks of each opcode
		c.idPass, c.startControlFlow, c.staticPass,
		func() error {
			c.collectDecorations()
			c.callGraph()
			c.storageClassLimits()
			return nil
		},
		c.opcodePass, c.adjacency, c.entryPointRules, c.controlFlow, c.decorationRules,
		c.interfaceRules, c.builtinRules, c.limitationRules, c.smallTypeUses,
	} {
		if err := pass(); err != nil {
			return err
		}
	}
	return nil
}

// header checks the version against the environment and the id bound.
func (c *checker) header() error {
	if c.version > c.env.MaxVersion() {
		return c.errorf(RuleEnvVersion, nil, "SPIR-V %s is not allowed in target environment %s", c.version, c.env)
	}
	if c.m.Bound > maxIDBound {
		return c.errorf(RuleIDBound, nil, "the id bound %d is larger than the limit %d", c.m.Bound, maxIDBound)
	}
	return nil
}

// collect lays the module out in order and indexes its definitions.
func (c *checker) collect() error {
	m := c.m
	n := int(m.Bound) + 1
	c.defs = spareSlice(c.spare.defs, n)
	c.defFn = spareSlice(c.spare.defFn, n)
	c.blockIndex = spareSlice(c.spare.blockIndex, n)
	c.funcs = spareMap(c.spare.funcs)
	c.decos = spareMap(c.spare.decos)
	// One located per instruction and block label (debug line chains
	// may add a few more), and the labels' OpLabel instructions, are
	// allocated at once.
	size, nblocks := 1, 0
	for _, s := range [][]*builder.Inst{m.ExtInstImports, m.EntryPoints, m.ExecutionModes, m.DebugSources, m.Names, m.ModuleProcessed, m.Annotations, m.Globals} {
		size += len(s)
	}
	for _, f := range m.Functions {
		size += 1 + len(f.Params) + len(f.Prologue) + len(f.Blocks)
		nblocks += len(f.Blocks)
		for _, b := range f.Blocks {
			size += len(b.Insts)
		}
	}
	c.order = c.spare.order[:0]
	if cap(c.order) < size {
		c.order = make([]located, 0, size)
	}
	labels := spareSlice(c.spare.labels, nblocks)
	c.spare.labels = labels
	// add appends in (of function fn and block blk, as located numbers
	// them) after its debug line instructions.
	add := func(in *builder.Inst, fn, blk int32) {
		for l := lineChain(in.Line); l != nil; l = l.next {
			c.order = append(c.order, located{in: l.in, fn: fn, blk: blk | 1})
		}
		c.order = append(c.order, located{in: in, fn: fn, blk: blk})
	}
	for _, s := range [][]*builder.Inst{m.ExtInstImports} {
		for _, in := range s {
			add(in, 0, 0)
		}
	}
	if m.MemoryModel == nil {
		return c.errorf(RuleLayout, nil, "missing OpMemoryModel")
	}
	add(m.MemoryModel, 0, 0)
	for _, s := range [][]*builder.Inst{m.EntryPoints, m.ExecutionModes, m.DebugSources, m.Names, m.ModuleProcessed, m.Annotations, m.Globals} {
		for _, in := range s {
			add(in, 0, 0)
		}
	}
	for fi, f := range m.Functions {
		fn := int32(fi + 1)
		if f.Def == nil {
			return c.errorf(RuleLayout, nil, "a function without OpFunction")
		}
		add(f.Def, fn, 0)
		for _, p := range f.Params {
			add(p, fn, 0)
		}
		for _, p := range f.Prologue {
			add(p, fn, 0)
		}
		for bi, b := range f.Blocks {
			if int(b.Label) < n {
				c.blockIndex[b.Label] = int32(bi)
			}
			if b.Line != nil {
				for l := lineChain(b.Line); l != nil; l = l.next {
					c.order = append(c.order, located{in: l.in, fn: fn, blk: 1})
				}
			}
			lab := &labels[0]
			labels = labels[1:]
			*lab = builder.Inst{Op: spv.OpLabel, Result: b.Label, Block: b}
			blk := int32(bi+1) << 1
			c.order = append(c.order, located{in: lab, fn: fn, blk: blk})
			for _, in := range b.Insts {
				add(in, fn, blk)
			}
		}
		for l := lineChain(f.EndLine); l != nil; l = l.next {
			c.order = append(c.order, located{in: l.in, fn: fn, blk: 1})
		}
	}
	return nil
}

// A lineLink is one debug line instruction of a chain, in module order.
type lineLink struct {
	in   *builder.Inst
	next *lineLink
}

// lineChain returns the instructions of a Line chain in module order (the
// chain links the last one first).
func lineChain(l *builder.Inst) *lineLink {
	var head *lineLink
	for ; l != nil; l = l.Line {
		head = &lineLink{in: l, next: head}
	}
	return head
}

// def returns the instruction defining id, or nil.
func (c *checker) def(id ID) *builder.Inst {
	if int(id) < len(c.defs) {
		return c.defs[id]
	}
	return nil
}

// opOf returns the opcode defining id (OpNop if none).
func (c *checker) opOf(id ID) spv.Op {
	if d := c.def(id); d != nil {
		return d.Op
	}
	return spv.OpNop
}

// typeOf returns the result type of the value id (0 if none).
func (c *checker) typeOf(id ID) ID {
	if d := c.def(id); d != nil {
		return d.Type
	}
	return 0
}

// Operand helpers that never panic on a malformed instruction.

func opID(in *builder.Inst, i int) ID {
	if i < len(in.Operands) {
		return in.Operands[i].ID()
	}
	return 0
}

func opWord(in *builder.Inst, i int) uint32 {
	if i < len(in.Operands) {
		return in.Operands[i].Word
	}
	return 0
}

func opStr(in *builder.Inst, i int) string {
	if i < len(in.Operands) {
		return in.Operands[i].Str()
	}
	return ""
}

// hasOperand reports whether operand i exists.
func hasOperand(in *builder.Inst, i int) bool { return i < len(in.Operands) }
