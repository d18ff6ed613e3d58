package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

func TestNormalizeArgsSpellings(t *testing.T) {
	tests := []struct {
		args   []string
		flags  []string
		inputs []string
	}{
		{[]string{"-T", "ps_6_0", "x.hlsl"}, []string{"--T=ps_6_0"}, []string{"x.hlsl"}},
		{[]string{"-Tps_6_0", "x.hlsl"}, []string{"--T=ps_6_0"}, []string{"x.hlsl"}},
		{[]string{"/T", "ps_6_0", "/E", "PSMain"}, []string{"--T=ps_6_0", "--E=PSMain"}, nil},
		{[]string{"-EPSMain", "-Fo", "o.spv", "-Foo.spv"}, []string{"--E=PSMain", "--Fo=o.spv", "--Fo=o.spv"}, nil},
		{[]string{"-DNAME=V", "-D", "FOO", "-I", "inc", "-Iinc2"}, []string{"--D=NAME=V", "--D=FOO", "--I=inc", "--I=inc2"}, nil},
		{[]string{"-fspv-target-env=vulkan1.2", "-fcgl", "-O0", "-Od", "-spirv"}, []string{"--fspv-target-env=vulkan1.2", "--fcgl", "--O0", "--Od", "--spirv"}, nil},
		{[]string{"-HV", "2018", "-enable-16bit-types", "-Zpr", "-WX", "-no-warnings", "-Vd"}, []string{"--HV=2018", "--enable-16bit-types", "--Zpr", "--WX", "--no-warnings", "--Vd"}, nil},
		{[]string{"-fvk-stage-io-order=alpha", "-fvk-invert-y", "-fvk-use-dx-position-w", "-fspv-entrypoint-name=main2"}, []string{"--fvk-stage-io-order=alpha", "--fvk-invert-y", "--fvk-use-dx-position-w", "--fspv-entrypoint-name=main2"}, nil},
		{[]string{"-P", "-Fi", "out.i", "-dumpbin", "-ast-dump", "-fsyntax-only", "--help", "--version"}, []string{"--P", "--Fi=out.i", "--dumpbin", "--ast-dump", "--fsyntax-only", "--help", "--version"}, nil},
		{[]string{"-Fc", "x.txt", "-Fw", "x.wgsl"}, []string{"--Fc=x.txt", "--Fw=x.wgsl"}, nil},
	}
	for _, tt := range tests {
		flags, inputs, _, err := normalizeArgs(tt.args)
		if err != nil {
			t.Errorf("%q: %v", tt.args, err)
			continue
		}
		if strings.Join(flags, " ") != strings.Join(tt.flags, " ") || strings.Join(inputs, " ") != strings.Join(tt.inputs, " ") {
			t.Errorf("%q:\n got flags %q inputs %q\nwant flags %q inputs %q", tt.args, flags, inputs, tt.flags, tt.inputs)
		}
	}
}

func TestNormalizeArgsErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-bogus"}, "unknown argument: '-bogus'"},
		{[]string{"-T"}, "Argument to '-T' is missing."},
	}
	for _, tt := range tests {
		_, _, _, err := normalizeArgs(tt.args)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: got error %v, want %q", tt.args, err, tt.want)
		}
	}
}

// Options known from dxc but not implemented are rejected when compiling and
// not when only the front end runs, whose result they cannot change.
func TestUnsupportedOptionsRejectedWhenCompiling(t *testing.T) {
	f := filepath.Join(t.TempDir(), "a.hlsl")
	os.WriteFile(f, []byte("float4 main() : SV_Target { return 1; }\n"), 0o644)
	for _, opt := range [][]string{{"-Zs"}, {"-exports", "f"}, {"-Gfa"}} {
		var stdout, stderr bytes.Buffer
		args := append(append([]string{"-T", "ps_6_0"}, opt...), f)
		if rc := run(args, &stdout, &stderr); rc == 0 || !strings.Contains(stderr.String(), "option '"+opt[0]+"' is not supported yet") {
			t.Errorf("%v: exit %d, stderr %q", opt, rc, stderr.String())
		}
		stderr.Reset()
		if rc := run(append([]string{"-fsyntax-only"}, args...), &stdout, &stderr); rc != 0 {
			t.Errorf("-fsyntax-only %v: exit %d, stderr %q", opt, rc, stderr.String())
		}
	}
}

func TestParseCommandLineOptions(t *testing.T) {
	c, err := parseCommandLine([]string{"-Tcs_6_2", "-E", "CSMain", "-HV", "202x", "-Zpr", "-O0", "-D", "A=1", "-DB", "in.hlsl"})
	if err != nil {
		t.Fatal(err)
	}
	o := c.opts
	if o.Profile != "cs_6_2" || o.Entry != "CSMain" || o.HLSLVersion != 2029 || !o.RowMajor || !o.NoOptimize ||
		strings.Join(o.Defines, ",") != "A=1,B" || strings.Join(c.inputs, ",") != "in.hlsl" {
		t.Errorf("unexpected options: %+v inputs %v", o, c.inputs)
	}
	if _, err := parseCommandLine([]string{"-Zpr", "-Zpc", "x"}); err == nil {
		t.Error("-Zpr with -Zpc: want an error")
	}
	if _, err := parseCommandLine([]string{"-HV", "2020", "x"}); err == nil {
		t.Error("-HV 2020: want an error")
	}
}

// TestDumpbinMatchesSpirvDis runs the command's -dumpbin on a module that
// glslangValidator makes and compares with spirv-dis.
func TestDumpbinMatchesSpirvDis(t *testing.T) {
	glslang := tool.Require(t, tool.Glslang)
	dis := tool.Require(t, tool.SpirvDis)
	spv := filepath.Join(t.TempDir(), "compute.spv")
	if out, errOut, err := tool.Run(glslang, nil, "-V", "-D", "-S", "comp", "-e", "main", "-o", spv, "../../test/examples/compute.hlsl"); err != nil {
		t.Fatalf("glslangValidator: %v\n%s%s", err, out, errOut)
	}
	want, _, err := tool.Run(dis, nil, spv)
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"-dumpbin", spv}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	if stdout.String() != string(want) {
		t.Errorf("-dumpbin differs from spirv-dis:\n%s", stdout.String())
	}
}

func TestDumpbinRejectsGarbage(t *testing.T) {
	f := filepath.Join(t.TempDir(), "bad.spv")
	if err := os.WriteFile(f, []byte("not spir-v at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"-dumpbin", f}, &stdout, &stderr); rc == 0 || !strings.Contains(stderr.String(), "error") {
		t.Errorf("want a failure with an error message, got exit %d, stderr %q", rc, stderr.String())
	}
}

func TestPreprocessOnly(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "a.hlsl")
	os.WriteFile(f, []byte("#define TWICE(x) ((x) + (x))\nfloat f = TWICE(__SHADER_TARGET_MAJOR);\n"), 0o644)
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"-P", "-T", "ps_6_0", f}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	if !strings.Contains(stdout.String(), "float f = ((6) + (6));") {
		t.Errorf("unexpected -P output:\n%s", stdout.String())
	}
	out := filepath.Join(dir, "a.i")
	if rc := run([]string{"-P", "-Fi", out, f}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	if b, err := os.ReadFile(out); err != nil || !strings.Contains(string(b), "float f") {
		t.Errorf("-Fi file: %v %q", err, b)
	}
}

func TestSyntaxOnlyAndASTDump(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.hlsl")
	os.WriteFile(good, []byte("float4 main(float4 c : COLOR) : SV_Target { return c * 2; }\n"), 0o644)
	bad := filepath.Join(dir, "bad.hlsl")
	os.WriteFile(bad, []byte("float4 main() : SV_Target {\n  float x = 1\n  return x;\n}\n"), 0o644)

	var stdout, stderr bytes.Buffer
	if rc := run([]string{"-fsyntax-only", good}, &stdout, &stderr); rc != 0 || stdout.Len() != 0 {
		t.Errorf("-fsyntax-only good: exit %d stdout %q stderr %q", rc, stdout.String(), stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	if rc := run([]string{"-ast-dump", good}, &stdout, &stderr); rc != 0 || !strings.Contains(stdout.String(), "FuncDecl main") {
		t.Errorf("-ast-dump good: exit %d stdout %q stderr %q", rc, stdout.String(), stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	rc := run([]string{"-fsyntax-only", bad}, &stdout, &stderr)
	if rc == 0 || !strings.Contains(stderr.String(), "bad.hlsl:2:14: error: expected ';'") {
		t.Errorf("-fsyntax-only bad: exit %d stderr %q", rc, stderr.String())
	}
}

// A flag parser is reused from command line to command line (a batch
// parses one a job): nothing of one parse shows in the next, and a later
// parse changes nothing in an earlier result.
func TestFlagParserReuse(t *testing.T) {
	first := []string{"-T", "ps_6_0", "-D", "A=1", "-D", "B", "-I", "inc", "-O0", "-Zpr", "-fvk-b-shift", "1", "0",
		"-fvk-t-shift", "2", "all", "-fspv-extension=SPV_KHR_ray_query", "-Fo", "a.spv", "a.hlsl"}
	second := []string{"-T", "vs_6_0", "-D", "C", "-fvk-b-shift", "3", "1", "b.hlsl"}
	normalize := func(args []string) []string {
		t.Helper()
		normalized, _, _, err := normalizeArgs(args)
		if err != nil {
			t.Fatal(err)
		}
		return normalized
	}
	parse := func(fp *flagParser, args []string) *cli {
		t.Helper()
		c, err := fp.parse(normalize(args))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	fresh := func(args []string) *cli { return parse(newFlagParser(), args) }

	fp := newFlagParser()
	a := parse(fp, first)
	aCopy := fresh(first)
	b := parse(fp, second)
	if !reflect.DeepEqual(a, aCopy) {
		t.Errorf("the second parse changed the first result:\n%+v\nwant\n%+v", a, aCopy)
	}
	if want := fresh(second); !reflect.DeepEqual(b, want) {
		t.Errorf("a reused parser gave\n%+v\nwhere a fresh one gives\n%+v", b, want)
	}
	if len(b.opts.Defines) != 1 || b.opts.IncludeDirs != nil || b.o0 || b.zpr || b.out != "" || len(b.shifts[0]) != 1 || b.shifts[1] != nil {
		t.Errorf("the first command line's flags leaked into the second: %+v", b)
	}
}

// BenchmarkParseCommandLine times what every job of a batch pays to read
// its command line.
func BenchmarkParseCommandLine(b *testing.B) {
	args := []string{"-T", "ps_6_0", "-E", "main", "-O3", "-DQUALITY=2", "-I", "include", "-Fo", "out.spv", "shader.hlsl"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := parseCommandLine(args); err != nil {
			b.Fatal(err)
		}
	}
}
