package frontend

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
)

// Compiles on many goroutines through one Compiler give byte for byte
// what compiles one at a time give. CI runs this under -race (make test):
// no two compiles may share mutable state, ANTLR's included.
func TestCompilerConcurrent(t *testing.T) {
	shaders, opts := corpus(t)
	want := make([][]uint32, len(shaders))
	for i, s := range shaders {
		want[i] = compileOrFail(t, NewCompiler(), opts[i], s.Name, s.Source).SPIRV
	}
	c := NewCompiler()
	const goroutines = 4
	var wg sync.WaitGroup
	errs := make(chan string, goroutines*len(shaders))
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := range shaders {
				i := (k + g) % len(shaders) // each goroutine in another order
				res, err := c.Compile(opts[i], shaders[i].Name, shaders[i].Source)
				switch {
				case err != nil:
					errs <- fmt.Sprintf("%s: %v", shaders[i].Name, err)
				case res.Failed():
					errs <- shaders[i].Name + ": failed"
				case !slicesEqual(res.SPIRV, want[i]):
					errs <- shaders[i].Name + ": differs from the sequential compile"
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func slicesEqual(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A panic inside one compilation (here in the caller's ReadFile, called by
// the preprocessor, on a goroutine of its own for a large file) is that
// compilation's internal error; compilations running beside it, and after
// it on the same Compiler, are untouched.
func TestCompilerPanicStaysInItsCompile(t *testing.T) {
	c := NewCompiler()
	shaders, opts := corpus(t)
	bad := Options{Profile: "ps_6_0", ReadFile: func(string) ([]byte, error) { panic("include reader failed") }}
	var wg sync.WaitGroup
	results := make([]*Result, 8)
	for i := range results {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if i%2 == 0 {
				src := "#include \"x.h\"\nfloat4 main() : SV_Target { return 0; }\n"
				if i%4 == 0 { // the parser is well into the file when the preprocessor panics
					src = strings.Repeat("float pad;\n", concurrentPPBytes/8) + src
				}
				results[i], _ = c.Compile(bad, "bad.hlsl", []byte(src))
				return
			}
			s := shaders[i%len(shaders)]
			results[i], _ = c.Compile(opts[i%len(shaders)], s.Name, s.Source)
		}(i)
	}
	wg.Wait()
	for i, r := range results {
		var d bytes.Buffer
		r.Diags.Render(&d)
		if i%2 == 0 {
			if !r.Failed() || r.SPIRV != nil || !strings.Contains(d.String(), "internal compiler error: include reader failed") {
				t.Errorf("compile %d: want an internal error and no module, got:\n%s", i, d.String())
			}
		} else if r.Failed() || r.SPIRV == nil {
			t.Errorf("compile %d beside a panicking one failed:\n%s", i, d.String())
		}
	}
	s := shaders[0]
	compileOrFail(t, c, opts[0], s.Name, s.Source)
}

// Result.Dependencies lists the main file and its includes, and
// Dependencies alone runs the preprocessor only (no -T needed).
func TestDependencies(t *testing.T) {
	opts := Options{ReadFile: memFS(map[string]string{"common.hlsli": "#include \"inner.hlsli\"\n", "inner.hlsli": "#define X 1\n"})}
	src := []byte("#include \"common.hlsli\"\n#include <vk/spirv.h>\nfloat4 main() : SV_Target { return X; }\n")
	res, err := Dependencies(opts, "main.hlsl", src)
	if err != nil || res.Failed() {
		t.Fatalf("err %v", err)
	}
	if got := strings.Join(res.Dependencies, " "); got != "main.hlsl common.hlsli inner.hlsli" {
		t.Errorf("Dependencies = %q", got)
	}
	opts.Profile = "ps_6_0"
	// A large file is preprocessed on a goroutine of its own.
	var large []byte
	for i := 0; len(large) < concurrentPPBytes; i++ {
		large = fmt.Appendf(large, "static float pad%d;\n", i)
	}
	large = append(large, src...)
	for _, src := range [][]byte{src, large} {
		res = compileOrFail(t, NewCompiler(), opts, "main.hlsl", src)
		if got := strings.Join(res.Dependencies, " "); got != "main.hlsl common.hlsli inner.hlsli" {
			t.Errorf("Compile's Dependencies = %q", got)
		}
	}
}

func TestMakeRule(t *testing.T) {
	for _, c := range []struct {
		target string
		deps   []string
		want   string
	}{
		{"a.spv", []string{"a.hlsl"}, "a.spv: a.hlsl\n"},
		{"a.spv", []string{"a.hlsl", "inc/b.hlsli", "c.h"}, "a.spv: a.hlsl \\\n inc/b.hlsli \\\n c.h\n"},
		{"out dir/a.spv", []string{"my shader.hlsl", "x#1.h", "$y.h"}, "out\\ dir/a.spv: my\\ shader.hlsl \\\n x\\#1.h \\\n $$y.h\n"},
	} {
		if got := MakeRule(c.target, c.deps); got != c.want {
			t.Errorf("MakeRule(%q, %q) = %q, want %q", c.target, c.deps, got, c.want)
		}
	}
}
