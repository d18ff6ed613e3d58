package randprog

import (
	"fmt"
	"math/rand"
)

// Config shapes what Generate makes.
type Config struct {
	Stmts    int  // top-level statements to aim for (default 12)
	Half     bool // may use half (the batch is compiled with -enable-16bit-types)
	Inputs   []*Buffer
	MaxDepth int // of expressions (default 4)
	// Portable keeps to what glslang's HLSL front end compiles as DXC
	// does (TRIAGE.md): no == or != on vectors (glslang's give one bool),
	// no integer mad (glslang emits GLSL.std.450 Fma on integers).
	Portable bool
}

// gen builds one program. Every top-level statement is checked by running
// it (with everything before it) in the evaluator on every thread: one that
// would be undefined or inexact is thrown away and another one is tried.
type gen struct {
	r       *rand.Rand
	cfg     Config
	p       *Program
	names   int
	scopes  [][]*Var
	fixed   map[*Var]bool // loop counters: never assigned
	threads []*thread
	inLoop  int
	inFunc  bool
	funcs   []*Func // accepted so far
	pending []*Func // made for the statement being tried
}

// Generate makes the program of a seed.
func Generate(seed int64, prefix string, cfg Config) *Program {
	if cfg.Stmts == 0 {
		cfg.Stmts = 12
	}
	if cfg.MaxDepth == 0 {
		cfg.MaxDepth = 3
	}
	g := &gen{r: rand.New(rand.NewSource(seed)), cfg: cfg, fixed: map[*Var]bool{}}
	g.p = &Program{Seed: seed, Prefix: prefix, Half: cfg.Half}
	g.threads = make([]*thread, Threads)
	for i := range g.threads {
		g.threads[i] = newThread(g.p, i)
	}
	if g.r.Intn(3) == 0 {
		g.newStruct()
	}
	g.scopes = [][]*Var{nil}
	for tries := 0; len(g.p.Body) < cfg.Stmts && tries < cfg.Stmts*8; tries++ {
		g.pending = nil
		scope := len(g.scopes[0])
		s := g.topStmt()
		if s == nil {
			continue
		}
		if g.try(s) {
			g.p.Body = append(g.p.Body, s)
			g.funcs = append(g.funcs, g.pending...)
			g.p.Funcs = append(g.p.Funcs, g.pending...)
			if d, ok := s.(*Decl); ok {
				g.p.Outputs = append(g.p.Outputs, d.V)
			}
		} else {
			g.scopes[0] = g.scopes[0][:scope] // forget a rejected declaration
		}
	}
	for _, v := range g.p.Outputs {
		n := v.T.Comps()
		switch {
		case v.Len > 0:
			n *= v.Len
		case v.Struct != nil:
			n = 0
			for _, f := range v.Struct.Fields {
				n += f.T.Comps()
			}
		}
		g.p.Slots += n
	}
	return g.p
}

// try runs s on copies of the threads' states; on success the copies
// become the states.
func (g *gen) try(s Stmt) (ok bool) {
	saved := make([]map[*Var]*slot, len(g.threads))
	for i, th := range g.threads {
		saved[i] = th.vars
		th.vars = cloneSlots(th.vars)
		th.steps = 0
	}
	defer func() {
		if r := recover(); r != nil {
			if _, isUB := r.(*undefined); !isUB {
				panic(r)
			}
			for i, th := range g.threads {
				th.vars = saved[i]
			}
			ok = false
		}
	}()
	runTop(g.threads, s)
	return true
}

func (g *gen) name(stem string) string {
	g.names++
	return fmt.Sprintf("%s%s%d", g.p.Prefix, stem, g.names)
}

func (g *gen) chance(n int) bool { return g.r.Intn(n) == 0 }

func (g *gen) declare(v *Var) { g.scopes[len(g.scopes)-1] = append(g.scopes[len(g.scopes)-1], v) }

func (g *gen) visible(pred func(*Var) bool) []*Var {
	var out []*Var
	for _, sc := range g.scopes {
		for _, v := range sc {
			if pred(v) {
				out = append(out, v)
			}
		}
	}
	return out
}

func (g *gen) pick(vs []*Var) *Var { return vs[g.r.Intn(len(vs))] }

func (g *gen) kinds() []Kind {
	if g.cfg.Half {
		return []Kind{Bool, Int, Uint, Float, Half, Int, Uint, Float}
	}
	return []Kind{Bool, Int, Uint, Float, Int, Uint, Float}
}

func (g *gen) randType() Type {
	k := g.kinds()[g.r.Intn(len(g.kinds()))]
	n := 1
	if !g.chance(2) {
		n = 2 + g.r.Intn(3)
	}
	if k == Float && g.chance(8) {
		return Type{K: Float, Rows: 2 + g.r.Intn(2), N: 2 + g.r.Intn(2)}
	}
	return Type{K: k, N: n}
}

func (g *gen) newStruct() {
	s := &Struct{Name: g.name("S")}
	for i := 0; i < 2+g.r.Intn(2); i++ {
		t := g.randType()
		for t.IsMatrix() {
			t = g.randType()
		}
		s.Fields = append(s.Fields, Field{Name: fmt.Sprintf("f%d", i), T: t})
	}
	g.p.Structs = append(g.p.Structs, s)
}

// ---- literals ----

func (g *gen) lit(t Type) *Lit {
	v := zero(t)
	for i := 0; i < t.Comps(); i++ {
		switch t.K {
		case Bool:
			v.I[i] = int64(g.r.Intn(2))
		case Int:
			v.I[i] = g.smallInt(true)
		case Uint:
			v.I[i] = norm(Uint, g.smallInt(false))
		case Float, Half:
			v.C[i] = float64(g.r.Intn(65)-32) / 4
		}
	}
	return &Lit{v}
}

func (g *gen) smallInt(signed bool) int64 {
	switch g.r.Intn(10) {
	case 0:
		return int64([]int32{-1, 0x7fffffff, -0x80000000, 0x10000, 255, -256}[g.r.Intn(6)])
	case 1:
		return int64(int32(g.r.Uint32()))
	}
	if signed {
		return int64(g.r.Intn(41) - 20)
	}
	return int64(g.r.Intn(33))
}

// ---- expressions ----

// expr makes an expression of type t.
func (g *gen) expr(t Type, depth int) Expr {
	if depth <= 0 || g.chance(4) {
		return g.leaf(t)
	}
	d := depth - 1
	if t.IsMatrix() {
		switch g.r.Intn(4) {
		case 0:
			return &Bin{Op: []string{"+", "-"}[g.r.Intn(2)], X: g.expr(t, d), Y: g.expr(t, d), T: t}
		case 1:
			if t.Rows == t.N || g.chance(2) {
				tt := Type{K: t.K, Rows: t.N, N: t.Rows}
				return &Call{Name: "transpose", Args: []Expr{g.expr(tt, d)}, T: t}
			}
		}
		return g.leaf(t)
	}
	for {
		switch g.r.Intn(12) {
		case 0, 1, 2:
			if x := g.arith(t, d); x != nil {
				return x
			}
		case 3:
			if x := g.unary(t, d); x != nil {
				return x
			}
		case 4:
			// a cast from another kind of the same shape
			k := g.kinds()[g.r.Intn(len(g.kinds()))]
			if k == t.K {
				continue
			}
			return &Cast{T: t, X: g.expr(Type{K: k, N: t.N}, d)}
		case 5:
			if t.K == Bool {
				return g.compare(t, d)
			}
		case 6:
			c := g.expr(Type{K: Bool, N: 1}, d)
			if t.N > 1 && g.chance(2) {
				c = g.expr(Type{K: Bool, N: t.N}, d)
			}
			return &Cond{C: c, X: g.expr(t, d), Y: g.expr(t, d)}
		case 7:
			// a swizzle of a wider vector
			n := max(t.N, 2+g.r.Intn(3))
			comps := make([]int, t.N)
			for i := range comps {
				comps[i] = g.r.Intn(n)
			}
			return &Swz{X: g.expr(Type{K: t.K, N: n}, d), Comps: comps}
		case 8, 9:
			if x := g.intrinsic(t, d); x != nil {
				return x
			}
		case 10:
			if x := g.call(t, d, true); x != nil {
				return x
			}
		case 11:
			if t.K == Bool && t.N == 1 {
				return &Bin{Op: []string{"&&", "||"}[g.r.Intn(2)], X: g.expr(t, d), Y: g.expr(t, d), T: t}
			}
			if t.N > 1 {
				parts := []Expr{}
				for n := 0; n < t.N; {
					k := 1 + g.r.Intn(t.N-n)
					parts = append(parts, g.expr(Type{K: t.K, N: k}, d))
					n += k
				}
				return &Call{Name: t.String(), Args: parts, T: t}
			}
		}
	}
}

func (g *gen) leaf(t Type) Expr {
	for tries := 0; tries < 4; tries++ {
		switch g.r.Intn(6) {
		case 0, 1:
			if vs := g.visible(func(v *Var) bool { return v.T == t && v.Len == 0 && v.Struct == nil }); len(vs) > 0 {
				return &Ref{g.pick(vs)}
			}
		case 2:
			if vs := g.visible(func(v *Var) bool { return v.T == t && v.Len > 0 }); len(vs) > 0 {
				a := g.pick(vs)
				return &Elem{A: a, I: g.index(a.Len)}
			}
			if vs := g.visible(func(v *Var) bool { return v.Struct != nil }); len(vs) > 0 {
				s := g.pick(vs)
				for i, f := range s.Struct.Fields {
					if f.T == t {
						return &Member{S: s, F: i}
					}
				}
			}
		case 3:
			if t.N == 1 && !t.IsMatrix() {
				if vs := g.visible(func(v *Var) bool {
					return v.T.K == t.K && v.T.N > 1 && !v.T.IsMatrix() && v.Len == 0 && v.Struct == nil
				}); len(vs) > 0 {
					v := g.pick(vs)
					if g.chance(2) {
						return &Comp{V: v, I: g.index(v.T.N)}
					}
					return &Swz{X: &Ref{v}, Comps: []int{g.r.Intn(v.T.N)}}
				}
			}
		case 4:
			if t.N == 1 && !t.IsMatrix() {
				for _, b := range g.cfg.Inputs {
					if b.K == t.K && g.chance(2) {
						return &Load{Buf: b, I: g.index(len(b.Data))}
					}
				}
				if t.K == Uint && !g.inFunc {
					return &ThreadID{}
				}
				if t.K == Int && !g.inFunc {
					return &Cast{T: t, X: &ThreadID{}}
				}
			}
		}
	}
	return g.lit(t)
}

// index is an index in [0, n), n a power of two: (e & (n-1)) on a uint,
// or a constant.
func (g *gen) index(n int) Expr {
	if g.chance(3) {
		return &Lit{Value{T: scalar(Int), I: []int64{int64(g.r.Intn(n))}}}
	}
	mask := &Lit{Value{T: scalar(Uint), I: []int64{int64(pow2(n) - 1)}}}
	var x Expr = &ThreadID{}
	if !g.chance(3) || g.inFunc { // helper functions have no tid
		x = g.expr(scalar(Uint), 1)
	}
	e := &Bin{Op: "&", X: x, Y: mask, T: scalar(Uint)}
	if pow2(n) == n {
		return e
	}
	// not a power of two: % n
	return &Bin{Op: "%", X: x, Y: &Lit{Value{T: scalar(Uint), I: []int64{int64(n)}}}, T: scalar(Uint)}
}

func pow2(n int) int {
	p := 1
	for p < n {
		p <<= 1
	}
	return p
}

func (g *gen) arith(t Type, d int) Expr {
	switch {
	case t.K == Bool && t.N > 1 && g.cfg.Portable:
		return g.scalarWise(t, d)
	case t.K == Bool:
		op := []string{"==", "!=", "&", "|", "^"}[g.r.Intn(5)]
		if t.N > 1 && (op == "&" || op == "|" || op == "^") {
			op = "=="
		}
		return &Bin{Op: op, X: g.expr(t, d), Y: g.expr(t, d), T: t}
	case t.K.isFloat():
		switch g.r.Intn(6) {
		case 0, 1:
			return &Bin{Op: "+", X: g.expr(t, d), Y: g.expr(t, d), T: t}
		case 2, 3:
			return &Bin{Op: "-", X: g.expr(t, d), Y: g.expr(t, d), T: t}
		case 4:
			// a product with a small constant, or of two values
			c := &Lit{Value{T: scalar(t.K), C: []float64{[]float64{0.5, 2, -1, 0.25, 3, -4}[g.r.Intn(6)]}}}
			if g.chance(3) {
				return &Bin{Op: "*", X: g.expr(t, d), Y: g.expr(t, d), T: t}
			}
			return &Bin{Op: "*", X: g.expr(t, d), Y: c, T: t}
		default:
			c := &Lit{Value{T: scalar(t.K), C: []float64{[]float64{2, 4, -2, 0.5}[g.r.Intn(4)]}}}
			return &Bin{Op: "/", X: g.expr(t, d), Y: c, T: t}
		}
	}
	op := []string{"+", "-", "*", "&", "|", "^", "/", "%", "<<", ">>", "+", "-"}[g.r.Intn(12)]
	x := g.expr(t, d)
	var y Expr
	if t.N > 1 && g.chance(3) {
		y = g.expr(scalar(t.K), d) // splat
	} else {
		y = g.expr(t, d)
	}
	yt := y.Type()
	switch op {
	case "/", "%":
		// never zero: y | 1; a signed divisor never -1 either, (y & -3) |
		// 1 (1 modulo 4): INT_MIN / -1 where the evaluator does not go (an
		// arm not taken, a function not called) still reaches the driver,
		// and lavapipe folds it in C when it is constant after inlining:
		// SIGFPE (TRIAGE.md)
		if yt.K == Int {
			y = &Bin{Op: "&", X: y, Y: &Lit{splat(yt, -3)}, T: yt}
		}
		y = &Bin{Op: "|", X: y, Y: &Lit{splat(yt, 1)}, T: yt}
	case "<<", ">>":
		mask := Value{T: scalar(t.K), I: []int64{31}}
		if g.chance(2) {
			mask.I[0] = 7
		}
		m := zero(yt)
		for i := range m.I {
			m.I[i] = mask.I[0]
		}
		y = &Bin{Op: "&", X: y, Y: &Lit{m}, T: yt}
	}
	return &Bin{Op: op, X: x, Y: y, T: t}
}

// splat is the integer value n in every component of t.
func splat(t Type, n int64) Value {
	v := zero(t)
	for i := range v.I {
		v.I[i] = n
	}
	return v
}

func (g *gen) unary(t Type, d int) Expr {
	switch {
	case t.K == Bool:
		return &Un{Op: "!", X: g.expr(t, d)}
	case t.K.isFloat() || g.chance(2):
		return &Un{Op: "-", X: g.expr(t, d)}
	}
	return &Un{Op: "~", X: g.expr(t, d)}
}

// scalarWise builds a bool vector component by component (Portable).
func (g *gen) scalarWise(t Type, d int) Expr {
	args := make([]Expr, t.N)
	for i := range args {
		args[i] = g.expr(scalar(Bool), d)
	}
	return &Call{Name: t.String(), Args: args, T: t}
}

func (g *gen) compare(t Type, d int) Expr {
	if t.N > 1 && g.cfg.Portable {
		return g.scalarWise(t, d)
	}
	k := []Kind{Int, Uint, Float, Int, Uint, Float}[g.r.Intn(6)]
	if g.cfg.Half && g.chance(4) {
		k = Half
	}
	ot := Type{K: k, N: t.N}
	op := []string{"<", "<=", ">", ">=", "==", "!="}[g.r.Intn(6)]
	return &Bin{Op: op, X: g.expr(ot, d), Y: g.expr(ot, d), T: t}
}

// intrinsic makes a call of an intrinsic returning t.
func (g *gen) intrinsic(t Type, d int) Expr {
	k := t.K
	switch {
	case k == Bool && t.N == 1 && g.chance(2):
		n := 2 + g.r.Intn(3)
		return &Call{Name: []string{"any", "all"}[g.r.Intn(2)], Args: []Expr{g.expr(Type{K: Bool, N: n}, d)}, T: t}
	case k == Bool:
		return nil
	case t.N == 1 && (k == Int || k == Uint || k == Float) && g.chance(4):
		n := 2 + g.r.Intn(3)
		vt := Type{K: k, N: n}
		return &Call{Name: "dot", Args: []Expr{g.expr(vt, d), g.expr(vt, d)}, T: t}
	case k == Float && t.N > 1 && t.N <= 3 && g.chance(4):
		// mul of a matrix and a vector
		other := 2 + g.r.Intn(2)
		if g.chance(2) {
			m := Type{K: Float, Rows: t.N, N: other}
			return &Call{Name: "mul", Args: []Expr{g.expr(m, d), g.expr(Type{K: Float, N: other}, d)}, T: t}
		}
		m := Type{K: Float, Rows: other, N: t.N}
		return &Call{Name: "mul", Args: []Expr{g.expr(Type{K: Float, N: other}, d), g.expr(m, d)}, T: t}
	}
	var names []string
	switch k {
	case Int:
		names = []string{"abs", "min", "max", "clamp", "sign", "mad", "firstbithigh", "firstbitlow"}
	case Uint:
		names = []string{"min", "max", "clamp", "mad", "countbits", "reversebits", "firstbithigh", "firstbitlow"}
	default:
		names = []string{"abs", "min", "max", "clamp", "floor", "ceil", "trunc", "frac", "saturate", "mad", "step"}
	}
	name := names[g.r.Intn(len(names))]
	if name == "mad" && k.isInt() && g.cfg.Portable {
		name = "min"
	}
	arg := func() Expr { return g.expr(t, d) }
	switch name {
	case "min", "max", "step":
		return &Call{Name: name, Args: []Expr{arg(), arg()}, T: t}
	case "clamp":
		lo := g.lit(t)
		hi := g.lit(t)
		for i := range lo.V.I {
			if lo.V.I[i] > hi.V.I[i] {
				lo.V.I[i], hi.V.I[i] = hi.V.I[i], lo.V.I[i]
			}
		}
		for i := range lo.V.C {
			if lo.V.C[i] > hi.V.C[i] {
				lo.V.C[i], hi.V.C[i] = hi.V.C[i], lo.V.C[i]
			}
		}
		return &Call{Name: name, Args: []Expr{arg(), lo, hi}, T: t}
	case "mad":
		return &Call{Name: name, Args: []Expr{arg(), arg(), arg()}, T: t}
	case "firstbithigh", "firstbitlow", "countbits":
		// these return uint: take an argument of t's kind, cast the result
		at := Type{K: k, N: t.N}
		c := &Call{Name: name, Args: []Expr{g.expr(at, d)}, T: Type{K: Uint, N: t.N}}
		if k == Uint {
			return c
		}
		return &Cast{T: t, X: c}
	case "sign":
		return &Call{Name: name, Args: []Expr{arg()}, T: t}
	}
	return &Call{Name: name, Args: []Expr{arg()}, T: t}
}

// call makes a call of a helper function returning t: an accepted one with
// that result, or a new one. Inside an expression (pure) the function takes
// in parameters only: a call writing a variable that the same expression
// reads elsewhere (v[f(v)] with out v) reads it before or after the call at
// the compiler's choice — unsequenced in C++ and unspecified in HLSL.
func (g *gen) call(t Type, d int, pure bool) Expr {
	if g.inFunc || t.IsMatrix() {
		return nil
	}
	var cands []*Func
	for _, f := range append(g.funcs, g.pending...) {
		if f.Ret == t && (!pure || f.pure()) {
			cands = append(cands, f)
		}
	}
	var f *Func
	if len(cands) > 0 && !g.chance(4) {
		f = cands[g.r.Intn(len(cands))]
	} else if len(g.funcs)+len(g.pending) >= 4 {
		return nil
	} else {
		f = g.newFunc(t, pure)
		if f == nil {
			return nil
		}
	}
	args := make([]Expr, len(f.Params))
	for i, p := range f.Params {
		if p.Mode == "in" {
			args[i] = g.expr(p.V.T, d)
			continue
		}
		// an out or inout argument is a variable of the parameter's type
		vs := g.visible(func(v *Var) bool { return v.T == p.V.T && v.Len == 0 && v.Struct == nil && !g.fixed[v] })
		if len(vs) == 0 {
			return nil
		}
		args[i] = &Ref{g.pick(vs)}
	}
	for i := range args {
		for j := range args[:i] {
			if f.Params[i].Mode != "in" && f.Params[j].Mode != "in" && expr(args[i]) == expr(args[j]) {
				return nil // one variable for two outputs: the order of copy-out matters
			}
		}
	}
	return &Call{Fn: f, Args: args, T: t}
}

func (g *gen) newFunc(t Type, pure bool) *Func {
	f := &Func{Name: g.name("f"), Ret: t}
	savedScopes, savedLoop := g.scopes, g.inLoop
	g.scopes, g.inLoop, g.inFunc = [][]*Var{nil}, 0, true
	defer func() { g.scopes, g.inLoop, g.inFunc = savedScopes, savedLoop, false }()
	for i := 0; i < 1+g.r.Intn(3); i++ {
		pt := g.randType()
		for pt.IsMatrix() {
			pt = g.randType()
		}
		p := &Param{V: &Var{Name: g.name("a"), T: pt}, Mode: []string{"in", "in", "out", "inout"}[g.r.Intn(4)]}
		if pure {
			p.Mode = "in"
		}
		f.Params = append(f.Params, p)
		if p.Mode == "out" {
			// written first: an out parameter starts undefined
			f.Body = append(f.Body, &Assign{L: &Ref{p.V}, Op: "=", R: g.lit(pt)})
		}
	}
	for _, p := range f.Params {
		g.declare(p.V)
	}
	for i := 0; i < 1+g.r.Intn(4); i++ {
		if s := g.stmt(2); s != nil {
			f.Body = append(f.Body, s)
		}
	}
	f.Body = append(f.Body, &Return{X: g.expr(t, 3)})
	g.pending = append(g.pending, f)
	return f
}

// pure reports a function that writes none of its arguments.
func (f *Func) pure() bool {
	for _, p := range f.Params {
		if p.Mode != "in" {
			return false
		}
	}
	return true
}

// ---- statements ----

func (g *gen) topStmt() Stmt {
	switch g.r.Intn(12) {
	case 0:
		if vs := g.visible(g.assignable); len(vs) > 0 && g.inLoop == 0 {
			v := g.pick(vs)
			if v.Len == 0 && v.Struct == nil && !v.T.IsMatrix() {
				return &Exchange{V: v, Shift: 1 + g.r.Intn(Threads-1)}
			}
		}
	case 1:
		if vs := g.visible(g.assignable); len(vs) > 0 {
			v := g.pick(vs)
			if v.Len == 0 && v.Struct == nil && !v.T.IsMatrix() {
				return &Scratch{V: v, Slot: g.r.Intn(4)}
			}
		}
	}
	return g.stmt(3)
}

func (g *gen) assignable(v *Var) bool { return !g.fixed[v] }

// stmt makes a statement; depth bounds its nesting.
func (g *gen) stmt(depth int) Stmt {
	if len(g.visible(g.assignable)) < 2 || g.chance(4) {
		return g.decl()
	}
	switch g.r.Intn(10) {
	case 0, 1, 2, 3:
		return g.assign()
	case 4:
		if depth > 0 {
			return &If{C: g.expr(scalar(Bool), g.cfg.MaxDepth-1), Then: g.block(depth-1, 3), Else: g.maybeBlock(depth - 1)}
		}
	case 5, 6:
		if depth > 0 {
			return g.loop(depth - 1)
		}
	case 7:
		if depth > 0 {
			return g.switchStmt(depth - 1)
		}
	case 8:
		if g.inLoop > 0 {
			var s Stmt = &Break{}
			if g.chance(2) {
				s = &Continue{}
			}
			return &If{C: g.expr(scalar(Bool), 2), Then: []Stmt{s}}
		}
	case 9:
		if !g.inFunc {
			t := g.randType()
			if c, ok := g.call(t, 2, false).(*Call); ok && c != nil {
				return &ExprStmt{X: c}
			}
		}
	}
	return g.assign()
}

func (g *gen) decl() Stmt {
	v := &Var{Name: g.name("v"), T: g.randType()}
	var init Expr
	switch {
	case g.chance(8) && !v.T.IsMatrix():
		v.Len = []int{2, 3, 4}[g.r.Intn(3)]
	case len(g.p.Structs) > 0 && g.chance(6):
		v.Struct = g.p.Structs[g.r.Intn(len(g.p.Structs))]
	default:
		init = g.expr(v.T, g.cfg.MaxDepth)
	}
	g.declare(v)
	return &Decl{V: v, Init: init}
}

func (g *gen) assign() Stmt {
	vs := g.visible(g.assignable)
	if len(vs) == 0 {
		return g.decl()
	}
	v := g.pick(vs)
	var l Expr
	switch {
	case v.Len > 0:
		l = &Elem{A: v, I: g.index(v.Len)}
	case v.Struct != nil:
		l = &Member{S: v, F: g.r.Intn(len(v.Struct.Fields))}
	case v.T.IsMatrix():
		if g.chance(2) {
			l = &Comp{V: v, I: g.index(v.T.Rows)}
		} else {
			l = &Ref{v}
		}
	case v.T.N > 1 && g.chance(3):
		// a write mask of distinct components
		perm := g.r.Perm(v.T.N)
		l = &Swz{X: &Ref{v}, Comps: perm[:1+g.r.Intn(v.T.N)]}
	case v.T.N > 1 && g.chance(3):
		l = &Comp{V: v, I: g.index(v.T.N)}
	default:
		l = &Ref{v}
	}
	t := l.Type()
	op := "="
	if g.chance(3) && t.K != Bool && !t.IsMatrix() {
		if t.K.isFloat() {
			op = []string{"+=", "-="}[g.r.Intn(2)]
		} else {
			op = []string{"+=", "-=", "*=", "&=", "|=", "^="}[g.r.Intn(6)]
		}
	}
	return &Assign{L: l, Op: op, R: g.expr(t, g.cfg.MaxDepth)}
}

func (g *gen) block(depth, n int) []Stmt {
	g.scopes = append(g.scopes, nil)
	defer func() { g.scopes = g.scopes[:len(g.scopes)-1] }()
	var out []Stmt
	for i := 0; i < 1+g.r.Intn(n); i++ {
		if s := g.stmt(depth); s != nil {
			out = append(out, s)
		}
	}
	return out
}

func (g *gen) maybeBlock(depth int) []Stmt {
	if g.chance(2) {
		return nil
	}
	return g.block(depth, 2)
}

func (g *gen) loop(depth int) Stmt {
	i := &Var{Name: g.name("i"), T: scalar(Int)}
	l := &Loop{I: i, N: 1 + g.r.Intn(4), Style: g.r.Intn(3)}
	g.scopes = append(g.scopes, []*Var{i})
	g.fixed[i] = true
	g.inLoop++
	l.Body = g.block(depth, 3)
	g.inLoop--
	g.scopes = g.scopes[:len(g.scopes)-1]
	return l
}

func (g *gen) switchStmt(depth int) Stmt {
	s := &Switch{X: &Bin{Op: "&", X: g.expr(scalar(Int), 2), Y: &Lit{Value{T: scalar(Int), I: []int64{3}}}, T: scalar(Int)}}
	vals := g.r.Perm(4)
	for i := 0; i < 1+g.r.Intn(3); i++ {
		c := &Case{Vals: []int{vals[i]}, NoBreak: g.chance(4)}
		saved := g.inLoop
		g.inLoop = 0 // a break here leaves the switch: not generated
		c.Body = g.block(depth, 2)
		g.inLoop = saved
		s.Cases = append(s.Cases, c)
	}
	if g.chance(2) {
		s.Cases = append(s.Cases, &Case{Body: g.block(depth, 2)})
	}
	s.Cases[len(s.Cases)-1].NoBreak = false
	return s
}
