package opt

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
)

// idTable maps ids to values in a slice by id (a module's ids are dense,
// and a slice lookup beats hashing), remembering which entries it set so
// that emptying it costs those entries, not the module's bound: passes
// empty their tables for every function or block. The zero value of T is
// "not set".
type idTable[T comparable] struct {
	vals []T
	set  []builder.ID // the ids put since the last reset (repeats possible)
}

// at returns the value of id (the zero value when it has none).
func (t *idTable[T]) at(id builder.ID) T {
	if int(id) < len(t.vals) {
		return t.vals[id]
	}
	var zero T
	return zero
}

// put sets the value of id.
func (t *idTable[T]) put(id builder.ID, v T) {
	var zero T
	if v == zero {
		if int(id) < len(t.vals) {
			t.vals[id] = zero
		}
		return
	}
	if int(id) >= len(t.vals) {
		t.fit(id + 1)
	}
	if t.vals[id] == zero {
		t.set = append(t.set, id)
	}
	t.vals[id] = v
}

// reset empties the table.
func (t *idTable[T]) reset() {
	var zero T
	for _, id := range t.set {
		t.vals[id] = zero
	}
	t.set = t.set[:0]
}

// fit makes room for the ids below bound, with some to spare for the ids
// passes make.
func (t *idTable[T]) fit(bound builder.ID) {
	if int(bound) <= len(t.vals) {
		return
	}
	n := max(int(bound)+int(bound)/4, 2*len(t.vals))
	t.vals = slices.Grow(t.vals, n-len(t.vals))[:n]
}
