// CONFIG: -T cs_6_6 -E main
// [WaveSize] has no Vulkan equivalent (SubgroupSize is a Kernel execution
// mode; Vulkan sets the size through VK_EXT_subgroup_size_control): DXC
// warns and ignores it.

[WaveSize /* WARNING "Wave size is not supported by Vulkan SPIR-V. Consider using VK_EXT_subgroup_size_control." */ (32)]
[numthreads(32, 1, 1)]
void main() {}
