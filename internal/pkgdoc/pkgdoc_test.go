// Package pkgdoc checks that every package's doc comment maps its files:
// each hand-written or generated Go file of a package with more than one is
// named in the package comment, and every file the comment names exists. A
// package doc that drifts from its directory fails the build's tests.
package pkgdoc

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// pending lists the packages whose file maps are still to be written; the
// list only shrinks.
var pending = map[string]bool{}

// fileName matches a Go file named in a comment, not a path into another
// directory.
var fileName = regexp.MustCompile(`(^|[^/\w.*])([a-z0-9_*]+\.go)\b`)

func TestPackageDocsMapTheirFiles(t *testing.T) {
	root := moduleRoot(t)
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "node_modules") {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(root, path)
		checkDir(t, path, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func checkDir(t *testing.T, dir, rel string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	var doc strings.Builder
	generated := 0
	fset := token.NewFileSet()
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			t.Errorf("%s/%s: %v", rel, n, err)
			continue
		}
		if ignored(f.Comments) {
			continue // a generator run by go generate, not part of the package
		}
		files = append(files, n)
		if ast.IsGenerated(f) {
			generated++
		}
		if f.Doc != nil {
			doc.WriteString(f.Doc.Text())
		}
	}
	if len(files) < 2 || generated == len(files) {
		return // one file says it all; a generated package is its generator's
	}
	if pending[rel] {
		return
	}
	text := doc.String()
	if text == "" {
		t.Errorf("%s: no package comment", rel)
		return
	}
	named := map[string]bool{}
	for _, m := range fileName.FindAllStringSubmatch(text, -1) {
		named[m[2]] = true
	}
	var missing []string
	for _, f := range files {
		if f != "doc.go" && !covered(named, f) {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		t.Errorf("%s: the package comment does not say what these files hold: %s", rel, strings.Join(missing, ", "))
	}
	var stale []string
	for f := range named {
		if strings.HasSuffix(f, "_test.go") {
			continue // tests are not mapped
		}
		if m, _ := filepath.Glob(filepath.Join(dir, f)); len(m) == 0 {
			stale = append(stale, f)
		}
	}
	if len(stale) > 0 {
		sort.Strings(stale)
		t.Errorf("%s: the package comment names files that are not there: %s", rel, strings.Join(stale, ", "))
	}
}

// covered reports whether a file is named, by itself or by a pattern such
// as *_gen.go.
func covered(named map[string]bool, file string) bool {
	if named[file] {
		return true
	}
	for n := range named {
		if ok, _ := filepath.Match(n, file); ok {
			return true
		}
	}
	return false
}

// ignored reports a //go:build ignore file.
func ignored(groups []*ast.CommentGroup) bool {
	for _, g := range groups {
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//go:build") && strings.Contains(c.Text, "ignore") {
				return true
			}
		}
	}
	return false
}

func moduleRoot(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
}
