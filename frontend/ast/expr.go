package ast

// Op is an operator of a unary, binary or assignment expression.
type Op uint8

const (
	BadOp Op = iota
	// binary, by precedence from low to high
	Comma
	LogOr
	LogAnd
	BitOr
	BitXor
	BitAnd
	Eq
	Ne
	Lt
	Gt
	Le
	Ge
	Shl
	Shr
	Add
	Sub
	Mul
	Div
	Rem
	// assignment
	Assign
	AddAssign
	SubAssign
	MulAssign
	DivAssign
	RemAssign
	ShlAssign
	ShrAssign
	AndAssign
	XorAssign
	OrAssign
	// unary
	Plus
	Neg
	Not
	BitNot
	PreInc
	PreDec
	PostInc
	PostDec
)

var opSpelling = [...]string{
	BadOp: "?", Comma: ",", LogOr: "||", LogAnd: "&&", BitOr: "|", BitXor: "^", BitAnd: "&",
	Eq: "==", Ne: "!=", Lt: "<", Gt: ">", Le: "<=", Ge: ">=", Shl: "<<", Shr: ">>",
	Add: "+", Sub: "-", Mul: "*", Div: "/", Rem: "%",
	Assign: "=", AddAssign: "+=", SubAssign: "-=", MulAssign: "*=", DivAssign: "/=", RemAssign: "%=",
	ShlAssign: "<<=", ShrAssign: ">>=", AndAssign: "&=", XorAssign: "^=", OrAssign: "|=",
	Plus: "+", Neg: "-", Not: "!", BitNot: "~", PreInc: "++", PreDec: "--", PostInc: "++", PostDec: "--",
}

// String is the operator as spelled in source.
func (o Op) String() string {
	if int(o) < len(opSpelling) {
		return opSpelling[o]
	}
	return "?"
}

// CompoundBase returns the binary operator a compound assignment applies
// (Add for +=); false for any other operator.
func (o Op) CompoundBase() (Op, bool) {
	switch o {
	case AddAssign:
		return Add, true
	case SubAssign:
		return Sub, true
	case MulAssign:
		return Mul, true
	case DivAssign:
		return Div, true
	case RemAssign:
		return Rem, true
	case ShlAssign:
		return Shl, true
	case ShrAssign:
		return Shr, true
	case AndAssign:
		return BitAnd, true
	case XorAssign:
		return BitXor, true
	case OrAssign:
		return BitOr, true
	}
	return 0, false
}

// LitKind is the kind of a literal.
type LitKind uint8

const (
	IntLit LitKind = iota
	FloatLit
	StringLit
	CharLit
	BoolLit
)

func (k LitKind) String() string {
	return [...]string{"int", "float", "string", "char", "bool"}[k]
}

// NameExpr is a reference to a variable, function, enum value or member:
// `x`, `ns::f`, `S::value`, `E::A`, `f<float>` (explicit template arguments).
type NameExpr struct {
	NodeBase
	Global    bool
	Qualifier []*ScopeName
	Name      string
	Args      []Node // explicit template arguments
	HasArgs   bool
}

// BasicLit is a literal as written; adjacent strings are joined in Value
// (each still quoted, separated by a space).
type BasicLit struct {
	NodeBase
	Kind  LitKind
	Value string
}

// UnaryExpr is a prefix or postfix operator applied to X.
type UnaryExpr struct {
	NodeBase
	Op Op
	X  Expr
}

// BinaryExpr is X Op Y, including the comma operator.
type BinaryExpr struct {
	NodeBase
	Op   Op
	X, Y Expr
}

// AssignExpr is L Op R for = and the compound assignments.
type AssignExpr struct {
	NodeBase
	Op   Op
	L, R Expr
}

// CondExpr is Cond ? X : Y.
type CondExpr struct {
	NodeBase
	Cond, X, Y Expr
}

// CastExpr is a C-style cast `(T)X`.
type CastExpr struct {
	NodeBase
	Type *TypeExpr
	X    Expr
}

// ConstructExpr is a functional cast or constructor `float3(a, b)`,
// `vector<float, 2>(x)`.
type ConstructExpr struct {
	NodeBase
	Type *TypeExpr
	Args []Expr
}

// CallExpr is Fun(Args); a method call has a *MemberExpr as Fun.
type CallExpr struct {
	NodeBase
	Fun  Expr
	Args []Expr
}

// IndexExpr is X[Index].
type IndexExpr struct {
	NodeBase
	X, Index Expr
}

// MemberExpr is X.Name (a field, a swizzle or a method) or X->Name.
type MemberExpr struct {
	NodeBase
	X       Expr
	Name    *Ident
	Arrow   bool
	Args    []Node // explicit template arguments: buf.Load<float4>(0)
	HasArgs bool
}

// ParenExpr is (X).
type ParenExpr struct {
	NodeBase
	X Expr
}

// SizeofExpr is sizeof(Type) or sizeof X.
type SizeofExpr struct {
	NodeBase
	Type *TypeExpr // set for sizeof(type)
	X    Expr      // set for sizeof expr
}

// ThisExpr is `this`.
type ThisExpr struct{ NodeBase }

// InitList is a brace initializer `{a, {b, c}}`.
type InitList struct {
	NodeBase
	Elems []Expr
}

// BadExpr stands where an expression could not be parsed.
type BadExpr struct{ NodeBase }

func (*NameExpr) exprNode()      {}
func (*BasicLit) exprNode()      {}
func (*UnaryExpr) exprNode()     {}
func (*BinaryExpr) exprNode()    {}
func (*AssignExpr) exprNode()    {}
func (*CondExpr) exprNode()      {}
func (*CastExpr) exprNode()      {}
func (*ConstructExpr) exprNode() {}
func (*CallExpr) exprNode()      {}
func (*IndexExpr) exprNode()     {}
func (*MemberExpr) exprNode()    {}
func (*ParenExpr) exprNode()     {}
func (*SizeofExpr) exprNode()    {}
func (*ThisExpr) exprNode()      {}
func (*InitList) exprNode()      {}
func (*BadExpr) exprNode()       {}
