package wgsl

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Buffers as words. Some explicit layouts have no WGSL type: 16-bit
// integers (WGSL has none), members packed into the padding of the one
// before (fxc's cbuffer rules), strides WGSL cannot give its arrays. Such a
// buffer is declared as its 32-bit words — array<u32> for storage,
// array<vec4<u32>, N> for uniform — and every access computes the byte
// offsets the SPIR-V decorations give, reading and assembling each scalar
// from its word (a 16-bit one from its half). A store of a 16-bit scalar
// that does not fill its word with its neighbour changes half a word,
// which must not lose a concurrent store to the other half: such a
// buffer's words are atomic<u32>, half-word stores an atomicAnd then an
// atomicOr (the two halves are different SPIR-V locations, so only a
// racing access to the same half, undefined in SPIR-V, can see the step
// between). The layout decides nothing else: what a load or store computes
// is exactly what the SPIR-V does.

// A rawBuffer is a buffer declared as words.
type rawBuffer struct {
	uniform bool // array<vec4<u32>, N> (else array<u32>)
	atomic  bool // array<atomic<u32>>
}

// An offExpr is a byte offset: dyn (a u32 expression, or "" for none) plus
// k; align is a power of two dividing dyn.
type offExpr struct {
	dyn   string
	k     uint32
	align uint32
}

func (o offExpr) add(k uint32) offExpr { o.k += k; return o }

// addScaled adds index*stride.
func (o offExpr) addScaled(index expr, c uint64, isConst bool, stride uint32) offExpr {
	if isConst {
		return o.add(uint32(c) * stride)
	}
	term := binary("*", index, primary(fmt.Sprintf("%du", stride))).text
	if stride == 1 {
		term = index.text
	}
	a := stride & -stride // the lowest set bit: the stride's alignment
	if o.dyn == "" {
		return offExpr{dyn: term, k: o.k, align: a}
	}
	return offExpr{dyn: binary("+", primary("("+o.dyn+")"), primary("("+term+")")).text, k: o.k, align: min(o.align, a)}
}

// wordAligned reports whether the offset is a multiple of 4 plus the
// constant's remainder (so halves are known to be low or high).
func (o offExpr) knownShift() bool { return o.dyn == "" || o.align%4 == 0 }

// word spells the index of the word holding byte o.
func (o offExpr) word() expr {
	switch {
	case o.dyn == "":
		return primary(fmt.Sprintf("%du", o.k/4))
	case o.align%4 == 0:
		w := binary(">>", primary("("+o.dyn+")"), primary("2u"))
		if o.k/4 == 0 {
			return w
		}
		return binary("+", primary("("+w.text+")"), primary(fmt.Sprintf("%du", o.k/4)))
	}
	return binary(">>", primary("("+o.total()+")"), primary("2u"))
}

// shift spells the bit position of byte o in its word (a multiple of 8).
func (o offExpr) shift() expr {
	if o.knownShift() {
		return primary(fmt.Sprintf("%du", o.k%4*8))
	}
	return binary("*", primary("("+binary("&", primary("("+o.total()+")"), primary("3u")).text+")"), primary("8u"))
}

func (o offExpr) total() string {
	switch {
	case o.dyn == "":
		return fmt.Sprintf("%du", o.k)
	case o.k == 0:
		return o.dyn
	}
	return fmt.Sprintf("%s + %du", o.dyn, o.k)
}

// rawLay is what a position in a buffer has besides its type: a matrix's
// decorations, a vector's component stride (a row-major matrix's column
// has its components MatrixStride apart).
type rawLay struct {
	rowMajor  bool
	matStride uint32
	cstride   uint32 // 0: the component size
}

// layoutBailout unwinds a trial layout (tryMemType) that WGSL types cannot
// express.
type layoutBailout struct{}

// layoutFail refuses a layout: during a trial the buffer falls back to
// words, otherwise it is an error.
func (t *translator) layoutFail(format string, args ...any) {
	if t.layoutTrial > 0 {
		panic(layoutBailout{})
	}
	t.unsupported(format, args...)
}

// tryMemType is memType for a buffer's block, undoing what it declared
// when the layout has no WGSL type (ok is false).
func (t *translator) tryMemType(id builder.ID, ctx layoutCtx) (m *mtype, ok bool) {
	nStructs := len(t.structs)
	saved := map[mkey]*mtype{}
	for k, v := range t.mtypes {
		saved[k] = v
	}
	savedWrappers := map[string]string{}
	for k, v := range t.wrappers {
		savedWrappers[k] = v
	}
	t.layoutTrial++
	defer func() {
		t.layoutTrial--
		if r := recover(); r != nil {
			if _, isLayout := r.(layoutBailout); !isLayout {
				panic(r)
			}
			t.structs = t.structs[:nStructs]
			t.mtypes, t.wrappers = saved, savedWrappers
			m, ok = nil, false
		}
	}()
	return t.memType(id, ctx), true
}

// declareRaw declares a buffer as words.
func (t *translator) declareRaw(g *global, uniform bool, where string) {
	size, runtime := t.rawExtent(g.pointee)
	rb := &rawBuffer{uniform: uniform}
	g.raw = rb
	var typ string
	switch {
	case uniform:
		if runtime {
			t.fail("a runtime array in a uniform buffer")
		}
		typ = fmt.Sprintf("array<vec4<u32>, %d>", max(roundUp(size, 16)/16, 1))
	default:
		rb.atomic = t.rawNeedsAtomic(g)
		elem := "u32"
		if rb.atomic {
			elem = "atomic<u32>"
		}
		if runtime {
			typ = fmt.Sprintf("array<%s>", elem)
		} else {
			typ = fmt.Sprintf("array<%s, %d>", elem, max(roundUp(size, 4)/4, 1))
		}
	}
	t.decls = append(t.decls, fmt.Sprintf("%s %s : %s;\n", where, g.name, typ))
	t.noteBinding(g.name, func(b *Binding) {
		b.Note = joinWhy(b.Note, "declared as 32-bit words (its layout has no WGSL type)")
	})
}

// rawExtent is the byte size of a buffer block (through its last byte)
// and whether it ends in a runtime array.
func (t *translator) rawExtent(typ builder.ID) (uint32, bool) {
	v := t.typ(typ)
	if v.op != spv.OpTypeStruct {
		t.fail("a buffer block that is not a struct")
	}
	var end uint32
	runtime := false
	for i, m := range v.members {
		off := t.memberOffset(typ, i)
		if t.typ(m).op == spv.OpTypeRuntimeArray {
			runtime = true
			end = max(end, off)
			continue
		}
		end = max(end, off+t.rawSize(m, t.memberLay(typ, i)))
	}
	return end, runtime
}

// rawSize is the bytes a value of type typ spans in a buffer.
func (t *translator) rawSize(typ builder.ID, lay rawLay) uint32 {
	v := t.typ(typ)
	switch {
	case v.isScalar():
		return uint32(v.comp.bits() / 8)
	case v.isVector():
		cs := uint32(v.comp.bits() / 8)
		stride := lay.cstride
		if stride == 0 {
			stride = cs
		}
		return uint32(v.n-1)*stride + cs
	case v.isMatrix():
		col := t.typ(v.elem)
		cs := uint32(col.comp.bits() / 8)
		if lay.rowMajor {
			return uint32(v.rows-1)*lay.matStride + uint32(v.n)*cs
		}
		return uint32(v.n-1)*lay.matStride + uint32(v.rows)*cs
	case v.op == spv.OpTypeArray:
		if v.n == 0 {
			t.unsupported("an override-sized array in a buffer")
		}
		return uint32(v.n-1)*t.arrayStride(typ) + t.rawSize(v.elem, lay)
	case v.op == spv.OpTypeStruct:
		var end uint32
		for i, m := range v.members {
			if t.typ(m).op == spv.OpTypeRuntimeArray {
				continue
			}
			end = max(end, t.memberOffset(typ, i)+t.rawSize(m, t.memberLay(typ, i)))
		}
		return end
	}
	t.unsupported("%s in a buffer", v.text)
	return 0
}

func (t *translator) memberOffset(st builder.ID, i int) uint32 {
	o, ok := t.memberDecoration(st, i, spv.DecorationOffset)
	if !ok || len(o) == 0 {
		t.fail("member %d of a buffer struct has no Offset", i)
	}
	return o[0].Word
}

func (t *translator) memberLay(st builder.ID, i int) rawLay {
	lay := rawLay{rowMajor: t.hasMemberDecoration(st, i, spv.DecorationRowMajor)}
	if s, ok := t.memberDecoration(st, i, spv.DecorationMatrixStride); ok && len(s) > 0 {
		lay.matStride = s[0].Word
	}
	return lay
}

func (t *translator) arrayStride(typ builder.ID) uint32 {
	s, ok := t.decoration(typ, spv.DecorationArrayStride)
	if !ok || len(s) == 0 || s[0].Word == 0 {
		t.fail("an array in a buffer without an ArrayStride")
	}
	return s[0].Word
}

// rawNeedsAtomic reports whether a storage buffer as words needs atomic
// words: atomic operations on it, or stores of 16-bit scalars.
func (t *translator) rawNeedsAtomic(g *global) bool {
	for _, s := range t.storesInto(g.id) {
		switch {
		case isAtomicOp(s.inst.Op):
			return true
		case s.inst.Op == spv.OpStore || s.inst.Op == spv.OpCopyMemory:
			pointee, _ := t.pointeeOf(s.inst.Operands[0].ID())
			if t.hasSubWord(pointee) {
				return true
			}
		}
	}
	return false
}

// hasSubWord reports whether a type holds scalars narrower than a word.
func (t *translator) hasSubWord(typ builder.ID) bool {
	v := t.typ(typ)
	switch {
	case v.isScalar() || v.isVector() || v.isMatrix():
		return v.comp.bits() < 32
	case v.op == spv.OpTypeArray || v.op == spv.OpTypeRuntimeArray:
		return t.hasSubWord(v.elem)
	case v.op == spv.OpTypeStruct:
		for _, m := range v.members {
			if t.hasSubWord(m) {
				return true
			}
		}
	}
	return false
}

// rawRef is the reference of a buffer declared as words.
func (t *translator) rawRef(g *global, name string) *ref {
	return &ref{kind: refRaw, text: primary(name), pointee: g.pointee, sc: g.sc, root: g.id, global: g}
}

// rawStep steps a reference into a buffer of words by one access chain
// index.
func (fs *funcState) rawStep(r *ref, idx builder.ID) {
	t := fs.t
	v := t.typ(r.pointee)
	c, isConst := t.constUint(idx)
	var ie expr
	if !isConst {
		ie = t.shiftAmount(fs.value(idx), t.typeOfValue(idx))
	}
	switch v.op {
	case spv.OpTypeStruct:
		if !isConst || int(c) >= len(v.members) {
			t.fail("struct index %%%d is not a constant member number", idx)
		}
		r.off = r.off.add(t.memberOffset(r.pointee, int(c)))
		r.lay = t.memberLay(r.pointee, int(c))
		r.pointee = v.members[c]
	case spv.OpTypeArray, spv.OpTypeRuntimeArray:
		r.off = r.off.addScaled(ie, c, isConst, t.arrayStride(r.pointee))
		r.pointee = v.elem
	case spv.OpTypeMatrix:
		cs := uint32(v.comp.bits() / 8)
		if r.lay.rowMajor {
			r.off = r.off.addScaled(ie, c, isConst, cs)
			r.lay = rawLay{cstride: r.lay.matStride}
		} else {
			r.off = r.off.addScaled(ie, c, isConst, r.lay.matStride)
			r.lay = rawLay{}
		}
		r.pointee = v.elem
	case spv.OpTypeVector:
		stride := r.lay.cstride
		if stride == 0 {
			stride = uint32(v.comp.bits() / 8)
		}
		r.off = r.off.addScaled(ie, c, isConst, stride)
		r.lay = rawLay{}
		r.pointee = v.elem
	default:
		t.fail("an access chain index into %s", v.text)
	}
}

// rawWord spells the word at index w of buffer r (a reference, not its
// value: atomic words are read with atomicLoad).
func (t *translator) rawWord(r *ref, w expr) expr {
	name := r.text
	if r.global.raw.uniform {
		if isLiteral(w.text) {
			var n uint32
			fmt.Sscanf(w.text, "%du", &n)
			return postfix(name, fmt.Sprintf("[%du][%du]", n/4, n%4))
		}
		return postfix(name, "["+binary(">>", w, primary("2u")).text+"]["+binary("&", w, primary("3u")).text+"]")
	}
	return postfix(name, "["+w.text+"]")
}

// readWord spells the value of word w.
func (t *translator) readWord(r *ref, w expr) expr {
	if r.global.raw.atomic {
		return call("atomicLoad", unary("&", t.rawWord(r, w)))
	}
	return t.rawWord(r, w)
}

// rawLoad spells the value of type typ at offset off of buffer r.
func (fs *funcState) rawLoad(r *ref, off offExpr, typ builder.ID, lay rawLay) expr {
	t := fs.t
	v := t.typ(typ)
	switch {
	case v.isScalar() && v.comp.isWide():
		return call("vec2<u32>", t.readWord(r, off.word()), t.readWord(r, off.add(4).word()))
	case v.isScalar():
		word := t.readWord(r, off.word())
		switch v.comp {
		case sF32:
			return call("bitcast<f32>", word)
		case sI32:
			return call("bitcast<i32>", word)
		case sU32:
			return word
		case sU16, sU8:
			return call("extractBits", word, off.shift(), primary(fmt.Sprintf("%du", v.comp.bits())))
		case sI16, sI8:
			return call("extractBits", call("bitcast<i32>", word), off.shift(), primary(fmt.Sprintf("%du", v.comp.bits())))
		case sF16:
			if off.knownShift() {
				return postfix(call("bitcast<vec2<f16>>", word), "."+"xy"[off.k%4/2:off.k%4/2+1])
			}
			return postfix(call("bitcast<vec2<f16>>", word), "["+binary("/", off.shift(), primary("16u")).text+"]")
		}
		t.unsupported("%s in a buffer laid out as words", v.text)
	case v.isVector():
		stride := lay.cstride
		if stride == 0 {
			stride = uint32(v.comp.bits() / 8)
		}
		var comps []expr
		for i := range v.n {
			comps = append(comps, fs.rawLoad(r, off.add(uint32(i)*stride), v.elem, rawLay{}))
		}
		return call(v.text, comps...)
	case v.isMatrix():
		var cols []expr
		cs := uint32(v.comp.bits() / 8)
		for c := range v.n {
			if lay.rowMajor {
				cols = append(cols, fs.rawLoad(r, off.add(uint32(c)*cs), v.elem, rawLay{cstride: lay.matStride}))
			} else {
				cols = append(cols, fs.rawLoad(r, off.add(uint32(c)*lay.matStride), v.elem, rawLay{}))
			}
		}
		return call(v.text, cols...)
	case v.op == spv.OpTypeArray:
		if v.n == 0 || v.n > 64 {
			t.unsupported("loading a whole array of %d elements from a buffer laid out as words", v.n)
		}
		stride := t.arrayStride(typ)
		var els []expr
		for i := range v.n {
			els = append(els, fs.rawLoad(r, off.add(uint32(i)*stride), v.elem, lay))
		}
		return call(v.text, els...)
	case v.op == spv.OpTypeStruct:
		var ms []expr
		for i, m := range v.members {
			ms = append(ms, fs.rawLoad(r, off.add(t.memberOffset(typ, i)), m, t.memberLay(typ, i)))
		}
		return call(v.text, ms...)
	}
	t.unsupported("loading %s from a buffer laid out as words", v.text)
	return expr{}
}

// A rawLeaf is a scalar a store writes: its offset, width and value
// (spelled as a u32 holding its bits).
type rawLeaf struct {
	off  offExpr
	bits int
	val  expr
}

// rawLeaves lists the scalars of value e (of type typ) stored at off.
func (fs *funcState) rawLeaves(e expr, off offExpr, typ builder.ID, lay rawLay, out []rawLeaf) []rawLeaf {
	t := fs.t
	v := t.typ(typ)
	switch {
	case v.isScalar() && v.comp.isWide():
		return append(out, rawLeaf{off, 32, postfix(e, ".x")}, rawLeaf{off.add(4), 32, postfix(e, ".y")})
	case v.isScalar():
		var bits expr
		switch v.comp {
		case sF32, sI32:
			bits = call("bitcast<u32>", e)
		case sU32:
			bits = e
		case sI16, sU16, sI8, sU8:
			bits = t.castTo(e, typ, v.comp.unsigned())
		case sF16:
			bits = call("bitcast<u32>", call("vec2<f16>", e, primary("0.0h")))
		default:
			t.unsupported("storing %s in a buffer laid out as words", v.text)
		}
		return append(out, rawLeaf{off, v.comp.bits(), bits})
	case v.isVector():
		stride := lay.cstride
		if stride == 0 {
			stride = uint32(v.comp.bits() / 8)
		}
		for i := range v.n {
			c := postfix(e, "."+"xyzw"[i:i+1])
			if v.comp.isWide() {
				c = postfix(e, fmt.Sprintf("[%d]", i))
			}
			out = fs.rawLeaves(c, off.add(uint32(i)*stride), v.elem, rawLay{}, out)
		}
		return out
	case v.isMatrix():
		cs := uint32(v.comp.bits() / 8)
		for c := range v.n {
			col := postfix(e, fmt.Sprintf("[%d]", c))
			if lay.rowMajor {
				out = fs.rawLeaves(col, off.add(uint32(c)*cs), v.elem, rawLay{cstride: lay.matStride}, out)
			} else {
				out = fs.rawLeaves(col, off.add(uint32(c)*lay.matStride), v.elem, rawLay{}, out)
			}
		}
		return out
	case v.op == spv.OpTypeArray:
		if v.n == 0 || v.n > 64 {
			t.unsupported("storing a whole array of %d elements in a buffer laid out as words", v.n)
		}
		stride := t.arrayStride(typ)
		for i := range v.n {
			out = fs.rawLeaves(postfix(e, fmt.Sprintf("[%d]", i)), off.add(uint32(i)*stride), v.elem, lay, out)
		}
		return out
	case v.op == spv.OpTypeStruct:
		for i, m := range v.members {
			out = fs.rawLeaves(postfix(e, "."+t.structDecls[typ].members[i].name), off.add(t.memberOffset(typ, i)), m, t.memberLay(typ, i), out)
		}
		return out
	}
	t.unsupported("storing %s in a buffer laid out as words", v.text)
	return out
}

// rawStore appends the statements storing value through r.
func (fs *funcState) rawStore(r *ref, value expr, out *[]stmt) {
	t := fs.t
	rb := r.global.raw
	if rb.uniform {
		t.fail("a store into a uniform buffer")
	}
	// Several statements may store it: the value is computed once, first
	// (a load inlined into it must not see the first of them).
	value = fs.temp(value, r.pointee, out)
	leaves := fs.rawLeaves(value, r.off, r.pointee, r.lay, nil)
	write := func(w expr, bits expr) {
		word := t.rawWord(r, w)
		if rb.atomic {
			fs.emitChosen(fmt.Sprintf("atomicStore(&%s, %s);", word.text, bits.text), out)
		} else {
			fs.emitChosen(fmt.Sprintf("%s = %s;", word.text, bits.text), out)
		}
	}
	for i := 0; i < len(leaves); {
		l := leaves[i]
		if l.bits == 32 {
			write(l.off.word(), l.val)
			i++
			continue
		}
		// Narrow scalars stored together that fill a word make one store.
		if l.off.knownShift() && l.off.k%4 == 0 {
			whole, covered, j := l.val, l.bits, i+1
			for ; j < len(leaves) && covered < 32; j++ {
				n := leaves[j]
				if n.bits >= 32 || n.off.dyn != l.off.dyn || n.off.k != l.off.k+uint32(covered/8) {
					break
				}
				whole = binary("|", whole, binary("<<", n.val, primary(fmt.Sprintf("%du", covered))))
				covered += n.bits
			}
			if covered == 32 {
				write(l.off.word(), whole)
				i = j
				continue
			}
		}
		if !rb.atomic {
			t.fail("a part-word store into a buffer whose words are not atomic")
		}
		word := unary("&", t.rawWord(r, l.off.word()))
		sh := l.off.shift()
		mask := primary(fmt.Sprintf("0x%xu", uint32(1)<<l.bits-1))
		fs.emitChosen(fmt.Sprintf("atomicAnd(%s, %s);", word.text, unary("~", binary("<<", mask, sh)).text), out)
		fs.emitChosen(fmt.Sprintf("atomicOr(%s, %s);", word.text, binary("<<", l.val, sh).text), out)
		i++
	}
}

// rawArrayLength spells OpArrayLength of member m of buffer r's block: the
// runtime array's elements in the bound buffer.
func (t *translator) rawArrayLength(r *ref, m int) expr {
	v := t.typ(r.pointee)
	if m >= len(v.members) || t.typ(v.members[m]).op != spv.OpTypeRuntimeArray || r.off.dyn != "" || r.off.k != 0 {
		t.fail("OpArrayLength of something that is not a buffer's runtime array")
	}
	off := t.memberOffset(r.pointee, m)
	stride := t.arrayStride(v.members[m])
	bytes := binary("*", call("arrayLength", unary("&", r.text)), primary("4u"))
	if off > 0 {
		bytes = binary("-", bytes, primary(fmt.Sprintf("%du", off)))
	}
	return binary("/", primary("("+bytes.text+")"), primary(fmt.Sprintf("%du", stride)))
}

// rawAtomicWord is the word an atomic instruction on r works on, and its
// scalar in WGSL (u32).
func (t *translator) rawAtomicWord(r *ref) expr {
	if v := t.typ(r.pointee); v.isScalar() && v.comp.isWide() {
		t.unsupported("64-bit atomic operations (WGSL has 32-bit atomics only)")
	} else if !v.isScalar() || v.comp.bits() != 32 || !v.comp.isInt() {
		t.unsupported("atomic operations on %s", v.text)
	}
	return unary("&", t.rawWord(r, r.off.word()))
}

var _ = strings.Join
