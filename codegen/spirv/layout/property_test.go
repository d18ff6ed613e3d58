package layout

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// randomHLSL declares random nested structs over every numeric shape
// (bool, 16/64-bit, min-precision, 1xN and Nx1 matrices, row_major int
// matrices, arrays of arrays) and returns the root struct.
func randomHLSL(tb testing.TB, rng *rand.Rand) (*env, *types.Type) {
	e := newEnv(tb, types.Config{Enable16BitTypes: true})
	scalars := []string{"bool", "int", "uint", "float", "double", "int64_t", "uint64_t", "half", "int16_t", "uint16_t", "min16float", "min12int", "min16uint"}
	var declare func(depth int) string
	n := 0
	declare = func(depth int) string {
		name := fmt.Sprintf("R%d", n)
		n++
		var fields []string
		for i, k := 0, 1+rng.Intn(6); i < k; i++ {
			s := scalars[rng.Intn(len(scalars))]
			var ty string
			switch c := rng.Intn(10); {
			case c < 3:
				ty = s
			case c < 5:
				ty = fmt.Sprintf("%s%d", s, 1+rng.Intn(4))
			case c < 8 || depth > 2:
				r, cc := 1+rng.Intn(4), 1+rng.Intn(4)
				major := []string{"", "row_major ", "column_major "}[rng.Intn(3)]
				if s != "float" && s != "double" && s != "half" && s != "min16float" {
					major = "row_major " // column-major int matrices are an error in buffers
				}
				ty = fmt.Sprintf("%s%s%dx%d", major, s, r, cc)
			default:
				ty = declare(depth + 1)
			}
			dims := ""
			for rng.Intn(4) == 0 && len(dims) < 8 {
				dims += fmt.Sprintf("[%d]", 1+rng.Intn(3))
			}
			fields = append(fields, fmt.Sprintf("%s f%d%s", ty, i, dims))
		}
		head := name
		if depth > 0 && rng.Intn(5) == 0 {
			head += " : " + declare(depth+1)
		}
		e.declare(head, strings.Join(fields, "; "))
		return name
	}
	return e, e.structs[declare(0)]
}

// checkInvariants checks what every rule promises for a struct layout:
// members in order without overlap, each aligned as its rule says, the
// size covering the last member, strides covering their elements.
func checkInvariants(t testing.TB, c *Calculator, st *types.Type, r Rule) {
	sl := c.Struct(st, r)
	var end uint32
	for i, m := range sl.Members {
		if m.Offset < end {
			t.Fatalf("%s: member %d at %d overlaps the previous one ending at %d", r, i, m.Offset, end)
		}
		sh, u := classify(memberType(st, i))
		switch {
		case r.relaxed() && sh == shapeVector && !(r == DXCBuffer && u.Kind() == types.Matrix && m.Size > 16):
			if es := c.ScalarSize(u.Scalar()); m.Offset%min(es, m.Align) != 0 {
				t.Fatalf("%s: vector member %d at %d not aligned to its component", r, i, m.Offset)
			}
			if m.Size <= 16 && m.Offset/16 != (m.Offset+m.Size-1)/16 || m.Size > 16 && m.Offset%16 != 0 {
				t.Fatalf("%s: vector member %d at %d straddles", r, i, m.Offset)
			}
		case m.Offset%m.Align != 0:
			t.Fatalf("%s: member %d at %d not aligned to %d", r, i, m.Offset, m.Align)
		}
		if sh == shapeArray && m.Stride < c.Of(u.Elem(), r).Size {
			t.Fatalf("%s: member %d stride %d below its element's size", r, i, m.Stride)
		}
		end = m.Offset + m.Size
	}
	if sl.Size < end {
		t.Fatalf("%s: size %d below the end of the last member %d", r, sl.Size, end)
	}
	if r != DXCBuffer && sl.Size%sl.Align != 0 {
		t.Fatalf("%s: size %d not a multiple of the alignment %d", r, sl.Size, sl.Align)
	}
}

// memberType is the type of member i of a struct, the base class first.
func memberType(st *types.Type, i int) *types.Type {
	nd := st.Named()
	if nd.Base != nil {
		if i == 0 {
			return nd.Base
		}
		i--
	}
	return nd.Fields[i].Type
}

func checkRandom(t testing.TB, seed int64) {
	e, root := randomHLSL(t, rand.New(rand.NewSource(seed)))
	c := e.calc(Options{Enable16BitTypes: seed%2 == 0})
	l := NewLowerer(builder.New(spv.Version1_5), c, RulesFor(Flags{}))
	for r := Void; r < numRules; r++ {
		checkInvariants(t, c, root, r)
		_, err := l.Type(root, r)
		if err != nil && !strings.Contains(err.Error(), "zero-sized") {
			t.Fatalf("%s: %v", r, err)
		}
	}
	if len(c.Diagnostics) != 0 {
		t.Fatalf("diagnostics without explicit placement: %v", c.Diagnostics)
	}
}

func TestRandomInvariants(t *testing.T) {
	for seed := int64(0); seed < 300; seed++ {
		checkRandom(t, seed)
	}
}

// FuzzLayout: any struct the generator can make lays out under every rule
// with the invariants held, and lowers without panicking.
func FuzzLayout(f *testing.F) {
	for _, s := range []int64{1, 42, 20261122} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, seed int64) {
		checkRandom(t, seed)
	})
}
