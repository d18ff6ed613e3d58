// Package atnload builds a parser's ATN from ANTLR's serialized form, the
// same ATN antlr.ATNDeserializer builds, in a few allocations instead of
// several per state and transition.
//
// The runtime's deserializer allocates every state, every transition, the
// label set of every atom transition and every state's transition slice on
// its own (about 4,000 objects for the HLSL grammar) and grows the slices
// by appending: 2.4 M instructions, a tenth of a cold compile of a typical
// shader. Load allocates one array per state and transition type and cuts
// the transition slices from one array; about a tenth of that.
//
// The ATN's types keep their fields unexported, so Load writes them
// through mirror types (mirror.go) of the same layout: the runtime's
// version is pinned by go.mod, the compiler checks the mirrors' sizes, a
// test their fields' names, types and offsets, and another that Load's
// ATN is deeply equal to the runtime's. Load handles what a grammar
// without predicates, actions, left recursion or lexer modes serializes
// (the HLSL grammar has none) and returns nil for anything else, for the
// caller to use the runtime's deserializer.
//
// atnload.go holds Load, which reads the states, rules, sets, transitions
// and decisions in the serialized order; mirror.go the mirror types.
package atnload

import (
	"unsafe"

	"github.com/antlr4-go/antlr/v4"
)

// The serialized ATN's version, grammar type and the codes of its state
// and transition types, as the ANTLR runtime defines them.
const (
	serializedVersion = 4

	stateBasic          = antlr.ATNStateBasic
	stateRuleStart      = antlr.ATNStateRuleStart
	stateBlockStart     = antlr.ATNStateBlockStart
	statePlusBlockStart = antlr.ATNStatePlusBlockStart
	stateStarBlockStart = antlr.ATNStateStarBlockStart
	stateRuleStop       = antlr.ATNStateRuleStop
	stateBlockEnd       = antlr.ATNStateBlockEnd
	stateStarLoopBack   = antlr.ATNStateStarLoopBack
	stateStarLoopEntry  = antlr.ATNStateStarLoopEntry
	statePlusLoopBack   = antlr.ATNStatePlusLoopBack
	stateLoopEnd        = antlr.ATNStateLoopEnd
	stateTypes          = stateLoopEnd + 1

	transEpsilon = antlr.TransitionEPSILON
	transRule    = antlr.TransitionRULE
	transAtom    = antlr.TransitionATOM
	transSet     = antlr.TransitionSET
)

// reader reads the serialized ATN's numbers in order.
type reader struct {
	data []int32
	pos  int
}

func (r *reader) int() int {
	v := r.data[r.pos]
	r.pos++
	return int(v)
}

// states is what Load knows of the states it made: the array of each
// type, and each state's type and index in its array.
type states struct {
	basic          []antlr.BasicState
	ruleStart      []antlr.RuleStartState
	blockStart     []antlr.BasicBlockStartState
	plusBlockStart []antlr.PlusBlockStartState
	starBlockStart []antlr.StarBlockStartState
	ruleStop       []antlr.RuleStopState
	blockEnd       []antlr.BlockEndState
	starLoopBack   []antlr.StarLoopbackState
	starLoopEntry  []antlr.StarLoopEntryState
	plusLoopBack   []antlr.PlusLoopbackState
	loopEnd        []antlr.LoopEndState

	kind  []int8           // by state number
	index []int32          // by state number, in the array of its kind
	ptr   []unsafe.Pointer // by state number, the state
	all   []antlr.ATNState
}

// make allocates the arrays for count[kind] states of each kind.
func (s *states) make(count *[stateTypes]int) {
	s.basic = make([]antlr.BasicState, count[stateBasic])
	s.ruleStart = make([]antlr.RuleStartState, count[stateRuleStart])
	s.blockStart = make([]antlr.BasicBlockStartState, count[stateBlockStart])
	s.plusBlockStart = make([]antlr.PlusBlockStartState, count[statePlusBlockStart])
	s.starBlockStart = make([]antlr.StarBlockStartState, count[stateStarBlockStart])
	s.ruleStop = make([]antlr.RuleStopState, count[stateRuleStop])
	s.blockEnd = make([]antlr.BlockEndState, count[stateBlockEnd])
	s.starLoopBack = make([]antlr.StarLoopbackState, count[stateStarLoopBack])
	s.starLoopEntry = make([]antlr.StarLoopEntryState, count[stateStarLoopEntry])
	s.plusLoopBack = make([]antlr.PlusLoopbackState, count[statePlusLoopBack])
	s.loopEnd = make([]antlr.LoopEndState, count[stateLoopEnd])
}

// add makes state number n (of type kind, the i-th of its kind) and
// returns its base.
func (s *states) add(n, kind, i int) *baseState {
	var st antlr.ATNState
	var p unsafe.Pointer
	switch kind {
	case stateBasic:
		st, p = &s.basic[i], unsafe.Pointer(&s.basic[i])
	case stateRuleStart:
		st, p = &s.ruleStart[i], unsafe.Pointer(&s.ruleStart[i])
	case stateBlockStart:
		st, p = &s.blockStart[i], unsafe.Pointer(&s.blockStart[i])
	case statePlusBlockStart:
		st, p = &s.plusBlockStart[i], unsafe.Pointer(&s.plusBlockStart[i])
	case stateStarBlockStart:
		st, p = &s.starBlockStart[i], unsafe.Pointer(&s.starBlockStart[i])
	case stateRuleStop:
		st, p = &s.ruleStop[i], unsafe.Pointer(&s.ruleStop[i])
	case stateBlockEnd:
		st, p = &s.blockEnd[i], unsafe.Pointer(&s.blockEnd[i])
	case stateStarLoopBack:
		st, p = &s.starLoopBack[i], unsafe.Pointer(&s.starLoopBack[i])
	case stateStarLoopEntry:
		st, p = &s.starLoopEntry[i], unsafe.Pointer(&s.starLoopEntry[i])
	case statePlusLoopBack:
		st, p = &s.plusLoopBack[i], unsafe.Pointer(&s.plusLoopBack[i])
	case stateLoopEnd:
		st, p = &s.loopEnd[i], unsafe.Pointer(&s.loopEnd[i])
	}
	s.all[n] = st
	s.kind[n] = int8(kind)
	s.index[n] = int32(i)
	s.ptr[n] = p
	// Every state type embeds antlr.BaseATNState first.
	return (*baseState)(p)
}

// base returns state n's antlr.BaseATNState.
func (s *states) base(n int) *baseState {
	return (*baseState)(s.pointer(n))
}

// pointer returns state n as a pointer to its type.
func (s *states) pointer(n int) unsafe.Pointer { return s.ptr[n] }

// decision returns state n as an antlr.DecisionState and its
// antlr.BaseDecisionState, or nil when it is no decision state.
func (s *states) decision(n int) (antlr.DecisionState, *decisionState) {
	i := s.index[n]
	var d antlr.DecisionState
	switch s.kind[n] {
	case stateBlockStart:
		d = &s.blockStart[i]
	case statePlusBlockStart:
		d = &s.plusBlockStart[i]
	case stateStarBlockStart:
		d = &s.starBlockStart[i]
	case stateStarLoopEntry:
		d = &s.starLoopEntry[i]
	case statePlusLoopBack:
		d = &s.plusLoopBack[i]
	default:
		return nil, nil
	}
	// Every decision state type embeds antlr.BaseDecisionState first.
	return d, (*decisionState)(s.pointer(n))
}

// blockStart returns state n's antlr.BaseBlockStartState, or nil when it
// starts no block.
func (s *states) blockStartOf(n int) *blockStartState {
	switch s.kind[n] {
	case stateBlockStart, statePlusBlockStart, stateStarBlockStart:
		// Each embeds antlr.BaseBlockStartState first.
		return (*blockStartState)(s.pointer(n))
	}
	return nil
}

// Load returns the ATN that data serializes, or nil when data holds what
// Load does not handle (see the package documentation) or is malformed.
func Load(data []int32) (atn *antlr.ATN) {
	defer func() {
		// Malformed data (an index out of range) is the runtime
		// deserializer's to report.
		if recover() != nil {
			atn = nil
		}
	}()
	r := &reader{data: data}
	if r.int() != serializedVersion || r.int() != antlr.ATNTypeParser {
		return nil
	}
	atn = antlr.NewATN(antlr.ATNTypeParser, r.int())
	am := (*atnFields)(unsafe.Pointer(atn))

	// States: counted first, to allocate each type's array at once.
	nstates := r.int()
	var count [stateTypes]int
	start := r.pos
	for range nstates {
		kind := r.int()
		if kind <= 0 || kind >= stateTypes || kind == antlr.ATNStateTokenStart {
			return nil
		}
		r.int() // rule index
		switch kind {
		case stateLoopEnd, stateBlockStart, statePlusBlockStart, stateStarBlockStart:
			r.int() // loop-back or end state
		}
		count[kind]++
	}
	var s states
	s.make(&count)
	s.all = make([]antlr.ATNState, nstates)
	s.kind = make([]int8, nstates)
	s.index = make([]int32, nstates)
	s.ptr = make([]unsafe.Pointer, nstates)
	var next [stateTypes]int
	// A loop end's loop-back state and a block start's end state, linked
	// once every state exists: {state, the state it links to}.
	links := make([][2]int32, 0, count[stateLoopEnd]+count[stateBlockStart]+count[statePlusBlockStart]+count[stateStarBlockStart])
	r.pos = start
	for n := range nstates {
		kind := r.int()
		b := s.add(n, kind, next[kind])
		next[kind]++
		b.atn = atn
		b.ruleIndex = r.int()
		b.stateNumber = n
		b.stateType = kind
		switch kind {
		case stateLoopEnd, stateBlockStart, statePlusBlockStart, stateStarBlockStart:
			links = append(links, [2]int32{int32(n), int32(r.int())})
		}
	}
	for _, l := range links {
		n, to := int(l[0]), int(l[1])
		if s.kind[n] == stateLoopEnd {
			(*loopEndState)(s.pointer(n)).loopBackState = s.all[to]
			continue
		}
		if s.kind[to] != stateBlockEnd {
			return nil
		}
		s.blockStartOf(n).endState = &s.blockEnd[s.index[to]]
	}
	for range r.int() { // non-greedy decisions
		_, d := s.decision(r.int())
		if d == nil {
			return nil
		}
		d.nonGreedy = true
	}
	if r.int() != 0 { // precedence rules (left recursion)
		return nil
	}
	am.states = s.all

	// Rules.
	nrules := r.int()
	am.ruleToStartState = make([]*antlr.RuleStartState, nrules)
	am.ruleToStopState = make([]*antlr.RuleStopState, nrules)
	for i := range nrules {
		n := r.int()
		if s.kind[n] != stateRuleStart {
			return nil
		}
		am.ruleToStartState[i] = &s.ruleStart[s.index[n]]
	}
	for i := range s.ruleStop {
		stop := &s.ruleStop[i]
		rule := stop.GetRuleIndex()
		am.ruleToStopState[rule] = stop
		(*ruleStartState)(unsafe.Pointer(am.ruleToStartState[rule])).stopState = stop
	}

	// Modes: a parser has none.
	if r.int() != 0 {
		return nil
	}
	am.modeToStartState = make([]*antlr.TokensStartState, 0)

	sets := readSets(r)
	if sets == nil {
		return nil
	}
	if !readEdges(r, &s, am, sets) {
		return nil
	}

	// Decisions.
	am.DecisionToState = make([]antlr.DecisionState, r.int())
	for i := range am.DecisionToState {
		d, m := s.decision(r.int())
		if d == nil {
			return nil
		}
		am.DecisionToState[i] = d
		m.decision = i
	}
	return atn
}

// readSets reads the interval sets the set transitions match, as
// antlr.IntervalSet's addOne and addRange make them (the serialized
// ranges come in order). It returns nil when the ranges are out of order.
func readSets(r *reader) []*antlr.IntervalSet {
	nsets := r.int()
	// Counted first, to allocate the intervals at once.
	start, total := r.pos, 0
	for range nsets {
		n := r.int()
		if r.int() != 0 {
			total++
		}
		total += n
		r.pos += 2 * n
	}
	sets := make([]antlr.IntervalSet, nsets)
	ptrs := make([]*antlr.IntervalSet, nsets)
	intervals := make([]antlr.Interval, 0, total)
	r.pos = start
	for i := range sets {
		n := r.int()
		first := len(intervals)
		if r.int() != 0 {
			intervals = append(intervals, antlr.Interval{Start: antlr.TokenEOF, Stop: antlr.TokenEOF + 1})
		}
		for range n {
			v := antlr.Interval{Start: r.int()}
			v.Stop = r.int() + 1
			// addInterval merges an interval that overlaps or touches the
			// last one.
			if k := len(intervals); k > first && v.Start <= intervals[k-1].Stop {
				last := &intervals[k-1]
				if v.Start < last.Start {
					return nil
				}
				last.Stop = max(last.Stop, v.Stop)
				continue
			}
			intervals = append(intervals, v)
		}
		if len(intervals) > first {
			(*intervalSet)(unsafe.Pointer(&sets[i])).intervals = intervals[first:len(intervals):len(intervals)]
		}
		ptrs[i] = &sets[i]
	}
	return ptrs
}

// readEdges reads the transitions and adds those the runtime derives: from
// each rule's stop state back to where each of its invocations returns.
// It returns false for a transition type it does not handle.
func readEdges(r *reader, s *states, am *atnFields, sets []*antlr.IntervalSet) bool {
	nedges := r.int()
	// Each edge is six numbers: source, target, type and three arguments.
	edges := r.data[r.pos : r.pos+6*nedges]
	r.pos += 6 * nedges
	nstates := len(s.all)
	// Counted first: each state's transitions, and of each type.
	out := make([]int32, nstates+1)
	var nEps, nRule, nAtom, nSet int
	// sorted: the edges come by source state (ANTLR writes them so).
	sorted, last := true, int32(0)
	for i := 0; i+6 <= len(edges); i += 6 {
		e := edges[i : i+6 : i+6]
		out[e[0]]++
		sorted = sorted && e[0] >= last
		last = e[0]
		switch e[2] {
		case transEpsilon:
			nEps++
		case transRule:
			nRule++
			// The return from the rule invoked.
			out[am.ruleToStopState[s.all[e[3]].GetRuleIndex()].GetStateNumber()]++
		case transAtom:
			nAtom++
		case transSet:
			if int(e[3]) >= len(sets) {
				return false
			}
			nSet++
		default:
			return false
		}
	}
	// Each state's transitions are all[first[n]:first[n+1]], filled from
	// first[n] up (fill[n] is where the next one goes).
	first := out
	total := int32(0)
	for n := range nstates {
		c := first[n]
		first[n] = total
		total += c
	}
	first[nstates] = total
	fill := make([]int32, nstates)
	copy(fill, first[:nstates])
	all := make([]antlr.Transition, total)
	eps := make([]antlr.EpsilonTransition, nEps+nRule)
	rules := make([]antlr.RuleTransition, nRule)
	atoms := make([]antlr.AtomTransition, nAtom)
	atomSets := make([]antlr.IntervalSet, nAtom)
	atomIntervals := make([]antlr.Interval, nAtom)
	setTrans := make([]antlr.SetTransition, nSet)
	nEps, nRule, nAtom, nSet = 0, 0, 0, 0
	// consumes[n]: state n has a transition that matches a token (an atom
	// or a set), so it is not epsilon-only.
	consumes := make([]bool, nstates)

	for i := 0; i+6 <= len(edges); i += 6 {
		e := edges[i : i+6 : i+6]
		src, kind := e[0], e[2]
		arg1, arg2, arg3 := int(e[3]), int(e[4]), int(e[5])
		target := s.all[e[1]]
		var t antlr.Transition
		switch kind {
		case transEpsilon:
			e := &eps[nEps]
			nEps++
			m := (*epsilonTransition)(unsafe.Pointer(e))
			m.target, m.isEpsilon, m.serializationType = target, true, transEpsilon
			m.outermostPrecedenceReturn = -1
			t = e
		case transRule:
			rt := &rules[nRule]
			nRule++
			m := (*ruleTransition)(unsafe.Pointer(rt))
			m.target, m.isEpsilon, m.serializationType = s.all[arg1], true, transRule
			m.ruleIndex, m.precedence, m.followState = arg2, arg3, target
			t = rt
		case transAtom:
			a := &atoms[nAtom]
			label := arg1
			if arg3 != 0 {
				label = antlr.TokenEOF
			}
			atomIntervals[nAtom] = antlr.Interval{Start: label, Stop: label + 1}
			set := &atomSets[nAtom]
			(*intervalSet)(unsafe.Pointer(set)).intervals = atomIntervals[nAtom : nAtom+1 : nAtom+1]
			nAtom++
			m := (*baseTransition)(unsafe.Pointer(a))
			m.target, m.serializationType, m.label, m.intervalSet = target, transAtom, label, set
			t = a
			consumes[src] = true
		case transSet:
			st := &setTrans[nSet]
			nSet++
			m := (*baseTransition)(unsafe.Pointer(st))
			m.target, m.serializationType, m.intervalSet = target, transSet, sets[arg1]
			t = st
			consumes[src] = true
		}
		all[fill[src]] = t
		fill[src]++
	}

	// The returns, in the runtime's order: by invoking state, then by
	// transition. When the edges came by source state, that is the order
	// the rule transitions were made in.
	addReturn := func(rt *antlr.RuleTransition) {
		m := (*ruleTransition)(unsafe.Pointer(rt))
		stop := am.ruleToStopState[m.target.GetRuleIndex()].GetStateNumber()
		e := &eps[nEps]
		nEps++
		em := (*epsilonTransition)(unsafe.Pointer(e))
		em.target, em.isEpsilon, em.serializationType = m.followState, true, transEpsilon
		em.outermostPrecedenceReturn = -1
		all[fill[stop]] = e
		fill[stop]++
	}
	if sorted {
		for i := range rules {
			addReturn(&rules[i])
		}
	} else {
		for n := range nstates {
			for _, t := range all[first[n]:fill[n]] {
				if rt, ok := t.(*antlr.RuleTransition); ok {
					addReturn(rt)
				}
			}
		}
	}

	for n := range nstates {
		lo, hi := first[n], first[n+1]
		if lo == hi {
			continue
		}
		b := s.base(n)
		b.transitions = all[lo:hi:hi]
		// AddTransition's rule: epsilon-only when every transition is (a
		// rule transition and a return are).
		b.epsilonOnlyTransitions = !consumes[n]
	}

	// A block's end knows its start; a loop's entry knows its loop-back.
	for n := range nstates {
		if bs := s.blockStartOf(n); bs != nil {
			end := (*blockEndState)(unsafe.Pointer(bs.endState))
			if end == nil || end.startState != nil {
				return false
			}
			end.startState = s.all[n]
		}
		switch s.kind[n] {
		case statePlusLoopBack:
			for _, t := range s.all[n].GetTransitions() {
				if pb, ok := baseOf(t).target.(*antlr.PlusBlockStartState); ok {
					(*plusBlockStartState)(unsafe.Pointer(pb)).loopBackState = s.all[n]
				}
			}
		case stateStarLoopBack:
			for _, t := range s.all[n].GetTransitions() {
				if le, ok := baseOf(t).target.(*antlr.StarLoopEntryState); ok {
					(*starLoopEntryState)(unsafe.Pointer(le)).loopBackState = s.all[n]
				}
			}
		}
	}
	return true
}

// baseOf returns a transition Load made as its antlr.BaseTransition.
func baseOf(t antlr.Transition) *baseTransition {
	switch t := t.(type) {
	case *antlr.EpsilonTransition:
		return (*baseTransition)(unsafe.Pointer(t))
	case *antlr.RuleTransition:
		return (*baseTransition)(unsafe.Pointer(t))
	case *antlr.AtomTransition:
		return (*baseTransition)(unsafe.Pointer(t))
	case *antlr.SetTransition:
		return (*baseTransition)(unsafe.Pointer(t))
	}
	panic("atnload: a transition of a type Load does not make")
}
