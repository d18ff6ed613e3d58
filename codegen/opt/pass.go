package opt

import (
	"fmt"
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// A Pass transforms a module in place.
type Pass interface {
	// Name is the pass's spirv-opt flag without the dashes
	// ("eliminate-dead-functions").
	Name() string
	// Run transforms the module and reports whether it changed anything.
	// An error means the module could not be transformed (and may be left
	// half done): compilation stops with it.
	Run(c *Context) (changed bool, err error)
}

// Options are what passes may need to know beyond the module.
type Options struct {
	// PreserveInterface keeps unused stage variables on OpEntryPoint
	// (-fspv-preserve-interface).
	PreserveInterface bool
	// PreserveBindings keeps unused resource variables (those with a
	// descriptor set and binding) (-fspv-preserve-bindings).
	PreserveBindings bool
	// PreserveSpecConstants keeps unused specialization constants.
	PreserveSpecConstants bool
}

// A Context is what every pass of a pipeline run shares.
type Context struct {
	M  *builder.Module
	B  *builder.ModuleBuilder // over M: new types, constants, decorations
	DU *builder.DefUse
	Options

	fold  *folder   // the folder's caches (fold.go), made on first use
	arena instArena // for passes that copy much code
	// structured holds each function's structured control-flow analysis,
	// kept while the function's CFG is (see structuredFor).
	structured map[*builder.Function]*structuredCFG

	adce adceScratch // eliminate-dead-code-aggressive's memory between runs
	mem  memTables   // the memory passes' tables by id (mem.go)
	vn   vnTables    // value numbering's tables (value_numbers.go)
	vdce vdce        // vector-dce's tables, kept between runs
	ssa  ssaTables   // ssa-rewrite's
	// idMap and varIndex are tables by id that passes share, since one
	// runs at a time (each over the module's ids, about a quarter of a
	// megabyte for the 5,000-line shader): a pass empties one before it
	// uses it. idMap maps ids to ids (ssa-rewrite's load replacements,
	// loop-unroll's copies); varIndex gives variables 1 + an index in
	// what a pass keeps per variable (ssa-rewrite's columns,
	// local-single-block's accesses).
	idMap    idTable[builder.ID]
	varIndex idTable[int32]
	// simplify-instructions' sets (seen, phis and killed), kept between
	// runs
	simplify [3]stampSet

	// blockAt is scratch for blockIndex: by label, a block's index + 1 in
	// the function last indexed (whose labels are in indexed).
	blockAt []int32
	indexed []builder.ID

	// cfgKept: the pass running now said (KeptCFG) that this run left
	// control flow alone.
	cfgKept bool

	// idRoom is the bound the pipeline's passes are expected to take the
	// module to (idMaker), for the def-use chains' first build; 0 once
	// they are built.
	idRoom builder.ID
}

// KeptCFG tells the pass manager that the run of the pass now running
// changed no function's blocks, labels, branch targets or merge
// instructions, so the cached control-flow analyses stay trusted after it
// (cfgKeepingPasses says so of every run of a pass; this, of one run).
// With RunOptions.Verify, builder.VerifyIR holds the run to it.
func (c *Context) KeptCFG() { c.cfgKept = true }

// blockIndex returns a lookup from label to the index of the block in
// f.Blocks (-1 when f has no such block), over one table by id that all
// lookups share: a map per call is a large function's hottest cost, a
// table per call a many-function module's. It is valid until the next
// blockIndex call.
func (c *Context) blockIndex(f *builder.Function) func(builder.ID) int {
	for _, l := range c.indexed {
		if int(l) < len(c.blockAt) {
			c.blockAt[l] = 0
		}
	}
	c.indexed = c.indexed[:0]
	if n := int(c.M.Bound); len(c.blockAt) < n {
		c.blockAt = make([]int32, n+n/4) // room for the ids passes make
	}
	for i, b := range f.Blocks {
		if int(b.Label) < len(c.blockAt) {
			c.blockAt[b.Label] = int32(i) + 1
			c.indexed = append(c.indexed, b.Label)
		}
	}
	at := c.blockAt
	return func(l builder.ID) int {
		if int(l) < len(at) {
			return int(at[l]) - 1
		}
		return -1
	}
}

// newContext returns a context over m with the shared analyses built.
func newContext(m *builder.Module, o Options) *Context {
	c := newBareContext(m, o)
	c.prepare()
	return c
}

// newBareContext returns a context over m without the shared analyses
// (see prepare).
func newBareContext(m *builder.Module, o Options) *Context {
	m.Link()
	return &Context{M: m, Options: o}
}

// contexts holds the contexts of pipeline runs that ended, for the next
// runs to reuse their passes' scratch tables (by id and worklists: adce,
// mem, vn, vdce, ssa, idMap, varIndex, simplify, blockAt) instead of
// growing new ones from empty: a batch compiles hundreds of modules on a
// couple of workers, and a one-shot compile runs the legalization and
// the -O passes. Every pass empties what it takes before it uses it (the
// tables outlive a pass already, while the passes after it change the
// module and compact-ids renumbers it), so a table holding a previous
// module's entries is as good as one holding this module's earlier
// state. (The pool drops what it holds at each collection.)
var contexts sync.Pool

// takeContext returns a context over m without the shared analyses, with
// the scratch tables of a run that ended if there is one.
func takeContext(m *builder.Module, o Options) *Context {
	c, _ := contexts.Get().(*Context)
	if c == nil {
		return newBareContext(m, o)
	}
	m.Link()
	c.M, c.Options = m, o
	return c
}

// release gives the context back to the pool once its run is over (run
// through: a pass that failed may have left a table half emptied). What
// refers to the module goes; the scratch tables stay. (Their entries may
// still point at the module's instructions until reused: the pool keeps a
// context until the next collection but one.)
func (c *Context) release() {
	c.M, c.B, c.DU, c.Options = nil, nil, nil, Options{}
	c.fold, c.arena, c.structured = nil, instArena{}, nil
	c.cfgKept, c.idRoom = false, 0
	contexts.Put(c)
}

// prepare builds what passes share, if it is not built: the builder's
// interning over the module (B) and the def-use chains (DU). The manager
// prepares the context before each pass but a standalone one, so that a
// pipeline of standalone passes (trim-capabilities alone, at -O0) never
// builds them, and renumbering ids (compact-ids) drops them until a pass
// that uses them runs.
func (c *Context) prepare() {
	if c.B == nil || c.DU == nil {
		// The chains first: the builder sizes its table by id to their room.
		c.DU = c.M.DefUseWithRoom(c.idRoom)
		c.B = builder.Edit(c.M)
		c.idRoom = 0
	}
}

// An idMaker is a pass that defines many new ids and can say about how
// many before the pipeline runs. The manager makes the def-use chains'
// tables that large when it first builds them, ahead of the passes before
// it: inlining the 5,000-line shader defines twice the ids it had, and
// growing the tables then copied 1.2 MB into 2.5 MB of new ones.
type idMaker interface {
	Pass
	newIDs(c *Context) int
}

// standalone tells whether the pass with the flag name reads and edits
// the module without the Context's shared analyses (B, DU and what is
// built on them: Def, the folder...), doing what lookups it needs itself.
// It is asked by name, not through a marker method: asserting a pass to
// an interface makes the runtime build an interface table for every pass
// type asked, whether it implements it or not (about 60 K instructions
// and a dozen page faults per fresh process, the table growing).
func standalone(flag string) bool { return flag == "trim-capabilities" }

// NewInst makes an instruction with a fresh result id when the opcode has
// one (typ is its result type, 0 if none). It is not placed anywhere: add
// it to a block with the Block editing methods, which register it.
func (c *Context) NewInst(op spv.Op, typ builder.ID, operands ...builder.Operand) *builder.Inst {
	in := &builder.Inst{Op: op, Type: typ, Operands: operands}
	if info := spv.InstructionInfo(op); info != nil && info.HasResult {
		in.Result = c.M.NewID()
	}
	return in
}

// Kill deletes an instruction and the names and decorations of its
// result.
func (c *Context) Kill(in *builder.Inst) {
	if in.Result != 0 {
		c.DU.KillNamesAndDecorations(in.Result)
	}
	c.DU.Kill(in)
}

// ReplaceWith replaces every use of the result of in with id, and deletes
// in.
func (c *Context) ReplaceWith(in *builder.Inst, id builder.ID) {
	c.DU.ReplaceAllUses(in.Result, id)
	c.Kill(in)
}

// Def returns the instruction defining id, or nil.
func (c *Context) Def(id builder.ID) *builder.Inst { return c.DU.Def(id) }

// EntryPoints returns the functions named by OpEntryPoint.
func (c *Context) EntryPoints() []*builder.Function {
	var out []*builder.Function
	for _, ep := range c.M.EntryPoints {
		if f := c.Function(ep.Operands[1].ID()); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// Function returns the function whose OpFunction defines id, or nil.
func (c *Context) Function(id builder.ID) *builder.Function {
	for _, f := range c.M.Functions {
		if f.Def.Result == id {
			return f
		}
	}
	return nil
}

// errorf makes a pass error.
func errorf(pass Pass, format string, args ...any) error {
	return fmt.Errorf("%s: %s", pass.Name(), fmt.Sprintf(format, args...))
}

// renumbered drops what depends on id numbers (the builder's interning
// tables, the def-use chains, the folder's constants) after a pass
// renumbered ids: prepare builds them again for the next pass that uses
// them. compact-ids runs last in DXC's pipelines, where often only
// trim-capabilities, a standalone pass, follows it.
func (c *Context) renumbered() {
	c.M.InvalidateDefUse()
	c.B, c.DU, c.fold = nil, nil, nil
}
