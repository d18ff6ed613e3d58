package frontend

import (
	"fmt"
	"strings"
)

// knownExtensions are the SPIR-V extensions -fspv-extension may name, in
// DXC's order (its FeatureManager); "KHR" names every SPV_KHR_ one.
var knownExtensions = []string{
	"KHR",
	"SPV_KHR_16bit_storage",
	"SPV_KHR_device_group",
	"SPV_KHR_multiview",
	"SPV_KHR_non_semantic_info",
	"SPV_KHR_shader_draw_parameters",
	"SPV_KHR_post_depth_coverage",
	"SPV_KHR_ray_tracing",
	"SPV_KHR_shader_clock",
	"SPV_EXT_demote_to_helper_invocation",
	"SPV_EXT_descriptor_indexing",
	"SPV_EXT_fragment_fully_covered",
	"SPV_EXT_fragment_invocation_density",
	"SPV_EXT_fragment_shader_interlock",
	"SPV_EXT_mesh_shader",
	"SPV_EXT_shader_stencil_export",
	"SPV_EXT_shader_viewport_index_layer",
	"SPV_AMD_shader_early_and_late_fragment_tests",
	"SPV_GOOGLE_hlsl_functionality1",
	"SPV_GOOGLE_user_type",
	"SPV_NV_ray_tracing",
	"SPV_NV_mesh_shader",
	"SPV_KHR_ray_query",
	"SPV_KHR_fragment_shading_rate",
	"SPV_EXT_shader_image_int64",
	"SPV_KHR_physical_storage_buffer",
	"SPV_AMDX_shader_enqueue",
	"SPV_KHR_vulkan_memory_model",
	"SPV_KHR_compute_shader_derivatives",
	"SPV_NV_compute_shader_derivatives",
	"SPV_KHR_fragment_shader_barycentric",
	"SPV_KHR_maximal_reconvergence",
	"SPV_KHR_float_controls",
	"SPV_NV_shader_subgroup_partitioned",
	"SPV_KHR_quad_control",
	"SPV_EXT_descriptor_heap",
	"SPV_KHR_untyped_pointers",
}

// expandExtensions checks -fspv-extension values against the known ones
// and replaces "KHR" with every SPV_KHR_ extension, as DXC does.
func expandExtensions(names []string) ([]string, error) {
	var out []string
	for _, n := range names {
		switch {
		case n == "KHR":
			for _, k := range knownExtensions {
				if strings.HasPrefix(strings.ToLower(k), "spv_khr_") {
					out = append(out, k)
				}
			}
		case isKnownExtension(n):
			out = append(out, n)
		default:
			return nil, fmt.Errorf("unknown SPIR-V extension '%s'\nnote: known extensions are\n* %s", n, strings.Join(knownExtensions, "\n* "))
		}
	}
	return out, nil
}

func isKnownExtension(name string) bool {
	for _, k := range knownExtensions {
		if k == name {
			return true
		}
	}
	return false
}
