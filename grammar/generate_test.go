package grammar

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/grammar/atnload"
	"github.com/hlsl2spirv/hlsl2spirv/grammar/parser"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// TestGeneratedParserIsCurrent regenerates the parser from HLSLParser.g4
// into a temporary directory and fails when the committed grammar/parser
// differs: run `make generate` (or grammar/generate.sh) after editing the
// grammar.
func TestGeneratedParserIsCurrent(t *testing.T) {
	if _, err := exec.LookPath("java"); err != nil {
		tool.Missing(t, "java not found; install a JDK (17+) to regenerate the ANTLR parser")
	}
	if _, err := exec.LookPath("npm"); err != nil {
		tool.Missing(t, "npm not found; install nodejs/npm to fetch the ANTLR tool (antlr4ng-cli)")
	}
	if testing.Short() {
		t.Skip("regenerating the parser takes a few seconds")
	}
	out := t.TempDir()
	cmd := exec.Command("./generate.sh", out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		tool.Missing(t, "grammar/generate.sh failed (is the npm registry reachable?): "+err.Error()+"\n"+stderr.String())
	}
	fresh, err := filepath.Glob(filepath.Join(out, "*.go"))
	if err != nil || len(fresh) == 0 {
		t.Fatalf("generate.sh produced no Go files in %s", out)
	}
	committed, _ := filepath.Glob(filepath.Join("parser", "*.go"))
	if len(committed) != len(fresh) {
		t.Errorf("grammar/parser has %d Go files, generation gives %d", len(committed), len(fresh))
	}
	for _, f := range fresh {
		want, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join("parser", filepath.Base(f)))
		if err != nil {
			t.Errorf("%s is generated but not committed", filepath.Base(f))
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("grammar/parser/%s is stale: run make generate", filepath.Base(f))
		}
	}
}

// The parser deserializes its ATN without the ANTLR runtime's checks of
// the ATN's structure (grammar/parser/atn.go): they run here instead.
func TestATNIsWellFormed(t *testing.T) {
	parser.VerifyATN()
}

// The parser's ATN comes from grammar/atnload, and is the ATN the ANTLR
// runtime's deserializer makes.
func TestATNLoadsAsRuntimes(t *testing.T) {
	atn := atnload.Load(parser.SerializedATN())
	if atn == nil {
		t.Fatal("atnload declines the parser's ATN: the runtime's deserializer would load it, at ten times the cost")
	}
	if !reflect.DeepEqual(atn, parser.VerifyATN()) {
		t.Error("atnload's ATN differs from the runtime's")
	}
	if !reflect.DeepEqual(parser.NewATN(), atn) {
		t.Error("parser.NewATN differs from atnload's ATN")
	}
}
