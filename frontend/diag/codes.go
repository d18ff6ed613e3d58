package diag

// Code is a stable identifier for a kind of diagnostic, as go/types has.
// Codes are never renumbered: add new ones at the end of a stage's block.
// Each stage owns a block of a thousand codes.
type Code uint16

const (
	Unknown Code = 0

	// 1–99: driver and options.
	TooManyErrors Code = 1
	BadOption     Code = 2
	FileNotFound  Code = 3

	// 1000–1999: preprocessor (frontend/pp).
	PPBase Code = 1000
	// 2000–2999: syntax (frontend/parse).
	SyntaxBase Code = 2000
	// 3000–4999: semantic analysis (sema).
	SemaBase Code = 3000
	// 5000–5999: SPIR-V code generation (codegen/spirv).
	CodegenBase Code = 5000
	// 6000–6999: WGSL generation (codegen/wgsl).
	WGSLBase Code = 6000
)

// Driver-level codes continue here (the 1–99 block).
const (
	// NotImplemented marks a stage of the pipeline that does not exist yet.
	NotImplemented Code = 4
	// InternalError is a compiler bug caught by the driver (a panic).
	InternalError Code = 5
	// InvalidSPIRV is an internal error: the generated module breaks a
	// validation rule.
	InvalidSPIRV Code = 6
)
