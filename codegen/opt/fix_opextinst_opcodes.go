package opt

import (
	"slices"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// fixOpExtInstOpcodes is --fix-opextinst-opcodes (spirv-opt's
// OpExtInstWithForwardReferenceFixupPass), which DXC runs after the
// optimizer when it writes rich debug information: a module-level debug-info
// instruction that names one declared after it (a struct type listing its
// member functions, which name the struct) must be
// OpExtInstWithForwardRefsKHR, any other plain OpExtInst; the module
// declares SPV_KHR_relaxed_extended_instruction exactly when one is the
// former. Only non-semantic sets may take the forward-reference opcode
// (SPIR-V's rule, which spirv-val enforces and spirv-opt's pass ignores):
// OpenCL.DebugInfo.100 and DebugInfo instructions stay OpExtInst, whose
// forward references those sets' grammars allow where they are needed.
type fixOpExtInstOpcodes struct{}

func (fixOpExtInstOpcodes) Name() string { return "fix-opextinst-opcodes" }

const relaxedExtInstExtension = "SPV_KHR_relaxed_extended_instruction"

func (fixOpExtInstOpcodes) Run(c *Context) (bool, error) {
	// The ids a debug instruction may refer to: the instruction sets and
	// the module-level debug instructions; seen holds those declared so
	// far.
	debugIDs, seen := map[builder.ID]bool{}, map[builder.ID]bool{}
	for _, imp := range c.M.ExtInstImports {
		debugIDs[imp.Result], seen[imp.Result] = true, true
	}
	var debug []*builder.Inst
	for _, g := range c.M.Globals {
		if isDebugInfoExtInst(c, g) {
			debugIDs[g.Result] = true
			debug = append(debug, g)
		}
	}
	changed, forward := false, false
	for _, in := range debug {
		seen[in.Result] = true
		refs := false
		for _, id := range inIDs(in) {
			if debugIDs[id] && !seen[id] {
				refs = true
				break
			}
		}
		if !strings.HasPrefix(c.extSetName(in.Operands[0].ID()), "NonSemantic.") {
			refs = false
		}
		forward = forward || refs
		op := spv.OpExtInst
		if refs {
			op = spv.OpExtInstWithForwardRefsKHR
		}
		if in.Op != op {
			in.Op = op
			changed = true
		}
	}
	has := slices.Contains(c.M.Extensions, relaxedExtInstExtension)
	switch {
	case forward && !has:
		c.M.Extensions = append(c.M.Extensions, relaxedExtInstExtension)
		changed = true
	case !forward && has:
		c.M.Extensions = slices.DeleteFunc(c.M.Extensions, func(e string) bool { return e == relaxedExtInstExtension })
		changed = true
	}
	return changed, nil
}

// isDebugInfoExtInst reports whether in is an instruction of a debug-info
// set (DebugInfo, OpenCL.DebugInfo.100, NonSemantic.Shader.DebugInfo), in
// either opcode.
func isDebugInfoExtInst(c *Context, in *builder.Inst) bool {
	if (in.Op != spv.OpExtInst && in.Op != spv.OpExtInstWithForwardRefsKHR) || len(in.Operands) < 2 {
		return false
	}
	name := c.extSetName(in.Operands[0].ID())
	return name == "DebugInfo" || name == openCLDebugInfo || strings.HasPrefix(name, shaderDebugInfoPrefix)
}
