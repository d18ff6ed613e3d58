package spirv

import (
	"strconv"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// -fspv-use-vulkan-memory-model: DXC emits its usual GLSL450 module and
// then runs spirv-opt's memory-model upgrade on it; this pass does the same
// on the finished module:
//
//   - OpMemoryModel Logical Vulkan, the VulkanMemoryModel capability (and
//     SPV_KHR_vulkan_memory_model before SPIR-V 1.5);
//   - a load, store or image read/write through memory decorated Coherent
//     (traced from the pointer back through access chains to its variable
//     or parameter, members included) gets NonPrivatePointer (NonPrivateTexel)
//     and MakePointerVisible/Available (MakeTexelVisible/Available) at
//     QueueFamily scope; Workgroup memory is coherent at Workgroup scope;
//     Volatile memory gets the Volatile (VolatileTexel) flag;
//   - the Coherent and Volatile decorations are then removed;
//   - atomics and barriers at Device scope move to QueueFamily scope, which
//     is what Device meant under GLSL450;
//   - a tessellation control shader's barriers also order Output memory
//     when its code touches Output variables.
//
// Modules with physical addressing keep the GLSL450 model, as spirv-opt
// leaves them.

// upgradeMemoryModel runs the upgrade on the finished module b when asked
// (-fspv-use-vulkan-memory-model) or when the module declares the
// VulkanMemoryModel capability; version is the module's SPIR-V version.
func upgradeMemoryModel(b *builder.ModuleBuilder, asked bool, version spv.Version) {
	m := b.M
	mm := m.MemoryModel
	// DXC also upgrades a module that declares the VulkanMemoryModel
	// capability itself (inline SPIR-V)
	want := asked || m.HasCapability(spv.CapabilityVulkanMemoryModel)
	if !want || mm == nil || len(mm.Operands) != 2 ||
		spv.AddressingModel(mm.Operands[0].Word) != spv.AddressingModelLogical ||
		spv.MemoryModel(mm.Operands[1].Word) != spv.MemoryModelGLSL450 {
		return
	}
	mm.Operands[1] = builder.Enum(spv.MemoryModelVulkan)
	b.Capability(spv.CapabilityVulkanMemoryModel)
	if version < spv.Version1_5 {
		b.Extension("SPV_KHR_vulkan_memory_model")
	}
	u := &memoryUpgrade{b: b, decorated: map[builder.ID]memoryFlags{}, members: map[[2]uint32]memoryFlags{}, cache: map[string]memoryFlags{}}
	u.collect()
	for in := range m.BlockInsts() {
		u.upgrade(in)
	}
	b.DeleteIf(func(in *builder.Inst) bool {
		switch in.Op {
		case spv.OpDecorate:
			d := spv.Decoration(in.Operands[1].Word)
			return d == spv.DecorationCoherent || d == spv.DecorationVolatile
		case spv.OpMemberDecorate:
			d := spv.Decoration(in.Operands[2].Word)
			return d == spv.DecorationCoherent || d == spv.DecorationVolatile
		}
		return false
	})
	u.tessBarriers()
}

// memoryFlags says whether memory is coherent and whether it is volatile.
type memoryFlags struct{ coherent, volatile bool }

func (a memoryFlags) or(b memoryFlags) memoryFlags {
	return memoryFlags{a.coherent || b.coherent, a.volatile || b.volatile}
}

type memoryUpgrade struct {
	b         *builder.ModuleBuilder
	defs      map[builder.ID]*builder.Inst
	decorated map[builder.ID]memoryFlags // OpDecorate Coherent/Volatile
	members   map[[2]uint32]memoryFlags  // OpMemberDecorate: struct, member
	cache     map[string]memoryFlags
}

// collect indexes the definitions and the Coherent/Volatile decorations.
func (u *memoryUpgrade) collect() {
	m := u.b.M
	u.defs = m.Defs()
	flagOf := func(d spv.Decoration) (memoryFlags, bool) {
		switch d {
		case spv.DecorationCoherent:
			return memoryFlags{coherent: true}, true
		case spv.DecorationVolatile:
			return memoryFlags{volatile: true}, true
		}
		return memoryFlags{}, false
	}
	for _, in := range m.Annotations {
		switch in.Op {
		case spv.OpDecorate:
			if f, ok := flagOf(spv.Decoration(in.Operands[1].Word)); ok {
				id := in.Operands[0].ID()
				u.decorated[id] = u.decorated[id].or(f)
			}
		case spv.OpMemberDecorate:
			if f, ok := flagOf(spv.Decoration(in.Operands[2].Word)); ok {
				k := [2]uint32{uint32(in.Operands[0].ID()), in.Operands[1].Word}
				u.members[k] = u.members[k].or(f)
			}
		}
	}
}

// pointerClass is the storage class of a pointer type, if it is one.
func (u *memoryUpgrade) pointerClass(typ builder.ID) (spv.StorageClass, bool) {
	sc, _, ok := u.b.Pointee(typ)
	return sc, ok
}

// attributes says how the memory ptr points to is to be accessed, and at
// which scope.
func (u *memoryUpgrade) attributes(ptr builder.ID) (memoryFlags, spv.Scope) {
	if d := u.defs[ptr]; d != nil {
		if sc, ok := u.pointerClass(d.Type); ok && sc == spv.StorageClassWorkgroup {
			return memoryFlags{coherent: true}, spv.ScopeWorkgroup
		}
	}
	return u.trace(ptr, nil, map[builder.ID]bool{}), spv.ScopeQueueFamily
}

// trace follows id back to the variables and parameters it derives from;
// indices are the access-chain indexes met so far, innermost first.
func (u *memoryUpgrade) trace(id builder.ID, indices []builder.ID, visited map[builder.ID]bool) memoryFlags {
	key := strconv.Itoa(int(id))
	for _, i := range indices {
		key += "," + strconv.Itoa(int(i))
	}
	if f, ok := u.cache[key]; ok {
		return f
	}
	if visited[id] {
		return memoryFlags{}
	}
	visited[id] = true
	in := u.defs[id]
	if in == nil {
		return memoryFlags{}
	}
	var f memoryFlags
	switch in.Op {
	case spv.OpVariable, spv.OpFunctionParameter:
		f = u.decorated[id].or(u.typeFlags(in.Type, indices))
		u.cache[key] = f
		return f
	case spv.OpAccessChain, spv.OpInBoundsAccessChain:
		for i := len(in.Operands) - 1; i > 0; i-- {
			indices = append(indices, in.Operands[i].ID())
		}
	case spv.OpPtrAccessChain:
		for i := len(in.Operands) - 1; i > 1; i-- {
			indices = append(indices, in.Operands[i].ID())
		}
	}
	for _, o := range in.Operands {
		if !o.IsID() {
			continue
		}
		d := u.defs[o.ID()]
		if d == nil || !u.isMemoryHandle(d.Type) {
			continue
		}
		f = f.or(u.trace(o.ID(), indices, visited))
	}
	u.cache[key] = f
	return f
}

// isMemoryHandle reports a pointer, image or sampled image type.
func (u *memoryUpgrade) isMemoryHandle(typ builder.ID) bool {
	t := u.defs[typ]
	return t != nil && (t.Op == spv.OpTypePointer || t.Op == spv.OpTypeImage || t.Op == spv.OpTypeSampledImage)
}

// typeFlags reads member decorations along the indexes into the pointee of
// pointer type ptrType, then any member decoration below.
func (u *memoryUpgrade) typeFlags(ptrType builder.ID, indices []builder.ID) memoryFlags {
	_, elem, ok := u.b.Pointee(ptrType)
	if !ok {
		return memoryFlags{}
	}
	var f memoryFlags
	t := u.defs[elem]
	for i := len(indices) - 1; i >= 0 && t != nil; i-- {
		switch t.Op {
		case spv.OpTypePointer:
			t = u.defs[t.Operands[1].ID()]
		case spv.OpTypeStruct:
			k, ok := u.constIndex(indices[i])
			if !ok || int(k) >= len(t.Operands) {
				return f
			}
			f = f.or(u.members[[2]uint32{uint32(t.Result), k}])
			t = u.defs[t.Operands[k].ID()]
		default: // arrays, vectors, matrices
			t = u.defs[t.Operands[0].ID()]
		}
	}
	return f.or(u.anyMember(t, map[builder.ID]bool{}))
}

// anyMember reports a Coherent/Volatile member anywhere inside type t.
func (u *memoryUpgrade) anyMember(t *builder.Inst, seen map[builder.ID]bool) memoryFlags {
	if t == nil || seen[t.Result] {
		return memoryFlags{}
	}
	seen[t.Result] = true
	var f memoryFlags
	switch t.Op {
	case spv.OpTypeStruct:
		for i, o := range t.Operands {
			f = f.or(u.members[[2]uint32{uint32(t.Result), uint32(i)}])
			f = f.or(u.anyMember(u.defs[o.ID()], seen))
		}
	case spv.OpTypeArray, spv.OpTypeRuntimeArray, spv.OpTypeVector, spv.OpTypeMatrix:
		f = u.anyMember(u.defs[t.Operands[0].ID()], seen)
	case spv.OpTypePointer:
		f = u.anyMember(u.defs[t.Operands[1].ID()], seen)
	}
	return f
}

// constIndex is the value of an integer constant index.
func (u *memoryUpgrade) constIndex(id builder.ID) (uint32, bool) {
	d := u.defs[id]
	if d == nil || d.Op != spv.OpConstant || len(d.Operands) == 0 {
		return 0, false
	}
	return d.Operands[0].Word, true
}

// upgrade rewrites one instruction's memory or image operands and scopes.
func (u *memoryUpgrade) upgrade(in *builder.Inst) {
	switch in.Op {
	case spv.OpLoad:
		u.memoryAccess(in, 1, in.Operands[0].ID(), false)
	case spv.OpStore:
		u.memoryAccess(in, 2, in.Operands[0].ID(), true)
	case spv.OpImageRead, spv.OpImageSparseRead:
		u.imageAccess(in, 2, in.Operands[0].ID(), false)
	case spv.OpImageWrite:
		u.imageAccess(in, 3, in.Operands[0].ID(), true)
	case spv.OpControlBarrier:
		u.queueFamilyScope(in, 1)
	case spv.OpMemoryBarrier:
		u.queueFamilyScope(in, 0)
	default:
		if isAtomic(in.Op) {
			u.queueFamilyScope(in, 1)
		}
	}
}

// memoryAccess adds the memory-access flags of a load or store whose
// optional MemoryAccess operand is at index at.
func (u *memoryUpgrade) memoryAccess(in *builder.Inst, at int, ptr builder.ID, write bool) {
	f, scope := u.attributes(ptr)
	if d := u.defs[ptr]; d != nil {
		if sc, ok := u.pointerClass(d.Type); ok && !nonPrivateClass(sc) {
			// loading an image or sampler handle: its texel accesses
			// carry the flags instead
			f.coherent = false
		}
	}
	setAccessFlags(u, in, at, f, scope, write, memoryAccessBits)
}

// imageAccess adds the image-operand flags of an image read or write whose
// optional ImageOperands operand is at index at.
func (u *memoryUpgrade) imageAccess(in *builder.Inst, at int, image builder.ID, write bool) {
	f, scope := u.attributes(image)
	setAccessFlags(u, in, at, f, scope, write, imageAccessBits)
}

// accessBits are the flags of a memory access (MemoryAccess on loads and
// stores, ImageOperands on texel reads and writes) that coherent and
// volatile set.
type accessBits[M accessMask] struct {
	nonPrivate, available, visible, volatile M
}

// accessMask is MemoryAccess or ImageOperands.
type accessMask interface {
	spv.MemoryAccess | spv.ImageOperands
	spv.Enum
}

var (
	memoryAccessBits = accessBits[spv.MemoryAccess]{spv.MemoryAccessNonPrivatePointer,
		spv.MemoryAccessMakePointerAvailable, spv.MemoryAccessMakePointerVisible, spv.MemoryAccessVolatile}
	imageAccessBits = accessBits[spv.ImageOperands]{spv.ImageOperandsNonPrivateTexel,
		spv.ImageOperandsMakeTexelAvailable, spv.ImageOperandsMakeTexelVisible, spv.ImageOperandsVolatileTexel}
)

// setAccessFlags adds f's flags to the access operand at index at of in
// (made when absent): non-private, available (write) or visible (read) at
// scope for coherent, volatile for volatile.
func setAccessFlags[M accessMask](u *memoryUpgrade, in *builder.Inst, at int, f memoryFlags, scope spv.Scope, write bool, bits accessBits[M]) {
	if !f.coherent && !f.volatile {
		return
	}
	var mask M
	var params []builder.Operand
	if len(in.Operands) > at {
		mask, params = M(in.Operands[at].Word), in.Operands[at].Params()
	}
	if f.coherent {
		mask |= bits.nonPrivate
		if write {
			mask |= bits.available
		} else {
			mask |= bits.visible
		}
		params = append(params, builder.Ref(u.b.ConstUint32(uint32(scope))))
	}
	if f.volatile {
		mask |= bits.volatile
	}
	op := builder.Enum(mask, params...)
	if len(in.Operands) > at {
		in.Operands[at] = op
	} else {
		in.Operands = append(in.Operands, op)
	}
}

// queueFamilyScope moves the scope operand at index at from Device to
// QueueFamily.
func (u *memoryUpgrade) queueFamilyScope(in *builder.Inst, at int) {
	if at >= len(in.Operands) || !in.Operands[at].IsID() {
		return
	}
	if k, ok := u.constIndex(in.Operands[at].ID()); ok && spv.Scope(k) == spv.ScopeDevice {
		in.Operands[at] = builder.Ref(u.b.ConstUint32(uint32(spv.ScopeQueueFamily)))
	}
}

// nonPrivateClass reports the storage classes a NonPrivatePointer access
// may use.
func nonPrivateClass(sc spv.StorageClass) bool {
	switch sc {
	case spv.StorageClassUniform, spv.StorageClassWorkgroup, spv.StorageClassCrossWorkgroup, spv.StorageClassGeneric,
		spv.StorageClassImage, spv.StorageClassStorageBuffer, spv.StorageClassPhysicalStorageBuffer:
		return true
	}
	return false
}

// isAtomic reports the atomic instructions, whose memory scope is their
// second operand.
func isAtomic(op spv.Op) bool {
	switch op {
	case spv.OpAtomicLoad, spv.OpAtomicStore, spv.OpAtomicExchange, spv.OpAtomicCompareExchange,
		spv.OpAtomicCompareExchangeWeak, spv.OpAtomicIIncrement, spv.OpAtomicIDecrement,
		spv.OpAtomicIAdd, spv.OpAtomicISub, spv.OpAtomicSMin, spv.OpAtomicUMin, spv.OpAtomicSMax,
		spv.OpAtomicUMax, spv.OpAtomicAnd, spv.OpAtomicOr, spv.OpAtomicXor, spv.OpAtomicFAddEXT,
		spv.OpAtomicFMinEXT, spv.OpAtomicFMaxEXT, spv.OpAtomicFlagTestAndSet, spv.OpAtomicFlagClear:
		return true
	}
	return false
}

// tessBarriers adds OutputMemory to the semantics of the control barriers
// of a tessellation control shader whose code touches Output memory.
func (u *memoryUpgrade) tessBarriers() {
	m := u.b.M
	for _, ep := range m.EntryPoints {
		if spv.ExecutionModel(ep.Operands[0].Word) != spv.ExecutionModelTessellationControl {
			continue
		}
		var barriers []*builder.Inst
		output := false
		for _, f := range u.b.M.Reachable(ep.Operands[1].ID()) {
			for in := range f.Insts() {
				if in.Op == spv.OpControlBarrier {
					barriers = append(barriers, in)
					continue
				}
				in.ForEachUse(func(id *builder.ID) {
					if d := u.defs[*id]; d != nil {
						if sc, ok := u.pointerClass(d.Type); ok && sc == spv.StorageClassOutput {
							output = true
						}
					}
				})
			}
		}
		if !output {
			continue
		}
		for _, b := range barriers {
			if k, ok := u.constIndex(b.Operands[2].ID()); ok {
				b.Operands[2] = builder.Ref(u.b.ConstUint32(k | uint32(spv.MemorySemanticsOutputMemory)))
			}
		}
	}
}
