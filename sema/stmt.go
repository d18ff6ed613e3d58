package sema

import (
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/codes"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

func (c *checker) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.BlockStmt:
		c.openScope(ScopeBlock, "")
		for _, x := range s.List {
			c.stmt(x)
		}
		c.closeScope()
	case *ast.DeclStmt:
		for _, d := range s.Decls {
			c.decl(d, nil)
		}
	case *ast.ExprStmt:
		c.expr(s.X)
	case *ast.AttrStmt:
		c.stmt(s.Stmt)
	case *ast.IfStmt:
		c.openScope(ScopeBlock, "")
		c.condition("if", s.CondVar, s.Cond)
		c.subStmt(s.Then)
		if s.Else != nil {
			c.subStmt(s.Else)
		}
		c.closeScope()
	case *ast.ForStmt:
		// As in fxc, a variable declared in the init statement stays
		// visible after the loop, and a later loop may declare it again
		// (DXC warns; the most recent declaration wins).
		if s.Init != nil {
			c.forInit = true
			c.stmt(s.Init)
			c.forInit = false
		}
		c.openScope(ScopeBlock, "")
		if s.Cond != nil {
			c.condition("for", nil, s.Cond)
		}
		if s.Post != nil {
			c.expr(s.Post)
		}
		c.loopBody(s.Body)
		c.closeScope()
	case *ast.WhileStmt:
		c.openScope(ScopeBlock, "")
		c.condition("while", s.CondVar, s.Cond)
		c.loopBody(s.Body)
		c.closeScope()
	case *ast.DoStmt:
		c.loopBody(s.Body)
		c.condition("do", nil, s.Cond)
	case *ast.SwitchStmt:
		c.switchStmt(s)
	case *ast.CaseLabelStmt:
		if s.Value != nil {
			c.caseValue(s.Value, nil)
		}
	case *ast.BranchStmt:
		c.branch(s)
	case *ast.ReturnStmt:
		c.returnStmt(s)
	case *ast.DiscardStmt:
		// Reported by checkEntry, for functions the entry reaches (DXC
		// only complains about code it emits).
		if c.fn != nil {
			c.fn.discards = append(c.fn.discards, s.Pos())
		}
	}
}

// subStmt checks a statement that is its own scope (if/loop bodies).
func (c *checker) subStmt(s ast.Stmt) {
	c.openScope(ScopeBlock, "")
	c.stmt(s)
	c.closeScope()
}

func (c *checker) loopBody(s ast.Stmt) {
	c.breakable = append(c.breakable, true)
	c.loops++
	c.subStmt(s)
	c.loops--
	c.breakable = c.breakable[:len(c.breakable)-1]
}

// condition checks an if/while/for/do condition: a scalar that converts
// to bool.
func (c *checker) condition(stmt string, v *ast.VarDecl, e ast.Expr) {
	if v != nil {
		c.varDecl(v, nil)
		return
	}
	x := c.expr(e)
	if x.invalid() {
		return
	}
	if x.typ.Scalar() == types.NoScalar {
		c.errorf(BadCondition, e.Pos(), "value of type %s is not contextually convertible to 'bool'", types.Quote(x.typ))
		return
	}
	if x.typ.IsScalar() {
		c.recordConversion(e, x.typ, types.ScalarType(types.Bool))
	}
	if !x.typ.IsScalar() && x.typ.Kind() != types.Enum && x.typ.ComponentCount() > 1 {
		// DXC: the implicit conversion to bool would truncate.
		c.errorf(BadCondition, e.Pos(), "%s statement conditional expressions must evaluate to a scalar", stmt)
	}
}

func (c *checker) branch(s *ast.BranchStmt) {
	if s.Kind == ast.Continue {
		if c.loops == 0 {
			c.errorf(BranchOutside, s.Pos(), "'continue' statement not in loop statement")
		}
		return
	}
	if len(c.breakable) == 0 {
		c.errorf(BranchOutside, s.Pos(), "'break' statement not in loop or switch statement")
	}
}

func (c *checker) returnStmt(s *ast.ReturnStmt) {
	if c.fn == nil {
		return
	}
	want := c.fn.Result
	if s.Result == nil {
		if want != nil && !want.IsVoid() && want.Kind() != types.Invalid {
			c.errorf(ReturnMismatch, s.Pos(), "non-void function '%s' should return a value", c.fn.name)
		}
		return
	}
	x := c.expr(s.Result)
	if want == nil || x.invalid() {
		return
	}
	if want.IsVoid() {
		if !x.typ.IsVoid() {
			c.errorf(ReturnMismatch, s.Pos(), "void function '%s' should not return a value", c.fn.name)
		}
		return
	}
	c.convertToIn(x, s.Result, want, "return object")
}

func (c *checker) switchStmt(s *ast.SwitchStmt) {
	c.openScope(ScopeBlock, "")
	if s.CondVar != nil {
		c.varDecl(s.CondVar, nil)
	} else if s.Tag != nil {
		x := c.expr(s.Tag)
		if !x.invalid() && !(x.typ.IsScalar() && (x.typ.Scalar().IsInteger() || x.typ.Scalar().IsBool())) && x.typ.Kind() != types.Enum {
			if x.typ.Scalar() == types.NoScalar || x.typ.ComponentCount() != 1 {
				c.errorf(BadCondition, s.Tag.Pos(), "statement requires expression of integer type (%s invalid)", types.Quote(x.typ))
			}
		}
	}
	c.breakable = append(c.breakable, true)
	c.switches++
	seen := map[string]ast.Expr{}
	for _, cl := range s.Cases {
		for _, v := range cl.Values {
			c.caseValue(v, seen)
		}
		c.openScope(ScopeBlock, "")
		for _, st := range cl.Body {
			c.stmt(st)
		}
		c.closeScope()
	}
	c.switches--
	c.breakable = c.breakable[:len(c.breakable)-1]
	c.closeScope()
}

// caseValue checks that a case label is an integer constant, once.
func (c *checker) caseValue(e ast.Expr, seen map[string]ast.Expr) {
	x := c.expr(e)
	if x.invalid() {
		return
	}
	if x.val == nil || len(x.val.Elems) != 1 {
		c.errorf(CaseNotConstant, e.Pos(), "expression is not an integral constant expression")
		return
	}
	v := x.val.Elems[0]
	if v.Kind().IsFloat() {
		c.errorf(CaseNotConstant, e.Pos(), "expression is not an integral constant expression")
		return
	}
	if seen == nil {
		return
	}
	key := v.Convert(types.Int64).String()
	if prev, dup := seen[key]; dup {
		c.errorNote(CaseNotConstant, e.Pos(), "duplicate case value '"+key+"'", prev.Pos(), "previous case defined here")
		return
	}
	seen[key] = e
}

var _ = constant.Add
var _ = codes.NotConstant
