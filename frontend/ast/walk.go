package ast

//go:generate go run ./internal/walkgen

// A Visitor's Visit is called for each node Walk meets; if it returns a
// non-nil w, Walk visits the node's children with w, then calls
// w.Visit(nil).
type Visitor interface {
	Visit(n Node) (w Visitor)
}

// Walk traverses the tree rooted at n depth-first, children in source order
// (the order of their fields: walk_gen.go, generated from the node types).
// TypeExpr.Def is not visited (the definition is in the decl list already).
func Walk(v Visitor, n Node) {
	if v = v.Visit(n); v == nil {
		return
	}
	walkChildren(v, n)
	v.Visit(nil)
}

func walkList[N Node](v Visitor, list []N) {
	for _, n := range list {
		Walk(v, n.node())
	}
}

// walkOpt walks n unless it is a nil interface or a typed nil pointer.
func walkOpt[N Node](v Visitor, n N) {
	if nn := asNode(n); nn != nil {
		Walk(v, nn)
	}
}

// asNode is n as a Node, nil for a nil interface or a typed nil pointer.
// (any(n) takes the dynamic type from n's method table; Node(n) would look
// up Node's.)
func asNode[N Node](n N) Node {
	if any(n) == nil {
		return nil
	}
	return n.node()
}

// Inspect calls f for each node in depth-first order, and f(nil) after a
// node's children; f returning false skips the node's children. It is
// Walk with a Visitor made of f, without the Visitor: the traversals that
// see every node of a file (the parser's depth check, the checkers) call
// f directly (inspectChildren in walk_gen.go).
func Inspect(n Node, f func(Node) bool) { inspect(f, n) }

func inspect(f func(Node) bool, n Node) {
	if !f(n) {
		return
	}
	inspectChildren(f, n)
	f(nil)
}

func inspectList[N Node](f func(Node) bool, list []N) {
	for _, n := range list {
		inspect(f, n.node())
	}
}

// inspectOpt inspects n unless it is a nil interface or a typed nil
// pointer.
func inspectOpt[N Node](f func(Node) bool, n N) {
	if nn := asNode(n); nn != nil {
		inspect(f, nn)
	}
}
