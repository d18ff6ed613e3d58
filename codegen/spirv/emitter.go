// Package spirv is the SPIR-V emitter: it walks the typed AST (sema.Info)
// and builds a module through package builder, following DXC's SPIR-V
// backend (docs/SPIR-V.rst in DirectXShaderCompiler): the HLSL entry
// function becomes src.<name>, called by a void wrapper that loads the
// stage inputs and stores the outputs; every other function reachable from
// the entry is emitted once, in the order first called; parameters are
// passed by pointer to caller-side temporaries (param.var.<name>).
//
// The emitter never writes words: it builds builder's in-memory module,
// then ordering passes put the global section in the order DXC emits it,
// and builder serialises.
//
// Where things are:
//   - emitter.go: options, the module's outline, the emitter's state;
//     typelower.go: type lowering; order.go: DXC's order of globals, names
//     and decorations; entrypoint.go: the entry point being emitted;
//     library.go: entry points of -T lib_*.
//   - entry.go: the wrapper and stage I/O (a variable per leaf sema
//     flattened, sema.Info.StageIOOf), stageio.go their state;
//     entryfinish.go: each entry point's locations and interface list,
//     once every function is emitted; gs.go,
//     tess.go, clipcull.go: geometry and tessellation stages, clip/cull
//     distances; mesh.go: mesh and amplification stages; node.go:
//     work-graph node shaders; packio.go: -pack-optimized's packed
//     locations (codegen/opt splits the arrays and matrices among them).
//   - globals.go: statics, groupshared, $Globals, cbuffers, push and spec
//     constants, binding assignment; reflect.go: -fspv-reflect;
//     fxcclone.go: buffers read through a copy under -fvk-use-dx-layout;
//     moduleinit.go: module.init, which fills those copies and the
//     HelperInvocation variable before SPIR-V 1.6.
//   - funcwalk.go: the state of a function's walk, and the queue of
//     functions; stmt.go, expr.go, access.go, binary.go, convert.go, cast.go,
//     constant.go, bitfield.go: statements and expressions; call.go and
//     inline.go: calls (inlined only for a texture whose image type the
//     parameter's differs from, node records, SPIR-V pointers).
//   - resources.go (declarations), textures.go, buffers.go, bab.go,
//     aliases.go, heap.go, rov.go, samplepos.go: resources and their
//     methods; resstate.go: what belongs to each resource variable.
//   - intrinsic_table.go: the lowering of each intrinsic function, by the
//     intrinsics.ID sema resolved the call to; intrinsics*.go, wave.go,
//     nonuniform.go, inlinespirv.go: the lowerings, and inline SPIR-V;
//     extbuiltin.go, extdecorate.go, exttype.go: vk::ext_builtin_*,
//     vk::ext_decorate* and vk::ext_type; rayquery.go and raytracing.go:
//     ray queries and the ray-tracing stages; pervertex.go:
//     GetAttributeAtVertex; bufferpointer.go: vk::BufferPointer.
//   - resources in memory in DXC's -fcgl shape, in every mode (the
//     driver's legalization passes resolve them): resvalues.go (locals,
//     parameters and statics holding resources), rescounters.go (their
//     counter variables); legalneeds.go: the reasons DXC's legalization
//     must run, for the driver; legalstate.go: the state of the
//     legalization the emitter still does on the default path: flow.go
//     and aliases.go (a local object that is no resource, and a
//     parameter of an inlined call, alias what they are given),
//     legalize.go (the structs of resources of inlined calls).
//   - templates.go: template instances; specfold.go: expressions over
//     specialization constants; linkage.go: exported library functions;
//     flags.go: the NoContraction, RelaxedPrecision and NonUniform
//     decorations; memorymodel.go: the Vulkan memory model upgrade;
//     debug.go, debugopts.go, debugrich.go: -Zi and -fspv-debug line and
//     rich debug information, recorded during the walk.
//   - passes over the finished module, each a function of the module and
//     the facts the walk recorded, tested SPIR-V in, SPIR-V out
//     (passes_test.go and each file's test): entryfinish.go's
//     assignLocations and entryInterface, clipcull.go's hoistVariables,
//     flags.go's decorateFlags, order.go's finish, richwrite.go (the rich
//     debug information's nodes and scopes), lines.go (OpLine, DebugLine
//     and their kin).
package spirv

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Options are the code generation options, named after dxc's flags.
type Options struct {
	Version      spv.Version // from -fspv-target-env
	Stage        string      // "ps", "vs", "cs", ...
	Major, Minor int         // shader model
	Entry        string      // -E
	// EntryPointName is -fspv-entrypoint-name: the OpEntryPoint name
	// (default: Entry).
	EntryPointName   string
	HLSLVersion      int
	Enable16BitTypes bool
	RowMajor         bool   // -Zpr
	StageIOOrder     string // "decl" or "alpha"
	InvertY          bool   // -fvk-invert-y
	UseDXPositionW   bool   // -fvk-use-dx-position-w
	CodeGenOnly      bool   // -fcgl
	// FixFuncCallArguments (-fspv-fix-func-call-arguments): the
	// legalization's fix-func-call-param copies the access chains a call
	// that stays a call takes (call.go passable).
	FixFuncCallArguments bool
	// DisableValidation (-Vd) lets through what DXC's validator would
	// refuse (layouts explicit offsets make invalid).
	DisableValidation bool
	// PointerVariablesOptimized says the -O pipeline runs after and
	// removes the variables and parameters holding logical pointers
	// (the driver checks that none are left).
	PointerVariablesOptimized bool
	Layout                    layout.Flags
	// Demote is true when discard becomes OpDemoteToHelperInvocation
	// (SPIR-V 1.6, or the extension enabled).
	Demote bool
	// Extensions are the -fspv-extension values (empty: any).
	Extensions []string
	// Binding assignment options.
	BindingShifts []BindingShift
	BindRegisters []RegisterBinding
	BindGlobals   *[2]int // binding, set of $Globals
	// DefaultSpace is -auto-binding-space: the descriptor set of resources
	// that name none. AutoShiftBindings is -fvk-auto-shift-bindings:
	// implicit bindings are shifted by their register class too.
	DefaultSpace      int
	AutoShiftBindings bool
	// UnknownImageFormat is -fspv-use-unknown-image-format.
	UnknownImageFormat bool
	// Reflect is -fspv-reflect (reflect.go).
	Reflect bool
	// NonZeroBaseInstance and NonZeroBaseVertex are
	// -fvk-support-nonzero-base-instance/-vertex: SV_InstanceID and
	// SV_VertexID start at zero for every draw, as in Direct3D.
	NonZeroBaseInstance, NonZeroBaseVertex bool
	// ResourceHeap and SamplerHeap are -fvk-bind-resource-heap and
	// -fvk-bind-sampler-heap: binding, set of the descriptor heaps.
	// CounterHeap is -fvk-bind-counter-heap, for the counters of the
	// structured buffers taken from ResourceDescriptorHeap.
	ResourceHeap, SamplerHeap, CounterHeap *[2]int
	// IEEEStrict is -Gis: no contraction of any arithmetic, and signed
	// zeros, infinities and NaNs preserved.
	IEEEStrict bool
	// Denorm is -denorm: "preserve" or "ftz" set the 32-bit denormal
	// mode; "" and "any" leave it to the implementation.
	Denorm string
	// FiniteMathOnly is -ffinite-math-only: min and max need not handle
	// NaNs (FMin/FMax instead of NMin/NMax).
	FiniteMathOnly bool
	// PreserveInterface is -fspv-preserve-interface: stage variables stay
	// even when unused.
	PreserveInterface bool
	// VulkanMemoryModel is -fspv-use-vulkan-memory-model (memorymodel.go).
	VulkanMemoryModel bool
	// MaximalReconvergence is -fspv-enable-maximal-reconvergence.
	MaximalReconvergence bool
	// FlattenResourceArrays is -fspv-flatten-resource-arrays: an array of
	// resources takes one binding per element (the legalization's
	// descriptor-array-scalar-replacement makes a variable of each).
	FlattenResourceArrays bool
	// LegacyBufferMatrixOrder is -fspv-use-legacy-buffer-matrix-order:
	// byte-address buffers hold matrices row by row.
	LegacyBufferMatrixOrder bool
	// UseDescriptorHeap is -fspv-use-descriptor-heap:
	// ResourceDescriptorHeap and SamplerDescriptorHeap are the built-in
	// heaps of SPV_EXT_descriptor_heap instead of bound arrays (heap.go).
	UseDescriptorHeap bool
	// PackOptimized is -pack-optimized: stage variables without explicit
	// locations share locations component by component (packio.go);
	// unless -fcgl, the optimizer's interface-variable-scalar-replacement
	// then makes arrays and matrices among them a variable per location.
	PackOptimized bool
	// Debug is -Zi and -fspv-debug= (debug*.go).
	Debug DebugOptions
}

// BindingShift is -fvk-<class>-shift N SPACE: resources bound with
// register(<class>X, spaceSPACE) get binding X+N. Space -1 is "all".
type BindingShift struct {
	Class        byte // 'b', 't', 's' or 'u'
	Shift, Space int
}

// RegisterBinding is -fvk-bind-register: register(<Class><Register>,
// space<Space>) goes to Binding in descriptor set Set.
type RegisterBinding struct {
	Class                         byte
	Register, Space, Binding, Set int
}

// Diagnostic codes of the codegen block.
const (
	codeUnsupported diag.Code = diag.CodegenBase + iota + 1
	codeInvalid
	codeInternal
)

// Generate emits the module for file's entry point, and says whether it
// needs DXC's legalization passes. It returns nil words when it reported
// an error.
func Generate(fs *diag.FileSet, diags *diag.List, file *ast.File, info *sema.Info, opts Options) (words []uint32, legal Legalization) {
	m, legal := GenerateModule(fs, diags, file, info, opts)
	if m == nil {
		return nil, legal
	}
	var w builder.WordSlice
	if err := builder.Serialize(m, &w); err != nil {
		diags.Add(diag.Diagnostic{Severity: diag.Error, Code: codeInternal,
			Msg: "internal compiler error: invalid module: " + err.Error()})
		return nil, Legalization{}
	}
	return w.Words, legal
}

// GenerateModule is Generate without the serialisation: the module as the
// optimizer and validator take it, settled (see builder.Module.Settle) so
// that it is what loading Generate's words would give. It is nil when
// code generation reported an error.
func GenerateModule(fs *diag.FileSet, diags *diag.List, file *ast.File, info *sema.Info, opts Options) (m *builder.Module, legal Legalization) {
	e := newEmitter(fs, diags, file, info, opts)
	if opts.FlattenResourceArrays {
		e.needLegalization("-fspv-flatten-resource-arrays")
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				diags.Add(diag.Diagnostic{Severity: diag.Error, Code: codeInternal, Pos: e.pos,
					Msg: fmt.Sprintf("internal compiler error in SPIR-V code generation: %v", r)})
			}
			m = nil
		}
	}()
	e.debugSetup() // debug.go
	e.module()
	if diags.HasErrors() {
		return nil, Legalization{}
	}
	e.flags.ieeeStrict = opts.IEEEStrict
	e.richResolve()
	writeNoneImageOperands(e.b.M)             // textures.go
	flagged := decorateFlags(e.b.M, &e.flags) // flags.go
	finish(e.b.M, flagged)                    // order.go
	if r := e.dbg.rich; r != nil {
		if e.dbg.scopes == nil {
			e.dbg.scopes = map[*builder.Inst]bool{} // writeRichDebug adds to it
		}
		writeRichDebug(e.b, &r.richGraph, opts.CodeGenOnly, e.dbg.scopes) // richwrite.go
		e.dbg.set, e.dbg.sources, e.dbg.source = r.set, r.sourceIDs(), r.source.id
	}
	attachLines(e.b, e.fs, &e.dbg.lineTable) // lines.go
	err := e.b.Err()
	if err == nil {
		err = builder.Verify(e.b.M)
	}
	if err != nil {
		diags.Add(diag.Diagnostic{Severity: diag.Error, Code: codeInternal, Pos: e.pos,
			Msg: "internal compiler error: invalid module: " + err.Error()})
		return nil, Legalization{}
	}
	e.b.M.Settle()
	return e.b.M, e.legal.needs
}

// bailout aborts code generation after an error was reported.
type bailout struct{}

// emitter walks the typed AST and builds the module. It holds what every
// function walk reads (options, the checked file, the module builder, the
// variables' storage, the function being built) and one part per concern,
// each a type in its own file that says what it keeps: lowering (types),
// io (stage variables), entry (the entry point being emitted), res
// (resources), legal (legalization bookkeeping), funcs (the function
// queue), walk (the function body being walked), bindings (descriptor
// bindings, globals.go), flags (precision seeds, flags.go), dbg (debug
// information, debug.go).
type emitter struct {
	opts  Options
	fs    *diag.FileSet
	diags *diag.List
	file  *ast.File
	info  *sema.Info

	b        *builder.ModuleBuilder
	lowering typeLowering  // types and layouts (typelower.go)
	io       stageIO       // the entry points' stage variables (stageio.go)
	entry    entryPoint    // the entry point being emitted (entrypoint.go)
	res      resourceState // what belongs to each resource variable (resstate.go)
	legal    legalState    // the legalization the emitter does, and what it leaves (legalstate.go)

	pos diag.Pos // the construct being emitted, for internal errors

	funcs funcQueue // user functions, emitted on first call (funcwalk.go)

	// Variables: their pointers, by object.
	vars map[*sema.Var]*variable
	// attrMemo holds the resolved attributes of the nodes that have any
	// (attrs).
	attrMemo map[ast.Node]sema.Attrs

	// The function being emitted (funcwalk.go).
	walk funcWalk
	fb   *builder.FunctionBuilder

	bindings *bindingAllocator
	flags    instFlags   // relaxed and precise seeds (flags.go)
	dbg      *debugState // debug information (debug.go)
}

// function is a user function being or to be emitted.
type function struct {
	obj  *sema.Func
	id   builder.ID
	name string
	done bool
	// stage is the stage of the entry point that reached it first, entry
	// that entry point
	stage stage.Stage
	entry *sema.Func
}

// variable is where a variable lives: a pointer of storage class sc to a
// value of HLSL type typ laid out by rule (Void for Function, Private,
// Workgroup); member >= 0 is a member of the block behind ptr.
type variable struct {
	// value, when set, is the variable's value itself (a specialization
	// constant): uses read it directly.
	value builder.ID
	ptr   builder.ID
	idx   []builder.ID // an alias of an array element: its indexes after ptr (aliases.go)
	// handle, for an alias of a descriptor heap element under
	// -fspv-use-descriptor-heap, is the handle loaded where it was bound
	// (as DXC loads it there); uses read it.
	handle builder.ID
	sc     spv.StorageClass
	typ    *types.Type
	rule   layout.Rule
	member int
	// agg is set for a struct holding resources (legalize.go).
	agg *aggregate
}

// breakTarget is where break (and continue, for loops) go.
type breakTarget struct {
	loop   bool
	brk    builder.ID
	cont   builder.ID
	isLoop bool
}

func newEmitter(fs *diag.FileSet, diags *diag.List, file *ast.File, info *sema.Info, opts Options) *emitter {
	if opts.Version == 0 {
		opts.Version = spv.Version1_0
	}
	if opts.Entry == "" {
		opts.Entry = "main"
	}
	if opts.HLSLVersion == 0 {
		opts.HLSLVersion = 2021
	}
	e := &emitter{opts: opts, fs: fs, diags: diags, file: file, info: info,
		vars: map[*sema.Var]*variable{}}
	e.funcs = newFuncQueue()
	e.b = builder.New(opts.Version)
	e.b.M.Generator = builder.GeneratorDXC
	e.b.Fold = e.foldSpecConstant // specfold.go
	e.lowering.calc = layout.NewCalculator(layout.Options{Enable16BitTypes: opts.Enable16BitTypes, DefaultRowMajor: opts.RowMajor})
	e.lowering.calc.VkOffset = e.fieldVkOffset
	e.lowering.calc.BitWidth = fieldBitWidth
	e.lowering.calc.MemberDecorations = e.fieldExtDecorations // extdecorate.go
	e.lowering.low = layout.NewLowerer(e.b, e.lowering.calc, layout.RulesFor(opts.Layout))
	e.lowering.low.Object = e.objectType
	e.lowering.low.StructDecorations = e.structDecorations // node.go
	e.lowering.low.VoidValue = e.voidValueType             // resvalues.go
	e.lowering.low.PerVertexMember = e.perVertexField      // pervertex.go
	e.bindings = newBindingAllocator(&e.opts)
	return e
}

// setKey sets m[k] = v, making the map on its first key. The emitter's
// tables by variable, id or key are made this way: most serve features
// (stream outputs, heaps, ROVs, per-vertex inputs, ...) that a given
// module does not use, and an empty map made for every compile whatever
// its needs was a tenth of a small module's allocations.
func setKey[K comparable, V any](m *map[K]V, k K, v V) {
	if *m == nil {
		*m = map[K]V{}
	}
	(*m)[k] = v
}

// errorf reports an error at p and aborts generation.
func (e *emitter) errorf(p diag.Pos, format string, args ...any) {
	d := diag.Diagnostic{Severity: diag.Error, Code: codeUnsupported, Pos: p, Msg: fmt.Sprintf(format, args...)}
	// Inside an inlined body, say which calls led there.
	for c := e.walk.inl; c != nil; c = c.outer {
		if c.call.IsValid() {
			d.Notes = append(d.Notes, diag.Diagnostic{Severity: diag.Note, Pos: c.call, Msg: fmt.Sprintf("in '%s', inlined here", c.f.Name())})
		}
	}
	e.diags.Add(d)
	panic(bailout{})
}

// unsupported reports a construct not handled yet.
func (e *emitter) unsupported(n ast.Node, what string) {
	var p diag.Pos
	if n != nil {
		p = n.Pos()
	}
	e.errorf(p, "%s is not supported yet by the SPIR-V backend", what)
}

// module emits the whole module.
func (e *emitter) module() {
	var entries []libEntry
	if e.stage() == stage.Library {
		entries = e.libraryEntries() // library.go
		e.io.library = true
	} else {
		entry := e.info.Entry
		if entry == nil || entry.Decl == nil || entry.Decl.Body == nil {
			e.errorf(e.file.Pos(), "missing entry point definition '%s'", e.opts.Entry)
		}
		entries = []libEntry{{f: entry, stage: e.stage(), name: e.opts.Entry}}
	}
	e.b.Capability(spv.CapabilityShader)
	e.b.MemoryModel(spv.AddressingModelLogical, spv.MemoryModelGLSL450)
	if e.opts.Reflect {
		e.b.Extension("SPV_GOOGLE_hlsl_functionality1")
		e.b.Extension("SPV_GOOGLE_user_type")
	}
	e.debugSources() // debug.go

	e.declareGlobals()
	var done []entryState
	for _, en := range entries {
		e.beginEntry(en)
		e.wrapper(en.f)
		// a hull shader's patch constant function follows its wrapper,
		// before the entry's own function (DXC translates it there)
		e.emitQueued(e.entry.pcfFn)
		e.entry.pcfFn = nil
		if e.entry.library {
			// as DXC: each entry's wrapper, then its function; the
			// functions they call after all of them
			e.emitQueued(e.funcs.byObj[en.f])
		}
		done = append(done, e.saveEntry())
	}
	if e.entry.library {
		e.exportFunctions() // linkage.go
	}
	for f := e.funcs.next(); f != nil; f = e.funcs.next() {
		e.function(f)
	}
	e.moduleInit() // moduleinit.go
	for _, st := range done {
		e.restoreEntry(st)
		e.finishEntryPoint()
	}
	e.rayCapabilities() // raytracing.go
	e.bindings.assign(e.b, e.errorf)
	e.combinedImageSamplers()
	decoratePointerVariables(e.b)                                     // bufferpointer.go
	upgradeMemoryModel(e.b, e.opts.VulkanMemoryModel, e.opts.Version) // memorymodel.go
	e.checkBuilder()
}

// checkBuilder turns the builder's first error into a diagnostic at the
// statement or expression being emitted (stmt calls it before each
// statement). An instruction longer than SPIR-V's 16-bit word count (a
// composite of a giant array, say) is a limit of the format, not a bug.
func (e *emitter) checkBuilder() {
	err := e.b.Err()
	if err == nil {
		return
	}
	var enc *builder.EncodeError
	if errors.As(err, &enc) && enc.TooLong() {
		e.errorf(e.pos, "this is too large for SPIR-V: %v", err)
	}
	e.errorf(e.pos, "internal compiler error: %v", err)
}

// emitQueued emits a queued function now (it keeps its place in the queue,
// which skips it later).
func (e *emitter) emitQueued(fn *function) {
	if fn != nil && !fn.done {
		e.function(fn)
	}
}

// funcFor returns the SPIR-V function of a user function, queueing it for
// emission on first use.
func (e *emitter) funcFor(f *sema.Func) *function {
	if fn, ok := e.funcs.byObj[f]; ok {
		return fn
	}
	name := f.Name()
	if f.Recv != nil && f.Recv.Named() != nil {
		name = f.Recv.Named().Name + "." + name
	}
	if len(f.Namespaces) > 0 {
		// as DXC names them: A::B::f, A::S.method
		name = strings.Join(f.Namespaces, "::") + "::" + name
	}
	fn := &function{obj: f, id: e.b.NewID(), name: name, stage: e.funcStage(), entry: e.funcEntry()}
	e.funcs.add(fn)
	return fn
}

// stage is the stage of the entry point being emitted (Options.Stage, set
// per entry point in a library).
func (e *emitter) stage() stage.Stage { return stage.ByProfile(e.opts.Stage) }

// funcStage is the stage of the code being emitted: the entry point's in
// its wrapper, the one that reached the function otherwise.
func (e *emitter) funcStage() stage.Stage {
	if e.walk.cur != nil && e.walk.cur.stage != stage.None {
		return e.walk.cur.stage
	}
	return e.stage()
}

// funcEntry is the entry point whose code is being emitted: the one
// whose wrapper is being emitted, or the one that reached the function.
func (e *emitter) funcEntry() *sema.Func {
	if e.walk.cur != nil && e.walk.cur.entry != nil {
		return e.walk.cur.entry
	}
	return e.entry.fn
}

// typeID lowers an HLSL type for function-local use (no layout).
func (e *emitter) typeID(t *types.Type) builder.ID {
	return e.typeIn(t, layout.Void)
}

// typeIn lowers an HLSL type under a layout rule.
func (e *emitter) typeIn(t *types.Type, r layout.Rule) builder.ID {
	if t == nil || t.Kind() == types.Invalid {
		e.errorf(e.pos, "this construct is not supported yet by the SPIR-V backend (the checker gave it no type)")
	}
	slot := &e.lowering.recent[typeSlotOf(t, r)]
	if slot.t == t && slot.r == r {
		return slot.id
	}
	if t.IsVoid() {
		return e.b.TypeVoid()
	}
	id, err := e.lowering.low.Type(concreteType(t), r)
	if err != nil {
		e.errorf(e.pos, "%v", err)
	}
	*slot = typeSlot{t, r, id}
	return id
}

// concreteType replaces literal component kinds by int and float.
func concreteType(t *types.Type) *types.Type {
	c := t.Canonical()
	switch c.Kind() {
	case types.Basic, types.Vector, types.Matrix:
		if s := c.Scalar(); s.IsLiteral() {
			return t.WithScalar(s.Concrete())
		}
	}
	return t
}

func (e *emitter) ptrType(sc spv.StorageClass, t *types.Type, r layout.Rule) builder.ID {
	return e.b.TypePointer(sc, e.typeIn(t, r))
}

// objectType lowers the resource and object types (see resources.go).
func (e *emitter) objectType(t *types.Type, r layout.Rule) (builder.ID, error) {
	return e.resourceType(t)
}

// fieldVkOffset reads [[vk::offset(N)]] on field i of struct st.
func (e *emitter) fieldVkOffset(st *types.Type, i int) (uint32, bool) {
	d := fieldDecl(st, i)
	if d == nil {
		return 0, false
	}
	for _, a := range e.attrs(d) {
		if a.Namespace == "vk" && a.Name == "offset" && len(a.Args) == 1 {
			if n, ok := a.Int(0); ok {
				return uint32(n), true
			}
		}
		// [[vk::ext_decorate(Offset, N)]] places the member as vk::offset does
		if a.Namespace == "vk" && a.Name == "ext_decorate" && len(a.Args) == 2 {
			if n, ok := a.Int(0); ok && spv.Decoration(n) == spv.DecorationOffset {
				if off, ok := a.Int(1); ok {
					return uint32(off), true
				}
			}
		}
	}
	return 0, false
}
