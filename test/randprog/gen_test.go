package randprog

import (
	"testing"
)

// TestGenerateDeterministic: a seed always gives the same program, and the
// evaluator accepts every program the generator keeps.
func TestGenerateDeterministic(t *testing.T) {
	for seed := int64(1); seed <= 40; seed++ {
		a := NewBatch(seed, 2, seed%3 == 0, seed%3 == 1)
		b := NewBatch(seed, 2, seed%3 == 0, seed%3 == 1)
		if a.Source() != b.Source() {
			t.Fatalf("seed %d: two different programs", seed)
		}
		for i, p := range a.Programs {
			if _, err := p.Evaluate(); err != nil {
				t.Errorf("seed %d program %d: %v\n%s", seed, i, err, p.Source(0))
			}
		}
	}
}
