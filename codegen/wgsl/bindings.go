package wgsl

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Resource bindings. WebGPU needs one resource per (group, binding);
// Vulkan lets descriptors alias (DXC's default mapping puts t0 and s0 both
// at binding 0; descriptor heaps are one binding seen through several
// types) and has descriptor arrays, which WGSL does not have. So every
// WGSL resource variable gets its binding here:
//
//   - the first variable (in module order) decorated with a binding keeps
//     it;
//   - another variable at a binding already taken moves to the next free
//     binding of its group (unless Options.StrictBindings, which refuses
//     the module);
//   - the elements of a descriptor array take consecutive bindings from
//     the array's, when none of them is another variable's; otherwise the
//     whole array moves to consecutive free bindings;
//   - resources the translation adds (the sampler half of a combined image
//     sampler, push constants as a uniform buffer, the draw parameters'
//     uniform buffer) take free bindings.
//
// Free bindings are above every binding the module declares in the group,
// so a moved resource never takes a binding another one asks for. Every
// resource is reported in Result.Bindings with the SPIR-V descriptor it
// stands for, and the WGSL starts with a comment listing those the
// translation moved or added.

// bindingAlloc assigns (group, binding) pairs.
type bindingAlloc struct {
	// wanted are the bindings the module's variables are decorated with.
	wanted map[[2]uint32]bool
	taken  map[[2]uint32]string
	// next is the next free binding of each group (above every wanted one).
	next map[uint32]uint32
}

func (t *translator) initBindings() {
	a := &bindingAlloc{wanted: map[[2]uint32]bool{}, taken: map[[2]uint32]string{}, next: map[uint32]uint32{}}
	for _, in := range t.m.Globals {
		if in.Op != spv.OpVariable {
			continue
		}
		s, ok1 := t.decoration(in.Result, spv.DecorationDescriptorSet)
		b, ok2 := t.decoration(in.Result, spv.DecorationBinding)
		if ok1 && ok2 && len(s) > 0 && len(b) > 0 {
			a.wanted[[2]uint32{s[0].Word, b[0].Word}] = true
			if b[0].Word >= a.next[s[0].Word] {
				a.next[s[0].Word] = b[0].Word + 1
			}
		}
	}
	t.alloc = a
}

// descriptor returns a resource variable's DescriptorSet and Binding.
func (t *translator) descriptor(g *global) (set, binding uint32) {
	s, ok1 := t.decoration(g.id, spv.DecorationDescriptorSet)
	b, ok2 := t.decoration(g.id, spv.DecorationBinding)
	if !ok1 || !ok2 || len(s) == 0 || len(b) == 0 {
		t.withInst(g.inst, func() { t.fail("resource %s has no DescriptorSet and Binding decorations", g.name) })
	}
	return s[0].Word, b[0].Word
}

// freeBinding takes the next free binding of group.
func (t *translator) freeBinding(group uint32) uint32 {
	a := t.alloc
	for a.taken[[2]uint32{group, a.next[group]}] != "" {
		a.next[group]++
	}
	b := a.next[group]
	a.next[group]++
	return b
}

// bind places the WGSL resource name, standing for element elem of the
// SPIR-V descriptor (set, binding) (-1: not an array), at that binding or,
// when it is taken, at a free one; it records the result.
func (t *translator) bind(name string, set, binding uint32, elem int, why string) (group, b uint32) {
	a := t.alloc
	key := [2]uint32{set, binding}
	group, b = set, binding
	if other := a.taken[key]; other != "" {
		if t.opts.StrictBindings {
			t.unsupported("two resources at one binding (%s and %s at set %d binding %d; give each its own binding, e.g. with -fvk-t-shift/-fvk-s-shift/-fvk-u-shift/-fvk-b-shift)", other, name, set, binding)
		}
		b = t.freeBinding(set)
		why = joinWhy(why, fmt.Sprintf("moved: %s has set %d binding %d", other, set, binding))
	}
	t.take(name, group, b, set, binding, elem, why)
	return group, b
}

// bindArray places the elements of a descriptor array (set, binding) that
// the translation declares (used, ascending) and returns their bindings.
func (t *translator) bindArray(names []string, set, binding uint32, used []int, why string) []uint32 {
	a := t.alloc
	fits := true
	for _, k := range used {
		key := [2]uint32{set, binding + uint32(k)}
		if a.taken[key] != "" || k > 0 && a.wanted[key] || uint64(binding)+uint64(k) > 0xffffffff {
			fits = false
		}
	}
	base := binding
	if !fits {
		if t.opts.StrictBindings {
			t.unsupported("a descriptor array whose elements would take other resources' bindings (%s at set %d binding %d)", names[0], set, binding)
		}
		// Consecutive free bindings above every declared one.
		base = a.next[set]
		for _, k := range used {
			for a.taken[[2]uint32{set, base + uint32(k)}] != "" {
				base++
			}
		}
		a.next[set] = base + uint32(used[len(used)-1]) + 1
		why = joinWhy(why, "moved: the array's bindings are taken")
	}
	out := make([]uint32, len(used))
	for i, k := range used {
		out[i] = base + uint32(k)
		t.take(names[i], set, out[i], set, binding, k, why)
	}
	return out
}

// bindExtra places a resource the translation adds (with no descriptor of
// its own) at a free binding of group.
func (t *translator) bindExtra(name string, group uint32, why string, b Binding) uint32 {
	bb := t.freeBinding(group)
	b.Name, b.Group, b.Binding, b.Note = name, group, bb, why
	t.alloc.taken[[2]uint32{group, bb}] = name
	t.result.Bindings = append(t.result.Bindings, b)
	return bb
}

func (t *translator) take(name string, group, b, set, binding uint32, elem int, why string) {
	t.alloc.taken[[2]uint32{group, b}] = name
	rb := Binding{Name: name, Group: group, Binding: b, Set: set, SPIRVBinding: binding, Element: -1, Note: why}
	if elem >= 0 {
		rb.Element = elem
		rb.Note = joinWhy(fmt.Sprintf("element %d of the descriptor array", elem), why)
	}
	t.result.Bindings = append(t.result.Bindings, rb)
}

// noteBinding amends the recorded binding of resource name.
func (t *translator) noteBinding(name string, fn func(*Binding)) {
	for i := range t.result.Bindings {
		if t.result.Bindings[i].Name == name {
			fn(&t.result.Bindings[i])
		}
	}
}

func joinWhy(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}

// bindingHeader is the comment listing the bindings that differ from the
// SPIR-V's, for whoever writes the bind group layouts.
func (t *translator) bindingHeader() string {
	notes := t.result.BindingNotes()
	if len(notes) == 0 {
		return ""
	}
	return "// Bindings that differ from the SPIR-V descriptors:\n//   " + strings.Join(notes, "\n//   ") + "\n\n"
}
