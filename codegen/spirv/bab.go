package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Byte-address buffers are runtime arrays of uint. Load<T> and Store<T>
// move a value of any type T through them the way DXC's raw buffer
// handler does, instruction for instruction: a position is a byte address
// and, once needed, its word index (address >> 2); a 32-bit scalar is one
// word and moves the position on by one word (index + 1, address + 4); a
// 16-bit scalar is shifted in or out of its word and moves the address on
// by 2; a 64-bit scalar is two words, low first. Vectors, arrays and
// matrices (column by column, unless -fspv-use-legacy-buffer-matrix-order)
// are their scalars one after another, without padding; each struct
// member starts at the struct's address plus its offset under the
// structured-buffer layout, and the struct then takes its aligned size.
// Load, Load2..4 and Store, Store2..4 without template arguments move
// whole words from one word index: index + k for word k.

// babAddress is a position in a byte-address buffer.
type babAddress struct {
	byteAddr builder.ID
	word     builder.ID // byteAddr >> 2, made on first use
}

func (e *emitter) babUint() builder.ID { return e.typeID(types.ScalarType(types.Uint)) }

// babWord is a's word index.
func (e *emitter) babWord(a *babAddress) builder.ID {
	if a.word == 0 {
		a.word = e.fb.Emit(spv.OpShiftRightLogical, e.babUint(), builder.Ref(a.byteAddr), builder.Ref(e.b.ConstUint32(2)))
	}
	return a.word
}

// babAddBytes moves a on by n bytes.
func (e *emitter) babAddBytes(a *babAddress, n uint32) {
	a.byteAddr = e.fb.Emit(spv.OpIAdd, e.babUint(), builder.Ref(a.byteAddr), builder.Ref(e.b.ConstUint32(n)))
	a.word = 0
}

// babNextWord moves a on by one word, keeping its word index.
func (e *emitter) babNextWord(a *babAddress) {
	old := e.babWord(a)
	e.babAddBytes(a, 4)
	a.word = e.fb.Emit(spv.OpIAdd, e.babUint(), builder.Ref(old), builder.Ref(e.b.ConstUint32(1)))
}

// babIndexPtr is the pointer to word idx of the buffer.
func (e *emitter) babIndexPtr(buf value, idx builder.ID) builder.ID {
	u32 := e.babUint()
	return e.fb.AccessChain(e.b.TypePointer(buf.sc, u32), e.addr(buf), e.b.ConstUint32(0), idx)
}

// babWordPtr is the pointer to the word holding byte address addr.
func (e *emitter) babWordPtr(buf value, addr builder.ID) builder.ID {
	return e.babIndexPtr(buf, e.babWord(&babAddress{byteAddr: addr}))
}

// babSerialOrder reports whether matrices move row by row
// (-fspv-use-legacy-buffer-matrix-order); DXC's default is column by column.
func (e *emitter) babRowOrder() bool { return e.opts.LegacyBufferMatrixOrder }

// babLoad reads a value of type t at a, moving a past it.
func (e *emitter) babLoad(buf value, a *babAddress, t *types.Type) builder.ID {
	c := concreteType(t).Canonical()
	switch {
	case c.Kind() == types.Enum:
		return e.babLoad(buf, a, types.ScalarType(types.Int))
	case c.IsScalar() || (c.IsVector() && c.VecSize() == 1) || (c.IsMatrix() && c.Rows()*c.Cols() == 1):
		return e.babLoadScalar(buf, a, types.ScalarType(c.Scalar()))
	case c.IsVector():
		el := types.ScalarType(c.Scalar())
		parts := make([]builder.ID, c.VecSize())
		for i := range parts {
			parts[i] = e.babLoadScalar(buf, a, el)
		}
		return e.fb.CompositeConstruct(e.typeID(c), parts...)
	case c.IsMatrix():
		el := types.ScalarType(c.Scalar())
		rows, cols := c.Rows(), c.Cols()
		loaded := make([]builder.ID, rows*cols)
		for i := range loaded {
			loaded[i] = e.babLoadScalar(buf, a, el)
		}
		elems := make([]builder.ID, rows*cols)
		for r := range rows {
			for col := range cols {
				k := col*rows + r
				if e.babRowOrder() {
					k = r*cols + col
				}
				elems[r*cols+col] = loaded[k]
			}
		}
		return e.construct(c, elems)
	case c.IsArray():
		parts := make([]builder.ID, c.Len())
		for i := range parts {
			parts[i] = e.babLoad(buf, a, c.Elem())
		}
		return e.fb.CompositeConstruct(e.typeID(c), parts...)
	case c.IsStruct():
		sl := e.lowering.calc.Struct(c, e.babRule())
		var parts []builder.ID
		for _, m := range e.spvMembers(c) { // bitfields: their container
			field := &babAddress{byteAddr: a.byteAddr}
			if off := e.babMemberOffset(c, sl, m); off != 0 {
				field.byteAddr = e.fb.Emit(spv.OpIAdd, e.babUint(), builder.Ref(a.byteAddr), builder.Ref(e.b.ConstUint32(off)))
			}
			parts = append(parts, e.babLoad(buf, field, m.typ))
		}
		e.babAddBytes(a, roundUp(sl.Size, sl.Align))
		return e.fb.CompositeConstruct(e.typeID(c), parts...)
	}
	e.unsupported(nil, "byte address buffer access of "+t.String())
	return 0
}

// babStore writes val, a value of type t, at a, moving a past it.
func (e *emitter) babStore(buf value, a *babAddress, val builder.ID, t *types.Type) {
	c := concreteType(t).Canonical()
	switch {
	case c.Kind() == types.Enum:
		e.babStore(buf, a, val, types.ScalarType(types.Int))
	case c.IsScalar() || (c.IsVector() && c.VecSize() == 1) || (c.IsMatrix() && c.Rows()*c.Cols() == 1):
		e.babStoreScalar(buf, a, val, types.ScalarType(c.Scalar()))
	case c.IsVector() || c.IsMatrix() || c.IsArray():
		// every element is taken apart first, then stored in turn
		vals, et := e.babSerialize([]builder.ID{val}, c)
		for _, v := range vals {
			e.babStore(buf, a, v, et)
		}
	case c.IsStruct():
		sl := e.lowering.calc.Struct(c, e.babRule())
		for k, m := range e.spvMembers(c) { // bitfields: their container
			field := &babAddress{byteAddr: a.byteAddr}
			if off := e.babMemberOffset(c, sl, m); off != 0 {
				field.byteAddr = e.fb.Emit(spv.OpIAdd, e.babUint(), builder.Ref(a.byteAddr), builder.Ref(e.b.ConstUint32(off)))
			}
			el := e.fb.CompositeExtract(e.typeID(m.typ), val, uint32(k))
			e.babStore(buf, field, el, m.typ)
		}
		e.babAddBytes(a, roundUp(sl.Size, sl.Align))
	default:
		e.unsupported(nil, "byte address buffer access of "+t.String())
	}
}

// babSerialize takes vectors, matrices and arrays (of type t) apart down
// to scalars or structs, in storage order; it returns them with their type.
func (e *emitter) babSerialize(vals []builder.ID, t *types.Type) ([]builder.ID, *types.Type) {
	c := t.Canonical()
	var out []builder.ID
	switch {
	case c.IsVector() && c.VecSize() > 1:
		el := types.ScalarType(c.Scalar())
		for _, v := range vals {
			for j := range c.VecSize() {
				out = append(out, e.fb.CompositeExtract(e.typeID(el), v, uint32(j)))
			}
		}
		return out, el
	case c.IsMatrix() && c.Rows()*c.Cols() > 1:
		el := types.ScalarType(c.Scalar())
		rows, cols := c.Rows(), c.Cols()
		extract := func(v builder.ID, r, col int) builder.ID {
			if rows == 1 || cols == 1 {
				// a 1xN or Nx1 matrix is a vector
				return e.fb.CompositeExtract(e.typeID(el), v, uint32(r+col))
			}
			return e.fb.CompositeExtract(e.typeID(el), v, uint32(r), uint32(col))
		}
		for _, v := range vals {
			if e.babRowOrder() {
				for r := range rows {
					for col := range cols {
						out = append(out, extract(v, r, col))
					}
				}
				continue
			}
			for col := range cols {
				for r := range rows {
					out = append(out, extract(v, r, col))
				}
			}
		}
		return out, el
	case c.IsArray():
		for _, v := range vals {
			for j := range c.Len() {
				out = append(out, e.fb.CompositeExtract(e.typeID(c.Elem()), v, uint32(j)))
			}
		}
		return e.babSerialize(out, c.Elem())
	}
	return vals, t
}

// babRule is the structured-buffer layout rule that places struct members.
func (e *emitter) babRule() layout.Rule { return layout.RulesFor(e.opts.Layout).SBuffer }

func roundUp(n, align uint32) uint32 {
	if align == 0 {
		return n
	}
	return (n + align - 1) / align * align
}

// babMemberOffset is the byte offset of SPIR-V member i of struct c (the
// base class, when there is one, is member 0 at offset 0).
func (e *emitter) babMemberOffset(c *types.Type, sl *layout.StructLayout, m spvMember) uint32 {
	if m.fields == nil {
		return 0 // the base class
	}
	if k := e.fieldLayoutIndex(c, m.fields[0]); k < len(sl.Members) {
		return sl.Members[k].Offset
	}
	return 0
}

// babShift is the bit position of the 16-bit half at byte address addr
// in its word.
func (e *emitter) babShift(addr builder.ID) builder.ID {
	u32 := e.babUint()
	b := e.fb.Emit(spv.OpUMod, u32, builder.Ref(addr), builder.Ref(e.b.ConstUint32(4)))
	return e.fb.Emit(spv.OpShiftLeftLogical, u32, builder.Ref(b), builder.Ref(e.b.ConstUint32(3)))
}

// babLoadScalar reads a scalar of type t at a and moves a past it.
func (e *emitter) babLoadScalar(buf value, a *babAddress, t *types.Type) builder.ID {
	s := t.Scalar()
	u32 := e.babUint()
	switch e.lowering.calc.ScalarSize(s) {
	case 2:
		u16 := types.ScalarType(types.Uint16)
		idx := e.babWord(a)
		shift := e.babShift(a.byteAddr)
		w := e.fb.Load(u32, e.babIndexPtr(buf, idx))
		v := e.fb.Emit(spv.OpShiftRightLogical, u32, builder.Ref(w), builder.Ref(shift))
		h := e.babFromBits(e.fb.Emit(spv.OpUConvert, e.typeID(u16), builder.Ref(v)), u16, t)
		e.babAddBytes(a, 2)
		return h
	case 8:
		lo := e.fb.Load(u32, e.babIndexPtr(buf, e.babWord(a)))
		e.babNextWord(a)
		hi := e.fb.Load(u32, e.babIndexPtr(buf, e.babWord(a)))
		e.babNextWord(a)
		pair := e.fb.CompositeConstruct(e.typeID(types.Vec(types.Uint, 2)), lo, hi)
		return e.fb.Emit(spv.OpBitcast, e.typeID(t), builder.Ref(pair))
	}
	w := e.fb.Load(u32, e.babIndexPtr(buf, e.babWord(a)))
	v := e.babFromBits(w, types.ScalarType(types.Uint), t)
	e.babNextWord(a)
	return v
}

// babFromBits reinterprets the unsigned bits v (of type from) as t: a
// bitcast, or a comparison with zero for bool.
func (e *emitter) babFromBits(v builder.ID, from, t *types.Type) builder.ID {
	switch {
	case t.Scalar().IsBool():
		// bools are 32-bit words
		return e.fb.Emit(spv.OpINotEqual, e.typeID(t), builder.Ref(v), builder.Ref(e.b.ConstUint32(0)))
	case e.typeID(t) != e.typeID(from):
		return e.fb.Emit(spv.OpBitcast, e.typeID(t), builder.Ref(v))
	}
	return v
}

// babToBits reinterprets v of type t as the unsigned type to: a bitcast,
// or 1/0 for bool.
func (e *emitter) babToBits(v builder.ID, t, to *types.Type) builder.ID {
	switch {
	case t.Scalar().IsBool():
		return e.fb.Emit(spv.OpSelect, e.typeID(to), builder.Ref(v), builder.Ref(e.b.ConstUint32(1)), builder.Ref(e.b.ConstUint32(0)))
	case e.typeID(t) != e.typeID(to):
		return e.fb.Emit(spv.OpBitcast, e.typeID(to), builder.Ref(v))
	}
	return v
}

// babStoreScalar writes val, a scalar of type t, at a and moves a past it.
func (e *emitter) babStoreScalar(buf value, a *babAddress, val builder.ID, t *types.Type) {
	s := t.Scalar()
	uintT := types.ScalarType(types.Uint)
	u32 := e.babUint()
	switch e.lowering.calc.ScalarSize(s) {
	case 2:
		idx := e.babWord(a)
		shift := e.babShift(a.byteAddr)
		p := e.babIndexPtr(buf, idx)
		h := e.babToBits(val, t, types.ScalarType(types.Uint16))
		wide := e.fb.Emit(spv.OpUConvert, u32, builder.Ref(h))
		moved := e.fb.Emit(spv.OpShiftLeftLogical, u32, builder.Ref(wide), builder.Ref(shift))
		// keep the other half: 0xffff shifted to where it is
		maskShift := e.fb.Emit(spv.OpISub, u32, builder.Ref(e.b.ConstUint32(16)), builder.Ref(shift))
		mask := e.fb.Emit(spv.OpShiftLeftLogical, u32, builder.Ref(e.b.ConstUint32(0xffff)), builder.Ref(maskShift))
		old := e.fb.Load(u32, p)
		kept := e.fb.Emit(spv.OpBitwiseAnd, u32, builder.Ref(old), builder.Ref(mask))
		e.fb.Store(p, e.fb.Emit(spv.OpBitwiseOr, u32, builder.Ref(kept), builder.Ref(moved)))
		e.babAddBytes(a, 2)
		return
	case 8:
		pair := e.fb.Emit(spv.OpBitcast, e.typeID(types.Vec(types.Uint, 2)), builder.Ref(val))
		lo := e.fb.CompositeExtract(u32, pair, 0)
		hi := e.fb.CompositeExtract(u32, pair, 1)
		e.fb.Store(e.babIndexPtr(buf, e.babWord(a)), lo)
		e.babNextWord(a)
		e.fb.Store(e.babIndexPtr(buf, e.babWord(a)), hi)
		e.babNextWord(a)
		return
	}
	p := e.babIndexPtr(buf, e.babWord(a))
	e.fb.Store(p, e.babToBits(val, t, uintT))
	e.babNextWord(a)
}

// babLoadWords is Load, Load2, Load3 or Load4: n words from the word
// index of addr.
func (e *emitter) babLoadWords(buf value, a *babAddress, n int) builder.ID {
	u32 := e.babUint()
	idx0 := e.babWord(a)
	words := make([]builder.ID, n)
	for k := range words {
		idx := idx0
		if k > 0 {
			idx = e.fb.Emit(spv.OpIAdd, u32, builder.Ref(idx0), builder.Ref(e.b.ConstUint32(uint32(k))))
		}
		words[k] = e.fb.Load(u32, e.babIndexPtr(buf, idx))
	}
	if n == 1 {
		return words[0]
	}
	return e.fb.CompositeConstruct(e.typeID(types.Vec(types.Uint, n)), words...)
}

// babStoreWords is Store, Store2, Store3 or Store4 of val (n words) at
// word index idx0.
func (e *emitter) babStoreWords(buf value, idx0, val builder.ID, n int) {
	u32 := e.babUint()
	for k := range n {
		w := val
		if n > 1 {
			w = e.fb.CompositeExtract(u32, val, uint32(k))
		}
		idx := idx0
		if k > 0 {
			idx = e.fb.Emit(spv.OpIAdd, u32, builder.Ref(idx0), builder.Ref(e.b.ConstUint32(uint32(k))))
		}
		e.fb.Store(e.babIndexPtr(buf, idx), w)
	}
}
