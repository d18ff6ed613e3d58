package types

import (
	"strconv"
	"strings"
	"sync"
)

// Kind is the structural class of a Type.
type Kind uint8

const (
	Invalid Kind = iota
	Void
	Basic   // a scalar: bool, int, float, literal int, ...
	Vector  // vector<T, N>, N in 1..4
	Matrix  // matrix<T, R, C>, R and C in 1..4
	Array   // T[N] or T[] (unsized)
	Struct  // struct or class, possibly a template instance
	Enum    // enum or enum class
	Alias   // typedef: sugar over another type
	Func    // a function signature
	ObjectK // a built-in resource or object (Texture2D<float4>, SamplerState, ...)
	TypeParam
)

// Major is a matrix's declared orientation. As in DXC it is sugar: a
// row_major float4x4 is the same type as float4x4 (Identical reports true),
// but it is a distinct interned Type so a declaration's orientation
// survives to codegen.
type Major uint8

const (
	DefaultMajor Major = iota
	RowMajor
	ColumnMajor
)

// Unsized is the length of an unsized array (T[]).
const Unsized = -1

// A Type is an HLSL type. Types are immutable once built and interned:
// structurally equal types built through the package's constructors or one
// Universe are the same pointer, and Canonical(a) == Canonical(b) is type
// identity (aliases and orientation removed).
type Type struct {
	kind   Kind
	scalar Scalar // Basic, Vector, Matrix: component kind; Enum: underlying
	rows   uint8  // Matrix
	cols   uint8  // Vector size, Matrix columns
	major  Major  // Matrix
	object Object // ObjectK
	elem   *Type  // Array element, object element, alias target
	n      int64  // Array length; an object's count (samples, patch size, flags, alignment)
	args   []TemplateArg
	named  *Named     // Struct, Enum, Alias, TypeParam
	sig    *Signature // Func
	canon  *Type
}

// Kind returns t's structural kind.
func (t *Type) Kind() Kind {
	if t == nil {
		return Invalid
	}
	return t.kind
}

// Scalar returns the component kind of a scalar, vector or matrix (the
// underlying kind of an enum), and NoScalar for anything else.
func (t *Type) Scalar() Scalar {
	if t == nil {
		return NoScalar
	}
	switch t.kind {
	case Basic, Vector, Matrix, Enum:
		return t.scalar
	case Alias:
		return t.canon.Scalar()
	}
	return NoScalar
}

// VecSize returns a vector's component count (0 for non-vectors).
func (t *Type) VecSize() int {
	t = t.Canonical()
	if t.Kind() == Vector {
		return int(t.cols)
	}
	return 0
}

// Rows and Cols return a matrix's dimensions (0 for non-matrices).
func (t *Type) Rows() int {
	t = t.Canonical()
	if t.Kind() == Matrix {
		return int(t.rows)
	}
	return 0
}

func (t *Type) Cols() int {
	t = t.Canonical()
	if t.Kind() == Matrix {
		return int(t.cols)
	}
	return 0
}

// Major returns a matrix's declared orientation (DefaultMajor when none was written).
func (t *Type) Major() Major {
	for t != nil && t.kind == Alias {
		t = t.elem
	}
	if t.Kind() == Matrix {
		return t.major
	}
	return DefaultMajor
}

// Elem returns an array's element type, an object's element type (the T of
// StructuredBuffer<T>), or an alias's target; nil otherwise.
func (t *Type) Elem() *Type {
	if t == nil {
		return nil
	}
	return t.elem
}

// Len returns an array's length (Unsized for T[]), or an object's count
// argument (Texture2DMS samples, InputPatch size, RayQuery flags,
// BufferPointer alignment).
func (t *Type) Len() int64 {
	if t == nil {
		return 0
	}
	return t.n
}

// Object returns the object kind of a resource/object type.
func (t *Type) Object() Object {
	t = t.Canonical()
	if t.Kind() == ObjectK {
		return t.object
	}
	return NoObject
}

// Args returns the template arguments of an object type that takes free-form
// arguments (vk::SpirvType, vk::integral_constant) or of a struct template instance.
func (t *Type) Args() []TemplateArg {
	if t == nil {
		return nil
	}
	if t.named != nil && t.named.Instance != nil {
		return t.named.Instance.Args
	}
	return t.args
}

// Named returns the declaration data of a struct, enum, alias or type parameter.
func (t *Type) Named() *Named {
	if t == nil {
		return nil
	}
	return t.named
}

// Signature returns a function type's signature.
func (t *Type) Signature() *Signature {
	if t == nil {
		return nil
	}
	return t.sig
}

// Canonical strips aliases and matrix orientation, recursively through
// arrays: two types are identical exactly when their canonical forms are
// the same pointer.
func (t *Type) Canonical() *Type {
	if t == nil {
		return nil
	}
	return t.canon
}

// Identical reports whether a and b denote the same type.
func Identical(a, b *Type) bool { return a.Canonical() == b.Canonical() }

// Underlying strips aliases only (orientation kept).
func (t *Type) Underlying() *Type {
	for t != nil && t.kind == Alias {
		t = t.elem
	}
	return t
}

// Predicates on the canonical type.

func (t *Type) IsVoid() bool   { return t.Canonical().Kind() == Void }
func (t *Type) IsScalar() bool { return t.Canonical().Kind() == Basic }
func (t *Type) IsVector() bool { return t.Canonical().Kind() == Vector }
func (t *Type) IsMatrix() bool { return t.Canonical().Kind() == Matrix }
func (t *Type) IsArray() bool  { return t.Canonical().Kind() == Array }
func (t *Type) IsStruct() bool { return t.Canonical().Kind() == Struct }
func (t *Type) IsObject() bool { return t.Canonical().Kind() == ObjectK }

// IsNumeric reports a scalar, vector or matrix (bool included), the types
// arithmetic and most intrinsics accept.
func (t *Type) IsNumeric() bool {
	switch t.Canonical().Kind() {
	case Basic, Vector, Matrix:
		return true
	}
	return false
}

// ComponentCount is the number of scalar components of a scalar (1),
// vector, matrix, array or struct (recursively); 0 for objects and void.
func (t *Type) ComponentCount() int {
	t = t.Canonical()
	switch t.Kind() {
	case Basic, Enum:
		return 1
	case Vector:
		return int(t.cols)
	case Matrix:
		return int(t.rows) * int(t.cols)
	case Array:
		if t.n <= 0 {
			return 0
		}
		return int(t.n) * t.elem.ComponentCount()
	case Struct:
		n := 0
		if b := t.named.Base; b != nil {
			n += b.ComponentCount()
		}
		for _, f := range t.named.Fields {
			n += f.Type.ComponentCount()
		}
		return n
	}
	return 0
}

// WithScalar returns the scalar, vector or matrix of t's shape with
// component kind s (float3 with Int is int3); nil for other kinds.
func (t *Type) WithScalar(s Scalar) *Type {
	t = t.Canonical()
	switch t.Kind() {
	case Basic:
		return ScalarType(s)
	case Vector:
		return Vec(s, int(t.cols))
	case Matrix:
		return Mat(s, int(t.rows), int(t.cols))
	}
	return nil
}

// Predeclared singletons: every scalar, vector and matrix type exists
// once per process, so the common case needs no Universe and no locking.
var (
	voidType    = &Type{kind: Void}
	invalidType = &Type{kind: Invalid}
	scalarTypes [NumScalars]Type
	vecTypes    [NumScalars][5]Type
	// matTypes holds each scalar's matrix types, made when first asked
	// for: a shader uses the float ones and few others, and all of them
	// (113 KB) were a tenth of every process's package initialization.
	matTypes [NumScalars]struct {
		once sync.Once
		m    *[4][4][3]Type // [rows-1][cols-1][major]
	}
)

func init() {
	voidType.canon = voidType
	invalidType.canon = invalidType
	for s := Scalar(1); s < NumScalars; s++ {
		st := &scalarTypes[s]
		*st = Type{kind: Basic, scalar: s}
		st.canon = st
		for n := 1; n <= 4; n++ {
			v := &vecTypes[s][n]
			*v = Type{kind: Vector, scalar: s, cols: uint8(n)}
			v.canon = v
		}
	}
}

// newMatTypes makes the matrix types of scalar s.
func newMatTypes(s Scalar) *[4][4][3]Type {
	m := new([4][4][3]Type)
	for r := range m {
		for c := range m[r] {
			canon := &m[r][c][DefaultMajor]
			for mj := DefaultMajor; mj <= ColumnMajor; mj++ {
				m[r][c][mj] = Type{kind: Matrix, scalar: s, rows: uint8(r + 1), cols: uint8(c + 1), major: mj, canon: canon}
			}
		}
	}
	return m
}

// VoidType is void.
func VoidType() *Type { return voidType }

// InvalidType stands for the type of an erroneous expression; it converts
// to and from everything silently so one error is reported once.
func InvalidType() *Type { return invalidType }

// ScalarType returns the scalar type of kind s.
func ScalarType(s Scalar) *Type {
	if s == NoScalar || s >= NumScalars {
		return invalidType
	}
	return &scalarTypes[s]
}

// Vec returns vector<s, n>; n must be 1..4.
func Vec(s Scalar, n int) *Type {
	if s == NoScalar || s >= NumScalars || n < 1 || n > 4 {
		return invalidType
	}
	return &vecTypes[s][n]
}

// Mat returns matrix<s, rows, cols>; rows and cols must be 1..4.
func Mat(s Scalar, rows, cols int) *Type {
	return MatMajor(s, rows, cols, DefaultMajor)
}

// MatMajor returns matrix<s, rows, cols> with the orientation sugar mj.
func MatMajor(s Scalar, rows, cols int, mj Major) *Type {
	if s == NoScalar || s >= NumScalars || rows < 1 || rows > 4 || cols < 1 || cols > 4 || mj > ColumnMajor {
		return invalidType
	}
	mt := &matTypes[s]
	mt.once.Do(func() { mt.m = newMatTypes(s) })
	return &mt.m[rows-1][cols-1][mj]
}

// WithMajor returns matrix t with orientation mj; arrays of matrices get
// the orientation on their element (as DXC applies row_major to the
// matrix inside an array declaration). Other types are returned unchanged.
func (u *Universe) WithMajor(t *Type, mj Major) *Type {
	switch t.Kind() {
	case Matrix:
		return MatMajor(t.scalar, int(t.rows), int(t.cols), mj)
	case Array:
		return u.Array(u.WithMajor(t.elem, mj), t.n)
	case Alias:
		return u.WithMajor(t.elem, mj)
	}
	return t
}

// TemplateArg is one argument of a template instance: a type or an integer.
type TemplateArg struct {
	Type  *Type // nil for a value argument
	Value int64
}

func (a TemplateArg) String() string {
	if a.Type != nil {
		return a.Type.String()
	}
	return strconv.FormatInt(a.Value, 10)
}

// ParamMode is a parameter's direction.
type ParamMode uint8

const (
	In ParamMode = iota
	Out
	InOut
)

func (m ParamMode) String() string {
	return [...]string{"in", "out", "inout"}[m]
}

// Param is one function parameter.
type Param struct {
	Name string
	Type *Type
	Mode ParamMode
}

// Signature is a function's parameter list and result.
type Signature struct {
	Params   []Param
	Result   *Type
	Variadic bool
}

// Field is a struct member (or static member).
type Field struct {
	Name string
	Type *Type
	Decl any // the declaring node, set by the checker
}

// Enumerator is one named value of an enum.
type Enumerator struct {
	Name  string
	Value int64
}

// Template is a struct template declaration; its instances are interned
// by their argument list.
type Template struct {
	Name      string
	Params    []string // parameter names, for printing and substitution
	Decl      any      // the declaring node, set by the checker
	instances map[string]*Type
}

// Instance records which template and arguments produced a struct.
type Instance struct {
	Template *Template
	Args     []TemplateArg
}

// Named is the declaration data of a nominal type: a struct or class, an
// enum, a typedef or a template type parameter. Two declarations with the
// same name are different types.
type Named struct {
	Name     string
	Outer    *Type // enclosing struct/namespace-like scope for printing, or nil
	IsClass  bool
	Fields   []Field
	Statics  []Field
	Methods  []any // method declarations, set by the checker
	Base     *Type // base class, or nil
	Scoped   bool  // enum class
	Values   []Enumerator
	Instance *Instance // non-nil for a template instance
	Decl     any       // the declaring node, set by the checker
	Complete bool      // the body has been seen
}

// FieldByName finds a field of a struct, searching its base classes
// (nearest first).
func (t *Type) FieldByName(name string) (Field, bool) {
	t = t.Canonical()
	for t.Kind() == Struct {
		for _, f := range t.named.Fields {
			if f.Name == name {
				return f, true
			}
		}
		t = t.named.Base.Canonical()
	}
	return Field{}, false
}

// String spells t as DXC's diagnostics usually show it: the short names
// ('float4', 'int2x3', 'Texture2D<float4>'), typedef names as written.
func (t *Type) String() string {
	var b strings.Builder
	writeType(&b, t, false)
	return b.String()
}

// CanonicalString spells t in the canonical form clang prints when no
// sugar is left ('vector<float, 4>', 'matrix<int, 2, 3>',
// 'Texture2D<vector<float, 4> >').
func (t *Type) CanonicalString() string {
	var b strings.Builder
	writeType(&b, t.Canonical(), true)
	return b.String()
}

func writeType(b *strings.Builder, t *Type, canonical bool) {
	if t == nil {
		b.WriteString("<nil>")
		return
	}
	switch t.kind {
	case Invalid:
		b.WriteString("<invalid type>")
	case Void:
		b.WriteString("void")
	case Basic:
		b.WriteString(scalarName(t.scalar, canonical))
	case Vector:
		if canonical || t.scalar.IsLiteral() {
			b.WriteString("vector<")
			b.WriteString(scalarName(t.scalar, canonical))
			b.WriteString(", ")
			b.WriteString(strconv.Itoa(int(t.cols)))
			b.WriteByte('>')
		} else {
			b.WriteString(t.scalar.String())
			b.WriteString(strconv.Itoa(int(t.cols)))
		}
	case Matrix:
		if !canonical {
			switch t.major {
			case RowMajor:
				b.WriteString("row_major ")
			case ColumnMajor:
				b.WriteString("column_major ")
			}
		}
		if canonical || t.scalar.IsLiteral() {
			b.WriteString("matrix<")
			b.WriteString(scalarName(t.scalar, canonical))
			b.WriteString(", ")
			b.WriteString(strconv.Itoa(int(t.rows)))
			b.WriteString(", ")
			b.WriteString(strconv.Itoa(int(t.cols)))
			b.WriteByte('>')
		} else {
			b.WriteString(t.scalar.String())
			b.WriteString(strconv.Itoa(int(t.rows)))
			b.WriteByte('x')
			b.WriteString(strconv.Itoa(int(t.cols)))
		}
	case Array:
		// Clang prints the element then every dimension: 'float [2][3]'.
		e := t
		var dims []int64
		for e.kind == Array {
			dims = append(dims, e.n)
			e = e.elem
		}
		writeType(b, e, canonical)
		b.WriteByte(' ')
		for _, d := range dims {
			b.WriteByte('[')
			if d != Unsized {
				b.WriteString(strconv.FormatInt(d, 10))
			}
			b.WriteByte(']')
		}
	case Struct, Enum, Alias, TypeParam:
		if t.named.Outer != nil {
			writeType(b, t.named.Outer, canonical)
			b.WriteString("::")
		}
		b.WriteString(t.named.Name)
		if in := t.named.Instance; in != nil {
			writeArgs(b, in.Args, canonical)
		}
	case Func:
		writeType(b, t.sig.Result, canonical)
		b.WriteString(" (")
		for i, p := range t.sig.Params {
			if i > 0 {
				b.WriteString(", ")
			}
			if p.Mode != In {
				b.WriteString(p.Mode.String())
				b.WriteByte(' ')
			}
			writeType(b, p.Type, canonical)
		}
		if t.sig.Variadic {
			if len(t.sig.Params) > 0 {
				b.WriteString(", ")
			}
			b.WriteString("...")
		}
		b.WriteByte(')')
	case ObjectK:
		b.WriteString(t.object.String())
		switch t.object.Form() {
		case NoTemplate:
		case ElemRequiredAny:
			writeArgs(b, t.args, canonical)
		case CountOnly:
			if t.object == RayQuery || t.n != 0 {
				writeArgs(b, []TemplateArg{{Value: t.n}}, canonical)
			}
		case ElemCount, ElemCountOpt:
			args := []TemplateArg{{Type: t.elem}}
			if t.n != 0 || t.object.Form() == ElemCount {
				args = append(args, TemplateArg{Value: t.n})
			}
			writeArgs(b, args, canonical)
		default:
			if t.elem != nil {
				writeArgs(b, []TemplateArg{{Type: t.elem}}, canonical)
			}
		}
	}
}

// scalarName spells a component kind; canonically as clang does once the
// typedef sugar is gone ('unsigned int' for uint, 'long long' for int64_t).
func scalarName(s Scalar, canonical bool) string {
	if canonical {
		switch s {
		case Uint:
			return "unsigned int"
		case Int64:
			return "long long"
		case Uint64:
			return "unsigned long long"
		case Int16:
			return "short"
		case Uint16:
			return "unsigned short"
		}
	}
	return s.String()
}

func writeArgs(b *strings.Builder, args []TemplateArg, canonical bool) {
	b.WriteByte('<')
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		if a.Type != nil {
			writeType(b, a.Type, canonical)
		} else {
			b.WriteString(strconv.FormatInt(a.Value, 10))
		}
	}
	// Clang separates a closing '>' from a nested one: 'Buffer<vector<float, 4> >'.
	if canonical && strings.HasSuffix(b.String(), ">") {
		b.WriteByte(' ')
	}
	b.WriteByte('>')
}

// Quote spells t for a diagnostic as clang does: quoted, and for a typedef
// followed by what it stands for: 'A1' (aka 'int [1]').
func Quote(t *Type) string {
	s := "'" + t.String() + "'"
	if t.Kind() == Alias {
		s += " (aka '" + t.Canonical().String() + "')"
	}
	return s
}
