package atnload

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/antlr4-go/antlr/v4"
)

// sameLayout reports how mirror's fields differ from real's: in name
// (embedded structs excepted), offset or type (a mirror's embedded or
// struct field may be a mirror itself). With prefix, real may have more
// fields after mirror's.
func sameLayout(mirror, real reflect.Type, prefix bool) error {
	if mirror.NumField() > real.NumField() || !prefix && mirror.NumField() != real.NumField() {
		return fmt.Errorf("%v has %d fields, %v %d", mirror, mirror.NumField(), real, real.NumField())
	}
	if !prefix && mirror.Size() != real.Size() {
		return fmt.Errorf("%v has %d bytes, %v %d", mirror, mirror.Size(), real, real.Size())
	}
	for i := range mirror.NumField() {
		m, r := mirror.Field(i), real.Field(i)
		if m.Anonymous != r.Anonymous || !m.Anonymous && m.Name != r.Name || m.Offset != r.Offset {
			return fmt.Errorf("%v field %d is %s at %d, %v's is %s at %d", mirror, i, m.Name, m.Offset, real, r.Name, r.Offset)
		}
		if m.Type == r.Type {
			continue
		}
		if m.Type.Kind() != reflect.Struct || r.Type.Kind() != reflect.Struct {
			return fmt.Errorf("%v field %s is a %v, %v's a %v", mirror, m.Name, m.Type, real, r.Type)
		}
		if err := sameLayout(m.Type, r.Type, false); err != nil {
			return err
		}
	}
	return nil
}

// Every mirror is laid out as the runtime type it stands for.
func TestMirrorsMatchRuntime(t *testing.T) {
	for _, c := range []struct {
		mirror, real any
		prefix       bool
	}{
		{baseState{}, antlr.BaseATNState{}, false},
		{decisionState{}, antlr.BaseDecisionState{}, false},
		{blockStartState{}, antlr.BaseBlockStartState{}, false},
		{blockStartState{}, antlr.BasicBlockStartState{}.BaseBlockStartState, false},
		{plusBlockStartState{}, antlr.PlusBlockStartState{}, false},
		{blockEndState{}, antlr.BlockEndState{}, false},
		{ruleStartState{}, antlr.RuleStartState{}, false},
		{starLoopEntryState{}, antlr.StarLoopEntryState{}, false},
		{loopEndState{}, antlr.LoopEndState{}, false},
		{baseTransition{}, antlr.BaseTransition{}, false},
		{epsilonTransition{}, antlr.EpsilonTransition{}, false},
		{ruleTransition{}, antlr.RuleTransition{}, false},
		{baseTransition{}, antlr.AtomTransition{}.BaseTransition, false},
		{baseTransition{}, antlr.SetTransition{}.BaseTransition, false},
		{intervalSet{}, antlr.IntervalSet{}, false},
		{atnFields{}, antlr.ATN{}, true},
	} {
		if err := sameLayout(reflect.TypeOf(c.mirror), reflect.TypeOf(c.real), c.prefix); err != nil {
			t.Error(err)
		}
	}
	// The state and transition types Load makes embed the mirrored ones
	// first, and nothing after them.
	for _, c := range []struct{ outer, inner any }{
		{antlr.BasicState{}, antlr.BaseATNState{}},
		{antlr.RuleStopState{}, antlr.BaseATNState{}},
		{antlr.StarLoopbackState{}, antlr.BaseATNState{}},
		{antlr.PlusLoopbackState{}, antlr.BaseDecisionState{}},
		{antlr.BasicBlockStartState{}, antlr.BaseBlockStartState{}},
		{antlr.StarBlockStartState{}, antlr.BaseBlockStartState{}},
		{antlr.AtomTransition{}, antlr.BaseTransition{}},
		{antlr.SetTransition{}, antlr.BaseTransition{}},
	} {
		o := reflect.TypeOf(c.outer)
		if o.NumField() != 1 || !o.Field(0).Anonymous || o.Field(0).Type != reflect.TypeOf(c.inner) {
			t.Errorf("%v is not just an embedded %v", o, reflect.TypeOf(c.inner))
		}
	}
}

// A testATN is a small parser ATN, serialized by encode: rule 0 is
// `r0: A r1 (B | {1..3})* EOF;` and rule 1 `r1: (D | {EOF, 4..5, 7..9})+;`,
// with every state and transition type Load handles.
type testATN struct {
	states [][3]int32 // type, rule, loop-back or end state (or -1)
	sets   [][]int32  // count, EOF, ranges
	edges  [][6]int32 // source, target, type, arguments
}

func newTestATN() *testATN {
	return &testATN{
		states: [][3]int32{
			{stateRuleStart, 0, -1},      // 0
			{stateRuleStop, 0, -1},       // 1
			{stateRuleStart, 1, -1},      // 2
			{stateRuleStop, 1, -1},       // 3
			{stateBasic, 0, -1},          // 4: A
			{stateBasic, 0, -1},          // 5: r1
			{stateStarLoopEntry, 0, -1},  // 6
			{stateStarBlockStart, 0, 8},  // 7
			{stateBlockEnd, 0, -1},       // 8
			{stateStarLoopBack, 0, -1},   // 9
			{stateLoopEnd, 0, 6},         // 10
			{stateBasic, 0, -1},          // 11: EOF
			{statePlusBlockStart, 1, 13}, // 12
			{stateBlockEnd, 1, -1},       // 13
			{statePlusLoopBack, 1, -1},   // 14
			{stateLoopEnd, 1, 14},        // 15
			{stateBlockStart, 1, 17},     // 16
			{stateBlockEnd, 1, -1},       // 17
			{stateBasic, 0, -1},          // 18: after EOF
			{stateBasic, 0, -1},          // 19: B
			{stateBasic, 0, -1},          // 20: {1..3}
			{stateBasic, 1, -1},          // 21: D
			{stateBasic, 1, -1},          // 22: {EOF, 4..5, 7..9}
		},
		sets: [][]int32{
			{2, 1, 4, 5, 7, 9},
			{2, 0, 1, 2, 3, 3}, // merged into 1..3
		},
		edges: [][6]int32{
			{0, 4, transEpsilon, 0, 0, 0},
			{4, 5, transAtom, 1, 0, 0},
			{5, 6, transRule, 2, 1, 0}, // to rule 1's start, returning to 6
			{6, 7, transEpsilon, 0, 0, 0},
			{6, 10, transEpsilon, 0, 0, 0},
			{7, 19, transEpsilon, 0, 0, 0},
			{7, 20, transEpsilon, 0, 0, 0},
			{19, 8, transAtom, 2, 0, 0},
			{20, 8, transSet, 1, 0, 0},
			{8, 9, transEpsilon, 0, 0, 0},
			{9, 6, transEpsilon, 0, 0, 0},
			{10, 11, transEpsilon, 0, 0, 0},
			{11, 18, transAtom, 0, 0, 1}, // EOF
			{18, 1, transEpsilon, 0, 0, 0},
			{2, 12, transEpsilon, 0, 0, 0},
			{12, 16, transEpsilon, 0, 0, 0},
			{16, 21, transEpsilon, 0, 0, 0},
			{16, 22, transEpsilon, 0, 0, 0},
			{21, 17, transAtom, 4, 0, 0},
			{22, 17, transSet, 0, 0, 0},
			{17, 13, transEpsilon, 0, 0, 0},
			{13, 14, transEpsilon, 0, 0, 0},
			{14, 12, transEpsilon, 0, 0, 0},
			{14, 15, transEpsilon, 0, 0, 0},
			{15, 3, transEpsilon, 0, 0, 0},
			{0, 18, transRule, 2, 1, 0}, // a second return from rule 1
		},
	}
}

// encode serializes a as ANTLR does.
func (a *testATN) encode() []int32 {
	d := []int32{serializedVersion, antlr.ATNTypeParser, 10, int32(len(a.states))}
	for _, s := range a.states {
		d = append(d, s[0], s[1])
		if s[2] >= 0 {
			d = append(d, s[2])
		}
	}
	d = append(d, 1, 7) // non-greedy: state 7
	d = append(d, 0)    // precedence rules
	d = append(d, 2, 0, 2)
	d = append(d, 0) // modes
	d = append(d, int32(len(a.sets)))
	for _, s := range a.sets {
		d = append(d, s...)
	}
	d = append(d, int32(len(a.edges)))
	for _, e := range a.edges {
		d = append(d, e[:]...)
	}
	return append(d, 4, 6, 7, 12, 14) // decisions
}

// Load builds what the runtime's deserializer builds, from edges in any
// order and from edges by source state, as ANTLR writes them.
func TestLoadMatchesRuntime(t *testing.T) {
	bySource := newTestATN()
	slices.SortStableFunc(bySource.edges, func(a, b [6]int32) int { return cmp.Compare(a[0], b[0]) })
	for name, a := range map[string]*testATN{"unsorted": newTestATN(), "by source": bySource} {
		data := a.encode()
		got := Load(data)
		if got == nil {
			t.Fatalf("%s: Load returned nil", name)
		}
		want := antlr.NewATNDeserializer(nil).Deserialize(data)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Load's ATN differs from the runtime's", name)
		}
	}
}

// Load leaves what it does not handle, and malformed data, to the runtime.
func TestLoadDeclines(t *testing.T) {
	for name, edit := range map[string]func(a *testATN, d []int32) []int32{
		"lexer":        func(_ *testATN, d []int32) []int32 { d[1] = antlr.ATNTypeLexer; return d },
		"version":      func(_ *testATN, d []int32) []int32 { d[0] = 3; return d },
		"truncated":    func(_ *testATN, d []int32) []int32 { return d[:len(d)-3] },
		"tokens start": func(a *testATN, _ []int32) []int32 { a.states[4][0] = antlr.ATNStateTokenStart; return a.encode() },
		"predicate": func(a *testATN, _ []int32) []int32 {
			a.edges[0][2] = antlr.TransitionPREDICATE
			return a.encode()
		},
		"block end": func(a *testATN, _ []int32) []int32 { a.states[7][2] = 4; return a.encode() },
		"shared block end": func(a *testATN, _ []int32) []int32 {
			a.states[16][2] = 13
			return a.encode()
		},
		"unordered ranges": func(a *testATN, _ []int32) []int32 {
			a.sets[0] = []int32{2, 0, 7, 9, 4, 5}
			return a.encode()
		},
	} {
		a := newTestATN()
		if Load(edit(a, a.encode())) != nil {
			t.Errorf("%s: Load returned an ATN", name)
		}
	}
}
