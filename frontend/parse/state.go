package parse

import (
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/antlr4-go/antlr/v4"

	p "github.com/hlsl2spirv/hlsl2spirv/grammar/parser"
)

// A predictionState is what ANTLR's adaptive prediction builds while
// parsing and reads on the next parse: one DFA per grammar decision, and
// the ATN they were built from, whose states the runtime also annotates
// (it caches each state's lookahead set). A state serves one parse at a
// time. The Makefile builds with the antlr.nomutex tag, which compiles the
// runtime's own locks away, so nothing of a state may be shared by two
// parses running at once: each state has its own ATN.
//
// The parsers predict without ANTLR's shared prediction-context cache
// (newParser). The runtime uses it only to make the contexts of a new DFA
// state's configurations share the equal ones already cached, to save
// memory over a long run on a big grammar; DFA states compare their
// configurations by value, so predictions do not depend on it. Interning
// cost a cold parse about 0.45 M instructions (a map allocated and
// hashed per configuration of every new DFA state), and a typical parse
// adds a few dozen DFA states.
type predictionState struct {
	atn  *antlr.ATN
	dfas []*antlr.DFA
}

// staticATNTaken records that the ATN of the generated parser's static
// data serves a state already; later states deserialize copies of their
// own (grammar/parser.NewATN). In a one-shot process the first state is
// the only one, and Prefetch loads its ATN early.
var staticATNTaken atomic.Bool

func newPredictionState() *predictionState {
	if staticATNTaken.CompareAndSwap(false, true) {
		// The static data's DFAs are as fresh as forget would make
		// them (every parser predicts with a state's simulator, never
		// with the one NewHLSLParser sets up): taking them spares making
		// 155 DFAs again.
		sim := p.NewHLSLParser(nil).Interpreter
		return &predictionState{atn: sim.ATN(), dfas: sim.DecisionToDFA()}
	}
	s := &predictionState{atn: p.NewATN()}
	s.forget()
	return s
}

// forget empties the prediction caches, as in a fresh process.
func (s *predictionState) forget() {
	s.dfas = make([]*antlr.DFA, len(s.atn.DecisionToState))
	p.NewDFAs(s.dfas, s.atn.DecisionToState)
}

// newParser makes an ANTLR parser over stream that predicts with s, and
// without a shared context cache (see predictionState). With mem, it makes
// its tree in the memory of the tree mem's last parser made, and becomes
// that parser.
func (s *predictionState) newParser(stream *tokenStream, mem *treeMemory) *p.HLSLParser {
	parser := p.NewHLSLParser(stream)
	parser.Interpreter = antlr.NewParserATNSimulator(parser, s.atn, s.dfas, nil)
	if mem != nil {
		if mem.parser != nil {
			parser.TakeMemory(&mem.parser.Base)
		}
		mem.parser = parser
	}
	return parser
}

// A treeMemory is the memory a parse made its tree and its classified
// tokens in, which the Parser keeps for the next parse once the tree is
// built into an AST and dropped (Parser.keepTree): in a batch, a parse
// allocates nothing for them until it outgrows the parses before it.
type treeMemory struct {
	parser *p.HLSLParser // the last parser made (newParser), or one spent
	toks   []*[1 << chunkBits]ctok
}

// maxKeptTree bounds the bytes of chunks a kept treeMemory may hold: the
// tree of an SLL pass is that of its largest top-level declaration (see
// p.Base.TopRuleDone), but an LL pass keeps the whole file's.
const maxKeptTree = 1 << 20

// takeTree returns a treeMemory for a parse: one kept, or an empty one.
func (ps *Parser) takeTree() *treeMemory {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if n := len(ps.spent); n > 0 {
		mem := ps.spent[n-1]
		ps.spent = ps.spent[:n-1]
		return mem
	}
	return new(treeMemory)
}

// keepTree keeps mem, with the classified tokens' chunks of c, for the
// next parse: nothing may hold the parse's tree or tokens any more.
func (ps *Parser) keepTree(mem *treeMemory, c *classifier) {
	mem.toks = c.toks.release()
	if mem.parser != nil && mem.parser.MemoryBytes()+len(mem.toks)*int(unsafe.Sizeof([1 << chunkBits]ctok{})) > maxKeptTree {
		return
	}
	ps.mu.Lock()
	ps.spent = append(ps.spent, mem)
	ps.mu.Unlock()
}

// acquire takes an idle state, the most recently used first (it is the
// warmest), or makes one when every state is busy.
func (ps *Parser) acquire() *predictionState {
	ps.mu.Lock()
	if n := len(ps.idle); n > 0 {
		s := ps.idle[n-1]
		ps.idle = ps.idle[:n-1]
		ps.mu.Unlock()
		return s
	}
	ps.count++
	ps.mu.Unlock()
	return newPredictionState()
}

// release gives a state back for the next parse.
func (ps *Parser) release(s *predictionState) {
	ps.mu.Lock()
	ps.idle = append(ps.idle, s)
	ps.mu.Unlock()
}

// Prefetch starts loading the parser's tables (ANTLR's deserialized ATN,
// about a millisecond in a fresh process) on another goroutine, so that a
// caller can overlap it with reading and preprocessing a file; the first
// parse waits for it if it has not finished. Calling it more than once, or
// never, is fine.
func Prefetch() {
	prefetchOnce.Do(func() { go p.HLSLParserInit() })
}

var prefetchOnce sync.Once
