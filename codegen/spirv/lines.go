package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

// The lines pass: once the module is final, attachLines gives its
// instructions their OpLine, OpNoLine, DebugLine or DebugNoLine from the
// source positions the emitter recorded in a lineTable while it walked the
// functions. It reads nothing else of the emitter, so passes never see the
// lines, and the pass is tested SPIR-V in, SPIR-V out (lines_test.go).

// lineTable is what the lines pass reads.
type lineTable struct {
	locs     map[*builder.Inst]diag.Pos    // where each instruction came from
	ranges   map[*builder.Inst][2]diag.Pos // NonSemantic: the source range of its expression
	wrappers map[builder.ID]bool           // entry wrappers: lines on OpFunction and OpReturn only
	files    map[string]builder.ID         // OpString of each file name, made on first use
	// scopes are the DebugScope instructions the rich debug information
	// placed (debugrich.go): they end the current line and take none.
	scopes map[*builder.Inst]bool

	// positionsOnly writes every recorded position raw (DebugOptions.Positions).
	positionsOnly bool
	// richLines, for NonSemantic.Shader.DebugInfo.100, writes DebugLine
	// and DebugNoLine of the instruction set set instead of OpLine and
	// OpNoLine, naming each file by its DebugSource (sources; source for a
	// file that has none).
	richLines bool
	set       builder.ID
	sources   map[string]builder.ID
	source    builder.ID
}

// file returns the OpString naming a file, made on first use.
func (t *lineTable) file(b *builder.ModuleBuilder, name string) builder.ID {
	if id, ok := t.files[name]; ok {
		return id
	}
	id := b.DebugString(name)
	setKey(&t.files, name, id)
	return id
}

// lineState is DXC's bookkeeping while placing lines: the last position
// emitted (zero after a terminator or a position-less instruction) and
// whether the previous instruction was a merge, which the branch after it
// must follow directly.
type lineState struct {
	file       builder.ID
	line, col  int
	end        [2]int // DebugLine: the range's end line and column
	afterMerge bool
	inWrapper  bool
}

// attachLines gives the module's instructions their lines, following
// DXC's emitter: a line is written when the position changes, never
// between a merge instruction and its branch, and only on OpFunction and
// OpReturn of entry wrappers (DXC made them up).
func attachLines(b *builder.ModuleBuilder, fs *diag.FileSet, t *lineTable) {
	if t.locs == nil {
		return
	}
	p := &linePlacer{b: b, fs: fs, t: t}
	for _, f := range b.M.Functions {
		st := &lineState{inWrapper: t.wrappers[f.Def.Result]}
		p.lineFor(st, f.Def)
		for _, param := range f.Params {
			p.lineFor(st, param)
		}
		for _, blk := range f.Blocks {
			// OpLabel has no position: DXC ends the current line there.
			if !st.inWrapper && !st.afterMerge && !t.richLines {
				st.line, st.col = 0, 0
			}
			for _, in := range blk.Insts {
				p.lineFor(st, in)
			}
		}
	}
}

// linePlacer is attachLines' walk.
type linePlacer struct {
	b  *builder.ModuleBuilder
	fs *diag.FileSet
	t  *lineTable
}

// lineFor attaches in's line if DXC would write one before it.
func (p *linePlacer) lineFor(st *lineState, in *builder.Inst) {
	t := p.t
	if t.positionsOnly {
		if pos, ok := t.locs[in]; ok {
			in.Line = &builder.Inst{Op: spv.OpLine, Operands: []builder.Operand{builder.Ref(t.file(p.b, "")), builder.Lit(uint32(pos)), builder.Lit(0)}}
		}
		return
	}
	op := in.Op
	if st.inWrapper && op != spv.OpReturn && op != spv.OpFunction {
		return
	}
	if t.scopes[in] {
		// a DebugScope ends the current line without OpNoLine
		if !st.afterMerge {
			st.line, st.col = 0, 0
		}
		return
	}
	if st.afterMerge {
		st.afterMerge = false
		st.line, st.col = 0, 0
		return
	}
	if op == spv.OpSelectionMerge || op == spv.OpLoopMerge {
		st.afterMerge = true
	}
	if op == spv.OpVariable {
		// the variable's debug instruction carries its position
		return
	}
	if t.richLines && (op == spv.OpFunction || op == spv.OpFunctionParameter || op == spv.OpPhi) {
		return
	}
	loc, ok := t.locs[in]
	if !ok {
		if st.line != 0 || st.col != 0 {
			if t.richLines {
				in.Line = p.richLine(dbgNoLine)
			} else {
				in.Line = &builder.Inst{Op: spv.OpNoLine}
			}
		}
		st.line, st.col = 0, 0
		return
	}
	pos := p.fs.Position(loc)
	end := pos
	if rng, ok := t.ranges[in]; ok && rng[1].IsValid() {
		pos, end = p.fs.Position(rng[0]), p.fs.Position(rng[1])
	}
	reset := (op >= spv.OpBranch && op <= spv.OpUnreachable) || op == spv.OpTerminateInvocation
	file := t.file(p.b, pos.Filename)
	same := file == st.file && pos.Line == st.line && pos.Col == st.col && (!t.richLines || st.end == [2]int{end.Line, end.Col})
	if pos.Line == 0 || pos.Col == 0 || same {
		if reset {
			st.line, st.col = 0, 0
		}
		return
	}
	if reset {
		st.line, st.col = 0, 0
	} else {
		st.file, st.line, st.col, st.end = file, pos.Line, pos.Col, [2]int{end.Line, end.Col}
	}
	if t.richLines {
		src, ok := t.sources[pos.Filename]
		if !ok {
			src = t.source
		}
		colStart, colEnd := pos.Col, end.Col
		if colEnd < colStart && end.Line == pos.Line {
			colStart, colEnd = 0, 0
		}
		in.Line = p.richLine(dbgLine, src, p.b.ConstUint32(uint32(pos.Line)), p.b.ConstUint32(uint32(end.Line)),
			p.b.ConstUint32(uint32(colStart)), p.b.ConstUint32(uint32(colEnd)))
		return
	}
	in.Line = &builder.Inst{Op: spv.OpLine, Operands: []builder.Operand{builder.Ref(file), builder.Lit(uint32(pos.Line)), builder.Lit(uint32(pos.Col))}}
}

// richLine is a DebugLine or DebugNoLine.
func (p *linePlacer) richLine(inst uint32, ids ...builder.ID) *builder.Inst {
	ops := append([]builder.Operand{builder.Ref(p.t.set), builder.Lit(inst)}, builder.Refs(ids...)...)
	return &builder.Inst{Op: spv.OpExtInst, Type: p.b.TypeVoid(), Result: p.b.NewID(), Operands: ops}
}
