package stage

import "testing"

// TestNames: every stage's names find it again, and the sets hold
// exactly the stages with a bit.
func TestNames(t *testing.T) {
	for s := Vertex; s < count; s++ {
		if ByProfile(s.Profile()) != s || ByName(s.Name()) != s {
			t.Errorf("%v: ByProfile(%q) = %v, ByName(%q) = %v", s, s.Profile(), ByProfile(s.Profile()), s.Name(), ByName(s.Name()))
		}
		if (s != Library) != All.Has(s) {
			t.Errorf("All.Has(%v) = %v", s, All.Has(s))
		}
		for o := Vertex; o < count; o++ {
			if s.Bit().Has(o) != (s == o && s != Library) {
				t.Errorf("%v.Bit().Has(%v) = %v", s, o, s.Bit().Has(o))
			}
		}
	}
	if ByProfile("xs") != None || ByName("PIXEL") != Pixel || None.Bit() != 0 {
		t.Error("unknown names, case and None")
	}
}
