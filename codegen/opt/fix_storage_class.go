package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// fixStorageClass is spirv-opt's --fix-storage-class. DXC's -fcgl code
// passes a groupshared, uniform or storage-buffer pointer where a function
// takes a Function pointer, and a buffer's layout-decorated struct where the
// parameter's type is the plain twin. Once everything is inlined, the
// access chains, copies, phis and selects derived from the variable still
// carry the parameter's pointer type. The pass walks from every variable
// through its uses:
//
//   - a pointer derived from the variable whose storage class differs gets
//     the variable's storage class (the same pointee);
//   - an access chain's result type is recomputed from its base's pointee,
//     a load's from its pointer's, and a copy's, phi's or select's from its
//     operand; the uses of a retyped result are looked at in turn;
//   - a store of a value whose type is not the pointee (a plain struct into
//     a buffer's struct) stores a member-by-member copy instead (two image
//     types are left alone: later passes delete such stores).
//
// Function calls stop the walk (the callee's parameter type decides).
type fixStorageClass struct{}

func (fixStorageClass) Name() string { return "fix-storage-class" }

type fsc struct {
	c       *Context
	changed bool
	// seen holds the phis on the current path, so a loop of phis ends.
	seen  map[builder.ID]bool
	edits *pendingInserts
}

func (fixStorageClass) Run(c *Context) (bool, error) {
	p := &fsc{c: c, seen: map[builder.ID]bool{}, edits: newPendingInserts()}
	visit := func(v *builder.Inst) {
		if v.Op != spv.OpVariable {
			return
		}
		sc := spv.StorageClass(v.Operands[0].Word)
		for _, u := range c.DU.Users(v.Result) {
			p.storageClass(u, sc)
			for _, i := range operandsEqual(u, v.Result) {
				p.retype(u, v.Type, i)
			}
		}
	}
	for _, g := range c.M.Globals {
		visit(g)
	}
	for in := range c.M.BlockInsts() {
		visit(in)
	}
	p.edits.flushAll(c)
	return p.changed, nil
}

// operandsEqual lists the positions in in.Operands holding id.
func operandsEqual(in *builder.Inst, id builder.ID) []int {
	var out []int
	for i, o := range in.Operands {
		if o.Kind == spv.KindIdRef && o.ID() == id {
			out = append(out, i)
		}
	}
	return out
}

// pointerType returns the storage class and pointee of a pointer type.
func (p *fsc) pointerType(typ builder.ID) (spv.StorageClass, builder.ID, bool) {
	d := p.c.Def(typ)
	if d == nil || d.Op != spv.OpTypePointer {
		return 0, 0, false
	}
	return spv.StorageClass(d.Operands[0].Word), d.Operands[1].ID(), true
}

// storageClass gives the pointer result of in, derived from a pointer
// into storage class sc, that storage class, and follows its uses.
func (p *fsc) storageClass(in *builder.Inst, sc spv.StorageClass) {
	if in.Type == 0 {
		return
	}
	have, pointee, ok := p.pointerType(in.Type)
	if !ok {
		return
	}
	if have == sc {
		if in.Op == spv.OpPhi {
			if p.seen[in.Result] {
				return
			}
			p.seen[in.Result] = true
			defer delete(p.seen, in.Result)
		}
		for _, u := range p.c.DU.Users(in.Result) {
			p.storageClass(u, sc)
		}
		return
	}
	switch in.Op {
	case spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpPtrAccessChain, spv.OpCopyObject, spv.OpPhi, spv.OpSelect:
		p.setType(in, p.c.B.TypePointer(sc, pointee))
		for _, u := range p.c.DU.Users(in.Result) {
			p.storageClass(u, sc)
		}
	}
	// Calls, loads, stores, copies of memory, texel pointers, bitcasts:
	// their results do not follow the operand's storage class.
}

func (p *fsc) setType(in *builder.Inst, typ builder.ID) bool {
	if in.Type == typ {
		return false
	}
	in.Type = typ
	p.c.DU.AnalyzeUses(in)
	p.changed = true
	return true
}

// retype makes in agree with operand i (an index into in.Operands) now
// having type typ, and follows the uses of a result whose type that
// operand decides.
func (p *fsc) retype(in *builder.Inst, typ builder.ID, i int) {
	var want builder.ID
	switch in.Op {
	case spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpPtrAccessChain, spv.OpInBoundsPtrAccessChain:
		if i == 0 {
			want = p.chainType(in, typ)
		}
	case spv.OpCopyObject:
		want = typ
	case spv.OpPhi:
		if p.seen[in.Result] {
			return
		}
		p.seen[in.Result] = true
		defer delete(p.seen, in.Result)
		want = typ
	case spv.OpSelect:
		if i > 0 {
			want = typ
		}
	case spv.OpLoad:
		if _, pointee, ok := p.pointerType(typ); ok && i == 0 {
			want = pointee
		}
	case spv.OpStore:
		p.fixStore(in)
	}
	if want == 0 {
		return
	}
	p.setType(in, want)
	for _, u := range p.c.DU.Users(in.Result) {
		for _, j := range operandsEqual(u, in.Result) {
			p.retype(u, want, j)
		}
	}
}

// fixStore makes a store's value the pointee type of its pointer.
func (p *fsc) fixStore(st *builder.Inst) {
	obj := p.c.Def(st.Operands[1].ID())
	_, pointee, ok := p.pointerType(p.c.DU.TypeOf(st.Operands[0].ID()))
	if obj == nil || !ok || obj.Type == pointee {
		return
	}
	if p.isImage(obj.Type) && p.isImage(pointee) {
		return
	}
	cp := p.c.copyAs(obj, pointee, func(ins ...*builder.Inst) { p.edits.insertBefore(p.c, st, ins...) })
	if cp == 0 {
		return
	}
	st.Operands[1] = builder.Ref(cp)
	p.c.DU.AnalyzeUses(st)
	p.changed = true
}

func (p *fsc) isImage(typ builder.ID) bool {
	d := p.c.Def(typ)
	return d != nil && d.Op == spv.OpTypeImage
}

// chainType is the result type of access chain in over a base of pointer
// type base: the member its indexes reach, in the base's storage class. An
// unchanged result keeps its type id (a duplicate type would otherwise
// change more code than needed).
func (p *fsc) chainType(in *builder.Inst, base builder.ID) builder.ID {
	sc, typ, ok := p.pointerType(base)
	if !ok {
		return 0
	}
	first := 1
	if in.Op == spv.OpPtrAccessChain || in.Op == spv.OpInBoundsPtrAccessChain {
		first = 2
	}
	for _, o := range in.Operands[first:] {
		d := p.c.Def(typ)
		if d == nil {
			return 0
		}
		switch d.Op {
		case spv.OpTypeArray, spv.OpTypeRuntimeArray, spv.OpTypeMatrix, spv.OpTypeVector, spv.OpTypeCooperativeMatrixKHR:
			typ = d.Operands[0].ID()
		case spv.OpTypeStruct:
			v, ok := intConstant(p.c, o.ID())
			if !ok || int(uint32(v.sext)) >= len(d.Operands) {
				return 0
			}
			typ = d.Operands[uint32(v.sext)].ID()
		default:
			return 0
		}
	}
	if haveSC, havePointee, ok := p.pointerType(in.Type); ok && haveSC == sc && havePointee == typ {
		return in.Type
	}
	return p.c.B.TypePointer(sc, typ)
}
