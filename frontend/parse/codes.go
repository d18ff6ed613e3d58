package parse

import "github.com/hlsl2spirv/hlsl2spirv/frontend/diag"

// Syntax diagnostic codes, offsets in diag.SyntaxBase's block. Never
// renumber; add new ones at the end.
const (
	codeBadChar      diag.Code = 1 // a character that starts no token
	codeSyntax       diag.Code = 2 // any other syntax error
	codeUnknownType  diag.Code = 3 // `Foo x;` with Foo undeclared
	codeExpectedExpr diag.Code = 4 // an expression was needed
	codeExpectedSemi diag.Code = 5 // a missing ';'
	codeBadShift     diag.Code = 6 // `> >` where `>>` was meant
	codeInternal     diag.Code = 7 // the parser failed on input it accepted; a bug
	codeTooDeep      diag.Code = 8 // brackets nested deeper than maxNesting
)

// Exported codes for tests and tools.
const (
	BadChar      = diag.SyntaxBase + codeBadChar
	Syntax       = diag.SyntaxBase + codeSyntax
	UnknownType  = diag.SyntaxBase + codeUnknownType
	ExpectedExpr = diag.SyntaxBase + codeExpectedExpr
	ExpectedSemi = diag.SyntaxBase + codeExpectedSemi
	BadShift     = diag.SyntaxBase + codeBadShift
	Internal     = diag.SyntaxBase + codeInternal
	TooDeep      = diag.SyntaxBase + codeTooDeep
)
