package layout

import (
	"strconv"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// env builds HLSL-like types for the tests from a tiny declaration syntax,
// so each case reads like the HLSL it stands for:
//
//	env.declare("S", "float a; @32 float2 b; row_major float2x3 m[2]")
//	env.declare("D : Base", "float4 x")
//	env.declare("B", "uint f1 : 3; uint f2 : 5")   // bitfields
//
// A field is "[@vkoffset] [row_major|column_major] type name[dims]"; type
// is a built-in name (float3, int2x3, uint16_t2, min16float...) or a
// struct declared before.
type env struct {
	tb       testing.TB
	u        *types.Universe
	structs  map[string]*types.Type
	vkOffset map[*types.Type]map[int]uint32
	bitWidth map[*types.Type]map[int]uint32
}

func newEnv(tb testing.TB, cfg types.Config) *env {
	return &env{tb: tb, u: types.NewUniverse(cfg), structs: map[string]*types.Type{}, vkOffset: map[*types.Type]map[int]uint32{}, bitWidth: map[*types.Type]map[int]uint32{}}
}

// calc returns a Calculator that sees the env's [[vk::offset]] attributes.
func (e *env) calc(opts Options) *Calculator {
	c := NewCalculator(opts)
	c.VkOffset = func(st *types.Type, i int) (uint32, bool) {
		off, ok := e.vkOffset[st][i]
		return off, ok
	}
	c.BitWidth = func(st *types.Type, i int) (uint32, bool) {
		w, ok := e.bitWidth[st][i]
		return w, ok
	}
	return c
}

func (e *env) declare(head, fields string) *types.Type {
	e.tb.Helper()
	name, base, _ := strings.Cut(head, ":")
	name = strings.TrimSpace(name)
	t := e.u.NewStruct(name, false)
	nd := t.Named()
	if base = strings.TrimSpace(base); base != "" {
		nd.Base = e.ty(base)
	}
	for i, f := range splitFields(fields) {
		f, bits, isBitfield := strings.Cut(f, ":")
		if isBitfield {
			w, err := strconv.Atoi(strings.TrimSpace(bits))
			if err != nil {
				e.tb.Fatalf("bad bitfield width in %q", f)
			}
			if e.bitWidth[t] == nil {
				e.bitWidth[t] = map[int]uint32{}
			}
			e.bitWidth[t][i] = uint32(w)
		}
		typ, fname, vk := e.field(f)
		nd.Fields = append(nd.Fields, types.Field{Name: fname, Type: typ})
		if vk != nil {
			if e.vkOffset[t] == nil {
				e.vkOffset[t] = map[int]uint32{}
			}
			e.vkOffset[t][i] = *vk
		}
	}
	nd.Complete = true
	e.structs[name] = t
	return t
}

func splitFields(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ";") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// members turns "float4 a : c2; float b : c3.y; float c @16; float d : r4"
// into block members: ": cN[.x]" is packoffset, ": rN" register(cN),
// "@N" [[vk::offset(N)]].
func (e *env) members(s string) []Member {
	e.tb.Helper()
	var ms []Member
	for _, f := range splitFields(s) {
		decl, place, _ := strings.Cut(f, ":")
		typ, name, vk := e.field(decl)
		m := Member{Name: name, Type: typ, VkOffset: vk}
		if place = strings.TrimSpace(place); place != "" {
			switch place[0] {
			case 'c':
				reg, comp, _ := strings.Cut(place[1:], ".")
				n, err := strconv.Atoi(reg)
				if err != nil {
					e.tb.Fatalf("bad packoffset %q", place)
				}
				m.PackOffset = &PackOffset{Register: uint32(n)}
				if comp != "" {
					m.PackOffset.Component = uint32(strings.Index("xyzw", comp))
				}
			case 'r':
				n, err := strconv.Atoi(place[1:])
				if err != nil {
					e.tb.Fatalf("bad register %q", place)
				}
				r := uint32(n)
				m.RegisterC = &r
			}
		}
		ms = append(ms, m)
	}
	return ms
}

func (e *env) field(f string) (*types.Type, string, *uint32) {
	e.tb.Helper()
	words := strings.Fields(f)
	var vk *uint32
	if len(words) > 0 && strings.HasPrefix(words[0], "@") {
		n, err := strconv.Atoi(words[0][1:])
		if err != nil {
			e.tb.Fatalf("bad vk::offset in %q", f)
		}
		v := uint32(n)
		vk = &v
		words = words[1:]
	}
	if len(words) < 2 {
		e.tb.Fatalf("bad field %q", f)
	}
	last := words[len(words)-1]
	name, dims, _ := strings.Cut(last, "[")
	typ := e.ty(strings.Join(words[:len(words)-1], " ") + brackets(dims))
	return typ, name, vk
}

func brackets(dims string) string {
	if dims == "" {
		return ""
	}
	return "[" + dims
}

// ty parses "[row_major|column_major] name[dims]".
func (e *env) ty(s string) *types.Type {
	e.tb.Helper()
	s = strings.TrimSpace(s)
	major := types.DefaultMajor
	if rest, ok := strings.CutPrefix(s, "row_major "); ok {
		major, s = types.RowMajor, rest
	} else if rest, ok := strings.CutPrefix(s, "column_major "); ok {
		major, s = types.ColumnMajor, rest
	}
	base, dims, _ := strings.Cut(s, "[")
	var t *types.Type
	if st, ok := e.structs[strings.TrimSpace(base)]; ok {
		t = st
	} else {
		b, ok := types.LookupBuiltin(strings.TrimSpace(base))
		if !ok {
			e.tb.Fatalf("unknown type %q", base)
		}
		sc := b.ScalarIn(e.u.Config)
		switch b.Kind {
		case types.BuiltinScalar:
			t = types.ScalarType(sc)
		case types.BuiltinVector:
			t = types.Vec(sc, int(b.Cols))
		case types.BuiltinMatrix:
			t = types.MatMajor(sc, int(b.Rows), int(b.Cols), major)
		default:
			e.tb.Fatalf("type %q is not numeric", base)
		}
	}
	if dims == "" {
		return t
	}
	var ns []int64
	for _, d := range strings.Split(strings.TrimSuffix(dims, "]"), "][") {
		if d == "" {
			ns = append(ns, types.Unsized)
			continue
		}
		n, err := strconv.Atoi(d)
		if err != nil {
			e.tb.Fatalf("bad array size in %q", s)
		}
		ns = append(ns, int64(n))
	}
	for i := len(ns) - 1; i >= 0; i-- {
		t = e.u.Array(t, ns[i])
	}
	return t
}

func TestEnvParser(t *testing.T) {
	e := newEnv(t, types.Config{})
	s := e.declare("S", "@8 row_major float2x3 m[2][3]; uint b")
	f := s.Named().Fields[0]
	if f.Name != "m" || f.Type.Len() != 2 || f.Type.Elem().Len() != 3 || f.Type.Elem().Elem().Major() != types.RowMajor {
		t.Fatalf("parsed %v %v", f.Name, f.Type)
	}
	if e.vkOffset[s][0] != 8 {
		t.Fatalf("vk::offset not recorded")
	}
	ms := e.members("float a : c3.y; float b : r7")
	if ms[0].PackOffset == nil || *ms[0].PackOffset != (PackOffset{3, 1}) || ms[1].RegisterC == nil || *ms[1].RegisterC != 7 {
		t.Fatalf("members: %+v", ms)
	}
}
