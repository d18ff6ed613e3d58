package spirv

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/sema"
)

// Functions come out in the order first called, once each; one emitted
// out of turn (a patch constant function, a library entry) is skipped
// when its turn comes.
func TestFuncQueueOrder(t *testing.T) {
	q := newFuncQueue()
	a, b, c := &function{obj: &sema.Func{}}, &function{obj: &sema.Func{}}, &function{obj: &sema.Func{}}
	q.add(a)
	q.add(b)
	q.add(c)
	if q.byObj[b.obj] != b {
		t.Fatal("a queued function is not found by its HLSL function")
	}
	b.done = true // emitted early
	var got []*function
	for fn := q.next(); fn != nil; fn = q.next() {
		fn.done = true
		got = append(got, fn)
		if fn == a {
			d := &function{obj: &sema.Func{}}
			q.add(d) // called from a: emitted after c
			defer func() {
				if got[len(got)-1] != d {
					t.Errorf("a function first called while emitting is not emitted last")
				}
			}()
		}
	}
	if len(got) != 3 || got[0] != a || got[1] != c {
		t.Fatalf("emitted %d functions, want a, c, then the one a called", len(got))
	}
}
