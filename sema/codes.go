package sema

import "github.com/hlsl2spirv/hlsl2spirv/frontend/diag"

// Codes of the checker's own diagnostics (4000–4099 of sema's block), for
// errors that the foundation packages do not produce. They are stable:
// append only. (They belong in sema/codes; kept here until that package's
// owner takes them.)
const (
	UnknownType      diag.Code = diag.SemaBase + 1000 + iota // "unknown type name 'T'"
	Redefinition                                             // "redefinition of 'x'"
	NotAType                                                 // a name that is not a type used as one
	ArraySize                                                // bad array size
	ReturnMismatch                                           // return value errors
	BranchOutside                                            // break/continue outside a loop or switch
	CaseNotConstant                                          // case value not constant / duplicate
	DiscardStage                                             // discard outside a pixel shader
	EntryMissing                                             // -E names no function
	EntrySemantic                                            // entry parameter or result without a semantic
	EntryAttribute                                           // an entry without an attribute its stage requires
	NotAssignable                                            // assignment to a non-lvalue or const
	NotCallable                                              // call of something that is not a function
	InitList                                                 // initializer list errors
	BadCondition                                             // condition not convertible to bool
	IncompleteType                                           // "base class has incomplete type"
	NodeAttribute                                            // a node shader's attributes or parameters DXC rejects
	NodeExperimental                                         // warning: SPIR-V node shaders are experimental in DXC
	Recursion                                                // an entry point reaches a recursive function
)
