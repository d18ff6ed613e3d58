package spirv

import (
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Under -fcgl DXC keeps a function that returns a structured or
// byte-address buffer as a SPIR-V function (its legalization inlines it
// later): the buffer comes back as the pointer to its block variable, and
// the caller's access chains start at the call's result. Only the simplest
// shape keeps its function here: no parameters and a body that returns a
// global buffer. A texture or typed buffer comes back as the image, which
// DXC uses differently per use: stored in a temporary for a texel pointer,
// the value itself elsewhere; only functions whose every call is indexed
// for an Interlocked destination keep theirs. Every other function
// returning a resource is inlined, as without -fcgl.

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
	o, ok := objectOf(t)
	switch {
	case !ok:
		return nil
	case o.Class() == types.ClassStructuredBuffer || o.Class() == types.ClassByteAddressBuffer:
	case isHandle(t) && o.Class() != types.ClassSampler && e.fcglOnlyAtomicDests(f):
	default:
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

// fcglOnlyAtomicDests reports whether every call of f indexes its result
// for the destination of an Interlocked* intrinsic: where DXC's -fcgl
// output stores the returned image in temp.var.<type> for the texel
// pointer. (Other uses take the image value itself; those calls are
// inlined here.)
func (e *emitter) fcglOnlyAtomicDests(f *sema.Func) bool {
	if r, ok := e.fcglAtomicOnly[f]; ok {
		return r
	}
	calls, dests := 0, 0
	isCall := func(x ast.Expr) bool {
		c, ok := unparen(x).(*ast.CallExpr)
		if !ok {
			return false
		}
		g, ok := e.info.ObjectOf(c).(*sema.Func)
		return ok && e.definitionOf(g) == f
	}
	for _, d := range e.file.Decls {
		ast.Inspect(d, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if isCall(c) {
				calls++
			}
			if fn, ok := c.Fun.(*ast.NameExpr); ok && strings.HasPrefix(fn.Name, "Interlocked") && len(c.Args) > 0 {
				if g, user := e.info.ObjectOf(fn).(*sema.Func); !user || g.Decl == nil {
					if ix, ok := unparen(c.Args[0]).(*ast.IndexExpr); ok && isCall(ix.X) {
						dests++
					}
				}
			}
			return true
		})
	}
	r := calls > 0 && calls == dests
	if e.fcglAtomicOnly == nil {
		e.fcglAtomicOnly = map[*sema.Func]bool{}
	}
	e.fcglAtomicOnly[f] = r
	return r
}

// fcglResultType is the SPIR-V result type of a function returning the
// resource type t under -fcgl: a pointer to a buffer's block, or the
// image of a texture or typed buffer.
func (e *emitter) fcglResultType(t *types.Type) builder.ID {
	if isHandle(t) {
		return e.typeID(t)
	}
	sc, rule, _ := e.resourceStorage(t)
	return e.ptrType(sc, t, rule)
}

// fcglBufferCall calls f, which returns the global resource g.
func (e *emitter) fcglBufferCall(f *sema.Func, g *sema.Var) value {
	fn := e.funcFor(f)
	id := e.fb.Call(e.fcglResultType(f.Result), fn.id)
	if o, _ := objectOf(f.Result); isHandle(f.Result) {
		tmp := e.fb.Variable(e.b.TypePointer(spv.StorageClassFunction, e.typeID(f.Result)), "temp.var."+o.String(), 0)
		e.fb.Store(tmp, id)
		return value{id: tmp, typ: f.Result, ptr: true, sc: spv.StorageClassFunction}
	}
	if e.fcglCalls == nil {
		e.fcglCalls = map[builder.ID]*sema.Var{}
	}
	e.fcglCalls[id] = g // for its counter (counterVar)
	sc, rule, _ := e.resourceStorage(f.Result)
	return value{id: id, typ: f.Result, ptr: true, sc: sc, rule: rule}
}

// fcglReturn returns the resource s names from a function that keeps it.
func (e *emitter) fcglReturn(s *ast.ReturnStmt) {
	v := e.expr(s.Result)
	if isHandle(v.typ) {
		e.fb.ReturnValue(e.fb.Load(e.typeID(v.typ), e.addr(v)))
		return
	}
	e.fb.ReturnValue(e.addr(v))
}

// Under -fcgl DXC also keeps a function that takes buffers: a buffer
// parameter is a Function pointer to the buffer's block pointer
// (param.var.<name> at the call holds the argument's), loaded where the
// body uses it. This is done for the simple shape: a function with no
// other resource or struct parameters and no resource result, whose
// buffer parameters are never rebound, only indexed or used for their
// methods other than the counter ones (which need the counter variable
// along).

// isPlainBuffer reports a structured or byte-address buffer type.
func isPlainBuffer(t *types.Type) bool {
	if t == nil || !t.Canonical().IsObject() || isAggregate(t) || isResourceArray(t) {
		return false
	}
	o, ok := objectOf(t)
	return ok && (o.Class() == types.ClassStructuredBuffer || o.Class() == types.ClassByteAddressBuffer)
}

// fcglKeepsBufferParams reports whether f keeps its function under -fcgl
// with buffer parameters passed by pointer.
func (e *emitter) fcglKeepsBufferParams(f *sema.Func) bool {
	if !e.opts.CodeGenOnly || f.Recv != nil || f.Decl == nil || f.Decl.Body == nil {
		return false
	}
	if r := f.Result; r != nil && (r.Canonical().IsObject() || isResourceArray(r) || isAggregate(r)) {
		return false
	}
	buffers := map[*sema.Var]bool{}
	for _, p := range f.Params {
		t := p.Type()
		switch {
		case t == nil:
			return false
		case isPlainBuffer(t):
			if p.Mode != types.In {
				return false
			}
			buffers[p] = true
		case t.Canonical().IsObject() || isResourceArray(t) || isAggregate(t):
			return false
		}
	}
	if len(buffers) == 0 {
		return false
	}
	// every use of a buffer parameter indexes it or calls a method that
	// does not touch the counter
	uses, allowed := 0, 0
	isBuf := func(x ast.Expr) bool {
		n, ok := unparen(x).(*ast.NameExpr)
		if !ok {
			return false
		}
		v, ok := e.info.ObjectOf(n).(*sema.Var)
		return ok && buffers[v]
	}
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignExpr:
			if isBuf(x.L) {
				uses++ // rebinding the parameter: never allowed
			}
		case *ast.NameExpr:
			if isBuf(x) {
				uses++
			}
		case *ast.IndexExpr:
			if isBuf(x.X) {
				allowed++
			}
		case *ast.CallExpr:
			if m, ok := x.Fun.(*ast.MemberExpr); ok && m.Name != nil && isBuf(m.X) {
				switch m.Name.Name {
				case "IncrementCounter", "DecrementCounter", "Append", "Consume":
				default:
					allowed++
				}
			}
		}
		return true
	})
	return uses == allowed
}

// fcglBufferParamType is the SPIR-V type of a buffer parameter kept under
// -fcgl: a Function pointer to the block pointer.
func (e *emitter) fcglBufferParamType(t *types.Type) builder.ID {
	return e.b.TypePointer(spv.StorageClassFunction, e.fcglResultType(t))
}

// fcglBufferArg passes the buffer arg in param.var.<name>.
func (e *emitter) fcglBufferArg(arg ast.Expr, p *sema.Var) builder.ID {
	v := e.expr(arg)
	if !v.ptr || v.swz != nil || v.texel != nil {
		e.unsupported(arg, "passing this resource expression to a function")
	}
	tmp := e.fb.Variable(e.fcglBufferParamType(p.Type()), "param.var."+p.Name(), 0)
	e.fb.Store(tmp, e.addr(v))
	return tmp
}

// fcglBufferParam is a use of a buffer parameter: the block pointer
// loaded from it.
func (e *emitter) fcglBufferParam(v *variable) value {
	sc, rule, _ := e.resourceStorage(v.typ)
	id := e.fb.Load(e.fcglResultType(v.typ), v.ptr)
	return value{id: id, typ: v.typ, ptr: true, sc: sc, rule: rule}
}

// fcglAtomicOperand is a constant value operand of an Interlocked
// operation on a 32-bit integer of type tid as DXC's -fcgl output has it:
// the constant keeps its own type (a literal is a uint, or an int when
// negative) and a signedness mismatch is an OpBitcast that legalization
// folds later. ok is false when not under -fcgl or not such a constant.
func (e *emitter) fcglAtomicOperand(arg ast.Expr, tid builder.ID) (builder.ID, bool) {
	if !e.opts.CodeGenOnly {
		return 0, false
	}
	i32, u32 := types.ScalarType(types.Int), types.ScalarType(types.Uint)
	if tid != e.typeID(i32) && tid != e.typeID(u32) {
		return 0, false
	}
	v, ok := e.foldable(arg)
	t := e.info.TypeOf(arg)
	if !ok || len(v.Elems) != 1 || t == nil || !t.Canonical().IsScalar() {
		return 0, false
	}
	var src *types.Type
	switch t.Canonical().Scalar() {
	case types.LiteralInt:
		src = u32
		if n, ok := v.Elems[0].Int64(); ok && n < 0 {
			src = i32
		}
	case types.Int:
		src = i32
	case types.Uint:
		src = u32
	default:
		return 0, false
	}
	k, ok := e.constant(arg, src)
	if !ok {
		return 0, false
	}
	if e.typeID(src) == tid {
		return k, true
	}
	return e.fb.Emit(spv.OpBitcast, tid, builder.Ref(k)), true
}
