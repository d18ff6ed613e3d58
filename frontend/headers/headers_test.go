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

// The generated headers must be what the generator makes today.
func TestGeneratedHeadersAreCurrent(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command("go", "run", "./internal/gen", dir)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("generator: %v\n%s", err, msg)
	}
	for _, name := range []string{"vk/spirv_enums.h", "vk/opcode_selector.h"} {
		got, _ := os.ReadFile(filepath.Join(dir, name))
		want, _ := os.ReadFile(filepath.Join("include", name))
		if len(got) == 0 || !bytes.Equal(got, want) {
			t.Errorf("include/%s is stale: run go generate ./frontend/headers", name)
		}
	}
}
