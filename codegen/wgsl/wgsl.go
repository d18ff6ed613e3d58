package wgsl

import (
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
)

// Options are the choices WebGPU needs where SPIR-V has no answer.
type Options struct {
	// PushConstants places push constant blocks, which WebGPU does not have:
	// PushFreeBinding (the default) makes them a uniform buffer at a free
	// binding of group 0 (reported in Result.Bindings), PushNone refuses
	// them, PushUniform makes them a uniform buffer at
	// PushGroup/PushBinding, PushImmediate uses the `var<immediate>`
	// address space (a WGSL language extension Dawn implements).
	PushConstants          PushConstantMode
	PushGroup, PushBinding uint32
	// EntryPoint, when set, translates only the entry point of that name
	// (and what it calls); by default every entry point is translated.
	EntryPoint string
	// StrictBindings refuses a module where two resources share a binding
	// (or a descriptor array's elements would take other resources'
	// bindings) instead of moving them to free bindings (see Binding).
	StrictBindings bool
}

// PushConstantMode says where push constants go.
type PushConstantMode uint8

const (
	PushFreeBinding PushConstantMode = iota
	PushNone
	PushUniform
	PushImmediate
)

// A Result is a translated module.
type Result struct {
	WGSL        string
	EntryPoints []EntryPoint
	// Bindings lists every resource the WGSL declares, with the SPIR-V
	// descriptor it stands for, for the application's bind group layouts;
	// those whose binding the translation chose have a Note.
	Bindings []Binding
	// Features are the WebGPU device features the module needs
	// ("shader-f16", "subgroups", "clip-distances", ...).
	Features []string
}

// An EntryPoint describes one translated entry point.
type EntryPoint struct {
	Name      string // the WGSL function name (the SPIR-V name when it is a valid identifier)
	SPIRVName string
	Stage     string // "vertex", "fragment" or "compute"
	// Inputs and Outputs are the user-defined (@location) pipeline
	// inputs and outputs.
	Inputs, Outputs []IO
	FragDepth       bool // writes @builtin(frag_depth)
	WorkgroupSize   [3]string
}

// An IO is a @location input or output.
type IO struct {
	Location    uint32
	Type        string // WGSL type
	Interpolate string // the @interpolate arguments, or ""
}

// A Binding is a resource of the WGSL module and the SPIR-V descriptor it
// stands for. They differ where WebGPU needs it: two resources at one
// binding (the later one moves to a free binding of its group), an element
// of a descriptor array (the elements take consecutive bindings), the
// sampler half of a combined image sampler (a free binding), push
// constants as a uniform buffer, and the resources the translation adds
// with no descriptor: the draw parameters and the physical memory buffer.
// A 1D texture may be declared 2D and a texel buffer a storage buffer.
type Binding struct {
	Name           string // the WGSL variable
	Group, Binding uint32 // its @group and @binding
	// Set and SPIRVBinding are the SPIR-V descriptor's DescriptorSet and
	// Binding; Element is the index in a descriptor array, or -1.
	Set, SPIRVBinding uint32
	Element           int
	// Sampler marks the sampler half of a combined image sampler (the
	// descriptor's image is its own Binding).
	Sampler bool
	// PushConstants marks the uniform buffer holding push constants (no
	// descriptor).
	PushConstants bool
	// DrawParameters marks the uniform buffer the application fills with
	// the draw's parameters, which SPIR-V's BaseVertex, BaseInstance,
	// DrawIndex and ViewIndex read and WebGPU does not give (no
	// descriptor): four u32, base_vertex (firstVertex, or vertexOffset for
	// an indexed draw), base_instance (firstInstance), draw_index (0 but in
	// a multi-draw), view_index (the view the pass renders: WebGPU has no
	// multiview).
	DrawParameters bool
	// TexelBuffer marks a texel buffer declared as a storage buffer of its
	// texels, TexelType each (WebGPU has no texel buffers).
	TexelBuffer bool
	TexelType   string
	// StorageFormat is the texel format chosen for a storage image the
	// SPIR-V declares without one (the 32-bit form of its texels with the
	// components the shader uses): the application binds a texture of it.
	StorageFormat string
	// PhysicalMemory marks the storage buffer physical pointers address
	// (vk::RawBufferLoad, vk::BufferPointer; no descriptor): the
	// application places the memory the shader reaches by address in it,
	// and an address is a byte offset into it.
	PhysicalMemory bool
	// Texture1DAs2D marks a 1D texture (or storage image) declared as a
	// 2D one: the application binds a 2D texture of height 1 with the 1D
	// texture's texels (WGSL's texture_1d cannot be arrayed, compared,
	// sampled at an explicit level, with a bias or gradients, or in a
	// compute shader).
	Texture1DAs2D bool
	// Note says why the binding or the kind of resource differs from the
	// SPIR-V's ("" when it does not).
	Note string
}

// maxIDBound is the largest id bound a valid module has (the universal
// limit spirv-val enforces); the analyses allocate by the bound.
const maxIDBound = 0x3FFFFF

// Translate translates a module in the IR to WGSL. The module must be
// valid Vulkan SPIR-V; Translate does not change it.
//
// An error is an *Error (with a source position when the module has line
// information) for input WGSL cannot express or that is not valid, or an
// *InternalError for a translator bug.
func Translate(m *builder.Module, opts Options) (res *Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			if b, ok := r.(bailout); ok {
				res, err = nil, b.err
				return
			}
			res, err = nil, &InternalError{Panic: r, Stack: string(debug.Stack())}
		}
	}()
	if m.Bound > maxIDBound {
		return nil, &Error{Msg: fmt.Sprintf("the id bound %d exceeds SPIR-V's limit of %d", m.Bound, maxIDBound)}
	}
	if err := builder.Verify(m); err != nil {
		return nil, &Error{Msg: err.Error()}
	}
	t := newTranslator(m, opts)
	return t.run(), nil
}

// TranslateBytes loads a SPIR-V binary (a .spv file's bytes) and
// translates it.
func TranslateBytes(spirv []byte, opts Options) (*Result, error) {
	m, err := builder.LoadBytes(spirv)
	if err != nil {
		return nil, &Error{Msg: err.Error()}
	}
	return Translate(m, opts)
}

// TranslateWords loads a SPIR-V module given as words and translates it.
func TranslateWords(spirv []uint32, opts Options) (*Result, error) {
	m, err := builder.Load(spirv)
	if err != nil {
		return nil, &Error{Msg: err.Error()}
	}
	return Translate(m, opts)
}

// IsUnsupported reports whether err says the input is valid SPIR-V that
// WGSL cannot express.
func IsUnsupported(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Unsupported
}

func (s PushConstantMode) String() string {
	switch s {
	case PushFreeBinding:
		return "free"
	case PushUniform:
		return "uniform"
	case PushImmediate:
		return "immediate"
	}
	return "none"
}

// ParsePushConstantMode reads "free", "none", "uniform" or "immediate".
func ParsePushConstantMode(s string) (PushConstantMode, error) {
	switch s {
	case "free", "":
		return PushFreeBinding, nil
	case "none":
		return PushNone, nil
	case "uniform":
		return PushUniform, nil
	case "immediate":
		return PushImmediate, nil
	}
	return 0, fmt.Errorf("unknown push constant placement %q (want free, none, uniform or immediate)", s)
}

// BindingNotes describes, one line each, the resources whose binding or
// kind differs from the SPIR-V descriptor they stand for.
func (r *Result) BindingNotes() []string {
	var out []string
	for _, b := range r.Bindings {
		if b.Note != "" {
			out = append(out, b.describe())
		}
	}
	return out
}

// describe is a binding's line in the notes and the WGSL header.
func (b *Binding) describe() string {
	from := "no SPIR-V descriptor"
	switch {
	case b.PushConstants, b.DrawParameters, b.PhysicalMemory:
	case b.Element >= 0:
		from = fmt.Sprintf("set %d binding %d [%d]", b.Set, b.SPIRVBinding, b.Element)
	default:
		from = fmt.Sprintf("set %d binding %d", b.Set, b.SPIRVBinding)
	}
	return fmt.Sprintf("@group(%d) @binding(%d) %s: %s (%s)", b.Group, b.Binding, b.Name, from, b.Note)
}
