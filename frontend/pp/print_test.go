package pp

import (
	"bytes"
	"testing"
)

// printCases give -P output as DXC prints it (clang 3.7's printer with
// #line directives; the first two mirror the shape of DXC's own
// Preprocess unit tests).
var printCases = []struct {
	name, src string
	files     map[string]string
	defines   []string
	legacy    bool // -flegacy-macro-expansion
	want      string
}{
	{
		name:    "defines and blank lines",
		src:     "// First line\r\nTYPE g_v = VALUE;\r\n#define NAME other\r\nint NAME;",
		defines: []string{"TYPE=int", "VALUE=123"},
		want:    "#line 1 \"main.hlsl\"\n\nint g_v = 123;\n\nint other;\n",
	},
	{
		// The shape of DXC's own test of -P with -flegacy-macro-expansion.
		name:   "legacy pasting, long gap, indentation",
		src:    "\n#define SLOT_A 10\n#define BIND_A 5\n\n#define SLOT(I) SLOT_##I\n#define BIND(I) BIND_##I\n\n#define NAMED(N,S,B) res_s_##S##_b_##B##_##N\n\n#define RES(N,I) NAMED(N, SLOT(I), BIND(I))\n\n    Texture2D<float4> res_s_10_b_5_img;\n\n  float4 main() : SV_Target{\n    return RES(img, A)[uint2(1, 2)];\n  }\n",
		legacy: true,
		want:   "#line 1 \"main.hlsl\"\n#line 12 \"main.hlsl\"\n    Texture2D<float4> res_s_10_b_5_img;\n\n  float4 main() : SV_Target{\n    return res_s_10_b_5_img[uint2(1, 2)];\n  }\n",
	},
	{
		name: "long gap uses #line and keeps indentation",
		src:  "#define A 1\n#define B 2\n#define C 3\n#define D 4\n#define E 5\n#define F 6\n#define G 7\n#define H 8\n#define I 9\n#define J 10\n\n    float x = A;\n\n  float y;\n",
		want: "#line 1 \"main.hlsl\"\n#line 12 \"main.hlsl\"\n    float x = 1;\n\n  float y;\n",
	},
	{
		name: "macro arguments over lines stay on the use's line",
		src:  "#define F(x) x\n  F(a\nb) c\nd",
		want: "#line 1 \"main.hlsl\"\n\n  a b c\n\nd\n",
	},
	{
		name:  "include",
		src:   "z\n#include \"inc.h\"\nq\n",
		files: map[string]string{"inc.h": "inc\n"},
		want:  "#line 1 \"main.hlsl\"\nz\n\n#line 1 \"./inc.h\"\ninc\n#line 3 \"main.hlsl\"\nq\n",
	},
	{
		name:  "guarded include read once",
		src:   "#include \"g.h\"\n#include \"g.h\"\nz\n",
		files: map[string]string{"g.h": "#if !defined(G)\n#define G\ng\n#endif\n"},
		want:  "#line 1 \"main.hlsl\"\n#line 1 \"./g.h\"\n\n\ng\n#line 2 \"main.hlsl\"\n\nz\n",
	},
	{
		name: "leading <built-in> lines dropped, as DXC does",
		src:  "#line 1 \"<built-in>\"\r\nint x;",
		want: "#line 1 \"main.hlsl\"\n\n",
	},
	{
		name: "line directive",
		src:  "a\n#line 50 \"x.hlsl\"\nb\nc\n",
		want: "#line 1 \"main.hlsl\"\na\n#line 50 \"x.hlsl\"\nb\nc\n",
	},
	{
		name: "pragma printed back",
		src:  "a\n#pragma pack_matrix(row_major)\nb\n",
		want: "#line 1 \"main.hlsl\"\na\n#pragma pack_matrix(row_major)\nb\n",
	},
	{
		name: "pragma printed as written",
		src:  "#define CM column_major\n#pragma pack_matrix( CM )\n#pragma dxc diagnostic ignored \"-Wfoo\"\n#pragma region X\nx\n",
		want: "#line 1 \"main.hlsl\"\n\n#pragma pack_matrix( CM )\n#pragma dxc diagnostic ignored \"-Wfoo\"\n\nx\n",
	},
	{
		name: "avoid concatenation",
		src:  "#define M -\n#define E\n-M x E+ +M- a E b 1 E.5",
		want: "#line 1 \"main.hlsl\"\n\n\n- - x + +- - a b 1 .5\n",
	},
}

func TestPrint(t *testing.T) {
	for _, c := range printCases {
		t.Run(c.name, func(t *testing.T) {
			res, fs, diags := run(t, c.src, c.files, Config{Defines: c.defines, LegacyMacroExpansion: c.legacy})
			if diags != "" {
				t.Fatalf("diagnostics:\n%s", diags)
			}
			var b bytes.Buffer
			Print(&b, fs, res)
			if got := b.String(); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}
