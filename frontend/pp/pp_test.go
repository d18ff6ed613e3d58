package pp

import (
	"bytes"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// run preprocesses src as "main.hlsl" with files as the other readable
// files, and returns the result and the rendered diagnostics.
func run(t testing.TB, src string, files map[string]string, cfg Config) (*Result, *diag.FileSet, string) {
	t.Helper()
	cfg.ReadFile = func(path string) ([]byte, error) {
		if s, ok := files[filepath.ToSlash(filepath.Clean(path))]; ok {
			return []byte(s), nil
		}
		return nil, fs.ErrNotExist
	}
	fset := diag.NewFileSet()
	dl := diag.NewList(fset, diag.Options{})
	res := Preprocess(fset, dl, "main.hlsl", []byte(src), cfg)
	var b bytes.Buffer
	dl.Render(&b)
	return res, fset, b.String()
}

// joined is the tokens' spellings separated by single spaces: whitespace
// is normalised so results compare with clang's output token for token.
func joined(toks []token.Token) string {
	var parts []string
	for _, t := range toks {
		if t.Kind == token.EOF {
			break
		}
		parts = append(parts, t.Text)
	}
	return strings.Join(parts, " ")
}

// expandCases are macro-expansion and directive corners: input, expected
// tokens. Unless noClang, clang -E -P -x c++ gives the same tokens (checked
// by TestExpandMatchesClang).
var expandCases = []struct {
	name, src, want string
	noClang         bool
	diag            string // a diagnostic expected (substring); none when empty
}{
	{name: "object", src: "#define X 1\nX", want: "1"},
	{name: "object empty", src: "#define E\na E b", want: "a b"},
	{name: "function", src: "#define F(a,b) a+b\nF(1,2)", want: "1 + 2"},
	{name: "function args over lines", src: "#define F(a,b) a+b\nF(1,\n2\n)\nx", want: "1 + 2 x"},
	{name: "function name alone", src: "#define f(x) x\nf + f(1)", want: "f + 1"},
	{name: "function paren next line", src: "#define f(x) [x]\nf\n(1)", want: "[ 1 ]"},
	{name: "function no params", src: "#define F() 7\nF() F ( )", want: "7 7"},
	{name: "empty arg", src: "#define F(x) [x]\nF()", want: "[ ]"},
	{name: "empty args", src: "#define F(x,y) [x|y]\nF(,)", want: "[ | ]"},
	{name: "nested parens in args", src: "#define F(x) <x>\nF((a,b),c)", noClang: true, want: ""},
	{name: "parens keep commas", src: "#define F(x,y) x;y\nF((a,b),c)", want: "( a , b ) ; c"},
	{name: "self reference", src: "#define x x+1\nx", want: "x + 1"},
	{name: "mutual recursion", src: "#define a b\n#define b a\na b", want: "a b"},
	{name: "indirect recursion fn", src: "#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)", want: "2 * 9 * g"},
	{name: "painted stays painted", src: "#define f(x) x f\nf(1)(2)", want: "1 f ( 2 )"},
	{name: "arg pre-expansion", src: "#define A 1\n#define F(x) x\nF(A)", want: "1"},
	{name: "no pre-expansion next to #", src: "#define A 1\n#define S(x) #x\n#define XS(x) S(x)\nS(A) XS(A)", want: "\"A\" \"1\""},
	{name: "no pre-expansion next to ##", src: "#define A 1\n#define C(x,y) x##y\nC(A,A)", want: "AA"},
	{name: "paste result rescanned", src: "#define AB 42\n#define C(x,y) x##y\nC(A,B)", want: "42"},
	{name: "paste punctuators", src: "#define C(x,y) x##y\nC(<,<=) C(-,>) C(:,:) C(#,#)", want: "<<= -> :: ##"},
	{name: "paste numbers", src: "#define C(x,y) x##y\nC(1,2) C(1.,5f) C(0x,1F) C(1e,10)", want: "12 1.5f 0x1F 1e10"},
	{name: "paste placemarkers", src: "#define C(x,y) [x##y]\nC(,) C(a,) C(,b)", want: "[ ] [ a ] [ b ]"},
	{name: "paste chain", src: "#define C3(x,y,z) x##y##z\nC3(a,b,c) C3(,,c) C3(a,,)", want: "abc c a"},
	{name: "paste wide string", src: "#define W(s) L ## s\nW(\"x\") W('c') L\"y\"", want: "L\"x\" L'c' L\"y\""},
	{name: "paste in object macro", src: "#define X a##b\nX", want: "ab"},
	{name: "hash hash", src: "#define hash_hash # ## #\n#define mkstr(a) # a\n#define in_between(a) mkstr(a)\n#define join(c, d) in_between(c hash_hash d)\njoin(x, y)", want: "\"x ## y\""},
	{name: "stringize spacing", src: "#define S(x) #x\nS(  a   +  b  ) S(a+b) S( ) S(\"q\\n\" 'c')", want: "\"a + b\" \"a+b\" \"\" \"\\\"q\\\\n\\\" 'c'\""},
	{name: "stringize char escape", src: "#define S(x) #x\nS('\"') S('\\'')", want: "\"'\\\"'\" \"'\\\\''\""},
	{name: "stringize multi-line arg", src: "#define S(x) #x\nS(a\n  b)", want: "\"a b\""},
	{name: "variadic", src: "#define V(...) f(__VA_ARGS__)\nV() V(1) V(1,2, 3)", want: "f ( ) f ( 1 ) f ( 1 , 2 , 3 )"},
	{name: "variadic after named", src: "#define V(a,...) a:__VA_ARGS__\nV(1) V(1,2) V(1,2,3)", want: "1 : 1 : 2 1 : 2 , 3"},
	{name: "named variadic", src: "#define V(args...) g(args)\nV(1,2)", want: "g ( 1 , 2 )"},
	{name: "gnu comma paste", src: "#define E(fmt,...) p(fmt,##__VA_ARGS__)\nE(a) E(a,b) E(a,b,c) E(a,)", want: "p ( a ) p ( a , b ) p ( a , b , c ) p ( a , )"},
	{name: "gnu comma from argument", src: "#define H(...) [__VA_ARGS__ ## __VA_ARGS__]\nH(x, y,)", want: "[ x , y , x , y , ]"},
	{name: "stringize va args", src: "#define S(...) #__VA_ARGS__\nS(a, b ,c)", want: "\"a, b ,c\""},
	{name: "macro name from arg", src: "#define g(x) x(1)\n#define f(y) [y]\ng(f)", want: "[ 1 ]"},
	{name: "expansion builds call", src: "#define LP (\n#define f(x) [x]\nf LP 1)", want: "f ( 1 )"},
	{name: "expansion ends in name", src: "#define f(x) [x]\n#define F f\nF(2)", want: "[ 2 ]"},
	{name: "arg uses outer macro", src: "#define f(x) x\nf(f(1))", want: "1"},
	{name: "reenabled after arg collection", src: "#define f(x) g(x\n#define g(x) x f\nf(1))(2)", want: "1", diag: "unterminated function-like macro invocation"},
	{name: "undef", src: "#define X 1\n#undef X\nX", want: "X"},
	{name: "redefine same", src: "#define X 1\n#define X 1\nX", want: "1"},
	{name: "if arithmetic", src: "#if 1+2*3 == 7 && (10/3) == 3 && -1 < 0 && 7%3 == 1\nyes\n#else\nno\n#endif", want: "yes"},
	{name: "if unsigned", src: "#if -1 > 0u\nyes\n#else\nno\n#endif", want: "yes", diag: "main.hlsl:1:8: warning: left side of operator converted from negative value to unsigned: -1 to 18446744073709551615"},
	{name: "if unsigned signed compare", src: "#if -1 < 0\na\n#endif\n#if (0u - 1) == 18446744073709551615u\nb\n#endif", want: "a b"},
	{name: "if shifts", src: "#if (1 << 63) < 0 && (-8 >> 1) == -4 && (1u << 63) > 0\nyes\n#endif", want: "yes", diag: "main.hlsl:1:8: warning: integer overflow in preprocessor expression"},
	{name: "if overflow", src: "#if 9223372036854775807 + 1 < 0 && -(-9223372036854775807 - 1) < 0\nyes\n#endif", want: "yes", diag: "main.hlsl:1:25: warning: integer overflow in preprocessor expression"},
	{name: "if ternary", src: "#if (0 ? 1/0 : 2) == 2 && (1 || 1/0) && !(0 && 1/0)\nyes\n#endif", want: "yes"},
	{name: "if ternary unsigned", src: "#if (1 ? -1 : 0u) > 0\nyes\n#endif", want: "yes"},
	{name: "if defined", src: "#define A\n#if defined A && defined(A) && !defined B && !defined(B)\nyes\n#endif", want: "yes"},
	{name: "if unknown is 0", src: "#if FOO\nno\n#elif FOO + 1\nyes\n#endif", want: "yes"},
	{name: "if macro value", src: "#define V 3\n#if V >= 2 && V < 4\nyes\n#endif", want: "yes"},
	{name: "if function macro", src: "#define M(a,b) ((a)>(b)?(a):(b))\n#if M(2,5) == 5\nyes\n#endif", want: "yes"},
	{name: "if char literals", src: "#if 'a' == 97 && '\\n' == 10 && '\\x41' == 65 && '\\101' == 65 && '\\377' < 0\nyes\n#endif", want: "yes"},
	{name: "if numbers", src: "#if 0x10 == 16 && 010 == 8 && 10L == 10 && 10ul == 10u && 0b101 == 5\nyes\n#endif", want: "yes"},
	{name: "if comma in parens", src: "#if (1, 0)\nno\n#else\nyes\n#endif", want: "yes"},
	{name: "elif chain", src: "#if 0\na\n#elif 0\nb\n#elif 1\nc\n#elif 1\nd\n#else\ne\n#endif", want: "c"},
	{name: "nested skipped", src: "#if 0\n#if 1\na\n#else\nb\n#endif\n#elif 1\nc\n#endif", want: "c"},
	{name: "else taken", src: "#ifdef NOPE\na\n#else\nb\n#endif", want: "b"},
	{name: "ifndef", src: "#ifndef G\n#define G\nx\n#endif\n#ifndef G\ny\n#endif", want: "x"},
	{name: "skipped garbage", src: "#if 0\n#bogus\n' unterminated\n#error no\n#endif\nok", want: "ok"},
	{name: "null directive", src: "#\n# /* c */\nx", want: "x"},
	{name: "comments", src: "a /* b */ c // d\ne/**/f", want: "a c e f"},
	{name: "line continuation", src: "#define L 1 \\\n + 2\nL\nab\\\ncd", want: "1 + 2 abcd"},
	{name: "line continuation in comment", src: "// comment \\\n still comment\nx", want: "x"},
	{name: "crlf", src: "#define A 1\r\n#if A\r\nx\r\n#endif\r\ny\r\n", want: "x y"},
	{name: "byte order mark", src: "\xEF\xBB\xBF#define A 1\nA", want: "1", noClang: true},
	{name: "no final newline", src: "#define A 1\nA", want: "1"},
	{name: "directive in args", src: "#define f(x) [x]\nf(1\n#undef f\n)f(2)", want: "[ 1 ] f ( 2 )"},
	{name: "line macro", src: "a __LINE__\n\nb __LINE__", want: "a 1 b 3"},
	{name: "line in macro", src: "#define L __LINE__\n#define F(x) x\n\nL F(\n__LINE__\n)", want: "4 5"},
	{name: "file macro", src: "__FILE__", want: "\"main.hlsl\"", noClang: true},
	{name: "counter", src: "__COUNTER__ __COUNTER__ __COUNTER__", want: "0 1 2"},
	{name: "line directive", src: "#line 100\n__LINE__\n#line 7 \"other.hlsl\"\n__LINE__ __FILE__", want: "100 7 \"other.hlsl\""},
	{name: "line directive octal-looking", src: "#line 010\n__LINE__", want: "10", diag: "warning: #line directive interprets number as decimal, not octal"},
	{name: "line directive macro", src: "#define N 42\n#line N\n__LINE__", want: "42"},
	{name: "stringize file", src: "#define S(x) #x\nS(__FILE__)", want: "\"__FILE__\""},
	{name: "defined in macro", src: "#define D defined(X)\n#define X\n#if D\nyes\n#endif", want: "yes", diag: "warning: macro expansion producing 'defined' has undefined behavior"},
	{name: "C standard example 3", src: `#define x 3
#define f(a) f(x * (a))
#undef x
#define x 2
#define g f
#define z z[0]
#define h g(~
#define m(a) a(w)
#define w 0,1
#define t(a) a
#define p() int
#define q(x) x
#define r(x,y) x ## y
#define str(x) # x
f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);
g(x+(3,4)-w) | h 5) & m
(f)^m(m);
p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };
char c[2][6] = { str(hello), str() };`,
		want: `f ( 2 * ( y + 1 ) ) + f ( 2 * ( f ( 2 * ( z [ 0 ] ) ) ) ) % f ( 2 * ( 0 ) ) + t ( 1 ) ; f ( 2 * ( 2 + ( 3 , 4 ) - 0 , 1 ) ) | f ( 2 * ( ~ 5 ) ) & f ( 2 * ( 0 , 1 ) ) ^ m ( 0 , 1 ) ; int i [ ] = { 1 , 23 , 4 , 5 , } ; char c [ 2 ] [ 6 ] = { "hello" , "" } ;`},
	{name: "C standard example 4", src: `#define str(s) # s
#define xstr(s) str(s)
#define debug(s, t) printf("x" # s "= %d, x" # t "= %s", \
 x ## s, x ## t)
#define INCFILE(n) vers ## n
#define glue(a, b) a ## b
#define xglue(a, b) glue(a, b)
#define HIGHLOW "hello"
#define LOW LOW ", world"
debug(1, 2);
fputs(str(strncmp("abc\0d", "abc", '\4') // this goes away
 == 0) str(: @\n), s);
xstr(INCFILE(2).h)
glue(HIGH, LOW);
xglue(HIGH, LOW)`,
		want: `printf ( "x" "1" "= %d, x" "2" "= %s" , x1 , x2 ) ; fputs ( "strncmp(\"abc\\0d\", \"abc\", '\\4') == 0" ": @\n" , s ) ; "vers2.h" "hello" ; "hello" ", world"`},
	{name: "C standard example 7", src: `#define t(x,y,z) x ## y ## z
int j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,),
t(10,,), t(,11,), t(,,12), t(,,) };`,
		want: `int j [ ] = { 123 , 45 , 67 , 89 , 10 , 11 , 12 , } ;`},
	{name: "hlsl numbers", src: "1.0f 1.0h 1.0l 1.0L 2u 3l 0x1Fu 017 1e-3 .5 1.#INF 2.5e+10f 1.xxx 1.0.xx", noClang: true,
		want: "1.0f 1.0h 1.0l 1.0L 2u 3l 0x1Fu 017 1e-3 .5 1.#INF 2.5e+10f 1 . xxx 1.0 . xx"},
	{name: "dollar identifiers", src: "#define $x 1\n$x a$b $", want: "1 a$b $", noClang: true},
	{name: "punctuators", src: "a::b .* ->* <<= >>= -> ... ## # ++ -- && || <= >= == != += -= *= /= %= &= |= ^= << >> ? : ; , . [ ] { } ( ) ~ ! %", noClang: true,
		want: "a :: b .* ->* <<= >>= -> ... ## # ++ -- && || <= >= == != += -= *= /= %= &= |= ^= << >> ? : ; , . [ ] { } ( ) ~ ! %"},
	{name: "pragma kept out of tokens", src: "a\n#pragma pack_matrix(row_major)\nb\n#pragma once\n#pragma foo bar\nc", want: "a b c", noClang: true, diag: "#pragma once in main file"},
	{name: "_Pragma", src: "a _Pragma(\"pack_matrix(column_major)\") b", want: "a b", noClang: true},
	{name: "date time deterministic", src: "__DATE__ __TIME__ __TIMESTAMP__", want: "\"Jan  1 1970\" \"00:00:00\" \"Thu Jan  1 00:00:00 1970\"", noClang: true},
}

func TestLegacyMacroExpansion(t *testing.T) {
	src := "#define IDX0 7\n#define IDX(n) IDX##n\n#define NAME(a, b) res_##a##_##b\n#define RES(x, n) NAME(x, IDX(n))\nRES(tex, 0)\n"
	res, _, diags := run(t, src, nil, Config{})
	if got := joined(res.Tokens); got != "res_tex_IDX ( 0 )" || diags != "" {
		t.Errorf("standard: %s %s", got, diags)
	}
	res, _, diags = run(t, src, nil, Config{LegacyMacroExpansion: true})
	if got := joined(res.Tokens); got != "res_tex_7" || diags != "" {
		t.Errorf("-flegacy-macro-expansion: %s %s", got, diags)
	}
}

func TestExpand(t *testing.T) {
	for _, c := range expandCases {
		if c.want == "" {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("SOURCE_DATE_EPOCH", "")
			res, _, diags := run(t, c.src, nil, Config{})
			if got := joined(res.Tokens); got != c.want {
				t.Errorf("got  %s\nwant %s\n%s", got, c.want, diags)
			}
			if c.diag == "" && diags != "" {
				t.Errorf("unexpected diagnostics:\n%s", diags)
			}
			if c.diag != "" && !strings.Contains(diags, c.diag) {
				t.Errorf("diagnostics lack %q:\n%s", c.diag, diags)
			}
		})
	}
}

// TestExpandMatchesClang runs the expansion cases through clang -E -P -x c++
// and compares tokens (clang's output re-lexed by our scanner, so only
// whitespace is normalised). Cases go to clang in one batch, each starting
// at #line 1 and ending with #undefs of its macros; cases with
// diagnostics or __COUNTER__ run alone.
func TestExpandMatchesClang(t *testing.T) {
	clang := tool.Require(t, tool.Clang)
	var batch strings.Builder
	var batched []int
	for i, c := range expandCases {
		if c.noClang {
			continue
		}
		if c.diag != "" || strings.Contains(c.src, "__COUNTER__") {
			out, _, _ := tool.Run(clang, []byte(c.src), "-E", "-P", "-x", "c++", "-")
			compareWithClang(t, c.name, c.src, string(out))
			continue
		}
		fmt.Fprintf(&batch, "@@case %d@@\n#line 1\n%s\n", i, c.src)
		for _, line := range strings.Split(c.src, "\n") {
			if f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(line), "#")); len(f) > 1 && f[0] == "define" {
				name, _, _ := strings.Cut(f[1], "(")
				fmt.Fprintf(&batch, "#undef %s\n", name)
			}
		}
		batched = append(batched, i)
	}
	out, errOut, err := tool.Run(clang, []byte(batch.String()), "-E", "-P", "-x", "c++", "-")
	if err != nil && len(out) == 0 {
		t.Fatalf("clang: %v\n%s", err, errOut)
	}
	parts := strings.Split(string(out), "@@case ")
	got := map[int]string{}
	for _, part := range parts[1:] {
		num, text, _ := strings.Cut(part, "@@")
		n, _ := strconv.Atoi(num)
		got[n] = text
	}
	for _, i := range batched {
		compareWithClang(t, expandCases[i].name, expandCases[i].src, got[i])
	}
}

func compareWithClang(t *testing.T, name, src, clangOut string) {
	t.Helper()
	res, _, _ := run(t, src, nil, Config{})
	relexed, _, _ := run(t, clangOut, nil, Config{})
	if got, want := joined(res.Tokens), joined(relexed.Tokens); got != want {
		t.Errorf("%s:\npp:    %s\nclang: %s", name, got, want)
	}
}
