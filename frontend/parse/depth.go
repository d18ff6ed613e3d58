package parse

import (
	"github.com/antlr4-go/antlr/v4"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
)

// maxRuleDepth bounds how deeply the parser's rules may nest. Brackets are
// already limited by the classifier (maxNesting), but statements and
// operators nest without them (`if (c) if (c) ...`, `- - - x`, long `?:`
// chains): unbounded, they made the parse run for minutes and the recursive
// stages after it overflow the goroutine stack. Ordinary code stays far
// below this (the deepest test file reaches about 150); each nested
// statement costs a handful of levels, each operator of a chain one or two.
const maxRuleDepth = 4000

// depthGuard is a parse listener that stops the parse (panicking with
// tooDeep, recovered by parseFile) when rules nest deeper than limit.
type depthGuard struct {
	antlr.BaseParseTreeListener
	depth, max, limit int
}

// tooDeep is the panic value of depthGuard: the token where the rule that
// went past the limit starts.
type tooDeep struct{ tok antlr.Token }

func (g *depthGuard) EnterEveryRule(ctx antlr.ParserRuleContext) {
	g.depth++
	g.max = max(g.max, g.depth)
	if g.depth > g.limit {
		panic(tooDeep{ctx.GetStart()})
	}
}

func (g *depthGuard) ExitEveryRule(antlr.ParserRuleContext) { g.depth-- }

// maxTreeDepth bounds the depth of the syntax tree. Operator chains are
// flat lists in the grammar (`a + b + c ...` does not nest parser rules) but
// a left-deep tree in the AST, which sema and code generation walk
// recursively: 300,000 terms overflowed the goroutine stack.
const maxTreeDepth = 4000

// nodeTooDeep returns the first node found deeper than maxTreeDepth, or nil.
func nodeTooDeep(f *ast.File) ast.Node {
	if f.NodeCount <= maxTreeDepth {
		return nil // a tree needs more nodes than levels: no walk needed
	}
	var deep ast.Node
	depth := 0
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			depth--
			return false
		}
		if deep != nil {
			return false
		}
		if depth++; depth > maxTreeDepth {
			deep = n
			depth-- // no f(nil) follows a node whose children are skipped
			return false
		}
		return true
	})
	return deep
}
