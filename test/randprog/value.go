package randprog

import (
	"fmt"
	"math"
	"strings"
)

// Kind is a scalar component kind of the generated subset.
type Kind uint8

const (
	Bool Kind = iota
	Int
	Uint
	Float
	Half // float16_t under -enable-16bit-types
)

var kindNames = [...]string{Bool: "bool", Int: "int", Uint: "uint", Float: "float", Half: "half"}

func (k Kind) String() string { return kindNames[k] }

func (k Kind) isFloat() bool { return k == Float || k == Half }
func (k Kind) isInt() bool   { return k == Int || k == Uint }

// Type is a scalar (N == 1), a vector (N 2..4) or, with Rows > 0, a float
// matrix Rows x N. Array types and structs are in Var.
type Type struct {
	K    Kind
	N    int // components of a vector, columns of a matrix
	Rows int // 0 unless a matrix
}

func scalar(k Kind) Type { return Type{K: k, N: 1} }

// Comps is the number of scalar components.
func (t Type) Comps() int {
	if t.Rows > 0 {
		return t.Rows * t.N
	}
	return t.N
}

func (t Type) IsMatrix() bool { return t.Rows > 0 }

func (t Type) String() string {
	switch {
	case t.Rows > 0:
		return fmt.Sprintf("%s%dx%d", t.K, t.Rows, t.N)
	case t.N == 1:
		return t.K.String()
	}
	return fmt.Sprintf("%s%d", t.K, t.N)
}

// Value is a value of a Type: its components, row by row. Integers are
// kept as their 32-bit patterns (int32 sign-extended), floats as float64
// holding a value exactly representable in the kind (see exact), bools as
// 0 and 1.
type Value struct {
	T Type
	C []float64 // float components
	I []int64   // integer and bool components
}

func zero(t Type) Value {
	v := Value{T: t}
	if t.K.isFloat() {
		v.C = make([]float64, t.Comps())
	} else {
		v.I = make([]int64, t.Comps())
	}
	return v
}

func (v Value) clone() Value {
	w := Value{T: v.T}
	w.C = append([]float64(nil), v.C...)
	w.I = append([]int64(nil), v.I...)
	return w
}

// comp returns component i as a one-component value.
func (v Value) comp(i int) Value {
	w := Value{T: scalar(v.T.K)}
	if v.T.K.isFloat() {
		w.C = []float64{v.C[i]}
	} else {
		w.I = []int64{v.I[i]}
	}
	return w
}

// norm wraps an integer to its kind's 32 bits.
func norm(k Kind, x int64) int64 {
	switch k {
	case Int:
		return int64(int32(x))
	case Uint:
		return int64(uint32(x))
	case Bool:
		if x != 0 {
			return 1
		}
	}
	return x
}

// Float limits: every float value the programs compute is a multiple of
// 1/floatGrain below floatMax in magnitude, so that float32 arithmetic on
// it (and its conversions) is exact and every compiler and driver must give
// the same bits; half values keep to a coarser grid within half's 11 bits.
const (
	floatGrain = 256
	floatMax   = 32768
	halfGrain  = 4
	halfMax    = 512
)

// exact reports whether x may be a value of float kind k.
func exact(k Kind, x float64) bool {
	grain, lim := float64(floatGrain), float64(floatMax)
	if k == Half {
		grain, lim = halfGrain, halfMax
	}
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) >= lim {
		return false
	}
	s := x * grain
	return s == math.Trunc(s)
}

// bits is the 32-bit pattern of component i as the program writes it to
// its output (floats and halves as float32, bools as 0/1).
func (v Value) bits(i int) uint32 {
	if v.T.K.isFloat() {
		return math.Float32bits(float32(v.C[i]))
	}
	return uint32(v.I[i])
}

func (v Value) String() string {
	var parts []string
	for i := 0; i < v.T.Comps(); i++ {
		if v.T.K.isFloat() {
			parts = append(parts, fmt.Sprint(v.C[i]))
		} else {
			parts = append(parts, fmt.Sprint(v.I[i]))
		}
	}
	return v.T.String() + "(" + strings.Join(parts, ", ") + ")"
}
