package builder

import (
	"encoding/binary"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Edit returns a ModuleBuilder over an existing module (a loaded one, or
// one passes work on), its interning tables rebuilt from the module: asking
// for a type, constant, decoration or name the module already has returns
// the existing one.
func Edit(m *Module) *ModuleBuilder {
	b := &ModuleBuilder{Context: NewContext(m), M: m, imports: map[string]ID{}, strings: map[string]ID{}}
	b.Context.intern()
	for _, in := range m.ExtInstImports {
		if _, dup := b.imports[in.Operands[0].Str()]; !dup {
			b.imports[in.Operands[0].Str()] = in.Result
		}
	}
	for _, in := range m.DebugSources {
		if in.Op == spv.OpString {
			if _, dup := b.strings[in.Operands[0].Str()]; !dup {
				b.strings[in.Operands[0].Str()] = in.Result
			}
		}
	}
	return b
}

// intern fills the interning tables from the module's instructions. Where
// the module has duplicates, the first one is the one handed out.
func (c *Context) intern() {
	m := c.m
	// The tables are made as large as the module needs: grown entry by
	// entry, their rehashing was a fifth of the cost of interning.
	consts := 0
	for _, in := range m.Globals {
		switch in.Op {
		case spv.OpConstant, spv.OpConstantTrue, spv.OpConstantFalse, spv.OpConstantNull, spv.OpUndef, spv.OpConstantComposite:
			consts++
		}
	}
	if c.types.len() == 0 && c.consts.len() == 0 && c.decos.len() == 0 {
		c.types.small = make(map[uint64]ID, len(m.Globals)-consts)
		c.consts.small = make(map[uint64]ID, consts)
		c.decos.small = make(map[[5]uint32]*Inst, len(m.Annotations))
	}
	// Decorations and names, also collected by target for the keys of
	// arrays (their stride) and structs (everything).
	decos := map[ID][]Decoration{}
	// (By struct, lists by member: a struct's members are numbered from 0.)
	memberDecos := map[ID][][]Decoration{}
	names := map[ID]string{}
	memberNames := map[ID][]string{}
	for _, in := range m.Annotations {
		words, err := c.enc.EncodeInst(in)
		if err != nil {
			continue
		}
		if c.decos.get(words) == nil {
			c.decos.set(words, in)
		}
		switch in.Op {
		case spv.OpDecorate, spv.OpDecorateId, spv.OpDecorateString:
			// (Read for arrays and structs only: variables' bindings and
			// locations, most decorations, are not collected.)
			if d := c.Def(in.Operands[0].ID()); d == nil || (d.Op != spv.OpTypeStruct && d.Op != spv.OpTypeArray && d.Op != spv.OpTypeRuntimeArray) {
				continue
			}
			d := in.Operands[1]
			decos[in.Operands[0].ID()] = append(decos[in.Operands[0].ID()], Decoration{spv.Decoration(d.Word), d.Params()})
		case spv.OpMemberDecorate, spv.OpMemberDecorateString:
			s, i, d := in.Operands[0].ID(), in.Operands[1].Word, in.Operands[2]
			ms := memberDecos[s]
			if ms == nil {
				if n := c.structMembers(s); n > 0 {
					ms = make([][]Decoration, n)
					memberDecos[s] = ms
				}
			}
			if uint64(i) < uint64(len(ms)) { // (a struct's key reads its members' only)
				ms[i] = append(ms[i], Decoration{spv.Decoration(d.Word), d.Params()})
			}
		}
	}
	// Only struct types' names make part of an interning key here; the
	// names Name and MemberName hand out are interned on their first use
	// (internNames): passes rarely name anything, and a large module has
	// thousands of names.
	c.names, c.namesLater = nameTable{}, true
	for _, in := range m.Names {
		switch in.Op {
		case spv.OpName:
			id := in.Operands[0].ID()
			if d := c.Def(id); d == nil || d.Op != spv.OpTypeStruct {
				continue
			}
			if _, ok := names[id]; !ok {
				names[id] = in.Operands[1].Str()
			}
		case spv.OpMemberName:
			id, i := in.Operands[0].ID(), in.Operands[1].Word
			ms := memberNames[id]
			if ms == nil {
				if n := c.structMembers(id); n > 0 {
					ms = make([]string, n)
					memberNames[id] = ms
				}
			}
			if uint64(i) < uint64(len(ms)) {
				ms[i] = in.Operands[2].Str()
			}
		}
	}
	stride := func(id ID) uint32 {
		for _, d := range decos[id] {
			if d.Kind == spv.DecorationArrayStride && len(d.Params) == 1 {
				return d.Params[0].Word
			}
		}
		return 0
	}
	word := func(in *Inst, i int) uint32 {
		if i < len(in.Operands) {
			return in.Operands[i].Word
		}
		return 0
	}
	for _, in := range m.Globals {
		var k typeKey
		switch in.Op {
		case spv.OpTypeVoid, spv.OpTypeBool, spv.OpTypeSampler, spv.OpTypeAccelerationStructureKHR, spv.OpTypeRayQueryKHR:
			k = typeKey{op: in.Op}
		case spv.OpTypeInt:
			k = typeKey{op: in.Op, a: word(in, 0), b: word(in, 1)}
		case spv.OpTypeFloat:
			if len(in.Operands) != 1 {
				continue // an encoding other than IEEE: not interned
			}
			k = typeKey{op: in.Op, a: word(in, 0)}
		case spv.OpTypeVector, spv.OpTypeMatrix:
			k = typeKey{op: in.Op, a: word(in, 0), b: word(in, 1)}
		case spv.OpTypeArray:
			k = typeKey{op: in.Op, a: word(in, 0), b: word(in, 1), c: stride(in.Result)}
		case spv.OpTypeRuntimeArray:
			k = typeKey{op: in.Op, a: word(in, 0), c: stride(in.Result)}
		case spv.OpTypePointer:
			k = typeKey{op: in.Op, a: word(in, 0), b: word(in, 1)}
		case spv.OpTypeSampledImage:
			k = typeKey{op: in.Op, a: word(in, 0)}
		case spv.OpTypeFunction:
			var s []byte
			for _, p := range in.Operands[1:] {
				s = binary.LittleEndian.AppendUint32(s, p.Word)
			}
			k = typeKey{op: in.Op, a: word(in, 0), s: string(s)}
		case spv.OpTypeImage:
			b := func(v uint32) uint32 { return min(v, 1) }
			hasAccess := uint32(0)
			if len(in.Operands) > 7 {
				hasAccess = 1
			}
			packed := word(in, 1) | word(in, 2)<<8 | b(word(in, 3))<<10 | b(word(in, 4))<<11 | word(in, 5)<<12 | hasAccess<<14 | word(in, 7)<<16
			k = typeKey{op: in.Op, a: word(in, 0), b: packed, c: word(in, 6)}
		case spv.OpTypeStruct:
			t := StructType{Name: names[in.Result], Decorations: decos[in.Result]}
			for i, o := range in.Operands {
				m := StructMember{Type: o.ID()}
				if ns := memberNames[in.Result]; i < len(ns) {
					m.Name = ns[i]
				}
				if ds := memberDecos[in.Result]; i < len(ds) {
					m.Decorations = ds[i]
				}
				t.Members = append(t.Members, m)
			}
			k = c.structKey(t)
		case spv.OpConstant:
			c.internLoaded(constKey{op: in.Op, typ: in.Type, lo: word(in, 0), hi: in.Operands[0].Hi}, in.Result)
			continue
		case spv.OpConstantTrue, spv.OpConstantFalse, spv.OpConstantNull, spv.OpUndef:
			c.internLoaded(constKey{op: in.Op, typ: in.Type}, in.Result)
			continue
		case spv.OpConstantComposite:
			var s []byte
			for _, o := range in.Operands {
				s = binary.LittleEndian.AppendUint32(s, o.Word)
			}
			c.internLoaded(constKey{op: in.Op, typ: in.Type, s: string(s)}, in.Result)
			continue
		default:
			info := spv.InstructionInfo(in.Op)
			if info == nil || info.Class() != "Type-Declaration" || in.Op == spv.OpTypeForwardPointer {
				continue
			}
			k = typeKey{op: in.Op, s: declaredKey(in.Operands)}
		}
		w, packed := k.word()
		if _, dup := c.types.get(k, w, packed); !dup {
			c.types.set(k, w, packed, in.Result)
		}
	}
}

// structMembers returns the number of members of the struct type id (0
// if id is not a struct type).
func (c *Context) structMembers(id ID) int {
	if d := c.Def(id); d != nil && d.Op == spv.OpTypeStruct {
		return len(d.Operands)
	}
	return 0
}

// internNames fills the interning table of names from the module's, on
// the first use of a context Edit made (see intern): the first of
// duplicates is the one handed out.
func (c *Context) internNames() {
	if !c.namesLater {
		return
	}
	c.namesLater = false
	for _, in := range c.m.Names {
		var id ID
		var member int64
		switch in.Op {
		case spv.OpName:
			id, member = in.Operands[0].ID(), -1
		case spv.OpMemberName:
			id, member = in.Operands[0].ID(), int64(in.Operands[1].Word)
		default:
			continue
		}
		if name := nameOf(in); c.names.get(id, member, name) == nil {
			c.names.set(id, member, name, in)
		}
	}
}

func (c *Context) internLoaded(k constKey, id ID) {
	w, packed := k.word()
	if _, dup := c.consts.get(k, w, packed); !dup {
		c.consts.set(k, w, packed, id)
	}
}

// structKey is the interning key of a struct type: everything that makes
// it distinct.
func (c *Context) structKey(t StructType) typeKey {
	k := c.key[:0]
	k = appendKeyString(k, t.Name)
	k = appendKeyDecos(k, t.Decorations)
	for _, m := range t.Members {
		k = binary.LittleEndian.AppendUint32(k, uint32(m.Type))
		k = appendKeyString(k, m.Name)
		k = appendKeyDecos(k, m.Decorations)
	}
	c.key = k
	return typeKey{op: spv.OpTypeStruct, a: uint32(len(t.Members)), s: string(k)}
}

// declaredKey is the interning key of a type given by its operands (inline
// SPIR-V types, and types Context has no method for).
func declaredKey(ops []Operand) string {
	var key []byte
	for _, o := range ops {
		key = binary.LittleEndian.AppendUint32(key, uint32(o.Kind))
		key = binary.LittleEndian.AppendUint32(key, o.Word)
	}
	return string(key)
}
