package grammar

import (
	"reflect"
	"testing"

	"github.com/antlr4-go/antlr/v4"

	"github.com/hlsl2spirv/hlsl2spirv/grammar/parser"
)

// grammar/parser's initContext (base.go) writes a new rule context's
// parent and invoking state through contextHead, a mirror of how
// antlr.BaseParserRuleContext begins: the runtime's fields must be those,
// at those offsets.
func TestContextHeadMatchesRuntime(t *testing.T) {
	rt := reflect.TypeFor[antlr.BaseParserRuleContext]()
	want := []struct {
		name string
		typ  reflect.Type
	}{
		{"parentCtx", reflect.TypeFor[antlr.RuleContext]()},
		{"invokingState", reflect.TypeFor[int]()},
	}
	var off uintptr
	for i, w := range want {
		f := rt.Field(i)
		if f.Name != w.name || f.Type != w.typ || f.Offset != off {
			t.Errorf("antlr.BaseParserRuleContext field %d is %s %v at %d, want %s %v at %d", i, f.Name, f.Type, f.Offset, w.name, w.typ, off)
		}
		off += w.typ.Size()
	}
}

// grammar/parser's NewDFAs makes the DFAs antlr.NewDFA makes, writing
// the fields of those it makes itself through a mirror of antlr.DFA's.
func TestNewDFAsAsRuntimes(t *testing.T) {
	decisions := parser.NewATN().DecisionToState
	dfas := make([]*antlr.DFA, len(decisions))
	parser.NewDFAs(dfas, decisions)
	for i, d := range decisions {
		if want := antlr.NewDFA(d, i); !reflect.DeepEqual(dfas[i], want) {
			t.Errorf("decision %d: NewDFAs's DFA differs from NewDFA's", i)
		}
	}
}
