package spirv

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Each entry point of a library starts with no stage variables of its own,
// but sees the shared vk::ext_builtin_* variables as its built-ins; adding
// a built-in to one entry must not add it to the shared set.
func TestStageIOBeginEntry(t *testing.T) {
	var io stageIO
	shared := builtinKey{b: spv.BuiltInPosition, in: true}
	setKey(&io.extBuiltins, shared, builder.ID(7))
	io.stageVars = []*stageVar{{}}
	io.modes = []spv.ExecutionMode{spv.ExecutionModeDepthReplacing}
	io.clipSlots = []*clipSlot{{}}
	io.ioArray, io.patchIO = 3, true

	io.beginEntry()
	if len(io.stageVars) != 0 || len(io.modes) != 0 || len(io.clipSlots) != 0 || io.ioArray != 0 || io.patchIO {
		t.Fatalf("per-entry state survived beginEntry: %+v", io)
	}
	if io.builtinVars[shared] != 7 {
		t.Fatalf("the shared built-in is not an entry built-in: %v", io.builtinVars)
	}
	io.builtinVars[builtinKey{b: spv.BuiltInFragCoord, in: true}] = 9
	if len(io.extBuiltins) != 1 {
		t.Fatalf("an entry's built-in leaked into the shared set: %v", io.extBuiltins)
	}
}
