// Package webgpu gives Go tests Tint, Dawn's WGSL compiler, and naga, wgpu's
// shader translator, through one long-lived node process per test binary
// (server.mjs, with the npm packages `webgpu` and `naga-wasm` that
// test/package.json pins and `make deps` installs with npm ci).
//
// Validate compiles a WGSL module with Tint and creates a pipeline per
// entry point on Dawn's null backend, as a WebGPU application would;
// ValidateAll does it for many modules in one round trip. WGSLToSPIRV
// translates WGSL to SPIR-V with naga (execution tests run that on a
// Vulkan driver). A missing node or npm install skips the test, except
// under CI=true (test/tool).
package webgpu

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// An Entry is an entry point to create a pipeline for.
type Entry struct {
	Name      string `json:"name"`
	Stage     string `json:"stage"` // vertex, fragment, compute
	Inputs    []IO   `json:"inputs,omitempty"`
	Outputs   []IO   `json:"outputs,omitempty"`
	FragDepth bool   `json:"fragDepth,omitempty"`
}

// An IO is a @location input or output of an entry point.
type IO struct {
	Location uint32 `json:"location"`
	Type     string `json:"type"`
	Interp   string `json:"interp,omitempty"`
}

// A Verdict is what Tint and pipeline creation said about a module.
type Verdict struct {
	Errors    []string `json:"errors"`
	Warnings  []string `json:"warnings"`
	Pipelines []string `json:"pipelines"` // pipeline creation errors, "entry: message"
}

// OK reports whether the module compiled and every pipeline was created.
func (v *Verdict) OK() bool { return len(v.Errors) == 0 && len(v.Pipelines) == 0 }

// OverLimits reports whether the module compiled and every pipeline that
// failed exceeded only a limit of the null device (default WebGPU limits:
// 4 bind groups, 8 storage buffers per stage, 256 invocations per
// workgroup...), which real devices may lift.
func (v *Verdict) OverLimits() bool {
	if len(v.Errors) > 0 || len(v.Pipelines) == 0 {
		return false
	}
	for _, p := range v.Pipelines {
		if !strings.Contains(p, "infringes limits") && !strings.Contains(p, "exceeds the maximum") {
			return false
		}
	}
	return true
}

func (v *Verdict) String() string {
	var b strings.Builder
	for _, e := range v.Errors {
		fmt.Fprintf(&b, "tint: %s\n", e)
	}
	for _, e := range v.Pipelines {
		fmt.Fprintf(&b, "pipeline: %s\n", e)
	}
	return b.String()
}

// A Module is one validation request.
type Module struct {
	Code    string
	Entries []Entry
}

type request struct {
	Op      string  `json:"op"`
	Code    string  `json:"code,omitempty"`
	Entries []Entry `json:"entries,omitempty"`
	SPIRV   string  `json:"spirv,omitempty"`
}

type response struct {
	Verdict
	SPIRV string `json:"spirv"`
	WGSL  string `json:"wgsl"`
}

// answerPrefix starts every answer line of server.mjs.
const answerPrefix = "\x01wgsl-answer "

type server struct {
	mu  sync.Mutex
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
	err error
}

var (
	once sync.Once
	srv  *server
)

// dir is test/, where package.json and node_modules are.
func dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}

func start(tb testing.TB) *server {
	tb.Helper()
	node := tool.Require(tb, tool.Node)
	once.Do(func() {
		s := &server{}
		srv = s
		for _, pkg := range []string{"webgpu", "naga-wasm"} {
			if _, err := os.Stat(filepath.Join(dir(), "node_modules", pkg, "package.json")); err != nil {
				s.err = fmt.Errorf("npm package %s is not installed in test/ (run make deps, or: cd test && npm ci)", pkg)
				return
			}
		}
		cmd := exec.Command(node, filepath.Join(dir(), "webgpu", "server.mjs"))
		cmd.Dir = dir()
		cmd.Stderr = os.Stderr
		in, err := cmd.StdinPipe()
		if err != nil {
			s.err = err
			return
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			s.err = err
			return
		}
		if err := cmd.Start(); err != nil {
			s.err = err
			return
		}
		s.cmd, s.in, s.out = cmd, in, bufio.NewReaderSize(out, 1<<20)
	})
	if srv.err != nil {
		tool.Missing(tb, srv.err.Error())
	}
	return srv
}

// roundTrip sends requests and reads their answers, in order.
func (s *server) roundTrip(reqs []request) ([]response, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return nil, s.err
	}
	if dump := os.Getenv("WEBGPU_DUMP_REQUESTS"); dump != "" {
		// Debugging aid: keep the requests to replay them by hand.
		if f, err := os.OpenFile(dump, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err == nil {
			enc := json.NewEncoder(f)
			for _, r := range reqs {
				enc.Encode(r)
			}
			f.Close()
		}
	}
	errc := make(chan error, 1)
	go func() {
		w := bufio.NewWriter(s.in)
		enc := json.NewEncoder(w)
		for _, r := range reqs {
			if err := enc.Encode(r); err != nil {
				errc <- err
				return
			}
		}
		errc <- w.Flush()
	}()
	out := make([]response, len(reqs))
	for i := range reqs {
		var line []byte
		for {
			l, err := s.out.ReadBytes('\n')
			if err != nil {
				s.err = fmt.Errorf("the WGSL test server died: %v", err)
				return nil, s.err
			}
			if rest, ok := bytes.CutPrefix(l, []byte(answerPrefix)); ok {
				line = rest
				break
			}
			// Dawn's logging: not an answer.
		}
		if err := json.Unmarshal(line, &out[i]); err != nil {
			s.err = fmt.Errorf("the WGSL test server answered %q: %v", line, err)
			return nil, s.err
		}
	}
	if err := <-errc; err != nil {
		s.err = err
		return nil, err
	}
	return out, nil
}

// Available reports whether node and the npm packages are installed
// (without skipping).
func Available() bool {
	if tool.Lookup(tool.Node) == "" {
		return false
	}
	for _, pkg := range []string{"webgpu", "naga-wasm"} {
		if _, err := os.Stat(filepath.Join(dir(), "node_modules", pkg, "package.json")); err != nil {
			return false
		}
	}
	return true
}

// Validate compiles code with Tint and creates a pipeline per entry.
func Validate(tb testing.TB, code string, entries []Entry) *Verdict {
	tb.Helper()
	return ValidateAll(tb, []Module{{code, entries}})[0]
}

// ValidateAll validates many modules in one round trip to the server.
func ValidateAll(tb testing.TB, mods []Module) []*Verdict {
	tb.Helper()
	s := start(tb)
	reqs := make([]request, len(mods))
	for i, m := range mods {
		reqs[i] = request{Op: "validate", Code: m.Code, Entries: m.Entries}
	}
	res, err := s.roundTrip(reqs)
	if err != nil {
		tb.Fatal(err)
	}
	out := make([]*Verdict, len(res))
	for i := range res {
		v := res[i].Verdict
		out[i] = &v
	}
	return out
}

// WGSLToSPIRV translates WGSL to a SPIR-V binary with naga.
func WGSLToSPIRV(tb testing.TB, code string) ([]byte, error) {
	tb.Helper()
	s := start(tb)
	res, err := s.roundTrip([]request{{Op: "wgsl2spirv", Code: code}})
	if err != nil {
		tb.Fatal(err)
	}
	if len(res[0].Errors) > 0 {
		return nil, fmt.Errorf("naga: %s", strings.Join(res[0].Errors, "\n"))
	}
	return base64.StdEncoding.DecodeString(res[0].SPIRV)
}

// SPIRVToWGSL translates a SPIR-V binary to WGSL with naga (for
// comparisons).
func SPIRVToWGSL(tb testing.TB, spirv []byte) (string, error) {
	tb.Helper()
	s := start(tb)
	res, err := s.roundTrip([]request{{Op: "spirv2wgsl", SPIRV: base64.StdEncoding.EncodeToString(spirv)}})
	if err != nil {
		tb.Fatal(err)
	}
	if len(res[0].Errors) > 0 {
		return "", fmt.Errorf("naga: %s", strings.Join(res[0].Errors, "\n"))
	}
	return res[0].WGSL, nil
}
