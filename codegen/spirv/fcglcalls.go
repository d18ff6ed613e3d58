package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Under -fcgl DXC keeps a function that returns a structured or
// byte-address buffer as a SPIR-V function (its legalization inlines it
// later): the buffer comes back as the pointer to its block variable, and
// the caller's access chains start at the call's result. Only the simplest
// shape keeps its function here: no parameters and a body that returns a
// global buffer. Every other function taking or returning a resource is
// inlined, as without -fcgl. (A texture returned this way is an image
// value DXC uses differently per use, a temporary for texel pointers and
// the value itself elsewhere; those stay inlined too.)

// fcglReturnedBuffer is the global buffer f returns when f keeps its
// function under -fcgl, or nil.
func (e *emitter) fcglReturnedBuffer(f *sema.Func) *sema.Var {
	if !e.opts.CodeGenOnly || f.Recv != nil || len(f.Params) != 0 || f.Result == nil || f.Decl == nil || f.Decl.Body == nil {
		return nil
	}
	t := f.Result
	if !t.Canonical().IsObject() || isAggregate(t) || isResourceArray(t) {
		return nil
	}
	if o, ok := objectOf(t); !ok || o.Class() != types.ClassStructuredBuffer && o.Class() != types.ClassByteAddressBuffer {
		return nil
	}
	body := f.Decl.Body.List
	if len(body) != 1 {
		return nil
	}
	r, ok := body[0].(*ast.ReturnStmt)
	if !ok || r.Result == nil {
		return nil
	}
	n, ok := unparen(r.Result).(*ast.NameExpr)
	if !ok {
		return nil
	}
	g, ok := e.info.ObjectOf(n).(*sema.Var)
	if !ok || g.Storage != sema.StorageResource || !types.Identical(g.Type(), t) {
		return nil
	}
	return g
}

// fcglResultType is the SPIR-V result type of a function returning the
// buffer type t under -fcgl: a pointer to the buffer's block.
func (e *emitter) fcglResultType(t *types.Type) builder.ID {
	sc, rule, _ := e.resourceStorage(t)
	return e.ptrType(sc, t, rule)
}

// fcglBufferCall calls f, which returns the global buffer g.
func (e *emitter) fcglBufferCall(f *sema.Func, g *sema.Var) value {
	fn := e.funcFor(f)
	id := e.fb.Call(e.fcglResultType(f.Result), fn.id)
	if e.fcglCalls == nil {
		e.fcglCalls = map[builder.ID]*sema.Var{}
	}
	e.fcglCalls[id] = g // for its counter (counterVar)
	sc, rule, _ := e.resourceStorage(f.Result)
	return value{id: id, typ: f.Result, ptr: true, sc: sc, rule: rule}
}

// fcglReturn returns the buffer s names from a function that keeps it.
func (e *emitter) fcglReturn(s *ast.ReturnStmt) {
	e.fb.ReturnValue(e.addr(e.expr(s.Result)))
}
