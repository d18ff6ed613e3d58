package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Expressions over specialization constants stay specialization constants,
// as in DXC: `static const int n = specConst + 3;` becomes an
// OpSpecConstantOp, and a spec constant splat to a vector an
// OpSpecConstantComposite, so the values follow the specialization rather
// than being computed from the defaults at run time.

// specConstantOps are the opcodes OpSpecConstantOp allows with the Shader
// capability (the others need Kernel), indexed by opcode: every emitted
// instruction is looked up (isSpecConstantOp).
var specConstantOps = [...]bool{
	spv.OpSConvert: true, spv.OpUConvert: true,
	spv.OpSNegate: true, spv.OpNot: true,
	spv.OpIAdd: true, spv.OpISub: true, spv.OpIMul: true,
	spv.OpUDiv: true, spv.OpSDiv: true, spv.OpUMod: true, spv.OpSRem: true, spv.OpSMod: true,
	spv.OpShiftRightLogical: true, spv.OpShiftRightArithmetic: true, spv.OpShiftLeftLogical: true,
	spv.OpBitwiseOr: true, spv.OpBitwiseXor: true, spv.OpBitwiseAnd: true,
	spv.OpVectorShuffle: true, spv.OpCompositeExtract: true, spv.OpCompositeInsert: true,
	spv.OpLogicalOr: true, spv.OpLogicalAnd: true, spv.OpLogicalNot: true,
	spv.OpLogicalEqual: true, spv.OpLogicalNotEqual: true, spv.OpSelect: true,
	spv.OpIEqual: true, spv.OpINotEqual: true,
	spv.OpULessThan: true, spv.OpSLessThan: true, spv.OpUGreaterThan: true, spv.OpSGreaterThan: true,
	spv.OpULessThanEqual: true, spv.OpSLessThanEqual: true, spv.OpUGreaterThanEqual: true, spv.OpSGreaterThanEqual: true,
}

func isSpecConstantOp(op spv.Op) bool {
	return int(op) < len(specConstantOps) && specConstantOps[op]
}

// foldSpecConstant is the builder's Fold hook: an instruction whose id
// operands are all constants, one at least a specialization constant,
// becomes a module-level OpSpecConstantOp (or OpSpecConstantComposite).
func (e *emitter) foldSpecConstant(op spv.Op, typ builder.ID, operands []builder.Operand) (builder.ID, bool) {
	if op != spv.OpCompositeConstruct && !isSpecConstantOp(op) {
		return 0, false
	}
	spec := false
	for _, o := range operands {
		if o.Kind != spv.KindIdRef {
			continue // a literal: a shuffle component, an extract index
		}
		d := e.b.Def(builder.ID(o.Word))
		if d == nil {
			return 0, false
		}
		switch d.Op {
		case spv.OpConstant, spv.OpConstantTrue, spv.OpConstantFalse, spv.OpConstantComposite, spv.OpConstantNull:
		case spv.OpSpecConstant, spv.OpSpecConstantTrue, spv.OpSpecConstantFalse, spv.OpSpecConstantComposite, spv.OpSpecConstantOp:
			spec = true
		default:
			return 0, false
		}
	}
	if !spec {
		return 0, false
	}
	if op == spv.OpCompositeConstruct {
		ids := make([]builder.ID, len(operands))
		for i, o := range operands {
			ids[i] = builder.ID(o.Word)
		}
		return e.b.SpecConstantComposite(typ, ids...), true
	}
	return e.b.SpecConstantOp(typ, op, operands...), true
}
