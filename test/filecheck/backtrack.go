package filecheck

import (
	"errors"
	"regexp"
)

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

// find returns the leftmost-longest match in text as submatch offsets
// (2*(ncap+1) ints, -1 for groups that did not take part), or nil.
func (c *compiledRE) find(text []byte) ([]int, error) {
	if c.goRE != nil {
		return c.goRE.FindSubmatchIndex(text), nil
	}
	m := &backtracker{text: text, caps: make([]int, 2*(c.ncap+1))} // steps count across starts
	for start := 0; start <= len(text); start++ {
		if c.prefilter != nil {
			loc := c.prefilter.FindIndex(text[start:])
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
