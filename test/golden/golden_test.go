package golden

import (
	"testing"
)

// The .hlsl golden files are run by cmd/hlsl2spirv's TestGolden, through
// the command's own entry point, so that RUN-line flags are parsed exactly as
// a user's are (this package cannot import a main package).

// TestGoldenSPIRVAssembly runs every test/golden/**/*.spvasm file through
// spirv-as and spirv-dis: hand-written SPIR-V with DXC-style CHECK lines.
func TestGoldenSPIRVAssembly(t *testing.T) {
	RunConfig(t, ".", Config{
		Tools: map[string]Compiler{"%spirv-as": SpirvAs},
		Exts:  []string{".spvasm"},
	})
}
