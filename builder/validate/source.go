package validate

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// A SourcePos is a position in the source a module was compiled from, as
// its debug line instructions give it.
type SourcePos struct {
	File      string // the OpString's text
	Line, Col uint32
}

// SourcePos returns the source position of the error's instruction: the
// OpLine (or the debug-info DebugLine) it carries, or else the nearest
// one before it in its block. ok is false when the module has none there.
func (e *Error) SourcePos(m *builder.Module) (pos SourcePos, ok bool) {
	in := e.Inst
	if in == nil {
		return pos, false
	}
	if p, found, ended := lineOf(m, in); found || ended {
		return p, found
	}
	if in.Block == nil {
		return pos, false
	}
	insts := in.Block.Insts
	for i := len(insts) - 1; i >= 0; i-- {
		if insts[i] != in {
			continue
		}
		// An OpLine holds until the block ends or an OpNoLine.
		for j := i - 1; j >= 0; j-- {
			if p, found, ended := lineOf(m, insts[j]); found || ended {
				return p, found
			}
		}
		break
	}
	return pos, false
}

// lineOf reads the nearest debug line instruction attached to in: found
// when it is a line, ended when it is an OpNoLine (or DebugNoLine).
func lineOf(m *builder.Module, in *builder.Inst) (pos SourcePos, found, ended bool) {
	l := in.Line
	if l == nil {
		return pos, false, false
	}
	switch {
	case l.Op == spv.OpLine && len(l.Operands) == 3:
		return SourcePos{File: stringOf(m, l.Operands[0].ID()), Line: l.Operands[1].Word, Col: l.Operands[2].Word}, true, false
	case l.Op == spv.OpNoLine:
		return pos, false, true
	case isExtInst(l.Op) && len(l.Operands) >= 2:
		switch l.Operands[1].Word {
		case 103: // DebugLine: Source, Line Start, Line End, Column Start, Column End
			if len(l.Operands) < 7 {
				return pos, false, false
			}
			src := defOf(m, l.Operands[2].ID())
			file := ""
			if src != nil && len(src.Operands) >= 3 {
				file = stringOf(m, src.Operands[2].ID())
			}
			return SourcePos{File: file, Line: debugNumber(m, l.Operands[3]), Col: debugNumber(m, l.Operands[5])}, true, false
		case 104: // DebugNoLine
			return pos, false, true
		}
	}
	return pos, false, false
}

// debugNumber reads a DebugLine operand: a literal (OpenCL.DebugInfo.100)
// or the id of an integer constant (NonSemantic.Shader.DebugInfo.100).
func debugNumber(m *builder.Module, o builder.Operand) uint32 {
	if !o.IsID() {
		return o.Word
	}
	if d := defOf(m, o.ID()); d != nil && d.Op == spv.OpConstant && len(d.Operands) > 0 {
		return d.Operands[0].Word
	}
	return 0
}

func stringOf(m *builder.Module, id builder.ID) string {
	if d := defOf(m, id); d != nil && d.Op == spv.OpString && len(d.Operands) > 0 {
		return d.Operands[0].Str()
	}
	return ""
}

// defOf finds id's definition (on the error path only: a scan).
func defOf(m *builder.Module, id builder.ID) *builder.Inst {
	for in := range m.All() {
		if in.Result == id {
			return in
		}
	}
	return nil
}

// Report is the error's text with the source position of its instruction
// when the module's debug lines give one, for tools reporting a module
// they read (spirv2wgsl, hlsl2spirv -opt).
func (e *Error) Report(m *builder.Module) string {
	s := e.Error()
	if p, ok := e.SourcePos(m); ok {
		at := fmt.Sprintf("%s:%d", p.File, p.Line)
		if p.Col > 0 {
			at += fmt.Sprintf(":%d", p.Col)
		}
		s = at + ": " + s
	}
	return s
}
