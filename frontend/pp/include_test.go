package pp

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

func TestInclude(t *testing.T) {
	files := map[string]string{
		"a.h":            "from_a\n",
		"sub/b.h":        "#include \"c.h\"\nfrom_b\n",
		"sub/c.h":        "from_sub_c\n",
		"sub/x.h":        "#include \"deeper/y.h\"\n",
		"sub/deeper/y.h": "#include \"main_only.h\"\n",
		"main_only.h":    "from_sub_y_main_only\n",
		"c.h":            "from_c\n",
		"inc1/d.h":       "from_inc1_d\n",
		"inc2/d.h":       "from_inc2_d\n",
		"inc2/e.h":       "from_inc2_e\n",
		"once.h":         "#pragma once\nonce\n",
		"guard.h":        "#ifndef GUARD_H\n#define GUARD_H\nguarded\n#endif\n",
		"guard2.h":       "// comment first\n#if !defined(GUARD2_H)\n#define GUARD2_H\nguarded2\n#endif\n",
		"nofinal.h":      "#define NF 1\nnf NF",
		"crlf.h":         "#define CR 2\r\ncr CR\r\n",
		"name.h":         "__FILE__ __LINE__ __INCLUDE_LEVEL__",
		"d.h":            "from_local_d\n",
		"macro_name.h":   "macro_named\n",
		"angle_local.h":  "angle_local\n",
	}
	cases := []struct{ name, src, want string }{
		{"quoted", "#include \"a.h\"\nx", "from_a x"},
		{"includer's folder first", "#include \"sub/b.h\"", "from_sub_c from_b"},
		{"includers' folders next", "#include \"sub/x.h\"", "from_sub_y_main_only"},
		{"backslashes", "#include \"sub\\c.h\"", "from_sub_c"},
		{"-I in order", "#include <d.h>\n#include <e.h>", "from_inc1_d from_inc2_e"},
		{"quoted prefers local", "#include \"d.h\"", "from_local_d"},
		{"pragma once", "#include \"once.h\"\n#include \"once.h\"\n#include \"./once.h\"", "once"},
		{"include guard", "#include \"guard.h\"\n#include \"guard.h\"", "guarded"},
		{"include guard with #if !defined", "#include \"guard2.h\"\n#include \"guard2.h\"", "guarded2"},
		{"no final newline", "#include \"nofinal.h\"\nafter NF", "nf 1 after 1"},
		{"crlf", "#include \"crlf.h\"\nCR", "cr 2 2"},
		{"builtins in included file", "#include \"name.h\"", "\"./name.h\" 1 1"},
		{"macro names the file", "#define HDR \"macro_name.h\"\n#include HDR", "macro_named"},
		{"macro builds <file>", "#define HDR <angle_local.h>\n#include HDR", "angle_local"},
		{"__has_include", "#if __has_include(\"a.h\") && __has_include(<d.h>) && !__has_include(\"none.h\") && !__has_include(<none.h>)\nyes\n#endif", "yes"},
		{"__has_feature in #if and text", "#if __has_feature(hlsl_vk_buffer_pointer) && !__has_extension(cxx_rtti)\nyes\n#endif\n__has_feature(__hlsl_vk_buffer_pointer__) __has_feature(objc_arc)", "yes 1 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, _, diags := run(t, c.src, files, Config{IncludeDirs: []string{"inc1", "inc2", "."}})
			if diags != "" {
				t.Fatalf("diagnostics:\n%s", diags)
			}
			if got := joined(res.Tokens); got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}

func TestIncludeAngledSkipsIncluderFolder(t *testing.T) {
	files := map[string]string{"local.h": "x\n"}
	_, _, diags := run(t, "#include <local.h>\n", files, Config{})
	if !strings.Contains(diags, "'local.h' file not found") {
		t.Errorf("<local.h> without -I should not be found, got:\n%s", diags)
	}
}

func TestIncludesListedAndPositioned(t *testing.T) {
	files := map[string]string{"a.h": "\n  A\n", "b.h": "#include \"a.h\"\nB\n"}
	res, fs, diags := run(t, "#include \"b.h\"\n#include \"a.h\"\nM\n", files, Config{})
	if diags != "" {
		t.Fatal(diags)
	}
	if want := []string{"./b.h", "./a.h"}; !reflect.DeepEqual(res.Includes, want) {
		t.Errorf("Includes = %v, want %v", res.Includes, want)
	}
	var got []string
	for _, tk := range res.Tokens {
		if tk.Kind == token.EOF {
			break
		}
		got = append(got, tk.Text+"@"+fs.Position(tk.Pos).String())
	}
	want := []string{"A@./a.h:2:3", "B@./b.h:2:1", "A@./a.h:2:3", "M@main.hlsl:3:1"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("positions:\n got %v\nwant %v", got, want)
	}
	// Each included file knows where it was included from.
	f := fs.File(res.Tokens[0].Pos)
	if from := fs.Position(f.IncludedFrom); from.Filename != "./b.h" || from.Line != 1 {
		t.Errorf("a.h IncludedFrom = %v, want ./b.h:1", from)
	}
	// -I folders are named "./dir" as dxc names them.
	res, _, _ = run(t, "#include <x.h>\n__FILE__", map[string]string{"inc/x.h": "__FILE__\n"}, Config{IncludeDirs: []string{"inc"}})
	if got := joined(res.Tokens); got != "\"./inc/x.h\" \"main.hlsl\"" {
		t.Errorf("-I naming: %s", got)
	}
}

func TestDefinesAndUndefs(t *testing.T) {
	res, _, diags := run(t, "A B C D E", nil, Config{
		Predefined: []string{"A=pre", "D=pre"},
		Defines:    []string{"B", "C=1+2", "D=cmd", "E=x=y"},
		Undefs:     []string{"A"},
	})
	// clang warns when -D changes a predefined macro.
	if !strings.HasPrefix(diags, "<command line>:3:9: warning: 'D' macro redefined\n") ||
		!strings.Contains(diags, "<built-in>:2:9: note: previous definition is here") {
		t.Errorf("diagnostics:\n%s", diags)
	}
	if got, want := joined(res.Tokens), "A 1 1 + 2 cmd x = y"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestIncludeOptions(t *testing.T) {
	builtin := func(name string) ([]byte, bool) {
		if name == "vk/spirv.h" {
			return []byte("builtin_spirv __FILE__\n"), true
		}
		return nil, false
	}
	files := map[string]string{"inc/vk/other.h": "user_header\n"}
	res, _, diags := run(t, "#include <vk/spirv.h>\n#include <vk/other.h>\n", files, Config{IncludeDirs: []string{"inc"}, BuiltinHeader: builtin})
	if diags != "" {
		t.Fatal(diags)
	}
	if got, want := joined(res.Tokens), "builtin_spirv \"<built-in:hlsl>/vk/spirv.h\" user_header"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// A user file of the same name wins over the compiled-in one.
	files["inc/vk/spirv.h"] = "user_spirv\n"
	res, _, _ = run(t, "#include <vk/spirv.h>\n", files, Config{IncludeDirs: []string{"inc"}, BuiltinHeader: builtin})
	if got := joined(res.Tokens); got != "user_spirv" {
		t.Errorf("got %s", got)
	}
	// "..." never finds compiled-in headers.
	_, _, diags = run(t, "#include \"vk/spirv.h\"\n", nil, Config{BuiltinHeader: builtin})
	if !strings.Contains(diags, "'vk/spirv.h' file not found") {
		t.Errorf("diags: %s", diags)
	}

	res, _, diags = run(t, "#line 42 \"renamed.hlsl\"\n__LINE__ __FILE__\n#error here\n", nil, Config{IgnoreLineDirectives: true})
	if got := joined(res.Tokens); got != "2 \"main.hlsl\"" {
		t.Errorf("-ignore-line-directives: got %s", got)
	}
	if !strings.HasPrefix(diags, "main.hlsl:3:2: error: here") {
		t.Errorf("-ignore-line-directives: diags %s", diags)
	}
}

func TestDisabledDirectives(t *testing.T) {
	// DXC turns off these GNU extensions for HLSL.
	for _, d := range []string{"include_next <a.h>", "import \"a.h\"", "ident \"x\"", "sccs \"x\""} {
		_, _, diags := run(t, "#"+d+"\n", map[string]string{"a.h": ""}, Config{})
		if !strings.HasPrefix(diags, "main.hlsl:1:2: error: invalid preprocessing directive") {
			t.Errorf("#%s: %s", d, diags)
		}
	}
}

// Dependencies lists the main file and every file read, once each, in the
// order first read; files skipped by #if are not read, and headers compiled
// into the compiler are no dependency.
func TestDependencies(t *testing.T) {
	files := map[string]string{
		"a.h":         "#pragma once\n#include \"b.h\"\n",
		"b.h":         "#ifndef B\n#define B\n#include \"a.h\"\n#endif\n",
		"inc/c.h":     "C\n",
		"unused.h":    "U\n",
		"inc/sub/d.h": "D\n",
	}
	src := "#include \"a.h\"\n#include <c.h>\n#include \"b.h\"\n#if 0\n#include \"unused.h\"\n#endif\n#include <vk/spirv.h>\n#include <sub/d.h>\n"
	builtin := func(name string) ([]byte, bool) { return []byte("V\n"), name == "vk/spirv.h" }
	res, _, diags := run(t, src, files, Config{IncludeDirs: []string{"inc"}, BuiltinHeader: builtin})
	if diags != "" {
		t.Fatal(diags)
	}
	want := []string{"main.hlsl", "a.h", "b.h", "inc/c.h", "inc/sub/d.h"}
	if got := res.Dependencies(); !reflect.DeepEqual(got, want) {
		t.Errorf("Dependencies() = %q, want %q", got, want)
	}
	if !slices.Contains(res.Includes, BuiltinPrefix+"vk/spirv.h") {
		t.Errorf("Includes = %q: the built-in header was not read", res.Includes)
	}
}

func TestTrimDotSlash(t *testing.T) {
	for in, want := range map[string]string{"./a.h": "a.h", ".//a.h": "a.h", "././x/a.h": "x/a.h", "../a.h": "../a.h", "a.h": "a.h", "/abs/a.h": "/abs/a.h", "./": "./"} {
		if got := trimDotSlash(in); got != want {
			t.Errorf("trimDotSlash(%q) = %q, want %q", in, got, want)
		}
	}
}
