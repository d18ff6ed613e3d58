// <vk/spirv.h>, built into hlsl2spirv: SPIR-V enumerations and small helpers
// for shaders that use inline SPIR-V (vk::ext_instruction, vk::SpirvType).
// DXC ships a header of this name; this one offers the same names.

#ifndef HLSL2SPIRV_VK_SPIRV_H
#define HLSL2SPIRV_VK_SPIRV_H

#include <vk/spirv_enums.h>

namespace vk {

// A pointer to groupshared (Workgroup) memory as an opaque SPIR-V type:
// OpTypePointer (opcode 32) of the Workgroup storage class to PointeeType.
template <typename PointeeType>
using WorkgroupSpirvPointer = const vk::SpirvOpaqueType<
    /* OpTypePointer */ 32,
    vk::Literal<vk::integral_constant<uint, StorageClassWorkgroup> >,
    PointeeType>;

// The address of a groupshared variable: OpCopyObject (opcode 83) applied to
// the variable itself rather than to its value. Passing anything that is not
// groupshared gives a module that fails validation.
template <typename T>
[[vk::ext_instruction(/* OpCopyObject */ 83)]]
WorkgroupSpirvPointer<T> GetGroupSharedAddress([[vk::ext_reference]] T v);

} // namespace vk

#endif // HLSL2SPIRV_VK_SPIRV_H
