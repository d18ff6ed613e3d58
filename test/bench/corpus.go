// Package bench is the compile-speed corpus: typical vertex, pixel and
// compute shaders of 150 to 250 lines written for this project (the *.hlsl
// files here, each giving its flags on its first line, "// bench: -T ps_6_0
// -E main"), and Big, which generates a long shader. compare.sh times
// whole hlsl2spirv processes on them side by side with glslangValidator
// (make bench-cold); the Go benchmarks of frontend and cmd/hlsl2spirv
// compile them in process.
package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// A Shader is one file of the corpus.
type Shader struct {
	Name    string // file name, e.g. "pbr_forward.ps.hlsl"
	Path    string
	Profile string // -T
	Entry   string // -E
	Source  []byte
}

// Dir is the corpus folder.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(file)
}

// Corpus reads every shader of the corpus, in name order.
func Corpus() ([]Shader, error) {
	paths, err := filepath.Glob(filepath.Join(Dir(), "*.hlsl"))
	if err != nil || len(paths) == 0 {
		return nil, fmt.Errorf("no benchmark shaders in %s: %v", Dir(), err)
	}
	var out []Shader
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		s := Shader{Name: filepath.Base(p), Path: p, Source: src}
		first, _, _ := strings.Cut(string(src), "\n")
		flags := strings.Fields(strings.TrimPrefix(first, "// bench:"))
		for i := 0; i+1 < len(flags); i++ {
			switch flags[i] {
			case "-T":
				s.Profile = flags[i+1]
			case "-E":
				s.Entry = flags[i+1]
			}
		}
		if !strings.HasPrefix(first, "// bench:") || s.Profile == "" || s.Entry == "" {
			return nil, fmt.Errorf("%s: the first line must be \"// bench: -T <profile> -E <entry>\"", p)
		}
		out = append(out, s)
	}
	return out, nil
}

// Big returns a pixel shader (-T ps_6_0 -E main) of at least the given
// number of lines: the corpus's forward PBR shader, then generated helper
// functions — loops, branches, a switch, vector math and intrinsics, each
// calling the one before — and an entry point that calls the last.
func Big(lines int) ([]byte, error) {
	src, err := os.ReadFile(filepath.Join(Dir(), "pbr_forward.ps.hlsl"))
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString(strings.Replace(string(src), "float4 main(PSInput input)", "float4 shadePBR(PSInput input)", 1))
	b.WriteString("\nfloat4 helper0(float4 a, float s) { return a * s; }\n")
	k := 1
	for strings.Count(b.String(), "\n") < lines-4 {
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
float4 main(PSInput input) : SV_Target {
  return helper%d(shadePBR(input), input.position.x);
}
`, k-1)
	return []byte(b.String()), nil
}
