package pp

import (
	"strings"
	"testing"
)

// diagCases check rendered diagnostics: position, wording (clang's) and
// caret. Expected texts follow clang -E's output for the same input, less
// clang's [-Wflag] suffixes, fix-its and ~~~ ranges before the caret.
var diagCases = []struct {
	name, src string
	files     map[string]string
	want      string
}{
	{"bad paste through two macros", "#define C(x,y) x##y\n#define D C(+,/)\nint a = D;\n", nil, `
main.hlsl:3:9: error: pasting formed '+/', an invalid preprocessing token
int a = D;
        ^
main.hlsl:2:11: note: expanded from macro 'D'
#define D C(+,/)
          ^
main.hlsl:1:17: note: expanded from macro 'C'
#define C(x,y) x##y
                ^
`},
	{"unterminated invocation", "#define F(x) x\nF(\n", nil, `
main.hlsl:2:1: error: unterminated function-like macro invocation
F(
^
main.hlsl:1:9: note: macro 'F' defined here
#define F(x) x
        ^
`},
	{"too many args", "#define F(x) x\nF(1,2)\n", nil, `
main.hlsl:2:5: error: too many arguments provided to function-like macro invocation
F(1,2)
    ^
main.hlsl:1:9: note: macro 'F' defined here
#define F(x) x
        ^
`},
	{"too few args", "#define G(x,y) x\nG(1)\n", nil, `
main.hlsl:2:4: error: too few arguments provided to function-like macro invocation
G(1)
   ^
main.hlsl:1:9: note: macro 'G' defined here
#define G(x,y) x
        ^
`},
	{"error from a macro body", "#define DIV 1/0\n#if DIV\n#endif\n#define F(a,b) a\n#define G F(1)\nG\n", nil, `
main.hlsl:2:5: error: division by zero in preprocessor expression
#if DIV
    ^
main.hlsl:1:14: note: expanded from macro 'DIV'
#define DIV 1/0
             ^
main.hlsl:6:1: error: too few arguments provided to function-like macro invocation
G
^
main.hlsl:5:14: note: expanded from macro 'G'
#define G F(1)
             ^
main.hlsl:4:9: note: macro 'F' defined here
#define F(a,b) a
        ^
`},
	{"division by zero", "#if 1/0\n#endif\n", nil, `
main.hlsl:1:6: error: division by zero in preprocessor expression
#if 1/0
     ^
`},
	{"remainder by zero", "#if 1 % (2-2)\n#endif\n", nil, `
main.hlsl:1:7: error: remainder by zero in preprocessor expression
#if 1 % (2-2)
      ^
`},
	{"expected value", "#if 1 +\n#endif\n", nil, `
main.hlsl:1:8: error: expected value in expression
#if 1 +
       ^
`},
	{"expected rparen", "#if (1\n#endif\n", nil, `
main.hlsl:1:7: error: expected ')' in preprocessor expression
#if (1
      ^
main.hlsl:1:5: note: to match this '('
#if (1
    ^
`},
	{"float in if", "#if 1.0\n#endif\n", nil, `
main.hlsl:1:5: error: floating point literal in preprocessor expression
#if 1.0
    ^
`},
	{"missing rparen in params", "#define X(\n", nil, `
main.hlsl:1:11: error: missing ')' in macro parameter list
#define X(
          ^
`},
	{"duplicate param", "#define Y(a,a)\n", nil, `
main.hlsl:1:13: error: duplicate macro parameter name 'a'
#define Y(a,a)
            ^
`},
	{"stringize non-param", "#define Z(a) #b\n#define Y(a) #\n", nil, `
main.hlsl:1:15: error: '#' is not followed by a macro parameter
#define Z(a) #b
              ^
main.hlsl:2:15: error: '#' is not followed by a macro parameter
#define Y(a) #
              ^
`},
	{"pragma message forms", "#pragma message\n#pragma message(x)\n#pragma message(\"a\" x)\n#pragma message \"ok\"\n", nil, `
main.hlsl:1:9: error: pragma message requires parenthesized string
#pragma message
        ^
main.hlsl:2:17: error: expected string literal in pragma message
#pragma message(x)
                ^
main.hlsl:3:21: error: pragma message requires parenthesized string
#pragma message("a" x)
                    ^
main.hlsl:4:9: warning: ok
#pragma message "ok"
        ^
`},
	{"paste at start", "#define H ## a\n", nil, `
main.hlsl:1:11: error: '##' cannot appear at start of macro expansion
#define H ## a
          ^
`},
	{"macro name missing", "#ifdef\n#endif\n", nil, `
main.hlsl:1:7: error: macro name missing
#ifdef
      ^
`},
	{"macro name not identifier", "#define 3 x\n", nil, `
main.hlsl:1:9: error: macro name must be an identifier
#define 3 x
        ^
`},
	{"defined as macro name", "#define defined\n", nil, `
main.hlsl:1:9: error: 'defined' cannot be used as a macro name
#define defined
        ^
`},
	{"else without if", "#else\n", nil, `
main.hlsl:1:2: error: #else without #if
#else
 ^
`},
	{"endif without if with extra tokens", "#endif x\n", nil, `
main.hlsl:1:8: warning: extra tokens at end of #endif directive
#endif x
       ^
main.hlsl:1:2: error: #endif without #if
#endif x
 ^
`},
	{"else after else", "#if 1\n#else\n#else\n#endif\n", nil, `
main.hlsl:3:2: error: #else after #else
#else
 ^
`},
	{"unterminated conditionals", "  #ifdef X\n#if 0\n", nil, `
main.hlsl:2:2: error: unterminated conditional directive
#if 0
 ^
main.hlsl:1:4: error: unterminated conditional directive
  #ifdef X
   ^
`},
	{"unterminated string", "char *s = \"abc\nx", nil, `
main.hlsl:1:11: warning: missing terminating '"' character
char *s = "abc
          ^
`},
	{"unterminated char", "c = 'a;\n", nil, `
main.hlsl:1:5: warning: missing terminating ' character
c = 'a;
    ^
`},
	{"unterminated comment", "a\n  /* never\n", nil, `
main.hlsl:2:3: error: unterminated /* comment
  /* never
  ^
`},
	{"error directive", "#error this is  bad\n", nil, `
main.hlsl:1:2: error: this is  bad
#error this is  bad
 ^
`},
	{"warning directive", "#warning careful\n", nil, `
main.hlsl:1:2: warning: careful
#warning careful
 ^
`},
	{"line not a number", "#line x\n", nil, `
main.hlsl:1:7: error: #line directive requires a positive integer argument
#line x
      ^
`},
	{"pragma message", "#pragma message(\"hi\")\n", nil, `
main.hlsl:1:9: warning: hi
#pragma message("hi")
        ^
`},
	{"line not digits", "#line 0x10\n", nil, `
main.hlsl:1:7: error: #line directive requires a simple digit sequence
#line 0x10
      ^
`},
	{"no space after macro name", "#define A+1\n#define B$\n#define C@\n", nil, `
main.hlsl:1:10: warning: whitespace recommended after macro name
#define A+1
         ^
main.hlsl:3:10: warning: whitespace required after macro name
#define C@
         ^
`},
	{"include without a name", "#include\n", nil, `
main.hlsl:1:9: error: expected "FILENAME" or <FILENAME>
#include
        ^
`},
	{"include without '>'", "#include <a.h\n", nil, `
main.hlsl:1:14: error: expected '>'
#include <a.h
             ^
main.hlsl:1:10: note: to match this '<'
#include <a.h
         ^
`},
	{"octal digit", "#if 08\n#endif\n", nil, `
main.hlsl:1:6: error: invalid digit '8' in octal constant
#if 08
     ^
`},
	{"decimal digit", "#if 12a\n#endif\n", nil, `
main.hlsl:1:7: error: invalid digit 'a' in decimal constant
#if 12a
      ^
`},
	{"integer suffix", "#if 12uz\n#endif\n", nil, `
main.hlsl:1:7: error: invalid suffix 'uz' on integer constant
#if 12uz
      ^
`},
	{"missing colon", "#if 1 ? 2\n#endif\n", nil, `
main.hlsl:1:10: error: expected ':'
#if 1 ? 2
         ^
main.hlsl:1:7: note: to match this '?'
#if 1 ? 2
      ^
`},
	{"defined without a name", "#if defined\n#endif\n", nil, `
main.hlsl:1:12: error: macro name missing
#if defined
           ^
`},
	{"defined without ')'", "#if defined(A\n#endif\n", nil, `
main.hlsl:1:14: error: missing ')' after 'defined'
#if defined(A
             ^
main.hlsl:1:12: note: to match this '('
#if defined(A
           ^
`},
	{"colon in parentheses", "#if (1 :\n#endif\n", nil, `
main.hlsl:1:9: error: expected value in expression
#if (1 :
        ^
`},
	{"top-level comma", "#if 1 , 2\n#endif\n", nil, `
main.hlsl:1:7: error: expected end of line in preprocessor expression
#if 1 , 2
      ^
`},
	{"stray rparen", "#if 1)\n#endif\n", nil, `
main.hlsl:1:6: error: expected end of line in preprocessor expression
#if 1)
     ^
`},
	{"pragma dxc diagnostic", "#pragma dxc diagnostic push\n#pragma dxc diagnostic ignored \"-Wconversion\"\n#pragma dxc diagnostic pop\n#pragma dxc diagnostic pop\n#pragma dxc diagnostic bogus\n#pragma dxc diagnostic warning \"conversion\"\n#pragma dxc diagnostic error x\n#pragma dxc diagnostic error \"-Wx\" y\n", nil, `
main.hlsl:4:24: warning: pragma diagnostic pop could not pop, no matching push
#pragma dxc diagnostic pop
                       ^
main.hlsl:5:24: warning: pragma diagnostic expected 'error', 'warning', 'ignored', 'fatal', 'push', or 'pop'
#pragma dxc diagnostic bogus
                       ^
main.hlsl:6:32: warning: pragma diagnostic expected option name (e.g. "-Wundef")
#pragma dxc diagnostic warning "conversion"
                               ^
main.hlsl:7:30: error: expected string literal in pragma diagnostic
#pragma dxc diagnostic error x
                             ^
main.hlsl:8:36: warning: unexpected token in pragma diagnostic
#pragma dxc diagnostic error "-Wx" y
                                   ^
`},
	{"invalid directive", "#foo\n", nil, `
main.hlsl:1:2: error: invalid preprocessing directive
#foo
 ^
`},
	{"file not found", "#include \"nope.h\"\nafter\n", nil, `
main.hlsl:1:10: fatal error: 'nope.h' file not found
#include "nope.h"
         ^~~~~~~~
`},
	{"macro redefined", "#define A 1\n#define A 2\n", nil, `
main.hlsl:2:9: warning: 'A' macro redefined
#define A 2
        ^
main.hlsl:1:9: note: previous definition is here
#define A 1
        ^
`},
	{"error in included file follows #line", "#include \"inc.h\"\n", map[string]string{"inc.h": "#line 10 \"renamed.h\"\n#error here\n"}, `
In file included from main.hlsl:1:
renamed.h:10:2: error: here
#error here
 ^
`},
	{"pack_matrix argument", "#pragma pack_matrix(diagonal)\n", nil, `
main.hlsl:1:21: error: invalid pack_matrix argument; expected 'row_major' or 'column_major'
#pragma pack_matrix(diagonal)
                    ^
`},
	{"unterminated include name", "#include \"\n", nil, `
main.hlsl:1:10: warning: missing terminating '"' character
#include "
         ^
main.hlsl:1:10: error: expected "FILENAME" or <FILENAME>
#include "
         ^
`},
	{"_Pragma without parenthesis", "a _Pragma b\n", nil, `
main.hlsl:1:3: error: _Pragma takes a parenthesized string literal
a _Pragma b
  ^
`},
	// "..." stands for the 200 "In file included from" lines clang prints too.
	{"include nested too deeply", "#include \"self.h\"\n", map[string]string{"self.h": "#include \"self.h\"\n"}, `
...
In file included from ./self.h:1:
./self.h:1:2: fatal error: #include nested too deeply
#include "self.h"
 ^
`},
}

func TestDiagnostics(t *testing.T) {
	for _, c := range diagCases {
		t.Run(c.name, func(t *testing.T) {
			_, _, got := run(t, c.src, c.files, Config{})
			// Drop the "N errors generated." summary: the cases check messages.
			if i := strings.LastIndex(strings.TrimSuffix(got, "\n"), "\n"); i >= 0 && strings.HasSuffix(got, "generated.\n") {
				got = got[:i+1]
			}
			want := strings.TrimPrefix(c.want, "\n")
			if rest, ok := strings.CutPrefix(want, "...\n"); ok && strings.HasSuffix(got, rest) {
				return
			}
			if got != want {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}
