package types

import "testing"

// scalarByName's switch finds every name of scalarNames, at its index.
func TestScalarByNameFindsEveryScalarName(t *testing.T) {
	for i := range scalarNames {
		if got := scalarByName(scalarNames[i].name); got != &scalarNames[i] {
			t.Errorf("scalarByName(%q) = %v, want scalarNames[%d]", scalarNames[i].name, got, i)
		}
	}
	for _, name := range []string{"", "floa", "float4", "Float", "min16floats"} {
		if got := scalarByName(name); got != nil {
			t.Errorf("scalarByName(%q) = %v, want nil", name, got)
		}
	}
}
