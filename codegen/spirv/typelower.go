package spirv

import (
	"unsafe"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// typeLowering is the state of turning HLSL types into SPIR-V types: the
// layout calculator and lowerer (package layout), and the bookkeeping of
// the two kinds of type the lowerer cannot see alone. Types are lowered
// once and shared by the whole module (builder dedups them), so nothing
// here is per function or per entry point. The emitter's typeID, typeIn
// and ptrType (emitter.go) are the way in.
type typeLowering struct {
	calc *layout.Calculator
	low  *layout.Lowerer
	// bpLowering are the vk::BufferPointer types being lowered, bpForward
	// the forward-declared pointers of self-referencing pointees
	// (bufferpointer.go).
	bpLowering map[*types.Type]bool
	bpForward  map[*types.Type]builder.ID
	// extTypes are the calls defining each vk::ext_type id, extTypeIDs
	// the types declared so far (exttype.go); both made on first use.
	extTypes   map[int64]extTypeCall
	extTypeIDs map[int64]builder.ID
	// recent is a direct-mapped cache of typeIn's answers in front of the
	// Lowerer's maps: code generation asks for the same few types for
	// nearly every expression, and a map lookup (with concreteType before
	// it) cost about ten times a slot's. The Lowerer never forgets a type,
	// so an answer stays right.
	recent [64]typeSlot
}

type typeSlot struct {
	t  *types.Type
	r  layout.Rule
	id builder.ID
}

// typeSlotOf is the slot of t under r in typeLowering.recent.
func typeSlotOf(t *types.Type, r layout.Rule) int {
	// Types are at least 64 bytes apart: the low bits of the address say
	// nothing.
	return int((uintptr(unsafe.Pointer(t))>>6 ^ uintptr(r)*37) & 63)
}
