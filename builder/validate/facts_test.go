package validate

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// TestOpFactsTable: the facts table, filled from the grammar's
// instructions only, gives every opcode the facts opFactsOf computes for
// it, so an opcode the rules name outside the grammar would show here.
func TestOpFactsTable(t *testing.T) {
	for op := range len(opFacts) {
		in := spv.InstructionInfo(spv.Op(op))
		want := opFactsOf(spv.Op(op), in != nil && isGrammarType(in))
		if got := opFacts[op]; got != want {
			t.Errorf("opcode %d (%v): facts %#x, opFactsOf says %#x", op, spv.Op(op), got, want)
		}
	}
}
