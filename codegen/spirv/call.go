package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// call emits a call of a user function, a method, or an intrinsic.
func (e *emitter) call(x *ast.CallExpr) value {
	if m := e.info.CallOf(x); m != nil {
		return e.intrinsic(x, m)
	}
	f, ok := e.info.ObjectOf(x).(*sema.Func)
	if !ok {
		e.unsupported(x, "this call")
	}
	return e.userCall(x, f)
}

// userCall passes each argument through a caller-side temporary
// (param.var.<name>), calls, and copies out and inout parameters back, as
// DXC does.
func (e *emitter) userCall(x *ast.CallExpr, f *sema.Func) value {
	fn := e.funcFor(f)
	var args []builder.ID
	if f.Recv != nil && !f.Static {
		var this value
		if me, ok := x.Fun.(*ast.MemberExpr); ok {
			this = e.expr(me.X)
		} else if e.thisPtr != 0 {
			this = value{id: e.thisPtr, typ: e.thisType, ptr: true, sc: spv.StorageClassFunction}
		} else {
			e.unsupported(x, "this method call")
		}
		if this.ptr && this.sc == spv.StorageClassFunction && this.swz == nil && types.Identical(this.typ, f.Recv) {
			args = append(args, e.addr(this))
		} else {
			tmp := e.fb.Variable(e.ptrType(spv.StorageClassFunction, f.Recv, layout.Void), "param.var.this", 0)
			e.fb.Store(tmp, e.convert(e.load(this), this.typ, f.Recv))
			args = append(args, tmp)
		}
	}
	type copyBack struct {
		tmp builder.ID
		dst value
		pt  *types.Type
	}
	var backs []copyBack
	for i, p := range f.Params {
		pt := p.Type()
		tmp := e.fb.Variable(e.ptrType(spv.StorageClassFunction, pt, layout.Void), "param.var."+p.Name(), 0)
		var arg ast.Expr
		if i < len(x.Args) {
			arg = x.Args[i]
		} else if pd, ok := p.Decl.(*ast.Param); ok && pd.Default != nil {
			arg = pd.Default
		} else {
			e.errorf(x.Pos(), "too few arguments in call to '%s'", f.Name())
		}
		switch p.Mode {
		case types.Out:
			dst := e.expr(arg)
			backs = append(backs, copyBack{tmp, dst, pt})
		case types.InOut:
			dst := e.expr(arg)
			e.fb.Store(tmp, e.convert(e.load(dst), dst.typ, pt))
			backs = append(backs, copyBack{tmp, dst, pt})
		default:
			e.fb.Store(tmp, e.rvalueAs(arg, pt))
		}
		args = append(args, tmp)
	}
	ret := e.typeID(f.Result)
	id := e.fb.Call(ret, fn.id, args...)
	for _, b := range backs {
		v := e.fb.Load(e.typeID(b.pt), b.tmp)
		e.store(b.dst, e.convert(v, b.pt, b.dst.typ))
	}
	return rv(id, f.Result)
}
