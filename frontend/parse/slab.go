package parse

import "github.com/hlsl2spirv/hlsl2spirv/frontend/ast"

// A slab hands out values of one type from chunks: the builder makes tens
// of thousands of small nodes per file, and one allocation per chunk
// instead of one per node saves the allocator and the collector most of
// their work. The nodes of a file live as long as its AST, so a chunk
// kept alive by one of them holds little that is not live anyway.
type slab[T any] struct {
	free []T
	made int // the values handed out so far
}

// A new chunk holds half as many values as were handed out before it,
// within [minChunk, maxChunk]: a short file wastes little, a long one
// allocates rarely.
const (
	minChunk = 8
	maxChunk = 512
)

func (s *slab[T]) new() *T {
	if len(s.free) == 0 {
		s.free = make([]T, min(max(s.made/2, minChunk), maxChunk))
	}
	s.made++
	n := &s.free[0]
	s.free = s.free[1:]
	return n
}

// alloc returns a new T holding v, from s.
func alloc[T any](s *slab[T], v T) *T {
	n := s.new()
	*n = v
	return n
}

// nodeSlabs are the slabs of the node types a file has many of.
type nodeSlabs struct {
	idents     slab[ast.Ident]
	names      slab[ast.NameExpr]
	lits       slab[ast.BasicLit]
	types      slab[ast.TypeExpr]
	members    slab[ast.MemberExpr]
	calls      slab[ast.CallExpr]
	indexes    slab[ast.IndexExpr]
	unaries    slab[ast.UnaryExpr]
	binaries   slab[ast.BinaryExpr]
	assigns    slab[ast.AssignExpr]
	conds      slab[ast.CondExpr]
	constructs slab[ast.ConstructExpr]
	exprStmts  slab[ast.ExprStmt]
	declStmts  slab[ast.DeclStmt]
	varDecls   slab[ast.VarDecl]
	blocks     slab[ast.BlockStmt]
	ifs        slab[ast.IfStmt]
	returns    slab[ast.ReturnStmt]
}
