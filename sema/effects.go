package sema

import (
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/codes"
)

// effectObjectTypes are the legacy effect (.fx) object types DXC still
// declares so old shaders parse: a variable of one of them is dropped with
// a warning. fxc matched the first six without regard to case; DXC, and
// this table, take the two common spellings.
var effectObjectTypes = map[string]bool{
	"texture": true, "Texture": true, "pixelshader": true, "PixelShader": true,
	"vertexshader": true, "VertexShader": true,
	"pixelfragment": true, "vertexfragment": true, "ComputeShader": true, "DomainShader": true,
	"GeometryShader": true, "HullShader": true, "BlendState": true, "DepthStencilState": true,
	"DepthStencilView": true, "RasterizerState": true, "RenderTargetView": true,
}

// effectObject reports whether d declares a variable of an effect object
// type, warning as DXC does; such a declaration declares nothing.
func (c *checker) effectObject(d *ast.VarDecl) bool {
	te := d.Type
	if te == nil || len(te.Qualifier) > 0 || te.HasArgs || !effectObjectTypes[te.Name] || len(d.Dims) > 0 {
		return false
	}
	if o, _ := c.scope.LookupParent(te.Name); o != nil {
		return false // a user declaration of that name hides the effect type
	}
	c.warnf(codes.EffectObject, d.Pos(), "effect object ignored - effect syntax is deprecated")
	return true
}
