package spirv

import (
	"slices"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
)

// Debug information (-Zi, -fspv-debug=), as DXC emits it: OpString and
// OpSource for every source file, OpModuleProcessed naming the tool and its
// command line, and OpLine before the instructions whose source position
// changes. The emitter records the position of every instruction it adds
// (e.dbg.loc, kept by stmt and expr) in a lineTable; the lines pass
// (lines.go) attaches the lines once the module is final, so passes never
// see them.

// debugState is the debug information being built.
type debugState struct {
	lineTable // the positions recorded, for the lines pass (lines.go)

	// loc is the source position of the instructions being added, for
	// OpLine; locRange the source range of the expression being emitted,
	// for DebugLine (kept by stmt and expr).
	loc      diag.Pos
	locRange [2]diag.Pos
	rich     *richState // -fspv-debug=rich (debugrich.go)
}

// debugSetup starts recording positions when lines are asked for.
func (e *emitter) debugSetup() {
	d := e.opts.Debug
	e.dbg = &debugState{lineTable: lineTable{positionsOnly: d.Positions, richLines: d.Vulkan}}
	if d.Line || d.Positions {
		e.dbg.locs = map[*builder.Inst]diag.Pos{}
		e.dbg.ranges = map[*builder.Inst][2]diag.Pos{}
		e.b.OnInst = func(in *builder.Inst) {
			if e.dbg.loc.IsValid() {
				e.dbg.locs[in] = e.dbg.loc
				if d.Vulkan && e.dbg.locRange[0].IsValid() {
					e.dbg.ranges[in] = e.dbg.locRange
				}
			}
			e.richNoteBlock()
		}
	}
	if d.Rich {
		e.richSetup() // debugrich.go
	}
}

// sourceFiles are the names of the files of the compilation, the main file
// first, each once, with their text ("" for a name only a #line gave).
func (e *emitter) sourceFiles() (names []string, text map[string]string) {
	text = map[string]string{}
	add := func(name, content string) {
		if _, ok := text[name]; !ok {
			names = append(names, name)
			text[name] = content
		}
	}
	// In the order the preprocessed text meets them, as DXC's line table
	// has them: a file, then what it #includes and the names its #line
	// directives give, by position.
	files := e.fs.Files()
	var visit func(f *diag.File)
	visit = func(f *diag.File) {
		add(f.Name, string(f.Content))
		type event struct {
			at   int
			inc  *diag.File
			name string
		}
		var evs []event
		for _, g := range files {
			if g.IncludedFrom.IsValid() && e.fs.File(g.IncludedFrom) == f {
				evs = append(evs, event{at: f.Offset(g.IncludedFrom), inc: g})
			}
		}
		names, offsets := f.LineDirectiveNames()
		for i, n := range names {
			evs = append(evs, event{at: offsets[i], name: n})
		}
		slices.SortStableFunc(evs, func(a, b event) int { return a.at - b.at })
		for _, ev := range evs {
			if ev.inc != nil {
				visit(ev.inc)
			} else {
				add(ev.name, "")
			}
		}
	}
	// The main file: the first one not #included that the compiler did not
	// make up (those are named "<command line>" and the like).
	for _, f := range files {
		if !f.IncludedFrom.IsValid() && !strings.HasPrefix(f.Name, "<") {
			visit(f)
			break
		}
	}
	return names, text
}

// debugSources emits OpString and OpSource for the source files (only
// "OpSource HLSL <version>" when neither names nor text are asked for), and
// the tool's OpModuleProcessed.
func (e *emitter) debugSources() {
	d := e.opts.Debug
	sm := uint32(e.opts.Major*100 + e.opts.Minor*10)
	switch {
	case d.Rich:
		// DebugSource stands for OpSource (debugrich.go)
	case !d.File && !d.Source:
		e.b.Source(spv.SourceLanguageHLSL, sm, 0, "")
	default:
		names, text := e.sourceFiles()
		for _, n := range names {
			setKey(&e.dbg.files, n, e.b.DebugString(n))
		}
		for _, n := range names {
			src := ""
			if d.Source {
				src = text[n]
			}
			e.b.Source(spv.SourceLanguageHLSL, sm, e.dbg.files[n], src)
		}
	}
	if d.Tool && !d.Vulkan && e.opts.Version >= spv.Version1_1 {
		e.b.ModuleProcessed("dxc-commit-hash: " + toolCommit)
		if d.CommandLine != "" {
			e.b.ModuleProcessed("dxc-cl-option: " + d.CommandLine)
		}
	}
}

// toolCommit stands where DXC records its git commit.
const toolCommit = "hlsl2spirv"

// funcDeclPos is where DXC places a function: its return type (attributes
// before it are not part of the declaration).
func funcDeclPos(d *ast.FuncDecl) diag.Pos {
	if d.Result != nil {
		return d.Result.Pos()
	}
	return d.Pos()
}

// debugFunction records the positions of a function and its parameters
// (their names).
func (e *emitter) debugFunction(fb *builder.FunctionBuilder, f *sema.Func, firstParam int) {
	if e.dbg.locs == nil || f.Decl == nil {
		return
	}
	e.dbg.locs[fb.F.Def] = funcDeclPos(f.Decl)
	for i, p := range f.Decl.Params {
		if j := firstParam + i; j < len(fb.F.Params) && p.Name != nil {
			e.dbg.locs[fb.F.Params[j]] = p.Name.Pos()
		}
	}
}

// bodyEnd is the position of a function body's closing brace, where DXC
// places the implicit return.
func bodyEnd(b *ast.BlockStmt) diag.Pos {
	if b == nil || !b.End().IsValid() {
		return diag.NoPos
	}
	return b.End() - 1
}

// lastTokenPos is where an expression's last token starts (the end of a
// clang source range): the start of a trailing identifier or number, else
// the last character.
func (e *emitter) lastTokenPos(x ast.Expr) diag.Pos {
	end := x.End() - 1
	f := e.fs.File(end)
	if f == nil || !x.End().IsValid() {
		return diag.NoPos
	}
	src, i := f.Content, f.Offset(end)
	if i < 0 || i >= len(src) {
		return diag.NoPos
	}
	word := func(c byte) bool {
		return c == '_' || c == '.' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	}
	if !word(src[i]) {
		if i > 0 && (src[i] == '+' || src[i] == '-') && src[i-1] == src[i] {
			return f.Pos(i - 1) // a postfix ++ or --
		}
		return end
	}
	j := i // the word's start, dots included
	for j > 0 && word(src[j-1]) {
		j--
	}
	if '0' <= src[j] && src[j] <= '9' || src[j] == '.' {
		return f.Pos(j) // a number such as 2.f
	}
	for i > j && src[i-1] != '.' {
		i--
	}
	return f.Pos(i)
}

// operatorPos is where the operator of a binary expression, compound
// assignment or postfix ++/-- is written: DXC places the operation there
// (its operands' loads at the operands); x's start for the others, or
// when that goes wrong (macros).
func (e *emitter) operatorPos(x ast.Expr) diag.Pos {
	switch x := x.(type) {
	case *ast.BinaryExpr:
		return e.opBetween(x.X.End(), x.Y.Pos(), x.Pos())
	case *ast.AssignExpr:
		if x.Op != ast.Assign { // a compound assignment's operation
			return e.opBetween(x.L.End(), x.R.Pos(), x.Pos())
		}
	case *ast.UnaryExpr:
		if x.Op == ast.PostInc || x.Op == ast.PostDec {
			return e.opBetween(x.X.End(), x.End(), x.Pos())
		}
	}
	return x.Pos()
}

// opBetween is the first token between from and to, skipping blanks,
// comments and closing parentheses; else pos.
func (e *emitter) opBetween(from, to, pos diag.Pos) diag.Pos {
	f := e.fs.File(from)
	if f == nil || e.fs.File(to) != f {
		return pos
	}
	src, i, end := f.Content, f.Offset(from), f.Offset(to)
	for i < end {
		switch {
		case src[i] == ' ' || src[i] == '\t' || src[i] == '\r' || src[i] == '\n' || src[i] == ')':
			i++
		case i+1 < end && src[i] == '/' && src[i+1] == '*':
			j := strings.Index(string(src[i+2:end]), "*/")
			if j < 0 {
				return pos
			}
			i += j + 4
		case i+1 < end && src[i] == '/' && src[i+1] == '/':
			for i < end && src[i] != '\n' {
				i++
			}
		default:
			return f.Pos(i)
		}
	}
	return pos
}

// debugPlaceBlock moves the instructions of an already written block to
// pos: a do-while header is at its body's opening brace in DXC's lines.
func (e *emitter) debugPlaceBlock(label builder.ID, pos diag.Pos) {
	if e.dbg.locs == nil {
		return
	}
	for _, b := range e.fb.F.Blocks {
		if b.Label == label {
			for _, in := range b.Insts {
				e.dbg.locs[in] = pos
				delete(e.dbg.ranges, in)
			}
		}
	}
}

// closingParen is where the parenthesis closing a statement's condition x
// is written (DXC places a do-while's back edge there); x's own position
// if there is none.
func (e *emitter) closingParen(x ast.Expr) diag.Pos {
	f := e.fs.File(x.End())
	if f == nil || !x.End().IsValid() {
		return x.Pos()
	}
	for i := f.Offset(x.End()); i >= 0 && i < len(f.Content); i++ {
		if f.Content[i] == ')' {
			return f.Pos(i)
		}
	}
	return x.Pos()
}

// nextSemicolon is where the first semicolon at or after p is written.
func (e *emitter) nextSemicolon(p diag.Pos) diag.Pos {
	f := e.fs.File(p)
	if f == nil {
		return diag.NoPos
	}
	for i := f.Offset(p); i >= 0 && i < len(f.Content); i++ {
		if f.Content[i] == ';' {
			return f.Pos(i)
		}
	}
	return diag.NoPos
}

// debugAt places the instructions that follow at x (for debug lines),
// until the returned function restores the position.
func (e *emitter) debugAt(x ast.Expr) func() {
	loc, rng := e.dbg.loc, e.dbg.locRange
	if e.dbg.locs != nil {
		e.dbg.loc, e.dbg.locRange = x.Pos(), [2]diag.Pos{x.Pos(), e.lastTokenPos(x)}
	}
	return func() { e.dbg.loc, e.dbg.locRange = loc, rng }
}
