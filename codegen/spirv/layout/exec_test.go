package layout_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/test/exec"
)

// TestExecuteLayouts runs the layouts on a Vulkan driver (lavapipe): a
// compute shader reads every scalar component of a block, through access
// chains into the lowered types, and writes the 32-bit words it got to an
// output buffer. The block is filled with each word's own index, so the
// output says where the driver found each component; it must be where
// HLSL semantics put it: HLSL m[r][c] of a column_major matrix at
// c*MatrixStride + 4r, of a row_major one at r*MatrixStride + 4c, array
// element i at i*ArrayStride. This checks the decorations and the
// row/column inversion end to end, not just against our own numbers.
func TestExecuteLayouts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a Vulkan driver")
	}
	runner := exec.Runner(t)
	names, straddle := layout.ExecCaseNames()
	rules := []layout.Rule{layout.VkStd140, layout.VkStd430, layout.GLStd140, layout.GLStd430, layout.DXCBuffer, layout.DXSBuffer, layout.Scalar}
	for _, n := range names {
		for _, r := range rules {
			if slices.Contains(straddle[n], r) {
				continue
			}
			t.Run(n+"/"+r.String(), func(t *testing.T) {
				t.Parallel()
				module, inWords, want, ok := layout.ExecModule(t, n, r)
				if !ok {
					t.Skip("nothing to read")
				}
				run(t, runner, module, inWords, want)
			})
		}
	}
}

func run(t *testing.T, runner string, module []byte, inWords uint32, want []uint32) {
	mod, err := exec.Reflect(module)
	if err != nil {
		t.Fatal(err)
	}
	inData, err := exec.ParseData(fmt.Sprintf("u32 iota(%d)", inWords), false)
	if err != nil {
		t.Fatal(err)
	}
	words := make([]string, len(want))
	for i, w := range want {
		words[i] = fmt.Sprint(w)
	}
	expect, err := exec.ParseData("u32 "+strings.Join(words, " "), true)
	if err != nil {
		t.Fatal(err)
	}
	cs := &exec.Case{
		Dispatch: [3]uint32{1, 1, 1},
		Inputs:   []*exec.Resource{{Name: "In", Data: inData}},
		Expects:  []*exec.Resource{{Name: "Out", Data: expect}},
	}
	res, err := exec.Execute(runner, t.TempDir(), module, mod, cs)
	if err != nil {
		t.Fatal(err)
	}
	if err := exec.Check(mod, cs, res); err != nil {
		t.Error(err)
	}
}
