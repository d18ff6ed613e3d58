// CONFIG: -T ps_6_0 -E main
// One stencil reference mode per face (the second one is pointed at).

[[vk::stencil_ref_less_equal_back, vk /* ERROR "Shaders must not specify more than one of stencil_ref_unchanged_back, stencil_ref_greater_equal_back, and stencil_ref_less_equal_back." */ ::stencil_ref_greater_equal_back, vk::stencil_ref_unchanged_front]]
void main() {}
