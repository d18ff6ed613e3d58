package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/codegen/wgsl"
	"github.com/hlsl2spirv/hlsl2spirv/test/golden"
	"github.com/hlsl2spirv/hlsl2spirv/test/webgpu"
)

// TestDXCSuiteWGSL is a campaign, not a CI test: with WGSL_DXC_SUITE set to
// DXC's tools/clang/test/CodeGenSPIRV directory (a local copy; DXC's tests
// never enter the project), every vs/ps/cs shader of a successful RUN line
// is compiled by hlsl2spirv as a user would (without -fcgl, which only
// shows DXC's unlegalized code; each distinct command once), translated,
// and the WGSL validated by Tint. It fails when less
// than 90% of the WGSL outputs are valid, or when a module is neither
// valid nor refused with "WGSL cannot express". WGSL_DXC_OUT names a
// directory for the report (summary.txt, failures.txt, refusals.txt with
// each refusal's whole message, and spv/N.spv, the module of job N). `make
// wgsl-dxc-suite` runs it.
func TestDXCSuiteWGSL(t *testing.T) {
	dir := os.Getenv("WGSL_DXC_SUITE")
	if dir == "" {
		t.Skip("WGSL_DXC_SUITE is not set (a CodeGenSPIRV directory of DXC's tests)")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.hlsl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no .hlsl files in %s", dir)
	}
	type job struct {
		key  string
		args []string
	}
	var jobs []job
	seen := map[string]bool{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cmds, err := golden.Commands(f, src)
		if err != nil {
			continue // RUN lines this runner does not parse
		}
		for _, c := range cmds {
			var args []string
			for _, a := range c.Args {
				if a != "-spirv" && a != "-fcgl" {
					args = append(args, a)
				}
			}
			key := strings.Join(args, " ")
			if c.ExpectFail || c.Tool != "%dxc" || !wgslStage(args) || seen[key] {
				continue
			}
			seen[key] = true
			jobs = append(jobs, job{fmt.Sprintf("%s:%d", filepath.Base(f), c.Line), args})
		}
	}
	type outcome struct {
		compileFailed, unsupported, failure string
		message                             string // the whole refusal
		mod                                 *webgpu.Module
	}
	results := make([]outcome, len(jobs))
	tmp := t.TempDir()
	out := os.Getenv("WGSL_DXC_OUT")
	if out != "" {
		// Keep the modules for triage: spv/N.spv is job N of the report.
		tmp = filepath.Join(out, "spv")
		os.RemoveAll(tmp)
		if err := os.MkdirAll(tmp, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			o := &results[i]
			spv := filepath.Join(tmp, fmt.Sprintf("%d.spv", i))
			var stdout, stderr bytes.Buffer
			args := append(slices.Clone(j.args), "-Fo", spv)
			if code := run(args, &stdout, &stderr); code != 0 {
				o.compileFailed = firstLine(stderr.String())
				return
			}
			bin, err := os.ReadFile(spv)
			if err != nil {
				o.compileFailed = err.Error()
				return
			}
			res, err := wgsl.TranslateBytes(bin, wgsl.Options{})
			switch {
			case wgsl.IsUnsupported(err):
				m := cannotExpress.FindStringSubmatch(err.Error())
				o.unsupported, _, _ = strings.Cut(m[1], " (")
				o.message = err.Error()
			case err != nil:
				o.failure = err.Error()
			default:
				o.mod = &webgpu.Module{Code: res.WGSL, Entries: Entries(res)}
			}
		}()
	}
	wg.Wait()
	var mods []webgpu.Module
	var idx []int
	for i := range results {
		if results[i].mod != nil {
			mods = append(mods, *results[i].mod)
			idx = append(idx, i)
		}
	}
	verdicts := webgpu.ValidateAll(t, mods)
	valid, overLimits := 0, 0
	for k, v := range verdicts {
		o := &results[idx[k]]
		switch {
		case v.OK():
			valid++
		case v.OverLimits():
			overLimits++
		default:
			o.failure = "Tint: " + strings.ReplaceAll(v.String(), "\n", " | ")
		}
	}
	compiled, refused, failed := 0, 0, 0
	reasons := map[string]int{}
	var failures, refusals []string
	for i, o := range results {
		switch {
		case o.compileFailed != "":
			continue
		case o.unsupported != "":
			refused++
			reasons[o.unsupported]++
			refusals = append(refusals, fmt.Sprintf("%d %s %s\n    %s", i, jobs[i].key, strings.Join(jobs[i].args, " "), o.message))
		case o.failure != "":
			failed++
			failures = append(failures, jobs[i].key+" "+strings.Join(jobs[i].args, " ")+"\n    "+o.failure)
		}
		compiled++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "DXC suite vs/ps/cs RUN lines: %d; compiled by hlsl2spirv: %d\n", len(jobs), compiled)
	fmt.Fprintf(&b, "WGSL outputs: %d valid with pipelines (%.1f%%), %d valid over the null device's limits, %d refused as inexpressible (%.1f%%), %d other failures\n",
		valid, pct(valid, compiled), overLimits, refused, pct(refused, compiled), failed)
	type kv struct {
		k string
		n int
	}
	var rs []kv
	for k, n := range reasons {
		rs = append(rs, kv{k, n})
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].n > rs[j].n || rs[i].n == rs[j].n && rs[i].k < rs[j].k })
	b.WriteString("refusals:\n")
	for _, r := range rs {
		fmt.Fprintf(&b, "  %4d  %s\n", r.n, r.k)
	}
	t.Log(b.String())
	if out != "" {
		os.WriteFile(filepath.Join(out, "summary.txt"), []byte(b.String()), 0o644)
		os.WriteFile(filepath.Join(out, "failures.txt"), []byte(strings.Join(failures, "\n")+"\n"), 0o644)
		os.WriteFile(filepath.Join(out, "refusals.txt"), []byte(strings.Join(refusals, "\n")+"\n"), 0o644)
	}
	for _, f := range failures {
		t.Error(f)
	}
	if compiled > 0 && pct(valid+overLimits, compiled) < 90 {
		t.Errorf("only %.1f%% of the WGSL outputs are valid (want at least 90%%)", pct(valid+overLimits, compiled))
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return l
}
