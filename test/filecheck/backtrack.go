package filecheck

import (
	"errors"
	"regexp"
	"unicode/utf8"
)

// subject is an input as the regex engines see it: the bytes, for the
// backtracker, and for package regexp their Latin-1 view, where each byte
// b >= 0x80 is the rune U+00b — so that one rune is one byte, as in LLVM's
// byte-level engine (goSyntax renders patterns for this view). For ASCII
// text the view is the text itself.
type subject struct {
	text    []byte
	latin   []byte  // nil when text is ASCII
	toText  []int32 // offset in latin -> offset in text
	toLatin []int32 // offset in text -> offset in latin
}

func newSubject(text []byte) *subject {
	s := &subject{text: text}
	high := 0
	for _, c := range text {
		if c >= 0x80 {
			high++
		}
	}
	if high == 0 {
		return s
	}
	s.latin = make([]byte, 0, len(text)+high)
	s.toLatin = make([]int32, len(text)+1)
	s.toText = make([]int32, len(text)+high+1)
	for i, c := range text {
		s.toLatin[i] = int32(len(s.latin))
		s.toText[len(s.latin)] = int32(i)
		if c < 0x80 {
			s.latin = append(s.latin, c)
			continue
		}
		s.toText[len(s.latin)+1] = int32(i) // inside the rune: never a match boundary
		s.latin = utf8.AppendRune(s.latin, rune(c))
	}
	s.toLatin[len(text)] = int32(len(s.latin))
	s.toText[len(s.latin)] = int32(len(text))
	return s
}

// goFind runs re over text[lo:hi] (through the Latin-1 view) and returns
// the match offsets relative to lo, or nil.
func (s *subject) goFind(re *regexp.Regexp, lo, hi int, submatches bool) []int {
	if s.latin == nil {
		if submatches {
			return re.FindSubmatchIndex(s.text[lo:hi])
		}
		return re.FindIndex(s.text[lo:hi])
	}
	tl, th := int(s.toLatin[lo]), int(s.toLatin[hi])
	var m []int
	if submatches {
		m = re.FindSubmatchIndex(s.latin[tl:th])
	} else {
		m = re.FindIndex(s.latin[tl:th])
	}
	for i, v := range m {
		if v >= 0 {
			m[i] = int(s.toText[tl+v]) - lo
		}
	}
	return m
}

// compiledRE is a parsed LLVM regular expression ready to match.
type compiledRE struct {
	ncap      int
	goRE      *regexp.Regexp // set when RE2 can run the expression
	tree      *reNode        // for the backtracker otherwise
	prefilter *regexp.Regexp // superset pattern locating candidate starts; may be nil
}

// errTooComplex stops a back-reference match that would take too long.
var errTooComplex = errors.New("regular expression too complex to match (back-reference search limit reached)")

// btStepLimit bounds the backtracker's work for one search.
const btStepLimit = 1 << 22

func compileERE(s string, icase bool) (*compiledRE, error) {
	p := &ereParser{s: s, icase: icase, closed: []bool{true}}
	tree, err := p.ere(-1)
	if err != nil {
		return nil, err
	}
	if p.i < len(p.s) {
		return nil, errParen
	}
	c := &compiledRE{ncap: p.ncap, tree: tree}
	if !p.needBT {
		if src, ok := goSyntax(tree); ok {
			if re, err := regexp.Compile(src); err == nil {
				re.Longest()
				c.goRE = re
				return c, nil
			}
			// RE2 refuses some valid POSIX expressions (nested
			// bounds beyond its repeat limit); the backtracker runs them.
		}
	}
	groups := map[int]*reNode{}
	collectGroups(tree, groups)
	if src, ok := supersetGo(tree, groups); ok {
		if re, err := regexp.Compile(src); err == nil {
			c.prefilter = re
		}
	}
	return c, nil
}

// find returns the leftmost-longest match in the subject's text[lo:hi] as
// submatch offsets relative to lo (2*(ncap+1) ints, -1 for groups that did
// not take part), or nil.
func (c *compiledRE) find(s *subject, lo, hi int) ([]int, error) {
	if c.goRE != nil {
		return s.goFind(c.goRE, lo, hi, true), nil
	}
	text := s.text[lo:hi]
	m := &backtracker{text: text, caps: make([]int, 2*(c.ncap+1))} // steps count across starts
	for start := 0; start <= len(text); start++ {
		if c.prefilter != nil {
			loc := s.goFind(c.prefilter, lo+start, hi, false)
			if loc == nil {
				return nil, nil
			}
			start += loc[0]
		}
		res, err := m.longestAt(c.tree, start)
		if err != nil || res != nil {
			return res, err
		}
	}
	return nil, nil
}

// backtracker runs a tree over bytes, exploring every path to find the
// longest match at a start; among equally long matches it keeps the first in
// greedy order, which decides what the groups hold.
type backtracker struct {
	text     []byte
	caps     []int
	steps    int
	best     int
	bestCaps []int
}

func (m *backtracker) longestAt(root *reNode, start int) ([]int, error) {
	for i := range m.caps {
		m.caps[i] = -1
	}
	m.best, m.bestCaps = -1, nil
	m.match(root, start, func(end int) bool {
		if end > m.best {
			m.best = end
			m.bestCaps = append(m.bestCaps[:0], m.caps...)
			m.bestCaps[0], m.bestCaps[1] = start, end
		}
		return end == len(m.text) // nothing longer is possible
	})
	if m.steps > btStepLimit {
		return nil, errTooComplex
	}
	if m.best < 0 {
		return nil, nil
	}
	return m.bestCaps, nil
}

func isWordByte(c byte) bool { return isAlpha(c) || isDigit(c) || c == '_' }

// match matches n at i and calls k with each end position; it returns true
// to stop the whole search.
func (m *backtracker) match(n *reNode, i int, k func(int) bool) bool {
	m.steps++
	if m.steps > btStepLimit {
		return true
	}
	t := m.text
	switch n.op {
	case reLit:
		if i < len(t) && t[i] == n.lit {
			return k(i + 1)
		}
	case reSet:
		if i < len(t) && n.set.has(t[i]) {
			return k(i + 1)
		}
	case reBOL:
		if i == 0 || t[i-1] == '\n' {
			return k(i)
		}
	case reEOL:
		if i == len(t) || t[i] == '\n' {
			return k(i)
		}
	case reBOW:
		if i < len(t) && isWordByte(t[i]) && (i == 0 || !isWordByte(t[i-1])) {
			return k(i)
		}
	case reEOW:
		if i > 0 && isWordByte(t[i-1]) && (i == len(t) || !isWordByte(t[i])) {
			return k(i)
		}
	case reEmpty:
		return k(i)
	case reConcat:
		return m.seq(n.subs, i, k)
	case reAlt:
		for _, s := range n.subs {
			if m.match(s, i, k) {
				return true
			}
		}
	case reGroup:
		c := 2 * n.cap
		return m.match(n.subs[0], i, func(j int) bool {
			s, e := m.caps[c], m.caps[c+1]
			m.caps[c], m.caps[c+1] = i, j
			if k(j) {
				return true
			}
			m.caps[c], m.caps[c+1] = s, e
			return false
		})
	case reRepeat:
		return m.repeat(n, 0, i, k)
	case reBackref:
		s, e := m.caps[2*n.cap], m.caps[2*n.cap+1]
		if s < 0 {
			return false
		}
		l := e - s
		if i+l <= len(t) && string(t[i:i+l]) == string(t[s:e]) {
			return k(i + l)
		}
	}
	return false
}

func (m *backtracker) seq(subs []*reNode, i int, k func(int) bool) bool {
	if len(subs) == 0 {
		return k(i)
	}
	return m.match(subs[0], i, func(j int) bool { return m.seq(subs[1:], j, k) })
}

// repeat is greedy: one more iteration first, then stopping. An iteration
// that matched nothing ends the loop once the minimum is met.
func (m *backtracker) repeat(n *reNode, count, i int, k func(int) bool) bool {
	if n.max < 0 || count < n.max {
		if m.match(n.subs[0], i, func(j int) bool {
			if j == i && count >= n.min {
				return false
			}
			return m.repeat(n, count+1, j, k)
		}) {
			return true
		}
	}
	if count >= n.min {
		return k(i)
	}
	return false
}
