package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/codegen/wgsl"
	"github.com/hlsl2spirv/hlsl2spirv/test/golden"
	"github.com/hlsl2spirv/hlsl2spirv/test/webgpu"
)

var updateUnsupported = flag.Bool("update-wgsl-unsupported", false, "rewrite testdata/wgsl-unsupported.txt from this run")

// unsupportedFile lists the golden compiles WGSL cannot express:
// "FILE[FLAGS] CONSTRUCT", where CONSTRUCT is what the error says after "WGSL cannot
// express " (up to its details in parentheses). Every listed compile must fail so, and every compile that
// fails so must be listed: the list is the honest count of what the WGSL
// backend refuses in the project's own tests.
const unsupportedFile = "testdata/wgsl-unsupported.txt"

var cannotExpress = regexp.MustCompile(`WGSL cannot express ([^\n]*)`)

// TestGoldenWGSL compiles every golden vertex, pixel and compute shader
// (each successful RUN line not built with -fcgl) with -Fw, as a user
// would, and has Tint validate the WGSL and create its pipelines, all in
// one batch. The -Fw output must equal the library's translation of the
// -Fo module.
func TestGoldenWGSL(t *testing.T) {
	files, err := golden.Files("../../test/golden", []string{".hlsl"})
	if err != nil {
		t.Fatal(err)
	}
	type job struct {
		key  string
		path string
		args []string
	}
	var jobs []job
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if xf, unsup := golden.Markers(src); xf != "" || unsup != "" {
			continue
		}
		cmds, err := golden.Commands(f, src)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cmds {
			if c.ExpectFail || c.Tool != "%hlsl2spirv" && c.Tool != "%dxc" || !wgslStage(c.Args) {
				continue
			}
			rel, _ := filepath.Rel("../../test/golden", f)
			// Keyed by the flags, not the line, so that edits elsewhere in
			// the file keep the key.
			var flags []string
			for _, a := range c.Args {
				if a != f {
					flags = append(flags, a)
				}
			}
			jobs = append(jobs, job{fmt.Sprintf("%s[%s]", filepath.ToSlash(rel), strings.Join(flags, ",")), f, c.Args})
		}
	}
	type outcome struct {
		key         string
		unsupported string
		failure     string
		mod         *webgpu.Module
	}
	results := make([]outcome, len(jobs))
	dir := t.TempDir()
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			o := &results[i]
			o.key = j.key
			spv := filepath.Join(dir, fmt.Sprintf("%d.spv", i))
			out := filepath.Join(dir, fmt.Sprintf("%d.wgsl", i))
			var stdout, stderr bytes.Buffer
			args := append(slices.Clone(j.args), "-Fo", spv, "-Fw", out)
			if code := run(args, &stdout, &stderr); code != 0 {
				if m := cannotExpress.FindStringSubmatch(stderr.String()); m != nil {
					// The construct, without the details (ids change).
					o.unsupported, _, _ = strings.Cut(m[1], " (")
					o.unsupported = strings.TrimSuffix(o.unsupported, ":")
					return
				}
				o.failure = fmt.Sprintf("hlsl2spirv %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
				return
			}
			text, err := os.ReadFile(out)
			if err != nil {
				o.failure = err.Error()
				return
			}
			bin, _ := os.ReadFile(spv)
			res, err := wgsl.TranslateBytes(bin, wgsl.Options{})
			if err != nil {
				o.failure = fmt.Sprintf("the library refuses what -Fw translated: %v", err)
				return
			}
			if res.WGSL != string(text) {
				o.failure = "the -Fw output differs from the library's translation"
				return
			}
			o.mod = &webgpu.Module{Code: res.WGSL, Entries: Entries(res)}
		}()
	}
	wg.Wait()
	var mods []webgpu.Module
	var modIdx []int
	for i, o := range results {
		if o.failure != "" {
			t.Errorf("%s: %s", o.key, o.failure)
		}
		if o.mod != nil {
			mods = append(mods, *o.mod)
			modIdx = append(modIdx, i)
		}
	}
	verdicts := webgpu.ValidateAll(t, mods)
	valid, overLimits := 0, 0
	for k, v := range verdicts {
		o := results[modIdx[k]]
		if v.OverLimits() {
			t.Logf("%s: valid WGSL over the null device's limits: %s", o.key, v)
			overLimits++
			continue
		}
		if !v.OK() {
			t.Errorf("%s: Tint refuses the WGSL:\n%s\n%s", o.key, v, numbered(o.mod.Code))
			continue
		}
		valid++
	}
	// The refusals, against the list.
	got := map[string]string{}
	for _, o := range results {
		if o.unsupported != "" {
			got[o.key] = o.unsupported
		}
	}
	if *updateUnsupported {
		var lines []string
		for k, r := range got {
			lines = append(lines, k+" "+r)
		}
		sort.Strings(lines)
		header := "# Golden compiles the WGSL backend refuses, with the construct WGSL cannot express\n# (TestGoldenWGSL checks this list both ways; -update-wgsl-unsupported rewrites it).\n"
		if err := os.WriteFile(unsupportedFile, []byte(header+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	} else {
		want := readUnsupported(t)
		for k, r := range got {
			if w, ok := want[k]; !ok || r != w {
				t.Errorf("%s: WGSL cannot express %s (not in %s; run with -update-wgsl-unsupported after checking it)", k, r, unsupportedFile)
			}
		}
		for k, w := range want {
			if _, ok := got[k]; !ok {
				t.Errorf("%s: listed in %s as %q but no longer refused: remove the line", k, unsupportedFile, w)
			}
		}
	}
	t.Logf("golden vs/ps/cs compiles: %d, Tint-valid with pipelines: %d, valid over device limits: %d, refused as inexpressible: %d", len(jobs), valid, overLimits, len(got))
}

func readUnsupported(t *testing.T) map[string]string {
	data, err := os.ReadFile(unsupportedFile)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, l := range strings.Split(string(data), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		k, r, _ := strings.Cut(l, " ")
		out[k] = r
	}
	return out
}

// wgslStage reports whether a RUN line compiles a vertex, pixel or compute
// shader to a module (no -fcgl, no text-only mode).
func wgslStage(args []string) bool {
	stage := false
	for i, a := range args {
		switch {
		case a == "-fcgl", a == "-fsyntax-only", a == "-ast-dump", a == "-P", a == "-dumpbin", strings.HasPrefix(a, "-Fi"):
			return false
		case a == "-T" && i+1 < len(args):
			stage = wgslProfile(args[i+1])
		case strings.HasPrefix(a, "-T") && len(a) > 2:
			stage = wgslProfile(a[2:])
		}
	}
	return stage
}

func wgslProfile(p string) bool {
	return strings.HasPrefix(p, "vs_") || strings.HasPrefix(p, "ps_") || strings.HasPrefix(p, "cs_")
}

// Entries converts a translation's entry points for the validator.
func Entries(res *wgsl.Result) []webgpu.Entry {
	var out []webgpu.Entry
	for _, ep := range res.EntryPoints {
		e := webgpu.Entry{Name: ep.Name, Stage: ep.Stage, FragDepth: ep.FragDepth}
		for _, io := range ep.Inputs {
			e.Inputs = append(e.Inputs, webgpu.IO{Location: io.Location, Type: io.Type, Interp: io.Interpolate})
		}
		for _, io := range ep.Outputs {
			e.Outputs = append(e.Outputs, webgpu.IO{Location: io.Location, Type: io.Type, Interp: io.Interpolate})
		}
		out = append(out, e)
	}
	return out
}

func numbered(code string) string {
	var b strings.Builder
	for i, l := range strings.Split(code, "\n") {
		fmt.Fprintf(&b, "%4d  %s\n", i+1, l)
	}
	return b.String()
}
