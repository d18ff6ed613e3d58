package batchsched

import (
	"syscall"
	"unsafe"
)

// Linux scheduling policies (sched.h).
const (
	schedOther = 0
	schedBatch = 3
)

// apply sets SCHED_BATCH on every thread of the process, the threads the
// runtime has started so far (the main thread, the monitor, an idle
// worker or two), when the calling thread runs under SCHED_OTHER. It
// reads the thread ids from /proc/self/task with raw system calls: this
// runs before package os is initialized.
func apply() bool {
	if policy, _, e := syscall.RawSyscall(syscall.SYS_SCHED_GETSCHEDULER, 0, 0, 0); e != 0 || policy != schedOther {
		return false
	}
	fd, err := syscall.Open("/proc/self/task", syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return false
	}
	defer syscall.Close(fd)
	var buf [1024]byte
	var param struct{ priority int32 } // sched_param: must be 0 for SCHED_BATCH
	ok := true
	for {
		n, err := syscall.Getdents(fd, buf[:])
		if err != nil {
			return false
		}
		if n <= 0 {
			return ok
		}
		_, _, names := syscall.ParseDirent(buf[:n], -1, nil)
		for _, name := range names {
			tid, valid := atoi(name)
			if !valid {
				continue
			}
			if _, _, e := syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, uintptr(tid), schedBatch, uintptr(unsafe.Pointer(&param))); e != 0 && e != syscall.ESRCH {
				ok = false // ESRCH: the thread has exited since
			}
		}
	}
}

// atoi parses a thread id: decimal digits only.
func atoi(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}
