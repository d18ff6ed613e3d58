package opt

import (
	"strings"
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Some of spirv-opt's memory passes run only on modules whose extensions
// they know: an extension they do not know could add instructions that read
// or write memory behind their back. The table lists, for each extension,
// which of those passes accept it (spirv-opt keeps one list per pass; they
// differ in a few entries, kept here as they are).

// extPass is a set of passes that accept an extension.
type extPass uint8

const (
	allowSingleBlock extPass = 1 << iota // eliminate-local-single-block
	allowSingleStore                     // eliminate-local-single-store
	allowAccessChain                     // convert-local-access-chains

	allowMem = allowSingleBlock | allowSingleStore | allowAccessChain
)

// extensionAllowlist is built on first use: most modules declare no
// extension, and a process should not pay for the table at start-up.
var extensionAllowlist = sync.OnceValue(func() map[string]extPass {
	return map[string]extPass{
		"SPV_AMD_shader_explicit_vertex_parameter": allowMem,
		"SPV_AMD_shader_trinary_minmax":            allowMem,
		"SPV_AMD_gcn_shader":                       allowMem,
		"SPV_KHR_shader_ballot":                    allowMem,
		"SPV_AMD_shader_ballot":                    allowMem,
		"SPV_AMD_gpu_shader_half_float":            allowMem,
		"SPV_KHR_shader_draw_parameters":           allowMem,
		"SPV_KHR_subgroup_vote":                    allowMem,
		"SPV_KHR_8bit_storage":                     allowMem,
		"SPV_KHR_16bit_storage":                    allowMem,
		"SPV_KHR_device_group":                     allowMem,
		"SPV_KHR_multiview":                        allowMem,
		"SPV_NVX_multiview_per_view_attributes":    allowMem,
		"SPV_NV_viewport_array2":                   allowMem,
		"SPV_NV_stereo_view_rendering":             allowMem,
		"SPV_NV_sample_mask_override_coverage":     allowMem,
		"SPV_NV_geometry_shader_passthrough":       allowMem,
		"SPV_AMD_texture_gather_bias_lod":          allowMem,
		"SPV_KHR_storage_buffer_storage_class":     allowMem,
		"SPV_KHR_variable_pointers":                allowSingleBlock | allowSingleStore,
		"SPV_AMD_gpu_shader_int16":                 allowMem,
		"SPV_KHR_post_depth_coverage":              allowMem,
		"SPV_KHR_shader_atomic_counter_ops":        allowMem,
		"SPV_EXT_shader_stencil_export":            allowMem,
		"SPV_EXT_shader_viewport_index_layer":      allowMem,
		"SPV_AMD_shader_image_load_store_lod":      allowMem,
		"SPV_AMD_shader_fragment_mask":             allowMem,
		"SPV_EXT_fragment_fully_covered":           allowMem,
		"SPV_AMD_gpu_shader_half_float_fetch":      allowMem,
		"SPV_GOOGLE_decorate_string":               allowMem,
		"SPV_GOOGLE_hlsl_functionality1":           allowMem,
		"SPV_GOOGLE_user_type":                     allowMem,
		"SPV_NV_shader_subgroup_partitioned":       allowMem,
		"SPV_EXT_demote_to_helper_invocation":      allowSingleBlock | allowAccessChain,
		"SPV_EXT_descriptor_indexing":              allowMem,
		"SPV_EXT_descriptor_heap":                  allowMem,
		"SPV_NV_fragment_shader_barycentric":       allowMem,
		"SPV_NV_compute_shader_derivatives":        allowMem,
		"SPV_NV_shader_image_footprint":            allowMem,
		"SPV_NV_shading_rate":                      allowMem,
		"SPV_NV_mesh_shader":                       allowMem,
		"SPV_EXT_mesh_shader":                      allowMem,
		"SPV_NV_ray_tracing":                       allowMem,
		"SPV_KHR_ray_tracing":                      allowMem,
		"SPV_KHR_ray_query":                        allowMem,
		"SPV_EXT_fragment_invocation_density":      allowMem,
		"SPV_EXT_physical_storage_buffer":          allowSingleBlock | allowSingleStore,
		"SPV_KHR_physical_storage_buffer":          allowSingleBlock | allowSingleStore,
		"SPV_KHR_terminate_invocation":             allowMem,
		"SPV_KHR_shader_clock":                     allowMem,
		"SPV_KHR_subgroup_uniform_control_flow":    allowMem,
		"SPV_KHR_integer_dot_product":              allowMem,
		"SPV_EXT_shader_image_int64":               allowMem,
		"SPV_KHR_non_semantic_info":                allowMem,
		"SPV_KHR_uniform_group_instructions":       allowMem,
		"SPV_KHR_fragment_shader_barycentric":      allowMem,
		"SPV_KHR_vulkan_memory_model":              allowMem,
		"SPV_NV_bindless_texture":                  allowMem,
		"SPV_EXT_shader_atomic_float_add":          allowMem,
		"SPV_EXT_fragment_shader_interlock":        allowMem,
		"SPV_KHR_compute_shader_derivatives":       allowMem,
		"SPV_NV_cooperative_matrix":                allowMem,
		"SPV_KHR_cooperative_matrix":               allowMem,
		"SPV_KHR_ray_tracing_position_fetch":       allowMem,
		"SPV_AMDX_shader_enqueue":                  allowMem,
		"SPV_KHR_fragment_shading_rate":            allowMem,
		"SPV_KHR_quad_control":                     allowMem,
		"SPV_NV_shader_invocation_reorder":         allowMem,
		"SPV_NV_cluster_acceleration_structure":    allowMem,
		"SPV_NV_linear_swept_spheres":              allowMem,
		"SPV_KHR_maximal_reconvergence":            allowMem,
		"SPV_NV_push_constant_bank":                allowMem,
		"SPV_EXT_opacity_micromap":                 allowMem,
		"SPV_KHR_opacity_micromap":                 allowMem,
		"SPV_EXT_shader_invocation_reorder":        allowMem,
		"SPV_EXT_shader_atomic_float16_add":        allowMem,
		"SPV_KHR_abort":                            allowMem,
		"SPV_KHR_constant_data":                    allowMem,
	}
})

// extensionsAllowed reports whether the pass (one extPass bit) may run on
// the module: it declares no extension the pass does not know, no
// non-semantic instruction set other than the shader debug information
// (whose instructions the passes understand), and for
// convert-local-access-chains, not the VariablePointers capability.
func extensionsAllowed(c *Context, pass extPass) bool {
	for _, e := range c.M.Extensions {
		if extensionAllowlist()[e]&pass == 0 {
			return false
		}
	}
	for _, imp := range c.M.ExtInstImports {
		name := imp.Operands[0].Str()
		if strings.HasPrefix(name, "NonSemantic.") && !strings.HasPrefix(name, "NonSemantic.Shader.DebugInfo.") {
			return false
		}
	}
	if pass == allowAccessChain && c.M.HasCapability(spv.CapabilityVariablePointers) {
		return false
	}
	return true
}
