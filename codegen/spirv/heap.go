package spirv

import (
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// SM 6.6 descriptor heaps (docs/SPIR-V.rst "ResourceDescriptorHeap &
// SamplerDescriptorHeap"): ResourceDescriptorHeap[i] assigned to a resource
// variable of type T indexes a runtime array of T named
// ResourceDescriptorHeap; every such array (one per resource type) shares
// one binding, as do the SamplerDescriptorHeap arrays. The binding is the
// next free one unless -fvk-bind-resource-heap / -fvk-bind-sampler-heap
// give it.
//
// The counters of RW/Append/Consume structured buffers taken from the
// resource heap are a runtime array of counters per buffer type, named
// counter.var.ResourceDescriptorHeap and indexed like the heap; they share
// a third binding (-fvk-bind-counter-heap). Implicit heap bindings are
// chosen after every other resource's: the first free ones of the set, for
// the resource heap, the sampler heap and the counters, in that order.

// heapElem is an element of a heap array: the array and the index.
type heapElem struct{ arr, index builder.ID }

// heapBindingOrder orders the implicit heap bindings.
var heapBindingOrder = map[string]int{"ResourceDescriptorHeap": 1, "SamplerDescriptorHeap": 2, "counter.var.ResourceDescriptorHeap": 3}

// heapIndex recognises ResourceDescriptorHeap[i] / SamplerDescriptorHeap[i]
// and returns the lvalue of element i of the heap array for type t.
func (e *emitter) heapIndex(x ast.Expr, t *types.Type) (value, bool) {
	ix, ok := unparen(x).(*ast.IndexExpr)
	if !ok {
		return value{}, false
	}
	n, ok := unparen(ix.X).(*ast.NameExpr)
	if !ok || len(n.Qualifier) != 0 || (n.Name != "ResourceDescriptorHeap" && n.Name != "SamplerDescriptorHeap") {
		return value{}, false
	}
	if v, isVar := e.info.ObjectOf(n).(*sema.Var); isVar && v.Decl != nil {
		return value{}, false // a user variable of that name
	}
	if _, ok := objectOf(t); !ok {
		e.unsupported(x, "a descriptor heap element of type "+t.String())
	}
	if e.opts.UseDescriptorHeap {
		return e.descriptorHeapElement(n, ix, t), true
	}
	arr := e.heapArray(n.Name, t)
	sc, rule, _ := e.resourceStorage(t)
	idx := e.rvalueAs(ix.Index, types.ScalarType(types.Uint))
	base := value{id: arr, typ: e.info.Universe.Array(t, types.Unsized), ptr: true, sc: sc, rule: rule}
	return base.at(idx, t), true
}

// heapArray is the runtime array of t of a heap, created on first use.
func (e *emitter) heapArray(heap string, t *types.Type) builder.ID {
	key := heap + "\x00" + t.Canonical().String()
	if id, ok := e.res.heapArrays[key]; ok {
		return id
	}
	sc, rule, _ := e.resourceStorage(t)
	var elem builder.ID
	o, _ := objectOf(t)
	switch o.Class() {
	case types.ClassTexture, types.ClassTypedBuffer:
		elem = e.imageType(t, o, spv.ImageFormatUnknown, false)
	default:
		var err error
		if elem, err = e.lowering.low.Type(t, rule); err != nil {
			e.errorf(e.pos, "%v", err)
		}
	}
	e.b.Capability(spv.CapabilityRuntimeDescriptorArray)
	e.b.Extension("SPV_EXT_descriptor_indexing")
	arr := e.b.TypeRuntimeArray(elem, 0)
	id := e.b.GlobalVariable(e.b.TypePointer(sc, arr), sc, heap, 0)
	setKey(&e.res.heapArrays, key, id)
	// every array of one heap shares the first one's binding
	e.bindHeapArray(heap, id)
	if heap == "ResourceDescriptorHeap" && o.Class() == types.ClassStructuredBuffer && o.IsWritable() {
		// made with the array, as DXC orders them; dead-code elimination
		// removes the unused ones
		e.heapCounter(id)
	}
	return id
}

// bindHeapArray binds a heap's array: the first one of each heap by option
// or implicitly, the others at the first's binding.
func (e *emitter) bindHeapArray(heap string, id builder.ID) {
	if first, ok := e.res.heapFirst[heap]; ok {
		e.bindings.alias(id, first)
		return
	}
	setKey(&e.res.heapFirst, heap, id)
	fixed := map[string]*[2]int{"ResourceDescriptorHeap": e.opts.ResourceHeap, "SamplerDescriptorHeap": e.opts.SamplerHeap, "counter.var.ResourceDescriptorHeap": e.opts.CounterHeap}[heap]
	e.bindings.addHeap(id, heapBindingOrder[heap], fixed)
}

// heapCounter returns the counters of the heap array arr (of structured
// buffers), creating them on first use.
func (e *emitter) heapCounter(arr builder.ID) builder.ID {
	if id, ok := e.res.counters[arr]; ok {
		return id
	}
	const name = "counter.var.ResourceDescriptorHeap"
	sc, _, _ := e.b.Pointee(e.b.TypeOf(arr)) // the heap's storage class
	t := e.b.TypeRuntimeArray(e.lowering.low.Counter(), 0)
	id := e.b.GlobalVariable(e.b.TypePointer(sc, t), sc, name, 0)
	setKey(&e.res.counters, arr, id)
	e.bindHeapArray(name, id)
	return id
}

// isHeapArray reports whether id is one of the resource heap's arrays.
func (e *emitter) isHeapArray(id, first builder.ID) bool {
	for k, arr := range e.res.heapArrays {
		if arr == id && strings.HasPrefix(k, "ResourceDescriptorHeap\x00") {
			return true
		}
	}
	return id == first
}

// descriptorHeapElement is ResourceDescriptorHeap[i] or
// SamplerDescriptorHeap[i] under -fspv-use-descriptor-heap: element i of
// the heap's SPV_EXT_descriptor_heap variable, addressed (addr) with an
// untyped access chain over a runtime array of t's handles. As in DXC,
// buffers of structures or bytes are not supported this way, and each use
// warns that the support is incomplete.
func (e *emitter) descriptorHeapElement(heap *ast.NameExpr, ix *ast.IndexExpr, t *types.Type) value {
	e.diags.Add(diag.Diagnostic{Severity: diag.Warning, Pos: heap.Pos(), Msg: "SPV_EXT_descriptor_heap support is incomplete."})
	if o, _ := objectOf(t); o.Class() == types.ClassStructuredBuffer || o.Class() == types.ClassByteAddressBuffer {
		e.errorf(ix.Pos(), "UAV support not implemented with non-emulated heaps.")
	}
	id := e.descriptorHeapVar(heap.Name)
	idx := e.rvalueAs(ix.Index, types.ScalarType(types.Uint))
	base := value{id: id, typ: e.info.Universe.Array(t, types.Unsized), ptr: true, sc: spv.StorageClassUniformConstant}
	return base.at(idx, t)
}

// descriptorHeapVar is a heap's variable under -fspv-use-descriptor-heap:
// an untyped UniformConstant variable, BuiltIn ResourceHeapEXT or
// SamplerHeapEXT, named as DXC names it.
func (e *emitter) descriptorHeapVar(heap string) builder.ID {
	key := heap + "\x00EXT"
	if id, ok := e.res.heapArrays[key]; ok {
		return id
	}
	e.b.Capability(spv.CapabilityDescriptorHeapEXT)
	e.b.Extension("SPV_EXT_descriptor_heap")
	e.b.Extension("SPV_KHR_untyped_pointers")
	name, builtin := "resource_heap", spv.BuiltInResourceHeapEXT
	if heap == "SamplerDescriptorHeap" {
		name, builtin = "sampler_heap", spv.BuiltInSamplerHeapEXT
	}
	id := e.b.GlobalInst(spv.OpUntypedVariableKHR, e.untypedPointer(), builder.Enum(spv.StorageClassUniformConstant))
	e.b.Name(id, name)
	e.b.Decorate(id, spv.DecorationBuiltIn, builder.Enum(builtin))
	setKey(&e.res.heapArrays, key, id)
	setKey(&e.res.untypedHeaps, id, true)
	return id
}

// untypedPointer is the untyped UniformConstant pointer type.
func (e *emitter) untypedPointer() builder.ID {
	return e.b.TypeDeclared(spv.OpTypeUntypedPointerKHR, builder.Enum(spv.StorageClassUniformConstant))
}

// heapElementPointer makes the address of a descriptor heap element (v
// indexes an untyped heap variable): OpUntypedAccessChainKHR over a
// runtime array of the element's handle type.
func (e *emitter) heapElementPointer(v value) builder.ID {
	arr := e.b.TypeRuntimeArray(e.typeIn(v.typ, layout.Void), 0)
	ops := []builder.Operand{builder.Ref(arr), builder.Ref(v.id)}
	for _, i := range v.idx {
		ops = append(ops, builder.Ref(i))
	}
	return e.fb.Emit(spv.OpUntypedAccessChainKHR, e.untypedPointer(), ops...)
}
