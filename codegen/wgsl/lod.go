package wgsl

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Level-of-detail queries. WGSL has no OpImageQueryLod, but the level of
// detail is defined from the coordinates' derivatives and the texture's
// size (the Vulkan specification's scale factor and LOD operation):
// with the derivatives scaled to texels, rho_x = |d(uv * size)/dx| and
// rho_y likewise, the unclamped level is lambda = log2(max(rho_x,
// rho_y)) (SPIR-V's second component) and the level accessed is lambda
// clamped to [0, levels - 1] (the first). A cube texture's derivatives are
// those of the coordinates on the face the major axis selects. The
// computation assumes what WebGPU's sampler defaults give: no LOD bias (a
// WebGPU sampler has none), the default clamps (lodMinClamp 0,
// lodMaxClamp 32 or more), linear mipmap filtering (a nearest one would
// round the first component) and no anisotropy.

// queryLod translates OpImageQueryLod on texture (a 1D one declared 2D
// when as2D). The derivatives are WGSL's in fragment shaders and the
// quad's in a compute shader's derivative group; the coordinates and
// derivatives are lets, so that a texture chosen at run time (a switch
// around the result) does not put the derivatives in non-uniform control
// flow.
func (fs *funcState) queryLod(in *builder.Inst, texture expr, it imageType, dims int, as2D bool, out *[]stmt) expr {
	t := fs.t
	if it.ms {
		t.fail("querying the level of detail of a multisampled image")
	}
	coordID := t.operandID(in, 1)
	cs, cn := t.scalarOf(t.typeOfValue(coordID))
	if !cs.isFloat() || cs == sF64 || cn < dims {
		t.fail("a level-of-detail query's coordinate of type %s for a %s image", t.typ(t.typeOfValue(coordID)).text, dimName(it.dim))
	}
	typ := vecText(sF32, dims)
	c := fs.value(coordID)
	if cn > dims {
		c = postfix(c, "."+"xyzw"[:dims])
	}
	if cs != sF32 {
		c = call(typ, c)
	}
	coords := primary(t.names.unique("lod_coords"))
	*out = append(*out, sLine{fmt.Sprintf("let %s : %s = %s;", coords.text, typ, c.text)})
	dx, dy := fs.derivativesOf(in, coords, typ, "querying the level of detail", out)
	size := call("textureDimensions", texture)
	if as2D {
		size = postfix(size, ".x")
	}
	faceDims := dims
	if it.dim == spv.DimCube {
		faceDims = 2
	}
	args := []expr{call(vecText(sF32, faceDims), size), call("textureNumLevels", texture)}
	var lod expr
	if it.dim == spv.DimCube {
		lod = call(t.cubeLodHelper(), append(args, coords, dx, dy)...)
	} else {
		lod = call(t.lodHelper(typ), append(args, dx, dy)...)
	}
	if s := t.resultScalar(in.Type); s != sF32 {
		lod = call(t.typ(in.Type).text, lod)
	}
	return lod
}

// derivativesOf emits lets holding the screen derivatives of v (of WGSL
// type typ): WGSL's in fragment shaders, the quad's in a compute shader's
// derivative group; what names the operation refused elsewhere.
func (fs *funcState) derivativesOf(in *builder.Inst, v expr, typ, what string, out *[]stmt) (dx, dy expr) {
	if fs.inQuadGroup() {
		return fs.quadDerivative(in, spv.OpDPdx, v, typ, out), fs.quadDerivative(in, spv.OpDPdy, v, typ, out)
	}
	fs.refuseComputeDerivatives(what)
	let := func(fn string) expr {
		name := fs.t.names.unique("lod_" + fn)
		*out = append(*out, sLine{fmt.Sprintf("let %s : %s = %s(%s);", name, typ, fn, v.text)})
		return primary(name)
	}
	return let("dpdx"), let("dpdy")
}

// lodLambda is the body shared by the level-of-detail helpers: the
// unclamped level from the texel-space derivatives rx and ry, and the
// level clamped to the texture's levels.
const lodLambda = `  let lambda = log2(max(length(rx), length(ry)));
  return vec2<f32>(clamp(lambda, 0.0f, f32(levels - 1u)), lambda);
}
`

// lodHelper declares the level-of-detail function of 1D, 2D and 3D
// textures whose coordinates have WGSL type typ: (size, levels, dx, dy)
// -> (clamped, unclamped).
func (t *translator) lodHelper(typ string) string {
	return t.helper("query_lod_"+typ, fmt.Sprintf("(size : %s, levels : u32, dx : %s, dy : %s) -> vec2<f32> {\n"+
		"  let rx = dx * size;\n  let ry = dy * size;\n%s", typ, typ, typ, lodLambda))
}

// cubeLodHelper declares the level-of-detail function of cube textures:
// (face size, levels, direction, dx, dy) -> (clamped, unclamped). The
// face's coordinates are s = sc / (2 |ma|) + 1/2 and t = tc / (2 |ma|) +
// 1/2 with ma the major axis's component and sc, tc the other two (their
// signs and order do not change the lengths), so ds = (dsc ma - sc dma) /
// (2 ma^2). A tie between axes (an edge) picks the first of x, y, z.
func (t *translator) cubeLodHelper() string {
	return t.helper("query_lod_cube", "(size : vec2<f32>, levels : u32, c : vec3<f32>, dx : vec3<f32>, dy : vec3<f32>) -> vec2<f32> {\n"+
		"  let a = abs(c);\n"+
		"  var p = c.zyx;\n  var px = dx.zyx;\n  var py = dy.zyx;\n"+
		"  if (a.y > a.x && a.y >= a.z) {\n    p = c.xzy;\n    px = dx.xzy;\n    py = dy.xzy;\n"+
		"  } else if (a.z > a.x && a.z > a.y) {\n    p = c;\n    px = dx;\n    py = dy;\n  }\n"+
		"  let rx = (px.xy * p.z - p.xy * px.z) / (2.0f * p.z * p.z) * size;\n"+
		"  let ry = (py.xy * p.z - p.xy * py.z) / (2.0f * p.z * p.z) * size;\n"+lodLambda)
}
