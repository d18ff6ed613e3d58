package frontend

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/parse"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/pp"
)

// A Compiler runs compilations: one value serves any number of them, one
// after another or on many goroutines at once, and keeps what a compile
// leaves warm for the next — the parser's prediction state, which a fresh
// process builds from nothing, and the memory of its parse trees (see
// parse.Parser). A build tool that
// compiles many shaders keeps one Compiler and calls it from as many
// goroutines as it has cores; hlsl2spirv -batch does exactly that.
//
// Compilations share nothing else: each has its own options, files,
// diagnostics and output, and a panic inside one (a compiler bug) becomes
// an internal-error diagnostic of that compilation alone.
//
// The zero value is ready to use. The package-level Compile, CompileFile,
// Check, Preprocess and Dependencies use one shared Compiler.
type Compiler struct {
	parser parse.Parser
}

// Prefetch starts loading the parser's tables (about a millisecond in a
// fresh process) in the background, so that a program with a core to spare
// can overlap it with its own start-up — parsing flags, reading files; the
// first parse waits for it if it has not finished, and loads the tables
// itself when nothing prefetched them. Calling it is never necessary.
func Prefetch() { parse.Prefetch() }

// NewCompiler returns a Compiler; the zero value is one too.
func NewCompiler() *Compiler { return new(Compiler) }

var defaultCompiler Compiler

// Compile compiles src (the contents of filename) to SPIR-V. The error is
// for unusable options; problems in the source are in Result.Diags.
func Compile(opts Options, filename string, src []byte) (*Result, error) {
	return defaultCompiler.Compile(opts, filename, src)
}

// CompileFile reads a file and compiles it.
func CompileFile(opts Options, filename string) (*Result, error) {
	return defaultCompiler.CompileFile(opts, filename)
}

// Check runs the front end without code generation (dxc -fsyntax-only). With
// a non-nil astDump it also prints the syntax tree (dxc -ast-dump).
func Check(opts Options, filename string, src []byte, astDump io.Writer) (*Result, error) {
	return defaultCompiler.Check(opts, filename, src, astDump)
}

// Preprocess runs only the preprocessor and writes its output (dxc -P) to w.
func Preprocess(opts Options, filename string, src []byte, w io.Writer) (*Result, error) {
	return defaultCompiler.Preprocess(opts, filename, src, w)
}

// Dependencies runs only the preprocessor, for Result.Dependencies (dxc
// -M, -MD, -MF).
func Dependencies(opts Options, filename string, src []byte) (*Result, error) {
	return defaultCompiler.Dependencies(opts, filename, src)
}

// CompileFile reads a file and compiles it.
func (c *Compiler) CompileFile(opts Options, filename string) (*Result, error) {
	src, err := os.ReadFile(filename)
	if err != nil {
		return nil, err
	}
	return c.Compile(opts, filepath.Clean(filename), src)
}

// Compile compiles src (the contents of filename) to SPIR-V. The error is
// for unusable options; problems in the source are in Result.Diags.
func (c *Compiler) Compile(opts Options, filename string, src []byte) (*Result, error) {
	return c.run(&opts, true, func(r *Result) {
		r.check(c, &opts, filename, src)
		if r.Failed() {
			return
		}
		if opts.CodeGenOnly {
			r.SPIRV, r.legal = spirv.Generate(r.Files, r.Diags, r.AST, r.Info, opts.codegenOptions(r.profile))
		} else {
			// The emitted module goes to the optimizer and the validator
			// in memory, never as words.
			var m *builder.Module
			m, r.legal = spirv.GenerateModule(r.Files, r.Diags, r.AST, r.Info, opts.codegenOptions(r.profile))
			if m != nil {
				r.SPIRV, m = r.optimize(&opts, m) // optimize.go
			}
			if r.SPIRV != nil && !opts.DisableValidation {
				r.validate(&opts, m, filename, src) // validate.go
			}
		}
		if opts.MaxID > 0 && len(r.SPIRV) > 3 && r.SPIRV[3]-1 > opts.MaxID {
			// -fspv-max-id: the ids are already compact; DXC's wording
			r.Diags.Add(diag.Diagnostic{Severity: diag.Fatal, Code: diag.BadOption,
				Msg: fmt.Sprintf("failed to optimize SPIR-V: ID overflow. Try running compact-ids. (the module needs %d ids; -fspv-max-id is %d)", r.SPIRV[3]-1, opts.MaxID)})
		}
	})
}

// Check runs the front end without code generation (dxc -fsyntax-only). With
// a non-nil astDump it also prints the syntax tree (dxc -ast-dump).
func (c *Compiler) Check(opts Options, filename string, src []byte, astDump io.Writer) (*Result, error) {
	var dumpErr error
	r, err := c.run(&opts, false, func(r *Result) {
		r.check(c, &opts, filename, src)
		if astDump != nil && r.AST != nil && !r.Failed() {
			p := ast.Printer{Files: r.Files, Annotate: r.typeAnnotation}
			dumpErr = p.Fprint(astDump, r.AST)
		}
	})
	if dumpErr != nil {
		return nil, dumpErr
	}
	return r, err
}

// Preprocess runs only the preprocessor and writes its output (dxc -P) to w.
func (c *Compiler) Preprocess(opts Options, filename string, src []byte, w io.Writer) (*Result, error) {
	return c.run(&opts, false, func(r *Result) {
		res := r.preprocess(&opts, filename, src)
		if !r.Failed() {
			pp.Print(w, r.Files, res)
		}
	})
}

// Dependencies runs only the preprocessor, for Result.Dependencies (dxc
// -M, -MD, -MF): the main file and every file it #includes.
func (c *Compiler) Dependencies(opts Options, filename string, src []byte) (*Result, error) {
	return c.run(&opts, false, func(r *Result) { r.preprocess(&opts, filename, src) })
}

// run sets up a Result for the options and runs stages on it. A panic in
// a stage is a compiler bug: it is reported as an internal error of this
// compilation (with the stack, for the bug report), and its output is
// dropped.
func (c *Compiler) run(opts *Options, needProfile bool, stages func(*Result)) (r *Result, err error) {
	if r, err = newResult(opts); err != nil {
		return nil, err
	}
	if r.profile, err = opts.profileFor(needProfile); err != nil {
		return nil, err
	}
	defer func() {
		if v := recover(); v != nil {
			r.Diags.Add(internalError(v, debug.Stack()))
		}
		if r.Failed() {
			r.SPIRV = nil
		}
	}()
	stages(r)
	return r, nil
}

// internalError is the diagnostic of a panic in a stage, a compiler bug,
// with the stack where it happened, for the bug report.
func internalError(v any, stack []byte) diag.Diagnostic {
	return diag.Diagnostic{Severity: diag.Fatal, Code: diag.InternalError,
		Msg: fmt.Sprintf("internal compiler error: %v\n%s", v, stack)}
}
