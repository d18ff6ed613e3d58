package filecheck

import (
	"bytes"
	"fmt"
	"strings"
)

// Kind says why a check failed, and so which exit status LLVM's FileCheck
// would have used.
type Kind int

const (
	// NoMatch: a directive was not satisfied by the input (exit status 1).
	NoMatch Kind = iota + 1
	// BadCheckFile: the check file or the options are malformed (exit 2).
	BadCheckFile
	// EmptyInput: the input is empty and AllowEmpty is off (exit 2).
	EmptyInput
)

// Failure is the error Check returns. Its Error text is LLVM-style: one
// positioned message per problem, with the source line and a caret, and
// notes saying where in the input the search started and what nearly matched.
type Failure struct {
	Kind  Kind
	Diags []Diag
}

// Diag is one message of a Failure.
type Diag struct {
	File     string // buffer name; empty for messages without a position
	Line     int    // 1-based
	Col      int    // 1-based
	Severity string // "error" or "note"
	Message  string
	Source   string // the line the position is on
	Length   int    // > 1: the message covers a range, underlined with '~'
}

// ExitCode is the status LLVM's FileCheck exits with for this failure.
func (f *Failure) ExitCode() int {
	if f.Kind == NoMatch {
		return 1
	}
	return 2
}

func (f *Failure) Error() string {
	var b strings.Builder
	for _, d := range f.Diags {
		if d.File == "" {
			if d.Severity != "" {
				b.WriteString(d.Severity + ": ")
			}
			b.WriteString(d.Message + "\n")
			continue
		}
		fmt.Fprintf(&b, "%s:%d:%d: %s: %s\n", d.File, d.Line, d.Col, d.Severity, d.Message)
		writeSourceAndCaret(&b, d)
	}
	return b.String()
}

// writeSourceAndCaret prints the source line and a caret line under it,
// '~' under the rest of a range, with tabs expanded to 8-column stops in
// both, as llvm::SMDiagnostic::print does (which omits the caret line under
// a line with non-ASCII bytes).
func writeSourceAndCaret(b *strings.Builder, d Diag) {
	const tabStop = 8
	src := d.Source
	col := 0
	for i := 0; i < len(src); i++ {
		if src[i] != '\t' {
			b.WriteByte(src[i])
			col++
			continue
		}
		for {
			b.WriteByte(' ')
			col++
			if col%tabStop == 0 {
				break
			}
		}
	}
	b.WriteByte('\n')
	// Column widths of non-ASCII text are unknown: LLVM prints no caret.
	for i := 0; i < len(src); i++ {
		if src[i] >= 0x80 {
			return
		}
	}
	caret := []byte(strings.Repeat(" ", max(len(src), d.Col)+1))
	if d.Col-1 < len(caret) {
		caret[d.Col-1] = '^'
	}
	for i := 1; i < d.Length && d.Col-1+i < len(src); i++ {
		caret[d.Col-1+i] = '~'
	}
	caret = bytes.TrimRight(caret, " ")
	col = 0
	for i, c := range caret {
		if i >= len(src) || src[i] != '\t' {
			b.WriteByte(c)
			col++
			continue
		}
		for {
			b.WriteByte(c)
			col++
			if col%tabStop == 0 {
				break
			}
		}
	}
	b.WriteByte('\n')
}

// buffer is a named text with positions.
type buffer struct {
	name string
	text []byte
}

func (b *buffer) diag(off int, severity, msg string) Diag {
	if off < 0 {
		off = 0
	}
	if off > len(b.text) {
		off = len(b.text)
	}
	// Like llvm::SourceMgr: the line number counts '\n' only, but the
	// displayed line (and so the column) is delimited by '\n' or '\r'.
	lineStart := bytes.LastIndexAny(b.text[:off], "\n\r") + 1
	lineEnd := bytes.IndexAny(b.text[off:], "\n\r")
	if lineEnd < 0 {
		lineEnd = len(b.text)
	} else {
		lineEnd += off
	}
	return Diag{
		File:     b.name,
		Line:     bytes.Count(b.text[:off], []byte{'\n'}) + 1,
		Col:      off - lineStart + 1,
		Severity: severity,
		Message:  msg,
		Source:   string(b.text[lineStart:lineEnd]),
	}
}

func badCheckFile(d ...Diag) *Failure { return &Failure{Kind: BadCheckFile, Diags: d} }

func plainError(format string, args ...any) Diag {
	return Diag{Severity: "error", Message: fmt.Sprintf(format, args...)}
}
