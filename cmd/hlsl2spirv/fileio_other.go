//go:build !unix

package main

import "os"

// readFile reads a whole file (fileio_unix.go bypasses os.File).
func readFile(name string) ([]byte, error) { return os.ReadFile(name) }

// overwriteFile writes data to the file name, creating it if need be, as
// os.WriteFile does, except that an existing file is not truncated to
// zero before the write: it is overwritten and then cut to the new length
// (see fileio_unix.go for why).
func overwriteFile(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		var st os.FileInfo
		if st, err = f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > int64(len(data)) {
			err = f.Truncate(int64(len(data)))
		}
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
