package layout

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/disasm"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// The strict GLSL rules and the scalar rule are GLSL's too, so glslang is an
// independent oracle for them: random blocks are written both as our HLSL
// type descriptions and as GLSL, compiled by glslangValidator, and every
// member Offset, MatrixStride and ArrayStride it emits must be ours.
// (glslang's --hlsl-offsets is not dxc's vector relaxation, so the vk rules
// are not checked this way.)
func TestGlslangOracle(t *testing.T) {
	glslang := tool.Require(t, tool.Glslang)
	rng := rand.New(rand.NewSource(20261122))
	n := 15
	if testing.Short() {
		n = 3
	}
	for i := 0; i < n; i++ {
		g := newGenerator(rng, i%3 == 2)
		block := g.block(6 + rng.Intn(8))
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			g.check(t, glslang, block)
		})
	}
}

// generator makes random structs and block members in both languages.
type generator struct {
	rng     *rand.Rand
	scalar  bool     // for layout(scalar): no doubles (see below)
	structs []string // "Name { hlsl fields }", dependencies first
	glsl    []string // the GLSL struct declarations, in the same order
	named   int
}

func newGenerator(rng *rand.Rand, scalar bool) *generator {
	return &generator{rng: rng, scalar: scalar}
}

type genMember struct {
	hlsl, glsl string // declarations, "type name[dims]"
}

// member makes a random member; inStruct members take the GLSL default
// orientation (layout qualifiers are not allowed on struct members).
func (g *generator) member(name string, inStruct bool, depth int) genMember {
	comps := []struct{ hlsl, glslScalar, glslVec string }{
		{"float", "float", "vec"}, {"int", "int", "ivec"}, {"uint", "uint", "uvec"}, {"double", "double", "dvec"},
	}
	if g.scalar {
		// dxc rounds scalar-layout struct sizes to their alignment (C-like),
		// glslang does not; with 4-byte components only they agree.
		comps = comps[:3]
	}
	var h, gl string
	switch k := g.rng.Intn(10); {
	case k < 3:
		c := comps[g.rng.Intn(len(comps))]
		h, gl = c.hlsl, c.glslScalar
	case k < 6:
		c := comps[g.rng.Intn(len(comps))]
		n := 2 + g.rng.Intn(3)
		h, gl = fmt.Sprintf("%s%d", c.hlsl, n), fmt.Sprintf("%s%d", c.glslVec, n)
	case k < 8 || depth > 1:
		elem, prefix := "float", "mat"
		if !g.scalar && g.rng.Intn(3) == 0 {
			elem, prefix = "double", "dmat"
		}
		r, c := 2+g.rng.Intn(3), 2+g.rng.Intn(3)
		// HLSL floatRxC is SPIR-V's R vectors of C components: GLSL matRxC.
		// HLSL column_major is SPIR-V (and GLSL) row_major.
		hlslMajor, glslMajor := "row_major", "column_major"
		if !inStruct && g.rng.Intn(2) == 0 {
			hlslMajor, glslMajor = "column_major", "row_major"
		}
		h = fmt.Sprintf("%s %s%dx%d", hlslMajor, elem, r, c)
		gl = fmt.Sprintf("%s%dx%d", prefix, r, c)
		if !inStruct {
			gl = fmt.Sprintf("layout(%s) %s", glslMajor, gl)
		}
	default:
		s := g.newStruct(depth + 1)
		h, gl = s, s
	}
	dims := ""
	if g.rng.Intn(3) == 0 {
		dims = fmt.Sprintf("[%d]", 1+g.rng.Intn(3))
		if g.rng.Intn(4) == 0 {
			dims += fmt.Sprintf("[%d]", 1+g.rng.Intn(3))
		}
	}
	return genMember{h + " " + name + dims, gl + " " + name + dims}
}

func (g *generator) newStruct(depth int) string {
	name := fmt.Sprintf("S%d", g.named)
	g.named++
	n := 1 + g.rng.Intn(4)
	var hs, gs []string
	for i := 0; i < n; i++ {
		m := g.member(fmt.Sprintf("f%d", i), true, depth)
		hs, gs = append(hs, m.hlsl), append(gs, m.glsl+";")
	}
	g.structs = append(g.structs, name+" { "+strings.Join(hs, "; ")+" }")
	g.glsl = append(g.glsl, fmt.Sprintf("struct %s { %s };", name, strings.Join(gs, " ")))
	return name
}

func (g *generator) block(n int) []genMember {
	var ms []genMember
	for i := 0; i < n; i++ {
		ms = append(ms, g.member(fmt.Sprintf("m%d", i), false, 0))
	}
	return ms
}

var (
	reMemberDeco = regexp.MustCompile(`OpMemberDecorate %(\w+) (\d+) (Offset|MatrixStride) (\d+)`)
	reArrayDeco  = regexp.MustCompile(`OpDecorate %(\w+) ArrayStride (\d+)`)
	reStruct     = regexp.MustCompile(`%(\w+) = OpTypeStruct(.*)`)
)

func (g *generator) check(t *testing.T, glslang string, block []genMember) {
	var gl strings.Builder
	gl.WriteString("#version 450\n#extension GL_EXT_scalar_block_layout : enable\n")
	for _, s := range g.glsl {
		gl.WriteString(s + "\n")
	}
	var members []string
	for _, m := range block {
		members = append(members, m.glsl+";")
	}
	body := strings.Join(members, " ")
	rules := []struct {
		glsl, kind, block string
		rule              Rule
	}{
		{"std140", "uniform", "U", GLStd140},
		{"std430", "buffer", "B", GLStd430},
	}
	if g.scalar {
		rules = []struct {
			glsl, kind, block string
			rule              Rule
		}{{"scalar", "buffer", "B", Scalar}}
	}
	for i, r := range rules {
		fmt.Fprintf(&gl, "layout(%s, binding=%d) %s %s { %s } v%d;\n", r.glsl, i, r.kind, r.block, body, i)
	}
	gl.WriteString("layout(local_size_x=1) in;\nvoid main() {}\n")

	dir := t.TempDir()
	src, out := filepath.Join(dir, "a.comp"), filepath.Join(dir, "a.spv")
	if err := os.WriteFile(src, []byte(gl.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if o, e, err := tool.Run(glslang, nil, "-V", "--target-env", "vulkan1.1", src, "-o", out); err != nil {
		t.Fatalf("glslang: %v\n%s%s\n%s", err, o, e, gl.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	text, err := disasm.DisassembleBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	offsets := map[string]map[int]uint32{}
	matStrides := map[string]map[int]uint32{}
	arrStrides := map[string]uint32{}
	structMembers := map[string][]string{}
	for _, m := range reMemberDeco.FindAllStringSubmatch(text, -1) {
		i, _ := strconv.Atoi(m[2])
		v, _ := strconv.Atoi(m[4])
		dst := offsets
		if m[3] == "MatrixStride" {
			dst = matStrides
		}
		if dst[m[1]] == nil {
			dst[m[1]] = map[int]uint32{}
		}
		dst[m[1]][i] = uint32(v)
	}
	for _, m := range reArrayDeco.FindAllStringSubmatch(text, -1) {
		v, _ := strconv.Atoi(m[2])
		arrStrides[m[1]] = uint32(v)
	}
	for _, m := range reStruct.FindAllStringSubmatch(text, -1) {
		structMembers[m[1]] = strings.Fields(strings.ReplaceAll(m[2], "%", ""))
	}

	e := newEnv(t, types.Config{})
	for _, s := range g.structs {
		head, body, _ := strings.Cut(s, "{")
		e.declare(head, strings.TrimSuffix(strings.TrimSpace(body), "}"))
	}
	var hs []string
	for _, m := range block {
		hs = append(hs, m.hlsl)
	}
	ms := e.members(strings.Join(hs, "; "))
	c := e.calc(Options{})
	for _, r := range rules {
		sl := c.Members(ms, r.rule)
		types := structMembers[r.block]
		for i, ml := range sl.Members {
			if got, want := ml.Offset, offsets[r.block][i]; got != want {
				t.Errorf("%s member %d (%s): Offset %d, glslang %d", r.glsl, i, block[i].hlsl, got, want)
			}
			if got, want := ml.MatrixStride, matStrides[r.block][i]; got != want {
				t.Errorf("%s member %d (%s): MatrixStride %d, glslang %d", r.glsl, i, block[i].hlsl, got, want)
			}
			if want, isArray := arrStrides[types[i]]; isArray && ml.Stride != want {
				t.Errorf("%s member %d (%s): ArrayStride %d, glslang %d", r.glsl, i, block[i].hlsl, ml.Stride, want)
			}
		}
	}
	if t.Failed() {
		t.Logf("GLSL:\n%s", gl.String())
	}
}
