package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// The calls the emitter still inlines itself (inlinesCall): functions
// given a texture whose image type differs from the parameter's
// ([[vk::image_format]]), and functions taking or returning objects that
// hold no resource (node records, SPIR-V pointers). Every other call is a
// call, in DXC's -fcgl shape, which the legalization inlines.
//
// A return in the middle of the body becomes a branch out of a
// single-iteration loop (do { body } while (false)) wrapped around it; a
// return inside one of the body's own loops or switches cannot be lowered
// that way and is reported.

// inlineCtx is the function being inlined.
type inlineCtx struct {
	f          *sema.Func
	result     builder.ID // Function variable holding the result, 0 if none
	exit       builder.ID // where a return branches; 0 when the only return ends the body
	objResults []value    // the resources (or structs holding them) returned
	outer      *inlineCtx
	call       diag.Pos // the call inlined, for notes on errors inside
}

// inlineAsks is mustInline's test of a parameter, receiver or result
// type: an object other than a texture or sampler (any object as a
// result), an array of resources, a struct holding objects.
func inlineAsks(t *types.Type, result bool) bool {
	return (t.Canonical().IsObject() && (result || !isHandle(t))) || isResourceArray(t) || isAggregate(t)
}

// inlinesCall reports whether a call of f is inlined: one whose handles
// are of another image type than its parameters', or whose types ask for
// it (mustInline) and hold no resource (node records, SPIR-V pointers).
func (e *emitter) inlinesCall(f *sema.Func, argExprs []ast.Expr) bool {
	return e.handleTypesDiffer(f, argExprs) ||
		mustInlineFor(f, func(t *types.Type, result bool) bool { return inlineAsks(t, result) && !holdsResource(t) })
}

// mustInlineFor reports a parameter, receiver or result of f whose type
// asks for inlining.
func mustInlineFor(f *sema.Func, asks func(t *types.Type, result bool) bool) bool {
	for _, p := range f.Params {
		if t := p.Type(); t != nil && asks(t, false) {
			return true
		}
	}
	if f.Recv != nil && !f.Static && asks(f.Recv, false) {
		return true
	}
	return f.Result != nil && asks(f.Result, true)
}

// inlineConstArg is the constant value of an argument: one the checker
// folded, or a parameter of an enclosing inlined call that has one.
func (e *emitter) inlineConstArg(arg ast.Expr) (constant.Value, bool) {
	if v := e.info.ValueOfExpr(arg); v != nil && len(v.Elems) == 1 {
		return v.Elems[0], true
	}
	if n, ok := unparen(arg).(*ast.NameExpr); ok {
		if p, ok := e.info.ObjectOf(n).(*sema.Var); ok {
			k, ok := e.legal.inlineConsts[p]
			return k, ok
		}
	}
	return constant.Value{}, false
}

// handleTypesDiffer reports whether a texture or sampler named as an
// argument has another SPIR-V type than its parameter — an image declared
// with [[vk::image_format]]. Such a call cannot pass the pointer, so it is
// inlined, as DXC's legalization does.
// Only plain names are looked at: evaluating them emits nothing.
func (e *emitter) handleTypesDiffer(f *sema.Func, argExprs []ast.Expr) bool {
	for i, p := range f.Params {
		if i >= len(argExprs) || !isHandle(p.Type()) {
			continue
		}
		if _, ok := unparen(argExprs[i]).(*ast.NameExpr); !ok {
			continue
		}
		v := e.expr(argExprs[i])
		if !v.ptr || v.sc != spv.StorageClassUniformConstant {
			continue
		}
		if e.b.TypeOf(e.addr(v)) != e.ptrType(spv.StorageClassUniformConstant, p.Type(), layout.Void) {
			return true
		}
	}
	return false
}

// argWritten reports whether a call may write its argument i: an out or
// inout parameter, or a callee not known.
func (e *emitter) argWritten(x *ast.CallExpr, i int) bool {
	if m := e.info.CallOf(x); m != nil {
		return i >= len(m.Params) || m.Params[i].Mode != types.In
	}
	if f, ok := e.info.ObjectOf(x).(*sema.Func); ok {
		return i >= len(f.Params) || f.Params[i].Mode != types.In
	}
	return true
}

// inlineCall emits the body of f in place of a call.
func (e *emitter) inlineCall(f, proto *sema.Func, recv func() value, argExprs []ast.Expr, x ast.Expr) value {
	e.checkInlinable(f, x)
	restoreReceiver := e.bindInlinedReceiver(f, recv)
	// Per-vertex aliases and constant parameters stay in effect until the
	// call's value is made, the returned resource included.
	params := &inlinedParams{saved: map[*sema.Var]*variable{}}
	defer params.undoBindings()
	e.bindInlinedParams(params, f, proto, argExprs, x)
	ctx := &inlineCtx{f: f, outer: e.walk.inl}
	if x != nil {
		ctx.call = x.Pos()
	}
	fb := e.fb
	objResult := f.Result != nil && ((f.Result.Canonical().IsObject() && !isInlineSpirvValue(f.Result)) || isAggregate(f.Result))
	if f.Result != nil && !f.Result.IsVoid() && !objResult {
		ctx.result = fb.Variable(e.ptrType(spv.StorageClassFunction, f.Result, layout.Void), "temp.var."+f.Name(), 0)
	}
	e.emitInlinedBody(ctx, x)
	restoreReceiver()
	params.restoreVars(e)
	for _, b := range params.backs {
		v := fb.Load(e.typeID(b.pt), b.tmp)
		e.store(b.dst, e.convert(v, b.pt, b.dst.typ))
	}
	switch {
	case objResult:
		return e.returnedResource(ctx, x)
	case ctx.result != 0:
		return rv(fb.Load(e.typeID(f.Result), ctx.result), f.Result)
	}
	return rv(0, types.VoidType())
}

// checkInlinable reports a call that has no body to inline, or that would
// inline itself forever.
func (e *emitter) checkInlinable(f *sema.Func, x ast.Expr) {
	if f.Decl == nil || f.Decl.Body == nil {
		e.errorf(x.Pos(), "function '%s' is called but never defined", f.Name())
	}
	for c := e.walk.inl; c != nil; c = c.outer {
		if c.f == f {
			e.errorf(x.Pos(), "recursive call to '%s' cannot be inlined", f.Name())
		}
	}
}

// bindInlinedReceiver makes the call's receiver the "this" of the inlined
// body, and returns what puts the caller's receiver back.
func (e *emitter) bindInlinedReceiver(f *sema.Func, recv func() value) (restore func()) {
	savedThis, savedThisType, savedThisAgg := e.walk.thisPtr, e.walk.thisType, e.walk.thisAgg
	restore = func() {
		e.walk.thisPtr, e.walk.thisType, e.walk.thisAgg = savedThis, savedThisType, savedThisAgg
	}
	if f.Static {
		e.walk.thisAgg = nil
		return restore
	}
	if f.Recv == nil || recv == nil {
		return restore
	}
	this := recv()
	if this.agg != nil {
		// a struct holding resources (legalize.go)
		e.walk.thisAgg, e.walk.thisPtr = this.agg, 0
	} else if this.ptr && this.sc == spv.StorageClassFunction && this.swz == nil && types.Identical(this.typ, f.Recv) {
		e.walk.thisPtr = e.addr(this)
	} else {
		tmp := e.fb.Variable(e.ptrType(spv.StorageClassFunction, f.Recv, layout.Void), "param.var.this", 0)
		e.fb.Store(tmp, e.convert(e.load(this), this.typ, f.Recv))
		e.walk.thisPtr = tmp
	}
	e.walk.thisType = f.Recv
	return restore
}

// inlinedParams is how a call's arguments were bound to the parameters of
// the function inlined, and what to undo once its body is emitted.
type inlinedParams struct {
	saved map[*sema.Var]*variable // the parameters' bindings before the call (nil: none)
	backs []copyBack              // out and inout arguments, written back after the body
	undo  []func()                // bindings that end when the call's value is made
}

// restoreVars gives the parameters their bindings from before the call
// (an enclosing inlining of the same function has its own).
func (ps *inlinedParams) restoreVars(e *emitter) {
	for p, v := range ps.saved {
		if v == nil {
			delete(e.vars, p)
		} else {
			e.vars[p] = v
		}
	}
}

// undoBindings ends the bindings in undo, the last made first.
func (ps *inlinedParams) undoBindings() {
	for i := len(ps.undo) - 1; i >= 0; i-- {
		ps.undo[i]()
	}
}

// bindInlinedParams binds each parameter of f to its argument, recording
// in ps what to undo: to the argument itself where it is a resource, an
// aggregate of them or a constant, else to a new Function variable
// holding a copy.
func (e *emitter) bindInlinedParams(ps *inlinedParams, f, proto *sema.Func, argExprs []ast.Expr, x ast.Expr) {
	for i, p := range f.Params {
		arg := e.argument(f, proto, i, argExprs, x)
		ps.saved[p] = e.vars[p]
		if e.bindParamToArgument(p, arg) {
			continue
		}
		e.noteConstantParam(f, p, arg, ps)
		if b := e.bindParamCopy(p, arg); b != nil {
			ps.backs = append(ps.backs, *b)
		}
	}
}

// bindParamToArgument binds p to the argument itself when it cannot be
// copied into a Function variable: aggregates holding resources, node
// objects, pointer values and resources. It reports whether it did.
func (e *emitter) bindParamToArgument(p *sema.Var, arg ast.Expr) bool {
	pt := p.Type()
	if isAggregate(pt) {
		// a struct holding resources: its members (legalize.go)
		a := e.aggregateValue(arg)
		if p.Mode == types.In {
			a = e.cloneAggregate(a, "param.var."+p.Name())
		}
		e.vars[p] = &variable{agg: a, typ: pt, member: -1}
		return true
	}
	if isNodeObject(pt) {
		e.bindNodeParam(p, arg) // node.go
		return true
	}
	if isLogicalPointer(pt) {
		if v := e.expr(arg); !v.ptr {
			// a pointer value (vk::GetGroupSharedAddress): the
			// parameter is that pointer
			e.vars[p] = &variable{value: v.id, typ: pt, member: -1}
			return true
		}
	}
	if (pt.Canonical().IsObject() && !isInlineSpirvValue(pt)) || isResourceArray(pt) {
		v := e.expr(arg)
		if !v.ptr || v.swz != nil || v.texel != nil {
			e.unsupported(arg, "passing this resource expression to a function")
		}
		ptr := e.addr(v)
		e.bufferElem(v, ptr) // legalize.go
		e.vars[p] = &variable{ptr: ptr, sc: v.sc, typ: v.typ, rule: v.rule, member: -1}
		setKey(&e.legal.aliases, p, true) // rebound by assignments (aliases.go)
		return true
	}
	return false
}

// noteConstantParam records the constant argument of an in parameter the
// body only reads: it chooses the paths that pick resources (an inlined
// function has only the paths its call takes, flow.go). The parameter
// itself is a copy of the argument, which the legalization folds.
func (e *emitter) noteConstantParam(f *sema.Func, p *sema.Var, arg ast.Expr, ps *inlinedParams) {
	if p.Mode != types.In || e.paramWritten(f.Decl.Body, p) {
		return
	}
	k, ok := e.inlineConstArg(arg)
	if !ok {
		return
	}
	saved, had := e.legal.inlineConsts[p]
	setKey(&e.legal.inlineConsts, p, k) // flow.go
	ps.undo = append(ps.undo, func() {
		// Restore, or forget: a leftover entry would make the parameter
		// constant in every later use (a non-inlined call of the same
		// function included).
		if had {
			setKey(&e.legal.inlineConsts, p, saved)
		} else {
			delete(e.legal.inlineConsts, p)
		}
	})
}

// bindParamCopy binds p to a new Function variable initialised from the
// argument (unless p is out), and returns the copy back to the argument
// an out or inout parameter needs.
func (e *emitter) bindParamCopy(p *sema.Var, arg ast.Expr) *copyBack {
	pt := p.Type()
	fb := e.fb
	tmp := fb.Variable(e.ptrType(spv.StorageClassFunction, pt, layout.Void), "param.var."+p.Name(), 0)
	var back *copyBack
	switch p.Mode {
	case types.Out:
		back = &copyBack{tmp, e.expr(arg), pt}
	case types.InOut:
		dst := e.expr(arg)
		fb.Store(tmp, e.convert(e.load(dst), dst.typ, pt))
		back = &copyBack{tmp, dst, pt}
	default:
		fb.Store(tmp, e.rvalueAs(arg, pt))
	}
	e.vars[p] = &variable{ptr: tmp, sc: spv.StorageClassFunction, typ: pt, member: -1}
	return back
}

// emitInlinedBody emits ctx's function body. A return before its end
// becomes a branch out of a one-iteration loop around the body; breaks of
// the caller's loops do not reach into it.
func (e *emitter) emitInlinedBody(ctx *inlineCtx, x ast.Expr) {
	f, fb := ctx.f, e.fb
	body := f.Decl.Body.List
	straight := onlyTrailingReturn(body)
	if !straight && returnInLoopOrSwitch(body) {
		e.unsupported(x, "inlining '"+f.Name()+"' (it takes or returns a buffer and returns from inside a loop or switch)")
	}
	savedBreaks := e.walk.breaks
	e.walk.breaks = nil
	e.walk.inl = ctx
	if straight {
		e.block(body)
	} else {
		l := fb.BeginDoWhile(spv.LoopControlNone)
		ctx.exit = l.Merge
		e.block(body)
		fb.BeginContinue(l)
		fb.EndLoopIf(l, e.b.ConstBool(false))
	}
	e.walk.inl = ctx.outer
	e.walk.breaks = savedBreaks
}

// inlineReturn emits a return statement of an inlined function.
func (e *emitter) inlineReturn(s *ast.ReturnStmt) {
	ctx := e.walk.inl
	f := ctx.f
	if s.Result != nil {
		switch {
		case f.Result == nil || f.Result.IsVoid():
			e.discard(s.Result)
		case (f.Result.Canonical().IsObject() && !isInlineSpirvValue(f.Result)) || isAggregate(f.Result):
			var v value
			if isAggregate(f.Result) {
				v = e.expr(s.Result)
			} else {
				v = e.resourceRef(s.Result, f.Result) // legalize.go
			}
			if !e.legal.deadPath {
				ctx.objResults = append(ctx.objResults, v)
			}
		default:
			e.fb.Store(ctx.result, e.rvalueAs(s.Result, f.Result))
		}
	}
	if ctx.exit != 0 {
		e.fb.Branch(ctx.exit)
	}
}

// onlyTrailingReturn reports whether the body's only return, if any, is
// its last statement.
func onlyTrailingReturn(body []ast.Stmt) bool {
	n := 0
	for _, s := range body {
		ast.Inspect(s, func(x ast.Node) bool {
			if _, ok := x.(*ast.ReturnStmt); ok {
				n++
			}
			return true
		})
	}
	if n == 0 {
		return true
	}
	if n > 1 || len(body) == 0 {
		return false
	}
	_, last := body[len(body)-1].(*ast.ReturnStmt)
	return last
}

// returnInLoopOrSwitch reports a return nested in a loop or switch.
func returnInLoopOrSwitch(body []ast.Stmt) bool {
	found := false
	var walk func(n ast.Node, inside bool)
	walk = func(n ast.Node, inside bool) {
		ast.Inspect(n, func(x ast.Node) bool {
			if found || x == nil {
				return false
			}
			switch x := x.(type) {
			case *ast.ReturnStmt:
				if inside {
					found = true
				}
			case *ast.ForStmt, *ast.WhileStmt, *ast.DoStmt, *ast.SwitchStmt:
				if x != n {
					walk(x, true)
					return false
				}
			}
			return true
		})
	}
	for _, s := range body {
		walk(s, false)
	}
	return found
}

// paramWritten reports whether body may write parameter p: assigns or
// increments it, or passes it to a call (which might take it by out).
func (e *emitter) paramWritten(body ast.Node, p *sema.Var) bool {
	written := false
	is := func(x ast.Expr) bool {
		for {
			switch y := x.(type) {
			case *ast.ParenExpr:
				x = y.X
				continue
			case *ast.MemberExpr:
				x = y.X
				continue
			case *ast.IndexExpr:
				x = y.X
				continue
			case *ast.NameExpr:
				return e.info.ObjectOf(y) == p
			}
			return false
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignExpr:
			if is(n.L) {
				written = true
			}
		case *ast.UnaryExpr:
			switch n.Op {
			case ast.PreInc, ast.PreDec, ast.PostInc, ast.PostDec:
				if is(n.X) {
					written = true
				}
			}
		case *ast.CallExpr:
			for i, a := range n.Args {
				if is(a) && e.argWritten(n, i) {
					written = true
				}
			}
		}
		return !written
	})
	return written
}

// returnedResource is what an inlined function returning a resource (or a
// struct holding resources) returns: the same on every return reached, or
// legalization could not pick it.
func (e *emitter) returnedResource(ctx *inlineCtx, x ast.Expr) value {
	if len(ctx.objResults) == 0 {
		e.errorf(x.Pos(), "'%s' returns no resource on any path", ctx.f.Name())
	}
	r := ctx.objResults[0]
	for _, o := range ctx.objResults[1:] {
		if o.id != r.id || o.agg != r.agg {
			e.errorf(x.Pos(), "'%s' returns different resources depending on control flow, which legalization cannot resolve", ctx.f.Name())
		}
	}
	return r
}
