package parse

import (
	"github.com/antlr4-go/antlr/v4"

	p "github.com/hlsl2spirv/hlsl2spirv/grammar/parser"
)

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
func (t *ctok) SetText(s string)                            { t.Text = s }
func (t *ctok) GetTokenIndex() int                          { return int(t.index) }
func (t *ctok) SetTokenIndex(v int)                         { t.index = int32(v) }
func (t *ctok) GetTokenSource() antlr.TokenSource           { return nil }
func (t *ctok) GetInputStream() antlr.CharStream            { return nil }
func (t *ctok) String() string                              { return t.Text }

// A *tokNode is the parse-tree node of a token the SLL parse matched (the
// generated parser's TokenNode hook, set in parse.go): the token's own
// ctok seen as an antlr.TerminalNode, where ANTLR would allocate an
// antlr.TerminalNodeImpl per token. The LL parse, which recovers from
// errors, keeps ANTLR's nodes; the builder reads both (builder.realTok).
// Nothing reads a token node's parent: it has none.
type tokNode ctok

// tokenNode is the TokenNode hook: every token of the SLL parse is a *ctok.
func tokenNode(t antlr.Token) antlr.Tree { return (*tokNode)(t.(*ctok)) }

func (n *tokNode) GetSymbol() antlr.Token    { return (*ctok)(n) }
func (n *tokNode) GetParent() antlr.Tree     { return nil }
func (n *tokNode) SetParent(antlr.Tree)      {}
func (n *tokNode) GetPayload() interface{}   { return (*ctok)(n) }
func (n *tokNode) GetChild(int) antlr.Tree   { return nil }
func (n *tokNode) GetChildCount() int        { return 0 }
func (n *tokNode) GetChildren() []antlr.Tree { return nil }
func (n *tokNode) GetSourceInterval() antlr.Interval {
	return antlr.Interval{Start: int(n.index), Stop: int(n.index)}
}
func (n *tokNode) Accept(v antlr.ParseTreeVisitor) interface{}    { return v.VisitTerminal(n) }
func (n *tokNode) GetText() string                                { return n.Text }
func (n *tokNode) ToStringTree([]string, antlr.Recognizer) string { return n.Text }

var _ antlr.TerminalNode = (*tokNode)(nil)

// A tokenSet is a set of token types. Its literals are laid out by the
// linker, where a map's would be built at every process start.
type tokenSet [p.HLSLParserUNKNOWN + 1]bool

// has reports whether typ is in s (EOF never is).
func (s *tokenSet) has(typ int) bool { return typ >= 0 && typ < len(s) && s[typ] }
