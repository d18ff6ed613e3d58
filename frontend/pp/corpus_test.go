package pp

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

var update = flag.Bool("update", false, "rewrite the expected outputs of test/corpus/pp")

// TestCorpus preprocesses every test/corpus/pp/*.hlsl and compares the -P
// output plus the rendered diagnostics with the .pp file next to it.
// Refresh after a deliberate change with: go test ./frontend/pp -run Corpus -update
func TestCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "test", "corpus", "pp")
	files, err := filepath.Glob(filepath.Join(dir, "*.hlsl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus in %s: %v", dir, err)
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			// Names relative to the corpus folder keep the output stable.
			cfg := Config{
				IncludeDirs: []string{"."},
				ReadFile:    func(p string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, p)) },
			}
			fs := diag.NewFileSet()
			dl := diag.NewList(fs, diag.Options{})
			res := Preprocess(fs, dl, name, src, cfg)
			var out bytes.Buffer
			Print(&out, fs, res)
			if len(dl.Diags) > 0 {
				out.WriteString("---- diagnostics\n")
				dl.Render(&out)
			}
			golden := strings.TrimSuffix(path, ".hlsl") + ".pp"
			if *update {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("output differs from %s:\n%s", golden, out.String())
			}
		})
	}
}
