package main

import (
	"bufio"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestHugeHeap: with the collector off, hugeHeap leaves at least its
// goroutine's 32 MB stack mapped as heap inside the range it returns, and
// every mapping there advised for huge pages (VmFlags "hg").
func TestHugeHeap(t *testing.T) {
	runtime.GC() // no collection in progress: the stack goes back to the heap at once
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	lo, hi, err := hugeHeap()
	if err == syscall.EINVAL {
		t.Skip("the kernel has no transparent huge pages")
	}
	if err != nil {
		t.Fatalf("madvise: %v", err)
	}
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	var mapped, advised uint64
	var start, end uint64
	var rw bool
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && strings.Contains(fields[0], "-") && len(fields[1]) == 4 {
			a, b, _ := strings.Cut(fields[0], "-")
			start, _ = strconv.ParseUint(a, 16, 64)
			end, _ = strconv.ParseUint(b, 16, 64)
			start, end = max(start, uint64(lo)), min(end, uint64(hi))
			rw = fields[1] == "rw-p"
			continue
		}
		if fields[0] != "VmFlags:" || !rw || start >= end {
			continue
		}
		mapped += end - start
		for _, fl := range fields[1:] {
			if fl == "hg" {
				advised += end - start
			}
		}
	}
	if mapped < hugeStack {
		t.Errorf("%d MB of heap mapped in %#x-%#x, want at least the %d MB stack", mapped>>20, lo, hi, hugeStack>>20)
	}
	if advised != mapped {
		t.Errorf("%d of %d MB mapped in %#x-%#x advised for huge pages", advised>>20, mapped>>20, lo, hi)
	}
}
