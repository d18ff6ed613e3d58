package filecheck

// Matching the directives against the input: FileCheck::checkInput and
// FileCheckString::Check with its CHECK-DAG, CHECK-NOT, CHECK-NEXT/SAME/EMPTY
// rules, and the notes LLVM prints on failure.

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// run matches the input, as FileCheck::checkInput does.
func (c *checker) run(rawInput []byte) *Failure {
	name := c.opts.InputFileName
	if name == "" {
		name = "<stdin>"
	}
	if len(rawInput) == 0 && !c.opts.AllowEmpty {
		return &Failure{Kind: EmptyInput, Diags: []Diag{{Message: fmt.Sprintf("FileCheck error: '%s' is empty.", name)}}}
	}
	in := &buffer{name: name, text: canonicalize(rawInput, c.opts.StrictWhitespace)}
	// Fresh variables for this run.
	c.ctx.strVars = map[string]string{}
	for k, v := range c.strDefines {
		c.ctx.strVars[k] = v
	}
	for _, v := range c.ctx.numVars {
		v.has = false
	}
	for v, val := range c.numDefines {
		v.value, v.has = val, true
	}
	m := &matcher{c: c, in: in, subj: newSubject(in.text)}
	text := in.text
	bufLo := 0
	i, j, e := 0, 0, len(c.strings)
	failed := false
	for {
		var regionLo, regionHi int
		if j == e {
			regionLo, regionHi = bufLo, len(text)
		} else {
			label := c.strings[j]
			if label.pat.ty != ckLabel {
				j++
				continue
			}
			pos, length, ok := m.checkString(label, bufLo, len(text), true)
			if !ok {
				return m.failure()
			}
			regionLo, regionHi = bufLo, pos+length
			bufLo = pos + length
			j++
		}
		if i != 0 && c.opts.EnableVarScope {
			c.clearLocalVars()
		}
		for ; i != j; i++ {
			pos, length, ok := m.checkString(c.strings[i], regionLo, regionHi, false)
			if !ok {
				failed = true
				i = j
				break
			}
			regionLo = pos + length
		}
		if j == e {
			break
		}
	}
	if failed {
		return m.failure()
	}
	return nil
}

func (c *checker) clearLocalVars() {
	for name := range c.ctx.strVars {
		if !strings.HasPrefix(name, "$") {
			delete(c.ctx.strVars, name)
		}
	}
	for name, v := range c.ctx.numVars {
		if !strings.HasPrefix(name, "$") {
			v.has = false
			delete(c.ctx.numVars, name)
		}
	}
}

// matcher runs the directives over one input and collects diagnostics.
type matcher struct {
	c     *checker
	in    *buffer
	subj  *subject // in.text for the regex engines
	diags []Diag
}

func (m *matcher) failure() *Failure { return &Failure{Kind: NoMatch, Diags: m.diags} }

func (m *matcher) errorAt(p *pattern, off int, msg string) {
	m.diags = append(m.diags, p.buf.diag(off, "error", msg))
}

func (m *matcher) note(off int, msg string) {
	m.diags = append(m.diags, m.in.diag(off, "note", msg))
}

// directiveName names a directive in messages as LLVM does: with the
// prefix of the positive directive it belongs to (a CHECK-DAG or CHECK-NOT
// is reported under the prefix of the directive that follows it).
func directiveName(p *pattern, prefix string) string {
	name := prefix + checkSuffix[p.ty]
	if p.count > 1 {
		name = prefix + "-COUNT"
	}
	if p.literal {
		name += "{LITERAL}"
	}
	return name
}

// matchExpected matches a pattern that must be found, reporting a failure.
func (m *matcher) matchExpected(p *pattern, prefix string, n, lo, hi int) (int, int, bool) {
	pos, length, found, err := p.match(m.subj, lo, hi)
	if err != nil {
		m.reportMatchError(p, err)
		if !found {
			m.substitutionNotes(p, lo)
			m.fuzzyNote(p, lo, hi)
		}
		return 0, 0, false
	}
	if !found {
		if p.ty == ckEOF {
			return 0, 0, false
		}
		msg := directiveName(p, prefix) + ": expected string not found in input"
		if p.count > 1 {
			msg += fmt.Sprintf(" (%d out of %d)", n, p.count)
		}
		m.errorAt(p, p.loc, msg)
		m.note(lo, "scanning from here")
		m.substitutionNotes(p, lo)
		m.fuzzyNote(p, lo, hi)
		return 0, 0, false
	}
	return pos, length, true
}

func (m *matcher) reportMatchError(p *pattern, err error) {
	var uv *undefVarError
	if errors.As(err, &uv) && uv.loc >= 0 {
		m.diags = append(m.diags, p.buf.diag(uv.loc, "error", uv.Error()))
		return
	}
	if me, ok := err.(*matchError); ok {
		for _, e := range append([]*matchError{me}, me.more...) {
			m.diags = append(m.diags, p.buf.diag(e.off, "error", e.msg))
		}
		return
	}
	m.errorAt(p, p.loc, err.Error())
}

// checkString is FileCheckString::Check: the DAG/NOT directives before the
// pattern, the pattern (count times), then the NEXT/SAME and NOT checks on
// the gap. In label-scan mode only the pattern itself is matched.
func (m *matcher) checkString(cs *checkString, lo, hi int, labelScan bool) (int, int, bool) {
	last := lo
	var nots []*pattern
	if !labelScan {
		var ok bool
		last, ok = m.checkDAG(cs, lo, hi, &nots)
		if !ok {
			return 0, 0, false
		}
	}
	matchEnd, first := last, 0
	for n := 1; n <= cs.pat.count; n++ {
		pos, length, ok := m.matchExpected(cs.pat, cs.prefix, n, matchEnd, hi)
		if !ok {
			return 0, 0, false
		}
		if n == 1 {
			first = pos
		}
		if length == 0 && pos == matchEnd {
			break // every further repetition would match here again
		}
		matchEnd = pos + length
	}
	if !labelScan {
		if !m.checkNextSame(cs.pat, cs.prefix, last, first) {
			return 0, 0, false
		}
		if !m.checkNot(nots, cs.prefix, last, first) {
			return 0, 0, false
		}
	}
	return first, matchEnd - first, true
}

func (m *matcher) checkNextSame(p *pattern, prefix string, lo, matchPos int) bool {
	gap := m.in.text[lo:matchPos]
	name := prefix + checkSuffix[p.ty] // LLVM names these without modifiers
	switch p.ty {
	case ckNext, ckEmpty:
		n, firstNL := countNewlines(gap)
		if n == 0 {
			m.errorAt(p, p.loc, name+": is on the same line as previous match")
			m.note(matchPos, "'next' match was here")
			m.note(lo, "previous match ended here")
			return false
		}
		if n != 1 {
			m.errorAt(p, p.loc, name+": is not on the line after the previous match")
			m.note(matchPos, "'next' match was here")
			m.note(lo, "previous match ended here")
			m.note(lo+firstNL+1, "non-matching line after previous match is here")
			return false
		}
	case ckSame:
		if n, _ := countNewlines(gap); n != 0 {
			m.errorAt(p, p.loc, name+": is not on the same line as the previous match")
			m.note(matchPos, "'next' match was here")
			m.note(lo, "previous match ended here")
			return false
		}
	}
	return true
}

// countNewlines counts line breaks; "\n\r" and "\r\n" count once.
func countNewlines(b []byte) (n, first int) {
	first = -1
	for i := 0; i < len(b); i++ {
		if b[i] != '\n' && b[i] != '\r' {
			continue
		}
		if first < 0 {
			first = i
		}
		if i+1 < len(b) && (b[i+1] == '\n' || b[i+1] == '\r') && b[i+1] != b[i] {
			i++
		}
		n++
	}
	return n, first
}

// checkNot reports every CHECK-NOT pattern found in [lo, hi).
func (m *matcher) checkNot(nots []*pattern, prefix string, lo, hi int) bool {
	ok := true
	for _, p := range nots {
		pos, length, found, err := p.match(m.subj, lo, hi)
		if err != nil {
			m.reportMatchError(p, err)
			if !found {
				m.substitutionNotes(p, lo)
			}
			ok = false
			continue
		}
		if found {
			m.errorAt(p, p.loc, directiveName(p, prefix)+": excluded string found in input")
			m.note(pos, "found here")
			m.diags[len(m.diags)-1].Length = length
			m.substitutionNotes(p, pos)
			for _, c := range p.captures {
				m.note(c.pos, fmt.Sprintf("captured var \"%s\"", c.name))
				m.diags[len(m.diags)-1].Length = c.len
			}
			ok = false
		}
	}
	return ok
}

// checkDAG is FileCheckString::CheckDag: each CHECK-DAG group matches in any
// order without overlapping, CHECK-NOTs between groups are checked against
// the gap before the next group's earliest match, and the search after a
// group starts at the end of its last match.
func (m *matcher) checkDAG(cs *checkString, lo, hi int, nots *[]*pattern) (int, bool) {
	if len(cs.dagNot) == 0 {
		return lo, true
	}
	type span struct{ pos, end int }
	start := lo
	var ranges []span // sorted, non-overlapping matches of the current group
	for idx, p := range cs.dagNot {
		if p.ty == ckNot {
			*nots = append(*nots, p)
			continue
		}
		matchPos := start
		for k := 0; ; {
			pos, length, ok := m.matchExpected(p, cs.prefix, 1, matchPos, hi)
			if !ok {
				return 0, false
			}
			r := span{pos, pos + length}
			if m.c.opts.AllowDeprecatedDAGOverlap {
				if len(ranges) == 0 {
					ranges = append(ranges, r)
				} else {
					ranges[0].pos = min(ranges[0].pos, r.pos)
					ranges[0].end = max(ranges[0].end, r.end)
				}
				break
			}
			overlap := false
			for ; k < len(ranges); k++ {
				if r.pos < ranges[k].end {
					overlap = ranges[k].pos < r.end
					break
				}
			}
			if !overlap {
				ranges = append(ranges, span{})
				copy(ranges[k+1:], ranges[k:])
				ranges[k] = r
				break
			}
			matchPos = ranges[k].end
			k++
		}
		if idx+1 == len(cs.dagNot) || cs.dagNot[idx+1].ty == ckNot {
			if len(*nots) > 0 {
				if !m.checkNot(*nots, cs.prefix, start, ranges[0].pos) {
					return 0, false
				}
				*nots = (*nots)[:0]
			}
			start = ranges[len(ranges)-1].end
			ranges = ranges[:0]
		}
	}
	return start, true
}

// substitutionNotes says what each variable and expression of the pattern
// stood for, as LLVM's printSubstitutions does.
func (m *matcher) substitutionNotes(p *pattern, at int) {
	for _, s := range p.subs {
		v, err := p.substitutionValue(s)
		if err != nil {
			continue
		}
		m.note(at, fmt.Sprintf("with \"%s\" equal to \"%s\"", writeEscaped(s.name), writeEscaped(v)))
	}
}

// writeEscaped escapes as llvm::raw_ostream::write_escaped does.
func writeEscaped(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '"':
			b.WriteString(`\"`)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// fuzzyNote points at the place in the searched text that looks most like
// the pattern, as LLVM's printFuzzyMatch does: every non-blank position in
// the first 4 KiB is scored by the edit distance between the pattern text
// (the regex for a regex pattern) and the input there, up to the end of its
// line, plus a hundredth per line skipped; the search start itself is never
// suggested, nor anything scoring 50 or more.
func (m *matcher) fuzzyNote(p *pattern, lo, hi int) {
	example := p.fixed
	if !p.isFixed {
		example = p.re
	}
	if example == "" { // nothing to compare (a pattern that is all substitutions)
		return
	}
	if len(example) > 256 { // bounds the quadratic edit distance
		example = example[:256]
	}
	buf := m.in.text[lo:hi]
	best, bestQ, lines := -1, 0.0, 0
	for i := 0; i < len(buf) && i < 4096; i++ {
		if buf[i] == '\n' {
			lines++
		}
		if buf[i] == ' ' || buf[i] == '\t' {
			continue
		}
		prefix := buf[i:min(len(buf), i+len(example))]
		if nl := bytes.IndexByte(prefix, '\n'); nl >= 0 {
			prefix = prefix[:nl]
		}
		q := float64(editDistance(string(prefix), example)) + float64(lines)/100
		if best < 0 || q < bestQ {
			best, bestQ = i, q
		}
	}
	if best > 0 && bestQ < 50 {
		m.note(lo+best, "possible intended match here")
	}
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
