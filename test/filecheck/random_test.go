package filecheck

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// randomCase builds a check file and an input that are related (the checks
// are mostly cut from the input's lines, in order, with parts turned into
// regexes and variables), so that both passing and failing cases come out.
func randomCase(r *rand.Rand) (check, input string, flags []string) {
	words := []string{"a", "b", "ab", "x", "%1", "%2", "%10", "OpLoad", "OpStore", "=", "7", "12", "ff", "[x]", "{y}", "a.b", "AB", "OPLOAD", "aa", "0x1f", "-3", "é", "naïve"}
	var lines []string
	for i, n := 0, 2+r.Intn(8); i < n; i++ {
		var ws []string
		for j, m := 0, r.Intn(5); j < m; j++ {
			ws = append(ws, words[r.Intn(len(words))])
		}
		sep := " "
		if r.Intn(5) == 0 {
			sep = "  \t"
		}
		lines = append(lines, strings.Join(ws, sep))
	}
	nl := "\n"
	if r.Intn(12) == 0 {
		nl = "\r\n"
	}
	input = strings.Join(lines, nl) + nl
	if r.Intn(10) == 0 {
		input = strings.TrimSuffix(input, "\n")
	}

	kinds := []string{"CHECK", "CHECK", "CHECK", "CHECK-NEXT", "CHECK-SAME", "CHECK-NOT", "CHECK-DAG", "CHECK-DAG", "CHECK-LABEL", "CHECK-EMPTY", "CHECK-COUNT-2",
		"P", "P-NEXT", "P-NOT", "CHECK{LITERAL}", "CHECK-SAME{LITERAL}", "COM", "RUN", "// CHECK", "XCHECK"}
	definedStr, definedNum := false, false
	var cl []string
	for i, n := 0, 1+r.Intn(6); i < n; i++ {
		kind := kinds[r.Intn(len(kinds))]
		if kind == "CHECK-EMPTY" {
			cl = append(cl, kind+":")
			continue
		}
		src := lines[r.Intn(len(lines))]
		ws := strings.Fields(src)
		if len(ws) == 0 {
			ws = []string{words[r.Intn(len(words))]}
		}
		lo := r.Intn(len(ws))
		hi := lo + 1 + r.Intn(len(ws)-lo)
		var parts []string
		for _, w := range ws[lo:hi] {
			switch k := r.Intn(14); {
			case k == 0:
				parts = append(parts, "{{[a-z]+}}")
			case k == 1:
				parts = append(parts, "{{.*}}")
			case k == 2 && kind != "CHECK-LABEL":
				parts = append(parts, "[[V:[^ ]+]]")
				definedStr = true
			case k == 3 && definedStr && kind != "CHECK-LABEL":
				parts = append(parts, "[[V]]")
			case k == 4 && kind != "CHECK-LABEL":
				parts = append(parts, "[[#N:]]")
				definedNum = true
			case k == 5 && definedNum && kind != "CHECK-LABEL":
				parts = append(parts, fmt.Sprintf("[[#N+%d]]", r.Intn(3)))
			case k == 6:
				parts = append(parts, "{{^}}"+w)
			case k == 7:
				parts = append(parts, w+"{{$}}")
			case k == 8:
				parts = append(parts, "{{"+escapeERE(w)+"|zz}}")
			case k == 9:
				parts = append(parts, []string{"{{[[:alpha:]]+}}", "{{(a|b)+}}", "{{[^ ]*}}", "{{.}}", "{{x?}}", "{{[0-9a-f]+}}", "{{a{1,2}}}", "{{\\[}}", "{{..}}", "{{.{3}x}}"}[r.Intn(10)])
			case k == 10 && kind != "CHECK-LABEL":
				parts = append(parts, []string{"[[W:([a-z]+)]] [[W]]", "[[#%x,H:]]", "[[#H+1]]", "[[@LINE]]", "[[#@LINE-1]]", "[[#%d,S:]]", "[[#S-1]]", "[[U]]", "[[#add(N,1)]]", "[[#max(N, 2)]]"}[r.Intn(10)])
			default:
				parts = append(parts, w)
			}
		}
		cl = append(cl, kind+": "+strings.Join(parts, " "))
	}
	check = strings.Join(cl, "\n") + "\n"
	switch r.Intn(6) {
	case 0, 1:
		flags = append(flags, "--check-prefixes=CHECK,P")
	case 2:
		flags = append(flags, "--check-prefix=P")
	}
	for _, f := range []string{"--strict-whitespace", "--match-full-lines", "--enable-var-scope", "--ignore-case", "--implicit-check-not=x", "-DU=ab", "--allow-empty", "--allow-unused-prefixes", "--allow-deprecated-dag-overlap", "--comment-prefixes=P", "-D#N=7", "--implicit-check-not={{O[a-z]}}", "-DV=b", "--comment-prefixes=COM,XCHECK"} {
		if r.Intn(9) == 0 {
			flags = append(flags, f)
		}
	}
	return check, input, flags
}

// TestRandomDifferential compares the Go FileCheck with LLVM's on generated
// cases — exit status and first message line — with a fixed seed, so
// failures reproduce; FILECHECK_RANDOM=n runs n cases, FILECHECK_SEED=s
// picks another seed.
func TestRandomDifferential(t *testing.T) {
	fc := tool.Require(t, tool.FileCheck)
	n := 200
	if testing.Short() {
		n = 30
	}
	if s := os.Getenv("FILECHECK_RANDOM"); s != "" {
		fmt.Sscan(s, &n)
	}
	seed := int64(1)
	if s := os.Getenv("FILECHECK_SEED"); s != "" {
		fmt.Sscan(s, &seed)
	}
	r := rand.New(rand.NewSource(seed))
	dir := t.TempDir()
	exits := map[int]int{}
	for i := 0; i < n; i++ {
		check, input, flags := randomCase(r)
		os.WriteFile(filepath.Join(dir, "check.txt"), []byte(check), 0o644)
		os.WriteFile(filepath.Join(dir, "input.txt"), []byte(input), 0o644)
		cmd := exec.Command(fc, append([]string{"check.txt", "--input-file", "input.txt", "--dump-input=never"}, flags...)...)
		cmd.Dir = dir
		var stderrBuf strings.Builder
		cmd.Stderr = &stderrBuf
		err := cmd.Run()
		stderr := stderrBuf.String()
		llvm := 0
		if err != nil {
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Fatal(err)
			}
			llvm = ee.ExitCode()
		}
		exits[llvm]++
		ours, msg := ourExit(corpusCase{check: check, input: input, flags: flags})
		if ours != llvm || llvmMessages(stderr) != strings.TrimRight(msg, "\n") {
			t.Errorf("case %d %v: LLVM exit %d, ours %d\n--- check\n%s--- input\n%s\nLLVM:\n%s\nours:\n%s", i, flags, llvm, ours, check, input, stderr, msg)
		}
	}
	t.Logf("LLVM exit statuses over %d cases: %v", n, exits)
}
