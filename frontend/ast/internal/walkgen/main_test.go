package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWalkGenUpToDate regenerates walk_gen.go and compares it with the
// committed file: run `go generate ./frontend/ast` after changing a node.
func TestWalkGenUpToDate(t *testing.T) {
	dir := filepath.Join("..", "..")
	want, err := generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "walk_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("walk_gen.go is stale: run go generate ./frontend/ast")
	}
}

// The generator walks node fields in declaration order, lists nodes with
// no children as leaves, and leaves out a field marked "not walked" and
// fields that are not nodes.
func TestWalkGenFields(t *testing.T) {
	dir := t.TempDir()
	src := `package ast

type NodeBase struct{ Id int32 }
type Node interface{ node() }
type Expr interface{ Node }

type Leaf struct{ NodeBase }

type Pair struct {
	NodeBase
	Name  *Leaf
	Count int
	Items []Expr
	Back  *Leaf // not walked: a back reference
	Value Expr
	other *Leaf
}

type NotANode struct{ X *Leaf }
`
	if err := os.WriteFile(filepath.Join(dir, "nodes.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	for _, want := range []string{
		"case *Leaf:\n",
		"case *Pair:\n\t\tif n.Name != nil {\n\t\t\tWalk(v, n.Name)\n\t\t}\n\t\twalkList(v, n.Items)\n\t\twalkOpt(v, n.Value)\n\tdefault:",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("generated code lacks %q:\n%s", want, text)
		}
	}
	for _, bad := range []string{"n.Back", "n.Count", "n.other", "NotANode"} {
		if strings.Contains(text, bad) {
			t.Errorf("generated code walks %s:\n%s", bad, text)
		}
	}
}
