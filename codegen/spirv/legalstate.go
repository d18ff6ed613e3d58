package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
)

// legalState is the bookkeeping of the legalization the emitter still does
// itself on the default path (DXC leaves it to its legalization passes):
// which resource a local variable stands for under control flow (flow.go,
// aliases.go), the global structs of resources to split (legalize.go), the
// constant values that decide which resource is meant (inline.go); and
// needs, what the module still needs of DXC's
// legalization passes (legalneeds.go), which Generate returns.
type legalState struct {
	needs Legalization
	// aggQueue and aggRoots are the global structs of resources to split
	// (legalize.go).
	aggQueue []aggItem
	aggRoots []aggRoot
	aliases  map[*sema.Var]bool // local resource variables (aliases of a resource)
	// Resource bindings under control flow (flow.go).
	rebinds   []rebind
	flows     []flowFrame
	undecided map[any]bool
	deadPath  bool // emitting a switch case a constant selector never reaches
	// inlineConsts are the constant arguments of the parameters of the
	// functions being inlined, for conditions that choose resources.
	inlineConsts map[*sema.Var]constant.Value
}
