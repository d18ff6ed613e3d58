package opt

import (
	"slices"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// stripDebug is --strip-debug (spirv-opt's StripDebugInfoPass): the debug
// sections go (OpSource*, OpString, OpName, OpMemberName,
// OpModuleProcessed), with the debug-info sets' instructions (DebugInfo,
// OpenCL.DebugInfo.100, NonSemantic.Shader.DebugInfo) and every line and
// scope. When the module declares SPV_KHR_non_semantic_info, the strings a
// non-semantic instruction uses stay (as in spirv-opt, even when that
// instruction is debug information and goes too). The extended-instruction
// imports stay. spirv-opt leaves the debug-info instructions inside
// functions (DebugDeclare, DebugValue) naming what it deleted; they go
// here, so that the module stays valid.
type stripDebug struct{}

func (stripDebug) Name() string { return "strip-debug" }

func (stripDebug) Run(c *Context) (bool, error) {
	changed := false
	kill := func(in *builder.Inst) {
		c.Kill(in)
		changed = true
	}
	keepUsedStrings := slices.Contains(c.M.Extensions, "SPV_KHR_non_semantic_info")
	for _, in := range c.M.DebugSources {
		if in.Op == spv.OpString && keepUsedStrings && c.DU.AnyUser(in.Result, func(u *builder.Inst) bool {
			return isExtInstOp(u.Op) && strings.HasPrefix(c.extSetName(u.Operands[0].ID()), "NonSemantic.")
		}) {
			continue
		}
		kill(in)
	}
	for _, s := range [][]*builder.Inst{c.M.Names, c.M.ModuleProcessed} {
		for _, in := range s {
			kill(in)
		}
	}
	for in := range allInsts(c.M) {
		if in.Line != nil {
			for l := in.Line; l != nil; l = l.Line {
				c.DU.Kill(l)
			}
			in.Line = nil
			changed = true
		}
		if isDebugInfoExtInst(c, in) {
			kill(in)
		}
	}
	for _, f := range c.M.Functions {
		for _, b := range f.Blocks {
			if b.Line != nil {
				b.Line = nil
				changed = true
			}
		}
	}
	return changed, nil
}

// isExtInstOp reports whether op is OpExtInst or its forward-reference
// form.
func isExtInstOp(op spv.Op) bool { return op == spv.OpExtInst || op == spv.OpExtInstWithForwardRefsKHR }

// allInsts yields every instruction of the module: the sections, the
// functions' definitions, parameters, prologues and block instructions.
func allInsts(m *builder.Module) func(yield func(*builder.Inst) bool) {
	return func(yield func(*builder.Inst) bool) {
		for in := range m.All() {
			if !yield(in) {
				return
			}
		}
		for _, f := range m.Functions {
			for _, in := range f.Prologue {
				if !yield(in) {
					return
				}
			}
		}
	}
}
