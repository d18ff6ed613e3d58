package opt

import (
	"bytes"
	wire "encoding/binary"
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// valueNumbers gives every instruction that computes a value a number,
// equal for instructions sure to compute the same value (spirv-opt's
// ValueNumberTable): the same opcode, type, operands (by their own
// numbers), and decorations. What may differ between two executions gets a
// number of its own: instructions with side effects, variables, loads from
// writable memory, and images, samplers and sampled images (which must stay
// in the block using them). A copy has its operand's number, a phi whose
// incoming values all have one number has that number, and the operands of
// commutative operations are ordered.
//
// Numbers are given once, to the whole module in layout order; what a pass
// makes afterwards has none (0).
type valueNumbers struct {
	c *Context
	// num is the value number of each id (0: none), by id: every operand
	// of every instruction is looked up.
	num []uint32
	// The values made so far, by what makes them: most instructions fit
	// a shortKey (shortKeys), the others are keyed by keyOf's bytes.
	shortKeys *shortKeyTable
	byKey     map[string]uint32
	next      uint32
	readOnly  *idTable[uint8]       // variable -> read-only (readOnlyYes or readOnlyNo)
	decos     map[builder.ID]string // id -> its decorations, canonical
	decoIdx   *decoIndex            // the decorations by target (the Context's)
	decoList  []*builder.Inst       // scratch: one id's decorations
	decoText  []byte                // decorations' buffer
	key       []byte
}

// vnTables are value numbering's largest tables, kept in the Context from
// one run of redundancy elimination to the next (DXC's pipelines run it
// twice) instead of made and grown again.
type vnTables struct {
	num       []uint32
	shortKeys shortKeyTable
	avail     []builder.ID
	added     []uint32 // the numbers made available, to take back
	readOnly  idTable[uint8]
	decos     decoIndex
}

// The answers of readOnlyLoad, in vnTables.readOnly.
const (
	readOnlyNo uint8 = 1 + iota
	readOnlyYes
)

func newValueNumbers(c *Context) *valueNumbers {
	t := &c.vn
	t.num = fitCleared(t.num, int(c.M.Bound))
	// Every instruction with a result may make a number of its own.
	values := len(c.M.Annotations) + len(c.M.Globals) + len(c.M.ExtInstImports)
	for _, f := range c.M.Functions {
		for _, b := range f.Blocks {
			values += len(b.Insts)
		}
	}
	t.shortKeys.reset(values)
	t.readOnly.reset()
	t.decos.build(c.M)
	v := &valueNumbers{c: c, num: t.num, shortKeys: &t.shortKeys, byKey: map[string]uint32{}, readOnly: &t.readOnly,
		decos: map[builder.ID]string{}, decoIdx: &t.decos}
	for _, a := range c.M.Annotations {
		if a.Result != 0 {
			v.assign(a)
		}
	}
	for _, g := range c.M.Globals {
		if g.Result != 0 {
			v.assign(g)
		}
	}
	for _, imp := range c.M.ExtInstImports {
		v.assign(imp)
	}
	for in := range c.M.BlockInsts() {
		if in.Result != 0 {
			v.assign(in)
		}
	}
	return v
}

// availTable returns a table by value number, all zero, for the values
// available at a point.
func (v *valueNumbers) availTable() []builder.ID {
	t := &v.c.vn
	t.avail = fitCleared(t.avail, int(v.next)+1)
	return t.avail
}

// fitCleared returns s with length n, all zero, reusing its memory when
// it is large enough; a new one has room for an eighth more (a later run
// of the pass sees the ids and values the passes between made).
func fitCleared[E any](s []E, n int) []E {
	if cap(s) >= n {
		s = s[:n]
		clear(s)
		return s
	}
	return make([]E, n, n+n/8)
}

// of returns the value number of id (0 for none).
func (v *valueNumbers) of(id builder.ID) uint32 {
	if int(id) < len(v.num) {
		return v.num[id]
	}
	return 0
}

func (v *valueNumbers) fresh(in *builder.Inst) uint32 {
	v.next++
	v.num[in.Result] = v.next
	return v.next
}

func (v *valueNumbers) assign(in *builder.Inst) uint32 {
	if n := v.of(in.Result); n != 0 {
		return n
	}
	c := v.c
	if !c.isCombinator(in) && c.debugOp(in) == noDebugOp {
		return v.fresh(in)
	}
	switch in.Op {
	case spv.OpSampledImage, spv.OpImage, spv.OpVariable:
		return v.fresh(in)
	}
	if isLoadOpcode(in.Op) {
		if in.Op == spv.OpLoad {
			switch c.B.TypeOp(in.Type) {
			case spv.OpTypeSampledImage, spv.OpTypeImage, spv.OpTypeSampler:
				return v.fresh(in)
			}
		}
		if !v.readOnlyLoad(in) {
			return v.fresh(in)
		}
	}
	switch in.Op {
	case spv.OpCopyObject:
		src := in.Operands[0].ID()
		if v.sameDecorations(in.Result, src) {
			if n := v.of(src); n != 0 {
				v.num[in.Result] = n
				return n
			}
		}
	case spv.OpPhi:
		if len(in.Operands) > 0 && v.sameDecorations(in.Result, in.Operands[0].Params()[0].ID()) {
			n := v.of(in.Operands[0].Params()[0].ID())
			for _, p := range in.Operands[1:] {
				if v.of(p.Params()[0].ID()) != n {
					n = 0
					break
				}
			}
			if n != 0 {
				v.num[in.Result] = n
				return n
			}
		}
	}
	if sk, ok := v.shortKeyOf(in); ok {
		n := v.shortKeys.find(v, &sk, in)
		v.num[in.Result] = n
		return n
	}
	k := v.keyOf(in)
	if n, ok := v.byKey[string(k)]; ok {
		v.num[in.Result] = n
		return n
	}
	n := v.fresh(in)
	v.byKey[string(k)] = n
	return n
}

// shortKey is what keyOf encodes for an instruction of at most
// maxShortOperands operands, none a string, a wide literal or with
// parameters, whose result has no decorations: a map key that needs no
// allocation. Two instructions have equal short keys exactly when they
// would have equal keyOf bytes (and an instruction with a short key never
// has the bytes of one without).
type shortKey struct {
	op, typ uint32
	n       uint8
	kinds   [maxShortOperands]uint8
	words   [maxShortOperands]uint32 // as keyOf writes them
}

// maxShortOperands covers a 4-component shuffle and most extended
// instructions.
const maxShortOperands = 6

// shortKeyOf returns in's shortKey, or false when it needs keyOf. An id
// operand without a value number yet (one numbered later, or never)
// takes keyOf too, so that a short key, once made, is what shortKeyOf
// makes again for the same instruction (shortKeyTable relies on it).
func (v *valueNumbers) shortKeyOf(in *builder.Inst) (shortKey, bool) {
	ops := in.Operands
	if len(ops) > maxShortOperands || v.decorations(in.Result) != "" {
		return shortKey{}, false
	}
	k := shortKey{op: uint32(in.Op), typ: uint32(in.Type), n: uint8(len(ops))}
	for i := range ops {
		o := &ops[i]
		if len(o.Params()) > 0 {
			return shortKey{}, false
		}
		// v.word(o), looking the number up once; ids (most operands)
		// are neither strings nor wide literals
		w := o.Word
		if o.IsID() {
			n := v.of(builder.ID(w))
			if n == 0 {
				return shortKey{}, false
			}
			w = 1<<31 | n
		} else if o.Kind == spv.KindLiteralString || o.Wide {
			return shortKey{}, false
		}
		k.kinds[i], k.words[i] = uint8(o.Kind), w
	}
	if isCommutative(in.Op) && len(ops) == 2 && k.words[0] > k.words[1] {
		k.kinds[0], k.kinds[1] = k.kinds[1], k.kinds[0]
		k.words[0], k.words[1] = k.words[1], k.words[0]
	}
	return k, true
}

// hash mixes a short key's fields.
func (k *shortKey) hash() uint32 {
	h := uint64(k.op)<<32 | uint64(k.typ)
	h = (h ^ uint64(k.n)) * 0x9e3779b97f4a7c15
	for i := range k.n {
		h = (h ^ uint64(k.kinds[i])<<32 ^ uint64(k.words[i])) * 0x9e3779b97f4a7c15
	}
	return uint32(h >> 32)
}

// shortKeyTable finds the value number of a short key: an open-addressing
// table of (hash, number) pairs, the key of a number being made again
// from its first instruction (reps) to compare, so that the keys
// themselves are not kept (a map of them took more than a megabyte for
// the 5,000-line benchmark shader).
type shortKeyTable struct {
	slots []uint64 // hash<<32 | value number, 0 for an empty slot
	used  int
	reps  []*builder.Inst // by value number: the instruction that made it
}

// find returns the number of the key k of in, a fresh one (in's) when
// the key is new.
func (t *shortKeyTable) find(v *valueNumbers, k *shortKey, in *builder.Inst) uint32 {
	if overloaded(t.used+1, len(t.slots)) {
		t.grow()
	}
	h := k.hash()
	mask := len(t.slots) - 1
	for i := int(h) & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			n := v.fresh(in)
			t.slots[i] = uint64(h)<<32 | uint64(n)
			t.used++
			if int(n) >= len(t.reps) {
				t.reps = slices.Grow(t.reps, int(n)+1-len(t.reps))[:int(n)+1]
			}
			t.reps[n] = in
			return n
		}
		if uint32(s>>32) != h {
			continue
		}
		n := uint32(s)
		if rk, _ := v.shortKeyOf(t.reps[n]); rk == *k {
			return n
		}
	}
}

// overloaded reports whether a table of the given number of slots is too
// full for used entries: past three quarters, linear probing slows down.
func overloaded(used, slots int) bool { return 4*used > 3*slots }

// reset empties the table, keeping its memory, and makes room for the
// given number of values, at most, so that the table need not grow while
// it is filled. (The instructions reps holds are only read through the
// slots.)
func (t *shortKeyTable) reset(values int) {
	n := 64 // (a small shader's few values; 1024 cost every compile 8 KB)
	for overloaded(values, n) {
		n *= 2
	}
	if len(t.slots) < n {
		t.slots = make([]uint64, n)
	} else {
		clear(t.slots)
	}
	t.used = 0
	if cap(t.reps) < values+1 {
		t.reps = make([]*builder.Inst, 0, values+1)
	}
}

// grow doubles the table.
func (t *shortKeyTable) grow() {
	old := t.slots
	t.slots = make([]uint64, 2*len(old))
	mask := len(t.slots) - 1
	for _, s := range old {
		if s == 0 {
			continue
		}
		i := int(s>>32) & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
}

// word is how keyOf writes an operand's word: an id with a value number
// as that number (with the top bit set), anything else as itself.
func (v *valueNumbers) word(o *builder.Operand) uint32 {
	if o.IsID() {
		if n := v.of(o.ID()); n != 0 {
			return 1<<31 | n
		}
	}
	return o.Word
}

// keyOf encodes what makes in's value: opcode, type, operands (ids as
// their value numbers when they have one), and the result's decorations.
// The bytes are v's buffer, valid until the next call.
func (v *valueNumbers) keyOf(in *builder.Inst) []byte {
	k := wire.LittleEndian.AppendUint32(v.key[:0], uint32(in.Op))
	k = wire.LittleEndian.AppendUint32(k, uint32(in.Type))
	ops := in.Operands
	if isCommutative(in.Op) && len(ops) == 2 && v.word(&ops[0]) > v.word(&ops[1]) {
		k = v.appendOperandKey(v.appendOperandKey(k, &ops[1]), &ops[0])
	} else {
		for i := range ops {
			k = v.appendOperandKey(k, &ops[i])
		}
	}
	k = append(k, v.decorations(in.Result)...)
	v.key = k
	return k
}

// appendOperandKey appends what keyOf writes of an operand: its kind, its
// word (see word), a string's length and bytes or a wide literal's high
// word, and its parameters, counted.
func (v *valueNumbers) appendOperandKey(k []byte, o *builder.Operand) []byte {
	k = wire.LittleEndian.AppendUint32(k, uint32(o.Kind))
	k = wire.LittleEndian.AppendUint32(k, v.word(o))
	switch {
	case o.Kind == spv.KindLiteralString:
		k = wire.LittleEndian.AppendUint32(k, uint32(len(o.Str())))
		k = append(k, o.Str()...)
	case o.Wide:
		k = wire.LittleEndian.AppendUint32(k, o.Hi)
	}
	ps := o.Params()
	k = wire.LittleEndian.AppendUint32(k, uint32(len(ps)))
	for i := range ps {
		k = v.appendOperandKey(k, &ps[i])
	}
	return k
}

func isCommutative(op spv.Op) bool {
	switch op {
	case spv.OpPtrEqual, spv.OpPtrNotEqual, spv.OpIAdd, spv.OpFAdd, spv.OpIMul, spv.OpFMul,
		spv.OpDot, spv.OpIAddCarry, spv.OpUMulExtended, spv.OpSMulExtended, spv.OpBitwiseOr, spv.OpBitwiseXor,
		spv.OpBitwiseAnd, spv.OpOrdered, spv.OpUnordered, spv.OpLogicalEqual, spv.OpLogicalNotEqual,
		spv.OpLogicalOr, spv.OpLogicalAnd, spv.OpIEqual, spv.OpINotEqual, spv.OpFOrdEqual, spv.OpFUnordEqual,
		spv.OpFOrdNotEqual, spv.OpFUnordNotEqual:
		return true
	}
	return false
}

// isLoadOpcode reports whether op reads memory or an image.
func isLoadOpcode(op spv.Op) bool {
	switch op {
	case spv.OpLoad, spv.OpImageSampleExplicitLod, spv.OpImageSampleImplicitLod, spv.OpImageSampleDrefImplicitLod,
		spv.OpImageSampleDrefExplicitLod, spv.OpImageSampleProjImplicitLod, spv.OpImageSampleProjExplicitLod,
		spv.OpImageSampleProjDrefImplicitLod, spv.OpImageSampleProjDrefExplicitLod,
		spv.OpImageSampleFootprintNV, spv.OpImageFetch, spv.OpImageGather, spv.OpImageDrefGather,
		spv.OpImageRead, spv.OpImageSparseSampleImplicitLod, spv.OpImageSparseSampleExplicitLod,
		spv.OpImageSparseSampleDrefExplicitLod, spv.OpImageSparseSampleDrefImplicitLod, spv.OpImageSparseFetch,
		spv.OpImageSparseGather, spv.OpImageSparseDrefGather, spv.OpImageSparseRead:
		return true
	}
	return false
}

// readOnlyLoad reports whether the load reads memory nothing writes: a
// read-only variable, or a sampled image loaded from one.
func (v *valueNumbers) readOnlyLoad(in *builder.Inst) bool {
	base := v.c.baseAddress(in.Operands[0].ID())
	if base == nil {
		return false
	}
	if r := v.readOnly.at(base.Result); r != 0 {
		return r == readOnlyYes
	}
	r := false
	switch base.Op {
	case spv.OpVariable:
		r = v.readOnlyPointer(base)
	case spv.OpLoad:
		b := v.c.B
		if b.TypeOp(base.Type) == spv.OpTypeSampledImage {
			img := b.Def(b.ElementType(base.Type))
			r = img != nil && img.Op == spv.OpTypeImage && img.Operands[5].Word == 1
		}
	}
	if r {
		v.readOnly.put(base.Result, readOnlyYes)
	} else {
		v.readOnly.put(base.Result, readOnlyNo)
	}
	return r
}

// readOnlyPointer reports whether a variable cannot be written (in a
// shader): uniform constants other than storage images and texel buffers,
// uniform buffers, push constants, inputs, or NonWritable.
func (v *valueNumbers) readOnlyPointer(varInst *builder.Inst) bool {
	b := v.c.B
	sc, pointee, ok := b.Pointee(varInst.Type)
	if !ok {
		return false
	}
	unarray := func(t builder.ID) builder.ID {
		if op := b.TypeOp(t); op == spv.OpTypeArray || op == spv.OpTypeRuntimeArray {
			return b.ElementType(t)
		}
		return t
	}
	base := unarray(pointee)
	switch sc {
	case spv.StorageClassUniformConstant:
		img := b.Def(base)
		if img == nil || img.Op != spv.OpTypeImage || img.Operands[5].Word == 1 {
			return true // not a storage image or texel buffer
		}
	case spv.StorageClassUniform:
		if b.TypeOp(base) != spv.OpTypeStruct || !v.decoratedWith(base, spv.DecorationBufferBlock) {
			return true
		}
	case spv.StorageClassPushConstant, spv.StorageClassInput:
		return true
	}
	return v.decoratedWith(varInst.Result, spv.DecorationNonWritable)
}

func (v *valueNumbers) decoratedWith(id builder.ID, d spv.Decoration) bool {
	v.decoList = v.decoIdx.appendOf(v.decoList[:0], id)
	for _, a := range v.decoList {
		if a.Op == spv.OpDecorate && spv.Decoration(a.Operands[1].Word) == d {
			return true
		}
	}
	return false
}

// decorations returns a canonical string of the decorations of id (as
// sets per decoration opcode, what spirv-opt compares).
func (v *valueNumbers) decorations(id builder.ID) string {
	if !v.c.DU.MayBeAnnotated(id) {
		return "" // most ids: no decoration to look up
	}
	if s, ok := v.decos[id]; ok {
		return s
	}
	v.decoList = v.decoIdx.appendOf(v.decoList[:0], id)
	as := v.decoList
	if len(as) == 0 {
		return ""
	}
	// Each decoration's text, written into one buffer (a struct type's
	// member offsets are many): the parts are slices of it.
	buf := v.decoText[:0]
	ends := make([]int, 0, len(as))
	for _, a := range as {
		buf = append(buf, a.Op.String()...)
		for i := 1; i < len(a.Operands); i++ {
			buf = a.Operands[i].AppendText(append(buf, ' '))
		}
		ends = append(ends, len(buf))
	}
	v.decoText = buf
	parts := make([][]byte, len(as))
	start := 0
	for i, end := range ends {
		parts[i] = buf[start:end]
		start = end
	}
	slices.SortFunc(parts, bytes.Compare)
	parts = slices.CompactFunc(parts, bytes.Equal)
	n := 0
	for _, p := range parts {
		n += 1 + len(p)
	}
	out := make([]byte, 0, n)
	for _, p := range parts {
		out = append(append(out, 0), p...)
	}
	s := string(out)
	v.decos[id] = s
	return s
}

func (v *valueNumbers) sameDecorations(a, b builder.ID) bool {
	return v.decorations(a) == v.decorations(b)
}
