package opt

import (
	"slices"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// stripNonSemantic is --strip-nonsemantic, and --strip-reflect, its older
// name (spirv-opt's StripNonSemanticInfoPass): what a driver may ignore
// goes. The HLSL reflection decorations (HlslSemanticGOOGLE, UserTypeGOOGLE,
// HlslCounterBufferGOOGLE) with their extensions (SPV_GOOGLE_decorate_string
// only when no other string decoration needs it), SPV_KHR_non_semantic_info,
// the NonSemantic.* instruction-set imports and every instruction of those
// sets: at module level, in functions, and among the debug lines and
// scopes. OpLine stays; strings only the deleted instructions used stay,
// as in spirv-opt.
type stripNonSemantic struct{ name string }

func (p stripNonSemantic) Name() string { return p.name }

func (stripNonSemantic) Run(c *Context) (bool, error) {
	changed := false
	kill := func(in *builder.Inst) {
		c.Kill(in)
		changed = true
	}
	otherStringDecorations := false
	for _, d := range c.M.Annotations {
		switch d.Op {
		case spv.OpDecorateString, spv.OpMemberDecorateString:
			deco := d.Operands[1]
			if d.Op == spv.OpMemberDecorateString {
				deco = d.Operands[2]
			}
			switch spv.Decoration(deco.Word) {
			case spv.DecorationHlslSemanticGOOGLE, spv.DecorationUserTypeGOOGLE:
				kill(d)
			default:
				otherStringDecorations = true
			}
		case spv.OpDecorateId:
			if spv.Decoration(d.Operands[1].Word) == spv.DecorationHlslCounterBufferGOOGLE {
				kill(d)
			}
		}
	}
	n := len(c.M.Extensions)
	c.M.Extensions = slices.DeleteFunc(c.M.Extensions, func(e string) bool {
		switch e {
		case "SPV_GOOGLE_hlsl_functionality1", "SPV_GOOGLE_user_type", "SPV_KHR_non_semantic_info":
			return true
		case "SPV_GOOGLE_decorate_string":
			return !otherStringDecorations
		}
		return false
	})
	changed = changed || len(c.M.Extensions) != n
	sets := map[builder.ID]bool{}
	for _, imp := range c.M.ExtInstImports {
		if strings.HasPrefix(imp.Operands[0].Str(), "NonSemantic.") {
			sets[imp.Result] = true
			kill(imp)
		}
	}
	if len(sets) == 0 {
		return changed, nil
	}
	nonSemantic := func(in *builder.Inst) bool {
		return isExtInstOp(in.Op) && len(in.Operands) > 0 && sets[in.Operands[0].ID()]
	}
	dropFromChain := func(in *builder.Inst) {
		chain := lineChain(in)
		kept := slices.DeleteFunc(slices.Clone(chain), nonSemantic)
		if len(kept) == len(chain) {
			return
		}
		for _, l := range chain {
			if nonSemantic(l) {
				kill(l)
			}
		}
		setLineChain(in, kept)
	}
	for in := range allInsts(c.M) {
		dropFromChain(in)
		if nonSemantic(in) {
			kill(in)
		}
	}
	for _, f := range c.M.Functions {
		for _, b := range f.Blocks {
			if b.Line != nil {
				holder := &builder.Inst{Line: b.Line}
				dropFromChain(holder)
				b.Line = holder.Line
			}
		}
	}
	return changed, nil
}
