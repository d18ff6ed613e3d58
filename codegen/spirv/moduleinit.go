package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// module.init is a function every entry point calls first, which fills the
// Private variables DXC initializes there, in the order they were made:
// the clones of buffers the fxc layout cannot read directly (fxcclone.go),
// then the HelperInvocation variable a [[vk::builtin("HelperInvocation")]]
// input reads before SPIR-V 1.6.

// helperInvocationVar is the Private bool a HelperInvocation input reads
// before SPIR-V 1.6, where the built-in input is not Volatile though a
// demote can change it: as DXC, module.init stores
// OpIsHelperInvocationEXT into it.
func (e *emitter) helperInvocationVar() builder.ID {
	if e.res.helperInvocation == 0 {
		bt := e.b.TypeBool()
		e.res.helperInvocation = e.b.GlobalVariable(e.b.TypePointer(spv.StorageClassPrivate, bt), spv.StorageClassPrivate, "HelperInvocation", 0)
	}
	return e.res.helperInvocation
}

// moduleInit emits module.init when something needs it, and calls it at
// the start of every entry point.
func (e *emitter) moduleInit() {
	if len(e.res.fxcClones) == 0 && e.res.helperInvocation == 0 {
		return
	}
	void := e.b.TypeVoid()
	fb := e.b.Function("module.init", void, spv.FunctionControlNone)
	fb.StartBlock(fb.NewBlock("module.init.bb"))
	saved := e.fb
	e.fb = fb
	for _, c := range e.res.fxcClones {
		for i, m := range c.members {
			e.copyToClone(c.buffer, c.clone, c.sc, uint32(i), m.Type, c.rule)
		}
	}
	if v := e.res.helperInvocation; v != 0 {
		fb.Store(v, fb.Emit(spv.OpIsHelperInvocationEXT, e.b.TypeBool()))
	}
	fb.Return()
	e.fb = saved
	for _, ep := range e.b.M.EntryPoints {
		for _, f := range e.b.M.Functions {
			if f.Def.Result != ep.Operands[1].ID() || len(f.Blocks) == 0 {
				continue
			}
			b := f.Blocks[0]
			i := 0
			for i < len(b.Insts) && b.Insts[i].Op == spv.OpVariable {
				i++
			}
			call := &builder.Inst{Op: spv.OpFunctionCall, Type: void, Result: e.b.M.NewID(), Operands: []builder.Operand{builder.Ref(fb.ID())}}
			b.InsertAt(i, call)
		}
	}
}
