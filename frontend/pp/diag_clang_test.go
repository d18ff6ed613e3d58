package pp

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// clangDiagCases are malformed directives and expressions whose
// diagnostics (position, severity, wording) must match clang -E -x c++.
var clangDiagCases = []string{
	"#define F(x) x\nF(1\n#include \"a.h\"\n#pragma once\n#define X\n)\n",
	"#if\n#endif\n",
	"#elif 1\n",
	"#if 1\n#else junk\n#endif\n",
	"#ifdef 3\n#endif\n",
	"#define F(x,\n",
	"#define F(x y) x\n",
	"#define F(...x) x\n",
	"#define F(x) x\nF(\n",
	"#if defined\n#endif\n",
	"#if defined(A\n#endif\n",
	"#if 1 ? 2\n#endif\n",
	"#if (1 :\n#endif\n",
	"#if 1 == \"s\"\n#endif\n",
	"#include\n",
	"#include <a.h\n",
	"#include \"\"\n",
	"#line\n",
	"#line 5 x\n",
	"#line 5 \"f\" junk\n",
	"#undef\n",
	"#undef X junk\n",
	"#pragma message \"no parens\"\n",
	"#define A 1\n#define A 2\n",
	"#error\n",
	"#if 0\n#else\n#else\n#endif\n",
	"_Pragma(1)\n",
	"#define S(x) #x\nS(\n",
	"#if 1.5e3\n#endif\n",
	"#if 08\n#endif\n",
	"#if 99999999999999999999\n#endif\n",
	"#define\n",
	"#define 1\n",
	"#define F(\n",
	"#define F(a,\n",
	"#define F(a,a)\n",
	"#define F(1)\n",
	"#define F(a) #\n",
	"#define F(a) a ##\n",
	"#define A 1\n#define A 1\n#define A 2\n",
	"#undef __LINE__\n",
	"#define __FILE__ x\n",
	"#ifdef\n#endif\n",
	"#ifndef 1\n#endif\n",
	"#ifdef A B\n#endif\n",
	"#else\n",
	"#endif\n",
	"#elif\n",
	"#if 1\n#elif\n#endif\n",
	"#if 0\n#elif\n#endif\n",
	"#if 0\n#else\n#elif 1\n#endif\n",
	"#if 1\n#else\n#else\n#endif\n",
	"#line 0\n",
	"#line 5 \"a\" \"b\"\n",
	"# 5 \"a\" 1 3\n",
	"#pragma\n",
	"#pragma once\n",
	"#pragma message\n",
	"#pragma message(x)\n",
	"#pragma message(\"a\" \"b\")\n",
	"#define F(x) x\nF(1,2)\n",
	"#define F(x,y) x\nF()\n",
	"#define F() 1\nF(1)\n",
	"#define F(...) __VA_ARGS__\nF()\n",
	"#if 1/0 || 1\n#endif\n",
	"#if 0 && 1/0\n#endif\n",
	"#if -9223372036854775807-1 / -1\n#endif\n",
	"#if 18446744073709551615 == -1\n#endif\n",
	"#if 18446744073709551616\n#endif\n",
	"#if 'ab' == 24930\n#endif\n",
	"#if '' \n#endif\n",
	"#if \"s\"\n#endif\n",
	"#if +\n#endif\n",
	"#if ()\n#endif\n",
	"#include \"a.h\" x\n",
	"#warning\n",
	"#error   multiple   spaces  \n",
	"#define EMPTY\n#if EMPTY\n#endif\n",
	"#if 1 2\n#endif\n",
	"a /* unterminated\n",
}

// TestDiagnosticsMatchClang compares the position and text of every
// diagnostic with clang's (notes included). Severity "fatal error" is
// compared as "error": rendering it is the diag package's business.
func TestDiagnosticsMatchClang(t *testing.T) {
	clang := tool.Require(t, tool.Clang)
	line := regexp.MustCompile(`^(?:<stdin>|main\.hlsl):(\d+:\d+): (?:fatal )?(error|warning|note): (.*?)(?: \[-W[^\]]*\])?$`)
	summary := func(out string) string {
		var r []string
		for _, l := range strings.Split(out, "\n") {
			// clang 14 adds this note that DXC's clang (3.7) does not have.
			if strings.Contains(l, "note: expansion of macro") {
				continue
			}
			if m := line.FindStringSubmatch(l); m != nil {
				r = append(r, m[1]+" "+m[2]+": "+m[3])
			}
		}
		return strings.Join(r, " | ")
	}
	for i, src := range clangDiagCases {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			t.Parallel()
			_, _, ours := run(t, src, nil, Config{})
			_, theirs, _ := tool.Run(clang, []byte(src), "-E", "-x", "c++", "-o", "/dev/null", "-")
			if a, b := summary(ours), summary(string(theirs)); a != b {
				t.Errorf("%q\n ours:  %s\n clang: %s", src, a, b)
			}
		})
	}
}
