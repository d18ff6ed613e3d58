package frontend

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/binary"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/test/golden"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// fuzzProfiles are the targets FuzzCompile picks from with the low four
// bits of its mode byte. The order is part of the corpus format: append only.
var fuzzProfiles = []string{
	"ps_6_0", "vs_6_0", "cs_6_0", "gs_6_0", "hs_6_0", "ds_6_0", "lib_6_3", "lib_6_8",
	"ms_6_5", "as_6_5", "ps_6_6", "vs_6_6", "cs_6_6", "cs_6_2", "ps_6_8", "cs_6_8",
}

// Mode bits above the profile.
const (
	fuzz16Bit   = 1 << 4 // -enable-16bit-types
	fuzzReflect = 1 << 5 // -fspv-reflect
	fuzzHV2018  = 1 << 6 // -HV 2018
	fuzzRowMaj  = 1 << 7 // -Zpr
)

// fuzzEnvs are the target environments of FuzzCompile's env byte (modulo
// their count). Append only.
var fuzzEnvs = []string{"vulkan1.0", "vulkan1.1", "vulkan1.1spirv1.4", "vulkan1.2", "vulkan1.3", "universal1.5"}

func fuzzOptions(mode uint8, entry string, env uint8) Options {
	o := Options{Profile: fuzzProfiles[mode&15], Entry: entry, ReadFile: noIncludes,
		Enable16BitTypes: mode&fuzz16Bit != 0, RowMajor: mode&fuzzRowMaj != 0, Reflect: mode&fuzzReflect != 0,
		TargetEnv: fuzzEnvs[int(env)%len(fuzzEnvs)]}
	if mode&fuzzHV2018 != 0 {
		o.HLSLVersion = 2018
	}
	return o
}

// FuzzCompile runs arbitrary text through every stage, from the
// preprocessor to the serialised module, for one of fuzzProfiles with the
// options of the mode byte. It must never panic or report an internal
// compiler error, and whatever it accepts must be a valid module: one that
// reads back and, when spirv-val is installed, that spirv-val accepts for
// its target environment. The seeds are every golden test (with its first
// RUN line's profile, entry and options), the execution tests and the
// examples.
func FuzzCompile(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s.src, s.mode, s.entry, s.env)
	}
	f.Add("float4 main(float4 c : COLOR) : SV_Target { return c * 2; }", uint8(0), "main", uint8(0))
	f.Add("[numthreads(1,1,1)] void main() { int a[3] = {1,2,3}; for (int i = 0; i < 3; i++) a[i] += i; }", uint8(2), "main", uint8(1))
	val := tool.Lookup(tool.SpirvVal)
	f.Fuzz(func(t *testing.T, src string, mode uint8, entry string, env uint8) {
		if len(src) > 1<<15 {
			// Large mutated files spend the budget in the parser's
			// recovery (FuzzParse covers it); keep this target on codegen.
			return
		}
		opts := fuzzOptions(mode, entry, env)
		// A golden test whose first RUN line has -Vd (node shaders: their
		// entry wrappers pass payload pointers, which logical addressing
		// forbids until they are inlined) compiles as that line does.
		if runs := golden.RunLines([]byte(src)); len(runs) > 0 {
			opts.DisableValidation = slices.Contains(strings.Fields(runs[0].Command), "-Vd")
		}
		res, err := Compile(opts, "fuzz.hlsl", []byte(src))
		if err != nil {
			return // unusable options (an entry name the mutator made up)
		}
		for _, d := range res.Diags.Diags {
			if d.Severity >= diag.Error && strings.Contains(d.Msg, "internal compiler error") {
				t.Fatalf("internal error (%s, mode %#x, entry %q): %s\n--- input:\n%s", opts.Profile, mode, entry, d.Msg, src)
			}
		}
		if res.Failed() {
			return
		}
		if _, err := binary.ReadWords(res.SPIRV); err != nil {
			t.Fatalf("the module does not read back: %v", err)
		}
		if val == "" || strings.Contains(src, "vk::ext_") {
			// inline SPIR-V: the source names the capabilities and
			// instructions, valid for the target env or not, as with DXC
			// (whose validator then refuses the module)
			return
		}
		venv, vopts := golden.ValidatorOptions([]string{"-fspv-target-env=" + opts.TargetEnv})
		if err := tool.Validate(t, tool.Words2Bytes(res.SPIRV), venv, vopts...); err != nil && !validatorTooOld.MatchString(err.Error()) {
			t.Fatalf("invalid module (%s, mode %#x, entry %q): %v\n--- input:\n%s", opts.Profile, mode, entry, err, src)
		}
	})
}

type fuzzSeed struct {
	src       string
	mode, env uint8
	entry     string
}

// validatorTooOld matches spirv-val refusing what it does not know yet
// (Debian's 2023.1 predates SPV_AMDX_shader_enqueue, the KHR cooperative
// matrix and compute derivatives): no verdict on the module.
var validatorTooOld = regexp.MustCompile(`Invalid (capability|extension) operand|Operand \d+ of \w+ is out of range|unknown (capability|extension)`)

var (
	profileFlag = regexp.MustCompile(`-T\s*([a-z]+)_(\d)_(\d+)`)
	entryFlag   = regexp.MustCompile(`-E\s*(\S+)`)
	envFlag     = regexp.MustCompile(`-fspv-target-env=(\S+)`)
)

// fuzzSeeds reads the golden tests, execution tests and examples, each with
// the options of its first RUN (or flags) line mapped onto the mode byte:
// the fuzzProfiles entry of the same stage closest above its shader model.
func fuzzSeeds(tb testing.TB) []fuzzSeed {
	var paths []string
	for _, g := range []string{"../test/golden/*/*.hlsl", "../test/exec/testdata/*.hlsl", "../test/examples/*.hlsl"} {
		m, _ := filepath.Glob(g)
		paths = append(paths, m...)
	}
	var seeds []fuzzSeed
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		cmd := ""
		if runs := golden.RunLines(src); len(runs) > 0 {
			cmd = runs[0].Command
		} else if i := strings.Index(string(src), "//: flags "); i >= 0 {
			cmd, _, _ = strings.Cut(string(src[i:]), "\n")
		}
		s := fuzzSeed{src: string(src), mode: 2, entry: "main"}
		if m := profileFlag.FindStringSubmatch(cmd); m != nil {
			s.mode = nearestProfile(m[1], m[2]+"_"+m[3])
		}
		if m := entryFlag.FindStringSubmatch(cmd); m != nil {
			s.entry = m[1]
		}
		if m := envFlag.FindStringSubmatch(cmd); m != nil {
			for i, e := range fuzzEnvs {
				if e == m[1] {
					s.env = uint8(i)
				}
			}
		}
		for flag, bit := range map[string]uint8{"-enable-16bit-types": fuzz16Bit, "-fspv-reflect": fuzzReflect,
			"-HV 2018": fuzzHV2018, "-Zpr": fuzzRowMaj} {
			if strings.Contains(cmd, flag) {
				s.mode |= bit
			}
		}
		seeds = append(seeds, s)
	}
	return seeds
}

func nearestProfile(stage, model string) uint8 {
	best, bestModel := -1, ""
	for i, p := range fuzzProfiles {
		st, m, _ := strings.Cut(p, "_")
		if st != stage {
			continue
		}
		// the lowest model at or above the seed's, else the highest
		if best < 0 || (m >= model && (bestModel < model || m < bestModel)) || (bestModel < model && m > bestModel) {
			best, bestModel = i, m
		}
	}
	if best < 0 {
		return 2
	}
	return uint8(best)
}

func noIncludes(string) ([]byte, error) { return nil, os.ErrNotExist }
