package golden

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// fakeCLI stands in for cmd/hlsl2spirv: it prints a disassembly, fails on
// -DERR, and writes a module for -Fo.
func fakeCLI(args []string, stdout, stderr io.Writer) int {
	fo := ""
	for i, a := range args {
		switch {
		case a == "-DERR":
			fmt.Fprintln(stderr, "f.hlsl:1:1: error: broken")
			return 1
		case a == "-Fo" && i+1 < len(args):
			fo = args[i+1]
		}
	}
	if fo != "" {
		return func() int {
			if err := os.WriteFile(fo, tool.Words2Bytes([]uint32{0x07230203, 0x00010000, 0, 1, 0}), 0o644); err != nil {
				return 3
			}
			return 0
		}()
	}
	fmt.Fprintln(stdout, "OpCapability Shader")
	return 0
}

func TestFromCLI(t *testing.T) {
	c := FromCLI(fakeCLI)
	out := c([]string{"-T", "ps_6_0", "f.hlsl"}, "f.hlsl", nil)
	if out.Err != nil || out.Text != "OpCapability Shader\n" || len(out.SPIRV) != 5 || out.SPIRV[0] != 0x07230203 {
		t.Errorf("success: %+v", out)
	}
	out = c([]string{"-DERR", "f.hlsl"}, "f.hlsl", nil)
	if out.Err == nil || !strings.Contains(out.Diagnostics, "error: broken") || out.SPIRV != nil {
		t.Errorf("failure: %+v", out)
	}
	out = c([]string{"-fsyntax-only", "f.hlsl"}, "f.hlsl", nil)
	if out.Err != nil || out.SPIRV != nil {
		t.Errorf("-fsyntax-only: %+v", out)
	}
}
