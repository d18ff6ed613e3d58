// Command initcost imports builder/spv and uses it, so that
// TestInitCost can measure the package's initialisation with
// GODEBUG=inittrace=1.
package main

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

func main() {
	fmt.Println(spv.InstructionInfo(spv.OpLoad).Name(), spv.CapabilityShader, spv.ExtInstSetByName("GLSL.std.450").Inst(spv.GLSLstd450Sqrt).Name())
}
