package layout_test

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/disasm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// A cbuffer under dxc's default rule: the float3 packs after the float,
// the column_major float2x3 is decorated RowMajor.
//
//	cbuffer MyCBuffer { float a; float3 b; float2x3 m; bool c; };
func ExampleLowerer_Block() {
	calc := layout.NewCalculator(layout.Options{})
	rules := layout.RulesFor(layout.Flags{})
	b := builder.New(spv.Version1_0)
	low := layout.NewLowerer(b, calc, rules)
	id, err := low.Block(layout.BlockSpec{
		Name: "type.MyCBuffer",
		Members: []layout.Member{
			{Name: "a", Type: types.ScalarType(types.Float)},
			{Name: "b", Type: types.Vec(types.Float, 3)},
			{Name: "m", Type: types.Mat(types.Float, 2, 3)},
			{Name: "c", Type: types.ScalarType(types.Bool)},
		},
		Rule:      rules.CBuffer,
		Interface: layout.UniformBlock,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	b.GlobalVariable(b.TypePointer(spv.StorageClassUniform, id), spv.StorageClassUniform, "MyCBuffer", 0)
	b.Capability(spv.CapabilityShader)
	b.MemoryModel(spv.AddressingModelLogical, spv.MemoryModelGLSL450)
	words, err := b.Words()
	if err != nil {
		fmt.Println(err)
		return
	}
	text, _ := disasm.Disassemble(words)
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, "Decorate") || strings.Contains(line, "OpTypeStruct") {
			fmt.Println(strings.TrimSpace(line))
		}
	}
	// Output:
	// OpMemberDecorate %type_MyCBuffer 0 Offset 0
	// OpMemberDecorate %type_MyCBuffer 1 Offset 4
	// OpMemberDecorate %type_MyCBuffer 2 Offset 16
	// OpMemberDecorate %type_MyCBuffer 2 MatrixStride 16
	// OpMemberDecorate %type_MyCBuffer 2 RowMajor
	// OpMemberDecorate %type_MyCBuffer 3 Offset 64
	// OpDecorate %type_MyCBuffer Block
	// %type_MyCBuffer = OpTypeStruct %float %v3float %mat2v3float %uint
}

// Member offsets of one struct under two rules.
func ExampleCalculator_Members() {
	calc := layout.NewCalculator(layout.Options{})
	ms := []layout.Member{
		{Name: "a", Type: types.ScalarType(types.Float)},
		{Name: "b", Type: types.Vec(types.Float, 3)},
	}
	for _, r := range []layout.Rule{layout.VkStd140, layout.GLStd140} {
		sl := calc.Members(ms, r)
		fmt.Println(r, sl.Members[0].Offset, sl.Members[1].Offset, sl.Size)
	}
	// Output:
	// vk-std140 0 4 16
	// gl-std140 0 16 32
}
