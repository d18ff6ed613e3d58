package parse

import (
	"github.com/antlr4-go/antlr/v4"
)

// tokenStream feeds the classified tokens to ANTLR. There is no ANTLR
// lexer: the preprocessor tokenized already, and every token is on the
// default channel, so this is the classifier's tokens with a cursor,
// classified as the parser reads them (the preprocessor may still be
// producing the rest). The tokens ANTLR sees are the classifier's own
// ctoks (see token.go): no copy.
type tokenStream struct {
	c     *classifier
	index int
	// cur is the token at index when its classification is final, else
	// nil: LT(1) and LA(1), which the parser asks for at every decision,
	// match and rule, read it without finding the token's chunk.
	cur *ctok
	src tokenSource
}

func newTokenStream(c *classifier) *tokenStream {
	return &tokenStream{c: c}
}

// final is index i, or the last index when i is past the end, with the
// classification of the tokens up to it final.
func (s *tokenStream) final(i int) int {
	if i < s.c.final {
		return i
	}
	return s.c.finalUpTo(i)
}

func (s *tokenStream) LT(k int) antlr.Token {
	if k == 1 && s.cur != nil {
		return s.cur
	}
	if k > 0 {
		return s.c.toks.at(s.final(s.index + k - 1))
	}
	if k == 0 || s.index+k < 0 {
		return nil
	}
	return s.c.toks.at(s.index + k)
}

// LA is LT(k)'s type: the parser asks for it at every decision and match,
// and the interface round trip showed.
func (s *tokenStream) LA(k int) int {
	if k == 1 && s.cur != nil {
		return int(s.cur.typ)
	}
	if k > 0 {
		return int(s.c.toks.at(s.final(s.index + k - 1)).typ)
	}
	if k == 0 || s.index+k < 0 {
		return antlr.TokenInvalidType
	}
	return int(s.c.toks.at(s.index + k).typ)
}

func (s *tokenStream) Consume() {
	if s.final(s.index+1) > s.index {
		s.index++
	}
	s.setCur()
}

// setCur sets cur for index.
func (s *tokenStream) setCur() {
	s.cur = nil
	if s.index >= 0 && s.index < s.c.final {
		s.cur = s.c.toks.at(s.index)
	}
}

func (s *tokenStream) Mark() int             { return -1 }
func (s *tokenStream) Release(int)           {}
func (s *tokenStream) Index() int            { return s.index }
func (s *tokenStream) Seek(i int)            { s.index = i; s.setCur() }
func (s *tokenStream) Size() int             { return s.c.toks.n } // (so far)
func (s *tokenStream) GetSourceName() string { return "hlsl" }
func (s *tokenStream) Reset()                { s.index = 0; s.setCur() }
func (s *tokenStream) Get(i int) antlr.Token { return s.c.toks.at(s.final(i)) }
func (s *tokenStream) GetTokenSource() antlr.TokenSource {
	return &s.src
}
func (s *tokenStream) SetTokenSource(antlr.TokenSource)                  {}
func (s *tokenStream) GetAllText() string                                { return "" }
func (s *tokenStream) GetTextFromInterval(antlr.Interval) string         { return "" }
func (s *tokenStream) GetTextFromRuleContext(antlr.RuleContext) string   { return "" }
func (s *tokenStream) GetTextFromTokens(antlr.Token, antlr.Token) string { return "" }

// tokenSource exists because the error strategy asks the stream's source
// for a token factory when it conjures a missing token. The embedded nil
// lexer only provides the interface's unexported method, never called.
type tokenSource struct {
	*antlr.BaseLexer
}

func (tokenSource) NextToken() antlr.Token              { return nil }
func (tokenSource) Skip()                               {}
func (tokenSource) More()                               {}
func (tokenSource) GetLine() int                        { return 0 }
func (tokenSource) GetCharPositionInLine() int          { return 0 }
func (tokenSource) GetInputStream() antlr.CharStream    { return nil }
func (tokenSource) GetSourceName() string               { return "hlsl" }
func (tokenSource) GetTokenFactory() antlr.TokenFactory { return antlr.CommonTokenFactoryDEFAULT }
