package corpus

import (
	"slices"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
)

// TestLoaderRoundTrip loads every corpus module into the IR and writes it
// back: the words must not change.
func TestLoaderRoundTrip(t *testing.T) {
	mods := append(Golden(t), Fixtures(t)...)
	if len(mods) < 200 {
		t.Fatalf("only %d modules in the corpus", len(mods))
	}
	for _, m := range mods {
		ir, err := builder.Load(m.Words)
		if err != nil {
			t.Errorf("%s: %v", m.Name, err)
			continue
		}
		var out builder.WordSlice
		if err := builder.Serialize(ir, &out); err != nil {
			t.Errorf("%s: %v", m.Name, err)
			continue
		}
		if !slices.Equal(out.Words, m.Words) {
			t.Errorf("%s: the round trip changed the module", m.Name)
		}
		if err := builder.VerifyIR(ir); err != nil && !m.CodeGenOnly && !m.Unchecked {
			t.Errorf("%s: %v", m.Name, err)
		}
	}
	t.Logf("%d modules round-tripped", len(mods))
}
