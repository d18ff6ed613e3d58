package pp

// Diagnostic codes of the preprocessor: diag.PPBase + n. Stable: never
// renumber, add at the end.
const (
	codeUnterminatedComment = 1 + iota
	codeUnterminatedString
	codeUnterminatedChar
	codeBackslashSpace
	codeInvalidDirective
	codeMacroNameMissing
	codeMacroNameNotIdent
	codeDefinedAsName
	codeMissingRParen
	codeDuplicateParam
	codeExpectedCommaParam
	codeInvalidParam
	codeHashNotParam
	codePasteAtStart
	codePasteAtEnd
	codeBadPaste
	codeMacroRedefined
	codeRedefBuiltin
	codeUndefBuiltin
	codeNoSpaceAfterName
	codeVAArgsMisuse // no longer reported (an extension clang hides by default)
	codeUnterminatedInvocation
	codeTooManyArgs
	codeTooFewArgs
	codeUnterminatedConditional
	codeElseWithoutIf
	codeElifWithoutIf
	codeEndifWithoutIf
	codeElseAfterElse
	codeElifAfterElse
	codeExtraTokens
	codeExprExpectedValue
	codeExprExpectedRParen
	codeExprExpectedColon
	codeExprColon
	codeExprBadBinop
	codeExprBadStart
	codeExprFloat
	codeExprBadNumber
	codeExprMissingBinop
	codeDefinedNoIdent
	codeDivByZero
	codeExpectedFilename
	codeEmptyFilename
	codeFileNotFound
	codeIncludeTooDeep
	codeLineNoNumber
	codeLineBadFilename
	codeErrorDirective
	codeWarningDirective
	codePragmaOnceMain
	codePragmaMessage
	codePragmaMessageText
	codePackMatrix
	codePragmaOperator
	codeCommandLineText
	codeTooLarge
	codeTooDeep
	codeExpansionToDefined
	codeExprConversion
	codeExprOverflow
	codeTooManyIncludes
	codeHasInclude
	codeEmptyChar
	codeLineOctal
	codeExprExpectedEOL
	codeExprTooBig
	codeMultiChar
	codeEmbeddedDirective
	codePragmaDiagnostic
	codeHasFeature
)
