package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// writeFiles creates files (name -> text) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// inDir runs the command in dir, as a build system would.
func inDir(t *testing.T, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

// A shader with nested includes from the shader's folder and an -I folder,
// an include guard, and a built-in header.
var depsProject = map[string]string{
	"shader.hlsl":        "#include \"common.hlsli\"\n#include <lighting.hlsli>\n#include <vk/spirv.h>\nfloat4 main() : SV_Target { return light(GAIN); }\n",
	"common.hlsli":       "#ifndef COMMON\n#define COMMON\n#define GAIN 2\n#endif\n",
	"inc/lighting.hlsli": "#include \"common.hlsli\"\nfloat4 light(float g) { return g; }\n",
	"inc/common.hlsli":   "#define UNUSED 1\n",
}

// -M prints the make rule, as dxc does; -MF writes it to a file, -MD to the
// input's name with .d; the target is the -Fo file when there is one. Only
// the preprocessor runs: no module is written.
func TestDependencyFlags(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, depsProject)
	want := "shader.hlsl: shader.hlsl \\\n common.hlsli \\\n inc/lighting.hlsli \\\n inc/common.hlsli\n"

	code, out, errOut := inDir(t, dir, "-T", "ps_6_0", "-E", "main", "-I", "inc", "-M", "shader.hlsl")
	if code != 0 || out != want {
		t.Errorf("-M: exit %d, stdout %q, want %q; stderr %s", code, out, want, errOut)
	}

	code, out, errOut = inDir(t, dir, "-T", "ps_6_0", "-I", "inc", "-Fo", "out/shader.spv", "-MF", "deps.d", "shader.hlsl")
	if code != 0 || out != "" {
		t.Fatalf("-MF: exit %d, stdout %q, stderr %s", code, out, errOut)
	}
	os.MkdirAll(filepath.Join(dir, "deps"), 0o755)
	code, _, errOut = inDir(t, dir, "-T", "ps_6_0", "-I", "inc", "-Fo", "out/shader.spv", "/MFdeps/shader.d", "shader.hlsl")
	if code != 0 {
		t.Fatalf("/MF: exit %d, stderr %s", code, errOut)
	}
	got, err := os.ReadFile(filepath.Join(dir, "deps", "shader.d"))
	if wantF := strings.Replace(want, "shader.hlsl:", "out/shader.spv:", 1); err != nil || string(got) != wantF {
		t.Errorf("-MF file: %v\n%q\nwant %q", err, got, wantF)
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "shader.spv")); err == nil {
		t.Error("-MF wrote the module; dxc only writes the dependencies")
	}

	code, _, errOut = inDir(t, dir, "-T", "ps_6_0", "-I", "inc", "-MD", "shader.hlsl")
	if got, err := os.ReadFile(filepath.Join(dir, "shader.d")); code != 0 || err != nil || string(got) != want {
		t.Errorf("-MD: exit %d, %v, %q; stderr %s", code, err, got, errOut)
	}

	// A missing include is an error, and no rule is written.
	writeFiles(t, dir, map[string]string{"broken.hlsl": "#include \"missing.hlsli\"\n"})
	code, out, errOut = inDir(t, dir, "-M", "broken.hlsl")
	if code == 0 || out != "" || !strings.Contains(errOut, "'missing.hlsli' file not found") {
		t.Errorf("missing include: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// -Fh writes dxc's C header: the disassembly in #if 0, then the module as
// a byte array. A C compiler reads the array back byte for byte.
func TestHeaderOutput(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, depsProject)
	code, out, errOut := inDir(t, dir, "-T", "ps_6_0", "-E", "main", "-I", "inc", "-Fo", "shader.spv", "-Fh", "shader.h", "-Vn", "g_shaderCode", "shader.hlsl")
	if code != 0 || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, out, errOut)
	}
	spv, _ := os.ReadFile(filepath.Join(dir, "shader.spv"))
	header, _ := os.ReadFile(filepath.Join(dir, "shader.h"))
	h := string(header)
	if !strings.HasPrefix(h, "#if 0\r\n; SPIR-V\r\n") || !strings.Contains(h, "OpEntryPoint Fragment %main \"main\" %out_var_SV_Target\r\n") ||
		!strings.Contains(h, "\r\n#endif\r\n\r\nconst unsigned char g_shaderCode[] = {\r\n  0x03, 0x02, 0x23, 0x07,") || !strings.HasSuffix(h, "\r\n};\r\n") {
		t.Errorf("header layout differs from dxc's:\n%s", h)
	}
	// Twelve bytes a line, the bytes of the module.
	var bytesBack []byte
	body := h[strings.Index(h, "{")+1 : strings.LastIndex(h, "}")]
	for _, line := range strings.Split(strings.Trim(body, "\r\n"), "\r\n") {
		fields := strings.Split(strings.TrimSuffix(strings.TrimSpace(line), ","), ", ")
		if len(fields) != 12 && len(bytesBack)+len(fields) != len(spv) {
			t.Fatalf("a line of %d bytes: %q", len(fields), line)
		}
		for _, f := range fields {
			v, err := strconv.ParseUint(f, 0, 8)
			if err != nil || !regexp.MustCompile(`^0x[0-9a-f]{2}$`).MatchString(f) {
				t.Fatalf("bad byte %q", f)
			}
			bytesBack = append(bytesBack, byte(v))
		}
	}
	if !bytes.Equal(bytesBack, spv) {
		t.Errorf("the header's bytes differ from the -Fo module (%d vs %d bytes)", len(bytesBack), len(spv))
	}

	// Without -Vn the array is named g_<entry>, and nothing goes to stdout.
	code, out, _ = inDir(t, dir, "-T", "ps_6_0", "-E", "main", "-I", "inc", "-Fh", "default.h", "shader.hlsl")
	h2, _ := os.ReadFile(filepath.Join(dir, "default.h"))
	if code != 0 || out != "" || !strings.Contains(string(h2), "const unsigned char g_main[] = {") {
		t.Errorf("default name: exit %d, stdout %q", code, out)
	}

	// The C compiler agrees.
	cc := tool.Require(t, tool.CC)
	writeFiles(t, dir, map[string]string{"dump.c": "#include <stdio.h>\n#include \"shader.h\"\nint main(void) { fwrite(g_shaderCode, 1, sizeof g_shaderCode, stdout); return 0; }\n"})
	exe := filepath.Join(dir, "dump")
	if o, e, err := tool.Run(cc, nil, "-o", exe, filepath.Join(dir, "dump.c")); err != nil {
		t.Fatalf("cc: %v\n%s%s", err, o, e)
	}
	got, _, err := tool.Run(exe, nil)
	if err != nil || !bytes.Equal(got, spv) {
		t.Errorf("the compiled header gives %d bytes (err %v), want the %d of the module", len(got), err, len(spv))
	}
}

// Arguments may come from response files, as with dxc: split as a shell
// splits words, nested, mixed with arguments on the command line.
func TestResponseFiles(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, depsProject)
	writeFiles(t, dir, map[string]string{
		"common.rsp": "-T ps_6_0\n-E 'main'   -I \"inc\"\n",
		"all.rsp":    "@common.rsp -Fo shader.spv\n",
	})
	code, out, errOut := inDir(t, dir, "@all.rsp", "shader.hlsl")
	if code != 0 || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "shader.spv")); err != nil {
		t.Error(err)
	}
	code, _, errOut = inDir(t, dir, "@missing.rsp", "shader.hlsl")
	if code == 0 || !strings.Contains(errOut, "cannot read response file 'missing.rsp'") {
		t.Errorf("missing response file: exit %d, stderr %q", code, errOut)
	}
	writeFiles(t, dir, map[string]string{"loop.rsp": "@loop.rsp\n"})
	if code, _, errOut = inDir(t, dir, "@loop.rsp"); code == 0 || !strings.Contains(errOut, "nested too deeply") {
		t.Errorf("self-naming response file: exit %d, stderr %q", code, errOut)
	}
}

func TestSplitCommandLine(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"-T ps_6_0  a.hlsl\n", []string{"-T", "ps_6_0", "a.hlsl"}},
		{"-D'A=1 2' \"b c\".hlsl", []string{"-DA=1 2", "b c.hlsl"}},
		{`-DX=\"s\" a\ b "q\"uote" 'back\slash'`, []string{`-DX="s"`, "a b", `q"uote`, `back\slash`}},
		{"a\\\nb\tc\r\n", []string{"ab", "c"}},
		{"'' \"\" x", []string{"", "", "x"}},
		{"   ", nil},
	} {
		got, err := splitCommandLine(c.in)
		if err != nil || strings.Join(got, "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
			t.Errorf("splitCommandLine(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"'open", "\"open", "a \"b"} {
		if _, err := splitCommandLine(bad); err == nil {
			t.Errorf("splitCommandLine(%q): want an error", bad)
		}
	}
}

// A real make rebuild: a Makefile compiles the shader and writes its
// dependency file with -MF; touching a header the shader includes makes
// make compile again, and touching a header it does not include does not.
func TestMakeRebuildsOnHeaderChange(t *testing.T) {
	mk := tool.Require(t, tool.Make)
	dir := t.TempDir()
	writeFiles(t, dir, depsProject)
	bin := filepath.Join(dir, "hlsl2spirv")
	if out, err := exec.Command("go", "build", "-tags", "antlr.nomutex", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	writeFiles(t, dir, map[string]string{"unrelated.hlsli": "#define X 1\n", "Makefile": `HLSL2SPIRV = ./hlsl2spirv
FLAGS = -T ps_6_0 -E main -I inc

shader.spv: shader.hlsl
	$(HLSL2SPIRV) $(FLAGS) -Fo $@ -MF shader.d $<
	$(HLSL2SPIRV) $(FLAGS) -Fo $@ $<
	@echo compiled

-include shader.d
`})
	makeOnce := func() string {
		t.Helper()
		out, errOut, err := tool.Run(mk, nil, "-C", dir)
		if err != nil {
			t.Fatalf("make: %v\n%s%s", err, out, errOut)
		}
		return string(out)
	}
	// Moves a file's time ahead, as editing it now would (without waiting
	// for the file system's clock to tick).
	touch := func(name string, by time.Duration) {
		when := time.Now().Add(by)
		if err := os.Chtimes(filepath.Join(dir, name), when, when); err != nil {
			t.Fatal(err)
		}
	}
	if out := makeOnce(); !strings.Contains(out, "compiled") {
		t.Fatalf("first make did not compile:\n%s", out)
	}
	if out := makeOnce(); strings.Contains(out, "compiled") {
		t.Fatalf("make without changes compiled again:\n%s", out)
	}
	touch("unrelated.hlsli", 10*time.Second)
	if out := makeOnce(); strings.Contains(out, "compiled") {
		t.Fatalf("touching a header the shader does not include rebuilt it:\n%s", out)
	}
	for i, header := range []string{"common.hlsli", "inc/lighting.hlsli", "inc/common.hlsli"} {
		touch(header, time.Duration(20+10*i)*time.Second)
		if out := makeOnce(); !strings.Contains(out, "compiled") {
			t.Errorf("touching %s did not rebuild the shader:\n%s", header, out)
		}
		touch("shader.spv", time.Duration(25+10*i)*time.Second)
	}
}

// An output file that exists already is replaced whole, whether the new
// output is shorter or longer than the old one; a new one is created.
func TestOutputReplacesExistingFile(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"shader.hlsl": "float4 main() : SV_Target { return 1; }\n"})
	code, _, stderr := inDir(t, dir, "-T", "ps_6_0", "-E", "main", "-Fo", "fresh.spv", "shader.hlsl")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want, err := os.ReadFile(filepath.Join(dir, "fresh.spv"))
	if err != nil {
		t.Fatal(err)
	}
	for name, old := range map[string][]byte{
		"longer.spv":  bytes.Repeat([]byte{0xAB}, 3*len(want)),
		"shorter.spv": want[:len(want)/2],
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, old, 0o644); err != nil {
			t.Fatal(err)
		}
		if code, _, stderr := inDir(t, dir, "-T", "ps_6_0", "-E", "main", "-Fo", name, "shader.hlsl"); code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		if got, err := os.ReadFile(p); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: %d bytes after the compile (err %v), want the %d of a fresh output", name, len(got), err, len(want))
		}
	}
}
