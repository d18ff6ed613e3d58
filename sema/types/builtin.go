package types

import (
	"strconv"
	"sync"
)

// BuiltinKind says what a built-in type name stands for.
type BuiltinKind uint8

const (
	NotBuiltin     BuiltinKind = iota
	BuiltinScalar              // float, uint, min16float, ...
	BuiltinVector              // float4, int2, ...
	BuiltinMatrix              // float4x4, min16float2x3, ...
	BuiltinVectorT             // vector (vector<T, N>; bare 'vector' is float4)
	BuiltinMatrixT             // matrix (matrix<T, R, C>; bare 'matrix' is float4x4)
	BuiltinObject              // Texture2D, SamplerState, vk::BufferPointer, ...
)

// Builtin describes one built-in type name.
type Builtin struct {
	Kind       BuiltinKind
	Scalar     Scalar // component kind (HalfPP for 'half': see Resolve)
	Rows, Cols uint8  // vector size in Cols; matrix dimensions
	Object     Object
	Needs16Bit bool // only with -enable-16bit-types (int16_t, float16_t, ...)
	half       bool
}

// IsTemplate reports whether the name takes (or may take) template
// arguments: 'vector', 'matrix', 'Texture2D', 'StructuredBuffer', ...
func (b Builtin) IsTemplate() bool {
	switch b.Kind {
	case BuiltinVectorT, BuiltinMatrixT:
		return true
	case BuiltinObject:
		return b.Object.Form() != NoTemplate
	}
	return false
}

// ScalarIn is the component kind of a scalar/vector/matrix name under cfg
// ('half' depends on -enable-16bit-types). Min-precision names keep their
// identity, as in DXC's semantic analysis (min16int / min16int is still
// rejected under -enable-16bit-types); Lowered says what they become.
func (b Builtin) ScalarIn(cfg Config) Scalar {
	if b.half {
		if cfg.Enable16BitTypes {
			return Float16
		}
		return HalfPP
	}
	return b.Scalar
}

// Lowered is the kind codegen stores s as: min10float and min12int are
// promoted to min16float and min16int, and with -enable-16bit-types every
// min-precision kind becomes the 16-bit kind (min16float is half).
func (s Scalar) Lowered(cfg Config) Scalar {
	to, _ := promotion(s, cfg)
	return to
}

func promotion(s Scalar, cfg Config) (Scalar, bool) {
	switch s {
	case Min10Float, Min16Float:
		if cfg.Enable16BitTypes {
			return Float16, true
		}
		return Min16Float, s != Min16Float
	case Min12Int, Min16Int:
		if cfg.Enable16BitTypes {
			return Int16, true
		}
		return Min16Int, s != Min16Int
	case Min16Uint:
		if cfg.Enable16BitTypes {
			return Uint16, true
		}
	}
	return s, false
}

// PromotionWarning is DXC's warning for a declaration with a
// min-precision name that codegen will store as another kind ("'min10float'
// is promoted to 'min16float'"), or "".
func (b Builtin) PromotionWarning(cfg Config) string {
	if b.Kind != BuiltinScalar && b.Kind != BuiltinVector && b.Kind != BuiltinMatrix {
		return ""
	}
	to, ok := promotion(b.Scalar, cfg)
	if !ok {
		return ""
	}
	return "'" + b.Scalar.String() + "' is promoted to '" + to.String() + "'"
}

// Type is the type the name denotes when used without template arguments
// (the default element for templates whose arguments are optional); nil
// when the name needs arguments (StructuredBuffer) or is unavailable
// under the universe's options.
func (b Builtin) Type(u *Universe) *Type {
	if b.Needs16Bit && !u.Config.Enable16BitTypes {
		return nil
	}
	s := b.ScalarIn(u.Config)
	switch b.Kind {
	case BuiltinScalar:
		return ScalarType(s)
	case BuiltinVector:
		return Vec(s, int(b.Cols))
	case BuiltinMatrix:
		return Mat(s, int(b.Rows), int(b.Cols))
	case BuiltinVectorT:
		return Vec(Float, 4)
	case BuiltinMatrixT:
		return Mat(Float, 4, 4)
	case BuiltinObject:
		if b.Object.Class() == ClassStruct {
			return u.BuiltinStruct(b.Object)
		}
		switch b.Object.Form() {
		case NoTemplate, ElemOptional, ElemCountOpt:
			return u.NewObject(b.Object, nil, 0)
		}
	}
	return nil
}

// BuiltinStruct returns the predeclared struct RayDesc or
// BuiltInTriangleIntersectionAttributes of this universe (one type per
// universe, with its fields), or nil for other kinds.
func (u *Universe) BuiltinStruct(o Object) *Type {
	if t := u.structs[o]; t != nil {
		return t
	}
	var fields []Field
	switch o {
	case RayDesc:
		fields = []Field{
			{Name: "Origin", Type: Vec(Float, 3)},
			{Name: "TMin", Type: ScalarType(Float)},
			{Name: "Direction", Type: Vec(Float, 3)},
			{Name: "TMax", Type: ScalarType(Float)},
		}
	case BuiltInTriangleIntersectionAttributes:
		fields = []Field{{Name: "barycentrics", Type: Vec(Float, 2)}}
	default:
		return nil
	}
	t := u.NewStruct(o.String(), false)
	t.named.Fields = fields
	t.named.Complete = true
	if u.structs == nil {
		u.structs = map[Object]*Type{}
	}
	u.structs[o] = t
	return t
}

// scalarNames are the component names that also form vector and matrix
// names (float → float4, float4x4).
var scalarNames = []scalarSpelling{
	{"bool", Bool, false, false},
	{"int", Int, false, false},
	{"uint", Uint, false, false},
	{"dword", Uint, false, false},
	{"half", HalfPP, false, true},
	{"float", Float, false, false},
	{"double", Double, false, false},
	{"min16float", Min16Float, false, false},
	{"min10float", Min10Float, false, false},
	{"min16int", Min16Int, false, false},
	{"min12int", Min12Int, false, false},
	{"min16uint", Min16Uint, false, false},
	{"int16_t", Int16, true, false},
	{"uint16_t", Uint16, true, false},
	{"float16_t", Float16, true, false},
	{"int32_t", Int, false, false},
	{"uint32_t", Uint, false, false},
	{"float32_t", Float, false, false},
	{"int64_t", Int64, false, false},
	{"uint64_t", Uint64, false, false},
	{"float64_t", Double, false, false},
}

type scalarSpelling struct {
	name   string
	s      Scalar
	needs  bool
	isHalf bool
}

// objectAliases maps other HLSL spellings to object kinds; vk:: names are looked up
// qualified ("vk::BufferPointer"). The legacy sampler names are aliases of
// SamplerState, as in DXC.
var objectAliases = map[string]Object{
	"sampler":       SamplerState,
	"sampler1D":     SamplerState,
	"sampler2D":     SamplerState,
	"sampler3D":     SamplerState,
	"samplerCUBE":   SamplerState,
	"sampler_state": SamplerState,
}

// LookupBuiltin returns what a built-in type name means. Names in the vk
// namespace are given qualified: "vk::SpirvType".
//
// Scalar, vector and matrix names are read from their spelling (a scalar
// name, then N or RxC, each 1 to 4) rather than from a table of all 600 of
// them: building that table cost every process start more than all the
// lookups of a compile.
func LookupBuiltin(name string) (Builtin, bool) {
	if b, ok := numericBuiltin(name); ok {
		return b, true
	}
	switch name {
	case "vector":
		return Builtin{Kind: BuiltinVectorT}, true
	case "matrix":
		return Builtin{Kind: BuiltinMatrixT}, true
	case "int8_t4_packed":
		return Builtin{Kind: BuiltinScalar, Scalar: Int8_4Packed}, true
	case "uint8_t4_packed":
		return Builtin{Kind: BuiltinScalar, Scalar: Uint8_4Packed}, true
	}
	if o, ok := objectsByName()[name]; ok {
		return Builtin{Kind: BuiltinObject, Object: o}, true
	}
	return Builtin{}, false
}

// numericBuiltin reads a scalar, vector or matrix type name: "float",
// "float4", "min16float2x3", "uint16_t4".
func numericBuiltin(name string) (Builtin, bool) {
	kind, rows, cols := BuiltinScalar, uint8(0), uint8(0)
	base := name
	// Every scalar name ends in a letter, so trailing "N" or "RxC" digits
	// are the dimensions.
	if n := len(name); n >= 2 && isDim(name[n-1]) {
		switch {
		case n >= 4 && name[n-2] == 'x' && isDim(name[n-3]) && isLetter(name[n-4]):
			kind, rows, cols = BuiltinMatrix, name[n-3]-'0', name[n-1]-'0'
			base = name[:n-3]
		case isLetter(name[n-2]):
			kind, cols = BuiltinVector, name[n-1]-'0'
			base = name[:n-1]
		default:
			return Builtin{}, false
		}
	}
	sn := scalarByName(base)
	if sn == nil {
		return Builtin{}, false
	}
	return Builtin{Kind: kind, Scalar: sn.s, Rows: rows, Cols: cols, Needs16Bit: sn.needs, half: sn.isHalf}, true
}

func isDim(c byte) bool    { return c >= '1' && c <= '4' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

// scalarByName finds a scalar name by a switch, which the compiler turns
// into a search by length and value: a scan of scalarNames compared the
// name with each in turn, and a compile looks up every type name and
// every callee (which may be a constructor) this way.
func scalarByName(name string) *scalarSpelling {
	i := -1
	switch name {
	case "bool":
		i = 0
	case "int":
		i = 1
	case "uint":
		i = 2
	case "dword":
		i = 3
	case "half":
		i = 4
	case "float":
		i = 5
	case "double":
		i = 6
	case "min16float":
		i = 7
	case "min10float":
		i = 8
	case "min16int":
		i = 9
	case "min12int":
		i = 10
	case "min16uint":
		i = 11
	case "int16_t":
		i = 12
	case "uint16_t":
		i = 13
	case "float16_t":
		i = 14
	case "int32_t":
		i = 15
	case "uint32_t":
		i = 16
	case "float32_t":
		i = 17
	case "int64_t":
		i = 18
	case "uint64_t":
		i = 19
	case "float64_t":
		i = 20
	default:
		return nil
	}
	return &scalarNames[i]
}

// objectsByName maps the object type names and their aliases to object
// kinds; it is made on first use.
var objectsByName = sync.OnceValue(func() map[string]Object {
	m := make(map[string]Object, int(NumObjects)+len(objectAliases))
	for o := Object(1); o < NumObjects; o++ {
		m[o.String()] = o
	}
	for name, o := range objectAliases {
		m[name] = o
	}
	return m
})

// IsBuiltinTypeName reports whether name is a built-in type or type
// template name, for the parser's token classifier. It does not consult
// -enable-16bit-types: 'float16_t' is a type name either way, and the
// checker reports it unavailable.
func IsBuiltinTypeName(name string) bool {
	_, ok := LookupBuiltin(name)
	return ok
}

// BuiltinTypeNames returns every built-in type name (unordered).
func BuiltinTypeNames() []string {
	var names []string
	for _, sn := range scalarNames {
		names = append(names, sn.name)
		for n := 1; n <= 4; n++ {
			names = append(names, sn.name+strconv.Itoa(n))
			for c := 1; c <= 4; c++ {
				names = append(names, sn.name+strconv.Itoa(n)+"x"+strconv.Itoa(c))
			}
		}
	}
	names = append(names, "vector", "matrix", "int8_t4_packed", "uint8_t4_packed")
	for name := range objectsByName() {
		names = append(names, name)
	}
	return names
}
