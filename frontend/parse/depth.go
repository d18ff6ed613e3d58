package parse

import (
	"github.com/antlr4-go/antlr/v4"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	p "github.com/hlsl2spirv/hlsl2spirv/grammar/parser"
)

// maxRuleDepth bounds how deeply the parser's rules may nest. Brackets are
// already limited by the classifier (maxNesting), but statements and
// operators nest without them (`if (c) if (c) ...`, `- - - x`, long `?:`
// chains): unbounded, they made the parse run for minutes and the recursive
// stages after it overflow the goroutine stack. Ordinary code stays far
// below this (the deepest test file reaches about 150); each nested
// statement costs a handful of levels, each operator of a chain one or two.
const maxRuleDepth = 4000

// guardDepth makes parser stop the parse (panicking with tooDeep,
// recovered by parseGuarded) when rules nest deeper than maxRuleDepth. The
// generated parser counts the levels itself (grammar/parser.Base): a parse
// listener would cost a call per rule and a node per token.
func guardDepth(parser *p.HLSLParser) {
	parser.DepthLimit = maxRuleDepth
	parser.TooDeep = func(ctx antlr.ParserRuleContext) { panic(tooDeep{ctx.GetStart()}) }
}

// tooDeep is the panic value of guardDepth: the token where the rule that
// went past the limit starts.
type tooDeep struct{ tok antlr.Token }

// maxTreeDepth bounds the depth of the syntax tree. Operator chains are
// flat lists in the grammar (`a + b + c ...` does not nest parser rules) but
// a left-deep tree in the AST, which sema and code generation walk
// recursively: 300,000 terms overflowed the goroutine stack.
const maxTreeDepth = 4000

// declsTooDeep returns the first node of decls (the declarations of one
// top-level declaration, holding at most nodes nodes) found deeper than
// maxTreeDepth, or nil. A path deeper than the limit runs through the File
// and more than maxTreeDepth-1 nodes of one declaration, so only
// declarations with as many nodes are walked.
func declsTooDeep(decls []ast.Decl, nodes int32) ast.Node {
	if nodes < maxTreeDepth {
		return nil // a tree needs more nodes than levels: no walk needed
	}
	var deep ast.Node
	depth := 1 // the File
	visit := func(n ast.Node) bool {
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
	}
	for _, d := range decls {
		if ast.Inspect(d, visit); deep != nil {
			return deep
		}
	}
	return nil
}
