// Included by vulkan-include.hlsl.
int helper(int v) {
  return v + 1;
}
