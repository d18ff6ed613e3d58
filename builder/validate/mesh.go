package validate

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Mesh and task shading (SPV_EXT_mesh_shader): OpEmitMeshTasksEXT and
// OpSetMeshOutputsEXT take 32-bit unsigned counts, a task payload is a
// TaskPayloadWorkgroupEXT variable, and each runs in its own stage.

func (c *checker) checkMesh(in *builder.Inst, fn *builder.Function, blk *builder.Block) error {
	switch in.Op {
	case spv.OpEmitMeshTasksEXT:
		c.limitModel(fn, in, RuleMesh, "OpEmitMeshTasksEXT needs the TaskEXT execution model", spv.ExecutionModelTaskEXT)
		for i, name := range []string{"Group Count X", "Group Count Y", "Group Count Z"} {
			if t := c.operandType(in, i); !c.isUnsignedIntScalar(t) || c.bitWidth(t) != 32 {
				return c.errorf(RuleMesh, in, "%s must be a 32-bit unsigned int scalar", name)
			}
		}
		if len(in.Operands) == 4 {
			v := c.def(opID(in, 3))
			if v == nil || v.Op != spv.OpVariable {
				return c.errorf(RuleMesh, in, "the Payload must be the result of an OpVariable")
			}
			if spv.StorageClass(opWord(v, 0)) != spv.StorageClassTaskPayloadWorkgroupEXT {
				return c.errorf(RuleMesh, in, "the Payload variable must have storage class TaskPayloadWorkgroupEXT")
			}
		}
	case spv.OpSetMeshOutputsEXT:
		c.limitModel(fn, in, RuleMesh, "OpSetMeshOutputsEXT needs the MeshEXT execution model", spv.ExecutionModelMeshEXT)
		for i, name := range []string{"Vertex Count", "Primitive Count"} {
			if t := c.operandType(in, i); !c.isUnsignedIntScalar(t) || c.bitWidth(t) != 32 {
				return c.errorf(RuleMesh, in, "%s must be a 32-bit unsigned int scalar", name)
			}
		}
	}
	return nil
}
