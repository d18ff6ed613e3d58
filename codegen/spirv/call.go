package spirv

import (
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// call emits a call of a user function, a method, or an intrinsic.
func (e *emitter) call(x *ast.CallExpr) value {
	if m := e.info.CallOf(x); m != nil {
		return e.intrinsic(x, m)
	}
	f, ok := e.info.ObjectOf(x).(*sema.Func)
	if !ok {
		// a() on a struct with operator()
		if op := e.operatorMethod(e.typeOf(x.Fun), "()", x.Args); op != nil {
			return e.invoke(op, func() value { return e.expr(x.Fun) }, x.Args, x)
		}
		e.unsupported(x, "this call")
	}
	return e.userCall(x, f)
}

// userCall emits a call of a user function or method.
func (e *emitter) userCall(x *ast.CallExpr, f *sema.Func) value {
	e.legalizingCall(x, f, x.Args) // legalneeds.go
	var recv func() value
	if f.Recv != nil && !f.Static {
		e.receiverCounters(x, f) // rescounters.go
		recv = func() value {
			if me, ok := x.Fun.(*ast.MemberExpr); ok {
				return e.expr(me.X)
			}
			if e.walk.thisPtr != 0 {
				return value{id: e.walk.thisPtr, typ: e.walk.thisType, ptr: true, sc: spv.StorageClassFunction}
			}
			e.unsupported(x, "this method call")
			return value{}
		}
	}
	return e.invoke(f, recv, x.Args, x)
}

// definitionOf is the definition of a function called through its
// prototype (sema keeps the prototype's object for calls written before
// the definition).
func (e *emitter) definitionOf(f *sema.Func) *sema.Func {
	if f.Decl == nil || f.Decl.Body != nil {
		return f
	}
	var found *sema.Func
	var walk func(ds []ast.Decl)
	walk = func(ds []ast.Decl) {
		for _, d := range ds {
			if found != nil {
				return
			}
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Body == nil || d.Name == nil || d.Name.Name != f.Name() {
					continue
				}
				g, ok := e.info.ObjectOf(d).(*sema.Func)
				if !ok || g == f || !types.Identical(g.Type(), f.Type()) {
					continue
				}
				if (g.Recv == nil) != (f.Recv == nil) || (g.Recv != nil && !types.Identical(g.Recv, f.Recv)) {
					continue
				}
				found = g
			case *ast.NamespaceDecl:
				walk(d.Decls)
			case *ast.StructDecl:
				walk(d.Members)
			}
		}
	}
	walk(e.file.Decls)
	if found == nil {
		return f
	}
	return found
}

// operatorName returns clang's name of an overloadable operator, which DXC
// uses in function names (S.operator.Star).
func operatorName(op string) (string, bool) {
	switch op {
	case "+":
		return "Plus", true
	case "-":
		return "Minus", true
	case "*":
		return "Star", true
	case "/":
		return "Slash", true
	case "%":
		return "Percent", true
	case "^":
		return "Caret", true
	case "&":
		return "Amp", true
	case "|":
		return "Pipe", true
	case "~":
		return "Tilde", true
	case "!":
		return "Exclaim", true
	case "=":
		return "Equal", true
	case "<":
		return "Less", true
	case ">":
		return "Greater", true
	case "+=":
		return "PlusEqual", true
	case "-=":
		return "MinusEqual", true
	case "*=":
		return "StarEqual", true
	case "/=":
		return "SlashEqual", true
	case "%=":
		return "PercentEqual", true
	case "^=":
		return "CaretEqual", true
	case "&=":
		return "AmpEqual", true
	case "|=":
		return "PipeEqual", true
	case "<<":
		return "LessLess", true
	case ">>":
		return "GreaterGreater", true
	case "<<=":
		return "LessLessEqual", true
	case ">>=":
		return "GreaterGreaterEqual", true
	case "==":
		return "EqualEqual", true
	case "!=":
		return "ExclaimEqual", true
	case "<=":
		return "LessEqual", true
	case ">=":
		return "GreaterEqual", true
	case "&&":
		return "AmpAmp", true
	case "||":
		return "PipePipe", true
	case "++":
		return "PlusPlus", true
	case "--":
		return "MinusMinus", true
	case ",":
		return "Comma", true
	case "->*":
		return "ArrowStar", true
	case "->":
		return "Arrow", true
	case "()":
		return "Call", true
	case "[]":
		return "Subscript", true
	}
	return "", false
}

// operatorMethod finds the operator method op of struct type t (or of its
// bases) taking args: the overload whose parameters take the arguments
// best (DXC's ranking, as the checker ranks calls), else the first with
// as many parameters.
func (e *emitter) operatorMethod(t *types.Type, op string, args []ast.Expr) *sema.Func {
	if t == nil {
		return nil
	}
	argTypes := make([]*types.Type, len(args))
	for i, a := range args {
		argTypes[i] = e.typeOf(a)
	}
	for c := t.Canonical(); c != nil && c.IsStruct(); {
		nd := c.Named()
		var first, best *sema.Func
		bestScore := types.NoMatch
		for _, m := range nd.Methods {
			d, ok := m.(*ast.FuncDecl)
			if !ok || d.Operator != op || len(d.Params) < len(args) {
				continue
			}
			f, ok := e.info.ObjectOf(d).(*sema.Func)
			if !ok {
				continue
			}
			if first == nil {
				first = f
			}
			if len(f.Params) != len(args) {
				continue
			}
			params := make([]types.Param, len(args))
			for i, p := range f.Params {
				params[i] = types.Param{Name: p.Name(), Type: p.Type(), Mode: p.Mode}
			}
			if score, _ := types.CallScore(params, argTypes, types.Implicit); score < bestScore {
				best, bestScore = f, score
			}
		}
		if best != nil {
			return best
		}
		if first != nil {
			return first
		}
		if nd.Base == nil {
			break
		}
		c = nd.Base.Canonical()
	}
	return nil
}

// invoke passes each argument through a caller-side temporary
// (param.var.<name>), calls, and copies out and inout parameters back, as
// DXC does; recv, for a method, evaluates the object.
func (e *emitter) invoke(f *sema.Func, recv func() value, argExprs []ast.Expr, x ast.Expr) value {
	if e.isExtInstruction(f) {
		return e.extInstruction(x, f, argExprs) // inlinespirv.go
	}
	if id, ok := extTypeDefID(e, f); ok {
		e.extTypeByID(id, x) // exttype.go: the call declares the type
		return value{}
	}
	if v, ok := e.typeOperandBuiltin(x, f); ok {
		return v // inlinespirv.go
	}
	proto := f
	f = e.definitionOf(f)
	if e.inlinesCall(f, argExprs) {
		return e.inlineCall(f, proto, recv, argExprs, x) // inline.go
	}
	var args []builder.ID
	var backs []copyBack
	if f.Recv != nil && !f.Static && recv != nil {
		this := recv()
		if !types.Identical(this.typ, f.Recv) {
			// a base class's method on a derived object
			if b, ok := e.toBase(this, f.Recv); ok {
				this = b
			}
		}
		switch {
		case this.ptr && e.passable(this, f) && types.Identical(this.typ, f.Recv):
			args = append(args, e.addr(this))
		case this.ptr && this.texel == nil:
			// an object the callee cannot point to: a copy, written back
			this = e.fixAddr(this)
			tmp := e.fb.Variable(e.ptrType(spv.StorageClassFunction, f.Recv, layout.Void), "temp.var."+layout.TypeName(f.Recv), 0)
			e.fb.Store(tmp, e.convert(e.load(this), this.typ, f.Recv))
			args = append(args, tmp)
			if this.sc == spv.StorageClassFunction || this.sc == spv.StorageClassPrivate || this.sc == spv.StorageClassWorkgroup {
				backs = append(backs, copyBack{tmp, this, f.Recv})
			}
		default:
			// getObject().method(): the rvalue in temp.var.<type>
			tmp := e.temporary(e.convert(e.load(this), this.typ, f.Recv), f.Recv, layout.TypeName(f.Recv))
			args = append(args, tmp.id)
		}
	}
	for i, p := range f.Params {
		pt := p.Type()
		arg := e.argument(f, proto, i, argExprs, x)
		if holdsResource(pt) {
			args = append(args, e.resourceArg(p, arg)) // rescounters.go
			continue
		}
		if e.perVertexArray(f, p) {
			args = append(args, e.perVertexArg(f, i, p, arg)) // pervertex.go
			continue
		}
		if p.Mode == types.Out || p.Mode == types.InOut {
			// DXC passes a variable of the parameter's type itself, and
			// otherwise copies the argument in and back out.
			dst := e.expr(arg)
			if dst.ptr && e.passable(dst, f) && types.Identical(dst.typ, pt) {
				args = append(args, e.addr(dst))
				continue
			}
			dst = e.fixAddr(dst)
			val := e.load(dst)
			dt := dst.typ
			if flatCount(dt) == 1 && numeric(dt) && flatCount(pt) > 1 {
				val = e.splatAggregate(e.convert(val, dt, types.ScalarType(dt.Canonical().Scalar())), types.ScalarType(dt.Canonical().Scalar()), pt)
			} else {
				val = e.convert(val, dt, pt)
			}
			tmp := e.fb.Variable(e.ptrType(spv.StorageClassFunction, pt, layout.Void), "param.var."+p.Name(), 0)
			e.markRelaxed(tmp, pt)
			e.fb.Store(tmp, val)
			backs = append(backs, copyBack{tmp, dst, pt})
			args = append(args, tmp)
			continue
		}
		var val builder.ID
		if k, ok := e.untypedLiteral(arg, pt); ok {
			val = k // a default argument on a prototype, which sema leaves untyped
		} else {
			val = e.rvalueAs(arg, pt)
		}
		tmp := e.fb.Variable(e.ptrType(spv.StorageClassFunction, pt, layout.Void), "param.var."+p.Name(), 0)
		e.markRelaxed(tmp, pt)
		e.fb.Store(tmp, val)
		args = append(args, tmp)
	}
	// the callee is queued after its arguments are evaluated, as DXC does
	fn := e.funcFor(f)
	if f.Decl != nil && f.Decl.Operator != "" {
		if n, ok := operatorName(f.Decl.Operator); ok && f.Recv != nil && f.Recv.Named() != nil {
			fn.name = f.Recv.Named().Name + ".operator." + n
		}
	}
	ret := e.typeID(f.Result)
	e.returnCounters(f) // rescounters.go
	id := e.fb.Call(ret, fn.id, args...)
	e.markRelaxed(id, f.Result)
	for _, b := range backs {
		v := e.fb.Load(e.typeID(b.pt), b.tmp)
		e.markRelaxed(v, b.pt)
		from := b.pt
		if dt := b.dst.typ; flatCount(dt) == 1 && numeric(dt) && flatCount(from) > 1 && numeric(from) && !from.Canonical().IsMatrix() {
			st := types.ScalarType(from.Canonical().Scalar())
			v = e.fb.CompositeExtract(e.typeID(st), v, 0)
			from = st
		}
		e.store(b.dst, e.convert(v, from, b.dst.typ))
	}
	return rv(id, f.Result)
}

// passable reports whether an lvalue can be passed to f as it is. Under
// -fcgl, as DXC passes it, any lvalue but a swizzle, a matrix element or a
// texel (legalizingCall asks for the legalization that resolves one
// outside Function memory, or not a whole variable). Otherwise an
// argument outside Function memory goes through a param.var copy, written
// back after the call, which keeps HLSL's copy semantics where the callee
// sees the same memory (DXC aliases it); in Function memory, a whole
// variable or parameter is passed, and an element or member too where the
// legalization inlines the call. Where the call may stay a call,
// -fspv-fix-func-call-arguments passes any element or member, which
// fix-func-call-param then copies through a variable. Passing what is not
// a whole variable asks for the legalization, as in DXC.
func (e *emitter) passable(v value, f *sema.Func) bool {
	if v.swz != nil || v.melem != nil || v.texel != nil {
		return false
	}
	if e.opts.CodeGenOnly {
		return true
	}
	d := e.b.Def(v.id)
	if len(v.idx) == 0 && (d == nil || d.Op == spv.OpVariable || d.Op == spv.OpFunctionParameter) {
		// a whole variable (a memory object declaration)
		return v.sc == spv.StorageClassFunction
	}
	ok := v.sc == spv.StorageClassFunction
	if e.callMayStay(f) {
		ok = e.opts.FixFuncCallArguments
	}
	if ok {
		e.needLegalization("an argument that is not a whole variable")
	}
	return ok
}

// callMayStay reports whether a call of f may be left a call by the
// legalization: f is [noinline], or the module is a library, whose
// exported functions the inliner does not reach.
func (e *emitter) callMayStay(f *sema.Func) bool {
	if e.entry.library {
		return true
	}
	for _, a := range e.attrs(f.Decl) {
		if a.Name == "noinline" {
			return true
		}
	}
	return false
}

// defaultArg is the default argument of parameter i, written on the
// definition or on the prototype.
func defaultArg(def, proto *sema.Func, i int) ast.Expr {
	for _, f := range []*sema.Func{def, proto} {
		if i < len(f.Params) {
			if pd, ok := f.Params[i].Decl.(*ast.Param); ok && pd.Default != nil {
				return pd.Default
			}
		}
	}
	return nil
}

// untypedLiteral is the constant of a literal (possibly negated) the
// checker gave no type, converted to t.
func (e *emitter) untypedLiteral(x ast.Expr, t *types.Type) (builder.ID, bool) {
	if e.info.TypeOfExpr(x) != nil {
		return 0, false
	}
	neg := false
	if u, ok := unparen(x).(*ast.UnaryExpr); ok && u.Op == ast.Neg {
		neg, x = true, u.X
	}
	lit, ok := unparen(x).(*ast.BasicLit)
	c := concreteType(t).Canonical()
	if !ok || !numeric(c) || flatCount(c) != 1 {
		return 0, false
	}
	var v constant.Value
	switch lit.Kind {
	case ast.IntLit:
		n, err := strconv.ParseInt(strings.TrimRight(lit.Value, "uUlL"), 0, 64)
		if err != nil {
			return 0, false
		}
		if neg {
			n = -n
		}
		v = constant.Int(types.Int64, n)
	case ast.FloatLit:
		f, err := strconv.ParseFloat(strings.TrimRight(lit.Value, "fFhHlL"), 64)
		if err != nil {
			return 0, false
		}
		if neg {
			f = -f
		}
		v = constant.Float(types.Double, f)
	case ast.BoolLit:
		v = constant.Bool(lit.Value == "true")
	default:
		return 0, false
	}
	return e.valueConst(v, c.Scalar().Concrete()), true
}

// argument is the expression passed for parameter i: the call's own, or
// the parameter's default.
func (e *emitter) argument(f, proto *sema.Func, i int, argExprs []ast.Expr, x ast.Expr) ast.Expr {
	if i < len(argExprs) {
		return argExprs[i]
	}
	if d := defaultArg(f, proto, i); d != nil {
		return d
	}
	e.errorf(x.Pos(), "too few arguments in call to '%s'", f.Name())
	return nil
}

// copyBack is an out or inout argument: after the call, the value of the
// parameter's variable tmp (of type pt) is stored back to dst.
type copyBack struct {
	tmp builder.ID
	dst value
	pt  *types.Type
}
