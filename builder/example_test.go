package builder_test

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// A fragment shader writing a constant color, built and serialised.
func Example() {
	b := builder.New(spv.Version1_0)
	b.MemoryModel(spv.AddressingModelLogical, spv.MemoryModelGLSL450)
	v4 := b.TypeVector(b.TypeFloat(32), 4)
	out := b.GlobalVariable(b.TypePointer(spv.StorageClassOutput, v4), spv.StorageClassOutput, "out.var.SV_Target", 0)
	b.Decorate(out, spv.DecorationLocation, builder.Lit(0))

	f := b.Function("main", b.TypeVoid(), spv.FunctionControlNone)
	f.StartBlock(f.NewBlock("bb.entry"))
	one := b.ConstFloat32(1)
	f.Store(out, b.ConstComposite(v4, one, one, one, one))
	f.Return()
	f.End()
	b.EntryPoint(spv.ExecutionModelFragment, f.ID(), "main", out)
	b.ExecutionMode(f.ID(), spv.ExecutionModeOriginUpperLeft)
	builder.InferCapabilities(b.M) // adds Shader

	words, err := b.Words()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("magic %#08x, version %#08x, bound %d, %d words, capabilities %v\n",
		words[0], words[1], words[3], len(words), b.M.Capabilities)
	// Output: magic 0x07230203, version 0x00010000, bound 11, 82 words, capabilities [Shader]
}
