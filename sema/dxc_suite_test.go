package sema

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

const dxcMirror = "/work/.mirror/microsoft+DirectXShaderCompiler/repo"

// TestDXCSuite runs pp+parse+Check over every RUN line of DXC's
// CodeGenSPIRV tests that DXC compiles (no `not`), and reports how many
// pass without an error and the most common messages. It needs a local
// clone of DXC (HLSL2SPIRV_DXC_REPO, default dxcMirror) and is opt-in:
// HLSL2SPIRV_DXC_SUITE=1. It fails when the pass rate drops below
// HLSL2SPIRV_DXC_SUITE_MIN percent (default 0: report only).
func TestDXCSuite(t *testing.T) {
	if os.Getenv("HLSL2SPIRV_DXC_SUITE") == "" {
		t.Skip("set HLSL2SPIRV_DXC_SUITE=1 to run DXC's CodeGenSPIRV tests through the checker")
	}
	recoverPanics = false // a panic must fail the suite, not pass as a diagnostic
	defer func() { recoverPanics = true }()
	repo := os.Getenv("HLSL2SPIRV_DXC_REPO")
	if repo == "" {
		repo = dxcMirror
	}
	dir := t.TempDir()
	// HLSL2SPIRV_DXC_SUITE_DIR picks another folder of DXC's tests
	// (tools/clang/test/HLSLFileCheck is a larger corpus of valid HLSL).
	sub := "tools/clang/test/CodeGenSPIRV"
	if d := os.Getenv("HLSL2SPIRV_DXC_SUITE_DIR"); d != "" {
		sub = d
	}
	cmd := exec.Command("sh", "-c", "git -C "+repo+" archive HEAD "+sub+" | tar -x -C "+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("cannot extract DXC tests: %v\n%s", err, out)
	}
	root := filepath.Join(dir, sub)
	var files []string
	filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.HasSuffix(p, ".hlsl") {
			files = append(files, p)
		}
		return nil
	})
	var runs, passed, stopped int
	var negRuns, negCaught int // RUN lines DXC rejects, and how many we reject before codegen
	msgs := map[string]int{}
	warnings := map[string]int{}
	early := map[string]int{} // first pp/parse error of each stopped run
	var failures []string
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "XFAIL:") {
			continue // DXC itself fails these
		}
		okRuns, failRuns := splitRunLines(string(src))
		for _, run := range failRuns {
			var defs []string
			cfg := parseFlags(run, &defs)
			if cfg.Stage == "" {
				continue
			}
			negRuns++
			if ck := checkSource(t, name, src, cfg, defs); ck.diags.HasErrors() {
				negCaught++
			}
		}
		for _, run := range okRuns {
			var defs []string
			cfg := parseFlags(run, &defs)
			if cfg.Stage == "" {
				continue
			}
			runs++
			ck := checkSource(t, name, src, cfg, defs)
			if ck.info == nil {
				stopped++ // pp or parser errors: not the checker's
				for _, d := range ck.diags.Diags {
					if d.Severity >= diag.Error {
						early[normalize(d.Msg)]++
						if len(failures) < 5000 {
							rel, _ := filepath.Rel(root, name)
							failures = append(failures, rel+": (before sema) "+d.Msg)
						}
						break
					}
				}
				continue
			}
			for _, d := range ck.diags.Diags {
				if d.Severity == diag.Warning {
					warnings[normalize(d.Msg)]++
				}
			}
			if !ck.diags.HasErrors() {
				passed++
				continue
			}
			rel, _ := filepath.Rel(root, name)
			for _, d := range ck.diags.Diags {
				if d.Severity >= diag.Error {
					msgs[normalize(d.Msg)]++
					if len(failures) < 5000 {
						failures = append(failures, rel+": "+ck.fs.Position(d.Pos).String()+": "+d.Msg)
					}
				}
			}
		}
	}
	checked := runs - stopped
	pct := 0.0
	if checked > 0 {
		pct = 100 * float64(passed) / float64(checked)
	}
	t.Logf("%d RUN lines; %d stopped before sema (pp/parse errors); %d of %d checked pass without an error (%.1f%%)", runs, stopped, passed, checked, pct)
	t.Logf("%d RUN lines DXC rejects: %d already rejected by pp+parse+sema (the rest are codegen errors)", negRuns, negCaught)
	t.Logf("most common errors:\n%s", sortedCounts(msgs, 40))
	t.Logf("first pp/parse errors of the stopped runs:\n%s", sortedCounts(early, 10))
	t.Logf("most common warnings:\n%s", sortedCounts(warnings, 15))
	if os.Getenv("HLSL2SPIRV_DXC_SUITE_VERBOSE") != "" {
		t.Logf("failures:\n%s", strings.Join(failures, "\n"))
	}
	if min := os.Getenv("HLSL2SPIRV_DXC_SUITE_MIN"); min != "" {
		var m float64
		for _, ch := range min {
			if ch >= '0' && ch <= '9' {
				m = m*10 + float64(ch-'0')
			}
		}
		if pct < m {
			t.Errorf("pass rate %.1f%% below %v%%", pct, m)
		}
	}
}

// runLines returns the dxc arguments of each RUN line that expects
// success (no `not`), with continuation lines joined.
func runLines(src string) [][]string {
	ok, _ := splitRunLines(src)
	return ok
}

// splitRunLines returns the dxc arguments of the RUN lines expected to
// compile and of those expected to fail (`not %dxc`), continuation lines
// joined; -verify runs (which expect diagnostics) are in neither.
func splitRunLines(src string) (succeed, fail [][]string) {
	var cur string
	for _, line := range strings.Split(src, "\n") {
		i := strings.Index(line, "RUN:")
		if i < 0 || !strings.HasPrefix(strings.TrimSpace(line), "//") {
			continue
		}
		cur += " " + strings.TrimSpace(line[i+4:])
		if strings.HasSuffix(cur, "\\") {
			cur = strings.TrimSuffix(cur, "\\")
			continue
		}
		cmd := strings.TrimSpace(cur)
		cur = ""
		// -verify runs expect diagnostics (checked by DXC's -verify).
		if !strings.Contains(cmd, "%dxc") || strings.Contains(cmd, " -verify") {
			continue
		}
		if j := strings.Index(cmd, "|"); j >= 0 {
			cmd = cmd[:j]
		}
		if strings.HasPrefix(cmd, "not ") {
			fail = append(fail, strings.Fields(cmd))
		} else {
			succeed = append(succeed, strings.Fields(cmd))
		}
	}
	return succeed, fail
}

// normalize drops quoted names so similar messages group together.
func normalize(msg string) string {
	var b strings.Builder
	in := false
	for _, r := range msg {
		if r == '\'' {
			if !in {
				b.WriteString("'…")
			}
			in = !in
			if !in {
				b.WriteRune('\'')
			}
			continue
		}
		if !in {
			b.WriteRune(r)
		}
	}
	return b.String()
}
