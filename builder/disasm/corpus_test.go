package disasm

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// The differential tests build every fixture of test/corpus/spirv into a
// binary with the real tools (spirv-as for .spvasm, glslangValidator for
// GLSL and HLSL), run the installed spirv-dis on it and require our text to
// be identical, byte for byte.
//
// A fixture states its tool flags on a line of its own:
//
//	; as: --target-env spv1.3 --preserve-numeric-ids     (.spvasm)
//	// glslang: -S comp --target-env vulkan1.1          (GLSL, HLSL)

var corpusDir = filepath.Join("..", "..", "test", "corpus", "spirv")

// corpusFiles lists the fixtures with one of exts.
func corpusFiles(t testing.TB, exts ...string) []string {
	t.Helper()
	entries, err := os.ReadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		for _, ext := range exts {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ext) {
				files = append(files, filepath.Join(corpusDir, e.Name()))
			}
		}
	}
	sort.Strings(files)
	return files
}

// directive returns the flags a fixture states after prefix.
func directive(src []byte, prefix string) []string {
	for _, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(line, prefix); ok {
			return strings.Fields(rest)
		}
	}
	return nil
}

// built caches fixture binaries: several tests use each fixture.
var built sync.Map // path → []byte

// buildFixture turns a fixture into a SPIR-V binary with the external tools.
func buildFixture(t *testing.T, path string) []byte {
	t.Helper()
	if bin, ok := built.Load(path); ok {
		return bin.([]byte)
	}
	bin := buildFixtureWith(t, path, nil)
	built.Store(path, bin)
	return bin
}

// buildFixtureWith builds a fixture with extra tool flags.
func buildFixtureWith(t *testing.T, path string, extra []string) []byte {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out.spv")
	var prog string
	var args []string
	switch filepath.Ext(path) {
	case ".spvasm":
		prog = tool.Require(t, tool.SpirvAs)
		args = append(append(directive(src, "; as:"), extra...), "-o", out, path)
	case ".hlsl":
		prog = tool.Require(t, tool.Glslang)
		args = append([]string{"-V", "-D"}, directive(src, "// glslang:")...)
		args = append(append(args, extra...), "-o", out, path)
	default: // GLSL, the stage from the extension unless -S says otherwise
		prog = tool.Require(t, tool.Glslang)
		args = append([]string{"-V"}, directive(src, "// glslang:")...)
		args = append(append(args, extra...), "-o", out, path)
	}
	stdout, stderr, err := tool.Run(prog, nil, args...)
	if err != nil {
		t.Fatalf("%s %s: %v\n%s%s", filepath.Base(prog), strings.Join(args, " "), err, stdout, stderr)
	}
	bin, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// spirvDis runs the real spirv-dis with args on bin.
func spirvDis(t *testing.T, bin []byte, args ...string) (string, error) {
	t.Helper()
	dis := tool.Require(t, tool.SpirvDis)
	f := filepath.Join(t.TempDir(), "in.spv")
	if err := os.WriteFile(f, bin, 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, err := tool.Run(dis, nil, append(args, f)...)
	if err != nil {
		return "", fmt.Errorf("spirv-dis: %v: %s", err, stderr)
	}
	return string(stdout), nil
}

// requireSameText disassembles bin with opts and with spirv-dis (given the
// matching flags) and fails with the first differing lines.
func requireSameText(t *testing.T, bin []byte, opts Options, disArgs ...string) {
	t.Helper()
	want, err := spirvDis(t, bin, disArgs...)
	if err != nil {
		t.Fatal(err)
	}
	opts.SpirvDis2023 = true // the system spirv-dis is v2023.1
	var got bytes.Buffer
	if err := Write(&got, bin, opts); err != nil {
		t.Fatalf("disasm: %v (spirv-dis accepted the module)", err)
	}
	if d := firstDiff(want, got.String()); d != "" {
		t.Errorf("text differs from spirv-dis %s:\n%s", strings.Join(disArgs, " "), d)
	}
}

// disassemble2023 disassembles as spirv-dis v2023.1, the oracle of these
// tests, does.
func disassemble2023(bin []byte) (string, error) {
	var b bytes.Buffer
	err := Write(&b, bin, Options{SpirvDis2023: true})
	return b.String(), err
}

// firstDiff shows where two texts first differ, with a little context, or
// returns "" when they are equal.
func firstDiff(want, got string) string {
	if want == got {
		return ""
	}
	w := strings.SplitAfter(want, "\n")
	g := strings.SplitAfter(got, "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "first difference at line %d (spirv-dis %d lines, ours %d)\n", i+1, len(w), len(g))
	from := max(0, i-3)
	for j := from; j < i; j++ {
		fmt.Fprintf(&b, "  %q\n", w[j])
	}
	for j := i; j < min(i+4, len(w)); j++ {
		fmt.Fprintf(&b, "- %q\n", w[j])
	}
	for j := i; j < min(i+4, len(g)); j++ {
		fmt.Fprintf(&b, "+ %q\n", g[j])
	}
	return b.String()
}

// knownGaps are fixtures we cannot print like spirv-dis yet, each with the
// extended instruction set package spv lacks; a fixture is skipped only
// while its set is missing, so adding the table turns the test on.
var knownGaps = map[string]string{
	"ext_debuginfo.spvasm":  "DebugInfo",
	"ext_opencl_std.spvasm": "OpenCL.std",
	"ext_amd.spvasm":        "SPV_AMD_shader_trinary_minmax",
}

// skipKnownGap skips a fixture of knownGaps while package spv lacks its set.
func skipKnownGap(t *testing.T, path string) {
	if set, ok := knownGaps[filepath.Base(path)]; ok && spv.ExtInstSetByName(set) == nil {
		t.Skipf("SKIP: builder/spv has no table for the %s extended instruction set", set)
	}
}

var glslExts = []string{".comp", ".vert", ".frag", ".geom", ".tesc", ".tese", ".rgen", ".rchit", ".rmiss", ".mesh", ".task"}

func TestCorpusMatchesSpirvDis(t *testing.T) {
	files := corpusFiles(t, append([]string{".spvasm", ".hlsl"}, glslExts...)...)
	if len(files) < 40 {
		t.Errorf("only %d fixtures in %s; the corpus should have 40 or more", len(files), corpusDir)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			skipKnownGap(t, f)
			bin := buildFixture(t, f)
			requireSameText(t, bin, Options{})
		})
	}
}

// TestCorpusOptions checks spirv-dis's other output forms on every fixture.
func TestCorpusOptions(t *testing.T) {
	for _, f := range corpusFiles(t, append([]string{".spvasm", ".hlsl"}, glslExts...)...) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			skipKnownGap(t, f)
			bin := buildFixture(t, f)
			requireSameText(t, bin, Options{RawIDs: true, NoIndent: true}, "--raw-id", "--no-indent")
			requireSameText(t, bin, Options{NoHeader: true}, "--no-header")
		})
	}
}

// TestCorpusBigEndian byte-swaps every fixture: the text must not change,
// and must still be spirv-dis's. spirv-dis v2023.1 reads an
// OpExtInstImport's name from the unswapped words of a big-endian module
// and rejects it ("Invalid extended instruction import 'LSLGdts.054.'"), so
// modules with imports are only compared with their little-endian text.
func TestCorpusBigEndian(t *testing.T) {
	for _, f := range corpusFiles(t, ".spvasm", ".frag", ".comp") {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			skipKnownGap(t, f)
			bin := buildFixture(t, f)
			swapped := make([]byte, len(bin))
			for i := 0; i+4 <= len(bin); i += 4 {
				binary.BigEndian.PutUint32(swapped[i:], binary.LittleEndian.Uint32(bin[i:]))
			}
			le, err := DisassembleBytes(bin)
			if err != nil {
				t.Fatal(err)
			}
			be, err := DisassembleBytes(swapped)
			if err != nil {
				t.Fatal(err)
			}
			if d := firstDiff(le, be); d != "" {
				t.Errorf("big-endian text differs from little-endian:\n%s", d)
			}
			if !strings.Contains(le, "OpExtInstImport") {
				requireSameText(t, swapped, Options{})
			}
		})
	}
}

// TestGlslangVariants compiles every GLSL and HLSL fixture again with
// glslang's optimizer (-Os: phis, merged blocks, folded constants), with
// OpLine debug info (-g) and with NonSemantic shader debug info and source
// (-gVS), and compares each module with spirv-dis.
func TestGlslangVariants(t *testing.T) {
	if testing.Short() {
		t.Skip("three more glslang and spirv-dis runs per fixture")
	}
	variants := map[string][]string{
		"Os":  {"-Os"},
		"g":   {"-g"},
		"gVS": {"-gVS"},
	}
	for _, f := range corpusFiles(t, append([]string{".hlsl"}, glslExts...)...) {
		for name, flags := range variants {
			t.Run(filepath.Base(f)+"/"+name, func(t *testing.T) {
				t.Parallel()
				requireSameText(t, buildFixtureWith(t, f, flags), Options{})
			})
		}
	}
}
