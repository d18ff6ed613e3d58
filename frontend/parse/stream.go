package parse

import (
	"github.com/antlr4-go/antlr/v4"
)

// tokenStream feeds the classified tokens to ANTLR. There is no ANTLR
// lexer: the preprocessor tokenized already, and every token is on the
// default channel, so this is a plain slice with a cursor. The tokens ANTLR
// sees are the classifier's own ctoks (see token.go): no copy.
type tokenStream struct {
	toks  []ctok
	index int
	src   tokenSource
}

func newTokenStream(ct []ctok) *tokenStream {
	for i := range ct {
		ct[i].index = int32(i)
	}
	return &tokenStream{toks: ct}
}

func (s *tokenStream) LT(k int) antlr.Token {
	switch {
	case k == 0:
		return nil
	case k < 0:
		if s.index+k < 0 {
			return nil
		}
		return &s.toks[s.index+k]
	}
	i := s.index + k - 1
	if i >= len(s.toks) {
		i = len(s.toks) - 1
	}
	return &s.toks[i]
}

// LA is LT(k)'s type, read off the slice: the parser asks for it at
// every decision and match, and the interface round trip showed.
func (s *tokenStream) LA(k int) int {
	switch {
	case k == 0:
		return antlr.TokenInvalidType
	case k < 0:
		if s.index+k < 0 {
			return antlr.TokenInvalidType
		}
		return int(s.toks[s.index+k].typ)
	}
	return int(s.toks[min(s.index+k-1, len(s.toks)-1)].typ)
}

func (s *tokenStream) Consume() {
	if s.index < len(s.toks)-1 {
		s.index++
	}
}

func (s *tokenStream) Mark() int             { return -1 }
func (s *tokenStream) Release(int)           {}
func (s *tokenStream) Index() int            { return s.index }
func (s *tokenStream) Seek(i int)            { s.index = i }
func (s *tokenStream) Size() int             { return len(s.toks) }
func (s *tokenStream) GetSourceName() string { return "hlsl" }
func (s *tokenStream) Reset()                { s.index = 0 }
func (s *tokenStream) Get(i int) antlr.Token { return &s.toks[i] }
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
