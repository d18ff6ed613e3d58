package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// numeric reports whether t is a scalar, vector or matrix (enums count as
// their integer).
func numeric(t *types.Type) bool {
	switch t.Canonical().Kind() {
	case types.Basic, types.Vector, types.Matrix, types.Enum:
		return true
	}
	return false
}

// flatCount is the number of components of a numeric type.
func flatCount(t *types.Type) int {
	c := t.Canonical()
	switch {
	case c.IsVector():
		return c.VecSize()
	case c.IsMatrix():
		return c.Rows() * c.Cols()
	}
	return 1
}

// numericOf is an enum's integer type, else t itself.
func numericOf(t *types.Type) *types.Type {
	c := t.Canonical()
	if c.Kind() == types.Enum {
		return types.ScalarType(types.Int)
	}
	return concreteType(t)
}

// convert converts the rvalue id of type from to type to, as an implicit
// conversion or a cast does: component type, then shape (or the other way
// round when the value shrinks).
func (e *emitter) convert(id builder.ID, from, to *types.Type) builder.ID {
	if from == nil || to == nil {
		return id
	}
	f, t := numericOf(from).Canonical(), numericOf(to).Canonical()
	if f == t {
		return id
	}
	if !numeric(f) || !numeric(t) {
		return e.convertAggregate(id, f, t)
	}
	if e.typeID(f) == e.typeID(t) {
		return id
	}
	fn, tn := flatCount(f), flatCount(t)
	if fn > tn || (fn == tn && !sameShape(f, t)) {
		// shrink (or reshape) first, then convert the components
		shaped := e.reshape(id, f, t.WithScalar(f.Scalar()))
		return e.convertComps(shaped, t.WithScalar(f.Scalar()), t.Scalar())
	}
	conv := e.convertComps(id, f, t.Scalar())
	return e.reshape(conv, f.WithScalar(t.Scalar()), t)
}

func sameShape(a, b *types.Type) bool {
	a, b = a.Canonical(), b.Canonical()
	if flatCount(a) == 1 && flatCount(b) == 1 {
		return true
	}
	return a.Kind() == b.Kind() && a.VecSize() == b.VecSize() && a.Rows() == b.Rows() && a.Cols() == b.Cols()
}

// convertExplicit is a cast: numeric conversions, and struct or array
// casts from scalars.
func (e *emitter) convertExplicit(id builder.ID, from, to *types.Type) builder.ID {
	return e.convert(id, from, to)
}

// reshape changes the shape of a value without changing its component
// type: splat, truncation, 1-component to scalar, vector <-> matrix.
func (e *emitter) reshape(id builder.ID, f, t *types.Type) builder.ID {
	f, t = f.Canonical(), t.Canonical()
	if e.typeID(f) == e.typeID(t) {
		return id
	}
	fn, tn := flatCount(f), flatCount(t)
	comp := types.ScalarType(f.Scalar())
	if fn == 1 {
		parts := make([]builder.ID, 0, 4)
		if t.IsMatrix() && t.Rows() > 1 && t.Cols() > 1 {
			rowT := types.Vec(t.Scalar(), t.Cols())
			row := e.reshape(id, comp, rowT)
			for range t.Rows() {
				parts = append(parts, row)
			}
			return e.fb.CompositeConstruct(e.typeID(t), parts...)
		}
		for range tn {
			parts = append(parts, id)
		}
		return e.fb.CompositeConstruct(e.typeID(t), parts...)
	}
	st := e.typeID(comp)
	fMat := f.IsMatrix() && f.Rows() > 1 && f.Cols() > 1
	tMat := t.IsMatrix() && t.Rows() > 1 && t.Cols() > 1
	if !fMat {
		// f is a SPIR-V vector: an HLSL vector, or a 1xN / Nx1 matrix
		switch {
		case tn == 1:
			return e.fb.CompositeExtract(st, id, 0)
		case tMat:
			// float4 -> float2x2: two shuffles
			rowT := types.Vec(f.Scalar(), t.Cols())
			rows := make([]builder.ID, t.Rows())
			for r := range rows {
				idx := make([]int, t.Cols())
				for c := range idx {
					idx[c] = r*t.Cols() + c
				}
				rows[r] = e.shuffle(id, f, idx, rowT)
			}
			return e.fb.CompositeConstruct(e.typeID(t), rows...)
		case fn == tn:
			return id
		case f.IsMatrix():
			// a matrix truncation of a one-row or one-column matrix
			idx := make([]int, tn)
			for i := range idx {
				idx[i] = i
			}
			return e.shuffle(id, f, idx, t)
		}
		// a vector truncation: element by element
		elems := make([]builder.ID, tn)
		for i := range elems {
			elems[i] = e.fb.CompositeExtract(st, id, uint32(i))
		}
		return e.fb.CompositeConstruct(e.typeID(t), elems...)
	}
	// f is an MxN matrix.
	if fn == tn && !tMat {
		// float2x2 -> float4: the rows, shuffled together
		rowT := types.Vec(f.Scalar(), f.Cols())
		r0 := e.fb.CompositeExtract(e.typeID(rowT), id, 0)
		r1 := e.fb.CompositeExtract(e.typeID(rowT), id, 1)
		ops := []builder.Operand{builder.Ref(r0), builder.Ref(r1)}
		for i := range tn {
			ops = append(ops, builder.Lit(uint32(i)))
		}
		return e.fb.Emit(spv.OpVectorShuffle, e.typeID(t), ops...)
	}
	// a matrix truncation keeps the top-left corner, row by row
	dr, dc := 1, tn
	if t.IsMatrix() {
		dr, dc = t.Rows(), t.Cols()
	}
	srcRow := e.typeID(types.Vec(f.Scalar(), f.Cols()))
	var rows []builder.ID
	for r := range dr {
		row := e.fb.CompositeExtract(srcRow, id, uint32(r))
		switch {
		case dc == 1:
			row = e.fb.CompositeExtract(st, row, 0)
		case dc < f.Cols():
			idx := make([]int, dc)
			for i := range idx {
				idx[i] = i
			}
			row = e.shuffle(row, types.Vec(f.Scalar(), f.Cols()), idx, types.Vec(f.Scalar(), dc))
		}
		rows = append(rows, row)
	}
	if len(rows) == 1 {
		return rows[0]
	}
	return e.fb.CompositeConstruct(e.typeID(t), rows...)
}

// components extracts the scalar components of a numeric value in
// row-major order.
func (e *emitter) components(id builder.ID, t *types.Type) []builder.ID {
	c := t.Canonical()
	n := flatCount(c)
	if n == 1 {
		return []builder.ID{id}
	}
	st := e.typeID(types.ScalarType(c.Scalar()))
	out := make([]builder.ID, 0, n)
	if c.IsMatrix() && c.Rows() > 1 && c.Cols() > 1 {
		for r := range c.Rows() {
			for col := range c.Cols() {
				out = append(out, e.fb.CompositeExtract(st, id, uint32(r), uint32(col)))
			}
		}
		return out
	}
	for i := range n {
		out = append(out, e.fb.CompositeExtract(st, id, uint32(i)))
	}
	return out
}

// construct builds a numeric value from its scalar components.
func (e *emitter) construct(t *types.Type, elems []builder.ID) builder.ID {
	c := t.Canonical()
	if len(elems) == 1 {
		return elems[0]
	}
	if c.IsMatrix() && c.Rows() > 1 && c.Cols() > 1 {
		rowT := types.Vec(c.Scalar(), c.Cols())
		rows := make([]builder.ID, c.Rows())
		for r := range rows {
			rows[r] = e.fb.CompositeConstruct(e.typeID(rowT), elems[r*c.Cols():(r+1)*c.Cols()]...)
		}
		return e.fb.CompositeConstruct(e.typeID(c), rows...)
	}
	return e.fb.CompositeConstruct(e.typeID(c), elems...)
}

// convertComps converts the components of a numeric value of type f to
// kind s, keeping the shape.
func (e *emitter) convertComps(id builder.ID, f *types.Type, s types.Scalar) builder.ID {
	f = f.Canonical()
	from := f.Scalar().Concrete()
	s = s.Concrete()
	t := f.WithScalar(s)
	tid := e.typeID(t)
	if e.typeID(f) == tid {
		return id
	}
	if f.IsMatrix() && f.Rows() > 1 && f.Cols() > 1 {
		return e.perRowAs(f, t, func(rt *types.Type, rows ...builder.ID) builder.ID {
			return e.convertComps(rows[0], rt, s)
		}, id)
	}
	fw, tw := e.scalarBits(from), e.scalarBits(s)
	switch {
	case s.IsBool():
		zero := e.splatConst(f, 0)
		op := spv.OpINotEqual
		if from.IsFloat() {
			op = spv.OpFOrdNotEqual
		}
		return e.fb.Emit(op, tid, builder.Ref(id), builder.Ref(zero))
	case from.IsBool():
		one, zero := e.splatConst(t, 1), e.splatConst(t, 0)
		return e.fb.Emit(spv.OpSelect, tid, builder.Ref(id), builder.Ref(one), builder.Ref(zero))
	case from.IsFloat() && s.IsFloat():
		return e.fb.Emit(spv.OpFConvert, tid, builder.Ref(id))
	case from.IsFloat():
		if s.IsUnsigned() {
			return e.fb.Emit(spv.OpConvertFToU, tid, builder.Ref(id))
		}
		return e.fb.Emit(spv.OpConvertFToS, tid, builder.Ref(id))
	case s.IsFloat():
		// DXC widens or narrows the integer first, keeping its signedness.
		id = e.convertWidth(id, f, from, tw)
		if from.IsUnsigned() {
			return e.fb.Emit(spv.OpConvertUToF, tid, builder.Ref(id))
		}
		return e.fb.Emit(spv.OpConvertSToF, tid, builder.Ref(id))
	}
	// integer to integer: the width first (keeping the signedness), then
	// a bitcast for the signedness
	if fw != tw {
		id = e.convertWidth(id, f, from, tw)
		if from.IsUnsigned() == s.IsUnsigned() {
			return id
		}
	}
	return e.fb.Emit(spv.OpBitcast, tid, builder.Ref(id))
}

// convertWidth changes the bit width of an integer value of type f (kind
// from) to bits, keeping its signedness.
func (e *emitter) convertWidth(id builder.ID, f *types.Type, from types.Scalar, bits int) builder.ID {
	if e.scalarBits(from) == bits {
		return id
	}
	to := intOfWidth(from.IsUnsigned(), bits)
	tid := e.typeID(f.WithScalar(to))
	if from.IsUnsigned() {
		return e.fb.Emit(spv.OpUConvert, tid, builder.Ref(id))
	}
	return e.fb.Emit(spv.OpSConvert, tid, builder.Ref(id))
}

// convertAggregate converts structs and arrays: to a base class, or
// between types of the same SPIR-V shape.
func (e *emitter) convertAggregate(id builder.ID, f, t *types.Type) builder.ID {
	if e.typeID(f) == e.typeID(t) {
		return id
	}
	// derived to base: the base is member 0
	for c := f; c.Kind() == types.Struct && c.Named() != nil && c.Named().Base != nil; {
		base := c.Named().Base
		id = e.fb.CompositeExtract(e.typeID(base), id, 0)
		if types.Identical(base, t) {
			return id
		}
		c = base.Canonical()
	}
	if numeric(f) && flatCount(f) == 1 && (t.IsArray() || t.IsStruct()) {
		// a cast of a scalar to an aggregate: every leaf gets it (a
		// vector or matrix is split into its components below)
		return e.splatAggregate(id, f, t)
	}
	// element-wise between same-shaped aggregates; a vector or matrix is
	// used whole where its type is the one being built, else split
	elems := []leaf{{id: id, typ: f}}
	if !numeric(f) {
		elems = e.flatten(id, f)
	}
	return e.rebuild(t, &elems)
}

// maxConstituents is the most constituents one OpCompositeConstruct can
// take: its word count is 16 bits, three words go to the opcode, result
// type and result id.
const maxConstituents = 0xffff - 3

// splatAggregate builds an aggregate whose every scalar leaf is v.
func (e *emitter) splatAggregate(v builder.ID, vt, t *types.Type) builder.ID {
	c := t.Canonical()
	switch {
	case c.IsArray():
		if c.Len() > maxConstituents {
			// refused before the slice of ids is made: a cast to
			// int[1000000000] took 2 GB and 16 s to reach the same error
			e.errorf(e.pos, "this is too large for SPIR-V: an array of %d elements cannot be built as one value (OpCompositeConstruct holds at most %d)", c.Len(), maxConstituents)
		}
		el := e.splatAggregate(v, vt, c.Elem())
		parts := make([]builder.ID, c.Len())
		for i := range parts {
			parts[i] = el
		}
		return e.fb.CompositeConstruct(e.typeID(c), parts...)
	case c.IsStruct():
		var parts []builder.ID
		for _, f := range e.structMembers(c) {
			parts = append(parts, e.splatAggregate(v, vt, f))
		}
		return e.packStruct(c, parts) // bitfield.go
	}
	return e.convert(v, vt, c)
}

// structMembers lists the HLSL members of a struct: the base class first,
// then the fields (spvMembers groups bitfields into their SPIR-V members).
func (e *emitter) structMembers(st *types.Type) []*types.Type {
	nd := st.Canonical().Named()
	var out []*types.Type
	if nd.Base != nil {
		out = append(out, nd.Base)
	}
	for _, f := range nd.Fields {
		out = append(out, f.Type)
	}
	return out
}

// leaf is one scalar (or whole sub-value) of a flattened initializer.
type leaf struct {
	id  builder.ID
	typ *types.Type
	val *constant.Value // the constant, for literals
}

// flatten splits a value one level: a numeric value into its scalar
// components, an array or struct into its elements (kept whole, split
// further only when the value being built needs it, as DXC's
// InitListHandler does).
func (e *emitter) flatten(id builder.ID, t *types.Type) []leaf {
	c := t.Canonical()
	switch {
	case numeric(c):
		comps := e.components(id, numericOf(c))
		out := make([]leaf, len(comps))
		for i, x := range comps {
			out[i] = leaf{id: x, typ: types.ScalarType(numericOf(c).Scalar())}
		}
		return out
	case c.IsArray():
		var out []leaf
		for i := range c.Len() {
			el := e.fb.CompositeExtract(e.typeID(c.Elem()), id, uint32(i))
			out = append(out, leaf{id: el, typ: c.Elem()})
		}
		return out
	case c.IsStruct():
		return e.fieldValues(c, id) // bitfield.go
	}
	return []leaf{{id: id, typ: t}}
}

// initList builds a value of type t from a brace list or constructor
// arguments, as DXC's InitListHandler does: an argument whose type is the
// type being built is used whole, anything else is split into scalars.
func (e *emitter) initList(t *types.Type, exprs []ast.Expr) builder.ID {
	var queue []leaf
	slots := e.scalarSlots(t, nil)
	pos := 0
	var add func(x ast.Expr)
	add = func(x ast.Expr) {
		if il, ok := x.(*ast.InitList); ok {
			for _, el := range il.Elems {
				add(el)
			}
			return
		}
		xt := e.typeOf(x)
		if v, ok := e.foldable(x); ok && len(v.Elems) == 1 && numeric(xt) && flatCount(xt) == 1 {
			val := v.Elems[0]
			queue = append(queue, leaf{typ: concreteType(xt), val: &val})
			pos++
			return
		}
		// clang converts a scalar element to the scalar it initializes
		// right away; vectors, matrices and aggregates are converted
		// when they are split.
		if xt.Canonical().Kind() == types.Basic && pos < len(slots) {
			st := slots[pos]
			pos++
			queue = append(queue, leaf{id: e.rvalueAs(x, st), typ: st})
			return
		}
		pos += leafCount(xt)
		if isResource(xt) {
			// a resource's value (resvalues.go)
			queue = append(queue, leaf{id: e.heldValue(e.expr(x), xt), typ: xt})
			return
		}
		queue = append(queue, leaf{id: e.load(e.expr(x)), typ: xt})
	}

	// T(x) with x of T's shape is a conversion, not a split into scalars.
	if len(exprs) == 1 && numeric(t) {
		if _, isList := exprs[0].(*ast.InitList); !isList {
			xt := e.typeOf(exprs[0])
			if numeric(xt) && sameShape(xt, t) {
				if _, ok := e.foldable(exprs[0]); ok && flatCount(xt) == 1 {
					return e.rvalueAs(exprs[0], t)
				}
				v := e.expr(exprs[0])
				return e.convert(e.load(v), v.typ, t)
			}
		}
	}
	for _, x := range exprs {
		add(x)
	}
	if k, ok := e.constLeaves(t, queue); ok {
		return k
	}
	id := e.rebuild(t, &queue)
	return id
}

// scalarSlots lists the scalar types of t's components in initializer
// order.
func (e *emitter) scalarSlots(t *types.Type, out []*types.Type) []*types.Type {
	c := t.Canonical()
	switch {
	case numeric(c):
		st := types.ScalarType(numericOf(c).Scalar())
		for range flatCount(c) {
			out = append(out, st)
		}
	case c.IsArray():
		for range c.Len() {
			out = e.scalarSlots(c.Elem(), out)
		}
	case c.IsStruct():
		for _, mt := range e.structMembers(c) {
			out = e.scalarSlots(mt, out)
		}
	}
	return out
}

// leafCount is the number of scalars in a value of type t.
func leafCount(t *types.Type) int {
	c := t.Canonical()
	switch {
	case numeric(c):
		return flatCount(c)
	case c.IsArray():
		return int(c.Len()) * leafCount(c.Elem())
	case c.IsStruct():
		n := 0
		nd := c.Named()
		if nd.Base != nil {
			n += leafCount(nd.Base)
		}
		for _, f := range nd.Fields {
			n += leafCount(f.Type)
		}
		return n
	}
	return 1
}

// constLeaves folds a numeric initializer whose every leaf is a constant
// scalar into one constant, as DXC evaluates constant initializer lists.
func (e *emitter) constLeaves(t *types.Type, q []leaf) (builder.ID, bool) {
	c := concreteType(t).Canonical()
	if !numeric(c) || c.IsMatrix() || c.Kind() == types.Enum || len(q) != flatCount(c) {
		return 0, false
	}
	cv := constant.Composite{Type: c, Elems: make([]constant.Value, len(q))}
	for i, l := range q {
		if l.val == nil {
			return 0, false
		}
		cv.Elems[i] = l.val.Convert(c.Scalar().Concrete())
	}
	return e.compositeConst(cv, c), true
}

// rebuild consumes leaves to build a value of type t.
func (e *emitter) rebuild(t *types.Type, q *[]leaf) builder.ID {
	c := t.Canonical()
	if c.IsStruct() && len(e.scalarSlots(c, nil)) == 0 {
		// an empty struct takes no elements
		return e.packStruct(c, e.emptyMembers(c, q))
	}
	if len(*q) == 0 {
		e.errorf(e.pos, "too few elements in initializer of type %s", t)
	}
	front := (*q)[0]
	if front.val == nil && types.Identical(front.typ, c) {
		*q = (*q)[1:]
		return front.id
	}
	if isResource(c) && !c.IsArray() {
		// a resource, or one out of a struct or array of them
		if fc := front.typ.Canonical(); !isResource(fc) || fc.IsArray() {
			e.split(q)
			return e.rebuild(t, q)
		}
		*q = (*q)[1:]
		return front.id
	}
	if fc := front.typ.Canonical(); numeric(c) && (fc.IsStruct() || fc.IsArray()) {
		// a numeric value out of an aggregate: open the aggregate
		e.split(q)
		return e.rebuild(t, q)
	}
	switch {
	case numeric(c) && flatCount(c) == 1:
		if front.val != nil {
			*q = (*q)[1:]
			return e.valueConst(*front.val, numericOf(c).Scalar().Concrete())
		}
		if !numeric(front.typ) || flatCount(front.typ) > 1 || front.typ.Canonical().IsArray() {
			e.split(q)
			return e.rebuild(t, q)
		}
		*q = (*q)[1:]
		return e.convert(front.id, front.typ, c)
	case c.IsVector():
		// a vector of the same size is converted whole
		if fc := front.typ.Canonical(); front.val == nil && spirvVector(fc) && flatCount(fc) == c.VecSize() {
			*q = (*q)[1:]
			return e.convert(front.id, front.typ, c)
		}
		var parts []builder.ID
		need := c.VecSize()
		for got := 0; got < need; {
			if len(*q) == 0 {
				e.errorf(e.pos, "too few elements in initializer of type %s", t)
			}
			parts = append(parts, e.rebuild(types.ScalarType(c.Scalar()), q))
			got++
		}
		return e.fb.CompositeConstruct(e.typeID(c), parts...)
	case c.IsMatrix():
		if c.Rows() == 1 || c.Cols() == 1 {
			return e.rebuild(types.Vec(c.Scalar(), c.Rows()*c.Cols()), q)
		}
		rows := make([]builder.ID, c.Rows())
		for r := range rows {
			rows[r] = e.rebuild(types.Vec(c.Scalar(), c.Cols()), q)
		}
		return e.fb.CompositeConstruct(e.typeID(c), rows...)
	case c.IsArray():
		parts := make([]builder.ID, c.Len())
		for i := range parts {
			parts[i] = e.rebuild(c.Elem(), q)
		}
		return e.fb.CompositeConstruct(e.typeID(c), parts...)
	case c.IsStruct():
		var parts []builder.ID
		for _, mt := range e.structMembers(c) {
			parts = append(parts, e.rebuild(mt, q))
		}
		return e.packStruct(c, parts) // bitfield.go
	}
	e.unsupported(nil, "initializing a value of type "+t.String())
	return 0
}

// emptyMembers builds the (themselves empty) members of an empty struct.
func (e *emitter) emptyMembers(c *types.Type, q *[]leaf) []builder.ID {
	var parts []builder.ID
	for _, mt := range e.structMembers(c) {
		parts = append(parts, e.rebuild(mt, q))
	}
	return parts
}

// split replaces the front leaf by its components.
func (e *emitter) split(q *[]leaf) {
	fr := (*q)[0]
	parts := e.flatten(fr.id, fr.typ)
	if len(parts) == 1 && parts[0].typ == fr.typ {
		// not splittable (an object): it cannot initialize a scalar
		e.errorf(e.pos, "cannot initialize a value from an object of type %s", fr.typ)
	}
	*q = append(parts, (*q)[1:]...)
}

// relayout converts a value between the SPIR-V types of one HLSL type under
// two layout rules (a struct in a buffer and the same struct in a local):
// bools are uints in buffers, structs and arrays are distinct types.
func (e *emitter) relayout(id builder.ID, t *types.Type, from, to layout.Rule) builder.ID {
	return e.relayoutCopy(id, t, from, to, true)
}

// relayoutCopy is relayout; copyLogical false keeps the outermost level
// member by member (a whole ConstantBuffer<T> element, whose type is its
// Block: lavapipe in Mesa 22.3 fails to create a pipeline with
// OpCopyLogical from a Block struct, though it runs the same copy of a
// struct nested in a block).
func (e *emitter) relayoutCopy(id builder.ID, t *types.Type, from, to layout.Rule, copyLogical bool) builder.ID {
	ft, tt := e.typeIn(t, from), e.typeIn(t, to)
	if ft == tt {
		return id
	}
	c := t.Canonical()
	if copyLogical && (c.IsArray() || c.IsStruct()) && e.opts.Version >= spv.Version1_4 && !e.containsBool(c) {
		// SPIR-V 1.4's OpCopyLogical copies between the two types at once,
		// as DXC does (canUseOpCopyLogical); a bool is a uint in one of
		// them, which it cannot convert
		return e.fb.Emit(spv.OpCopyLogical, tt, builder.Ref(id))
	}
	switch {
	case numeric(c):
		if c.Scalar().IsBool() && realMatrix(c) {
			// a bool matrix is an array of vectors: row by row
			rowT := types.Vec(types.Bool, c.Cols())
			rows := make([]builder.ID, c.Rows())
			for i := range rows {
				r := e.fb.CompositeExtract(e.typeIn(rowT, from), id, uint32(i))
				rows[i] = e.relayout(r, rowT, from, to)
			}
			return e.fb.CompositeConstruct(tt, rows...)
		}
		if c.Scalar().IsBool() {
			if to == layout.Void {
				zero := e.splatConst(c.WithScalar(types.Uint), 0)
				return e.fb.Emit(spv.OpINotEqual, tt, builder.Ref(id), builder.Ref(zero))
			}
			one, zero := e.splatConst(c.WithScalar(types.Uint), 1), e.splatConst(c.WithScalar(types.Uint), 0)
			return e.fb.Emit(spv.OpSelect, tt, builder.Ref(id), builder.Ref(one), builder.Ref(zero))
		}
		// A matrix stored as an array (fxc's float1xN: N one-float
		// registers; non-float matrices: arrays of rows): move the
		// components across one by one.
		comps := e.spvComponents(id, ft)
		if to == layout.Void {
			return e.construct(c, comps)
		}
		return e.spvConstruct(tt, comps)
	case c.IsArray():
		parts := make([]builder.ID, c.Len())
		for i := range parts {
			el := e.fb.CompositeExtract(e.typeIn(c.Elem(), from), id, uint32(i))
			parts[i] = e.relayout(el, c.Elem(), from, to)
		}
		return e.fb.CompositeConstruct(tt, parts...)
	case c.IsStruct():
		var parts []builder.ID
		for i, mt := range e.spvMemberTypes(c) { // bitfields share members
			el := e.fb.CompositeExtract(e.typeIn(mt, from), id, uint32(i))
			parts = append(parts, e.relayout(el, mt, from, to))
		}
		return e.fb.CompositeConstruct(tt, parts...)
	}
	return id
}

// containsBool reports a bool anywhere in a value of type t.
func (e *emitter) containsBool(t *types.Type) bool {
	c := t.Canonical()
	switch {
	case c.IsArray():
		return e.containsBool(c.Elem())
	case c.IsStruct():
		for _, mt := range e.spvMemberTypes(c) {
			if e.containsBool(mt) {
				return true
			}
		}
		return false
	case numeric(c):
		return c.Scalar().IsBool()
	}
	return false
}

// scalarBits is the SPIR-V width of a component kind (32 for bool).
func (e *emitter) scalarBits(s types.Scalar) int {
	s = s.Concrete()
	if s.IsBool() {
		return 32
	}
	return int(e.b.ScalarWidth(e.typeID(types.ScalarType(s))))
}

// intOfWidth is the integer kind of a signedness and width.
func intOfWidth(unsigned bool, bits int) types.Scalar {
	switch {
	case bits == 16 && unsigned:
		return types.Uint16
	case bits == 16:
		return types.Int16
	case bits == 64 && unsigned:
		return types.Uint64
	case bits == 64:
		return types.Int64
	case unsigned:
		return types.Uint
	}
	return types.Int
}

// spirvVector reports whether t is a vector in SPIR-V: a vector of two or
// more, or a matrix with one row or one column.
func spirvVector(t *types.Type) bool {
	c := t.Canonical()
	switch {
	case c.IsVector():
		return c.VecSize() > 1
	case c.IsMatrix():
		return (c.Rows() == 1 || c.Cols() == 1) && flatCount(c) > 1
	}
	return false
}

// spvComponents lists the scalar components of a value of SPIR-V type typ
// (a scalar, vector, matrix, or array of those), in order.
func (e *emitter) spvComponents(id, typ builder.ID) []builder.ID {
	switch e.b.TypeOp(typ) {
	case spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeArray:
		el := e.b.ElementType(typ)
		n := e.arrayOrVectorLen(typ)
		var out []builder.ID
		for i := range n {
			out = append(out, e.spvComponents(e.fb.CompositeExtract(el, id, i), el)...)
		}
		return out
	}
	return []builder.ID{id}
}

// spvConstruct builds a value of SPIR-V type typ from scalar components.
func (e *emitter) spvConstruct(typ builder.ID, comps []builder.ID) builder.ID {
	switch e.b.TypeOp(typ) {
	case spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeArray:
		el := e.b.ElementType(typ)
		n := e.arrayOrVectorLen(typ)
		per := len(comps) / int(n)
		parts := make([]builder.ID, n)
		for i := range parts {
			parts[i] = e.spvConstruct(el, comps[i*per:(i+1)*per])
		}
		return e.fb.CompositeConstruct(typ, parts...)
	}
	return comps[0]
}

// arrayOrVectorLen is the element count of a vector, matrix or array type.
func (e *emitter) arrayOrVectorLen(typ builder.ID) uint32 {
	if e.b.TypeOp(typ) == spv.OpTypeArray {
		def := e.b.Def(typ)
		if n, ok := e.b.ConstantValue(def.Operands[1].ID()); ok {
			return uint32(n)
		}
	}
	return e.b.ComponentCount(typ)
}
