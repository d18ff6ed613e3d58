package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// A RayQuery<flags> is a Function variable of OpTypeRayQueryKHR
// (SPV_KHR_ray_query); its methods take the variable's pointer.

// rayQueryGet maps the RayQuery methods that read one property to their
// instruction and, for the Candidate*/Committed* pairs, the intersection
// operand (0 candidate, 1 committed; -1 none).
var rayQueryGet = map[string]struct {
	op           spv.Op
	intersection int
}{
	"Proceed":                                      {spv.OpRayQueryProceedKHR, -1},
	"RayFlags":                                     {spv.OpRayQueryGetRayFlagsKHR, -1},
	"WorldRayOrigin":                               {spv.OpRayQueryGetWorldRayOriginKHR, -1},
	"WorldRayDirection":                            {spv.OpRayQueryGetWorldRayDirectionKHR, -1},
	"RayTMin":                                      {spv.OpRayQueryGetRayTMinKHR, -1},
	"CandidateType":                                {spv.OpRayQueryGetIntersectionTypeKHR, 0},
	"CommittedStatus":                              {spv.OpRayQueryGetIntersectionTypeKHR, 1},
	"CandidateTriangleRayT":                        {spv.OpRayQueryGetIntersectionTKHR, 0},
	"CommittedRayT":                                {spv.OpRayQueryGetIntersectionTKHR, 1},
	"CandidateInstanceIndex":                       {spv.OpRayQueryGetIntersectionInstanceIdKHR, 0},
	"CommittedInstanceIndex":                       {spv.OpRayQueryGetIntersectionInstanceIdKHR, 1},
	"CandidateInstanceID":                          {spv.OpRayQueryGetIntersectionInstanceCustomIndexKHR, 0},
	"CommittedInstanceID":                          {spv.OpRayQueryGetIntersectionInstanceCustomIndexKHR, 1},
	"CandidateGeometryIndex":                       {spv.OpRayQueryGetIntersectionGeometryIndexKHR, 0},
	"CommittedGeometryIndex":                       {spv.OpRayQueryGetIntersectionGeometryIndexKHR, 1},
	"CandidatePrimitiveIndex":                      {spv.OpRayQueryGetIntersectionPrimitiveIndexKHR, 0},
	"CommittedPrimitiveIndex":                      {spv.OpRayQueryGetIntersectionPrimitiveIndexKHR, 1},
	"CandidateObjectRayOrigin":                     {spv.OpRayQueryGetIntersectionObjectRayOriginKHR, 0},
	"CommittedObjectRayOrigin":                     {spv.OpRayQueryGetIntersectionObjectRayOriginKHR, 1},
	"CandidateObjectRayDirection":                  {spv.OpRayQueryGetIntersectionObjectRayDirectionKHR, 0},
	"CommittedObjectRayDirection":                  {spv.OpRayQueryGetIntersectionObjectRayDirectionKHR, 1},
	"CandidateTriangleBarycentrics":                {spv.OpRayQueryGetIntersectionBarycentricsKHR, 0},
	"CommittedTriangleBarycentrics":                {spv.OpRayQueryGetIntersectionBarycentricsKHR, 1},
	"CandidateTriangleFrontFace":                   {spv.OpRayQueryGetIntersectionFrontFaceKHR, 0},
	"CommittedTriangleFrontFace":                   {spv.OpRayQueryGetIntersectionFrontFaceKHR, 1},
	"CandidateObjectToWorld4x3":                    {spv.OpRayQueryGetIntersectionObjectToWorldKHR, 0},
	"CommittedObjectToWorld4x3":                    {spv.OpRayQueryGetIntersectionObjectToWorldKHR, 1},
	"CandidateWorldToObject4x3":                    {spv.OpRayQueryGetIntersectionWorldToObjectKHR, 0},
	"CommittedWorldToObject4x3":                    {spv.OpRayQueryGetIntersectionWorldToObjectKHR, 1},
	"CandidateObjectToWorld3x4":                    {spv.OpRayQueryGetIntersectionObjectToWorldKHR, 0},
	"CommittedObjectToWorld3x4":                    {spv.OpRayQueryGetIntersectionObjectToWorldKHR, 1},
	"CandidateWorldToObject3x4":                    {spv.OpRayQueryGetIntersectionWorldToObjectKHR, 0},
	"CommittedWorldToObject3x4":                    {spv.OpRayQueryGetIntersectionWorldToObjectKHR, 1},
	"CandidateProceduralPrimitiveNonOpaque":        {spv.OpRayQueryGetIntersectionCandidateAABBOpaqueKHR, -1},
	"CandidateInstanceContributionToHitGroupIndex": {spv.OpRayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR, 0},
	"CommittedInstanceContributionToHitGroupIndex": {spv.OpRayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR, 1},
}

// emptyRayQuery reports RayQuery<F>(), a fresh query: DXC ignores it as
// an initializer, the variable being all there is.
func (e *emitter) emptyRayQuery(init ast.Expr) bool {
	c, ok := init.(*ast.ConstructExpr)
	if !ok || len(c.Args) != 0 {
		return false
	}
	o, ok := objectOf(e.typeOf(init))
	return ok && o == types.RayQuery
}

// rayFlagsCull are RAY_FLAG_SKIP_TRIANGLES and
// RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES.
const rayFlagsCull = 0x100 | 0x200

// rayQueryMethod emits a call of a RayQuery method on the query recv.
func (e *emitter) rayQueryMethod(x *ast.CallExpr, m *intrinsics.Match, recv value, name string, t *types.Type) value {
	q := e.addr(recv)
	switch m.ID {
	case intrinsics.MethodTraceRayInline:
		e.traceRayInline(x, m, q, recv.typ.Canonical().Len())
		return value{typ: t}
	case intrinsics.MethodAbort:
		e.fb.Emit(spv.OpRayQueryTerminateKHR, 0, builder.Ref(q))
		return value{typ: t}
	case intrinsics.MethodCommitNonOpaqueTriangleHit:
		e.fb.Emit(spv.OpRayQueryConfirmIntersectionKHR, 0, builder.Ref(q))
		return value{typ: t}
	case intrinsics.MethodCommitProceduralPrimitiveHit:
		e.fb.Emit(spv.OpRayQueryGenerateIntersectionKHR, 0, builder.Ref(q), builder.Ref(e.methodArgs(x, m)[0]))
		return value{typ: t}
	}
	g, ok := rayQueryGet[name]
	if !ok {
		e.unsupported(x, "the method '"+name+"' of RayQuery")
		return value{}
	}
	ops := []builder.Operand{builder.Ref(q)}
	if g.intersection >= 0 {
		ops = append(ops, builder.Ref(e.b.ConstUint32(uint32(g.intersection))))
	}
	rt := t
	transpose := t.IsMatrix() && t.Rows() == 3 // a 3x4 form is the 4x3 matrix transposed
	if transpose {
		rt = types.Mat(types.Float, 4, 3)
	}
	id := e.fb.Emit(g.op, e.typeID(rt), ops...)
	switch {
	case transpose:
		id = e.fb.Emit(spv.OpTranspose, e.typeID(t), builder.Ref(id))
	case g.op == spv.OpRayQueryGetIntersectionCandidateAABBOpaqueKHR:
		id = e.fb.Emit(spv.OpLogicalNot, e.typeID(t), builder.Ref(id)) // NonOpaque is !Opaque
	}
	return value{id: id, typ: t}
}

// traceRayInline initializes the query: the ray flags are the template's
// or'ed with the argument's.
func (e *emitter) traceRayInline(x *ast.CallExpr, m *intrinsics.Match, q builder.ID, tflags int64) {
	args := e.methodArgs(x, m)
	flags := args[1]
	known := uint32(tflags)
	c, isConst := e.constUint(x.Args[1])
	if isConst {
		known |= uint32(c)
	}
	if known&rayFlagsCull != 0 {
		// skipping triangles or procedural primitives
		e.b.Capability(spv.CapabilityRayTraversalPrimitiveCullingKHR)
	}
	if tflags != 0 {
		if isConst {
			flags = e.b.ConstUint32(known)
		} else {
			flags = e.fb.Emit(spv.OpBitwiseOr, e.typeID(types.ScalarType(types.Uint)), builder.Ref(flags), builder.Ref(e.b.ConstUint32(uint32(tflags))))
		}
	}
	ray := args[3]
	ft, vt := e.typeID(rayFloat), e.typeID(float3)
	origin := e.fb.CompositeExtract(vt, ray, 0)
	tMin := e.fb.CompositeExtract(ft, ray, 1)
	dir := e.fb.CompositeExtract(vt, ray, 2)
	tMax := e.fb.CompositeExtract(ft, ray, 3)
	e.fb.Emit(spv.OpRayQueryInitializeKHR, 0, builder.Ref(q), builder.Ref(args[0]), builder.Ref(flags), builder.Ref(args[2]),
		builder.Ref(origin), builder.Ref(tMin), builder.Ref(dir), builder.Ref(tMax))
}
