package randprog

import (
	"fmt"
	"math"
	"math/bits"
)

// The evaluator is the ground truth: it runs a program with HLSL's (DXC's)
// semantics in Go and refuses anything whose result could differ between
// correct compilers and drivers — undefined behaviour (division by zero,
// INT_MIN / -1, shifts of the bit width or more, out-of-range indices,
// negative floats converted to uint, clamp with lo > hi) and float results
// that are not exact (see exact) — by panicking with an *undefined.

type undefined struct{ why string }

func ub(format string, args ...any) { panic(&undefined{fmt.Sprintf(format, args...)}) }

// Divergences are semantics where glslang's HLSL front end is known to
// differ from DXC; the evaluator records which a run used, so that a
// glslang mismatch on such a program is attributed (see TRIAGE.md).
type Divergence uint32

const (
	// DivSignedRem: % of a negative int (glslang emits OpSMod, the sign of
	// the divisor; DXC OpSRem, the sign of the dividend).
	DivSignedRem Divergence = 1 << iota
	// DivConstIntDot: dot of two constant integer vectors (glslang folds
	// it to 0).
	DivConstIntDot
	// DivNegConstDiv: -(C / x) or -(x / C) on integers, which the spirv-opt
	// legalization glslang runs folds into (-C) / x or x / (-C): wrong for
	// uint (OpUDiv), and for int when C is INT_MIN.
	DivNegConstDiv
)

// divergenceNames name the divergences for reports.
var divergenceNames = []string{"signed % of a negative operand", "dot of constant integer vectors", "negated integer division by or of a constant"}

// constant reports whether x has no variable, load or call in it.
func constant(x Expr) bool {
	switch x := x.(type) {
	case *Lit:
		return true
	case *Swz:
		return constant(x.X)
	case *Un:
		return constant(x.X)
	case *Bin:
		return constant(x.X) && constant(x.Y)
	case *Cast:
		return constant(x.X)
	case *Cond:
		return constant(x.C) && constant(x.X) && constant(x.Y)
	case *Call:
		if x.Fn != nil {
			return false
		}
		for _, a := range x.Args {
			if !constant(a) {
				return false
			}
		}
		return true
	}
	return false
}

// foldedDivision returns the integer division the value of x is once
// glslang's legalization has inlined calls and folded constant conditions
// (x just evaluated): a division itself, the chosen side of a ?: on a
// constant, or what the function x called returned; nil for anything else.
func (th *thread) foldedDivision(x Expr) *Bin {
	for {
		switch e := x.(type) {
		case *Bin:
			if e.Op == "/" {
				return e
			}
			return nil
		case *Cond:
			if !constant(e.C) || e.C.Type().N != 1 {
				return nil
			}
			if th.eval(e.C).I[0] != 0 {
				x = e.X
			} else {
				x = e.Y
			}
		case *Call:
			if e.Fn == nil || th.retExpr == nil {
				return nil
			}
			x, th.retExpr = th.retExpr, nil
		default:
			return nil
		}
	}
}

// negFoldDiffers reports an integer division with a constant operand C
// whose negation glslang's folding gets wrong: unsigned, or C holding
// INT_MIN (its own negation).
func (th *thread) negFoldDiffers(d *Bin) bool {
	if d.T.K != Int && d.T.K != Uint {
		return false
	}
	for _, c := range []Expr{d.X, d.Y} {
		if !constant(c) {
			continue
		}
		if d.T.K == Uint {
			return true
		}
		for _, v := range th.eval(c).I {
			if v == math.MinInt32 {
				return true
			}
		}
	}
	return false
}

// slot is a variable's storage in one thread.
type slot struct {
	v     Value   // scalar, vector or matrix
	elems []Value // array elements or struct fields
}

// thread is one invocation's state.
type thread struct {
	tid   int
	vars  map[*Var]*slot
	prog  *Program
	div   Divergence
	steps int
	// retVal is what the running function returned, retExpr the
	// expression of the return statement of the call that finished last.
	retVal  Value
	retExpr Expr
}

// maxSteps bounds a run (loops are bounded by construction; this guards the
// evaluator against a generator bug).
const maxSteps = 1 << 20

type flow int

const (
	next flow = iota
	brk
	cont
	ret
)

func newThread(p *Program, tid int) *thread {
	return &thread{tid: tid, vars: map[*Var]*slot{}, prog: p}
}

func (th *thread) declare(v *Var) *slot {
	s := &slot{}
	switch {
	case v.Len > 0:
		s.elems = make([]Value, v.Len)
		for i := range s.elems {
			s.elems[i] = zero(v.T)
		}
	case v.Struct != nil:
		for _, f := range v.Struct.Fields {
			s.elems = append(s.elems, zero(f.T))
		}
	default:
		s.v = zero(v.T)
	}
	th.vars[v] = s
	return s
}

func (th *thread) slot(v *Var) *slot {
	s, ok := th.vars[v]
	if !ok {
		panic(fmt.Sprintf("randprog: %s read before its declaration", v.Name))
	}
	return s
}

func (th *thread) tick() {
	if th.steps++; th.steps > maxSteps {
		ub("the run takes more than %d steps", maxSteps)
	}
}

func (th *thread) index(x Expr, n int) int {
	i := th.eval(x)
	k := i.I[0]
	if i.T.K == Int && k < 0 || k >= int64(n) {
		ub("index %d out of range [0, %d)", k, n)
	}
	return int(k)
}

func (th *thread) eval(x Expr) Value {
	th.tick()
	switch x := x.(type) {
	case *Lit:
		return x.V.clone() // stores write into the slot's value
	case *Ref:
		return th.slot(x.V).v.clone()
	case *Elem:
		s := th.slot(x.A)
		return s.elems[th.index(x.I, len(s.elems))].clone()
	case *Comp:
		v := th.slot(x.V).v
		if x.V.T.IsMatrix() {
			r := th.index(x.I, x.V.T.Rows)
			out := zero(x.Type())
			copy(out.C, v.C[r*x.V.T.N:(r+1)*x.V.T.N])
			return out
		}
		return v.comp(th.index(x.I, v.T.N))
	case *Member:
		return th.slot(x.S).elems[x.F].clone()
	case *Swz:
		v := th.eval(x.X)
		out := zero(x.Type())
		for i, c := range x.Comps {
			if v.T.K.isFloat() {
				out.C[i] = v.C[c]
			} else {
				out.I[i] = v.I[c]
			}
		}
		return out
	case *ThreadID:
		return Value{T: scalar(Uint), I: []int64{int64(th.tid)}}
	case *Load:
		i := th.index(x.I, len(x.Buf.Data))
		w := x.Buf.Data[i]
		switch x.Buf.K {
		case Int:
			return Value{T: scalar(Int), I: []int64{int64(int32(w))}}
		case Float:
			return Value{T: scalar(Float), C: []float64{float64(math.Float32frombits(w))}}
		}
		return Value{T: scalar(Uint), I: []int64{int64(w)}}
	case *Un:
		v := th.eval(x.X)
		if d := th.foldedDivision(x.X); x.Op == "-" && d != nil && th.negFoldDiffers(d) {
			th.div |= DivNegConstDiv
		}
		return th.unary(x.Op, v)
	case *Bin:
		return th.binary(x)
	case *Cast:
		return convert(th.eval(x.X), x.T)
	case *Cond:
		c := th.eval(x.C)
		if c.T.N == 1 { // short-circuits: only the chosen side runs
			if c.I[0] != 0 {
				return th.eval(x.X)
			}
			return th.eval(x.Y)
		}
		a, b := th.eval(x.X), th.eval(x.Y)
		out := zero(a.T)
		for i := range c.I {
			src := b
			if c.I[i] != 0 {
				src = a
			}
			if a.T.K.isFloat() {
				out.C[i] = src.C[i]
			} else {
				out.I[i] = src.I[i]
			}
		}
		return out
	case *Call:
		if x.Fn != nil {
			return th.call(x)
		}
		if x.Name == x.T.String() { // a constructor: the arguments' components in order
			out := zero(x.T)
			i := 0
			for _, a := range x.Args {
				v := th.eval(a)
				for j := 0; j < v.T.Comps(); j++ {
					if v.T.K.isFloat() {
						out.C[i] = v.C[j]
					} else {
						out.I[i] = v.I[j]
					}
					i++
				}
			}
			return out
		}
		args := make([]Value, len(x.Args))
		for i, a := range x.Args {
			args[i] = th.eval(a)
		}
		if x.Name == "dot" && !x.T.K.isFloat() && constant(x) {
			th.div |= DivConstIntDot
		}
		return intrinsic(x.Name, args, x.T)
	}
	panic(fmt.Sprintf("randprog: cannot evaluate %T", x))
}

func (th *thread) unary(op string, v Value) Value {
	out := zero(v.T)
	for i := 0; i < v.T.Comps(); i++ {
		switch {
		case op == "!":
			out.I[i] = 1 - v.I[i]
		case op == "~":
			out.I[i] = norm(v.T.K, ^v.I[i])
		case v.T.K.isFloat():
			out.C[i] = -v.C[i]
		default:
			out.I[i] = norm(v.T.K, -v.I[i])
		}
	}
	return out
}

// binary: && and || short-circuit on scalars (HLSL 2021), operands of
// other operators are both evaluated, left first.
func (th *thread) binary(x *Bin) Value {
	if x.Op == "&&" || x.Op == "||" {
		l := th.eval(x.X)
		if x.T.N == 1 {
			if (l.I[0] != 0) == (x.Op == "||") {
				return l
			}
			return th.eval(x.Y)
		}
	}
	l, r := th.eval(x.X), th.eval(x.Y)
	// a scalar operand of a vector operation is splatted
	n := max(l.T.Comps(), r.T.Comps())
	out := zero(x.T)
	for i := 0; i < n; i++ {
		a, b := l.comp(min(i, l.T.Comps()-1)), r.comp(min(i, r.T.Comps()-1))
		c := th.scalarOp(x.Op, a, b)
		if c.T.K.isFloat() {
			out.C[i] = c.C[0]
		} else {
			out.I[i] = c.I[0]
		}
	}
	return out
}

// compare evaluates a comparison operator on two scalars; ok is false for
// any other operator.
func compare[T int64 | float64](op string, x, y T) (v Value, ok bool) {
	switch op {
	case "<":
		return boolV(x < y), true
	case "<=":
		return boolV(x <= y), true
	case ">":
		return boolV(x > y), true
	case ">=":
		return boolV(x >= y), true
	case "==":
		return boolV(x == y), true
	case "!=":
		return boolV(x != y), true
	}
	return Value{}, false
}

// ringOp evaluates +, - and * on two scalars; ok is false for any other
// operator.
func ringOp[T int64 | float64](op string, x, y T) (r T, ok bool) {
	switch op {
	case "+":
		return x + y, true
	case "-":
		return x - y, true
	case "*":
		return x * y, true
	}
	return 0, false
}

func boolV(b bool) Value {
	if b {
		return Value{T: scalar(Bool), I: []int64{1}}
	}
	return Value{T: scalar(Bool), I: []int64{0}}
}

func (th *thread) scalarOp(op string, a, b Value) Value {
	k := a.T.K
	if k.isFloat() {
		x, y := a.C[0], b.C[0]
		if v, ok := compare(op, x, y); ok {
			return v
		}
		r, ok := ringOp(op, x, y)
		if !ok {
			if op != "/" {
				panic("randprog: float operator " + op)
			}
			if y == 0 {
				ub("float division by zero")
			}
			r = x / y
			if r*y != x {
				ub("inexact division")
			}
		}
		if !exact(k, r) {
			ub("inexact %s result %v", k, r)
		}
		return Value{T: scalar(k), C: []float64{r}}
	}
	x, y := a.I[0], b.I[0]
	if v, ok := compare(op, x, y); ok {
		return v
	}
	if r, ok := ringOp(op, x, y); ok {
		return Value{T: scalar(k), I: []int64{norm(k, r)}}
	}
	var r int64
	switch op {
	case "/", "%":
		if y == 0 {
			ub("integer division by zero")
		}
		if k == Int && x == math.MinInt32 && y == -1 {
			ub("INT_MIN / -1")
		}
		if op == "/" {
			r = x / y // Go truncates toward zero, as OpSDiv and OpUDiv
		} else {
			r = x % y // the dividend's sign, as OpSRem
			if k == Int && (x < 0 || y < 0) {
				th.div |= DivSignedRem
			}
		}
	case "&":
		r = x & y
	case "|":
		r = x | y
	case "^":
		r = x ^ y
	case "<<", ">>":
		if y < 0 || y >= 32 {
			ub("shift by %d", y)
		}
		if op == "<<" {
			r = x << uint(y)
		} else {
			r = x >> uint(y) // arithmetic for int (sign-extended), logical for uint
		}
	case "&&":
		return boolV(x != 0 && y != 0)
	case "||":
		return boolV(x != 0 || y != 0)
	default:
		panic("randprog: integer operator " + op)
	}
	return Value{T: scalar(k), I: []int64{norm(k, r)}}
}

// convert is an explicit cast (component kinds; the shapes agree or the
// source is a scalar, which splats).
func convert(v Value, t Type) Value {
	out := zero(t)
	for i := 0; i < t.Comps(); i++ {
		c := v.comp(min(i, v.T.Comps()-1))
		from := v.T.K
		switch {
		case t.K == Bool && from.isFloat():
			out.I[i] = b2i(c.C[0] != 0)
		case t.K == Bool:
			out.I[i] = b2i(c.I[0] != 0)
		case t.K.isFloat() && from.isFloat():
			out.C[i] = c.C[0]
		case t.K.isFloat():
			out.C[i] = float64(c.I[0])
		case from.isFloat():
			f := math.Trunc(c.C[0])
			if t.K == Uint && c.C[0] < 0 || f >= 1<<31 || f < -(1<<31) {
				ub("float %v out of range of %s", c.C[0], t.K)
			}
			out.I[i] = norm(t.K, int64(f))
		default:
			out.I[i] = norm(t.K, c.I[0])
		}
		if t.K.isFloat() && !exact(t.K, out.C[i]) {
			ub("%v is not exact as %s", out.C[i], t.K)
		}
	}
	return out
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// intrinsic evaluates the intrinsics the generator uses, component-wise
// unless named otherwise.
func intrinsic(name string, a []Value, t Type) Value {
	switch name {
	case "dot":
		k := a[0].T.K
		if k.isFloat() {
			s := 0.0
			for i := range a[0].C {
				s += a[0].C[i] * a[1].C[i]
				if !exact(k, s) || !exact(k, a[0].C[i]*a[1].C[i]) {
					ub("inexact dot")
				}
			}
			return Value{T: t, C: []float64{s}}
		}
		var s int64
		for i := range a[0].I {
			s = norm(k, s+norm(k, a[0].I[i]*a[1].I[i]))
		}
		return Value{T: t, I: []int64{s}}
	case "any", "all":
		r := name == "all"
		for _, c := range a[0].I {
			if name == "any" {
				r = r || c != 0
			} else {
				r = r && c != 0
			}
		}
		return boolV(r)
	case "mul": // mul(matrix, vector) or mul(vector, matrix), floats
		m, v, vecFirst := a[0], a[1], false
		if !m.T.IsMatrix() {
			m, v, vecFirst = a[1], a[0], true
		}
		out := zero(t)
		for o := range out.C {
			s := 0.0
			for i := range v.C {
				var e float64
				if vecFirst {
					e = m.C[i*m.T.N+o]
				} else {
					e = m.C[o*m.T.N+i]
				}
				s += e * v.C[i]
				if !exact(t.K, s) || !exact(t.K, e*v.C[i]) {
					ub("inexact mul")
				}
			}
			out.C[o] = s
		}
		return out
	case "transpose":
		m := a[0]
		out := zero(t)
		for r := 0; r < m.T.Rows; r++ {
			for c := 0; c < m.T.N; c++ {
				out.C[c*t.N+r] = m.C[r*m.T.N+c]
			}
		}
		return out
	}
	out := zero(t)
	for i := 0; i < t.Comps(); i++ {
		comps := make([]Value, len(a))
		for j, v := range a {
			comps[j] = v.comp(min(i, v.T.Comps()-1))
		}
		r := scalarIntrinsic(name, comps, t.K)
		if t.K.isFloat() {
			if !exact(t.K, r.C[0]) {
				ub("inexact %s", name)
			}
			out.C[i] = r.C[0]
		} else {
			out.I[i] = r.I[0]
		}
	}
	return out
}

func scalarIntrinsic(name string, a []Value, rk Kind) Value {
	k := a[0].T.K
	f := func(x float64) Value { return Value{T: scalar(rk), C: []float64{x}} }
	n := func(x int64) Value { return Value{T: scalar(rk), I: []int64{norm(rk, x)}} }
	if k.isFloat() {
		x := a[0].C[0]
		switch name {
		case "abs":
			return f(math.Abs(x))
		case "min":
			return f(math.Min(x, a[1].C[0]))
		case "max":
			return f(math.Max(x, a[1].C[0]))
		case "clamp":
			lo, hi := a[1].C[0], a[2].C[0]
			if lo > hi {
				ub("clamp with lo > hi")
			}
			return f(math.Min(math.Max(x, lo), hi))
		case "floor":
			return f(math.Floor(x))
		case "ceil":
			return f(math.Ceil(x))
		case "trunc":
			return f(math.Trunc(x))
		case "frac":
			return f(x - math.Floor(x))
		case "saturate":
			return f(math.Min(math.Max(x, 0), 1))
		case "sign":
			switch {
			case x > 0:
				return n(1)
			case x < 0:
				return n(-1)
			}
			return n(0)
		case "mad":
			p := x * a[1].C[0]
			if !exact(k, p) {
				ub("inexact mad product")
			}
			return f(p + a[2].C[0])
		case "step": // step(y, x) = x >= y ? 1 : 0
			return f(float64(b2i(a[1].C[0] >= x)))
		}
		panic("randprog: float intrinsic " + name)
	}
	x := a[0].I[0]
	switch name {
	case "abs":
		if x == math.MinInt32 {
			ub("abs(INT_MIN)")
		}
		if x < 0 {
			x = -x
		}
		return n(x)
	case "min":
		return n(min(x, a[1].I[0]))
	case "max":
		return n(max(x, a[1].I[0]))
	case "clamp":
		lo, hi := a[1].I[0], a[2].I[0]
		if lo > hi {
			ub("clamp with lo > hi")
		}
		return n(min(max(x, lo), hi))
	case "sign":
		switch {
		case x > 0:
			return n(1)
		case x < 0:
			return n(-1)
		}
		return n(0)
	case "mad":
		return n(x*a[1].I[0] + a[2].I[0])
	case "countbits":
		return n(int64(bits.OnesCount32(uint32(x))))
	case "reversebits":
		return n(int64(bits.Reverse32(uint32(x))))
	case "firstbitlow":
		if x == 0 {
			return n(-1)
		}
		return n(int64(bits.TrailingZeros32(uint32(x))))
	case "firstbithigh":
		u := uint32(x)
		if k == Int && x < 0 {
			u = ^u // the most significant bit that differs from the sign
		}
		if u == 0 {
			return n(-1)
		}
		return n(int64(31 - bits.LeadingZeros32(u)))
	}
	panic("randprog: integer intrinsic " + name)
}

// exec runs statements; the flow says how the list ended.
func (th *thread) exec(list []Stmt) flow {
	for _, s := range list {
		if f := th.stmt(s); f != next {
			return f
		}
	}
	return next
}

func (th *thread) stmt(s Stmt) flow {
	th.tick()
	switch s := s.(type) {
	case *Decl:
		sl := th.declare(s.V)
		if s.Init != nil {
			sl.v = th.eval(s.Init)
		}
	case *Assign:
		th.assign(s)
	case *If:
		if th.eval(s.C).I[0] != 0 {
			return th.exec(s.Then)
		}
		return th.exec(s.Else)
	case *Loop:
		i := th.declare(s.I)
		for first := true; ; first = false {
			if (s.Style != 2 || !first) && i.v.I[0] >= int64(s.N) {
				break
			}
			f := th.exec(s.Body)
			if f == ret {
				return ret
			}
			i.v.I[0]++
			if f == brk {
				break
			}
			if i.v.I[0] >= int64(s.N) && s.Style == 2 {
				break
			}
		}
	case *Break:
		return brk
	case *Continue:
		return cont
	case *Switch:
		x := th.eval(s.X).I[0]
		start := -1
		for i, c := range s.Cases {
			for _, v := range c.Vals {
				if int64(v) == x {
					start = i
				}
			}
		}
		if start < 0 {
			for i, c := range s.Cases {
				if len(c.Vals) == 0 {
					start = i
				}
			}
		}
		if start < 0 {
			return next
		}
		for _, c := range s.Cases[start:] {
			switch f := th.exec(c.Body); f {
			case brk:
				return next
			case cont, ret:
				return f
			}
			if !c.NoBreak {
				return next
			}
		}
	case *ExprStmt:
		th.eval(s.X)
	case *Return:
		if s.X != nil {
			th.retVal = th.eval(s.X)
			th.retExpr = s.X
		}
		return ret
	case *Scratch:
		// a store and load of the same value: nothing changes
	case *Exchange:
		panic("randprog: an Exchange runs in lockstep (Program.run)")
	default:
		panic(fmt.Sprintf("randprog: cannot run %T", s))
	}
	return next
}

// assign stores into an lvalue.
func (th *thread) assign(s *Assign) {
	r := th.eval(s.R)
	if s.Op != "=" {
		l := th.eval(s.L)
		r = th.binary(&Bin{Op: s.Op[:len(s.Op)-1], X: &Lit{l}, Y: &Lit{r}, T: l.T})
	}
	th.store(s.L, r)
}

func (th *thread) store(l Expr, r Value) {
	switch l := l.(type) {
	case *Ref:
		th.slot(l.V).v = r
	case *Elem:
		s := th.slot(l.A)
		s.elems[th.index(l.I, len(s.elems))] = r
	case *Member:
		th.slot(l.S).elems[l.F] = r
	case *Comp:
		v := &th.slot(l.V).v
		if l.V.T.IsMatrix() {
			row := th.index(l.I, l.V.T.Rows)
			copy(v.C[row*l.V.T.N:], r.C)
			return
		}
		i := th.index(l.I, v.T.N)
		if v.T.K.isFloat() {
			v.C[i] = r.C[0]
		} else {
			v.I[i] = r.I[0]
		}
	case *Swz:
		v := &th.slot(l.X.(*Ref).V).v
		for i, c := range l.Comps {
			if v.T.K.isFloat() {
				v.C[c] = r.C[min(i, len(r.C)-1)]
			} else {
				v.I[c] = r.I[min(i, len(r.I)-1)]
			}
		}
	default:
		panic(fmt.Sprintf("randprog: cannot assign to %T", l))
	}
}

// call runs a user function: in and inout arguments are copied in, the
// body runs in a fresh frame, out and inout parameters are copied back to
// the arguments (left to right), as HLSL defines it.
func (th *thread) call(x *Call) Value {
	f := x.Fn
	in := make([]Value, len(x.Args))
	for i, a := range x.Args {
		if f.Params[i].Mode != "out" {
			in[i] = th.eval(a)
		}
	}
	saved := th.vars
	th.vars = map[*Var]*slot{}
	for i, p := range f.Params {
		s := th.declare(p.V)
		if p.Mode != "out" {
			s.v = in[i]
		}
	}
	th.retVal = Value{}
	th.exec(f.Body)
	result := th.retVal
	outs := make([]Value, len(f.Params))
	for i, p := range f.Params {
		outs[i] = th.vars[p.V].v
	}
	th.vars = saved
	for i, p := range f.Params {
		if p.Mode != "in" {
			th.store(x.Args[i], outs[i])
		}
	}
	return result
}
