package opt

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/disasm"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// sameAsSpirvOpt runs the passes named by flags over src both here and
// through the installed spirv-opt, and fails unless the two modules are
// the same after compact-ids on both sides. Pass tests use it beside their
// FileCheck directives: the CHECK lines say what matters, this says the
// shape is spirv-opt's.
func sameAsSpirvOpt(t *testing.T, src string, flags ...string) {
	t.Helper()
	spvopt := tool.Require(t, tool.SpirvOpt)
	words, err := asm.Assemble(src, asm.Options{})
	if err != nil {
		t.Fatalf("assembling the input: %v", err)
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.spv"), filepath.Join(dir, "out.spv")
	if err := os.WriteFile(in, tool.Words2Bytes(words), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"--skip-validation"}
	for _, f := range flags {
		args = append(args, "--"+f)
	}
	args = append(args, "--compact-ids", in, "-o", out)
	if _, stderr, err := tool.Run(spvopt, nil, args...); err != nil {
		t.Fatalf("spirv-opt: %v: %s", err, stderr)
	}
	refBytes, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := disasm.DisassembleBytes(refBytes)
	if err != nil {
		t.Fatal(err)
	}
	m, err := builder.Load(words)
	if err != nil {
		t.Fatal(err)
	}
	passes, err := Passes(append(append([]string{}, flags...), "compact-ids"))
	if err != nil {
		t.Fatal(err)
	}
	if err := Run(m, passes, RunOptions{Verify: true}); err != nil {
		t.Fatal(err)
	}
	ours := disassemble(t, m)
	if ours != ref {
		t.Errorf("the output differs from spirv-opt's (- spirv-opt, + ours):\n%s", lineDiff(ref, ours))
	}
}

// lineDiff shows where two texts differ: the lines of a minimal edit
// script (longest common subsequence), with a line of context.
func lineDiff(a, b string) string {
	x, y := strings.Split(a, "\n"), strings.Split(b, "\n")
	n, m := len(x), len(y)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out strings.Builder
	for i, j := 0, 0; i < n || j < m; {
		switch {
		case i < n && j < m && x[i] == y[j]:
			i, j = i+1, j+1
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			fmt.Fprintf(&out, "%4d + %s\n", j+1, y[j])
			j++
		default:
			fmt.Fprintf(&out, "%4d - %s\n", i+1, x[i])
			i++
		}
	}
	return out.String()
}
