package main

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Package initialization runs in every process before anything else, so
// the compiler's packages keep theirs small: tables a compile may not need
// (the WGSL backend's, say) are built on first use. This test sums what
// GODEBUG=inittrace reports for the module's packages in this test binary
// (the command's packages plus a few test helpers) and fails when it grows
// past the budget, about 10% over today's 842 allocations and 87 KiB
// (959 and 128 KiB before the tables were made static or lazy).
func TestInitAllocationBudget(t *testing.T) {
	const maxAllocs, maxBytes = 930, 96 << 10
	if os.Getenv("HLSL2SPIRV_INIT_PROBE") != "" {
		return // the child: initialization has run
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestInitAllocationBudget$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "HLSL2SPIRV_INIT_PROBE=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// init PACKAGE @T ms, C ms clock, B bytes, A allocs
	line := regexp.MustCompile(`(?m)^init (\S+) @\S+ ms, \S+ ms clock, (\d+) bytes, (\d+) allocs$`)
	var allocs, bytes int
	var report strings.Builder
	for _, m := range line.FindAllStringSubmatch(string(out), -1) {
		pkg := m[1]
		if !strings.HasPrefix(pkg, "github.com/hlsl2spirv/hlsl2spirv/") || strings.Contains(pkg, "/test/") {
			continue
		}
		b, _ := strconv.Atoi(m[2])
		a, _ := strconv.Atoi(m[3])
		bytes += b
		allocs += a
		report.WriteString("\n" + m[0])
	}
	if allocs == 0 {
		t.Fatalf("no package initialization of the module in the trace:\n%s", out)
	}
	t.Logf("the module's packages initialize with %d allocations, %d bytes", allocs, bytes)
	if allocs > maxAllocs || bytes > maxBytes {
		t.Errorf("package initialization takes %d allocations and %d bytes, over the budget of %d and %d: make the new tables lazy (sync.OnceValue) or static%s",
			allocs, bytes, maxAllocs, maxBytes, report.String())
	}
}
