package pp

import (
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// randomSeed is 1, or $PP_RANDOM_SEED to explore other inputs.
func randomSeed() int64 {
	if n, err := strconv.ParseInt(os.Getenv("PP_RANDOM_SEED"), 10, 64); err == nil {
		return n
	}
	return 1
}

// randomProgram writes a few random macros (object-like, function-like,
// variadic, with # and ##, referring to each other and to themselves) and
// random uses of them: the kind of input where rescanning and blue-paint
// rules differ between preprocessors.
func randomProgram(r *rand.Rand) string {
	names := []string{"A", "B", "C", "F", "G", "H"}
	params := []string{"x", "y"}
	var b strings.Builder
	atom := func(inFunc bool, nparams int, variadic bool) string {
		switch k := r.Intn(10); {
		case k < 3:
			return names[r.Intn(len(names))]
		case k < 5 && inFunc && nparams > 0:
			return params[r.Intn(nparams)]
		case k < 6 && variadic:
			return "__VA_ARGS__"
		case k < 7:
			return []string{"(", ")", ",", "+", "1", "z"}[r.Intn(6)]
		case k < 8 && inFunc && nparams > 0:
			return "#" + params[r.Intn(nparams)]
		default:
			return strconv.Itoa(r.Intn(3))
		}
	}
	for _, n := range names {
		if r.Intn(4) == 0 {
			continue
		}
		fn := r.Intn(2) == 0
		np, variadic := 0, false
		head := n
		if fn {
			np = r.Intn(3)
			variadic = r.Intn(4) == 0
			var ps []string
			ps = append(ps, params[:np]...)
			if variadic {
				ps = append(ps, "...")
			}
			head += "(" + strings.Join(ps, ",") + ")"
		}
		var body []string
		for i, m := 0, r.Intn(5); i < m; i++ {
			t := atom(fn, np, variadic)
			if len(body) > 0 && r.Intn(6) == 0 && !strings.HasPrefix(t, "#") {
				body = append(body, "##")
			}
			body = append(body, t)
		}
		// Balance parentheses so that a macro call cannot run past the
		// program into the next one.
		depth := 0
		var balanced []string
		for _, t := range body {
			if t == ")" {
				if depth == 0 {
					continue
				}
				depth--
			}
			if t == "(" {
				depth++
			}
			balanced = append(balanced, t)
		}
		for ; depth > 0; depth-- {
			balanced = append(balanced, ")")
		}
		if len(balanced) > 0 && balanced[len(balanced)-1] == "##" {
			balanced = balanced[:len(balanced)-1]
		}
		fmt.Fprintf(&b, "#define %s %s\n", head, strings.Join(balanced, " "))
	}
	for line := 0; line < 3; line++ {
		var use []string
		depth := 0
		for i, m := 0, 2+r.Intn(8); i < m; i++ {
			switch k := r.Intn(8); {
			case k < 3:
				use = append(use, names[r.Intn(len(names))])
			case k < 4:
				use = append(use, "(")
				depth++
			case k < 5 && depth > 0:
				use = append(use, ")")
				depth--
			case k < 6:
				use = append(use, ",")
			default:
				use = append(use, strconv.Itoa(r.Intn(9)))
			}
		}
		for ; depth > 0; depth-- {
			use = append(use, ")")
		}
		b.WriteString(strings.Join(use, " ") + " ;\n")
	}
	return b.String()
}

// TestRandomMacrosMatchClang compares random macro programs with clang -E,
// all in one clang run: each program starts at a marker line and ends by
// #undef-ing its macros. Programs clang diagnoses are skipped (error
// recovery need not match), and so is the one after, which an unterminated
// macro call may have swallowed.
func TestRandomMacrosMatchClang(t *testing.T) {
	clang := tool.Require(t, tool.Clang)
	r := rand.New(rand.NewSource(randomSeed()))
	n := 2000
	if testing.Short() {
		n = 200
	}
	var batch strings.Builder
	programs := make([]string, n)
	startLine := make([]int, n+1)
	line := 1
	for i := range programs {
		programs[i] = randomProgram(r)
		startLine[i] = line
		text := fmt.Sprintf("@@case %d@@\n%s#undef A\n#undef B\n#undef C\n#undef F\n#undef G\n#undef H\n", i, programs[i])
		batch.WriteString(text)
		line += strings.Count(text, "\n")
	}
	startLine[n] = line
	out, errOut, _ := tool.Run(clang, []byte(batch.String()), "-E", "-P", "-ferror-limit=0", "-x", "c++", "-")
	skip := map[int]bool{}
	for _, l := range strings.Split(string(errOut), "\n") {
		rest, ok := strings.CutPrefix(l, "<stdin>:")
		if !ok || !strings.Contains(l, ": error:") {
			continue
		}
		num, _, _ := strings.Cut(rest, ":")
		ln, _ := strconv.Atoi(num)
		for i := 0; i < n; i++ {
			if ln >= startLine[i] && ln < startLine[i+1] {
				skip[i] = true
				if strings.Contains(l, "unterminated") {
					skip[i+1] = true
				}
			}
		}
	}
	got := map[int]string{}
	for _, part := range strings.Split(string(out), "@@case ")[1:] {
		num, text, _ := strings.Cut(part, "@@")
		i, _ := strconv.Atoi(num)
		got[i] = text
	}
	compared := 0
	for i, src := range programs {
		clangOut, ok := got[i]
		if skip[i] || !ok {
			continue
		}
		res, _, diags := run(t, src, nil, Config{})
		if strings.Contains(diags, "error") {
			t.Errorf("program %d: clang accepts, we report:\n%s\n%s", i, src, diags)
			continue
		}
		relexed, _, _ := run(t, clangOut, nil, Config{})
		if g, w := joined(res.Tokens), joined(relexed.Tokens); g != w {
			t.Errorf("program %d:\n%s\npp:    %s\nclang: %s", i, src, g, w)
		}
		compared++
	}
	t.Logf("%d of %d random programs compared with clang", compared, n)
	if compared < n/3 {
		t.Errorf("only %d of %d programs compared", compared, n)
	}
}

// randomExpr writes a random #if expression over signed and unsigned
// literals, character constants, defined, and every operator.
func randomExpr(r *rand.Rand, depth int) string {
	if depth <= 0 || r.Intn(4) == 0 {
		switch r.Intn(9) {
		case 0:
			return strconv.Itoa(r.Intn(5))
		case 1:
			return strconv.Itoa(r.Intn(5)) + "u"
		case 2:
			return "0x" + strconv.FormatUint(r.Uint64()>>uint(r.Intn(64)), 16)
		case 3:
			return "9223372036854775807"
		case 4:
			return []string{"'a'", "'\\n'", "'\\377'", "'\\x7f'"}[r.Intn(4)]
		case 5:
			return []string{"defined D", "defined(U)", "UNDEFINED_NAME", "D"}[r.Intn(4)]
		case 6:
			return strconv.Itoa(r.Intn(64))
		default:
			return "-" + strconv.Itoa(r.Intn(3))
		}
	}
	switch r.Intn(4) {
	case 0:
		return []string{"-", "+", "~", "!"}[r.Intn(4)] + "(" + randomExpr(r, depth-1) + ")"
	case 1:
		return "(" + randomExpr(r, depth-1) + " ? " + randomExpr(r, depth-1) + " : " + randomExpr(r, depth-1) + ")"
	default:
		ops := []string{"*", "/", "%", "+", "-", "<<", ">>", "<", ">", "<=", ">=", "==", "!=", "&", "^", "|", "&&", "||"}
		return "(" + randomExpr(r, depth-1) + " " + ops[r.Intn(len(ops))] + " " + randomExpr(r, depth-1) + ")"
	}
}

// TestRandomConditionsMatchClang evaluates random #if expressions with both
// preprocessors (one clang run) and compares the branch taken. Expressions
// clang diagnoses as errors are skipped; its warnings are fine.
func TestRandomConditionsMatchClang(t *testing.T) {
	clang := tool.Require(t, tool.Clang)
	r := rand.New(rand.NewSource(randomSeed()))
	n := 3000
	var batch strings.Builder
	batch.WriteString("#define D 5\n")
	exprs := make([]string, n)
	for i := range exprs {
		exprs[i] = randomExpr(r, 4)
		fmt.Fprintf(&batch, "#if %s\nyes_%d\n#else\nno_%d\n#endif\n", exprs[i], i, i)
	}
	out, errOut, _ := tool.Run(clang, []byte(batch.String()), "-E", "-P", "-ferror-limit=0", "-x", "c++", "-")
	skip := map[int]bool{}
	for _, l := range strings.Split(string(errOut), "\n") {
		rest, ok := strings.CutPrefix(l, "<stdin>:")
		if !ok || !strings.Contains(l, ": error:") {
			continue
		}
		num, _, _ := strings.Cut(rest, ":")
		ln, _ := strconv.Atoi(num)
		skip[(ln-2)/5] = true // line 2+5i holds expression i
	}
	res, _, _ := run(t, batch.String(), nil, Config{})
	// The same expressions must be errors for both (division by zero,
	// ...); run renders only 20 errors, so read the list itself.
	fs2 := diag.NewFileSet()
	dl := diag.NewList(fs2, diag.Options{ErrorLimit: 1 << 20})
	Preprocess(fs2, dl, "main.hlsl", []byte(batch.String()), Config{})
	ourErrors := map[int]bool{}
	for _, d := range dl.Diags {
		if d.Severity >= diag.Error {
			ourErrors[(fs2.Position(d.Pos).Line-2)/5] = true
		}
	}
	for i, e := range exprs {
		if ourErrors[i] != skip[i] {
			t.Errorf("#if %s: error from clang %v, from us %v", e, skip[i], ourErrors[i])
		}
	}
	ours := joined(res.Tokens)
	theirs := strings.Join(strings.Fields(string(out)), " ")
	oursBy := map[string]bool{}
	for _, w := range strings.Fields(ours) {
		oursBy[w] = true
	}
	compared := 0
	for i, e := range exprs {
		if skip[i] {
			continue
		}
		want := fmt.Sprintf("yes_%d", i)
		if !strings.Contains(" "+theirs+" ", " "+want+" ") {
			want = fmt.Sprintf("no_%d", i)
		}
		if !oursBy[want] {
			t.Errorf("#if %s: clang took %s", e, want)
		}
		compared++
	}
	t.Logf("%d of %d random #if expressions compared with clang", compared, n)
	if compared < n/2 {
		t.Errorf("only %d compared", compared)
	}
}
