package sema

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema/codes"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// call checks f(args): a user function or method, an intrinsic, or a
// method of a built-in object.
func (c *checker) call(e *ast.CallExpr) operand {
	if n, ok := e.Fun.(*ast.NameExpr); ok && n.Name == "__has_feature" && len(n.Qualifier) == 0 {
		return operand{typ: types.ScalarType(types.Bool)} // its argument is a feature name, not an expression
	}
	defer c.releaseOperands(len(c.scratch)) // the arguments (exprs)
	var fun operand
	var args []operand
	if n, ok := e.Fun.(*ast.NameExpr); ok && c.unresolvedCallee(n) {
		// Argument-dependent lookup: the arguments first, then the
		// namespaces of their types.
		args = c.exprs(e.Args)
		var handled bool
		if fun, handled = c.argumentDependentCallee(n, args); !handled {
			fun = c.expr(e.Fun)
		}
	} else {
		fun = c.expr(e.Fun)
		args = c.exprs(e.Args)
	}
	dependent := false
	for i := range args {
		if args[i].invalid() {
			dependent = true
		}
	}
	name := calleeName(e.Fun)
	switch {
	case len(fun.funcs) > 0 && (fun.intrinsic == "" || dependent || c.userViable(fun.funcs, args)):
		if dependent {
			if len(fun.funcs) == 1 && fun.funcs[0].Result != nil {
				return operand{typ: fun.funcs[0].Result}
			}
			return invalidOperand()
		}
		return c.callUser(e, name, fun.funcs, args)
	case fun.vk && strings.HasSuffix(fun.intrinsic, "_pointer_cast") && !dependent:
		return c.pointerCast(e, fun.intrinsic == "static_pointer_cast", args)
	case fun.intrinsic != "" || fun.method != "":
		if dependent || (fun.vk && strings.HasSuffix(fun.intrinsic, "_pointer_cast")) {
			// The pointer casts' results are built from their template
			// arguments, which the table does not model yet.
			return invalidOperand()
		}
		call := intrinsics.Call{Name: fun.intrinsic, Vk: fun.vk}
		if fun.method != "" {
			call.Name = fun.method
			call.Receiver = fun.recv
		}
		var targs []ast.Node
		switch f := e.Fun.(type) {
		case *ast.MemberExpr:
			targs = f.Args
		case *ast.NameExpr:
			targs = f.Args
		}
		if len(targs) > 1 {
			return invalidOperand()
		}
		if len(targs) == 1 {
			call.Template = c.templateArgType(targs[0])
			if call.Template == nil || call.Template.Kind() == types.Invalid {
				return invalidOperand()
			}
		}
		c.argTypes = c.argTypes[:0]
		for _, a := range args {
			c.argTypes = append(c.argTypes, decayBuffer(a.typ))
		}
		call.Args = c.argTypes
		pos := e.Fun.Pos()
		if me, ok := e.Fun.(*ast.MemberExpr); ok && me.Name != nil {
			pos = me.Name.Pos()
		}
		m, err := intrinsics.Resolve(c.u, call)
		if err != nil && err.Kind == intrinsics.NoMatch && isTableGap(call.Name) {
			return invalidOperand()
		}
		if err != nil {
			c.diags.Add(err.Diagnostic(pos))
			return invalidOperand()
		}
		if m.Overload != nil && fun.method != "" {
			if err := intrinsics.CheckElement(m, fun.recv, c.smMajor(), c.smMinor()); err != nil {
				c.errorf(codes.InvalidResourceElement, pos, "%s", err.Error())
			}
		}
		if m.Overload != nil && m.Overload.Name() == "GetAttributeAtVertex" && fun.method == "" && len(e.Args) > 0 && !c.nointerpolated(e.Args[0]) {
			c.errorf(codes.NoMatchingFunction, exprLoc(e.Args[0]), "parameter 0 of GetAttributeAtVertex must have a 'nointerpolation' attribute")
		}
		m.Concretize()
		c.setCall(e, &m)
		for i, p := range m.Params {
			if i < len(args) && p.Type != nil {
				if p.Mode == types.In {
					c.warnNarrowing(args[i], e.Args[i], p.Type)
				}
				c.recordConversion(e.Args[i], args[i].typ, p.Type)
			}
		}
		if m.Result == nil {
			return operand{typ: types.VoidType()}
		}
		// vk::BufferPointer<T>::Get() returns a reference to the pointee,
		// a writable node record's Get() to the record.
		lvalue := fun.recv != nil && fun.recv.Canonical().Object() == types.VkBufferPointer
		if fun.recv != nil && fun.recv.Canonical().Object().IsNodeRecord() && fun.method == "Get" {
			lvalue = fun.recv.Canonical().Object().NodeFlags()&types.NodeReadWrite != 0
		}
		return operand{typ: m.Result, lvalue: lvalue}
	}
	if fun.tmpl != nil {
		var tmpls []*Template
		for t := fun.tmpl; t != nil; t = t.next {
			tmpls = append(tmpls, t)
		}
		if funcs := c.callTemplates(tmpls, fun.tmplArgs, args, e.Pos()); len(funcs) > 0 {
			return c.callUser(e, name, funcs, args)
		}
		return c.callTemplate(fun, args)
	}
	if r, ok := c.userOperator(fun.typ, "operator()"); ok {
		return r
	}
	if !fun.invalid() && !fun.dependent {
		c.errorf(NotCallable, e.Pos(), "called object type %s is not a function or function pointer", types.Quote(fun.typ))
	}
	return invalidOperand()
}

func calleeName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.NameExpr:
		return e.Name
	case *ast.MemberExpr:
		if e.Name != nil {
			return e.Name.Name
		}
	case *ast.ParenExpr:
		return calleeName(e.X)
	}
	return "?"
}

func (c *checker) smMajor() int {
	if c.cfg.Major == 0 {
		return 6
	}
	return c.cfg.Major
}

func (c *checker) smMinor() int { return c.cfg.Minor }

// callUser resolves a call among user-declared overloads: the viable one
// with the lowest types.CallScore wins; a tie is ambiguous.
func (c *checker) callUser(e *ast.CallExpr, name string, funcs []*Func, args []operand) operand {
	argTypes := make([]*types.Type, len(args))
	for i, a := range args {
		argTypes[i] = a.typ
	}
	var best []*Func
	bestScore := types.NoMatch
	var notes []diag.Diagnostic
	for _, f := range funcs {
		if f.Result == nil {
			return invalidOperand() // a template-like signature we did not type
		}
		params := make([]types.Param, 0, len(f.Params))
		for _, p := range f.Params {
			if p.typ == nil || p.typ.Kind() == types.Invalid || p.typ.Kind() == types.TypeParam {
				return operand{typ: f.Result}
			}
			params = append(params, types.Param{Name: p.name, Type: p.typ, Mode: p.Mode})
		}
		required := len(params)
		for i, p := range f.Params {
			if pd, ok := p.Decl.(*ast.Param); ok && pd.Default != nil {
				required = i
				break
			}
		}
		if len(args) < required || len(args) > len(params) {
			want := fmt.Sprintf("%d", len(params))
			if required != len(params) {
				want = fmt.Sprintf("at least %d", required)
				if len(args) > len(params) {
					want = fmt.Sprintf("at most %d", len(params))
				}
			}
			notes = append(notes, diag.Diagnostic{Severity: diag.Note, Pos: f.pos,
				Msg: fmt.Sprintf("candidate function not viable: requires %s argument%s, but %d %s provided", want, plural(len(params)), len(args), wasWere(len(args)))})
			continue
		}
		for i := range params[:len(args)] {
			// T b[] accepts an array of T of any length.
			pt, at := params[i].Type.Canonical(), argTypes[i].Canonical()
			if pt.IsArray() && pt.Len() == types.Unsized && at.IsArray() && types.Identical(pt.Elem(), at.Elem()) {
				params[i].Type = argTypes[i]
			}
		}
		callArgs := argTypes
		copied := false
		for i, p := range params[:len(args)] {
			if d := decayBuffer(argTypes[i]); d != argTypes[i] && !p.Type.Canonical().IsObject() {
				if !copied {
					callArgs, copied = append([]*types.Type(nil), argTypes...), true
				}
				callArgs[i] = d
			}
		}
		score, bad := types.CallScore(params[:len(args)], callArgs, c.cfg.implicitKind())
		if score == types.NoMatch {
			msg := "candidate function not viable"
			if bad >= 0 && bad < len(args) {
				msg = fmt.Sprintf("candidate function not viable: no known conversion from %s to %s for %s argument",
					types.Quote(argTypes[bad]), types.Quote(params[bad].Type), ordinal(bad+1))
			}
			notes = append(notes, diag.Diagnostic{Severity: diag.Note, Pos: f.pos, Msg: msg})
			continue
		}
		switch {
		case score < bestScore:
			best, bestScore = []*Func{f}, score
		case score == bestScore:
			best = append(best, f)
		}
	}
	switch len(best) {
	case 0:
		c.diags.Add(diag.Diagnostic{Severity: diag.Error, Code: codes.NoMatchingFunction, Pos: e.Fun.Pos(),
			Msg: fmt.Sprintf("no matching function for call to '%s'", name), Notes: notes})
		return invalidOperand()
	case 1:
	default:
		var amb []diag.Diagnostic
		for _, f := range best {
			amb = append(amb, diag.Diagnostic{Severity: diag.Note, Pos: f.pos, Msg: "candidate function"})
		}
		c.diags.Add(diag.Diagnostic{Severity: diag.Error, Code: codes.AmbiguousCall, Pos: e.Fun.Pos(),
			Msg: fmt.Sprintf("call to '%s' is ambiguous", name), Notes: amb})
		return invalidOperand()
	}
	f := best[0]
	c.setUse(e, f)
	// SPIR-V: an argument for a nointerpolation parameter must come from a
	// nointerpolation declaration (DXC limits the broken general feature).
	for i, p := range f.Params {
		if pd, ok := p.Decl.(*ast.Param); ok && i < len(e.Args) && hasMod(pd.Mods, "nointerpolation") && !c.nointerpolated(e.Args[i]) {
			c.errorf(codes.NoMatchingFunction, exprLoc(e.Args[i]), "parameter %d of %s must have a 'nointerpolation' attribute", i, f.name)
		}
	}
	if c.fn != nil {
		c.fn.Callees = append(c.fn.Callees, f)
	}
	for i, a := range args {
		p := f.Params[i]
		if p.Mode != types.In {
			if !a.lvalue && !a.dependent {
				c.errorf(NotAssignable, e.Args[i].Pos(), "cannot bind a read-only value to an %s parameter", p.Mode)
			}
			continue
		}
		c.convertTo(a, e.Args[i], p.typ)
	}
	return operand{typ: f.Result}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func wasWere(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return fmt.Sprintf("%dth", n)
}

// templateArgType types an explicit template argument that must be a
// type; nil when it is not one.
func (c *checker) templateArgType(n ast.Node) *types.Type {
	switch n := n.(type) {
	case *ast.TypeExpr:
		return c.typeOf(n)
	case *ast.NameExpr:
		o, _ := c.lookupName(n)
		if tn, ok := o.(*TypeName); ok && !tn.Template {
			return tn.typ
		}
		if b, ok := types.LookupBuiltin(n.Name); ok && len(n.Qualifier) == 0 {
			return b.Type(c.u)
		}
	}
	return nil
}

// userViable reports whether some user overload accepts the arguments.
func (c *checker) userViable(funcs []*Func, args []operand) bool {
	argTypes := make([]*types.Type, len(args))
	for i, a := range args {
		argTypes[i] = decayBuffer(a.typ)
	}
	for _, f := range funcs {
		if f.Result == nil || len(f.Params) < len(args) {
			continue
		}
		params := make([]types.Param, len(args))
		for i := range args {
			p := f.Params[i]
			if p.typ == nil {
				return true
			}
			params[i] = types.Param{Type: p.typ, Mode: p.Mode}
		}
		if score, _ := types.CallScore(params, argTypes, c.cfg.implicitKind()); score != types.NoMatch {
			return true
		}
	}
	return false
}

// isTableGap reports the intrinsics whose rows in sema/intrinsics reject calls DXC
// accepts (found by running DXC's tests); a failed match stays silent
// until the table is fixed: WriteSamplerFeedback* take a texture of any
// element.
func isTableGap(name string) bool {
	switch name {
	case "WriteSamplerFeedback", "WriteSamplerFeedbackBias", "WriteSamplerFeedbackLevel", "WriteSamplerFeedbackGrad":
		return true
	}
	return false
}

// callTemplate types a call of a function template: explicit template
// arguments bind first, then each parameter written as a bare type
// parameter binds to its argument's type. The result is known when it is
// concrete or a bound parameter; otherwise the call stays open.
func (c *checker) callTemplate(fun operand, args []operand) operand {
	t := fun.tmpl
	if t.Result == nil || len(args) > len(t.Params) {
		return invalidOperand()
	}
	bound := map[*types.Type]*types.Type{}
	for i, a := range fun.tmplArgs {
		if i >= len(t.TypeParams) || t.TypeParams[i] == nil {
			continue
		}
		at := c.templateArgType(a)
		if at == nil || at.Kind() == types.Invalid {
			return invalidOperand()
		}
		bound[t.TypeParams[i]] = at
	}
	for i, a := range args {
		p := t.Params[i]
		if p.Kind() != types.TypeParam || a.invalid() {
			continue
		}
		at := concrete(a.typ)
		if prev, ok := bound[p]; ok && !types.Identical(prev, at) {
			if fun.tmplArgs == nil {
				return invalidOperand() // conflicting deductions: leave it to instantiation
			}
			continue
		}
		bound[p] = at
	}
	r := t.Result
	if r.Kind() == types.TypeParam {
		if b, ok := bound[r]; ok {
			return operand{typ: b}
		}
		return invalidOperand()
	}
	if r.Kind() == types.Invalid {
		return invalidOperand()
	}
	return operand{typ: r}
}

// exprs checks es into operands taken from the scratch stack (the caller
// releases them).
func (c *checker) exprs(es []ast.Expr) []operand {
	out := c.operands(len(es))
	for i, a := range es {
		out[i] = c.expr(a)
	}
	return out
}

// unresolvedCallee reports an unqualified callee name that ordinary lookup
// does not find (nor is an intrinsic): C++ then looks in the namespaces
// of the arguments' types.
func (c *checker) unresolvedCallee(n *ast.NameExpr) bool {
	if len(n.Qualifier) > 0 || n.Global || n.HasArgs || intrinsics.IsFunction(n.Name) {
		return false
	}
	o, unresolvable := c.lookupName(n)
	return o == nil && !unresolvable
}

// argumentDependentCallee resolves a callee by argument-dependent lookup:
// a struct argument declared in a namespace brings that namespace's
// functions. An argument the checker left open (a template instance)
// leaves the call open too, silently.
func (c *checker) argumentDependentCallee(n *ast.NameExpr, args []operand) (operand, bool) {
	for _, a := range args {
		if a.invalid() {
			return invalidOperand(), true
		}
	}
	for _, a := range args {
		t := elemOf(a.typ)
		if t == nil || !t.IsStruct() {
			continue
		}
		for s := c.structScopes[t]; s != nil; s = s.Parent {
			if s.Kind != ScopeNamespace {
				continue
			}
			if o := s.Lookup(n.Name); o != nil {
				c.setUse(n, o)
				switch o := o.(type) {
				case *Overloads:
					return operand{typ: types.InvalidType(), funcs: o.Funcs}, true
				case *Template:
					return operand{typ: types.InvalidType(), tmpl: o, dependent: true}, true
				}
			}
			break
		}
	}
	return operand{}, false
}

// pointerCast checks vk::static_pointer_cast<T[, A]>(p) and
// vk::reinterpret_pointer_cast<T[, A]>(p) as DXC's front end does: a
// static cast goes to the same or a base content type, and no cast raises
// the alignment. The result is vk::BufferPointer<T, A>.
func (c *checker) pointerCast(e *ast.CallExpr, static bool, args []operand) operand {
	n, ok := e.Fun.(*ast.NameExpr)
	if !ok || len(n.Args) == 0 || len(n.Args) > 2 || len(args) != 1 {
		return invalidOperand()
	}
	src := args[0].typ.Canonical()
	if !src.IsObject() || src.Object() != types.VkBufferPointer {
		return invalidOperand()
	}
	dest := c.templateArgType(n.Args[0])
	if dest == nil || dest.Kind() == types.Invalid {
		return invalidOperand()
	}
	var align int64
	if len(n.Args) == 2 {
		x, ok := n.Args[1].(ast.Expr)
		if !ok {
			return invalidOperand()
		}
		v := c.expr(x).val
		if v == nil || len(v.Elems) != 1 {
			return invalidOperand()
		}
		if align, ok = v.Elems[0].Int64(); !ok {
			return invalidOperand()
		}
	}
	if static && !types.Identical(src.Elem(), dest) && !derivesFrom(src.Elem(), dest) {
		c.errorf(codes.NoMatchingFunction, e.Fun.Pos(), "vk::static_pointer_cast() content type must be base class of argument's content type")
		return invalidOperand()
	}
	if align > src.Len() {
		c.errorf(codes.NoMatchingFunction, e.Fun.Pos(), "Vulkan buffer pointer cannot be cast to greater alignment")
		return invalidOperand()
	}
	result := c.u.NewObject(types.VkBufferPointer, dest, align)
	// recorded as the intrinsic's call, so codegen dispatches it by ID
	name := "reinterpret_pointer_cast"
	if static {
		name = "static_pointer_cast"
	}
	if ov := intrinsics.Overloads(intrinsics.Call{Name: name, Vk: true}); len(ov) == 1 {
		c.setCall(e, &intrinsics.Match{ID: ov[0].ID, Overload: ov[0], Params: []types.Param{{Type: args[0].typ, Mode: types.In}}, Result: result})
	}
	return operand{typ: result}
}

// derivesFrom reports a struct with base somewhere up its bases.
func derivesFrom(t, base *types.Type) bool {
	for t = t.Canonical(); t != nil && t.IsStruct() && t.Named() != nil && t.Named().Base != nil; {
		t = t.Named().Base.Canonical()
		if types.Identical(t, base) {
			return true
		}
	}
	return false
}

// nointerpolated reports an expression taken from a declaration marked
// nointerpolation: the variable or parameter itself, a field so marked,
// or any part of one (clang's isRelatedDeclMarkedNointerpolation).
func (c *checker) nointerpolated(e ast.Expr) bool {
	switch x := unparen(e).(type) {
	case *ast.CastExpr:
		return c.nointerpolated(x.X)
	case *ast.NameExpr:
		return declMarked(c.info.ObjectOf(x), "nointerpolation")
	case *ast.MemberExpr:
		if c.info.SwizzleOf(x) == nil && declMarked(c.info.ObjectOf(x), "nointerpolation") {
			return true
		}
		return c.nointerpolated(x.X)
	case *ast.IndexExpr:
		return c.nointerpolated(x.X)
	}
	return false
}

// declMarked reports a variable, parameter or field written with the
// modifier.
func declMarked(o Object, mod string) bool {
	v, ok := o.(*Var)
	if !ok {
		return false
	}
	switch d := v.Decl.(type) {
	case *ast.Param:
		return hasMod(d.Mods, mod)
	case *ast.VarDecl:
		return hasMod(d.Mods, mod)
	}
	return false
}

// exprLoc is clang's getExprLoc: a member access points at the member.
func exprLoc(e ast.Expr) diag.Pos {
	if me, ok := unparen(e).(*ast.MemberExpr); ok && me.Name != nil {
		return me.Name.Pos()
	}
	return e.Pos()
}
