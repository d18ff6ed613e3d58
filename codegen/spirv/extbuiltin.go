package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// extBuiltin declares a static global marked [[vk::ext_builtin_input(N)]]
// or [[vk::ext_builtin_output(N)]] (sema checked where they may appear) as
// the Input or Output variable of built-in N: reads and writes of the
// global go straight to the built-in, as in DXC. There is one variable per
// built-in and direction, shared with the entry points' own stage
// variables and with the built-ins intrinsics read (beginEntry seeds
// builtinVars with them). It reports whether d was such a global.
func (e *emitter) extBuiltin(d *ast.VarDecl, v *sema.Var) bool {
	in := true
	attrs := e.attrs(d).AllVk("ext_builtin_input")
	if len(attrs) == 0 {
		in = false
		attrs = e.attrs(d).AllVk("ext_builtin_output")
	}
	if len(attrs) == 0 || len(attrs[0].Args) != 1 {
		return false
	}
	n, ok := attrs[0].Int(0)
	if !ok {
		e.errorf(attrs[0].Pos(), "the built-in of vk::%s must be a constant integer", attrs[0].Name)
	}
	bi := spv.BuiltIn(n)
	sc := spv.StorageClassOutput
	if in {
		sc = spv.StorageClassInput
	}
	t := v.Type()
	key := builtinKey{bi, in}
	id, ok := e.io.extBuiltins[key]
	if !ok {
		// Unnamed, as DXC leaves it: disassemblers name known built-ins.
		id = e.b.GlobalVariable(e.ptrType(sc, t, layout.Void), sc, "", 0)
		e.b.Decorate(id, spv.DecorationBuiltIn, builder.Enum(bi))
		s := t.Canonical().Scalar()
		e.builtinInputDecorations(id, bi, in && (s.IsInteger() || s == types.Bool))
		setKey(&e.io.extBuiltins, key, id)
		e.io.extBuiltinOrder = append(e.io.extBuiltinOrder, id)
	}
	e.markVar(id, v)
	e.vars[v] = &variable{ptr: id, sc: sc, typ: t, member: -1}
	return true
}

// builtinInputDecorations decorates a built-in variable as its stage
// needs: a pixel shader's integer or boolean input is Flat (when flat
// says so), HelperInvocation is Volatile from SPIR-V 1.6 (a demote can
// change it), and ray-tracing stages' subgroup built-ins are Volatile.
func (e *emitter) builtinInputDecorations(id builder.ID, bi spv.BuiltIn, flat bool) {
	if flat && e.stage() == stage.Pixel {
		e.b.Decorate(id, spv.DecorationFlat)
	}
	if bi == spv.BuiltInHelperInvocation && e.opts.Version >= spv.Version1_6 {
		e.b.Decorate(id, spv.DecorationVolatile)
	}
	e.volatileBuiltin(id, bi) // raytracing.go
}
