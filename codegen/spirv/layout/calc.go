package layout

import (
	"fmt"
	"sort"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Options are the language options that change sizes and matrix orientation.
type Options struct {
	// Enable16BitTypes is -enable-16bit-types: the min-precision types are
	// real 16-bit types (2 bytes) instead of 32-bit RelaxedPrecision ones.
	Enable16BitTypes bool
	// DefaultRowMajor is -Zpr: matrices without row_major/column_major are
	// row-major in HLSL terms (and so ColMajor in SPIR-V terms).
	DefaultRowMajor bool
}

// Layout is the size and alignment of a type under a rule. Stride is the
// ArrayStride of an array and the MatrixStride of a matrix (the distance
// between the vectors it is stored as), zero for other types.
type Layout struct {
	Align, Size, Stride uint32
}

// MemberLayout is where one struct or block member goes.
type MemberLayout struct {
	Offset uint32
	Layout // the member type's own size, alignment and stride
	// MatrixStride is non-zero when the member is a floating-point matrix
	// or an array of them: the member needs MatrixStride and SPIRVRowMajor
	// says whether it is decorated RowMajor (true) or ColMajor.
	MatrixStride  uint32
	SPIRVRowMajor bool
	// Index is the SPIR-V struct member holding this one: bitfields packed
	// together share a member (and its Offset); BitWidth is non-zero for a
	// bitfield, which occupies bits [BitOffset, BitOffset+BitWidth) of it.
	Index               uint32
	BitOffset, BitWidth uint32
}

// StructLayout is the layout of a struct type or of a block's member list.
// Members are in declaration order (a base class is member 0).
type StructLayout struct {
	Align, Size uint32
	Members     []MemberLayout
}

// PackOffset is a packoffset(c<Register>.<Component>) annotation; Component
// is 0..3 for x..w.
type PackOffset struct {
	Register, Component uint32
}

// A Member is one member of a block laid out by Block or Members: a
// cbuffer/tbuffer member, a $Globals variable, a push-constant struct field.
// The explicit placements are optional; when several are given,
// [[vk::offset]] wins over packoffset, which wins over register(c#), as in dxc.
type Member struct {
	Name       string
	Type       *types.Type
	VkOffset   *uint32     // [[vk::offset(N)]]: byte offset N
	PackOffset *PackOffset // :packoffset(cN.x), cbuffer members only
	RegisterC  *uint32     // :register(cN), $Globals only
	BitWidth   uint32      // a bitfield's width (uint f : 3), 0 for none
	// Decorations are extra OpMemberDecorate decorations the source asks
	// for ([[vk::ext_decorate]] on a field), under every rule.
	Decorations []builder.Decoration
}

// Severity tells an error from a warning.
type Severity uint8

const (
	Error Severity = iota
	Warning
	// Invalid is a layout the validator refuses: an error unless
	// validation is disabled (-Vd), as DXC's validator makes it one.
	Invalid
)

// A Diagnostic is a problem found while laying out a member. Struct is the
// struct whose field is at fault (Member is the field's index in
// Named().Fields); it is nil for a member of a list given to Members or
// Block (Member is then the index in that list). The caller positions the
// message at the member's declaration.
type Diagnostic struct {
	Severity Severity
	Struct   *types.Type
	Member   int
	Msg      string
}

func (d Diagnostic) Error() string { return d.Msg }

// Calculator computes sizes, alignments, strides and member offsets. It
// caches per (type, rule); one compilation owns one Calculator.
type Calculator struct {
	Options
	// VkOffset returns the [[vk::offset(N)]] attribute of field i of struct
	// st, if it has one. Nil means no field has one.
	VkOffset func(st *types.Type, field int) (uint32, bool)
	// BitWidth returns the width of field i of struct st when it is a
	// bitfield (HLSL 2021). Nil means no field is one.
	BitWidth func(st *types.Type, field int) (uint32, bool)
	// MemberDecorations returns extra decorations of field i of struct st
	// (Member.Decorations). Nil means none has any.
	MemberDecorations func(st *types.Type, field int) []builder.Decoration
	// Diagnostics collects the problems met, each once.
	Diagnostics []Diagnostic

	cache   ruleCache[Layout]
	structs ruleCache[*StructLayout]
}

// A ruleCache holds a value per type and rule, in a map per rule keyed by
// the type alone: the runtime hashes a pointer key much faster than a
// (type, rule) pair, and code generation asks for the layout and the
// lowered type of nearly every expression.
type ruleCache[V any] [numRules]map[*types.Type]V

func (c *ruleCache[V]) get(t *types.Type, r Rule) (V, bool) {
	if r >= numRules {
		var zero V
		return zero, false
	}
	v, ok := c[r][t]
	return v, ok
}

func (c *ruleCache[V]) set(t *types.Type, r Rule, v V) {
	if c[r] == nil {
		c[r] = map[*types.Type]V{}
	}
	c[r][t] = v
}

func (c *ruleCache[V]) delete(t *types.Type, r Rule) {
	if r < numRules {
		delete(c[r], t)
	}
}

// NewCalculator returns a Calculator for the options.
func NewCalculator(opts Options) *Calculator {
	return &Calculator{Options: opts}
}

const vec4Align = 16

func roundUp(v, pow2 uint32) uint32 {
	if pow2 == 0 {
		return v
	}
	return (v + pow2 - 1) &^ (pow2 - 1)
}

// roundToMultiple is the smallest multiple of m not below v.
func roundToMultiple(v, m uint32) uint32 {
	if v == 0 || m == 0 {
		return v
	}
	return (v + m - 1) / m * m
}

// shape is a type seen the way DXC's layout code sees it: one-component
// vectors and 1x1 matrices are scalars, 1xN and Nx1 matrices are vectors,
// only matrices with two dimensions above one are matrices.
type shape uint8

const (
	shapeOther shape = iota
	shapeScalar
	shapeVector
	shapeMatrix
	shapeArray
	shapeStruct
	shapeObject
)

func classify(t *types.Type) (shape, *types.Type) {
	t = t.Underlying()
	switch t.Kind() {
	case types.Basic, types.Enum:
		return shapeScalar, t
	case types.Vector:
		if t.VecSize() == 1 {
			return shapeScalar, t
		}
		return shapeVector, t
	case types.Matrix:
		r, c := t.Rows(), t.Cols()
		switch {
		case r == 1 && c == 1:
			return shapeScalar, t
		case r == 1 || c == 1:
			return shapeVector, t
		}
		return shapeMatrix, t
	case types.Array:
		return shapeArray, t
	case types.Struct:
		return shapeStruct, t
	case types.ObjectK:
		return shapeObject, t
	}
	return shapeOther, t
}

// vectorCount is the component count of a vector-shaped type.
func vectorCount(t *types.Type) int {
	if t.Kind() == types.Matrix {
		return t.Rows() * t.Cols()
	}
	return t.VecSize()
}

// SPIRVRowMajor reports whether a matrix is decorated RowMajor in SPIR-V.
// HLSL matrices are emitted transposed (an HLSL row is a SPIR-V column
// vector), so an HLSL column_major matrix — the default without -Zpr — is
// SPIR-V RowMajor, and row_major is ColMajor.
func (c *Calculator) SPIRVRowMajor(m *types.Type) bool {
	switch m.Major() {
	case types.RowMajor:
		return false
	case types.ColumnMajor:
		return true
	}
	return !c.DefaultRowMajor
}

// ScalarSize is the size (and alignment) of a scalar kind in a buffer: bool
// is stored as a 32-bit uint; min-precision kinds are 16-bit only with
// -enable-16bit-types.
func (c *Calculator) ScalarSize(s types.Scalar) uint32 {
	switch s {
	case types.Double, types.Int64, types.Uint64:
		return 8
	case types.Int16, types.Uint16, types.Float16:
		return 2
	case types.Min10Float, types.Min16Float, types.Min12Int, types.Min16Int, types.Min16Uint:
		if c.Enable16BitTypes {
			return 2
		}
		return 4
	}
	return 4
}

func (c *Calculator) scalarOf(t *types.Type) uint32 {
	if t.Kind() == types.Enum {
		return 4 // enums are lowered to 32-bit int
	}
	return c.ScalarSize(t.Scalar())
}

// Of returns the size, alignment and stride of t under r.
func (c *Calculator) Of(t *types.Type, r Rule) Layout {
	if l, ok := c.cache.get(t, r); ok {
		return l
	}
	l := c.compute(t, r)
	c.cache.set(t, r, l)
	return l
}

func (c *Calculator) compute(t *types.Type, r Rule) Layout {
	sh, u := classify(t)

	// fxc packs a matrix in a cbuffer as registers of one HLSL column
	// (row for row_major) each; the last register is not padded. This comes
	// before the vector case: a float1x3 is three registers, not a vector.
	if r == DXCBuffer && u.Kind() == types.Matrix {
		rows, cols := uint32(u.Rows()), uint32(u.Cols())
		if !c.SPIRVRowMajor(u) {
			rows, cols = cols, rows
		}
		if cols > 1 {
			es := c.ScalarSize(u.Scalar())
			n := rows
			if n == 3 {
				n = 4
			}
			a := roundUp(es*n, vec4Align)
			// dxc sizes this 16*(cols-1) + rows*es, which is right for
			// 32-bit and 16-bit components but lets the next member overlap
			// a double3x2's last column; the stride is what fxc steps by.
			return Layout{Align: a, Size: a*(cols-1) + rows*es, Stride: a}
		}
	}

	switch sh {
	case shapeScalar:
		s := c.scalarOf(u)
		return Layout{Align: s, Size: s}

	case shapeVector:
		n := uint32(vectorCount(u))
		es := c.ScalarSize(u.Scalar())
		a := es
		if !r.componentAligned() {
			m := n
			if m == 3 {
				m = 4
			}
			a = m * es
		}
		return Layout{Align: a, Size: n * es}

	case shapeMatrix:
		rows, cols := uint32(u.Rows()), uint32(u.Cols())
		es := c.ScalarSize(u.Scalar())
		rowMajor := c.SPIRVRowMajor(u)
		// The vectors stored: SPIR-V RowMajor (HLSL column-major) stores
		// HLSL columns of 'rows' components.
		vecLen, vecCount := cols, rows
		if rowMajor {
			vecLen, vecCount = rows, cols
		}
		if r.packed() {
			return Layout{Align: es, Size: rows * cols * es, Stride: vecLen * es}
		}
		m := vecLen
		if m == 3 {
			m = 4
		}
		a := es * m
		if r.std140Like() {
			a = roundUp(a, vec4Align)
		}
		return Layout{Align: a, Size: vecCount * a, Stride: a}

	case shapeStruct:
		sl := c.Struct(u, r)
		return Layout{Align: sl.Align, Size: sl.Size}

	case shapeArray:
		n := uint32(1) // an unsized array is measured as one element
		if u.Len() > 0 {
			n = uint32(u.Len())
		}
		return arrayLayout(c.Of(u.Elem(), r), n, r)

	case shapeObject:
		switch u.Object() {
		case types.VkBufferPointer:
			return Layout{Align: 8, Size: 8}
		case types.VkSpirvType:
			// vk::SpirvType<opcode, size, alignment, ...>
			if args := u.Args(); len(args) >= 3 {
				return Layout{Align: uint32(args[2].Value), Size: uint32(args[1].Value)}
			}
		}
	}
	// Objects and anything else take no room in a layout.
	return Layout{Align: 1}
}

// arrayLayout is the layout of n elements of layout el.
func arrayLayout(el Layout, n uint32, r Rule) Layout {
	a, size := el.Align, el.Size
	if r.packed() {
		return Layout{Align: a, Size: size * n, Stride: roundToMultiple(size, a)}
	}
	if r.std140Like() {
		a = roundUp(a, vec4Align)
		if size == 0 {
			size = a
		}
	}
	stride := roundUp(size, a)
	if r == DXCBuffer {
		// Elements start a register each, but the last one is not padded:
		// what follows may use the rest of its register.
		return Layout{Align: a, Size: size + stride*(n-1), Stride: stride}
	}
	return Layout{Align: a, Size: roundUp(stride*n, a), Stride: stride}
}

// ArrayStride is the ArrayStride of an array of elem under r (a structured
// buffer's runtime array uses it too).
func (c *Calculator) ArrayStride(elem *types.Type, r Rule) uint32 {
	return arrayLayout(c.Of(elem, r), 1, r).Stride
}

// relaxedOffset places a member at or after cursor under a relaxed rule:
// a vector is aligned to its component (when that is at most 4 bytes) and
// moved to the next 16-byte boundary only if it would improperly straddle
// one: cross it while fitting in 16 bytes, or not start on one when larger.
func (c *Calculator) relaxedOffset(t *types.Type, l Layout, cursor uint32) uint32 {
	sh, u := classify(t)
	if sh != shapeVector {
		return roundUp(cursor, l.Align)
	}
	a := l.Align
	if es := c.ScalarSize(u.Scalar()); es <= 4 {
		a = es
	}
	off := roundUp(cursor, a)
	straddles := false
	if l.Size <= 16 {
		straddles = off/16 != (off+l.Size-1)/16
	} else {
		straddles = off%16 != 0
	}
	if straddles {
		off = roundUp(off, vec4Align)
	}
	return off
}

// Struct returns the layout of a struct type under r. A base class is
// laid out as an implicit first member.
func (c *Calculator) Struct(t *types.Type, r Rule) *StructLayout {
	t = t.Underlying()
	if sl, ok := c.structs.get(t, r); ok {
		return sl
	}
	// Guard against recursion through a malformed self-containing struct.
	c.structs.set(t, r, &StructLayout{Align: 1})
	ms := c.structMembers(t)
	sl := c.layout(ms, r, t)
	c.structs.set(t, r, sl)
	return sl
}

// member is a member being laid out, with the field index diagnostics use
// (-1 for a base class).
type member struct {
	Member
	field int
}

func (c *Calculator) structMembers(t *types.Type) []member {
	nd := t.Named()
	if nd == nil {
		return nil
	}
	ms := make([]member, 0, len(nd.Fields)+1)
	if nd.Base != nil {
		ms = append(ms, member{Member{Type: nd.Base}, -1})
	}
	for i, f := range nd.Fields {
		m := member{Member{Name: f.Name, Type: f.Type}, i}
		if c.VkOffset != nil {
			if off, ok := c.VkOffset(t, i); ok {
				m.VkOffset = &off
			}
		}
		if c.BitWidth != nil {
			if w, ok := c.BitWidth(t, i); ok {
				m.BitWidth = w
			}
		}
		if c.MemberDecorations != nil {
			m.Decorations = c.MemberDecorations(t, i)
		}
		ms = append(ms, m)
	}
	return ms
}

// Members lays out a block's member list (a cbuffer, tbuffer, $Globals,
// push-constant block) under r, honouring explicit placements.
func (c *Calculator) Members(ms []Member, r Rule) *StructLayout {
	in := make([]member, len(ms))
	for i, m := range ms {
		in[i] = member{m, i}
	}
	return c.layout(in, r, nil)
}

func (c *Calculator) diag(sev Severity, owner *types.Type, m member, format string, args ...any) {
	c.Diagnostics = append(c.Diagnostics, Diagnostic{sev, owner, m.field, fmt.Sprintf(format, args...)})
}

func (c *Calculator) layout(ms []member, r Rule, owner *types.Type) *StructLayout {
	sl := &StructLayout{Members: make([]MemberLayout, len(ms))}

	order, shared := c.placementOrder(ms, r, owner)

	var cursor uint32
	maxAlign := uint32(1)
	prev := -1         // the member placed before, in placement order
	var nextBit uint32 // the first free bit after a bitfield
	for _, i := range order {
		m := ms[i]
		l := c.Of(m.Type, r)
		// A bitfield packs into the previous one's member when that is a
		// bitfield of the same type with room left.
		if p := prev; m.BitWidth > 0 && p >= 0 && ms[p].BitWidth > 0 &&
			types.Identical(ms[p].Type, m.Type) && nextBit+m.BitWidth <= l.Size*8 {
			sl.Members[i] = sl.Members[p]
			sl.Members[i].BitOffset, sl.Members[i].BitWidth = nextBit, m.BitWidth
			nextBit += m.BitWidth
			prev = i
			continue
		}
		off := cursor
		if r.relaxed() {
			off = c.relaxedOffset(m.Type, l, cursor)
		} else {
			off = roundUp(cursor, l.Align)
		}
		if r.HasLayout() {
			switch {
			case m.VkOffset != nil:
				off = *m.VkOffset
				if l.Align != 0 && off%l.Align != 0 {
					c.diag(Warning, owner, m, "The offset provided in the attribute should be %d-byte aligned.", l.Align)
					if !m.Type.Canonical().IsVector() {
						// (a vector's relaxed placement is the validator's
						// own rule, not checked here)
						c.diag(Invalid, owner, m, "generated SPIR-V is invalid: the member at offset %d is not aligned to %d as the %s layout requires (-Vd skips validation)", off, l.Align, r)
					}
				}
			case m.PackOffset != nil:
				off = m.PackOffset.Register*16 + m.PackOffset.Component*4
				if off < cursor {
					c.diag(Error, owner, m, "packoffset caused overlap with previous members")
				}
			case m.RegisterC != nil:
				off = 16 * *m.RegisterC
				if off < cursor && !shared[i] {
					c.diag(Error, owner, m, "found offset overlap when processing register(c%d) assignment", *m.RegisterC)
				}
			}
		}
		ml := MemberLayout{Offset: off, Layout: l}
		if r.HasLayout() {
			if mat := floatMatrixOf(m.Type); mat != nil {
				ml.MatrixStride = c.Of(mat, r).Stride
				ml.SPIRVRowMajor = c.SPIRVRowMajor(mat)
			}
		}
		if m.BitWidth > 0 {
			ml.BitWidth, nextBit = m.BitWidth, m.BitWidth
		}
		sl.Members[i] = ml
		maxAlign = max(maxAlign, l.Align)
		cursor = off + l.Size
		prev = i
	}
	// SPIR-V members in declaration order, packed bitfields sharing one.
	var index uint32
	for i := range sl.Members {
		if i > 0 && sl.Members[i].BitOffset > 0 {
			sl.Members[i].Index = sl.Members[i-1].Index
			continue
		}
		sl.Members[i].Index = index
		index++
	}

	switch {
	case r == Scalar:
		// C-like: the size is rounded to the alignment, as dxc does for
		// compatibility with host structs, though the extension does not ask.
		sl.Align, sl.Size = maxAlign, roundUp(cursor, maxAlign)
	case r == DXCBuffer:
		// A struct starts a register but does not pad what follows it.
		sl.Align, sl.Size = roundUp(maxAlign, vec4Align), cursor
	case r.std140Like():
		sl.Align = roundUp(maxAlign, vec4Align)
		sl.Size = roundUp(cursor, sl.Align)
	default:
		sl.Align, sl.Size = maxAlign, roundUp(cursor, maxAlign)
	}
	return sl
}

// placementOrder is the order members are placed in: those with
// register(c#) first, by register, the others following the highest of
// them, in declaration order. shared are the members that share a
// register (reported once).
func (c *Calculator) placementOrder(ms []member, r Rule, owner *types.Type) (order []int, shared map[int]bool) {
	order = make([]int, len(ms))
	for i := range order {
		order[i] = i
	}
	hasReg := false
	shared = map[int]bool{}
	for _, m := range ms {
		hasReg = hasReg || m.RegisterC != nil
	}
	if hasReg && r.HasLayout() {
		isReg := func(i int) bool { return ms[i].RegisterC != nil }
		sort.SliceStable(order, func(a, b int) bool {
			ia, ib := order[a], order[b]
			switch {
			case isReg(ia) && isReg(ib):
				return *ms[ia].RegisterC < *ms[ib].RegisterC
			case isReg(ia):
				return true
			}
			return false
		})
		for i := 1; i < len(order); i++ {
			a, b := ms[order[i-1]], ms[order[i]]
			if a.RegisterC != nil && b.RegisterC != nil && *a.RegisterC == *b.RegisterC {
				shared[order[i-1]], shared[order[i]] = true, true
				c.diag(Error, owner, a, "field %q at register(c%d) overlaps with previous members", a.Name, *a.RegisterC)
			}
		}
	}
	return order, shared
}

// floatMatrixOf returns the floating-point matrix a member is, or is an
// array (of arrays) of, or nil. Only those carry MatrixStride and
// RowMajor/ColMajor: other matrices are lowered to arrays of vectors.
// dxc looks through one array level only, which leaves arrays of arrays of
// matrices without the MatrixStride spirv-val demands; we look through all.
func floatMatrixOf(t *types.Type) *types.Type {
	for {
		sh, u := classify(t)
		switch sh {
		case shapeArray:
			t = u.Elem()
			continue
		case shapeMatrix:
			if u.Scalar().IsFloat() {
				return u
			}
		}
		return nil
	}
}

// HasNonFloatColumnMajorMatrix reports whether t is or contains (through
// arrays and struct fields) a non-floating-point matrix that is column-major
// in HLSL. dxc rejects those in buffers ("externally initialized
// non-floating-point column-major matrices not supported yet"): they are
// lowered to arrays of row vectors, which cannot hold column-major data.
func (c *Calculator) HasNonFloatColumnMajorMatrix(t *types.Type) bool {
	return c.nonFloatColMajor(t, 0)
}

func (c *Calculator) nonFloatColMajor(t *types.Type, depth int) bool {
	if depth > 64 {
		return false
	}
	sh, u := classify(t)
	switch sh {
	case shapeMatrix:
		return !u.Scalar().IsFloat() && c.SPIRVRowMajor(u)
	case shapeArray:
		return c.nonFloatColMajor(u.Elem(), depth+1)
	case shapeStruct:
		nd := u.Named()
		if nd == nil {
			return false
		}
		if nd.Base != nil && c.nonFloatColMajor(nd.Base, depth+1) {
			return true
		}
		for _, f := range nd.Fields {
			if c.nonFloatColMajor(f.Type, depth+1) {
				return true
			}
		}
	}
	return false
}
