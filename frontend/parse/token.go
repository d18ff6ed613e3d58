package parse

import "github.com/antlr4-go/antlr/v4"

// A *ctok is the token ANTLR sees (antlr.Token): its type, its index and
// its text. ANTLR's CommonToken carries a source, channel, offsets, line
// and column that nothing here reads.

var noSource = &antlr.TokenSourceCharStreamPair{}

func (t *ctok) GetSource() *antlr.TokenSourceCharStreamPair { return noSource }
func (t *ctok) GetTokenType() int                           { return int(t.typ) }
func (t *ctok) GetChannel() int                             { return antlr.TokenDefaultChannel }
func (t *ctok) GetStart() int                               { return -1 }
func (t *ctok) GetStop() int                                { return -1 }
func (t *ctok) GetLine() int                                { return 0 }
func (t *ctok) GetColumn() int                              { return -1 }
func (t *ctok) GetText() string                             { return t.Text }
func (t *ctok) SetText(s string)                            { cp := *t.Token; cp.Text = s; t.Token = &cp }
func (t *ctok) GetTokenIndex() int                          { return int(t.index) }
func (t *ctok) SetTokenIndex(v int)                         { t.index = int32(v) }
func (t *ctok) GetTokenSource() antlr.TokenSource           { return nil }
func (t *ctok) GetInputStream() antlr.CharStream            { return nil }
func (t *ctok) String() string                              { return t.Text }
