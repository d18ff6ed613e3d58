package layout

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// bigStruct declares a 256-member struct mixing every shape, nesting a
// 16-member struct and arrays of it.
func bigStruct(tb testing.TB) (*env, *types.Type) {
	e := newEnv(tb, types.Config{})
	shapes := []string{"float", "float3", "double2", "row_major float3x4", "float2x3", "int4", "bool3", "half2[5]", "float4x4[2]", "uint2[3][2]", "min16float3", "row_major int2x3"}
	var inner []string
	for i := 0; i < 16; i++ {
		inner = append(inner, fmt.Sprintf("%s i%d", shapes[i%len(shapes)], i))
	}
	e.declare("Inner", strings.Join(inner, "; "))
	var outer []string
	for i := 0; i < 256; i++ {
		ty := shapes[i%len(shapes)]
		if i%17 == 0 {
			ty = "Inner[3]"
		}
		name, dims, _ := strings.Cut(ty, "[")
		if dims != "" {
			dims = "[" + dims
		}
		outer = append(outer, fmt.Sprintf("%s m%d%s", name, i, dims))
	}
	return e, e.declare("Big", strings.Join(outer, "; "))
}

// BenchmarkStructLayout measures a cold layout of a large struct (every
// member type computed once) under each rule.
func BenchmarkStructLayout(b *testing.B) {
	e, big := bigStruct(b)
	for _, r := range []Rule{VkStd140, VkStd430, DXCBuffer, Scalar} {
		b.Run(r.String(), func(b *testing.B) {
			for b.Loop() {
				c := e.calc(Options{})
				if c.Struct(big, r).Size == 0 {
					b.Fatal("empty")
				}
			}
		})
	}
}

// BenchmarkLower measures lowering the large struct into a fresh module.
func BenchmarkLower(b *testing.B) {
	e, big := bigStruct(b)
	for b.Loop() {
		l := NewLowerer(builder.New(spv.Version1_0), e.calc(Options{}), RulesFor(Flags{}))
		if _, err := l.Type(big, VkStd430); err != nil {
			b.Fatal(err)
		}
	}
}
