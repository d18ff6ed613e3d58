// Package tool finds the external programs the tests compare against or
// validate with (spirv-val, spirv-dis, spirv-as, glslangValidator, FileCheck,
// Tint through node, a C compiler) and decides what a test does when one is
// missing: it skips with a message naming the package to install, except
// under CI=true, where a missing tool is a failure.
//
// Files: tool.go (the programs, Require, Lookup, Run), cputime_unix.go and
// cputime_other.go (the process's CPU time, for benchmarks' cpu-ms/op).
package tool

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// A Program is an external tool and where it comes from.
type Program struct {
	Names   []string // executable names or absolute paths, tried in order
	Package string   // the Debian (or npm) package that provides it
}

// The programs the tests use.
var (
	SpirvVal  = Program{[]string{"spirv-val"}, "spirv-tools"}
	SpirvDis  = Program{[]string{"spirv-dis"}, "spirv-tools"}
	SpirvAs   = Program{[]string{"spirv-as"}, "spirv-tools"}
	Glslang   = Program{[]string{"glslangValidator"}, "glslang-tools"}
	SpirvOpt  = Program{[]string{"spirv-opt"}, "spirv-tools"}
	FileCheck = Program{[]string{"FileCheck-16", "/usr/lib/llvm-16/bin/FileCheck", "FileCheck"}, "llvm-16-tools"}
	CC        = Program{[]string{"cc", "gcc", "clang"}, "gcc"}
	Make      = Program{[]string{"make"}, "make"}
	Node      = Program{[]string{"node"}, "nodejs"}
	// Clang is the oracle for the preprocessor (clang -E).
	Clang = Program{[]string{"clang", "clang-16", "clang-14"}, "clang"}
)

var (
	mu    sync.Mutex
	found = map[string]string{}
)

// Lookup returns the path of p, or "" when it is not installed.
func Lookup(p Program) string {
	key := strings.Join(p.Names, "|")
	mu.Lock()
	defer mu.Unlock()
	if path, ok := found[key]; ok {
		return path
	}
	path := ""
	for _, n := range p.Names {
		if filepath.IsAbs(n) {
			if st, err := os.Stat(n); err == nil && !st.IsDir() {
				path = n
				break
			}
			continue
		}
		if lp, err := exec.LookPath(n); err == nil {
			path = lp
			break
		}
	}
	found[key] = path
	return path
}

// InCI reports whether the tests run under CI, where missing tools are failures.
func InCI() bool { return os.Getenv("CI") == "true" }

// Require returns the path of p or stops the test: a skip naming the package
// to install, or under CI=true a failure.
func Require(tb testing.TB, p Program) string {
	tb.Helper()
	if path := Lookup(p); path != "" {
		return path
	}
	Missing(tb, fmt.Sprintf("%s not found; install the %s package (make deps does it)", p.Names[0], p.Package))
	return ""
}

// Missing stops the test for a missing prerequisite: skip locally, fail in CI.
func Missing(tb testing.TB, why string) {
	tb.Helper()
	if InCI() {
		tb.Fatalf("CI=true and a test prerequisite is missing: %s", why)
	}
	tb.Skip(why)
}

// Run runs the program at path with args and stdin, returning stdout,
// stderr and the error from exec (an *exec.ExitError for a non-zero exit).
func Run(path string, stdin []byte, args ...string) (stdout, stderr []byte, err error) {
	cmd := exec.Command(path, args...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	return o.Bytes(), e.Bytes(), err
}

// Words2Bytes encodes SPIR-V words little-endian. (builder.LittleEndian
// does the same; this package cannot import builder, whose tests use it.)
func Words2Bytes(words []uint32) []byte {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return b
}

// Validate runs spirv-val on a binary module for the target env (e.g.
// "vulkan1.0", "vulkan1.1spv1.4", "universal1.5") with extra options, and
// returns spirv-val's message when it rejects the module.
func Validate(tb testing.TB, module []byte, env string, opts ...string) error {
	tb.Helper()
	val := Require(tb, SpirvVal)
	f, err := os.CreateTemp(tb.TempDir(), "*.spv")
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := f.Write(module); err != nil {
		tb.Fatal(err)
	}
	f.Close()
	args := append([]string{}, opts...)
	if env != "" {
		args = append(args, "--target-env", env)
	}
	args = append(args, f.Name())
	out, errOut, err := Run(val, nil, args...)
	if err != nil {
		return fmt.Errorf("spirv-val %s: %v\n%s%s", strings.Join(args[:len(args)-1], " "), err, out, errOut)
	}
	return nil
}
