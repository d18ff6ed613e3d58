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
// single builds) until the heap reaches oneShot's limit — a typical shader
// never gets there. The limit is the 64 MiB a 5,000-line shader may keep
// resident, less what the limit does not count: the binary's text and
// data, about 6 MB resident for `--version`, and a margin. That shader
// allocates about 44.7 MB and does not collect: it peaks at about 57 MiB
// resident. (At 48 MB, while each optimizer pass kept its own tables over
// every id of the module, it collected once near the limit in some runs
// and peaked at 59-63 MiB; with the limit at 52 MiB it collected once,
// during the optimizer, and without that collection its cold compile's
// median fell from 141 to 129 ms in 30 interleaved runs, for 1.5 MB more
// resident.) A bigger shader collects at the limit (the memory a
// collection frees stays mapped and counts toward the limit): a
// 6,500-line one collects once or twice and peaks at about 64 MiB.
// Should a shader keep more than three quarters of the limit
// alive, collecting at the limit would run the collector back to back, so
// proportional pacing comes back without the limit: GOGC=40, a collection
// per 40% of the live heap allocated, slower to grow, never stuck.
//
// A batch lives for many compiles. A job keeps little alive, so it
// collects with room (GOGC=400: on the golden jobs about 10% less CPU
// than GOGC=200) under a 32 MiB soft limit, which keeps the resident size
// steady however many jobs run (without it, 100 jobs peaked at 31 MB and
// 1,000 at 46 MB). Jobs that keep more than half the limit alive
// (several big shaders at once) would make the limit collect back to
// back, so while they do the batch paces proportionally (GOGC=100) with
// no limit, and returns to its own pacing once the live heap is small
// again.
type gcPacing struct {
	percent int   // GOGC; -1 is off
	limit   int64 // the soft memory limit
}

type gcMode struct {
	normal, large gcPacing // below and above the live ceiling
	sticky        bool     // once large, stay large (one compile: no way back)
	// ceiling is the share of the normal limit that may stay alive before
	// collecting at the limit would run back to back.
	ceiling float64
}

var (
	oneShotGC = gcMode{normal: gcPacing{-1, 60 << 20}, large: gcPacing{40, math.MaxInt64}, sticky: true, ceiling: 0.75}
	batchGC   = gcMode{normal: gcPacing{400, 32 << 20}, large: gcPacing{100, math.MaxInt64}, ceiling: 0.5}
)

// liveCeiling is the live heap past which a mode's normal pacing would
// collect back to back.
func (m gcMode) liveCeiling() uint64 { return uint64(float64(m.normal.limit) * m.ceiling) }

func (p gcPacing) apply() {
	debug.SetGCPercent(p.percent)
	debug.SetMemoryLimit(p.limit)
}

func tuneGCForOneShot() { setGCMode(&oneShotGC) }

// tuneGCForBatch replaces the one-shot settings and their watch: the
// one-shot fallback (GOGC=40) would collect several times as often as a
// batch needs.
func tuneGCForBatch() { setGCMode(&batchGC) }

// gcState is the mode in force and the generation of its watch: a
// finalizer armed under an earlier setGCMode stops.
var gcState struct {
	sync.Mutex
	mode  *gcMode
	large bool
	gen   int
}

func setGCMode(m *gcMode) {
	gcState.Lock()
	defer gcState.Unlock()
	gcState.mode, gcState.large = m, false
	gcState.gen++
	m.normal.apply()
	watchLiveHeap(gcState.gen)
}

// gcSentinel is garbage whose finalizer runs after each collection (it
// rearms itself), to look at the live heap the collection left.
type gcSentinel struct{ _ *int }

func watchLiveHeap(gen int) {
	runtime.SetFinalizer(&gcSentinel{}, func(*gcSentinel) {
		gcState.Lock()
		defer gcState.Unlock()
		if gen != gcState.gen {
			return // a newer mode has its own watch
		}
		m := gcState.mode
		if large := liveHeap() > m.liveCeiling(); large != gcState.large && (!gcState.large || !m.sticky) {
			gcState.large = large
			if large {
				m.large.apply()
			} else {
				m.normal.apply()
			}
		}
		if !(m.sticky && gcState.large) {
			watchLiveHeap(gen)
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
