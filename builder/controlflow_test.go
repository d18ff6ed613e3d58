package builder

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// checkOrder asserts that the patterns match lines of text in order, like
// FileCheck's CHECK; in a pattern, "%*" stands for a numeric id.
func checkOrder(t *testing.T, text string, want ...string) {
	t.Helper()
	lines := strings.Split(text, "\n")
	i := 0
	for _, w := range want {
		re := regexp.MustCompile(strings.ReplaceAll(regexp.QuoteMeta(w), "%\\*", "%[0-9]+"))
		for i < len(lines) && !re.MatchString(lines[i]) {
			i++
		}
		if i == len(lines) {
			t.Fatalf("%q not found in order in:\n%s", w, text)
		}
		i++
	}
}

// TestLoopShapes builds each loop shape and checks the block structure
// DXC produces for it (its tests cf.do.*, cf.for.*, cf.while.* show these
// shapes) and that the result validates.
func TestLoopShapes(t *testing.T) {
	b, f := minimalShader(spv.Version1_0)
	i32 := b.TypeInt(32, true)
	boolT := b.TypeBool()
	iv := f.Variable(b.TypePointer(spv.StorageClassFunction, i32), "i", b.ConstInt32(0))
	less := func(n int32) ID { return f.Emit(spv.OpSLessThan, boolT, Ref(f.Load(i32, iv)), Ref(b.ConstInt32(n))) }
	inc := func() { f.Store(iv, f.Emit(spv.OpIAdd, i32, Ref(f.Load(i32, iv)), Ref(b.ConstInt32(1)))) }

	// do { ++i; if (i > 5) break; } while (i < 10);
	d := f.BeginDoWhile(spv.LoopControlNone)
	inc()
	s := f.BeginIf(f.Emit(spv.OpSGreaterThan, boolT, Ref(f.Load(i32, iv)), Ref(b.ConstInt32(5))), false, spv.SelectionControlNone)
	f.Break(d)
	f.EndIf(s)
	f.BeginContinue(d)
	f.EndLoopIf(d, less(10))

	// [unroll] for (; i < 20; ++i) {}
	l := f.BeginLoop("for", spv.LoopControlUnroll)
	f.LoopTest(l, less(20))
	f.BeginContinue(l)
	inc()
	f.EndLoop(l)

	// [loop] while (i < 30 && i > 0) with the test in its own blocks.
	w := f.BeginLoopWithCheck("while", spv.LoopControlDontUnroll)
	f.LoopTest(w, less(30))
	f.Continue(w)
	f.BeginContinue(w)
	f.EndLoop(w)

	f.Return()
	f.End()
	InferCapabilities(b.M)
	data := moduleBytes(t, b)
	if err := tool.Validate(t, data, "vulkan1.0"); err != nil {
		t.Fatal(err)
	}
	text := roundTrip(t, data, "vulkan1.0")
	checkOrder(t, text,
		"OpBranch %do_while_header",
		"%do_while_header = OpLabel",
		"OpLoopMerge %do_while_merge %do_while_continue None",
		"OpBranch %do_while_body",
		"%do_while_body = OpLabel",
		"OpSelectionMerge %if_merge None",
		"OpBranchConditional %*",
		"%if_true = OpLabel",
		"OpBranch %do_while_merge",
		"%if_merge = OpLabel",
		"OpBranch %do_while_continue",
		"%do_while_continue = OpLabel",
		"OpBranchConditional %*",
		"%do_while_merge = OpLabel",
		"OpBranch %for_check",
		"%for_check = OpLabel",
		"OpLoopMerge %for_merge %for_continue Unroll",
		"OpBranchConditional %* %for_body %for_merge",
		"%for_body = OpLabel",
		"OpBranch %for_continue",
		"%for_continue = OpLabel",
		"OpBranch %for_check",
		"%for_merge = OpLabel",
		"OpBranch %while_header",
		"%while_header = OpLabel",
		"OpLoopMerge %while_merge %while_continue DontUnroll",
		"OpBranch %while_check",
		"%while_check = OpLabel",
		"%while_body = OpLabel",
		"OpBranch %while_continue",
		"%while_continue = OpLabel",
		"OpBranch %while_header",
		"%while_merge = OpLabel",
		"OpReturn",
	)
}

func TestSwitchNamesAndFallthrough(t *testing.T) {
	b, f := minimalShader(spv.Version1_0)
	i32 := b.TypeInt(32, true)
	sel := f.Load(i32, f.Variable(b.TypePointer(spv.StorageClassFunction, i32), "a", b.ConstInt32(2)))
	s := f.BeginSwitch(sel, []int64{-3, 0, 1}, true, spv.SelectionControlNone)
	for i, c := range s.Cases {
		f.StartBlock(c)
		if i == 1 {
			continue // falls through to case 1
		}
		f.Branch(s.Merge)
	}
	f.StartBlock(s.Default)
	f.EndSwitch(s)
	f.Return()
	f.End()
	InferCapabilities(b.M)
	if err := b.Err(); err == nil || !strings.Contains(err.Error(), "was terminated") {
		t.Fatalf("fall-through without a branch: Err() = %v", err)
	}

	b, f = minimalShader(spv.Version1_0)
	i32 = b.TypeInt(32, true)
	sel = f.Load(i32, f.Variable(b.TypePointer(spv.StorageClassFunction, i32), "a", b.ConstInt32(2)))
	s = f.BeginSwitch(sel, []int64{-3, 0, 1}, true, spv.SelectionControlNone)
	for i, c := range s.Cases {
		f.StartBlock(c)
		if i == 1 {
			f.Branch(s.Cases[2]) // fall through to case 1
			continue
		}
		f.Branch(s.Merge)
	}
	f.StartBlock(s.Default)
	f.EndSwitch(s)
	f.Return()
	f.End()
	InferCapabilities(b.M)
	data := moduleBytes(t, b)
	if err := tool.Validate(t, data, "vulkan1.0"); err != nil {
		t.Fatal(err)
	}
	text := roundTrip(t, data, "vulkan1.0")
	checkOrder(t, text,
		"OpSelectionMerge %switch_merge None",
		"OpSwitch %* %switch_default -3 %switch_n3 0 %switch_0 1 %switch_1",
		"%switch_n3 = OpLabel",
		"%switch_0 = OpLabel",
		"OpBranch %switch_1",
		"%switch_1 = OpLabel",
		"%switch_default = OpLabel",
		"OpBranch %switch_merge",
		"%switch_merge = OpLabel",
	)
}
