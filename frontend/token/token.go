// Package token defines the tokens the preprocessor (frontend/pp) hands to
// the parser (frontend/parse). It is the whole contract between the two:
// the preprocessor knows nothing of HLSL keywords or type names, and the
// parser classifies identifiers itself (keywords, type and template names).
package token

import "github.com/hlsl2spirv/hlsl2spirv/frontend/diag"

// Kind is the preprocessor-level category of a token.
type Kind uint8

const (
	EOF     Kind = iota
	Ident        // identifiers and keywords alike
	Int          // integer literal as spelled: 12, 0x1Fu, 017, 3l
	Float        // floating literal as spelled: 1.0f, .5, 1e-3, 1.0h
	String       // "..." (text includes the quotes, escapes unprocessed)
	Char         // '...'
	Punct        // operators and punctuation: Text holds the spelling ("<<=", "::", "{")
	Unknown      // a character that starts no token (e.g. '$' or '@'); the parser reports it
)

func (k Kind) String() string {
	switch k {
	case EOF:
		return "EOF"
	case Ident:
		return "identifier"
	case Int:
		return "integer literal"
	case Float:
		return "floating literal"
	case String:
		return "string literal"
	case Char:
		return "character literal"
	case Punct:
		return "punctuation"
	}
	return "unknown"
}

// Flags describe the whitespace around a token, for -P output and for
// telling `a.b` from `a . b` where it matters.
type Flags uint8

const (
	LeadingSpace Flags = 1 << iota // whitespace (or a comment) before the token
	StartOfLine                    // first token on its line
)

// Token is one preprocessed token.
type Token struct {
	Kind  Kind
	Flags Flags
	Text  string
	// Pos is where the token's characters were spelled: in the user's file
	// for a macro argument or ordinary text, in the #define for a token that
	// came from a macro body.
	Pos diag.Pos
	// Exp is the outermost macro expansion this token came out of (the
	// position of the macro name at the use site), or NoPos. Diagnostics
	// point at Exp when it is set and add a note at Pos
	// ("expanded from macro ...").
	Exp diag.Pos
}

// Loc is the position diagnostics should point at: the use site of the
// macro the token came from, or where it was spelled.
func (t Token) Loc() diag.Pos {
	if t.Exp.IsValid() {
		return t.Exp
	}
	return t.Pos
}
