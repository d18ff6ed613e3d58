package opt

import (
	"fmt"
	"strconv"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// descriptorSROA is spirv-opt's DescriptorScalarReplacement under its three
// flags: a resource variable (one with a descriptor set and a binding) of
// array type (descriptor-array-scalar-replacement, what DXC runs for
// -fspv-flatten-resource-arrays) or of a struct of resources, possibly in
// arrays (descriptor-composite-scalar-replacement, what DXC runs when a
// struct holds resources), becomes a variable per element or member
// (descriptor-scalar-replacement: both).
//
//   - Element i of an array at binding b is at b + i * (the bindings one
//     element takes); member i of a struct at b plus the bindings the
//     members before it take. Other decorations are copied, member
//     decorations of the struct become decorations of the member's
//     variable, and names are "name[i]" and "name.member".
//   - Access chains with a constant first index use the element's variable
//     (dropping that index); loads of the whole variable may only feed
//     single-index extracts, which become loads of the element's variable;
//     the entry points' interfaces list every element's variable instead.
//   - Elements that are arrays or structs of resources again are replaced
//     in turn, so nested arrays end up as one variable per resource.
//
// Any other use (a dynamic index: see
// replace-desc-array-access-using-var-index) is an error, as in spirv-opt.
type descriptorSROA struct {
	name               string
	arrays, composites bool
}

func (p descriptorSROA) Name() string { return p.name }

type dsroa struct {
	c     *Context
	p     descriptorSROA
	decos map[builder.ID][]*builder.Inst // decorations by target, kept as new ones are added
	names map[builder.ID][]*builder.Inst // OpName and OpMemberName by target
	// replacements holds a replaced variable's element variables, made on
	// first use.
	replacements map[builder.ID][]builder.ID
	edits        *pendingInserts
}

func (p descriptorSROA) Run(c *Context) (bool, error) {
	r := &dsroa{c: c, p: p, decos: map[builder.ID][]*builder.Inst{}, names: map[builder.ID][]*builder.Inst{},
		replacements: map[builder.ID][]builder.ID{}, edits: newPendingInserts()}
	for _, a := range c.M.Annotations {
		r.indexDecoration(a)
	}
	for _, n := range c.M.Names {
		if n.Op == spv.OpName || n.Op == spv.OpMemberName {
			t := n.Operands[0].ID()
			r.names[t] = append(r.names[t], n)
		}
	}
	changed := false
	var dead []*builder.Inst
	// New element variables go to the end of Globals, so the loop reaches
	// them too.
	for i := 0; i < len(c.M.Globals); i++ {
		v := c.M.Globals[i]
		if !r.isCandidate(v) {
			continue
		}
		changed = true
		if err := r.replace(v); err != nil {
			return changed, errorf(p, "%v", err)
		}
		dead = append(dead, v)
	}
	r.edits.flushAll(c)
	for _, v := range dead {
		c.Kill(v)
	}
	return changed, nil
}

func (r *dsroa) indexDecoration(a *builder.Inst) {
	switch a.Op {
	case spv.OpDecorate, spv.OpDecorateId, spv.OpDecorateString, spv.OpMemberDecorate, spv.OpMemberDecorateString:
		t := a.Operands[0].ID()
		r.decos[t] = append(r.decos[t], a)
	}
}

// decorations returns the live decorations of id.
func (r *dsroa) decorations(id builder.ID) []*builder.Inst {
	var out []*builder.Inst
	for _, d := range r.decos[id] {
		if d.Op != spv.OpNop && d.Operands[0].ID() == id {
			out = append(out, d)
		}
	}
	return out
}

func (r *dsroa) hasDecoration(id builder.ID, d spv.Decoration) bool {
	for _, a := range r.decorations(id) {
		switch a.Op {
		case spv.OpDecorate, spv.OpDecorateId, spv.OpDecorateString:
			if spv.Decoration(a.Operands[1].Word) == d {
				return true
			}
		case spv.OpMemberDecorate, spv.OpMemberDecorateString:
			if spv.Decoration(a.Operands[2].Word) == d {
				return true
			}
		}
	}
	return false
}

// pointee returns the type a variable points to.
func (r *dsroa) pointee(v *builder.Inst) *builder.Inst {
	_, t, ok := r.c.B.Pointee(v.Type)
	if !ok {
		return nil
	}
	return r.c.Def(t)
}

// isBuffer reports whether a struct type is a buffer's (its members have
// offsets), not a struct of resources.
func (r *dsroa) isBuffer(t *builder.Inst) bool {
	return t.Op == spv.OpTypeStruct && r.hasDecoration(t.Result, spv.DecorationOffset)
}

func (r *dsroa) isCandidate(v *builder.Inst) bool {
	if v.Op != spv.OpVariable {
		return false
	}
	t := r.pointee(v)
	if t == nil || !r.hasDecoration(v.Result, spv.DecorationDescriptorSet) || !r.hasDecoration(v.Result, spv.DecorationBinding) {
		return false
	}
	if r.p.arrays && t.Op == spv.OpTypeArray {
		return true
	}
	if !r.p.composites {
		return false
	}
	for t != nil && t.Op == spv.OpTypeArray {
		t = r.c.Def(t.Operands[0].ID())
	}
	return t != nil && t.Op == spv.OpTypeStruct && !r.isBuffer(t)
}

func (r *dsroa) replace(v *builder.Inst) error {
	var chains, loads, entries []*builder.Inst
	for _, u := range r.c.DU.Users(v.Result) {
		switch {
		case builder.IsAnnotation(u.Op):
		case u.Op == spv.OpAccessChain || u.Op == spv.OpInBoundsAccessChain:
			chains = append(chains, u)
		case u.Op == spv.OpLoad:
			loads = append(loads, u)
		case u.Op == spv.OpEntryPoint:
			entries = append(entries, u)
		default:
			return r.cannot(v, u, "used by %s", u.Op)
		}
	}
	for _, ch := range chains {
		if err := r.replaceChain(v, ch); err != nil {
			return err
		}
	}
	for _, ld := range loads {
		if err := r.replaceLoad(v, ld); err != nil {
			return err
		}
	}
	for _, ep := range entries {
		ops := make([]builder.Operand, 0, len(ep.Operands))
		for i, o := range ep.Operands {
			if i < 3 || o.ID() != v.Result {
				ops = append(ops, o)
			}
		}
		for i := range r.count(v) {
			ops = append(ops, builder.Ref(r.element(v, i)))
		}
		ep.Operands = ops
		r.c.DU.AnalyzeUses(ep)
	}
	return nil
}

func (r *dsroa) cannot(v, u *builder.Inst, format string, args ...any) error {
	return fmt.Errorf("the resource variable %s cannot be split: %s", r.varName(v.Result), fmt.Sprintf(format, args...))
}

func (r *dsroa) varName(id builder.ID) string {
	for _, n := range r.names[id] {
		if n.Op == spv.OpName && n.Operands[0].ID() == id {
			return "'" + n.Operands[1].Str() + "'"
		}
	}
	return "%" + strconv.Itoa(int(id))
}

// count is the number of elements or members of v's type.
func (r *dsroa) count(v *builder.Inst) uint32 {
	return r.c.compositeMembers(r.pointee(v).Result)
}

func (r *dsroa) replaceChain(v, ch *builder.Inst) error {
	if len(ch.Operands) < 2 {
		return r.cannot(v, ch, "an access chain without indexes")
	}
	idx, ok := intConstant(r.c, ch.Operands[1].ID())
	if !ok {
		return r.cannot(v, ch, "an index that is not a constant")
	}
	if idx.zext >= uint64(r.count(v)) {
		return r.cannot(v, ch, "index %d out of range", idx.zext)
	}
	elem := r.element(v, uint32(idx.zext))
	if len(ch.Operands) == 2 {
		r.c.ReplaceWith(ch, elem)
		return nil
	}
	ch.Operands = append([]builder.Operand{builder.Ref(elem)}, ch.Operands[2:]...)
	r.c.DU.AnalyzeUses(ch)
	return nil
}

func (r *dsroa) replaceLoad(v, ld *builder.Inst) error {
	var extracts []*builder.Inst
	for _, u := range r.c.DU.Users(ld.Result) {
		switch {
		case builder.IsAnnotation(u.Op):
		case u.Op == spv.OpCompositeExtract && len(u.Operands) == 2:
			extracts = append(extracts, u)
		default:
			return r.cannot(v, u, "its loaded value is used by %s", u.Op)
		}
	}
	for _, x := range extracts {
		i := x.Operands[1].Word
		if i >= r.count(v) {
			return r.cannot(v, x, "index %d out of range", i)
		}
		nl := r.c.NewInst(spv.OpLoad, x.Type, builder.Ref(r.element(v, i)))
		r.edits.insertBefore(r.c, x, nl)
		r.c.ReplaceWith(x, nl.Result)
	}
	r.c.Kill(ld)
	return nil
}

// element returns the variable replacing element or member i of v, making
// it on first use.
func (r *dsroa) element(v *builder.Inst, i uint32) builder.ID {
	reps := r.replacements[v.Result]
	if reps == nil {
		reps = make([]builder.ID, r.count(v))
		r.replacements[v.Result] = reps
	}
	if reps[i] == 0 {
		reps[i] = r.newElement(v, i)
	}
	return reps[i]
}

func (r *dsroa) newElement(v *builder.Inst, i uint32) builder.ID {
	sc := spv.StorageClass(v.Operands[0].Word)
	t := r.pointee(v)
	isArray := t.Op == spv.OpTypeArray
	elemType := t.Operands[0].ID()
	if !isArray {
		elemType = t.Operands[i].ID()
	}
	ptr := r.c.B.TypePointer(sc, elemType)
	nv := r.c.NewInst(spv.OpVariable, ptr, builder.Enum(sc))
	r.c.M.Globals = append(r.c.M.Globals, nv)
	r.c.DU.Define(nv)

	for _, d := range r.decorations(v.Result) {
		switch d.Op {
		case spv.OpDecorate, spv.OpDecorateId, spv.OpDecorateString:
		default:
			continue
		}
		ops := cloneOperands(d.Operands)
		ops[0] = builder.Ref(nv.Result)
		if d.Op == spv.OpDecorate && spv.Decoration(d.Operands[1].Word) == spv.DecorationBinding {
			ops[1].Params()[0] = builder.Lit(r.elementBinding(d.Operands[1].Params()[0].Word, t, i))
		}
		r.addAnnotation(d.Op, ops)
	}
	// A member decoration of a struct of resources decorates its member's
	// variable.
	for _, d := range r.decorations(t.Result) {
		if (d.Op == spv.OpMemberDecorate || d.Op == spv.OpMemberDecorateString) && d.Operands[1].Word == i {
			op := spv.OpDecorate
			if d.Op == spv.OpMemberDecorateString {
				op = spv.OpDecorateString
			}
			r.addAnnotation(op, append([]builder.Operand{builder.Ref(nv.Result)}, cloneOperands(d.Operands[2:])...))
		}
	}
	for _, n := range r.names[v.Result] {
		if n.Op != spv.OpName || n.Operands[0].ID() != v.Result {
			continue
		}
		name := n.Operands[1].Str()
		if isArray {
			name += "[" + strconv.Itoa(int(i)) + "]"
		} else {
			name += "." + r.memberName(t.Result, i)
		}
		in := &builder.Inst{Op: spv.OpName, Operands: []builder.Operand{builder.Ref(nv.Result), builder.Str(name)}}
		r.c.M.Names = append(r.c.M.Names, in)
		r.c.DU.Define(in)
		r.names[nv.Result] = append(r.names[nv.Result], in)
	}
	return nv.Result
}

func (r *dsroa) memberName(st builder.ID, i uint32) string {
	for _, n := range r.names[st] {
		if n.Op == spv.OpMemberName && n.Operands[0].ID() == st && n.Operands[1].Word == i {
			return n.Operands[2].Str()
		}
	}
	return strconv.Itoa(int(i))
}

func (r *dsroa) addAnnotation(op spv.Op, ops []builder.Operand) {
	in := &builder.Inst{Op: op, Operands: ops}
	r.c.M.Annotations = append(r.c.M.Annotations, in)
	r.c.DU.Define(in)
	r.indexDecoration(in)
}

// elementBinding is the binding of element or member i of a variable of
// type t bound at b.
func (r *dsroa) elementBinding(b uint32, t *builder.Inst, i uint32) uint32 {
	if t.Op == spv.OpTypeArray {
		return b + i*r.bindingsOf(t.Operands[0].ID())
	}
	for m := range i {
		b += r.bindingsOf(t.Operands[m].ID())
	}
	return b
}

// bindingsOf is the number of bindings a resource of type typ takes: an
// array's length times its element's, a struct of resources the sum of
// its members', anything else one.
func (r *dsroa) bindingsOf(typ builder.ID) uint32 {
	t := r.c.Def(typ)
	if t == nil {
		return 1
	}
	if t.Op == spv.OpTypePointer {
		t = r.c.Def(t.Operands[1].ID())
	}
	switch {
	case t.Op == spv.OpTypeArray:
		return r.c.compositeMembers(t.Result) * r.bindingsOf(t.Operands[0].ID())
	case t.Op == spv.OpTypeStruct && !r.isBuffer(t):
		var n uint32
		for _, m := range t.Operands {
			n += r.bindingsOf(m.ID())
		}
		return n
	}
	return 1
}
