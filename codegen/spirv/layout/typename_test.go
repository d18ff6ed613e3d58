package layout

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// TestTypeName pins DXC's names of types in buffer type names and
// temporaries (its AST type-name rules): a one-component vector and a 1x1
// matrix are scalars, 1xN and Nx1 matrices are vectors, and half is "half"
// whether it is 16 or 32 bits wide.
func TestTypeName(t *testing.T) {
	for _, cfg := range []types.Config{{}, {Enable16BitTypes: true}} {
		e := newEnv(t, cfg)
		e.declare("S", "float a")
		cases := map[string]string{
			"float":             "float",
			"half":              "half",
			"half3":             "v3half",
			"min16float2":       "v2min16float",
			"uint1":             "uint",
			"int4":              "v4int",
			"bool2":             "v2bool",
			"double":            "double",
			"float1x1":          "float",
			"float1x3":          "v3float",
			"float3x1":          "v3float",
			"float2x3":          "mat2v3float",
			"row_major half4x2": "mat4v2half",
			"S":                 "S",
			"S[2]":              "",
			"float[4]":          "",
		}
		if cfg.Enable16BitTypes {
			cases["uint16_t2"] = "v2ushort"
			cases["int64_t"] = "int64"
		}
		for src, want := range cases {
			if got := TypeName(e.ty(src)); got != want {
				t.Errorf("16-bit types %v: TypeName(%s) = %q, want %q", cfg.Enable16BitTypes, src, got, want)
			}
		}
	}
	if got := TypeName(types.ScalarType(types.LiteralInt)); got != "int" {
		t.Errorf("TypeName(literal int) = %q, want %q (the type it becomes)", got, "int")
	}
}
