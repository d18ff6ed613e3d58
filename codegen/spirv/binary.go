package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// binary emits a binary operator.
func (e *emitter) binary(x *ast.BinaryExpr) value {
	t := e.typeOf(x)
	if k, ok := e.constant(x, concreteType(t)); ok {
		return rv(k, t)
	}
	if lt := e.info.TypeOfExpr(x.X); lt != nil && lt.Canonical().IsStruct() {
		if op := e.operatorMethod(lt, x.Op.String(), []ast.Expr{x.Y}); op != nil {
			return e.invoke(op, func() value { return e.expr(x.X) }, []ast.Expr{x.Y}, x)
		}
	}
	switch x.Op {
	case ast.Comma:
		e.discard(x.X)
		return e.expr(x.Y)
	case ast.LogAnd, ast.LogOr:
		if e.shortCircuits(x) {
			return rv(e.shortCircuit(x), t)
		}
		l := e.rvalue(x.X)
		r := e.rvalue(x.Y)
		op := spv.OpLogicalAnd
		if x.Op == ast.LogOr {
			op = spv.OpLogicalOr
		}
		return rv(e.fb.Emit(op, e.typeID(t), builder.Ref(l), builder.Ref(r)), t)
	}
	operand := e.operandType(x.X)
	if x.Op == ast.Mul {
		if id, ok := e.scalarTimes(x, t); ok {
			return rv(id, t)
		}
	}
	l := e.rvalue(x.X)
	r := e.rvalue(x.Y)
	switch {
	case x.Op == ast.Shl || x.Op == ast.Shr:
		// Both operands take the result's shape (a scalar splats, the
		// longer vector truncates) and the amount its component type.
		rt := concreteType(t)
		l = e.convert(l, operand, rt)
		r = e.convert(r, e.operandType(x.Y), rt)
		operand = rt
	case isRelational(x.Op) && operand.Canonical().Scalar().IsBool():
		// bool < bool compares the ints the bools promote to, as C does
		it := operand.WithScalar(types.Int)
		l = e.convert(l, operand, it)
		r = e.convert(r, e.operandType(x.Y), it)
		operand = it
	}
	return rv(e.arithAt(x.Op, operand, concreteType(t), l, r, [2]diag.Pos{x.X.Pos(), x.Y.Pos()}), t)
}

func isRelational(op ast.Op) bool {
	return op == ast.Lt || op == ast.Le || op == ast.Gt || op == ast.Ge
}

// operandType is the type an operand is used at (after its conversion).
func (e *emitter) operandType(x ast.Expr) *types.Type {
	if c := e.info.ConversionOfExpr(x); c != nil {
		return concreteType(c.To)
	}
	return concreteType(e.typeOf(x))
}

// scalarTimes emits vector*scalar and matrix*scalar of floats as
// OpVectorTimesScalar / OpMatrixTimesScalar, as DXC does, instead of
// splatting the scalar.
func (e *emitter) scalarTimes(x *ast.BinaryExpr, t *types.Type) (builder.ID, bool) {
	ct := concreteType(t).Canonical()
	if !ct.Scalar().IsFloat() || flatCount(ct) == 1 {
		return 0, false
	}
	splat := func(a ast.Expr) bool {
		c := e.info.ConversionOfExpr(a)
		at := e.typeOf(a).Canonical()
		return c != nil && c.Conv.Shape == types.ShapeSplat && (at.IsScalar() || at.VecSize() == 1)
	}
	var vecX, sclX ast.Expr
	switch {
	case splat(x.Y):
		vecX, sclX = x.X, x.Y
	case splat(x.X):
		vecX, sclX = x.Y, x.X
	default:
		return 0, false
	}
	isMat := ct.IsMatrix() && ct.Rows() > 1 && ct.Cols() > 1
	// DXC evaluates the vector or matrix operand first, on either side.
	v := e.rvalue(vecX)
	s := e.splatOperand(sclX, types.ScalarType(ct.Scalar()))
	op := spv.OpVectorTimesScalar
	if isMat {
		op = spv.OpMatrixTimesScalar
	}
	return e.fb.Emit(op, e.typeID(ct), builder.Ref(v), builder.Ref(s)), true
}

// arith emits l op r on operands of type operand giving type result.
func (e *emitter) arith(op ast.Op, operand, result *types.Type, l, r builder.ID) builder.ID {
	return e.arithAt(op, operand, result, l, r, [2]diag.Pos{})
}

// arithAt is arith where the operands were written at pos (for the debug
// lines of a matrix's rows; invalid positions keep the emitter's).
func (e *emitter) arithAt(op ast.Op, operand, result *types.Type, l, r builder.ID, pos [2]diag.Pos) builder.ID {
	c := operand.Canonical()
	if c.IsMatrix() && c.Rows() > 1 && c.Cols() > 1 {
		rc := result.Canonical()
		return e.perRowBinary(op, c, rc, l, r, pos)
	}
	s := c.Scalar()
	if op == ast.Shl || op == ast.Shr {
		// DXC masks the shift amount by the bit width minus one.
		mask := e.splatConst(operand, float64(s.SPIRVBits()-1))
		r = e.fb.Emit(spv.OpBitwiseAnd, e.typeID(operand), builder.Ref(r), builder.Ref(mask))
	}
	opc := binaryOpcode(op, s)
	if opc == spv.OpNop {
		e.errorf(e.pos, "operator '%s' is not supported on %s", op, operand)
	}
	return e.fb.Emit(opc, e.typeID(result), builder.Ref(l), builder.Ref(r))
}

// perRowBinary applies op row by row. As DXC places them, each operand's
// row is extracted where the operand starts, the operation stays where
// the emitter is, and the result matrix is built where the left operand
// starts.
func (e *emitter) perRowBinary(op ast.Op, mt, result *types.Type, l, r builder.ID, pos [2]diag.Pos) builder.ID {
	rows := mt.Rows()
	rowT := types.Vec(mt.Scalar(), mt.Cols())
	resRow := types.Vec(result.Scalar(), mt.Cols())
	parts := make([]builder.ID, rows)
	loc, rng := e.dbg.loc, e.dbg.locRange
	at := func(p diag.Pos) {
		if p.IsValid() {
			e.dbg.loc, e.dbg.locRange = p, [2]diag.Pos{}
		}
	}
	for i := range parts {
		at(pos[0])
		a := e.fb.CompositeExtract(e.typeID(rowT), l, uint32(i))
		at(pos[1])
		b := e.fb.CompositeExtract(e.typeID(rowT), r, uint32(i))
		e.dbg.loc, e.dbg.locRange = loc, rng
		parts[i] = e.arith(op, rowT, resRow, a, b)
	}
	if pos[0].IsValid() {
		e.dbg.loc = pos[0]
	}
	id := e.fb.CompositeConstruct(e.typeID(result), parts...)
	e.dbg.loc = loc
	return id
}

// binaryOpcode picks the opcode of op on components of kind s.
func binaryOpcode(op ast.Op, s types.Scalar) spv.Op {
	f, u, b := s.IsFloat(), s.IsUnsigned(), s.IsBool()
	pick := func(fl, sg, un spv.Op) spv.Op {
		switch {
		case f:
			return fl
		case u:
			return un
		}
		return sg
	}
	switch op {
	case ast.Add, ast.AddAssign:
		return pick(spv.OpFAdd, spv.OpIAdd, spv.OpIAdd)
	case ast.Sub, ast.SubAssign:
		return pick(spv.OpFSub, spv.OpISub, spv.OpISub)
	case ast.Mul, ast.MulAssign:
		return pick(spv.OpFMul, spv.OpIMul, spv.OpIMul)
	case ast.Div, ast.DivAssign:
		return pick(spv.OpFDiv, spv.OpSDiv, spv.OpUDiv)
	case ast.Rem, ast.RemAssign:
		return pick(spv.OpFRem, spv.OpSRem, spv.OpUMod)
	case ast.BitAnd, ast.AndAssign:
		if b {
			return spv.OpLogicalAnd
		}
		return spv.OpBitwiseAnd
	case ast.BitOr, ast.OrAssign:
		if b {
			return spv.OpLogicalOr
		}
		return spv.OpBitwiseOr
	case ast.BitXor, ast.XorAssign:
		if b {
			return spv.OpLogicalNotEqual
		}
		return spv.OpBitwiseXor
	case ast.Shl, ast.ShlAssign:
		return spv.OpShiftLeftLogical
	case ast.Shr, ast.ShrAssign:
		if u {
			return spv.OpShiftRightLogical
		}
		return spv.OpShiftRightArithmetic
	case ast.Eq:
		if b {
			return spv.OpLogicalEqual
		}
		return pick(spv.OpFOrdEqual, spv.OpIEqual, spv.OpIEqual)
	case ast.Ne:
		if b {
			return spv.OpLogicalNotEqual
		}
		return pick(spv.OpFOrdNotEqual, spv.OpINotEqual, spv.OpINotEqual)
	case ast.Lt:
		return pick(spv.OpFOrdLessThan, spv.OpSLessThan, spv.OpULessThan)
	case ast.Le:
		return pick(spv.OpFOrdLessThanEqual, spv.OpSLessThanEqual, spv.OpULessThanEqual)
	case ast.Gt:
		return pick(spv.OpFOrdGreaterThan, spv.OpSGreaterThan, spv.OpUGreaterThan)
	case ast.Ge:
		return pick(spv.OpFOrdGreaterThanEqual, spv.OpSGreaterThanEqual, spv.OpUGreaterThanEqual)
	}
	return spv.OpNop
}

// shortCircuits reports whether && or || branches: under HLSL 2021 on
// scalars, as in DXC.
func (e *emitter) shortCircuits(x *ast.BinaryExpr) bool {
	if e.opts.HLSLVersion < 2021 {
		return false
	}
	t := e.info.TypeOfExpr(x)
	return t != nil && (t.Canonical().IsScalar() || t.Canonical().VecSize() == 1)
}

// condBranches reports whether ?: branches: under HLSL 2021 with a scalar
// condition.
func (e *emitter) condBranches(x *ast.CondExpr) bool {
	if e.opts.HLSLVersion < 2021 {
		return false
	}
	t := e.info.TypeOfExpr(x.Cond)
	return t != nil && (t.Canonical().IsScalar() || t.Canonical().VecSize() == 1)
}

// shortCircuit emits a && b or a || b through a temporary and a branch.
func (e *emitter) shortCircuit(x *ast.BinaryExpr) builder.ID {
	fb := e.fb
	boolT := e.b.TypeBool()
	name := "temp.var.logical.and"
	if x.Op == ast.LogOr {
		name = "temp.var.logical.or"
	}
	tmp := fb.Variable(e.b.TypePointer(spv.StorageClassFunction, boolT), name, 0)
	l := e.rvalue(x.X)
	fb.Store(tmp, e.b.ConstBool(x.Op == ast.LogOr))
	rhs, merge := fb.NewBlock("logical.lhs.cond"), fb.NewBlock("logical.merge")
	if x.Op == ast.LogOr {
		l = fb.Emit(spv.OpLogicalNot, boolT, builder.Ref(l))
	}
	fb.Emit(spv.OpSelectionMerge, 0, builder.Ref(merge), builder.Enum(spv.SelectionControlNone))
	fb.BranchConditional(l, rhs, merge)
	fb.StartBlock(rhs)
	r := e.rvalue(x.Y)
	fb.Store(tmp, r)
	fb.Branch(merge)
	fb.StartBlock(merge)
	return fb.Load(boolT, tmp)
}

// cond emits c ? a : b.
func (e *emitter) cond(x *ast.CondExpr) value {
	return e.condTyped(x, concreteType(e.typeOf(x)))
}

// literalCondType is the type DXC gives c ? 1 : 0 (literal branches) used
// as t: a signed integer (or float) of t's width, bitcast afterwards.
func (e *emitter) literalCondType(x ast.Expr, t *types.Type) (*types.Type, bool) {
	c, ok := unparen(x).(*ast.CondExpr)
	if !ok {
		return nil, false
	}
	xt := e.typeOf(c)
	ct := concreteType(t).Canonical()
	if !xt.Canonical().Scalar().IsLiteral() || !numeric(ct) {
		return nil, false
	}
	if _, ok := e.foldable(c); ok {
		return nil, false
	}
	bits := e.scalarBits(ct.Scalar())
	s := xt.Canonical().Scalar()
	var k types.Scalar
	switch {
	case s == types.LiteralInt && ct.Scalar().IsInteger():
		k = intOfWidth(false, bits)
	case s == types.LiteralInt:
		// an int, or a 64-bit int when a value does not fit
		k = types.Int
		if !e.literalsFit32(c) {
			k = types.Int64
		}
	case s == types.LiteralFloat && ct.Scalar().IsFloat():
		k = ct.Scalar()
	case s == types.LiteralFloat:
		k = types.Float
	default:
		return nil, false
	}
	return xt.Canonical().WithScalar(k), true
}

// condTyped emits c ? a : b with the result of type ct.
func (e *emitter) condTyped(x *ast.CondExpr, ct *types.Type) value {
	t := ct
	if k, ok := e.constant(x, ct); ok {
		return rv(k, t)
	}
	if e.condBranches(x) {
		fb := e.fb
		tmp := fb.Variable(e.ptrType(spv.StorageClassFunction, ct, layout.Void), "temp.var.ternary", 0)
		c := e.condition(x.Cond)
		lhs, rhs, merge := fb.NewBlock("ternary.lhs"), fb.NewBlock("ternary.rhs"), fb.NewBlock("ternary.merge")
		fb.Emit(spv.OpSelectionMerge, 0, builder.Ref(merge), builder.Enum(spv.SelectionControlNone))
		fb.BranchConditional(c, lhs, rhs)
		fb.StartBlock(lhs)
		fb.Store(tmp, e.branchValue(x.X, ct))
		fb.Branch(merge)
		fb.StartBlock(rhs)
		fb.Store(tmp, e.branchValue(x.Y, ct))
		fb.Branch(merge)
		fb.StartBlock(merge)
		return rv(fb.Load(e.typeID(ct), tmp), t)
	}
	// The condition (converted to bool, splatted for a vector result) is
	// evaluated first, then both values.
	cid := e.rvalue(x.Cond)
	condT := e.typeOf(x.Cond).Canonical()
	if c := e.info.ConversionOfExpr(x.Cond); c != nil {
		condT = c.To.Canonical()
	}
	if !condT.Scalar().IsBool() {
		cid = e.convert(cid, concreteType(condT), condT.WithScalar(types.Bool))
	}
	rc := ct.Canonical()
	scalarCond := flatCount(condT) == 1
	if spirvVector(rc) && scalarCond {
		parts := make([]builder.ID, flatCount(rc))
		for i := range parts {
			parts[i] = cid
		}
		cid = e.fb.CompositeConstruct(e.typeID(types.Vec(types.Bool, flatCount(rc))), parts...)
	}
	a := e.branchValue(x.X, ct)
	b := e.branchValue(x.Y, ct)
	if (rc.IsMatrix() && flatCount(rc) > 1 && !spirvVector(rc)) || !numeric(rc) {
		if !scalarCond && rc.IsMatrix() {
			// a per-component select on a matrix: row by row
			return rv(e.perRowSelect(rc, cid, a, b), t)
		}
		// OpSelect cannot pick composites before SPIR-V 1.4: DXC
		// branches into a temporary.
		fb := e.fb
		tmp := fb.Variable(e.ptrType(spv.StorageClassFunction, ct, layout.Void), "temp.var.ternary", 0)
		sel := fb.BeginIf(cid, true, spv.SelectionControlNone)
		fb.Store(tmp, a)
		fb.Else(sel)
		fb.Store(tmp, b)
		fb.EndIf(sel)
		return rv(fb.Load(e.typeID(ct), tmp), t)
	}
	return rv(e.fb.Emit(spv.OpSelect, e.typeID(ct), builder.Ref(cid), builder.Ref(a), builder.Ref(b)), t)
}

// branchValue is a ?: operand as type ct; a nested ?: of literals takes
// the type as it is.
func (e *emitter) branchValue(x ast.Expr, ct *types.Type) builder.ID {
	if c, ok := unparen(x).(*ast.CondExpr); ok && e.typeOf(c).Canonical().Scalar().IsLiteral() {
		if _, folds := e.foldable(c); !folds {
			return e.condTyped(c, ct).id
		}
	}
	return e.rvalueAs(x, ct)
}

func (e *emitter) perRowSelect(mt *types.Type, c, a, b builder.ID) builder.ID {
	rowT := types.Vec(mt.Scalar(), mt.Cols())
	condRow := types.Vec(types.Bool, mt.Cols())
	parts := make([]builder.ID, mt.Rows())
	for i := range parts {
		cr := e.fb.CompositeExtract(e.typeID(condRow), c, uint32(i))
		ar := e.fb.CompositeExtract(e.typeID(rowT), a, uint32(i))
		br := e.fb.CompositeExtract(e.typeID(rowT), b, uint32(i))
		parts[i] = e.fb.Emit(spv.OpSelect, e.typeID(rowT), builder.Ref(cr), builder.Ref(ar), builder.Ref(br))
	}
	return e.fb.CompositeConstruct(e.typeID(mt), parts...)
}

// assign emits = and the compound assignments; the value is the lvalue.
func (e *emitter) assign(x *ast.AssignExpr) value {
	if x.Op == ast.Assign && holdsResource(e.typeOf(x.L)) {
		e.needLegalization("an assignment of a resource") // legalneeds.go
	}
	if v, ok := e.meshAssign(x); ok { // mesh.go
		return v
	}
	if x.Op == ast.Assign {
		lt := e.typeOf(x.L)
		if holdsResource(lt) {
			if dst, ok := e.counterRef(x.L, lt); ok { // rescounters.go
				e.assignCounters(dst, x.R, lt)
			}
		}
		var r builder.ID
		if il, ok := x.R.(*ast.InitList); ok {
			r = e.initList(lt, il.Elems)
		} else if holdsResource(lt) {
			r = e.rvalueAs(x.R, lt)
		} else if id, ok := e.copyAcrossLayouts(x); ok {
			return id
		} else {
			r = e.rvalueAs(x.R, lt)
		}
		l := e.fixAddr(e.expr(x.L))
		e.assignTo(l, r)
		l.loaded = r
		return l
	}
	base, _ := x.Op.CompoundBase()
	rt := e.typeOf(x.R)
	res := types.BinaryTypes(binaryOpClass(base), e.typeOf(x.L), rt)
	operand := concreteType(res.Operand)
	if operand == nil || res.Result == nil {
		e.errorf(x.Pos(), "invalid operands to compound assignment")
	}
	// v *= s on floats is OpVectorTimesScalar / OpMatrixTimesScalar; any
	// other right operand is converted (splat, component type) before the
	// left one is read, as DXC evaluates the converted RHS first.
	oc := operand.Canonical()
	rc := rt.Canonical()
	timesScalar := base == ast.Mul && operand.Scalar().IsFloat() && flatCount(oc) > 1 && flatCount(rc) == 1 && numeric(rc)
	rTo := operand
	if timesScalar {
		rTo = types.ScalarType(operand.Scalar())
	}
	var rID builder.ID
	if timesScalar {
		rID = e.splatOperand(x.R, rTo)
	} else {
		rID = e.rvalueAs(x.R, rTo)
	}
	l := e.fixAddr(e.expr(x.L))
	lt := l.typ
	old := e.load(l)
	lv := e.convert(old, lt, operand)
	var nv builder.ID
	if timesScalar {
		op := spv.OpVectorTimesScalar
		if oc.IsMatrix() && oc.Rows() > 1 && oc.Cols() > 1 {
			op = spv.OpMatrixTimesScalar
		}
		nv = e.fb.Emit(op, e.typeID(operand), builder.Ref(lv), builder.Ref(rID))
	} else {
		nv = e.arith(base, operand, concreteType(res.Result), lv, rID)
	}
	nv = e.convert(nv, concreteType(res.Result), lt)
	e.assignTo(e.writeBackTarget(x.L, l), nv)
	if l.texel != nil {
		l.loaded = nv // a texel's new value is the one written
	}
	return l
}

// copyAcrossLayouts emits a = b for a struct or array b read from a buffer
// (another layout than a's): as DXC, the value is loaded, the left side's
// address computed, and only then is the value rebuilt in a's layout.
func (e *emitter) copyAcrossLayouts(x *ast.AssignExpr) (value, bool) {
	lt := e.typeOf(x.L)
	c := lt.Canonical()
	if !(c.IsStruct() || c.IsArray()) || e.info.ConversionOfExpr(x.R) != nil {
		return value{}, false
	}
	r := e.expr(x.R)
	if !r.ptr || r.swz != nil || r.rule == layout.Void {
		if r.ptr {
			v := e.load(r)
			l := e.expr(x.L)
			e.assignTo(l, v)
			l.loaded = v
			return l, true
		}
		l := e.expr(x.L)
		e.assignTo(l, r.id)
		l.loaded = r.id
		return l, true
	}
	rp := e.addr(r)
	raw := e.fb.Load(e.blockType(rp, e.typeIn(r.typ, r.rule)), rp)
	l := e.fixAddr(e.expr(x.L))
	if !l.ptr || l.swz != nil {
		e.errorf(x.Pos(), "expression is not assignable")
	}
	vt, block := r.typ, false
	if vt.Canonical().IsObject() {
		// an element of an array of ConstantBuffer<T>/TextureBuffer<T>,
		// read as its T (its Block type): copied member by member
		vt, block = lt, true
	}
	val := e.relayoutCopy(raw, vt, r.rule, l.rule, !block)
	e.fb.Store(l.id, val)
	return l, true
}

// assignTo stores into an lvalue; a matrix swizzle lvalue writes element
// by element.
func (e *emitter) assignTo(l value, r builder.ID) {
	e.store(l, r)
}

// binaryOpClass describes op for types.BinaryTypes.
func binaryOpClass(op ast.Op) types.BinaryOp {
	switch op {
	case ast.Div:
		return types.BinaryOp{Class: types.OpArithmetic, DivOrRem: true}
	case ast.Rem:
		return types.BinaryOp{Class: types.OpArithmetic, DivOrRem: true, Rem: true}
	case ast.BitAnd, ast.BitOr, ast.BitXor:
		return types.BinaryOp{Class: types.OpBitwise}
	case ast.Shl, ast.Shr:
		return types.BinaryOp{Class: types.OpShift}
	case ast.Eq, ast.Ne, ast.Lt, ast.Gt, ast.Le, ast.Ge:
		return types.BinaryOp{Class: types.OpComparison}
	case ast.LogAnd, ast.LogOr:
		return types.BinaryOp{Class: types.OpLogical}
	}
	return types.BinaryOp{Class: types.OpArithmetic}
}

// literalsFit32 reports whether the constant branches of a ?: of literal
// ints (nested ones included) fit in an int.
func (e *emitter) literalsFit32(c *ast.CondExpr) bool {
	return e.literalArgsFit32(c.X, c.Y)
}

// literalInts reports whether every operand is an integer literal (of
// the literal int type).
func (e *emitter) literalInts(xs ...ast.Expr) bool {
	for _, x := range xs {
		if t := e.info.TypeOfExpr(x); t == nil || t.Canonical().Scalar() != types.LiteralInt {
			return false
		}
	}
	return true
}

// literalArgsFit32 reports whether every operand that folds to an integer
// fits in 32 bits (a literal that does not is a 64-bit int in DXC).
func (e *emitter) literalArgsFit32(xs ...ast.Expr) bool {
	for _, b := range xs {
		if n, ok := unparen(b).(*ast.CondExpr); ok {
			if !e.literalsFit32(n) {
				return false
			}
			continue
		}
		if v, ok := e.foldable(b); ok && len(v.Elems) == 1 {
			if n, ok := v.Elems[0].Int64(); ok && (n < -1<<31 || n > 1<<31-1) {
				return false
			}
		}
	}
	return true
}

// splatOperand is the scalar of v * s as DXC evaluates it: the operand of
// the splat, which for an operator on constants (-1.f) is not folded when
// no conversion applies to it (clang folds only at conversions).
func (e *emitter) splatOperand(x ast.Expr, t *types.Type) builder.ID {
	xt := concreteType(e.typeOf(x)).Canonical()
	if flatCount(xt) != 1 || xt.Kind() != types.Basic || e.typeID(xt) != e.typeID(t) {
		return e.rvalueAs(x, t) // converted: folded at the conversion
	}
	switch y := unparen(x).(type) {
	case *ast.UnaryExpr:
		if y.Op == ast.Neg {
			v := e.rvalueAs(y.X, t)
			return e.fb.Emit(negateOp(t), e.typeID(t), builder.Ref(v))
		}
	case *ast.BinaryExpr:
		switch y.Op {
		case ast.Add, ast.Sub, ast.Mul, ast.Div:
			l, r := e.rvalueAs(y.X, t), e.rvalueAs(y.Y, t)
			return e.arith(y.Op, t, t, l, r)
		}
	}
	return e.rvalueAs(x, t)
}
