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
//   - Every checked expression has a type (Info.TypeOf); literals keep the
//     literal kinds (literal int/float) and the conversion that gives them a
//     concrete type is on the expression converted (Info.ConversionOf).
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
// Check takes a whole file; a Checker takes its declarations one at a time,
// while a parser still makes the next ones, with the same result.
//
// Files: check.go holds Check, Checker, Info and the checker; object.go the objects
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
	"iter"
	"slices"

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
	// The facts recorded per AST node, indexed by node ID (see the
	// accessors TypeOf, ObjectOf, ValueOf, CallOf, ConversionOf,
	// SwizzleOf). A file has tens of thousands of nodes and most have a
	// type, about a fifth denote or declare an object and fewer than one in
	// three carry any of the rarer facts, so these are the only dense
	// tables: the rarer facts of a node sit in one record of facts, found
	// through factIndex.
	types []*types.Type
	// objects holds what a name denotes (a use: its bit in isUse is set)
	// or what a declaring node (VarDecl, Param, FuncDecl, StructDecl,
	// EnumDecl, Enumerator, TypedefDecl, BufferDecl) declares. A node with
	// both keeps its def in shadowedDefs (ObjectOf prefers the use).
	objects      []Object
	isUse        []uint64
	shadowedDefs map[int32]Object
	// factIndex[id] is 1 + the place in facts of node id's record, or 0.
	// The records are kept in chunks (see factChunk): appending to one
	// slice would copy them over and over as it grows. The last chunk
	// holds lastFacts records, nfacts of them made.
	factIndex         []int32
	facts             [][]nodeFacts
	nfacts, lastFacts int32
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

// nodeFacts are the facts of a node that few nodes have.
type nodeFacts struct {
	// value is the constant value of a constant expression.
	value *constant.Composite
	// call is the resolved intrinsic overload of a CallExpr.
	call *intrinsics.Match
	// conversion is the implicit conversion applied to an expression used
	// where another type is expected (argument, initializer, operand,
	// return value): the expression's value must be converted to To (nil
	// when there is none).
	conversion Conversion
	// swizzle is the resolved component selection of a MemberExpr that is
	// a vector or matrix swizzle (v.xyz, m._m00_m11).
	swizzle *types.Swizzle
}

// newInfo makes the tables for the nodes numbered below n, with room for
// capacity of them.
func newInfo(u *types.Universe, n, capacity int) *Info {
	in := &Info{Universe: u}
	in.types = make([]*types.Type, 0, capacity)
	in.objects = make([]Object, 0, capacity)
	in.isUse = make([]uint64, 0, (capacity+63)/64)
	in.factIndex = make([]int32, 0, capacity)
	in.grow(n)
	return in
}

// grow makes room for the nodes numbered below n: a file's nodes as a
// Checker meets its declarations, then template instantiation's copies,
// numbered after the file's.
func (in *Info) grow(n int) {
	in.types = grow(in.types, n)
	in.objects = grow(in.objects, n)
	in.isUse = grow(in.isUse, (n+63)/64)
	in.factIndex = grow(in.factIndex, n)
}

// grow extends s to length n with zero values, at least doubling its
// capacity when it must move: a Checker grows the tables a declaration at
// a time.
func grow[T any](s []T, n int) []T {
	switch {
	case len(s) >= n:
		return s
	case cap(s) >= n:
		return s[:n] // never written past len: still zero
	}
	t := make([]T, n, max(n, 2*cap(s)))
	copy(t, s)
	return t
}

// id is n's index in the tables, or -1 when n has no ID or is numbered
// beyond them.
func (in *Info) id(n ast.Node) int { return in.index(n.ID()) }

// index is node ID id's index in the tables, or -1.
func (in *Info) index(id int32) int {
	if id > 0 && int(id) < len(in.types) {
		return int(id)
	}
	return -1
}

func (in *Info) use(id int) bool { return in.isUse[id/64]&(1<<(id%64)) != 0 }

// The chunks of Info.facts hold firstFactChunk records, then twice as
// many each up to factChunk: most files have a few dozen records (a first
// chunk of factChunk was most of what checking a small file allocated), a
// large one thousands. A record's place in factIndex is its chunk times
// factChunk plus its index in the chunk, plus one, whatever the chunk's
// length: reading it costs no more than with chunks all of one length.
const (
	firstFactChunk = 32
	factChunk      = 256
)

// fact is node id's record of rare facts, nil when it has none.
func (in *Info) fact(id int) *nodeFacts {
	k := uint32(in.factIndex[id])
	if k == 0 {
		return nil
	}
	return &in.facts[(k-1)/factChunk][(k-1)%factChunk]
}

// factsOf is node id's record of rare facts, made when create is set, else
// nil when the node has none.
func (in *Info) factsOf(id int, create bool) *nodeFacts {
	if f := in.fact(id); f != nil || !create {
		return f
	}
	if in.nfacts == in.lastFacts { // the last chunk is full, or none
		in.lastFacts = min(max(2*in.lastFacts, firstFactChunk), factChunk)
		in.facts = append(in.facts, make([]nodeFacts, in.lastFacts))
		in.nfacts = 0
	}
	in.nfacts++
	k := uint32(len(in.facts)-1)*factChunk + uint32(in.nfacts)
	in.factIndex[id] = int32(k)
	return &in.facts[len(in.facts)-1][in.nfacts-1]
}

// TypeOf returns the recorded type of n (nil when none).
func (in *Info) TypeOf(n ast.Node) *types.Type { return in.typeAt(in.id(n)) }

// TypeOfExpr is TypeOf for an expression, and so are ValueOfExpr and
// ConversionOfExpr: what code generation asks of nearly every expression,
// often several times. Passing an ast.Expr where an ast.Node is expected
// converts one interface to the other, which costs the Go runtime a
// lookup in its interface tables (about 90 instructions) per call.
func (in *Info) TypeOfExpr(x ast.Expr) *types.Type { return in.typeAt(in.index(x.ID())) }

func (in *Info) typeAt(id int) *types.Type {
	if id >= 0 {
		return in.types[id]
	}
	return nil
}

// ObjectOf returns what n denotes: the use of a name, or the object a
// declaration declares.
func (in *Info) ObjectOf(n ast.Node) Object {
	if id := in.id(n); id >= 0 {
		return in.objects[id]
	}
	return nil
}

// defOf returns the object the declaring node n declares, or nil.
func (in *Info) defOf(n ast.Node) Object {
	id := in.id(n)
	switch {
	case id < 0:
		return nil
	case in.use(id):
		return in.shadowedDefs[int32(id)]
	}
	return in.objects[id]
}

// forEachDef calls f with the object of every declaring node, in node
// order.
func (in *Info) forEachDef(f func(Object)) {
	for id, o := range in.objects {
		if in.use(id) {
			o = in.shadowedDefs[int32(id)]
		}
		if o != nil {
			f(o)
		}
	}
}

// ValueOf returns n's constant value, or nil.
func (in *Info) ValueOf(n ast.Node) *constant.Composite { return in.valueAt(in.id(n)) }

// ValueOfExpr is ValueOf for an expression (see TypeOfExpr).
func (in *Info) ValueOfExpr(x ast.Expr) *constant.Composite { return in.valueAt(in.index(x.ID())) }

func (in *Info) valueAt(id int) *constant.Composite {
	if id >= 0 {
		if f := in.fact(id); f != nil {
			return f.value
		}
	}
	return nil
}

// CallOf returns the intrinsic a call resolved to, or nil.
func (in *Info) CallOf(n ast.Node) *intrinsics.Match {
	if id := in.id(n); id >= 0 {
		if f := in.fact(id); f != nil {
			return f.call
		}
	}
	return nil
}

// Calls yields the resolved intrinsic overload of every call checked.
func (in *Info) Calls() iter.Seq[*intrinsics.Match] {
	return func(yield func(*intrinsics.Match) bool) {
		for _, chunk := range in.facts {
			for i := range chunk {
				if m := chunk[i].call; m != nil && !yield(m) {
					return
				}
			}
		}
	}
}

// SwizzleOf returns the component selection of a swizzle, or nil.
func (in *Info) SwizzleOf(n ast.Node) *types.Swizzle {
	if id := in.id(n); id >= 0 {
		if f := in.fact(id); f != nil {
			return f.swizzle
		}
	}
	return nil
}

// ConversionOf returns the implicit conversion applied to expression n, or nil.
func (in *Info) ConversionOf(n ast.Node) *Conversion { return in.conversionAt(in.id(n)) }

// ConversionOfExpr is ConversionOf for an expression (see TypeOfExpr).
func (in *Info) ConversionOfExpr(x ast.Expr) *Conversion { return in.conversionAt(in.index(x.ID())) }

func (in *Info) conversionAt(id int) *Conversion {
	if id >= 0 {
		if f := in.fact(id); f != nil && f.conversion.To != nil {
			return &f.conversion
		}
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
	// complete blocks until file is complete (NewChecker); nil once it is.
	complete func()
	u        *types.Universe
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
	// scratch is the stack the arguments of calls and constructors are
	// checked into (operands).
	scratch []operand
	// argTypes holds the argument types of the intrinsic call being
	// resolved, reused from call to call: intrinsics.Resolve keeps none.
	argTypes []*types.Type
	// scopes is the chunk openScope takes the next scope from: a function
	// opens one per block, and one allocation per chunk costs less.
	// lastScopes is the length of the last chunk made.
	scopes     []Scope
	lastScopes int
	// pragmas are the file's pragmas given so far (Checker.Pragmas).
	pragmas []ast.Pragma
	// vulkanNodes are the nodes of each checked function body that the
	// Vulkan checks look at (collectVulkanNodes), in vulkanNodeBuf.
	vulkanNodes   map[*ast.BlockStmt][]ast.Node
	vulkanNodeBuf []ast.Node
}

// Check resolves and types file. It never panics on malformed input: an
// internal failure becomes an error diagnostic. It is NewChecker, Decl for
// each of the file's declarations, then Finish.
func Check(fs *diag.FileSet, diags *diag.List, file *ast.File, cfg Config) *Info {
	if file == nil {
		return newInfo(types.NewUniverse(types.Config{Enable16BitTypes: cfg.Enable16BitTypes}), 1, 1)
	}
	ch := NewChecker(fs, diags, file, cfg, int(file.NodeCount), nil)
	ch.Pragmas(file.Pragmas)
	for _, d := range file.Decls {
		ch.Decl(d, file.NodeCount)
	}
	return ch.Finish()
}

// A Checker checks a file one top-level declaration at a time, in order, so
// that a parser can hand each over as soon as it is built and parse the
// next meanwhile (the front end does, on two goroutines). HLSL declares
// before use, so a declaration's check needs nothing of the ones after it;
// what needs the whole file (the entry point, the Vulkan checks) waits for
// Finish. The diagnostics and Info are those of Check on the whole file.
type Checker struct {
	c    *checker
	info *Info
	// panicked is what a Decl recovered from: the declarations after it
	// are not checked, and Finish reports it as Check does.
	panicked any
}

// NewChecker returns a Checker of file, which may still be being built:
// its Name must be set, but the parser may still be adding to its Decls,
// numbering nodes (NodeCount) and setting its Pragmas, which the Checker
// does not read: they come through Pragmas. nodes estimates the number of
// nodes the file will have (the tables are sized for it). complete, when
// not nil, blocks until the parser has finished the file (NodeCount is
// final): instantiating a template waits for it, as the copies of its
// nodes are numbered after the file's, deterministically. nil means the
// file is complete.
func NewChecker(fs *diag.FileSet, diags *diag.List, file *ast.File, cfg Config, nodes int, complete func()) *Checker {
	u := types.NewUniverse(types.Config{Enable16BitTypes: cfg.Enable16BitTypes})
	info := newInfo(u, 1, nodes+1)
	c := &checker{cfg: cfg, fs: fs, diags: diags, file: file, complete: complete, u: u, info: info,
		structScopes: map[*types.Type]*Scope{}, vulkanNodes: map[*ast.BlockStmt][]ast.Node{}}
	c.universe = newUniverseScope(u)
	c.global = newScope(c.universe, ScopeGlobal, "")
	c.scope = c.global
	return &Checker{c: c, info: info}
}

// Pragmas adds pragmas of the file: each must come before the
// declarations after it.
func (ch *Checker) Pragmas(p []ast.Pragma) {
	ch.c.pragmas = append(ch.c.pragmas, p...)
}

// Decl checks d, the file's next top-level declaration; ids bounds the IDs
// of its nodes (the nodes numbered so far).
func (ch *Checker) Decl(d ast.Decl, ids int32) {
	if ch.panicked != nil {
		return
	}
	defer ch.recover()
	ch.info.grow(int(ids) + 1)
	ch.c.decl(d, nil)
}

// Finish runs the checks that need the whole file, which must be complete,
// and returns what the checker learned.
func (ch *Checker) Finish() *Info {
	c := ch.c
	ch.info.grow(int(c.file.NodeCount) + 1)
	if ch.panicked == nil {
		func() {
			defer ch.recover()
			c.reportUndefinedStatics() // decl.go
			c.checkEntry()
			c.checkVulkan()
		}()
	}
	if ch.panicked != nil {
		c.diags.Add(diag.Diagnostic{Severity: diag.Error, Code: diag.Unknown, Pos: c.file.Pos(),
			Msg: fmt.Sprintf("internal error in semantic analysis: %v", ch.panicked)})
	}
	return ch.info
}

// recover keeps a panic of the checker for Finish to report, unless tests
// want to see it.
func (ch *Checker) recover() {
	if !recoverPanics {
		return
	}
	if r := recover(); r != nil {
		ch.panicked = r
	}
}

// errorf reports an error at p.
func (c *checker) errorf(code diag.Code, p diag.Pos, format string, args ...any) {
	c.diags.Errorf(code, p, format, args...)
}

func (c *checker) warnf(code diag.Code, p diag.Pos, format string, args ...any) {
	group, _ := warningGroupOf(code)
	c.warnGroupf(group, code, p, format, args...)
}

// warnGroupf reports a warning of a clang warning group (-Wno-<group>).
func (c *checker) warnGroupf(group string, code diag.Code, p diag.Pos, format string, args ...any) {
	c.diags.Add(diag.Diagnostic{Severity: diag.Warning, Code: code, Pos: p, Msg: fmt.Sprintf(format, args...), Group: group})
}

// warningGroupOf returns the group of the warnings whose code says it all.
func warningGroupOf(code diag.Code) (string, bool) {
	switch code {
	case codes.ImplicitTruncation:
		return "conversion", true
	case codes.PrecisionLoss:
		return "conversion", true
	case codes.DivisionByZero:
		return "division-by-zero", true
	case codes.RemainderByZero:
		return "division-by-zero", true
	case Redefinition:
		return "hlsl-for-redefinition", true
	case codes.UndefinedStaticMember:
		return "undefined-internal", true
	case codes.EffectObject:
		return "effects-syntax", true
	}
	return "", false
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
	if id := c.info.id(n); id >= 0 {
		c.info.types[id] = t
	}
}

func (c *checker) setUse(n ast.Node, o Object) {
	in := c.info
	id := in.id(n)
	if id < 0 {
		return
	}
	bit := uint64(1) << (id % 64)
	switch {
	case o == nil && in.use(id):
		// The use is forgotten: the def it shadowed, if any, shows again.
		in.objects[id] = in.shadowedDefs[int32(id)]
		delete(in.shadowedDefs, int32(id))
		in.isUse[id/64] &^= bit
		return
	case o == nil:
		return
	case !in.use(id) && in.objects[id] != nil:
		c.shadowDef(id, in.objects[id])
	}
	in.objects[id] = o
	in.isUse[id/64] |= bit
}

func (c *checker) setDef(n ast.Node, o Object) {
	in := c.info
	switch id := in.id(n); {
	case id < 0:
	case in.use(id) && o == nil:
		delete(in.shadowedDefs, int32(id))
	case in.use(id):
		c.shadowDef(id, o)
	default:
		in.objects[id] = o
	}
}

// shadowDef keeps the def of node id, which also records a use.
func (c *checker) shadowDef(id int, o Object) {
	if c.info.shadowedDefs == nil {
		c.info.shadowedDefs = map[int32]Object{}
	}
	c.info.shadowedDefs[int32(id)] = o
}

// facts is the record of n's rare facts, nil when n has no ID; a record is
// made only to hold a value (not for nil).
func (c *checker) facts(n ast.Node, set bool) *nodeFacts {
	if id := c.info.id(n); id >= 0 {
		return c.info.factsOf(id, set)
	}
	return nil
}

func (c *checker) setValue(n ast.Node, v *constant.Composite) {
	if f := c.facts(n, v != nil); f != nil {
		f.value = v
	}
}

func (c *checker) setCall(n ast.Node, m *intrinsics.Match) {
	if f := c.facts(n, m != nil); f != nil {
		f.call = m
	}
}

func (c *checker) setSwizzle(n ast.Node, sw *types.Swizzle) {
	if f := c.facts(n, sw != nil); f != nil {
		f.swizzle = sw
	}
}

// setConversion takes an ast.Expr, not an ast.Node, for the reason
// Info.TypeOfExpr gives.
func (c *checker) setConversion(x ast.Expr, conv Conversion) {
	if id := c.info.index(x.ID()); id >= 0 {
		if f := c.info.factsOf(id, conv.To != nil); f != nil {
			f.conversion = conv
		}
	}
}

// operands returns n zeroed operands from c's scratch stack: a call or a
// constructor checks its arguments into them rather than into a slice of
// its own (a file has tens of thousands). They stay valid until
// releaseOperands(mark), mark being the stack's length before they were
// taken; the checks nested in the arguments take theirs above them and
// give them back.
func (c *checker) operands(n int) []operand {
	// Past the stack's length the memory is zero: new, or cleared by
	// releaseOperands.
	mark := len(c.scratch)
	c.scratch = slices.Grow(c.scratch, n)[:mark+n]
	return c.scratch[mark : mark+n : mark+n]
}

func (c *checker) releaseOperands(mark int) {
	clear(c.scratch[mark:])
	c.scratch = c.scratch[:mark]
}

func (c *checker) openScope(kind ScopeKind, name string) *Scope {
	if len(c.scopes) == 0 {
		c.lastScopes = min(max(2*c.lastScopes, firstScopeChunk), scopeChunk)
		c.scopes = make([]Scope, c.lastScopes)
	}
	s := &c.scopes[0]
	c.scopes = c.scopes[1:]
	*s = Scope{Parent: c.scope, Kind: kind, Name: name}
	c.scope = s
	return s
}

// The chunks of checker.scopes hold firstScopeChunk scopes, then twice
// as many each up to scopeChunk: a small file opens a handful, and 64 for
// each file was a twentieth of what checking a batch of them allocated.
const (
	firstScopeChunk = 8
	scopeChunk      = 64
)

func (c *checker) closeScope() { c.scope = c.scope.Parent }
