package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"sync"
)

// Garbage collection for the two ways the command runs.
//
// One compile is a short, one-shot process: collecting garbage costs more
// than it saves, so the collector is off (as esbuild turns it off for
// single builds) until the heap reaches oneShotHeapLimit — a typical
// shader never gets there. Past it the memory limit makes the collector
// run, which keeps a 5,000-line shader under 64 MiB resident. Should a
// shader keep more than liveHeapCeiling alive, collecting at the limit
// would run the collector back to back (the 5,000-line shader at -O3
// keeps 23 MB alive: 33 collections, 0.45 s of CPU), so proportional
// pacing comes back without the limit: GOGC=40, a collection per 40% of
// the live heap allocated (17 collections, 0.8 s of CPU instead of 1.15,
// about 56 MB resident), slower to grow, never stuck.
//
// A batch lives for many compiles and collects as usual, with more room
// (GOGC=400) for its throughput: a job keeps little alive, so the heap
// stays near 10 MB per core while collections cost a quarter of what the
// default pacing costs (on the golden jobs, about 10% less CPU than
// GOGC=200 for 8 MB more resident).
const (
	oneShotHeapLimit  = 40 << 20
	liveHeapCeiling   = oneShotHeapLimit / 2
	batchGCPercent    = 400
	fallbackGCPercent = 40
)

func tuneGCForOneShot() {
	gcMode.Lock()
	defer gcMode.Unlock()
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(oneShotHeapLimit)
	gcMode.oneShot = true
	watchLiveHeap()
}

// tuneGCForBatch also ends the one-shot live-heap watch: a batch's heap
// in use after some collection may well pass liveHeapCeiling, and the
// watch would then leave the batch at the one-shot fallback (GOGC=40),
// collecting several times as often.
func tuneGCForBatch() {
	gcMode.Lock()
	defer gcMode.Unlock()
	gcMode.oneShot = false
	debug.SetGCPercent(batchGCPercent)
	debug.SetMemoryLimit(math.MaxInt64)
}

// gcMode says whether the one-shot settings are in force; the watch ends
// when they are not.
var gcMode struct {
	sync.Mutex
	oneShot bool
}

// gcSentinel is garbage whose finalizer runs after each collection (it
// rearms itself), to look at the live heap the collection left.
type gcSentinel struct{ _ *int }

func watchLiveHeap() {
	runtime.SetFinalizer(&gcSentinel{}, func(*gcSentinel) {
		gcMode.Lock()
		defer gcMode.Unlock()
		switch {
		case !gcMode.oneShot:
		case liveHeap() > liveHeapCeiling:
			debug.SetGCPercent(fallbackGCPercent)
			debug.SetMemoryLimit(math.MaxInt64)
			gcMode.oneShot = false
		default:
			watchLiveHeap()
		}
	})
}

// liveHeap is about the heap the last collection found reachable, in
// bytes: the heap in use just after it. (runtime/metrics says it exactly,
// but its package initialisation costs every process start.)
func liveHeap() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
