package wgsl

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// A Pos is a source position from the module's debug line information
// (OpLine with its OpString file name, or a NonSemantic/OpenCL DebugLine).
type Pos struct {
	File      string
	Line, Col uint32
}

func (p Pos) String() string {
	switch {
	case p.Col > 0:
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
	default:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
}

// An Error is input the translator refuses: a construct WGSL cannot express
// (Unsupported), or a module that is not valid Vulkan SPIR-V. It names the
// construct and, when the module carries line information, the source
// position of the instruction that needs it.
type Error struct {
	Pos *Pos // nil without line information
	// Unsupported is true for valid SPIR-V that WGSL cannot express; false
	// for invalid input.
	Unsupported bool
	Msg         string
	// Inst is the instruction the error is about, in assembly syntax with
	// numeric ids ("%12 = OpTypeFloat 64"), or "".
	Inst string
	// Func is the name of the SPIR-V function holding the instruction, or "".
	Func string
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.Pos != nil {
		b.WriteString(e.Pos.String())
		b.WriteString(": ")
	}
	b.WriteString("error: ")
	if e.Unsupported {
		b.WriteString("WGSL cannot express ")
	} else {
		b.WriteString("invalid SPIR-V: ")
	}
	b.WriteString(e.Msg)
	if e.Inst != "" || e.Func != "" {
		b.WriteString(" (")
		if e.Inst != "" {
			b.WriteString(e.Inst)
		}
		if e.Func != "" {
			if e.Inst != "" {
				b.WriteString(" ")
			}
			b.WriteString("in function ")
			b.WriteString(e.Func)
		}
		b.WriteString(")")
	}
	return b.String()
}

// An InternalError is a translator bug (a panic caught at the API boundary):
// never the user's fault, always worth a report.
type InternalError struct {
	Panic any
	Stack string
}

func (e *InternalError) Error() string {
	return fmt.Sprintf("internal error in the WGSL backend (please report): %v", e.Panic)
}

// bailout is panicked with the first error to unwind a translation; the
// API boundary recovers it.
type bailout struct{ err *Error }

// fail stops the translation with an "invalid SPIR-V" error about the
// current instruction.
func (t *translator) fail(format string, args ...any) {
	panic(bailout{t.errorAt(false, fmt.Sprintf(format, args...))})
}

// unsupported stops the translation with a "WGSL cannot express" error
// about the current instruction.
func (t *translator) unsupported(format string, args ...any) {
	panic(bailout{t.errorAt(true, fmt.Sprintf(format, args...))})
}

func (t *translator) errorAt(unsupported bool, msg string) *Error {
	e := &Error{Unsupported: unsupported, Msg: msg}
	if in := t.cur; in != nil {
		e.Inst = in.String()
		e.Pos = t.posOf(in)
	}
	if t.curFunc != nil {
		e.Func = t.funcName(t.curFunc)
	}
	return e
}

// posOf finds the source position of an instruction: its own debug line,
// else the nearest one before it in its block, else the block's.
func (t *translator) posOf(in *builder.Inst) *Pos {
	if p := t.linePos(in.Line); p != nil {
		return p
	}
	b := in.Block
	if b == nil {
		return nil
	}
	for i := len(b.Insts) - 1; i >= 0; i-- {
		if b.Insts[i] == in {
			for j := i - 1; j >= 0; j-- {
				if p := t.linePos(b.Insts[j].Line); p != nil {
					return p
				}
			}
			if p := t.linePos(b.Line); p != nil {
				return p
			}
			// Function variables come before the first line: take the
			// first statement's.
			for j := i + 1; j < len(b.Insts); j++ {
				if p := t.linePos(b.Insts[j].Line); p != nil {
					return p
				}
			}
			break
		}
	}
	return t.linePos(b.Line)
}

// linePos decodes a chain of debug line instructions (the last one written
// is first in the chain).
func (t *translator) linePos(l *builder.Inst) *Pos {
	for ; l != nil; l = l.Line {
		switch l.Op {
		case spv.OpLine:
			if len(l.Operands) >= 3 {
				return &Pos{File: t.debugString(l.Operands[0].ID()), Line: l.Operands[1].Word, Col: l.Operands[2].Word}
			}
		case spv.OpExtInst:
			// DebugLine (both debug-info sets): Source, Line Start, Line
			// End, Column Start, Column End, all ids of constants.
			if len(l.Operands) >= 7 && t.isDebugLine(l) {
				src := t.du.Def(l.Operands[2].ID())
				file := ""
				if src != nil && len(src.Operands) >= 3 {
					file = t.debugString(src.Operands[2].ID())
				}
				line, _ := t.constUint(l.Operands[3].ID())
				col, _ := t.constUint(l.Operands[5].ID())
				return &Pos{File: file, Line: uint32(line), Col: uint32(col)}
			}
		}
	}
	return nil
}

func (t *translator) isDebugLine(l *builder.Inst) bool {
	set := t.extSets[l.Operands[0].ID()]
	n := l.Operands[1].Word
	switch set {
	case "NonSemantic.Shader.DebugInfo.100":
		return n == uint32(spv.NonSemanticShaderDebugInfo100DebugLine)
	}
	return false
}

func (t *translator) debugString(id builder.ID) string {
	if d := t.du.Def(id); d != nil && d.Op == spv.OpString && len(d.Operands) > 0 {
		return d.Operands[0].Str()
	}
	return "<unknown file>"
}
