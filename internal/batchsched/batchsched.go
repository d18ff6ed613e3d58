// Package batchsched puts the threads of the process that imports it
// under Linux's SCHED_BATCH policy as the process starts, before the
// importing program's own initialization; elsewhere it does nothing.
//
// The Go runtime's monitor thread (sysmon) wakes every 20 µs in a
// process's first milliseconds. Under the default policy the kernel puts
// it on the CPU where the compile runs and lets it preempt the compile
// at each wake-up: a cold one-shot compile of a 200-line shader
// (test/bench) was switched out 40-45 times, once per wake-up, while the
// machine's other core idled. SCHED_BATCH is the kernel's policy for
// CPU-bound work that is not interactive: the same share of the CPU and
// the same nice level, but a waking thread of that policy does not
// preempt the running one, so the monitor runs on an idle core, or waits
// for the compile's time slice to end. A compiler is such work.
//
// Only threads under the default policy (SCHED_OTHER) change: a process
// started at real-time or idle priority keeps it. Threads made later
// inherit the policy from the thread that makes them.
//
// Files: batchsched.go runs it at initialization; batchsched_linux.go
// sets the policy; batchsched_other.go does nothing elsewhere.
package batchsched

// Applied tells whether the process's threads were put under SCHED_BATCH
// at start-up.
var Applied bool

func init() { Applied = apply() }
