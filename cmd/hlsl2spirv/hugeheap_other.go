//go:build !linux

package main

// adviseHugeHeap asks for huge pages on Linux only (hugeheap_linux.go).
func adviseHugeHeap() {}
