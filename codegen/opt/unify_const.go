package opt

import (
	bin "encoding/binary"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// unifyConst is --unify-const (spirv-opt's UnifyConstantPass): a constant
// declared again with the same opcode, type and operands is replaced by
// its first declaration, in module order, so that composites of unified
// constants unify in turn. Specialization constants made with OpSpecConstant,
// True or False stay (each has its own SpecId); decorated constants stay.
type unifyConst struct{}

func (unifyConst) Name() string { return "unify-const" }

func (unifyConst) Run(c *Context) (bool, error) {
	first := map[string]builder.ID{}
	changed := false
	for _, g := range c.M.Globals {
		switch g.Op {
		case spv.OpConstantTrue, spv.OpConstantFalse, spv.OpConstant, spv.OpConstantNull, spv.OpConstantSampler,
			spv.OpConstantComposite, spv.OpSpecConstantOp, spv.OpSpecConstantComposite:
		default:
			continue
		}
		if c.DU.AnyUser(g.Result, func(u *builder.Inst) bool { return isAnnotationOp(u.Op) }) {
			continue
		}
		k := instKey(g)
		id, ok := first[k]
		if !ok {
			first[k] = g.Result
			continue
		}
		c.DU.ReplaceAllUses(g.Result, id)
		c.Kill(g)
		changed = true
	}
	return changed, nil
}

// isAnnotationOp reports whether op is a decoration instruction.
func isAnnotationOp(op spv.Op) bool {
	switch op {
	case spv.OpDecorate, spv.OpMemberDecorate, spv.OpDecorationGroup, spv.OpGroupDecorate, spv.OpGroupMemberDecorate,
		spv.OpDecorateId, spv.OpDecorateString, spv.OpMemberDecorateString:
		return true
	}
	return false
}

// instKey encodes an instruction's opcode, result type and operands (not
// its result id): equal keys, equal instructions.
func instKey(in *builder.Inst) string {
	k := bin.LittleEndian.AppendUint32(nil, uint32(in.Op))
	k = bin.LittleEndian.AppendUint32(k, uint32(in.Type))
	return string(appendOperandsKey(k, in.Operands))
}

func appendOperandsKey(k []byte, ops []builder.Operand) []byte {
	for _, o := range ops {
		k = append(k, byte(o.Kind))
		k = bin.LittleEndian.AppendUint32(k, o.Word)
		k = bin.LittleEndian.AppendUint32(k, o.Hi)
		k = bin.LittleEndian.AppendUint32(k, uint32(len(o.Str())))
		k = append(k, o.Str()...)
		k = bin.LittleEndian.AppendUint32(k, uint32(len(o.Params())))
		k = appendOperandsKey(k, o.Params())
	}
	return k
}
