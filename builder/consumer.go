package builder

import (
	"encoding/binary"
	"io"
)

// A WordConsumer receives a module's words, one instruction (or the
// header) at a time. The slice is only valid during the call.
type WordConsumer interface {
	Consume(words []uint32) error
}

// WordSlice collects words in memory.
type WordSlice struct {
	Words []uint32
}

// Consume appends words.
func (s *WordSlice) Consume(words []uint32) error {
	s.Words = append(s.Words, words...)
	return nil
}

// WordWriter writes words little-endian to an io.Writer, buffering
// internally; call Flush at the end. The first write error sticks and is
// returned by every later call.
type WordWriter struct {
	w   io.Writer
	buf []byte
	err error
}

// NewWordWriter returns a WordWriter that writes to w.
func NewWordWriter(w io.Writer) *WordWriter {
	return &WordWriter{w: w, buf: make([]byte, 0, 32<<10)}
}

// Consume buffers words, writing the buffer out when it fills.
func (ww *WordWriter) Consume(words []uint32) error {
	if ww.err != nil {
		return ww.err
	}
	for _, w := range words {
		ww.buf = binary.LittleEndian.AppendUint32(ww.buf, w)
	}
	if len(ww.buf) >= 32<<10 {
		return ww.Flush()
	}
	return nil
}

// Flush writes out what is buffered.
func (ww *WordWriter) Flush() error {
	if ww.err != nil {
		return ww.err
	}
	if len(ww.buf) > 0 {
		_, ww.err = ww.w.Write(ww.buf)
		ww.buf = ww.buf[:0]
	}
	return ww.err
}

// LittleEndian encodes words as the bytes of a .spv file.
func LittleEndian(words []uint32) []byte {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return b
}
