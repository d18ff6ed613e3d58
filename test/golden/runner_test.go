package golden

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// wants reads the "WANT:" lines of a broken case.
func wants(t *testing.T, path string) []string {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ws []string
	for _, line := range strings.Split(string(src), "\n") {
		if i := strings.Index(line, "WANT:"); i >= 0 {
			ws = append(ws, strings.TrimSpace(line[i+len("WANT:"):]))
		}
	}
	return ws
}

// TestRunnerReportsFailures: the runner must be able to fail. Every RUN
// line under testdata/broken fails with the message its WANT line names
// (except lines marked PASS, which show the same file passing otherwise).
func TestRunnerReportsFailures(t *testing.T) {
	tool.Require(t, tool.SpirvAs)
	tool.Require(t, tool.SpirvVal)
	cfg := Config{Tools: map[string]Compiler{"%spirv-as": SpirvAs}, Exts: []string{".spvasm"}}
	files, err := filepath.Glob("testdata/broken/*.spvasm")
	if err != nil || len(files) < 5 {
		t.Fatalf("broken cases missing: %v %v", files, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			want := wants(t, f)
			results, err := CheckFile(f, cfg)
			if err != nil {
				if len(want) != 1 || !strings.Contains(err.Error(), want[0]) {
					t.Fatalf("file error %q, want %q", err, want)
				}
				return
			}
			if len(results) != len(want) {
				t.Fatalf("%d RUN lines but %d WANT lines", len(results), len(want))
			}
			for i, r := range results {
				switch {
				case want[i] == "PASS" && r.Err != nil:
					t.Errorf("line %d: want a pass, got:\n%v", r.Line, r.Err)
				case want[i] != "PASS" && r.Err == nil:
					t.Errorf("line %d: RUN %q passed, want a failure containing %q", r.Line, r.Command, want[i])
				case want[i] != "PASS" && !strings.Contains(r.Err.Error(), want[i]):
					t.Errorf("line %d: failure\n%v\ndoes not contain %q", r.Line, r.Err, want[i])
				}
			}
		})
	}
}

func TestRunLines(t *testing.T) {
	src := "// RUN: %hlsl2spirv -T ps_6_0 -E main %s \\\n// RUN:   -fcgl | FileCheck %s\n" +
		"float4 main() : SV_Target { return 0; }\n" +
		"// RUN: not %dxc -T ps_6_0 %s -spirv 2>&1 | FileCheck %s --check-prefix=ERR\n"
	got := RunLines([]byte(src))
	want := []RunLine{
		{1, "%hlsl2spirv -T ps_6_0 -E main %s -fcgl | FileCheck %s"},
		{4, "not %dxc -T ps_6_0 %s -spirv 2>&1 | FileCheck %s --check-prefix=ERR"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("RunLines = %q, want %q", got, want)
	}
}

func TestParseCommand(t *testing.T) {
	tests := []struct {
		line string
		want command
		err  string
	}{
		{line: "%dxc -T ps_6_0 -E main -fcgl %s -spirv | FileCheck %s",
			want: command{tool: "%dxc", args: []string{"-T", "ps_6_0", "-E", "main", "-fcgl", "f.hlsl", "-spirv"}, fileCheck: []string{"f.hlsl"}}},
		{line: "not %dxc -fcgl %s -spirv 2>&1 | FileCheck %s --check-prefix=CHECK --check-prefix=UCONVERT",
			want: command{expectFail: true, tool: "%dxc", args: []string{"-fcgl", "f.hlsl", "-spirv"}, mergeStderr: true, fileCheck: []string{"f.hlsl", "--check-prefix=CHECK", "--check-prefix=UCONVERT"}}},
		{line: "%hlsl2spirv -T cs_6_0 -E main %s",
			want: command{tool: "%hlsl2spirv", args: []string{"-T", "cs_6_0", "-E", "main", "f.hlsl"}}},
		{line: `%hlsl2spirv "-DMSG=a b" '-DQ=x|y' %s|FileCheck %s`,
			want: command{tool: "%hlsl2spirv", args: []string{"-DMSG=a b", "-DQ=x|y", "f.hlsl"}, fileCheck: []string{"f.hlsl"}}},
		{line: "%hlsl2spirv %s -Fo %t.spv", err: "%t"},
		{line: "%hlsl2spirv %s | sed s/a/b/", err: "only FileCheck"},
		{line: "not", err: "names no tool"},
	}
	for _, tt := range tests {
		got, err := parseCommand(tt.line, "f.hlsl")
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("parseCommand(%q) error = %v, want %q", tt.line, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("parseCommand(%q): %v", tt.line, err)
			continue
		}
		if !reflect.DeepEqual(*got, tt.want) {
			t.Errorf("parseCommand(%q) =\n%+v, want\n%+v", tt.line, *got, tt.want)
		}
	}
}

func TestValidatorOptions(t *testing.T) {
	tests := []struct {
		args []string
		env  string
		opts []string
	}{
		{nil, "vulkan1.0", []string{"--relax-block-layout"}},
		{[]string{"-fspv-target-env=vulkan1.2"}, "vulkan1.2", []string{"--relax-block-layout"}},
		{[]string{"-fspv-target-env=vulkan1.1spirv1.4"}, "vulkan1.1spv1.4", []string{"--relax-block-layout"}},
		{[]string{"-fspv-target-env=universal1.5", "-fvk-use-dx-layout"}, "spv1.5", []string{"--scalar-block-layout"}},
		{[]string{"-fvk-use-scalar-layout"}, "vulkan1.0", []string{"--scalar-block-layout"}},
		{[]string{"-fvk-use-gl-layout"}, "vulkan1.0", nil},
	}
	for _, tt := range tests {
		env, opts := ValidatorOptions(tt.args)
		if env != tt.env || !reflect.DeepEqual(opts, tt.opts) {
			t.Errorf("ValidatorOptions(%q) = %q %q, want %q %q", tt.args, env, opts, tt.env, tt.opts)
		}
	}
}

// TestFakeCompiler drives the runner with an in-process compiler, as the
// HLSL compiler will be plugged in: exit status, stdout and stderr
// routing, and which outputs are validated.
func TestFakeCompiler(t *testing.T) {
	dir := t.TempDir()
	src := `// RUN: %hlsl2spirv -T ps_6_0 %s | FileCheck %s
// RUN: not %hlsl2spirv -T ps_6_0 -DERR %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %hlsl2spirv -T ps_6_0 -DERR %s | FileCheck %s --check-prefix=ERR
// RUN: %hlsl2spirv -T ps_6_0 -DWARN %s 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %dxc -T ps_6_0 -DBADMODULE -fcgl %s -spirv | FileCheck %s
// RUN: %dxc -T ps_6_0 -DBADMODULE %s -spirv | FileCheck %s
// CHECK: OpCapability Shader
// ERR: f.hlsl:9:3: error: something is wrong
// WARN: warning: careful
// WARN-NEXT: OpCapability Shader
`
	path := filepath.Join(dir, "f.hlsl")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var calls []string
	fake := func(args []string, filename string, in []byte) Output {
		calls = append(calls, strings.Join(args, " "))
		if filename != path || string(in) != src {
			return Output{Err: fmt.Errorf("wrong file %s", filename)}
		}
		has := func(a string) bool {
			for _, x := range args {
				if x == a {
					return true
				}
			}
			return false
		}
		// A header-only module: valid for spirv-val? No: it lacks an
		// entry point and a memory model, so validation must reject it.
		bad := []uint32{0x07230203, 0x00010000, 0, 1, 0}
		switch {
		case has("-DERR"):
			return Output{Diagnostics: "f.hlsl:9:3: error: something is wrong\n", Err: errors.New("1 error")}
		case has("-DWARN"):
			return Output{Diagnostics: "warning: careful\n", Text: "OpCapability Shader\n"}
		case has("-DBADMODULE"):
			return Output{SPIRV: bad, Text: "OpCapability Shader\n"}
		}
		return Output{Text: "OpCapability Shader\n"}
	}
	cfg := Config{Tools: map[string]Compiler{"%hlsl2spirv": fake, "%dxc": fake}}
	results, err := CheckFile(path, cfg)
	if err != nil {
		t.Fatal(err)
	}
	// RUN 3 pipes only stdout, which is empty when the compile fails.
	wantFail := []string{"", "", "'<stdout>' is empty", "", "", "rejects the module"}
	if len(results) != len(wantFail) {
		t.Fatalf("%d results, want %d", len(results), len(wantFail))
	}
	for i, r := range results {
		if r.Missing != "" {
			tool.Missing(t, r.Missing)
		}
		switch {
		case wantFail[i] == "" && r.Err != nil:
			t.Errorf("RUN %d (%s) failed:\n%v", i+1, r.Command, r.Err)
		case wantFail[i] != "" && (r.Err == nil || !strings.Contains(r.Err.Error(), wantFail[i])):
			t.Errorf("RUN %d (%s): got %v, want a failure containing %q", i+1, r.Command, r.Err, wantFail[i])
		}
	}
	if want := "-T ps_6_0 " + path; calls[0] != want {
		t.Errorf("compiler args = %q, want %q", calls[0], want)
	}
}

func TestCompilerPanicIsAFailure(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.hlsl")
	if err := os.WriteFile(path, []byte("// RUN: %hlsl2spirv %s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := func([]string, string, []byte) Output { panic("boom") }
	results, err := CheckFile(path, Config{Tools: map[string]Compiler{"%hlsl2spirv": boom}})
	if err != nil || len(results) != 1 || results[0].Err == nil || !strings.Contains(results[0].Err.Error(), "the compiler panicked: boom") {
		t.Fatalf("got %v %+v", err, results)
	}
}

func TestMarkers(t *testing.T) {
	x, u := Markers([]byte("// RUN: %hlsl2spirv %s\n// XFAIL: needs sema for templates\n"))
	if x != "needs sema for templates" || u != "" {
		t.Errorf("Markers = %q %q", x, u)
	}
	x, u = Markers([]byte("// UNSUPPORTED: ray tracing\n"))
	if x != "" || u != "ray tracing" {
		t.Errorf("Markers = %q %q", x, u)
	}
}

// TestXFAILVerdict: an XFAIL file is skipped while it fails and fails once
// it passes.
func TestXFAILVerdict(t *testing.T) {
	pass := []Result{{Line: 1}, {Line: 2}}
	skip, fail := xfailVerdict("a.hlsl", "not done", pass)
	if skip != "" || !strings.Contains(fail, "a.hlsl: marked XFAIL (not done) but every RUN line passes") {
		t.Errorf("all passing: skip %q fail %q", skip, fail)
	}
	failing := []Result{{Line: 1}, {Line: 2, Err: errors.New("FileCheck failed:\nmore")}}
	skip, fail = xfailVerdict("a.hlsl", "not done", failing)
	if fail != "" || skip != "XFAIL (not done), fails as expected at RUN line 2: FileCheck failed:" {
		t.Errorf("failing: skip %q fail %q", skip, fail)
	}
}
