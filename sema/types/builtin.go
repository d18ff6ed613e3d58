package types

import "strconv"

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
var scalarNames = []struct {
	name   string
	s      Scalar
	needs  bool
	isHalf bool
}{
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

// objectNames maps HLSL spellings to object kinds; vk:: names are looked up
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

var builtinTable = buildBuiltinTable()

func buildBuiltinTable() map[string]Builtin {
	m := make(map[string]Builtin, 600)
	for _, sn := range scalarNames {
		base := Builtin{Scalar: sn.s, Needs16Bit: sn.needs, half: sn.isHalf}
		b := base
		b.Kind = BuiltinScalar
		m[sn.name] = b
		for n := 1; n <= 4; n++ {
			b := base
			b.Kind, b.Cols = BuiltinVector, uint8(n)
			m[sn.name+strconv.Itoa(n)] = b
			for c := 1; c <= 4; c++ {
				b := base
				b.Kind, b.Rows, b.Cols = BuiltinMatrix, uint8(n), uint8(c)
				m[sn.name+strconv.Itoa(n)+"x"+strconv.Itoa(c)] = b
			}
		}
	}
	for _, name := range []string{"int8_t4_packed", "uint8_t4_packed"} {
		s := Int8_4Packed
		if name[0] == 'u' {
			s = Uint8_4Packed
		}
		m[name] = Builtin{Kind: BuiltinScalar, Scalar: s}
	}
	m["vector"] = Builtin{Kind: BuiltinVectorT}
	m["matrix"] = Builtin{Kind: BuiltinMatrixT}
	for o := Object(1); o < NumObjects; o++ {
		m[o.String()] = Builtin{Kind: BuiltinObject, Object: o}
	}
	for name, o := range objectAliases {
		m[name] = Builtin{Kind: BuiltinObject, Object: o}
	}
	return m
}

// LookupBuiltin returns what a built-in type name means. Names in the vk
// namespace are given qualified: "vk::SpirvType".
func LookupBuiltin(name string) (Builtin, bool) {
	b, ok := builtinTable[name]
	return b, ok
}

// IsBuiltinTypeName reports whether name is a built-in type or type
// template name, for the parser's token classifier. It does not consult
// -enable-16bit-types: 'float16_t' is a type name either way, and the
// checker reports it unavailable.
func IsBuiltinTypeName(name string) bool {
	_, ok := builtinTable[name]
	return ok
}

// BuiltinTypeNames returns every built-in type name (unordered).
func BuiltinTypeNames() []string {
	names := make([]string, 0, len(builtinTable))
	for n := range builtinTable {
		names = append(names, n)
	}
	return names
}
