package diag

import (
	"reflect"
	"testing"
)

func TestIncludeTrail(t *testing.T) {
	fs := NewFileSet()
	main := fs.AddFile("top.hlsl", []byte("#include \"inc/a.h\"\nx\n"))
	a := fs.AddFile("./inc/a.h", []byte("#include \"b.h\"\n"))
	a.IncludedFrom = main.Pos(1)
	b := fs.AddFile("./inc/b.h", []byte("\n#error deep\n"))
	b.IncludedFrom = a.Pos(1)
	want := []string{"In file included from top.hlsl:1:", "In file included from ./inc/a.h:1:"}
	if got := fs.IncludeTrail(b.Pos(2)); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := fs.IncludeTrail(main.Pos(19)); got != nil {
		t.Errorf("main file: %q", got)
	}
}
