package spirv

import (
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// The counters of RW/Append/Consume structured buffers held in memory
// (resvalues.go), as DXC keeps them: every declaration holding such a
// buffer - a local, static, parameter, function result or method receiver
// - has a Private counter.var.<name> holding the pointer to the counter of
// the buffer it holds; a struct holding such buffers has one per member
// (counter.var.<name>.<i>.<j>, by member index). Each assignment of the
// buffer (initialization, =, argument passing, return) assigns its
// counter beside it; IncrementCounter, Append and their kind load it.
// An array of such buffers has one slot holding the pointer to the array
// of their counters, which an element indexes (DXC has none and refuses
// an element's counter; its form for a single buffer serves both).

// ctrSlots are the counter slots of the declarations, by *sema.Var, by
// *sema.Func (its result) or by receiverOf (a method's receiver);
// ctrFields those of the members of struct declarations.
type ctrState struct {
	slots  map[any]builder.ID
	fields map[any][]fieldCounter
}

// fieldCounter is the counter slot of a struct member, by member indexes.
type fieldCounter struct {
	path []int
	slot builder.ID
}

// receiverOf keys the counters of a method's receiver ("<method>.this").
type receiverOf struct{ f *sema.Func }

// counterBlockPointer is the type of a pointer to a counter block.
func (e *emitter) counterBlockPointer() builder.ID {
	sc := spv.StorageClassUniform
	if e.opts.Version >= spv.Version1_4 {
		sc = spv.StorageClassStorageBuffer
	}
	return e.b.TypePointer(sc, e.lowering.low.Counter())
}

// declareCounters creates the counter slots of a declaration of type t
// (DXC's createCounterVarForDecl): one for a RW/Append/Consume buffer, one
// per such member (nested structs included) for a struct.
func (e *emitter) declareCounters(key any, name string, t *types.Type) {
	if t == nil {
		return
	}
	if e.res.ctrs.slots == nil {
		e.res.ctrs = ctrState{slots: map[any]builder.ID{}, fields: map[any][]fieldCounter{}}
	}
	if _, done := e.res.ctrs.slots[key]; done {
		return
	}
	if _, done := e.res.ctrs.fields[key]; done {
		return
	}
	newSlot := func(n string) builder.ID {
		slotType := e.b.TypePointer(spv.StorageClassPrivate, e.counterBlockPointer())
		return e.b.GlobalVariable(slotType, spv.StorageClassPrivate, "counter.var."+n, 0)
	}
	if hasCounter(t) {
		e.res.ctrs.slots[key] = newSlot(name)
		return
	}
	if isCounterArray(t) {
		sc, _, _ := e.b.Pointee(e.counterBlockPointer())
		slotType := e.b.TypePointer(spv.StorageClassPrivate, e.b.TypePointer(sc, e.arrayOf(t, e.lowering.low.Counter())))
		e.res.ctrs.slots[key] = e.b.GlobalVariable(slotType, spv.StorageClassPrivate, "counter.var."+name, 0)
		return
	}
	var fields []fieldCounter
	var walk func(st *types.Type, path []int)
	walk = func(st *types.Type, path []int) {
		for i, f := range structFields(st) {
			p := append(path[:len(path):len(path)], i)
			ft := f.Type.Canonical()
			switch {
			case hasCounter(ft):
				parts := make([]string, len(p))
				for k, n := range p {
					parts[k] = strconv.Itoa(n)
				}
				fields = append(fields, fieldCounter{p, newSlot(name + "." + strings.Join(parts, "."))})
			case ft.IsStruct() && !ft.IsObject():
				walk(ft, p)
			}
		}
	}
	if c := t.Canonical(); c.IsStruct() && !c.IsObject() {
		walk(c, nil)
	}
	if len(fields) > 0 {
		e.res.ctrs.fields[key] = fields
	}
}

// counterRef is where the counter of an expression's buffer lives: a
// slot holding its pointer, the counter block itself (a global buffer's),
// or, for a struct, its members' slots below a path prefix. For an array
// of buffers the slot or block is that of the array of their counters.
type counterRef struct {
	slot   builder.ID
	block  builder.ID
	fields []fieldCounter
	prefix []int
}

// counterRef finds the counter of x, used as a t (DXC's
// getFinalACSBufferCounter).
func (e *emitter) counterRef(x ast.Expr, t *types.Type) (counterRef, bool) {
	switch y := unparen(x).(type) {
	case *ast.CastExpr:
		return e.counterRef(y.X, t)
	case *ast.NameExpr:
		o, ok := e.info.ObjectOf(y).(*sema.Var)
		if !ok {
			return counterRef{}, false
		}
		if o.Storage == sema.StorageField {
			// an implicit this->member
			return e.memberCounter(receiverOf{e.walk.cur.obj}, e.fieldPath(e.walk.thisType, []string{o.Name()}))
		}
		return e.declCounter(o, y)
	case *ast.ThisExpr:
		if e.walk.cur == nil {
			return counterRef{}, false
		}
		return e.memberCounter(receiverOf{e.walk.cur.obj}, nil)
	case *ast.CallExpr:
		f, ok := e.info.ObjectOf(y).(*sema.Func)
		if !ok || e.info.CallOf(y) != nil {
			return counterRef{}, false
		}
		return e.declCounter(e.definitionOf(f), y)
	case *ast.IndexExpr:
		// an element of an array of buffers (a global, or a declaration
		// holding one) or of the resource heap: the same element of its
		// counters (the index evaluated again, as DXC does)
		n, ok := unparen(y.X).(*ast.NameExpr)
		if !ok {
			return counterRef{}, false
		}
		if n.Name == "ResourceDescriptorHeap" && len(n.Qualifier) == 0 && hasCounter(t) {
			if v, isVar := e.info.ObjectOf(n).(*sema.Var); !isVar || v.Decl == nil {
				arr := e.heapCounter(e.heapArray(n.Name, t))
				p := e.fb.AccessChain(e.counterBlockPointer(), arr, e.rvalueAs(y.Index, types.ScalarType(types.Uint)))
				return counterRef{block: p}, true
			}
		}
		o, ok := e.info.ObjectOf(n).(*sema.Var)
		if !ok || o.Storage == sema.StorageField || !hasCounter(e.typeOf(y)) {
			return counterRef{}, false
		}
		arr, ok := e.declCounter(o, n)
		if !ok || (arr.slot == 0 && arr.block == 0) {
			return counterRef{}, false
		}
		p := e.fb.AccessChain(e.counterBlockPointer(), e.counterPointer(arr), e.arrayIndex(y.Index))
		return counterRef{block: p}, true
	case *ast.MemberExpr:
		bottom, steps := e.collect(y)
		var names []string
		for _, s := range steps {
			if s.kind != stepField {
				return counterRef{}, false
			}
			names = append(names, s.name)
		}
		var key any
		var root *types.Type
		switch b := unparen(bottom).(type) {
		case *ast.NameExpr:
			o, ok := e.info.ObjectOf(b).(*sema.Var)
			if !ok {
				return counterRef{}, false
			}
			key, root = o, o.Type()
			if o.Storage == sema.StorageField {
				key, root, names = receiverOf{e.walk.cur.obj}, e.walk.thisType, append([]string{o.Name()}, names...)
			}
		case *ast.ThisExpr:
			key, root = receiverOf{e.walk.cur.obj}, e.walk.thisType
		case *ast.CallExpr:
			f, ok := e.info.ObjectOf(b).(*sema.Func)
			if !ok {
				return counterRef{}, false
			}
			key, root = e.definitionOf(f), f.Result
		default:
			return counterRef{}, false
		}
		return e.memberCounter(key, e.fieldPath(root, names))
	}
	return counterRef{}, false
}

// declCounter is the counter of a declaration held whole: its slot, its
// members' slots, or the counter of a global buffer.
func (e *emitter) declCounter(key any, at ast.Node) (counterRef, bool) {
	if s, ok := e.res.ctrs.slots[key]; ok {
		return counterRef{slot: s}, true
	}
	if fs, ok := e.res.ctrs.fields[key]; ok {
		return counterRef{fields: fs}, true
	}
	o, ok := key.(*sema.Var)
	if !ok || (o.Storage != sema.StorageResource && !e.legal.aliases[o]) {
		return counterRef{}, false
	}
	v := e.vars[o]
	if v == nil || v.ptr == 0 || len(v.idx) != 0 || !hasCounter(v.typ) && !isCounterArray(v.typ) {
		return counterRef{}, false
	}
	return counterRef{block: e.counterVar(at, value{id: v.ptr, typ: v.typ, ptr: true, sc: v.sc})}, true
}

// memberCounter is the counter of the member of key at path (a struct
// when path selects no buffer).
func (e *emitter) memberCounter(key any, path []int) (counterRef, bool) {
	if path == nil && len(e.res.ctrs.fields[key]) == 0 {
		return counterRef{}, false
	}
	for _, f := range e.res.ctrs.fields[key] {
		if equalPath(f.path, path) {
			return counterRef{slot: f.slot}, true
		}
	}
	for _, f := range e.res.ctrs.fields[key] {
		if hasPrefix(f.path, path) {
			return counterRef{fields: e.res.ctrs.fields[key], prefix: path}, true
		}
	}
	return counterRef{}, false
}

// fieldPath is the member indexes of a chain of member names from a
// struct type (structFields' order), or nil when one is not found.
func (e *emitter) fieldPath(t *types.Type, names []string) []int {
	path := []int{}
	for _, n := range names {
		if t == nil || !t.Canonical().IsStruct() {
			return nil
		}
		fs := structFields(t.Canonical())
		found := -1
		for i := len(fs) - 1; i >= 0; i-- {
			if fs[i].Name == n {
				found = i
				break
			}
		}
		if found < 0 {
			return nil
		}
		path = append(path, found)
		t = fs[found].Type
	}
	return path
}

func equalPath(a, b []int) bool {
	return len(a) == len(b) && hasPrefix(a, b)
}

func hasPrefix(a, prefix []int) bool {
	if len(prefix) > len(a) {
		return false
	}
	for i := range prefix {
		if a[i] != prefix[i] {
			return false
		}
	}
	return true
}

// counterPointer is the pointer to the counter block (or array of them) a
// reference holds.
func (e *emitter) counterPointer(r counterRef) builder.ID {
	if r.block != 0 {
		return r.block
	}
	_, held, _ := e.b.Pointee(e.b.TypeOf(r.slot))
	return e.fb.Load(held, r.slot)
}

// isCounterArray reports an array of structured buffers with counters.
func isCounterArray(t *types.Type) bool {
	c := t.Canonical()
	return c.IsArray() && hasCounter(c.Elem())
}

// assignCounters makes the counters of dst (a declaration's, or those an
// expression refers to) those of src, of type t, as DXC's
// tryToAssignCounterVar.
func (e *emitter) assignCounters(dst counterRef, src ast.Expr, t *types.Type) {
	if dst.slot != 0 {
		s, ok := e.counterRef(src, t)
		if !ok || (s.slot == 0 && s.block == 0) {
			e.errorf(src.Pos(), "cannot find the associated counter variable")
		}
		e.fb.Store(dst.slot, e.counterPointer(s))
		return
	}
	if len(dst.fields) == 0 {
		return
	}
	if il, ok := unparen(src).(*ast.InitList); ok {
		e.assignCountersFromList(dst, il, t)
		return
	}
	s, ok := e.counterRef(src, t)
	if !ok || len(s.fields) == 0 {
		return
	}
	for _, d := range dst.fields {
		if !hasPrefix(d.path, dst.prefix) {
			continue
		}
		want := append(append([]int{}, s.prefix...), d.path[len(dst.prefix):]...)
		for _, f := range s.fields {
			if equalPath(f.path, want) {
				e.fb.Store(d.slot, e.fb.Load(e.counterBlockPointer(), f.slot))
			}
		}
	}
}

// assignCountersFromList assigns the counters of the struct dst from a
// brace initializer with an element per member (nested lists for nested
// structs): each member's from its element. A list read flattened is left
// alone, as DXC leaves it.
func (e *emitter) assignCountersFromList(dst counterRef, il *ast.InitList, t *types.Type) {
	c := t.Canonical()
	if !c.IsStruct() || c.IsObject() || len(il.Elems) != len(structFields(c)) {
		return
	}
	for i, f := range structFields(c) {
		path := append(dst.prefix[:len(dst.prefix):len(dst.prefix)], i)
		sub := counterRef{fields: dst.fields, prefix: path}
		for _, d := range dst.fields {
			if equalPath(d.path, path) {
				sub = counterRef{slot: d.slot}
			}
		}
		if hasCounter(f.Type) || (f.Type.Canonical().IsStruct() && !f.Type.Canonical().IsObject()) {
			e.assignCounters(sub, il.Elems[i], f.Type)
		}
	}
}

// assignDeclCounters assigns the counters of a declaration from its
// initializer (or argument, or returned expression).
func (e *emitter) assignDeclCounters(key any, src ast.Expr, t *types.Type) {
	if r, ok := e.declCounter(key, src); ok && (r.slot != 0 || len(r.fields) > 0) {
		e.assignCounters(r, src, t)
	}
}

// heldCounter is the counter block of the object of the counter method
// call x (IncrementCounter, Append...).
func (e *emitter) heldCounter(x *ast.CallExpr) builder.ID {
	if me, ok := x.Fun.(*ast.MemberExpr); ok {
		if r, ok := e.counterRef(me.X, e.typeOf(me.X)); ok && (r.slot != 0 || r.block != 0) {
			return e.counterPointer(r)
		}
	}
	e.errorf(x.Pos(), "Cannot access associated counter variable for an array of buffers in a struct.")
	return 0
}

// resourceArg passes a resource (or a struct holding resources) to
// parameter p: an out or inout one takes a Function variable of its type
// itself; anything else goes through param.var.<name>, after its counters.
func (e *emitter) resourceArg(p *sema.Var, arg ast.Expr) builder.ID {
	pt := p.Type()
	v := e.expr(arg)
	if (p.Mode == types.Out || p.Mode == types.InOut) && v.ptr && v.swz == nil && v.texel == nil &&
		v.sc == spv.StorageClassFunction && types.Identical(v.typ, pt) {
		return e.addr(v)
	}
	tmp := e.fb.Variable(e.ptrType(spv.StorageClassFunction, pt, layout.Void), "param.var."+p.Name(), 0)
	e.declareCounters(p, p.Name(), pt)
	e.assignDeclCounters(p, arg, pt)
	e.fb.Store(tmp, e.heldValue(v, pt))
	return tmp
}

// returnCounters creates the counter slots of f's result before a call.
func (e *emitter) returnCounters(f *sema.Func) {
	if f.Result != nil {
		e.declareCounters(f, f.Name(), f.Result)
	}
}

// heldValue is the value a resource (or struct holding resources) v
// stores as, converted to t: a buffer's pointer, a constant buffer's
// block, an array of textures element by element, anything else loaded.
func (e *emitter) heldValue(v value, t *types.Type) builder.ID {
	if p, ok := e.heldPointer(v); ok {
		return p
	}
	if o, ok := objectOf(t); ok && o.Class() == types.ClassCBuffer && v.ptr {
		p := e.addr(v)
		_, bt, _ := e.b.Pointee(e.b.TypeOf(p))
		return e.fb.Load(bt, p)
	}
	if c := t.Canonical(); c.IsArray() && c.Len() != types.Unsized && v.ptr && !heldByPointer(t) && holdsResource(c) {
		// DXC copies an array of resources element by element
		v = e.fixAddr(v)
		parts := make([]builder.ID, c.Len())
		for i := range parts {
			parts[i] = e.heldValue(v.at(e.b.ConstInt32(int32(i)), c.Elem()), c.Elem())
		}
		return e.fb.CompositeConstruct(e.typeID(t), parts...)
	}
	return e.load(v)
}

// receiverCounters assigns the counters of the receiver of a call of the
// method f ("<method>.this") from the object it is called on.
func (e *emitter) receiverCounters(x *ast.CallExpr, f *sema.Func) {
	def := e.definitionOf(f)
	key := receiverOf{def}
	e.declareCounters(key, def.Name()+".this", f.Recv)
	var obj ast.Expr = &ast.ThisExpr{}
	if me, ok := x.Fun.(*ast.MemberExpr); ok {
		obj = me.X
	}
	if r, ok := e.declCounter(key, x); ok && len(r.fields) > 0 {
		e.assignCounters(r, obj, f.Recv)
	}
}
