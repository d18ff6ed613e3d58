package wgsl

import (
	"strings"
)

// Expressions are text with a precedence class, so that operands are
// parenthesised only where WGSL's grammar needs it. WGSL forbids mixing
// most binary operators without parentheses (a + b << c, a & b | c,
// a < b == c, a && b || c), so only multiplicative-in-additive and
// left-associative chains of the same class go bare.
type prec uint8

const (
	precOther   prec = iota + 1 // shift, relational, bitwise, logical
	precAdd                     // + -
	precMul                     // * / %
	precUnary                   // - ! ~ * &
	precPrimary                 // names, literals, calls, member and index accesses
)

type expr struct {
	text string
	prec prec
}

func primary(s string) expr { return expr{s, precPrimary} }

// operand renders e as an operand of an expression of class p; left tells
// whether it is the left operand of a binary operator.
func (e expr) operand(p prec, left bool) string {
	switch {
	case p == precUnary:
		if e.prec == precPrimary {
			return e.text
		}
	case p == precOther:
		if e.prec >= precUnary {
			return e.text
		}
	case e.prec > p, left && e.prec == p:
		return e.text
	}
	return "(" + e.text + ")"
}

// binary builds "a op b".
func binary(op string, a, b expr) expr {
	p := precOther
	switch op {
	case "+", "-":
		p = precAdd
	case "*", "/", "%":
		p = precMul
	}
	return expr{a.operand(p, true) + " " + op + " " + b.operand(p, false), p}
}

// unary builds "op a".
func unary(op string, a expr) expr {
	return expr{op + a.operand(precUnary, false), precUnary}
}

// postfix builds a member or index access on a ("a.x", "a[i]").
func postfix(a expr, suffix string) expr {
	if a.prec == precPrimary {
		return primary(a.text + suffix)
	}
	return primary("(" + a.text + ")" + suffix)
}

// call builds "f(args...)".
func call(f string, args ...expr) expr {
	var b strings.Builder
	b.WriteString(f)
	b.WriteByte('(')
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(a.text)
	}
	b.WriteByte(')')
	return primary(b.String())
}

// Statements form a tree that mirrors the structured control flow.
type stmt interface{ isStmt() }

// sLine is a simple statement ("x = y;", "let a : i32 = b;").
type sLine struct{ text string }

// sJump is a statement that ends its block: return, break, continue,
// discard-then-return, or a loop exit through a flag.
type sJump struct{ text string }

type sIf struct {
	cond       string
	then, els_ []stmt
}

type sLoop struct {
	body, continuing []stmt
	breakIf          string // "" for none
}

type sSwitch struct {
	selector string
	cases    []sCase
}

type sCase struct {
	selectors []string // "default" among them for the default clause
	body      []stmt
}

type sBlock struct{ body []stmt }

func (sLine) isStmt()   {}
func (sJump) isStmt()   {}
func (sIf) isStmt()     {}
func (sLoop) isStmt()   {}
func (sSwitch) isStmt() {}
func (sBlock) isStmt()  {}

// writer accumulates WGSL text with indentation. A writer that is
// measuring only counts the bytes it would write: a large function's text
// grown as it is written costs several times its size in allocations, so
// translateFunction measures its statements first.
type writer struct {
	b         strings.Builder
	indent    int
	measuring bool
	size      int // the bytes counted while measuring
}

// line writes one line: the indentation, then parts.
func (w *writer) line(parts ...string) {
	if w.measuring {
		w.size += 2*w.indent + 1
		for _, p := range parts {
			w.size += len(p)
		}
		return
	}
	for range w.indent {
		w.b.WriteString("  ")
	}
	for _, p := range parts {
		w.b.WriteString(p)
	}
	w.b.WriteByte('\n')
}

// textSize returns the size of the text stmts writes at indentation
// indent.
func textSize(list []stmt, indent int) int {
	m := writer{indent: indent, measuring: true}
	m.stmts(list)
	return m.size
}

func (w *writer) stmts(list []stmt) {
	for _, s := range list {
		w.stmt(s)
		if _, ok := s.(sJump); ok {
			return // the rest is unreachable
		}
	}
}

// block writes "keyword head {" and the indented body (not the closing
// brace).
func (w *writer) block(keyword, head string, body []stmt) {
	w.line(keyword, head, " {")
	w.indent++
	w.stmts(body)
	w.indent--
}

func (w *writer) stmt(s stmt) {
	switch s := s.(type) {
	case sLine:
		w.line(s.text)
	case sJump:
		w.line(s.text)
	case sBlock:
		w.block("", "", s.body)
		w.line("}")
	case sIf:
		w.block("if ", s.cond, s.then)
		for len(s.els_) > 0 {
			// else if chains print flat.
			if len(s.els_) == 1 {
				if inner, ok := s.els_[0].(sIf); ok {
					w.block("} else if ", inner.cond, inner.then)
					s = inner
					continue
				}
			}
			w.block("} else", "", s.els_)
			break
		}
		w.line("}")
	case sLoop:
		w.block("loop", "", s.body)
		if len(s.continuing) > 0 || s.breakIf != "" {
			w.indent++
			w.block("continuing", "", s.continuing)
			if s.breakIf != "" {
				w.indent++
				w.line("break if ", s.breakIf, ";")
				w.indent--
			}
			w.line("}")
			w.indent--
		}
		w.line("}")
	case sSwitch:
		w.line("switch ", s.selector, " {")
		w.indent++
		for _, c := range s.cases {
			if len(c.selectors) == 1 && c.selectors[0] == "default" {
				w.block("default:", "", c.body)
			} else {
				w.block("case ", strings.Join(c.selectors, ", ")+":", c.body)
			}
			w.line("}")
		}
		w.indent--
		w.line("}")
	}
}

// endsWithJump reports whether control cannot fall off the end of list.
func endsWithJump(list []stmt) bool {
	if len(list) == 0 {
		return false
	}
	switch s := list[len(list)-1].(type) {
	case sJump:
		return true
	case sIf:
		return len(s.els_) > 0 && endsWithJump(s.then) && endsWithJump(s.els_)
	case sBlock:
		return endsWithJump(s.body)
	}
	return false
}
