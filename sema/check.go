// Package sema is the semantic checker: it resolves the names of a parsed
// HLSL file, types its declarations and expressions and records what it
// learns in side tables (Info) keyed by AST node ID, in the manner of
// go/types. It reports errors worded as DXC's; codegen reads Info instead
// of recomputing types, conversions or overloads.
//
// The checker prefers silence to a false error: a construct it does not
// understand (template bodies and calls, work-graph objects, descriptor
// heaps) is typed as types.InvalidType, which converts to and from
// everything without a diagnostic.
//
// What codegen can rely on:
//   - Every checked expression has a type in Info.Types; literals keep the
//     literal kinds (literal int/float) and the conversion that gives them a
//     concrete type is in Info.Conversions on the expression converted.
//   - Implicit conversions are recorded on the converted expression:
//     initializers, assignment right-hand sides, arguments of user functions
//     and intrinsics, return values, binary operands (to BinaryResult.Operand),
//     ?: branches, scalar conditions (to bool) and casts; for x op= y the
//     operation's result converted back to x's type is on the AssignExpr.
//   - Declared types carry their matrix orientation resolved: written
//     row_major/column_major, else #pragma pack_matrix, else -Zpr
//     (types.RowMajor); a matrix left types.DefaultMajor is column-major.
//   - Objects: *Var (with Storage, Mode, Buffer, constant Value), *Func
//     (Params, Result, Recv, Callees), *TypeName, *Namespace, *EnumConst,
//     *Buffer, *Template; Info.Globals lists $Globals members in order.
//   - Attributes: Info.AttrsOf gives a declaration's or statement's
//     attributes with their arguments evaluated (Attrs: Vk, Plain, Binding),
//     Info.IntValue is the one evaluator of integer attribute arguments;
//     RegisterOf and PackOffsetOf the one reading of register(xN, spaceM)
//     and packoffset(cN.c).
//
// Files: check.go holds Check, Info and the checker; object.go the objects
// names denote; predeclared.go the implicit typedefs and constants every
// file sees; decl.go the declarations, func.go structs and functions,
// template.go template instantiation, typexpr.go written types; stmt.go the
// statements, expr.go the expressions, call.go calls and overloads;
// entry.go the -E entry point's requirements, stageio.go the entry points'
// stage inputs and outputs (checked, and published flattened: StageIOOf), sigpoint.go which system values each stage's signature
// points take, nodes.go work-graph node entries; vkattr.go where vk::
// attributes may be written, attrs.go the resolved attributes,
// register() and packoffset() codegen reads; vulkan.go and vulkan_decl.go the checks DXC's
// SPIR-V back end makes; effects.go legacy effect objects; codes.go the
// checker's own diagnostic codes.
package sema

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema/codes"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Config holds the options of one compilation that change its meaning.
type Config struct {
	Stage        string // "ps", "vs", "gs", "hs", "ds", "cs", "ms", "as", "lib"; "" is lib
	Major, Minor int    // shader model of -T (6.0 when zero)
	Entry        string // -E; "" means "main" except for lib
	// HLSLVersion is -HV: 2016, 2018, 2021 (the default when zero) or 2029.
	HLSLVersion      int
	Enable16BitTypes bool // -enable-16bit-types
	RowMajor         bool // -Zpr: matrices without an orientation are row_major
	// TargetEnv is -fspv-target-env ("vulkan1.0", "vulkan1.1", ...,
	// "universal1.5"); "" when the caller does not say, and then the
	// checks that depend on it are skipped.
	TargetEnv string
	// AllVulkanErrors reports every error of the Vulkan checks (see
	// checkVulkan) instead of stopping after the first declaration or
	// function that has one, as DXC does.
	AllVulkanErrors bool
}

func (c Config) hlsl2021() bool { return c.HLSLVersion == 0 || c.HLSLVersion >= 2021 }

// implicitKind is the conversion rule of the language version.
func (c Config) implicitKind() types.ConvKind {
	if c.hlsl2021() {
		return types.Implicit
	}
	return types.ImplicitLegacy
}

// Info is what the checker learned, in tables indexed by node ID.
type Info struct {
	Universe *types.Universe
	// Types is the type of every expression (and of each TypeExpr).
	Types []*types.Type
	// Uses maps an identifier-like node (NameExpr, MemberExpr naming a
	// field, Ident of a declaration) to the object it denotes.
	Uses []Object
	// Defs maps a declaring node (VarDecl, Param, FuncDecl, StructDecl,
	// EnumDecl, Enumerator, TypedefDecl, BufferDecl) to its object.
	Defs []Object
	// Values holds constant values of constant expressions.
	Values []*constant.Composite
	// Calls holds the resolved intrinsic overload of a CallExpr.
	Calls []*intrinsics.Match
	// Conversions holds the implicit conversion applied to an expression
	// used where another type is expected (argument, initializer, operand,
	// return value): the expression's value must be converted to To.
	Conversions []*Conversion
	// Swizzles holds the resolved component selection of a MemberExpr
	// that is a vector or matrix swizzle (v.xyz, m._m00_m11).
	Swizzles []*types.Swizzle
	// Globals are the non-static, non-groupshared global variables that
	// become members of $Globals, in declaration order.
	Globals []*Var
	// Entry is the entry function, when found.
	Entry *Func
	// Instances are the struct and variable declarations that template
	// instantiation checked (copies, with node IDs of their own), in
	// order: codegen declares their statics after the file's globals.
	Instances []ast.Decl
	// Nodes are the work-graph node entries of a library and what their
	// attributes say; NodeRecords what codegen needs of the structs used
	// as node records (nodes.go).
	Nodes       map[*Func]*NodeEntry
	NodeRecords map[*types.Type]NodeRecordInfo
	// stageIO holds each entry point's stage inputs and outputs, and a
	// hull shader's patch constant function's, flattened (StageIOOf,
	// stageio.go).
	stageIO map[stageIOKey]*EntryIO
}

// Conversion is an implicit conversion recorded for an expression.
type Conversion struct {
	To   *types.Type
	Conv types.Conversion
}

// TypeOf returns the recorded type of n (nil when none).
func (in *Info) TypeOf(n ast.Node) *types.Type {
	if id := n.ID(); id > 0 && int(id) < len(in.Types) {
		return in.Types[id]
	}
	return nil
}

// ObjectOf returns what n denotes: the use of a name, or the object a
// declaration declares.
func (in *Info) ObjectOf(n ast.Node) Object {
	id := n.ID()
	if id <= 0 {
		return nil
	}
	if int(id) < len(in.Uses) && in.Uses[id] != nil {
		return in.Uses[id]
	}
	if int(id) < len(in.Defs) {
		return in.Defs[id]
	}
	return nil
}

// ValueOf returns n's constant value, or nil.
func (in *Info) ValueOf(n ast.Node) *constant.Composite {
	if id := n.ID(); id > 0 && int(id) < len(in.Values) {
		return in.Values[id]
	}
	return nil
}

// CallOf returns the intrinsic a call resolved to, or nil.
func (in *Info) CallOf(n ast.Node) *intrinsics.Match {
	if id := n.ID(); id > 0 && int(id) < len(in.Calls) {
		return in.Calls[id]
	}
	return nil
}

// SwizzleOf returns the component selection of a swizzle, or nil.
func (in *Info) SwizzleOf(n ast.Node) *types.Swizzle {
	if id := n.ID(); id > 0 && int(id) < len(in.Swizzles) {
		return in.Swizzles[id]
	}
	return nil
}

// ConversionOf returns the implicit conversion applied to expression n, or nil.
func (in *Info) ConversionOf(n ast.Node) *Conversion {
	if id := n.ID(); id > 0 && int(id) < len(in.Conversions) {
		return in.Conversions[id]
	}
	return nil
}

// recoverPanics turns an internal failure into an error diagnostic; tests
// and the fuzz target turn it off to see the panic.
var recoverPanics = true

// checker is the state of one Check.
type checker struct {
	cfg   Config
	fs    *diag.FileSet
	diags *diag.List
	file  *ast.File
	u     *types.Universe
	// recursive are the recursive functions reported already.
	recursive map[*Func]bool
	info      *Info

	universe *Scope
	global   *Scope
	scope    *Scope // the innermost scope

	// structScopes maps a struct type (canonical) to its member scope.
	structScopes map[*types.Type]*Scope

	forInit   bool  // declaring a for statement's init variables
	fn        *Func // the function whose body is being checked
	loops     int   // enclosing loops
	switches  int   // enclosing switches
	breakable []bool
	// undefinedUses are the first uses of static const members with no
	// initializer, reported at the end if no definition came (decl.go).
	undefinedUses []undefinedUse
}

// Check resolves and types file. It never panics on malformed input: an
// internal failure becomes an error diagnostic.
func Check(fs *diag.FileSet, diags *diag.List, file *ast.File, cfg Config) (info *Info) {
	u := types.NewUniverse(types.Config{Enable16BitTypes: cfg.Enable16BitTypes})
	n := 1
	if file != nil {
		n = int(file.NodeCount) + 1
	}
	info = &Info{
		Universe:    u,
		Types:       make([]*types.Type, n),
		Uses:        make([]Object, n),
		Defs:        make([]Object, n),
		Values:      make([]*constant.Composite, n),
		Calls:       make([]*intrinsics.Match, n),
		Conversions: make([]*Conversion, n),
		Swizzles:    make([]*types.Swizzle, n),
	}
	if file == nil {
		return info
	}
	c := &checker{cfg: cfg, fs: fs, diags: diags, file: file, u: u, info: info, structScopes: map[*types.Type]*Scope{}}
	defer func() {
		if !recoverPanics {
			return
		}
		if r := recover(); r != nil {
			diags.Add(diag.Diagnostic{Severity: diag.Error, Code: diag.Unknown, Pos: file.Pos(),
				Msg: fmt.Sprintf("internal error in semantic analysis: %v", r)})
		}
	}()
	c.universe = newUniverseScope(u)
	c.global = newScope(c.universe, ScopeGlobal, "")
	c.scope = c.global
	c.declList(file.Decls)
	c.reportUndefinedStatics() // decl.go
	c.checkEntry()
	c.checkVulkan()
	return info
}

// errorf reports an error at p.
func (c *checker) errorf(code diag.Code, p diag.Pos, format string, args ...any) {
	c.diags.Errorf(code, p, format, args...)
}

func (c *checker) warnf(code diag.Code, p diag.Pos, format string, args ...any) {
	c.warnGroupf(warningGroups[code], code, p, format, args...)
}

// warnGroupf reports a warning of a clang warning group (-Wno-<group>).
func (c *checker) warnGroupf(group string, code diag.Code, p diag.Pos, format string, args ...any) {
	c.diags.Add(diag.Diagnostic{Severity: diag.Warning, Code: code, Pos: p, Msg: fmt.Sprintf(format, args...), Group: group})
}

// warningGroups are the groups of the warnings whose code says it all.
var warningGroups = map[diag.Code]string{
	codes.ImplicitTruncation:    "conversion",
	codes.PrecisionLoss:         "conversion",
	codes.DivisionByZero:        "division-by-zero",
	codes.RemainderByZero:       "division-by-zero",
	Redefinition:                "hlsl-for-redefinition",
	codes.UndefinedStaticMember: "undefined-internal",
	codes.EffectObject:          "effects-syntax",
}

// errorNote reports an error with a "declared here"-style note.
func (c *checker) errorNote(code diag.Code, p diag.Pos, msg string, notePos diag.Pos, note string) {
	d := diag.Diagnostic{Severity: diag.Error, Code: code, Pos: p, Msg: msg}
	if notePos.IsValid() {
		d.Notes = []diag.Diagnostic{{Severity: diag.Note, Pos: notePos, Msg: note}}
	}
	c.diags.Add(d)
}

func (c *checker) setType(n ast.Node, t *types.Type) {
	if id := n.ID(); id > 0 && int(id) < len(c.info.Types) {
		c.info.Types[id] = t
	}
}

func (c *checker) setUse(n ast.Node, o Object) {
	if id := n.ID(); id > 0 && int(id) < len(c.info.Uses) {
		c.info.Uses[id] = o
	}
}

func (c *checker) setDef(n ast.Node, o Object) {
	if id := n.ID(); id > 0 && int(id) < len(c.info.Defs) {
		c.info.Defs[id] = o
	}
}

func (c *checker) setValue(n ast.Node, v *constant.Composite) {
	if id := n.ID(); id > 0 && int(id) < len(c.info.Values) {
		c.info.Values[id] = v
	}
}

func (c *checker) setSwizzle(n ast.Node, sw *types.Swizzle) {
	if id := n.ID(); id > 0 && int(id) < len(c.info.Swizzles) {
		c.info.Swizzles[id] = sw
	}
}

func (c *checker) setConversion(n ast.Node, conv *Conversion) {
	if id := n.ID(); id > 0 && int(id) < len(c.info.Conversions) {
		c.info.Conversions[id] = conv
	}
}

func (c *checker) openScope(kind ScopeKind, name string) *Scope {
	c.scope = newScope(c.scope, kind, name)
	return c.scope
}

func (c *checker) closeScope() { c.scope = c.scope.Parent }
