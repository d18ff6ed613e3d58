package main

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/test/golden"
)

// TestGolden runs every test/golden/**/*.hlsl file through this command's
// own entry point, in process: flags are parsed exactly as a user's are.
func TestGolden(t *testing.T) {
	golden.Run(t, "../../test/golden", golden.FromCLI(run))
}
