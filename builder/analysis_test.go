package builder_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// randomFunction writes a function of n blocks with random branches
// (OpBranch, OpBranchConditional, OpSwitch, OpReturn) as assembly.
func randomFunction(r *rand.Rand, n int) string {
	var b strings.Builder
	b.WriteString(`OpCapability Shader
OpMemoryModel Logical GLSL450
%void = OpTypeVoid
%bool = OpTypeBool
%int = OpTypeInt 32 1
%c = OpConstantTrue %bool
%i = OpConstant %int 0
%fn = OpTypeFunction %void
%f = OpFunction %void None %fn
`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%%b%d = OpLabel\n", i)
		switch k := r.IntN(10); {
		case k < 1 && i > 0:
			b.WriteString("OpReturn\n")
		case k < 5:
			fmt.Fprintf(&b, "OpBranch %%b%d\n", r.IntN(n))
		case k < 8:
			fmt.Fprintf(&b, "OpBranchConditional %%c %%b%d %%b%d\n", r.IntN(n), r.IntN(n))
		default:
			fmt.Fprintf(&b, "OpSwitch %%i %%b%d 1 %%b%d 2 %%b%d\n", r.IntN(n), r.IntN(n), r.IntN(n))
		}
	}
	b.WriteString("OpFunctionEnd\n")
	return b.String()
}

// reachableWithout returns the blocks reachable from start over succs
// without passing through block skip.
func reachableWithout(succs [][]int32, start, skip int32) []bool {
	seen := make([]bool, len(succs))
	if start == skip {
		return seen
	}
	stack := []int32{start}
	seen[start] = true
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range succs[x] {
			if s != skip && !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return seen
}

// TestDominatorsBruteForce checks dominator trees of random CFGs against
// the definition: a dominates b when b cannot be reached from the entry
// without passing through a.
func TestDominatorsBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 300; iter++ {
		n := 1 + r.IntN(25)
		m, err := asm.Parse(randomFunction(r, n), asm.Options{})
		if err != nil {
			t.Fatal(err)
		}
		f := m.Functions[0]
		g := f.CFG()
		dom := f.Dominators()
		reach := reachableWithout(g.Succs, 0, -1)
		for a := int32(0); a < int32(n); a++ {
			without := reachableWithout(g.Succs, 0, a)
			for b := int32(0); b < int32(n); b++ {
				want := reach[a] && reach[b] && (a == b || !without[b])
				if got := dom.Dominates(a, b); got != want {
					t.Fatalf("iteration %d: Dominates(%d, %d) = %v, want %v\n%s", iter, a, b, got, want, randomFunction(rand.New(rand.NewPCG(1, 2)), 0))
				}
			}
		}
		// The immediate dominator is the strict dominator that every other
		// strict dominator dominates.
		for b := int32(1); b < int32(n); b++ {
			if !reach[b] {
				if dom.Idom(b) != -1 {
					t.Fatalf("unreachable block %d has idom %d", b, dom.Idom(b))
				}
				continue
			}
			d := dom.Idom(b)
			if d < 0 || !dom.StrictlyDominates(d, b) {
				t.Fatalf("iteration %d: idom(%d) = %d does not strictly dominate it", iter, b, d)
			}
			for a := int32(0); a < int32(n); a++ {
				if dom.StrictlyDominates(a, b) && !dom.Dominates(a, d) {
					t.Fatalf("iteration %d: %d strictly dominates %d but not its idom %d", iter, a, b, d)
				}
			}
		}
	}
}

// TestPostDominatorsBruteForce checks post-dominator trees: a post-dominates
// b when no path from b reaches a return without passing through a. Blocks
// that cannot return (infinite loops) are joined to the virtual exit, so
// the test only judges graphs where every block can return, and checks
// that every block has a place in the tree otherwise.
func TestPostDominatorsBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	judged := 0
	for iter := 0; iter < 600; iter++ {
		n := 1 + r.IntN(20)
		m, err := asm.Parse(randomFunction(r, n), asm.Options{})
		if err != nil {
			t.Fatal(err)
		}
		f := m.Functions[0]
		g := f.CFG()
		pdom := f.PostDominators()
		// Reverse graph with a virtual exit n.
		rs := make([][]int32, n+1)
		returns := true
		for b := int32(0); b < int32(n); b++ {
			if len(g.Succs[b]) == 0 {
				rs[n] = append(rs[n], b)
			}
			for _, s := range g.Succs[b] {
				rs[s] = append(rs[s], b)
			}
		}
		fromExit := reachableWithout(rs, int32(n), -1)
		for b := 0; b < n; b++ {
			if !pdom.InTree(int32(b)) {
				t.Fatalf("iteration %d: block %d is not in the post-dominator tree", iter, b)
			}
			returns = returns && fromExit[b]
		}
		if !returns {
			continue
		}
		judged++
		for a := int32(0); a < int32(n); a++ {
			without := reachableWithout(rs, int32(n), a)
			for b := int32(0); b < int32(n); b++ {
				want := a == b || !without[b]
				if got := pdom.Dominates(a, b); got != want {
					t.Fatalf("iteration %d: PostDominates(%d, %d) = %v, want %v", iter, a, b, got, want)
				}
			}
		}
	}
	if judged < 100 {
		t.Fatalf("only %d graphs could be judged", judged)
	}
}

const structured = `
OpCapability Shader
OpMemoryModel Logical GLSL450
%void = OpTypeVoid
%bool = OpTypeBool
%int = OpTypeInt 32 1
%c = OpConstantTrue %bool
%i = OpConstant %int 0
%fn = OpTypeFunction %void
%f = OpFunction %void None %fn
%entry = OpLabel
OpBranch %header
%header = OpLabel
OpLoopMerge %lmerge %cont None
OpBranchConditional %c %body %lmerge
%body = OpLabel
OpSelectionMerge %smerge None
OpSwitch %i %default 1 %case1 2 %case2
%case1 = OpLabel
OpBranch %case2
%case2 = OpLabel
OpBranch %smerge
%default = OpLabel
OpSelectionMerge %imerge None
OpBranchConditional %c %then %imerge
%then = OpLabel
OpBranch %lmerge
%imerge = OpLabel
OpBranch %smerge
%smerge = OpLabel
OpBranch %cont
%cont = OpLabel
OpBranch %latch
%latch = OpLabel
OpBranch %header
%lmerge = OpLabel
OpReturn
OpFunctionEnd
`

// TestConstructs checks the construct tree of a function with a loop, a
// switch with a fall-through, a selection inside a case, a break out of the
// loop and a two-block continue construct.
func TestConstructs(t *testing.T) {
	m := asm.MustParse(structured)
	f := m.Functions[0]
	g := f.CFG()
	ct := f.Constructs()
	names := map[int32]string{}
	for i, b := range g.Blocks {
		names[int32(i)] = []string{"entry", "header", "body", "case1", "case2", "default", "then", "imerge", "smerge", "cont", "latch", "lmerge"}[i]
		_ = b
	}
	innermost := map[string]string{
		"entry": "function", "header": "loop(header)", "body": "switch(body)", "case1": "case(case1)", "case2": "case(case2)",
		"default": "selection(default)", "then": "selection(default)", "imerge": "case(default)", "smerge": "loop(header)",
		"cont": "continue(cont)", "latch": "continue(cont)", "lmerge": "function",
	}
	for b := int32(0); b < int32(len(g.Blocks)); b++ {
		c := ct.Innermost(b)
		got := c.Kind.String()
		if c.Kind != builder.ConstructFunction {
			got += "(" + names[c.Entry] + ")"
		}
		if want := innermost[names[b]]; got != want {
			t.Errorf("innermost construct of %s: %s, want %s", names[b], got, want)
		}
	}
	// Nesting: continue beside loop, cases inside the switch.
	depth := map[string]int{}
	for _, c := range ct.All {
		if c.Kind != builder.ConstructFunction {
			depth[c.Kind.String()+"("+names[c.Entry]+")"] = c.Depth
		}
	}
	for k, want := range map[string]int{"loop(header)": 1, "continue(cont)": 1, "switch(body)": 2, "case(case1)": 3, "case(default)": 3, "selection(default)": 4} {
		if depth[k] != want {
			t.Errorf("depth of %s: %d, want %d", k, depth[k], want)
		}
	}
	loops := f.Loops()
	if len(loops.All) != 1 {
		t.Fatalf("%d loops, want 1", len(loops.All))
	}
	l := loops.All[0]
	if names[l.Header] != "header" || names[l.Merge] != "lmerge" || names[l.Continue] != "cont" || names[l.BackEdge] != "latch" {
		t.Errorf("loop: header %s merge %s continue %s back edge %s", names[l.Header], names[l.Merge], names[l.Continue], names[l.BackEdge])
	}
	var blocks []string
	for _, b := range l.Blocks() {
		blocks = append(blocks, names[b])
	}
	if got := strings.Join(blocks, " "); len(blocks) != 10 {
		t.Errorf("loop blocks: %s", got)
	}
	if loops.Innermost(g.Index(f.Blocks[11].Label)) != nil {
		t.Errorf("the loop merge is inside the loop")
	}
}

// TestDefUseDrop checks that dropping the instructions of a function
// taken out of the module makes them invisible to the chains, like Kill,
// and leaves Module.Compact nothing to sweep.
func TestDefUseDrop(t *testing.T) {
	m := asm.MustParse(`
OpCapability Shader
OpMemoryModel Logical GLSL450
%void = OpTypeVoid
%int = OpTypeInt 32 1
%one = OpConstant %int 1
%fn = OpTypeFunction %void
%f = OpFunction %void None %fn
%entry = OpLabel
%x = OpIAdd %int %one %one
OpReturn
OpFunctionEnd
%g = OpFunction %void None %fn
%gentry = OpLabel
%y = OpIAdd %int %one %one
OpReturn
OpFunctionEnd
`)
	du := m.DefUse()
	g := m.Functions[1]
	y := g.Blocks[0].Insts[0]
	one := y.Operands[0].ID()
	if du.NumUsers(one) != 2 {
		t.Fatalf("users of %%one: %d, want 2", du.NumUsers(one))
	}
	m.Functions = m.Functions[:1]
	du.Drop(g.Def)
	du.ForgetBlock(g.Blocks[0])
	for _, in := range g.Blocks[0].Insts {
		du.Drop(in)
	}
	if du.Def(y.Result) != nil || du.Def(g.Def.Result) != nil || du.Block(g.Blocks[0].Label) != nil || du.NumUsers(one) != 1 {
		t.Errorf("Drop left g visible: def of y %v, users of %%one %d", du.Def(y.Result), du.NumUsers(one))
	}
	m.Compact()
	if len(g.Blocks[0].Insts) != 2 {
		t.Errorf("Compact swept the block of a function out of the module")
	}
	if err := builder.Verify(m); err != nil {
		t.Error(err)
	}
}

// TestDefUseFollowsEdits checks that the def-use chains follow additions,
// operand rewrites, replacement of uses and deletion.
func TestDefUseFollowsEdits(t *testing.T) {
	m := asm.MustParse(`
OpCapability Shader
OpMemoryModel Logical GLSL450
%void = OpTypeVoid
%int = OpTypeInt 32 1
%one = OpConstant %int 1
%two = OpConstant %int 2
%fn = OpTypeFunction %void
%f = OpFunction %void None %fn
%entry = OpLabel
%x = OpIAdd %int %one %one
%y = OpIMul %int %x %two
OpReturn
OpFunctionEnd
`)
	du := m.DefUse()
	b := m.Functions[0].Blocks[0]
	x, y := b.Insts[0], b.Insts[1]
	if du.Def(x.Result) != x || du.NumUsers(x.Result) != 1 || du.NumUsers(1) == 0 {
		t.Fatalf("initial chains wrong: def %v, users of x %d", du.Def(x.Result), du.NumUsers(x.Result))
	}
	one := x.Operands[0].ID()
	if du.NumUsers(one) != 1 {
		t.Errorf("OpIAdd %%one %%one counts as %d users of %%one, want 1", du.NumUsers(one))
	}
	// A new instruction through the builder is registered.
	eb := builder.Edit(m)
	three := eb.ConstInt32(3)
	z := &builder.Inst{Op: y.Op, Type: y.Type, Result: m.NewID(), Operands: []builder.Operand{builder.Ref(y.Result), builder.Ref(three)}}
	b.InsertAfter(y, z)
	if du.Def(z.Result) != z || du.NumUsers(y.Result) != 1 || du.NumUsers(three) != 1 {
		t.Fatalf("insertion not registered")
	}
	// Replace all uses of x by two: y uses two twice now.
	du.ReplaceAllUses(x.Result, y.Operands[1].ID())
	if du.HasUsers(x.Result) || y.Operands[0].ID() != y.Operands[1].ID() || du.NumUsers(y.Operands[1].ID()) != 1 {
		t.Fatalf("ReplaceAllUses: users of x %d, y = %v", du.NumUsers(x.Result), y)
	}
	// An in-place rewrite, then AnalyzeUses.
	y.Operands[1] = builder.Ref(three)
	du.AnalyzeUses(y)
	if du.NumUsers(three) != 2 {
		t.Errorf("users of three after the rewrite: %d, want 2", du.NumUsers(three))
	}
	isMul := func(in *builder.Inst) bool { return in.Op == y.Op }
	if !du.AnyUser(three, isMul) || du.AnyUser(three, func(*builder.Inst) bool { return false }) || du.AnyUser(x.Result, isMul) {
		t.Errorf("AnyUser disagrees with the users of three and x")
	}
	du.Kill(x)
	if du.Def(x.Result) != nil || du.NumUsers(one) != 0 || du.AnyUser(one, func(*builder.Inst) bool { return true }) {
		t.Errorf("Kill left x visible")
	}
	m.Compact()
	if len(b.Insts) != 3 {
		t.Errorf("Compact left %d instructions, want 3", len(b.Insts))
	}
	if err := builder.Verify(m); err != nil {
		t.Error(err)
	}
}

// Reachable lists the roots, then their callees breadth-first in call
// order, each once, and leaves out functions no call reaches.
func TestReachable(t *testing.T) {
	m := asm.MustParse(`OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%leaf = OpFunction %void None %fn
%l0 = OpLabel
OpReturn
OpFunctionEnd
%unused = OpFunction %void None %fn
%u0 = OpLabel
%u1 = OpFunctionCall %void %leaf
OpReturn
OpFunctionEnd
%mid = OpFunction %void None %fn
%m0 = OpLabel
%m1 = OpFunctionCall %void %leaf
OpReturn
OpFunctionEnd
%other = OpFunction %void None %fn
%o0 = OpLabel
OpReturn
OpFunctionEnd
%main = OpFunction %void None %fn
%e0 = OpLabel
%e1 = OpFunctionCall %void %mid
%e2 = OpFunctionCall %void %other
%e3 = OpFunctionCall %void %mid
OpReturn
OpFunctionEnd
`)
	name := map[builder.ID]string{}
	for i, n := range []string{"leaf", "unused", "mid", "other", "main"} {
		name[m.Functions[i].Def.Result] = n
	}
	var got []string
	for _, f := range m.Reachable(m.Functions[4].Def.Result) {
		got = append(got, name[f.Def.Result])
	}
	if want := "main mid other leaf"; strings.Join(got, " ") != want {
		t.Errorf("Reachable(main) = %v, want %s", got, want)
	}
	got = got[:0]
	for _, f := range m.Reachable(m.Functions[3].Def.Result, m.Functions[1].Def.Result, m.Functions[3].Def.Result) {
		got = append(got, name[f.Def.Result])
	}
	if want := "other unused leaf"; strings.Join(got, " ") != want {
		t.Errorf("Reachable(other, unused, other) = %v, want %s (the roots, then their callees)", got, want)
	}
	if got := m.Reachable(12345); len(got) != 0 {
		t.Errorf("Reachable of an id that is no function = %d functions, want none", len(got))
	}
}

// CFG.Index finds blocks by label whether the labels are compact (a dense
// table) or spread among many other ids (the def-use chains' table, and a
// map for what that cannot answer), and answers from the blocks the graph
// was built from even after the function's block list was reordered.
func TestCFGIndexSpreadLabels(t *testing.T) {
	for _, spread := range []int{1, 1000} {
		for _, du := range []bool{false, true} {
			var src strings.Builder
			src.WriteString("OpCapability Shader\nOpMemoryModel Logical GLSL450\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n" +
				"%f = OpFunction %void None %fn\n")
			const n = 6
			for i := range n {
				fmt.Fprintf(&src, "%%b%d = OpLabel\n", i)
				if i+1 < n {
					fmt.Fprintf(&src, "OpBranch %%b%d\n", i+1)
				} else {
					src.WriteString("OpReturn\n")
				}
			}
			src.WriteString("OpFunctionEnd\n")
			m, err := asm.Parse(src.String(), asm.Options{})
			if err != nil {
				t.Fatal(err)
			}
			f := m.Functions[0]
			// Spread the labels out (the assembler numbers ids densely).
			relabel := map[builder.ID]builder.ID{}
			for i, b := range f.Blocks {
				relabel[b.Label] = builder.ID(100 + i*spread)
				b.Label = relabel[b.Label]
			}
			for _, b := range f.Blocks {
				if t := b.Terminator(); t.Op == spv.OpBranch {
					t.Operands[0] = builder.Ref(relabel[t.Operands[0].ID()])
				}
			}
			m.Bound = builder.ID(100 + n*spread)
			if du {
				m.DefUse()
			}
			g := f.CFG()
			labels := make([]builder.ID, n)
			for i, b := range f.Blocks {
				labels[i] = b.Label
			}
			if spread > 1 && labels[n-1]-labels[0] < 8*n+64 {
				t.Fatalf("labels %v are not spread out", labels)
			}
			check := func(when string) {
				t.Helper()
				for i, l := range labels {
					if got := g.Index(l); got != int32(i) {
						t.Errorf("spread %d, def-use %v, %s: Index(%%%d) = %d, want %d", spread, du, when, l, got, i)
					}
				}
				for _, l := range []builder.ID{0, 1, labels[n-1] + 1, 99999} {
					if got := g.Index(l); got != -1 {
						t.Errorf("spread %d, def-use %v, %s: Index(%%%d) = %d, want -1", spread, du, when, l, got)
					}
				}
			}
			check("built")
			f.Blocks[1], f.Blocks[2] = f.Blocks[2], f.Blocks[1]
			check("blocks reordered")
			if len(g.Succs[0]) != 1 || g.Succs[0][0] != 1 {
				t.Errorf("spread %d, def-use %v: successors of the entry %v, want [1]", spread, du, g.Succs[0])
			}
		}
	}
}

// TestDefUseMarksWhatEditsLeaveStale checks the ways to announce an
// in-place edit: each leaves the lists right, and VerifyIR catches an edit
// that dropped a use unannounced from a list the chains take as checked.
func TestDefUseMarksWhatEditsLeaveStale(t *testing.T) {
	m := asm.MustParse(`
OpCapability Shader
OpMemoryModel Logical GLSL450
%void = OpTypeVoid
%int = OpTypeInt 32 1
%one = OpConstant %int 1
%two = OpConstant %int 2
%three = OpConstant %int 3
%fn = OpTypeFunction %void
%f = OpFunction %void None %fn
%entry = OpLabel
%x = OpIAdd %int %one %two
%y = OpIMul %int %x %two
OpReturn
OpFunctionEnd
`)
	du := m.DefUse()
	b := m.Functions[0].Blocks[0]
	x, y := b.Insts[0], b.Insts[1]
	one, two := x.Operands[0].ID(), x.Operands[1].ID()
	three := m.Globals[4].Result // after void, int, one, two
	users := func(id builder.ID) int { return du.NumUsers(id) }
	if users(one) != 1 || users(two) != 2 || users(three) != 0 {
		t.Fatalf("initial users of one, two, three: %d %d %d", users(one), users(two), users(three))
	}
	// ForgetUses before, AnalyzeUses after.
	du.ForgetUses(x)
	x.Operands[0] = builder.Ref(three)
	du.AnalyzeUses(x)
	if users(one) != 0 || users(three) != 1 || users(two) != 2 {
		t.Errorf("after ForgetUses, edit, AnalyzeUses: users of one, two, three %d %d %d, want 0 2 1", users(one), users(two), users(three))
	}
	// AnalyzeChangedUses with the ids used before.
	before := y.AppendUses(nil)
	y.Operands[1] = builder.Ref(one)
	du.AnalyzeChangedUses(y, before)
	if users(two) != 1 || users(one) != 1 {
		t.Errorf("after AnalyzeChangedUses: users of two %d, one %d, want 1 1", users(two), users(one))
	}
	// Moved within the block: registered once.
	b.Remove(y)
	if users(x.Result) != 1 {
		t.Errorf("a removed instruction still uses what it did: users of x %d, want 1", users(x.Result))
	}
	b.InsertAt(0, y)
	if users(x.Result) != 1 || users(one) != 1 {
		t.Errorf("after moving y: users of x %d, of one %d, want 1 1", users(x.Result), users(one))
	}
	// Killing drops the instruction from the lists it was in.
	du.Kill(y)
	if users(x.Result) != 0 || users(one) != 0 {
		t.Errorf("after Kill: users of x %d, of one %d, want 0 0", users(x.Result), users(one))
	}
	m.Compact()
	if err := builder.VerifyIR(m); err != nil {
		t.Fatal(err)
	}
	// A use dropped without telling the chains, from a checked list.
	users(two)
	x.Operands[1] = builder.Ref(three)
	if err := builder.VerifyIR(m); err == nil || !strings.Contains(err.Error(), "no longer uses") {
		t.Errorf("VerifyIR after an unannounced edit: %v, want a stale user list", err)
	}
}
