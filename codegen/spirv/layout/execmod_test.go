package layout

import (
	"slices"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// This file builds the shaders of exec_test.go (package layout_test, which
// runs them through test/exec; that package depends on the whole compiler,
// which will depend on this one, so only an external test may import it).

// ExecCaseNames lists the layout cases the execution test runs: 32-bit
// components only, no diagnostics. Straddle lists the rules to skip.
func ExecCaseNames() (names []string, straddle map[string][]Rule) {
	straddle = map[string][]Rule{}
	for n, tc := range layoutCases() {
		if len(tc.diags) == 0 && only32(tc) {
			names = append(names, n)
			straddle[n] = tc.straddle
		}
	}
	slices.Sort(names)
	return names, straddle
}

// only32 reports a case whose types have only 32-bit components, which the
// shader copies as words.
func only32(tc layoutCase) bool {
	all := strings.Join(append(slices.Clone(tc.decls), tc.root), " ")
	for _, w := range []string{"double", "int64", "uint64", "half", "16_t", "min1"} {
		if strings.Contains(all, w) {
			return false
		}
	}
	return true
}

// leaf is one scalar component of a block: the access chain to it and the
// byte offset HLSL semantics give it.
type leaf struct {
	idx []uint32
	off uint32
	s   types.Scalar
}

func leaves(c *Calculator, t *types.Type, r Rule, idx []uint32, off uint32, out *[]leaf) {
	at := func(i uint32) []uint32 { return append(slices.Clone(idx), i) }
	sh, u := classify(t)
	if r == DXCBuffer && u.Kind() == types.Matrix {
		rows, cols := u.Rows(), u.Cols()
		if !c.SPIRVRowMajor(u) {
			rows, cols = cols, rows
		}
		if rows == 1 && cols > 1 { // one component per register
			for i := 0; i < cols; i++ {
				*out = append(*out, leaf{at(uint32(i)), off + 16*uint32(i), u.Scalar()})
			}
			return
		}
	}
	switch sh {
	case shapeScalar:
		*out = append(*out, leaf{idx, off, u.Scalar()})
	case shapeVector:
		for j := 0; j < vectorCount(u); j++ {
			*out = append(*out, leaf{at(uint32(j)), off + 4*uint32(j), u.Scalar()})
		}
	case shapeMatrix:
		stride := c.Of(u, r).Stride
		for hr := 0; hr < u.Rows(); hr++ {
			for hc := 0; hc < u.Cols(); hc++ {
				o := off + uint32(hr)*stride + 4*uint32(hc) // HLSL row_major: rows stored
				if c.SPIRVRowMajor(u) {                     // HLSL column_major: columns stored
					o = off + uint32(hc)*stride + 4*uint32(hr)
				}
				*out = append(*out, leaf{append(at(uint32(hr)), uint32(hc)), o, u.Scalar()})
			}
		}
	case shapeArray:
		stride := c.Of(u, r).Stride
		for i := int64(0); i < u.Len(); i++ {
			leaves(c, u.Elem(), r, at(uint32(i)), off+uint32(i)*stride, out)
		}
	case shapeStruct:
		sl := c.Struct(u, r)
		for i, m := range c.structMembers(u) {
			if sl.Members[i].BitOffset > 0 {
				continue // a bitfield packed into the member read before
			}
			leaves(c, m.Type, r, at(sl.Members[i].Index), off+sl.Members[i].Offset, out)
		}
	}
}

// ExecModule builds the shader for layout case name under rule r: it
// returns the module, the number of words block In needs and the words
// output Out must hold. ok is false when the case has nothing to read.
func ExecModule(t *testing.T, name string, r Rule) (module []byte, inWords uint32, want []uint32, ok bool) {
	tc := layoutCases()[name]
	e := newEnv(t, tc.cfg)
	for _, d := range tc.decls {
		head, body, _ := strings.Cut(d, "{")
		e.declare(head, strings.TrimSuffix(strings.TrimSpace(body), "}"))
	}
	var members []Member
	if body, ok := strings.CutPrefix(tc.root, "{"); ok {
		members = e.members(strings.TrimSuffix(body, "}"))
	} else {
		members = []Member{{Name: "root", Type: e.structs[tc.root]}}
	}
	c := e.calc(tc.opts)
	m := newTestModule(t, spv.Version1_5, c, RulesFor(Flags{}))
	b, l := m.b, m.l

	sc, iface := spv.StorageClassStorageBuffer, StorageBlock
	if r.std140Like() {
		sc, iface = spv.StorageClassUniform, UniformBlock
	}
	inType, err := l.Block(BlockSpec{Name: "type.In", Members: members, Rule: r, Interface: iface})
	if err != nil {
		t.Fatal(err)
	}
	in := m.variable(inType, sc, "In")
	uintT := b.TypeInt(32, false)
	outType, err := l.Block(BlockSpec{Name: "type.Out", Members: []Member{{Name: "data", Type: e.ty("uint[]")}}, Rule: VkStd430, Interface: StorageBlock})
	if err != nil {
		t.Fatal(err)
	}
	out := m.variable(outType, spv.StorageClassStorageBuffer, "Out")

	sl := c.Members(members, r)
	var ls []leaf
	for i, mem := range members {
		leaves(c, mem.Type, r, []uint32{uint32(i)}, sl.Members[i].Offset, &ls)
	}
	if len(ls) == 0 {
		return nil, 0, nil, false
	}

	f := b.Function("main", b.TypeVoid(), spv.FunctionControlNone)
	f.StartBlock(f.NewBlock("bb.entry"))
	for k, lf := range ls {
		ids := make([]builder.ID, len(lf.idx))
		for i, x := range lf.idx {
			ids[i] = b.ConstInt32(int32(x))
		}
		st := l.Scalar(lf.s, r)
		v := f.Load(st, f.AccessChain(b.TypePointer(sc, st), in, ids...))
		if st != uintT {
			v = f.Emit(spv.OpBitcast, uintT, builder.Ref(v))
		}
		f.Store(f.AccessChain(b.TypePointer(spv.StorageClassStorageBuffer, uintT), out, b.ConstInt32(0), b.ConstInt32(int32(k))), v)
		want = append(want, lf.off/4)
	}
	f.Return()
	f.End()
	b.EntryPoint(spv.ExecutionModelGLCompute, f.ID(), "main", m.vars...)
	b.ExecutionMode(f.ID(), spv.ExecutionModeLocalSize, 1, 1, 1)
	builder.InferCapabilities(b.M)
	module, err = b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	m.data = module
	if err := tool.Validate(t, module, "vulkan1.2", r.ValidatorFlags(false)...); err != nil {
		t.Fatal(err)
	}

	return module, c.Members(members, r).Size/4 + 16, want, true
}
