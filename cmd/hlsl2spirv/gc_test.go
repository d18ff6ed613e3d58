package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// gcPercent is the current GOGC setting.
func gcPercent() int {
	p := debug.SetGCPercent(-1)
	debug.SetGCPercent(p)
	return p
}

// collectWithLiveHeap runs collections while more than liveHeapCeiling is
// live, giving the watch's finalizer time to run after each, until done
// says the outcome is there (or a few seconds have passed).
func collectWithLiveHeap(done func() bool) {
	live := make([]byte, 2*liveHeapCeiling)
	for i := range live {
		live[i] = 1 // touched, so the heap in use counts it
	}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		runtime.GC()
		time.Sleep(50 * time.Millisecond)
		if done() {
			break
		}
	}
	runtime.KeepAlive(live)
}

func restoreGC(t *testing.T) {
	percent, limit := gcPercent(), debug.SetMemoryLimit(-1)
	t.Cleanup(func() {
		tuneGCForBatch() // ends any watch
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	})
}

// A one-shot compile whose live heap passes the ceiling leaves the memory
// limit for proportional pacing.
func TestOneShotGCFallsBackOnLargeLiveHeap(t *testing.T) {
	restoreGC(t)
	tuneGCForOneShot()
	collectWithLiveHeap(func() bool { return gcPercent() == fallbackGCPercent })
	if p, limit := gcPercent(), debug.SetMemoryLimit(-1); p != fallbackGCPercent || limit != math.MaxInt64 {
		t.Errorf("after collections with a large live heap: GOGC=%d, memory limit %d; want GOGC=%d and no limit", p, limit, fallbackGCPercent)
	}
}

// A batch starts as a one-shot process (main sets that up before it reads
// the command line); the one-shot watch must not outlive the switch, or a
// large heap at some collection sets the batch to the fallback pacing.
func TestBatchGCOutlivesOneShotWatch(t *testing.T) {
	restoreGC(t)
	tuneGCForOneShot()
	tuneGCForBatch()
	n := 0
	collectWithLiveHeap(func() bool { n++; return n == 4 || gcPercent() != batchGCPercent })
	if p := gcPercent(); p != batchGCPercent {
		t.Errorf("batch after collections with a large live heap: GOGC=%d, want %d", p, batchGCPercent)
	}
}
