package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// eliminateDeadConst is --eliminate-dead-const (spirv-opt's
// EliminateDeadConstantPass): constants and specialization constants
// nothing uses go, with their names and decorations (uses by names,
// decorations and the other debug sections do not count), and so, in
// turn, do the constants only those used. A constant an OpDecorateId
// names as its parameter stays.
type eliminateDeadConst struct{}

func (eliminateDeadConst) Name() string { return "eliminate-dead-const" }

func (eliminateDeadConst) Run(c *Context) (bool, error) {
	uses := map[*builder.Inst]int{}
	var work []*builder.Inst
	for _, g := range c.M.Globals {
		if !isConstantOp(g.Op) || g.Result == 0 {
			continue
		}
		n := 0
		for _, u := range c.DU.Users(g.Result) {
			ops := u.Operands
			switch {
			case u.Op == spv.OpDecorateId:
				// The decoration's id parameters are uses (spirv-opt does
				// not count them and leaves the decoration naming nothing).
				ops = ops[1:]
			case isAnnotationOrDebugOp(u.Op):
				continue
			}
			for _, id := range inIDs(&builder.Inst{Operands: ops}) {
				if id == g.Result {
					n++
				}
			}
		}
		uses[g] = n
		if n == 0 {
			work = append(work, g)
		}
	}
	dead := map[*builder.Inst]bool{}
	for len(work) > 0 {
		in := work[len(work)-1]
		work = work[:len(work)-1]
		if dead[in] {
			continue
		}
		dead[in] = true
		switch in.Op {
		case spv.OpConstantComposite, spv.OpSpecConstantComposite, spv.OpSpecConstantOp:
			for _, id := range inIDs(in) {
				d := c.Def(id)
				if n, ok := uses[d]; ok && n > 0 {
					uses[d] = n - 1
					if n == 1 {
						work = append(work, d)
					}
				}
			}
		}
	}
	for _, g := range c.M.Globals {
		if dead[g] {
			c.Kill(g)
		}
	}
	return len(dead) > 0, nil
}

// isAnnotationOrDebugOp reports whether op is a decoration or an
// instruction of the debug sections (OpString, OpSource*, OpName,
// OpMemberName, OpModuleProcessed).
func isAnnotationOrDebugOp(op spv.Op) bool {
	switch op {
	case spv.OpDecorate, spv.OpMemberDecorate, spv.OpDecorationGroup, spv.OpGroupDecorate, spv.OpGroupMemberDecorate,
		spv.OpDecorateId, spv.OpDecorateString, spv.OpMemberDecorateString,
		spv.OpString, spv.OpSourceExtension, spv.OpSource, spv.OpSourceContinued,
		spv.OpName, spv.OpMemberName, spv.OpModuleProcessed:
		return true
	}
	return false
}
