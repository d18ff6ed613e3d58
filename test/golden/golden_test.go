package golden

import (
	"testing"
)

// hlslCompiler compiles the .hlsl golden files. It is nil until the
// compiler exists; the lead wires frontend.Compile in here, e.g.
//
//	func init() { hlslCompiler = func(args []string, name string, src []byte) Output { ... } }
var hlslCompiler Compiler

// TestGoldenHLSL runs every test/golden/**/*.hlsl file.
func TestGoldenHLSL(t *testing.T) {
	files, err := Files(".", []string{".hlsl"})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skip("no .hlsl golden files yet")
	}
	if hlslCompiler == nil {
		t.Fatalf("%d .hlsl golden files but no compiler plugged in (set hlslCompiler in golden_test.go)", len(files))
	}
	Run(t, ".", hlslCompiler)
}

// TestGoldenSPIRVAssembly runs every test/golden/**/*.spvasm file through
// spirv-as and spirv-dis: hand-written SPIR-V with DXC-style CHECK lines.
func TestGoldenSPIRVAssembly(t *testing.T) {
	RunConfig(t, ".", Config{
		Tools: map[string]Compiler{"%spirv-as": SpirvAs},
		Exts:  []string{".spvasm"},
	})
}
