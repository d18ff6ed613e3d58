package wgsl

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Descriptor arrays. WGSL has no binding arrays, so an array of textures,
// samplers or buffers becomes one WGSL variable per element, at
// consecutive bindings (bindings.go). A constant index names its element.
// A run-time index becomes a switch over the elements around the
// instruction that uses the resource (a load, a store, an atomic, an image
// instruction), which is exact when the index is the same across the
// invocations that compute a derivative together: Vulkan requires a
// dynamically uniform index unless it is decorated NonUniform, and an
// implicit-derivative sample through a NonUniform index is refused (its
// derivatives would be taken inside a branch). An unbounded (runtime)
// array is declared only at the constant indices it is used at; a run-time
// index into it has no finite switch and is refused.

// A descArray is a descriptor array variable's shape.
type descArray struct {
	dims     []int      // lengths, outermost first (0: a runtime array)
	elemType builder.ID // the descriptor type (an image, sampler, sampled image or buffer struct)
	used     []int      // flattened indices of the elements to declare, ascending
	dynamic  bool       // indexed at run time somewhere
}

// maxSwitchedElements bounds the descriptor arrays indexed at run time
// (each use becomes a switch with a case per element).
const maxSwitchedElements = 256

// descriptorArrayShape returns the shape of a resource variable's type if
// it is an array of descriptors.
func (t *translator) descriptorArrayShape(g *global) *descArray {
	switch g.sc {
	case spv.StorageClassUniformConstant, spv.StorageClassUniform, spv.StorageClassStorageBuffer:
	default:
		return nil
	}
	if op := t.def(g.pointee).Op; op != spv.OpTypeArray && op != spv.OpTypeRuntimeArray {
		return nil
	}
	a := &descArray{}
	typ := g.pointee
	for {
		v := t.typ(typ)
		if v.op != spv.OpTypeArray && v.op != spv.OpTypeRuntimeArray {
			break
		}
		if v.op == spv.OpTypeArray && v.n == 0 {
			t.withInst(g.inst, func() { t.unsupported("a descriptor array sized by a specialization constant") })
		}
		if v.op == spv.OpTypeRuntimeArray && len(a.dims) > 0 {
			t.withInst(g.inst, func() { t.fail("a runtime array nested in an array") })
		}
		a.dims = append(a.dims, v.n)
		typ = v.elem
	}
	a.elemType = typ
	return a
}

// analyzeDescriptorArrays finds the descriptor arrays and the elements
// each is used at.
func (t *translator) analyzeDescriptorArrays() {
	for _, g := range t.sortedGlobals() {
		a := t.descriptorArrayShape(g)
		if a == nil {
			continue
		}
		g.arr = a
		used := map[int]bool{}
		// prefix: the indices of the access chains ptr is made by.
		var walk func(ptr builder.ID, prefix []builder.Operand)
		walk = func(ptr builder.ID, prefix []builder.Operand) {
			for _, u := range t.du.Users(ptr) {
				if u.Block == nil || u.Block.Func == nil || !t.reachable[u.Block.Func.Def.Result] {
					continue
				}
				t.cur = u
				switch u.Op {
				case spv.OpCopyObject:
					walk(u.Result, prefix)
				case spv.OpAccessChain, spv.OpInBoundsAccessChain:
					idx := append(append([]builder.Operand(nil), prefix...), u.Operands[1:]...)
					if len(idx) < len(a.dims) {
						// Part of a multi-dimensional array: the chains on it
						// say the rest.
						walk(u.Result, idx)
						continue
					}
					if k, ok := t.flatConstIndex(a, idx[:len(a.dims)]); ok {
						used[k] = true
					} else {
						a.dynamic = true
					}
				case spv.OpFunctionCall:
					t.unsupported("a descriptor array passed to a function (WGSL has no binding arrays)")
				default:
					t.unsupported("a whole descriptor array used by %s (WGSL has no binding arrays)", u.Op)
				}
			}
		}
		walk(g.id, nil)
		t.cur = nil
		if a.dynamic {
			n := a.length()
			if n == 0 {
				t.withInst(g.inst, func() {
					t.unsupported("an unbounded array of resources indexed at run time (%s; WGSL has no binding arrays, and only an array of known length can become a switch over its elements)", g.name)
				})
			}
			if n > maxSwitchedElements {
				t.withInst(g.inst, func() {
					t.unsupported("an array of %d resources indexed at run time (%s; each use would switch over every element)", n, g.name)
				})
			}
			for k := range n {
				used[k] = true
			}
		}
		for k := range used {
			a.used = append(a.used, k)
		}
		slices.Sort(a.used)
	}
}

// length is the number of elements (0 for an unbounded array).
func (a *descArray) length() int {
	n := 1
	for _, d := range a.dims {
		n *= d
	}
	return n
}

// flatConstIndex flattens constant indices into a descriptor array.
func (t *translator) flatConstIndex(a *descArray, idx []builder.Operand) (int, bool) {
	k := 0
	for i, o := range idx {
		c, ok := t.constUint(o.ID())
		if !ok {
			return 0, false
		}
		if a.dims[i] > 0 && c >= uint64(a.dims[i]) || c >= 1<<20 {
			t.unsupported("descriptor array index %d out of range", c)
		}
		k = k*max(a.dims[i], 1) + int(c)
	}
	return k, true
}

// declareElements makes the variables of a descriptor array's declared
// elements and binds them.
func (t *translator) declareElements(g *global, set, binding uint32) []*global {
	a := g.arr
	if len(a.used) == 0 {
		return nil
	}
	names := make([]string, len(a.used))
	g.elems = map[int]*global{}
	out := make([]*global, len(a.used))
	for i, k := range a.used {
		names[i] = t.names.unique(fmt.Sprintf("%s_%d", g.name, k))
		e := &global{id: g.id, order: g.order, inst: g.inst, sc: g.sc, name: names[i], pointee: a.elemType, elemOf: g, elemIdx: k}
		g.elems[k] = e
		out[i] = e
	}
	bs := t.bindArray(names, set, binding, a.used, "")
	for i, e := range out {
		e.group, e.binding = set, bs[i]
	}
	return out
}

// A resChoice is a descriptor array element chosen at run time: text
// holding its placeholder is emitted once per element, in a switch on the
// index (see expandChoices).
type resChoice struct {
	placeholder string
	index       expr // u32
	keys        []int
	names       []string // by keys
}

// choose returns a placeholder standing for the element of g that the
// indices select, resolved by expandChoices; name gives the WGSL name of
// each element (the variable, or its sampler half).
func (fs *funcState) choose(g *global, indices []builder.ID, name func(*global) string) string {
	t := fs.t
	a := g.arr
	var idx expr
	for i, id := range indices {
		v := t.shiftAmount(fs.indexExpr(id), t.indexType(id))
		if i == 0 {
			idx = v
			continue
		}
		idx = binary("+", binary("*", idx, primary(fmt.Sprintf("%du", a.dims[i]))), v)
	}
	c := &resChoice{placeholder: fmt.Sprintf("\x00choice%d\x00", len(fs.choices)), index: idx}
	for _, k := range a.used {
		c.keys = append(c.keys, k)
		c.names = append(c.names, name(g.elems[k]))
	}
	fs.choices = append(fs.choices, c)
	return c.placeholder
}

// indexType is the type indexExpr spells an index with.
func (t *translator) indexType(id builder.ID) builder.ID {
	if _, ok := t.constUint(id); ok {
		return t.pseudoType(sU32, 1)
	}
	return t.typeOfValue(id)
}

// element returns the WGSL name of the element of descriptor array g at
// constant or run-time indices.
func (fs *funcState) element(g *global, indices []builder.ID, name func(*global) string) string {
	t := fs.t
	ops := make([]builder.Operand, len(indices))
	for i, id := range indices {
		ops[i] = builder.Ref(id)
	}
	if k, ok := t.flatConstIndex(g.arr, ops); ok {
		e := g.elems[k]
		if e == nil {
			t.fail("descriptor array element %d of %s is not declared", k, g.name)
		}
		return name(e)
	}
	return fs.choose(g, indices, name)
}

// hasChoice reports whether text holds a run-time element choice.
func hasChoice(text string) bool { return strings.IndexByte(text, 0) >= 0 }

// expandChoices emits statement text once per combination of the elements
// it chooses at run time, in switches on the indices (the last element
// takes the default case: an index out of range is undefined behaviour in
// SPIR-V).
func (fs *funcState) expandChoices(text string) []stmt {
	for _, c := range fs.choices {
		if !strings.Contains(text, c.placeholder) {
			continue
		}
		sw := sSwitch{selector: c.index.text}
		for i, k := range c.keys {
			body := fs.expandChoices(strings.ReplaceAll(text, c.placeholder, c.names[i]))
			sel := []string{fmt.Sprintf("%du", k)}
			if i == len(c.keys)-1 {
				sel = append(sel, "default")
			}
			sw.cases = append(sw.cases, sCase{selectors: sel, body: body})
		}
		// The index is spelled once, before the choices it holds are
		// resolved: an inner choice's index cannot mention an outer one.
		return []stmt{sw}
	}
	return []stmt{sLine{text}}
}

// emitChosen appends a statement, expanded over its run-time choices.
func (fs *funcState) emitChosen(text string, out *[]stmt) {
	if !hasChoice(text) {
		*out = append(*out, sLine{text})
		return
	}
	*out = append(*out, fs.expandChoices(text)...)
}

// bindChosen binds a value whose expression chooses resources at run
// time: a var assigned in the switch, then bound as usual.
func (fs *funcState) bindChosen(in *builder.Inst, e expr, out *[]stmt) {
	if !hasChoice(e.text) {
		fs.bind(in, e, out)
		return
	}
	name := fs.t.names.unique("chosen")
	fs.hoisted = append(fs.hoisted, fmt.Sprintf("var %s : %s;", name, fs.t.typ(in.Type).text))
	fs.emitChosen(fmt.Sprintf("%s = %s;", name, e.text), out)
	fs.bind(in, primary(name), out)
}
