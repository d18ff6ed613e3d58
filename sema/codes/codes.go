// Package codes holds the stable diagnostic codes of semantic analysis
// (the 3000–4999 block of frontend/diag). Codes are never renumbered: add
// new ones at the end of their group. The checker reports with these; the
// foundation packages (types, intrinsics, constant) map their errors here.
package codes

import "github.com/hlsl2spirv/hlsl2spirv/frontend/diag"

const (
	// 3000–3099: calls and overload resolution.
	NoMatchingFunction     diag.Code = diag.SemaBase + iota // "no matching function for call to 'f'"
	AmbiguousCall                                           // "call to 'f' is ambiguous"
	UndeclaredIdentifier                                    // "use of undeclared identifier 'x'"
	NoSuchMember                                            // "no member named 'm' in 'T'"
	InvalidResourceElement                                  // "cannot Sample from resource containing int4"
	IntrinsicStage                                          // an intrinsic used in a stage that lacks it
	IntrinsicShaderModel                                    // an intrinsic newer than the target shader model
)

const (
	// 3100–3199: types and conversions.
	CannotConvert              diag.Code = diag.SemaBase + 100 + iota // "cannot convert from 'float2' to 'float4'"
	ImplicitTruncation                                                // warning: "implicit truncation of vector type"
	PrecisionLoss                                                     // warning: "conversion from larger type to smaller, possible loss of data"
	TemplateArgument                                                  // bad built-in template arguments
	InvalidSwizzle                                                    // vector/matrix component selection errors
	NotSubscriptable                                                  // "subscripted value is not an array, matrix, or vector"
	TypeMismatch                                                      // binary operands that cannot be combined
	IntRequired                                                       // "int or unsigned int type required"
	ScalarVectorMatrixExpected                                        // "scalar, vector, or matrix expected"
	MinPrecisionDivision                                              // signed min-precision division/remainder
	DoubleModulo                                                      // "modulo cannot be used with doubles, cast to float first"
	LogicalOperandScalar                                              // HLSL 2021 && / || on non-scalars
	AmbiguousLiteralShift                                             // warning on 'literal << non-literal'
	Unavailable16BitType                                              // a 16-bit type without -enable-16bit-types
	EffectObject                                                      // warning: "effect object ignored - effect syntax is deprecated"
)

const (
	// 3200–3299: constant evaluation.
	DivisionByZero diag.Code = diag.SemaBase + 200 + iota // "division by zero is undefined"
	RemainderByZero
	NotConstant // an expression that must be constant is not
)

const (
	// 3300–3399: what DXC's SPIR-V back end rejects. These are reported
	// only when the rest of the file checked clean, for the code that
	// reaches an entry point, as DXC does.
	NoVulkanEquivalent     diag.Code = diag.SemaBase + 300 + iota // "no equivalent for abort intrinsic function in Vulkan"
	UnimplementedIntrinsic                                        // "WaveMultiPrefixCountBits intrinsic function unimplemented"
	DeprecatedIntrinsic                                           // "deprecated tex2D intrinsic function will not be supported"
	IntrinsicArgument                                             // an argument the SPIR-V lowering cannot take (64-bit firstbithigh, non-constant offset, ...)
	StageRestriction                                              // an operation its stage cannot do in Vulkan (implicit-LOD sampling in a vertex shader, ...)
	VkAttribute                                                   // a vk:: attribute on the wrong declaration, or conflicting ones
	SpecConstant                                                  // [[vk::constant_id]] misuse
	UnsupportedType                                               // a type Vulkan cannot represent there (FeedbackTexture2D, Buffer<half>, ...)
	LayoutOverlap                                                 // packoffset or register(c#) overlapping earlier members
	StageIO                                                       // stage input/output errors: semantics, locations, built-ins
	MeshShaderParam                                               // mesh and amplification shader parameter rules
	GeometryShaderParam                                           // geometry shader primitive rules
	TargetEnvironment                                             // a feature the -fspv-target-env does not allow
	IgnoredInitializer                                            // warning: "cbuffer member initializer ignored since no Vulkan equivalent"
	UndefinedStaticMember                                         // a static const member used but never defined (clang's warning, DXC's fatal error)
)
