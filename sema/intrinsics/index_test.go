package intrinsics

import (
	"sort"
	"testing"
)

// The generated indexes as maps, for the tests that range over them.
var (
	globalIndex = globalFuncs.asMap()
	vkIndex     = vkFuncs.asMap()
	methodIndex = func() map[string]map[string][]uint16 {
		m := map[string]map[string][]uint16{}
		for _, t := range objectMethods {
			m[t.object] = t.methods.asMap()
		}
		return m
	}()
)

func (x *nameIndex) asMap() map[string][]uint16 {
	m := make(map[string][]uint16, len(x.names))
	for i, n := range x.names {
		m[n] = x.rows[i]
	}
	return m
}

// lookup halves a sorted list: every index must be sorted, without
// duplicates, with one row per name, and find each of its names.
func TestIndexesSorted(t *testing.T) {
	check := func(what string, x *nameIndex) {
		if len(x.names) != len(x.rows) {
			t.Errorf("%s: %d names, %d rows", what, len(x.names), len(x.rows))
		}
		if !sort.StringsAreSorted(x.names) {
			t.Errorf("%s: names not sorted", what)
		}
		for i, n := range x.names {
			if i > 0 && x.names[i-1] == n {
				t.Errorf("%s: %s twice", what, n)
			}
			if rows, ok := x.lookup(n); !ok || len(rows) == 0 || &rows[0] != &x.rows[i][0] {
				t.Errorf("%s: lookup(%q) does not find its row", what, n)
			}
			if _, ok := x.lookup(n + "_"); ok {
				if _, listed := x.asMap()[n+"_"]; !listed {
					t.Errorf("%s: lookup(%q) found a name not listed", what, n+"_")
				}
			}
		}
	}
	check("globalFuncs", &globalFuncs)
	check("vkFuncs", &vkFuncs)
	for i := range objectMethods {
		check(objectMethods[i].object, &objectMethods[i].methods)
	}
	if _, ok := globalFuncs.lookup(""); ok {
		t.Error(`globalFuncs.lookup("") found something`)
	}
}
