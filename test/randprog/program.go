package randprog

import (
	"fmt"
	"strings"
)

// Threads is the number of threads of a program (one workgroup).
const Threads = 8

// Program is one generated compute program: helper functions and the
// statements of its body, run by Threads threads, each writing the final
// values of the body's top-level variables to its slots of the output.
type Program struct {
	Seed    int64
	Prefix  string // of every name it declares, unique in a batch
	Structs []*Struct
	Funcs   []*Func
	Body    []Stmt
	Outputs []*Var // top-level variables, in declaration order
	Half    bool   // uses half (needs -enable-16bit-types)
	// ScratchBase is its first slot of the batch's scratch buffer (set by
	// the batch).
	ScratchBase int
	// Slots is the number of 32-bit outputs per thread.
	Slots int
}

// Result is what the evaluator expects a program to write: Slots words per
// thread, thread by thread, with the kind of each slot (floats compare -0
// equal to +0), and the glslang divergences the run used.
type Result struct {
	Words []uint32
	Kinds []Kind // per slot
	Div   Divergence
}

func cloneSlots(m map[*Var]*slot) map[*Var]*slot {
	out := make(map[*Var]*slot, len(m))
	for v, s := range m {
		c := &slot{v: s.v.clone()}
		for _, e := range s.elems {
			c.elems = append(c.elems, e.clone())
		}
		out[v] = c
	}
	return out
}

// runTop runs one top-level statement on every thread, in lockstep, so that
// an Exchange (a barrier) sees every thread's value.
func runTop(threads []*thread, s Stmt) {
	if x, ok := s.(*Exchange); ok {
		vals := make([]Value, len(threads))
		for i, th := range threads {
			vals[i] = th.slot(x.V).v.clone()
		}
		for i, th := range threads {
			th.slot(x.V).v = vals[(i+x.Shift)%len(threads)]
		}
		return
	}
	for _, th := range threads {
		th.stmt(s)
	}
}

// Evaluate runs the program and returns what it must write.
func (p *Program) Evaluate() (res Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			u, ok := r.(*undefined)
			if !ok {
				panic(r)
			}
			err = fmt.Errorf("undefined behaviour: %s", u.why)
		}
	}()
	threads := make([]*thread, Threads)
	for i := range threads {
		threads[i] = newThread(p, i)
	}
	for _, s := range p.Body {
		runTop(threads, s)
	}
	for _, th := range threads {
		for _, v := range p.Outputs {
			s := th.slot(v)
			vals := []Value{s.v}
			if s.elems != nil {
				vals = s.elems
			}
			for _, x := range vals {
				for i := 0; i < x.T.Comps(); i++ {
					res.Words = append(res.Words, x.bits(i))
					if th.tid == 0 {
						res.Kinds = append(res.Kinds, x.T.K)
					}
				}
			}
		}
		res.Div |= th.div
	}
	return res, nil
}

// Source writes the program's HLSL: its structs, functions and its body as
// `void PREFIXmain(uint tid)`, which writes its outputs to Out from word
// base (Slots words per thread).
func (p *Program) Source(base int) string {
	var b strings.Builder
	for _, s := range p.Structs {
		fmt.Fprintf(&b, "struct %s {", s.Name)
		for _, f := range s.Fields {
			fmt.Fprintf(&b, " %s %s;", f.T, f.Name)
		}
		b.WriteString(" };\n")
	}
	for _, f := range p.Funcs {
		fmt.Fprintf(&b, "%s %s(", f.Ret, f.Name)
		for i, prm := range f.Params {
			if i > 0 {
				b.WriteString(", ")
			}
			if prm.Mode != "in" {
				b.WriteString(prm.Mode + " ")
			}
			b.WriteString(declText(prm.V))
		}
		b.WriteString(") {\n")
		writeStmts(&b, f.Body, 1)
		b.WriteString("}\n")
	}
	fmt.Fprintf(&b, "void %smain(uint tid) {\n", p.Prefix)
	writeStmts(&b, p.Body, 1)
	slot := 0
	for _, v := range p.Outputs {
		var exprs []string
		switch {
		case v.Len > 0:
			for i := 0; i < v.Len; i++ {
				exprs = append(exprs, components(fmt.Sprintf("%s[%d]", v.Name, i), v.T)...)
			}
		case v.Struct != nil:
			for _, f := range v.Struct.Fields {
				exprs = append(exprs, components(v.Name+"."+f.Name, f.T)...)
			}
		default:
			exprs = components(v.Name, v.T)
		}
		for _, e := range exprs {
			fmt.Fprintf(&b, "  Out[%d + tid * %d + %d] = %s;\n", base, p.Slots, slot, e)
			slot++
		}
	}
	b.WriteString("}\n")
	return strings.ReplaceAll(b.String(), "SCRATCH", fmt.Sprint(p.ScratchBase))
}

// components are the expressions of x's 32-bit output words.
func components(x string, t Type) []string {
	var out []string
	for i := 0; i < t.Comps(); i++ {
		c := x
		switch {
		case t.IsMatrix():
			c = fmt.Sprintf("%s[%d][%d]", x, i/t.N, i%t.N)
		case t.N > 1:
			c = fmt.Sprintf("%s.%c", x, "xyzw"[i])
		}
		switch t.K {
		case Float:
			c = "asuint(" + c + ")"
		case Half:
			c = "asuint((float)" + c + ")"
		case Bool:
			c = "(" + c + " ? 1u : 0u)"
		default:
			c = "(uint)" + c
		}
		out = append(out, c)
	}
	return out
}

func declText(v *Var) string {
	switch {
	case v.Len > 0:
		return fmt.Sprintf("%s %s[%d]", v.T, v.Name, v.Len)
	case v.Struct != nil:
		return v.Struct.Name + " " + v.Name
	}
	return v.T.String() + " " + v.Name
}

func writeStmts(b *strings.Builder, list []Stmt, depth int) {
	for _, s := range list {
		writeStmt(b, s, depth)
	}
}

func expr(x Expr) string {
	var b strings.Builder
	x.W(&b)
	return b.String()
}

func writeStmt(b *strings.Builder, s Stmt, depth int) {
	ind := strings.Repeat("  ", depth)
	switch s := s.(type) {
	case *Decl:
		init := "(" + s.V.T.String() + ")0"
		switch {
		case s.Init != nil:
			init = expr(s.Init)
		case s.V.Struct != nil:
			var parts []string
			for _, f := range s.V.Struct.Fields {
				parts = append(parts, "("+f.T.String()+")0")
			}
			init = "{ " + strings.Join(parts, ", ") + " }"
		case s.V.Len > 0:
			init = "{ " + strings.TrimSuffix(strings.Repeat(init+", ", s.V.Len), ", ") + " }"
		}
		fmt.Fprintf(b, "%s%s = %s;\n", ind, declText(s.V), init)
	case *Assign:
		fmt.Fprintf(b, "%s%s %s %s;\n", ind, lvalue(s.L), s.Op, expr(s.R))
	case *If:
		fmt.Fprintf(b, "%sif (%s) {\n", ind, expr(s.C))
		writeStmts(b, s.Then, depth+1)
		if len(s.Else) > 0 {
			fmt.Fprintf(b, "%s} else {\n", ind)
			writeStmts(b, s.Else, depth+1)
		}
		fmt.Fprintf(b, "%s}\n", ind)
	case *Loop:
		i := s.I.Name
		switch s.Style {
		case 0:
			fmt.Fprintf(b, "%sfor (int %s = 0; %s < %d; %s++) {\n", ind, i, i, s.N, i)
			writeStmts(b, s.Body, depth+1)
		case 1:
			// the counter steps before the body so that continue cannot
			// skip it
			fmt.Fprintf(b, "%sint %s_w = 0;\n%swhile (%s_w < %d) {\n%s  int %s = %s_w++;\n", ind, i, ind, i, s.N, ind, i, i)
			writeStmts(b, s.Body, depth+1)
		case 2:
			fmt.Fprintf(b, "%sint %s_w = 0;\n%sdo {\n%s  int %s = %s_w++;\n", ind, i, ind, ind, i, i)
			writeStmts(b, s.Body, depth+1)
			fmt.Fprintf(b, "%s} while (%s_w < %d);\n", ind, i, s.N)
			return
		}
		fmt.Fprintf(b, "%s}\n", ind)
	case *Break:
		fmt.Fprintf(b, "%sbreak;\n", ind)
	case *Continue:
		fmt.Fprintf(b, "%scontinue;\n", ind)
	case *Switch:
		fmt.Fprintf(b, "%sswitch (%s) {\n", ind, expr(s.X))
		for _, c := range s.Cases {
			if len(c.Vals) == 0 {
				fmt.Fprintf(b, "%sdefault:\n", ind)
			}
			for _, v := range c.Vals {
				fmt.Fprintf(b, "%scase %d:\n", ind, v)
			}
			fmt.Fprintf(b, "%s  {\n", ind)
			writeStmts(b, c.Body, depth+2)
			fmt.Fprintf(b, "%s  }\n", ind)
			if !c.NoBreak {
				fmt.Fprintf(b, "%s  break;\n", ind)
			}
		}
		fmt.Fprintf(b, "%s}\n", ind)
	case *ExprStmt:
		fmt.Fprintf(b, "%s%s;\n", ind, expr(s.X))
	case *Return:
		fmt.Fprintf(b, "%sreturn %s;\n", ind, expr(s.X))
	case *Exchange:
		to, from := exchangeCasts(s.V.T)
		fmt.Fprintf(b, "%sGS[tid] = %s;\n%sGroupMemoryBarrierWithGroupSync();\n", ind, fmt.Sprintf(to, s.V.Name), ind)
		fmt.Fprintf(b, "%s%s = %s;\n%sGroupMemoryBarrierWithGroupSync();\n", ind, s.V.Name,
			fmt.Sprintf(from, fmt.Sprintf("GS[(tid + %d) %% %d]", s.Shift, Threads)), ind)
	case *Scratch:
		to, from := exchangeCasts(s.V.T)
		fmt.Fprintf(b, "%sScr[SCRATCH + tid * 4 + %d] = %s;\n", ind, s.Slot, fmt.Sprintf(to, s.V.Name))
		fmt.Fprintf(b, "%s%s = %s;\n", ind, s.V.Name, fmt.Sprintf(from, fmt.Sprintf("Scr[SCRATCH + tid * 4 + %d]", s.Slot)))
	default:
		panic(fmt.Sprintf("randprog: cannot write %T", s))
	}
}

// exchangeCasts are the formats that turn a value of t into the uint4 of
// the groupshared and scratch arrays and back.
func exchangeCasts(t Type) (to, from string) {
	pad := ""
	for i := t.N; i < 4; i++ {
		pad += ", 0u"
	}
	swz := "xyzw"[:t.N]
	switch t.K {
	case Float:
		return "uint4(asuint(%s)" + pad + ")", "asfloat((%s)." + swz + ")"
	case Half:
		return "uint4(asuint((" + vecOf("float", t.N) + ")%s)" + pad + ")", "(" + t.String() + ")asfloat((%s)." + swz + ")"
	}
	return "uint4((" + vecOf("uint", t.N) + ")%s" + pad + ")", "(" + t.String() + ")(%s)." + swz
}

func vecOf(k string, n int) string {
	if n == 1 {
		return k
	}
	return fmt.Sprintf("%s%d", k, n)
}

func lvalue(x Expr) string {
	if s, ok := x.(*Swz); ok {
		comps := ""
		for _, c := range s.Comps {
			comps += string("xyzw"[c])
		}
		return expr(s.X) + "." + comps
	}
	return expr(x)
}
