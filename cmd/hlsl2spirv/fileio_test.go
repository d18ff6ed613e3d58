package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readFile reads what os.ReadFile reads — regular files of any size,
// including sizes around its first buffer's, and proc/sysfs files whose
// reported size is not their length — and fails as it fails.
func TestReadFileAgreesWithOS(t *testing.T) {
	dir := t.TempDir()
	var names []string
	for _, size := range []int{0, 1, 511, 512, 513, 4096, 70000} {
		data := bytes.Repeat([]byte("hlsl"), size/4+1)[:size]
		name := filepath.Join(dir, "size"+string(rune('a'+len(names))))
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	names = append(names, "/proc/self/status", "/proc/self/maps", "/sys/kernel/mm/transparent_hugepage/enabled")
	for _, name := range names {
		want, werr := os.ReadFile(name)
		got, gerr := readFile(name)
		if werr != nil {
			if !errors.Is(werr, fs.ErrNotExist) {
				t.Logf("%s: %v", name, werr) // not on this machine
			}
			continue
		}
		if gerr != nil {
			t.Errorf("readFile(%s): %v", name, gerr)
			continue
		}
		// proc files change as they are read (maps grows with the
		// buffers): compare regular files exactly, the others by shape.
		if strings.HasPrefix(name, dir) && !bytes.Equal(got, want) {
			t.Errorf("readFile(%s): %d bytes, os.ReadFile %d", name, len(got), len(want))
		}
		if len(got) == 0 && len(want) > 0 {
			t.Errorf("readFile(%s) read nothing, os.ReadFile %d bytes", name, len(want))
		}
	}
	for _, name := range []string{filepath.Join(dir, "missing"), dir} {
		_, werr := os.ReadFile(name)
		_, gerr := readFile(name)
		if werr == nil || gerr == nil {
			t.Fatalf("reading %s: os.ReadFile error %v, readFile error %v; want both to fail", name, werr, gerr)
		}
		if werr.Error() != gerr.Error() || os.IsNotExist(werr) != os.IsNotExist(gerr) {
			t.Errorf("reading %s: readFile fails with %q, os.ReadFile with %q", name, gerr, werr)
		}
	}
}

// overwriteFile replaces a longer file's contents, extends a shorter one,
// creates a missing one, writes to a device, and reports an unwritable
// path as os would.
func TestOverwriteFile(t *testing.T) {
	dir := t.TempDir()
	want := []byte("new contents")
	for name, old := range map[string][]byte{"longer": bytes.Repeat([]byte{1}, 100), "shorter": {2}, "missing": nil} {
		path := filepath.Join(dir, name)
		if old != nil {
			if err := os.WriteFile(path, old, 0o600); err != nil {
				t.Fatal(err)
			}
		}
		if err := overwriteFile(path, want); err != nil {
			t.Fatalf("overwriteFile(%s): %v", name, err)
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, want) {
			t.Errorf("%s: file holds %q after overwriteFile, want %q", name, got, want)
		}
	}
	if err := overwriteFile(os.DevNull, want); err != nil {
		t.Errorf("overwriteFile(%s): %v", os.DevNull, err)
	}
	bad := filepath.Join(dir, "missing-dir", "out.spv")
	err := overwriteFile(bad, want)
	werr := os.WriteFile(bad, want, 0o644)
	if err == nil || err.Error() != werr.Error() {
		t.Errorf("overwriteFile(%s) = %v, want os's %v", bad, err, werr)
	}
}
