package builder

import (
	"slices"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// buildWithHelper makes main call helper; main writes an output, helper
// reads an input and a private variable; an unused input exists too.
func buildWithHelper(version spv.Version) (b *ModuleBuilder, main ID, in, out, priv, unused ID) {
	b = New(version)
	b.MemoryModel(spv.AddressingModelLogical, spv.MemoryModelGLSL450)
	f32 := b.TypeFloat(32)
	v4 := b.TypeVector(f32, 4)
	unused = b.GlobalVariable(b.TypePointer(spv.StorageClassInput, f32), spv.StorageClassInput, "unused", 0)
	b.Decorate(unused, spv.DecorationLocation, Lit(1))
	in = b.GlobalVariable(b.TypePointer(spv.StorageClassInput, f32), spv.StorageClassInput, "in", 0)
	b.Decorate(in, spv.DecorationLocation, Lit(0))
	out = b.GlobalVariable(b.TypePointer(spv.StorageClassOutput, v4), spv.StorageClassOutput, "out", 0)
	b.Decorate(out, spv.DecorationLocation, Lit(0))
	priv = b.GlobalVariable(b.TypePointer(spv.StorageClassPrivate, f32), spv.StorageClassPrivate, "priv", 0)

	h := b.Function("helper", f32, spv.FunctionControlNone)
	h.StartBlock(h.NewBlock("bb.entry"))
	h.ReturnValue(h.Emit(spv.OpFAdd, f32, Ref(h.Load(f32, in)), Ref(h.Load(f32, priv))))
	h.End()

	f := b.Function("main", b.TypeVoid(), spv.FunctionControlNone)
	f.StartBlock(f.NewBlock("bb.entry"))
	x := f.Call(f32, h.ID())
	f.Store(out, f.CompositeConstruct(v4, x, x, x, x))
	f.Return()
	f.End()
	return b, f.ID(), in, out, priv, unused
}

func TestInterfaceVariables(t *testing.T) {
	for _, c := range []struct {
		version  spv.Version
		env      string
		withPriv bool
	}{
		{spv.Version1_0, "vulkan1.0", false},
		{spv.Version1_4, "vulkan1.1spv1.4", true},
	} {
		b, main, in, out, priv, _ := buildWithHelper(c.version)
		got := InterfaceVariables(b.M, main)
		want := []ID{in, out}
		if c.withPriv {
			want = []ID{in, out, priv}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: interface %v, want %v", c.env, got, want)
		}
		b.EntryPoint(spv.ExecutionModelFragment, main, "main", got...)
		b.ExecutionMode(main, spv.ExecutionModeOriginUpperLeft)
		InferCapabilities(b.M)
		if err := tool.Validate(t, moduleBytes(t, b), c.env); err != nil {
			t.Errorf("%s: %v", c.env, err)
		}
	}
	// A SPIR-V 1.4 module missing the private variable is rejected, which
	// is why the 1.4 rule matters.
	b, main, in, out, _, _ := buildWithHelper(spv.Version1_4)
	b.EntryPoint(spv.ExecutionModelFragment, main, "main", in, out)
	b.ExecutionMode(main, spv.ExecutionModeOriginUpperLeft)
	InferCapabilities(b.M)
	if err := tool.Validate(t, moduleBytes(t, b), "vulkan1.1spv1.4"); err == nil {
		t.Error("spirv-val accepted a 1.4 interface without the private variable; the test proves nothing")
	}
}
