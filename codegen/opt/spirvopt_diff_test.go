package opt

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/disasm"
	"github.com/hlsl2spirv/hlsl2spirv/test/corpus"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// TestDifferentialSpirvOpt runs a pass list both here and through the
// installed spirv-opt over the corpus (the golden tests' modules, with
// -fcgl ones included as they are what legalization sees) and compares the
// results, after compact-ids on both sides, as disassembly. It is a tool
// for pass authors, not part of the default run:
//
//	OPT_DIFF=eliminate-dead-branches,merge-blocks go test ./codegen/opt -run Differential
//
// prints how many modules agree and writes each disagreement (ours,
// spirv-opt's, the input) under $OPT_DIFF_OUT (default a temp dir).
// OPT_DIFF_DIR=dir compares over the *.spv files of dir instead (for
// example DXC's test shaders compiled with -fcgl, what legalization sees).
// Differences in spirv-opt's version (Debian's is 2023.1) are expected
// in places; the point is to see where our output's shape differs.
func TestDifferentialSpirvOpt(t *testing.T) {
	flags := os.Getenv("OPT_DIFF")
	if flags == "" {
		t.Skip("set OPT_DIFF to a comma-separated pass list to compare with spirv-opt")
	}
	spvopt := tool.Require(t, tool.SpirvOpt)
	outDir := os.Getenv("OPT_DIFF_OUT")
	if outDir == "" {
		outDir = t.TempDir()
	} else if err := os.MkdirAll(outDir, 0o755); err != nil {
		t.Fatal(err) // (the disagreements would not be written)
	}
	list := strings.Split(flags, ",")
	same, differ, failed, changed, linesOnly := 0, 0, 0, 0, 0
	// OPT_DIFF_COMPACT=spirv-opt renumbers our output with spirv-opt's
	// compact-ids instead of ours, to compare passes without the id
	// numbering's differences.
	spvoptCompacts := os.Getenv("OPT_DIFF_COMPACT") == "spirv-opt"
	mods := corpus.Golden(t)
	if dir := os.Getenv("OPT_DIFF_DIR"); dir != "" {
		mods = spvFiles(t, dir)
	}
	for _, m := range mods {
		in := tool.Words2Bytes(m.Words)
		dir := t.TempDir()
		inFile := filepath.Join(dir, "in.spv")
		os.WriteFile(inFile, in, 0o644)
		args := []string{"--skip-validation"}
		for _, f := range list {
			args = append(args, "--"+f)
		}
		args = append(args, "--compact-ids", inFile, "-o", filepath.Join(dir, "ref.spv"))
		if _, stderr, err := tool.Run(spvopt, nil, args...); err != nil {
			t.Logf("%s: spirv-opt failed: %s", m.Name, stderr)
			continue
		}
		refWords, _ := os.ReadFile(filepath.Join(dir, "ref.spv"))
		ref, _ := disasm.DisassembleBytes(refWords)

		ir, err := builder.Load(m.Words)
		if err != nil {
			// (Modules of other tools may be invalid.)
			t.Logf("%s: not loaded: %v", m.Name, err)
			continue
		}
		flagsHere := list
		if !spvoptCompacts {
			flagsHere = append(append([]string{}, list...), "compact-ids")
		}
		passes, err := Passes(flagsHere)
		if err != nil {
			t.Fatal(err)
		}
		if err := Run(ir, passes, RunOptions{Verify: true}); err != nil {
			failed++
			t.Errorf("%s: %v", m.Name, err)
			continue
		}
		var w builder.WordSlice
		if err := builder.Serialize(ir, &w); err != nil {
			t.Fatal(err)
		}
		ours, _ := disasm.Disassemble(w.Words)
		if spvoptCompacts {
			ours = compactWithSpirvOpt(t, spvopt, dir, w.Words)
		}
		if ours != compactWithSpirvOpt(t, spvopt, dir, m.Words) {
			changed++
		}
		if ours == ref {
			same++
			continue
		}
		differ++
		if withoutDebugLines(ours) == withoutDebugLines(ref) {
			linesOnly++
		}
		base := filepath.Join(outDir, strings.NewReplacer("/", "_", ":", "_").Replace(m.Name))
		inText, _ := disasm.Disassemble(m.Words)
		os.WriteFile(base+".ours.spvasm", []byte(ours), 0o644)
		os.WriteFile(base+".spirv-opt.spvasm", []byte(ref), 0o644)
		os.WriteFile(base+".in.spvasm", []byte(inText), 0o644)
	}
	t.Log(fmt.Sprintf("%s: %d modules agree with spirv-opt, %d differ (%d only in debug line and scope instructions), %d failed (our passes changed %d); differences in %s",
		flags, same, differ, linesOnly, failed, changed, outDir))
}

// withoutDebugLines drops the lines of a disassembly that set or end
// source lines and debug scopes, and the bound.
func withoutDebugLines(text string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, "OpLine") || strings.Contains(l, "OpNoLine") || strings.Contains(l, "DebugScope") ||
			strings.Contains(l, "DebugNoScope") || strings.Contains(l, "DebugLine") || strings.Contains(l, "DebugNoLine") ||
			strings.HasPrefix(l, "; Bound:") {
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// compactWithSpirvOpt returns the disassembly of words after spirv-opt's
// compact-ids.
func compactWithSpirvOpt(t *testing.T, spvopt, dir string, words []uint32) string {
	in, out := filepath.Join(dir, "compact-in.spv"), filepath.Join(dir, "compact-out.spv")
	os.WriteFile(in, tool.Words2Bytes(words), 0o644)
	if _, stderr, err := tool.Run(spvopt, nil, "--skip-validation", "--compact-ids", in, "-o", out); err != nil {
		t.Fatalf("spirv-opt --compact-ids: %s", stderr)
	}
	b, _ := os.ReadFile(out)
	text, _ := disasm.DisassembleBytes(b)
	return text
}

// spvFiles reads the SPIR-V binaries of dir.
func spvFiles(t testing.TB, dir string) []corpus.Module {
	paths, _ := filepath.Glob(filepath.Join(dir, "*.spv"))
	var out []corpus.Module
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil || len(b)%4 != 0 {
			t.Fatalf("%s: not a SPIR-V binary", p)
		}
		words := make([]uint32, len(b)/4)
		for i := range words {
			words[i] = uint32(b[4*i]) | uint32(b[4*i+1])<<8 | uint32(b[4*i+2])<<16 | uint32(b[4*i+3])<<24
		}
		out = append(out, corpus.Module{Name: filepath.Base(p), Words: words})
	}
	return out
}
