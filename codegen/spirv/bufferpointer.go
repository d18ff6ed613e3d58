package spirv

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// vk::BufferPointer<T, A> is a PhysicalStorageBuffer pointer to T (laid
// out as a structured buffer's element), as DXC lowers it; the module then
// uses the PhysicalStorageBuffer64 addressing model. p.Get() is the
// pointee itself, an lvalue: loads through it are Aligned A (or, when A is
// 0 or a member is read, the natural alignment of what is loaded), stores
// Aligned by what is stored. A pointer is made from a uint64_t address
// (OpConvertUToPtr) or a uint2 (OpBitcast), turned back into a uint64_t
// with OpConvertPtrToU, and recast with vk::static_pointer_cast and
// vk::reinterpret_pointer_cast (OpBitcast). Function variables holding a
// pointer are RestrictPointer, or AliasedPointer when declared
// [[vk::aliased_pointer]].

// usePhysicalStorageBuffer switches the module to 64-bit physical
// addressing (SPV_KHR_physical_storage_buffer before SPIR-V 1.5, as DXC
// declares it; inference would pick the EXT name, listed first).
func (e *emitter) usePhysicalStorageBuffer() {
	e.b.MemoryModel(spv.AddressingModelPhysicalStorageBuffer64, spv.MemoryModelGLSL450)
	if e.opts.Version < spv.Version1_5 {
		e.b.Extension("SPV_KHR_physical_storage_buffer")
	}
}

// sbufferRule is the layout of what physical pointers point to.
func (e *emitter) sbufferRule() layout.Rule { return layout.RulesFor(e.opts.Layout).SBuffer }

// bufferPointerType lowers vk::BufferPointer<T, A>.
func (e *emitter) bufferPointerType(t *types.Type) (builder.ID, error) {
	c := t.Canonical()
	if e.lowering.bpLowering == nil {
		e.lowering.bpLowering = map[*types.Type]bool{}
		e.lowering.bpForward = map[*types.Type]builder.ID{}
	}
	if e.lowering.bpLowering[c] {
		// T holds a pointer to T (a linked list): the pointer is declared
		// forward and defined once T is built
		if id, ok := e.lowering.bpForward[c]; ok {
			return id, nil
		}
		id := e.b.TypeForwardPointer(spv.StorageClassPhysicalStorageBuffer)
		e.lowering.bpForward[c] = id
		return id, nil
	}
	e.lowering.bpLowering[c] = true
	defer delete(e.lowering.bpLowering, c)
	e.usePhysicalStorageBuffer()
	pointee, err := e.lowering.low.Type(c.Elem(), e.sbufferRule())
	if err != nil {
		return 0, err
	}
	if id, ok := e.lowering.bpForward[c]; ok {
		delete(e.lowering.bpForward, c)
		return e.b.DefinePointer(id, spv.StorageClassPhysicalStorageBuffer, pointee), nil
	}
	return e.b.TypePointer(spv.StorageClassPhysicalStorageBuffer, pointee), nil
}

// isDataObject reports the object types that are data, held in ordinary
// variables: vk::BufferPointer and the inline SPIR-V types.
func isDataObject(t *types.Type) bool {
	if t == nil || !t.Canonical().IsObject() {
		return false
	}
	switch t.Canonical().Object() {
	case types.VkBufferPointer, types.VkSpirvType, types.VkSpirvOpaqueType, types.VkExtType, types.RayQuery:
		return true
	}
	return false
}

// isInlineSpirvValue reports an inline SPIR-V type (vk::SpirvType,
// vk::SpirvOpaqueType) whose values are data: passed and returned by
// value when a function is inlined. Logical pointers are not: they cannot
// be stored, so they stay aliases of their argument.
func isInlineSpirvValue(t *types.Type) bool {
	if t == nil || !t.Canonical().IsObject() || isLogicalPointer(t) {
		return false
	}
	o := t.Canonical().Object()
	return o == types.VkSpirvType || o == types.VkSpirvOpaqueType
}

// isBufferPointer reports whether t is a vk::BufferPointer.
func isBufferPointer(t *types.Type) bool {
	return t != nil && t.Canonical().IsObject() && t.Canonical().Object() == types.VkBufferPointer
}

// bufferPointerGet is p.Get(): the pointee, through the pointer value.
func (e *emitter) bufferPointerGet(recv value) value {
	c := recv.typ.Canonical()
	p := e.load(recv)
	align := uint32(c.Len())
	return value{id: p, ptr: true, sc: spv.StorageClassPhysicalStorageBuffer, rule: e.sbufferRule(), typ: c.Elem(), bpAlign: align}
}

// physicalAlign is the Aligned operand of a load or store of t through a
// physical pointer: the pointer's own alignment when the pointee is read
// whole (load), else t's alignment under the structured-buffer layout.
func (e *emitter) physicalAlign(v value, t *types.Type, load bool) builder.Operand {
	a := uint32(0)
	if load && len(v.idx) == 0 {
		a = v.bpAlign
	}
	if a == 0 {
		a = e.lowering.calc.Of(t, v.rule).Align
	}
	return builder.Enum(spv.MemoryAccessAligned, builder.Lit(a))
}

// bufferPointerConstruct is vk::BufferPointer<T, A>(address): from a
// uint64_t address or a uint2 (low word first).
func (e *emitter) bufferPointerConstruct(x ast.Node, t *types.Type, arg ast.Expr) builder.ID {
	pt := e.typeID(t)
	at := concreteType(e.typeOf(arg)).Canonical()
	switch {
	case isBufferPointer(at):
		return e.bufferPointerCast(e.rvalue(arg), at, t)
	case at.IsVector() && at.VecSize() == 2 && at.Scalar().IsInteger():
		return e.fb.Emit(spv.OpBitcast, pt, builder.Ref(e.rvalueAs(arg, types.Vec(types.Uint, 2))))
	case at.IsScalar() && at.Scalar().IsInteger():
		return e.fb.Emit(spv.OpConvertUToPtr, pt, builder.Ref(e.rvalueAs(arg, types.ScalarType(types.Uint64))))
	}
	e.unsupported(x, "making a vk::BufferPointer from a "+at.String())
	return 0
}

// bufferPointerCast recasts the pointer p of type from to type to.
func (e *emitter) bufferPointerCast(p builder.ID, from, to *types.Type) builder.ID {
	pt := e.typeID(to)
	if e.typeID(from) == pt {
		return p
	}
	return e.fb.Emit(spv.OpBitcast, pt, builder.Ref(p))
}

// bufferPointerToInt is (uint64_t)p or (uint2)p.
func (e *emitter) bufferPointerToInt(x ast.Node, p builder.ID, t *types.Type) builder.ID {
	c := concreteType(t).Canonical()
	switch {
	case c.IsVector() && c.VecSize() == 2:
		return e.fb.Emit(spv.OpBitcast, e.typeID(c), builder.Ref(p))
	case c.IsScalar() && c.Scalar().IsInteger() && e.lowering.calc.ScalarSize(c.Scalar()) == 8:
		return e.fb.Emit(spv.OpConvertPtrToU, e.typeID(c), builder.Ref(p))
	}
	e.unsupported(x, "converting a vk::BufferPointer to "+c.String())
	return 0
}

// lowerPointerCast is vk::static_pointer_cast<T>(p) and
// vk::reinterpret_pointer_cast<T>(p): the same pointer as another
// vk::BufferPointer type.
func lowerPointerCast(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	from := e.typeOf(x.Args[0])
	return rv(e.bufferPointerCast(e.rvalue(x.Args[0]), from, t), t)
}

// decoratePointerVariables gives every function variable or parameter
// that holds physical pointers RestrictPointer, unless the emitter chose
// AliasedPointer: Vulkan requires one of the two.
func decoratePointerVariables(b *builder.ModuleBuilder) {
	m := b.M
	if !slices.ContainsFunc(m.Globals, isPhysicalPointerType) {
		return // nothing can hold a physical pointer
	}
	decorated := map[builder.ID]bool{}
	for _, in := range m.Annotations {
		if in.Op == spv.OpDecorate && len(in.Operands) > 1 {
			switch spv.Decoration(in.Operands[1].Word) {
			case spv.DecorationAliasedPointer, spv.DecorationRestrictPointer:
				decorated[in.Operands[0].ID()] = true
			}
		}
	}
	holdsPointer := func(ptrType builder.ID) bool {
		_, pointee, ok := b.Pointee(ptrType)
		for ok {
			d := b.Def(pointee)
			switch {
			case d == nil:
				return false
			case d.Op == spv.OpTypePointer:
				return isPhysicalPointerType(d)
			case d.Op == spv.OpTypeArray || d.Op == spv.OpTypeRuntimeArray:
				pointee = d.Operands[0].ID()
			default:
				return false
			}
		}
		return false
	}
	check := func(in *builder.Inst) {
		if !decorated[in.Result] && holdsPointer(in.Type) {
			b.Decorate(in.Result, spv.DecorationRestrictPointer)
			decorated[in.Result] = true
		}
	}
	for in := range m.FunctionInsts() {
		if in.Op == spv.OpFunctionParameter || in.Op == spv.OpVariable {
			check(in)
		}
	}
	for _, in := range m.Globals {
		if in.Op == spv.OpVariable && spv.StorageClass(in.Operands[0].Word) == spv.StorageClassPrivate {
			check(in)
		}
	}
}

// isPhysicalPointerType reports whether in declares a pointer type into
// PhysicalStorageBuffer.
func isPhysicalPointerType(in *builder.Inst) bool {
	return in.Op == spv.OpTypePointer && spv.StorageClass(in.Operands[0].Word) == spv.StorageClassPhysicalStorageBuffer
}

// pointerVariable decorates a variable of type t that holds a physical
// pointer where it is declared: AliasedPointer when declared
// [[vk::aliased_pointer]], else RestrictPointer.
func (e *emitter) pointerVariable(id builder.ID, t *types.Type, attrs sema.Attrs) {
	c := t.Canonical()
	for c.IsArray() {
		c = c.Elem().Canonical()
	}
	switch {
	case !isBufferPointer(c):
	case attrs.HasVk("aliased_pointer"):
		e.b.Decorate(id, spv.DecorationAliasedPointer)
	default:
		e.b.Decorate(id, spv.DecorationRestrictPointer)
	}
}
