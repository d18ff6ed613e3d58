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

	// Warnings about legacy effect syntax, which is parsed and dropped.
	codeEffectTechnique    diag.Code = 9  // technique { pass { ... } }
	codeEffectSamplerState diag.Code = 10 // = sampler_state { ... }
	codeEffectStateBlock   diag.Code = 11 // SamplerState s { Filter = ...; }
	codeEffectAnnotation   diag.Code = 12 // float x < string UIName = "x"; >

	codeUnsupportedSemantic diag.Code = 13 // the Direct3D 9 VFACE semantic
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

	EffectTechnique    = diag.SyntaxBase + codeEffectTechnique
	EffectSamplerState = diag.SyntaxBase + codeEffectSamplerState
	EffectStateBlock   = diag.SyntaxBase + codeEffectStateBlock
	EffectAnnotation   = diag.SyntaxBase + codeEffectAnnotation
)
