package validate

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// The rule tests: each family has a test of small modules in assembly,
// valid ones and ones breaking one rule, with the rule (and a piece of the
// message) expected. Where spirv-val is installed every case is also
// judged by it, so that the expectations are spirv-val's.

// A mod is a module built from the template below: a Shader module with
// one entry point %main and the common types; each field fills its place.
type mod struct {
	caps, exts, imports string
	memoryModel         string // "Logical GLSL450" when empty
	model               string // "GLCompute" when empty
	iface               string // the entry point's interface
	modes               string // "LocalSize 1 1 1" (GLCompute) or "OriginUpperLeft" (Fragment) when empty
	debug, decos        string
	types               string // after the common types
	body                string // the entry block after its OpLabel; "OpReturn" when empty
	funcs               string // functions after %main
	raw                 string // the whole module, when set
	version             spv.Version
}

const commonTypes = `
%void = OpTypeVoid
%voidfn = OpTypeFunction %void
%bool = OpTypeBool
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%v3float = OpTypeVector %float 3
%v4float = OpTypeVector %float 4
%v2int = OpTypeVector %int 2
%v2uint = OpTypeVector %uint 2
%v3uint = OpTypeVector %uint 3
%v4uint = OpTypeVector %uint 4
%v2bool = OpTypeVector %bool 2
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%uint_4 = OpConstant %uint 4
%float_0 = OpConstant %float 0
%float_1 = OpConstant %float 1
%true = OpConstantTrue %bool
%v2float_0 = OpConstantComposite %v2float %float_0 %float_0
%v4float_0 = OpConstantComposite %v4float %float_0 %float_0 %float_0 %float_0
%ptr_fn_float = OpTypePointer Function %float
%ptr_fn_int = OpTypePointer Function %int
%ptr_fn_v4float = OpTypePointer Function %v4float
`

func (m mod) text() string {
	if m.raw != "" {
		return m.raw
	}
	or := func(s, def string) string {
		if s == "" {
			return def
		}
		return s
	}
	model := or(m.model, "GLCompute")
	modes := m.modes
	if modes == "" {
		switch model {
		case "GLCompute":
			modes = "LocalSize 1 1 1"
		case "Fragment":
			modes = "OriginUpperLeft"
		}
	}
	var b strings.Builder
	b.WriteString("OpCapability Shader\n")
	b.WriteString(m.caps + "\n" + m.exts + "\n" + m.imports + "\n")
	b.WriteString("OpMemoryModel " + or(m.memoryModel, "Logical GLSL450") + "\n")
	b.WriteString("OpEntryPoint " + model + " %main \"main\" " + m.iface + "\n")
	for _, md := range strings.Split(modes, ";") {
		if md = strings.TrimSpace(md); md != "" && md != "-" {
			b.WriteString("OpExecutionMode %main " + md + "\n")
		}
	}
	b.WriteString(m.debug + "\n" + m.decos + "\n" + commonTypes + m.types + "\n")
	b.WriteString("%main = OpFunction %void None %voidfn\n%entry = OpLabel\n")
	b.WriteString(or(m.body, "OpReturn") + "\nOpFunctionEnd\n" + m.funcs + "\n")
	return b.String()
}

// A ruleCase is one module and the verdict expected for it.
type ruleCase struct {
	name string
	m    mod
	opts Options
	want Rule   // "" when the module is valid
	msg  string // a piece of the expected message
	// newer marks a feature spirv-val 2023.1 predates (it rejects the
	// module's capability or opcode): not judged by it.
	newer bool
}

// spirvValArgs are spirv-val's options for opts on a module of version v.
func spirvValArgs(opts Options, v spv.Version) []string {
	args := []string{"--target-env", envFor(opts.Env, v).String()}
	flags := []struct {
		on   bool
		flag string
	}{
		{opts.RelaxBlockLayout, "--relax-block-layout"},
		{opts.UniformBufferStandardLayout, "--uniform-buffer-standard-layout"},
		{opts.ScalarBlockLayout, "--scalar-block-layout"},
		{opts.WorkgroupScalarBlockLayout, "--workgroup-scalar-block-layout"},
		{opts.SkipBlockLayout, "--skip-block-layout"},
		{opts.BeforeHLSLLegalization, "--before-hlsl-legalization"},
		{opts.RelaxLogicalPointer && !opts.BeforeHLSLLegalization, "--relax-logical-pointer"},
		{opts.RelaxStructStore, "--relax-struct-store"},
		{opts.AllowLocalSizeID, "--allow-localsizeid"},
	}
	for _, f := range flags {
		if f.on {
			args = append(args, f.flag)
		}
	}
	return args
}

func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	val := tool.Lookup(tool.SpirvVal)
	if val == "" && tool.InCI() {
		t.Fatal("spirv-val is missing")
	}
	dir := t.TempDir()
	for _, rc := range cases {
		t.Run(rc.name, func(t *testing.T) {
			text := rc.m.text()
			words, err := asm.Assemble(text, asm.Options{Version: rc.m.version})
			if err != nil {
				t.Fatalf("assembling: %v\n%s", err, text)
			}
			got := wordsBothWays(t, words, rc.opts)
			var ve *Error
			switch {
			case rc.want == "" && got != nil:
				t.Errorf("rejected a valid module: %v", got)
			case rc.want != "" && got == nil:
				t.Errorf("accepted a module breaking %s", rc.want)
			case rc.want != "" && (!errors.As(got, &ve) || ve.Rule != rc.want):
				t.Errorf("got %v, want rule %s", got, rc.want)
			case rc.want != "" && !strings.Contains(ve.Msg, rc.msg):
				t.Errorf("got %q, want a message containing %q", ve.Msg, rc.msg)
			}
			if val == "" || rc.newer {
				return
			}
			path := filepath.Join(dir, strings.NewReplacer("/", "_", " ", "_").Replace(t.Name())+".spv")
			if err := os.WriteFile(path, tool.Words2Bytes(words), 0o644); err != nil {
				t.Fatal(err)
			}
			v := rc.m.version
			if v == 0 {
				v = spv.Version1_0
			}
			_, stderr, err := tool.Run(val, nil, append(spirvValArgs(rc.opts, v), path)...)
			if (err == nil) != (rc.want == "") {
				t.Errorf("spirv-val disagrees with the expectation (valid=%v): %s", err == nil, firstLine(string(stderr)))
			}
		})
	}
}

// wordsBothWays validates words with cfgRules' work on the checker's
// goroutine and on a goroutine of its own (startCFGRules), and fails
// unless both give the same verdict.
func wordsBothWays(t *testing.T, words []uint32, opts Options) error {
	t.Helper()
	sequential := Words(words, opts)
	defer func(n int) { concurrentCFGInsts = n }(concurrentCFGInsts)
	concurrentCFGInsts = 0
	concurrent := Words(words, opts)
	if fmt.Sprint(sequential) != fmt.Sprint(concurrent) {
		t.Errorf("with the control-flow graphs built on a goroutine of their own: %v; on the checker's: %v", concurrent, sequential)
	}
	return sequential
}

func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}
