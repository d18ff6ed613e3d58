package spirv

// DebugOptions are the categories of debug information -Zi and
// -fspv-debug= turn on (docs/SPIR-V.rst, "Debugging").
type DebugOptions struct {
	File   bool // OpString and OpSource naming the source files
	Source bool // the source text in OpSource/OpSourceContinued
	Line   bool // OpLine (DebugLine with Vulkan)
	Tool   bool // OpModuleProcessed: the compiler and its command line
	Rich   bool // OpenCL.DebugInfo.100 instructions
	Vulkan bool // NonSemantic.Shader.DebugInfo.100 instead of OpenCL.DebugInfo.100
	// Positions (internal, never written out): an OpLine on every
	// instruction that has a source position, its raw diag.Pos as the
	// line (column 0), so that a failure found after optimization (a
	// resource chosen at run time) is reported where the source made it.
	Positions bool
	// SourceLen is the most bytes of source text one instruction holds
	// (0: DXC's default); vulkan-with-source-test makes it tiny.
	SourceLen int
	// CommandLine is the input file and the options as given, for the
	// "dxc-cl-option" OpModuleProcessed; Args the options alone (each
	// after a space), for DebugEntryPoint.
	CommandLine, Args string
}

// Any reports whether any debug information is asked for.
func (d DebugOptions) Any() bool { return d.File || d.Source || d.Line || d.Tool || d.Rich }
