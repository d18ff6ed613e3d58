package sema

import (
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// pseudoEnum is one of DXC's implicit `typedef uint NAME;` with a
// `static const uint` per enumerant, declared at file scope.
type pseudoEnum struct {
	typedef string // "" for loose constants
	values  []predeclaredConst
}

type predeclaredConst struct {
	name  string
	value uint64
}

// predeclaredConsts are the ray tracing, sampler feedback and barrier
// constants every HLSL file sees (values from the D3D12 specification).
var predeclaredConsts = []pseudoEnum{
	{"RAY_FLAG", []predeclaredConst{
		{"RAY_FLAG_NONE", 0x00}, {"RAY_FLAG_FORCE_OPAQUE", 0x01}, {"RAY_FLAG_FORCE_NON_OPAQUE", 0x02},
		{"RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH", 0x04}, {"RAY_FLAG_SKIP_CLOSEST_HIT_SHADER", 0x08},
		{"RAY_FLAG_CULL_BACK_FACING_TRIANGLES", 0x10}, {"RAY_FLAG_CULL_FRONT_FACING_TRIANGLES", 0x20},
		{"RAY_FLAG_CULL_OPAQUE", 0x40}, {"RAY_FLAG_CULL_NON_OPAQUE", 0x80}, {"RAY_FLAG_SKIP_TRIANGLES", 0x100},
		{"RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES", 0x200}, {"RAY_FLAG_FORCE_OMM_2_STATE", 0x400},
	}},
	{"RAYQUERY_FLAG", []predeclaredConst{{"RAYQUERY_FLAG_NONE", 0}, {"RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS", 1}}},
	{"COMMITTED_STATUS", []predeclaredConst{
		{"COMMITTED_NOTHING", 0}, {"COMMITTED_TRIANGLE_HIT", 1}, {"COMMITTED_PROCEDURAL_PRIMITIVE_HIT", 2},
	}},
	{"CANDIDATE_TYPE", []predeclaredConst{{"CANDIDATE_NON_OPAQUE_TRIANGLE", 0}, {"CANDIDATE_PROCEDURAL_PRIMITIVE", 1}}},
	{"MEMORY_TYPE_FLAG", []predeclaredConst{
		{"UAV_MEMORY", 1}, {"GROUP_SHARED_MEMORY", 2}, {"NODE_INPUT_MEMORY", 4}, {"NODE_OUTPUT_MEMORY", 8}, {"ALL_MEMORY", 0xF},
	}},
	{"BARRIER_SEMANTIC_FLAG", []predeclaredConst{
		{"GROUP_SYNC", 1}, {"GROUP_SCOPE", 2}, {"DEVICE_SCOPE", 4}, {"REORDER_SCOPE", 8},
	}},
	{"", []predeclaredConst{
		{"HIT_KIND_NONE", 0}, {"HIT_KIND_TRIANGLE_FRONT_FACE", 0xFE}, {"HIT_KIND_TRIANGLE_BACK_FACE", 0xFF},
		{"CLUSTER_ID_INVALID", 0xffffffff},
		{"STATE_OBJECT_FLAGS_ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITONS", 1},
		{"STATE_OBJECT_FLAGS_ALLOW_EXTERNAL_DEPENDENCIES_ON_LOCAL_DEFINITIONS", 2},
		{"STATE_OBJECT_FLAG_ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITONS", 1},
		{"STATE_OBJECT_FLAG_ALLOW_EXTERNAL_DEPENDENCIES_ON_LOCAL_DEFINITIONS", 2},
		{"STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS", 4},
		{"RAYTRACING_PIPELINE_FLAG_NONE", 0}, {"RAYTRACING_PIPELINE_FLAG_SKIP_TRIANGLES", 0x100},
		{"RAYTRACING_PIPELINE_FLAG_SKIP_PROCEDURAL_PRIMITIVES", 0x200},
		{"RAYTRACING_PIPELINE_FLAG_ALLOW_OPACITY_MICROMAPS", 0x400},
		{"SAMPLER_FEEDBACK_MIN_MIP", 0}, {"SAMPLER_FEEDBACK_MIP_REGION_USED", 1},
	}},
}

// openNames are predeclared names the checker does not model: their uses
// type as types.InvalidType and are never reported.
var openNames = []string{
	"ResourceDescriptorHeap", "SamplerDescriptorHeap",
}

// isOpenTypeName reports the type names the parser knows but sema/types does not;
// declarations using them stay silent.
func isOpenTypeName(name string) bool {
	switch name {
	case "auto":
		return true
	}
	return false
}

func declarePredeclared(s *Scope) {
	uint := types.ScalarType(types.Uint)
	for _, e := range predeclaredConsts {
		if e.typedef != "" {
			s.set(&TypeName{name: e.typedef, typ: uint})
		}
		for _, k := range e.values {
			v := constant.Uint(types.Uint, k.value)
			s.set(&Var{name: k.name, typ: uint, Storage: StorageStatic, Const: true,
				Value: constant.NewScalar(uint, v)})
		}
	}
	for _, n := range openNames {
		s.set(&Var{name: n, typ: types.InvalidType(), Storage: StorageResource})
	}
}

// vkConstants are DXC's implicit vk:: integer constants (the SPIR-V
// memory scopes), static const uint.
var vkConstants = map[string]*Var{}

func init() {
	uint := types.ScalarType(types.Uint)
	for name, value := range map[string]uint64{
		"CrossDeviceScope": 0, "DeviceScope": 1, "WorkgroupScope": 2,
		"SubgroupScope": 3, "InvocationScope": 4, "QueueFamilyScope": 5,
	} {
		v := constant.Uint(types.Uint, value)
		vkConstants[name] = &Var{name: name, typ: uint, Storage: StorageStatic, Const: true,
			Value: constant.NewScalar(uint, v)}
	}
}

// vkConstant returns the vk:: constant of that name, or nil.
func vkConstant(name string) *Var { return vkConstants[name] }
