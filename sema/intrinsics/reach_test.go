package intrinsics

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// receiverFor builds a typical receiver of an object kind.
func receiverFor(u *types.Universe, name string) *types.Type {
	b, _ := types.LookupBuiltin(name)
	o := b.Object
	switch o.Class() {
	case types.ClassStructuredBuffer, types.ClassStream:
		return u.NewObject(o, testStruct(u), 0)
	case types.ClassNode:
		if o.NodeFlags()&types.NodeEmpty == 0 {
			return u.NewObject(o, testStruct(u), 0)
		}
	}
	switch o {
	case types.RayQuery, types.FeedbackTexture2D, types.FeedbackTexture2DArray:
		return u.NewObject(o, nil, 0)
	case types.VkBufferPointer:
		return u.NewObject(o, testStruct(u), 16)
	case types.Texture2DMS, types.Texture2DMSArray, types.RWTexture2DMS, types.RWTexture2DMSArray:
		return u.NewObject(o, types.Vec(types.Float, 4), 4)
	}
	return u.NewObject(o, nil, 0)
}

// canonicalArgs makes the argument list an overload was written for: every
// variable at its set's first kind and first shape (vectors of 3).
func canonicalArgs(u *types.Universe, o *Overload, recv *types.Type) ([]*types.Type, bool) {
	r := resolver{u: u, o: o}
	if recv != nil {
		r.obj = recv.Object()
		r.elem = recv.Canonical().Elem()
	}
	for v := range o.Vars() {
		vr := &o.Vars()[v]
		switch vr.Kind {
		case VarDim:
			r.dim[v] = 3
		case VarType:
			r.comp[v] = sets[vr.Set].Kinds[0]
			r.shape[v] = firstShape(vr.Shapes)
			r.rows[v], r.cols[v] = 3, 3
		case VarStruct:
			r.strct[v] = testStruct(u)
		case VarObject:
			r.strct[v] = receiverFor(u, vr.Object())
		}
	}
	var args []*types.Type
	for _, p := range o.Params() {
		if recv != nil && isCombined(r.obj) && (p.Type.Kind == PatSampler || p.Type.Kind == PatCmpSampler || p.Type.Kind == PatAnySampler) {
			continue
		}
		if !r.sizesExist(p.Type) {
			return nil, false
		}
		t, ok := r.build(p.Type, Call{})
		if !ok {
			return nil, false
		}
		args = append(args, t)
	}
	if o.Variadic {
		args = append(args, types.ScalarType(types.Float))
	}
	return args, true
}

// TestEveryOverloadIsReachable calls every overload with the arguments it
// was written for and expects that very overload back: none is shadowed
// by another or lost to an ambiguity.
func TestEveryOverloadIsReachable(t *testing.T) {
	u := types.NewUniverse(types.Config{Enable16BitTypes: true})
	check := func(o *Overload, recv *types.Type) {
		args, ok := canonicalArgs(u, o, recv)
		if !ok {
			return // does not exist for this receiver (cube offsets)
		}
		c := Call{Name: o.Name(), Vk: o.Vk, Receiver: recv, Args: args}
		m, err := Resolve(u, c)
		if err != nil {
			t.Errorf("%v on %v with %v: %s\n%s", o, recv, args, err.Msg, notesText(err))
			return
		}
		if m.Overload != o {
			t.Errorf("%v on %v with %v chose %v", o, recv, args, m.Overload)
		}
	}
	n := 0
	for name, idx := range globalIndex {
		for _, i := range idx {
			check(&overloads[i], nil)
			n++
		}
		_ = name
	}
	for _, idx := range vkIndex {
		for _, i := range idx {
			check(&overloads[i], nil)
			n++
		}
	}
	for obj, ms := range methodIndex {
		recv := receiverFor(u, obj)
		for _, idx := range ms {
			for _, i := range idx {
				check(&overloads[i], recv)
				n++
			}
		}
	}
	t.Logf("%d (overload, receiver) pairs", n)
	if n < 1000 {
		t.Errorf("only %d (overload, receiver) pairs checked", n)
	}
}
