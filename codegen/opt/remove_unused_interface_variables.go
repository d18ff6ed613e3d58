package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// removeUnusedInterfaceVariables is --remove-unused-interface-variables
// (spirv-opt's RemoveUnusedInterfaceVariablesPass): each entry point's
// interface becomes the global variables its call tree uses, in the order
// the functions (breadth first from the entry point) and their
// instructions first use them: Input and Output variables, or, from
// SPIR-V 1.4 on, every variable not of Function storage. Unused ones go,
// repeated ones appear once, and used ones missing are added. An
// interface already exact is left as it is, order included.
type removeUnusedInterfaceVariables struct{}

func (removeUnusedInterfaceVariables) Name() string { return "remove-unused-interface-variables" }

func (removeUnusedInterfaceVariables) Run(c *Context) (bool, error) {
	allGlobals := c.M.Version >= 0x10400
	changed := false
	for _, ep := range c.M.EntryPoints {
		fnOperand, first := 1, 3 // OpEntryPoint: model, function, name, interface...
		if ep.Op == spv.OpConditionalEntryPointINTEL {
			fnOperand, first = 2, 4
		}
		if len(ep.Operands) < first {
			continue
		}
		used := map[builder.ID]bool{}
		var order []builder.ID
		forEachFunctionFrom(c, []builder.ID{ep.Operands[fnOperand].ID()}, func(f *builder.Function) bool {
			for in := range f.Insts() {
				for _, id := range inIDs(in) {
					if used[id] || !isInterfaceVariable(c, id, allGlobals) {
						continue
					}
					used[id] = true
					order = append(order, id)
				}
			}
			return false
		})
		if interfaceExact(ep.Operands[first:], used) {
			continue
		}
		ops := append([]builder.Operand{}, ep.Operands[:first]...)
		for _, id := range order {
			ops = append(ops, builder.Ref(id))
		}
		ep.Operands = ops
		c.DU.AnalyzeUses(ep)
		changed = true
	}
	return changed, nil
}

// isInterfaceVariable reports whether id is a global variable an entry
// point lists: of Input or Output storage, or of any storage but Function
// when allGlobals (SPIR-V 1.4 and later).
func isInterfaceVariable(c *Context, id builder.ID, allGlobals bool) bool {
	v := c.Def(id)
	if v == nil || (v.Op != spv.OpVariable && v.Op != spv.OpUntypedVariableKHR) || v.Block != nil {
		return false
	}
	sc := spv.StorageClass(v.Operands[0].Word)
	if sc == spv.StorageClassFunction {
		return false
	}
	return allGlobals || sc == spv.StorageClassInput || sc == spv.StorageClassOutput
}

// interfaceExact reports whether the interface operands list exactly the
// used variables, each once.
func interfaceExact(ops []builder.Operand, used map[builder.ID]bool) bool {
	seen := map[builder.ID]bool{}
	for _, o := range ops {
		id := o.ID()
		if !used[id] || seen[id] {
			return false
		}
		seen[id] = true
	}
	return len(seen) == len(used)
}
