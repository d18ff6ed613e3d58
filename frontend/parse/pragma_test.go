package parse

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/pp"
)

func TestPragmasRecorded(t *testing.T) {
	src := "float4x4 a;\n#pragma pack_matrix(row_major)\nfloat4x4 b;\n"
	fs := diag.NewFileSet()
	diags := diag.NewList(fs, diag.Options{})
	res := pp.Preprocess(fs, diags, "p.hlsl", []byte(src), pp.Config{})
	f := File(fs, diags, "p.hlsl", res.Tokens, res.Pragmas...)
	if diags.HasErrors() {
		t.Fatalf("errors: %v", diags.Diags)
	}
	if len(f.Pragmas) != 1 {
		t.Fatalf("got %d pragmas, want 1", len(f.Pragmas))
	}
	pr := f.Pragmas[0]
	if pr.Name != "pack_matrix" || strings.Join(pr.Args, " ") != "( row_major )" {
		t.Errorf("pragma = %q %q", pr.Name, pr.Args)
	}
	a, b := f.Decls[0].(*ast.VarDecl), f.Decls[1].(*ast.VarDecl)
	if !(a.Pos() < pr.Next) || b.Pos() != pr.Next {
		t.Errorf("pragma.Next = %d; a at %d, b at %d: b must be the first declaration after it", pr.Next, a.Pos(), b.Pos())
	}
}
