package ast

// VarDecl is one declarator of a variable declaration (global, local,
// struct member or cbuffer member). `float a, b[2];` gives two VarDecls
// that share one *TypeExpr and one modifier slice.
type VarDecl struct {
	NodeBase
	Attrs []*Attribute
	Mods  []Modifier
	Type  *TypeExpr
	// Qualifier holds `S::` of an out-of-line static member definition
	// `float4 S::M = ...`.
	Qualifier []*ScopeName
	Name      *Ident
	// TemplateArgs are written for a variable template specialisation
	// `static const bool is_same_v<T, T> = true;`.
	TemplateArgs []Node
	Dims         []*ArrayDim
	Semantics    []*Semantic
	// Annotations are legacy effect annotations `< string UIName = "x"; >`.
	Annotations []*VarDecl
	Init        Expr // nil, an expression or an *InitList
	// StateBlock is set when a legacy effect state block `{ Filter = ...; }`
	// followed the declarator; DXC ignores its contents, and so does the AST.
	StateBlock bool
}

// Param is one function parameter.
type Param struct {
	NodeBase
	Attrs     []*Attribute
	Mods      []Modifier
	Type      *TypeExpr
	Name      *Ident // nil when unnamed
	Dims      []*ArrayDim
	Semantics []*Semantic
	Default   Expr
}

// FuncDecl is a function or method, declared or defined.
type FuncDecl struct {
	NodeBase
	Attrs  []*Attribute
	Mods   []Modifier
	Result *TypeExpr
	// Qualifier holds `S::` of an out-of-line method definition `void S::f()`.
	Qualifier []*ScopeName
	Name      *Ident // "operator+" for an operator
	Operator  string // "+" for `operator+`, "" otherwise
	// TemplateArgs are written for an explicit specialisation `f<float>(...)`.
	TemplateArgs []Node
	Params       []*Param
	ResultDims   []*ArrayDim // `int getA()[2]` returns int[2]
	Const        bool        // `) const`
	Semantics    []*Semantic
	Body         *BlockStmt // nil for a prototype
}

// StructKind tells struct, class and interface apart.
type StructKind uint8

const (
	Struct StructKind = iota
	Class
	Interface
)

func (k StructKind) String() string { return [...]string{"struct", "class", "interface"}[k] }

// StructDecl is a struct, class or interface definition.
type StructDecl struct {
	NodeBase
	Kind         StructKind
	Attrs        []*Attribute // `struct [raypayload] P {...}` and attributes before the declaration
	Name         *Ident       // nil for an anonymous struct
	TemplateArgs []Node       // explicit specialisation `struct S<int> {...}`
	Bases        []*TypeExpr
	Members      []Decl // *VarDecl, *FuncDecl, *StructDecl, *TypedefDecl, *TemplateDecl, ...
	// Forward is set for a declaration without a body: `struct S;`.
	Forward bool
}

// EnumDecl is `enum [class] E [: T] { A, B = 2 }`.
type EnumDecl struct {
	NodeBase
	Scoped bool // enum class / enum struct
	Name   *Ident
	Base   *TypeExpr
	Values []*Enumerator
}

// Enumerator is one enum constant.
type Enumerator struct {
	NodeBase
	Name  *Ident
	Value Expr
}

// TypedefDecl is one declarator of `typedef T name[dims];` or the alias of
// `using name = T;`.
type TypedefDecl struct {
	NodeBase
	Using bool
	Mods  []Modifier
	Type  *TypeExpr
	Name  *Ident
	Dims  []*ArrayDim
}

// UsingNamespaceDecl is `using namespace ns;`.
type UsingNamespaceDecl struct {
	NodeBase
	Qualifier []*ScopeName
	Name      *Ident
}

// UsingDecl is `using ns::name;`, bringing one name into scope.
type UsingDecl struct {
	NodeBase
	Qualifier []*ScopeName
	Name      *Ident
}

// NamespaceDecl is `namespace N { ... }`.
type NamespaceDecl struct {
	NodeBase
	Name  *Ident
	Decls []Decl
}

// BufferDecl is a `cbuffer` or `tbuffer` block.
type BufferDecl struct {
	NodeBase
	Attrs     []*Attribute
	TBuffer   bool
	Name      *Ident
	Semantics []*Semantic
	Decls     []Decl
}

// TemplateDecl is `template <params> decl`; `template <>` (an explicit
// specialisation) has no Params, nor has an explicit instantiation
// `template void f<17>();`, which sets Instantiation.
type TemplateDecl struct {
	NodeBase
	Params        []*TemplateParam
	Decl          Decl
	Instantiation bool
}

// TemplateParam is `typename T [= type]` or `uint N [= expr]`.
type TemplateParam struct {
	NodeBase
	TypeParam   bool      // typename/class parameter
	Type        *TypeExpr // the value parameter's type
	Name        *Ident    // nil when unnamed
	DefaultType *TypeExpr
	Default     Expr
}

// StaticAssertDecl is `static_assert(Cond, "message");`.
type StaticAssertDecl struct {
	NodeBase
	Cond Expr
	Msg  *BasicLit // nil when absent
}

// BadDecl stands where a declaration could not be parsed.
type BadDecl struct{ NodeBase }

func (*VarDecl) declNode()            {}
func (*FuncDecl) declNode()           {}
func (*StructDecl) declNode()         {}
func (*EnumDecl) declNode()           {}
func (*TypedefDecl) declNode()        {}
func (*UsingNamespaceDecl) declNode() {}
func (*NamespaceDecl) declNode()      {}
func (*UsingDecl) declNode()          {}
func (*BufferDecl) declNode()         {}
func (*TemplateDecl) declNode()       {}
func (*BadDecl) declNode()            {}
func (*StaticAssertDecl) declNode()   {}
