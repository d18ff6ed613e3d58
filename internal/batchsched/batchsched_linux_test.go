package batchsched

import (
	"os"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"unsafe"
)

func policyOf(t *testing.T, tid int) int {
	t.Helper()
	p, _, e := syscall.RawSyscall(syscall.SYS_SCHED_GETSCHEDULER, uintptr(tid), 0, 0)
	if e != 0 {
		t.Fatalf("sched_getscheduler(%d): %v", tid, e)
	}
	return int(p)
}

// threads lists the process's thread ids.
func threads(t *testing.T) []int {
	t.Helper()
	d, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Skip(err)
	}
	var tids []int
	for _, e := range d {
		if tid, err := strconv.Atoi(e.Name()); err == nil {
			tids = append(tids, tid)
		}
	}
	return tids
}

// The test binary imports the package, so its threads were put under
// SCHED_BATCH at start, unless it was started under another policy; the
// threads the runtime starts later inherit it.
func TestThreadsRunUnderBatch(t *testing.T) {
	if !Applied {
		t.Skipf("the test process started under policy %d, not SCHED_OTHER", policyOf(t, 0))
	}
	// A goroutine that keeps its thread makes the runtime start another
	// for the rest; both must be under SCHED_BATCH.
	locked, release := make(chan int), make(chan bool)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		locked <- syscall.Gettid()
		<-release
	}()
	lockedTid := <-locked
	defer close(release)
	seen := false
	for _, tid := range threads(t) {
		if p := policyOf(t, tid); p != schedBatch {
			t.Errorf("thread %d runs under policy %d, want SCHED_BATCH (%d)", tid, p, schedBatch)
		}
		seen = seen || tid == lockedTid
	}
	if !seen {
		t.Errorf("thread %d of the locked goroutine is not in /proc/self/task", lockedTid)
	}
}

// A process started at real-time priority keeps it: apply changes only
// threads under the default policy.
func TestRealTimeIsKept(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	const schedFIFO = 1
	old := policyOf(t, 0)
	param := struct{ priority int32 }{1}
	if _, _, e := syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, 0, schedFIFO, uintptr(unsafe.Pointer(&param))); e != 0 {
		t.Skipf("cannot use SCHED_FIFO here: %v", e)
	}
	defer func() {
		param.priority = 0
		syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, 0, uintptr(old), uintptr(unsafe.Pointer(&param)))
	}()
	if apply() {
		t.Error("apply changed the threads of a real-time thread's process")
	}
	if p := policyOf(t, 0); p != schedFIFO {
		t.Errorf("after apply the real-time thread runs under policy %d, want SCHED_FIFO", p)
	}
}

func TestAtoi(t *testing.T) {
	for _, c := range []struct {
		s  string
		n  int
		ok bool
	}{{"1234", 1234, true}, {"0", 0, true}, {"", 0, false}, {".", 0, false}, {"12a", 0, false}} {
		if n, ok := atoi(c.s); n != c.n || ok != c.ok {
			t.Errorf("atoi(%q) = %d, %v; want %d, %v", c.s, n, ok, c.n, c.ok)
		}
	}
}
