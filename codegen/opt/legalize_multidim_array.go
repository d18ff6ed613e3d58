package opt

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// legalizeMultidimArray is spirv-opt's --legalize-multidim-array (SPIRV-Tools
// after 2023.1; DXC's legalization runs it after combine-access-chains):
// Vulkan has no arrays of arrays of descriptors, so a resource variable of
// type T[a][b]... becomes one of T[a*b*...], and every access chain into it
// indexes the flattened array with the row-major linear index (i*b + j,
// built with OpIMul and OpIAdd before the chain; strides of 1 need no
// multiply). The variable moves right after its new pointer type.
//
// Every use must be an access chain indexing at least every dimension
// (through OpCopyObject, whose type follows), or a name or decoration;
// anything else is an error, as in spirv-opt. (spirv-opt also refuses a
// variable listed on OpEntryPoint, as SPIR-V 1.4 lists every global; the
// listing does not depend on the type, so it is accepted here.)
type legalizeMultidimArray struct{}

func (legalizeMultidimArray) Name() string { return "legalize-multidim-array" }

func (p legalizeMultidimArray) Run(c *Context) (bool, error) {
	d := &dsroa{c: c, decos: map[builder.ID][]*builder.Inst{}}
	for _, a := range c.M.Annotations {
		d.indexDecoration(a)
	}
	var vars []*builder.Inst
	for _, v := range c.M.Globals {
		if v.Op != spv.OpVariable {
			continue
		}
		t := d.pointee(v)
		if t == nil || t.Op != spv.OpTypeArray || !d.hasDecoration(v.Result, spv.DecorationDescriptorSet) ||
			!d.hasDecoration(v.Result, spv.DecorationBinding) {
			continue
		}
		dims, _ := arrayDims(c, t.Result)
		if len(dims) < 2 {
			continue
		}
		for _, u := range c.DU.Users(v.Result) {
			if !multidimUseOK(c, u, len(dims)) {
				return false, errorf(p, "unable to legalize the multidimensional array of resources %s: it is used by %s without indexing every dimension",
					nameOf(c, v.Result), u.Op)
			}
		}
		vars = append(vars, v)
	}
	moved := map[*builder.Inst]bool{}
	after := map[builder.ID][]*builder.Inst{} // pointer type -> the variables moving after it
	edits := newPendingInserts()
	for _, v := range vars {
		if err := flattenMultidim(c, v, edits); err != nil {
			return true, errorf(p, "%v", err)
		}
		moved[v] = true
		after[v.Type] = append(after[v.Type], v)
	}
	edits.flushAll(c)
	// Each variable moves right after its new pointer type, all in one
	// pass over the globals.
	if len(vars) > 0 {
		g := make([]*builder.Inst, 0, len(c.M.Globals))
		for _, in := range c.M.Globals {
			if moved[in] {
				continue
			}
			g = append(g, in)
			if in.Op == spv.OpTypePointer {
				g = append(g, after[in.Result]...)
			}
		}
		c.M.Globals = g
	}
	return len(vars) > 0, nil
}

// arrayDims returns the lengths of the nested arrays typ is made of, and
// the element type under them; ok is false when a length is not a
// constant.
func arrayDims(c *Context, typ builder.ID) (dims []uint32, elem builder.ID) {
	for {
		t := c.Def(typ)
		if t == nil || t.Op != spv.OpTypeArray {
			return dims, typ
		}
		dims = append(dims, c.compositeMembers(t.Result))
		typ = t.Operands[0].ID()
	}
}

func multidimUseOK(c *Context, u *builder.Inst, depth int) bool {
	switch {
	case u.Op == spv.OpAccessChain || u.Op == spv.OpInBoundsAccessChain:
		return len(u.Operands)-1 >= depth
	case u.Op == spv.OpCopyObject:
		for _, uu := range c.DU.Users(u.Result) {
			if !multidimUseOK(c, uu, depth) {
				return false
			}
		}
		return true
	case builder.IsAnnotation(u.Op), u.Op == spv.OpEntryPoint:
		return true
	}
	return false
}

func nameOf(c *Context, id builder.ID) string {
	for _, u := range c.DU.Users(id) {
		if u.Op == spv.OpName && u.Operands[0].ID() == id {
			return "'" + u.Operands[1].Str() + "'"
		}
	}
	return fmt.Sprintf("%%%d", id)
}

func flattenMultidim(c *Context, v *builder.Inst, edits *pendingInserts) error {
	sc, pointee, _ := c.B.Pointee(v.Type)
	dims, elem := arrayDims(c, pointee)
	total := uint32(1)
	for _, n := range dims {
		if n == 0 {
			return fmt.Errorf("the array %s has a length that is not a constant", nameOf(c, v.Result))
		}
		total *= n
	}
	c.B.ConstUint32(total) // (spirv-opt declares the length first)
	arr := c.B.TypeArrayN(elem, total, 0)
	ptr := c.B.TypePointer(sc, arr)
	v.Type = ptr
	c.DU.AnalyzeUses(v)

	strides := make([]uint32, len(dims))
	strides[len(dims)-1] = 1
	for i := len(dims) - 2; i >= 0; i-- {
		strides[i] = strides[i+1] * dims[i+1]
	}
	uintType := c.B.TypeInt(32, false)
	work := c.DU.Users(v.Result)
	for len(work) > 0 {
		u := work[len(work)-1]
		work = work[:len(work)-1]
		switch u.Op {
		case spv.OpAccessChain, spv.OpInBoundsAccessChain:
			var linear builder.ID
			for i := range dims {
				term := u.Operands[1+i].ID()
				if strides[i] != 1 {
					mul := c.NewInst(spv.OpIMul, uintType, builder.Ref(term), builder.Ref(c.B.ConstUint32(strides[i])))
					edits.insertBefore(c, u, mul)
					term = mul.Result
				}
				if linear == 0 {
					linear = term
					continue
				}
				add := c.NewInst(spv.OpIAdd, uintType, builder.Ref(linear), builder.Ref(term))
				edits.insertBefore(c, u, add)
				linear = add.Result
			}
			ops := []builder.Operand{u.Operands[0], builder.Ref(linear)}
			u.Operands = append(ops, u.Operands[1+len(dims):]...)
			c.DU.AnalyzeUses(u)
		case spv.OpCopyObject:
			u.Type = c.DU.TypeOf(u.Operands[0].ID())
			c.DU.AnalyzeUses(u)
			work = append(work, c.DU.Users(u.Result)...)
		}
	}
	return nil
}
