package parse

import (
	"github.com/antlr4-go/antlr/v4"
)

// tokenStream feeds the classified tokens to ANTLR. There is no ANTLR
// lexer: the preprocessor tokenized already, and every token is on the
// default channel, so this is a plain slice with a cursor.
type tokenStream struct {
	toks  []stok
	index int
	src   tokenSource
}

// stok is the token ANTLR sees: its type, its index and its text. ANTLR's
// CommonToken carries a source, channel, offsets, line and column that
// nothing here reads, at four times the size.
type stok struct {
	typ   int32
	index int32
	text  string
}

var noSource = &antlr.TokenSourceCharStreamPair{}

func (t *stok) GetSource() *antlr.TokenSourceCharStreamPair { return noSource }
func (t *stok) GetTokenType() int                           { return int(t.typ) }
func (t *stok) GetChannel() int                             { return antlr.TokenDefaultChannel }
func (t *stok) GetStart() int                               { return -1 }
func (t *stok) GetStop() int                                { return -1 }
func (t *stok) GetLine() int                                { return 0 }
func (t *stok) GetColumn() int                              { return -1 }
func (t *stok) GetText() string                             { return t.text }
func (t *stok) SetText(s string)                            { t.text = s }
func (t *stok) GetTokenIndex() int                          { return int(t.index) }
func (t *stok) SetTokenIndex(v int)                         { t.index = int32(v) }
func (t *stok) GetTokenSource() antlr.TokenSource           { return nil }
func (t *stok) GetInputStream() antlr.CharStream            { return nil }
func (t *stok) String() string                              { return t.text }

func newTokenStream(ct []ctok) *tokenStream {
	// All tokens live in one array: one allocation per file.
	s := &tokenStream{toks: make([]stok, len(ct))}
	for i := range ct {
		s.toks[i] = stok{typ: int32(ct[i].typ), index: int32(i), text: ct[i].Text}
	}
	return s
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

func (s *tokenStream) LA(k int) int {
	t := s.LT(k)
	if t == nil {
		return antlr.TokenInvalidType
	}
	return t.GetTokenType()
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
