package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// stageIO is the state of the stage variables: those of the entry point
// whose wrapper is being emitted (reset by beginEntry for each entry of a
// library) and those every entry point shares (the vk::ext_builtin_*
// variables and the built-ins intrinsics read). entry.go creates the
// variables; gs.go, tess.go, clipcull.go, mesh.go, pervertex.go and
// extbuiltin.go add their stage's kinds.
type stageIO struct {
	// semPos is where the semantic of the stage variable being made is
	// written (zero: none), for errors about it.
	semPos diag.Pos

	// Per entry point.
	stageVars   []*stageVar               // in creation order
	modes       []spv.ExecutionMode       // added by stage variables (DepthReplacing...)
	builtinVars map[builtinKey]builder.ID // one variable per built-in
	clipSlots   []*clipSlot               // SV_ClipDistance/SV_CullDistance waiting for their arrays
	ioArray     int                       // > 0 while creating per-vertex input arrays (gs.go)
	patchIO     bool                      // creating per-patch (Patch-decorated) stage variables (tess.go)

	streams map[*sema.Var][]ioLeaf // a geometry shader's output streams
	// perVertex: the pixel shader calls GetAttributeAtVertex, so its
	// nointerpolation inputs are per-vertex arrays (pervertex.go);
	// stageInputs are the entry parameters' input leaves.
	perVertex   bool
	stageInputs map[inputKey]ioLeaf
	// perVertexStructs are the struct types whose every member takes the
	// three vertex values (a nointerpolation entry parameter's or member's
	// type, pervertex.go).
	perVertexStructs map[*types.Type]bool
	// perVertexArrays are the per-vertex array parameters of the
	// functions (pervertex.go), by parameter; entryFuncs the entry
	// functions, and entryArrays their parameters the wrappers pass such
	// arrays (for every entry point, unlike the rest of this part).
	perVertexArrays map[*sema.Var]builder.ID
	// perVertexCopies are their <name>_perVertexParam0 variables (the
	// array each copies from), copiesToPlace those of the function being
	// emitted.
	perVertexCopies map[builder.ID]builder.ID
	copiesToPlace   []builder.ID
	entryFuncs      map[*sema.Func]bool
	entryArrays     map[*sema.Var]bool

	// Shared by every entry point.
	// library: the module is a library, whose entries of several stages
	// share the struct types: its per-vertex members stay plain values
	// (pervertex.go).
	library bool
	// extBuiltins are the vk::ext_builtin_input/output variables
	// (extbuiltin.go), by built-in and in declaration order.
	extBuiltins     map[builtinKey]builder.ID
	extBuiltinOrder []builder.ID
	// bodyBuiltins are the built-in variables intrinsics read, in creation
	// order: like DXC's built-in stage variables, they belong to every entry
	// point and are listed after its own stage variables (SPIR-V 1.4+).
	bodyBuiltins []builder.ID

	// The state of the stages with more to their interface than stage
	// variables, made when such a stage is emitted.
	mesh *meshState // mesh and amplification shaders (mesh.go)
	rt   *rayState  // ray tracing (raytracing.go)
	node *nodeState // work-graph node shaders (node.go)
}

// beginEntry forgets the stage variables of the previous entry point; the
// vk::ext_builtin_* variables are built-ins of every entry point.
func (io *stageIO) beginEntry() {
	io.stageVars = nil
	io.modes = nil
	io.builtinVars = nil
	for k, id := range io.extBuiltins {
		setKey(&io.builtinVars, k, id)
	}
	io.clipSlots = nil
	io.ioArray, io.patchIO = 0, false
}
