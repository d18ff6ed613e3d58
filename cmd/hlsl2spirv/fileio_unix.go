//go:build unix

package main

import (
	"io/fs"
	"syscall"
)

// The command reads and writes files with plain system calls, not
// through os.File: os puts every file it opens into non-blocking mode and
// offers it to the runtime's network poller, which the first open
// creates (epoll_create1, an eventfd, their registration) and every open
// then consults (four fcntl and an epoll_ctl that a regular file refuses).
// A compile opens three files (the huge-page setting, the shader, the
// output): 17 system calls and the poller's set-up, for nothing a regular
// file can use.

// readFile is os.ReadFile without the poller; its errors are os's
// (*fs.PathError wrapping the errno, so os.IsNotExist works on them).
func readFile(name string) ([]byte, error) {
	fd, err := openFile(name, syscall.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	size := 0
	if syscall.Fstat(fd, &st) == nil && st.Mode&syscall.S_IFMT == syscall.S_IFREG {
		size = int(st.Size)
	}
	// One byte more than the size, so that a file read whole takes one
	// read and the end is seen at the next; sysfs and proc files report a
	// size of 4096 or 0 whatever they hold.
	b := make([]byte, 0, max(size+1, 512))
	for {
		n, err := syscall.Read(fd, b[len(b):cap(b)])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		if n <= 0 {
			return b, nil
		}
		b = b[:len(b)+n]
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // grow
		}
	}
}

// overwriteFile writes data to the file name, creating it if need be, as
// os.WriteFile does, except that an existing file is not truncated to
// zero before the write: it is overwritten and then cut to the new length.
// ext4 (with its default auto_da_alloc) takes a truncation to zero
// followed by writes for a file being replaced and writes its data to disk
// when it is closed, which made a compile that rewrote its output wait
// for the disk: pbr_forward.ps.hlsl's cold compile took 0.3-1.0 ms (median
// wall) longer with os.WriteFile, side by side.
func overwriteFile(name string, data []byte) error {
	fd, err := openFile(name, syscall.O_WRONLY|syscall.O_CREAT, 0o644)
	if err != nil {
		return err
	}
	for rest := data; len(rest) > 0; {
		n, err := syscall.Write(fd, rest)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			syscall.Close(fd)
			return &fs.PathError{Op: "write", Path: name, Err: err}
		}
		rest = rest[n:]
	}
	// Cut a longer regular file to the new length (a device or a pipe,
	// such as /dev/stdout, has no length to cut).
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err == nil && st.Mode&syscall.S_IFMT == syscall.S_IFREG && st.Size > int64(len(data)) {
		if err := syscall.Ftruncate(fd, int64(len(data))); err != nil {
			syscall.Close(fd)
			return &fs.PathError{Op: "truncate", Path: name, Err: err}
		}
	}
	if err := syscall.Close(fd); err != nil {
		return &fs.PathError{Op: "close", Path: name, Err: err}
	}
	return nil
}

// openFile opens name with close-on-exec, retrying when a signal
// interrupts the call, as os.OpenFile does.
func openFile(name string, flag int, perm uint32) (int, error) {
	for {
		fd, err := syscall.Open(name, flag|syscall.O_CLOEXEC, perm)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return -1, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		return fd, nil
	}
}
