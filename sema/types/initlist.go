package types

import "fmt"

// FlatInit checks an HLSL initializer list or vector/matrix constructor
// against its target. HLSL flattens both sides to scalar components
// (objects count as one) and requires the counts to agree:
//
//	float4 v = { a.xy, 1, 2 };      // 4 == 2 + 1 + 1
//	float2x2 m = float2x2(0.1f, f); // error if f is one component
//
// For an unsized array target (int a[] = {...}) it returns the length the
// list gives it. Errors read as DXC's ("too few elements in vector
// initialization (expected 4 elements, have 2)").
func FlatInit(target *Type, elems []*Type) (length int64, err error) {
	have := 0
	for _, e := range elems {
		n, ok := flatCount(e)
		if !ok {
			return 0, fmt.Errorf("'%s' cannot be used in an initializer list", e)
		}
		have += n
	}
	t := target.Canonical()
	if t.Kind() == Array && t.Len() == Unsized {
		per, ok := flatCount(t.Elem())
		if !ok || per == 0 {
			return 0, fmt.Errorf("'%s' cannot be initialized with a list", target)
		}
		n := (have + per - 1) / per
		if n*per != have {
			return 0, countError(n*per, have)
		}
		return int64(n), nil
	}
	want, ok := flatCount(t)
	if !ok {
		return 0, fmt.Errorf("'%s' cannot be initialized with a list", target)
	}
	if have != want {
		return 0, countError(want, have)
	}
	if t.Kind() == Array {
		return t.Len(), nil
	}
	return 0, nil
}

func countError(want, have int) error {
	which := "few"
	if have > want {
		which = "many"
	}
	plural := "s"
	if want == 1 {
		plural = ""
	}
	return fmt.Errorf("too %s elements in vector initialization (expected %d element%s, have %d)", which, want, plural, have)
}

// flatCount is the number of initializer components of t: scalars,
// vector and matrix components, array and struct members recursively,
// objects one each.
func flatCount(t *Type) (int, bool) {
	c := t.Canonical()
	switch c.Kind() {
	case Basic, Enum:
		return 1, true
	case Vector, Matrix:
		return c.ComponentCount(), true
	case ObjectK:
		return 1, true
	case Array:
		if c.Len() <= 0 {
			return 0, false
		}
		n, ok := flatCount(c.Elem())
		return n * int(c.Len()), ok
	case Struct:
		total := 0
		if b := c.Named().Base; b != nil {
			n, ok := flatCount(b)
			if !ok {
				return 0, false
			}
			total += n
		}
		for _, f := range c.Named().Fields {
			n, ok := flatCount(f.Type)
			if !ok {
				return 0, false
			}
			total += n
		}
		return total, true
	}
	return 0, false
}

// FlatMismatch reports, for an initializer list whose element count
// FlatInit accepted, whether an object slot of the target meets a value
// of another type (or a value slot meets an object): numbers convert to
// each other, objects to nothing else. DXC calls that a "type mismatch".
func FlatMismatch(target *Type, elems []*Type) bool {
	var want, have []*Type
	flatLeaves(target, &want)
	for _, e := range elems {
		flatLeaves(e, &have)
	}
	if len(want) != len(have) {
		return false // counts are FlatInit's business (unsized arrays repeat)
	}
	for i := range want {
		w, h := want[i].Canonical(), have[i].Canonical()
		if (w.Kind() == ObjectK || h.Kind() == ObjectK) && !Identical(w, h) {
			return true
		}
	}
	return false
}

// flatLeaves lists the scalar and object slots of t in order.
func flatLeaves(t *Type, out *[]*Type) {
	c := t.Canonical()
	switch c.Kind() {
	case Vector, Matrix:
		for i := 0; i < c.ComponentCount(); i++ {
			*out = append(*out, ScalarType(c.Scalar()))
		}
	case Array:
		for i := int64(0); i < c.Len(); i++ {
			flatLeaves(c.Elem(), out)
		}
	case Struct:
		if b := c.Named().Base; b != nil {
			flatLeaves(b, out)
		}
		for _, f := range c.Named().Fields {
			flatLeaves(f.Type, out)
		}
	default:
		*out = append(*out, c)
	}
}
