package opt

import (
	"fmt"

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

	fold *folder // the folder's caches (fold.go), made on first use
}

func newContext(m *builder.Module, o Options) *Context {
	m.Link()
	c := &Context{M: m, Options: o}
	c.B = builder.Edit(m)
	c.DU = m.DefUse()
	return c
}

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

// renumbered rebuilds what depends on id numbers (the builder's interning
// tables, the def-use chains) after a pass renumbered ids.
func (c *Context) renumbered() {
	c.M.InvalidateDefUse()
	c.B = builder.Edit(c.M)
	c.DU = c.M.DefUse()
	c.fold = nil
}
