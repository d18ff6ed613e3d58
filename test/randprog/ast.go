package randprog

import (
	"fmt"
	"math"
	"strings"
)

// A Var is a local variable, parameter or loop counter. Exactly one of T
// (a scalar, vector or matrix), Len > 0 (an array of Elem) and Struct is
// its shape.
type Var struct {
	Name   string
	T      Type
	Len    int // > 0 for an array of T
	Struct *Struct
}

// Struct is a struct type of scalar and vector fields.
type Struct struct {
	Name   string
	Fields []Field
}

type Field struct {
	Name string
	T    Type
}

// Expr is an expression of the subset; W writes its HLSL.
type Expr interface {
	Type() Type
	W(b *strings.Builder)
}

type (
	Lit struct{ V Value }
	// Ref reads a variable of a scalar, vector or matrix type.
	Ref struct{ V *Var }
	// Elem is a[i] of an array variable (I is masked in range by the
	// generator and checked by the evaluator).
	Elem struct {
		A *Var
		I Expr
	}
	// Comp is v[i] of a vector variable, or row i of a matrix variable.
	Comp struct {
		V *Var
		I Expr
	}
	// Member is s.f of a struct variable.
	Member struct {
		S *Var
		F int
	}
	Swz struct {
		X     Expr
		Comps []int
	}
	Un struct {
		Op string // - ~ !
		X  Expr
	}
	Bin struct {
		Op   string
		X, Y Expr
		T    Type
	}
	Cast struct {
		T Type
		X Expr
	}
	// Cond is c ? x : y for a scalar c, select(c, x, y) for a vector.
	Cond struct{ C, X, Y Expr }
	// Call is an intrinsic (Fn nil) or a user function call.
	Call struct {
		Name string
		Fn   *Func
		Args []Expr
		T    Type
	}
	// Load reads an input buffer at index I (masked in range).
	Load struct {
		Buf *Buffer
		I   Expr
	}
	// ThreadID is the thread's index in its group (uint).
	ThreadID struct{}
)

func (x *Lit) Type() Type      { return x.V.T }
func (x *Ref) Type() Type      { return x.V.T }
func (x *Elem) Type() Type     { return x.A.T }
func (x *Member) Type() Type   { return x.S.Struct.Fields[x.F].T }
func (x *Swz) Type() Type      { return Type{K: x.X.Type().K, N: len(x.Comps)} }
func (x *Un) Type() Type       { return x.X.Type() }
func (x *Bin) Type() Type      { return x.T }
func (x *Cast) Type() Type     { return x.T }
func (x *Cond) Type() Type     { return x.X.Type() }
func (x *Call) Type() Type     { return x.T }
func (x *Load) Type() Type     { return scalar(x.Buf.K) }
func (x *ThreadID) Type() Type { return scalar(Uint) }
func (x *Comp) Type() Type {
	if x.V.T.IsMatrix() {
		return Type{K: x.V.T.K, N: x.V.T.N}
	}
	return scalar(x.V.T.K)
}

func (x *Lit) W(b *strings.Builder) { writeValue(b, x.V) }
func (x *Ref) W(b *strings.Builder) { b.WriteString(x.V.Name) }
func (x *Elem) W(b *strings.Builder) {
	fmt.Fprintf(b, "%s[", x.A.Name)
	x.I.W(b)
	b.WriteString("]")
}
func (x *Comp) W(b *strings.Builder) {
	fmt.Fprintf(b, "%s[", x.V.Name)
	x.I.W(b)
	b.WriteString("]")
}
func (x *Member) W(b *strings.Builder) {
	fmt.Fprintf(b, "%s.%s", x.S.Name, x.S.Struct.Fields[x.F].Name)
}
func (x *Swz) W(b *strings.Builder) {
	b.WriteString("(")
	x.X.W(b)
	b.WriteString(").")
	for _, c := range x.Comps {
		b.WriteByte("xyzw"[c])
	}
}
func (x *Un) W(b *strings.Builder) {
	b.WriteString("(" + x.Op)
	x.X.W(b)
	b.WriteString(")")
}
func (x *Bin) W(b *strings.Builder) {
	b.WriteString("(")
	x.X.W(b)
	b.WriteString(" " + x.Op + " ")
	x.Y.W(b)
	b.WriteString(")")
}
func (x *Cast) W(b *strings.Builder) {
	fmt.Fprintf(b, "((%s)", x.T)
	x.X.W(b)
	b.WriteString(")")
}
func (x *Cond) W(b *strings.Builder) {
	if x.C.Type().N == 1 {
		b.WriteString("(")
		x.C.W(b)
		b.WriteString(" ? ")
		x.X.W(b)
		b.WriteString(" : ")
		x.Y.W(b)
		b.WriteString(")")
		return
	}
	b.WriteString("select(")
	x.C.W(b)
	b.WriteString(", ")
	x.X.W(b)
	b.WriteString(", ")
	x.Y.W(b)
	b.WriteString(")")
}
func (x *Call) W(b *strings.Builder) {
	name := x.Name
	if x.Fn != nil {
		name = x.Fn.Name
	}
	b.WriteString(name + "(")
	for i, a := range x.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		a.W(b)
	}
	b.WriteString(")")
}
func (x *Load) W(b *strings.Builder) {
	b.WriteString(x.Buf.Name)
	if x.Buf.ByteAddress {
		b.WriteString(".Load((")
		x.I.W(b)
		b.WriteString(") * 4)")
		return
	}
	b.WriteString("[")
	x.I.W(b)
	b.WriteString("]")
}
func (x *ThreadID) W(b *strings.Builder) { b.WriteString("tid") }

// writeValue writes a literal: a scalar with its kind made explicit, a
// vector or matrix as a constructor.
func writeValue(b *strings.Builder, v Value) {
	if v.T.Comps() > 1 {
		b.WriteString(v.T.String() + "(")
		for i := 0; i < v.T.Comps(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			writeValue(b, v.comp(i))
		}
		b.WriteString(")")
		return
	}
	switch v.T.K {
	case Bool:
		if v.I[0] != 0 {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case Int:
		if v.I[0] < 0 {
			fmt.Fprintf(b, "(%d)", v.I[0])
		} else {
			fmt.Fprintf(b, "%d", v.I[0])
		}
	case Uint:
		fmt.Fprintf(b, "%du", v.I[0])
	case Float, Half:
		s := fmt.Sprintf("%g", v.C[0])
		if math.Signbit(v.C[0]) {
			s = "(" + s
		}
		if !strings.ContainsAny(s, ".e") {
			s += ".0"
		}
		if v.T.K == Half {
			s = "(half)" + s
		} else {
			s += "f"
		}
		if math.Signbit(v.C[0]) {
			s += ")"
		}
		b.WriteString(s)
	}
}

// Buffer is an input buffer every program of a batch may read.
type Buffer struct {
	Name        string
	K           Kind
	Decl        string // its HLSL declaration
	ByteAddress bool
	Data        []uint32
}

// Stmt is a statement of the subset.
type Stmt interface{ isStmt() }

type (
	// Decl declares V, initialized by Init (nil: zero, written as = (T)0).
	Decl struct {
		V    *Var
		Init Expr
	}
	// Assign is L op= R; L is a Ref, Swz of a Ref, Elem, Comp or Member.
	Assign struct {
		L  Expr
		Op string // "=", "+=", ...
		R  Expr
	}
	If struct {
		C          Expr
		Then, Else []Stmt
	}
	// Loop is for (int i = 0; i < N; i++) { Body } (or the while and
	// do-while equivalents, by Style).
	Loop struct {
		I     *Var
		N     int
		Style int // 0 for, 1 while, 2 do-while
		Body  []Stmt
	}
	Break    struct{}
	Continue struct{}
	Switch   struct {
		X     Expr // int
		Cases []*Case
	}
	Case struct {
		Vals    []int // none: default
		Body    []Stmt
		NoBreak bool // falls through to the next case
	}
	// ExprStmt evaluates a call for its out arguments.
	ExprStmt struct{ X *Call }
	// Exchange writes V to the thread's groupshared slot, syncs, reads
	// the slot of thread (tid + Shift) % threads into V, and syncs again.
	Exchange struct {
		V     *Var
		Shift int
	}
	// Scratch stores V to the thread's slot Slot of the scratch buffer and
	// reads it back into V (a round trip through a RW buffer).
	Scratch struct {
		V    *Var
		Slot int
	}
	Return struct{ X Expr }
)

func (*Decl) isStmt()     {}
func (*Assign) isStmt()   {}
func (*If) isStmt()       {}
func (*Loop) isStmt()     {}
func (*Break) isStmt()    {}
func (*Continue) isStmt() {}
func (*Switch) isStmt()   {}
func (*ExprStmt) isStmt() {}
func (*Exchange) isStmt() {}
func (*Scratch) isStmt()  {}
func (*Return) isStmt()   {}

// Func is a helper function of a program.
type Func struct {
	Name   string
	Params []*Param
	Ret    Type
	Body   []Stmt // ends with a Return
}

type Param struct {
	V    *Var
	Mode string // "in", "out", "inout"
}
