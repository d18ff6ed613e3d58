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

// rayQueryGetOf maps the RayQuery methods that read one property to their
// instruction and, for the Candidate*/Committed* pairs, the intersection
// operand (0 candidate, 1 committed; -1 none).
// A rayQueryGetter is the instruction of a RayQuery property and its
// intersection operand.
type rayQueryGetter struct {
	op           spv.Op
	intersection int
}

func rayQueryGetOf(name string) (rayQueryGetter, bool) {
	switch name {
	case "Proceed":
		return rayQueryGetter{spv.OpRayQueryProceedKHR, -1}, true
	case "RayFlags":
		return rayQueryGetter{spv.OpRayQueryGetRayFlagsKHR, -1}, true
	case "WorldRayOrigin":
		return rayQueryGetter{spv.OpRayQueryGetWorldRayOriginKHR, -1}, true
	case "WorldRayDirection":
		return rayQueryGetter{spv.OpRayQueryGetWorldRayDirectionKHR, -1}, true
	case "RayTMin":
		return rayQueryGetter{spv.OpRayQueryGetRayTMinKHR, -1}, true
	case "CandidateType":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionTypeKHR, 0}, true
	case "CommittedStatus":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionTypeKHR, 1}, true
	case "CandidateTriangleRayT":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionTKHR, 0}, true
	case "CommittedRayT":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionTKHR, 1}, true
	case "CandidateInstanceIndex":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionInstanceIdKHR, 0}, true
	case "CommittedInstanceIndex":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionInstanceIdKHR, 1}, true
	case "CandidateInstanceID":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionInstanceCustomIndexKHR, 0}, true
	case "CommittedInstanceID":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionInstanceCustomIndexKHR, 1}, true
	case "CandidateGeometryIndex":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionGeometryIndexKHR, 0}, true
	case "CommittedGeometryIndex":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionGeometryIndexKHR, 1}, true
	case "CandidatePrimitiveIndex":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionPrimitiveIndexKHR, 0}, true
	case "CommittedPrimitiveIndex":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionPrimitiveIndexKHR, 1}, true
	case "CandidateObjectRayOrigin":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionObjectRayOriginKHR, 0}, true
	case "CommittedObjectRayOrigin":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionObjectRayOriginKHR, 1}, true
	case "CandidateObjectRayDirection":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionObjectRayDirectionKHR, 0}, true
	case "CommittedObjectRayDirection":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionObjectRayDirectionKHR, 1}, true
	case "CandidateTriangleBarycentrics":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionBarycentricsKHR, 0}, true
	case "CommittedTriangleBarycentrics":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionBarycentricsKHR, 1}, true
	case "CandidateTriangleFrontFace":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionFrontFaceKHR, 0}, true
	case "CommittedTriangleFrontFace":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionFrontFaceKHR, 1}, true
	case "CandidateObjectToWorld4x3":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionObjectToWorldKHR, 0}, true
	case "CommittedObjectToWorld4x3":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionObjectToWorldKHR, 1}, true
	case "CandidateWorldToObject4x3":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionWorldToObjectKHR, 0}, true
	case "CommittedWorldToObject4x3":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionWorldToObjectKHR, 1}, true
	case "CandidateObjectToWorld3x4":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionObjectToWorldKHR, 0}, true
	case "CommittedObjectToWorld3x4":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionObjectToWorldKHR, 1}, true
	case "CandidateWorldToObject3x4":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionWorldToObjectKHR, 0}, true
	case "CommittedWorldToObject3x4":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionWorldToObjectKHR, 1}, true
	case "CandidateProceduralPrimitiveNonOpaque":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionCandidateAABBOpaqueKHR, -1}, true
	case "CandidateInstanceContributionToHitGroupIndex":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR, 0}, true
	case "CommittedInstanceContributionToHitGroupIndex":
		return rayQueryGetter{spv.OpRayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR, 1}, true
	}
	return rayQueryGetter{}, false
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
	g, ok := rayQueryGetOf(name)
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
