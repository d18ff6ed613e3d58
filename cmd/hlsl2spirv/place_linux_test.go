package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// scripts/place-binary.sh, which make build and make install use, copies
// the command byte for byte, executable; its copy is cached in folios Linux maps with 2 MB pages wherever a file
// written in one piece is (a probe written with a single write(2) tells
// whether this kernel and file system do: where they do not, that part is
// skipped).
func TestPlaceBinaryWritesInOnePiece(t *testing.T) {
	dir := t.TempDir()
	// 6 MB of varied bytes: three 2 MB folios' worth, the first of which
	// a 2 MB-aligned mapping from offset 0 can map whole
	data := make([]byte, 6<<20)
	for i := range data {
		data[i] = byte(i*7 + i>>12)
	}
	src := filepath.Join(dir, "linked")
	if err := writeInPieces(src, data, 64<<10); err != nil {
		t.Fatal(err)
	}
	placed := filepath.Join(dir, "placed")
	if out, err := exec.Command("../../scripts/place-binary.sh", src, placed).CombinedOutput(); err != nil {
		t.Fatalf("place-binary.sh: %v\n%s", err, out)
	}
	got, err := os.ReadFile(placed)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, data) {
		t.Fatal("the placed file differs from the linked one")
	}
	if fi, err := os.Stat(placed); err != nil || fi.Mode().Perm() != 0o755 {
		t.Fatalf("placed file mode: %v, %v (want -rwxr-xr-x)", fi.Mode(), err)
	}

	probe := filepath.Join(dir, "probe")
	if err := os.WriteFile(probe, data, 0o644); err != nil { // one write(2)
		t.Fatal(err)
	}
	probeKB, err := pmdMappedKB(probe)
	if err != nil {
		t.Fatal(err)
	}
	if probeKB == 0 {
		t.Skip("this kernel or file system does not map a file written in one piece with 2 MB pages")
	}
	placedKB, err := pmdMappedKB(placed)
	if err == nil && placedKB == 0 {
		// the kernel gives small folios when it finds no free 2 MB
		// block at that moment: place it once more before calling it
		// a failure
		if out, err := exec.Command("../../scripts/place-binary.sh", src, placed).CombinedOutput(); err != nil {
			t.Fatalf("place-binary.sh: %v\n%s", err, out)
		}
		placedKB, err = pmdMappedKB(placed)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("mapped with 2 MB pages: probe %d KB, placed %d KB", probeKB, placedKB)
	if placedKB == 0 {
		t.Errorf("the placed file is not mapped with 2 MB pages (a file written in one piece is: %d KB)", probeKB)
	}
}

// writeInPieces writes data to name in writes of n bytes, as a copy
// through a small buffer does.
func writeInPieces(name string, data []byte, n int) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	for len(data) > 0 {
		k := min(n, len(data))
		if _, err := f.Write(data[:k]); err != nil {
			f.Close()
			return err
		}
		data = data[k:]
	}
	return f.Close()
}

// pmdMappedKB maps the first 2 MB of a file read-only at a 2 MB-aligned
// address, reads a byte, and returns how much of it the kernel mapped with
// 2 MB pages (smaps' FilePmdMapped).
func pmdMappedKB(name string) (int, error) {
	f, err := os.Open(name)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	const huge = 2 << 20
	// reserve 4 MB, then map the file over its 2 MB-aligned half
	res, err := syscall.Mmap(-1, 0, 2*huge, syscall.PROT_NONE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return 0, err
	}
	defer syscall.Munmap(res)
	base := (uintptr(unsafe.Pointer(&res[0])) + huge - 1) &^ (huge - 1)
	addr, _, errno := syscall.Syscall6(syscall.SYS_MMAP, base, huge, syscall.PROT_READ,
		syscall.MAP_PRIVATE|syscall.MAP_FIXED, f.Fd(), 0)
	if errno != 0 {
		return 0, errno
	}
	touched = res[addr-uintptr(unsafe.Pointer(&res[0]))] // the file, mapped inside the reservation
	return smapsField(addr, "FilePmdMapped:")
}

// touched keeps pmdMappedKB's read of the mapping from being optimized away.
var touched byte

// smapsField returns a field (in KB) of the mapping at addr in this
// process's /proc/self/smaps.
func smapsField(addr uintptr, field string) (int, error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	head := fmt.Sprintf("%x-", addr)
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if isMappingLine(line) {
			in = strings.HasPrefix(line, head)
			continue
		}
		if in && strings.HasPrefix(line, field) {
			return strconv.Atoi(strings.Fields(line)[1])
		}
	}
	return 0, fmt.Errorf("no mapping at %#x in /proc/self/smaps", addr)
}

// isMappingLine tells a mapping's first line in smaps ("7f0a-7f0b r--p
// ...") from the lines of its fields ("Rss:   4 kB").
func isMappingLine(line string) bool {
	r, _, ok := strings.Cut(line, " ")
	lo, hi, dash := strings.Cut(r, "-")
	if !ok || !dash {
		return false
	}
	_, err1 := strconv.ParseUint(lo, 16, 64)
	_, err2 := strconv.ParseUint(hi, 16, 64)
	return err1 == nil && err2 == nil
}
