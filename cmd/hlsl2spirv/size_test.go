package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/test/corpus"
)

// TestOptimizedGoldensNotLarger compiles every golden module built at the
// default level (-O3) again at -O0 and compares their sizes: the
// performance passes must never make a module larger than legalization
// alone leaves it. The totals are logged (go test -v -run NotLarger).
// Goldens that only the -O passes make legal, as DXC's, are skipped
// (onlyLegalWithO).
func TestOptimizedGoldensNotLarger(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the golden set twice")
	}
	cli := corpus.CLI(t)
	root := corpus.Root(t)
	dir := t.TempDir()
	var totalO0, totalO3, n int
	for i, m := range corpus.Golden(t) {
		if slices.ContainsFunc(m.Args, func(a string) bool {
			return strings.HasPrefix(a, "-O") || a == "-fcgl" || a == "-Vd"
		}) || onlyLegalWithO[m.Name] {
			continue
		}
		out := filepath.Join(dir, "o0.spv")
		args := append([]string{"-O0", "-Fo", out}, m.Args...)
		src := ""
		for j, a := range args {
			if a == "%s" {
				src = filepath.Join(root, "test", "golden", strings.SplitN(m.Name, ":", 2)[0])
				args[j] = src
			}
		}
		cmd := exec.Command(cli, args...)
		cmd.Dir = filepath.Dir(src)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s at -O0: %v\n%s", m.Name, err, b)
			continue
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		o0 := len(data) / 4
		totalO0 += o0
		totalO3 += len(m.Words)
		n++
		if len(m.Words) > o0 {
			t.Errorf("%s: %d words at -O3, %d at -O0 (module %d)", m.Name, len(m.Words), o0, i)
		}
	}
	t.Logf("%d golden modules: %d words at -O0, %d at -O3 (%.1f%%)", n, totalO0, totalO3, 100*float64(totalO3)/float64(max(totalO0, 1)))
}

// onlyLegalWithO are the golden compiles whose resource choice only the
// -O passes resolve (at -O0 they are 'failed to legalize' errors, as with
// DXC): their goldens check the -O0 error.
var onlyLegalWithO = map[string]bool{
	"legalize/unroll-resource-choice.hlsl:8": true,
}
