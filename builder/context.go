package builder

import (
	"encoding/binary"
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Context allocates ids and interns the module-level things that must
// exist once: types, constants (spec constants excepted), OpUndef,
// decorations and names. Asking twice for the same type gives the same
// id. It writes into a Module's Globals, Annotations and Names sections.
//
// Errors (an operand that does not fit the grammar, a constant of a
// non-numeric type) are sticky: the method returns 0 and Err reports the
// first one.
type Context struct {
	m      *Module
	types  internTable[typeKey]
	consts internTable[constKey]
	decos  decoTable
	names  nameTable
	// namesLater says the names table is to be filled from the module's
	// names on first use (internNames).
	namesLater bool
	defs       []*Inst // by id, every instruction made through the builder
	enc        InstBuilder
	key        []byte
	slab       slab[Inst]
	opSlab     slab[Operand]
	// strSlab holds the names' strings (str): a module names most of its
	// variables and blocks.
	strSlab slab[operandExtra]
	// blockSlab and instSlab serve FunctionBuilder.StartBlock (newBlock,
	// instList).
	blockSlab slab[Block]
	instSlab  slab[*Inst]
	// probe is the instruction decorate encodes for its key.
	probe struct {
		in     Inst
		ops    [3]Operand
		x      operandExtra
		params []Operand
	}
	err error
}

type typeKey struct {
	op      spv.Op
	a, b, c uint32
	s       string
}

// word packs k into one word when it fits (no string, no third field, a
// and b below 2^24), as nearly every scalar, vector and pointer type's
// does.
func (k typeKey) word() (uint64, bool) {
	if k.s != "" || k.c != 0 || (k.a|k.b)>>24 != 0 {
		return 0, false
	}
	return uint64(k.op)<<48 | uint64(k.a)<<24 | uint64(k.b), true
}

type constKey struct {
	op     spv.Op
	typ    ID
	lo, hi uint32
	s      string
}

// word packs k into one word when it fits (a scalar constant of at most
// 32 bits, OpConstantNull or OpUndef, of a type below 2^29).
func (k constKey) word() (uint64, bool) {
	var tag uint64
	switch k.op {
	case spv.OpConstant:
		tag = 1
	case spv.OpConstantTrue:
		tag = 2
	case spv.OpConstantFalse:
		tag = 3
	case spv.OpConstantNull:
		tag = 4
	case spv.OpUndef:
		tag = 5
	default:
		return 0, false
	}
	if k.s != "" || k.hi != 0 || k.typ>>29 != 0 {
		return 0, false
	}
	return tag<<61 | uint64(k.typ)<<32 | uint64(k.lo), true
}

// An internTable maps interning keys to ids: the keys that pack into a
// word in a map keyed by it, the others in a map keyed by the struct.
// The runtime hashes and compares a uint64 key in a fraction of the time
// a struct holding a string takes, and code generation interns a type or
// a constant for nearly every expression.
// The key's word comes from the caller (k.word()): a method called through
// a type parameter is not inlined.
type internTable[K comparable] struct {
	small map[uint64]ID
	other map[K]ID
}

func (t *internTable[K]) get(k K, w uint64, packed bool) (ID, bool) {
	if packed {
		id, ok := t.small[w]
		return id, ok
	}
	id, ok := t.other[k]
	return id, ok
}

func (t *internTable[K]) set(k K, w uint64, packed bool, id ID) {
	if packed {
		if t.small == nil {
			t.small = map[uint64]ID{}
		}
		t.small[w] = id
		return
	}
	if t.other == nil {
		t.other = map[K]ID{}
	}
	t.other[k] = id
}

func (t *internTable[K]) len() int { return len(t.small) + len(t.other) }

// deleteIf forgets the ids for which gone returns true.
func (t *internTable[K]) deleteIf(gone func(ID) bool) {
	deleteValues(t.small, gone)
	deleteValues(t.other, gone)
}

// deleteValues deletes m's entries whose value gone returns true for.
func deleteValues[K comparable, V any](m map[K]V, gone func(V) bool) {
	maps.DeleteFunc(m, func(_ K, v V) bool { return gone(v) })
}

type nameKey struct {
	id     ID
	member int64
	name   string
}

// A nameTable maps an id (or a member of a struct type) and a name to the
// OpName (OpMemberName) giving it. The first name of each id or member, as
// good as the only one, is kept by a word packing the two, which the
// runtime hashes much faster than a key holding the string; the others by
// the whole key.
type nameTable struct {
	first map[uint64]*Inst
	other map[nameKey]*Inst
}

// nameSlot is the word of an id or a member (-1 for the id itself);
// false when the member is too large to pack.
func nameSlot(id ID, member int64) (uint64, bool) {
	if member >= 1<<32-1 {
		return 0, false
	}
	return uint64(id)<<32 | uint64(uint32(member+1)), true
}

// nameOf returns the name an OpName or OpMemberName gives.
func nameOf(in *Inst) string {
	if in.Op == spv.OpMemberName {
		return in.Operands[2].Str()
	}
	return in.Operands[1].Str()
}

func (t *nameTable) get(id ID, member int64, name string) *Inst {
	if w, ok := nameSlot(id, member); ok {
		// A killed instruction (DefUse.Kill) is an OpNop: its slot is
		// free.
		if d := t.first[w]; d != nil && !d.killed() && nameOf(d) == name {
			return d
		}
	}
	if len(t.other) == 0 {
		return nil
	}
	return t.other[nameKey{id, member, name}]
}

func (t *nameTable) set(id ID, member int64, name string, in *Inst) {
	if w, ok := nameSlot(id, member); ok {
		if d := t.first[w]; d == nil || d.killed() || nameOf(d) == name {
			if t.first == nil {
				t.first = map[uint64]*Inst{}
			}
			t.first[w] = in
			return
		}
	}
	if t.other == nil {
		t.other = map[nameKey]*Inst{}
	}
	t.other[nameKey{id, member, name}] = in
}

// deleteIf forgets the instructions for which gone returns true.
func (t *nameTable) deleteIf(gone func(*Inst) bool) {
	deleteValues(t.first, gone)
	deleteValues(t.other, gone)
}

// NewContext returns a Context writing into m. The definitions already in
// m are recorded (so Def, TypeOf and the type queries know them), but the
// interning tables start empty: asking for a type m already has makes a
// second one. Build modules with a Context from the start.
func NewContext(m *Module) *Context {
	// The table by id gets the room the module's def-use chains were
	// given, if built (a pass pipeline sizes them for the ids its passes
	// will make): grown as the ids come, it was copied twice over while
	// optimizing a typical shader.
	room := int(m.Bound)
	if m.du != nil {
		room = max(room, cap(m.du.defs))
	}
	c := &Context{m: m,
		defs: make([]*Inst, m.Bound, room)}
	c.enc.Resolver = c
	for in := range m.All() {
		// The module's def-use chains, when built, know these already.
		c.recordDef(in)
	}
	return c
}

// Module returns the module the context writes into.
func (c *Context) Module() *Module { return c.m }

// Err returns the first error met, or nil.
func (c *Context) Err() error { return c.err }

func (c *Context) setErr(err error) {
	if c.err == nil {
		c.err = err
	}
}

// NewID allocates a fresh id.
func (c *Context) NewID() ID { return c.m.NewID() }

// Def returns the instruction that defined id through this context or its
// ModuleBuilder (or, once the module's def-use chains are built, anywhere
// in the module), or nil.
func (c *Context) Def(id ID) *Inst {
	if int(id) < len(c.defs) && c.defs[id] != nil {
		return c.defs[id]
	}
	if c.m.du != nil {
		// Made by a pass outside the builder: the def-use chains know it.
		return c.m.du.Def(id)
	}
	return nil
}

func (c *Context) record(in *Inst) {
	if c.m.du != nil {
		c.m.du.Define(in)
	}
	c.recordDef(in)
}

// recordDef remembers the instruction defining in.Result.
func (c *Context) recordDef(in *Inst) {
	if in.Result == 0 {
		return
	}
	if n := int(in.Result) + 1; n > len(c.defs) {
		// Within the room NewContext left, reslicing exposes zeroed
		// entries; past it, the table grows as append grows a slice.
		c.defs = slices.Grow(c.defs, n-len(c.defs))[:n]
	}
	c.defs[in.Result] = in
}

// alive reports whether an interned id is still defined: a pass may have
// deleted it (DefUse.Kill), and then it is made anew when asked for.
func (c *Context) alive(id ID) bool {
	d := c.Def(id)
	return d == nil || d.Result == id
}

// check validates the instruction against the grammar.
func (c *Context) check(in *Inst) bool {
	if err := c.enc.Check(in); err != nil {
		c.setErr(err)
		return false
	}
	return true
}

// LiteralWords implements Resolver.
func (c *Context) LiteralWords(typ ID) int { return literalWordsOf(c.Def(typ)) }

// TypeOf implements Resolver: the result type of value.
func (c *Context) TypeOf(value ID) ID { return typeOf(c.Def(value)) }

// ExtInstSet implements Resolver.
func (c *Context) ExtInstSet(id ID) *spv.ExtInstSet { return extInstSetOf(c.Def(id)) }

// global appends a new module-level instruction with a fresh result id.
func (c *Context) global(op spv.Op, typ ID, ops ...Operand) ID {
	in := c.newInst()
	*in = Inst{Op: op, Type: typ, Result: c.m.NewID(), Operands: c.copyOperands(ops)}
	if !c.check(in) {
		return 0
	}
	c.m.Globals = append(c.m.Globals, in)
	c.record(in)
	return in.Result
}

func (c *Context) internType(k typeKey, make func() ID) ID {
	w, packed := k.word()
	if id, ok := c.types.get(k, w, packed); ok && c.alive(id) {
		return id
	}
	id := make()
	if id != 0 {
		c.types.set(k, w, packed, id)
	}
	return id
}

// TypeVoid returns OpTypeVoid.
func (c *Context) TypeVoid() ID {
	return c.internType(typeKey{op: spv.OpTypeVoid}, func() ID { return c.global(spv.OpTypeVoid, 0) })
}

// TypeBool returns OpTypeBool.
func (c *Context) TypeBool() ID {
	return c.internType(typeKey{op: spv.OpTypeBool}, func() ID { return c.global(spv.OpTypeBool, 0) })
}

// TypeInt returns the integer type of the width and signedness.
func (c *Context) TypeInt(width uint32, signed bool) ID {
	s := uint32(0)
	if signed {
		s = 1
	}
	return c.internType(typeKey{op: spv.OpTypeInt, a: width, b: s}, func() ID {
		return c.global(spv.OpTypeInt, 0, Lit(width), Lit(s))
	})
}

// TypeFloat returns the float type of the width.
func (c *Context) TypeFloat(width uint32) ID {
	return c.internType(typeKey{op: spv.OpTypeFloat, a: width}, func() ID {
		return c.global(spv.OpTypeFloat, 0, Lit(width))
	})
}

// TypeVector returns the vector of n elements of type elem.
func (c *Context) TypeVector(elem ID, n uint32) ID {
	return c.internType(typeKey{op: spv.OpTypeVector, a: uint32(elem), b: n}, func() ID {
		return c.global(spv.OpTypeVector, 0, Ref(elem), Lit(n))
	})
}

// TypeMatrix returns the matrix of n columns of vector type column.
func (c *Context) TypeMatrix(column ID, n uint32) ID {
	return c.internType(typeKey{op: spv.OpTypeMatrix, a: uint32(column), b: n}, func() ID {
		return c.global(spv.OpTypeMatrix, 0, Ref(column), Lit(n))
	})
}

// TypeArray returns the array of elem whose length is the constant id
// length. A non-zero stride decorates it with ArrayStride: arrays that
// differ only in stride are distinct types.
func (c *Context) TypeArray(elem, length ID, stride uint32) ID {
	return c.internType(typeKey{op: spv.OpTypeArray, a: uint32(elem), b: uint32(length), c: stride}, func() ID {
		id := c.global(spv.OpTypeArray, 0, Ref(elem), Ref(length))
		if id != 0 && stride != 0 {
			c.Decorate(id, spv.DecorationArrayStride, Lit(stride))
		}
		return id
	})
}

// TypeArrayN is TypeArray with the length given as a number (a 32-bit
// unsigned constant, as DXC makes).
func (c *Context) TypeArrayN(elem ID, n, stride uint32) ID {
	return c.TypeArray(elem, c.ConstUint32(n), stride)
}

// TypeRuntimeArray returns the runtime array of elem, decorated with
// ArrayStride when stride is not zero.
func (c *Context) TypeRuntimeArray(elem ID, stride uint32) ID {
	return c.internType(typeKey{op: spv.OpTypeRuntimeArray, a: uint32(elem), c: stride}, func() ID {
		id := c.global(spv.OpTypeRuntimeArray, 0, Ref(elem))
		if id != 0 && stride != 0 {
			c.Decorate(id, spv.DecorationArrayStride, Lit(stride))
		}
		return id
	})
}

// TypePointer returns the pointer to pointee in storage class sc.
func (c *Context) TypePointer(sc spv.StorageClass, pointee ID) ID {
	return c.internType(typeKey{op: spv.OpTypePointer, a: uint32(sc), b: uint32(pointee)}, func() ID {
		return c.global(spv.OpTypePointer, 0, Enum(sc), Ref(pointee))
	})
}

// TypeDeclared interns a type instruction given by its opcode and
// operands (an inline SPIR-V type: vk::SpirvType, vk::SpirvOpaqueType); the
// operands are checked against the grammar.
func (c *Context) TypeDeclared(op spv.Op, ops ...Operand) ID {
	return c.internType(typeKey{op: op, s: declaredKey(ops)}, func() ID {
		return c.global(op, 0, ops...)
	})
}

// GlobalInst appends an instruction with a result to the global section
// (a constant made by inline SPIR-V); it is not interned.
func (c *Context) GlobalInst(op spv.Op, typ ID, ops ...Operand) ID {
	return c.global(op, typ, ops...)
}

// TypeForwardPointer declares, with OpTypeForwardPointer, the id of a
// pointer type of storage class sc whose pointee is not built yet (a
// struct that holds a pointer to itself); DefinePointer defines it.
func (c *Context) TypeForwardPointer(sc spv.StorageClass) ID {
	id := c.m.NewID()
	in := c.newInst()
	*in = Inst{Op: spv.OpTypeForwardPointer, Operands: c.copyOperands([]Operand{Ref(id), Enum(sc)})}
	if !c.check(in) {
		return 0
	}
	c.m.Globals = append(c.m.Globals, in)
	return id
}

// DefinePointer emits the OpTypePointer of a forward-declared pointer id,
// which TypePointer(sc, pointee) then returns.
func (c *Context) DefinePointer(id ID, sc spv.StorageClass, pointee ID) ID {
	return c.internType(typeKey{op: spv.OpTypePointer, a: uint32(sc), b: uint32(pointee)}, func() ID {
		in := c.newInst()
		*in = Inst{Op: spv.OpTypePointer, Result: id, Operands: c.copyOperands([]Operand{Enum(sc), Ref(pointee)})}
		if !c.check(in) {
			return 0
		}
		c.m.Globals = append(c.m.Globals, in)
		c.record(in)
		return id
	})
}

// TypeFunction returns the function type.
func (c *Context) TypeFunction(ret ID, params ...ID) ID {
	c.key = c.key[:0]
	for _, p := range params {
		c.key = binary.LittleEndian.AppendUint32(c.key, uint32(p))
	}
	return c.internType(typeKey{op: spv.OpTypeFunction, a: uint32(ret), s: string(c.key)}, func() ID {
		return c.global(spv.OpTypeFunction, 0, append([]Operand{Ref(ret)}, Refs(params...)...)...)
	})
}

// ImageType describes an OpTypeImage.
type ImageType struct {
	SampledType ID
	Dim         spv.Dim
	Depth       uint32 // 0 not depth, 1 depth, 2 unknown
	Arrayed, MS bool
	Sampled     uint32 // 0 unknown (run time), 1 with a sampler, 2 storage
	Format      spv.ImageFormat
	// Access is the optional access qualifier (kernels only); HasAccess says
	// whether it is present.
	HasAccess bool
	Access    spv.AccessQualifier
}

// TypeImage returns the image type.
func (c *Context) TypeImage(t ImageType) ID {
	b := func(v bool) uint32 {
		if v {
			return 1
		}
		return 0
	}
	packed := uint32(t.Dim) | t.Depth<<8 | b(t.Arrayed)<<10 | b(t.MS)<<11 | t.Sampled<<12 | b(t.HasAccess)<<14 | uint32(t.Access)<<16
	return c.internType(typeKey{op: spv.OpTypeImage, a: uint32(t.SampledType), b: packed, c: uint32(t.Format)}, func() ID {
		ops := []Operand{Ref(t.SampledType), Enum(t.Dim), Lit(t.Depth), Lit(b(t.Arrayed)), Lit(b(t.MS)), Lit(t.Sampled), Enum(t.Format)}
		if t.HasAccess {
			ops = append(ops, Enum(t.Access))
		}
		return c.global(spv.OpTypeImage, 0, ops...)
	})
}

// TypeSampler returns OpTypeSampler.
func (c *Context) TypeSampler() ID {
	return c.internType(typeKey{op: spv.OpTypeSampler}, func() ID { return c.global(spv.OpTypeSampler, 0) })
}

// TypeSampledImage returns the sampled image type of image.
func (c *Context) TypeSampledImage(image ID) ID {
	return c.internType(typeKey{op: spv.OpTypeSampledImage, a: uint32(image)}, func() ID {
		return c.global(spv.OpTypeSampledImage, 0, Ref(image))
	})
}

// TypeAccelerationStructure returns OpTypeAccelerationStructureKHR.
func (c *Context) TypeAccelerationStructure() ID {
	return c.internType(typeKey{op: spv.OpTypeAccelerationStructureKHR}, func() ID {
		return c.global(spv.OpTypeAccelerationStructureKHR, 0)
	})
}

// TypeRayQuery returns OpTypeRayQueryKHR.
func (c *Context) TypeRayQuery() ID {
	return c.internType(typeKey{op: spv.OpTypeRayQueryKHR}, func() ID { return c.global(spv.OpTypeRayQueryKHR, 0) })
}

// A Decoration is a decoration with its parameters (for Context.Decorate
// and the decorations of struct types and members).
type Decoration struct {
	Kind   spv.Decoration
	Params []Operand
}

// Deco makes a Decoration.
func Deco(d spv.Decoration, params ...Operand) Decoration { return Decoration{d, params} }

// StructType describes an OpTypeStruct with everything that makes it
// distinct: the HLSL struct used under two layout rules, or under two
// names, gives two SPIR-V types. Two StructTypes equal in every field
// (name, member types, member names, all decorations) give one id.
type StructType struct {
	Name        string // OpName, "" for none
	Members     []StructMember
	Decorations []Decoration // on the struct: Block, BufferBlock...
}

// StructMember is one member of a StructType.
type StructMember struct {
	Type        ID
	Name        string       // OpMemberName, "" for none
	Decorations []Decoration // Offset, MatrixStride, RowMajor, NonWritable, BuiltIn...
}

// TypeStruct returns the struct type t, with its names and decorations.
func (c *Context) TypeStruct(t StructType) ID {
	return c.internType(c.structKey(t), func() ID {
		ops := make([]Operand, len(t.Members))
		for i, m := range t.Members {
			ops[i] = Ref(m.Type)
		}
		id := c.global(spv.OpTypeStruct, 0, ops...)
		if id == 0 {
			return 0
		}
		if t.Name != "" {
			c.Name(id, t.Name)
		}
		for i, m := range t.Members {
			if m.Name != "" {
				c.MemberName(id, uint32(i), m.Name)
			}
		}
		for _, d := range t.Decorations {
			c.Decorate(id, d.Kind, d.Params...)
		}
		for i, m := range t.Members {
			for _, d := range m.Decorations {
				c.MemberDecorate(id, uint32(i), d.Kind, d.Params...)
			}
		}
		return id
	})
}

func appendKeyString(k []byte, s string) []byte {
	k = binary.LittleEndian.AppendUint32(k, uint32(len(s)))
	return append(k, s...)
}

func appendKeyDecos(k []byte, ds []Decoration) []byte {
	k = binary.LittleEndian.AppendUint32(k, uint32(len(ds)))
	for _, d := range ds {
		k = binary.LittleEndian.AppendUint32(k, uint32(d.Kind))
		k = appendKeyOperands(k, d.Params)
	}
	return k
}

func appendKeyOperands(k []byte, ops []Operand) []byte {
	k = binary.LittleEndian.AppendUint32(k, uint32(len(ops)))
	for _, o := range ops {
		k = append(k, byte(o.Kind))
		k = binary.LittleEndian.AppendUint32(k, o.Word)
		k = binary.LittleEndian.AppendUint32(k, o.Hi)
		k = appendKeyString(k, o.Str())
		k = appendKeyOperands(k, o.Params())
	}
	return k
}

// Decorate decorates target, once: the same decoration with the same
// parameters on the same target is emitted one time. A decoration with a
// string parameter uses OpDecorateString, one with an id parameter
// OpDecorateId.
func (c *Context) Decorate(target ID, d spv.Decoration, params ...Operand) {
	c.decorate(target, -1, d, params)
}

// MemberDecorate decorates member of the struct type, once.
func (c *Context) MemberDecorate(structType ID, member uint32, d spv.Decoration, params ...Operand) {
	c.decorate(structType, int64(member), d, params)
}

func (c *Context) decorate(target ID, member int64, d spv.Decoration, params []Operand) {
	// OpDecorateString is for decorations whose operands are all strings
	// (UserSemantic...); LinkageAttributes mixes a name and an enumerant
	// and stays OpDecorate
	hasString, hasID := len(params) > 0, false
	for _, p := range params {
		hasString = hasString && p.Kind == spv.KindLiteralString
		hasID = hasID || isID(p)
	}
	// The instruction is first encoded for its key from the context's
	// probe: only a decoration not made before takes memory (from the
	// slabs).
	p := &c.probe
	ops := &p.ops
	deco := Operand{Kind: d.Kind(), Word: uint32(d)}
	if len(params) > 0 {
		// A copy: the callers' variadic params then stay on their stacks.
		p.x.params = append(p.params[:0], params...)
		p.params = p.x.params
		deco.x = &p.x
	}
	probe := &p.in
	*probe = Inst{Operands: ops[:2]}
	if member < 0 {
		probe.Op = spv.OpDecorate
		switch {
		case hasString:
			probe.Op = spv.OpDecorateString
		case hasID:
			probe.Op = spv.OpDecorateId
		}
		ops[0], ops[1] = Ref(target), deco
	} else {
		probe.Op = spv.OpMemberDecorate
		if hasString {
			probe.Op = spv.OpMemberDecorateString
		}
		ops[0], ops[1], ops[2] = Ref(target), Lit(uint32(member)), deco
		probe.Operands = ops[:3]
	}
	words, err := c.enc.EncodeInst(probe)
	if err != nil {
		c.setErr(err)
		return
	}
	if d := c.decos.get(words); d != nil && !d.killed() {
		return
	}
	in := c.newInst()
	in.Op = probe.Op
	in.Operands = c.copyOperands(probe.Operands)
	if len(params) > 0 {
		x := c.strSlab.one(256)
		x.params = c.copyOperands(params)
		in.Operands[len(in.Operands)-1].x = x
	}
	c.decos.set(words, in)
	c.m.Annotations = append(c.m.Annotations, in)
	if c.m.du != nil {
		c.m.du.Define(in)
	}
}

// A decoTable maps an annotation's words to the instruction: those of up
// to five words (nearly all: a decoration with at most one literal) by an
// array of them, which the runtime hashes without a string made for the
// key, the others by their bytes.
type decoTable struct {
	small map[[5]uint32]*Inst
	other map[string]*Inst
	key   []byte
}

func (t *decoTable) get(words []uint32) *Inst {
	if len(words) <= 5 {
		var k [5]uint32
		copy(k[:], words)
		return t.small[k]
	}
	t.key = appendWordBytes(t.key[:0], words)
	return t.other[string(t.key)]
}

func (t *decoTable) set(words []uint32, in *Inst) {
	if len(words) <= 5 {
		var k [5]uint32
		copy(k[:], words)
		if t.small == nil {
			t.small = map[[5]uint32]*Inst{}
		}
		t.small[k] = in
		return
	}
	if t.other == nil {
		t.other = map[string]*Inst{}
	}
	t.other[string(appendWordBytes(t.key[:0], words))] = in
}

func (t *decoTable) len() int { return len(t.small) + len(t.other) }

// deleteIf forgets the instructions for which gone returns true.
func (t *decoTable) deleteIf(gone func(*Inst) bool) {
	deleteValues(t.small, gone)
	deleteValues(t.other, gone)
}

func appendWordBytes(k []byte, words []uint32) []byte {
	for _, w := range words {
		k = binary.LittleEndian.AppendUint32(k, w)
	}
	return k
}

// Name gives id a debug name (OpName), once per (id, name).
func (c *Context) Name(id ID, name string) {
	c.internNames()
	if d := c.names.get(id, -1, name); d != nil && !d.killed() {
		return
	}
	c.names.set(id, -1, name, c.nameFresh(id, name))
}

// nameFresh names an id just allocated, which cannot have the name yet.
func (c *Context) nameFresh(id ID, name string) *Inst {
	in := c.newInst()
	*in = Inst{Op: spv.OpName, Operands: c.copyOperands([]Operand{Ref(id), c.str(name)})}
	c.m.Names = append(c.m.Names, in)
	if c.m.du != nil {
		c.m.du.Define(in)
	}
	return in
}

// copyOperands copies ops into a slab, so that callers' variadic slices
// stay on their stack and instructions share few allocations. The copy's
// capacity is its length: appending to it reallocates instead of
// overwriting a neighbour.
func (c *Context) copyOperands(ops []Operand) []Operand {
	n := len(ops)
	if n == 0 {
		return nil
	}
	if n > 64 {
		return append([]Operand(nil), ops...)
	}
	dst := c.opSlab.take(n, 1024)
	copy(dst, ops)
	return dst
}

// str is Str(s) with the string's holder from a slab: one allocation per
// 256 names instead of one each.
func (c *Context) str(s string) Operand {
	x := c.strSlab.one(256)
	x.str = s
	return Operand{Kind: spv.KindLiteralString, x: x}
}

// newBlock allocates a block from a slab: one allocation per 64 blocks.
func (c *Context) newBlock() *Block { return c.blockSlab.one(64) }

// instList returns an empty instruction list with room for a typical
// block's instructions, carved from a shared array (capacity-limited, so
// a block that outgrows it moves to an array of its own): emitted blocks
// then do not grow their lists 1, 2, 4, 8 one allocation at a time.
func (c *Context) instList() []*Inst {
	const room = 8
	return c.instSlab.take(room, 128*room)[:0]
}

// newInst allocates an instruction from a slab: one allocation per 256
// instructions instead of one each.
func (c *Context) newInst() *Inst { return c.slab.one(256) }

// A slab hands out zero values from chunks it allocates: many small
// values for few allocations. Its chunks double from slabFirst values up
// to the limit its caller gives, so that a context making a handful of
// values (the optimizer's, adding a few constants to a module) pays for
// about a handful, and one making thousands (the code generator's) for
// about as many as it makes.
type slab[T any] struct {
	free  []T
	chunk int // the length of the last chunk
}

// slabFirst is the length of a slab's first chunk.
const slabFirst = 16

// take returns n zero values in one array whose capacity is n (appending
// to it reallocates instead of overwriting a neighbour), from a new chunk
// of up to limit values if the current one has fewer than n left.
func (s *slab[T]) take(n, limit int) []T {
	if len(s.free) < n {
		s.chunk = min(max(2*s.chunk, slabFirst), limit)
		s.free = make([]T, max(n, s.chunk))
	}
	v := s.free[:n:n]
	s.free = s.free[n:]
	return v
}

// one returns a pointer to a zero value (see take).
func (s *slab[T]) one(limit int) *T { return &s.take(1, limit)[0] }

// MemberName names member of a struct type (OpMemberName), once.
func (c *Context) MemberName(structType ID, member uint32, name string) {
	c.internNames()
	if d := c.names.get(structType, int64(member), name); d != nil && !d.killed() {
		return
	}
	in := c.newInst()
	*in = Inst{Op: spv.OpMemberName, Operands: c.copyOperands([]Operand{Ref(structType), Lit(member), c.str(name)})}
	c.names.set(structType, int64(member), name, in)
	c.m.Names = append(c.m.Names, in)
	if c.m.du != nil {
		c.m.du.Define(in)
	}
}

// scalarInfo returns the opcode and width of a scalar numeric type.
func (c *Context) scalarInfo(typ ID) (op spv.Op, width uint32, signed bool, ok bool) {
	d := c.Def(typ)
	if d == nil {
		return 0, 0, false, false
	}
	switch d.Op {
	case spv.OpTypeInt:
		return d.Op, d.Operands[0].Word, d.Operands[1].Word == 1, true
	case spv.OpTypeFloat:
		return d.Op, d.Operands[0].Word, false, true
	}
	return d.Op, 0, false, false
}

// literalFor encodes bits as the literal of scalar type typ: masked to the
// width, sign-extended to 32 bits for narrow signed integers.
func (c *Context) literalFor(typ ID, bits uint64) (Operand, bool) {
	op, width, signed, ok := c.scalarInfo(typ)
	if !ok {
		c.setErr(fmt.Errorf("constant of %%%d, which is not a numeric scalar type (%s)", typ, op))
		return Operand{}, false
	}
	if width > 32 {
		return Lit64(bits), true
	}
	if width < 32 {
		bits &= 1<<width - 1
		if signed && bits&(1<<(width-1)) != 0 {
			bits |= ^uint64(0) << width
		}
	}
	return Lit(uint32(bits)), true
}

func (c *Context) internConst(k constKey, make func() ID) ID {
	w, packed := k.word()
	if id, ok := c.consts.get(k, w, packed); ok && c.alive(id) {
		return id
	}
	id := make()
	if id != 0 {
		c.consts.set(k, w, packed, id)
	}
	return id
}

// Constant returns the OpConstant of numeric scalar type typ whose value
// has the bit pattern bits (for floats: math.Float32bits/Float64bits).
func (c *Context) Constant(typ ID, bits uint64) ID {
	lit, ok := c.literalFor(typ, bits)
	if !ok {
		return 0
	}
	return c.internConst(constKey{op: spv.OpConstant, typ: typ, lo: lit.Word, hi: lit.Hi}, func() ID {
		return c.global(spv.OpConstant, typ, lit)
	})
}

// ConstInt32 returns the 32-bit signed integer constant v.
func (c *Context) ConstInt32(v int32) ID { return c.Constant(c.TypeInt(32, true), uint64(uint32(v))) }

// ConstUint32 returns the 32-bit unsigned integer constant v.
func (c *Context) ConstUint32(v uint32) ID { return c.Constant(c.TypeInt(32, false), uint64(v)) }

// ConstInt64 returns the 64-bit signed integer constant v.
func (c *Context) ConstInt64(v int64) ID { return c.Constant(c.TypeInt(64, true), uint64(v)) }

// ConstUint64 returns the 64-bit unsigned integer constant v.
func (c *Context) ConstUint64(v uint64) ID { return c.Constant(c.TypeInt(64, false), v) }

// ConstFloat32 returns the 32-bit float constant f (interned by bit
// pattern: 0.0 and -0.0 are distinct).
func (c *Context) ConstFloat32(f float32) ID {
	return c.Constant(c.TypeFloat(32), uint64(math.Float32bits(f)))
}

// ConstFloat64 returns the 64-bit float constant f.
func (c *Context) ConstFloat64(f float64) ID { return c.Constant(c.TypeFloat(64), math.Float64bits(f)) }

// ConstBool returns OpConstantTrue or OpConstantFalse.
func (c *Context) ConstBool(v bool) ID {
	op := spv.OpConstantFalse
	if v {
		op = spv.OpConstantTrue
	}
	t := c.TypeBool()
	return c.internConst(constKey{op: op, typ: t}, func() ID { return c.global(op, t) })
}

// ConstNull returns OpConstantNull of typ.
func (c *Context) ConstNull(typ ID) ID {
	return c.internConst(constKey{op: spv.OpConstantNull, typ: typ}, func() ID {
		return c.global(spv.OpConstantNull, typ)
	})
}

// ConstComposite returns the composite constant of typ made of the
// constants elems.
func (c *Context) ConstComposite(typ ID, elems ...ID) ID {
	k := c.key[:0]
	for _, e := range elems {
		k = binary.LittleEndian.AppendUint32(k, uint32(e))
	}
	c.key = k
	return c.internConst(constKey{op: spv.OpConstantComposite, typ: typ, s: string(k)}, func() ID {
		return c.global(spv.OpConstantComposite, typ, Refs(elems...)...)
	})
}

// Undef returns an OpUndef of typ (module-level, interned).
func (c *Context) Undef(typ ID) ID {
	return c.internConst(constKey{op: spv.OpUndef, typ: typ}, func() ID { return c.global(spv.OpUndef, typ) })
}

// SpecConstant returns a new OpSpecConstant of numeric scalar type typ
// with default bits. Spec constants are never merged: each call gives a
// new id (each gets its own SpecId).
func (c *Context) SpecConstant(typ ID, bits uint64) ID {
	lit, ok := c.literalFor(typ, bits)
	if !ok {
		return 0
	}
	return c.global(spv.OpSpecConstant, typ, lit)
}

// SpecConstantBool returns a new OpSpecConstantTrue/False.
func (c *Context) SpecConstantBool(v bool) ID {
	op := spv.OpSpecConstantFalse
	if v {
		op = spv.OpSpecConstantTrue
	}
	return c.global(op, c.TypeBool())
}

// SpecConstantComposite returns a new OpSpecConstantComposite.
func (c *Context) SpecConstantComposite(typ ID, elems ...ID) ID {
	return c.global(spv.OpSpecConstantComposite, typ, Refs(elems...)...)
}

// SpecConstantOp returns a new OpSpecConstantOp computing op on operands.
func (c *Context) SpecConstantOp(typ ID, op spv.Op, operands ...Operand) ID {
	return c.global(spv.OpSpecConstantOp, typ, append([]Operand{Lit(uint32(op))}, operands...)...)
}

// DeleteIf removes the instructions for which del returns true from the
// module (see Module.DeleteIf) and forgets them: a deleted type, constant,
// decoration or name is made anew if asked for again, instead of the
// interning tables handing out a dangling id.
func (c *Context) DeleteIf(del func(*Inst) bool) {
	deleted := map[*Inst]bool{}
	c.m.DeleteIf(func(in *Inst) bool {
		if del(in) {
			deleted[in] = true
			return true
		}
		return false
	})
	if len(deleted) == 0 {
		return
	}
	gone := func(id ID) bool {
		d := c.Def(id)
		return d != nil && deleted[d]
	}
	c.types.deleteIf(gone)
	c.consts.deleteIf(gone)
	c.decos.deleteIf(func(in *Inst) bool { return deleted[in] })
	c.names.deleteIf(func(in *Inst) bool { return deleted[in] })
	for id, d := range c.defs {
		if d != nil && deleted[d] {
			c.defs[id] = nil
		}
	}
}
