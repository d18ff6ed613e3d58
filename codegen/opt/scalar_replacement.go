package opt

import (
	"fmt"
	"strconv"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// scalarReplacement is --scalar-replacement[=N]: a function variable of
// struct or array type that is only loaded, stored and indexed with
// constant first indexes becomes one variable per member or element. Whole
// loads become loads of the parts and an OpCompositeConstruct, whole stores
// become an OpCompositeExtract and a store per part, and access chains
// start from the part's variable. Members nothing reads are not made:
// an OpUndef stands for them. The new variables are scalarized in turn.
// N limits the members or elements of the composites replaced; 0 (the
// default) means no limit.
type scalarReplacement struct{ limit uint32 }

func newScalarReplacement(arg string) (Pass, error) {
	if arg == "" {
		return scalarReplacement{}, nil
	}
	n, err := strconv.ParseUint(arg, 10, 31)
	if err != nil || arg[0] == '+' {
		return nil, fmt.Errorf("must have no arguments or a non-negative integer argument")
	}
	return scalarReplacement{limit: uint32(n)}, nil
}

func (s scalarReplacement) Name() string {
	if s.limit == 0 {
		// (DXC's pipelines' instance, named by the manager at every run:
		// spelled without formatting)
		return "scalar-replacement=0"
	}
	return fmt.Sprintf("scalar-replacement=%d", s.limit)
}

// sroa is one run of the pass.
type sroa struct {
	*memPass
	fn    *builder.Function // the function being processed
	edits *pendingInserts
	limit uint32
	nulls map[builder.ID]builder.ID // type -> the OpConstantNull this run made
}

func (s scalarReplacement) Run(c *Context) (bool, error) {
	if !hasEntryVariables(c.M) {
		return false, nil
	}
	r := &sroa{memPass: newMemPass(c), edits: newPendingInserts(), limit: s.limit, nulls: map[builder.ID]builder.ID{}}
	changed := false
	for _, f := range c.M.Functions {
		if len(f.Blocks) == 0 {
			continue
		}
		r.fn = f
		var work []*builder.Inst
		for _, in := range f.Blocks[0].Insts {
			if in.Op != spv.OpVariable {
				break
			}
			if r.canReplace(in) {
				work = append(work, in)
			}
		}
		for len(work) > 0 {
			v := work[0]
			work = work[1:]
			more, err := r.replace(v)
			if err != nil {
				return changed, errorf(s, "%v", err)
			}
			changed = true
			work = append(work, more...)
		}
		r.edits.flush(c, f)
	}
	return changed, nil
}

// storageType returns the definition of a variable's pointee type.
func (r *sroa) storageType(v *builder.Inst) *builder.Inst {
	_, t, _ := r.c.B.Pointee(v.Type)
	return r.c.DU.Def(t)
}

// canReplace reports whether the variable can be split.
func (r *sroa) canReplace(v *builder.Inst) bool {
	if spv.StorageClass(v.Operands[0].Word) != spv.StorageClassFunction {
		return false
	}
	if !r.typeDecorationsAllow(v.Type) {
		return false
	}
	t := r.storageType(v)
	if t == nil || !r.typeAllows(t) {
		return false
	}
	for _, d := range r.decorationsOf(v.Result) {
		switch spv.Decoration(d.Operands[1].Word) {
		case spv.DecorationInvariant, spv.DecorationRestrict, spv.DecorationAlignment, spv.DecorationAlignmentId,
			spv.DecorationMaxByteOffset, spv.DecorationAliasedPointer, spv.DecorationRestrictPointer:
		default:
			return false
		}
	}
	return r.usesAllow(v)
}

// typeAllows reports whether variables of type t are split: non-empty
// structs and arrays of constant length, within the size limit.
func (r *sroa) typeAllows(t *builder.Inst) bool {
	if !r.typeDecorationsAllow(t.Result) {
		return false
	}
	switch t.Op {
	case spv.OpTypeStruct:
		return len(t.Operands) > 0 && !r.tooLarge(uint64(len(t.Operands)))
	case spv.OpTypeArray:
		n, ok := r.arrayLength(t)
		return ok && !r.tooLarge(n)
	}
	return false
}

func (r *sroa) tooLarge(n uint64) bool { return r.limit != 0 && n > uint64(r.limit) }

// arrayLength returns the length of an array type whose length is a
// constant (not a specialization constant).
func (r *sroa) arrayLength(t *builder.Inst) (uint64, bool) {
	d := r.c.DU.Def(t.Operands[1].ID())
	if d == nil || d.Op != spv.OpConstant {
		return 0, false
	}
	return d.Operands[0].Uint64(), true
}

// typeDecorationsAllow reports whether a type's decorations are all layout
// or precision ones, which splitting does not lose.
func (r *sroa) typeDecorationsAllow(typ builder.ID) bool {
	for _, d := range r.decorationsOf(typ) {
		deco := d.Operands[1]
		if d.Op == spv.OpMemberDecorate || d.Op == spv.OpMemberDecorateString {
			deco = d.Operands[2]
		}
		switch spv.Decoration(deco.Word) {
		case spv.DecorationRowMajor, spv.DecorationColMajor, spv.DecorationArrayStride, spv.DecorationMatrixStride,
			spv.DecorationCPacked, spv.DecorationInvariant, spv.DecorationRestrict, spv.DecorationOffset,
			spv.DecorationAlignment, spv.DecorationAlignmentId, spv.DecorationMaxByteOffset,
			spv.DecorationRelaxedPrecision, spv.DecorationAliasedPointer, spv.DecorationRestrictPointer:
		default:
			return false
		}
	}
	return true
}

// memberCount is how many parts a variable of type t splits into.
func (r *sroa) memberCount(t *builder.Inst) uint64 {
	switch t.Op {
	case spv.OpTypeStruct:
		return uint64(len(t.Operands))
	case spv.OpTypeArray:
		n, _ := r.arrayLength(t)
		return n
	case spv.OpTypeVector, spv.OpTypeMatrix:
		return uint64(t.Operands[1].Word)
	}
	return 0
}

// usesAllow reports whether every use of the variable is one the split can
// rewrite: whole loads and stores (not volatile), access chains whose
// first index is an in-bounds constant and whose own uses are loads,
// stores, texel pointers, further access chains and debug declarations,
// names and decorations.
func (r *sroa) usesAllow(v *builder.Inst) bool {
	max := r.memberCount(r.storageType(v))
	for _, u := range r.c.DU.Users(v.Result) {
		if r.isDebugRef(u) || isDecoration(u.Op) || u.Op == spv.OpDecorationGroup {
			continue
		}
		switch u.Op {
		case spv.OpAccessChain, spv.OpInBoundsAccessChain:
			if u.Operands[0].ID() != v.Result || len(u.Operands) < 2 {
				return false
			}
			idx, ok := intConstant(r.c, u.Operands[1].ID())
			if !ok || idx.zext >= max || !r.chainUsesAllow(u) {
				return false
			}
		case spv.OpLoad:
			if !loadAllows(u, v.Result) {
				return false
			}
		case spv.OpStore:
			if !storeAllows(u, v.Result) {
				return false
			}
		case spv.OpName, spv.OpMemberName:
		default:
			return false
		}
	}
	return true
}

// chainUsesAllow checks the uses of an access chain into the variable.
func (r *sroa) chainUsesAllow(chain *builder.Inst) bool {
	// (Read only: the view, not a copy. The recursion compacts other ids'
	// lists only: the view stays valid.)
	for _, u := range r.c.DU.UsersView(chain.Result) {
		switch u.Op {
		case spv.OpAccessChain, spv.OpInBoundsAccessChain:
			if u.Operands[0].ID() != chain.Result || !r.chainUsesAllow(u) {
				return false
			}
		case spv.OpLoad:
			if !loadAllows(u, chain.Result) {
				return false
			}
		case spv.OpStore:
			if !storeAllows(u, chain.Result) {
				return false
			}
		case spv.OpImageTexelPointer:
			if u.Operands[0].ID() != chain.Result {
				return false
			}
		case spv.OpExtInst:
			if r.c.debugOp(u) != spv.OpenCLDebugInfo100DebugDeclare || u.Operands[3].ID() != chain.Result {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// loadAllows: ptr is what the load reads, and the load is not volatile.
func loadAllows(load *builder.Inst, ptr builder.ID) bool {
	return load.Operands[0].ID() == ptr && !isVolatile(load.Operands[1:])
}

// storeAllows: ptr is where the store writes (not the value), and the
// store is not volatile.
func storeAllows(store *builder.Inst, ptr builder.ID) bool {
	return store.Operands[0].ID() == ptr && store.Operands[1].ID() != ptr && !isVolatile(store.Operands[2:])
}

// isVolatile reports whether memory operands (the optional operand of a
// load or store) have Volatile set.
func isVolatile(ops []builder.Operand) bool {
	return len(ops) > 0 && spv.MemoryAccess(ops[0].Word)&spv.MemoryAccessVolatile != 0
}

// replace splits the variable, rewrites its uses and deletes it. It
// returns the new variables that can be split further.
func (r *sroa) replace(v *builder.Inst) ([]*builder.Inst, error) {
	parts := r.makeParts(v)
	var dead []*builder.Inst
	for _, u := range r.c.DU.Users(v.Result) {
		switch {
		case r.isDebugRef(u):
			// The debug-information passes over these are not written: a
			// declaration of a split variable is dropped (valid, less
			// information for a debugger).
			dead = append(dead, u)
		case u.Op == spv.OpLoad:
			r.replaceLoad(u, parts)
			dead = append(dead, u)
		case u.Op == spv.OpStore:
			r.replaceStore(u, parts)
			dead = append(dead, u)
		case u.Op == spv.OpAccessChain || u.Op == spv.OpInBoundsAccessChain:
			if err := r.replaceChain(u, parts); err != nil {
				return nil, err
			}
			dead = append(dead, u)
		}
	}
	dead = append(dead, v)
	for i := len(dead) - 1; i >= 0; i-- {
		r.c.Kill(dead[i])
	}
	var more []*builder.Inst
	for _, p := range parts {
		if p.Op != spv.OpVariable {
			continue
		}
		if !r.c.DU.HasUsers(p.Result) {
			r.c.Kill(p)
		} else if r.canReplace(p) {
			more = append(more, p)
		}
	}
	return more, nil
}

// makeParts makes the variables the split variable becomes, one per member
// or element (an OpUndef for those nothing reads), at the top of its block,
// each before the previous one.
func (r *sroa) makeParts(v *builder.Inst) []*builder.Inst {
	t := r.storageType(v)
	used := r.usedMembers(v)
	n := r.memberCount(t)
	parts := make([]*builder.Inst, 0, n)
	for i := range n {
		var mt builder.ID
		if t.Op == spv.OpTypeStruct {
			mt = t.Operands[i].ID()
		} else {
			mt = t.Operands[0].ID()
		}
		if used != nil && !used[int64(i)] {
			parts = append(parts, r.c.DU.Def(r.undefs.get(mt)))
			continue
		}
		parts = append(parts, r.newPart(mt, v, uint32(i)))
	}
	// Invariant and Restrict on the variable go to every part.
	for _, d := range r.decorationsOf(v.Result) {
		deco := spv.Decoration(d.Operands[1].Word)
		if deco != spv.DecorationInvariant && deco != spv.DecorationRestrict {
			continue
		}
		for _, p := range parts {
			if p.Op == spv.OpVariable {
				r.addAnnotation(spv.OpDecorate, append([]builder.Operand{builder.Ref(p.Result)}, cloneOperands(d.Operands[1:])...))
			}
		}
	}
	// Each new variable goes to the top of the entry block, before those
	// made earlier (as spirv-opt inserts them).
	for _, p := range parts {
		if p.Op == spv.OpVariable {
			r.edits.insertAtFront(r.c, r.fn, p)
		}
	}
	return parts
}

// newPart makes (but does not place) the variable for member index of v,
// with its share of v's initializer and decorations.
func (r *sroa) newPart(typ builder.ID, v *builder.Inst, index uint32) *builder.Inst {
	ptr := r.c.B.TypePointer(spv.StorageClassFunction, typ)
	part := r.c.NewInst(spv.OpVariable, ptr, builder.Enum(spv.StorageClassFunction))
	if init := r.partInitializer(v, index, typ); init != 0 {
		part.Operands = append(part.Operands, builder.Ref(init))
	}
	// Pointer decorations are copied whatever the part's type; member
	// decorations that matter for a lone variable become its own.
	aliasing := false
	for _, d := range r.decorationsOf(v.Result) {
		switch spv.Decoration(d.Operands[1].Word) {
		case spv.DecorationAliasedPointer, spv.DecorationRestrictPointer:
			r.addAnnotation(d.Op, append([]builder.Operand{builder.Ref(part.Result)}, cloneOperands(d.Operands[1:])...))
			aliasing = true
		}
	}
	if sc, _, ok := r.c.B.Pointee(typ); ok && sc == spv.StorageClassPhysicalStorageBuffer && !aliasing {
		// A variable holding a buffer pointer must say whether it aliases
		// (spirv-opt leaves it out, making an invalid module until the
		// variable goes); aliasing is what the member had.
		r.addAnnotation(spv.OpDecorate, []builder.Operand{builder.Ref(part.Result), builder.Enum(spv.DecorationAliasedPointer)})
	}
	for _, d := range r.decorationsOf(r.storageType(v).Result) {
		if d.Op != spv.OpMemberDecorate || d.Operands[1].Word != index {
			continue
		}
		switch spv.Decoration(d.Operands[2].Word) {
		case spv.DecorationArrayStride, spv.DecorationAlignment, spv.DecorationAlignmentId, spv.DecorationMaxByteOffset,
			spv.DecorationMaxByteOffsetId, spv.DecorationRelaxedPrecision:
			r.addAnnotation(spv.OpDecorate, append([]builder.Operand{builder.Ref(part.Result)}, cloneOperands(d.Operands[2:])...))
		}
	}
	part.Line = lastLine(r.c, v)
	return part
}

// partInitializer returns the initializer of member index of v's
// initializer (0 for none).
func (r *sroa) partInitializer(v *builder.Inst, index uint32, typ builder.ID) builder.ID {
	if len(v.Operands) < 2 {
		return 0
	}
	init := r.c.DU.Def(v.Operands[1].ID())
	switch {
	case init == nil:
		return 0
	case init.Op == spv.OpConstantNull:
		if id, ok := r.nulls[typ]; ok {
			return id
		}
		n := r.c.NewInst(spv.OpConstantNull, typ)
		r.c.addGlobal(n)
		r.nulls[typ] = n.Result
		return n.Result
	case isSpecConstantOp(init.Op):
		x := r.c.NewInst(spv.OpSpecConstantOp, typ, builder.Operand{Kind: spv.KindLiteralSpecConstantOpInteger, Word: uint32(spv.OpCompositeExtract)},
			builder.Ref(init.Result), builder.Lit(index))
		r.c.addGlobal(x)
		return x.Result
	case init.Op == spv.OpConstantComposite:
		e := init.Operands[index].ID()
		if d := r.c.DU.Def(e); d != nil && d.Op == spv.OpUndef {
			return 0 // OpUndef cannot initialize a variable
		}
		return e
	}
	return 0
}

func isSpecConstantOp(op spv.Op) bool {
	switch op {
	case spv.OpSpecConstant, spv.OpSpecConstantTrue, spv.OpSpecConstantFalse, spv.OpSpecConstantComposite,
		spv.OpSpecConstantOp, spv.OpSpecConstantCompositeReplicateEXT:
		return true
	}
	return false
}

// usedMembers returns the members of v that may be read: the indexes the
// loads' users extract and the access chains start with. nil means any
// may be.
func (r *sroa) usedMembers(v *builder.Inst) map[int64]bool {
	used := map[int64]bool{}
	for _, u := range r.c.DU.Users(v.Result) {
		switch u.Op {
		case spv.OpLoad:
			for _, x := range r.c.DU.Users(u.Result) {
				if x.Op != spv.OpCompositeExtract || len(x.Operands) < 2 {
					return nil
				}
				used[int64(x.Operands[1].Word)] = true
			}
		case spv.OpName, spv.OpMemberName, spv.OpStore:
		case spv.OpAccessChain, spv.OpInBoundsAccessChain:
			idx, ok := intConstant(r.c, u.Operands[1].ID())
			if !ok {
				return nil
			}
			used[idx.sext] = true
		default:
			return nil
		}
	}
	return used
}

// replaceLoad loads every part and builds the composite from them, in
// place of the whole load.
func (r *sroa) replaceLoad(load *builder.Inst, parts []*builder.Inst) {
	var loads []*builder.Inst
	elems := make([]builder.Operand, len(parts))
	for i, p := range parts {
		if p.Op != spv.OpVariable {
			elems[i] = builder.Ref(p.Result)
			continue
		}
		_, t, _ := r.c.B.Pointee(p.Type)
		l := r.c.NewInst(spv.OpLoad, t, append([]builder.Operand{builder.Ref(p.Result)}, cloneOperands(load.Operands[1:])...)...)
		l.Line = lastLine(r.c, load)
		loads = append(loads, l)
		elems[i] = builder.Ref(l.Result)
	}
	// spirv-opt inserts each load before the previous one.
	for i, j := 0, len(loads)-1; i < j; i, j = i+1, j-1 {
		loads[i], loads[j] = loads[j], loads[i]
	}
	cc := r.c.NewInst(spv.OpCompositeConstruct, load.Type, elems...)
	cc.Line = lastLine(r.c, load)
	r.edits.insertBefore(r.c, load, append(loads, cc)...)
	r.c.DU.ReplaceAllUses(load.Result, cc.Result)
}

// replaceStore extracts every part of the stored value and stores it to
// the part's variable, in place of the whole store.
func (r *sroa) replaceStore(store *builder.Inst, parts []*builder.Inst) {
	var ins []*builder.Inst
	for i, p := range parts {
		if p.Op != spv.OpVariable {
			continue
		}
		_, t, _ := r.c.B.Pointee(p.Type)
		x := r.c.NewInst(spv.OpCompositeExtract, t, store.Operands[1], builder.Lit(uint32(i)))
		s := r.c.NewInst(spv.OpStore, 0, append([]builder.Operand{builder.Ref(p.Result), builder.Ref(x.Result)}, cloneOperands(store.Operands[2:])...)...)
		x.Line, s.Line = lastLine(r.c, store), lastLine(r.c, store)
		ins = append(ins, x, s)
	}
	r.edits.insertBefore(r.c, store, ins...)
}

// replaceChain makes an access chain into the variable start from the
// part its first index selects.
func (r *sroa) replaceChain(chain *builder.Inst, parts []*builder.Inst) error {
	idx, _ := intConstant(r.c, chain.Operands[1].ID())
	if idx.sext < 0 || idx.sext >= int64(len(parts)) {
		return fmt.Errorf("access chain index %d out of bounds", idx.sext)
	}
	part := parts[idx.sext]
	if len(chain.Operands) == 2 {
		r.c.DU.ReplaceAllUses(chain.Result, part.Result)
		return nil
	}
	ops := append([]builder.Operand{builder.Ref(part.Result)}, cloneOperands(chain.Operands[2:])...)
	nc := r.c.NewInst(chain.Op, chain.Type, ops...)
	nc.Line = lastLine(r.c, chain)
	r.edits.insertBefore(r.c, chain, nc)
	r.c.DU.ReplaceAllUses(chain.Result, nc.Result)
	return nil
}
