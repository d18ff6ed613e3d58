package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// [unroll] loops. DXC's legalization fully unrolls a loop marked [unroll]
// whose trip count is known, and propagates the loop variable's value into
// each copy; code that needs a constant - a texel offset, a resource array
// index under -fspv-flatten-resource-arrays - relies on it. Without -fcgl
// the emitter does the same for the loops it can count: a for loop over
// one integer variable starting at a constant, compared with a constant,
// stepped by a constant, and never written in the body, which has no break,
// continue or return. Each copy of the body sees the variable as a
// constant (e.unrolled): expressions over it fold (foldUnrolled). Other
// [unroll] loops stay loops with the Unroll control.

// maxUnroll bounds the copies of a loop body.
const maxUnroll = 512

// unrollFor emits s unrolled and reports true, or emits nothing and
// reports false when the loop cannot be counted.
func (e *emitter) unrollFor(s *ast.ForStmt, attrs sema.Attrs) bool {
	v, values, ok := e.unrollPlan(s, attrs)
	if !ok {
		return false
	}
	declared := false
	if ds, ok := s.Init.(*ast.DeclStmt); ok && len(ds.Decls) == 1 {
		declared = true
	} else {
		e.stmt(s.Init, nil) // i = start on an existing variable
	}
	saved, hadSaved := e.vars[v]
	savedConst, hadConst := e.legal.unrolled[v]
	t := v.Type()
	for _, k := range values {
		e.legal.unrolled[v] = k
		e.vars[v] = &variable{value: e.valueConst(k, t.Canonical().Scalar().Concrete()), typ: t, member: -1}
		e.stmt(s.Body, nil)
	}
	if hadConst {
		e.legal.unrolled[v] = savedConst
	} else {
		delete(e.legal.unrolled, v)
	}
	if declared {
		if hadSaved {
			e.vars[v] = saved
		} else {
			delete(e.vars, v)
		}
		return true
	}
	e.vars[v] = saved
	// the variable holds its final value after the loop
	final := values[len(values)-1]
	if next, ok := step(final, s.Post, e); ok {
		final = next
	}
	e.store(e.varValue(v), e.valueConst(final, t.Canonical().Scalar().Concrete()))
	return true
}

// unrollPlan reports whether s is unrolled: its loop variable and the
// variable's value in each copy.
func (e *emitter) unrollPlan(s *ast.ForStmt, attrs sema.Attrs) (*sema.Var, []constant.Value, bool) {
	if e.opts.CodeGenOnly || !hasUnroll(attrs) || s.Init == nil || s.Cond == nil || s.Post == nil {
		return nil, nil, false
	}
	v, start, ok := e.loopStart(s.Init)
	if !ok || e.paramWritten(s.Body, v) || !straightBody(s.Body) {
		return nil, nil, false
	}
	values, ok := e.tripValues(v, start, s.Cond, s.Post)
	if !ok || len(values) > e.unrollFactor(attrs) {
		return nil, nil, false
	}
	return v, values, true
}

// unrolledConst reports whether x is a constant in each copy of the
// unrolled loops around it (loops): made of literals and their loop
// variables only.
func (e *emitter) unrolledConst(x ast.Expr, loops []unrolledLoop) bool {
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.NameExpr:
			v, _ := e.info.ObjectOf(n).(*sema.Var)
			found := false
			for _, l := range loops {
				if l.v == v && l.body.Pos() <= n.Pos() && n.End() <= l.body.End() {
					found = true
				}
			}
			ok = ok && found
		case nil, *ast.BasicLit, *ast.BinaryExpr, *ast.ParenExpr, *ast.UnaryExpr:
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// unrolledLoop is a loop unrollFor unrolls: its variable and body.
type unrolledLoop struct {
	v    *sema.Var
	body ast.Stmt
}

// unrollFactor is N of [unroll(N)], a partial unroll: the loop is copied
// whole only if it runs at most N times.
func (e *emitter) unrollFactor(attrs sema.Attrs) int {
	for _, a := range attrs {
		if a.Name == "unroll" && len(a.Args) == 1 {
			if n, ok := a.Int(0); ok && n > 0 {
				return int(n)
			}
		}
	}
	return maxUnroll
}

// hasUnroll reports an [unroll] attribute.
func hasUnroll(attrs sema.Attrs) bool {
	for _, a := range attrs {
		if a.Name == "unroll" {
			return true
		}
	}
	return false
}

// loopStart reads `int i = K` or `i = K`: the loop variable, an integer
// scalar, and its first value.
func (e *emitter) loopStart(init ast.Stmt) (*sema.Var, constant.Value, bool) {
	var v *sema.Var
	var x ast.Expr
	switch s := init.(type) {
	case *ast.DeclStmt:
		if len(s.Decls) != 1 {
			return nil, constant.Value{}, false
		}
		d, ok := s.Decls[0].(*ast.VarDecl)
		if !ok || d.Init == nil {
			return nil, constant.Value{}, false
		}
		v, _ = e.info.ObjectOf(d).(*sema.Var)
		x = d.Init
	case *ast.ExprStmt:
		a, ok := s.X.(*ast.AssignExpr)
		if !ok || a.Op != ast.Assign {
			return nil, constant.Value{}, false
		}
		n, ok := unparen(a.L).(*ast.NameExpr)
		if !ok {
			return nil, constant.Value{}, false
		}
		v, _ = e.info.ObjectOf(n).(*sema.Var)
		x = a.R
	}
	if v == nil || v.Storage == sema.StorageStaticLocal {
		return nil, constant.Value{}, false
	}
	t := v.Type().Canonical()
	if !t.IsScalar() || !t.Scalar().IsInteger() {
		return nil, constant.Value{}, false
	}
	k, ok := e.foldable(x)
	if !ok || len(k.Elems) != 1 {
		return nil, constant.Value{}, false
	}
	return v, k.Elems[0].Convert(t.Scalar()), true
}

// straightBody reports a body without break, continue, return or static
// locals (each copy must fall through to the next).
func straightBody(body ast.Stmt) bool {
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BranchStmt, *ast.ReturnStmt:
			ok = false
		case *ast.VarDecl:
			if hasModifier(n.Mods, "static") {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// tripValues runs the loop's control on constants: the variable's value
// in each iteration.
func (e *emitter) tripValues(v *sema.Var, start constant.Value, cond, post ast.Expr) ([]constant.Value, bool) {
	c, ok := unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil, false
	}
	n, ok := unparen(c.X).(*ast.NameExpr)
	if !ok || e.info.ObjectOf(n) != v {
		return nil, false
	}
	op, ok := sema.ConstantOp(c.Op)
	if !ok {
		return nil, false
	}
	switch c.Op {
	case ast.Lt, ast.Le, ast.Gt, ast.Ge, ast.Ne:
	default:
		return nil, false
	}
	limit, ok := e.foldable(c.Y)
	if !ok || len(limit.Elems) != 1 {
		return nil, false
	}
	// compare in the comparison's operand type, as the loop does
	ct := v.Type().Canonical().Scalar()
	if conv := e.info.ConversionOf(c.X); conv != nil {
		ct = conv.To.Canonical().Scalar()
	}
	lim := limit.Elems[0].Convert(ct)
	var out []constant.Value
	for k := start; ; {
		r, err := constant.Binary(op, k.Convert(ct), lim)
		if err != nil {
			return nil, false
		}
		if !r.IsTrue() {
			break
		}
		if len(out) == maxUnroll {
			return nil, false
		}
		out = append(out, k)
		next, ok := step(k, post, e)
		if !ok {
			return nil, false
		}
		k = next
	}
	return out, len(out) > 0
}

// step applies the loop's post expression (i++, --i, i += K, i -= K) to k.
func step(k constant.Value, post ast.Expr, e *emitter) (constant.Value, bool) {
	one := constant.Int(k.Kind(), 1)
	switch p := unparen(post).(type) {
	case *ast.UnaryExpr:
		var op constant.Op
		switch p.Op {
		case ast.PreInc, ast.PostInc:
			op = constant.Add
		case ast.PreDec, ast.PostDec:
			op = constant.Sub
		default:
			return k, false
		}
		r, err := constant.Binary(op, k, one)
		return r, err == nil
	case *ast.AssignExpr:
		var op constant.Op
		switch p.Op {
		case ast.AddAssign:
			op = constant.Add
		case ast.SubAssign:
			op = constant.Sub
		case ast.MulAssign:
			op = constant.Mul
		default:
			return k, false
		}
		d, ok := e.foldable(p.R)
		if !ok || len(d.Elems) != 1 {
			return k, false
		}
		r, err := constant.Binary(op, k, d.Elems[0].Convert(k.Kind()))
		return r, err == nil
	}
	return k, false
}

// foldUnrolled folds x, which uses unrolled loop variables, to its value
// in x's own type (foldable's contract).
func (e *emitter) foldUnrolled(x ast.Expr) (*constant.Composite, bool) {
	if v := e.info.ValueOf(x); v != nil {
		return v, true
	}
	switch n := x.(type) {
	case *ast.ParenExpr:
		return e.foldUnrolled(n.X)
	case *ast.NameExpr:
		v, ok := e.info.ObjectOf(n).(*sema.Var)
		if !ok {
			return nil, false
		}
		k, ok := e.legal.unrolled[v]
		if !ok {
			return nil, false
		}
		return &constant.Composite{Type: v.Type(), Elems: []constant.Value{k}}, true
	case *ast.BinaryExpr:
		op, ok := sema.ConstantOp(n.Op)
		if !ok {
			return nil, false
		}
		a, ok1 := e.foldOperand(n.X)
		b, ok2 := e.foldOperand(n.Y)
		if !ok1 || !ok2 {
			return nil, false
		}
		r, err := constant.BinaryComposite(op, *a, *b)
		if err != nil {
			return nil, false
		}
		return &r, true
	case *ast.UnaryExpr:
		op, ok := sema.ConstantOp(n.Op)
		if !ok {
			return nil, false
		}
		a, ok := e.foldOperand(n.X)
		if !ok {
			return nil, false
		}
		r := constant.Composite{Type: a.Type, Elems: make([]constant.Value, len(a.Elems))}
		for i, el := range a.Elems {
			var err error
			if r.Elems[i], err = constant.Unary(op, el); err != nil {
				return nil, false
			}
		}
		return &r, true
	case *ast.ConstructExpr:
		t := e.info.TypeOf(n)
		if t == nil || !(t.Canonical().IsScalar() || t.Canonical().IsVector()) {
			return nil, false
		}
		s := t.Canonical().Scalar()
		var elems []constant.Value
		for _, a := range n.Args {
			av, ok := e.foldOperand(a)
			if !ok {
				return nil, false
			}
			for _, el := range av.Elems {
				elems = append(elems, el.Convert(s))
			}
		}
		if len(elems) != flatCount(t) {
			return nil, false
		}
		return &constant.Composite{Type: t, Elems: elems}, true
	case *ast.MemberExpr:
		sw := e.info.SwizzleOf(n)
		if sw == nil {
			return nil, false
		}
		b, ok := e.foldOperand(n.X)
		if !ok {
			return nil, false
		}
		r := constant.Composite{Type: sw.Type, Elems: make([]constant.Value, len(sw.Indices))}
		for i, k := range sw.Indices {
			if k >= len(b.Elems) {
				return nil, false
			}
			r.Elems[i] = b.Elems[k]
		}
		return &r, true
	case *ast.CastExpr:
		t := e.info.TypeOf(n)
		a, ok := e.foldOperand(n.X)
		if !ok || t == nil {
			return nil, false
		}
		r, ok := a.ConvertTo(t.Canonical(), types.Explicit)
		return &r, ok
	}
	return nil, false
}

// foldOperand folds an operand and applies the conversion sema gave it.
func (e *emitter) foldOperand(x ast.Expr) (*constant.Composite, bool) {
	v, ok := e.foldUnrolled(x)
	if !ok {
		return nil, false
	}
	if c := e.info.ConversionOf(x); c != nil && c.To != nil {
		r, ok := v.ConvertTo(c.To.Canonical(), types.Implicit)
		if !ok {
			return nil, false
		}
		return &r, true
	}
	return v, true
}
