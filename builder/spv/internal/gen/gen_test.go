package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestGeneratedFilesUpToDate regenerates the tables into a temporary
// directory and compares them with the committed files: run
// `go generate ./builder/spv` after changing the grammar or the generator.
func TestGeneratedFilesUpToDate(t *testing.T) {
	files, err := generate(filepath.Join("..", "..", "grammar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("generator produced no files")
	}
	tmp := t.TempDir()
	if err := writeFiles(files, tmp); err != nil {
		t.Fatal(err)
	}
	for name := range files {
		want, err := os.ReadFile(filepath.Join(tmp, name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join("..", "..", name))
		if err != nil {
			t.Errorf("%s: %v (run go generate ./builder/spv)", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go generate ./builder/spv", name)
		}
	}
	committed, _ := filepath.Glob(filepath.Join("..", "..", "*_gen.go"))
	for _, path := range committed {
		if _, ok := files[filepath.Base(path)]; !ok {
			t.Errorf("%s is not produced by the generator any more: delete it", path)
		}
	}
}

// TestGeneratorRejectsBadGrammar feeds a grammar with an unknown operand
// kind and expects an error, not a panic or silent output.
func TestGeneratorRejectsBadGrammar(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join("..", "..", "grammar")
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if e.Name() == "spirv.core.grammar.json" {
			data = bytes.Replace(data, []byte(`"kind" : "IdResultType"`), []byte(`"kind" : "NoSuchKind"`), 1)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := generate(dir); err == nil {
		t.Fatal("generate accepted an operand of unknown kind")
	}
}
