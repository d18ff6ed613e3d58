package wgsl

import (
	"fmt"
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// A global is a module-scope OpVariable that the translated code uses.
type global struct {
	id      builder.ID
	order   int
	inst    *builder.Inst
	sc      spv.StorageClass
	name    string
	pointee builder.ID
	// mem is the variable's memory form (nil for textures and samplers).
	mem *mtype
	// access is a storage buffer's access mode, "read" or "read_write".
	access string
	// samplerName is the sampler half of a combined image sampler.
	samplerName string
	// io marks Input and Output variables: private variables that the
	// entry point wrappers fill and read.
	io bool
	// arr describes a descriptor array; elems are the variables of the
	// elements the translation declares, by flattened index.
	arr   *descArray
	elems map[int]*global
	// elemOf is the array an element's variable belongs to, elemIdx its
	// flattened index.
	elemOf  *global
	elemIdx int
	// group and binding are where a resource is declared.
	group, binding uint32
	// bytesless marks a buffer of an empty struct: not declared.
	bytesless bool
	// raw is set for a buffer declared as 32-bit words (raw.go).
	raw *rawBuffer
	// texel describes a texel buffer declared as a storage buffer.
	texel *texelBuffer
}

// isHostShareable reports whether variables of sc have an explicit layout.
func isHostShareable(sc spv.StorageClass) bool {
	switch sc {
	case spv.StorageClassUniform, spv.StorageClassStorageBuffer, spv.StorageClassPushConstant,
		spv.StorageClassPhysicalStorageBuffer:
		return true
	}
	return false
}

// nameGlobals finds the module-scope variables that the translated
// functions and entry points use and names them. Entry point names are
// taken first, so the WGSL entry points keep their SPIR-V names.
func (t *translator) nameGlobals(entries []*builder.Inst) {
	for _, ep := range entries {
		name := sanitize(ep.Operands[2].Str())
		if name == "" {
			name = "main"
		}
		t.epNames[ep] = t.names.unique(name)
	}
	used := map[builder.ID]bool{}
	for _, ep := range entries {
		for _, o := range ep.Operands[3:] {
			used[o.ID()] = true
		}
	}
	order := 0
	for _, in := range t.m.Globals {
		if in.Op != spv.OpVariable {
			continue
		}
		order++
		if len(in.Operands) < 1 {
			t.withInst(in, func() { t.fail("OpVariable without a storage class") })
		}
		sc := spv.StorageClass(in.Operands[0].Word)
		// Input and Output variables are the entry points' interfaces;
		// other variables (which SPIR-V 1.4 lists there too) count where
		// the translated code uses them.
		io := sc == spv.StorageClassInput || sc == spv.StorageClassOutput
		if !(io && used[in.Result]) && !t.usedByReachable(in.Result) {
			continue
		}
		g := &global{id: in.Result, order: order, inst: in, sc: sc}
		pt := t.def(in.Type)
		if pt.Op != spv.OpTypePointer || len(pt.Operands) < 2 {
			t.withInst(in, func() { t.fail("OpVariable of a type that is not a pointer") })
		}
		g.pointee = pt.Operands[1].ID()
		g.io = sc == spv.StorageClassInput || sc == spv.StorageClassOutput
		g.name = t.names.unique(t.baseName(in.Result, "v"))
		t.globals[in.Result] = g
	}
}

// usedByReachable reports whether a function the translation includes
// uses id.
func (t *translator) usedByReachable(id builder.ID) bool {
	for _, u := range t.du.Users(id) {
		if u.Block != nil && u.Block.Func != nil && t.reachable[u.Block.Func.Def.Result] {
			return true
		}
	}
	return false
}

// declareGlobal writes a module-scope variable's declaration.
func (t *translator) declareGlobal(g *global) {
	t.cur = g.inst
	defer func() { t.cur = nil }()
	init := ""
	if len(g.inst.Operands) >= 2 {
		init = " = " + t.constExpr(g.inst.Operands[1].ID()).text
	}
	switch g.sc {
	case spv.StorageClassInput, spv.StorageClassOutput, spv.StorageClassPrivate:
		g.mem = t.memType(g.pointee, layoutCtx{})
		if g.sc == spv.StorageClassInput {
			init = ""
		}
		t.decls = append(t.decls, fmt.Sprintf("var<private> %s : %s%s;\n", g.name, g.mem.text, init))
	case spv.StorageClassWorkgroup:
		g.mem = t.memType(g.pointee, layoutCtx{atomic: t.atomicVars[g.id]})
		if init != "" && g.inst.Operands[1].ID() != 0 && t.def(g.inst.Operands[1].ID()).Op != spv.OpConstantNull {
			t.unsupported("an initializer on a workgroup variable (WGSL zero-initialises workgroup memory)")
		}
		t.decls = append(t.decls, fmt.Sprintf("var<workgroup> %s : %s;\n", g.name, g.mem.text))
	case spv.StorageClassUniform, spv.StorageClassStorageBuffer:
		t.declareBuffer(g)
	case spv.StorageClassPushConstant:
		t.declarePushConstants(g)
	case spv.StorageClassUniformConstant:
		t.declareHandle(g)
	default:
		t.unsupported("variables in the %s storage class", g.sc)
	}
}

// declareBuffer declares a uniform or storage buffer, or the elements of
// an array of them.
func (t *translator) declareBuffer(g *global) {
	set, binding := t.descriptor(g)
	if g.arr != nil {
		for _, e := range t.declareElements(g, set, binding) {
			t.declareBufferVar(e, e.group, e.binding)
		}
		return
	}
	group, b := t.bind(g.name, set, binding, -1, "")
	t.declareBufferVar(g, group, b)
}

// declareBufferVar declares one buffer variable.
func (t *translator) declareBufferVar(g *global, group, binding uint32) {
	st := t.typ(g.pointee)
	if st.op != spv.OpTypeStruct {
		t.fail("buffer %s is not a struct", g.name)
	}
	if t.bytesless(g.pointee) {
		// Nothing to read or write: no WGSL variable (WGSL structs have
		// members); loads give the empty value.
		g.bytesless = true
		return
	}
	block := t.hasDecoration(g.pointee, spv.DecorationBlock)
	bufferBlock := t.hasDecoration(g.pointee, spv.DecorationBufferBlock)
	storage := g.sc == spv.StorageClassStorageBuffer || bufferBlock
	if !block && !bufferBlock {
		t.fail("buffer %s's struct is not decorated Block or BufferBlock", g.name)
	}
	if !storage {
		where := fmt.Sprintf("@group(%d) @binding(%d) var<uniform>", group, binding)
		m, ok := t.tryMemType(g.pointee, layoutCtx{host: true, uniform: true})
		if !ok {
			t.declareRaw(g, true, where)
			return
		}
		g.mem = m
		t.decls = append(t.decls, fmt.Sprintf("%s %s : %s;\n", where, g.name, g.mem.text))
		return
	}
	m, ok := t.tryMemType(g.pointee, layoutCtx{host: true})
	g.access = "read"
	if t.writtenVars[g.id] && !t.readOnlyBuffer(g) || ok && t.holdsAtomics(m) || !ok && t.rawNeedsAtomic(g) {
		g.access = "read_write"
	}
	if g.access == "read_write" && t.usedByStage(g.id, spv.ExecutionModelVertex) {
		t.unsupported("a storage buffer written by a vertex shader (WebGPU's vertex stage has read-only storage)")
	}
	where := fmt.Sprintf("@group(%d) @binding(%d) var<storage, %s>", group, binding, g.access)
	if !ok {
		t.declareRaw(g, false, where)
		return
	}
	g.mem = m
	t.decls = append(t.decls, fmt.Sprintf("%s %s : %s;\n", where, g.name, g.mem.text))
}

// readOnlyBuffer reports whether a storage buffer is NonWritable (the
// variable, or every member of its struct, as glslang marks it).
func (t *translator) readOnlyBuffer(g *global) bool {
	if t.hasDecoration(g.id, spv.DecorationNonWritable) {
		return true
	}
	st := t.typ(g.pointee)
	for i := range st.members {
		if !t.hasMemberDecoration(g.pointee, i, spv.DecorationNonWritable) {
			return false
		}
	}
	return true
}

// declarePushConstants places a push constant block as the options say.
func (t *translator) declarePushConstants(g *global) {
	var group, binding uint32
	switch t.opts.PushConstants {
	case PushFreeBinding:
		group = 0
		binding = t.bindExtra(g.name, group, "push constants as a uniform buffer at a free binding", Binding{Element: -1, PushConstants: true})
	case PushUniform:
		group, binding = t.opts.PushGroup, t.opts.PushBinding
		key := [2]uint32{group, binding}
		if other := t.alloc.taken[key]; other != "" || t.alloc.wanted[key] {
			t.unsupported("push constants at group %d binding %d, which a resource of the module has (choose a free binding)", key[0], key[1])
		}
		t.alloc.taken[key] = g.name
		t.result.Bindings = append(t.result.Bindings, Binding{Name: g.name, Group: group, Binding: binding, Element: -1,
			PushConstants: true, Note: "push constants as a uniform buffer"})
	case PushImmediate:
		g.mem = t.memType(g.pointee, layoutCtx{host: true})
		t.decls = append(t.decls, fmt.Sprintf("var<immediate> %s : %s;\n", g.name, g.mem.text))
		return
	default:
		t.unsupported("push constants when the options refuse them (WebGPU has none: place them in a uniform buffer or the immediate address space)")
	}
	where := fmt.Sprintf("@group(%d) @binding(%d) var<uniform>", group, binding)
	m, ok := t.tryMemType(g.pointee, layoutCtx{host: true, uniform: true})
	if !ok {
		t.declareRaw(g, true, where)
		return
	}
	g.mem = m
	t.decls = append(t.decls, fmt.Sprintf("%s %s : %s;\n", where, g.name, g.mem.text))
}

// analyzeMemory finds the memory locations accessed atomically and the
// variables stored to, in the functions the translation includes.
func (t *translator) analyzeMemory() {
	for _, f := range t.m.Functions {
		if !t.reachable[f.Def.Result] {
			continue
		}
		for in := range f.Insts() {
			t.cur = in
			switch {
			case isAtomicOp(in.Op):
				if len(in.Operands) < 1 {
					t.fail("%s without a pointer", in.Op)
				}
				t.markAtomic(in.Operands[0].ID())
				if in.Op != spv.OpAtomicLoad {
					t.markWritten(in.Operands[0].ID())
				}
			case in.Op == spv.OpStore || in.Op == spv.OpCopyMemory || in.Op == spv.OpCopyMemorySized:
				if len(in.Operands) >= 1 {
					t.markWritten(in.Operands[0].ID())
				}
			case in.Op == spv.OpFunctionCall:
				for _, o := range in.Operands[1:] {
					if d := t.du.Def(o.ID()); d != nil && t.isPointerType(d.Type) {
						t.markWritten(o.ID())
					}
				}
			case in.Op == spv.OpExtInst && len(in.Operands) >= 4:
				switch in.Operands[1].Word {
				case spv.GLSLstd450Modf, spv.GLSLstd450Frexp:
					if t.extSets[in.Operands[0].ID()] == "GLSL.std.450" {
						t.markWritten(in.Operands[3].ID())
					}
				}
			}
		}
	}
	t.cur = nil
}

func isAtomicOp(op spv.Op) bool {
	switch op {
	case spv.OpAtomicLoad, spv.OpAtomicStore, spv.OpAtomicExchange, spv.OpAtomicCompareExchange,
		spv.OpAtomicCompareExchangeWeak, spv.OpAtomicIIncrement, spv.OpAtomicIDecrement, spv.OpAtomicIAdd,
		spv.OpAtomicISub, spv.OpAtomicSMin, spv.OpAtomicUMin, spv.OpAtomicSMax, spv.OpAtomicUMax,
		spv.OpAtomicAnd, spv.OpAtomicOr, spv.OpAtomicXor, spv.OpAtomicFAddEXT, spv.OpAtomicFMinEXT,
		spv.OpAtomicFMaxEXT, spv.OpAtomicFlagTestAndSet, spv.OpAtomicFlagClear:
		return true
	}
	return false
}

func (t *translator) isPointerType(id builder.ID) bool {
	d := t.du.Def(id)
	return d != nil && d.Op == spv.OpTypePointer && !t.isPhysicalPointer(id)
}

// pointeeOf returns the pointee type and storage class of a pointer value.
func (t *translator) pointeeOf(ptr builder.ID) (builder.ID, spv.StorageClass) {
	d := t.def(ptr)
	pt := t.def(d.Type)
	if pt.Op != spv.OpTypePointer || len(pt.Operands) < 2 {
		t.fail("%%%d is not a pointer", ptr)
	}
	return pt.Operands[1].ID(), spv.StorageClass(pt.Operands[0].Word)
}

// rootVariable follows access chains and copies back to the variable a
// pointer points into (0 for a pointer parameter).
func (t *translator) rootVariable(ptr builder.ID) builder.ID {
	for range 1000 {
		d := t.du.Def(ptr)
		if d == nil {
			return 0
		}
		switch d.Op {
		case spv.OpVariable:
			return d.Result
		case spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpCopyObject, spv.OpPtrAccessChain, spv.OpInBoundsPtrAccessChain:
			if len(d.Operands) == 0 {
				return 0
			}
			ptr = d.Operands[0].ID()
		default:
			return 0
		}
	}
	return 0
}

func (t *translator) markWritten(ptr builder.ID) {
	if v := t.rootVariable(ptr); v != 0 {
		t.writtenVars[v] = true
	}
}

// markAtomic records that the location ptr points to is accessed
// atomically: the member of its struct, the elements of its array, or the
// variable itself becomes atomic<T>.
func (t *translator) markAtomic(ptr builder.ID) {
	d := t.def(ptr)
	switch d.Op {
	case spv.OpVariable:
		t.atomicVars[d.Result] = true
	case spv.OpCopyObject:
		t.markAtomic(d.Operands[0].ID())
	case spv.OpAccessChain, spv.OpInBoundsAccessChain:
		if len(d.Operands) < 2 {
			t.markAtomic(d.Operands[0].ID())
			return
		}
		cur, _ := t.pointeeOf(d.Operands[0].ID())
		idx := d.Operands[1:]
		for _, o := range idx[:len(idx)-1] {
			cur = t.stepType(cur, o.ID())
		}
		last := idx[len(idx)-1].ID()
		ct := t.typ(cur)
		switch ct.op {
		case spv.OpTypeStruct:
			i, ok := t.constUint(last)
			if !ok {
				t.fail("a struct index that is not a constant")
			}
			t.atomicMembers[[2]uint32{uint32(cur), uint32(i)}] = true
		case spv.OpTypeArray, spv.OpTypeRuntimeArray:
			t.atomicArrays[cur] = true
		default:
			t.unsupported("atomic operations on a component of a %s", ct.text)
		}
	case spv.OpFunctionParameter:
		t.unsupported("atomic operations through a pointer parameter")
	case spv.OpImageTexelPointer:
		if img, _ := t.traceHandle(t.operandID(d, 0)); t.isTexelBufferType(t.typeOfValue(img.slot.id)) {
			t.atomicTexels[img.slot.id] = true
			return
		}
		t.unsupported("atomic operations on images (WGSL has atomics on buffers and workgroup memory only)")
	default:
		t.unsupported("atomic operations through a %s pointer", d.Op)
	}
}

// stepType returns the type one access chain index into cur leads to.
func (t *translator) stepType(cur, index builder.ID) builder.ID {
	ct := t.typ(cur)
	switch ct.op {
	case spv.OpTypeStruct:
		i, ok := t.constUint(index)
		if !ok || int(i) >= len(ct.members) {
			t.fail("struct index %%%d is not a constant member number", index)
		}
		return ct.members[i]
	case spv.OpTypeArray, spv.OpTypeRuntimeArray, spv.OpTypeVector, spv.OpTypeMatrix:
		return ct.elem
	}
	t.fail("an access chain index into a %s", ct.text)
	return 0
}

// interfaceVars returns an entry point's Input and Output variables.
func (t *translator) interfaceVars(ep *builder.Inst) []*global {
	var out []*global
	for _, o := range ep.Operands[3:] {
		if g := t.globals[o.ID()]; g != nil && g.io && !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	return out
}

// holdsAtomics reports whether a memory form contains atomic<T>.
func (t *translator) holdsAtomics(m *mtype) bool {
	switch m.kind {
	case mAtomic:
		return true
	case mArray:
		return t.holdsAtomics(m.elem)
	case mStruct:
		for _, mm := range m.members {
			if t.holdsAtomics(mm.mem) {
				return true
			}
		}
	}
	return false
}

// usedByStage reports whether a function that an entry point of stage
// model calls uses id.
func (t *translator) usedByStage(id builder.ID, model spv.ExecutionModel) bool {
	for _, u := range t.du.Users(id) {
		if u.Block != nil && u.Block.Func != nil && t.funcStages[u.Block.Func.Def.Result][model] {
			return true
		}
	}
	return false
}
