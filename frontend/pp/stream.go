package pp

import (
	"fmt"
	"runtime/debug"
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// BlockLen is how many tokens a Stream hands over at a time (the last
// block of a file may hold fewer).
const BlockLen = 1024

// spareBlocks keeps token blocks for the next Streams: a batch compiles
// many shaders, and a block (32 KB) was a tenth of what a small shader's
// compile allocated.
var spareBlocks = sync.Pool{New: func() any { return new([BlockLen]token.Token) }}

// newBlock returns an empty block of BlockLen tokens' capacity.
func newBlock() []token.Token { return spareBlocks.Get().(*[BlockLen]token.Token)[:0] }

// spareBlock keeps b, which nothing reads any more, for a later Stream.
func spareBlock(b []token.Token) {
	if cap(b) == BlockLen {
		full := (*[BlockLen]token.Token)(b[:BlockLen])
		clear(full[:]) // its tokens' text belongs to this Stream's files
		spareBlocks.Put(full)
	}
}

// aheadBlocks bounds how far a concurrent Stream's preprocessor runs ahead
// of its reader, in blocks: a slow reader costs memory, not time.
const aheadBlocks = 16

// A Stream preprocesses a translation unit a block of tokens at a time,
// as its reader asks for them, so that parsing can start before
// preprocessing ends and the preprocessor keeps no list of every token.
// It produces the tokens Preprocess would, in the same order.
//
// A concurrent Stream runs the preprocessor on a goroutine of its own,
// ahead of the reader; otherwise Next runs it on the reader's goroutine.
// Either way the preprocessor writes its diagnostics to the List (and
// adds the files it reads to the FileSet) until Close returns: the reader
// must not touch the List before then.
type Stream struct {
	p *preprocessor

	// Reading on the reader's goroutine: the block Next fills.
	block []token.Token

	// Reading from the preprocessor's goroutine: blocks come through
	// full (closed after the last) and go back through free to be
	// filled again. Closing stop makes the preprocessor give up.
	full  chan filled
	free  chan []token.Token
	stop  chan struct{}
	last  []token.Token // the block Next returned last
	fault *Panic        // the preprocessor's panic, set before full is closed

	// pragmas are those before the tokens Next has returned (Pragmas).
	pragmas []Pragma

	closed bool
}

// NewStream sets up the preprocessing of src, the contents of filename,
// and everything it includes (as Preprocess does) and, when concurrent,
// starts it on a new goroutine.
func NewStream(fs *diag.FileSet, diags *diag.List, filename string, src []byte, cfg Config, concurrent bool) *Stream {
	s := &Stream{p: newPreprocessor(fs, diags, filename, src, cfg)}
	if !concurrent {
		s.block = newBlock()
		return s
	}
	s.full = make(chan filled, aheadBlocks)
	s.free = make(chan []token.Token, aheadBlocks+2)
	s.stop = make(chan struct{})
	go s.produce()
	return s
}

// produce runs the preprocessor on its own goroutine, handing over each
// block as it fills. A panic (a compiler bug) is kept for Close, which
// re-raises it on the reader's goroutine.
func (s *Stream) produce() {
	defer func() {
		if v := recover(); v != nil {
			s.fault = &Panic{Value: v, Stack: debug.Stack()}
		}
		close(s.full)
	}()
	for !s.p.ended {
		var b []token.Token
		select {
		case b = <-s.free:
		default:
			b = newBlock()
		}
		b = s.p.fill(b[:0], BlockLen)
		select {
		case s.full <- filled{b, s.p.settledPragmas()}:
		case <-s.stop:
			return
		}
	}
}

// Next returns the next tokens, the last block ending with the EOF token,
// then nil. The slice is the Stream's: it is valid until the next call of
// Next or Close.
func (s *Stream) Next() []token.Token {
	if s.full == nil {
		if s.p.ended || s.closed {
			return nil
		}
		s.block = s.p.fill(s.block[:0], BlockLen)
		s.pragmas = s.p.settledPragmas()
		return s.block
	}
	if s.last != nil {
		s.free <- s.last // never blocks: at most aheadBlocks+2 blocks exist
		s.last = nil
	}
	f, ok := <-s.full
	if !ok {
		return nil
	}
	s.last, s.pragmas = f.toks, f.pragmas
	return f.toks
}

// A filled block is handed over with the pragmas before its last token.
type filled struct {
	toks    []token.Token
	pragmas []Pragma
}

// Pragmas returns the pragmas met before the last token Next returned (at
// least: those before the tokens it returned), in order, for a reader
// that needs them before the preprocessing ends: Close's Result has them
// all. The slice is a prefix of the Result's, which its reader may keep.
func (s *Stream) Pragmas() []Pragma { return s.pragmas }

// Close ends the preprocessing: it stops the preprocessor if it has not
// reached the end (its result then lacks what it did not read) and waits
// for it. It returns the Result, whose Tokens are empty (the Stream handed
// them out); its pragmas, includes and expansion notes are complete. A
// panic of the preprocessor's goroutine is raised again here, as a *Panic.
// Calling Close again returns the same Result.
func (s *Stream) Close() *Result {
	if s.closed {
		return s.p.res
	}
	s.closed = true
	if s.full == nil {
		spareBlock(s.block)
		s.block = nil
		return s.p.res
	}
	close(s.stop)
	for f := range s.full {
		spareBlock(f.toks)
	}
	if s.fault != nil {
		panic(s.fault)
	}
	for len(s.free) > 0 {
		spareBlock(<-s.free)
	}
	if s.last != nil {
		spareBlock(s.last)
		s.last = nil
	}
	return s.p.res
}

// A Panic is a panic of a concurrent Stream's preprocessor goroutine, as
// Close raises it again on the reader's: the value and where it happened.
type Panic struct {
	Value any
	Stack []byte
}

func (p *Panic) Error() string {
	return fmt.Sprintf("%v\n\non the preprocessor's goroutine:\n%s", p.Value, p.Stack)
}
