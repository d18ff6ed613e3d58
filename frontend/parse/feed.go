package parse

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/pp"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// A tokenFeed hands over the preprocessed tokens a block at a time, the
// last block ending with EOF, then nil; a block is valid until the next
// call. A *pp.Stream is one (the tokens come while the preprocessor runs),
// sliceFeed another.
type tokenFeed interface {
	Next() []token.Token
	// Pragmas are the pragmas before the tokens handed over so far, for
	// a feed whose pragmas are not known up front (else nil).
	Pragmas() []pp.Pragma
}

// sliceFeed feeds tokens the preprocessor produced all at once.
type sliceFeed struct{ toks []token.Token }

func (f *sliceFeed) Next() []token.Token {
	toks := f.toks
	f.toks = nil
	return toks
}

func (f *sliceFeed) Pragmas() []pp.Pragma { return nil }

// rawReader reads a feed one token at a time.
type rawReader struct {
	feed  tokenFeed
	block []token.Token
	i     int // the next token's index in block
	// before is the token before block[0] (valid when started).
	before  token.Token
	started bool
}

// peek returns the next token without reading it, or nil at the end. The
// pointer is valid until the next call of next.
func (r *rawReader) peek() *token.Token {
	for r.i == len(r.block) {
		if r.feed == nil {
			return nil
		}
		if len(r.block) > 0 {
			r.before, r.started = r.block[len(r.block)-1], true
		}
		r.block, r.i = r.feed.Next(), 0
		if r.block == nil {
			r.feed = nil
		}
	}
	return &r.block[r.i]
}

// next reads the next token (nil at the end), valid until the next call.
func (r *rawReader) next() *token.Token {
	t := r.peek()
	if t != nil {
		r.i++
	}
	return t
}

// afterDeclaration reports whether the token just read starts a
// declaration: it is the first, or follows a `;` or `}`.
func (r *rawReader) afterDeclaration() bool {
	prev := &r.before
	if r.i >= 2 {
		prev = &r.block[r.i-2]
	} else if !r.started {
		return true
	}
	return prev.Kind == token.Punct && (prev.Text == ";" || prev.Text == "}")
}

// intake is the classifier's first step: it stores the tokens read from
// the feed as ctoks, dropping legacy effect syntax (effects.go) and the
// `template` disambiguator, splitting `>>` (so nested template argument
// lists can close) and reporting invalid characters; and it bounds the
// nesting of brackets. It takes a block at a time.
type intake struct {
	raw     rawReader
	effects *diag.List // effect-syntax warnings
	// fxDepth is the brace depth of the tokens kept, for telling a
	// technique at file scope.
	fxDepth        int
	dropTemplateKw bool
	brackets       int              // ( [ { open
	tooDeep        *diag.Diagnostic // the first bracket nested too deeply
	ended          bool             // the feed is read and EOF stored
}

// pull stores the tokens left in the feed's current block, or in the next
// block when it is used up, in c.toks, and reports whether it stored any.
func (in *intake) pull(c *classifier) bool {
	n := c.toks.n
	for c.toks.n == n {
		if in.raw.peek() == nil {
			return in.end(c)
		}
		in.takeBlock(c)
	}
	return true
}

// end is pull at the end of the feed: it stores an EOF token unless the
// feed ended with one (parse.File accepts tokens without), once.
func (in *intake) end(c *classifier) bool {
	if in.ended {
		return false
	}
	in.ended = true
	if n := c.toks.n; n == 0 || c.toks.at(n-1).Kind != token.EOF {
		c.toks.push().Token = token.Token{Kind: token.EOF}
		return true
	}
	return false
}

// takeBlock stores the tokens left in the current block.
func (in *intake) takeBlock(c *classifier) {
	r := &in.raw
	for r.i < len(r.block) {
		t := &r.block[r.i]
		r.i++
		switch t.Kind {
		case token.Unknown:
			c.diags.Errorf(diag.SyntaxBase+codeBadChar, t.Loc(), "invalid character '%s' in source", t.Text)
			continue
		case token.Ident:
			if in.dropEffect(t) {
				continue
			}
			if t.Text == "template" && c.toks.n > 0 {
				if last := c.toks.at(c.toks.n - 1); last.Kind == token.Punct {
					switch last.Text {
					case "::", ".", "->":
						in.dropTemplateKw = true
						continue
					}
				}
			}
		case token.Punct:
			if r.i == len(r.block) {
				// Looking past `=` reads the next block, and this one goes
				// back to the preprocessor.
				last := *t
				t = &last
			}
			if in.dropEffect(t) {
				continue
			}
			switch t.Text {
			case "(", "[", "{":
				if in.brackets++; in.brackets > maxNesting && in.tooDeep == nil {
					in.tooDeep = &diag.Diagnostic{Severity: diag.Error, Code: diag.SyntaxBase + codeTooDeep, Pos: t.Loc(),
						Msg: fmt.Sprintf("bracket nesting level exceeded maximum of %d", maxNesting)}
				}
			case ")", "]", "}":
				in.brackets--
			case ">>":
				first, second := c.toks.push(), c.toks.push()
				first.Token, second.Token = *t, *t
				first.Text, second.Text = ">", ">"
				second.Flags = 0
				if !t.Exp.IsValid() {
					second.Pos++
				}
				first.splitFrom, second.splitFrom = true, true
				continue
			}
		}
		ct := c.toks.push()
		ct.Token = *t
		ct.templateKw, in.dropTemplateKw = in.dropTemplateKw, false
	}
}

// chunkBits sets the size of the ctokStore's chunks: 512 tokens, 20 KB.
const chunkBits = 9

// A ctokStore holds the classified tokens in chunks that never move: the
// parser holds pointers to them (a *ctok is an antlr.Token) while more are
// added.
type ctokStore struct {
	chunks []*[1 << chunkBits]ctok // those past n's are zero (reused: treeMemory)
	n      int
}

// release zeroes the tokens and hands back the chunks, for the next
// parse's store (the caller promises that nothing holds the tokens any
// more).
func (s *ctokStore) release() []*[1 << chunkBits]ctok {
	for i, chunk := range s.chunks {
		if used := s.n - i<<chunkBits; used >= len(chunk) {
			clear(chunk[:])
		} else if used > 0 {
			clear(chunk[:used])
		}
	}
	chunks := s.chunks
	*s = ctokStore{}
	return chunks
}

// at is the token at index i < n.
func (s *ctokStore) at(i int) *ctok {
	return &s.chunks[i>>chunkBits][i&(1<<chunkBits-1)]
}

// push adds a token, numbered, and returns it to be filled in.
func (s *ctokStore) push() *ctok {
	if s.n&(1<<chunkBits-1) == 0 && s.n>>chunkBits == len(s.chunks) {
		s.chunks = append(s.chunks, new([1 << chunkBits]ctok))
	}
	ct := s.at(s.n)
	ct.index = int32(s.n)
	s.n++
	return ct
}

// has reports whether there is a token at index i, reading the feed
// as far as needed.
func (c *classifier) has(i int) bool {
	for i >= c.toks.n {
		if !c.in.pull(c) {
			return false
		}
	}
	return i >= 0
}

// at is the token at index i, read from the feed if need be, or noTok
// out of range. Its type is set only once classified (typedAt).
func (c *classifier) at(i int) *ctok {
	if uint(i) < uint(c.toks.n) {
		return c.toks.at(i)
	}
	return c.atAhead(i)
}

// atAhead is at past the tokens read so far.
func (c *classifier) atAhead(i int) *ctok {
	if !c.has(i) {
		return &noTok
	}
	return c.toks.at(i)
}
