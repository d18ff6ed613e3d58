package wgsl

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Physical pointers (the PhysicalStorageBuffer64 addressing model:
// vk::RawBufferLoad and vk::BufferPointer, GLSL's buffer_reference). WGSL
// has no memory reached by address, so all the memory the module's
// physical pointers reach is one storage buffer of 32-bit words the
// application binds (physical_memory, at a free binding of group 0,
// Binding.PhysicalMemory), and an address is a byte offset into it: the
// application places the buffers the shader reaches by address in that
// buffer and passes their offsets as the addresses. A pointer value is its
// 64-bit address (a vec2<u32>, as every 64-bit integer; the high word is
// carried along but does not address); loads, stores and atomics through
// it read and write the words at the byte offsets its pointee's explicit
// layout gives, as for a buffer declared as words (raw.go).

// physicalMemory is the buffer physical pointers address.
type physicalMemory struct {
	// model: the module's addressing model has physical pointers (no
	// type is one otherwise).
	model   bool
	used    bool
	written bool // stored into (else read-only)
	atomic  bool // atomics or part-word stores: words are atomic<u32>
	g       *global
}

// isPhysicalPointer reports whether typ is a pointer into physical memory.
func (t *translator) isPhysicalPointer(typ builder.ID) bool {
	if !t.physical.model {
		return false
	}
	d := t.du.Def(typ)
	return d != nil && d.Op == spv.OpTypePointer && len(d.Operands) >= 2 &&
		spv.StorageClass(d.Operands[0].Word) == spv.StorageClassPhysicalStorageBuffer
}

// analyzePhysical finds whether the translated functions use physical
// pointers, store through them, or need atomic words.
func (t *translator) analyzePhysical() {
	pm := &t.physical
	// through returns the pointee of the physical pointer a memory
	// access goes through.
	through := func(in *builder.Inst) (builder.ID, bool) {
		if !(in.Op == spv.OpLoad || in.Op == spv.OpStore || in.Op == spv.OpCopyMemory || in.Op == spv.OpCopyMemorySized ||
			isAtomicOp(in.Op)) || len(in.Operands) == 0 || !in.Operands[0].IsID() {
			return 0, false
		}
		d := t.du.Def(in.Operands[0].ID())
		if d == nil || !t.isPhysicalPointer(d.Type) {
			return 0, false
		}
		return t.def(d.Type).Operands[1].ID(), true
	}
	for _, f := range t.m.Functions {
		if !t.reachable[f.Def.Result] {
			continue
		}
		for in := range f.Insts() {
			if in.Type != 0 && t.isPhysicalPointer(in.Type) {
				pm.used = true
			}
			pointee, ok := through(in)
			if !ok {
				continue
			}
			pm.used = true
			switch {
			case isAtomicOp(in.Op):
				pm.atomic = true
				pm.written = pm.written || in.Op != spv.OpAtomicLoad
			case in.Op == spv.OpStore || in.Op == spv.OpCopyMemory || in.Op == spv.OpCopyMemorySized:
				pm.written = true
				pm.atomic = pm.atomic || t.hasSubWord(pointee)
			}
		}
	}
}

// declarePhysical declares the physical memory buffer when the module
// uses it.
func (t *translator) declarePhysical() {
	pm := &t.physical
	if !pm.used {
		return
	}
	name := t.names.unique("physical_memory")
	access, elem := "read", "u32"
	if pm.written {
		access = "read_write"
	}
	if pm.atomic {
		access, elem = "read_write", "atomic<u32>"
	}
	if access == "read_write" && t.stageUsed(spv.ExecutionModelVertex) {
		t.unsupported("physical memory written by a vertex shader (WebGPU's vertex stage has read-only storage)")
	}
	b := t.bindExtra(name, 0, "the memory physical pointers address: an address is a byte offset into this buffer", Binding{Element: -1, PhysicalMemory: true})
	pm.g = &global{name: name, sc: spv.StorageClassPhysicalStorageBuffer, raw: &rawBuffer{atomic: pm.atomic}, access: access}
	t.decls = append(t.decls, fmt.Sprintf("@group(0) @binding(%d) var<storage, %s> %s : array<%s>;\n", b, access, name, elem))
}

// stageUsed reports whether an entry point of the stage is translated.
func (t *translator) stageUsed(model spv.ExecutionModel) bool {
	for _, stages := range t.funcStages {
		if stages[model] {
			return true
		}
	}
	return false
}

// physicalRef is the reference a physical pointer value spells: the words
// at the byte offset its address's low word gives.
func (fs *funcState) physicalRef(id builder.ID) *ref {
	t := fs.t
	pm := &t.physical
	if pm.g == nil {
		t.fail("a physical pointer in a module that does not use them")
	}
	pointee := t.def(t.typeOfValue(id)).Operands[1].ID()
	if v := t.typ(pointee); v.isMatrix() {
		t.unsupported("a physical pointer to a matrix outside a struct (its layout has no decorations)")
	}
	addr := postfix(fs.value(id), ".x")
	return &ref{kind: refRaw, text: primary(pm.g.name), pointee: pointee, sc: spv.StorageClassPhysicalStorageBuffer,
		global: pm.g, off: offExpr{dyn: addr.text, align: 1}}
}

// physicalChain is the address an access chain on a physical pointer
// gives (OpPtrAccessChain's first index steps over whole pointees, its
// pointer type's ArrayStride apart).
func (fs *funcState) physicalChain(in *builder.Inst) expr {
	t := fs.t
	baseID := t.operandID(in, 0)
	r := fs.physicalRef(baseID)
	indices := in.Operands[1:]
	if in.Op == spv.OpPtrAccessChain || in.Op == spv.OpInBoundsPtrAccessChain {
		if len(indices) == 0 {
			t.fail("%s without an element index", in.Op)
		}
		s, ok := t.decoration(t.typeOfValue(baseID), spv.DecorationArrayStride)
		if !ok || len(s) == 0 {
			t.fail("%s on a pointer type without an ArrayStride", in.Op)
		}
		idx := indices[0].ID()
		c, isConst := t.constUint(idx)
		var ie expr
		if !isConst {
			ie = t.shiftAmount(fs.value(idx), t.typeOfValue(idx))
		}
		r.off = r.off.addScaled(ie, c, isConst, s[0].Word)
		indices = indices[1:]
	}
	for _, o := range indices {
		fs.rawStep(r, o.ID())
	}
	return call("vec2<u32>", primary(r.off.total()), postfix(fs.value(baseID), ".y"))
}

// physicalConvert translates OpConvertUToPtr and OpConvertPtrToU: the
// address is the integer (a 32-bit one is its low word).
func (fs *funcState) physicalConvert(in *builder.Inst) expr {
	t := fs.t
	id := t.operandID(in, 0)
	v := fs.value(id)
	from, to := t.typ(t.typeOfValue(id)), t.typ(in.Type)
	switch {
	case from.isScalar() && from.comp.isWide() && to.isScalar() && to.comp.isWide():
		return v
	case in.Op == spv.OpConvertUToPtr && from.isScalar() && from.comp.bits() == 32:
		return call("vec2<u32>", t.castTo(v, t.typeOfValue(id), sU32), primary("0u"))
	case in.Op == spv.OpConvertPtrToU && to.isScalar() && to.comp.bits() == 32:
		return t.castTo(postfix(v, ".x"), t.pseudoType(sU32, 1), to.comp)
	}
	t.unsupported("%s between %s and %s", in.Op, from.text, to.text)
	return expr{}
}
