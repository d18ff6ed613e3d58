package sema

import (
	"fmt"

	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema/codes"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// operand is what checking an expression yields.
type operand struct {
	typ    *types.Type
	val    *constant.Composite // constant value, or nil
	lvalue bool                // may be assigned (a non-const variable, field, element)
	// dependent marks an expression whose type the checker leaves open
	// (template code): no error may be reported about it.
	dependent bool
	// funcs is set when the expression names functions (a call's callee);
	// intrinsic names an intrinsic function; method a method on recv.
	funcs     []*Func
	tmpl      *Template
	tmplArgs  []ast.Node // explicit template arguments of tmpl
	intrinsic string
	vk        bool
	method    string
	recv      *types.Type
}

func (x operand) invalid() bool { return x.typ == nil || x.typ.Kind() == types.Invalid }

func invalidOperand() operand { return operand{typ: types.InvalidType(), dependent: true} }

// expr checks e and records its type (and constant value).
func (c *checker) expr(e ast.Expr) operand {
	if e == nil {
		return invalidOperand()
	}
	x := c.expr1(e)
	if x.typ == nil {
		x.typ = types.InvalidType()
	}
	// setType and setValue by e's ID: passing e as an ast.Node would cost
	// a runtime lookup per expression (see Info.TypeOfExpr).
	if id := c.info.index(e.ID()); id >= 0 {
		c.info.types[id] = x.typ
		if x.val != nil {
			c.info.factsOf(id, true).value = x.val
		}
	}
	return x
}

func (c *checker) expr1(e ast.Expr) operand {
	switch e := e.(type) {
	case *ast.BasicLit:
		return c.basicLit(e)
	case *ast.NameExpr:
		return c.name(e)
	case *ast.ParenExpr:
		return c.expr(e.X)
	case *ast.UnaryExpr:
		return c.unary(e)
	case *ast.BinaryExpr:
		return c.binary(e)
	case *ast.AssignExpr:
		return c.assignExpr(e)
	case *ast.CondExpr:
		return c.cond(e)
	case *ast.CastExpr:
		return c.cast(e)
	case *ast.ConstructExpr:
		return c.construct(e)
	case *ast.CallExpr:
		return c.call(e)
	case *ast.IndexExpr:
		return c.index(e)
	case *ast.MemberExpr:
		return c.member(e)
	case *ast.SizeofExpr:
		var t *types.Type
		if e.Type != nil {
			t = c.typeOf(e.Type)
		} else {
			t = c.expr(e.X).typ
		}
		u := types.ScalarType(types.Uint)
		if n, ok := sizeOf(t); ok {
			return operand{typ: u, val: constant.NewScalar(u, constant.Uint(types.Uint, uint64(n)))}
		}
		return operand{typ: u, dependent: true}
	case *ast.ThisExpr:
		if c.fn != nil && c.fn.Recv != nil {
			return operand{typ: c.fn.Recv, lvalue: true}
		}
		return invalidOperand()
	case *ast.InitList:
		for _, el := range e.Elems {
			c.expr(el)
		}
		return invalidOperand()
	}
	return invalidOperand()
}

func (c *checker) basicLit(e *ast.BasicLit) operand {
	switch e.Kind {
	case ast.IntLit, ast.FloatLit:
		v, _, err := constant.ParseLiteral(e.Value, types.Config{Enable16BitTypes: c.cfg.Enable16BitTypes})
		if err != nil {
			if err == constant.ErrLiteralTooLarge {
				c.errorf(codes.NotConstant, e.Pos(), "%s", err.Error())
			}
			return invalidOperand()
		}
		t := types.ScalarType(v.Kind())
		return operand{typ: t, val: constant.NewScalar(t, v)}
	case ast.BoolLit:
		t := types.ScalarType(types.Bool)
		return operand{typ: t, val: constant.NewScalar(t, constant.Bool(e.Value == "true"))}
	case ast.CharLit:
		t := types.ScalarType(types.LiteralInt)
		var ch int64
		if s := strings.Trim(e.Value, "'"); len(s) > 0 {
			ch = int64(s[0])
		}
		return operand{typ: t, val: constant.NewScalar(t, constant.Int(types.LiteralInt, ch))}
	case ast.StringLit:
		return operand{typ: c.u.NewObject(types.StringObject, nil, 0)}
	}
	return invalidOperand()
}

// lookupName resolves a possibly qualified name; nil when not found
// (silent for unresolvable qualifiers, which are reported as dependent).
func (c *checker) lookupName(e *ast.NameExpr) (o Object, unresolvable bool) {
	if len(e.Qualifier) > 0 {
		s := c.qualifierScope(e.Global, e.Qualifier)
		if s == nil {
			return nil, true
		}
		return s.Lookup(e.Name), false
	}
	if e.Global {
		return c.global.Lookup(e.Name), false
	}
	o, _ = c.scope.LookupParent(e.Name)
	return o, false
}

func (c *checker) name(e *ast.NameExpr) operand {
	if len(e.Qualifier) == 1 && e.Qualifier[0].Name == "vk" && !e.Global {
		if intrinsics.IsVkFunction(e.Name) {
			return operand{typ: types.InvalidType(), intrinsic: e.Name, vk: true}
		}
		if v := vkConstant(e.Name); v != nil {
			c.setUse(e, v)
			return operand{typ: v.typ, val: v.Value}
		}
		// A namespace vk of the source or a header (<vk/spirv.h>) declares
		// the rest; other vk:: built-ins stay open.
		if o, _ := c.lookupName(e); o == nil {
			return invalidOperand()
		}
	}
	o, unresolvable := c.lookupName(e)
	if unresolvable {
		return invalidOperand()
	}
	if _, isSet := o.(*Overloads); isSet && e.HasArgs && len(e.Qualifier) == 0 {
		// f<args>(...) inside an instance of the function template f (or
		// of a member template): the instance's own name is declared in
		// its scope; the template is further out
		if t := c.outerTemplate(e.Name); t != nil {
			o = t
		}
	}
	if o == nil {
		if len(e.Qualifier) == 0 && intrinsics.IsFunction(e.Name) {
			return operand{typ: types.InvalidType(), intrinsic: e.Name}
		}
		if len(e.Qualifier) > 0 {
			if s := c.qualifierScope(e.Global, e.Qualifier); s != nil && s.Kind == ScopeNamespace {
				pos := e.Pos() // clang points at the name after the qualifier
				if p := e.End() - diag.Pos(len(e.Name)); !e.HasArgs && p > e.Pos() && c.sameFile(p, e.Pos()) {
					pos = p
				}
				c.errorf(codes.UndeclaredIdentifier, pos, "no member named '%s' in namespace '%s'", e.Name, s.Name)
			}
			// Members of structs (templates, bases) stay silent.
			return invalidOperand()
		}
		c.errorf(codes.UndeclaredIdentifier, e.Pos(), "use of undeclared identifier '%s'", e.Name)
		return invalidOperand()
	}
	c.setUse(e, o)
	if v, ok := o.(*Var); ok && v.Storage == StorageStaticField && v.Const && !v.defined() {
		c.useUndefinedStatic(e, v) // decl.go
	}
	if tmpl, ok := o.(*Template); ok {
		if tmpl.kind == tmplVar && e.HasArgs {
			return c.varTemplate(e, tmpl)
		}
		return operand{typ: types.InvalidType(), tmpl: tmpl, tmplArgs: e.Args, dependent: true}
	}
	if e.HasArgs {
		return invalidOperand()
	}
	switch o := o.(type) {
	case *Var:
		x := operand{typ: o.typ, lvalue: !o.Const, val: o.Value}
		if o.typ == nil || o.typ.Kind() == types.TypeParam {
			return invalidOperand()
		}
		if o.Storage == StorageCBuffer || (o.Storage == StorageGlobals && !c.cfg.hlsl2021()) {
			x.lvalue = false
		}
		if o.Storage == StorageGlobals && !isStringType(o.typ) {
			x.lvalue = false // uniforms are read-only
		}
		return x
	case *EnumConst:
		v := o.Value
		t := o.typ
		return operand{typ: t, val: constant.NewScalar(types.ScalarType(v.Kind()), v)}
	case *Overloads:
		x := operand{typ: types.InvalidType(), funcs: o.Funcs}
		if len(e.Qualifier) == 0 && intrinsics.IsFunction(e.Name) {
			x.intrinsic = e.Name // user overloads do not hide the intrinsic
		}
		return x
	case *Func:
		return operand{typ: types.InvalidType(), funcs: []*Func{o}}
	case *Template:
		return invalidOperand()
	}
	// A type or namespace used as a value: stay silent (templates,
	// static member access forms the checker does not model).
	return invalidOperand()
}

// outerTemplate finds the template named name in the scopes around the
// current one, past an instance's own declaration of that name (the
// functions or the struct an instantiation declares).
func (c *checker) outerTemplate(name string) *Template {
	for s := c.scope; s != nil; s = s.Parent {
		if t, ok := s.Lookup(name).(*Template); ok {
			return t
		}
	}
	return nil
}

// unaryOpOf returns the operator class of a unary operator.
func unaryOpOf(op ast.Op) (types.UnaryOp, bool) {
	switch op {
	case ast.Plus:
		return types.UnaryPlus, true
	case ast.Neg:
		return types.UnaryMinus, true
	case ast.BitNot:
		return types.UnaryBitNot, true
	case ast.Not:
		return types.UnaryLogNot, true
	case ast.PreInc:
		return types.UnaryIncDec, true
	case ast.PreDec:
		return types.UnaryIncDec, true
	case ast.PostInc:
		return types.UnaryIncDec, true
	case ast.PostDec:
		return types.UnaryIncDec, true
	}
	return 0, false
}

// ConstantOp is the constant-folding operation of an operator, for the
// emitter's own folding (codegen/spirv's unrolled loops).
func ConstantOp(op ast.Op) (constant.Op, bool) {
	k, ok := constOpOf(op)
	return k, ok
}

// constOpOf returns the constant folding operation of an operator.
func constOpOf(op ast.Op) (constant.Op, bool) {
	switch op {
	case ast.Add:
		return constant.Add, true
	case ast.Sub:
		return constant.Sub, true
	case ast.Mul:
		return constant.Mul, true
	case ast.Div:
		return constant.Div, true
	case ast.Rem:
		return constant.Rem, true
	case ast.Shl:
		return constant.Shl, true
	case ast.Shr:
		return constant.Shr, true
	case ast.BitAnd:
		return constant.And, true
	case ast.BitOr:
		return constant.Or, true
	case ast.BitXor:
		return constant.Xor, true
	case ast.LogAnd:
		return constant.LogAnd, true
	case ast.LogOr:
		return constant.LogOr, true
	case ast.Eq:
		return constant.Eql, true
	case ast.Ne:
		return constant.Neq, true
	case ast.Lt:
		return constant.Lss, true
	case ast.Le:
		return constant.Leq, true
	case ast.Gt:
		return constant.Gtr, true
	case ast.Ge:
		return constant.Geq, true
	case ast.Neg:
		return constant.Neg, true
	case ast.BitNot:
		return constant.Not, true
	case ast.Not:
		return constant.LogNot, true
	case ast.Plus:
		return constant.Plus, true
	}
	return 0, false
}

// constOp is constOpOf without the second result.
func constOp(op ast.Op) constant.Op {
	k, _ := constOpOf(op)
	return k
}

func (c *checker) unary(e *ast.UnaryExpr) operand {
	x := c.expr(e.X)
	if x.invalid() {
		return invalidOperand()
	}
	op, _ := unaryOpOf(e.Op)
	t, problem := types.UnaryTypes(op, x.typ)
	switch problem {
	case types.UnaryNotNumeric:
		c.errorf(codes.ScalarVectorMatrixExpected, e.Pos(), "scalar, vector, or matrix expected")
		return invalidOperand()
	case types.UnaryIntRequired:
		c.errorf(codes.IntRequired, e.Pos(), "int or unsigned int type required")
		return invalidOperand()
	case types.UnaryBoolLvalue:
		c.errorf(codes.TypeMismatch, e.Pos(), "operator cannot be used with a bool lvalue")
		return invalidOperand()
	case types.UnaryEnumIncDec:
		c.errorf(codes.TypeMismatch, e.Pos(), "cannot increment value of type %s", types.Quote(x.typ))
		return invalidOperand()
	}
	if t == nil {
		return invalidOperand()
	}
	if op == types.UnaryIncDec {
		c.requireLvalue(x, e.X)
		return operand{typ: t, lvalue: e.Op == ast.PreInc || e.Op == ast.PreDec}
	}
	r := operand{typ: t}
	if x.val != nil && len(x.val.Elems) == 1 && t.IsScalar() {
		if v, err := constant.Unary(constOp(e.Op), x.val.Elems[0]); err == nil {
			v = v.Convert(t.Scalar())
			r.val = constant.NewScalar(t, v)
		}
	}
	return r
}

func binaryOpClass(op ast.Op) types.BinaryOp {
	switch op {
	case ast.Add, ast.Sub, ast.Mul, ast.AddAssign, ast.SubAssign, ast.MulAssign:
		return types.BinaryOp{Class: types.OpArithmetic}
	case ast.Div, ast.DivAssign:
		return types.BinaryOp{Class: types.OpArithmetic, DivOrRem: true}
	case ast.Rem, ast.RemAssign:
		return types.BinaryOp{Class: types.OpArithmetic, DivOrRem: true, Rem: true}
	case ast.BitAnd, ast.BitOr, ast.BitXor, ast.AndAssign, ast.OrAssign, ast.XorAssign:
		return types.BinaryOp{Class: types.OpBitwise}
	case ast.Shl, ast.Shr, ast.ShlAssign, ast.ShrAssign:
		return types.BinaryOp{Class: types.OpShift}
	case ast.Eq, ast.Ne, ast.Lt, ast.Gt, ast.Le, ast.Ge:
		return types.BinaryOp{Class: types.OpComparison}
	case ast.LogAnd, ast.LogOr:
		return types.BinaryOp{Class: types.OpLogical}
	}
	return types.BinaryOp{Class: types.OpArithmetic}
}

func (c *checker) binary(e *ast.BinaryExpr) operand {
	x := c.expr(e.X)
	y := c.expr(e.Y)
	if e.Op == ast.Comma {
		return operand{typ: y.typ, dependent: y.dependent}
	}
	if x.invalid() || y.invalid() {
		return invalidOperand()
	}
	// (Only a struct has operators of its own: naming one costs a string.)
	if x.typ != nil && x.typ.Canonical().IsStruct() {
		if r, ok := c.userOperator(x.typ, "operator"+e.Op.String()); ok {
			return r
		}
	}
	res, ok := c.binaryTypes(e.Op, x, y, e.X, e.Y, opSite{e.X, e.Y, e.Op})
	if !ok {
		return invalidOperand()
	}
	r := operand{typ: res.Result}
	if x.val != nil && y.val != nil {
		if v, err := constant.BinaryComposite(constOp(e.Op), *x.val, *y.val); err == nil {
			r.val = &v
		} else if err == constant.ErrDivByZero || err == constant.ErrRemByZero {
			code := codes.DivisionByZero
			if err == constant.ErrRemByZero {
				code = codes.RemainderByZero
			}
			c.warnf(code, e.Y.Pos(), "%s", err.Error())
		}
	}
	return r
}

// binaryTypes types x op y, reports DXC's errors at site and records the
// operands' conversions.
func (c *checker) binaryTypes(op ast.Op, x, y operand, xe, ye ast.Expr, site opSite) (types.BinaryResult, bool) {
	bop := binaryOpClass(op)
	bop.HLSL2021 = c.cfg.hlsl2021()
	if !x.typ.IsNumeric() || !y.typ.IsNumeric() {
		// Enums combine as their underlying integers.
		if !(x.typ.Scalar() != types.NoScalar && y.typ.Scalar() != types.NoScalar) {
			if bop.Class == types.OpComparison && types.Identical(x.typ, y.typ) && x.typ.IsObject() {
				return types.BinaryResult{Operand: x.typ, Result: types.ScalarType(types.Bool)}, true
			}
			c.errorf(codes.ScalarVectorMatrixExpected, site.pos(c), "scalar, vector, or matrix expected")
			return types.BinaryResult{}, false
		}
	}
	res := types.BinaryTypes(bop, x.typ, y.typ)
	switch res.Problem {
	case types.BinaryOK:
	case types.BinaryTypeMismatch, types.BinaryShapeMismatch:
		c.errorf(codes.TypeMismatch, site.pos(c), "cannot convert from %s to %s", types.Quote(y.typ), types.Quote(x.typ))
		return res, false
	case types.BinaryNotNumeric:
		c.errorf(codes.ScalarVectorMatrixExpected, site.pos(c), "scalar, vector, or matrix expected")
		return res, false
	case types.BinaryIntRequired:
		c.errorf(codes.IntRequired, site.pos(c), "int or unsigned int type required")
		return res, false
	case types.BinaryLogicalScalar:
		c.errorf(codes.LogicalOperandScalar, site.pos(c), "operands for short-circuiting logical binary operator must be scalar, for non-scalar types use '%s'", map[ast.Op]string{ast.LogAnd: "and", ast.LogOr: "or"}[op])
		return res, false
	case types.BinaryMinIntDivision:
		c.errorf(codes.MinPrecisionDivision, site.pos(c), "signed integer division is not supported on minimum-precision types, cast to int to use 32-bit division")
		return res, false
	case types.BinaryDoubleModulo:
		c.errorf(codes.DoubleModulo, site.pos(c), "modulo cannot be used with doubles, cast to float first")
		return res, false
	}
	if res.Result == nil || res.Operand == nil {
		return res, false
	}
	if res.Truncate {
		c.warnf(codes.ImplicitTruncation, site.pos(c), "implicit truncation of vector type")
	}
	if bop.Class != types.OpShift {
		c.recordConversion(xe, x.typ, res.Operand)
		c.recordConversion(ye, y.typ, res.Operand)
	}
	return res, true
}

// recordConversion notes that e (of type from) is converted to to.
func (c *checker) recordConversion(e ast.Expr, from, to *types.Type) {
	if e == nil || from == nil || to == nil || types.Identical(from, to) {
		return
	}
	conv, ok := types.Convert(from, to, types.Explicit)
	if !ok || conv.IsIdentity() {
		return
	}
	c.setConversion(e, Conversion{To: to, Conv: conv})
}

// convertTo checks that x (the value of e) converts implicitly to t, warns
// as DXC does, records the conversion, and reports errors at e.
func (c *checker) convertTo(x operand, e ast.Expr, t *types.Type) bool {
	return c.convertToIn(x, e, t, "")
}

// convertToIn is convertTo in a context clang words its failure for:
// "a variable" (an initializer) or "return object" (a return value).
func (c *checker) convertToIn(x operand, e ast.Expr, t *types.Type, init string) bool {
	if x.invalid() || t == nil || t.Kind() == types.Invalid || t.Kind() == types.TypeParam || x.typ.Kind() == types.TypeParam {
		return true
	}
	if types.Identical(x.typ, t) {
		return true
	}
	if ct, cx := t.Canonical(), x.typ.Canonical(); ct.IsArray() && ct.Len() == types.Unsized && cx.IsArray() && types.Identical(ct.Elem(), cx.Elem()) {
		return true // T[N] passed as T[]
	}
	if !t.Canonical().IsObject() {
		x.typ = decayBuffer(x.typ)
	}
	conv, ok := types.Convert(x.typ, t, c.cfg.implicitKind())
	if !ok && t.Canonical().Kind() == types.Enum && !t.Canonical().Named().Scoped && x.typ.IsScalar() && x.typ.Scalar().IsInteger() {
		// DXC assigns integers to unscoped enums (d = First + Second).
		return true
	}
	if !ok {
		switch init {
		case "a variable":
			// clang's initialization failure, with desugared types:
			// 'vector<float, 4>' from 'vector<float, 3>'.
			c.errorf(codes.CannotConvert, e.Pos(), "cannot initialize a variable of type '%s' with an %s of type '%s'",
				t.CanonicalString(), valueCategory(e), x.typ.CanonicalString())
		case "return object":
			c.errorf(codes.CannotConvert, e.Pos(), "cannot initialize return object of type '%s' with an %s of type '%s'",
				t.String(), valueCategory(e), x.typ.String())
		default:
			c.errorf(codes.CannotConvert, e.Pos(), "cannot convert from %s to %s", types.Quote(x.typ), types.Quote(t))
		}
		return false
	}
	c.warnConversion(x, e, t, conv)
	if !conv.IsIdentity() {
		c.setConversion(e, Conversion{To: t, Conv: conv})
	}
	return true
}

// warnConversion gives DXC's warnings for an implicit conversion of x (the
// value of e) to t: a truncated vector, a narrower non-constant value.
func (c *checker) warnConversion(x operand, e ast.Expr, t *types.Type, conv types.Conversion) {
	if conv.Truncates {
		c.warnf(codes.ImplicitTruncation, e.Pos(), "implicit truncation of vector type")
	}
	if conv.PrecisionLoss && x.val == nil {
		c.warnf(codes.PrecisionLoss, e.Pos(), "conversion from larger type %s to smaller type %s, possible loss of data", types.Quote(x.typ), types.Quote(t))
	}
}

// warnNarrowing warns about an intrinsic's input argument converted to its
// parameter type, as convertTo does for a user function's.
func (c *checker) warnNarrowing(x operand, e ast.Expr, t *types.Type) {
	if x.invalid() || t.Kind() == types.Invalid || t.Canonical().IsObject() || types.Identical(x.typ, t) {
		return
	}
	conv, ok := types.Convert(decayBuffer(x.typ), t, c.cfg.implicitKind())
	if !ok {
		return
	}
	// DXC words an intrinsic's parameter type desugared ('vector<half, 2>')
	// and warns about the narrowing before the truncation.
	if conv.PrecisionLoss && x.val == nil {
		c.warnf(codes.PrecisionLoss, e.Pos(), "conversion from larger type %s to smaller type '%s', possible loss of data", types.Quote(x.typ), t.CanonicalString())
	}
	if conv.Truncates {
		c.warnf(codes.ImplicitTruncation, e.Pos(), "implicit truncation of vector type")
	}
}

func (c *checker) requireLvalue(x operand, e ast.Expr) bool {
	if x.invalid() || x.lvalue || x.dependent {
		return true
	}
	c.notAssignable(e, e.Pos())
	return false
}

// notAssignable reports an assignment to e, worded as clang words it.
func (c *checker) notAssignable(e ast.Expr, pos diag.Pos) {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			break
		}
		e = p.X
	}
	if n, ok := e.(*ast.NameExpr); ok {
		if v, ok := c.info.ObjectOf(n).(*Var); ok && v.Const {
			c.errorf(NotAssignable, pos, "cannot assign to variable '%s' with const-qualified type 'const %s'", v.name, v.typ)
			return
		}
	}
	c.errorf(NotAssignable, pos, "expression is not assignable")
}

func (c *checker) assignExpr(e *ast.AssignExpr) operand {
	l := c.expr(e.L)
	r := c.expr(e.R)
	if l.invalid() {
		return invalidOperand()
	}
	site := opSite{e.L, e.R, e.Op}
	if !l.lvalue && !l.dependent {
		c.notAssignable(e.L, site.pos(c))
	}
	if r.invalid() {
		return operand{typ: l.typ, lvalue: true}
	}
	if e.Op == ast.Assign {
		c.convertTo(r, e.R, l.typ)
		return operand{typ: l.typ, lvalue: true}
	}
	base, _ := e.Op.CompoundBase()
	if res, ok := c.binaryTypes(base, l, r, nil, e.R, site); ok {
		if res.Result != nil && !types.Identical(res.Result, l.typ) {
			if conv, ok := types.Convert(res.Result, l.typ, types.Explicit); !ok {
				c.errorf(codes.CannotConvert, e.R.Pos(), "cannot convert from %s to %s", types.Quote(res.Result), types.Quote(l.typ))
			} else if !conv.IsIdentity() {
				// x op= y: the operation's result converted back to x's
				// type is recorded on the assignment itself.
				c.setConversion(e, Conversion{To: l.typ, Conv: conv})
			}
		}
	}
	return operand{typ: l.typ, lvalue: true}
}

func (c *checker) cond(e *ast.CondExpr) operand {
	cond := c.expr(e.Cond)
	x := c.expr(e.X)
	y := c.expr(e.Y)
	if cond.invalid() || x.invalid() || y.invalid() {
		return invalidOperand()
	}
	t, err := types.ConditionalTypes(cond.typ, x.typ, y.typ, c.cfg.hlsl2021())
	if err != nil {
		c.errorf(codes.TypeMismatch, e.Pos(), "%s", err.Error())
		return invalidOperand()
	}
	if t == nil {
		return invalidOperand()
	}
	c.recordConversion(e.X, x.typ, t)
	c.recordConversion(e.Y, y.typ, t)
	r := operand{typ: t}
	if cond.val != nil && len(cond.val.Elems) == 1 && x.val != nil && y.val != nil {
		pick := y.val
		if cond.val.Elems[0].IsTrue() {
			pick = x.val
		}
		if v, ok := pick.ConvertTo(t, types.Explicit); ok {
			r.val = &v
		}
	}
	return r
}

func (c *checker) cast(e *ast.CastExpr) operand {
	t := c.typeOf(e.Type)
	x := c.expr(e.X)
	if t.Kind() == types.Invalid || x.invalid() {
		return operand{typ: t, dependent: true}
	}
	if t.IsVoid() {
		return operand{typ: t}
	}
	if !t.Canonical().IsObject() {
		x.typ = decayBuffer(x.typ)
	}
	conv, ok := types.Convert(x.typ, t, types.Explicit)
	if !ok && (t.Canonical().Object() == types.VkBufferPointer || x.typ.Canonical().Object() == types.VkBufferPointer) {
		return operand{typ: t} // pointer <-> uint64_t casts
	}
	if !ok {
		c.errorf(codes.CannotConvert, e.Pos(), "cannot convert from %s to %s", types.Quote(x.typ), types.Quote(t))
		return operand{typ: t}
	}
	if !conv.IsIdentity() {
		c.setConversion(e.X, Conversion{To: t, Conv: conv})
	}
	// (Base)derived names the base part of an lvalue and may be assigned.
	r := operand{typ: t, lvalue: x.lvalue && (conv.Shape == types.ShapeDerivedToBase || conv.IsIdentity())}
	if x.val != nil && t.IsNumeric() {
		if v, ok := x.val.ConvertTo(t, types.Explicit); ok {
			r.val = &v
		}
	}
	return r
}

// construct checks T(args): a vector/matrix constructor, or a
// functional cast with one argument.
func (c *checker) construct(e *ast.ConstructExpr) operand {
	t := c.typeOf(e.Type)
	defer c.releaseOperands(len(c.scratch))
	args := c.operands(len(e.Args))
	for i, a := range e.Args {
		args[i] = c.expr(a)
	}
	if t.Kind() == types.Invalid {
		return operand{typ: t, dependent: true}
	}
	for _, a := range args {
		if a.invalid() {
			return operand{typ: t, dependent: true}
		}
	}
	if !t.IsNumeric() {
		if len(args) == 1 {
			if _, ok := types.Convert(args[0].typ, t, types.Explicit); ok {
				return operand{typ: t}
			}
		}
		return operand{typ: t}
	}
	if len(args) == 1 && (t.IsScalar() || args[0].typ.IsScalar()) {
		// float(x), float4(0): a functional cast (a splat).
		if conv, ok := types.Convert(args[0].typ, t, types.Explicit); ok {
			if !conv.IsIdentity() {
				c.setConversion(e.Args[0], Conversion{To: t, Conv: conv})
			}
			r := operand{typ: t}
			if args[0].val != nil {
				if v, ok := args[0].val.ConvertTo(t, types.Explicit); ok {
					r.val = &v
				}
			}
			return r
		}
	}
	elems := make([]*types.Type, len(args))
	for i, a := range args {
		elems[i] = a.typ
	}
	if _, err := types.FlatInit(t, elems); err != nil {
		c.errorf(InitList, e.Pos(), "%s", err.Error())
		return operand{typ: t}
	}
	// Fold a constructor of constant scalars.
	r := operand{typ: t}
	for _, a := range args {
		if a.val == nil {
			return r
		}
	}
	vals := make([]constant.Value, 0, t.ComponentCount())
	for _, a := range args {
		vals = append(vals, a.val.Elems...)
	}
	if len(vals) == t.ComponentCount() {
		for i := range vals {
			vals[i] = vals[i].Convert(t.Scalar())
		}
		r.val = &constant.Composite{Type: t, Elems: vals}
	}
	return r
}

func (c *checker) index(e *ast.IndexExpr) operand {
	if r, ok := c.mipsOrSample(e); ok {
		return r
	}
	x := c.expr(e.X)
	i := c.expr(e.Index)
	if x.invalid() {
		return invalidOperand()
	}
	if r, ok := c.userOperator(x.typ, "operator[]"); ok {
		return r
	}
	if o := x.typ.Canonical().Object(); x.typ.IsObject() && o.NodeOutputElem() != types.NoObject {
		// outputs[i]: one node of a node output array
		c.recordConversion(e.Index, i.typ, types.ScalarType(types.Uint))
		return operand{typ: c.u.NewObject(o.NodeOutputElem(), x.typ.Canonical().Elem(), 0)}
	}
	sub, err := types.SubscriptOf(x.typ)
	if err != nil {
		c.errorf(codes.NotSubscriptable, e.Pos(), "%s", err.Error())
		return invalidOperand()
	}
	if sub.Elem == nil {
		return invalidOperand()
	}
	if !i.invalid() && sub.Index != nil && x.typ.Canonical().IsObject() && x.typ.Canonical().Object().Class() == types.ClassTexture &&
		(!i.typ.IsNumeric() || i.typ.ComponentCount() != sub.Index.ComponentCount()) {
		// A texture's operator[] takes its coordinate vector exactly: no
		// splat, no truncation (clang's overload failure).
		c.diags.Add(diag.Diagnostic{Severity: diag.Error, Code: codes.NoMatchingFunction, Pos: e.Pos(),
			Msg: fmt.Sprintf("no viable overloaded operator[] for type %s", types.Quote(x.typ)),
			Notes: []diag.Diagnostic{{Severity: diag.Note, Pos: e.Pos(),
				Msg: fmt.Sprintf("candidate function not viable: no known conversion from %s to '%s' for 1st argument", types.Quote(i.typ), clangIndexType(sub.Index))}}})
	} else if !i.invalid() && sub.Index != nil && !i.typ.IsNumeric() && i.typ.Scalar() == types.NoScalar {
		c.errorf(codes.CannotConvert, e.Index.Pos(), "cannot convert from %s to %s", types.Quote(i.typ), types.Quote(sub.Index))
	}
	lv := x.lvalue
	if x.typ.IsObject() {
		lv = sub.Writable
	}
	r := operand{typ: sub.Elem, lvalue: lv}
	if x.val != nil && i.val != nil && len(i.val.Elems) == 1 {
		if k, ok := i.val.Elems[0].Int64(); ok && x.typ.IsVector() && k >= 0 && int(k) < len(x.val.Elems) {
			r.val = constant.NewScalar(sub.Elem, x.val.Elems[k])
		}
	}
	return r
}

func (c *checker) member(e *ast.MemberExpr) operand {
	x := c.expr(e.X)
	if x.invalid() || e.Name == nil {
		return invalidOperand()
	}
	name := e.Name.Name
	t := x.typ
	if t.Kind() == types.Alias {
		t = t.Underlying()
	}
	if ct := t.Canonical(); ct.IsObject() && ct.Object().Class() == types.ClassCBuffer && ct.Elem() != nil && ct.Elem().Canonical().IsStruct() {
		// ConstantBuffer<S>.method(): S's members, methods included
		if _, isField := ct.Elem().FieldByName(name); !isField && !intrinsics.HasMethod(ct.Object(), name) {
			if s := c.structScope(ct.Elem()); s != nil {
				if o, _ := c.lookupMember(s, name); o != nil {
					t = ct.Elem()
				}
			}
		}
	}
	switch {
	case t.IsScalar() || t.IsVector():
		sw, err := types.VectorSwizzle(t, name)
		if err != nil {
			c.errorf(codes.InvalidSwizzle, e.Name.Pos(), "%s", err.Error())
			return invalidOperand()
		}
		c.setSwizzle(e, &sw)
		r := operand{typ: sw.Type, lvalue: x.lvalue && !sw.Duplicates}
		if x.val != nil {
			var vals []constant.Value
			for _, k := range sw.Indices {
				if k < len(x.val.Elems) {
					vals = append(vals, x.val.Elems[k])
				}
			}
			if len(vals) == len(sw.Indices) {
				r.val = &constant.Composite{Type: sw.Type, Elems: vals}
			}
		}
		return r
	case t.IsMatrix():
		sw, err := types.MatrixSwizzle(t, name)
		if err != nil {
			c.errorf(codes.InvalidSwizzle, e.Name.Pos(), "%s", err.Error())
			return invalidOperand()
		}
		c.setSwizzle(e, &sw)
		return operand{typ: sw.Type, lvalue: x.lvalue && !sw.Duplicates}
	case t.IsStruct():
		if f, ok := t.FieldByName(name); ok {
			if d, ok := f.Decl.(ast.Node); ok {
				c.setUse(e, c.info.ObjectOf(d))
			}
			return operand{typ: f.Type, lvalue: x.lvalue}
		}
		if s := c.structScope(t); s != nil {
			if o, _ := c.lookupMember(s, name); o != nil {
				c.setUse(e, o)
				switch o := o.(type) {
				case *Overloads:
					return operand{typ: types.InvalidType(), funcs: o.Funcs, recv: t}
				case *Var:
					return operand{typ: o.typ, val: o.Value, lvalue: !o.Const}
				case *Template:
					return operand{typ: types.InvalidType(), tmpl: o, tmplArgs: e.Args, recv: t, dependent: true}
				}
				return invalidOperand()
			}
			if s.Struct != nil && s.Struct.Named() != nil && s.Struct.Named().Instance == nil && !c.hasDependentBase(t) {
				c.errorf(codes.NoSuchMember, e.Name.Pos(), "no member named '%s' in %s", name, types.Quote(x.typ))
			}
		}
		return invalidOperand()
	case t.IsObject():
		o := t.Object()
		if o.Class() == types.ClassCBuffer && t.Elem() != nil {
			// ConstantBuffer<S>.field
			if f, ok := t.Elem().FieldByName(name); ok {
				return operand{typ: f.Type}
			}
		}
		if intrinsics.HasMethod(o, name) {
			return operand{typ: types.InvalidType(), method: name, recv: t}
		}
		if bs := c.u.BuiltinStruct(o); bs != nil {
			if f, ok := bs.FieldByName(name); ok {
				return operand{typ: f.Type, lvalue: x.lvalue}
			}
		}
		if o.IsNode() {
			// node objects have their methods and nothing else
			c.errorf(codes.NoSuchMember, e.Name.Pos(), "no member named '%s' in %s", name, types.Quote(x.typ))
		}
		// .mips, .sample, vk::BufferPointer.Get() and the like.
		return invalidOperand()
	}
	return invalidOperand()
}

func (c *checker) hasDependentBase(t *types.Type) bool {
	for n := t.Named(); n != nil; {
		if n.Base == nil {
			return false
		}
		if n.Base.Kind() != types.Struct {
			return true
		}
		n = n.Base.Named()
	}
	return false
}

// lookupMember finds a member of a struct scope, then of its bases.
func (c *checker) lookupMember(s *Scope, name string) (Object, *Scope) {
	for ; s != nil; s = c.baseScope(s) {
		if o, ok := s.names.get(name); ok {
			return o, s
		}
	}
	return nil, nil
}

func (c *checker) baseScope(s *Scope) *Scope {
	if s.Struct == nil || s.Struct.Named() == nil || s.Struct.Named().Base == nil {
		return nil
	}
	return c.structScope(s.Struct.Named().Base)
}

func (c *checker) structScope(t *types.Type) *Scope {
	if t == nil {
		return nil
	}
	return c.structScopes[t.Canonical()]
}

// sizeOf is sizeof(t) as clang evaluates it for DXC: numeric types (no
// padding, bool and min-precision kinds take 4 bytes), enums (their
// underlying integer), arrays of them, and structs of them, each member at
// a multiple of its alignment (its component's size) and the size rounded
// up to the largest. Structs with bitfields or no members, and objects,
// are left to the code generator.
func sizeOf(t *types.Type) (int64, bool) {
	size, _, ok := sizeAlign(t)
	return size, ok
}

func sizeAlign(t *types.Type) (size, align int64, ok bool) {
	if t == nil {
		return 0, 0, false
	}
	t = t.Canonical()
	switch {
	case t.IsArray():
		if t.Len() < 0 {
			return 0, 0, false
		}
		n, a, ok := sizeAlign(t.Elem())
		return n * t.Len(), a, ok
	case t.IsNumeric(), t.Kind() == types.Enum:
		s := t.Scalar()
		bytes := int64(4)
		switch {
		case s.IsLiteral():
			return 0, 0, false
		case s.Bits() == 16 && !s.IsMinPrecision():
			bytes = 2
		case s.Bits() == 64:
			bytes = 8
		}
		n := int64(1)
		if t.IsNumeric() {
			n = int64(t.ComponentCount())
		}
		return bytes * n, bytes, true
	case t.IsStruct():
		nd := t.Named()
		if nd == nil || len(nd.Fields) == 0 && nd.Base == nil {
			return 0, 0, false
		}
		members := make([]*types.Type, 0, len(nd.Fields)+1)
		if nd.Base != nil {
			members = append(members, nd.Base)
		}
		for _, f := range nd.Fields {
			if d, ok := f.Decl.(*ast.VarDecl); ok && hasBitWidth(d) {
				return 0, 0, false
			}
			members = append(members, f.Type)
		}
		for _, m := range members {
			n, a, ok := sizeAlign(m)
			if !ok {
				return 0, 0, false
			}
			size = (size+a-1)/a*a + n
			align = max(align, a)
		}
		return (size + align - 1) / align * align, align, true
	}
	return 0, 0, false
}

// hasBitWidth reports whether a field is a bitfield (int x : 4).
func hasBitWidth(d *ast.VarDecl) bool {
	for _, s := range d.Semantics {
		if s.Kind == ast.BitField {
			return true
		}
	}
	return false
}

// userOperator finds an operator method (operator+, operator[], operator())
// on a struct operand; the result is the first overload's (overloads of
// operators are not ranked yet).
func (c *checker) userOperator(t *types.Type, name string) (operand, bool) {
	if t == nil || !t.Canonical().IsStruct() {
		return operand{}, false
	}
	s := c.structScope(t)
	if s == nil {
		return operand{}, false
	}
	o, _ := c.lookupMember(s, name)
	set, ok := o.(*Overloads)
	if !ok || len(set.Funcs) == 0 || set.Funcs[0].Result == nil {
		return operand{}, false
	}
	return operand{typ: set.Funcs[0].Result}, true
}

// decayBuffer gives the struct a ConstantBuffer<S> or TextureBuffer<S>
// value stands for where an S is expected.
func decayBuffer(t *types.Type) *types.Type {
	if t == nil {
		return t
	}
	ct := t.Canonical()
	if ct.IsObject() && ct.Object().Class() == types.ClassCBuffer && ct.Elem() != nil {
		return ct.Elem()
	}
	return t
}

// An opSite is a binary or assignment operator between two operands, for
// its diagnostics. Finding the operator's position means reading the
// source between the operands (opPos): a diagnostic is rare, an operator
// is not, so pos finds it only when one is reported.
type opSite struct {
	x, y ast.Expr
	op   ast.Op
}

func (s opSite) pos(c *checker) diag.Pos { return c.opPos(s.x, s.y, s.op.String()) }

// opPos finds the operator token between two operands in the source, where
// clang points its diagnostics; the left operand's start when it cannot
// (operands from different files or macro expansions).
func (c *checker) opPos(x, y ast.Node, op string) diag.Pos {
	if c.fs == nil || x == nil || y == nil {
		return x.Pos()
	}
	f := c.fs.File(x.End())
	if f == nil || c.fs.File(y.Pos()) != f || y.Pos() < x.End() {
		return x.Pos()
	}
	from, to := f.Offset(x.End()), f.Offset(y.Pos())
	if from < 0 || to > len(f.Content) {
		return x.Pos()
	}
	text := string(f.Content[from:to])
	for i := 0; i < len(text); i++ {
		switch {
		case strings.HasPrefix(text[i:], "//"):
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case strings.HasPrefix(text[i:], "/*"):
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				return x.Pos()
			}
			i += end + 3
		case strings.HasPrefix(text[i:], op):
			return f.Pos(from + i)
		}
	}
	return x.Pos()
}

// valueCategory is clang's word for an expression: names, members and
// elements are lvalues, everything else rvalues.
func valueCategory(e ast.Expr) string {
	switch unparen(e).(type) {
	case *ast.NameExpr, *ast.MemberExpr, *ast.IndexExpr:
		return "lvalue"
	}
	return "rvalue"
}

// clangIndexType spells a texture coordinate type as clang's note does:
// 'unsigned int', 'vector<uint, 2>'.
func clangIndexType(t *types.Type) string {
	if t.IsVector() {
		return fmt.Sprintf("vector<%s, %d>", types.ScalarType(t.Scalar()), t.VecSize())
	}
	return t.CanonicalString()
}

// mipsOrSample types tex.mips[level][location] and
// tex.sample[index][location]: the element of the texture. The inner
// tex.mips[level] has no type of its own; codegen reads the whole
// expression (the level or sample index is converted to uint, the
// location to the texture's coordinate type).
func (c *checker) mipsOrSample(e *ast.IndexExpr) (operand, bool) {
	in, ok := e.X.(*ast.IndexExpr)
	if !ok {
		return operand{}, false
	}
	me, ok := in.X.(*ast.MemberExpr)
	if !ok || me.Name == nil || (me.Name.Name != "mips" && me.Name.Name != "sample") {
		return operand{}, false
	}
	tex := c.expr(me.X)
	if tex.invalid() || !tex.typ.Canonical().IsObject() {
		return operand{}, false
	}
	var sub types.Subscript
	if me.Name.Name == "mips" {
		sub, ok = types.MipsOf(tex.typ)
	} else {
		sub, ok = types.SampleOf(tex.typ)
	}
	if !ok || sub.Elem == nil {
		return operand{}, false
	}
	lvl := c.expr(in.Index)
	crd := c.expr(e.Index)
	if !lvl.invalid() {
		c.recordConversion(in.Index, lvl.typ, types.ScalarType(types.Uint))
	}
	if !crd.invalid() && sub.Index != nil {
		c.recordConversion(e.Index, crd.typ, sub.Index)
	}
	return operand{typ: sub.Elem, lvalue: sub.Writable}, true
}
