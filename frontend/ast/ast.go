// Package ast declares the syntax tree of HLSL: declarations, statements,
// expressions, type expressions and attributes, each with its source range.
//
// The tree holds what was written, nothing resolved: sema keeps its facts
// (types, declarations referred to, constant values) in side tables keyed
// by node pointer or, cheaper, by the node's ID — a small integer unique
// within a File, so a table can be a slice of length File.NodeCount.
//
// Files: ast.go holds Node, File and attributes; decl.go the declarations,
// stmt.go the statements, expr.go the expressions and type expressions;
// walk.go the traversal (Walk, Inspect); clone.go deep copies (for
// template instantiation); print.go the -ast-dump printer.
package ast

import "github.com/hlsl2spirv/hlsl2spirv/frontend/diag"

// A Node is any node of the tree.
type Node interface {
	Pos() diag.Pos // first character
	End() diag.Pos // just past the last character
	// ID is the node's index within its File, in 1..File.NodeCount.
	ID() int32
	base() *NodeBase
}

// NodeBase is embedded in every node: its range and its ID.
type NodeBase struct {
	Start, Stop diag.Pos
	Id          int32
}

func (b *NodeBase) Pos() diag.Pos   { return b.Start }
func (b *NodeBase) End() diag.Pos   { return b.Stop }
func (b *NodeBase) ID() int32       { return b.Id }
func (b *NodeBase) base() *NodeBase { return b }

// SetRange sets a node's range (for the parser and for synthesized nodes).
func SetRange(n Node, start, end diag.Pos) { b := n.base(); b.Start, b.Stop = start, end }

// SetID sets a node's ID (the parser numbers nodes as it creates them).
func SetID(n Node, id int32) { n.base().Id = id }

// Decl, Stmt and Expr are the three families of nodes. TypeExpr, Attribute,
// Semantic, Param and the like are nodes of their own.
type (
	Decl interface {
		Node
		declNode()
	}
	Stmt interface {
		Node
		stmtNode()
	}
	Expr interface {
		Node
		exprNode()
	}
)

// File is one translation unit.
type File struct {
	NodeBase
	Name      string
	Decls     []Decl
	NodeCount int32 // IDs run from 1 to NodeCount
	// Pragmas are the #pragma lines the preprocessor passed on, in order
	// (pack_matrix changes the default matrix orientation of the
	// declarations after it).
	Pragmas []Pragma
}

// Pragma is one #pragma: `#pragma pack_matrix(row_major)` has Name
// "pack_matrix" and Args ["(", "row_major", ")"].
type Pragma struct {
	Pos  diag.Pos // the pragma's name
	Name string
	Args []string // the rest of the line, token by token, unexpanded
	// Next is the position of the first token after the pragma (NoPos at
	// the end of the file): a declaration is after the pragma when its
	// Pos is at or after Next in the same file.
	Next diag.Pos
}

// Ident is a declared or referenced name.
type Ident struct {
	NodeBase
	Name string
}

// Modifier is one declaration keyword: a storage class (static, groupshared,
// uniform, extern), a qualifier (const, volatile, precise), a matrix
// orientation, an interpolation mode, a parameter direction (in, out, inout),
// a geometry/mesh shader primitive or output kind, snorm/unorm, or
// globallycoherent/reordercoherent, export, inline.
type Modifier struct {
	Pos  diag.Pos
	Name string
}

// Attribute is `[name(args)]` or `[[ns::name(args)]]`.
type Attribute struct {
	NodeBase
	Namespace string // "vk" in [[vk::binding(0)]]; "" when none
	Name      string
	Args      []Expr // nil when written without parentheses
	HasParens bool   // `[branch()]` vs `[branch]`
	Double    bool   // written with [[ ]]
}

// FullName is the attribute name with its namespace: "vk::binding".
func (a *Attribute) FullName() string {
	if a.Namespace == "" {
		return a.Name
	}
	return a.Namespace + "::" + a.Name
}

// SemanticKind tells the forms of the `: ...` suffix of a declarator apart.
type SemanticKind uint8

const (
	SemanticName SemanticKind = iota // : SV_Target0
	Register                         // : register(t0, space1)
	PackOffset                       // : packoffset(c0.y)
	BitField                         // : 4 (a bit-field width)
)

// Semantic is one `: ...` suffix on a declarator, parameter or function.
type Semantic struct {
	NodeBase
	Kind SemanticKind
	Name string // the semantic as written (SV_Target0), or "register"/"packoffset", or the width
	// NamePos is where Name is written (the node starts at the colon).
	NamePos diag.Pos
	Args    []string // register/packoffset operands as written: "t0", "space1", "c0.y", "c1[2]"
}

// ArrayDim is one `[size]` of a declarator; Size is nil for `[]`.
type ArrayDim struct {
	NodeBase
	Size Expr
}

// ScopeName is one `name::` (or `name<args>::`) of a qualified name.
type ScopeName struct {
	NodeBase
	Name    string
	Args    []Node // template arguments: *TypeExpr or Expr
	HasArgs bool
}

// TypeExpr is a written type: `float4`, `const row_major float4x4`,
// `Texture2D<float4>`, `vk::SpirvType<...>`, `ns::S`, `struct S`,
// `unsigned int`, `vector<float, 3>`.
type TypeExpr struct {
	NodeBase
	Global    bool         // written with a leading `::`
	Qualifier []*ScopeName // ns:: and S<T>:: parts, outermost first
	Name      string       // the type's own name; "" for an anonymous struct
	Args      []Node       // template arguments: *TypeExpr or Expr
	HasArgs   bool         // `<...>` was written (possibly empty)
	Keyword   string       // "struct", "class", "interface", "enum" (elaborated) or "unsigned"/"signed"
	// Mods are modifiers written inside a type: `(row_major float2x2)x`,
	// `StructuredBuffer<column_major float3x4>`, `using C = const uint;`.
	Mods []Modifier
	Dims []*ArrayDim // array dimensions, in casts and `using` aliases only
	// Def is the struct or enum defined in place (`struct S {...} s;` or an
	// anonymous struct). The definition is also in the enclosing decl list,
	// just before the declarations using it; Walk does not visit Def.
	Def Decl
}

// QualifiedName is the name with its qualifiers and template arguments
// left out: "vk::SpirvType", "ns::S".
func (t *TypeExpr) QualifiedName() string {
	s := ""
	if t.Global {
		s = "::"
	}
	for _, q := range t.Qualifier {
		s += q.Name + "::"
	}
	return s + t.Name
}
