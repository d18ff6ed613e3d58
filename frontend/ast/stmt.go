package ast

// BlockStmt is `{ ... }`.
type BlockStmt struct {
	NodeBase
	List []Stmt
}

// DeclStmt is a local declaration; one statement can declare several names.
type DeclStmt struct {
	NodeBase
	Decls []Decl
}

// ExprStmt is an expression evaluated for its effect.
type ExprStmt struct {
	NodeBase
	X Expr
}

// EmptyStmt is a lone `;`.
type EmptyStmt struct{ NodeBase }

// AttrStmt is a statement with attributes before it (`[unroll] for ...`,
// `[branch] if ...`, `[[vk::...]] float x;`).
type AttrStmt struct {
	NodeBase
	Attrs []*Attribute
	Stmt  Stmt
}

// IfStmt is `if (Cond) Then [else Else]`.
type IfStmt struct {
	NodeBase
	// CondVar is the variable a condition declares: `if (int d = f())`;
	// Cond is nil then.
	CondVar *VarDecl
	Cond    Expr
	Then    Stmt
	Else    Stmt // nil when absent
}

// ForStmt is `for (Init Cond; Post) Body`; each part may be nil.
type ForStmt struct {
	NodeBase
	Init Stmt // *DeclStmt or *ExprStmt
	Cond Expr
	Post Expr
	Body Stmt
}

// WhileStmt is `while (Cond) Body`.
type WhileStmt struct {
	NodeBase
	// CondVar is the variable a condition declares: `if (int d = f())`;
	// Cond is nil then.
	CondVar *VarDecl
	Cond    Expr
	Body    Stmt
}

// DoStmt is `do Body while (Cond);`.
type DoStmt struct {
	NodeBase
	Body Stmt
	Cond Expr
}

// SwitchStmt is `switch (Tag) { cases }`; Tag is nil when CondVar is set.
type SwitchStmt struct {
	NodeBase
	// CondVar is the variable a condition declares: `if (int d = f())`;
	// Cond is nil then.
	CondVar *VarDecl
	Tag     Expr
	Cases   []*CaseClause
}

// CaseLabelStmt is a case or default label that is not at the top level
// of its switch body (`case 6: { case 7: break; }`); labels at the top
// level are grouped into CaseClauses instead.
type CaseLabelStmt struct {
	NodeBase
	Value   Expr // nil for default
	Default bool
}

// CaseClause is one group of labels and the statements after them.
type CaseClause struct {
	NodeBase
	Values  []Expr // the case values, in order
	Default bool   // `default:` is among the labels
	Body    []Stmt
}

// BranchKind tells break and continue apart.
type BranchKind uint8

const (
	Break BranchKind = iota
	Continue
)

// BranchStmt is `break;` or `continue;`.
type BranchStmt struct {
	NodeBase
	Kind BranchKind
}

// ReturnStmt is `return [Result];`.
type ReturnStmt struct {
	NodeBase
	Result Expr
}

// DiscardStmt is `discard;`.
type DiscardStmt struct{ NodeBase }

// BadStmt stands where a statement could not be parsed.
type BadStmt struct{ NodeBase }

func (*BlockStmt) stmtNode()     {}
func (*DeclStmt) stmtNode()      {}
func (*ExprStmt) stmtNode()      {}
func (*EmptyStmt) stmtNode()     {}
func (*AttrStmt) stmtNode()      {}
func (*IfStmt) stmtNode()        {}
func (*ForStmt) stmtNode()       {}
func (*WhileStmt) stmtNode()     {}
func (*DoStmt) stmtNode()        {}
func (*SwitchStmt) stmtNode()    {}
func (*BranchStmt) stmtNode()    {}
func (*ReturnStmt) stmtNode()    {}
func (*DiscardStmt) stmtNode()   {}
func (*BadStmt) stmtNode()       {}
func (*CaseLabelStmt) stmtNode() {}
