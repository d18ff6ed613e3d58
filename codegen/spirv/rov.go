package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
)

// Rasterizer ordered views are their RW* types plus ordering
// (SPV_EXT_fragment_shader_interlock). As in DXC, each access sits between
// OpBeginInvocationInterlockEXT and OpEndInvocationInterlockEXT; outside
// -fcgl legalization's invocation-interlock-placement then leaves one
// critical section per invocation.

// rovVar records a rasterizer-ordered resource; the capability comes
// with the interlock execution mode (rovMode).
func (e *emitter) rovVar(ptr builder.ID) {
	setKey(&e.res.rov, ptr, true)
	e.b.Extension("SPV_EXT_fragment_shader_interlock")
}

// rovMode is the interlock execution mode, as DXC picks it: per sample
// when the entry reads SV_SampleIndex, per shading rate when it reads
// SV_ShadingRate (the last of them declared wins), else per pixel.
func (e *emitter) rovMode() {
	if len(e.res.rov) == 0 || e.stage() != stage.Pixel {
		return
	}
	mode, c := spv.ExecutionModePixelInterlockOrderedEXT, spv.CapabilityFragmentShaderPixelInterlockEXT
	for _, sv := range e.io.stageVars {
		switch {
		case !sv.builtin || sv.semantic == "":
		case upperIs(sv.semantic, "SV_SAMPLEINDEX"):
			mode, c = spv.ExecutionModeSampleInterlockOrderedEXT, spv.CapabilityFragmentShaderSampleInterlockEXT
		case upperIs(sv.semantic, "SV_SHADINGRATE"):
			mode, c = spv.ExecutionModeShadingRateInterlockOrderedEXT, spv.CapabilityFragmentShaderShadingRateInterlockEXT
		}
	}
	e.b.Capability(c)
	e.b.ExecutionMode(e.entry.id, mode)
}

func upperIs(s, want string) bool {
	if len(s) != len(want) {
		return false
	}
	for i := range s {
		c := s[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		if c != want[i] {
			return false
		}
	}
	return true
}

// rovBegin opens an interlocked access of the resource behind ptr when it
// is rasterizer-ordered; the returned function closes it.
func (e *emitter) rovBegin(ptr builder.ID) func() {
	if !e.res.rov[ptr] || e.res.inROV || e.fb == nil {
		return func() {}
	}
	e.res.inROV = true
	e.fb.Emit(spv.OpBeginInvocationInterlockEXT, 0)
	return func() {
		e.fb.Emit(spv.OpEndInvocationInterlockEXT, 0)
		e.res.inROV = false
	}
}

// rovLoad and rovStore address first, then interlock the memory access.
func (e *emitter) rovLoad(v value) builder.ID {
	e.legalizingInterlock()
	root := v.id
	v.id, v.idx = e.addr(v), nil
	setKey(&e.res.rov, v.id, true)
	end := e.rovBegin(root)
	defer end()
	return e.load(v)
}

func (e *emitter) rovStore(v value, val builder.ID) {
	e.legalizingInterlock()
	root := v.id
	v.id, v.idx = e.addr(v), nil
	setKey(&e.res.rov, v.id, true)
	end := e.rovBegin(root)
	defer end()
	e.store(v, val)
}

// legalizingInterlock notes an interlocked access (DXC legalizes to
// merge the interlocks).
func (e *emitter) legalizingInterlock() {
	if e.stage() == stage.Pixel {
		e.needLegalization("invocation interlock") // legalneeds.go
	}
}
