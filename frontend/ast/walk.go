package ast

// A Visitor's Visit is called for each node Walk meets; if it returns a
// non-nil w, Walk visits the node's children with w, then calls
// w.Visit(nil).
type Visitor interface {
	Visit(n Node) (w Visitor)
}

// Walk traverses the tree rooted at n depth-first, children in source order.
// TypeExpr.Def is not visited (the definition is in the decl list already).
func Walk(v Visitor, n Node) {
	if v = v.Visit(n); v == nil {
		return
	}
	switch n := n.(type) {
	case *File:
		walkList(v, n.Decls)
	case *Ident, *BasicLit, *ThisExpr, *EmptyStmt, *BranchStmt, *DiscardStmt, *BadDecl, *BadStmt, *BadExpr, *Semantic:
	case *Attribute:
		walkList(v, n.Args)
	case *ArrayDim:
		walkOpt(v, n.Size)
	case *ScopeName:
		walkList(v, n.Args)
	case *TypeExpr:
		walkList(v, n.Qualifier)
		walkList(v, n.Args)
		walkList(v, n.Dims)

	case *VarDecl:
		walkDeclHead(v, n.Attrs, n.Type, n.Qualifier, n.Name, n.TemplateArgs)
		walkList(v, n.Dims)
		walkList(v, n.Semantics)
		walkList(v, n.Annotations)
		walkOpt(v, n.Init)
	case *Param:
		walkDeclHead(v, n.Attrs, n.Type, nil, n.Name, nil)
		walkList(v, n.Dims)
		walkList(v, n.Semantics)
		walkOpt(v, n.Default)
	case *FuncDecl:
		walkDeclHead(v, n.Attrs, n.Result, n.Qualifier, n.Name, n.TemplateArgs)
		walkList(v, n.Params)
		walkList(v, n.ResultDims)
		walkList(v, n.Semantics)
		walkOpt(v, n.Body)
	case *StructDecl:
		walkList(v, n.Attrs)
		walkOpt(v, n.Name)
		walkList(v, n.TemplateArgs)
		walkList(v, n.Bases)
		walkList(v, n.Members)
	case *EnumDecl:
		walkOpt(v, n.Name)
		walkOpt(v, n.Base)
		walkList(v, n.Values)
	case *Enumerator:
		Walk(v, n.Name)
		walkOpt(v, n.Value)
	case *TypedefDecl:
		Walk(v, n.Type)
		Walk(v, n.Name)
		walkList(v, n.Dims)
	case *UsingNamespaceDecl:
		walkList(v, n.Qualifier)
		Walk(v, n.Name)
	case *UsingDecl:
		walkList(v, n.Qualifier)
		Walk(v, n.Name)
	case *NamespaceDecl:
		Walk(v, n.Name)
		walkList(v, n.Decls)
	case *BufferDecl:
		walkList(v, n.Attrs)
		Walk(v, n.Name)
		walkList(v, n.Semantics)
		walkList(v, n.Decls)
	case *TemplateDecl:
		walkList(v, n.Params)
		Walk(v, n.Decl)
	case *StaticAssertDecl:
		Walk(v, n.Cond)
		walkOpt(v, n.Msg)
	case *TemplateParam:
		walkOpt(v, n.Type)
		walkOpt(v, n.Name)
		walkOpt(v, n.DefaultType)
		walkOpt(v, n.Default)

	case *BlockStmt:
		walkList(v, n.List)
	case *DeclStmt:
		walkList(v, n.Decls)
	case *ExprStmt:
		Walk(v, n.X)
	case *AttrStmt:
		walkList(v, n.Attrs)
		Walk(v, n.Stmt)
	case *IfStmt:
		walkOpt(v, n.CondVar)
		walkOpt(v, n.Cond)
		Walk(v, n.Then)
		walkOpt(v, n.Else)
	case *ForStmt:
		walkOpt(v, n.Init)
		walkOpt(v, n.Cond)
		walkOpt(v, n.Post)
		Walk(v, n.Body)
	case *WhileStmt:
		walkOpt(v, n.CondVar)
		walkOpt(v, n.Cond)
		Walk(v, n.Body)
	case *DoStmt:
		Walk(v, n.Body)
		Walk(v, n.Cond)
	case *SwitchStmt:
		walkOpt(v, n.CondVar)
		walkOpt(v, n.Tag)
		walkList(v, n.Cases)
	case *CaseClause:
		walkList(v, n.Values)
		walkList(v, n.Body)
	case *CaseLabelStmt:
		walkOpt(v, n.Value)
	case *ReturnStmt:
		walkOpt(v, n.Result)

	case *NameExpr:
		walkList(v, n.Qualifier)
		walkList(v, n.Args)
	case *UnaryExpr:
		Walk(v, n.X)
	case *BinaryExpr:
		Walk(v, n.X)
		Walk(v, n.Y)
	case *AssignExpr:
		Walk(v, n.L)
		Walk(v, n.R)
	case *CondExpr:
		Walk(v, n.Cond)
		Walk(v, n.X)
		Walk(v, n.Y)
	case *CastExpr:
		Walk(v, n.Type)
		Walk(v, n.X)
	case *ConstructExpr:
		Walk(v, n.Type)
		walkList(v, n.Args)
	case *CallExpr:
		Walk(v, n.Fun)
		walkList(v, n.Args)
	case *IndexExpr:
		Walk(v, n.X)
		Walk(v, n.Index)
	case *MemberExpr:
		Walk(v, n.X)
		Walk(v, n.Name)
		walkList(v, n.Args)
	case *ParenExpr:
		Walk(v, n.X)
	case *SizeofExpr:
		walkOpt(v, n.Type)
		walkOpt(v, n.X)
	case *InitList:
		walkList(v, n.Elems)
	default:
		panic("ast.Walk: unexpected node type") // a node type added without a case here
	}
	v.Visit(nil)
}

// walkDeclHead walks what variables, parameters and functions begin
// with: attributes, the type, an out-of-line qualifier, the name (absent
// for an unnamed parameter) and explicit template arguments.
func walkDeclHead(v Visitor, attrs []*Attribute, typ *TypeExpr, qual []*ScopeName, name *Ident, targs []Node) {
	walkList(v, attrs)
	Walk(v, typ)
	walkList(v, qual)
	walkOpt(v, name)
	walkList(v, targs)
}

func walkList[N Node](v Visitor, list []N) {
	for _, n := range list {
		Walk(v, n)
	}
}

// walkOpt walks n unless it is a nil interface or a typed nil pointer.
func walkOpt[N Node](v Visitor, n N) {
	if isNil(n) {
		return
	}
	Walk(v, n)
}

func isNil(n Node) bool {
	if n == nil {
		return true
	}
	switch p := n.(type) {
	case *Ident:
		return p == nil
	case *TypeExpr:
		return p == nil
	case *BlockStmt:
		return p == nil
	case *VarDecl:
		return p == nil
	case *BasicLit:
		return p == nil
	}
	return false
}

type inspector func(Node) bool

func (f inspector) Visit(n Node) Visitor {
	if f(n) {
		return f
	}
	return nil
}

// Inspect calls f for each node in depth-first order, and f(nil) after a
// node's children; f returning false skips the node's children.
func Inspect(n Node, f func(Node) bool) { Walk(inspector(f), n) }
