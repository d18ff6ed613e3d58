package types

import "fmt"

// OpClass groups binary operators by how HLSL types them.
type OpClass uint8

const (
	OpArithmetic OpClass = iota // + - * / %
	OpBitwise                   // & | ^
	OpShift                     // << >>
	OpComparison                // < <= > >= == !=
	OpLogical                   // && ||
)

// BinaryProblem is why a binary operation is ill-typed (or worth a warning).
type BinaryProblem uint8

const (
	BinaryOK             BinaryProblem = iota
	BinaryTypeMismatch                 // components cannot be combined
	BinaryShapeMismatch                // dimensions cannot be combined
	BinaryNotNumeric                   // "scalar, vector, or matrix expected"
	BinaryIntRequired                  // "int or unsigned int type required"
	BinaryLogicalScalar                // HLSL 2021: && and || take scalars only
	BinaryMinIntDivision               // "signed integer division is not supported on minimum-precision types"
	BinaryDoubleModulo                 // "modulo cannot be used with doubles, cast to float first"
)

// BinaryOp describes a binary operator for BinaryTypes.
type BinaryOp struct {
	Class    OpClass
	DivOrRem bool // / or %: min-precision signed ints rejected
	Rem      bool // %: doubles rejected
	HLSL2021 bool // -HV 2021: logical operators take scalars only
}

// BinaryResult is the typing of a binary operation: both operands are
// converted to Operand, and the expression has type Result (Operand's
// shape with bool components for comparisons and logical operators).
type BinaryResult struct {
	Operand  *Type
	Result   *Type
	Problem  BinaryProblem
	Truncate bool // an operand loses components: DXC warns "implicit truncation of vector type"
	// AmbiguousLiteralShift is DXC's warning for 'literal << non-literal'.
	AmbiguousLiteralShift bool
}

// BinaryTypes applies the usual arithmetic conversions to l op r.
func BinaryTypes(op BinaryOp, l, r *Type) BinaryResult {
	lc, rc := l.Canonical(), r.Canonical()
	if lc.Kind() == Invalid || rc.Kind() == Invalid {
		return BinaryResult{Operand: InvalidType(), Result: InvalidType()}
	}
	numeric := func(t *Type) bool {
		switch t.Kind() {
		case Basic, Vector, Matrix, Enum:
			return true
		}
		return false
	}
	if !numeric(lc) || !numeric(rc) {
		return BinaryResult{Problem: BinaryNotNumeric}
	}
	ls, rs := lc.Scalar(), rc.Scalar()
	var res BinaryResult
	elem := ls
	switch {
	case op.Class == OpLogical:
		if op.HLSL2021 && (lc.Kind() != Basic && lc.Kind() != Enum || rc.Kind() != Basic && rc.Kind() != Enum) {
			return BinaryResult{Problem: BinaryLogicalScalar}
		}
		elem = Bool
	case op.Class != OpShift && ls != rs:
		var ok bool
		if elem, ok = CombineScalars(ls, rs); !ok {
			return BinaryResult{Problem: BinaryTypeMismatch}
		}
	case op.Class == OpShift && ls.IsLiteral() && !rs.IsLiteral():
		res.AmbiguousLiteralShift = true
		if rs == Uint {
			elem = Uint
		} else {
			elem = Int
		}
	}
	if elem == Bool && (op.Class == OpArithmetic || op.Class == OpBitwise || op.Class == OpShift) {
		elem = Int
	}
	if (op.Class == OpBitwise || op.Class == OpShift) && !(elem.IsInteger()) {
		return BinaryResult{Problem: BinaryIntRequired}
	}
	if op.Class == OpShift && !rs.IsInteger() && rs != Bool {
		return BinaryResult{Problem: BinaryIntRequired}
	}
	shape, ok := CombineShapes(lc, rc)
	if !ok {
		return BinaryResult{Problem: BinaryShapeMismatch}
	}
	if shape.ComponentCount() < lc.ComponentCount() || shape.ComponentCount() < rc.ComponentCount() {
		res.Truncate = op.Class != OpShift || shape.ComponentCount() < lc.ComponentCount()
	}
	res.Operand = shape.Canonical().WithScalar(elem)
	if res.Operand == nil { // an enum operand
		res.Operand = ScalarType(elem)
	}
	res.Result = res.Operand
	if op.Class == OpComparison || op.Class == OpLogical {
		res.Result = res.Operand.WithScalar(Bool)
	}
	if op.DivOrRem && (elem == Min16Int || elem == Min12Int) {
		res.Problem = BinaryMinIntDivision
	}
	if op.Rem && elem == Double {
		res.Problem = BinaryDoubleModulo
	}
	return res
}

// UnaryOp is a unary operator for UnaryTypes.
type UnaryOp uint8

const (
	UnaryPlus   UnaryOp = iota // +x
	UnaryMinus                 // -x
	UnaryBitNot                // ~x
	UnaryLogNot                // !x
	UnaryIncDec                // ++x, x++, --x, x--
)

// UnaryProblem is why a unary operation is ill-typed.
type UnaryProblem uint8

const (
	UnaryOK          UnaryProblem = iota
	UnaryNotNumeric               // "scalar, vector, or matrix expected"
	UnaryIntRequired              // "int or unsigned int type required"
	UnaryBoolLvalue               // "operator cannot be used with a bool lvalue"
	UnaryEnumIncDec               // ++/-- on an enum
)

// UnaryTypes types op x as DXC does: +, - and ~ turn bool into int; ~
// needs integers; ! gives bool of the operand's shape; ++ and -- reject
// bool and enums (the checker also requires a modifiable lvalue).
func UnaryTypes(op UnaryOp, x *Type) (*Type, UnaryProblem) {
	c := x.Canonical()
	if c.Kind() == Invalid {
		return InvalidType(), UnaryOK
	}
	switch c.Kind() {
	case Basic, Vector, Matrix, Enum:
	default:
		return nil, UnaryNotNumeric
	}
	s := c.Scalar()
	switch op {
	case UnaryIncDec:
		if c.Kind() == Enum {
			return nil, UnaryEnumIncDec
		}
		if s == Bool {
			return nil, UnaryBoolLvalue
		}
		return x, UnaryOK
	case UnaryLogNot:
		return shapeWith(c, Bool), UnaryOK
	}
	if s == Bool {
		s = Int
	}
	if op == UnaryBitNot && !s.IsInteger() {
		return nil, UnaryIntRequired
	}
	if c.Kind() == Enum || s != c.Scalar() {
		return shapeWith(c, s), UnaryOK
	}
	return x, UnaryOK
}

func shapeWith(c *Type, s Scalar) *Type {
	if c.Kind() == Enum {
		return ScalarType(s)
	}
	return c.WithScalar(s)
}

// ConditionalTypes types cond ? l : r as DXC does. HLSL 2021 requires a
// scalar condition (vectors use select()); earlier versions select per
// component. The branches combine like a binary operator's operands; a
// non-scalar condition must match the result's dimensions, and a scalar
// result takes the condition's. Identical object types pass through.
// The error, if any, is DXC's message.
func ConditionalTypes(cond, l, r *Type, hlsl2021 bool) (*Type, error) {
	cc, lc, rc := cond.Canonical(), l.Canonical(), r.Canonical()
	if cc.Kind() == Invalid || lc.Kind() == Invalid || rc.Kind() == Invalid {
		return InvalidType(), nil
	}
	if hlsl2021 && (cc.Kind() == Vector || cc.Kind() == Matrix) {
		return nil, errTernaryScalar
	}
	if !isNumericShape(cc) {
		return nil, errCondTypecheck
	}
	if !isNumericShape(lc) || !isNumericShape(rc) {
		if lc.Kind() == ObjectK && lc == rc {
			return l, nil
		}
		return nil, errCondResult
	}
	elem := lc.Scalar()
	if elem != rc.Scalar() {
		var ok bool
		if elem, ok = CombineScalars(elem, rc.Scalar()); !ok {
			return nil, errCondComp
		}
	}
	shape, ok := CombineShapes(lc, rc)
	if !ok {
		return nil, errCondDims
	}
	_, rows, cols := shapeOf(shape.Canonical())
	_, cr, ccols := shapeOf(cc)
	if rows*cols == 1 {
		rows, cols = cr, ccols
	} else if cr*ccols != 1 && (cr != rows || ccols != cols) {
		return nil, errCondMismatch
	}
	switch {
	case rows == 1 && cols == 1:
		return ScalarType(elem), nil
	case rows == 1 && cc.Kind() != Matrix && shape.Canonical().Kind() != Matrix:
		return Vec(elem, cols), nil
	}
	return Mat(elem, rows, cols), nil
}

var (
	errTernaryScalar = fmt.Errorf("condition for short-circuiting ternary operator must be scalar, for non-scalar types use 'select'")
	errCondTypecheck = fmt.Errorf("conditional operator only supports condition with scalar, vector, or matrix types convertible to bool.")
	errCondResult    = fmt.Errorf("conditional operator only supports results with numeric scalar, vector, or matrix types.")
	errCondMismatch  = fmt.Errorf("conditional operator condition and result dimensions mismatch.")
	errCondDims      = fmt.Errorf("conditional operator result dimensions mismatch.")
	errCondComp      = fmt.Errorf("conditional operator result component types mismatch.")
)
