package headers_test

import (
	"bytes"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/headers"
)

// check runs the front end (dxc -fsyntax-only) on a test shader and returns
// the rendered diagnostics.
func check(t *testing.T, file string, opts frontend.Options) (string, bool) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	res, err := frontend.Check(opts, file, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	res.Diags.Render(&out)
	return out.String(), res.Failed()
}

// Every entry point of <vk/khr/cooperative_matrix.h> passes the front end
// for each component type, with and without 16-bit types.
func TestCooperativeMatrixAPI(t *testing.T) {
	cases := []struct {
		typ   string
		bit16 bool
	}{
		{"int", false}, {"uint", false}, {"float", false}, {"half", false}, {"double", false},
		{"int64_t", false}, {"uint64_t", false},
		{"int16_t", true}, {"uint16_t", true}, {"half", true}, {"float", true},
	}
	for _, c := range cases {
		opts := frontend.Options{Profile: "cs_6_0", TargetEnv: "vulkan1.3", Defines: []string{"TYPE=" + c.typ}}
		if c.bit16 {
			opts.Profile, opts.Enable16BitTypes = "cs_6_2", true
		}
		if out, failed := check(t, "testdata/coopmat_api.hlsl", opts); failed || out != "" {
			t.Errorf("TYPE=%s 16-bit=%v:\n%s", c.typ, c.bit16, out)
		}
	}
}

// Before SPIR-V 1.6 (Vulkan 1.3) the header stops with DXC's #error.
func TestCooperativeMatrixNeedsSPIRV16(t *testing.T) {
	for _, env := range []string{"vulkan1.0", "vulkan1.1", "vulkan1.2"} {
		opts := frontend.Options{Profile: "cs_6_0", TargetEnv: env, Defines: []string{"TYPE=int"}}
		out, failed := check(t, "testdata/coopmat_api.hlsl", opts)
		if !failed || !strings.Contains(out, `error: "CooperativeMatrix requires a minimum of SPIR-V 1.6"`) {
			t.Errorf("%s: want the #error, got:\n%s", env, out)
		}
	}
}

// The multiply-add functions are found by argument-dependent lookup, as
// DXC's tests call them.
func TestCooperativeMatrixArgumentDependentLookup(t *testing.T) {
	opts := frontend.Options{Profile: "cs_6_0", TargetEnv: "vulkan1.3"}
	out, failed := check(t, "testdata/coopmat_adl.hlsl", opts)
	if failed || out != "" {
		t.Errorf("%s", out)
	}
}

// The selectors pass the front end for every pair of scalar types they are
// defined for.
func TestSelectorAPI(t *testing.T) {
	types32 := []string{"uint32_t", "int32_t", "uint64_t", "int64_t", "half", "float", "double"}
	for _, bit16 := range []bool{false, true} {
		types := types32
		if bit16 {
			types = append([]string{"uint16_t", "int16_t"}, types32...)
		}
		for _, s := range types {
			for _, d := range types {
				opts := frontend.Options{Profile: "cs_6_0", TargetEnv: "vulkan1.3", Defines: []string{"SRC=" + s, "DST=" + d}}
				if bit16 {
					opts.Profile, opts.Enable16BitTypes = "cs_6_2", true
				}
				if out, failed := check(t, "testdata/selector_api.hlsl", opts); failed || out != "" {
					t.Errorf("%s -> %s, 16-bit=%v:\n%s", s, d, bit16, out)
				}
			}
		}
	}
}

// scalar describes a scalar type for the conversion rules.
type scalar struct {
	float  bool
	signed bool
	width  int
}

var scalars = map[string]scalar{
	"uint16_t": {false, false, 16}, "int16_t": {false, true, 16},
	"uint32_t": {false, false, 32}, "int32_t": {false, true, 32},
	"uint64_t": {false, false, 64}, "int64_t": {false, true, 64},
	"half": {true, true, 16}, "float": {true, true, 32}, "double": {true, true, 64},
}

// wantConversion is the instruction converting s to d, from SPIR-V's
// rules: copies between equal types, bitcasts between integers of one
// width, width changes extended by the target's signedness, integer <->
// float by the integer's signedness. Without 16-bit types half is float.
func wantConversion(s, d string, bit16 bool) string {
	a, b := scalars[s], scalars[d]
	if !bit16 {
		if s == "half" {
			a.width = 32
		}
		if d == "half" {
			b.width = 32
		}
	}
	switch {
	case a == b:
		return "Same"
	case a.float && b.float:
		return "FConvert"
	case a.float && b.signed:
		return "ConvertFToS"
	case a.float:
		return "ConvertFToU"
	case b.float && a.signed:
		return "ConvertSToF"
	case b.float:
		return "ConvertUToF"
	case a.width == b.width:
		return "Bitcast"
	case b.signed:
		return "SConvert"
	default:
		return "UConvert"
	}
}

// preprocess returns the preprocessed text of a built-in header.
func preprocess(t *testing.T, name string, bit16 bool) string {
	t.Helper()
	opts := frontend.Options{Profile: "cs_6_2", TargetEnv: "vulkan1.3", Enable16BitTypes: bit16}
	var out bytes.Buffer
	res, err := frontend.Preprocess(opts, "main.hlsl", []byte("#include <"+name+">\n"), &out)
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed() {
		var d bytes.Buffer
		res.Diags.Render(&d)
		t.Fatalf("%s:\n%s", name, d.String())
	}
	return out.String()
}

// The conversion table of <vk/opcode_selector.h> has exactly one entry for
// each pair of scalar types, and each picks the instruction SPIR-V's rules
// call for.
func TestConversionTable(t *testing.T) {
	conv := regexp.MustCompile(`class\s+ConversionSelector\s*<\s*(\w+)\s*,\s*(\w+)\s*>\s*\{[^}]*__builtin_spv_(\w+)\s*<`)
	for _, bit16 := range []bool{false, true} {
		text := preprocess(t, "vk/opcode_selector.h", bit16)
		got := map[[2]string]string{}
		for _, m := range conv.FindAllStringSubmatch(text, -1) {
			k := [2]string{m[1], m[2]}
			if _, dup := got[k]; dup {
				t.Errorf("16-bit=%v: %s -> %s defined twice", bit16, m[1], m[2])
			}
			got[k] = m[3]
		}
		n := 0
		for s := range scalars {
			for d := range scalars {
				if !bit16 && (strings.HasSuffix(s, "16_t") || strings.HasSuffix(d, "16_t")) {
					continue
				}
				n++
				if want := wantConversion(s, d, bit16); got[[2]string{s, d}] != want {
					t.Errorf("16-bit=%v: %s -> %s uses %q, want %q", bit16, s, d, got[[2]string{s, d}], want)
				}
			}
		}
		if len(got) != n {
			t.Errorf("16-bit=%v: %d conversions, want %d", bit16, len(got), n)
		}
	}
}

// ArithmeticSelector picks integer or float instructions, and unsigned
// division for unsigned types.
func TestArithmeticTable(t *testing.T) {
	arith := regexp.MustCompile(`class\s+ArithmeticSelector\s*<\s*(\w+)\s*>\s*\{([^;]*;){5}`)
	ops := regexp.MustCompile(`(Negate|Add|Sub|Mul|Div)\s*\([^)]*\)\s*\{\s*return\s+__builtin_spv_(\w+)`)
	for _, bit16 := range []bool{false, true} {
		text := preprocess(t, "vk/opcode_selector.h", bit16)
		seen := 0
		for _, m := range arith.FindAllStringSubmatch(text, -1) {
			sc, ok := scalars[m[1]]
			if !ok {
				t.Errorf("ArithmeticSelector<%s>: not a scalar type", m[1])
				continue
			}
			seen++
			for _, o := range ops.FindAllStringSubmatch(m[0], -1) {
				want := map[string]string{"Negate": "SNegate", "Add": "IAdd", "Sub": "ISub", "Mul": "IMul", "Div": "UDiv"}[o[1]]
				if sc.float {
					want = "F" + want[1:]
				} else if sc.signed && o[1] == "Div" {
					want = "SDiv"
				}
				if o[2] != want {
					t.Errorf("ArithmeticSelector<%s>::%s uses %s, want %s", m[1], o[1], o[2], want)
				}
			}
		}
		want := 7
		if bit16 {
			want = 9
		}
		if seen != want {
			t.Errorf("16-bit=%v: %d arithmetic selectors, want %d", bit16, seen, want)
		}
	}
}

// Every opcode, capability and enum value a header writes as a number is
// the one the SPIR-V grammar gives the name beside it.
func TestOpcodeNumbers(t *testing.T) {
	instr := regexp.MustCompile(`ext_instruction\(/\*\s*(Op\w+)\s*\*/\s*(\d+)\)`)
	macro := regexp.MustCompile(`HLSL2SPIRV_SPV_\w+\((\w+),\s*(\d+)\);`)
	capab := regexp.MustCompile(`ext_capability\(/\*\s*(\w+)\s*\*/\s*(\d+)\)`)
	typeOp := regexp.MustCompile(`/\*\s*(OpType\w+)\s*\*/\s*(\d+)`)
	n := 0
	for _, name := range headers.Names() {
		b, _ := headers.Lookup(name)
		text := string(b)
		for _, re := range []*regexp.Regexp{instr, macro, typeOp} {
			for _, m := range re.FindAllStringSubmatch(text, -1) {
				opName := m[1]
				if !strings.HasPrefix(opName, "Op") {
					opName = "Op" + opName
				}
				op, ok := spv.OpByName(opName)
				if v, _ := strconv.Atoi(m[2]); !ok || int(op) != v {
					t.Errorf("%s: %s is %d, not %s", name, opName, op, m[2])
				}
				n++
			}
		}
		for _, m := range capab.FindAllStringSubmatch(text, -1) {
			e := spv.KindCapability.EnumerantByName(m[1])
			if v, _ := strconv.Atoi(m[2]); e == nil || int(e.Value) != v {
				t.Errorf("%s: capability %s is not %s", name, m[1], m[2])
			}
			n++
		}
	}
	if n < 30 {
		t.Errorf("only %d numbers checked", n)
	}
}
