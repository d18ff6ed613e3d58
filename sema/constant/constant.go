// Package constant holds compile-time values and HLSL's arithmetic on
// them, for array sizes, template arguments, switch cases, static const
// initialisers and folding. A Value is a scalar of one HLSL component
// kind (sema/types.Scalar); arithmetic follows the usual arithmetic
// conversions of types.CombineScalars and wraps or rounds to the kind's
// width, as the generated code would.
//
// Files: constant.go holds Value and its arithmetic; composite.go
// constant vectors and matrices; literal.go the parsing of numeric
// literals.
package constant

import (
	"errors"
	"github.com/hlsl2spirv/hlsl2spirv/internal/half"
	"math"
	"strconv"

	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Value is a scalar constant. The zero Value is invalid.
type Value struct {
	kind types.Scalar
	bits uint64  // bool (0/1) and integers: the value, wrapped to the kind's width (sign-extended when signed)
	f    float64 // floats: the value, rounded to the kind's precision
}

// Bool makes a bool constant.
func Bool(b bool) Value {
	if b {
		return Value{kind: types.Bool, bits: 1}
	}
	return Value{kind: types.Bool}
}

// Int makes an integer constant of kind k (wrapped to its width).
func Int(k types.Scalar, v int64) Value { return Value{kind: k, bits: wrap(k, uint64(v))} }

// Uint makes an integer constant of kind k from an unsigned value.
func Uint(k types.Scalar, v uint64) Value { return Value{kind: k, bits: wrap(k, v)} }

// Float makes a floating constant of kind k (rounded to its precision).
func Float(k types.Scalar, v float64) Value { return Value{kind: k, f: round(k, v)} }

// Kind is the value's component kind; NoScalar for the invalid value.
func (v Value) Kind() types.Scalar { return v.kind }

// IsValid reports whether v holds a value.
func (v Value) IsValid() bool { return v.kind != types.NoScalar }

func isFloatKind(k types.Scalar) bool { return k.IsFloat() }

// evalBits is the width integers of kind k compute in: literal ints as
// 64-bit, min-precision and packed kinds as 32-bit.
func evalBits(k types.Scalar) int {
	switch k {
	case types.Int16, types.Uint16:
		return 16
	case types.Int64, types.Uint64, types.LiteralInt:
		return 64
	case types.Bool:
		return 1
	}
	return 32
}

func signed(k types.Scalar) bool { return k.IsSigned() || k == types.LiteralInt }

// wrap truncates x to k's width, sign-extending signed kinds.
func wrap(k types.Scalar, x uint64) uint64 {
	n := evalBits(k)
	if k == types.Bool {
		if x != 0 {
			return 1
		}
		return 0
	}
	if n == 64 {
		return x
	}
	mask := uint64(1)<<n - 1
	x &= mask
	if signed(k) && x&(1<<(n-1)) != 0 {
		x |= ^mask
	}
	return x
}

// round rounds f to k's precision: half to binary16, float and the
// min-precision and 32-bit half kinds to binary32, double and literal
// float kept as float64.
func round(k types.Scalar, f float64) float64 {
	switch k {
	case types.Float16:
		return half.ToFloat64(half.FromFloat64(f, half.ToNearestEven))
	case types.Double, types.LiteralFloat:
		return f
	}
	return float64(float32(f))
}

// Int64 returns v as a signed integer (floats truncated toward zero);
// ok is false for floats that do not fit.
func (v Value) Int64() (int64, bool) {
	if isFloatKind(v.kind) {
		t := math.Trunc(v.f)
		if math.IsNaN(t) || t < math.MinInt64 || t >= math.MaxInt64 {
			return 0, false
		}
		return int64(t), true
	}
	return int64(v.bits), v.IsValid()
}

// Uint64 returns v's integer bits as unsigned.
func (v Value) Uint64() (uint64, bool) {
	if isFloatKind(v.kind) {
		i, ok := v.Int64()
		return uint64(i), ok && i >= 0
	}
	if !signed(v.kind) || int64(v.bits) >= 0 {
		return v.bits, v.IsValid()
	}
	return v.bits, false
}

// Float64 returns v as a float64.
func (v Value) Float64() float64 {
	switch {
	case isFloatKind(v.kind):
		return v.f
	case signed(v.kind):
		return float64(int64(v.bits))
	}
	return float64(v.bits)
}

// IsTrue reports whether v is nonzero (the condition of if, ?:, !).
func (v Value) IsTrue() bool {
	if isFloatKind(v.kind) {
		return v.f != 0
	}
	return v.bits != 0
}

// String formats v for diagnostics and tests: "true", "-3", "2.5".
func (v Value) String() string {
	switch {
	case !v.IsValid():
		return "<invalid>"
	case v.kind == types.Bool:
		return strconv.FormatBool(v.bits != 0)
	case isFloatKind(v.kind):
		bits := 64
		if v.kind != types.Double && v.kind != types.LiteralFloat {
			bits = 32
		}
		return strconv.FormatFloat(v.f, 'g', -1, bits)
	case signed(v.kind):
		return strconv.FormatInt(int64(v.bits), 10)
	}
	return strconv.FormatUint(v.bits, 10)
}

// Convert converts v to kind k as an implicit or explicit conversion
// does: to bool by comparing with zero; float to integer by truncation
// toward zero, saturating at the target's range (NaN gives 0), which is
// what the SPIR-V targets produce in practice; integers wrap.
func (v Value) Convert(k types.Scalar) Value {
	if !v.IsValid() || !k.IsNumeric() {
		return Value{}
	}
	switch {
	case k == types.Bool:
		return Bool(v.IsTrue())
	case isFloatKind(k):
		return Float(k, v.Float64())
	case isFloatKind(v.kind):
		return Value{kind: k, bits: floatToInt(k, v.f)}
	}
	return Value{kind: k, bits: wrap(k, v.bits)}
}

func floatToInt(k types.Scalar, f float64) uint64 {
	if math.IsNaN(f) {
		return 0
	}
	t := math.Trunc(f)
	n := evalBits(k)
	if signed(k) {
		lo, hi := -math.Ldexp(1, n-1), math.Ldexp(1, n-1)
		switch {
		case t < lo:
			return wrap(k, uint64(int64(lo)))
		case t >= hi:
			return wrap(k, uint64(int64(hi-1)))
		}
		return wrap(k, uint64(int64(t)))
	}
	hi := math.Ldexp(1, n)
	switch {
	case t <= 0:
		return 0
	case t >= hi:
		return wrap(k, math.MaxUint64)
	}
	return wrap(k, uint64(t))
}

// Op is an operator on constants.
type Op uint8

const (
	Add Op = iota
	Sub
	Mul
	Div
	Rem
	Shl
	Shr
	And
	Or
	Xor
	LogAnd
	LogOr
	Eql
	Neq
	Lss
	Leq
	Gtr
	Geq
	Neg // unary -
	Not // unary ~
	LogNot
	Plus // unary +
)

// Errors of constant evaluation; the checker turns them into diagnostics.
var (
	ErrDivByZero  = errors.New("division by zero is undefined")
	ErrRemByZero  = errors.New("remainder by zero is undefined")
	ErrNeedsInt   = errors.New("int or unsigned int type required")
	ErrInvalidOp  = errors.New("invalid operands to constant expression")
	ErrMinIntDiv  = errors.New("signed integer division is not supported on minimum-precision types, cast to int to use 32-bit division")
	ErrDoubleMod  = errors.New("modulo cannot be used with doubles, cast to float first")
	errNotNumeric = errors.New("not a numeric constant")
)

// Binary evaluates a op b with HLSL's usual arithmetic conversions. The
// result of a comparison or logical operator is bool; of a shift, the left
// operand's kind; otherwise the combined kind (bool operands of arithmetic
// become int, as in DXC).
func Binary(op Op, a, b Value) (Value, error) {
	if !a.IsValid() || !b.IsValid() {
		return Value{}, errNotNumeric
	}
	switch op {
	case LogAnd:
		return Bool(a.IsTrue() && b.IsTrue()), nil
	case LogOr:
		return Bool(a.IsTrue() || b.IsTrue()), nil
	case Shl, Shr:
		k := a.kind
		if k == types.Bool {
			k = types.Int
		}
		if isFloatKind(k) || isFloatKind(b.kind) {
			return Value{}, ErrNeedsInt
		}
		x := a.Convert(k)
		// The shift count is masked to the width, as DXC's code does.
		amt := b.bits & uint64(evalBits(k)-1)
		if op == Shl {
			return Value{kind: k, bits: wrap(k, x.bits<<amt)}, nil
		}
		if signed(k) {
			return Value{kind: k, bits: wrap(k, uint64(int64(x.bits)>>amt))}, nil
		}
		return Value{kind: k, bits: wrap(k, (x.bits&widthMask(k))>>amt)}, nil
	}
	k, ok := types.CombineScalars(a.kind, b.kind)
	if !ok {
		return Value{}, ErrInvalidOp
	}
	switch op {
	case Eql, Neq, Lss, Leq, Gtr, Geq:
		return Bool(compare(op, a.Convert(k), b.Convert(k))), nil
	}
	if k == types.Bool {
		k = types.Int
	}
	x, y := a.Convert(k), b.Convert(k)
	if isFloatKind(k) {
		var r float64
		switch op {
		case Add:
			r = x.f + y.f
		case Sub:
			r = x.f - y.f
		case Mul:
			r = x.f * y.f
		case Div:
			r = x.f / y.f
		case Rem:
			if k == types.Double {
				return Value{}, ErrDoubleMod
			}
			r = math.Mod(x.f, y.f)
		default:
			return Value{}, ErrNeedsInt
		}
		return Float(k, r), nil
	}
	var r uint64
	sx, sy := int64(x.bits), int64(y.bits)
	switch op {
	case Add:
		r = x.bits + y.bits
	case Sub:
		r = x.bits - y.bits
	case Mul:
		r = x.bits * y.bits
	case Div, Rem:
		if (k == types.Min16Int || k == types.Min12Int) && signed(k) {
			return Value{}, ErrMinIntDiv
		}
		if y.bits == 0 {
			if op == Div {
				return Value{}, ErrDivByZero
			}
			return Value{}, ErrRemByZero
		}
		switch {
		case signed(k) && sy == -1:
			// x / -1 wraps for the most negative x instead of trapping.
			if op == Div {
				r = uint64(-sx)
			}
		case signed(k) && op == Div:
			r = uint64(sx / sy)
		case signed(k):
			r = uint64(sx % sy)
		case op == Div:
			r = (x.bits & widthMask(k)) / (y.bits & widthMask(k))
		default:
			r = (x.bits & widthMask(k)) % (y.bits & widthMask(k))
		}
	case And:
		r = x.bits & y.bits
	case Or:
		r = x.bits | y.bits
	case Xor:
		r = x.bits ^ y.bits
	default:
		return Value{}, ErrInvalidOp
	}
	return Value{kind: k, bits: wrap(k, r)}, nil
}

func widthMask(k types.Scalar) uint64 {
	n := evalBits(k)
	if n == 64 {
		return math.MaxUint64
	}
	return uint64(1)<<n - 1
}

func compare(op Op, x, y Value) bool {
	var c int
	switch {
	case isFloatKind(x.kind):
		if math.IsNaN(x.f) || math.IsNaN(y.f) {
			return op == Neq
		}
		c = cmpOrdered(x.f, y.f)
	case signed(x.kind):
		c = cmpOrdered(int64(x.bits), int64(y.bits))
	default:
		c = cmpOrdered(x.bits&widthMask(x.kind), y.bits&widthMask(y.kind))
	}
	switch op {
	case Eql:
		return c == 0
	case Neq:
		return c != 0
	case Lss:
		return c < 0
	case Leq:
		return c <= 0
	case Gtr:
		return c > 0
	}
	return c >= 0
}

func cmpOrdered[T int64 | uint64 | float64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Unary evaluates op v: -, ~, ! and +. Negating an unsigned value wraps;
// ! gives bool; ~ needs an integer (bool becomes int first).
func Unary(op Op, v Value) (Value, error) {
	if !v.IsValid() {
		return Value{}, errNotNumeric
	}
	switch op {
	case LogNot:
		return Bool(!v.IsTrue()), nil
	case Plus:
		return v, nil
	case Neg:
		if isFloatKind(v.kind) {
			return Float(v.kind, -v.f), nil
		}
		k := v.kind
		if k == types.Bool {
			k = types.Int
		}
		return Value{kind: k, bits: wrap(k, -v.bits)}, nil
	case Not:
		if isFloatKind(v.kind) {
			return Value{}, ErrNeedsInt
		}
		k := v.kind
		if k == types.Bool {
			k = types.Int
		}
		return Value{kind: k, bits: wrap(k, ^v.bits)}, nil
	}
	return Value{}, ErrInvalidOp
}
