package headers

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

func TestLookup(t *testing.T) {
	if b, ok := Lookup("vk/spirv.h"); !ok || !bytes.Contains(b, []byte("GetGroupSharedAddress")) {
		t.Errorf("vk/spirv.h: ok=%v", ok)
	}
	for _, bad := range []string{"vk/none.h", "../headers.go", "/etc/passwd", "vk"} {
		if _, ok := Lookup(bad); ok {
			t.Errorf("%q: found", bad)
		}
	}
	for _, name := range []string{"vk/opcode_selector.h", "vk/khr/cooperative_matrix.h", "vk/khr/../spirv.h"} {
		if _, ok := Lookup(name); !ok {
			t.Errorf("%q: not found", name)
		}
	}
	if len(Names()) != 4 {
		t.Errorf("Names: %v", Names())
	}
}

// The generated enums must be what the generator makes from today's grammar.
func TestGeneratedEnumsAreCurrent(t *testing.T) {
	out := filepath.Join(t.TempDir(), "spirv_enums.h")
	cmd := exec.Command("go", "run", "./internal/gen", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("generator: %v\n%s", err, msg)
	}
	got, _ := os.ReadFile(out)
	want, _ := os.ReadFile("include/vk/spirv_enums.h")
	if !bytes.Equal(got, want) {
		t.Error("include/vk/spirv_enums.h is stale: run go generate ./frontend/headers")
	}
}
