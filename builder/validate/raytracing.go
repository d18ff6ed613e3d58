package validate

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Ray tracing (SPV_KHR_ray_tracing) and ray query (SPV_KHR_ray_query)
// instructions: operand types, the payload and callable data storage
// classes, and the execution models that may trace rays, report
// intersections and call callables.

func (c *checker) checkRayTracing(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	switch in.Op {
	case spv.OpTraceRayKHR:
		c.limitModel(fn, in, RuleRayTracing, "OpTraceRayKHR needs the RayGenerationKHR, ClosestHitKHR or MissKHR execution model",
			spv.ExecutionModelRayGenerationKHR, spv.ExecutionModelClosestHitKHR, spv.ExecutionModelMissKHR)
		if !c.isType(c.operandType(in, 0), spv.OpTypeAccelerationStructureKHR) {
			return c.errorf(RuleRayTracing, in, "the Acceleration Structure must be an OpTypeAccelerationStructureKHR")
		}
		for i, name := range []string{"Ray Flags", "Cull Mask", "SBT Offset", "SBT Stride", "Miss Index"} {
			if err := c.rtInt32(in, 1+i, name, false); err != nil {
				return err
			}
		}
		if err := c.rtRayOperands(in, 6); err != nil {
			return err
		}
		return c.rtDataVariable(in, 10, "Payload", spv.StorageClassRayPayloadKHR, spv.StorageClassIncomingRayPayloadKHR)
	case spv.OpReportIntersectionKHR:
		c.limitModel(fn, in, RuleRayTracing, "OpReportIntersectionKHR needs the IntersectionKHR execution model", spv.ExecutionModelIntersectionKHR)
		if !c.isBoolScalar(in.Type) {
			return c.errorf(RuleRayTracing, in, "the Result Type must be a bool scalar")
		}
		if t := c.operandType(in, 0); !c.isFloatScalar(t) || c.bitWidth(t) != 32 {
			return c.errorf(RuleRayTracing, in, "Hit must be a 32-bit float scalar")
		}
		return c.rtInt32(in, 1, "Hit Kind", true)
	case spv.OpExecuteCallableKHR:
		c.limitModel(fn, in, RuleRayTracing, "OpExecuteCallableKHR needs the RayGenerationKHR, ClosestHitKHR, MissKHR or CallableKHR execution model",
			spv.ExecutionModelRayGenerationKHR, spv.ExecutionModelClosestHitKHR, spv.ExecutionModelMissKHR, spv.ExecutionModelCallableKHR)
		if err := c.rtInt32(in, 0, "SBT Index", true); err != nil {
			return err
		}
		return c.rtDataVariable(in, 1, "Callable Data", spv.StorageClassCallableDataKHR, spv.StorageClassIncomingCallableDataKHR)
	}
	return c.checkRayQuery(in)
}

// rtInt32 checks that operand i is a 32-bit (unsigned) int scalar.
func (c *checker) rtInt32(in *builder.Inst, i int, name string, unsigned bool) error {
	t := c.operandType(in, i)
	if unsigned {
		if !c.isUnsignedIntScalar(t) || c.bitWidth(t) != 32 {
			return c.errorf(RuleRayTracing, in, "%s must be a 32-bit unsigned int scalar", name)
		}
		return nil
	}
	if !c.isIntScalar(t) || c.bitWidth(t) != 32 {
		return c.errorf(RuleRayTracing, in, "%s must be a 32-bit int scalar", name)
	}
	return nil
}

func (c *checker) rtF32(in *builder.Inst, i int, name string) error {
	if t := c.operandType(in, i); !c.isFloatScalar(t) || c.bitWidth(t) != 32 {
		return c.errorf(RuleRayTracing, in, "%s must be a 32-bit float scalar", name)
	}
	return nil
}

func (c *checker) rtF32Vec(t ID, n uint32) bool {
	return c.isFloatVector(t) && c.dimension(t) == n && c.bitWidth(t) == 32
}

// rtRayOperands checks Ray Origin, Ray TMin, Ray Direction and Ray TMax
// from operand i.
func (c *checker) rtRayOperands(in *builder.Inst, i int) error {
	if !c.rtF32Vec(c.operandType(in, i), 3) {
		return c.errorf(RuleRayTracing, in, "Ray Origin must be a 32-bit float 3-component vector")
	}
	if err := c.rtF32(in, i+1, "Ray TMin"); err != nil {
		return err
	}
	if !c.rtF32Vec(c.operandType(in, i+2), 3) {
		return c.errorf(RuleRayTracing, in, "Ray Direction must be a 32-bit float 3-component vector")
	}
	return c.rtF32(in, i+3, "Ray TMax")
}

// rtDataVariable checks that operand i is a variable of one of the
// storage classes.
func (c *checker) rtDataVariable(in *builder.Inst, i int, name string, classes ...spv.StorageClass) error {
	v := c.def(opID(in, i))
	if v == nil || v.Op != spv.OpVariable {
		return c.errorf(RuleRayTracing, in, "%s must be the result of an OpVariable", name)
	}
	sc := spv.StorageClass(opWord(v, 0))
	for _, want := range classes {
		if sc == want {
			return nil
		}
	}
	return c.errorf(RuleRayTracing, in, "%s must have storage class %s", name, classList(classes))
}

func (c *checker) checkRayQuery(in *builder.Inst) error {
	switch in.Op {
	case spv.OpRayQueryInitializeKHR:
		if err := c.rayQueryPointer(in, 0); err != nil {
			return err
		}
		if !c.isType(c.operandType(in, 1), spv.OpTypeAccelerationStructureKHR) {
			return c.errorf(RuleRayTracing, in, "the Acceleration Structure must be an OpTypeAccelerationStructureKHR")
		}
		if err := c.rtInt32(in, 2, "Ray Flags", false); err != nil {
			return err
		}
		if err := c.rtInt32(in, 3, "Cull Mask", false); err != nil {
			return err
		}
		return c.rtRayOperands(in, 4)
	case spv.OpRayQueryTerminateKHR, spv.OpRayQueryConfirmIntersectionKHR:
		return c.rayQueryPointer(in, 0)
	case spv.OpRayQueryGenerateIntersectionKHR:
		if err := c.rayQueryPointer(in, 0); err != nil {
			return err
		}
		return c.rtF32(in, 1, "Hit T")
	case spv.OpRayQueryGetIntersectionFrontFaceKHR, spv.OpRayQueryProceedKHR, spv.OpRayQueryGetIntersectionCandidateAABBOpaqueKHR:
		if err := c.rayQueryPointer(in, 0); err != nil {
			return err
		}
		if !c.isBoolScalar(in.Type) {
			return c.errorf(RuleRayTracing, in, "the Result Type must be a bool scalar")
		}
		if in.Op == spv.OpRayQueryGetIntersectionFrontFaceKHR {
			return c.intersectionID(in, 1)
		}
	case spv.OpRayQueryGetIntersectionTKHR, spv.OpRayQueryGetRayTMinKHR:
		if err := c.rayQueryPointer(in, 0); err != nil {
			return err
		}
		if !c.isFloatScalar(in.Type) || c.bitWidth(in.Type) != 32 {
			return c.errorf(RuleRayTracing, in, "the Result Type must be a 32-bit float scalar")
		}
		if in.Op == spv.OpRayQueryGetIntersectionTKHR {
			return c.intersectionID(in, 1)
		}
	case spv.OpRayQueryGetIntersectionTypeKHR, spv.OpRayQueryGetIntersectionInstanceCustomIndexKHR,
		spv.OpRayQueryGetIntersectionInstanceIdKHR, spv.OpRayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR,
		spv.OpRayQueryGetIntersectionGeometryIndexKHR, spv.OpRayQueryGetIntersectionPrimitiveIndexKHR, spv.OpRayQueryGetRayFlagsKHR:
		if err := c.rayQueryPointer(in, 0); err != nil {
			return err
		}
		if !c.isIntScalar(in.Type) || c.bitWidth(in.Type) != 32 {
			return c.errorf(RuleRayTracing, in, "the Result Type must be a 32-bit int scalar")
		}
		if in.Op != spv.OpRayQueryGetRayFlagsKHR {
			return c.intersectionID(in, 1)
		}
	case spv.OpRayQueryGetIntersectionObjectRayDirectionKHR, spv.OpRayQueryGetIntersectionObjectRayOriginKHR,
		spv.OpRayQueryGetWorldRayDirectionKHR, spv.OpRayQueryGetWorldRayOriginKHR:
		if err := c.rayQueryPointer(in, 0); err != nil {
			return err
		}
		if !c.rtF32Vec(in.Type, 3) {
			return c.errorf(RuleRayTracing, in, "the Result Type must be a 32-bit float 3-component vector")
		}
		if in.Op == spv.OpRayQueryGetIntersectionObjectRayDirectionKHR || in.Op == spv.OpRayQueryGetIntersectionObjectRayOriginKHR {
			return c.intersectionID(in, 1)
		}
	case spv.OpRayQueryGetIntersectionBarycentricsKHR:
		if err := c.rayQueryPointer(in, 0); err != nil {
			return err
		}
		if err := c.intersectionID(in, 1); err != nil {
			return err
		}
		if !c.rtF32Vec(in.Type, 2) {
			return c.errorf(RuleRayTracing, in, "the Result Type must be a 32-bit float 2-component vector")
		}
	case spv.OpRayQueryGetIntersectionObjectToWorldKHR, spv.OpRayQueryGetIntersectionWorldToObjectKHR:
		if err := c.rayQueryPointer(in, 0); err != nil {
			return err
		}
		if err := c.intersectionID(in, 1); err != nil {
			return err
		}
		rows, cols, _, comp, ok := c.matrixInfo(in.Type)
		switch {
		case !ok:
			return c.errorf(RuleRayTracing, in, "the Result Type must be a matrix")
		case cols != 4:
			return c.errorf(RuleRayTracing, in, "the Result Type must be a matrix of 4 columns")
		case !c.isFloatScalar(comp) || c.bitWidth(in.Type) != 32 || rows != 3:
			return c.errorf(RuleRayTracing, in, "the Result Type's columns must be 3-component 32-bit float vectors")
		}
	}
	return nil
}

// rayQueryPointer checks that operand i is a memory object declaration of
// a pointer to OpTypeRayQueryKHR.
func (c *checker) rayQueryPointer(in *builder.Inst, i int) error {
	v := c.def(opID(in, i))
	if v == nil || v.Op != spv.OpVariable && v.Op != spv.OpFunctionParameter && v.Op != spv.OpAccessChain {
		return c.errorf(RuleRayTracing, in, "the Ray Query must be a memory object declaration")
	}
	p := c.def(v.Type)
	if p == nil || p.Op != spv.OpTypePointer {
		return c.errorf(RuleRayTracing, in, "the Ray Query must be a pointer")
	}
	if !c.isType(opID(p, 1), spv.OpTypeRayQueryKHR) {
		return c.errorf(RuleRayTracing, in, "the Ray Query must be a pointer to OpTypeRayQueryKHR")
	}
	return nil
}

// intersectionID checks that operand i is a constant 32-bit int.
func (c *checker) intersectionID(in *builder.Inst, i int) error {
	id := opID(in, i)
	t := c.typeOf(id)
	if !c.isIntScalar(t) || c.bitWidth(t) != 32 || !isConstantOp(c.opOf(id)) {
		return c.errorf(RuleRayTracing, in, "the Intersection must be a constant 32-bit int scalar")
	}
	return nil
}
