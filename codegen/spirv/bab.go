package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Byte-address buffers are runtime arrays of uint. Load<T> and Store<T>
// move a value of any type T through them the way DXC does: each scalar
// at its byte address, 32-bit words as they are, 16-bit halves shifted in
// and out of their word, 64-bit values as two words (low first);
// vectors, arrays and struct members at consecutive byte offsets (the
// structured-buffer packing of fxc: every member aligned to its component
// size); matrices column by column unless row_major.

// babLayout is the rule for member offsets inside a byte-address buffer.
const babLayout = layout.DXSBuffer

// babLoad reads a value of type t at byte address addr (a uint) of the
// buffer behind buf.
func (e *emitter) babLoad(buf value, addr builder.ID, t *types.Type) builder.ID {
	c := concreteType(t).Canonical()
	switch {
	case c.Kind() == types.Enum:
		return e.babLoad(buf, addr, types.ScalarType(types.Int))
	case c.IsScalar() || (c.IsVector() && c.VecSize() == 1) || (c.IsMatrix() && c.Rows()*c.Cols() == 1):
		return e.babLoadScalar(buf, addr, types.ScalarType(c.Scalar()))
	case c.IsVector():
		el := types.ScalarType(c.Scalar())
		size := e.calc.ScalarSize(c.Scalar())
		parts := make([]builder.ID, c.VecSize())
		switch size {
		case 4:
			// one word index, then index+k, as DXC counts them
			u32 := e.typeID(types.ScalarType(types.Uint))
			idx0 := e.fb.Emit(spv.OpShiftRightLogical, u32, builder.Ref(addr), builder.Ref(e.b.ConstUint32(2)))
			for i := range parts {
				idx := idx0
				if i > 0 {
					idx = e.fb.Emit(spv.OpIAdd, u32, builder.Ref(idx0), builder.Ref(e.b.ConstUint32(uint32(i))))
				}
				parts[i] = e.babWordToScalar(e.fb.Load(u32, e.babIndexPtr(buf, idx)), el)
			}
		case 2:
			// byte addresses two apart, each from the one before
			a := addr
			for i := range parts {
				if i > 0 {
					a = e.babOffset(a, 2)
				}
				parts[i] = e.babLoadScalar(buf, a, el)
			}
		default:
			for i := range parts {
				parts[i] = e.babLoadScalar(buf, e.babOffset(addr, uint32(i)*size), el)
			}
		}
		return e.fb.CompositeConstruct(e.typeID(c), parts...)
	case c.IsMatrix():
		el := types.ScalarType(c.Scalar())
		size := e.calc.ScalarSize(c.Scalar())
		rows, cols := c.Rows(), c.Cols()
		elems := make([]builder.ID, rows*cols)
		for r := range rows {
			for col := range cols {
				off := uint32(col*rows+r) * size
				if e.babRowMajor(t) {
					off = uint32(r*cols+col) * size
				}
				elems[r*cols+col] = e.babLoadScalar(buf, e.babOffset(addr, off), el)
			}
		}
		return e.construct(c, elems)
	case c.IsArray():
		stride := e.calc.ArrayStride(c.Elem(), babLayout)
		parts := make([]builder.ID, c.Len())
		for i := range parts {
			parts[i] = e.babLoad(buf, e.babOffset(addr, uint32(i)*stride), c.Elem())
		}
		return e.fb.CompositeConstruct(e.typeID(c), parts...)
	case c.IsStruct():
		sl := e.calc.Struct(c, babLayout)
		var parts []builder.ID
		mts := e.structMembers(c)
		for i, mt := range mts {
			parts = append(parts, e.babLoad(buf, e.babOffset(addr, e.babMemberOffset(c, sl, i)), mt))
		}
		return e.fb.CompositeConstruct(e.typeID(c), parts...)
	}
	e.unsupported(nil, "byte address buffer access of "+t.String())
	return 0
}

// babStore writes val, a value of type t, at byte address addr.
func (e *emitter) babStore(buf value, addr builder.ID, val builder.ID, t *types.Type) {
	c := concreteType(t).Canonical()
	switch {
	case c.Kind() == types.Enum:
		e.babStore(buf, addr, val, types.ScalarType(types.Int))
	case c.IsScalar() || (c.IsVector() && c.VecSize() == 1) || (c.IsMatrix() && c.Rows()*c.Cols() == 1):
		e.babStoreScalar(buf, addr, val, types.ScalarType(c.Scalar()))
	case c.IsVector():
		el := types.ScalarType(c.Scalar())
		size := e.calc.ScalarSize(c.Scalar())
		for i := range c.VecSize() {
			comp := e.fb.CompositeExtract(e.typeID(el), val, uint32(i))
			e.babStoreScalar(buf, e.babOffset(addr, uint32(i)*size), comp, el)
		}
	case c.IsMatrix():
		el := types.ScalarType(c.Scalar())
		size := e.calc.ScalarSize(c.Scalar())
		rows, cols := c.Rows(), c.Cols()
		elems := e.components(val, c)
		for r := range rows {
			for col := range cols {
				off := uint32(col*rows+r) * size
				if e.babRowMajor(t) {
					off = uint32(r*cols+col) * size
				}
				e.babStoreScalar(buf, e.babOffset(addr, off), elems[r*cols+col], el)
			}
		}
	case c.IsArray():
		stride := e.calc.ArrayStride(c.Elem(), babLayout)
		for i := range c.Len() {
			el := e.fb.CompositeExtract(e.typeID(c.Elem()), val, uint32(i))
			e.babStore(buf, e.babOffset(addr, uint32(i)*stride), el, c.Elem())
		}
	case c.IsStruct():
		sl := e.calc.Struct(c, babLayout)
		for i, mt := range e.structMembers(c) {
			el := e.fb.CompositeExtract(e.typeID(mt), val, uint32(i))
			e.babStore(buf, e.babOffset(addr, e.babMemberOffset(c, sl, i)), el, mt)
		}
	default:
		e.unsupported(nil, "byte address buffer access of "+t.String())
	}
}

// babMemberOffset is the byte offset of SPIR-V member i of struct c (the
// base class, when there is one, is member 0 at offset 0).
func (e *emitter) babMemberOffset(c *types.Type, sl *layout.StructLayout, i int) uint32 {
	nd := c.Named()
	if nd.Base != nil {
		if i == 0 {
			return 0
		}
		i--
	}
	if i < len(sl.Members) {
		return sl.Members[i].Offset
	}
	return 0
}

// babRowMajor reports a matrix stored row by row.
func (e *emitter) babRowMajor(t *types.Type) bool {
	switch t.Major() {
	case types.RowMajor:
		return true
	case types.ColumnMajor:
		return false
	}
	return e.opts.RowMajor
}

// babOffset is addr + off.
func (e *emitter) babOffset(addr builder.ID, off uint32) builder.ID {
	if off == 0 {
		return addr
	}
	return e.fb.Emit(spv.OpIAdd, e.typeID(types.ScalarType(types.Uint)), builder.Ref(addr), builder.Ref(e.b.ConstUint32(off)))
}

// babWordPtr is the pointer to the word holding byte address addr (plus
// k words).
func (e *emitter) babWordPtr(buf value, addr builder.ID, k uint32) builder.ID {
	u32 := e.typeID(types.ScalarType(types.Uint))
	idx := e.fb.Emit(spv.OpShiftRightLogical, u32, builder.Ref(addr), builder.Ref(e.b.ConstUint32(2)))
	if k > 0 {
		idx = e.fb.Emit(spv.OpIAdd, u32, builder.Ref(idx), builder.Ref(e.b.ConstUint32(k)))
	}
	return e.fb.AccessChain(e.b.TypePointer(buf.sc, u32), e.addr(buf), e.b.ConstUint32(0), idx)
}

// babShift is the bit position of the 16-bit half at addr in its word.
func (e *emitter) babShift(addr builder.ID) builder.ID {
	u32 := e.typeID(types.ScalarType(types.Uint))
	b := e.fb.Emit(spv.OpUMod, u32, builder.Ref(addr), builder.Ref(e.b.ConstUint32(4)))
	return e.fb.Emit(spv.OpShiftLeftLogical, u32, builder.Ref(b), builder.Ref(e.b.ConstUint32(3)))
}

func (e *emitter) babLoadScalar(buf value, addr builder.ID, t *types.Type) builder.ID {
	s := t.Scalar()
	tid := e.typeID(t)
	uintT := types.ScalarType(types.Uint)
	u32 := e.typeID(uintT)
	switch e.calc.ScalarSize(s) {
	case 2:
		u16 := e.typeID(types.ScalarType(types.Uint16))
		idx := e.fb.Emit(spv.OpShiftRightLogical, u32, builder.Ref(addr), builder.Ref(e.b.ConstUint32(2)))
		shift := e.babShift(addr)
		p := e.fb.AccessChain(e.b.TypePointer(buf.sc, u32), e.addr(buf), e.b.ConstUint32(0), idx)
		w := e.fb.Load(u32, p)
		v := e.fb.Emit(spv.OpShiftRightLogical, u32, builder.Ref(w), builder.Ref(shift))
		h := e.fb.Emit(spv.OpUConvert, u16, builder.Ref(v))
		if tid != u16 {
			h = e.fb.Emit(spv.OpBitcast, tid, builder.Ref(h))
		}
		return h
	case 8:
		u64 := e.typeID(types.ScalarType(types.Uint64))
		lo := e.fb.Load(u32, e.babWordPtr(buf, addr, 0))
		hi := e.fb.Load(u32, e.babWordPtr(buf, addr, 1))
		lo64 := e.fb.Emit(spv.OpUConvert, u64, builder.Ref(lo))
		hi64 := e.fb.Emit(spv.OpUConvert, u64, builder.Ref(hi))
		sh := e.fb.Emit(spv.OpShiftLeftLogical, u64, builder.Ref(hi64), builder.Ref(e.b.ConstUint32(32)))
		v := e.fb.Emit(spv.OpBitwiseOr, u64, builder.Ref(lo64), builder.Ref(sh))
		if tid != u64 {
			v = e.fb.Emit(spv.OpBitcast, tid, builder.Ref(v))
		}
		return v
	}
	w := e.fb.Load(u32, e.babWordPtr(buf, addr, 0))
	switch {
	case s.IsBool():
		return e.fb.Emit(spv.OpINotEqual, tid, builder.Ref(w), builder.Ref(e.b.ConstUint32(0)))
	case tid != u32:
		return e.fb.Emit(spv.OpBitcast, tid, builder.Ref(w))
	}
	return w
}

func (e *emitter) babStoreScalar(buf value, addr, val builder.ID, t *types.Type) {
	s := t.Scalar()
	tid := e.typeID(t)
	u32 := e.typeID(types.ScalarType(types.Uint))
	switch e.calc.ScalarSize(s) {
	case 2:
		u16 := e.typeID(types.ScalarType(types.Uint16))
		if tid != u16 {
			val = e.fb.Emit(spv.OpBitcast, u16, builder.Ref(val))
		}
		shift := e.babShift(addr)
		p := e.babWordPtr(buf, addr, 0)
		wide := e.fb.Emit(spv.OpUConvert, u32, builder.Ref(val))
		moved := e.fb.Emit(spv.OpShiftLeftLogical, u32, builder.Ref(wide), builder.Ref(shift))
		mask := e.fb.Emit(spv.OpShiftLeftLogical, u32, builder.Ref(e.b.ConstUint32(0xffff)), builder.Ref(shift))
		keep := e.fb.Emit(spv.OpNot, u32, builder.Ref(mask))
		old := e.fb.Load(u32, p)
		cleared := e.fb.Emit(spv.OpBitwiseAnd, u32, builder.Ref(old), builder.Ref(keep))
		e.fb.Store(p, e.fb.Emit(spv.OpBitwiseOr, u32, builder.Ref(cleared), builder.Ref(moved)))
		return
	case 8:
		u64 := e.typeID(types.ScalarType(types.Uint64))
		if tid != u64 {
			val = e.fb.Emit(spv.OpBitcast, u64, builder.Ref(val))
		}
		lo := e.fb.Emit(spv.OpUConvert, u32, builder.Ref(val))
		hiv := e.fb.Emit(spv.OpShiftRightLogical, u64, builder.Ref(val), builder.Ref(e.b.ConstUint32(32)))
		hi := e.fb.Emit(spv.OpUConvert, u32, builder.Ref(hiv))
		e.fb.Store(e.babWordPtr(buf, addr, 0), lo)
		e.fb.Store(e.babWordPtr(buf, addr, 1), hi)
		return
	}
	switch {
	case s.IsBool():
		val = e.fb.Emit(spv.OpSelect, u32, builder.Ref(val), builder.Ref(e.b.ConstUint32(1)), builder.Ref(e.b.ConstUint32(0)))
	case tid != u32:
		val = e.fb.Emit(spv.OpBitcast, u32, builder.Ref(val))
	}
	e.fb.Store(e.babWordPtr(buf, addr, 0), val)
}

// babIndexPtr is the pointer to word idx of the buffer.
func (e *emitter) babIndexPtr(buf value, idx builder.ID) builder.ID {
	u32 := e.typeID(types.ScalarType(types.Uint))
	return e.fb.AccessChain(e.b.TypePointer(buf.sc, u32), e.addr(buf), e.b.ConstUint32(0), idx)
}

// babWordToScalar reinterprets a loaded 32-bit word as a scalar of type t.
func (e *emitter) babWordToScalar(w builder.ID, t *types.Type) builder.ID {
	tid := e.typeID(t)
	switch {
	case t.Scalar().IsBool():
		return e.fb.Emit(spv.OpINotEqual, tid, builder.Ref(w), builder.Ref(e.b.ConstUint32(0)))
	case tid != e.typeID(types.ScalarType(types.Uint)):
		return e.fb.Emit(spv.OpBitcast, tid, builder.Ref(w))
	}
	return w
}
