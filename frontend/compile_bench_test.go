package frontend

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// typicalShader is the ~200-line pixel shader the parser benchmarks use.
func typicalShader(tb testing.TB) []byte {
	tb.Helper()
	src, err := os.ReadFile(filepath.Join("parse", "testdata", "bench", "typical.hlsl"))
	if err != nil {
		tb.Fatal(err)
	}
	return src
}

// bigShader is typical.hlsl followed by generated helper functions — loops,
// branches, a switch, vector math and intrinsics, each calling the one
// before — and an entry point that calls the last, to about n lines.
func bigShader(tb testing.TB, n int) []byte {
	var b strings.Builder
	b.Write(typicalShader(tb))
	b.WriteString("\nfloat4 helper0(float4 a, float s) { return a * s; }\n")
	k := 1
	for strings.Count(b.String(), "\n") < n {
		fmt.Fprintf(&b, `
float4 helper%[1]d(float4 a, float s) {
  float4 r = helper%[2]d(a, s + %[1]d.0);
  [loop] for (int i = 0; i < 4; ++i) {
    if (r[i] > s) {
      r.yzw += sin(r.x * i) * float3(0.5, 0.25, 0.125);
    } else {
      r = r * s - float4(%[1]d, 1, 2, 3);
    }
  }
  switch (int(s) & 3) {
  case 0: r.x = dot(r.xyz, a.xyz); break;
  case 1: r.y = length(r); // fall through
  case 2: r.z = max(r.z, a.w); break;
  default: r.w = clamp(r.w, -1.0, 1.0); break;
  }
  float3 c = cross(normalize(r.xyz + 1e-3), float3(0, 1, 0));
  uint bits = asuint(c.x) ^ (uint(%[1]d) << 3);
  return float4(c, float(bits & 255u)) + lerp(a, r, saturate(s * 0.01));
}
`, k, k-1)
		k++
	}
	fmt.Fprintf(&b, `
float4 main(float4 pos : SV_Position, float4 color : COLOR0) : SV_Target {
  return helper%d(color, pos.x);
}
`, k-1)
	return []byte(b.String())
}

func compileOrFail(tb testing.TB, opts Options, src []byte) *Result {
	tb.Helper()
	res, err := Compile(opts, "bench.hlsl", src)
	if err != nil {
		tb.Fatal(err)
	}
	if res.Failed() {
		var sb strings.Builder
		res.Diags.Render(&sb)
		tb.Fatalf("compile failed:\n%s", sb.String())
	}
	return res
}

// The benchmark shaders compile to valid SPIR-V.
func TestBenchShadersCompile(t *testing.T) {
	tool.Require(t, tool.SpirvVal)
	big := bigShader(t, 5000)
	if n := strings.Count(string(big), "\n"); n < 5000 {
		t.Fatalf("the big shader has %d lines, want 5000", n)
	}
	for _, c := range []struct {
		name string
		opts Options
		src  []byte
	}{
		{"typical", Options{Profile: "ps_6_0", Entry: "PSMain"}, typicalShader(t)},
		{"5000 lines", Options{Profile: "ps_6_0"}, big},
	} {
		res := compileOrFail(t, c.opts, c.src)
		if err := tool.Validate(t, builder.LittleEndian(res.SPIRV), "vulkan1.0", "--relax-block-layout"); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// BenchmarkCompileTypical is the whole compile (preprocess, parse, check,
// emit) of the 200-line shader through the library, warm: the parser's
// prediction cache is filled by the first iteration.
func BenchmarkCompileTypical(b *testing.B) {
	src := typicalShader(b)
	opts := Options{Profile: "ps_6_0", Entry: "PSMain"}
	compileOrFail(b, opts, src)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		compileOrFail(b, opts, src)
	}
}

// BenchmarkCompile5000Lines is the whole compile of a 5,000-line shader,
// warm.
func BenchmarkCompile5000Lines(b *testing.B) {
	src := bigShader(b, 5000)
	opts := Options{Profile: "ps_6_0"}
	compileOrFail(b, opts, src)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		compileOrFail(b, opts, src)
	}
}

// BenchmarkCompileColdProcess runs the hlsl2spirv command in a fresh
// process per iteration on the 200-line shader (and, as a sub-benchmark,
// the 5,000-line one): ns/op is the cold whole-process time, with the
// parser's caches empty, as a user sees it.
func BenchmarkCompileColdProcess(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "hlsl2spirv")
	build := exec.Command("go", "build", "-tags", "antlr.nomutex", "-o", bin, "../cmd/hlsl2spirv")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("building hlsl2spirv: %v\n%s", err, out)
	}
	big := filepath.Join(b.TempDir(), "big.hlsl")
	if err := os.WriteFile(big, bigShader(b, 5000), 0o644); err != nil {
		b.Fatal(err)
	}
	out := filepath.Join(b.TempDir(), "out.spv")
	for _, c := range []struct{ name, file, entry string }{
		{"typical", filepath.Join("parse", "testdata", "bench", "typical.hlsl"), "PSMain"},
		{"5000lines", big, "main"},
	} {
		b.Run(c.name, func(b *testing.B) {
			var cpu float64
			for i := 0; i < b.N; i++ {
				cmd := exec.Command(bin, "-T", "ps_6_0", "-E", c.entry, "-Fo", out, c.file)
				if msg, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("hlsl2spirv: %v\n%s", err, msg)
				}
				cpu += float64(cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime())
			}
			b.ReportMetric(cpu/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}
