package intrinsics

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema/codes"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// TestDiagnosticRendering renders a resolution failure the way the
// checker will report it, clang-style, with the candidates as notes.
func TestDiagnosticRendering(t *testing.T) {
	fs := diag.NewFileSet()
	src := "float4 main() : SV_Target { return InterlockedCompareStoreFloatBitwise(i, j, k); }\n"
	f := fs.AddFile("t.hlsl", []byte(src))
	list := diag.NewList(fs, diag.Options{})
	u := types.NewUniverse(types.Config{})
	_, err := Resolve(u, parseCall(t, u, "InterlockedCompareStoreFloatBitwise(int, int, int)"))
	if err == nil {
		t.Fatal("resolved")
	}
	d := err.Diagnostic(f.Pos(strings.Index(src, "Interlocked")))
	if d.Code != codes.NoMatchingFunction {
		t.Errorf("code %d", d.Code)
	}
	list.Add(d)
	var b strings.Builder
	list.Render(&b)
	got := b.String()
	for _, want := range []string{
		"t.hlsl:1:36: error: no matching function for call to 'InterlockedCompareStoreFloatBitwise'",
		"note: candidate function not viable: no known conversion from 'int' to 'float &' for 1st argument",
		"1 error generated.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("rendered output lacks %q:\n%s", want, got)
		}
	}
	for _, tc := range []struct {
		call string
		code diag.Code
	}{
		{"nosuch(float)", codes.UndeclaredIdentifier},
		{"Texture2D<float4>.Nope()", codes.NoSuchMember},
		{"max(float4, float2x2)", codes.NoMatchingFunction},
	} {
		_, err := Resolve(u, parseCall(t, u, tc.call))
		if err == nil || err.Code() != tc.code {
			t.Errorf("%s: %v", tc.call, err)
		}
	}
}
