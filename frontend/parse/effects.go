package parse

import (
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// Legacy effect (.fx) syntax that DXC parses, warns about and drops. The
// pieces the grammar cannot express compactly are removed from the token
// stream here, before classification:
//
//   - `technique11 T { pass P { ... } }` at file scope;
//   - `= sampler_state { ... }` after a declarator.
//
// State blocks after a declarator (`SamplerState s { Filter = ...; };`) and
// annotations (`float x < string UIName = "x"; >;`) are in the grammar; the
// builder warns about them. Effect object types (`PixelShader ps;`) are
// sema's (sema/effects.go).

// isTechniqueKeyword reports whether s is one of DXC's spellings of the
// `technique` keyword. (A switch: every identifier of a file is asked, and
// comparing lengths first costs less than hashing.)
func isTechniqueKeyword(s string) bool {
	switch s {
	case "technique", "Technique", "technique10", "technique11":
		return true
	}
	return false
}

// dropEffectSyntax returns toks without effect techniques and sampler_state
// assignments, warning about each as DXC does. It returns toks itself when
// there is nothing to drop (the common case: one scan, no copy).
func dropEffectSyntax(diags *diag.List, toks []token.Token) []token.Token {
	first := -1
	for i := range toks {
		if t := &toks[i]; t.Kind == token.Ident && (isTechniqueKeyword(t.Text) || t.Text == "sampler_state") {
			first = i
			break
		}
	}
	if first < 0 {
		return toks
	}
	out := make([]token.Token, 0, len(toks))
	depth := 0 // brace depth of toks[i]
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case i >= first && t.Kind == token.Ident && isTechniqueKeyword(t.Text) && depth == 0 && declarationStart(toks, i):
			warnEffect(diags, codeEffectTechnique, t.Loc(), "effect technique ignored - effect syntax is deprecated")
			// As clang's SkipUntil: through the first `{`, then through
			// its matching `}`.
			i = skipBraces(toks, skipThrough(toks, i, "{"))
			continue
		case t.Kind == token.Punct && t.Text == "=" && i+1 < len(toks) && toks[i+1].Kind == token.Ident && toks[i+1].Text == "sampler_state":
			warnEffect(diags, codeEffectSamplerState, toks[i+1].Loc(), "effect sampler_state assignment ignored - effect syntax is deprecated")
			i = skipBraces(toks, skipThrough(toks, i+1, "{"))
			continue
		case t.Kind == token.Punct && t.Text == "{":
			depth++
		case t.Kind == token.Punct && t.Text == "}":
			depth--
		}
		out = append(out, t)
	}
	return out
}

// warnEffect reports a warning of clang's effects-syntax group
// (-Wno-effects-syntax silences it).
func warnEffect(diags *diag.List, code diag.Code, pos diag.Pos, msg string) {
	diags.Add(diag.Diagnostic{Severity: diag.Warning, Code: diag.SyntaxBase + code, Pos: pos, Msg: msg, Group: "effects-syntax"})
}

// declarationStart reports whether toks[i] starts a declaration: it is
// first, or follows a `;` or `}`.
func declarationStart(toks []token.Token, i int) bool {
	if i == 0 {
		return true
	}
	p := toks[i-1]
	return p.Kind == token.Punct && (p.Text == ";" || p.Text == "}")
}

// skipThrough returns the index of the first `want` after i (or of EOF).
func skipThrough(toks []token.Token, i int, want string) int {
	for i++; i < len(toks); i++ {
		if t := toks[i]; t.Kind == token.EOF || (t.Kind == token.Punct && t.Text == want) {
			return i
		}
	}
	return len(toks) - 1
}

// skipBraces returns the index of the `}` matching the `{` at open (or of
// the last token before EOF when it is missing). At EOF it returns open-1
// so the EOF token is kept.
func skipBraces(toks []token.Token, open int) int {
	if open >= len(toks) || toks[open].Kind == token.EOF {
		return open - 1
	}
	depth := 0
	for i := open; i < len(toks); i++ {
		t := toks[i]
		if t.Kind == token.EOF {
			return i - 1
		}
		if t.Kind != token.Punct {
			continue
		}
		switch t.Text {
		case "{":
			depth++
		case "}":
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return len(toks) - 1
}

// sortEffectWarnings puts the parse's diagnostics (those from index before
// on) in source order when effect warnings are among them: the token pass
// reports before the parser does, and clang's single pass gives them in
// source order. Other parses keep their order, which follows includes.
func sortEffectWarnings(diags *diag.List, before int) {
	for _, d := range diags.Diags[before:] {
		switch d.Code {
		case diag.SyntaxBase + codeEffectTechnique, diag.SyntaxBase + codeEffectSamplerState:
			diags.SortFrom(before)
			return
		}
	}
}
