package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
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
	arr := e.heapArray(n.Name, t)
	sc, rule, _ := e.resourceStorage(t)
	idx := e.rvalueAs(ix.Index, types.ScalarType(types.Uint))
	base := value{id: arr, typ: e.info.Universe.Array(t, types.Unsized), ptr: true, sc: sc, rule: rule}
	return base.at(idx, t), true
}

// heapArray is the runtime array of t of a heap, created on first use.
func (e *emitter) heapArray(heap string, t *types.Type) builder.ID {
	key := heap + "\x00" + t.Canonical().String()
	if id, ok := e.heapArrays[key]; ok {
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
		if elem, err = e.low.Type(t, rule); err != nil {
			e.errorf(e.pos, "%v", err)
		}
	}
	e.b.Capability(spv.CapabilityRuntimeDescriptorArray)
	e.b.Extension("SPV_EXT_descriptor_indexing")
	arr := e.b.TypeRuntimeArray(elem, 0)
	id := e.b.GlobalVariable(e.b.TypePointer(sc, arr), sc, heap, 0)
	e.heapArrays[key] = id
	// every array of one heap shares the first one's binding
	first, ok := e.heapFirst[heap]
	switch {
	case ok:
		e.bindings.alias(id, first)
	case heap == "ResourceDescriptorHeap" && e.opts.ResourceHeap != nil:
		e.bindings.addExplicit(id, e.opts.ResourceHeap[0], e.opts.ResourceHeap[1])
		e.heapFirst[heap] = id
	case heap == "SamplerDescriptorHeap" && e.opts.SamplerHeap != nil:
		e.bindings.addExplicit(id, e.opts.SamplerHeap[0], e.opts.SamplerHeap[1])
		e.heapFirst[heap] = id
	default:
		e.bindings.add(id, nil, nil, 't')
		e.heapFirst[heap] = id
	}
	return id
}
