package wgsl

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Memory forms. A SPIR-V type in memory is not always spelled like its
// values in WGSL:
//
//   - host-shareable memory (uniform, storage, push constants) has the
//     explicit layout of Offset, ArrayStride and MatrixStride decorations.
//     WGSL derives layouts from types, so a member whose offset is past
//     its natural place gets @size on the member before it; an array whose
//     stride is not the natural one gets its elements wrapped in a struct
//     with @size(stride) (indexing then adds ".el"); a matrix whose column
//     stride is not natural is stored as such an array of columns; a vector
//     whose offset WGSL cannot align (relaxed block layout: float3 at offset
//     4) is split into scalar members;
//   - RowMajor matrices are stored as their transpose;
//   - atomically accessed integers are atomic<T>.
//
// Values are always in the value form (vtype). Loads and stores convert
// with a helper function when the forms differ (mtype.same is false); an
// access chain walks the memory form directly (refs.go).

// layoutCtx is what, besides the type, decides a memory form.
type layoutCtx struct {
	host      bool // explicit layout (uniform, storage, push constants)
	uniform   bool // the uniform address space's extra rules apply
	rowMajor  bool // a matrix here is RowMajor
	matStride uint32
	atomic    bool // the integer here is accessed atomically
}

type mkind uint8

const (
	mPlain mkind = iota // scalar, vector, bool
	mAtomic
	mMatrix
	mArray
	mStruct
)

// An mtype is the memory form of a SPIR-V type in one layout context.
type mtype struct {
	kind mkind
	v    *vtype
	text string // the memory form's WGSL spelling
	// same: the memory form is the value form, loads and stores convert
	// nothing.
	same bool
	// align and size are WGSL's AlignOf and SizeOf of the memory form.
	align, size uint32
	// Arrays.
	elem    *mtype
	wrapped bool // elements are wrapped: index, then ".el"
	stride  uint32
	// floatBits: an atomically accessed f32, held as atomic<u32> bits.
	floatBits bool
	// Matrices.
	transposed bool // stored as the transpose (RowMajor)
	colWrapped bool // stored as an array of wrapped column vectors
	// Structs.
	members []mmember
	decl    *structDecl
	// slots says, for each member of decl, which value member (and
	// component of a split vector, else -1) it holds; member -1 is padding.
	slots [][2]int
	// toValue and toMem convert a whole value between the forms (helper
	// function names, or "transpose"), made on first use.
	toValue, toMem string
}

type mmember struct {
	name  string
	mem   *mtype
	split []string // a split vector's scalar members, in component order
	// empty marks an empty struct in host-shareable memory: it has no
	// member (mem is nil).
	empty bool
}

type mkey struct {
	id  builder.ID
	ctx layoutCtx
}

// A structDecl is a struct declaration, printed once the translation is
// done (the memory layout may add attributes to a value-form struct).
type structDecl struct {
	name    string
	members []structMember
}

type structMember struct {
	attrs, name, typ string
}

func (d *structDecl) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "struct %s {\n", d.name)
	for _, m := range d.members {
		b.WriteString("  ")
		if m.attrs != "" {
			b.WriteString(m.attrs)
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s : %s,\n", m.name, m.typ)
	}
	b.WriteString("}\n")
	return b.String()
}

// typeTag turns a WGSL type's spelling into a name part
// ("vec2<f32>" -> "vec2_f32").
func typeTag(typ string) string {
	var b strings.Builder
	for _, c := range typ {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			b.WriteRune(c)
		case c == '<' || c == ',':
			b.WriteByte('_')
		}
	}
	return b.String()
}

func roundUp(n, to uint32) uint32 {
	if to == 0 {
		return n
	}
	return (n + to - 1) / to * to
}

// scalarSize is the byte size of a scalar in WGSL memory.
func scalarSize(s scalar) uint32 {
	switch {
	case s == sF16:
		return 2
	case s.isWide():
		return 8
	}
	return 4
}

// vecAlign and vecSize are WGSL's alignment and size of a vector (or, for
// n == 1, a scalar).
func vecAlign(s scalar, n int) uint32 {
	if s.isWide() {
		return 8 // vec2<u32>, or an array of them
	}
	switch n {
	case 1:
		return scalarSize(s)
	case 2:
		return 2 * scalarSize(s)
	}
	return 4 * scalarSize(s)
}

func vecSize(s scalar, n int) uint32 { return uint32(n) * scalarSize(s) }

// memType returns the memory form of SPIR-V type id in ctx.
func (t *translator) memType(id builder.ID, ctx layoutCtx) *mtype {
	if !ctx.host {
		ctx.uniform, ctx.rowMajor, ctx.matStride = false, false, 0
	}
	k := mkey{id, ctx}
	if m, ok := t.mtypes[k]; ok {
		if m == nil {
			t.fail("type %%%d contains itself", id)
		}
		return m
	}
	t.mtypes[k] = nil
	m := t.makeMemType(id, ctx)
	t.mtypes[k] = m
	return m
}

func (t *translator) makeMemType(id builder.ID, ctx layoutCtx) *mtype {
	v := t.typ(id)
	m := &mtype{v: v, text: v.text, same: true}
	switch {
	case v.op == spv.OpTypeBool:
		if ctx.host {
			t.fail("a bool in host-shareable memory")
		}
		m.align, m.size = 4, 4
	case v.isScalar() || v.isVector():
		s, n := t.scalarOf(id)
		if ctx.host && s.isNarrow() {
			t.layoutFail("%d-bit integers in a buffer (WGSL has 32-bit integers only)", s.bits())
		}
		m.align, m.size = vecAlign(s, n), vecSize(s, n)
		if ctx.atomic {
			if s.isWide() {
				t.unsupported("64-bit atomic operations (WGSL has 32-bit atomics only)")
			}
			if n == 1 && s == sF32 {
				// Atomics on a float's bits (exchange, compare-exchange, or
				// arithmetic in a compare-exchange loop).
				m.kind, m.text, m.same, m.floatBits = mAtomic, "atomic<u32>", false, true
				break
			}
			if n != 1 || !s.isInt() || s.bits() != 32 {
				t.unsupported("atomic operations on %s (WGSL has atomic<i32> and atomic<u32> only)", v.text)
			}
			m.kind, m.text, m.same = mAtomic, "atomic<"+v.text+">", false
		}
	case v.isMatrix():
		t.matrixMemType(m, ctx)
	case v.op == spv.OpTypeArray || v.op == spv.OpTypeRuntimeArray:
		if v.handle {
			t.unsupported("arrays of textures or samplers (WGSL has no binding arrays)")
		}
		ectx := ctx
		ectx.atomic = t.atomicArrays[id]
		m.kind, m.elem = mArray, t.memType(v.elem, ectx)
		natural := roundUp(m.elem.size, m.elem.align)
		m.stride = natural
		if ctx.host {
			if s, ok := t.decoration(id, spv.DecorationArrayStride); ok && len(s) > 0 && s[0].Word != 0 {
				m.stride = s[0].Word
			}
		}
		et := m.elem.text
		if m.stride != natural {
			if m.stride < m.elem.size || m.stride%m.elem.align != 0 {
				t.layoutFail("an array stride of %d bytes for elements of type %s (size %d, alignment %d)", m.stride, m.elem.text, m.elem.size, m.elem.align)
			}
			m.wrapped, et = true, t.strideWrapper(m.elem.text, m.stride, m.elem.align)
		}
		if ctx.uniform && m.stride%16 != 0 {
			t.layoutFail("a uniform buffer array with a stride of %d bytes (the uniform address space needs multiples of 16)", m.stride)
		}
		m.align = m.elem.align
		if v.op == spv.OpTypeArray {
			m.text = fmt.Sprintf("array<%s, %s>", et, v.lengthExpr)
			m.size = uint32(v.n) * m.stride
		} else {
			m.text = fmt.Sprintf("array<%s>", et)
			m.size = m.stride
		}
		m.same = m.elem.same && !m.wrapped
		if m.same {
			m.text = v.text
		}
	case v.op == spv.OpTypeStruct:
		t.structMemType(m, id, ctx)
	default:
		t.unsupported("%s in memory", v.text)
	}
	return m
}

// matrixMemType lays out a matrix: C columns of R components, or with
// RowMajor R rows of C components, MatrixStride apart.
func (t *translator) matrixMemType(m *mtype, ctx layoutCtx) {
	v := m.v
	m.kind = mMatrix
	count, k := v.n, v.rows // stored vectors and their size
	if ctx.host && ctx.rowMajor {
		count, k = v.rows, v.n
		m.transposed = true
	}
	va, vs := vecAlign(v.comp, k), vecSize(v.comp, k)
	natural := roundUp(vs, va)
	stride := natural
	if ctx.host && ctx.matStride != 0 {
		stride = ctx.matStride
	}
	m.align, m.size = va, uint32(count)*stride
	vec := vecText(v.comp, k)
	switch {
	case stride == natural:
		m.text = fmt.Sprintf("mat%dx%d<%s>", count, k, v.comp)
	case stride >= vs && stride%va == 0:
		m.colWrapped = true
		m.text = fmt.Sprintf("array<%s, %d>", t.strideWrapper(vec, stride, va), count)
	default:
		t.layoutFail("a matrix stride of %d bytes for %s columns", stride, vec)
	}
	if ctx.uniform && stride%16 != 0 && m.colWrapped {
		t.layoutFail("a uniform buffer matrix with a column stride of %d bytes", stride)
	}
	m.same = !m.transposed && !m.colWrapped
}

// strideWrapper declares (once) the struct that pads an array element of
// type elem to stride bytes, and returns its name.
func (t *translator) strideWrapper(elem string, stride, align uint32) string {
	key := fmt.Sprintf("%s/%d", elem, stride)
	if n, ok := t.wrappers[key]; ok {
		return n
	}
	name := t.names.uniqueGlobal(fmt.Sprintf("Stride%d_%s", stride, typeTag(elem)))
	t.wrappers[key] = name
	attrs := fmt.Sprintf("@size(%d)", stride)
	if stride%align != 0 {
		attrs = fmt.Sprintf("@align(%d) %s", align, attrs)
	}
	t.structs = append(t.structs, &structDecl{name: name, members: []structMember{{attrs: attrs, name: "el", typ: elem}}})
	return name
}

// structMemType lays out a struct at its members' Offset decorations.
func (t *translator) structMemType(m *mtype, id builder.ID, ctx layoutCtx) {
	v := m.v
	m.kind = mStruct
	if ctx.host && t.bytesless(id) {
		t.layoutFail("an empty struct in a buffer")
	}
	valueDecl := t.structDecls[id]
	decl := &structDecl{name: valueDecl.name}
	var cur, structAlign uint32 = 0, 1
	prevMember := -1 // index in decl.members of the last real member
	var prevOff uint32
	for i, mid := range v.members {
		if ctx.host && t.bytesless(mid) {
			// An empty struct takes no bytes: no member holds it.
			m.members = append(m.members, mmember{name: valueDecl.members[i].name, empty: true})
			m.same = false
			continue
		}
		mctx := layoutCtx{host: ctx.host, uniform: ctx.uniform, atomic: t.atomicMembers[[2]uint32{uint32(id), uint32(i)}]}
		if ctx.host {
			mctx.rowMajor = t.hasMemberDecoration(id, i, spv.DecorationRowMajor)
			if s, ok := t.memberDecoration(id, i, spv.DecorationMatrixStride); ok && len(s) > 0 {
				mctx.matStride = s[0].Word
			}
		}
		mm := t.memType(mid, mctx)
		name := valueDecl.members[i].name
		mem := mmember{name: name, mem: mm}
		if !mm.same {
			m.same = false
		}
		if !ctx.host {
			decl.members = append(decl.members, structMember{name: name, typ: mm.text})
			m.slots = append(m.slots, [2]int{i, -1})
			m.members = append(m.members, mem)
			structAlign = max(structAlign, mm.align)
			cur = roundUp(cur, mm.align) + mm.size
			continue
		}
		off := roundUp(cur, mm.align)
		if o, ok := t.memberDecoration(id, i, spv.DecorationOffset); ok && len(o) > 0 {
			off = o[0].Word
		}
		natural := roundUp(cur, mm.align)
		if off < cur && i > 0 {
			t.layoutFail("member %d of struct %s at offset %d, inside the end of the member before it (WGSL sizes it to %d bytes; fxc's packing)", i, valueDecl.name, off, cur-prevOff)
		}
		if off%mm.align != 0 || off < natural {
			// Relaxed block layout: a vector WGSL cannot place here is
			// split into scalars.
			s, n := t.scalarOf(mid)
			if mm.kind != mPlain || n < 2 || off%scalarSize(s) != 0 {
				t.layoutFail("member %d of struct %s at offset %d: WGSL aligns %s to %d bytes", i, valueDecl.name, off, mm.text, mm.align)
			}
			m.same = false
			for c := 0; c < n; c++ {
				cn := t.uniqueMemberName(decl, name+"_"+"xyzw"[c:c+1])
				mem.split = append(mem.split, cn)
			}
		}
		if off > cur || (i == 0 && off > 0) {
			if prevMember >= 0 {
				decl.members[prevMember].attrs = fmt.Sprintf("@size(%d)", off-prevOff)
			} else {
				if off < 4 || off%4 != 0 {
					t.layoutFail("a first struct member at offset %d", off)
				}
				decl.members = append(decl.members, structMember{attrs: fmt.Sprintf("@size(%d)", off), name: t.uniqueMemberName(decl, "pad"), typ: "u32"})
				m.slots = append(m.slots, [2]int{-1, -1})
				m.same = false
			}
		}
		if mem.split != nil {
			s, _ := t.scalarOf(mid)
			for c, cn := range mem.split {
				decl.members = append(decl.members, structMember{name: cn, typ: s.String()})
				m.slots = append(m.slots, [2]int{i, c})
				prevMember, prevOff = len(decl.members)-1, off+uint32(c)*scalarSize(s)
			}
			structAlign = max(structAlign, scalarSize(s))
			cur = off + mm.size
		} else {
			decl.members = append(decl.members, structMember{name: name, typ: mm.text})
			m.slots = append(m.slots, [2]int{i, -1})
			prevMember, prevOff = len(decl.members)-1, off
			structAlign = max(structAlign, mm.align)
			cur = off + mm.size
		}
		m.members = append(m.members, mem)
	}
	m.align, m.size = structAlign, roundUp(cur, structAlign)
	if m.same {
		// The value form serves: it takes the layout attributes.
		for i := range decl.members {
			valueDecl.members[i].attrs = decl.members[i].attrs
		}
		m.decl, m.text = valueDecl, valueDecl.name
		return
	}
	decl.name = t.names.uniqueGlobal(valueDecl.name + "_mem")
	t.structs = append(t.structs, decl)
	m.decl, m.text = decl, decl.name
}

func (t *translator) uniqueMemberName(d *structDecl, base string) string {
	s := base
	for k := 1; ; k++ {
		taken := false
		for _, m := range d.members {
			taken = taken || m.name == s
		}
		if !taken {
			return s
		}
		s = fmt.Sprintf("%s_%d", base, k)
	}
}

// toValue converts a memory-form value (the text of a load) to the value
// form.
func (t *translator) toValue(m *mtype, e expr) expr {
	if m.same {
		return e
	}
	if m.toValue == "" {
		t.makeConverters(m)
	}
	return call(m.toValue, e)
}

// toMem converts a value to m's memory form (for a store).
func (t *translator) toMem(m *mtype, e expr) expr {
	if m.same {
		return e
	}
	if m.toMem == "" {
		t.makeConverters(m)
	}
	return call(m.toMem, e)
}

// makeConverters writes the helper functions converting between the two
// forms of m.
func (t *translator) makeConverters(m *mtype) {
	v := m.v
	switch m.kind {
	case mAtomic:
		t.unsupported("loading or storing a whole value that holds atomics")
	case mMatrix:
		if !m.colWrapped {
			m.toValue, m.toMem = "transpose", "transpose"
			return
		}
		count, k := v.n, v.rows
		if m.transposed {
			count, k = v.rows, v.n
		}
		stored := fmt.Sprintf("mat%dx%d<%s>", count, k, v.comp)
		var cols, wraps []string
		wrapper := strings.TrimSuffix(strings.TrimPrefix(m.text, "array<"), fmt.Sprintf(", %d>", count))
		for c := 0; c < count; c++ {
			cols = append(cols, fmt.Sprintf("m[%d].el", c))
			wraps = append(wraps, fmt.Sprintf("%s(s[%d])", wrapper, c))
		}
		load := fmt.Sprintf("%s(%s)", stored, strings.Join(cols, ", "))
		store := "v"
		if m.transposed {
			load, store = "transpose("+load+")", "transpose(v)"
		}
		m.toValue = t.helper("load_"+typeTag(m.text), fmt.Sprintf("(m : %s) -> %s {\n  return %s;\n}\n", m.text, v.text, load))
		m.toMem = t.helper("store_"+typeTag(m.text), fmt.Sprintf("(v : %s) -> %s {\n  let s : %s = %s;\n  return %s(%s);\n}\n",
			v.text, m.text, stored, store, m.text, strings.Join(wraps, ", ")))
	case mArray:
		if v.op == spv.OpTypeRuntimeArray || v.n == 0 {
			t.unsupported("loading or storing a whole runtime or override-sized array that needs a layout conversion")
		}
		el := "a[i]"
		if m.wrapped {
			el += ".el"
		}
		from := t.toValue(m.elem, primary(el)).text
		to := t.toMem(m.elem, primary("a[i]")).text
		if m.wrapped {
			w := strings.TrimSuffix(strings.TrimPrefix(m.text, "array<"), fmt.Sprintf(", %s>", v.lengthExpr))
			to = w + "(" + to + ")"
		}
		m.toValue = t.helper("load_"+typeTag(v.text), fmt.Sprintf("(a : %s) -> %s {\n  var r : %s;\n  for (var i = 0u; i < %du; i++) {\n    r[i] = %s;\n  }\n  return r;\n}\n",
			m.text, v.text, v.text, v.n, from))
		m.toMem = t.helper("store_"+typeTag(v.text), fmt.Sprintf("(a : %s) -> %s {\n  var r : %s;\n  for (var i = 0u; i < %du; i++) {\n    r[i] = %s;\n  }\n  return r;\n}\n",
			v.text, m.text, m.text, v.n, to))
	case mStruct:
		var loads []string
		for i, mm := range m.members {
			if mm.empty {
				loads = append(loads, t.zero(v.members[i]).text)
				continue
			}
			if mm.split != nil {
				var comps []string
				for _, cn := range mm.split {
					comps = append(comps, "s."+cn)
				}
				loads = append(loads, fmt.Sprintf("%s(%s)", mm.mem.v.text, strings.Join(comps, ", ")))
				continue
			}
			loads = append(loads, t.toValue(mm.mem, primary("s."+mm.name)).text)
			_ = i
		}
		var stores []string
		for _, sl := range m.slots {
			switch {
			case sl[0] < 0:
				stores = append(stores, "0u")
			case sl[1] >= 0:
				stores = append(stores, fmt.Sprintf("v.%s[%d]", t.structDecls[v.id].members[sl[0]].name, sl[1]))
			default:
				mm := m.members[sl[0]]
				stores = append(stores, t.toMem(mm.mem, primary("v."+t.structDecls[v.id].members[sl[0]].name)).text)
			}
		}
		m.toValue = t.helper("load_"+m.text, fmt.Sprintf("(s : %s) -> %s {\n  return %s(%s);\n}\n", m.text, v.text, v.text, strings.Join(loads, ", ")))
		m.toMem = t.helper("store_"+m.text, fmt.Sprintf("(v : %s) -> %s {\n  return %s(%s);\n}\n", v.text, m.text, m.text, strings.Join(stores, ", ")))
	default:
		t.fail("no conversion for %s", m.text)
	}
}

// bytesless reports whether a type takes no bytes in memory: an empty
// struct, or one of such structs only.
func (t *translator) bytesless(id builder.ID) bool {
	v := t.typ(id)
	if v.op != spv.OpTypeStruct {
		return false
	}
	for _, m := range v.members {
		if !t.bytesless(m) {
			return false
		}
	}
	return true
}
