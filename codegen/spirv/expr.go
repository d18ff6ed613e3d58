package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// value is an emitted expression: an rvalue id, or an lvalue — a base
// pointer with pending access-chain indices (DXC folds s.a[i].b into one
// OpAccessChain) and, for a multi-component swizzle, the selected
// components of the vector it points to.
type value struct {
	id   builder.ID
	typ  *types.Type // the HLSL type of the expression
	ptr  bool
	sc   spv.StorageClass
	rule layout.Rule
	idx  []builder.ID // pending OpAccessChain indices after id
	swz  []int        // components of the vector pointed to
	vec  *types.Type  // the vector type swz selects from
	// loaded, when set, is the lvalue's current value (the value an
	// assignment just stored): reading the lvalue reuses it, as DXC does
	// for a = b = c.
	loaded builder.ID
	// texel is set for tex[i] on a texture or typed buffer (resources.go).
	texel *texel
	// texelComp is a component index into the texel (tex[i][j]), with
	// vec the texel's vector type: read and written through the whole
	// texel.
	texelComp builder.ID
	// bits is set for a bitfield: the value is bits of the member behind
	// the lvalue (bitfield.go).
	bits *bitRange
	// melem, when set, selects elements of the matrix (of type vec) id
	// points to, as flat row-major indices: m._m01_m10 is read and
	// written element by element, as DXC does.
	melem []int
	// precise is set below a `precise` struct member: the access chain
	// that reaches it is marked for flags.go.
	precise bool
	// pos is where the lvalue was written: its load and address
	// computation are placed there (OpLine), as DXC places them.
	pos diag.Pos
	// end is where the lvalue's last token starts, for DebugLine ranges.
	end diag.Pos
	// agg is set for a struct holding resources (legalize.go).
	agg *aggregate
	// bpAlign is the alignment of a vk::BufferPointer's pointee reached
	// by Get() (bufferpointer.go).
	bpAlign uint32
}

func rv(id builder.ID, t *types.Type) value { return value{id: id, typ: t} }

// addr materialises an lvalue's pointer.
func (e *emitter) addr(v value) builder.ID {
	if len(v.idx) == 0 {
		return v.id
	}
	if v.pos.IsValid() {
		defer func(loc diag.Pos, rng [2]diag.Pos) { e.dbg.loc, e.dbg.locRange = loc, rng }(e.dbg.loc, e.dbg.locRange)
		e.dbg.loc, e.dbg.locRange = v.pos, [2]diag.Pos{v.pos, v.end}
	}
	if e.res.untypedHeaps[v.id] {
		return e.heapElementPointer(v) // heap.go
	}
	pt := e.b.TypePointer(v.sc, e.typeIn(v.typ, v.rule))
	id := e.fb.AccessChain(pt, v.id, v.idx...)
	if v.precise {
		e.markPrecise(id)
	}
	return id
}

// fixAddr materialises an lvalue's pending access chain once, so that a
// read-modify-write (v.x *= s, i++) loads and stores through the same
// pointer, as DXC does.
func (e *emitter) fixAddr(v value) value {
	if !v.ptr || len(v.idx) == 0 {
		return v
	}
	if root := v.id; e.res.rov[root] {
		// the element of a rasterizer-ordered buffer stays interlocked
		defer func() { setKey(&e.res.rov, v.id, true) }()
	}
	if v.swz != nil {
		vt := v.typ
		v.typ = v.vec
		v.id = e.addr(v)
		v.typ, v.idx = vt, nil
		return v
	}
	v.id = e.addr(v)
	v.idx = nil
	return v
}

// at adds an index to an lvalue.
func (v value) at(index builder.ID, elem *types.Type) value {
	v.loaded = 0
	if v.melem != nil {
		panic("internal: indexing a matrix element selection")
	}
	idx := make([]builder.ID, len(v.idx), len(v.idx)+1)
	copy(idx, v.idx)
	v.idx = append(idx, index)
	v.typ = elem
	return v
}

// blockType is the type to load through p: lt, or the block struct p
// points to when that is another struct of the same layout - a
// ConstantBuffer<T>/TextureBuffer<T> (or an element of an array of them)
// read as its T, which relayout then copies member by member.
func (e *emitter) blockType(p, lt builder.ID) builder.ID {
	if _, pt, ok := e.b.Pointee(e.b.TypeOf(p)); ok && pt != lt && e.b.Def(pt) != nil && e.b.Def(pt).Op == spv.OpTypeStruct {
		return pt
	}
	return lt
}

// load turns a value into an rvalue of its type (laid out without
// decorations).
func (e *emitter) load(v value) builder.ID {
	if !v.ptr {
		return v.id
	}
	if v.pos.IsValid() {
		defer func(loc diag.Pos, rng [2]diag.Pos) { e.dbg.loc, e.dbg.locRange = loc, rng }(e.dbg.loc, e.dbg.locRange)
		e.dbg.loc, e.dbg.locRange = v.pos, [2]diag.Pos{v.pos, v.end}
	}
	if v.texelComp != 0 {
		// DXC indexes the texel read in a temporary copy
		whole := v
		whole.typ, whole.texelComp = v.vec, 0
		tmp := e.temporary(e.load(whole), v.vec, "vector")
		return e.load(tmp.at(v.texelComp, v.typ))
	}
	if v.texel != nil && v.swz == nil {
		if v.loaded != 0 {
			return v.loaded // the value just written
		}
		return e.loadTexel(v) // tex[i] (resources.go)
	}
	if isNodeObject(v.typ) && len(v.idx) == 0 {
		return e.loadNode(v) // node.go
	}
	if e.res.rov[v.id] && !e.res.inROV {
		return e.rovLoad(v) // rov.go
	}
	if v.bits != nil {
		return e.loadBits(v) // bitfield.go
	}
	if v.loaded != 0 {
		return v.loaded
	}
	if p, ok := e.heldPointer(v); ok {
		return p // a buffer's value is its pointer (resvalues.go)
	}
	if v.melem != nil {
		return e.loadMatrixElems(v)
	}
	if v.swz != nil {
		vec := e.load(value{id: v.id, typ: v.vec, ptr: true, sc: v.sc, rule: v.rule, idx: v.idx, texel: v.texel})
		return e.shuffle(vec, v.vec, v.swz, v.typ)
	}
	p := e.addr(v)
	// an image's type depends on its declaration ([[vk::image_format]]),
	// so it is not made from v.typ (that would declare an unused inferred
	// one); a ConstantBuffer<T> loaded whole is its block type, not T's
	var lt builder.ID
	if _, pt, ok := e.b.Pointee(e.b.TypeOf(p)); ok && v.sc == spv.StorageClassUniformConstant {
		lt = pt
	} else if lt = e.typeIn(v.typ, v.rule); ok && v.rule != layout.Void && pt != lt {
		lt = pt
	}
	if v.rule != layout.Void && v.sc != spv.StorageClassPhysicalStorageBuffer {
		lt = e.blockType(p, lt)
	}
	var id builder.ID
	if v.sc == spv.StorageClassPhysicalStorageBuffer {
		id = e.fb.Emit(spv.OpLoad, lt, builder.Ref(p), e.physicalAlign(v, v.typ, true))
	} else {
		id = e.fb.Load(lt, p)
	}
	e.markRelaxed(id, v.typ)
	if v.rule != layout.Void {
		id = e.relayout(id, v.typ, v.rule, layout.Void)
	}
	return id
}

// store writes val (an rvalue of v's type) through the lvalue v.
func (e *emitter) store(v value, val builder.ID) {
	if !v.ptr {
		e.errorf(e.pos, "expression is not assignable")
	}
	if v.texelComp != 0 {
		whole := v
		whole.typ, whole.texelComp = v.vec, 0
		nv := e.fb.Emit(spv.OpVectorInsertDynamic, e.typeID(v.vec), builder.Ref(e.load(whole)), builder.Ref(val), builder.Ref(v.texelComp))
		e.storeTexel(whole, nv)
		return
	}
	if v.texel != nil && v.swz == nil {
		e.storeTexel(v, val)
		return
	}
	if e.res.rov[v.id] && !e.res.inROV {
		e.rovStore(v, val) // rov.go
		return
	}
	if v.bits != nil {
		e.storeBits(v, val) // bitfield.go
		return
	}
	if v.sc == spv.StorageClassUniformConstant && v.texel == nil {
		e.errorf(e.pos, "assigning to a texture or sampler variable is not supported yet")
	}
	if v.melem != nil {
		e.storeMatrixElems(v, val)
		return
	}
	if v.swz != nil {
		base := value{id: v.id, typ: v.vec, ptr: true, sc: v.sc, rule: v.rule, idx: v.idx, texel: v.texel}
		old := e.load(base)
		n := v.vec.VecSize()
		comps := make([]uint32, n)
		for i := range comps {
			comps[i] = uint32(i)
		}
		for k, c := range v.swz {
			if v.typ.IsScalar() || v.typ.VecSize() <= 1 {
				// a single component: insert it
				ins := e.fb.Emit(spv.OpCompositeInsert, e.typeID(v.vec), builder.Ref(val), builder.Ref(old), builder.Lit(uint32(c)))
				e.store(base, ins)
				return
			}
			comps[c] = uint32(n + k)
		}
		ops := []builder.Operand{builder.Ref(old), builder.Ref(val)}
		for _, c := range comps {
			ops = append(ops, builder.Lit(c))
		}
		nv := e.fb.Emit(spv.OpVectorShuffle, e.typeID(v.vec), ops...)
		e.store(base, nv)
		return
	}
	if v.rule != layout.Void {
		val = e.relayout(val, v.typ, layout.Void, v.rule)
	}
	if v.sc == spv.StorageClassPhysicalStorageBuffer {
		e.fb.Emit(spv.OpStore, 0, builder.Ref(e.addr(v)), builder.Ref(val), e.physicalAlign(v, v.typ, false))
		return
	}
	e.fb.Store(e.addr(v), val)
}

// shuffle selects components of vec (of type vt) to make a value of type t.
func (e *emitter) shuffle(vec builder.ID, vt *types.Type, comps []int, t *types.Type) builder.ID {
	if vt.IsScalar() || vt.VecSize() == 1 {
		if len(comps) == 1 {
			return vec
		}
		// The lists are built in arrays on the stack (a swizzle has at
		// most four components): the builder copies them.
		var buf [4]builder.ID
		parts := buf[:0]
		for range comps {
			parts = append(parts, vec)
		}
		return e.fb.CompositeConstruct(e.typeID(t), parts...)
	}
	if len(comps) == 1 {
		return e.fb.CompositeExtract(e.typeID(t), vec, uint32(comps[0]))
	}
	var buf [6]builder.Operand
	ops := append(buf[:0], builder.Ref(vec), builder.Ref(vec))
	for _, c := range comps {
		ops = append(ops, builder.Lit(uint32(c)))
	}
	return e.fb.Emit(spv.OpVectorShuffle, e.typeID(t), ops...)
}

// typeOf is the recorded type of an expression.
func (e *emitter) typeOf(x ast.Expr) *types.Type {
	t := e.info.TypeOfExpr(x)
	if t == nil || t.Kind() == types.Invalid {
		e.errorf(x.Pos(), "this expression is not supported yet by the SPIR-V backend (the checker gave it no type)")
	}
	return t
}

// rvalue emits x, loads it and applies its recorded implicit conversion.
func (e *emitter) rvalue(x ast.Expr) builder.ID {
	if c := e.info.ConversionOfExpr(x); c != nil {
		return e.rvalueAs(x, c.To)
	}
	t := e.typeOf(x)
	if k, ok := e.constant(x, concreteType(t)); ok {
		e.markRelaxed(k, t)
		return k
	}
	id := e.load(e.expr(x))
	e.markRelaxed(id, t)
	return id
}

// rvalueAs emits x converted to t (x's recorded conversion, if any, is
// subsumed: conversions compose).
func (e *emitter) rvalueAs(x ast.Expr, t *types.Type) builder.ID {
	id := e.rvalueAsUnmarked(x, t)
	e.markRelaxed(id, t)
	return id
}

func (e *emitter) rvalueAsUnmarked(x ast.Expr, t *types.Type) builder.ID {
	if isResource(t) {
		v, isHeap := e.heapIndex(x, t) // heap.go
		if !isHeap {
			v = e.expr(x)
		}
		return e.heldValue(v, t) // rescounters.go
	}
	if k, ok := e.constantAs(x, t); ok {
		return k
	}
	if lt, ok := e.literalCondType(x, t); ok {
		v := e.condTyped(unparen(x).(*ast.CondExpr), lt)
		if c := concreteType(t).Canonical(); c.Scalar().IsInteger() && lt.Canonical().Scalar().IsInteger() && sameShape(c, lt) {
			// an integer of the target's width: DXC bitcasts its
			// signedness, even when the types already agree (a float
			// result converts below)
			return e.fb.Emit(spv.OpBitcast, e.typeID(c), builder.Ref(v.id))
		}
		return e.convert(v.id, lt, t)
	}
	v := e.expr(x)
	if c := v.typ.Canonical(); c.IsObject() && c.Object().Class() == types.ClassCBuffer && c.Elem() != nil && types.Identical(c.Elem(), t) && v.ptr {
		// an element of an array of ConstantBuffer<T> read as a T: the
		// block, member by member
		p := e.addr(v)
		if _, bt, ok := e.b.Pointee(e.b.TypeOf(p)); ok {
			return e.relayoutCopy(e.fb.Load(bt, p), t, v.rule, layout.Void, false)
		}
	}
	id := e.load(v)
	if e.dbg.locs != nil {
		// an implicit conversion is where its operand is written
		defer func(loc diag.Pos, rng [2]diag.Pos) { e.dbg.loc, e.dbg.locRange = loc, rng }(e.dbg.loc, e.dbg.locRange)
		e.dbg.loc, e.dbg.locRange = x.Pos(), [2]diag.Pos{x.Pos(), e.lastTokenPos(x)}
	}
	return e.convert(id, v.typ, t)
}

// constantAs folds x converted to t. A truncation (float3(1, 2, 3) used as
// a float) is not folded: DXC folds the operand and extracts at run time.
func (e *emitter) constantAs(x ast.Expr, t *types.Type) (builder.ID, bool) {
	own := concreteType(e.typeOf(x))
	if numeric(own) && numeric(t) && flatCount(own) > flatCount(t) {
		k, ok := e.constant(x, own)
		if !ok {
			return 0, false
		}
		return e.convert(k, own, t), true
	}
	return e.constant(x, concreteType(t))
}

// discard emits x for its side effects.
func (e *emitter) discard(x ast.Expr) {
	if _, ok := e.foldable(x); ok {
		return
	}
	e.expr(x)
}

// expr emits an expression.
func (e *emitter) expr(x ast.Expr) value {
	// the parent's instructions after x keep the parent's position
	// (restored without a defer: expr runs for every expression, and an
	// error's bailout ends the whole module's generation)
	loc, rng := e.dbg.loc, e.dbg.locRange
	e.pos, e.dbg.loc = x.Pos(), x.Pos()
	if e.dbg.locs != nil {
		e.dbg.loc = e.operatorPos(x) // debug.go
		e.dbg.locRange = [2]diag.Pos{x.Pos(), e.lastTokenPos(x)}
	}
	v := e.expr1(x)
	if v.ptr {
		v.pos, v.end = x.Pos(), e.dbg.locRange[1]
	}
	e.dbg.loc, e.dbg.locRange = loc, rng
	return v
}

func (e *emitter) expr1(x ast.Expr) value {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return e.expr(x.X)
	case *ast.BasicLit:
		t := concreteType(e.typeOf(x))
		k, ok := e.constant(x, t)
		if !ok {
			e.unsupported(x, "this literal")
		}
		return rv(k, t)
	case *ast.NameExpr:
		return e.name(x)
	case *ast.ThisExpr:
		if e.walk.thisAgg != nil {
			return value{agg: e.walk.thisAgg, typ: e.walk.thisType}
		}
		if e.walk.thisPtr == 0 {
			e.errorf(x.Pos(), "'this' outside a method")
		}
		return value{id: e.walk.thisPtr, typ: e.walk.thisType, ptr: true, sc: spv.StorageClassFunction}
	case *ast.MemberExpr:
		return e.member(x)
	case *ast.IndexExpr:
		return e.index(x)
	case *ast.UnaryExpr:
		return e.unary(x)
	case *ast.BinaryExpr:
		return e.binary(x)
	case *ast.AssignExpr:
		return e.assign(x)
	case *ast.CondExpr:
		return e.cond(x)
	case *ast.CastExpr:
		return e.cast(x)
	case *ast.ConstructExpr:
		t := e.typeOf(x)
		if isBufferPointer(t) && len(x.Args) == 1 {
			return rv(e.bufferPointerConstruct(x, t, x.Args[0]), t)
		}
		if k, ok := e.constant(x, concreteType(t)); ok {
			return rv(k, t)
		}
		return rv(e.initList(t, x.Args), t)
	case *ast.InitList:
		t := e.typeOf(x)
		return rv(e.initList(t, x.Elems), t)
	case *ast.CallExpr:
		return e.call(x)
	case *ast.SizeofExpr:
		t := e.typeOf(x)
		if k, ok := e.constant(x, concreteType(t)); ok {
			return rv(k, t)
		}
		size, ok := e.sizeofValue(x)
		if !ok {
			e.unsupported(x, "sizeof of this type")
		}
		return rv(e.b.ConstUint32(size), types.ScalarType(types.Uint))
	}
	e.unsupported(x, "this expression")
	return value{}
}

// name emits a use of a named object.
func (e *emitter) name(x *ast.NameExpr) value {
	switch o := e.info.ObjectOf(x).(type) {
	case *sema.Var:
		return e.varValue(o)
	case *sema.EnumConst:
		t := numericOf(e.typeOf(x))
		k, ok := e.constant(x, t)
		if !ok {
			e.unsupported(x, "this enumerator")
		}
		return rv(k, t)
	}
	e.unsupported(x, "a use of '"+x.Name+"'")
	return value{}
}

// varValue is the lvalue of a variable.
func (e *emitter) varValue(o *sema.Var) value {
	if k, ok := e.constVar(o); ok {
		return rv(k, o.Type())
	}
	v, ok := e.vars[o]
	if ok && v.value != 0 {
		return rv(v.value, v.typ) // a specialization constant (globals.go)
	}
	if ok && v.agg != nil {
		return value{agg: v.agg, typ: v.typ}
	}
	if ok && e.legal.aliases[o] {
		return e.aliasValue(o, v) // aliases.go
	}
	if !ok {
		if o.Storage == sema.StorageField && e.walk.thisAgg != nil {
			return e.thisMember(o.Name()) // legalize.go
		}
		if o.Storage == sema.StorageField && e.walk.thisPtr != 0 {
			// an implicit this->field
			this := value{id: e.walk.thisPtr, typ: e.walk.thisType, ptr: true, sc: spv.StorageClassFunction}
			return e.field(this, o.Name(), o.Pos())
		}
		if o.Storage == sema.StorageStatic || o.Storage == sema.StorageStaticField {
			e.privateVar(o, o.Name())
			v = e.vars[o]
		} else if o.Storage == sema.StorageGlobals && isExtType(o.Type()) {
			e.extTypeGlobal(o) // exttype.go
			v = e.vars[o]
		} else {
			e.errorf(e.pos, "using '%s' here is not supported yet by the SPIR-V backend", o.Name())
		}
	}
	val := value{id: v.ptr, typ: v.typ, ptr: true, sc: v.sc, rule: v.rule}
	if len(v.idx) > 0 {
		// an element of the variable: a per-vertex parameter's array (pervertex.go)
		val.idx = append([]builder.ID(nil), v.idx...)
	}
	if val.rule == layout.Void && (v.sc == spv.StorageClassFunction || v.sc == spv.StorageClassPrivate) {
		val.rule = e.heldRule(v.typ) // a constant buffer held in memory (resvalues.go)
	}
	if v.member >= 0 {
		// DXC makes the member's access chain where the name is used
		val = e.fixAddr(val.at(e.b.ConstInt32(int32(v.member)), v.typ))
	}
	return val
}

// member emits s.f, a swizzle, or a static member access.
func (e *emitter) member(x *ast.MemberExpr) value {
	if sw := e.info.SwizzleOf(x); sw != nil {
		return e.swizzle(e.expr(x.X), sw)
	}
	if o, ok := e.info.ObjectOf(x).(*sema.Var); ok && (o.Storage == sema.StorageStaticField || o.Storage == sema.StorageStatic) {
		return e.varValue(o)
	}
	if x.Name == nil {
		e.unsupported(x, "this member access")
	}
	if bt := e.typeOf(x.X); bt.Canonical().IsStruct() {
		return e.chain(x)
	}
	base := e.expr(x.X)
	return e.field(base, x.Name.Name, x.Pos())
}

// field selects a struct member by name, looking through base classes
// (a base is member 0 of the derived struct, as in DXC).
func (e *emitter) field(base value, name string, pos any) value {
	base.typ = cbufferElem(base.typ) // cb[i].f on ConstantBuffer<T> (resources.go)
	st := base.typ.Canonical()
	for st != nil && st.Kind() == types.Struct {
		nd := st.Named()
		for i, f := range nd.Fields {
			if f.Name == name {
				// MemberIndex counts the base class (member 0) and
				// packed bitfields
				m := int(e.lowering.calc.MemberIndex(st, i))
				if e.perVertexField(st, i) {
					return e.perVertexMember(base, m, f.Type) // pervertex.go
				}
				v := e.select_(base, m, f.Type)
				if d := fieldDecl(st, i); d != nil && hasModifier(d.Mods, "precise") {
					v.precise = true
				}
				return e.bitfield(v, st, i, base.rule) // bitfield.go
			}
		}
		if nd.Base == nil {
			break
		}
		base = e.select_(base, 0, nd.Base)
		st = nd.Base.Canonical()
	}
	e.errorf(e.pos, "no member named '%s'", name)
	return value{}
}

// select_ picks member i of a struct value.
func (e *emitter) select_(base value, i int, t *types.Type) value {
	base = e.derefTexel(base)
	if base.ptr {
		return base.at(e.b.ConstInt32(int32(i)), t)
	}
	return rv(e.fb.CompositeExtract(e.typeID(t), base.id, uint32(i)), t)
}

// swizzle applies a vector or matrix component selection.
func (e *emitter) swizzle(base value, sw *types.Swizzle) value {
	if base.texel != nil && base.swz == nil && !hasDuplicates(sw.Indices) {
		// a texel of a writable image stays writable through a swizzle:
		// read, merge and write back (DXC's OpImageRead / OpImageWrite)
		bt := base.typ.Canonical()
		n := flatCount(bt)
		if n == 1 || isIdentity(sw.Indices, n) {
			base.typ = sw.Type
			return base
		}
		if bt.IsVector() {
			base.swz, base.vec, base.typ = sw.Indices, base.typ, sw.Type
			return base
		}
	}
	base = e.derefTexel(base)
	bt := base.typ.Canonical()
	if bt.IsMatrix() {
		return e.matrixSwizzle(base, sw)
	}
	n := bt.VecSize()
	if base.ptr && base.swz != nil && hasDuplicates(sw.Indices) {
		// v.gr.yxy: a selection repeating components reads its base
		// as a value (clang loads it), then shuffles again
		id := e.load(base)
		return rv(e.shuffle(id, base.typ, sw.Indices, sw.Type), sw.Type)
	}
	if base.ptr && base.swz != nil {
		// v.zyx.x: compose the selections
		comps := make([]int, len(sw.Indices))
		for i, c := range sw.Indices {
			comps[i] = base.swz[c]
		}
		if hasDuplicates(base.swz) {
			// v.xzyx.y: the repeating selection is not an lvalue; the
			// vector is read and the composed components selected
			vec := e.load(value{id: base.id, typ: base.vec, ptr: true, sc: base.sc, rule: base.rule, idx: base.idx})
			if isIdentity(comps, base.vec.VecSize()) {
				return rv(vec, sw.Type)
			}
			return rv(e.shuffle(vec, base.vec, comps, sw.Type), sw.Type)
		}
		base.swz, base.typ = comps, sw.Type
		if isIdentity(comps, base.vec.VecSize()) {
			base.swz, base.typ = nil, base.vec
			return base
		}
		if len(comps) == 1 && base.vec.VecSize() > 1 {
			v := value{id: base.id, typ: base.vec, ptr: true, sc: base.sc, rule: base.rule, idx: base.idx}
			return v.at(e.b.ConstInt32(int32(comps[0])), sw.Type)
		}
		return base
	}
	if base.ptr && n > 1 {
		if len(sw.Indices) == 1 {
			// DXC reaches the vector first, then its component with a
			// second access chain (one, of a per-vertex parameter's
			// provoking vertex: pervertex.go)
			if pv, ok := e.perVertexComponentBase(base); ok {
				base = pv
			} else {
				base = e.fixAddr(base)
			}
			return base.at(e.b.ConstInt32(int32(sw.Indices[0])), sw.Type)
		}
		if isIdentity(sw.Indices, n) {
			base.typ = sw.Type
			return base
		}
		base.swz, base.vec, base.typ = sw.Indices, base.typ, sw.Type
		return base
	}
	if base.ptr && (n <= 1) && len(sw.Indices) == 1 {
		base.typ = sw.Type
		return base // x.x of a scalar
	}
	id := e.load(base)
	if isIdentity(sw.Indices, n) && n > 1 {
		return rv(id, sw.Type)
	}
	return rv(e.shuffle(id, base.typ, sw.Indices, sw.Type), sw.Type)
}

func isIdentity(idx []int, n int) bool {
	if len(idx) != n {
		return false
	}
	for i, c := range idx {
		if c != i {
			return false
		}
	}
	return true
}

// matrixSwizzle is m._m01_m10: on an lvalue, a selection read and written
// element by element through access chains; on an rvalue, extracts.
func (e *emitter) matrixSwizzle(base value, sw *types.Swizzle) value {
	mt := base.typ.Canonical()
	cols := mt.Cols()
	if base.ptr && base.swz == nil && base.melem == nil {
		base = e.fixAddr(base)
		return value{id: base.id, typ: sw.Type, ptr: true, sc: base.sc, rule: base.rule, vec: base.typ, melem: sw.Indices}
	}
	m := e.load(base)
	parts := make([]builder.ID, len(sw.Indices))
	for i, k := range sw.Indices {
		parts[i] = e.matrixElem(m, mt, k/cols, k%cols)
	}
	if len(parts) == 1 {
		return rv(parts[0], sw.Type)
	}
	return rv(e.fb.CompositeConstruct(e.typeID(sw.Type), parts...), sw.Type)
}

// matrixElemAddr is the pointer to element k of the matrix v points to.
func (e *emitter) matrixElemAddr(v value, k int) builder.ID {
	mt := v.vec.Canonical()
	r, c := k/mt.Cols(), k%mt.Cols()
	var idx []builder.ID
	if mt.Rows() > 1 {
		idx = append(idx, e.b.ConstInt32(int32(r)))
	}
	if mt.Cols() > 1 {
		idx = append(idx, e.b.ConstInt32(int32(c)))
	}
	if len(idx) == 0 {
		return v.id
	}
	elem := types.ScalarType(mt.Scalar())
	return e.fb.AccessChain(e.b.TypePointer(v.sc, e.typeIn(elem, v.rule)), v.id, idx...)
}

func (e *emitter) loadMatrixElems(v value) builder.ID {
	mt := v.vec.Canonical()
	elem := types.ScalarType(mt.Scalar())
	parts := make([]builder.ID, len(v.melem))
	for i, k := range v.melem {
		id := e.fb.Load(e.typeIn(elem, v.rule), e.matrixElemAddr(v, k))
		if v.rule != layout.Void {
			id = e.relayout(id, elem, v.rule, layout.Void)
		}
		parts[i] = id
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return e.fb.CompositeConstruct(e.typeID(v.typ), parts...)
}

func (e *emitter) storeMatrixElems(v value, val builder.ID) {
	mt := v.vec.Canonical()
	elem := types.ScalarType(mt.Scalar())
	for i, k := range v.melem {
		x := val
		if len(v.melem) > 1 {
			x = e.fb.CompositeExtract(e.typeID(elem), val, uint32(i))
		}
		if v.rule != layout.Void {
			x = e.relayout(x, elem, layout.Void, v.rule)
		}
		e.fb.Store(e.matrixElemAddr(v, k), x)
	}
}

// matrixElemPtr is the lvalue of element (r, c) of a matrix lvalue, with
// the degenerate shapes (1xN, Nx1, 1x1) taken into account.
func (e *emitter) matrixElemPtr(base value, r, c int, elem *types.Type) value {
	mt := base.typ.Canonical()
	switch {
	case mt.Rows() == 1 && mt.Cols() == 1:
		base.typ = elem
		return base
	case mt.Rows() == 1:
		return base.at(e.b.ConstInt32(int32(c)), elem)
	case mt.Cols() == 1:
		return base.at(e.b.ConstInt32(int32(r)), elem)
	}
	return base.at(e.b.ConstInt32(int32(r)), elem).at(e.b.ConstInt32(int32(c)), elem)
}

// matrixElem extracts element (r, c) of a matrix rvalue.
func (e *emitter) matrixElem(m builder.ID, mt *types.Type, r, c int) builder.ID {
	st := e.typeID(types.ScalarType(mt.Scalar()))
	switch {
	case mt.Rows() == 1 && mt.Cols() == 1:
		return m
	case mt.Rows() == 1:
		return e.fb.CompositeExtract(st, m, uint32(c))
	case mt.Cols() == 1:
		return e.fb.CompositeExtract(st, m, uint32(r))
	}
	return e.fb.CompositeExtract(st, m, uint32(r), uint32(c))
}

// index emits a[i] on arrays, vectors and matrices.
func (e *emitter) index(x *ast.IndexExpr) value {
	if v, ok := e.mipsOrSample(x); ok { // resources.go
		return v
	}
	bt := e.typeOf(x.X)
	if isNodeObject(bt) {
		return e.nodeIndex(x) // node.go
	}
	if bt.Canonical().IsObject() {
		return e.resourceIndex(x)
	}
	if bt.Canonical().IsStruct() {
		if op := e.operatorMethod(bt, "[]", []ast.Expr{x.Index}); op != nil {
			return e.invoke(op, func() value { return e.expr(x.X) }, []ast.Expr{x.Index}, x)
		}
	}
	if bt.Canonical().IsArray() {
		return e.arraySubscript(x)
	}
	return e.chain(x)
}

// indexType is the type an index expression is used as: its own, or what
// sema converted it to.
func (e *emitter) indexType(x ast.Expr) *types.Type {
	if c := e.info.ConversionOfExpr(x); c != nil {
		return c.To
	}
	return e.typeOf(x)
}

// unary emits -x, +x, !x, ~x and the increments.
func (e *emitter) unary(x *ast.UnaryExpr) value {
	t := e.typeOf(x)
	switch x.Op {
	case ast.Plus:
		return rv(e.rvalue(x.X), t)
	case ast.Neg:
		if k, ok := e.constant(x, concreteType(t)); ok {
			return rv(k, t)
		}
		// -b of a bool is of the int b promotes to
		ct := concreteType(t)
		v := e.convert(e.rvalue(x.X), e.operandType(x.X), ct)
		if ct.Canonical().IsMatrix() {
			return rv(e.perRow(ct, func(rt *types.Type, rows ...builder.ID) builder.ID {
				return e.fb.Emit(negateOp(rt), e.typeID(rt), builder.Ref(rows[0]))
			}, v), t)
		}
		return rv(e.fb.Emit(negateOp(ct), e.typeID(ct), builder.Ref(v)), t)
	case ast.Not:
		v := e.rvalueAs(x.X, concreteType(e.typeOf(x.X)).WithScalar(types.Bool))
		return rv(e.fb.Emit(spv.OpLogicalNot, e.typeID(t), builder.Ref(v)), t)
	case ast.BitNot:
		if k, ok := e.constant(x, concreteType(t)); ok {
			return rv(k, t)
		}
		ct := concreteType(t)
		v := e.convert(e.rvalue(x.X), e.operandType(x.X), ct) // ~b of a bool: of its int
		return rv(e.fb.Emit(spv.OpNot, e.typeID(ct), builder.Ref(v)), t)
	case ast.PreInc, ast.PreDec, ast.PostInc, ast.PostDec:
		lv := e.fixAddr(e.expr(x.X))
		old := e.load(lv)
		lt := lv.typ
		one := e.splatConst(lt, 1)
		op := spv.OpIAdd
		fl := lt.Scalar().IsFloat()
		switch {
		case fl && (x.Op == ast.PreInc || x.Op == ast.PostInc):
			op = spv.OpFAdd
		case fl:
			op = spv.OpFSub
		case x.Op == ast.PreDec || x.Op == ast.PostDec:
			op = spv.OpISub
		}
		var nv builder.ID
		if lt.Canonical().IsMatrix() {
			nv = e.perRow(lt, func(rt *types.Type, rows ...builder.ID) builder.ID {
				return e.fb.Emit(op, e.typeID(rt), builder.Ref(rows[0]), builder.Ref(e.splatConst(rt, 1)))
			}, old)
		} else {
			nv = e.fb.Emit(op, e.typeID(lt), builder.Ref(old), builder.Ref(one))
		}
		e.store(e.writeBackTarget(x.X, lv), nv)
		if x.Op == ast.PreInc || x.Op == ast.PreDec {
			if lv.texel != nil {
				lv.loaded = nv // a texel's new value is the one written
			}
			return lv
		}
		return rv(old, lt)
	}
	e.unsupported(x, "this unary operator")
	return value{}
}

func negateOp(t *types.Type) spv.Op {
	if t.Scalar().IsFloat() {
		return spv.OpFNegate
	}
	return spv.OpSNegate
}

// perRow applies op to each row of matrix operands (SPIR-V has no
// component-wise matrix arithmetic) and rebuilds the matrix.
func (e *emitter) perRow(mt *types.Type, op func(rowType *types.Type, rows ...builder.ID) builder.ID, ms ...builder.ID) builder.ID {
	return e.perRowAs(mt, mt, op, ms...)
}

// perRowAs is perRow where op's rows make a matrix of type res (a
// conversion of the component type).
func (e *emitter) perRowAs(mt, res *types.Type, op func(rowType *types.Type, rows ...builder.ID) builder.ID, ms ...builder.ID) builder.ID {
	c := mt.Canonical()
	if c.Rows() == 1 || c.Cols() == 1 {
		n := c.Rows() * c.Cols()
		vt := types.Vec(c.Scalar(), n)
		if n == 1 {
			vt = types.ScalarType(c.Scalar())
		}
		return op(vt, ms...)
	}
	rt := types.Vec(c.Scalar(), c.Cols())
	rows := make([]builder.ID, c.Rows())
	for r := range rows {
		args := make([]builder.ID, len(ms))
		for i, m := range ms {
			args[i] = e.fb.CompositeExtract(e.typeID(rt), m, uint32(r))
		}
		rows[r] = op(rt, args...)
	}
	return e.fb.CompositeConstruct(e.typeID(res), rows...)
}

// splatConst is the constant v of t's shape and component type.
func (e *emitter) splatConst(t *types.Type, v float64) builder.ID {
	c := concreteType(t).Canonical()
	s := e.scalarConst(c.Scalar(), v)
	switch {
	case c.IsVector() && c.VecSize() > 1:
		parts := make([]builder.ID, c.VecSize())
		for i := range parts {
			parts[i] = s
		}
		return e.b.ConstComposite(e.typeID(c), parts...)
	case c.IsMatrix():
		rt := c.Cols()
		if c.Rows() == 1 || rt == 1 {
			return e.splatConst(types.Vec(c.Scalar(), c.Rows()*c.Cols()), v)
		}
		row := e.splatConst(types.Vec(c.Scalar(), rt), v)
		parts := make([]builder.ID, c.Rows())
		for i := range parts {
			parts[i] = row
		}
		return e.b.ConstComposite(e.typeID(c), parts...)
	}
	return s
}

func hasDuplicates(idx []int) bool {
	for i := range idx {
		for j := i + 1; j < len(idx); j++ {
			if idx[i] == idx[j] {
				return true
			}
		}
	}
	return false
}

// constVar is the constant a file-scope const scalar with a constant
// initializer stands for: DXC makes no variable for it.
func (e *emitter) constVar(o *sema.Var) (builder.ID, bool) {
	if !o.Const || o.Value == nil || len(o.Value.Elems) != 1 {
		return 0, false
	}
	switch o.Storage {
	case sema.StorageStatic, sema.StorageStaticField, sema.StorageStaticLocal:
	default:
		return 0, false
	}
	t := o.Type().Canonical()
	if t.Kind() == types.Enum {
		// enumerators are 32-bit ints (a template's enum parameter too)
		return e.valueConst(o.Value.Elems[0], types.Int), true
	}
	if t.Kind() != types.Basic || t.Scalar().IsLiteral() {
		return 0, false
	}
	return e.valueConst(o.Value.Elems[0], t.Scalar()), true
}
