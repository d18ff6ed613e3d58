package opt

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// probePass counts its runs. Its first `changes` runs change the module
// (they name the entry point again) and report it; with silent, every
// run changes the module and reports nothing.
type probePass struct {
	name    string
	runs    int
	changes int  // runs left that change the module
	silent  bool // change the module without reporting it
}

func (p *probePass) Name() string { return p.name }

func (p *probePass) Run(c *Context) (bool, error) {
	p.runs++
	if p.silent {
		p.rename(c)
		return false, nil
	}
	if p.changes == 0 {
		return false, nil
	}
	p.changes--
	p.rename(c)
	return true, nil
}

func (p *probePass) rename(c *Context) {
	n := &builder.Inst{Op: spv.OpName, Operands: []builder.Operand{builder.Ref(c.EntryPoints()[0].Def.Result), builder.Str("x")}}
	c.M.Names = append(c.M.Names, n)
	c.DU.Define(n)
}

func managerModule(t *testing.T) *builder.Module {
	t.Helper()
	m, err := asm.Parse(`OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
%void = OpTypeVoid
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`, asm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// A pass whose last run changed nothing is skipped until another pass
// changes the module; an idempotent one also after a run that changed it.
func TestManagerSkipsSettledPasses(t *testing.T) {
	const idem = "test-idempotent"
	idempotentPasses[idem] = true
	defer delete(idempotentPasses, idem)
	a := &probePass{name: "test-a"}
	b := &probePass{name: idem, changes: 1}
	other := &probePass{name: "test-other"}
	changer := &probePass{name: "test-changer", changes: 1}
	passes := []Pass{a, a, b, other, b, a, changer, a, b}
	if err := Run(managerModule(t), passes, RunOptions{}); err != nil {
		t.Fatal(err)
	}
	// a runs; a is skipped; b changes the module (settling itself, not
	// a); other runs; b is skipped; a runs; changer changes the module; a
	// and b run.
	if a.runs != 3 || b.runs != 2 || other.runs != 1 || changer.runs != 1 {
		t.Errorf("runs: a %d (want 3), %s %d (want 2), other %d, changer %d", a.runs, idem, b.runs, other.runs, changer.runs)
	}
	// With Verify every pass runs.
	a, b = &probePass{name: "test-a"}, &probePass{name: idem, changes: 1}
	if err := Run(managerModule(t), []Pass{a, a, b, b}, RunOptions{Verify: true}); err != nil {
		t.Fatal(err)
	}
	if a.runs != 2 || b.runs != 2 {
		t.Errorf("with Verify: a ran %d times, %s %d (want 2 and 2)", a.runs, idem, b.runs)
	}
}

// Verify fails a pass listed as idempotent that changes its own output,
// and a pass that changes the module without saying so.
func TestManagerVerifyCatchesWrongReports(t *testing.T) {
	const idem = "test-idempotent"
	idempotentPasses[idem] = true
	defer delete(idempotentPasses, idem)
	b := &probePass{name: idem, changes: 2}
	err := Run(managerModule(t), []Pass{b, b}, RunOptions{Verify: true})
	if err == nil || !strings.Contains(err.Error(), "changed a module it had settled") {
		t.Errorf("a settled pass that changed the module: got %v", err)
	}
	s := &probePass{name: "test-silent", silent: true}
	err = Run(managerModule(t), []Pass{s}, RunOptions{Verify: true})
	if err == nil || !strings.Contains(err.Error(), "reported no change") {
		t.Errorf("a pass that under-reports: got %v", err)
	}
}
