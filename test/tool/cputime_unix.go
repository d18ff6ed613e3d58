//go:build unix

package tool

import (
	"syscall"
	"time"
)

// CPUTime returns the process's user and system CPU time (benchmarks
// report it beside wall time, which other processes on the machine skew).
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
