package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/binary"
	"github.com/hlsl2spirv/hlsl2spirv/builder/disasm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/validate"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/opt"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/wgsl"
	"github.com/hlsl2spirv/hlsl2spirv/frontend"
)

// dumpbin disassembles a SPIR-V binary (dxc -dumpbin): to -Fc or stdout.
func dumpbin(src []byte, c *cli, stdout, stderr io.Writer) int {
	m, err := binary.Read(src)
	if err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: error: %s: %v\n", c.inputs[len(c.inputs)-1], err)
		return 1
	}
	return emitText(disasm.Module(m, disasm.Options{}), c.asmOut, stdout, stderr)
}

// emitText writes text to file ("" or "-": stdout). It takes text over:
// a batch job's output keeps it rather than a copy (jobOutput).
func emitText(text []byte, file string, stdout, stderr io.Writer) int {
	if file == "" {
		file = "-"
	}
	if o, ok := stdout.(*jobOutput); ok && file == "-" {
		o.take(text)
		return 0
	}
	if err := writeOutput(file, text, stdout); err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: error: %v\n", err)
		return 1
	}
	return 0
}

// reported prints a stage's diagnostics (or its options error) and says
// whether the run may go on to print its output.
func reported(res *frontend.Result, err error, stderr io.Writer) bool {
	if err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: error: %v\n", err)
		return false
	}
	res.Diags.Render(stderr)
	return !res.Failed()
}

// preprocess implements -P: preprocessed text to -Fi or stdout.
func preprocess(input string, src []byte, c *cli, stdout, stderr io.Writer) int {
	var out bytes.Buffer
	res, err := c.comp.Preprocess(c.opts, input, src, &out)
	if !reported(res, err, stderr) {
		return 1
	}
	return emitText(out.Bytes(), c.ppOut, stdout, stderr)
}

// check implements -fsyntax-only and -ast-dump.
func check(input string, src []byte, c *cli, stdout, stderr io.Writer) int {
	var dump io.Writer
	var out bytes.Buffer
	if c.astDump {
		dump = &out
	}
	res, err := c.comp.Check(c.opts, input, src, dump)
	if !reported(res, err, stderr) {
		return 1
	}
	if c.astDump {
		return emitText(out.Bytes(), "", stdout, stderr)
	}
	return 0
}

// dependencies implements -M, -MD and -MF as dxc does: the preprocessor
// alone runs, and the files the input depends on are written as a make
// rule whose target is the -Fo file (else the input) — to the -MF file,
// else with -MD to the input's name with a .d extension, else to stdout.
func dependencies(input string, src []byte, c *cli, stdout, stderr io.Writer) int {
	res, err := c.comp.Dependencies(c.opts, input, src)
	if !reported(res, err, stderr) {
		return 1
	}
	target := input
	if c.out != "" {
		target = c.out
	}
	rule := frontend.MakeRule(target, res.Dependencies)
	file := "-"
	switch {
	case c.depsFile != "":
		file = c.depsFile
	case c.depsWrite:
		file = strings.TrimSuffix(input, filepath.Ext(input)) + ".d"
	}
	return emitText([]byte(rule), file, stdout, stderr)
}

// compile compiles to SPIR-V and writes the module (writeModule).
func compile(input string, src []byte, c *cli, stdout, stderr io.Writer) int {
	res, err := c.comp.Compile(c.opts, input, src)
	if !reported(res, err, stderr) {
		return 1
	}
	// For -Fw: the same compile with OpLines, so that an error can name the
	// HLSL line.
	relined := func() []uint32 {
		opts := c.opts
		opts.Debug.File, opts.Debug.Line = true, true
		if again, err := c.comp.Compile(opts, input, src); err == nil && !again.Failed() {
			return again.SPIRV
		}
		return nil
	}
	if c.opts.Debug.Line {
		relined = nil
	}
	return writeModule(res.SPIRV, c, stdout, stderr, relined)
}

// writeModule writes a module: the binary to -Fo, its WGSL to -Fw, a C
// header to -Fh, the disassembly to -Fc; with none of -Fo, -Fc and -Fh the
// disassembly to stdout, as dxc does. relined, when not nil, gives the
// module again with line information.
func writeModule(words []uint32, c *cli, stdout, stderr io.Writer, relined func() []uint32) int {
	var code []byte // the binary's bytes, for -Fo and -Fh only
	if c.out != "" || c.headerOut != "" {
		code = builder.LittleEndian(words)
	}
	if c.out != "" {
		if err := writeOutput(c.out, code, stdout); err != nil {
			fmt.Fprintf(stderr, "hlsl2spirv: error: %v\n", err)
			return 1
		}
	}
	if c.wgslOut != "" {
		if code := writeWGSL(words, c, stdout, stderr, relined); code != 0 {
			return code
		}
	}
	toStdout := c.out == "" && c.asmOut == "" && c.headerOut == ""
	if !toStdout && c.asmOut == "" && c.headerOut == "" {
		return 0
	}
	// (The text as bytes, written as it is: disasm.Disassemble's string
	// would be copied twice more on the way out.)
	d := disassemblers.Get().(*disasm.Disassembler)
	text, err := d.Text(words)
	disassemblers.Put(d)
	if err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: internal error: disassembling the output: %v\n", err)
		return 1
	}
	if c.headerOut != "" {
		name := c.varName
		if name == "" {
			name = "g_" + c.entry // dxc's default
		}
		if err := writeOutput(c.headerOut, cHeader(string(text), code, name), stdout); err != nil {
			fmt.Fprintf(stderr, "hlsl2spirv: error: %v\n", err)
			return 1
		}
	}
	if c.asmOut != "" || toStdout {
		return emitText(text, c.asmOut, stdout, stderr)
	}
	return 0
}

// disassemblers keeps Disassemblers for the next job of a batch: each
// reuses the memory one disassembly decoded the module into (about as
// much as the text) for the next.
var disassemblers = sync.Pool{New: func() any { return new(disasm.Disassembler) }}

// optimizeBinary optimizes a SPIR-V binary (-opt): the -O<n> pipeline
// (default -O3) or the -Oconfig list, then -Fo/-Fc as for a compile.
func optimizeBinary(src []byte, c *cli, stdout, stderr io.Writer) int {
	input := c.inputs[len(c.inputs)-1]
	m, err := builder.LoadBytes(src)
	if err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: error: %s: %v\n", input, err)
		return 1
	}
	// The input is validated (unless -Vd); when it is valid only as
	// un-legalized code (spirv-val's --before-hlsl-legalization: -fcgl
	// output, which the pipeline legalizes), the result is held to that
	// too, else to a compile's rules: a pass must not break a module.
	vopts := c.opts.ValidatorOptions()
	if !c.opts.DisableValidation && validate.Module(m, vopts) != nil {
		vopts.BeforeHLSLLegalization, vopts.RelaxLogicalPointer = true, true
		if err := validate.Module(m, vopts); err != nil {
			fmt.Fprintf(stderr, "hlsl2spirv: error: %s: %s\n", input, validationReport(err, m))
			return 1
		}
	}
	level := 3
	if c.o0 || c.od {
		level = 0
	}
	passes, err := opt.PipelineFor(level, c.opts.OptConfig)
	if err == nil {
		err = opt.Run(m, passes, opt.RunOptions{PrintAll: c.opts.PrintAll, TimeReport: c.opts.TimeReport, Options: opt.Options{
			PreserveInterface: c.opts.PreserveInterface, PreserveBindings: c.opts.PreserveBindings}})
	}
	if err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: error: %s: failed to optimize SPIR-V: %v\n", input, err)
		return 1
	}
	if !c.opts.DisableValidation {
		if err := validate.Module(m, vopts); err != nil {
			fmt.Fprintf(stderr, "hlsl2spirv: internal compiler error: %s: the optimized SPIR-V is invalid: %s\n", input, validationReport(err, m))
			return 1
		}
	}
	var words builder.WordSlice
	if err := builder.Serialize(m, &words); err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: internal error: %v\n", err)
		return 1
	}
	return writeModule(words.Words, c, stdout, stderr, nil)
}

// validationReport is a validator's error with the source position of the
// instruction at fault when the module's debug lines give it.
func validationReport(err error, m *builder.Module) string {
	var ve *validate.Error
	if errors.As(err, &ve) {
		return ve.Report(m)
	}
	return err.Error()
}

// writeWGSL translates the module to WGSL for -Fw. When WGSL cannot express
// it and the module has no line information to say where, the module made
// again with OpLines (relined, only on this error path) gives the HLSL line.
func writeWGSL(spirv []uint32, c *cli, stdout, stderr io.Writer, relined func() []uint32) int {
	res, err := wgsl.TranslateWords(spirv, wgsl.Options{})
	if err != nil {
		var we *wgsl.Error
		if errors.As(err, &we) && we.Pos == nil && relined != nil {
			if again := relined(); again != nil {
				if _, err2 := wgsl.TranslateWords(again, wgsl.Options{}); err2 != nil {
					if errors.As(err2, &we) && we.Pos != nil {
						err = err2
					}
				}
			}
		}
		fmt.Fprintf(stderr, "%v\n", err)
		return 1
	}
	if err := writeOutput(c.wgslOut, []byte(res.WGSL), stdout); err != nil {
		fmt.Fprintf(stderr, "hlsl2spirv: error: %v\n", err)
		return 1
	}
	for _, n := range res.BindingNotes() {
		fmt.Fprintf(stderr, "%s: note: %s\n", c.wgslOut, n)
	}
	return 0
}
