package builder

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// GeneratorDXC is the header's generator word as DXC writes it (Khronos
// registered tool 14, "Google spiregg", tool version 0). Module.Generator
// defaults to 0 ("Khronos"); set it to GeneratorDXC where output must be
// byte-identical to DXC's — that is the lead's call, since it names
// another tool as the producer.
const GeneratorDXC uint32 = 14 << 16

// moduleResolver answers Resolver questions from a module's definitions:
// by a slice indexed by id, or a map when the ids are sparse (a loaded
// module may use ids in the billions).
type moduleResolver struct {
	defs   []*Inst
	sparse map[ID]*Inst
	m      *Module
}

func newModuleResolver(m *Module) *moduleResolver {
	r := &moduleResolver{m: m}
	n := 0
	for range m.All() {
		n++
	}
	if int(m.Bound) > 4*n+1024 {
		r.sparse = make(map[ID]*Inst, n)
	} else {
		r.defs = make([]*Inst, m.Bound+1)
	}
	for in := range m.All() {
		switch {
		case in.Result == 0:
		case r.sparse != nil:
			r.sparse[in.Result] = in
		case int(in.Result) < len(r.defs):
			r.defs[in.Result] = in
		}
	}
	return r
}

func (r *moduleResolver) def(id ID) *Inst {
	if r.sparse != nil {
		return r.sparse[id]
	}
	if int(id) < len(r.defs) {
		return r.defs[id]
	}
	return nil
}

// decorated reports whether id carries decoration d (a linear search of
// the annotations: for the rare questions of InferCapabilities).
func (r *moduleResolver) decorated(id ID, d spv.Decoration) bool {
	for _, in := range r.m.Annotations {
		if in.Op == spv.OpDecorate && len(in.Operands) == 2 && in.Operands[0].ID() == id && in.Operands[1].Word == uint32(d) {
			return true
		}
	}
	return false
}

func (r *moduleResolver) LiteralWords(typ ID) int { return literalWordsOf(r.def(typ)) }

func (r *moduleResolver) TypeOf(value ID) ID { return typeOf(r.def(value)) }

func (r *moduleResolver) ExtInstSet(id ID) *spv.ExtInstSet { return extInstSetOf(r.def(id)) }

// wordEstimate is about how many words m serialises to: an opcode word,
// a result type, a result and a word per operand for each instruction, a
// label per block (debug lines, long strings and nested operands may add
// some).
func wordEstimate(m *Module) int {
	n := 5 + 2*len(m.Capabilities) + 8*len(m.Extensions)
	for in := range m.All() {
		n += 3 + len(in.Operands)
	}
	for _, f := range m.Functions {
		n += 1 + 2*len(f.Blocks)
	}
	return n
}

// Serialize writes m to w: the header (magic, version, generator, bound,
// 0), then every section in layout order, each instruction encoded and
// checked by an InstBuilder.
func Serialize(m *Module, w WordConsumer) error {
	if m.MemoryModel == nil {
		return errors.New("serialize: the module has no OpMemoryModel")
	}
	version := m.Version
	if version == 0 {
		version = spv.Version1_0
	}
	if ws, ok := w.(*WordSlice); ok && ws.Words == nil {
		ws.Words = make([]uint32, 0, wordEstimate(m)) // one allocation, not a doubling series
	}
	if err := w.Consume([]uint32{spv.MagicNumber, uint32(version), m.Generator, uint32(m.Bound), 0}); err != nil {
		return err
	}
	enc := InstBuilder{Resolver: newModuleResolver(m), Bound: m.Bound}
	var scratch [2]uint32 // for OpLabel and OpFunctionEnd, allocated once
	var emit func(in *Inst) error
	emit = func(in *Inst) error {
		if in.Line != nil {
			if err := emit(in.Line); err != nil {
				return err
			}
		}
		words, err := enc.EncodeInst(in)
		if err != nil {
			return err
		}
		return w.Consume(words)
	}
	emitAll := func(ins []*Inst) error {
		for _, in := range ins {
			if err := emit(in); err != nil {
				return err
			}
		}
		return nil
	}
	for _, c := range m.Capabilities {
		if err := emit(&Inst{Op: spv.OpCapability, Operands: []Operand{Enum(c)}}); err != nil {
			return err
		}
	}
	for _, e := range m.Extensions {
		if err := emit(&Inst{Op: spv.OpExtension, Operands: []Operand{Str(e)}}); err != nil {
			return err
		}
	}
	if err := emitAll(m.ExtInstImports); err != nil {
		return err
	}
	if err := emit(m.MemoryModel); err != nil {
		return err
	}
	for _, s := range [][]*Inst{m.EntryPoints, m.ExecutionModes, m.DebugSources, m.Names, m.ModuleProcessed, m.Annotations, m.Globals} {
		if err := emitAll(s); err != nil {
			return err
		}
	}
	for _, f := range m.Functions {
		if err := emit(f.Def); err != nil {
			return err
		}
		if err := emitAll(f.Params); err != nil {
			return err
		}
		if err := emitAll(f.Prologue); err != nil {
			return err
		}
		for _, b := range f.Blocks {
			if b.Label == 0 || b.Label >= m.Bound {
				return fmt.Errorf("block label %%%d is not a valid id below the bound %d", b.Label, m.Bound)
			}
			if b.Line != nil {
				if err := emit(b.Line); err != nil {
					return err
				}
			}
			scratch[0], scratch[1] = 2<<16|uint32(spv.OpLabel), uint32(b.Label)
			if err := w.Consume(scratch[:2]); err != nil {
				return err
			}
			if err := emitAll(b.Insts); err != nil {
				return err
			}
		}
		if f.EndLine != nil {
			if err := emit(f.EndLine); err != nil {
				return err
			}
		}
		scratch[0] = 1<<16 | uint32(spv.OpFunctionEnd)
		if err := w.Consume(scratch[:1]); err != nil {
			return err
		}
	}
	return nil
}

// Serialize writes the module to w, or returns the first error met while
// building it or by Verify.
func (b *ModuleBuilder) Serialize(w WordConsumer) error {
	if err := b.Err(); err != nil {
		return err
	}
	if err := Verify(b.M); err != nil {
		return err
	}
	return Serialize(b.M, w)
}

// Words returns the module's words.
func (b *ModuleBuilder) Words() ([]uint32, error) {
	var s WordSlice
	if err := b.Serialize(&s); err != nil {
		return nil, err
	}
	return s.Words, nil
}

// Bytes returns the module as little-endian bytes (a .spv file).
func (b *ModuleBuilder) Bytes() ([]byte, error) {
	var buf bytes.Buffer
	ww := NewWordWriter(&buf)
	if err := b.Serialize(ww); err != nil {
		return nil, err
	}
	if err := ww.Flush(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
