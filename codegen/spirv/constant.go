package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/internal/half"
	"math"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// foldable returns x's constant value when x is a constant expression that
// DXC folds: literals, enumerators and operators on them. Uses of
// variables (even static const ones) are loaded, as DXC does.
func (e *emitter) foldable(x ast.Expr) (*constant.Composite, bool) {
	v := e.info.ValueOfExpr(x)
	if v == nil {
		// (a, b) of constants is b, as clang evaluates it
		if b, ok := unparen(x).(*ast.BinaryExpr); ok && b.Op == ast.Comma {
			if _, ok := e.foldable(b.X); ok {
				return e.foldable(b.Y)
			}
		}
		// sizeof(T): the size under the scalar layout
		if so, ok := unparen(x).(*ast.SizeofExpr); ok {
			if size, ok := e.sizeofValue(so); ok {
				return &constant.Composite{Type: types.ScalarType(types.Uint), Elems: []constant.Value{constant.Uint(types.Uint, uint64(size))}}, true
			}
			return nil, false
		}
		// a swizzle of a constant (1.0.xxx)
		if m, ok := unparen(x).(*ast.MemberExpr); ok {
			if sw := e.info.SwizzleOf(m); sw != nil {
				if bv, ok := e.foldable(m.X); ok {
					out := constant.Composite{Type: sw.Type, Elems: make([]constant.Value, len(sw.Indices))}
					for i, k := range sw.Indices {
						if k >= len(bv.Elems) {
							return nil, false
						}
						out.Elems[i] = bv.Elems[k]
					}
					return &out, true
				}
			}
		}
		return nil, false
	}
	if _, lit := x.(*ast.BasicLit); lit {
		return v, true // the common case, with nothing below it to check
	}
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.NameExpr:
			switch o := e.info.ObjectOf(n).(type) {
			case *sema.EnumConst:
			case *sema.Var:
				// a file-scope const scalar is a constant in DXC
				if _, isConst := e.constVar(o); !isConst {
					ok = false
				}
			default:
				ok = false
			}
		case *ast.MemberExpr:
			// a swizzle folds only as the whole expression (clang folds
			// 1.0.xxx converted, not float4(0.5.xxxx))
			if _, isEnum := e.info.ObjectOf(n).(*sema.EnumConst); !isEnum && (e.info.SwizzleOf(n) == nil || n != unparen(x)) {
				ok = false
			}
		case *ast.CallExpr, *ast.AssignExpr, *ast.InitList:
			ok = false
		case *ast.ConstructExpr:
			// clang's evaluator does not fold matrices: DXC builds
			// float2x2(1, 2, 3, 4) with OpCompositeConstruct.
			if t := e.info.TypeOfExpr(n); t != nil && t.Canonical().IsMatrix() {
				ok = false
			}
		case *ast.UnaryExpr:
			switch n.Op {
			case ast.PreInc, ast.PreDec, ast.PostInc, ast.PostDec:
				ok = false
			}
		}
		return ok
	})
	return v, ok
}

// constant emits x as a constant of type t when it is foldable.
func (e *emitter) constant(x ast.Expr, t *types.Type) (builder.ID, bool) {
	v, ok := e.foldable(x)
	if !ok || t == nil {
		return 0, false
	}
	c := t.Canonical()
	switch c.Kind() {
	case types.Basic, types.Vector, types.Matrix:
	default:
		return 0, false
	}
	cv, ok := v.ConvertTo(c, types.Explicit)
	if !ok {
		return 0, false
	}
	return e.compositeConst(cv, c), true
}

// compositeConst builds the constant of a scalar, vector or matrix value.
func (e *emitter) compositeConst(cv constant.Composite, c *types.Type) builder.ID {
	s := c.Scalar().Concrete()
	if len(cv.Elems) == 1 { // a scalar, or a vector or matrix of one (which SPIR-V has not)
		return e.valueConst(cv.Elems[0], s)
	}
	elems := make([]builder.ID, len(cv.Elems))
	for i, v := range cv.Elems {
		elems[i] = e.valueConst(v, s)
	}
	switch {
	case c.IsScalar():
		return elems[0]
	case c.IsVector():
		return e.b.ConstComposite(e.typeID(c), elems...)
	case c.IsMatrix():
		if c.Rows() == 1 || c.Cols() == 1 {
			return e.b.ConstComposite(e.typeID(c), elems...)
		}
		rowT := e.typeID(types.Vec(s, c.Cols()))
		rows := make([]builder.ID, c.Rows())
		for r := range rows {
			rows[r] = e.b.ConstComposite(rowT, elems[r*c.Cols():(r+1)*c.Cols()]...)
		}
		return e.b.ConstComposite(e.typeID(c), rows...)
	}
	return elems[0]
}

// valueConst is the SPIR-V constant of a scalar value of kind s.
func (e *emitter) valueConst(v constant.Value, s types.Scalar) builder.ID {
	v = v.Convert(s)
	switch {
	case s.IsBool():
		return e.b.ConstBool(v.IsTrue())
	case s.IsFloat():
		return e.scalarConst(s, v.Float64())
	}
	tid := e.typeID(types.ScalarType(s))
	if u, ok := v.Uint64(); ok && !s.IsSigned() {
		return e.intConst(tid, u)
	}
	n, _ := v.Int64()
	return e.intConst(tid, uint64(n))
}

func (e *emitter) intConst(tid builder.ID, bits uint64) builder.ID {
	w := e.b.ScalarWidth(tid)
	if w < 64 {
		bits &= (1 << w) - 1
	}
	return e.b.Constant(tid, bits)
}

// scalarConst is the constant v of scalar kind s.
func (e *emitter) scalarConst(s types.Scalar, v float64) builder.ID {
	s = s.Concrete()
	if s.IsBool() {
		return e.b.ConstBool(v != 0)
	}
	tid := e.typeID(types.ScalarType(s))
	if e.b.TypeOp(tid) == spv.OpTypeFloat {
		switch e.b.ScalarWidth(tid) {
		case 16:
			return e.b.Constant(tid, uint64(half.FromFloat64(v, half.ToNearestEven)))
		case 64:
			return e.b.Constant(tid, math.Float64bits(v))
		}
		return e.b.Constant(tid, uint64(math.Float32bits(float32(v))))
	}
	return e.intConst(tid, uint64(int64(v)))
}

// unparen strips parentheses.
func unparen(x ast.Expr) ast.Expr {
	for {
		p, ok := x.(*ast.ParenExpr)
		if !ok {
			return x
		}
		x = p.X
	}
}

// sizeofValue is sizeof's value: the size of the type under the scalar
// layout, as DXC computes it.
func (e *emitter) sizeofValue(x *ast.SizeofExpr) (uint32, bool) {
	var of *types.Type
	if x.Type != nil {
		of = e.info.TypeOf(x.Type)
	} else if x.X != nil {
		of = e.info.TypeOfExpr(x.X)
	}
	if of == nil || of.Kind() == types.Invalid {
		return 0, false
	}
	return e.lowering.calc.Of(concreteType(of), layout.Scalar).Size, true
}
