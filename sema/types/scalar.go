// Package types is HLSL's type system for the semantic checker: scalars,
// vectors, matrices, arrays, structs, enums, typedefs, function signatures,
// template instances and every resource/object type, all interned so that
// identical types are pointer-equal. It also holds the built-in type-name
// table the token classifier needs, HLSL's implicit conversions and their
// ranking, and the usual arithmetic conversions of binary operators.
//
// It knows nothing of syntax trees or SPIR-V.
//
// Files: type.go holds Type and its kinds; scalar.go the scalar kinds;
// universe.go the interning Universe and its Config; object.go the
// resource and object kinds; nodes.go work-graph node objects; builtin.go
// the built-in type-name table; instantiate.go built-in templates;
// members.go swizzles and members; initlist.go initializer lists and
// constructors; convert.go implicit conversions, rank.go their ranking in
// overload resolution; binop.go the typing of binary operators.
package types

// Scalar is the component kind of a scalar, vector or matrix type.
//
// HLSL spells 'half' two ways: with -enable-16bit-types it is the 16-bit
// Float16 (the same type as float16_t); without it, it is HalfPP, a 32-bit
// float that keeps the name 'half' and, as in DXC, ranks as a
// partial-precision float. The min-precision types keep their identity so
// codegen can mark them RelaxedPrecision.
type Scalar uint8

const (
	NoScalar      Scalar = iota
	Bool                 // bool
	LiteralInt           // the type of an unsuffixed integer literal
	LiteralFloat         // the type of an unsuffixed floating literal
	Int16                // int16_t
	Uint16               // uint16_t
	Int                  // int, int32_t
	Uint                 // uint, dword, unsigned int, uint32_t
	Int64                // int64_t
	Uint64               // uint64_t
	Float16              // half under -enable-16bit-types, float16_t
	HalfPP               // half without -enable-16bit-types: 32-bit partial precision
	Float                // float, float32_t
	Double               // double, float64_t
	Min10Float           // min10float
	Min16Float           // min16float
	Min12Int             // min12int
	Min16Int             // min16int
	Min16Uint            // min16uint
	Int8_4Packed         // int8_t4_packed (a uint holding four signed bytes)
	Uint8_4Packed        // uint8_t4_packed (a uint holding four unsigned bytes)
	NumScalars
)

// Scalar property bits, as a flat table indexed by Scalar.
const (
	propBool = 1 << iota
	propInt
	propUnsigned
	propFloat
	propLiteral
	propMinPrec
	propPartial
)

type scalarInfo struct {
	name  string // spelling in diagnostics
	bits  uint8  // storage width; 0 for bool and literals
	props uint8
}

var scalarInfos = [NumScalars]scalarInfo{
	NoScalar:      {"<invalid>", 0, 0},
	Bool:          {"bool", 0, propBool | propInt},
	LiteralInt:    {"literal int", 0, propInt | propLiteral},
	LiteralFloat:  {"literal float", 0, propFloat | propLiteral},
	Int16:         {"int16_t", 16, propInt},
	Uint16:        {"uint16_t", 16, propInt | propUnsigned},
	Int:           {"int", 32, propInt},
	Uint:          {"uint", 32, propInt | propUnsigned},
	Int64:         {"int64_t", 64, propInt},
	Uint64:        {"uint64_t", 64, propInt | propUnsigned},
	Float16:       {"half", 16, propFloat},
	HalfPP:        {"half", 32, propFloat | propPartial},
	Float:         {"float", 32, propFloat},
	Double:        {"double", 64, propFloat},
	Min10Float:    {"min10float", 10, propFloat | propMinPrec},
	Min16Float:    {"min16float", 16, propFloat | propMinPrec},
	Min12Int:      {"min12int", 12, propInt | propMinPrec},
	Min16Int:      {"min16int", 16, propInt | propMinPrec},
	Min16Uint:     {"min16uint", 16, propInt | propUnsigned | propMinPrec},
	Int8_4Packed:  {"int8_t4_packed", 32, propInt | propUnsigned},
	Uint8_4Packed: {"uint8_t4_packed", 32, propInt | propUnsigned},
}

func (s Scalar) String() string {
	if s >= NumScalars {
		return "<invalid>"
	}
	return scalarInfos[s].name
}

func (s Scalar) props() uint8 {
	if s >= NumScalars {
		return 0
	}
	return scalarInfos[s].props
}

// Bits is the declared width (10 and 12 for min10float/min12int; 0 for
// bool and literals, whose width is decided by context).
func (s Scalar) Bits() int {
	if s >= NumScalars {
		return 0
	}
	return int(scalarInfos[s].bits)
}

// IsBool reports whether s is bool.
func (s Scalar) IsBool() bool { return s == Bool }

// IsInteger reports whether s is an integer kind (not bool).
func (s Scalar) IsInteger() bool { return s.props()&(propInt|propBool) == propInt }

// IsFloat reports whether s is a floating kind, literal float included.
func (s Scalar) IsFloat() bool { return s.props()&propFloat != 0 }

// IsSigned reports whether s is a signed integer kind.
func (s Scalar) IsSigned() bool {
	return s.props()&(propInt|propBool|propUnsigned) == propInt
}

// IsUnsigned reports whether s is an unsigned integer kind.
func (s Scalar) IsUnsigned() bool { return s.props()&propUnsigned != 0 }

// IsLiteral reports whether s is one of the untyped literal kinds.
func (s Scalar) IsLiteral() bool { return s.props()&propLiteral != 0 }

// IsMinPrecision reports whether s is a min-precision kind (min16float, ...).
func (s Scalar) IsMinPrecision() bool { return s.props()&propMinPrec != 0 }

// IsNumeric reports whether s is a valid component kind.
func (s Scalar) IsNumeric() bool { return s > NoScalar && s < NumScalars }

// Concrete returns the type a literal kind takes when nothing else decides:
// int for literal int, float for literal float; other kinds unchanged.
func (s Scalar) Concrete() Scalar {
	switch s {
	case LiteralInt:
		return Int
	case LiteralFloat:
		return Float
	}
	return s
}

// SPIRVBits is the width codegen stores s in: min-precision types and the
// 32-bit half are 32 bits (decorated RelaxedPrecision where relevant),
// bool and literals report 32.
func (s Scalar) SPIRVBits() int {
	switch s {
	case Int16, Uint16, Float16:
		return 16
	case Int64, Uint64, Double:
		return 64
	}
	return 32
}
