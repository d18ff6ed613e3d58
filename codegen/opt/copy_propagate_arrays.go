package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// copyPropagateArrays is --copy-propagate-arrays: a function variable of
// array type (or any variable copied from an Input) that is written once,
// whole, with a value read from another variable (or a part of it) that
// nothing writes, is replaced by that memory: its loads read the source
// through an access chain made where the copy was. The value loaded may
// have another type than the copy's (a buffer's layout-decorated array
// instead of the function's plain one): the uses are retyped, and a store
// of such a value elsewhere gets an element-by-element copy into the
// stored-to type. The source may be a load, a part extracted from one, or
// a composite built from all the parts of one in order (OpCompositeConstruct
// or a chain of OpCompositeInsert). Variables the loads of a propagated
// copy are stored to are looked at again.
type copyPropagateArrays struct{}

func (copyPropagateArrays) Name() string { return "copy-propagate-arrays" }

// A memObject is memory a value may be read from: a variable and the
// indexes into it (ids from access chains, or literals from extracts).
type memObject struct {
	v       *builder.Inst
	indexes []memIndex
}

type memIndex struct {
	isID bool
	word uint32 // the index's id, or the literal
}

type cpa struct {
	*memPass
	work []*builder.Inst
	// unwritten caches hasNoStores for source variables (the pass never
	// adds a store to a source, so an answer holds for the run; sources are
	// shared by many copies, and asking each time would be quadratic).
	unwritten map[builder.ID]bool
	edits     *pendingInserts
	order     *instOrder
}

func (copyPropagateArrays) Run(c *Context) (bool, error) {
	if !hasEntryVariables(c.M) {
		return false, nil
	}
	r := &cpa{memPass: newMemPass(c), edits: newPendingInserts(), order: newInstOrder(), unwritten: map[builder.ID]bool{}}
	for _, f := range c.M.Functions {
		if len(f.Blocks) == 0 {
			continue
		}
		for _, in := range f.Blocks[0].Insts {
			if in.Op != spv.OpVariable {
				break
			}
			r.work = append(r.work, in)
		}
	}
	changed := false
	for len(r.work) > 0 {
		v := r.work[0]
		r.work = r.work[1:]
		if v.Op != spv.OpVariable {
			continue // deleted meanwhile
		}
		store := r.onlyWholeStore(v)
		if store == nil || !r.isRead(v) {
			// (spirv-opt also propagates a variable nothing reads, which
			// only adds an unused access chain for dead-code elimination
			// to remove, again on every run.)
			continue
		}
		src := r.sourceOf(v, store)
		if src == nil {
			continue
		}
		if t := r.c.B.TypeOp(r.pointee(v.Type)); t != spv.OpTypeArray && t != spv.OpTypeImage && src.storageClass(r) != spv.StorageClassInput {
			continue
		}
		ptrType := r.c.B.TypePointer(src.storageClass(r), r.c.memberTypeOf(r.pointee(src.v.Type), src.literalIndexes(r)))
		if !r.canUpdateUses(v, ptrType) {
			continue
		}
		changed = true
		ptr := r.newAccessChain(store, src, ptrType)
		r.c.DU.KillNamesAndDecorations(v.Result)
		if err := r.updateUses(v, ptr); err != nil {
			return changed, errorf(copyPropagateArrays{}, "%v", err)
		}
	}
	r.edits.flushAll(c)
	return changed, nil
}

func (r *cpa) pointee(ptrType builder.ID) builder.ID {
	_, t, _ := r.c.B.Pointee(ptrType)
	return t
}

func (o *memObject) storageClass(r *cpa) spv.StorageClass {
	sc, _, _ := r.c.B.Pointee(o.v.Type)
	return sc
}

// literalIndexes returns the object's indexes as numbers (0 for an index
// that is not a constant).
func (o *memObject) literalIndexes(r *cpa) []uint32 {
	out := make([]uint32, len(o.indexes))
	for i, x := range o.indexes {
		if !x.isID {
			out[i] = x.word
		} else if v, ok := intConstant(r.c, builder.ID(x.word)); ok {
			out[i] = uint32(v.zext)
		}
	}
	return out
}

// contains reports whether other is o or a part of it.
func (o *memObject) contains(other *memObject) bool {
	if o.v != other.v || len(o.indexes) > len(other.indexes) {
		return false
	}
	for i := range o.indexes {
		if o.indexes[i] != other.indexes[i] {
			return false
		}
	}
	return true
}

// onlyWholeStore returns the one store to the variable itself, or nil.
func (r *cpa) onlyWholeStore(v *builder.Inst) *builder.Inst {
	var store *builder.Inst
	for _, u := range r.c.DU.Users(v.Result) {
		if u.Op == spv.OpStore && u.Operands[0].ID() == v.Result {
			if store != nil {
				return nil
			}
			store = u
		}
	}
	return store
}

// isRead reports whether anything but stores, names and decorations uses
// the pointer (through access chains).
func (r *cpa) isRead(ptr *builder.Inst) bool {
	for _, u := range r.c.DU.Users(ptr.Result) {
		switch {
		case u.Op == spv.OpStore && u.Operands[0].ID() == ptr.Result, u.Op == spv.OpName, isDecoration(u.Op):
		case u.Op == spv.OpAccessChain:
			if r.isRead(u) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// sourceOf returns the memory the store copies into the variable, when
// the store dominates every read of the variable and nothing writes the
// source.
func (r *cpa) sourceOf(v, store *builder.Inst) *memObject {
	if !r.validReferencesOnly(v, store) {
		return nil
	}
	src := r.objectOf(store.Operands[1].ID())
	if src == nil {
		return nil
	}
	unwritten, ok := r.unwritten[src.v.Result]
	if !ok {
		unwritten = r.hasNoStores(src.v.Result)
		r.unwritten[src.v.Result] = unwritten
	}
	if !unwritten {
		return nil
	}
	return src
}

// validReferencesOnly reports whether every use of the pointer is a read
// the store dominates, an access chain whose uses are too, the store
// itself, a name, a decoration or debug information.
func (r *cpa) validReferencesOnly(ptr, store *builder.Inst) bool {
	f := store.Block.Func
	g, dom := f.CFG(), f.Dominators()
	for _, u := range r.c.DU.Users(ptr.Result) {
		switch {
		case u.Op == spv.OpLoad || u.Op == spv.OpImageTexelPointer:
			if !r.order.dominates(g, dom, store, u) {
				return false
			}
		case r.isInterpolation(u):
			if u.Operands[2].ID() != store.Operands[0].ID() || !r.order.dominates(g, dom, store, u) {
				return false
			}
		case u.Op == spv.OpAccessChain:
			if !r.validReferencesOnly(u, store) {
				return false
			}
		case isDecoration(u.Op) || u.Op == spv.OpName:
		case u.Op == spv.OpStore:
			if ptr.Op != spv.OpVariable || store.Operands[0].ID() != ptr.Result {
				return false
			}
		case r.isDebugRef(u):
		default:
			return false
		}
	}
	return true
}

// hasNoStores reports whether nothing may write through the pointer.
func (r *cpa) hasNoStores(ptr builder.ID) bool {
	for _, u := range r.c.DU.Users(ptr) {
		switch {
		case u.Op == spv.OpLoad, isDecoration(u.Op), u.Op == spv.OpName, u.Op == spv.OpImageTexelPointer,
			u.Op == spv.OpEntryPoint, r.isInterpolation(u), r.c.debugOp(u) != noDebugOp:
		case u.Op == spv.OpAccessChain:
			if !r.hasNoStores(u.Result) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// isInterpolation reports whether in is a GLSL.std.450 InterpolateAt*,
// which reads its pointer operand like a load.
func (r *cpa) isInterpolation(in *builder.Inst) bool {
	if in.Op != spv.OpExtInst || r.c.extSetName(in.Operands[0].ID()) != "GLSL.std.450" {
		return false
	}
	switch in.Operands[1].Word {
	case spv.GLSLstd450InterpolateAtCentroid, spv.GLSLstd450InterpolateAtOffset, spv.GLSLstd450InterpolateAtSample:
		return true
	}
	return false
}

// objectOf returns the memory the value id was read from, if it can tell.
func (r *cpa) objectOf(id builder.ID) *memObject {
	d := r.c.DU.Def(id)
	if d == nil {
		return nil
	}
	switch d.Op {
	case spv.OpLoad:
		return r.objectOfLoad(d)
	case spv.OpCompositeExtract:
		o := r.objectOf(d.Operands[0].ID())
		if o == nil {
			return nil
		}
		for _, x := range d.Operands[1:] {
			o.indexes = append(o.indexes, memIndex{false, x.Word})
		}
		return o
	case spv.OpCompositeConstruct:
		return r.objectOfConstruct(d)
	case spv.OpCopyObject, spv.OpCopyLogical:
		return r.objectOf(d.Operands[0].ID())
	case spv.OpCompositeInsert:
		return r.objectOfInsert(d)
	}
	return nil
}

// objectOfLoad follows the load's pointer back through access chains to a
// variable.
func (r *cpa) objectOfLoad(load *builder.Inst) *memObject {
	var rev []memIndex
	cur := r.c.DU.Def(load.Operands[0].ID())
	for cur != nil && cur.Op == spv.OpAccessChain {
		for i := len(cur.Operands) - 1; i >= 1; i-- {
			rev = append(rev, memIndex{true, uint32(cur.Operands[i].ID())})
		}
		cur = r.c.DU.Def(cur.Operands[0].ID())
	}
	if cur == nil || cur.Op != spv.OpVariable {
		return nil
	}
	o := &memObject{v: cur}
	for i := len(rev) - 1; i >= 0; i-- {
		o.indexes = append(o.indexes, rev[i])
	}
	return o
}

// indexIs reports whether an index is (a constant) value.
func (r *cpa) indexIs(x memIndex, value uint32) bool {
	if !x.isID {
		return x.word == value
	}
	v, ok := intConstant(r.c, builder.ID(x.word))
	return ok && uint32(v.zext) == value
}

// objectOfConstruct: a composite built from members 0..n-1 of one object,
// in order, is that object.
func (r *cpa) objectOfConstruct(cc *builder.Inst) *memObject {
	o := r.objectOf(cc.Operands[0].ID())
	if o == nil || len(o.indexes) == 0 || !r.indexIs(o.indexes[len(o.indexes)-1], 0) {
		return nil
	}
	o.indexes = o.indexes[:len(o.indexes)-1]
	if r.memberCountOf(o) != uint32(len(cc.Operands)) {
		return nil
	}
	for i := 1; i < len(cc.Operands); i++ {
		m := r.objectOf(cc.Operands[i].ID())
		if m == nil || len(m.indexes) == 0 || !o.contains(m) || !r.indexIs(m.indexes[len(m.indexes)-1], uint32(i)) {
			return nil
		}
	}
	return o
}

// objectOfInsert: a chain of inserts of members n-1 down to 0 of one
// object is that object.
func (r *cpa) objectOfInsert(ins *builder.Inst) *memObject {
	n := r.c.compositeMembers(ins.Type)
	if n == 0 || len(ins.Operands) != 3 || ins.Operands[2].Word != n-1 {
		return nil
	}
	o := r.objectOf(ins.Operands[0].ID())
	if o == nil || len(o.indexes) == 0 || !r.indexIs(o.indexes[len(o.indexes)-1], n-1) {
		return nil
	}
	o.indexes = o.indexes[:len(o.indexes)-1]
	cur := r.c.DU.Def(ins.Operands[1].ID())
	for i := n - 1; i > 0; i-- {
		if cur == nil || cur.Op != spv.OpCompositeInsert || len(cur.Operands) != 3 || cur.Operands[2].Word != i-1 {
			return nil
		}
		m := r.objectOf(cur.Operands[0].ID())
		if m == nil || len(m.indexes) == 0 || len(o.indexes)+1 != len(m.indexes) || !o.contains(m) ||
			!r.indexIs(m.indexes[len(m.indexes)-1], i-1) {
			return nil
		}
		cur = r.c.DU.Def(cur.Operands[1].ID())
	}
	return o
}

// memberCountOf is the number of members of the object's type.
func (r *cpa) memberCountOf(o *memObject) uint32 {
	return r.c.compositeMembers(r.c.memberTypeOf(r.pointee(o.v.Type), o.literalIndexes(r)))
}

// chainIndexes reads an access chain's indexes as numbers (0 for those
// that are not constants); dynamic is set when one is not.
func (r *cpa) chainIndexes(chain *builder.Inst) (out []uint32, dynamic bool) {
	for _, o := range chain.Operands[1:] {
		if v, ok := intConstant(r.c, o.ID()); ok {
			out = append(out, uint32(v.zext))
		} else {
			out = append(out, 0)
			dynamic = true
		}
	}
	return out, dynamic
}

// canUpdateUses reports whether every use of inst would still be valid
// with typ as inst's type (after retyping them in turn).
func (r *cpa) canUpdateUses(inst *builder.Inst, typ builder.ID) bool {
	switch r.c.B.TypeOp(typ) {
	case spv.OpTypeRuntimeArray:
		return false
	case spv.OpTypeStruct, spv.OpTypeArray, spv.OpTypePointer:
	default:
		return true
	}
	for _, u := range r.c.DU.Users(inst.Result) {
		if r.isDebugRef(u) {
			continue
		}
		switch u.Op {
		case spv.OpLoad:
			if t := r.pointee(typ); t != u.Type && !r.canUpdateUses(u, t) {
				return false
			}
		case spv.OpExtInst:
			if !r.isInterpolation(u) {
				return false
			}
		case spv.OpAccessChain:
			sc, pointee, _ := r.c.B.Pointee(typ)
			idx, dynamic := r.chainIndexes(u)
			if dynamic && r.c.B.TypeOp(pointee) == spv.OpTypeStruct {
				return false
			}
			t := r.c.B.TypePointer(sc, r.c.memberTypeOf(pointee, idx))
			if t != u.Type && !r.canUpdateUses(u, t) {
				return false
			}
		case spv.OpCompositeExtract:
			t := r.c.memberTypeOf(typ, literals(u.Operands[1:]))
			if t != u.Type && !r.canUpdateUses(u, t) {
				return false
			}
		case spv.OpStore, spv.OpImageTexelPointer, spv.OpName:
		default:
			if !isDecoration(u.Op) {
				return false
			}
		}
	}
	return true
}

func literals(ops []builder.Operand) []uint32 {
	out := make([]uint32, len(ops))
	for i, o := range ops {
		out[i] = o.Word
	}
	return out
}

// newAccessChain makes the pointer to the source object, before the store
// (the variable itself when there are no indexes).
func (r *cpa) newAccessChain(store *builder.Inst, src *memObject, ptrType builder.ID) *builder.Inst {
	if len(src.indexes) == 0 {
		return src.v
	}
	ops := []builder.Operand{builder.Ref(src.v.Result)}
	for _, x := range src.indexes {
		id := builder.ID(x.word)
		if !x.isID {
			id = r.c.B.ConstUint32(x.word)
		}
		ops = append(ops, builder.Ref(id))
	}
	chain := r.c.NewInst(spv.OpAccessChain, ptrType, ops...)
	r.edits.insertBefore(r.c, store, chain)
	return chain
}

// updateUses makes the uses of old use ptr instead (or, when old is ptr,
// fits them to its new type), retyping what reads through it.
func (r *cpa) updateUses(old, ptr *builder.Inst) error {
	for _, u := range r.c.DU.Users(old.Result) {
		if r.c.debugOp(u) != noDebugOp {
			r.updateDebugUse(u, old, ptr)
			continue
		}
		switch u.Op {
		case spv.OpLoad:
			u.Operands[0] = builder.Ref(ptr.Result)
			r.c.DU.AnalyzeUses(u)
			if t := r.pointee(ptr.Type); t != u.Type {
				u.Type = t
				r.c.DU.AnalyzeUses(u)
				if err := r.updateUses(u, u); err != nil {
					return err
				}
			}
			r.addStoredToWorklist(u)
		case spv.OpExtInst, spv.OpDecorate, spv.OpImageTexelPointer:
			replaceOperand(u, old.Result, ptr.Result)
			r.c.DU.AnalyzeUses(u)
		case spv.OpAccessChain:
			u.Operands[0] = builder.Ref(ptr.Result)
			sc, pointee, _ := r.c.B.Pointee(ptr.Type)
			idx, _ := r.chainIndexes(u)
			t := r.c.B.TypePointer(sc, r.c.memberTypeOf(pointee, idx))
			r.c.DU.AnalyzeUses(u)
			if t != u.Type {
				u.Type = t
				r.c.DU.AnalyzeUses(u)
				if err := r.updateUses(u, u); err != nil {
					return err
				}
			}
		case spv.OpCompositeExtract:
			u.Operands[0] = builder.Ref(ptr.Result)
			t := r.c.memberTypeOf(ptr.Type, literals(u.Operands[1:]))
			r.c.DU.AnalyzeUses(u)
			if t != u.Type {
				u.Type = t
				r.c.DU.AnalyzeUses(u)
				if err := r.updateUses(u, u); err != nil {
					return err
				}
			}
		case spv.OpStore:
			// The store to the variable itself stays, for dead-code
			// elimination; a store of the retyped value gets a copy in the
			// type stored to.
			if u.Operands[1].ID() == old.Result {
				target := r.c.DU.Def(u.Operands[0].ID())
				cp := r.c.copyAs(old, r.pointee(target.Type), func(ins ...*builder.Inst) { r.edits.insertBefore(r.c, u, ins...) })
				if cp == 0 {
					return errorf(copyPropagateArrays{}, "cannot copy %%%d into the type stored to", old.Result)
				}
				u.Operands[1] = builder.Ref(cp)
				r.c.DU.AnalyzeUses(u)
			}
		}
	}
	return nil
}

// updateDebugUse points a DebugDeclare or DebugValue of the variable at
// the new pointer when that is a variable (or parameter). spirv-opt turns
// one of an access chain into a DebugValue with a Deref expression, moved
// after the chain; that is not written yet: the debug instruction goes.
func (r *cpa) updateDebugUse(u, old, ptr *builder.Inst) {
	if old == ptr {
		return
	}
	if ptr.Op == spv.OpVariable || ptr.Op == spv.OpFunctionParameter {
		replaceOperand(u, old.Result, ptr.Result)
		r.c.DU.AnalyzeUses(u)
		return
	}
	r.c.Kill(u)
}

// replaceOperand rewrites the id operands of in that are old.
func replaceOperand(in *builder.Inst, old, new builder.ID) {
	forEachOperandID(in, func(id *builder.ID) {
		if *id == old {
			*id = new
		}
	})
}

// addStoredToWorklist queues the variables the value of load is stored to.
func (r *cpa) addStoredToWorklist(load *builder.Inst) {
	for _, u := range r.c.DU.Users(load.Result) {
		if u.Op == spv.OpStore {
			if ptr, _ := r.accessed(u); ptr != nil && ptr.Op == spv.OpVariable {
				r.work = append(r.work, ptr)
			}
		}
	}
}
