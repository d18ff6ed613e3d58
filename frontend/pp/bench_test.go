package pp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

// bigShader generates a shader of about n lines in the style of real ones:
// comments, macros with arguments, conditionals, cbuffers and functions.
func bigShader(n int) []byte {
	var b strings.Builder
	b.WriteString(`// Generated benchmark shader.
#define PI 3.14159265f
#define SATURATE(x) clamp((x), 0.0f, 1.0f)
#define LERP3(a, b, t) float3(lerp((a).x, (b).x, (t)), lerp((a).y, (b).y, (t)), lerp((a).z, (b).z, (t)))
#define DECLARE_TEX(name, reg) Texture2D<float4> name : register(t##reg); SamplerState name##_s : register(s##reg)
#ifndef QUALITY
#define QUALITY 2
#endif
`)
	for i := 0; strings.Count(b.String(), "\n") < n; i++ {
		fmt.Fprintf(&b, `
/* Material block %[1]d: parameters and a shading function. */
cbuffer Material%[1]d : register(b%[2]d)
{
    float4 baseColor%[1]d;   // albedo
    float  roughness%[1]d;
    float3 emissive%[1]d;
};
DECLARE_TEX(tex%[1]d, %[2]d);

float3 shade%[1]d(float3 n, float3 l, float2 uv)
{
    float ndl = SATURATE(dot(n, l));
#if QUALITY > 1
    float3 albedo = tex%[1]d.Sample(tex%[1]d_s, uv).rgb * baseColor%[1]d.rgb;
#else
    float3 albedo = baseColor%[1]d.rgb;
#endif
    float spec = pow(ndl, 1.0f / max(roughness%[1]d, 0.001f)) * (1.0f / PI);
    return LERP3(albedo * ndl, emissive%[1]d, 0.5h) + spec + 0x1Fu * 1e-3;
}
`, i, i%16)
	}
	return []byte(b.String())
}

func BenchmarkPreprocess5000Lines(b *testing.B) {
	src := bigShader(5000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		fs := diag.NewFileSet()
		dl := diag.NewList(fs, diag.Options{})
		res := Preprocess(fs, dl, "big.hlsl", src, Config{})
		if dl.HasErrors() || len(res.Tokens) < 10000 {
			b.Fatalf("bad result: %d tokens, errors %v", len(res.Tokens), dl.HasErrors())
		}
	}
}

func TestBigShaderPreprocesses(t *testing.T) {
	src := bigShader(5000)
	fs := diag.NewFileSet()
	dl := diag.NewList(fs, diag.Options{})
	res := Preprocess(fs, dl, "big.hlsl", src, Config{})
	if len(dl.Diags) != 0 {
		t.Fatalf("diagnostics: %v", dl.Diags)
	}
	if n := strings.Count(string(src), "\n"); n < 5000 {
		t.Errorf("only %d lines", n)
	}
	if j := joined(res.Tokens[:40]); !strings.Contains(j, "register ( t0 )") {
		t.Errorf("paste in DECLARE_TEX not applied: %s", j)
	}
}
