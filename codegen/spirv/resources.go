package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// resourceType lowers a resource or object type.
func (e *emitter) resourceType(t *types.Type) (builder.ID, error) {
	e.unsupported(nil, "the type "+t.String())
	return 0, nil
}

// resourceVar declares a global resource variable.
func (e *emitter) resourceVar(d *ast.VarDecl, v *sema.Var) {
	e.unsupported(d, "the resource type "+v.Type().String())
}

// resourceIndex emits buf[i] on a resource.
func (e *emitter) resourceIndex(x *ast.IndexExpr) value {
	e.unsupported(x, "indexing a resource")
	return value{}
}

// method emits a call of a built-in object's method.
func (e *emitter) method(x *ast.CallExpr, m *intrinsics.Match) value {
	e.unsupported(x, "the method '"+m.Overload.Name+"'")
	return value{}
}
