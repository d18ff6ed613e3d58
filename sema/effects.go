package sema

import (
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/codes"
)

// isEffectObjectType reports the legacy effect (.fx) object types DXC still
// declares so old shaders parse: a variable of one of them is dropped with
// a warning. fxc matched the first six without regard to case; DXC, and
// this switch, take the two common spellings. (This and the other
// lookups of this package that were map literals are switches: a map
// literal is built by code at every process start.)
func isEffectObjectType(name string) bool {
	switch name {
	case "texture", "Texture", "pixelshader", "PixelShader", "vertexshader", "VertexShader", "pixelfragment", "vertexfragment", "ComputeShader", "DomainShader", "GeometryShader", "HullShader", "BlendState", "DepthStencilState", "DepthStencilView", "RasterizerState", "RenderTargetView":
		return true
	}
	return false
}

// effectObject reports whether d declares a variable of an effect object
// type, warning as DXC does; such a declaration declares nothing.
func (c *checker) effectObject(d *ast.VarDecl) bool {
	te := d.Type
	if te == nil || len(te.Qualifier) > 0 || te.HasArgs || !isEffectObjectType(te.Name) || len(d.Dims) > 0 {
		return false
	}
	if o, _ := c.scope.LookupParent(te.Name); o != nil {
		return false // a user declaration of that name hides the effect type
	}
	c.warnf(codes.EffectObject, d.Pos(), "effect object ignored - effect syntax is deprecated")
	return true
}
