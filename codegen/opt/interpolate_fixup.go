package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// interpolateFixup is --interpolate-fixup: GLSL.std.450's
// InterpolateAtCentroid, InterpolateAtSample and InterpolateAtOffset take a
// pointer to the input being interpolated, while DXC's EvaluateAttribute*
// code, like any HLSL function, passes the value. Once legalization has
// reduced the argument to an OpLoad of the input (or of an access chain
// into it), the instruction takes the load's pointer instead.
//
// spirv-opt runs this as its instruction folder with only these three rules
// and no constant rules, so the folder's word-by-word folding of 32-bit
// scalar integer and boolean operations with known operands happens too:
// such an instruction becomes OpCopyObject of the constant (2023.1's folder
// folds no vectors without constant rules).
type interpolateFixup struct{}

func (interpolateFixup) Name() string { return "interpolate-fixup" }

func (interpolateFixup) Run(c *Context) (bool, error) {
	f := c.folder()
	changed := false
	for in := range c.M.BlockInsts() {
		if !f.foldableByScalar(in) {
			if c.fixInterpolant(in) {
				changed = true
			}
		} else if id := f.evaluate(in, nil, nil); id != 0 {
			in.Op = spv.OpCopyObject
			in.Operands = []builder.Operand{builder.Ref(id)}
			c.DU.AnalyzeUses(in)
			changed = true
		}
	}
	return changed, nil
}

// fixInterpolant makes an InterpolateAt* instruction whose interpolant is
// loaded take the load's pointer.
func (c *Context) fixInterpolant(in *builder.Inst) bool {
	glsl := c.folder().glsl
	if in.Op != spv.OpExtInst || glsl == 0 || in.Operands[0].ID() != glsl || len(in.Operands) < 3 {
		return false
	}
	switch in.Operands[1].Word {
	case spv.GLSLstd450InterpolateAtCentroid, spv.GLSLstd450InterpolateAtSample, spv.GLSLstd450InterpolateAtOffset:
	default:
		return false
	}
	load := c.DU.Def(in.Operands[2].ID())
	if load == nil || load.Op != spv.OpLoad {
		return false
	}
	in.Operands[2] = builder.Ref(load.Operands[0].ID())
	c.DU.AnalyzeUses(in)
	return true
}
