package spirv

import (
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// function emits a user function: parameters are pointers to Function
// variables (the caller makes the temporaries), a method's receiver comes
// first as param.this.
func (e *emitter) function(fn *function) {
	f := fn.obj
	if f.Decl == nil || f.Decl.Body == nil {
		e.errorf(f.Pos(), "function '%s' is called but never defined", f.Name())
	}
	e.pos = f.Decl.Pos()
	e.dbg.loc = funcDeclPos(f.Decl)
	ret := e.typeID(f.Result)
	var params []builder.ID
	method := f.Recv != nil && !f.Static
	if method {
		params = append(params, e.b.TypePointer(spv.StorageClassFunction, e.typeID(f.Recv)))
	}
	for _, p := range f.Params {
		if isNodeObject(p.Type()) {
			params = append(params, e.nodeParamType(p)) // node.go
			continue
		}
		if e.perVertexArray(f, p) {
			params = append(params, e.b.TypePointer(spv.StorageClassFunction, e.perVertexArrayType(p.Type()))) // pervertex.go
			continue
		}
		params = append(params, e.b.TypePointer(spv.StorageClassFunction, e.typeID(p.Type())))
	}
	ctrl := spv.FunctionControlNone
	for _, a := range e.attrs(f.Decl) {
		if a.Name == "noinline" {
			ctrl = spv.FunctionControlDontInline
		}
	}
	fb := e.b.FunctionAt(fn.id, fn.name, ret, ctrl, params...)
	e.extRequirements(e.attrs(f.Decl)) // inlinespirv.go
	// an entry's own decorations went to its stage variables
	entrySrc := strings.HasPrefix(fn.name, "src.")
	if !entrySrc {
		e.extDecorate(fn.id, e.attrs(f.Decl)) // extdecorate.go
	}
	e.markRelaxed(fn.id, f.Result)
	e.markPreciseMods(fn.id, f.Decl.Mods)
	e.fb, e.walk.cur, e.walk.breaks = fb, fn, nil
	e.walk.thisPtr, e.walk.thisType = 0, nil
	i := 0
	if method {
		e.debugFunction(fb, f, 1)
	} else {
		e.debugFunction(fb, f, 0)
	}
	if e.dbg.rich != nil {
		name := fn.name
		if strings.HasPrefix(name, "src.") {
			name = f.Name()
		}
		e.richFunction(fb, f, name, false)
		e.richParams(fb, f, method)
	}
	if method {
		e.walk.thisPtr, e.walk.thisType = fb.Param(0), f.Recv
		e.b.Name(fb.Param(0), "param.this")
		i = 1
	}
	for _, p := range f.Params {
		id := fb.Param(i)
		i++
		e.b.Name(id, p.Name())
		e.markVar(id, p)
		if n, ok := p.Decl.(ast.Node); ok && n != nil {
			e.checkPointerVariable(n, p.Type()) // inlinespirv.go
		}
		if pd, ok := p.Decl.(*ast.Param); ok && !entrySrc {
			e.extDecorate(id, e.attrs(pd)) // extdecorate.go
		}
		e.vars[p] = &variable{ptr: id, sc: spv.StorageClassFunction, typ: p.Type(), member: -1}
		if isNodeObject(p.Type()) {
			e.vars[p].sc = nodeStorage(p.Type())
		}
	}
	fb.StartBlock(fb.NewBlock("bb.entry"))
	for _, p := range f.Params {
		if e.perVertexArray(f, p) {
			e.perVertexParam(p, e.vars[p].ptr) // pervertex.go
		}
	}
	if e.dbg.rich != nil {
		e.richBlock(f.Decl.Body)
		e.block(f.Decl.Body.List)
		e.richEndBlock()
	} else {
		e.block(f.Decl.Body.List)
	}
	e.dbg.loc = bodyEnd(f.Decl.Body)
	if !fb.Terminated() {
		if f.Result == nil || f.Result.IsVoid() {
			fb.Return()
		} else {
			// A path that falls off the end of a non-void function (clang's
			// -Wreturn-type) returns an undefined value, as in DXC.
			fb.ReturnValue(e.b.Undef(e.typeID(f.Result)))
		}
	}
	e.placePerVertexCopies() // pervertex.go
	fb.End()
	fn.done = true
}

// block emits statements until one ends the block (return, break...):
// what follows it is unreachable and not emitted.
func (e *emitter) block(list []ast.Stmt) {
	for _, s := range list {
		if e.fb.Terminated() {
			return
		}
		e.stmt(s, nil)
	}
}

// stmt emits one statement; attrs are the attributes written before it.
func (e *emitter) stmt(s ast.Stmt, attrs sema.Attrs) {
	e.checkBuilder()
	e.pos = s.Pos()
	e.dbg.loc, e.dbg.locRange = s.Pos(), [2]diag.Pos{}
	switch s := s.(type) {
	case *ast.BlockStmt:
		if e.dbg.rich != nil {
			e.richBlock(s)
			e.block(s.List)
			e.richEndBlock()
		} else {
			e.block(s.List)
		}
		if e.dbg.locs != nil && s.End().IsValid() {
			// the branch out of a block is placed at its closing brace
			e.dbg.loc, e.dbg.locRange = s.End()-1, [2]diag.Pos{}
		}
	case *ast.EmptyStmt:
	case *ast.AttrStmt:
		e.extRequirements(e.attrs(s)) // [[vk::ext_capability]] on a statement (inlinespirv.go)
		e.stmt(s.Stmt, append(attrs, e.attrs(s)...))
	case *ast.DeclStmt:
		for _, d := range s.Decls {
			if vd, ok := d.(*ast.VarDecl); ok {
				if vd.Init != nil && e.dbg.locs != nil {
					// DebugLine: the initialization spans the declaration
					// (OpLine: at the name)
					e.dbg.locRange = [2]diag.Pos{s.Pos(), e.lastTokenPos(vd.Init)}
					if vd.Name != nil {
						e.dbg.loc = vd.Name.Pos()
					}
				}
				e.localVar(vd)
			}
		}
	case *ast.ExprStmt:
		e.exprStmt(s.X)
	case *ast.IfStmt:
		e.ifStmt(s, attrs)
	case *ast.ForStmt:
		e.loopFlow(s, func() { e.forStmt(s, attrs) }) // flow.go
	case *ast.WhileStmt:
		e.loopFlow(s, func() { e.whileStmt(s, attrs) })
	case *ast.DoStmt:
		e.loopFlow(s, func() { e.doStmt(s, attrs) })
	case *ast.SwitchStmt:
		e.switchStmt(s, attrs)
	case *ast.BranchStmt:
		e.branchStmt(s)
	case *ast.ReturnStmt:
		e.returnStmt(s)
	case *ast.DiscardStmt:
		e.discardInvocation()
	default:
		e.unsupported(s, "this statement")
	}
}

func (e *emitter) exprStmt(x ast.Expr) {
	if _, ok := unparen(x).(*ast.BasicLit); ok {
		// DXC still makes a literal statement's constant (`2;` declares
		// %int_2), at the literal's own width, never 64-bit
		e.expr(x)
		return
	}
	e.discard(x)
}

// localVar declares a local (or static local) variable and emits its
// initializer.
func (e *emitter) localVar(d *ast.VarDecl) {
	v, ok := e.info.ObjectOf(d).(*sema.Var)
	if !ok || v.Type() == nil {
		return
	}
	t := v.Type()
	e.legalizingDecl(t)           // legalneeds.go
	e.extRequirements(e.attrs(d)) // [[vk::ext_capability]] on a local (inlinespirv.go)
	if v.Storage == sema.StorageLocal {
		if sc, ok := e.extStorageClass(e.attrs(d)); ok {
			e.extStorageClassVar(d, v, sc) // extdecorate.go
			return
		}
	}
	if v.Storage == sema.StorageStaticLocal {
		e.staticLocal(d, v)
		return
	}
	if isNodeObject(t) {
		e.nodeLocal(d, v) // node.go
		return
	}
	if isExtResultID(t) {
		e.extResultIDLocal(d, v) // inlinespirv.go
		return
	}
	if ((t.IsObject() && !isDataObject(t)) || isResourceArray(t)) && !holdsResource(t) {
		e.localResource(d, v) // aliases.go
		return
	}
	var ptr builder.ID
	if old, ok := e.vars[v]; ok && e.ownVariable(old.ptr) {
		// a declaration emitted twice (a switch case run by two if
		// branches) keeps its one variable, as in DXC
		ptr = old.ptr
	} else {
		ptr = e.fb.Variable(e.ptrType(spv.StorageClassFunction, t, layout.Void), v.Name(), 0)
		e.markVar(ptr, v)
		e.checkPointerVariable(d, t)          // inlinespirv.go
		e.extDecorate(ptr, e.attrs(d))        // extdecorate.go
		e.pointerVariable(ptr, t, e.attrs(d)) // bufferpointer.go
		e.vars[v] = &variable{ptr: ptr, sc: spv.StorageClassFunction, typ: t, member: -1}
	}
	e.declareCounters(v, v.Name(), t)              // rescounters.go
	if d.Init != nil && !e.emptyRayQuery(d.Init) { // rayquery.go
		val := e.initValue(t, d.Init)
		e.fb.Store(ptr, val)
		e.assignDeclCounters(v, d.Init, t)
	}
	e.richLocalVar(d, v, ptr)
}

// staticLocal is a Private variable initialised once, guarded by a
// Private bool init_done_<name>, as DXC does it.
func (e *emitter) staticLocal(d *ast.VarDecl, v *sema.Var) {
	t := v.Type()
	sc := e.staticClass(v) // extdecorate.go
	ptr := e.b.GlobalVariable(e.ptrType(sc, t, layout.Void), sc, v.Name(), 0)
	e.markVar(ptr, v)
	if d.Init == nil && containsObject(t) {
		// nothing to initialize, as DXC leaves it
		e.vars[v] = &variable{ptr: ptr, sc: sc, typ: t, member: -1}
		e.declareCounters(v, v.Name(), t) // rescounters.go
		return
	}
	boolPtr := e.b.TypePointer(spv.StorageClassPrivate, e.b.TypeBool())
	done := e.b.GlobalVariable(boolPtr, spv.StorageClassPrivate, "init.done."+v.Name(), e.b.ConstBool(false))
	e.vars[v] = &variable{ptr: ptr, sc: sc, typ: t, member: -1}
	e.declareCounters(v, v.Name(), t) // rescounters.go
	fb := e.fb
	if d.Init != nil && e.dbg.locs != nil {
		// DXC places the guard at the initializer
		defer func(loc diag.Pos, rng [2]diag.Pos) { e.dbg.loc, e.dbg.locRange = loc, rng }(e.dbg.loc, e.dbg.locRange)
		e.dbg.loc, e.dbg.locRange = d.Init.Pos(), [2]diag.Pos{d.Init.Pos(), e.lastTokenPos(d.Init)}
	}
	cond := fb.Load(e.b.TypeBool(), done)
	doneBlock, todo := fb.NewBlock("if.init.done"), fb.NewBlock("if.init.todo")
	fb.Emit(spv.OpSelectionMerge, 0, builder.Ref(doneBlock), builder.Enum(spv.SelectionControlNone))
	fb.BranchConditional(cond, doneBlock, todo)
	fb.StartBlock(todo)
	if d.Init != nil {
		fb.Store(ptr, e.initValue(t, d.Init))
		e.assignDeclCounters(v, d.Init, t)
	} else if !containsObject(t) {
		fb.Store(ptr, e.b.ConstNull(e.typeID(t)))
	}
	fb.Store(done, e.b.ConstBool(true))
	fb.Branch(doneBlock)
	fb.StartBlock(doneBlock)
}

// initValue emits an initializer (an expression or a brace list) for a
// variable of type t.
func (e *emitter) initValue(t *types.Type, init ast.Expr) builder.ID {
	if il, ok := init.(*ast.InitList); ok {
		id := e.initList(t, il.Elems)
		e.markRelaxed(id, t)
		return id
	}
	if isResource(t) {
		return e.rvalueAs(init, t) // a descriptor heap's element has no type of its own
	}
	// DXC folds a constant initializer as a whole (clang's evaluator
	// folds vector truncations, but not a vector to a scalar).
	if flatCount(t) > 1 || !numeric(e.typeOf(init)) || flatCount(e.typeOf(init)) == 1 {
		if k, ok := e.constant(init, concreteType(t)); ok {
			return k
		}
	}
	return e.rvalueAs(init, t)
}

// selectionControl reads [flatten]/[branch].
func selectionControl(attrs sema.Attrs) spv.SelectionControl {
	for _, a := range attrs {
		switch a.Name {
		case "flatten":
			return spv.SelectionControlFlatten
		case "branch":
			return spv.SelectionControlDontFlatten
		}
	}
	return spv.SelectionControlNone
}

// loopControl reads [unroll]/[loop]/[fastopt]/[allow_uav_condition].
func (e *emitter) loopControl(attrs sema.Attrs) (spv.LoopControl, []uint32) {
	for _, a := range attrs {
		switch a.Name {
		case "unroll":
			return spv.LoopControlUnroll, nil
		case "loop", "fastopt":
			return spv.LoopControlDontUnroll, nil
		}
	}
	return spv.LoopControlNone, nil
}

func (e *emitter) condVar(v *ast.VarDecl) builder.ID {
	e.localVar(v)
	o := e.info.ObjectOf(v).(*sema.Var)
	val := e.load(e.varValue(o))
	return e.convert(val, o.Type(), types.ScalarType(types.Bool))
}

func (e *emitter) ifStmt(s *ast.IfStmt, attrs sema.Attrs) {
	// A constant condition emits only the branch taken, as DXC does.
	if s.CondVar == nil && s.Cond != nil {
		if taken, ok := e.constCond(s.Cond); ok && pure(s.Cond) { // flow.go
			if taken {
				e.stmt(s.Then, nil)
			} else if s.Else != nil {
				e.stmt(s.Else, nil)
			}
			return
		}
	}
	var cond builder.ID
	if s.CondVar != nil {
		cond = e.condVar(s.CondVar)
	} else {
		cond = e.condition(s.Cond)
	}
	fb := e.fb
	if e.dbg.locs != nil {
		// DXC places the branch at the then statement (OpLine), over the
		// condition (DebugLine)
		e.dbg.loc, e.dbg.locRange = s.Then.Pos(), [2]diag.Pos{}
		if s.Cond != nil {
			e.dbg.locRange = [2]diag.Pos{s.Cond.Pos(), e.lastTokenPos(s.Cond)}
		}
	}
	sel := fb.BeginIf(cond, s.Else != nil, selectionControl(attrs))
	// each branch starts from the bindings before the if (flow.go)
	mark := len(e.legal.rebinds)
	var paths []map[any]binding
	branch := func(st ast.Stmt) {
		if st != nil {
			e.stmt(st, nil)
		}
		live := !fb.Terminated()
		if p := e.branchEnd(mark); live {
			paths = append(paths, p)
		}
	}
	branch(s.Then)
	if s.Else != nil {
		fb.Else(sel)
	}
	branch(s.Else)
	fb.EndIf(sel)
	e.join(paths)
}

// condition emits a condition converted to bool.
func (e *emitter) condition(x ast.Expr) builder.ID {
	return e.rvalueAs(x, types.ScalarType(types.Bool))
}

// needsBlocks reports whether emitting x creates blocks (short-circuit
// operators under HLSL 2021), so a loop test cannot sit in the header.
func (e *emitter) needsBlocks(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if (n.Op == ast.LogAnd || n.Op == ast.LogOr) && e.shortCircuits(n) {
				found = true
			}
		case *ast.CondExpr:
			if e.condBranches(n) {
				found = true
			}
		}
		return !found
	})
	return found
}

func (e *emitter) forStmt(s *ast.ForStmt, attrs sema.Attrs) {
	if s.Init != nil {
		e.stmt(s.Init, nil)
	}
	fb := e.fb
	ctrl, params := e.loopControl(attrs)
	lines := e.dbg.locs != nil
	if lines && s.Cond != nil {
		// DXC: the entry at the condition (OpLine), over the initialization
		// and its semicolon (DebugLine)
		e.dbg.loc, e.dbg.locRange = s.Cond.Pos(), [2]diag.Pos{}
		if s.Init != nil {
			e.dbg.locRange = [2]diag.Pos{s.Init.Pos(), e.nextSemicolon(s.Init.Pos())}
		}
	}
	var l builder.Loop
	if s.Cond != nil && e.needsBlocks(s.Cond) {
		l = fb.BeginLoopWithCheck("for", ctrl, params...)
	} else {
		l = fb.BeginLoop("for", ctrl, params...)
	}
	if s.Cond != nil {
		cond := e.condition(s.Cond)
		if lines {
			e.dbg.loc = e.lastTokenPos(s.Cond) // the test at the condition's end
		}
		fb.LoopTest(l, cond)
	} else {
		// for (;;) tests true, as DXC does
		fb.LoopTest(l, e.b.ConstBool(true))
	}
	e.walk.breaks = append(e.walk.breaks, breakTarget{isLoop: true, brk: l.Merge, cont: l.Continue})
	e.stmt(s.Body, nil)
	e.walk.breaks = e.walk.breaks[:len(e.walk.breaks)-1]
	// DebugLine: the branches to and from the continue block span the
	// increment
	postRange := [2]diag.Pos{}
	if lines && s.Post != nil {
		postRange = [2]diag.Pos{s.Post.Pos(), e.lastTokenPos(s.Post)}
		e.dbg.locRange = postRange
	}
	fb.BeginContinue(l)
	if s.Post != nil {
		e.discard(s.Post)
	}
	if lines && s.Body.End().IsValid() {
		e.dbg.loc, e.dbg.locRange = s.Body.End()-1, postRange // the back edge at the body's end
	}
	fb.EndLoop(l)
}

func (e *emitter) whileStmt(s *ast.WhileStmt, attrs sema.Attrs) {
	fb := e.fb
	ctrl, params := e.loopControl(attrs)
	var l builder.Loop
	if (s.CondVar != nil && s.CondVar.Init != nil && e.needsBlocks(s.CondVar.Init)) || (s.Cond != nil && e.needsBlocks(s.Cond)) {
		l = fb.BeginLoopWithCheck("while", ctrl, params...)
	} else {
		l = fb.BeginLoop("while", ctrl, params...)
	}
	var cond builder.ID
	if s.CondVar != nil {
		cond = e.condVar(s.CondVar)
	} else {
		cond = e.condition(s.Cond)
	}
	fb.LoopTest(l, cond)
	e.walk.breaks = append(e.walk.breaks, breakTarget{isLoop: true, brk: l.Merge, cont: l.Continue})
	e.stmt(s.Body, nil)
	e.walk.breaks = e.walk.breaks[:len(e.walk.breaks)-1]
	fb.BeginContinue(l)
	fb.EndLoop(l)
}

func (e *emitter) doStmt(s *ast.DoStmt, attrs sema.Attrs) {
	fb := e.fb
	ctrl, params := e.loopControl(attrs)
	l := fb.BeginDoWhile(ctrl, params...)
	e.debugPlaceBlock(l.Header, s.Body.Pos()) // debug.go
	e.walk.breaks = append(e.walk.breaks, breakTarget{isLoop: true, brk: l.Merge, cont: l.Continue})
	e.stmt(s.Body, nil)
	e.walk.breaks = e.walk.breaks[:len(e.walk.breaks)-1]
	fb.BeginContinue(l)
	cond := e.condition(s.Cond)
	if e.dbg.locs != nil {
		e.dbg.loc, e.dbg.locRange = e.closingParen(s.Cond), [2]diag.Pos{} // debug.go
	}
	fb.EndLoopIf(l, cond)
}

func (e *emitter) branchStmt(s *ast.BranchStmt) {
	e.escape() // flow.go
	for i := len(e.walk.breaks) - 1; i >= 0; i-- {
		t := e.walk.breaks[i]
		if s.Kind == ast.Break && t.brk == 0 {
			e.unsupported(s, "a break nested inside a statement of a switch emitted as if statements")
		}
		if s.Kind == ast.Break {
			e.fb.Branch(t.brk)
			return
		}
		if t.isLoop {
			e.fb.Branch(t.cont)
			return
		}
	}
	e.errorf(s.Pos(), "break or continue outside a loop or switch")
}

func (e *emitter) returnStmt(s *ast.ReturnStmt) {
	if e.walk.inl != nil {
		e.inlineReturn(s) // inline.go
		return
	}
	f := e.walk.cur.obj
	if s.Result == nil || f.Result == nil || f.Result.IsVoid() {
		if s.Result != nil {
			e.discard(s.Result)
		}
		e.fb.Return()
		return
	}
	v := e.rvalueAs(s.Result, f.Result)
	e.assignDeclCounters(f, s.Result, f.Result) // rescounters.go
	if e.dbg.locs != nil {
		// DebugLine: the return spans its statement, as clang's range
		e.dbg.locRange = [2]diag.Pos{s.Pos(), e.lastTokenPos(s.Result)}
	}
	e.fb.ReturnValue(v)
}

// switchItem is one element of a flattened switch body: a case or default
// label, or a statement.
type switchItem struct {
	label bool
	pos   diag.Pos // a label's case or default keyword, for debug lines
	value ast.Expr // the case value; nil for default
	stmt  ast.Stmt
}

// flattenSwitch lists a switch body's labels and statements in order,
// opening blocks (`case 6: { case 7: ... }`), as DXC does.
func (e *emitter) flattenSwitch(s *ast.SwitchStmt) []switchItem {
	var out []switchItem
	var add func(st ast.Stmt)
	add = func(st ast.Stmt) {
		switch st := st.(type) {
		case *ast.BlockStmt:
			for _, x := range st.List {
				add(x)
			}
		case *ast.CaseLabelStmt:
			if st.Default {
				out = append(out, switchItem{label: true, pos: st.Pos()})
			} else {
				out = append(out, switchItem{label: true, value: st.Value, pos: st.Pos()})
			}
		default:
			out = append(out, switchItem{stmt: st})
		}
	}
	for _, c := range s.Cases {
		// the default label goes where it is written among the others
		pending := c.Default
		dpos := diag.NoPos
		if c.Default {
			dpos = e.defaultLabelPos(c)
		}
		for _, v := range c.Values {
			if pending && dpos.IsValid() && v.Pos() > dpos {
				out = append(out, switchItem{label: true, pos: dpos})
				pending = false
			}
			out = append(out, switchItem{label: true, value: v, pos: e.caseKeywordPos(v)})
		}
		if pending {
			out = append(out, switchItem{label: true, pos: dpos})
		}
		for _, st := range c.Body {
			add(st)
		}
	}
	return out
}

// defaultLabelPos finds the `default` keyword of a clause in the source
// (the AST keeps only that the clause has one); NoPos when not found.
func (e *emitter) defaultLabelPos(c *ast.CaseClause) diag.Pos {
	f := e.fs.File(c.Pos())
	if f == nil {
		return diag.NoPos
	}
	start := f.Offset(c.Pos())
	end := len(f.Content)
	if len(c.Body) > 0 && e.fs.File(c.Body[0].Pos()) == f {
		end = f.Offset(c.Body[0].Pos())
	}
	if start < 0 || end > len(f.Content) || start >= end {
		return diag.NoPos
	}
	src := f.Content
	isIdent := func(c byte) bool {
		return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	for i := start; i < end; i++ {
		switch {
		case src[i] == '/' && i+1 < end && src[i+1] == '/':
			for i < end && src[i] != '\n' {
				i++
			}
		case src[i] == '/' && i+1 < end && src[i+1] == '*':
			j := strings.Index(string(src[i+2:end]), "*/")
			if j < 0 {
				return diag.NoPos
			}
			i += j + 3
		case strings.HasPrefix(string(src[i:end]), "default") && (i == 0 || !isIdent(src[i-1])) &&
			(i+7 >= end || !isIdent(src[i+7])):
			return f.Pos(i)
		}
	}
	return diag.NoPos
}

// switchStmt emits OpSwitch when every case value is a constant and no
// attribute other than [forcecase] is written, and otherwise an if-else
// chain comparing the selector to each value in turn, as DXC does.
func (e *emitter) switchStmt(s *ast.SwitchStmt, attrs sema.Attrs) {
	items := e.flattenSwitch(s)
	opSwitch := e.switchIsOpSwitch(items, attrs)
	if s.CondVar != nil {
		e.localVar(s.CondVar)
	}
	if !opSwitch {
		e.switchAsIfs(s, items)
		return
	}
	sel, selType := e.switchSelector(s)
	values, withDefault := e.switchCaseValues(s, items, selType)
	fb := e.fb
	sw := fb.BeginSwitch(sel, values, withDefault, spv.SelectionControlNone)
	e.walk.breaks = append(e.walk.breaks, breakTarget{brk: sw.Merge})
	// each case starts from the bindings before the switch, or those of
	// the case falling into it; a constant selector reaches one case
	// (flow.go)
	e.pushFlow()
	mark := len(e.legal.rebinds)
	var selValue int64
	constSel := false
	if s.Tag != nil {
		selValue, constSel = e.constInt(s.Tag)
	}
	matches := false
	for _, n := range values {
		matches = matches || (constSel && n == selValue)
	}
	savedDead := e.legal.deadPath
	live := false
	k := 0
	started := false
	for _, it := range items {
		if it.label {
			blk := sw.Default
			if it.value != nil {
				blk = sw.Cases[k]
				k++
			}
			if started && !fb.Terminated() {
				if e.dbg.locs != nil && it.pos.IsValid() {
					e.dbg.loc, e.dbg.locRange = it.pos, [2]diag.Pos{} // falling through: at the next label
				}
				fb.Branch(blk)
			} else {
				e.branchEnd(mark)
				live = false
			}
			if !constSel {
				live = true
			} else if it.value == nil {
				live = live || !matches
			} else {
				n, _ := e.info.IntValue(it.value)
				live = live || n == selValue
			}
			e.legal.deadPath = savedDead || !live
			fb.StartBlock(blk)
			started = true
			continue
		}
		if !started || fb.Terminated() {
			continue // unreachable: DXC emits nothing for it
		}
		e.stmt(it.stmt, nil)
	}
	if e.dbg.locs != nil && s.End().IsValid() {
		e.dbg.loc, e.dbg.locRange = s.End()-1, [2]diag.Pos{} // the last case's exit at the closing brace
	}
	e.walk.breaks = e.walk.breaks[:len(e.walk.breaks)-1]
	e.legal.deadPath = savedDead
	f := e.popFlow()
	paths := f.escapes
	if started && !fb.Terminated() && live {
		paths = append(paths, e.changedSince(mark))
	}
	e.branchEnd(mark)
	if !withDefault && !(constSel && matches) {
		paths = append(paths, map[any]binding{})
	}
	e.join(paths)
	if !started {
		fb.StartBlock(sw.Merge)
		return
	}
	fb.EndSwitch(sw)
}

// switchIsOpSwitch says whether a switch becomes an OpSwitch: every
// attribute is [forcecase] and every case value is an integer constant
// (otherwise it becomes a chain of ifs). A case label nested in another
// statement is an error.
func (e *emitter) switchIsOpSwitch(items []switchItem, attrs sema.Attrs) bool {
	opSwitch := true
	for _, a := range attrs {
		if a.Name != "forcecase" {
			opSwitch = false
		}
	}
	for _, it := range items {
		if it.label && it.value != nil {
			if _, ok := e.info.IntValue(it.value); !ok {
				opSwitch = false
			}
		}
		if !it.label && containsCaseLabel(it.stmt) {
			e.unsupported(it.stmt, "a case label nested inside a statement other than a block")
		}
	}
	return opSwitch
}

// switchCaseValues is the case values of an OpSwitch, in order, and
// whether it has a default; duplicates and more cases than one OpSwitch
// holds are errors.
func (e *emitter) switchCaseValues(s *ast.SwitchStmt, items []switchItem, selType *types.Type) (values []int64, withDefault bool) {
	seen := map[int64]bool{}
	for _, it := range items {
		if !it.label {
			continue
		}
		if it.value == nil {
			withDefault = true
			continue
		}
		n, _ := e.info.IntValue(it.value)
		if seen[n] {
			e.errorf(it.value.Pos(), "duplicate case value '%d'", n)
		}
		seen[n] = true
		values = append(values, n)
	}
	// OpSwitch has a word count of 16 bits: 3 words, then per case the
	// literal (one word, two for a 64-bit selector) and the label.
	perCase := 2
	if t := concreteType(selType); t != nil && t.Canonical().Scalar().SPIRVBits() == 64 {
		perCase = 3
	}
	if limit := (0xffff - 3) / perCase; len(values) > limit {
		e.errorf(s.Pos(), "switch statement has %d case labels; one SPIR-V OpSwitch holds at most %d", len(values), limit)
	}
	return values, withDefault
}

// switchSelector emits the selector of a switch (an integer; other types
// are converted to int, a literal too wide for an int is a 64-bit int).
func (e *emitter) switchSelector(s *ast.SwitchStmt) (builder.ID, *types.Type) {
	if s.CondVar != nil {
		o := e.info.ObjectOf(s.CondVar).(*sema.Var)
		t := concreteType(o.Type())
		v := e.load(e.varValue(o))
		if !t.Scalar().IsInteger() {
			v = e.convert(v, t, types.ScalarType(types.Int))
			t = types.ScalarType(types.Int)
		}
		return v, t
	}
	t := e.indexType(s.Tag)
	if n, ok := e.info.IntValue(s.Tag); ok && t.Canonical().Scalar() == types.LiteralInt && (n < -1<<31 || n > 1<<31-1) {
		t = types.ScalarType(types.Int64)
	}
	t = concreteType(t)
	if !t.IsScalar() || !t.Scalar().IsInteger() {
		v := e.rvalueAs(s.Tag, types.ScalarType(types.Int))
		return v, types.ScalarType(types.Int)
	}
	return e.rvalueAs(s.Tag, t), t
}

// switchAsIfs emits a switch as DXC's chain of ifs: each case's statements
// run up to the first break (or through a return), the selector is
// re-evaluated for every comparison, and default is the last else.
func (e *emitter) switchAsIfs(s *ast.SwitchStmt, items []switchItem) {
	type arm struct {
		value ast.Expr
		body  []ast.Stmt
	}
	var arms []arm
	var def *arm
	for i, it := range items {
		if !it.label {
			continue
		}
		a := arm{value: it.value, body: []ast.Stmt{}}
		for j := i + 1; j < len(items); j++ {
			if st := items[j].stmt; st != nil {
				if br, ok := st.(*ast.BranchStmt); ok && br.Kind == ast.Break {
					break
				}
				a.body = append(a.body, st)
				if _, ok := st.(*ast.ReturnStmt); ok {
					break
				}
			}
		}
		if it.value == nil {
			d := a
			def = &d
		} else {
			arms = append(arms, a)
		}
	}
	// a break nested in a case's statements has no switch to leave
	e.walk.breaks = append(e.walk.breaks, breakTarget{})
	defer func() { e.walk.breaks = e.walk.breaks[:len(e.walk.breaks)-1] }()
	var emit func(i int)
	emit = func(i int) {
		if i == len(arms) {
			if def != nil {
				e.block(def.body)
			}
			return
		}
		sel, selType := e.switchSelector(s)
		val := e.rvalueAs(arms[i].value, selType)
		cond := e.arith(ast.Eq, selType, types.ScalarType(types.Bool), sel, val)
		fb := e.fb
		hasElse := i+1 < len(arms) || def != nil
		st := fb.BeginIf(cond, hasElse, spv.SelectionControlNone)
		e.block(arms[i].body)
		if hasElse {
			fb.Else(st)
			emit(i + 1)
		}
		fb.EndIf(st)
	}
	emit(0)
}

func containsCaseLabel(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if _, ok := n.(*ast.CaseLabelStmt); ok {
			found = true
		}
		return !found
	})
	return found
}

// pure reports whether evaluating x has no side effects.
func pure(x ast.Expr) bool {
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr, *ast.AssignExpr:
			ok = false
		case *ast.UnaryExpr:
			switch n.Op {
			case ast.PreInc, ast.PreDec, ast.PostInc, ast.PostDec:
				ok = false
			}
		}
		return ok
	})
	return ok
}

// ownVariable reports whether id is a variable of the function being
// emitted.
func (e *emitter) ownVariable(id builder.ID) bool {
	if len(e.fb.F.Blocks) == 0 {
		return false
	}
	for _, in := range e.fb.F.Blocks[0].Insts {
		if in.Op != spv.OpVariable {
			break
		}
		if in.Result == id {
			return true
		}
	}
	return false
}

// caseKeywordPos is where the `case` before the value v is written; v's
// own position when it cannot be found.
func (e *emitter) caseKeywordPos(v ast.Expr) diag.Pos {
	f := e.fs.File(v.Pos())
	if f == nil {
		return v.Pos()
	}
	i := f.Offset(v.Pos())
	for i > 0 && (f.Content[i-1] == ' ' || f.Content[i-1] == '\t' || f.Content[i-1] == '\n' || f.Content[i-1] == '\r') {
		i--
	}
	if i >= 4 && string(f.Content[i-4:i]) == "case" {
		return f.Pos(i - 4)
	}
	return v.Pos()
}
