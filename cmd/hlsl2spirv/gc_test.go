package main

import (
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

// collectWithLiveHeap runs collections while more than ceiling is live,
// giving the watch's finalizer time to run after each, until done says the
// outcome is there (or a few seconds have passed).
func collectWithLiveHeap(ceiling uint64, done func() bool) {
	live := make([]byte, 2*ceiling)
	for i := range live {
		live[i] = 1 // touched, so the heap in use counts it
	}
	collectUntil(done)
	runtime.KeepAlive(live)
}

func collectUntil(done func() bool) {
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		runtime.GC()
		time.Sleep(50 * time.Millisecond)
		if done() {
			break
		}
	}
}

func restoreGC(t *testing.T) {
	percent, limit := gcPercent(), debug.SetMemoryLimit(-1)
	t.Cleanup(func() {
		gcState.Lock()
		gcState.gen++ // ends any watch
		gcState.Unlock()
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	})
}

func pacingNow() gcPacing { return gcPacing{gcPercent(), debug.SetMemoryLimit(-1)} }

// A one-shot compile whose live heap passes the ceiling leaves the memory
// limit for proportional pacing, and stays there.
func TestOneShotGCFallsBackOnLargeLiveHeap(t *testing.T) {
	restoreGC(t)
	tuneGCForOneShot()
	if p := pacingNow(); p != oneShotGC.normal {
		t.Fatalf("one-shot pacing %+v, want %+v", p, oneShotGC.normal)
	}
	collectWithLiveHeap(oneShotGC.liveCeiling(), func() bool { return pacingNow() == oneShotGC.large })
	if p := pacingNow(); p != oneShotGC.large {
		t.Errorf("after collections with a large live heap: %+v, want %+v", p, oneShotGC.large)
	}
	n := 0
	collectUntil(func() bool { n++; return n == 3 || pacingNow() != oneShotGC.large })
	if p := pacingNow(); p != oneShotGC.large {
		t.Errorf("after the large live heap went: %+v, want to stay at %+v", p, oneShotGC.large)
	}
}

// A batch starts as a one-shot process (main sets that up before it reads
// the command line); the one-shot watch must not outlive the switch, or a
// large heap at some collection sets the batch to the one-shot fallback
// pacing. A batch paces proportionally while its jobs keep much alive and
// returns to its own pacing, limit included, when they no longer do.
func TestBatchGCFollowsItsLiveHeap(t *testing.T) {
	restoreGC(t)
	tuneGCForOneShot()
	tuneGCForBatch()
	if p := pacingNow(); p != batchGC.normal {
		t.Fatalf("batch pacing %+v, want %+v", p, batchGC.normal)
	}
	collectWithLiveHeap(2*batchGC.liveCeiling(), func() bool { return pacingNow() != batchGC.normal })
	if p := pacingNow(); p != batchGC.large {
		t.Errorf("batch with a large live heap: %+v, want %+v", p, batchGC.large)
	}
	collectUntil(func() bool { return pacingNow() == batchGC.normal })
	if p := pacingNow(); p != batchGC.normal {
		t.Errorf("batch after the large live heap went: %+v, want %+v", p, batchGC.normal)
	}
}
