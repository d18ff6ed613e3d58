package parse

import (
	"sync"

	p "github.com/hlsl2spirv/hlsl2spirv/grammar/parser"
)

// keywords are the reserved words the grammar has tokens for.
var keywords = []spelling[int]{
	{"break", p.HLSLParserKW_BREAK}, {"case", p.HLSLParserKW_CASE}, {"cbuffer", p.HLSLParserKW_CBUFFER},
	{"class", p.HLSLParserKW_CLASS}, {"const", p.HLSLParserKW_CONST},
	{"continue", p.HLSLParserKW_CONTINUE}, {"default", p.HLSLParserKW_DEFAULT},
	{"discard", p.HLSLParserKW_DISCARD}, {"do", p.HLSLParserKW_DO}, {"else", p.HLSLParserKW_ELSE},
	{"enum", p.HLSLParserKW_ENUM}, {"export", p.HLSLParserKW_EXPORT}, {"false", p.HLSLParserKW_FALSE},
	{"for", p.HLSLParserKW_FOR}, {"if", p.HLSLParserKW_IF}, {"inline", p.HLSLParserKW_INLINE},
	{"interface", p.HLSLParserKW_INTERFACE}, {"namespace", p.HLSLParserKW_NAMESPACE},
	{"operator", p.HLSLParserKW_OPERATOR}, {"return", p.HLSLParserKW_RETURN},
	{"sizeof", p.HLSLParserKW_SIZEOF}, {"static", p.HLSLParserKW_STATIC},
	{"struct", p.HLSLParserKW_STRUCT}, {"switch", p.HLSLParserKW_SWITCH},
	{"tbuffer", p.HLSLParserKW_TBUFFER}, {"template", p.HLSLParserKW_TEMPLATE},
	{"this", p.HLSLParserKW_THIS}, {"true", p.HLSLParserKW_TRUE}, {"typedef", p.HLSLParserKW_TYPEDEF},
	{"typename", p.HLSLParserKW_TYPENAME}, {"using", p.HLSLParserKW_USING},
	{"while", p.HLSLParserKW_WHILE}, {"unsigned", p.HLSLParserKW_UNSIGNED},
	{"signed", p.HLSLParserKW_SIGNED}, {"public", p.HLSLParserKW_PUBLIC},
	{"private", p.HLSLParserKW_PRIVATE}, {"protected", p.HLSLParserKW_PROTECTED},
	{"static_assert", p.HLSLParserKW_STATIC_ASSERT}, {"_Static_assert", p.HLSLParserKW_STATIC_ASSERT},
}

// modifierKind tells reserved modifiers from contextual ones.
type modifierKind uint8

const (
	notModifier modifierKind = iota
	reservedModifier
	// contextualModifier words are modifiers only when a type or another
	// modifier follows; elsewhere they are ordinary names (`float sample;`).
	contextualModifier
)

var modifiers = []spelling[modifierKind]{
	{"in", reservedModifier}, {"out", reservedModifier}, {"inout", reservedModifier},
	{"uniform", reservedModifier}, {"extern", reservedModifier}, {"groupshared", reservedModifier},
	{"volatile", reservedModifier}, {"row_major", reservedModifier}, {"column_major", reservedModifier},
	{"nointerpolation", reservedModifier}, {"noperspective", reservedModifier},
	{"centroid", reservedModifier}, {"precise", contextualModifier}, {"shared", contextualModifier},
	{"linear", contextualModifier}, {"sample", contextualModifier}, {"center", contextualModifier},
	{"snorm", contextualModifier}, {"unorm", contextualModifier},
	{"reordercoherent", contextualModifier}, {"globallycoherent", contextualModifier},
	{"point", contextualModifier}, {"line", contextualModifier}, {"triangle", contextualModifier},
	{"lineadj", contextualModifier}, {"triangleadj", contextualModifier},
	{"vertices", contextualModifier}, {"primitives", contextualModifier},
	{"indices", contextualModifier}, {"payload", contextualModifier},
}

// nameKind is what a declared or built-in name denotes, as far as the
// parser needs to know.
type nameKind uint8

const (
	unknownName  nameKind = iota
	typeName              // a type that takes no template arguments
	templateType          // a type that may take template arguments
	namespaceName
	templateFunc // a function or variable template
	shadowed     // a variable named like a type hides the type
)

// builtinObjectTypes are HLSL's predeclared resource, sampler, stream and
// other object types; all of them may take template arguments.
var builtinObjectTypes = []string{
	"vector", "matrix",
	"Buffer", "RWBuffer", "StructuredBuffer", "RWStructuredBuffer", "AppendStructuredBuffer",
	"ConsumeStructuredBuffer", "ByteAddressBuffer", "RWByteAddressBuffer",
	"RasterizerOrderedBuffer", "RasterizerOrderedByteAddressBuffer", "RasterizerOrderedStructuredBuffer",
	"Texture1D", "Texture1DArray", "Texture2D", "Texture2DArray", "Texture2DMS", "Texture2DMSArray",
	"Texture3D", "TextureCube", "TextureCubeArray",
	"RWTexture1D", "RWTexture1DArray", "RWTexture2D", "RWTexture2DArray", "RWTexture3D",
	"RWTexture2DMS", "RWTexture2DMSArray",
	"RasterizerOrderedTexture1D", "RasterizerOrderedTexture1DArray", "RasterizerOrderedTexture2D",
	"RasterizerOrderedTexture2DArray", "RasterizerOrderedTexture3D",
	"FeedbackTexture2D", "FeedbackTexture2DArray",
	"SamplerState", "SamplerComparisonState", "sampler", "sampler1D", "sampler2D", "sampler3D", "samplerCUBE",
	"ConstantBuffer", "TextureBuffer", "InputPatch", "OutputPatch",
	"PointStream", "LineStream", "TriangleStream",
	"RaytracingAccelerationStructure", "RayQuery", "RayDesc", "BuiltInTriangleIntersectionAttributes",
	"BuiltInTrianglePositions",
	"SubpassInput", "SubpassInputMS", "HitObject",
	"NodeOutput", "NodeOutputArray", "EmptyNodeOutput", "EmptyNodeOutputArray",
	"DispatchNodeInputRecord", "RWDispatchNodeInputRecord", "GroupNodeInputRecords",
	"RWGroupNodeInputRecords", "ThreadNodeInputRecord", "RWThreadNodeInputRecord", "EmptyNodeInput",
	"GroupNodeOutputRecords", "ThreadNodeOutputRecords", "SamplerFeedback",
}

// dxrSubobjectTypes are the DXR state-object types
// (`GlobalRootSignature grs = {"CBV(b0)"};`); they take no arguments.
var dxrSubobjectTypes = []string{
	"GlobalRootSignature", "LocalRootSignature", "StateObjectConfig", "SubobjectToExportsAssociation",
	"RaytracingShaderConfig", "RaytracingPipelineConfig", "RaytracingPipelineConfig1",
	"TriangleHitGroup", "ProceduralPrimitiveHitGroup",
}

// effectObjectTypes are the legacy effect (.fx) object types DXC declares
// so that old shaders parse (`PixelShader ps;`); sema drops their variables
// with a warning.
var effectObjectTypes = []string{
	"texture", "Texture", "pixelshader", "PixelShader", "vertexshader", "VertexShader",
	"pixelfragment", "vertexfragment", "ComputeShader", "DomainShader", "GeometryShader",
	"HullShader", "BlendState", "DepthStencilState", "DepthStencilView", "RasterizerState",
	"RenderTargetView",
}

// qualifiedBuiltin is what name denotes inside the built-in namespace ns
// (vk or dx): the types that exist only there.
func qualifiedBuiltin(ns, name string) nameKind {
	switch ns {
	case "vk":
		switch name {
		case "SpirvType", "SpirvOpaqueType", "integral_constant", "Literal", "BufferPointer",
			"ext_type", "ext_result_id", "SampledTexture1D", "SampledTexture1DArray",
			"SampledTexture2D", "SampledTexture2DArray", "SampledTexture2DMS",
			"SampledTexture2DMSArray", "SampledTexture3D", "SampledTextureCUBE",
			"SampledTextureCUBEArray":
			return templateType
		}
	case "dx":
		if name == "HitObject" {
			return typeName
		}
	}
	return unknownName
}

// builtinNames are the predeclared type and namespace names other than the
// scalar, vector and matrix types, which builtinName recognises by their
// spelling (a table of all ~500 would be built at every process start).
func builtinNames() []spelling[nameKind] {
	m := make([]spelling[nameKind], 0, 7+len(builtinObjectTypes)+len(dxrSubobjectTypes)+len(effectObjectTypes))
	for _, s := range []string{"void", "string", "auto", "uint8_t4_packed", "int8_t4_packed"} {
		m = append(m, spelling[nameKind]{s, typeName})
	}
	m = append(m, spelling[nameKind]{"vk", namespaceName}, spelling[nameKind]{"dx", namespaceName})
	for _, s := range builtinObjectTypes {
		m = append(m, spelling[nameKind]{s, templateType})
	}
	for _, s := range dxrSubobjectTypes {
		m = append(m, spelling[nameKind]{s, typeName})
	}
	for _, s := range effectObjectTypes {
		m = append(m, spelling[nameKind]{s, typeName})
	}
	return m
}

// scalarTypes are the scalar types that also have vector (`float4`) and
// matrix (`float4x4`) forms, dimensions 1 to 4.
var scalarTypes = []string{
	"bool", "int", "uint", "dword", "half", "float", "double",
	"min16float", "min10float", "min16int", "min12int", "min16uint", "int16_t", "uint16_t",
	"int32_t", "uint32_t", "int64_t", "uint64_t", "float16_t", "float32_t", "float64_t",
}

// builtinName tells whether name is predeclared: a scalar, vector or
// matrix type, an object type or a built-in namespace.
func builtinName(name string) nameKind { return words().builtinName(name) }

func (t *wordTable) builtinName(name string) nameKind {
	if w := t.get(name); w != nil && w.builtin != unknownName {
		return w.builtin
	}
	// Strip a vector size `N` or a matrix size `NxM`, N and M in 1..4.
	dim := func(c byte) bool { return c >= '1' && c <= '4' }
	n := len(name)
	switch {
	case n > 3 && dim(name[n-1]) && name[n-2] == 'x' && dim(name[n-3]):
		name = name[:n-3]
	case n > 1 && dim(name[n-1]):
		name = name[:n-1]
	}
	if w := t.get(name); w != nil && w.scalar {
		return typeName
	}
	return unknownName
}

// wordInfo is what the tables above and puncts say of one spelling.
type wordInfo struct {
	keyword  int16 // token type of a keyword, else 0
	punct    int16 // token type of a punctuator, else 0
	modifier modifierKind
	builtin  nameKind // builtinNames
	scalar   bool     // scalarTypes
}

// noWord is the wordInfo of a word in no table.
var noWord wordInfo

// A spelling is a word of one of the tables above and what that table
// says of it. The tables are slices, which the linker lays out, rather
// than maps, which every process would build at start: words indexes
// them.
type spelling[T any] struct {
	word string
	what T
}

// words holds every spelling of the tables (keywords, modifiers,
// builtinNames, scalarTypes, puncts) with what each says of it: the
// classifier looks up every identifier and punctuator, once here instead
// of once per table. It is made on first use (a process that parses
// nothing never pays for it).
var words = sync.OnceValue(func() *wordTable {
	builtins := builtinNames()
	t := newWordTable(len(keywords) + len(modifiers) + len(builtins) + len(scalarTypes) + len(puncts))
	for _, s := range keywords {
		t.add(s.word).keyword = int16(s.what)
	}
	for _, s := range modifiers {
		t.add(s.word).modifier = s.what
	}
	for _, s := range builtins {
		t.add(s.word).builtin = s.what
	}
	for _, s := range scalarTypes {
		t.add(s).scalar = true
	}
	for _, s := range puncts {
		t.add(s.word).punct = int16(s.what)
	}
	return t
})

// A wordTable is a set of strings with their wordInfo, looked up faster
// than a Go map with string keys: open addressing over a table at least
// four times the set's size, by a hash of a word's length and three of its
// bytes. Most words looked up are the shader's own names, in no table, and
// a miss probes until an empty slot: at twice the size that took 2.6
// probes a word on the corpus, at four times 1.3.
type wordTable struct {
	keys []string
	info []wordInfo
	mask uint32
}

// newWordTable makes an empty table for up to n words.
func newWordTable(n int) *wordTable {
	size := 1
	for size < 4*n {
		size *= 2
	}
	return &wordTable{keys: make([]string, size), info: make([]wordInfo, size), mask: uint32(size - 1)}
}

// add returns the information on s, adding s if it is new.
func (t *wordTable) add(s string) *wordInfo {
	i := t.slot(s)
	for t.keys[i] != "" && t.keys[i] != s {
		i = (i + 1) & t.mask
	}
	t.keys[i] = s
	return &t.info[i]
}

func (t *wordTable) slot(s string) uint32 {
	const prime = 16777619
	h := uint32(len(s)) * prime
	if len(s) > 0 {
		h = (h ^ uint32(s[0])) * prime
		h = (h ^ uint32(s[len(s)-1])) * prime
		h = (h ^ uint32(s[len(s)/2])) * prime
	}
	return (h ^ h>>16) & t.mask
}

// get returns the information on s, or nil when s is in no table.
func (t *wordTable) get(s string) *wordInfo {
	if s == "" {
		return nil
	}
	for i := t.slot(s); ; i = (i + 1) & t.mask {
		switch t.keys[i] {
		case s:
			return &t.info[i]
		case "":
			return nil
		}
	}
}

// puncts maps the preprocessor's punctuator spellings to token types. `>>`
// is split into two GTs by the classifier.
var puncts = []spelling[int]{
	{"(", p.HLSLParserLPAREN}, {")", p.HLSLParserRPAREN}, {"[", p.HLSLParserLBRACKET},
	{"]", p.HLSLParserRBRACKET}, {"{", p.HLSLParserLBRACE}, {"}", p.HLSLParserRBRACE},
	{";", p.HLSLParserSEMI}, {",", p.HLSLParserCOMMA}, {":", p.HLSLParserCOLON},
	{"::", p.HLSLParserCOLONCOLON}, {".", p.HLSLParserDOT}, {"->", p.HLSLParserARROW},
	{"?", p.HLSLParserQUESTION}, {"=", p.HLSLParserASSIGN}, {"+=", p.HLSLParserPLUS_ASSIGN},
	{"-=", p.HLSLParserMINUS_ASSIGN}, {"*=", p.HLSLParserSTAR_ASSIGN}, {"/=", p.HLSLParserDIV_ASSIGN},
	{"%=", p.HLSLParserMOD_ASSIGN}, {"<<=", p.HLSLParserSHL_ASSIGN}, {">>=", p.HLSLParserSHR_ASSIGN},
	{"&=", p.HLSLParserAND_ASSIGN}, {"^=", p.HLSLParserXOR_ASSIGN}, {"|=", p.HLSLParserOR_ASSIGN},
	{"||", p.HLSLParserOROR}, {"&&", p.HLSLParserANDAND}, {"|", p.HLSLParserOR}, {"^", p.HLSLParserXOR},
	{"&", p.HLSLParserAND}, {"==", p.HLSLParserEQ}, {"!=", p.HLSLParserNE}, {"<", p.HLSLParserLT},
	{">", p.HLSLParserGT}, {"<=", p.HLSLParserLE}, {">=", p.HLSLParserGE}, {"<<", p.HLSLParserSHL},
	{"+", p.HLSLParserPLUS}, {"-", p.HLSLParserMINUS}, {"*", p.HLSLParserSTAR}, {"/", p.HLSLParserDIV},
	{"%", p.HLSLParserMOD}, {"!", p.HLSLParserNOT}, {"~", p.HLSLParserTILDE}, {"++", p.HLSLParserINC},
	{"--", p.HLSLParserDEC},
}

// punct1 is the token type puncts gives each one-character punctuator,
// by its byte: most punctuators are one character, found here without
// hashing their spelling (TestPunct1IsPuncts).
var punct1 = [128]int16{
	'(': p.HLSLParserLPAREN, ')': p.HLSLParserRPAREN, '[': p.HLSLParserLBRACKET,
	']': p.HLSLParserRBRACKET, '{': p.HLSLParserLBRACE, '}': p.HLSLParserRBRACE, ';': p.HLSLParserSEMI,
	',': p.HLSLParserCOMMA, ':': p.HLSLParserCOLON, '.': p.HLSLParserDOT, '?': p.HLSLParserQUESTION,
	'=': p.HLSLParserASSIGN, '|': p.HLSLParserOR, '^': p.HLSLParserXOR, '&': p.HLSLParserAND,
	'<': p.HLSLParserLT, '>': p.HLSLParserGT, '+': p.HLSLParserPLUS, '-': p.HLSLParserMINUS,
	'*': p.HLSLParserSTAR, '/': p.HLSLParserDIV, '%': p.HLSLParserMOD, '!': p.HLSLParserNOT,
	'~': p.HLSLParserTILDE,
}
