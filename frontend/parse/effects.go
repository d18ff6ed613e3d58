package parse

import (
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// Legacy effect (.fx) syntax that DXC parses, warns about and drops. The
// pieces the grammar cannot express compactly are removed from the token
// stream here, as the classifier reads it (feed.go):
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

// dropEffect reports whether t, just read, starts effect syntax, which it
// then reads past, warning as DXC does; it follows the brace depth.
func (in *intake) dropEffect(t *token.Token) bool {
	switch {
	case t.Kind == token.Ident:
		if isTechniqueKeyword(t.Text) && in.fxDepth == 0 && in.raw.afterDeclaration() {
			warnEffect(in.effects, codeEffectTechnique, t.Loc(), "effect technique ignored - effect syntax is deprecated")
			in.skipEffectBlock()
			return true
		}
	case t.Text == "=":
		if next := in.raw.peek(); next != nil && next.Kind == token.Ident && next.Text == "sampler_state" {
			warnEffect(in.effects, codeEffectSamplerState, next.Loc(), "effect sampler_state assignment ignored - effect syntax is deprecated")
			in.raw.next()
			in.skipEffectBlock()
			return true
		}
	case t.Text == "{":
		in.fxDepth++
	case t.Text == "}":
		in.fxDepth--
	}
	return false
}

// warnEffect reports a warning of clang's effects-syntax group
// (-Wno-effects-syntax silences it).
func warnEffect(diags *diag.List, code diag.Code, pos diag.Pos, msg string) {
	diags.Add(diag.Diagnostic{Severity: diag.Warning, Code: diag.SyntaxBase + code, Pos: pos, Msg: msg, Group: "effects-syntax"})
}

// skipEffectBlock reads, as clang's SkipUntil, through the next `{` and
// then through its matching `}`, stopping before EOF.
func (in *intake) skipEffectBlock() {
	depth := 0
	for {
		t := in.raw.peek()
		if t == nil || t.Kind == token.EOF {
			return
		}
		in.raw.next()
		if t.Kind != token.Punct {
			continue
		}
		switch t.Text {
		case "{":
			depth++
		case "}":
			if depth > 0 {
				if depth--; depth == 0 {
					return
				}
			}
		}
	}
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
