package atnload

import (
	"unsafe"

	"github.com/antlr4-go/antlr/v4"
)

// The mirrors: types laid out as the ANTLR runtime's (v4.13.1) ATN types,
// whose unexported fields Load writes through them. Their fields carry the
// runtime's names; TestMirrorsMatchRuntime compares every field's name,
// type and offset with the runtime's, and the constants below make a
// mirror of the wrong size a compile error.

type baseState struct { // antlr.BaseATNState
	NextTokenWithinRule    *antlr.IntervalSet
	atn                    *antlr.ATN
	epsilonOnlyTransitions bool
	ruleIndex              int
	stateNumber            int
	stateType              int
	transitions            []antlr.Transition
}

type decisionState struct { // antlr.BaseDecisionState
	baseState
	decision  int
	nonGreedy bool
}

type blockStartState struct { // antlr.BaseBlockStartState
	decisionState
	endState *antlr.BlockEndState
}

type plusBlockStartState struct { // antlr.PlusBlockStartState
	blockStartState
	loopBackState antlr.ATNState
}

type blockEndState struct { // antlr.BlockEndState
	baseState
	startState antlr.ATNState
}

type ruleStartState struct { // antlr.RuleStartState
	baseState
	stopState        antlr.ATNState
	isPrecedenceRule bool
}

type starLoopEntryState struct { // antlr.StarLoopEntryState
	decisionState
	loopBackState          antlr.ATNState
	precedenceRuleDecision bool
}

type loopEndState struct { // antlr.LoopEndState
	baseState
	loopBackState antlr.ATNState
}

type baseTransition struct { // antlr.BaseTransition
	target            antlr.ATNState
	isEpsilon         bool
	label             int
	intervalSet       *antlr.IntervalSet
	serializationType int
}

type epsilonTransition struct { // antlr.EpsilonTransition
	baseTransition
	outermostPrecedenceReturn int
}

type ruleTransition struct { // antlr.RuleTransition
	baseTransition
	followState           antlr.ATNState
	ruleIndex, precedence int
}

type intervalSet struct { // antlr.IntervalSet
	intervals []antlr.Interval
	readOnly  bool
}

// atnFields mirrors antlr.ATN up to the fields Load writes (its locks
// follow).
type atnFields struct {
	DecisionToState      []antlr.DecisionState
	grammarType          int
	lexerActions         []antlr.LexerAction
	maxTokenType         int
	modeNameToStartState map[string]*antlr.TokensStartState
	modeToStartState     []*antlr.TokensStartState
	ruleToStartState     []*antlr.RuleStartState
	ruleToStopState      []*antlr.RuleStopState
	ruleToTokenType      []int
	states               []antlr.ATNState
}

// Each array has a length only when the mirror and the runtime's type are
// of the same size: a negative constant length does not compile.
var (
	_ [unsafe.Sizeof(antlr.BaseATNState{}) - unsafe.Sizeof(baseState{})]byte
	_ [unsafe.Sizeof(baseState{}) - unsafe.Sizeof(antlr.BaseATNState{})]byte
	_ [unsafe.Sizeof(antlr.BaseDecisionState{}) - unsafe.Sizeof(decisionState{})]byte
	_ [unsafe.Sizeof(decisionState{}) - unsafe.Sizeof(antlr.BaseDecisionState{})]byte
	_ [unsafe.Sizeof(antlr.BaseBlockStartState{}) - unsafe.Sizeof(blockStartState{})]byte
	_ [unsafe.Sizeof(blockStartState{}) - unsafe.Sizeof(antlr.BaseBlockStartState{})]byte
	_ [unsafe.Sizeof(antlr.PlusBlockStartState{}) - unsafe.Sizeof(plusBlockStartState{})]byte
	_ [unsafe.Sizeof(plusBlockStartState{}) - unsafe.Sizeof(antlr.PlusBlockStartState{})]byte
	_ [unsafe.Sizeof(antlr.BlockEndState{}) - unsafe.Sizeof(blockEndState{})]byte
	_ [unsafe.Sizeof(blockEndState{}) - unsafe.Sizeof(antlr.BlockEndState{})]byte
	_ [unsafe.Sizeof(antlr.RuleStartState{}) - unsafe.Sizeof(ruleStartState{})]byte
	_ [unsafe.Sizeof(ruleStartState{}) - unsafe.Sizeof(antlr.RuleStartState{})]byte
	_ [unsafe.Sizeof(antlr.StarLoopEntryState{}) - unsafe.Sizeof(starLoopEntryState{})]byte
	_ [unsafe.Sizeof(starLoopEntryState{}) - unsafe.Sizeof(antlr.StarLoopEntryState{})]byte
	_ [unsafe.Sizeof(antlr.LoopEndState{}) - unsafe.Sizeof(loopEndState{})]byte
	_ [unsafe.Sizeof(loopEndState{}) - unsafe.Sizeof(antlr.LoopEndState{})]byte
	_ [unsafe.Sizeof(antlr.BaseTransition{}) - unsafe.Sizeof(baseTransition{})]byte
	_ [unsafe.Sizeof(baseTransition{}) - unsafe.Sizeof(antlr.BaseTransition{})]byte
	_ [unsafe.Sizeof(antlr.EpsilonTransition{}) - unsafe.Sizeof(epsilonTransition{})]byte
	_ [unsafe.Sizeof(epsilonTransition{}) - unsafe.Sizeof(antlr.EpsilonTransition{})]byte
	_ [unsafe.Sizeof(antlr.RuleTransition{}) - unsafe.Sizeof(ruleTransition{})]byte
	_ [unsafe.Sizeof(ruleTransition{}) - unsafe.Sizeof(antlr.RuleTransition{})]byte
	_ [unsafe.Sizeof(antlr.IntervalSet{}) - unsafe.Sizeof(intervalSet{})]byte
	_ [unsafe.Sizeof(intervalSet{}) - unsafe.Sizeof(antlr.IntervalSet{})]byte
)

// IsPrecedenceDecision reports whether d is the loop entry of a precedence
// rule (left recursion), whose DFA antlr.NewDFA starts with a state of
// its own.
func IsPrecedenceDecision(d antlr.DecisionState) bool {
	s, ok := d.(*antlr.StarLoopEntryState)
	return ok && (*starLoopEntryState)(unsafe.Pointer(s)).precedenceRuleDecision
}

// Target returns the state a transition Load made leads to (the runtime
// keeps its getter unexported).
func Target(t antlr.Transition) antlr.ATNState { return baseOf(t).target }
