package validate

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Composite instructions (section 3.42.12): construction, extraction,
// insertion, shuffles, copies and transposes.

const maxCompositeIndexes = 255

func isScalarTypeOp(op spv.Op) bool {
	return op == spv.OpTypeInt || op == spv.OpTypeFloat || op == spv.OpTypeBool
}

// indexedType walks the literal indexes into composite type t.
func (c *checker) indexedType(in *builder.Inst, t ID, indexes []builder.Operand) (ID, error) {
	bad := func(format string, args ...any) (ID, error) {
		return 0, c.errorf(RuleComposite, in, "%s: "+format, append([]any{in.Op}, args...)...)
	}
	if len(indexes) == 0 {
		return bad("needs at least one index")
	}
	if len(indexes) > maxCompositeIndexes {
		return bad("has %d indexes, more than %d", len(indexes), maxCompositeIndexes)
	}
	if t == 0 {
		return bad("the composite must be an object of composite type")
	}
	for _, o := range indexes {
		k := o.Word
		d := c.def(t)
		if d == nil {
			return bad("indexes into an undefined type")
		}
		switch d.Op {
		case spv.OpTypeVector:
			t = opID(d, 0)
			if k >= opWord(d, 1) {
				return bad("vector index %d is out of bounds (size %d)", k, opWord(d, 1))
			}
		case spv.OpTypeMatrix:
			t = opID(d, 0)
			if k >= opWord(d, 1) {
				return bad("matrix index %d is out of bounds (%d columns)", k, opWord(d, 1))
			}
		case spv.OpTypeArray:
			t = opID(d, 0)
			if size := c.def(opID(d, 1)); size != nil && !isSpecConstantOp(size.Op) {
				if n, ok := c.constUint64(size.Result); ok && uint64(k) >= n {
					return bad("array index %d is out of bounds (size %d)", k, n)
				}
			}
		case spv.OpTypeRuntimeArray, spv.OpTypeCooperativeMatrixNV, spv.OpTypeCooperativeMatrixKHR:
			t = opID(d, 0)
		case spv.OpTypeStruct:
			if int(k) >= len(d.Operands) {
				return bad("struct index %d is out of bounds (%d members)", k, len(d.Operands))
			}
			t = d.Operands[k].ID()
		default:
			return bad("reaches a non-composite type with indexes left")
		}
	}
	return t, nil
}

func (c *checker) checkComposite(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	rt := in.Type
	op := in.Op
	bad := func(format string, args ...any) error {
		return c.errorf(RuleComposite, in, "%s: "+format, append([]any{op}, args...)...)
	}
	limited := func(what string) error {
		if c.hasCap(spv.CapabilityShader) && c.limitedUseType(rt) {
			return bad("cannot %s 8- or 16-bit types without the full capability", what)
		}
		return nil
	}
	switch op {
	case spv.OpVectorExtractDynamic:
		if !isScalarTypeOp(c.opOf(rt)) {
			return bad("the result type must be a scalar")
		}
		vt := c.operandType(in, 0)
		if c.opOf(vt) != spv.OpTypeVector {
			return bad("the vector must be a vector")
		}
		if c.componentType(vt) != rt {
			return bad("the vector's component type must be the result type")
		}
		if idx := c.def(opID(in, 1)); idx == nil || idx.Type == 0 || !c.isIntScalar(idx.Type) {
			return bad("the index must be an integer scalar")
		}
		return limited("extract from vectors of")
	case spv.OpVectorInsertDynamic:
		if c.opOf(rt) != spv.OpTypeVector {
			return bad("the result type must be a vector")
		}
		if c.operandType(in, 0) != rt {
			return bad("the vector must have the result type")
		}
		if c.componentType(rt) != c.operandType(in, 1) {
			return bad("the component must have the result's component type")
		}
		if !c.isIntScalar(c.operandType(in, 2)) {
			return bad("the index must be an integer scalar")
		}
		return limited("insert into vectors of")
	case spv.OpVectorShuffle:
		r := c.def(rt)
		if r == nil || r.Op != spv.OpTypeVector {
			return bad("the result type must be a vector")
		}
		comps := in.Operands[min(2, len(in.Operands)):]
		if uint32(len(comps)) != opWord(r, 1) {
			return bad("%d components for a vector of %d", len(comps), opWord(r, 1))
		}
		v1, v2 := c.def(c.operandType(in, 0)), c.def(c.operandType(in, 1))
		if v1 == nil || v1.Op != spv.OpTypeVector || v2 == nil || v2.Op != spv.OpTypeVector {
			return bad("both vectors must be vectors")
		}
		if opID(v1, 0) != opID(r, 0) || opID(v2, 0) != opID(r, 0) {
			return bad("the vectors' component types must be the result's")
		}
		n := opWord(v1, 1) + opWord(v2, 1)
		for _, o := range comps {
			if o.Word != 0xFFFFFFFF && o.Word >= n {
				return bad("component index %d is out of bounds for the %d components of both vectors", o.Word, n)
			}
		}
		return limited("shuffle vectors of")
	case spv.OpCompositeConstruct:
		if err := c.checkCompositeConstruct(in, bad); err != nil {
			return err
		}
		return limited("build composites of")
	case spv.OpCompositeExtract:
		mt, err := c.indexedType(in, c.operandType(in, 0), in.Operands[min(1, len(in.Operands)):])
		if err != nil {
			return err
		}
		if rt != mt {
			return bad("the result type does not match the type the indexes reach")
		}
		return limited("extract from composites of")
	case spv.OpCompositeInsert:
		if rt != c.operandType(in, 1) {
			return bad("the result type must be the composite's type")
		}
		mt, err := c.indexedType(in, c.operandType(in, 1), in.Operands[min(2, len(in.Operands)):])
		if err != nil {
			return err
		}
		if c.operandType(in, 0) != mt {
			return bad("the object's type does not match the type the indexes reach")
		}
		return limited("insert into composites of")
	case spv.OpCopyObject:
		if c.operandType(in, 0) != rt {
			return bad("the operand must have the result type")
		}
		if c.isVoid(rt) {
			return bad("the result type cannot be void")
		}
	case spv.OpTranspose:
		rrows, rcols, _, rcomp, ok := c.matrixInfo(rt)
		if !ok {
			return bad("the result type must be a matrix")
		}
		mrows, mcols, _, mcomp, ok := c.matrixInfo(c.operandType(in, 0))
		if !ok {
			return bad("the operand must be a matrix")
		}
		if rcomp != mcomp {
			return bad("the component types must match")
		}
		if rrows != mcols || rcols != mrows {
			return bad("the operand's shape must be the result's, transposed")
		}
		return limited("transpose matrices of")
	case spv.OpCopyLogical:
		r, s := c.def(rt), c.def(c.operandType(in, 0))
		if r == nil || s == nil || r == s {
			return bad("the result type must differ from the operand's")
		}
		if !c.logicallyMatch(s, r, 0) {
			return bad("the result type does not logically match the operand's")
		}
		return limited("copy composites of")
	}
	return nil
}

func (c *checker) checkCompositeConstruct(in *builder.Inst, bad func(string, ...any) error) error {
	rt := in.Type
	r := c.def(rt)
	if r == nil {
		return bad("the result type must be a composite")
	}
	n := len(in.Operands)
	switch r.Op {
	case spv.OpTypeVector:
		comp := c.componentType(rt)
		if n < 2 {
			return bad("a vector needs at least 2 constituents")
		}
		given := uint32(0)
		for i := range in.Operands {
			t := c.operandType(in, i)
			if t == comp {
				given++
				continue
			}
			if c.opOf(t) != spv.OpTypeVector || c.componentType(t) != comp {
				return bad("the constituents must be scalars or vectors of the result's component type")
			}
			given += c.dimension(t)
		}
		if given != c.dimension(rt) {
			return bad("%d components for a vector of %d", given, c.dimension(rt))
		}
	case spv.OpTypeMatrix:
		_, cols, col, _, _ := c.matrixInfo(rt)
		if uint32(n) != cols {
			return bad("%d constituents for a matrix of %d columns", n, cols)
		}
		for i := range in.Operands {
			if c.operandType(in, i) != col {
				return bad("constituent %d must have the matrix's column type", i)
			}
		}
	case spv.OpTypeArray:
		size := c.def(opID(r, 1))
		if size != nil && isSpecConstantOp(size.Op) {
			return nil
		}
		length, _ := c.constUint64(opID(r, 1))
		if length != uint64(n) {
			return bad("%d constituents for an array of %d", n, length)
		}
		for i := range in.Operands {
			if c.operandType(in, i) != opID(r, 0) {
				return bad("constituent %d must have the array's element type", i)
			}
		}
	case spv.OpTypeStruct:
		if n != len(r.Operands) {
			return bad("%d constituents for a struct of %d members", n, len(r.Operands))
		}
		for i := range in.Operands {
			if c.operandType(in, i) != r.Operands[i].ID() {
				return bad("constituent %d must have the member's type", i)
			}
		}
	case spv.OpTypeCooperativeMatrixNV, spv.OpTypeCooperativeMatrixKHR:
		if n != 1 {
			return bad("a cooperative matrix has a single constituent")
		}
		if c.operandType(in, 0) != opID(r, 0) {
			return bad("the constituent must have the component type")
		}
	default:
		return bad("the result type must be a composite")
	}
	return nil
}
