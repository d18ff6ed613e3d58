package exec

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

func TestParseDataEncodes(t *testing.T) {
	tests := []struct {
		text string
		want []byte
	}{
		{"1 2", []byte{1, 0, 0, 0, 2, 0, 0, 0}},
		{"i32 -1", []byte{0xff, 0xff, 0xff, 0xff}},
		{"u8 1 255 u16 0x1234", []byte{1, 255, 0x34, 0x12}},
		{"i16 -2", []byte{0xfe, 0xff}},
		{"f32 1.5", le32(math.Float32bits(1.5))},
		{"f32 0x7fc00001", le32(0x7fc00001)},
		{"f32 -inf", le32(math.Float32bits(float32(math.Inf(-1))))},
		{"f64 0.1", le64(math.Float64bits(0.1))},
		{"f16 1 -2 65504", []byte{0x00, 0x3c, 0x00, 0xc0, 0xff, 0x7b}},
		{"u32 7*3", []byte{7, 0, 0, 0, 7, 0, 0, 0, 7, 0, 0, 0}},
		{"u8 iota(4)", []byte{0, 1, 2, 3}},
		{"u8 iota(3, 10, 5)", []byte{10, 15, 20}},
		{"i64 -9223372036854775808", le64(1 << 63)},
		{"uint 1, float 2", append(le32(1), le32(math.Float32bits(2))...)},
	}
	for _, tc := range tests {
		d, err := ParseData(tc.text, false)
		if err != nil {
			t.Errorf("ParseData(%q): %v", tc.text, err)
			continue
		}
		if string(d.Bytes) != string(tc.want) {
			t.Errorf("ParseData(%q) = % x, want % x", tc.text, d.Bytes, tc.want)
		}
	}
}

func TestParseDataErrors(t *testing.T) {
	for _, text := range []string{
		"u8 256", "i8 128", "u32 -0x1 x", "f32 abc", "iota(x)", "1*-1",
		"_",           // any-value only in expectations
		"tol=0.1 1",   // tolerances only in expectations
		"u16 0x10000", // too wide
	} {
		if _, err := ParseData(text, false); err == nil {
			t.Errorf("ParseData(%q) succeeded, want an error", text)
		}
	}
}

func TestCompare(t *testing.T) {
	exp, err := ParseData("u32 1 _ f32 nan 1.0 tol=0.01 2.0 ulp=1 3.0", true)
	if err != nil {
		t.Fatal(err)
	}
	actual := append(le32(1), le32(12345)...)
	actual = append(actual, le32(0x7fc00123)...)              // any NaN
	actual = append(actual, le32(math.Float32bits(1.0))...)   // exact
	actual = append(actual, le32(math.Float32bits(2.005))...) // within tol
	actual = append(actual, le32(math.Float32bits(3.0)+1)...) // 1 ulp
	if mm := exp.Compare(actual); len(mm) != 0 {
		t.Errorf("Compare reports %+v for matching data", mm)
	}
	bad := append([]byte{}, actual...)
	binary.LittleEndian.PutUint32(bad[0:], 2)
	binary.LittleEndian.PutUint32(bad[12:], math.Float32bits(1.0000001))
	binary.LittleEndian.PutUint32(bad[16:], math.Float32bits(2.02))
	mm := exp.Compare(bad[:20])
	var idx []int
	for _, m := range mm {
		idx = append(idx, m.Index)
	}
	if want := []int{0, 3, 4, 5}; !equalInts(idx, want) {
		t.Errorf("Compare flags elements %v, want %v (%+v)", idx, want, mm)
	}
	if mm[len(mm)-1].Actual != "(past the end)" {
		t.Errorf("a missing element shows %q", mm[len(mm)-1].Actual)
	}
}

func TestParseFile(t *testing.T) {
	src := `// comment
//: in A = f32 1 2
//: dispatch 4 2
//: xfail glslang: a reason
//: case one
//: expect Out = u32 3
//: case two
//: flags -T cs_6_0 -E other -HV 2018
//: in A format=r32f = f32 5
//: spec 3 = i32 -1
//: push = u32 9
//: expect Out = u32 4
[numthreads(1,1,1)] void main() {}
`
	f, err := Parse("x.hlsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Cases) != 2 {
		t.Fatalf("got %d cases", len(f.Cases))
	}
	one, two := f.Cases[0], f.Cases[1]
	if one.Name != "one" || one.Dispatch != [3]uint32{4, 2, 1} || strings.Join(one.Args, " ") != "-T cs_6_0 -E main" {
		t.Errorf("case one = %+v", one)
	}
	if one.XFail["glslang"] != "a reason" || two.XFail["glslang"] != "a reason" {
		t.Errorf("file-level xfail not inherited: %v %v", one.XFail, two.XFail)
	}
	if len(two.Inputs) != 1 || two.Inputs[0].Options["format"] != "r32f" || len(two.Inputs[0].Data.Bytes) != 4 {
		t.Errorf("case two's input did not replace the file's: %+v", two.Inputs)
	}
	if len(one.Inputs) != 1 || len(one.Inputs[0].Data.Bytes) != 8 {
		t.Errorf("case one lost the file's input: %+v", one.Inputs)
	}
	if len(two.Specs) != 1 || two.Specs[0].ID != 3 || two.Push == nil || entryArg(two.Args) != "other" {
		t.Errorf("case two = %+v", two)
	}
}

func TestParseFileErrors(t *testing.T) {
	for _, src := range []string{
		"//: frobnicate\n//: expect X = 1\n",
		"//: dispatch 0\n//: expect X = 1\n",
		"//: in A = f32 x\n//: expect X = 1\n",
		"//: xfail glslang\n//: expect X = 1\n",
		"//: in A bogus=1 = 1\n//: expect X = 1\n",
		"//: case a\n//: expect X = 1\n//: case a\n//: expect X = 1\n",
		"//: expect X\n",
		"//: in A = 1\n", // no expectation
		"//: spec 1 = 1 2\n//: expect X = 1\n",
	} {
		if _, err := Parse("bad.hlsl", []byte(src)); err == nil {
			t.Errorf("Parse accepted:\n%s", src)
		} else if !strings.HasPrefix(err.Error(), "bad.hlsl:") {
			t.Errorf("error %q does not name the file", err)
		}
	}
}

// TestReflect reflects a module compiled by glslang from a shader that
// declares one resource of each kind the runner binds.
func TestReflect(t *testing.T) {
	glslang := tool.Require(t, tool.Glslang)
	src := `
struct S { float3 a; float b; uint c[2]; };
cbuffer CB : register(b0) { float4 v; float f; };
StructuredBuffer<S> SB : register(t1);
RWByteAddressBuffer BAB : register(u2);
Buffer<float4> TB : register(t3);
RWBuffer<uint> RTB : register(u4);
Texture2D<float4> Tex : register(t5);
SamplerState Smp : register(s6);
RWTexture2DArray<float4> Img : register(u7);
[[vk::constant_id(9)]] const int K = 1;
[numthreads(4, 2, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  BAB.Store(0, asuint(v.x + f + SB[0].b + TB[0].x + Tex.SampleLevel(Smp, float2(0, 0), 0).x) + K);
  RTB[0] = SB[0].c[1];
  Img[uint3(0, 0, 0)] = 1;
}
`
	dir := t.TempDir()
	in, out := filepath.Join(dir, "r.hlsl"), filepath.Join(dir, "r.spv")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if o, e, err := tool.Run(glslang, nil, "-V", "-D", "-S", "comp", "-e", "main", "-o", out, in); err != nil {
		t.Fatalf("glslang: %v\n%s%s", err, o, e)
	}
	code, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Reflect(code)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.EntryPoints) != 1 || m.EntryPoints[0] != "main" || m.LocalSize != [3]uint32{4, 2, 1} {
		t.Errorf("entry points %v, local size %v", m.EntryPoints, m.LocalSize)
	}
	want := map[uint32]struct {
		kind          Kind
		size, rstride int
	}{
		0: {UniformBuffer, 20, 0},
		1: {StorageBuffer, 0, 32}, // S: float3 at 0, b at 12, c at 16 (stride 4): 24, rounded to 16
		2: {StorageBuffer, 0, 4},
		3: {UniformTexelBuffer, 0, 0},
		4: {StorageTexelBuffer, 0, 0},
		5: {SampledImage, 0, 0},
		6: {Sampler, 0, 0},
		7: {StorageImage, 0, 0},
	}
	if len(m.Bindings) != len(want) {
		t.Fatalf("bindings %+v", m.Bindings)
	}
	for _, b := range m.Bindings {
		w := want[b.Binding]
		if b.Kind != w.kind || b.Size != w.size || b.RuntimeStride != w.rstride {
			t.Errorf("binding %d = %v size %d stride %d, want %v size %d stride %d",
				b.Binding, b.Kind, b.Size, b.RuntimeStride, w.kind, w.size, w.rstride)
		}
	}
	img, err := m.Find("Img")
	if err != nil || img.Dim != 1 || img.Arrayed != 1 || img.Format != 1 {
		t.Errorf("Img = %+v, %v", img, err)
	}
	if b, err := m.Find("0:5"); err != nil || b.VarName != "Tex" {
		t.Errorf("Find(0:5) = %+v, %v", b, err)
	}
	if _, err := m.Find("Nope"); err == nil || !strings.Contains(err.Error(), `"SB"`) {
		t.Errorf("Find(Nope) error %v does not list the resources", err)
	}
	if len(m.Specs) != 1 || m.Specs[0] != (SpecConstant{9, 4}) {
		t.Errorf("specs %+v", m.Specs)
	}
	for _, bad := range [][]byte{nil, code[:7], append([]byte{1, 2, 3, 4}, code[4:]...)} {
		if _, err := Reflect(bad); err == nil {
			t.Errorf("Reflect accepted %d bad bytes", len(bad))
		}
	}
}

func le32(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }
func le64(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestRunnerErrors checks that the runner reports bad jobs and Vulkan
// failures with a clear message and a non-zero exit, never a crash.
func TestRunnerErrors(t *testing.T) {
	runner := Runner(t)
	dir := t.TempDir()
	bogus := filepath.Join(dir, "bogus.spv")
	if err := os.WriteFile(bogus, []byte{1, 2, 3}, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ job, want string }{
		{"frobnicate 1 2\n", "job line 1: cannot parse"},
		{"entry main\n", "job has no module line"},
		{"module " + filepath.Join(dir, "missing.spv") + "\n", "cannot open"},
		{"module " + bogus + "\n", "not a multiple of 4"},
		{"module " + bogus + "\nbuffer 9 0 ssbo 16 - -\n", "descriptor set 9"},
	}
	for _, tc := range tests {
		job := filepath.Join(dir, "job.txt")
		if err := os.WriteFile(job, []byte(tc.job), 0o644); err != nil {
			t.Fatal(err)
		}
		_, stderr, err := tool.Run(runner, nil, job)
		if err == nil || !strings.Contains(string(stderr), tc.want) || !strings.HasPrefix(string(stderr), "runner: ") {
			t.Errorf("job %q: err %v, stderr %q; want a failure mentioning %q", tc.job, err, stderr, tc.want)
		}
	}
}

// TestRunnerServe checks the serve mode through runJob: a failing job ends
// its runner with the runner's message, and the next job gets a new runner.
func TestRunnerServe(t *testing.T) {
	runner := Runner(t)
	glslang := tool.Require(t, tool.Glslang)
	dir := t.TempDir()
	src, spv := filepath.Join(dir, "s.hlsl"), filepath.Join(dir, "s.spv")
	shader := "RWStructuredBuffer<uint> Out : register(u0);\n[numthreads(4,1,1)] void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = id.x * 7; }\n"
	if err := os.WriteFile(src, []byte(shader), 0o644); err != nil {
		t.Fatal(err)
	}
	if o, e, err := tool.Run(glslang, nil, "-V", "-D", "-S", "comp", "-e", "main", "-o", spv, src); err != nil {
		t.Fatalf("glslang: %v\n%s%s", err, o, e)
	}
	out := filepath.Join(dir, "out.bin")
	good, bad := filepath.Join(dir, "good.txt"), filepath.Join(dir, "bad.txt")
	goodJob := "module " + spv + "\nentry main\nbuffer 0 0 ssbo 16 - " + out + "\n"
	if err := os.WriteFile(good, []byte(goodJob), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("module "+spv+"\nentry nosuchentry\nbuffer 0 0 ssbo 16 - -\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, job := range []string{good, bad, good, good} {
		os.Remove(out)
		err := runJob(runner, job)
		if job == bad {
			if err == nil || !strings.Contains(err.Error(), "vkCreateComputePipelines") {
				t.Errorf("job %d: error %v, want the failing Vulkan call", i, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("job %d: %v", i, err)
		}
		data, err := os.ReadFile(out)
		if err != nil || binary.LittleEndian.Uint32(data[12:]) != 21 {
			t.Errorf("job %d: output % x, %v", i, data, err)
		}
	}
}
