// vk::ext_type<id> is the type a call of a [[vk::ext_type_def(id, opcode)]]
// function declares, wherever in the source the call is (the types are
// found before code is generated, as DXC lowers types once the module is
// made): a [[vk::ext_literal]] argument is a literal operand, a
// [[vk::ext_reference]] one the id of its argument's type; the function's
// [[vk::ext_capability]] and [[vk::ext_extension]] come with it. A local
// of such a type is a Function variable; a global of an opaque one (here
// an acceleration structure) a UniformConstant variable bound like a
// resource, declared where it is read. A type no call defines is an error.
// RUN: %hlsl2spirv -T cs_6_5 -E main -fspv-target-env=vulkan1.2 -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_5 -E main -fspv-target-env=vulkan1.2 %s | FileCheck %s --check-prefix=OPT
// RUN: not %hlsl2spirv -T cs_6_5 -E main -fspv-target-env=vulkan1.2 -DUNDEFINED %s 2>&1 | FileCheck %s --check-prefix=UNDEF

// CHECK: OpCapability RayQueryKHR
// CHECK: OpExtension "SPV_KHR_ray_query"
// CHECK: OpDecorate %scene DescriptorSet 0
// CHECK: OpDecorate %scene Binding 3
// (the uint a definition spells is the module's own: one of each allowed)
// CHECK: %uint = OpTypeInt 32 0
// CHECK-NOT: OpTypeInt 32 0
// CHECK-DAG: [[accel:%spirvIntrinsicType[_0-9]*]] = OpTypeAccelerationStructureKHR
// CHECK-DAG: [[query:%spirvIntrinsicType[_0-9]*]] = OpTypeRayQueryKHR
// CHECK-DAG: {{%spirvIntrinsicType[_0-9]*}} = OpTypeVector %uint 4
// CHECK: %scene = OpVariable %_ptr_UniformConstant_spirvIntrinsicType{{[_0-9]*}} UniformConstant
// CHECK: %q = OpVariable %_ptr_Function_spirvIntrinsicType{{[_0-9]*}} Function
// CHECK: [[as:%[0-9]+]] = OpLoad [[accel]] %scene
// CHECK: OpRayQueryInitializeKHR %q [[as]] %uint_0 %uint_255
// CHECK: OpRayQueryTerminateKHR %q
// OPT: OpRayQueryInitializeKHR
// UNDEF: ext-type.hlsl:66:3: error: vk::ext_type<9> is not declared: no call of a vk::ext_type_def(9, ...) function

[[vk::ext_type_def(0, /* OpTypeInt */ 21)]]
void defineUint([[vk::ext_literal]] int width, [[vk::ext_literal]] int signedness);
[[vk::ext_type_def(1, /* OpTypeVector */ 23)]]
void defineUint4([[vk::ext_reference]] vk::ext_type<0> component, [[vk::ext_literal]] int count);
[[vk::ext_type_def(2, /* OpTypeAccelerationStructureKHR */ 5341)]]
void defineAccel();
[[vk::ext_capability(/* RayQueryKHR */ 4472)]]
[[vk::ext_extension("SPV_KHR_ray_query")]]
[[vk::ext_type_def(3, /* OpTypeRayQueryKHR */ 4472)]]
void defineQuery();

[[vk::ext_instruction(/* OpRayQueryInitializeKHR */ 4473)]]
void initialize([[vk::ext_reference]] vk::ext_type<3> query, vk::ext_type<2> accel, uint flags, uint mask,
                float3 origin, float tMin, float3 direction, float tMax);
[[vk::ext_instruction(/* OpRayQueryTerminateKHR */ 4474)]]
void terminate([[vk::ext_reference]] vk::ext_type<3> query);

vk::ext_type<0> uintTag;
vk::ext_type<2> scene : register(t3);
#ifdef UNDEFINED
vk::ext_type<9> nothing;
void useNothing([[vk::ext_reference]] vk::ext_type<9> n);
#endif

[numthreads(1, 1, 1)]
void main() {
  vk::ext_type<3> q;
  initialize(q, scene, 0, 0xff, float3(0, 0, 0), 0.0, float3(0, 0, 1), 100.0);
  terminate(q);
  defineQuery();
  defineAccel();
  defineUint4(uintTag, 4);
  defineUint(32, 0);
#ifdef UNDEFINED
  vk::ext_type<9> n;
#endif
}
