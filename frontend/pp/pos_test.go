package pp

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/token"
)

// TestPositions checks Pos (spelling) and Exp (outermost macro use) of
// every token: ordinary text, macro bodies, macro arguments (which keep
// their spelling and no Exp, so diagnostics point at them as clang's do),
// nested macros, pasted and stringized tokens, splices.
func TestPositions(t *testing.T) {
	src := "#define ONE 1\n" + // line 1
		"#define ADD(a, b) (a + b)\n" + // line 2
		"#define TWICE(x) ADD(x, x)\n" + // line 3
		"#define CAT(a, b) a##b\n" + // line 4
		"#define STR(a) #a\n" + // line 5
		"int v = ONE;\n" + // line 6
		"  TWICE(y)\n" + // line 7
		"CAT(x, y) STR(q)\n" + // line 8
		"lo\\\nng\n" // lines 9-10
	res, fs, diags := run(t, src, nil, Config{})
	if diags != "" {
		t.Fatal(diags)
	}
	pos := func(p diag.Pos) string {
		if !p.IsValid() {
			return "-"
		}
		q := fs.Position(p)
		return fmt.Sprintf("%d:%d", q.Line, q.Col)
	}
	var got []string
	for _, tk := range res.Tokens {
		if tk.Kind == token.EOF {
			break
		}
		got = append(got, fmt.Sprintf("%s %s %s", tk.Text, pos(tk.Pos), pos(tk.Exp)))
	}
	want := []string{
		"int 6:1 -", "v 6:5 -", "= 6:7 -",
		"1 1:13 6:9", // from ONE's body, used at 6:9
		"; 6:12 -",
		"( 2:19 7:3", // ADD's body via TWICE, outermost use TWICE at 7:3
		"y 7:9 -",    // argument: spelled in the file
		"+ 2:22 7:3",
		"y 7:9 -",
		") 2:25 7:3",
		"xy 8:5 8:1", // pasted: the left operand's spelling
		"\"q\" 5:16 8:11",
		"long 9:1 -", // spliced identifier
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got:\n%q\nwant:\n%q", got, want)
	}
	if name := res.Expansions[res.Tokens[3].Exp]; name != "ONE" {
		t.Errorf("Expansions[ONE's use] = %q", name)
	}
	// The '(' of ADD's body, used through TWICE: clang's note chain goes
	// from the outermost macro (at ADD's name in TWICE's body) inwards.
	var chain []string
	for _, n := range res.ExpansionNotes(res.Tokens[5]) {
		chain = append(chain, n.Msg+" @"+pos(n.Pos))
	}
	if want := []string{"expanded from macro 'TWICE' @3:18", "expanded from macro 'ADD' @2:19"}; !reflect.DeepEqual(chain, want) {
		t.Errorf("ExpansionNotes = %q, want %q", chain, want)
	}
	if n := res.ExpansionNotes(res.Tokens[6]); n != nil {
		t.Errorf("argument token got notes %+v", n)
	}
}

func TestPragmas(t *testing.T) {
	src := "a\n#pragma pack_matrix(row_major)\nb\n#define CM column_major\n#pragma pack_matrix( CM )\n#pragma dxc diagnostic ignored \"-Wfoo\"\nc _Pragma(\"pack_matrix(row_major)\") d\n"
	res, fs, diags := run(t, src, nil, Config{})
	if diags != "" {
		t.Fatal(diags)
	}
	var got []string
	for _, p := range res.Pragmas {
		got = append(got, fmt.Sprintf("%s|%s @%d line %d", p.Name, joined(p.Args), p.TokenIndex, fs.Position(p.Pos).Line))
	}
	want := []string{
		"pack_matrix|( row_major ) @1 line 2",
		"pack_matrix|( column_major ) @2 line 5", // pack_matrix arguments are macro-expanded, as DXC lexes them
		"dxc|diagnostic ignored \"-Wfoo\" @2 line 6",
		"pack_matrix|( row_major ) @3 line 7",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got:\n%q\nwant:\n%q", got, want)
	}
	if j := joined(res.Tokens); j != "a b c d" {
		t.Errorf("tokens %s", j)
	}
}

func TestPredefinedMacros(t *testing.T) {
	m := PredefinedMacros(Target{Stage: "cs", Major: 6, Minor: 2, HLSLVersion: 2021, Enable16Bit: true, SPIRV: true, SPIRVMajor: 1, SPIRVMinor: 3})
	src := "__hlsl_dx_compiler __HLSL_VERSION __SHADER_TARGET_STAGE __SHADER_STAGE_COMPUTE __SHADER_STAGE_PIXEL " +
		"__SHADER_STAGE_MESH __SHADER_STAGE_AMPLIFICATION __SHADER_STAGE_LIBRARY __SHADER_TARGET_MAJOR __SHADER_TARGET_MINOR " +
		"__HLSL_ENABLE_16_BIT __spirv__ __SPIRV_MAJOR_VERSION__ __SPIRV_MINOR_VERSION__ __DXC_VERSION_MAJOR\n" +
		"#if __SHADER_TARGET_STAGE == __SHADER_STAGE_COMPUTE && defined(__spirv__)\nok\n#endif\n"
	res, _, diags := run(t, src, nil, Config{Predefined: m})
	if diags != "" {
		t.Fatal(diags)
	}
	if got, want := joined(res.Tokens), "1 2021 5 5 0 13 14 6 6 2 1 1 1 3 1 ok"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	m = PredefinedMacros(Target{Stage: "ps", Major: 6, Minor: 0, HLSLVersion: 2018})
	res, _, _ = run(t, "__SHADER_TARGET_STAGE __HLSL_ENABLE_16_BIT __spirv__", nil, Config{Predefined: m})
	if got, want := joined(res.Tokens), "0 __HLSL_ENABLE_16_BIT __spirv__"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
