package asm

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/disasm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// TestMatchesSpirvAs assembles every .spvasm fixture of the disassembler
// corpus with spirv-as and with this package: the words must be equal.
func TestMatchesSpirvAs(t *testing.T) {
	as := tool.Require(t, tool.SpirvAs)
	files, _ := filepath.Glob("../../test/corpus/spirv/*.spvasm")
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			args := []string{"-o", "-"}
			opts := Options{Version: spv.Version1_6} // spirv-as's default
			for _, line := range strings.Split(string(src), "\n") {
				if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "; as:"); ok {
					fs := strings.Fields(rest)
					for i := 0; i < len(fs); i++ {
						switch fs[i] {
						case "--preserve-numeric-ids":
							opts.PreserveNumericIDs = true
						case "--target-env":
							opts.Version = versionOfEnv(fs[i+1])
						}
					}
					args = append(args, fs...)
				}
			}
			want, stderr, err := tool.Run(as, nil, append(args, f)...)
			if err != nil {
				t.Skipf("spirv-as rejects the fixture: %s", stderr)
			}
			got, err := Assemble(string(src), opts)
			if err != nil {
				t.Fatal(err)
			}
			w := bytesToWords(want)
			got[2] = w[2] // the generator word: spirv-as names itself
			if !slices.Equal(got, w) {
				for i := range min(len(got), len(w)) {
					if got[i] != w[i] {
						t.Errorf("first difference at word %d: %#x, spirv-as %#x", i, got[i], w[i])
						break
					}
				}
				text, _ := disasm.Disassemble(got)
				t.Errorf("words differ from spirv-as's; ours disassembles as:\n%s", text)
			}
		})
	}
}

func bytesToWords(b []byte) []uint32 {
	w := make([]uint32, len(b)/4)
	for i := range w {
		w[i] = uint32(b[4*i]) | uint32(b[4*i+1])<<8 | uint32(b[4*i+2])<<16 | uint32(b[4*i+3])<<24
	}
	return w
}

func versionOfEnv(env string) spv.Version {
	switch env {
	case "spv1.1":
		return spv.Version1_1
	case "spv1.2":
		return spv.Version1_2
	case "spv1.3", "vulkan1.1":
		return spv.Version1_3
	case "spv1.4", "vulkan1.1spv1.4":
		return spv.Version1_4
	case "spv1.5", "vulkan1.2":
		return spv.Version1_5
	case "spv1.6", "vulkan1.3":
		return spv.Version1_6
	}
	return spv.Version1_0
}
