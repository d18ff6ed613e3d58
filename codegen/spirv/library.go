package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
)

// A library (-T lib_6_x) has an entry point for every function marked
// [shader("stage")]; each gets its own wrapper, stage variables and
// execution modes in the one module. A shader target has the one entry
// -E names.

// libEntry is one entry point to emit.
type libEntry struct {
	f     *sema.Func
	stage stage.Stage
	name  string
}

// libraryEntries finds the [shader("...")] functions of a library.
func (e *emitter) libraryEntries() []libEntry {
	e.entry.library = true
	var out []libEntry
	var walk func(ds []ast.Decl)
	walk = func(ds []ast.Decl) {
		for _, d := range ds {
			switch d := d.(type) {
			case *ast.NamespaceDecl:
				walk(d.Decls)
			case *ast.FuncDecl:
				if d.Body == nil {
					continue
				}
				for _, a := range e.attrs(d) {
					if !strings.EqualFold(a.Name, "shader") || len(a.Args) != 1 {
						continue
					}
					text, ok := a.Text(0)
					if !ok {
						continue
					}
					kind := strings.ToLower(text)
					st := stage.ByName(kind)
					if _, ok := executionModelOf(st); !ok || st.IsMeshLike() { // entry.go
						e.errorf(a.Pos(), "%s shaders in libraries are not supported yet by the SPIR-V backend", kind)
					}
					f, ok := e.info.ObjectOf(d).(*sema.Func)
					if !ok {
						continue
					}
					out = append(out, libEntry{f: f, stage: st, name: d.Name.Name})
				}
			}
		}
	}
	walk(e.file.Decls)
	if len(out) == 0 && len(e.exportedFuncs()) == 0 { // linkage.go
		e.errorf(e.file.Pos(), "the library has no entry point: mark entry functions with [shader(\"stage\")] or export them")
	}
	return out
}

// entryState is what the emitter keeps per entry point until the
// module's end (locations and interfaces are assigned then).
type entryState struct {
	stage      string
	name       string
	id         builder.ID
	stageVars  []*stageVar
	numThreads [3]uint32
}

// beginEntry clears the per-entry state before an entry's wrapper.
func (e *emitter) beginEntry(en libEntry) {
	e.opts.Stage = en.stage.Profile()
	e.entry.name = en.name
	e.walk.cur, e.entry.fn = nil, en.f // the wrapper's code is the entry's
	e.entry.numThreads = [3]uint32{}
	e.io.beginEntry()
}

func (e *emitter) saveEntry() entryState {
	return entryState{stage: e.opts.Stage, name: e.entry.name, id: e.entry.id, stageVars: e.io.stageVars, numThreads: e.entry.numThreads}
}

func (e *emitter) restoreEntry(st entryState) {
	e.opts.Stage, e.entry.name, e.entry.id = st.stage, st.name, st.id
	e.io.stageVars, e.entry.numThreads = st.stageVars, st.numThreads
}
