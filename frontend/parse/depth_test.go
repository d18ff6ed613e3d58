package parse

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	p "github.com/hlsl2spirv/hlsl2spirv/grammar/parser"
	"github.com/hlsl2spirv/hlsl2spirv/test/bench"
)

// declsTooDeep skips the declarations whose node count (as addTopLevel
// counts it) is below the depth limit, which is sound only if no
// declaration holds more distinct nodes than that count: this checks it on
// the benchmark corpus, the 5,000-line shader and the AST test files.
func TestDeclNodesBoundDeclarations(t *testing.T) {
	shaders, err := bench.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	shaders = append(shaders, bench.Shader{Name: "big.hlsl", Source: bigShader(t)})
	files, _ := filepath.Glob(filepath.Join("testdata", "ast", "*.hlsl"))
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		shaders = append(shaders, bench.Shader{Name: name, Source: src})
	}
	for _, s := range shaders {
		fs, toks := preprocess(t, s.Source)
		diags := diag.NewList(fs, diag.Options{})
		c := newClassifier(&sliceFeed{toks}, diags, diags)
		tree, deep, parsed := defaultParser.parseGuarded(newTokenStream(c), diags, c, c.finish, nil, &Stats{}, nil, nil)
		if deep != nil || !parsed {
			continue
		}
		b := &builder{toks: &c.toks, diags: diags, name: s.Name}
		f := b.begin(nil)
		for _, top := range allKids[*p.TopLevelDeclContext](tree) {
			decls, nodes := b.addTopLevel(f, top)
			for _, d := range decls {
				seen := map[ast.Node]bool{}
				ast.Inspect(d, func(n ast.Node) bool {
					if n != nil {
						seen[n] = true
					}
					return true
				})
				if int32(len(seen)) > nodes {
					t.Errorf("%s: declaration at %v holds %d nodes, counted %d", s.Name, d.Pos(), len(seen), nodes)
				}
			}
		}
	}
}
