package sema

import (
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Attr is an attribute as the checker resolved it: its name and its
// arguments' values. Codegen reads these instead of the syntax
// (Info.AttrsOf).
type Attr struct {
	Namespace string // "vk" in [[vk::binding(0)]]; "" when none
	Name      string // as written ("numthreads", "NumThreads", "binding")
	Args      []AttrArg
	pos       diag.Pos
}

// Pos is where the attribute is written.
func (a *Attr) Pos() diag.Pos { return a.pos }

// AttrArg is one argument of an attribute.
type AttrArg struct {
	// Expr is the argument as written: its position for diagnostics, and
	// the expression of an operand computed at run time (ext_decorate_id).
	Expr ast.Expr
	// Int is the argument's integer value when IsInt (Info.IntValue).
	Int   int64
	IsInt bool
	// Text is a literal argument's spelling without quotes ("tri",
	// "rgba8", "12"), when IsLit.
	Text  string
	IsLit bool
	// IsString reports a string literal; Str is its contents, written
	// between its outer quotes.
	Str      string
	IsString bool
}

// Pos is the argument's position.
func (a AttrArg) Pos() diag.Pos { return a.Expr.Pos() }

// Attrs are the attributes of one declaration or statement, in source order.
type Attrs []*Attr

// Vk returns the first vk:: attribute named name, or nil.
func (as Attrs) Vk(name string) *Attr {
	for _, a := range as {
		if a.Namespace == "vk" && a.Name == name {
			return a
		}
	}
	return nil
}

// HasVk reports a vk:: attribute named name.
func (as Attrs) HasVk(name string) bool { return as.Vk(name) != nil }

// AllVk returns every vk:: attribute named name (ext_capability,
// ext_decorate and friends may be repeated).
func (as Attrs) AllVk(name string) Attrs {
	var out Attrs
	for _, a := range as {
		if a.Namespace == "vk" && a.Name == name {
			out = append(out, a)
		}
	}
	return out
}

// Plain returns the first attribute without a namespace whose name is
// name in any case ([numthreads], [NumThreads], [domain("tri")]), or nil.
func (as Attrs) Plain(name string) *Attr {
	for _, a := range as {
		if a.Namespace == "" && strings.EqualFold(a.Name, name) {
			return a
		}
	}
	return nil
}

// Int is argument i's integer value.
func (a *Attr) Int(i int) (int64, bool) {
	if a == nil || i >= len(a.Args) {
		return 0, false
	}
	return a.Args[i].Int, a.Args[i].IsInt
}

// Text is argument i's literal spelling without quotes.
func (a *Attr) Text(i int) (string, bool) {
	if a == nil || i >= len(a.Args) {
		return "", false
	}
	return a.Args[i].Text, a.Args[i].IsLit
}

// VkBinding is what [[vk::binding(Binding, Set)]] says: each number when
// written as a constant integer.
type VkBinding struct {
	Binding, Set       int64
	HasBinding, HasSet bool
}

// Binding is the [[vk::binding]] of a declaration (the last one written,
// as codegen has always read it).
func (as Attrs) Binding() (VkBinding, bool) {
	var b VkBinding
	found := false
	for _, a := range as.AllVk("binding") {
		if len(a.Args) > 0 {
			b, found = VkBinding{}, true
			b.Binding, b.HasBinding = a.Int(0)
			b.Set, b.HasSet = a.Int(1)
		}
	}
	return b, found
}

// AttrsOf returns the resolved attributes written on n: a VarDecl, Param,
// FuncDecl, StructDecl, BufferDecl or AttrStmt (nil for any other node).
// Each call resolves them afresh, in memory of the caller's.
func (in *Info) AttrsOf(n ast.Node) Attrs {
	list := attrList(n)
	if len(list) == 0 {
		return nil
	}
	out := make(Attrs, len(list))
	for i, a := range list {
		out[i] = in.resolveAttr(a)
	}
	return out
}

// HasAttrs reports whether attributes are written on n (AttrsOf would not
// be empty), without resolving them.
func HasAttrs(n ast.Node) bool { return len(attrList(n)) > 0 }

// attrList returns the attributes written on n.
func attrList(n ast.Node) []*ast.Attribute {
	switch n := n.(type) {
	case *ast.VarDecl:
		return n.Attrs
	case *ast.Param:
		return n.Attrs
	case *ast.FuncDecl:
		return n.Attrs
	case *ast.StructDecl:
		return n.Attrs
	case *ast.BufferDecl:
		return n.Attrs
	case *ast.AttrStmt:
		return n.Attrs
	}
	return nil
}

// resolveAttr evaluates an attribute's arguments.
func (in *Info) resolveAttr(a *ast.Attribute) *Attr {
	r := &Attr{Namespace: a.Namespace, Name: a.Name, pos: a.Pos(), Args: make([]AttrArg, len(a.Args))}
	for i, x := range a.Args {
		arg := AttrArg{Expr: x}
		arg.Int, arg.IsInt = in.IntValue(x)
		if lit, ok := x.(*ast.BasicLit); ok {
			arg.Text, arg.IsLit = strings.Trim(lit.Value, `"`), true
			if lit.Kind == ast.StringLit {
				arg.Str, arg.IsString = lit.Value, true
				if len(lit.Value) >= 2 && lit.Value[0] == '"' && lit.Value[len(lit.Value)-1] == '"' {
					arg.Str = lit.Value[1 : len(lit.Value)-1]
				}
			}
		}
		r.Args[i] = arg
	}
	return r
}

// IntValue is the one evaluator of integer arguments that are not typed
// as expressions (attribute arguments): the constant value the checker
// recorded for x, else an integer literal, possibly parenthesized or
// negated.
func (in *Info) IntValue(x ast.Expr) (int64, bool) {
	if in != nil {
		if v := in.ValueOf(x); v != nil && len(v.Elems) == 1 {
			return v.Elems[0].Int64()
		}
	}
	x, neg := unparen(x), false
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == ast.Neg {
		x, neg = unparen(u.X), true
	}
	lit, ok := x.(*ast.BasicLit)
	if !ok || lit.Kind != ast.IntLit {
		return 0, false
	}
	v, _, err := constant.ParseLiteral(lit.Value, types.Config{})
	if err != nil {
		return 0, false
	}
	n, ok := v.Int64()
	if neg {
		n = -n
	}
	return n, ok
}

// Register is what a register(xN[, spaceM]) semantic says.
type Register struct {
	// Class is the register class letter, lower case ('b', 't', 's', 'u',
	// ...), and Num its number when HasNum; Class is 0 when only a space
	// is written: register(space1).
	Class  byte
	Num    int
	HasNum bool
	// Space is M of spaceM when HasSpace.
	Space    int
	HasSpace bool
}

// RegisterOf reads a register(...) semantic, in any case and with spaces
// around its operands; ok is false for other semantics and for one
// without operands. It is the one reading of register() that sema's
// checks and codegen's binding assignment share.
func RegisterOf(s *ast.Semantic) (r Register, ok bool) {
	if s.Kind != ast.Register || len(s.Args) == 0 {
		return Register{}, false
	}
	reg := strings.ToLower(strings.TrimSpace(s.Args[0]))
	space := ""
	if len(s.Args) > 1 {
		space = strings.ToLower(strings.TrimSpace(s.Args[1]))
	} else if strings.HasPrefix(reg, "space") {
		space, reg = reg, ""
	}
	if n, found := strings.CutPrefix(space, "space"); found {
		r.Space, r.HasSpace = atoi(n)
	}
	if len(reg) > 1 {
		r.Class = reg[0]
		r.Num, r.HasNum = atoi(reg[1:])
	}
	return r, true
}

func atoi(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// PackOffset is what a packoffset(cN[.c]) semantic says: the 16-byte
// register N and the 4-byte component c (x, y, z, w or r, g, b, a).
type PackOffset struct {
	Register, Component uint32
}

// Bytes is the offset in bytes.
func (p PackOffset) Bytes() int64 { return int64(p.Register)*16 + int64(p.Component)*4 }

// PackOffsetOf reads a packoffset(...) semantic, in any case; ok is false
// for other semantics and for operands that are not cN or cN.c. It is the
// one reading that sema's overlap check and codegen's layout share.
func PackOffsetOf(s *ast.Semantic) (PackOffset, bool) {
	if s.Kind != ast.PackOffset || len(s.Args) == 0 {
		return PackOffset{}, false
	}
	reg, ok := strings.CutPrefix(strings.ToLower(strings.TrimSpace(s.Args[0])), "c")
	if !ok {
		return PackOffset{}, false
	}
	var p PackOffset
	if r, comp, found := strings.Cut(reg, "."); found {
		i := strings.Index("xyzw", comp)
		if i < 0 {
			i = strings.Index("rgba", comp)
		}
		if len(comp) != 1 || i < 0 {
			return PackOffset{}, false
		}
		reg, p.Component = r, uint32(i)
	}
	n, ok := atoi(reg)
	if !ok || n < 0 {
		return PackOffset{}, false
	}
	p.Register = uint32(n)
	return p, true
}
