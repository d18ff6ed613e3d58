//go:build !linux

package batchsched

// apply does nothing where SCHED_BATCH does not exist.
func apply() bool { return false }
