// Compute: shared memory, atomics, barriers, subgroup operations, storage
// buffers with runtime arrays, push constants, specialization constants.
// glslang: --target-env vulkan1.1
#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
layout(local_size_x_id = 0, local_size_y = 1, local_size_z = 1) in;
layout(constant_id = 1) const int kScale = 3;
layout(constant_id = 2) const float kBias = -0.5;
layout(constant_id = 3) const bool kEnable = true;
layout(std430, binding = 0) buffer Data { uint count; float values[]; } data;
layout(std140, binding = 1) uniform Params { vec4 scale; ivec2 range; } params;
layout(push_constant) uniform Push { uint offset; float gain; } pc;
shared float tile[64];
shared uint hits;
void main() {
  uint i = gl_GlobalInvocationID.x;
  uint l = gl_LocalInvocationIndex;
  tile[l % 64] = data.values[i] * params.scale.x * float(kScale) + kBias;
  if (l == 0) hits = 0;
  barrier();
  memoryBarrierShared();
  groupMemoryBarrier();
  float s = subgroupAdd(tile[l % 64]);
  float m = subgroupInclusiveMax(s);
  uvec4 b = subgroupBallot(s > 0.0);
  uint n = subgroupBallotBitCount(b);
  float sh = subgroupShuffle(m, gl_SubgroupInvocationID ^ 1u);
  if (kEnable && subgroupElect()) {
    atomicAdd(hits, n);
    atomicMax(data.count, n + pc.offset);
  }
  uint old = atomicCompSwap(data.count, 0u, 1u);
  data.values[i] = sh * pc.gain + float(old) + float(gl_NumSubgroups + gl_SubgroupID + gl_WorkGroupID.y);
}
