package opt

import (
	"fmt"
	"io"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/disasm"
)

// RunOptions control a pipeline run.
type RunOptions struct {
	Options
	// PrintAll, when set, receives the module's disassembly before the
	// first pass and after every pass (-fspv-print-all), as spirv-opt
	// --print-all prints it.
	PrintAll io.Writer
	// Verify runs builder.VerifyIR after every pass (tests do).
	Verify bool
}

// Run runs the passes over m in order. Between passes it sweeps out the
// instructions a pass deleted and drops the functions' control-flow
// analyses.
func Run(m *builder.Module, passes []Pass, o RunOptions) error {
	c := newContext(m, o.Options)
	for _, p := range passes {
		if o.PrintAll != nil {
			printModule(o.PrintAll, m, "; IR before pass "+p.Name())
		}
		_, err := p.Run(c)
		m.Compact()
		for _, f := range m.Functions {
			f.InvalidateCFG()
		}
		if err != nil {
			return err
		}
		if o.Verify {
			if err := builder.VerifyIR(m); err != nil {
				return fmt.Errorf("after pass %s: %v", p.Name(), err)
			}
		}
	}
	if o.PrintAll != nil && len(passes) > 0 {
		printModule(o.PrintAll, m, "; IR after last pass")
	}
	return nil
}

func printModule(w io.Writer, m *builder.Module, title string) {
	var words builder.WordSlice
	fmt.Fprintln(w, title)
	if err := builder.Serialize(m, &words); err != nil {
		fmt.Fprintf(w, "; (cannot print: %v)\n", err)
		return
	}
	text, err := disasm.Disassemble(words.Words)
	if err != nil {
		fmt.Fprintf(w, "; (cannot print: %v)\n", err)
		return
	}
	io.WriteString(w, text)
}
