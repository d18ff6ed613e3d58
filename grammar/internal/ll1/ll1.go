// Package ll1 finds, for a decision of a parser's ATN, which tokens decide
// it alone: the token types that start exactly one alternative, whose
// adaptive prediction can only choose that alternative. grammar/parser
// reads them from tables generate.sh writes with it (ll1.go), so that a
// decision ANTLR leaves to adaptive prediction because some tokens start
// more than one alternative (a statement starting with a type name may
// be a declaration or an expression) costs no prediction for the others:
// a fresh process builds a DFA state for each new token a decision meets.
package ll1

import (
	"github.com/antlr4-go/antlr/v4"

	"github.com/hlsl2spirv/hlsl2spirv/grammar/atnload"
)

// Alts returns, for decision, the alternative (from 1) of each token type
// t in 1..maxToken at alts[t], and of EOF at alts[0], when t is in the
// lookahead set of that alternative only; 0 where it is in several or
// none. atn must be atnload's. It returns nil when an alternative may leave the decision's rule
// without matching a token: its lookahead then depends on the caller,
// and only prediction can tell.
func Alts(atn *antlr.ATN, decision, maxToken int) []uint8 {
	s := atn.DecisionToState[decision]
	an := antlr.NewLL1Analyzer(atn)
	count := make([]int, maxToken+1)
	alts := make([]uint8, maxToken+1)
	for i, tr := range s.GetTransitions() {
		// Look with no context adds EPSILON when the rule's end is
		// reached.
		for _, v := range an.Look(atnload.Target(tr), nil, nil).GetIntervals() {
			for t := v.Start; t < v.Stop; t++ {
				switch {
				case t == antlr.TokenEpsilon:
					return nil
				case t == antlr.TokenEOF:
					count[0]++
					alts[0] = uint8(i + 1)
				case t > 0 && t <= maxToken:
					count[t]++
					alts[t] = uint8(i + 1)
				default:
					return nil
				}
			}
		}
	}
	for t, n := range count {
		if n != 1 {
			alts[t] = 0
		}
	}
	return alts
}
