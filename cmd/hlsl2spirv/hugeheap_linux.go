package main

import (
	"bytes"
	"syscall"
	"unsafe"
)

// Huge pages for a one-shot compile's heap.
//
// With the collector off, every page of heap a compile touches is fresh
// memory, and each 4 KB page costs a page fault that clears it: a typical
// shader's heap took about a thousand of them, two thirds of its page
// faults. Linux's transparent huge pages clear 2 MB in one fault, but where
// they are given only to memory that asks (THP "madvise", the default of
// Debian and Ubuntu) the Go heap does not ask. Asking is not enough either:
// the runtime maps the heap in 4 MB steps as it grows, and each new mapping
// starts without the advice. So hugeHeap first has the runtime map the heap
// a compile will use: a goroutine whose frame needs 24 MB gets a 32 MB
// stack from the heap, which goes back to the heap when the goroutine ends
// (at once, the collector being off). Those pages are advised, and the
// compile's allocations take them in turn: a few 2 MB faults instead of
// hundreds of 4 KB ones (pbr_forward.ps.hlsl: 1,350-1,390 page faults
// -> 700-1,000; the 5,000-line shader: 14,100 -> 4,800-5,900). 32 MB is
// the largest stack that leaves the heap under the one-shot collector's
// 60 MiB limit (gc.go), which counts mapped memory, used or not. The
// runtime clears what it reuses from the stack's pages, which costs less
// than the faults did, and a compile's resident size grows by at most the
// rest of the last huge page (the 5,000-line shader's peak stays about
// 57 MB). The compile's allocations take the lowest free pages first, so
// the rest of the huge page the heap had begun in small pages is filled
// first with allocations that are never touched (padHugePage).
//
// Where no free huge page is at hand the kernel gives small pages as
// before (with THP defrag at its default, "madvise", after trying to
// compact memory; this machine has never had to: /proc/vmstat's
// compact_stall stayed 0 over 10,000 huge page faults).
//
// Only the process's own command line asks (main's session), a one-shot
// compile or a batch. A batch sets the heap up before its collector
// starts (gc.go): its 32 MiB soft limit counts the stack's free pages,
// and the collector and scavenger keep the heap inside the advised range.
// On the golden jobs (616) a batch took 7,900 -> 2,900 page faults and
// 169 -> 158 ms (15 interleaved runs), its peak resident size 38 -> 41 MB.

// hugeStack is the stack hugeHeap's goroutine gets (its frame needs
// three quarters of it, and stacks grow by doubling).
const hugeStack = 32 << 20

// adviseHugeHeap asks for huge pages for the heap where they are given
// on request.
func adviseHugeHeap() {
	if thpOnAdvice() {
		hugeHeap()
	}
}

// hugeHeap maps and advises the heap, returning the range it advised.
func hugeHeap() (lo, hi uintptr, err error) {
	padHugePage()
	top := make(chan uintptr)
	go func() { top <- bigFrame(false) }()
	hi = (<-top + hugePage - 1) &^ (hugePage - 1)
	// The advice covers the stack's pages and the 8 MB below them, where
	// the heap in use before ends; madvise skips what is not mapped.
	lo = hi - hugeStack - 8<<20
	if _, _, e := syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, madvHugePage); e != 0 && e != syscall.ENOMEM {
		err = e // ENOMEM: part of the range is not mapped
	}
	return lo, hi, err
}

// padHugePage fills the rest of the huge page the heap has begun with
// small pages, so that the compile's allocations, which take the lowest
// free pages first, start in the huge pages hugeHeap advises: allocations
// of 64 KB, never touched, take the free pages below the next huge page
// boundary. Pads of fewer than 16 pages also drain the P's page cache (up
// to 512 KB of free pages the runtime sets aside for small spans, which
// would otherwise be used first): one pad the size of the gap went around
// it, and left the cache's pages to the compile, 4 KB at a time
// (pbr_forward.ps.hlsl: 140-290 small heap faults after the parse began,
// now 40-55).
func padHugePage() {
	const pad = 64 << 10
	var boundary uintptr
	for range 2*hugePage/pad + 8 { // the gap, a page cache, and a little slack
		p := make([]byte, pad)
		hugeHeapPadding = append(hugeHeapPadding, p)
		start := uintptr(unsafe.Pointer(&p[0]))
		if boundary == 0 {
			boundary = (start + hugePage - 1) &^ (hugePage - 1)
		}
		if start+pad >= boundary {
			return
		}
	}
}

// hugeHeapPadding holds hugeHeap's allocations that are never used.
var hugeHeapPadding [][]byte

const (
	hugePage     = 2 << 20
	madvHugePage = 14 // MADV_HUGEPAGE
)

// bigFrame returns an address at the top of its frame, which needs 24 MB
// of stack for an argument it never passes.
//
//go:noinline
func bigFrame(never bool) uintptr {
	if never {
		takeArray([24 << 20]byte{})
	}
	var local byte
	return uintptr(unsafe.Pointer(&local))
}

//go:noinline
func takeArray([24 << 20]byte) {}

// thpOnAdvice tells whether transparent huge pages are given only to
// memory that asks for them. Where they are always on, the heap has them
// already; where never, asking does nothing.
func thpOnAdvice() bool {
	b, err := readFile("/sys/kernel/mm/transparent_hugepage/enabled")
	return err == nil && bytes.Contains(b, []byte("[madvise]"))
}
