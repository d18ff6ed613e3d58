package spirv

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Legalization tells the driver whether DXC would run its legalization
// passes on this module, and with which extra passes. DXC's emitter runs
// spirv-opt's legalization only when it wrote something that needs it
// (SpirvEmitter's and DeclResultIdMapper's needsLegalization); otherwise
// its -O0 output is its code generation's output. The conditions are
// DXC's, judged on the source the module was made of, whatever this
// emitter already resolved itself:
//   - a local, static or parameter holding a resource (or a RayQuery),
//     an assignment of one, a method of a struct holding buffers, a
//     method called on an object outside Function memory, an out
//     argument outside it;
//   - a texel offset known only at run time;
//   - derivatives, WaveGetLaneCount/WaveGetLaneIndex, IsHelperLane read
//     from the HelperInvocation built-in, the ray-tracing system values;
//   - invocation interlock (rasterizer-ordered views);
//   - [[vk::image_format]] on a global, a multi-dimensional array of
//     resources, [[vk::combinedImageSampler]], a global struct of
//     resources (which also adds descriptor-composite-scalar-replacement),
//     -fspv-flatten-resource-arrays.
type Legalization struct {
	// Needed: run the legalization pipeline before the -O passes.
	Needed bool
	// Reason is the first construct that asked for it, Pos where it is.
	Reason string
	Pos    diag.Pos
	// CompositeResources: a global struct holding resources
	// (descriptor-composite-scalar-replacement).
	CompositeResources bool
	// CombinedImageSamplers are the descriptor set and binding pairs of
	// the [[vk::combinedImageSampler]] textures and samplers, which the
	// emitter declares apart and convert-to-sampled-image combines.
	CombinedImageSamplers [][2]uint32
}

// needLegalization records that the module needs DXC's legalization.
func (e *emitter) needLegalization(why string) {
	if !e.legal.needs.Needed {
		e.legal.needs.Needed, e.legal.needs.Reason = true, why
		if e.dbg != nil {
			e.legal.needs.Pos = e.dbg.loc // known when positions are recorded
		}
	}
}

// legalizingIntrinsics are the intrinsics DXC's emitter asks legalization
// for (derivatives, the subgroup built-ins, the ray-tracing system values).
var legalizingIntrinsics = [...]bool{
	intrinsics.Ddx: true, intrinsics.Ddx_coarse: true, intrinsics.Ddx_fine: true, intrinsics.Ddy: true,
	intrinsics.Ddy_coarse: true, intrinsics.Ddy_fine: true, intrinsics.Fwidth: true,
	intrinsics.WaveGetLaneCount: true, intrinsics.WaveGetLaneIndex: true,
	intrinsics.DispatchRaysDimensions: true, intrinsics.DispatchRaysIndex: true, intrinsics.GeometryIndex: true,
	intrinsics.HitKind: true, intrinsics.InstanceIndex: true, intrinsics.InstanceID: true,
	intrinsics.ObjectRayDirection: true, intrinsics.ObjectRayOrigin: true, intrinsics.ObjectToWorld3x4: true,
	intrinsics.ObjectToWorld4x3: true, intrinsics.PrimitiveIndex: true, intrinsics.RayFlags: true,
	intrinsics.RayTCurrent: true, intrinsics.RayTMin: true, intrinsics.WorldRayDirection: true,
	intrinsics.WorldRayOrigin: true, intrinsics.WorldToObject3x4: true, intrinsics.WorldToObject4x3: true,
}

// legalizingDecl notes a local, static or parameter of type t: one
// holding a resource, or a RayQuery (opaque to DXC, whose inliner then
// copies the query's variable into the entry point without its name).
func (e *emitter) legalizingDecl(t *types.Type) {
	if t == nil {
		return
	}
	if holdsResource(t) {
		e.needLegalization("a variable holding a resource")
	} else if o, ok := objectOf(t); ok && o == types.RayQuery {
		e.needLegalization("a RayQuery variable")
	}
}

// legalizingGlobal notes the global resource declarations DXC legalizes:
// [[vk::image_format]], multi-dimensional arrays of resources.
func (e *emitter) legalizingGlobal(d *ast.VarDecl, t *types.Type) {
	if e.attrs(d).HasVk("image_format") {
		e.needLegalization("[[vk::image_format]]")
	}
	if e.attrs(d).HasVk("combinedImageSampler") {
		e.needLegalization("[[vk::combinedImageSampler]]")
	}
	if c := t.Canonical(); c.IsArray() && c.Elem().Canonical().IsArray() && isResource(c) {
		e.needLegalization("a multi-dimensional array of resources")
	}
}

// legalizingCall notes what a call of the user function f needs: a method
// of a struct holding buffers, one called on an object outside Function
// memory, out arguments outside it, resources passed.
func (e *emitter) legalizingCall(x *ast.CallExpr, f *sema.Func, args []ast.Expr) {
	if f.Recv != nil && !f.Static {
		if containsPlainBuffer(f.Recv) {
			e.needLegalization("a method of a struct holding buffers")
		}
		if me, ok := x.Fun.(*ast.MemberExpr); ok && !e.inFunctionMemory(me.X) {
			if _, rvalue := unparen(me.X).(*ast.CallExpr); !rvalue {
				e.needLegalization("a method called on an object outside function memory")
			}
		}
	}
	for i, p := range f.Params {
		if i >= len(args) {
			break
		}
		e.legalizingDecl(p.Type())
		if (p.Mode == types.Out || p.Mode == types.InOut) && !e.inFunctionMemory(args[i]) &&
			types.Identical(e.typeOf(args[i]), p.Type()) {
			e.needLegalization("an out argument outside function memory")
		}
	}
}

// combinedImageSamplers records the pairs convert-to-sampled-image
// combines, once the resources are bound: DXC pairs a
// [[vk::combinedImageSampler]] texture and sampler by their final
// descriptor set and binding, and a pair missing either is its fatal error
// (sema reports the pairs written with explicit bindings before).
func (e *emitter) combinedImageSamplers() {
	pairs, lone := e.bindings.combinedPairs()
	if lone != nil {
		e.diags.Add(diag.Diagnostic{Severity: diag.Fatal, Code: codeUnsupported, Pos: lone.pos,
			Msg: fmt.Sprintf("Texture or Sampler with [[vk::combinedImageSampler]] attribute is missing for descriptor set and binding: %d, %d", lone.set, lone.binding)})
		panic(bailout{})
	}
	e.legal.needs.CombinedImageSamplers = pairs
}

// containsPlainBuffer reports a structured or byte-address buffer, or a
// struct or array holding one.
func containsPlainBuffer(t *types.Type) bool {
	return holds(t, isPlainBuffer)
}

// inFunctionMemory reports whether x names a local variable or parameter
// (a Function variable of its own).
func (e *emitter) inFunctionMemory(x ast.Expr) bool {
	switch y := unparen(x).(type) {
	case *ast.ThisExpr:
		return true
	case *ast.NameExpr:
		v, ok := e.info.ObjectOf(y).(*sema.Var)
		return ok && (v.Storage == sema.StorageLocal || v.Storage == sema.StorageParam)
	}
	return false
}
