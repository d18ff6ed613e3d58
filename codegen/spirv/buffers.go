package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/sema"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Structured and byte-address buffer methods, the counters of
// RW/Append/Consume structured buffers, and the Interlocked* atomics.

func (e *emitter) structuredMethod(x *ast.CallExpr, m *intrinsics.Match, recv value, o types.Object, name string, t *types.Type) value {
	elem := recv.typ.Canonical().Elem()
	switch m.ID {
	case intrinsics.MethodLoad:
		// the element itself, indexed as written (DXC takes an int index
		// without converting it): members are read through it
		it := types.ScalarType(types.Uint)
		if at := concreteType(e.typeOf(x.Args[0])).Canonical(); at.IsScalar() && at.Scalar() == types.Int {
			it = at
		}
		idx := e.rvalueAs(x.Args[0], it)
		return recv.at(e.b.ConstInt32(0), recv.typ).at(idx, elem)
	case intrinsics.MethodGetDimensions:
		n := e.fb.Emit(spv.OpArrayLength, e.typeID(types.ScalarType(types.Uint)), builder.Ref(e.addr(recv)), builder.Lit(0))
		dst := e.expr(x.Args[0])
		e.store(dst, e.convert(n, types.ScalarType(types.Uint), dst.typ))
		_, rule, _ := e.resourceStorage(recv.typ)
		stride := e.lowering.calc.ArrayStride(elem, rule)
		dst = e.expr(x.Args[1])
		e.store(dst, e.convert(e.b.ConstUint32(stride), types.ScalarType(types.Uint), dst.typ))
		return rv(0, t)
	case intrinsics.MethodIncrementCounter, intrinsics.MethodDecrementCounter:
		old := e.counterOp(x, recv, m.ID == intrinsics.MethodIncrementCounter)
		return rv(e.fb.Emit(spv.OpBitcast, e.typeID(types.ScalarType(types.Uint)), builder.Ref(old)), t)
	case intrinsics.MethodAppend:
		// the element's pointer (indexed by the int counter value) comes
		// before the value, as DXC emits it
		idx := e.counterOp(x, recv, true)
		v := e.fixAddr(recv.at(e.b.ConstUint32(0), recv.typ).at(idx, elem))
		if e.consumedBoolCopy(x.Args[0], elem) {
			// Append(c.Consume()) (or one component of it) of the same
			// bool type: DXC copies the stored word(s) as they are, with
			// no conversion through bool
			src := e.expr(x.Args[0])
			if src.swz != nil {
				k := src.swz[0]
				src.swz, src.typ = nil, src.vec
				src = src.at(e.b.ConstInt32(int32(k)), elem)
			}
			p := e.addr(src)
			_, mt, _ := e.b.Pointee(e.b.TypeOf(p))
			e.fb.Store(e.addr(v), e.fb.Load(mt, p))
			return rv(0, t)
		}
		e.store(v, e.rvalueAs(x.Args[0], elem))
		return rv(0, t)
	case intrinsics.MethodConsume:
		// the element itself: members of it are read through it
		idx := e.counterOp(x, recv, false)
		return e.fixAddr(recv.at(e.b.ConstUint32(0), recv.typ).at(idx, elem))
	}
	e.unsupported(x, "the method '"+name+"' of "+o.String())
	return value{}
}

// consumedBoolCopy reports whether arg, of type elem (a bool scalar or
// vector), is c.Consume() on a consume buffer of bool, or one component of
// it.
func (e *emitter) consumedBoolCopy(arg ast.Expr, elem *types.Type) bool {
	c := elem.Canonical()
	if !(c.IsScalar() || c.IsVector()) || c.Scalar() != types.Bool || !types.Identical(e.typeOf(arg), elem) {
		return false
	}
	x, component := unparen(arg), false
	if m, ok := x.(*ast.MemberExpr); ok {
		if sw := e.info.SwizzleOf(m); sw != nil && len(sw.Indices) == 1 {
			x, component = unparen(m.X), true
		}
	}
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return false
	}
	m, ok := call.Fun.(*ast.MemberExpr)
	if c := e.info.CallOf(call); !ok || c == nil || c.ID != intrinsics.MethodConsume {
		return false
	}
	bt := e.typeOf(m.X)
	o, ok := objectOf(bt)
	if !ok || o != types.ConsumeStructuredBuffer || bt.Canonical().IsArray() {
		return false
	}
	be := bt.Canonical().Elem().Canonical()
	return (be.IsVector() || be.IsScalar() && !component) && be.Scalar() == types.Bool
}

// counterOp increments (returning the old value) or decrements (returning
// the new value) a structured buffer's counter, an int.
func (e *emitter) counterOp(x *ast.CallExpr, recv value, inc bool) builder.ID {
	if he, ok := e.res.heapElems[recv.id]; ok {
		// a buffer from the resource heap: its counter is the same element
		// of the heap's counters (heap.go)
		recv.id, recv.idx = he.arr, append([]builder.ID{he.index}, recv.idx...)
	}
	intT := e.typeID(types.ScalarType(types.Int))
	// the counter the object's expression refers to (rescounters.go)
	p := e.fb.AccessChain(e.b.TypePointer(recv.sc, intT), e.heldCounter(x), e.b.ConstUint32(0))
	return e.counterAtomic(p, inc)
}

// counterAtomic increments or decrements the counter p points to.
func (e *emitter) counterAtomic(p builder.ID, inc bool) builder.ID {
	intT := e.typeID(types.ScalarType(types.Int))
	one := e.b.ConstInt32(1)
	scope, sem := e.b.ConstUint32(1), e.b.ConstUint32(0)
	var r builder.ID
	if inc {
		r = e.fb.Emit(spv.OpAtomicIAdd, intT, builder.Ref(p), builder.Ref(scope), builder.Ref(sem), builder.Ref(one))
	} else {
		old := e.fb.Emit(spv.OpAtomicISub, intT, builder.Ref(p), builder.Ref(scope), builder.Ref(sem), builder.Ref(one))
		r = e.fb.Emit(spv.OpISub, intT, builder.Ref(old), builder.Ref(one))
	}
	return r
}

// counterVar returns the counter variable of a RW/Append/Consume
// structured buffer (or array of them), counter.var.<name>, creating it on
// first use.
func (e *emitter) counterVar(x ast.Node, recv value) builder.ID {
	if id, ok := e.res.counters[recv.id]; ok {
		return id
	}
	if first, ok := e.res.heapFirst["ResourceDescriptorHeap"]; ok && e.isHeapArray(recv.id, first) {
		return e.heapCounter(recv.id) // heap.go
	}
	if recv.sc == spv.StorageClassFunction {
		e.unsupported(x, "the counter of a structured buffer held in a local variable")
	}
	// the global the variable is (local aliases share its pointer): the
	// choice must not depend on map order
	var best *sema.Var
	for o, v := range e.vars {
		if v.ptr != recv.id {
			continue
		}
		if best == nil || (o.Storage == sema.StorageResource) != (best.Storage == sema.StorageResource) && o.Storage == sema.StorageResource ||
			(o.Storage == sema.StorageResource) == (best.Storage == sema.StorageResource) && o.Pos() < best.Pos() {
			best = o
		}
	}
	if best != nil {
		var attrs sema.Attrs
		if d, ok := best.Decl.(*ast.VarDecl); ok {
			attrs = e.attrs(d)
		}
		id := e.newCounter(recv.id, best.Name(), recv.sc, attrs, e.vars[best].typ)
		// made on first use, but declared before its buffer, as DXC does
		e.moveGlobalBefore(id, recv.id)
		return id
	}
	e.errorf(x.Pos(), "Cannot access associated counter variable for an array of buffers in a struct.")
	return 0
}

// newCounter creates counter.var.<name>, bound by
// [[vk::counter_binding(N)]] in the buffer's set, else implicitly.
func (e *emitter) newCounter(buf builder.ID, name string, sc spv.StorageClass, attrs sema.Attrs, t *types.Type) builder.ID {
	counter := e.counterVariable(name, sc, t)
	if t.Canonical().IsArray() && e.dbg.rich == nil {
		// DXC declares the counter of an array of buffers before the
		// array (rich debug information names the variable where it is)
		e.moveGlobalAfter(buf, counter)
	}
	return e.bindCounter(buf, counter, attrs, t)
}

// moveGlobalAfter moves the global variable v, declared earlier, to just
// after the global after: nothing declared between them refers to v.
func (e *emitter) moveGlobalAfter(v, after builder.ID) {
	g := e.b.M.Globals
	from, to := -1, -1
	for i, in := range g {
		switch in.Result {
		case v:
			from = i
		case after:
			to = i
		}
	}
	if from < 0 || to < from {
		return
	}
	in := g[from]
	copy(g[from:to], g[from+1:to+1])
	g[to] = in
}

// counterVariable declares counter.var.<name> for a buffer (or array of
// buffers) of type t.
func (e *emitter) counterVariable(name string, sc spv.StorageClass, t *types.Type) builder.ID {
	ct := e.arrayOf(t, e.lowering.low.Counter())
	return e.b.GlobalVariable(e.b.TypePointer(sc, ct), sc, "counter.var."+name, 0)
}

// bindCounter makes id the counter of buf and binds it.
func (e *emitter) bindCounter(buf, id builder.ID, attrs sema.Attrs, t *types.Type) builder.ID {
	setKey(&e.res.counters, buf, id)
	e.reflectCounter(buf, id)
	// [[vk::counter_binding(N)]] binds it in its buffer's [[vk::binding]] set
	var vk *sema.VkBinding
	for _, a := range attrs.AllVk("counter_binding") {
		if len(a.Args) == 1 {
			vk = &sema.VkBinding{Set: int64(e.opts.DefaultSpace), HasSet: true}
			vk.Binding, vk.HasBinding = a.Int(0)
			if b, ok := attrs.Binding(); ok && b.HasSet {
				vk.Set = b.Set
			}
		}
	}
	e.bindings.add(id, vk, nil, 'u')
	// a counter is in its buffer's descriptor set
	e.bindings.setCounter(id, buf)
	if e.opts.FlattenResourceArrays {
		e.bindings.setCount(id, bindingCount(t))
	}
	return id
}

// nonNegativeLiteral reports a literal written without a minus sign: DXC
// takes it as uint where an overload allows int or uint.
func nonNegativeLiteral(x ast.Expr) bool {
	l, ok := unparen(x).(*ast.BasicLit)
	return ok && l.Kind == ast.IntLit
}

// isUintScalar reports t is uint: DXC moves any other type through Load
// and Store as their templated forms.
func isUintScalar(t *types.Type) bool {
	c := concreteType(t).Canonical()
	return c.Kind() == types.Basic && c.Scalar() == types.Uint
}

func (e *emitter) byteAddressMethod(x *ast.CallExpr, m *intrinsics.Match, recv value, name string, t *types.Type) value {
	uintT := types.ScalarType(types.Uint)
	u32 := e.typeID(uintT)
	switch m.ID {
	case intrinsics.MethodLoad, intrinsics.MethodLoad2, intrinsics.MethodLoad3, intrinsics.MethodLoad4:
		a := &babAddress{byteAddr: e.rvalueAs(x.Args[0], uintT)}
		if e.res.rov[recv.id] {
			e.babWord(a) // the interlock covers the memory access only, as in DXC
		}
		end := e.rovBegin(recv.id)
		defer end()
		if m.ID == intrinsics.MethodLoad && !isUintScalar(t) {
			return rv(e.babLoad(recv, a, t), t)
		}
		return rv(e.babLoadWords(recv, a, flatCount(t)), t)
	case intrinsics.MethodStore, intrinsics.MethodStore2, intrinsics.MethodStore3, intrinsics.MethodStore4:
		addr := e.rvalueAs(x.Args[0], uintT)
		vt := m0(e, x, 1)
		if m.ID == intrinsics.MethodStore && !isUintScalar(vt) {
			val := e.rvalueAs(x.Args[1], vt)
			end := e.rovBegin(recv.id)
			defer end()
			e.babStore(recv, &babAddress{byteAddr: addr}, val, vt)
			return rv(0, t)
		}
		// the word index comes before the value, as DXC emits it
		idx := e.babWord(&babAddress{byteAddr: addr})
		val := e.rvalueAs(x.Args[1], vt)
		end := e.rovBegin(recv.id)
		defer end()
		e.babStoreWords(recv, idx, val, flatCount(vt))
		return rv(0, t)
	case intrinsics.MethodGetDimensions:
		n := e.fb.Emit(spv.OpArrayLength, u32, builder.Ref(e.addr(recv)), builder.Lit(0))
		size := e.fb.Emit(spv.OpIMul, u32, builder.Ref(n), builder.Ref(e.b.ConstUint32(4)))
		dst := e.expr(x.Args[0])
		e.store(dst, e.convert(size, uintT, dst.typ))
		return rv(0, t)
	}
	if op, ok := atomicOpOf(m.ID); ok {
		addr := e.rvalueAs(x.Args[0], uintT)
		ptr := e.babWordPtr(recv, addr)
		if len(m.Params) > 1 && m.Params[1].Type != nil && !op.compare {
			// the words are uint; a signed value is bitcast and picks the
			// signed Min/Max, as DXC's overloads do
			if vt := concreteType(m.Params[1].Type); vt.Scalar().IsSigned() && !nonNegativeLiteral(x.Args[1]) {
				e.atomicAs(x, m, ptr, x.Args[1:], uintT, vt)
				return rv(0, t)
			}
		}
		e.atomic(x, m, ptr, x.Args[1:], uintT)
		return rv(0, t)
	}
	e.unsupported(x, "the method '"+name+"' of a byte address buffer")
	return value{}
}

// atomicOp is what an Interlocked* function or method does.
type atomicOp struct {
	op, signedOp spv.Op // the instruction; for Min and Max, signedOp is the one for signed values
	compare      bool   // CompareExchange and CompareStore: a comparator, then the value
	store        bool   // CompareStore: no original value is returned
	known        bool   // an Interlocked* intrinsic (with a zero op when not supported yet)
}

// atomicOps are the Interlocked* functions and methods by ID; a zero op
// is one not supported yet (64-bit and float-bitwise forms). An array
// indexed by ID, static data: as a map it was filled at process start.
var atomicOps = [...]atomicOp{
	intrinsics.InterlockedAdd: {op: spv.OpAtomicIAdd, known: true}, intrinsics.MethodInterlockedAdd: {op: spv.OpAtomicIAdd, known: true},
	intrinsics.InterlockedAnd: {op: spv.OpAtomicAnd, known: true}, intrinsics.MethodInterlockedAnd: {op: spv.OpAtomicAnd, known: true},
	intrinsics.InterlockedOr: {op: spv.OpAtomicOr, known: true}, intrinsics.MethodInterlockedOr: {op: spv.OpAtomicOr, known: true},
	intrinsics.InterlockedXor: {op: spv.OpAtomicXor, known: true}, intrinsics.MethodInterlockedXor: {op: spv.OpAtomicXor, known: true},
	intrinsics.InterlockedExchange:       {op: spv.OpAtomicExchange, known: true},
	intrinsics.MethodInterlockedExchange: {op: spv.OpAtomicExchange, known: true},
	intrinsics.InterlockedMin:            {op: spv.OpAtomicUMin, signedOp: spv.OpAtomicSMin, known: true},
	intrinsics.MethodInterlockedMin:      {op: spv.OpAtomicUMin, signedOp: spv.OpAtomicSMin, known: true},
	intrinsics.InterlockedMax:            {op: spv.OpAtomicUMax, signedOp: spv.OpAtomicSMax, known: true},
	intrinsics.MethodInterlockedMax:      {op: spv.OpAtomicUMax, signedOp: spv.OpAtomicSMax, known: true},

	intrinsics.InterlockedCompareExchange:       {op: spv.OpAtomicCompareExchange, compare: true, known: true},
	intrinsics.MethodInterlockedCompareExchange: {op: spv.OpAtomicCompareExchange, compare: true, known: true},
	intrinsics.InterlockedCompareStore:          {op: spv.OpAtomicCompareExchange, compare: true, store: true, known: true},
	intrinsics.MethodInterlockedCompareStore:    {op: spv.OpAtomicCompareExchange, compare: true, store: true, known: true},

	intrinsics.InterlockedCompareStoreFloatBitwise: {known: true}, intrinsics.InterlockedCompareExchangeFloatBitwise: {known: true},
	intrinsics.MethodInterlockedAdd64: {known: true}, intrinsics.MethodInterlockedAnd64: {known: true}, intrinsics.MethodInterlockedOr64: {known: true},
	intrinsics.MethodInterlockedXor64: {known: true}, intrinsics.MethodInterlockedMin64: {known: true}, intrinsics.MethodInterlockedMax64: {known: true},
	intrinsics.MethodInterlockedExchange64: {known: true}, intrinsics.MethodInterlockedCompareStore64: {known: true},
	intrinsics.MethodInterlockedCompareExchange64: {known: true}, intrinsics.MethodInterlockedExchangeFloat: {known: true},
	intrinsics.MethodInterlockedCompareStoreFloatBitwise: {known: true}, intrinsics.MethodInterlockedCompareExchangeFloatBitwise: {known: true},
}

// atomicOpOf returns the atomicOps entry of id, if it has one.
func atomicOpOf(id intrinsics.ID) (atomicOp, bool) {
	if int(id) < len(atomicOps) && atomicOps[id].known {
		return atomicOps[id], true
	}
	return atomicOp{}, false
}

// atomic emits the Interlocked* operation m on ptr (a pointer to a 32- or
// 64-bit integer): value arguments, then an optional out original value.
func (e *emitter) atomic(x *ast.CallExpr, m *intrinsics.Match, ptr builder.ID, args []ast.Expr, vt *types.Type) {
	e.atomicAs(x, m, ptr, args, vt, vt)
}

// atomicAs is atomic with value arguments of type at, bitcast to the
// pointee type vt; at's signedness picks Min/Max.
func (e *emitter) atomicAs(x *ast.CallExpr, m *intrinsics.Match, ptr builder.ID, args []ast.Expr, vt, at *types.Type) {
	ao, _ := atomicOpOf(m.ID)
	tid := e.typeID(vt)
	// Device scope, or Workgroup for groupshared memory, as DXC
	scope, none := e.b.ConstUint32(uint32(spv.ScopeDevice)), e.b.ConstUint32(0)
	if sc, _, ok := e.b.Pointee(e.b.TypeOf(ptr)); ok && sc == spv.StorageClassWorkgroup {
		scope = e.b.ConstUint32(uint32(spv.ScopeWorkgroup))
	}
	val := func(i int) builder.ID {
		if k, ok := e.atomicConstOperand(args[i], tid); ok {
			return k // fcglcalls.go
		}
		v := e.rvalueAs(args[i], at)
		if e.typeID(at) != tid {
			v = e.fb.Emit(spv.OpBitcast, tid, builder.Ref(v))
		}
		return v
	}
	var r builder.ID
	nvals := 1
	switch {
	case ao.op == 0:
		e.unsupported(x, m.Overload.Name())
	case ao.compare:
		cmp := val(0)
		v := val(1)
		r = e.fb.Emit(spv.OpAtomicCompareExchange, tid, builder.Ref(ptr), builder.Ref(scope), builder.Ref(none), builder.Ref(none), builder.Ref(v), builder.Ref(cmp))
		nvals = 2
	default:
		op := ao.op
		if ao.signedOp != 0 && at.Scalar().IsSigned() {
			op = ao.signedOp
		}
		r = e.fb.Emit(op, tid, builder.Ref(ptr), builder.Ref(scope), builder.Ref(none), builder.Ref(val(0)))
	}
	if len(args) > nvals && !ao.store {
		dst := e.expr(args[nvals])
		e.store(dst, e.convert(r, vt, dst.typ))
	}
}

// interlocked emits the Interlocked* intrinsic functions on a groupshared
// variable, a structured buffer element or a texel.
func (e *emitter) interlocked(x *ast.CallExpr, m *intrinsics.Match) {
	dst := e.expr(x.Args[0])
	vt := concreteType(dst.typ)
	var ptr builder.ID
	if dst.texel != nil {
		if img := dst.texel.img; !img.ptr {
			// an image returned by a call: held in temp.var.<type> for
			// the texel pointer, as DXC does
			o, _ := objectOf(img.typ)
			tmp := e.fb.Variable(e.b.TypePointer(spv.StorageClassFunction, e.b.TypeOf(img.id)), "temp.var."+o.String(), 0)
			e.fb.Store(tmp, img.id)
			dst.texel.img = value{id: tmp, typ: img.typ, ptr: true, sc: spv.StorageClassFunction}
		}
		ptr = e.fb.Emit(spv.OpImageTexelPointer, e.b.TypePointer(spv.StorageClassImage, e.typeID(vt)),
			builder.Ref(e.addr(dst.texel.img)), builder.Ref(dst.texel.coord), builder.Ref(e.b.ConstUint32(0)))
	} else {
		if !dst.ptr || dst.swz != nil {
			e.errorf(x.Args[0].Pos(), "the destination of %s must be a variable, buffer element or texel", m.Overload.Name())
		}
		ptr = e.addr(dst)
	}
	e.atomic(x, m, ptr, x.Args[1:], vt)
}

// atomicConstOperand is a constant value operand of an Interlocked
// operation on a 32-bit integer of type tid as DXC's code generation
// writes it: the constant keeps its own type (a literal is a uint, or an
// int when negative) and a signedness mismatch is an OpBitcast, which the
// passes fold (ccp, simplify-instructions) and -O0 without legalization
// keeps, as DXC's does. ok is false when arg is not such a constant.
func (e *emitter) atomicConstOperand(arg ast.Expr, tid builder.ID) (builder.ID, bool) {
	i32, u32 := types.ScalarType(types.Int), types.ScalarType(types.Uint)
	if tid != e.typeID(i32) && tid != e.typeID(u32) {
		return 0, false
	}
	v, ok := e.foldable(arg)
	t := e.info.TypeOfExpr(arg)
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

// moveGlobalBefore moves the global instruction defining id to just before
// the one defining before.
func (e *emitter) moveGlobalBefore(id, before builder.ID) {
	gs := e.b.M.Globals
	from, to := -1, -1
	for i, in := range gs {
		switch in.Result {
		case id:
			from = i
		case before:
			to = i
		}
	}
	if from < 0 || to < 0 || from < to {
		return
	}
	in := gs[from]
	copy(gs[to+1:from+1], gs[to:from])
	gs[to] = in
}
