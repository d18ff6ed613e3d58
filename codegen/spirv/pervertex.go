package spirv

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Per-vertex attributes (GetAttributeAtVertex; SPV_KHR_fragment_shader_
// barycentric). When a pixel shader calls GetAttributeAtVertex, every
// nointerpolation input becomes an array of the primitive's three vertex
// values decorated PerVertexKHR, as in DXC. The entry wrapper reads
// element 0, the provoking vertex, which is what a flat input gives;
// GetAttributeAtVertex(x, i) reads element i of the stage variable x comes
// from, x an entry parameter or a member of one. A nointerpolation
// parameter of another function takes the three values as an array, as
// DXC passes them (perVertexArray), which GetAttributeAtVertex indexes.
// So does a nointerpolation member of a struct: the struct type holds an
// array of three for it (perVertexField), the wrapper stores the stage
// variable's whole array there, and a use of the member reads element 0.

// inputKey names a stage input leaf: an entry parameter and the path of
// member indexes inside it.
type inputKey struct {
	p    *sema.Var
	path string
}

// inputSource is what an expression reads: a parameter, and the path of
// member indexes inside it.
type inputSource struct {
	p    *sema.Var
	path []uint32
}

// usesAttributeAtVertex reports whether the translation unit calls the
// intrinsic GetAttributeAtVertex.
func (e *emitter) usesAttributeAtVertex() bool {
	// sema's table of resolved calls holds every call it checked: reading
	// it costs far less than walking the syntax tree
	for m := range e.info.Calls() {
		if m.ID == intrinsics.GetAttributeAtVertex {
			return true
		}
	}
	return false
}

// recordInputs remembers the stage input leaves of entry parameter p.
func (e *emitter) recordInputs(p *sema.Var, leaves []ioLeaf) {
	for _, l := range leaves {
		if l.arrayN == 0 && l.clip == nil && !l.arrayOf {
			setKey(&e.io.stageInputs, inputKey{p, pathKey(l.path)}, l)
		}
	}
}

// inputOf traces x back to the stage input leaf it reads.
func (e *emitter) inputOf(x ast.Expr) (ioLeaf, bool) {
	src, ok := e.sourceOf(x)
	if !ok {
		return ioLeaf{}, false
	}
	l, ok := e.io.stageInputs[inputKey{src.p, pathKey(src.path)}]
	return l, ok
}

// attributeAtVertex emits GetAttributeAtVertex(x, vertex): element vertex
// of x's PerVertexKHR stage variable.
func (e *emitter) attributeAtVertex(x *ast.CallExpr, m *intrinsics.Match, t *types.Type) builder.ID {
	if e.stage() != stage.Pixel {
		e.errorf(x.Pos(), "GetAttributeAtVertex only allowed in pixel shader")
	}
	arr, sc, vt := builder.ID(0), spv.StorageClassInput, (*types.Type)(nil)
	if base, m, ok := e.perVertexMemberOf(x.Args[0]); ok && inMemory(base) {
		// a per-vertex member: its array, in the struct
		vt = e.typeOf(x.Args[0])
		arr, sc = e.fb.AccessChain(e.b.TypePointer(base.sc, e.perVertexArrayType(vt)), e.addr(base), e.b.ConstInt32(int32(m))), base.sc
	} else if src, ok := e.sourceOf(x.Args[0]); ok && len(src.path) == 0 && e.io.perVertexArrays[src.p] != 0 {
		arr, sc, vt = e.io.perVertexArrays[src.p], spv.StorageClassFunction, src.p.Type()
	} else if l, ok := e.inputOf(x.Args[0]); ok && l.perVertex {
		arr, vt = l.v, l.varType
	} else {
		e.errorf(x.Args[0].Pos(), "attribute evaluation can only be done on values taken directly from inputs.")
		return 0
	}
	// a constant vertex is a uint constant; another int is bitcast
	vertex, ok := e.constant(x.Args[1], types.ScalarType(types.Uint))
	if !ok {
		it := e.typeOf(x.Args[1])
		vertex = e.convert(e.rvalueAs(x.Args[1], it), it, types.ScalarType(types.Uint))
	}
	p := e.fb.AccessChain(e.b.TypePointer(sc, e.typeID(vt)), arr, vertex)
	return e.convert(e.fb.Load(e.typeID(vt), p), vt, concreteType(t))
}

func isNointerpolation(p *sema.Var) bool {
	pd, ok := p.Decl.(*ast.Param)
	return ok && hasModifier(pd.Mods, "nointerpolation")
}

// perVertexArray reports a parameter that takes the three vertex values
// of a per-vertex input as an array, as DXC passes them: a
// nointerpolation parameter of another type than a struct or an array,
// of a function other than the entry, while per-vertex inputs are in use.
// (One of struct or array type is an ordinary parameter, which
// GetAttributeAtVertex cannot read.)
// The function reads the provoking vertex's value from element 0, and
// GetAttributeAtVertex the element asked for. The entry function's
// parameters are such arrays where its wrapper passes them
// (entryPerVertexArray).
func (e *emitter) perVertexArray(f *sema.Func, p *sema.Var) bool {
	if e.io.entryFuncs[f] {
		return e.io.entryArrays[p]
	}
	if !e.io.perVertex || !isNointerpolation(p) {
		return false
	}
	c := p.Type().Canonical()
	return !c.IsStruct() && !c.IsArray()
}

// entryPerVertexArray passes the entry parameter p, whose stage inputs are
// ins, the three vertex values as an array when it is a nointerpolation
// input read whole from one per-vertex stage variable of its type: the
// wrapper copies the variable into param.var.<name>, as DXC does.
func (e *emitter) entryPerVertexArray(p *sema.Var, ins []ioLeaf) (builder.ID, bool) {
	if p.Mode != types.In || len(ins) != 1 || !ins[0].perVertex || len(ins[0].path) != 0 || !types.Identical(ins[0].varType, p.Type()) {
		return 0, false
	}
	at := e.perVertexArrayType(p.Type())
	tmp := e.fb.Variable(e.b.TypePointer(spv.StorageClassFunction, at), "param.var."+p.Name(), 0)
	e.fb.Store(tmp, e.fb.Load(at, ins[0].v))
	setKey(&e.io.entryArrays, p, true)
	return tmp, true
}

// perVertexComponentBase gives, for v a per-vertex parameter's copy of
// its provoking vertex, that vertex in the parameter's array, an access
// chain still pending to which DXC adds a component's index.
func (e *emitter) perVertexComponentBase(v value) (value, bool) {
	if !v.ptr || len(v.idx) != 0 || v.sc != spv.StorageClassFunction {
		return v, false
	}
	arr, ok := e.io.perVertexCopies[v.id]
	if !ok {
		return v, false
	}
	v.id, v.idx = arr, []builder.ID{e.b.ConstUint32(0)}
	return v, true
}

// perVertexArrayType is the type of such a parameter's array.
func (e *emitter) perVertexArrayType(t *types.Type) builder.ID {
	return e.b.TypeArrayN(e.typeID(t), 3, 0)
}

// perVertexParam binds the parameter p, whose SPIR-V parameter arr points
// to the three vertex values, as DXC does: the function begins by copying
// element 0, the provoking vertex's value, into <name>_perVertexParam0,
// which a use of p reads; a component of p is read in one access chain
// into the array (perVertexComponentBase), and GetAttributeAtVertex and a
// call passing p on read the array.
func (e *emitter) perVertexParam(p *sema.Var, arr builder.ID) {
	t := e.typeID(p.Type())
	ptr := e.b.TypePointer(spv.StorageClassFunction, t)
	cp := e.fb.Variable(ptr, p.Name()+"_perVertexParam0", 0)
	e.fb.Store(cp, e.fb.Load(t, e.fb.AccessChain(ptr, arr, e.b.ConstUint32(0))))
	e.vars[p] = &variable{ptr: cp, sc: spv.StorageClassFunction, typ: p.Type(), member: -1}
	setKey(&e.io.perVertexArrays, p, arr)
	setKey(&e.io.perVertexCopies, cp, arr)
	e.io.copiesToPlace = append(e.io.copiesToPlace, cp)
}

// placePerVertexCopies moves the function's <name>_perVertexParam0
// variables after its other variables, where DXC declares them.
func (e *emitter) placePerVertexCopies() {
	if len(e.io.copiesToPlace) == 0 {
		return
	}
	for _, cp := range e.io.copiesToPlace {
		e.moveAfterVariables(cp)
	}
	e.io.copiesToPlace = e.io.copiesToPlace[:0]
}

// moveAfterVariables moves the instruction defining id to the entry
// block, after the function's variables.
func (e *emitter) moveAfterVariables(id builder.ID) {
	for _, b := range e.fb.F.Blocks {
		at := slices.IndexFunc(b.Insts, func(in *builder.Inst) bool { return in.Result == id })
		if at < 0 {
			continue
		}
		in := b.Insts[at]
		b.Insts = slices.Delete(b.Insts, at, at+1)
		entry := e.fb.F.Blocks[0]
		end := 0
		for end < len(entry.Insts) && entry.Insts[end].Op == spv.OpVariable {
			end++
		}
		entry.Insts = slices.Insert(entry.Insts, end, in)
		in.Block = entry
		return
	}
}

// perVertexArg passes arg to the per-vertex array parameter p of f: the
// three values of the stage input it reads, or the array of the
// per-vertex parameter it names, copied into param.var.<name>.
func (e *emitter) perVertexArg(f *sema.Func, i int, p *sema.Var, arg ast.Expr) builder.ID {
	t := p.Type()
	at := e.perVertexArrayType(t)
	tmp := e.fb.Variable(e.b.TypePointer(spv.StorageClassFunction, at), "param.var."+p.Name(), 0)
	if e.perVertexMemberArg(arg, tmp, at, t) {
		return tmp
	}
	if src, ok := e.sourceOf(arg); ok && len(src.path) == 0 {
		if arr, ok := e.io.perVertexArrays[src.p]; ok {
			// as DXC writes it: the array, then the provoking vertex's
			// copy stored into element 0 again, through an access chain
			// that stands after the function's variables (the same
			// value; the passes drop the store)
			elem0 := e.fb.AccessChain(e.b.TypePointer(spv.StorageClassFunction, e.typeID(t)), tmp, e.b.ConstUint32(0))
			e.moveAfterVariables(elem0)
			e.fb.Store(tmp, e.fb.Load(at, arr))
			e.fb.Store(elem0, e.load(e.varValue(src.p)))
			return tmp
		}
	}
	l, ok := e.inputOf(arg)
	if !ok || !l.perVertex {
		e.errorf(arg.Pos(), "parameter %d of %s must have a 'nointerpolation' attribute", i, f.Name())
		return tmp
	}
	if types.Identical(l.varType, t) {
		e.fb.Store(tmp, e.fb.Load(at, l.v))
		return tmp
	}
	var vals []builder.ID
	for k := range 3 {
		ptr := e.fb.AccessChain(e.b.TypePointer(spv.StorageClassInput, e.typeID(l.varType)), l.v, e.b.ConstUint32(uint32(k)))
		vals = append(vals, e.convert(e.fb.Load(e.typeID(l.varType), ptr), l.varType, t))
	}
	e.fb.Store(tmp, e.fb.CompositeConstruct(at, vals...))
	return tmp
}

// sourceOf traces x back to what it reads: a parameter and member
// accesses on it.
func (e *emitter) sourceOf(x ast.Expr) (inputSource, bool) {
	var path []uint32
	for {
		switch n := unparen(x).(type) {
		case *ast.MemberExpr:
			st := e.typeOf(n.X)
			if st == nil || !st.Canonical().IsStruct() {
				return inputSource{}, false
			}
			i, _ := e.fieldIndex(st, n.Name.Name)
			path = append([]uint32{uint32(i)}, path...)
			x = n.X
			continue
		case *ast.NameExpr:
			v, ok := e.info.ObjectOf(n).(*sema.Var)
			if !ok {
				return inputSource{}, false
			}
			return inputSource{v, path}, true
		}
		return inputSource{}, false
	}
}

// markPerVertexStructs records the struct types of the entry's
// parameters that are nointerpolation as a whole, on the parameter or on
// an enclosing member: DXC gives each of their members the three vertex
// values.
func (e *emitter) markPerVertexStructs(entry *sema.Func) {
	var walk func(t *types.Type, nointerp bool)
	walk = func(t *types.Type, nointerp bool) {
		c := t.Canonical()
		for c.IsArray() {
			c = c.Elem().Canonical()
		}
		nd := c.Named()
		if !c.IsStruct() || nd == nil {
			return
		}
		if nointerp {
			if e.io.perVertexStructs[c] {
				return
			}
			if e.io.perVertexStructs == nil {
				e.io.perVertexStructs = map[*types.Type]bool{}
			}
			e.io.perVertexStructs[c] = true
		}
		for i, f := range nd.Fields {
			d := fieldDecl(c, i)
			walk(f.Type, nointerp || d != nil && hasModifier(d.Mods, "nointerpolation"))
		}
	}
	for _, p := range entry.Params {
		walk(p.Type(), isNointerpolation(p))
	}
}

// perVertexField reports whether field i of struct st holds the three
// vertex values of a per-vertex attribute, as DXC lays such a struct out
// when the pixel shader calls GetAttributeAtVertex: a nointerpolation
// member (or one of a struct markPerVertexStructs found) of a numeric
// type other than bool (a bool input is never per-vertex). Not in a
// library, whose entries of other stages share the struct types.
func (e *emitter) perVertexField(st *types.Type, i int) bool {
	if !e.io.perVertex || e.io.library {
		return false
	}
	c := st.Canonical()
	nd := c.Named()
	if nd == nil || i >= len(nd.Fields) {
		return false
	}
	switch ft := nd.Fields[i].Type.Canonical(); ft.Kind() {
	case types.Basic, types.Vector, types.Matrix, types.Enum:
		if ft.Scalar().IsBool() {
			return false
		}
	default:
		return false
	}
	if e.io.perVertexStructs[c] {
		return true
	}
	d := fieldDecl(c, i)
	return d != nil && hasModifier(d.Mods, "nointerpolation")
}

// leafInPerVertexField reports whether the stage leaf at path inside a
// value of type t is a per-vertex member of its struct.
func (e *emitter) leafInPerVertexField(t *types.Type, path []uint32) bool {
	if len(path) == 0 {
		return false
	}
	cur := t.Canonical()
	for _, i := range path[:len(path)-1] {
		if cur.IsStruct() {
			cur = e.structMembers(cur)[i].Canonical()
		} else {
			cur = cur.Elem().Canonical()
		}
	}
	return cur.IsStruct() && e.perVertexField(cur, fieldOf(cur, path[len(path)-1]))
}

// fieldOf is the field index of member m of struct st (a base class is
// member 0).
func fieldOf(st *types.Type, m uint32) int {
	if st.Canonical().Named().Base != nil {
		return int(m) - 1
	}
	return int(m)
}

// perVertexMember reads member m of type t of the struct base, a
// per-vertex member: element 0 of its array, the provoking vertex's
// value, in the same access chain as DXC writes it.
func (e *emitter) perVertexMember(base value, m int, t *types.Type) value {
	if base.ptr {
		return base.at(e.b.ConstInt32(int32(m)), t).at(e.b.ConstUint32(0), t)
	}
	return rv(e.fb.CompositeExtract(e.typeID(t), base.id, uint32(m), 0), t)
}

// perVertexMemberOf reports x, when it names a per-vertex member of a
// struct: the struct, read (a pointer when in memory), and the member's
// index in it.
func (e *emitter) perVertexMemberOf(x ast.Expr) (value, uint32, bool) {
	mx, ok := unparen(x).(*ast.MemberExpr)
	if !ok || mx.Name == nil {
		return value{}, 0, false
	}
	st := e.typeOf(mx.X)
	if st == nil || !st.Canonical().IsStruct() {
		return value{}, 0, false
	}
	for i, f := range st.Canonical().Named().Fields {
		if f.Name == mx.Name.Name && e.perVertexField(st, i) {
			return e.expr(mx.X), e.lowering.calc.MemberIndex(st, i), true
		}
	}
	return value{}, 0, false
}

// perVertexMemberArg passes arg, when it is a per-vertex member of a
// struct, through tmp: the member's array, then, as DXC writes it, the
// provoking vertex's value read through the member once more and stored
// into element 0 (the same value; the passes drop the store).
func (e *emitter) perVertexMemberArg(arg ast.Expr, tmp, at builder.ID, t *types.Type) bool {
	base, m, ok := e.perVertexMemberOf(arg)
	if !ok {
		return false
	}
	if !inMemory(base) {
		e.fb.Store(tmp, e.fb.CompositeExtract(at, e.load(base), m))
		return true
	}
	elem0 := e.fb.AccessChain(e.b.TypePointer(spv.StorageClassFunction, e.typeID(t)), tmp, e.b.ConstUint32(0))
	whole := e.fb.AccessChain(e.b.TypePointer(base.sc, at), e.addr(base), e.b.ConstInt32(int32(m)))
	e.fb.Store(tmp, e.fb.Load(at, whole))
	e.fb.Store(elem0, e.load(e.perVertexMember(base, int(m), t)))
	return true
}

// inMemory reports a value an access chain can index: a pointer, not a
// selection of components.
func inMemory(v value) bool {
	return v.ptr && v.swz == nil && v.melem == nil
}
