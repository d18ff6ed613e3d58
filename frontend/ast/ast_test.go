package ast

import (
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

// tree builds `float f(int i) { return -i; }` by hand.
func tree(fs *diag.FileSet) *File {
	src := "float f(int i) { return -i; }"
	file := fs.AddFile("t.hlsl", []byte(src))
	at := func(n Node, off, end int, id int32) {
		SetRange(n, file.Pos(off), file.Pos(end))
		SetID(n, id)
	}
	ret := &TypeExpr{Name: "float"}
	at(ret, 0, 5, 2)
	name := &Ident{Name: "f"}
	at(name, 6, 7, 3)
	pt := &TypeExpr{Name: "int"}
	at(pt, 8, 11, 5)
	pn := &Ident{Name: "i"}
	at(pn, 12, 13, 6)
	param := &Param{Type: pt, Name: pn}
	at(param, 8, 13, 4)
	x := &NameExpr{Name: "i"}
	at(x, 25, 26, 10)
	neg := &UnaryExpr{Op: Neg, X: x}
	at(neg, 24, 26, 9)
	rs := &ReturnStmt{Result: neg}
	at(rs, 17, 27, 8)
	body := &BlockStmt{List: []Stmt{rs}}
	at(body, 15, 29, 7)
	fn := &FuncDecl{Result: ret, Name: name, Params: []*Param{param}, Body: body}
	at(fn, 0, 29, 1)
	f := &File{Name: "t.hlsl", Decls: []Decl{fn}, NodeCount: 10}
	SetRange(f, file.Pos(0), file.Pos(len(src)))
	return f
}

func TestInspectOrder(t *testing.T) {
	fs := diag.NewFileSet()
	var order []int32
	depth, maxDepth := 0, 0
	Inspect(tree(fs), func(n Node) bool {
		if n == nil {
			depth--
			return false
		}
		order = append(order, n.ID())
		depth++
		if depth > maxDepth {
			maxDepth = depth
		}
		return true
	})
	want := []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	if len(order) != len(want) {
		t.Fatalf("visited %v, want %v", order, want)
	}
	for i := range want {
		if order[i] != want[i] {
			t.Fatalf("visited %v, want %v (source order)", order, want)
		}
	}
	if depth != 0 || maxDepth != 6 {
		t.Errorf("depth after walk %d, max %d; want 0 and 6", depth, maxDepth)
	}
}

func TestInspectSkipsChildren(t *testing.T) {
	fs := diag.NewFileSet()
	var kinds []string
	Inspect(tree(fs), func(n Node) bool {
		if n == nil {
			return false
		}
		switch n.(type) {
		case *File, *FuncDecl:
			kinds = append(kinds, "in")
			return true
		}
		kinds = append(kinds, "skip")
		return false
	})
	// File, FuncDecl, then its five children without descending.
	if got := strings.Join(kinds, " "); got != "in in skip skip skip skip" {
		t.Errorf("got %q", got)
	}
}

func TestFprint(t *testing.T) {
	fs := diag.NewFileSet()
	var b strings.Builder
	p := &Printer{Files: fs, ShortNames: true, Annotate: func(n Node) string {
		if _, ok := n.(*NameExpr); ok {
			return "'int'"
		}
		return ""
	}}
	if err := p.Fprint(&b, tree(fs)); err != nil {
		t.Fatal(err)
	}
	want := `File t.hlsl <t.hlsl:1:1>
  FuncDecl f <t.hlsl:1:1>
    TypeExpr float <t.hlsl:1:1>
    Ident f <t.hlsl:1:7>
    Param i <t.hlsl:1:9>
      TypeExpr int <t.hlsl:1:9>
      Ident i <t.hlsl:1:13>
    BlockStmt <t.hlsl:1:16>
      ReturnStmt <t.hlsl:1:18>
        UnaryExpr - <t.hlsl:1:25>
          NameExpr i <t.hlsl:1:26> 'int'
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestOpSpelling(t *testing.T) {
	for op, want := range map[Op]string{Shr: ">>", ShlAssign: "<<=", PostInc: "++", LogAnd: "&&", Comma: ","} {
		if op.String() != want {
			t.Errorf("%d.String() = %q, want %q", op, op.String(), want)
		}
	}
}
