package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
)

// Which resource a local resource variable (or a resource member of a
// split struct, legalize.go) holds is known while compiling, not at run
// time: an assignment rebinds it. Under control flow the bindings of the
// paths meet where they join, as spirv-opt's legalization resolves them
// after DXC: the same resource on every live path stays bound; different
// ones leave the variable undecided, and using it then is an error
// (spirv-opt could not legalize it either). A branch a constant condition
// never takes is not emitted at all (stmt.go), so its assignments do not
// count. A variable declared outside a loop and rebound to another
// resource inside it is reported: DXC accepts it only when the loop is
// unrolled.

// binding is what a slot holds: a local resource variable's alias or an
// aggregate member's value.
type binding struct {
	v         variable
	p         value
	undecided bool
}

// rebind is one entry of the log of binding changes: key (a *variable or
// a *value) held old before; created marks a slot made at that point.
type rebind struct {
	key     any
	old     binding
	created bool
}

// flowFrame is a loop or switch being emitted: where its log starts and
// the bindings that break and continue carry to its end.
type flowFrame struct {
	mark    int
	escapes []map[any]binding
}

func (e *emitter) getBinding(key any) binding {
	switch k := key.(type) {
	case *variable:
		return binding{v: *k, undecided: e.legal.undecided[key]}
	case *value:
		return binding{p: *k, undecided: e.legal.undecided[key]}
	}
	return binding{}
}

func (e *emitter) setBinding(key any, b binding) {
	switch k := key.(type) {
	case *variable:
		*k = b.v
	case *value:
		*k = b.p
	}
	if b.undecided {
		setKey(&e.legal.undecided, key, true)
	} else {
		delete(e.legal.undecided, key)
	}
}

// bindSlot makes an aggregate member hold v.
func (e *emitter) bindSlot(p *value, v value) {
	e.legal.rebinds = append(e.legal.rebinds, rebind{key: p, old: e.getBinding(p)})
	e.setBinding(p, binding{p: v})
}

// bindVar makes a local resource variable an alias of v.
func (e *emitter) bindVar(vr *variable, v value) {
	e.legal.rebinds = append(e.legal.rebinds, rebind{key: vr, old: e.getBinding(vr)})
	e.setBinding(vr, binding{v: variable{ptr: e.addr(v), handle: v.loaded, sc: v.sc, typ: vr.typ, rule: v.rule, member: -1}})
}

// newSlot records a slot created here (a declaration inside a loop may
// be bound there freely).
func (e *emitter) newSlot(key any) {
	e.legal.rebinds = append(e.legal.rebinds, rebind{key: key, created: true})
}

// checkBound reports a use of an undecided slot.
func (e *emitter) checkBound(key any, at diag.Pos) {
	if e.legal.undecided[key] {
		e.errorf(at, "the resource used here depends on control flow; it must be the same on every path (legalization cannot choose one at run time)")
	}
}

// branchEnd ends a path begun at mark: it returns the bindings the path
// changed and restores those of mark.
func (e *emitter) branchEnd(mark int) map[any]binding {
	changed := e.changedSince(mark)
	for i := len(e.legal.rebinds) - 1; i >= mark; i-- {
		if r := e.legal.rebinds[i]; !r.created {
			e.setBinding(r.key, r.old)
		}
	}
	e.legal.rebinds = e.legal.rebinds[:mark]
	return changed
}

// changedSince is the current binding of each slot (made before mark)
// rebound since mark.
func (e *emitter) changedSince(mark int) map[any]binding {
	if len(e.legal.rebinds) == mark {
		return nil // most paths rebind nothing
	}
	created := map[any]bool{}
	changed := map[any]binding{}
	for _, r := range e.legal.rebinds[mark:] {
		if r.created {
			created[r.key] = true
		} else if !created[r.key] {
			changed[r.key] = e.getBinding(r.key)
		}
	}
	return changed
}

// join merges the bindings of the paths that reach a join point (each
// the changes it made to the bindings current now).
func (e *emitter) join(paths []map[any]binding) {
	keys := map[any]bool{}
	var order []any
	for _, p := range paths {
		for k := range p {
			if !keys[k] {
				keys[k] = true
				order = append(order, k)
			}
		}
	}
	for _, k := range order {
		pre := e.getBinding(k)
		var got binding
		for i, p := range paths {
			b, ok := p[k]
			if !ok {
				b = pre
			}
			if i == 0 {
				got = b
			} else if !sameBinding(got, b) {
				got.undecided = true
			} else if got.v.handle != b.v.handle {
				// each path loaded the resource: uses after the join
				// load it again
				got.v.handle = 0
			}
		}
		e.legal.rebinds = append(e.legal.rebinds, rebind{key: k, old: pre})
		e.setBinding(k, got)
	}
}

func sameBinding(a, b binding) bool {
	return !a.undecided && !b.undecided && a.v.ptr == b.v.ptr && a.p.id == b.p.id
}

// pushFlow begins a loop or switch.
func (e *emitter) pushFlow() {
	e.legal.flows = append(e.legal.flows, flowFrame{mark: len(e.legal.rebinds)})
}

// escape records the bindings a break or continue carries to the end of
// the innermost loop or switch.
func (e *emitter) escape() {
	if n := len(e.legal.flows); n > 0 && !e.legal.deadPath {
		f := &e.legal.flows[n-1]
		f.escapes = append(f.escapes, e.changedSince(f.mark))
	}
}

// popFlow ends a loop or switch.
func (e *emitter) popFlow() flowFrame {
	f := e.legal.flows[len(e.legal.flows)-1]
	e.legal.flows = e.legal.flows[:len(e.legal.flows)-1]
	return f
}

// loopFlow emits a loop: a slot declared outside it must not be bound to
// another resource inside.
func (e *emitter) loopFlow(s ast.Stmt, emit func()) {
	e.pushFlow()
	emit()
	f := e.popFlow()
	paths := append(f.escapes, e.changedSince(f.mark))
	for _, p := range paths {
		for k, b := range p {
			if pre := e.bindingBefore(k, f.mark); !sameBinding(pre, b) {
				e.unsupported(s, "binding a resource variable declared outside a loop to another resource inside it")
			}
		}
	}
}

// bindingBefore is what key held at mark.
func (e *emitter) bindingBefore(key any, mark int) binding {
	for _, r := range e.legal.rebinds[mark:] {
		if r.key == key && !r.created {
			return r.old
		}
	}
	return e.getBinding(key)
}

// constCond folds a condition: what the checker folded, or a comparison
// of the constant arguments of an inlined function (foo(0) choosing its
// resource by its parameter, which spirv-opt folds after inlining).
func (e *emitter) constCond(x ast.Expr) (bool, bool) {
	n, ok := e.constInt(x)
	return n != 0, ok
}

// constInt folds an integer or bool expression (bools as 0 and 1).
func (e *emitter) constInt(x ast.Expr) (int64, bool) {
	v := e.info.ValueOfExpr(x)
	if v != nil && len(v.Elems) == 1 {
		if v.Elems[0].IsTrue() {
			if n, ok := v.Elems[0].Int64(); ok {
				return n, true
			}
			return 1, true
		}
		n, _ := v.Elems[0].Int64()
		return n, true
	}
	switch x := x.(type) {
	case *ast.ParenExpr:
		return e.constInt(x.X)
	case *ast.NameExpr:
		if p, ok := e.info.ObjectOf(x).(*sema.Var); ok {
			if k, ok := e.legal.inlineConsts[p]; ok {
				if k.IsTrue() {
					if n, ok := k.Int64(); ok {
						return n, true
					}
					return 1, true
				}
				n, _ := k.Int64()
				return n, true
			}
		}
	case *ast.UnaryExpr:
		if x.Op == ast.Not {
			if n, ok := e.constInt(x.X); ok {
				return b2i(n == 0), true
			}
		}
	case *ast.BinaryExpr:
		l, lok := e.constInt(x.X)
		r, rok := e.constInt(x.Y)
		if !lok || !rok {
			return 0, false
		}
		switch x.Op {
		case ast.Eq:
			return b2i(l == r), true
		case ast.Ne:
			return b2i(l != r), true
		case ast.Lt:
			return b2i(l < r), true
		case ast.Le:
			return b2i(l <= r), true
		case ast.Gt:
			return b2i(l > r), true
		case ast.Ge:
			return b2i(l >= r), true
		case ast.LogAnd:
			return b2i(l != 0 && r != 0), true
		case ast.LogOr:
			return b2i(l != 0 || r != 0), true
		}
	}
	return 0, false
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
