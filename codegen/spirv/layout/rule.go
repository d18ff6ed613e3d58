package layout

import "fmt"

// A Rule is a set of memory layout rules: how scalars, vectors, matrices,
// arrays and structs are aligned and sized in a buffer, and so which Offset,
// ArrayStride and MatrixStride decorations a lowered type carries.
type Rule uint8

const (
	// Void is no explicit layout: Function, Private, Workgroup and stage
	// I/O variables. Lowered types carry no Offset/ArrayStride/MatrixStride
	// and bool stays OpTypeBool.
	Void Rule = iota
	// VkStd140 is DXC's default for cbuffer, ConstantBuffer and $Globals:
	// GLSL std140 with vectors aligned to their component (the "relaxed"
	// Vulkan block layout) unless that makes them straddle a 16-byte slot.
	VkStd140
	// VkStd430 is DXC's default for tbuffer, TextureBuffer, structured and
	// byte-address buffers, push constants and shader record buffers: std430
	// with the same vector relaxation.
	VkStd430
	// GLStd140 is strict GLSL std140 (-fvk-use-gl-layout, uniform buffers).
	GLStd140
	// GLStd430 is strict GLSL std430 (-fvk-use-gl-layout, storage buffers).
	GLStd430
	// DXCBuffer is fxc's constant/texture buffer packing (-fvk-use-dx-layout):
	// 16-byte registers, nothing but vectors straddles one, arrays and
	// structs start a register but do not pad what follows them.
	DXCBuffer
	// DXSBuffer is fxc's structured buffer packing (-fvk-use-dx-layout):
	// every type aligned to its component, C-like.
	DXSBuffer
	// Scalar is VK_EXT_scalar_block_layout (-fvk-use-scalar-layout): every
	// type aligned to its largest component, struct sizes rounded to their
	// alignment.
	Scalar
	numRules
)

var ruleNames = [numRules]string{"void", "vk-std140", "vk-std430", "gl-std140", "gl-std430", "dx-cbuffer", "dx-sbuffer", "scalar"}

func (r Rule) String() string {
	if r < numRules {
		return ruleNames[r]
	}
	return fmt.Sprintf("Rule(%d)", uint8(r))
}

// HasLayout reports whether values under r carry explicit layout decorations.
func (r Rule) HasLayout() bool { return r != Void && r < numRules }

// relaxed rules align a vector to its component and bump it to 16 bytes
// only when it would improperly straddle a 16-byte boundary.
func (r Rule) relaxed() bool { return r == VkStd140 || r == VkStd430 || r == DXCBuffer }

// std140Like rules round array and struct alignment up to 16 bytes.
func (r Rule) std140Like() bool { return r == VkStd140 || r == GLStd140 || r == DXCBuffer }

// componentAligned rules align vectors and matrices to their component.
func (r Rule) componentAligned() bool { return r == DXCBuffer || r == DXSBuffer || r == Scalar }

// packed rules give matrices and arrays their element's alignment and no
// 16-byte rounding at all.
func (r Rule) packed() bool { return r == DXSBuffer || r == Scalar }

// Flags are the command-line layout switches. At most one should be set;
// like dxc, -fvk-use-dx-layout wins over -fvk-use-gl-layout, which wins
// over -fvk-use-scalar-layout.
type Flags struct {
	UseDXLayout     bool // -fvk-use-dx-layout
	UseGLLayout     bool // -fvk-use-gl-layout
	UseScalarLayout bool // -fvk-use-scalar-layout
}

// Rules says which rule each kind of buffer uses.
type Rules struct {
	CBuffer    Rule // cbuffer, ConstantBuffer<T>, $Globals
	TBuffer    Rule // tbuffer, TextureBuffer<T>
	SBuffer    Rule // structured and byte-address buffers, push constants, shader record buffers
	AmpPayload Rule // amplification shader payloads
}

// RulesFor returns the rules dxc uses under the given flags.
func RulesFor(f Flags) Rules {
	switch {
	case f.UseDXLayout:
		return Rules{DXCBuffer, DXCBuffer, DXSBuffer, DXSBuffer}
	case f.UseGLLayout:
		return Rules{GLStd140, GLStd430, GLStd430, GLStd430}
	case f.UseScalarLayout:
		return Rules{Scalar, Scalar, Scalar, Scalar}
	}
	return Rules{VkStd140, VkStd430, VkStd430, VkStd430}
}

// ValidatorFlags returns the spirv-val options a module using r needs
// beyond the Vulkan defaults: the component-aligned rules need
// --scalar-block-layout (the application must enable
// VK_EXT_scalar_block_layout); the relaxed vector packing is valid by
// default from Vulkan 1.1 and needs --relax-block-layout for Vulkan 1.0.
func (r Rule) ValidatorFlags(vulkan10 bool) []string {
	switch {
	case r.componentAligned():
		return []string{"--scalar-block-layout"}
	case r.relaxed() && vulkan10:
		return []string{"--relax-block-layout"}
	}
	return nil
}
