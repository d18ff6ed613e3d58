package sema

import (
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema/codes"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// The checks in this file are the ones DXC makes in its SPIR-V back end
// (SpirvEmitter, DeclResultIdMapper) rather than in clang's Sema: what a
// valid HLSL program cannot do when compiled for Vulkan. DXC runs them
// only on a file that passed its front end, visits the global
// declarations in source order and then each function reachable from the
// entry points, and stops at the first declaration or function that
// produced an error. checkVulkan does the same, so a file gets the
// diagnostic DXC gives first and no cascade after it.

// vulkanChecker walks what DXC's back end would translate.
type vulkanChecker struct {
	c *checker
	// stage is the stage of the entry point through which the current
	// function was reached (stage.Library for exported library code,
	// stage.None for a [shader("...")] name that is no stage).
	stage stage.Stage
	// pushConstant is the first [[vk::push_constant]] variable.
	pushConstant diag.Pos
	// builtins are the SPIR-V built-ins bound by vk::ext_builtin_*.
	builtins map[int64]extBuiltinUse
	// entries are the entry points' stage variables, for stageLocations.
	entries []entryVars
	// bodies indexes the functions defined in the file, by name.
	bodies map[string][]*Func
	// declared are the user functions already called.
	declared map[*Func]bool
	// errorsBefore is the error count when the checks started.
	errorsBefore int
}

// stop reports whether the walk ends here: DXC stops after the first
// declaration or function with an error.
func (v *vulkanChecker) stop() bool {
	return !v.c.cfg.AllVulkanErrors && v.c.diags.ErrorCount() > v.errorsBefore
}

// queued is a function waiting to be walked, with the stage of the entry
// point that reached it first.
type queued struct {
	f     *Func
	stage stage.Stage
	entry bool
}

// checkVulkan runs the back-end checks after the front end's: the global
// declarations, then every function reachable from the entry points (each
// once, with the stage of the entry that reached it first), then the
// stage variables' locations and the combined image samplers.
func (c *checker) checkVulkan() {
	if c.diags.HasErrors() {
		return
	}
	v := &vulkanChecker{c: c, errorsBefore: c.diags.ErrorCount()}
	queue := v.entryPoints()
	for _, d := range c.file.Decls {
		v.globalDecl(d)
		if v.stop() {
			return
		}
	}
	v.registerCOverlaps()
	if v.stop() {
		return
	}
	seen := map[*Func]bool{}
	for _, q := range queue {
		seen[q.f] = true
	}
	for i := 0; i < len(queue); i++ {
		q := queue[i]
		v.stage = q.stage
		if q.entry {
			v.entryInterface(q.f)
		}
		if !v.stop() && q.f.Decl != nil && q.f.Decl.Body != nil {
			v.body(q.f.Decl.Body)
		}
		if v.stop() {
			return
		}
		callees := q.f.Callees
		if q.entry && q.stage == stage.Hull {
			// DXC translates a hull shader's patch constant function with
			// its entry point.
			if pcf := c.patchConstantFuncOf(q.f); pcf != nil {
				callees = append([]*Func{pcf}, callees...)
			}
		}
		for _, g := range callees {
			g = c.definition(g)
			if !seen[g] {
				seen[g] = true
				queue = append(queue, queued{f: g, stage: q.stage})
			}
		}
	}
	if st := stage.ByProfile(c.cfg.Stage); st == stage.None || st == stage.Library {
		v.publishLibraryEntries(c.file.Decls)
	}
	v.stageLocations()
	if !v.stop() {
		v.combinedImageSamplers()
	}
}

// entryPoints are the seeds of the walk: the -E function, or in a library
// every function with a [shader("stage")] attribute (and the exported
// ones, reached as library code).
func (v *vulkanChecker) entryPoints() []queued {
	c := v.c
	if st := stage.ByProfile(c.cfg.Stage); st != stage.None && st != stage.Library {
		if c.info.Entry == nil {
			return nil
		}
		return []queued{{f: c.info.Entry, stage: st, entry: true}}
	}
	var out []queued
	for _, d := range c.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		f, ok := c.info.ObjectOf(fd).(*Func)
		if !ok {
			continue
		}
		if st, ok := shaderAttrStage(fd.Attrs); ok {
			out = append(out, queued{f: f, stage: st, entry: true})
		} else if hasMod(fd.Mods, "export") {
			out = append(out, queued{f: f, stage: stage.Library})
		}
	}
	return out
}

// shaderAttrStage is the stage named by [shader("...")] (stage.None for
// a name that is no stage, spelled exactly); ok is false without one.
func shaderAttrStage(attrs []*ast.Attribute) (st stage.Stage, ok bool) {
	for _, a := range attrs {
		if a.Namespace != "" || a.Name != "shader" || len(a.Args) != 1 {
			continue
		}
		if lit, isLit := a.Args[0].(*ast.BasicLit); isLit && lit.Kind == ast.StringLit {
			if name := strings.Trim(lit.Value, `"`); name != "" {
				return exactStage(name), true
			}
		}
	}
	return stage.None, false
}

// exactStage is the stage [shader("name")] names when spelled as DXC
// spells it ("pixel", not "Pixel"), else stage.None.
func exactStage(name string) stage.Stage {
	if st := stage.ByName(name); st.Name() == name {
		return st
	}
	return stage.None
}

// body checks the expressions of a function body.
func (v *vulkanChecker) body(b *ast.BlockStmt) {
	nodes, ok := v.c.vulkanNodes[b]
	if !ok {
		nodes = v.c.collectVulkanNodes(b, nil)
	}
	for _, n := range nodes {
		v.node(n)
	}
}

// collectVulkanNodes appends to nodes those of body b that a Vulkan
// check may reject (node), in the order ast.Inspect visits them: every
// call (what its checks find depends on the stage and on the calls before
// it), the names of groupshared variables (rejected by stage), and the
// local variables, ?: and assignments rejected whatever the stage.
// funcBody collects them as soon as a body is checked: a file checked
// beside its parser (Checker) then has its bodies walked before the parse
// ends, and the Vulkan walk at Finish, which waits for the whole file,
// reads these short lists instead of walking every body again.
func (c *checker) collectVulkanNodes(b *ast.BlockStmt, nodes []ast.Node) []ast.Node {
	ast.Inspect(b, func(n ast.Node) bool {
		keep := false
		switch n := n.(type) {
		case *ast.CallExpr:
			keep = true
		case *ast.NameExpr:
			vr, ok := c.info.ObjectOf(n).(*Var)
			keep = ok && vr.Storage == StorageGroupShared
		case *ast.VarDecl:
			// Local variables are where DXC lowers an inline SPIR-V type.
			vr, ok := c.info.ObjectOf(n).(*Var)
			keep = ok && n.Name != nil && badVkLiteral(vr.typ)
		case *ast.CondExpr:
			// HLSL 2021's short-circuiting ?: stores each branch through a
			// numeric cast, which DXC has only for numeric types.
			t := c.info.TypeOf(n)
			keep = c.cfg.hlsl2021() && t != nil && t.Kind() != types.Invalid && !t.IsNumeric()
		case *ast.AssignExpr:
			t := c.info.TypeOf(n.L)
			keep = t != nil && isStringType(t)
		}
		if keep {
			nodes = append(nodes, n)
		}
		return true
	})
	return nodes
}

// node checks one node collectVulkanNodes kept.
func (v *vulkanChecker) node(n ast.Node) {
	switch n := n.(type) {
	case *ast.CallExpr:
		v.call(n)
	case *ast.NameExpr:
		if !groupSharedStage(v.stage) {
			v.c.errorf(codes.StageRestriction, n.Pos(), "groupshared variable '%s' cannot be used in a %s shader: Vulkan has workgroup memory only in compute, mesh, amplification and node shaders", n.Name, v.stage.Name())
		}
	case *ast.VarDecl:
		v.c.errorf(codes.UnsupportedType, n.Name.Pos(), "The template argument to vk::Literal must be a vk::integral_constant")
	case *ast.CondExpr:
		// DXC gives no location; the ?: is a better one than none.
		v.c.errorf(codes.UnsupportedType, n.Pos(), "casting to type %s unimplemented", types.Quote(v.c.info.TypeOf(n)))
	case *ast.AssignExpr:
		v.c.errorf(codes.UnsupportedType, n.L.Pos(), "string variables are immutable in SPIR-V.")
	}
}

// Intrinsics DXC's SPIR-V back end has no lowering for.
var (
	// "no equivalent for %s intrinsic function in Vulkan"
	noVulkanFunction = map[string]bool{
		"abort": true, "GetRenderTargetSampleCount": true, "GetRenderTargetSamplePosition": true,
	}
	// "no equivalent for %s intrinsic method in Vulkan"
	noVulkanMethod = map[string]bool{
		"GatherCmpGreen": true, "GatherCmpBlue": true, "GatherCmpAlpha": true,
	}
	// "%s intrinsic function unimplemented"
	unimplementedFunction = map[string]bool{
		"AddUint64": true, "WaveMultiPrefixCountBits": true, "ClusterID": true,
		"InterlockedCompareStoreFloatBitwise": true, "InterlockedCompareExchangeFloatBitwise": true,
		"Process2DQuadTessFactorsAvg": true, "Process2DQuadTessFactorsMax": true, "Process2DQuadTessFactorsMin": true,
		"ProcessIsolineTessFactors": true, "ProcessQuadTessFactorsAvg": true, "ProcessQuadTessFactorsMax": true,
		"ProcessQuadTessFactorsMin": true, "ProcessTriTessFactorsAvg": true, "ProcessTriTessFactorsMax": true,
		"ProcessTriTessFactorsMin": true,
	}
	// "intrinsic '%s' method unimplemented"
	unimplementedMethod = map[string]bool{
		"GatherRaw": true, "CandidateClusterID": true, "CommittedClusterID": true,
		"InterlockedAdd64": true, "InterlockedAnd64": true, "InterlockedOr64": true, "InterlockedXor64": true,
		"InterlockedMin64": true, "InterlockedMax64": true, "InterlockedExchange64": true,
		"InterlockedCompareStore64": true, "InterlockedCompareExchange64": true, "InterlockedExchangeFloat": true,
		"InterlockedCompareStoreFloatBitwise": true, "InterlockedCompareExchangeFloatBitwise": true,
	}
	// Sampling methods that use an implicit level of detail.
	implicitLodMethod = map[string]bool{
		"Sample": true, "SampleBias": true, "SampleCmp": true, "SampleCmpBias": true,
	}
)

// isDeprecatedTex reports the legacy sampler functions (tex2D, texCUBElod, ...).
func isDeprecatedTex(name string) bool {
	for _, base := range []string{"tex1D", "tex2D", "tex3D", "texCUBE"} {
		if rest, ok := strings.CutPrefix(name, base); ok {
			switch rest {
			case "", "bias", "grad", "lod", "proj":
				return true
			}
		}
	}
	return false
}

// call checks one call of an intrinsic function or method.
func (v *vulkanChecker) call(e *ast.CallExpr) {
	c := v.c
	m := c.info.CallOf(e)
	if m == nil && v.heapArgument(e) {
		return
	}
	if f, ok := c.info.ObjectOf(e).(*Func); ok && m == nil {
		v.userCall(e, f)
		return
	}
	if m == nil || m.Overload == nil {
		// dx::IsDebuggingEnabled() is not in the intrinsic table.
		if n, ok := e.Fun.(*ast.NameExpr); ok && n.Name == "IsDebuggingEnabled" && len(n.Qualifier) == 1 && n.Qualifier[0].Name == "dx" {
			c.errorf(codes.NoVulkanEquivalent, e.Fun.Pos(), "no equivalent for IsDebuggingEnabled intrinsic function in Vulkan")
		}
		return
	}
	name := m.Overload.Name()
	if m.Overload.Method {
		v.methodCall(e, m, name)
		return
	}
	pos := e.Fun.Pos()
	switch {
	case noVulkanFunction[name]:
		c.errorf(codes.NoVulkanEquivalent, pos, "no equivalent for %s intrinsic function in Vulkan", name)
	case unimplementedFunction[name]:
		c.errorf(codes.UnimplementedIntrinsic, pos, "%s intrinsic function unimplemented", name)
	case isDeprecatedTex(name):
		c.errorf(codes.DeprecatedIntrinsic, pos, "deprecated %s intrinsic function will not be supported", name)
	case name == "firstbithigh" || name == "firstbitlow":
		if len(e.Args) == 1 && v.spirvBits(c.info.TypeOf(e.Args[0])) != 32 {
			c.errorf(codes.IntrinsicArgument, pos, "%s is currently limited to 32-bit width components when targeting SPIR-V", name)
		}
	case name == "GetAttributeAtVertex":
		if v.stage != stage.Pixel {
			c.errorf(codes.StageRestriction, pos, "GetAttributeAtVertex only allowed in pixel shader")
			return
		}
		if len(e.Args) > 0 {
			if t := c.info.TypeOf(e.Args[0]); t != nil && t.Canonical().Scalar() == types.Bool {
				// DXC reports this one without a location; the argument is it.
				c.errorf(codes.IntrinsicArgument, e.Args[0].Pos(), "attribute evaluation can only be done on values taken directly from inputs.")
			}
		}
	case (strings.HasPrefix(name, "Wave") || strings.HasPrefix(name, "Quad")) && v.c.cfg.TargetEnv == "vulkan1.0":
		c.diags.Add(diag.Diagnostic{Severity: diag.Error, Code: codes.TargetEnvironment, Pos: pos,
			Msg:   "Vulkan 1.1 is required for Wave Operation but not permitted to use",
			Notes: []diag.Diagnostic{{Severity: diag.Note, Msg: "please specify your target environment via command line option -fspv-target-env="}}})
	case strings.HasPrefix(name, "Interlocked") && len(e.Args) > 0:
		v.interlockedDest(e.Args[0])
		for i, p := range m.Params {
			if i > 0 && i < len(e.Args) && p.Mode == types.Out && !isReference(c, e.Args[i]) {
				// DXC names InterlockedCompareExchange whatever the call.
				c.errorf(codes.IntrinsicArgument, unparen(e.Args[i]).Pos(), "InterlockedCompareExchange requires a reference as output parameter")
			}
		}
	case name == "DispatchMesh" && len(e.Args) == 4:
		if vr, ok := c.info.ObjectOf(unparen(e.Args[3])).(*Var); !ok || vr.Storage != StorageGroupShared {
			c.errorf(codes.IntrinsicArgument, e.Args[3].Pos(), "expected groupshared object as argument to DispatchMesh()")
		}
	case name == "RawBufferLoad" && m.Overload.Vk && len(e.Args) == 2:
		v.rawBufferAlignment(e.Args[1])
	case name == "RawBufferStore" && m.Overload.Vk && len(e.Args) == 3:
		v.rawBufferAlignment(e.Args[2])
	}
}

// userCall checks a call of a user function: its vk::ext_decorate*
// attributes when DXC first declares it, the arguments of a
// vk::ext_instruction function, and unsized array parameters.
func (v *vulkanChecker) userCall(e *ast.CallExpr, f *Func) {
	c := v.c
	f = c.definition(f)
	if f.Decl == nil {
		return
	}
	if !v.declared[f] {
		if v.declared == nil {
			v.declared = map[*Func]bool{}
		}
		v.declared[f] = true
		for _, a := range f.Decl.Attrs {
			if a.Namespace == "vk" && (a.Name == "ext_decorate_id" || a.Name == "ext_decorate_string") {
				c.errorf(codes.VkAttribute, f.pos, "vk::%s is not supported on functions", a.Name)
			}
		}
	}
	// Inline SPIR-V instructions and type definitions have no bodies.
	inline := vkAttr(f.Decl.Attrs, "ext_instruction") != nil || vkAttr(f.Decl.Attrs, "ext_type_def") != nil ||
		f.Name() == "__builtin_spv_CooperativeMatrixLengthKHR" // the cooperative-matrix header's built-in (frontend/headers)
	if !inline && !v.defined(f) {
		c.errorf(codes.UnsupportedType, e.Fun.Pos(), "found undefined function")
		return
	}
	if vkAttr(f.Decl.Attrs, "ext_instruction") != nil {
		for i, p := range f.Decl.Params {
			if i >= len(e.Args) {
				break
			}
			switch {
			case vkAttr(p.Attrs, "ext_reference") != nil:
				if isRvalue(e.Args[i]) {
					c.errorf(codes.IntrinsicArgument, unparen(e.Args[i]).Pos(), "argument for a parameter with vk::ext_reference attribute must be a reference")
					return
				}
			case vkAttr(p.Attrs, "ext_literal") != nil:
				if c.info.ValueOf(e.Args[i]) == nil {
					c.errorf(codes.IntrinsicArgument, e.Fun.Pos(), "vk::ext_literal may only be applied to parameters that can be evaluated to a literal value")
					return
				}
			}
		}
		return
	}
	for i, p := range f.Params {
		if i >= len(e.Args) || p.typ == nil {
			continue
		}
		if pt := p.typ.Canonical(); pt.IsArray() && pt.Len() == types.Unsized {
			if at := c.info.TypeOf(e.Args[i]); at != nil && at.Canonical().IsArray() && at.Canonical().Len() != types.Unsized {
				c.errorf(codes.UnsupportedType, e.Args[i].Pos(), "initializer for type '%s' unimplemented", pt.CanonicalString())
			}
		}
	}
}

// isRvalue reports expressions that certainly yield a value, not a
// reference to memory: literals, constructors, casts, calls, operators.
func isRvalue(e ast.Expr) bool {
	switch unparen(e).(type) {
	case *ast.BasicLit, *ast.ConstructExpr, *ast.CastExpr, *ast.CallExpr, *ast.BinaryExpr, *ast.UnaryExpr, *ast.CondExpr, *ast.InitList:
		return true
	}
	return false
}

// spirvBits is the width a numeric type's components get in SPIR-V.
func (v *vulkanChecker) spirvBits(t *types.Type) int {
	if t == nil {
		return 32
	}
	s := t.Canonical().Scalar()
	if s == types.NoScalar {
		return 32
	}
	return s.Lowered(types.Config{Enable16BitTypes: v.c.cfg.Enable16BitTypes}).SPIRVBits()
}

// rawBufferAlignment: vk::RawBufferLoad/Store's alignment must fold to a
// non-negative integer.
func (v *vulkanChecker) rawBufferAlignment(arg ast.Expr) {
	val := v.c.info.ValueOf(arg)
	if val != nil && len(val.Elems) == 1 {
		if n, ok := val.Elems[0].Int64(); ok && n >= 0 {
			return
		}
	}
	v.c.errorf(codes.IntrinsicArgument, arg.Pos(), "alignment argument must be a constant unsigned integer")
}

// interlockedDest checks the destination of an Interlocked* function: it
// must be memory other threads see (a resource element or groupshared),
// and a texel of a typed resource must be a scalar.
func (v *vulkanChecker) interlockedDest(dest ast.Expr) {
	c := v.c
	dest = unparen(dest)
	// tex[i].r: a component of a vector texel has no texel pointer.
	if me, ok := dest.(*ast.MemberExpr); ok && c.info.SwizzleOf(me) != nil {
		if ix, ok := unparen(me.X).(*ast.IndexExpr); ok {
			if rt := c.info.TypeOf(ix.X); rt != nil && isTypedResource(rt) {
				if et := c.info.TypeOf(ix); et != nil && !et.Canonical().IsScalar() {
					c.errorf(codes.IntrinsicArgument, dest.Pos(), "Interlocked operation for texture buffer whose result type is non-scalar type is not allowed")
					return
				}
			}
		}
	}
	x := dest
	for {
		switch e := x.(type) {
		case *ast.ParenExpr:
			x = e.X
			continue
		case *ast.MemberExpr:
			x = e.X
			continue
		case *ast.IndexExpr:
			if t := c.info.TypeOf(e.X); t != nil && t.Canonical().IsObject() {
				return // an element of a resource
			}
			x = e.X
			continue
		case *ast.NameExpr:
			vr, ok := c.info.ObjectOf(e).(*Var)
			if !ok {
				return
			}
			switch vr.Storage {
			case StorageLocal, StorageStaticLocal, StorageStatic, StorageParam:
				if vr.typ != nil && !vr.typ.Canonical().IsObject() {
					c.errorf(codes.IntrinsicArgument, dest.Pos(), "using static variable or function scope variable in interlocked operation is not allowed")
				}
			}
		}
		return
	}
}

func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// isTypedResource reports textures and typed buffers: resources whose
// elements are texels.
func isTypedResource(t *types.Type) bool {
	t = t.Canonical()
	if !t.IsObject() {
		return false
	}
	switch t.Object().Class() {
	case types.ClassTexture, types.ClassTypedBuffer:
		return true
	}
	return false
}

// methodCall checks one call of a built-in object's method.
func (v *vulkanChecker) methodCall(e *ast.CallExpr, m *intrinsics.Match, name string) {
	c := v.c
	me, ok := e.Fun.(*ast.MemberExpr)
	if !ok || me.Name == nil {
		return
	}
	recv := c.info.TypeOf(me.X)
	switch {
	case noVulkanMethod[name]:
		c.errorf(codes.NoVulkanEquivalent, me.Name.Pos(), "no equivalent for %s intrinsic method in Vulkan", name)
	case unimplementedMethod[name]:
		c.errorf(codes.UnimplementedIntrinsic, me.Name.Pos(), "intrinsic '%s' method unimplemented", name)
	case name == "IncrementCounter" || name == "DecrementCounter" || name == "Append" || name == "Consume":
		// s.buffers[i].IncrementCounter(): DXC keeps no counters for an
		// array of buffers inside a struct.
		if recv == nil || !recv.Canonical().IsObject() || recv.Canonical().Object().Class() != types.ClassStructuredBuffer {
			return
		}
		if ix, ok := unparen(me.X).(*ast.IndexExpr); ok {
			if fld, ok := unparen(ix.X).(*ast.MemberExpr); ok && c.info.SwizzleOf(fld) == nil {
				if ft := c.info.TypeOf(fld); ft != nil && ft.Canonical().IsArray() {
					c.diags.Add(diag.Diagnostic{Severity: diag.Fatal, Code: codes.UnsupportedType, Pos: me.X.Pos(),
						Msg: "Cannot access associated counter variable for an array of buffers in a struct."})
				}
			}
		}
	case name == "GetDimensions":
		for i, p := range m.Params {
			if i < len(e.Args) && p.Mode != types.In && isRvalue(e.Args[i]) {
				c.errorf(codes.IntrinsicArgument, unparen(e.Args[i]).Pos(), "Output argument must be an l-value")
				return
			}
		}
	case name == "SubpassLoad":
		if v.stage != stage.Pixel {
			c.errorf(codes.StageRestriction, e.Pos(), "SubpassInput(MS) only allowed in pixel shader")
		}
	case implicitLodMethod[name]:
		if recv != nil && recv.Canonical().IsObject() && recv.Canonical().Object().Class() == types.ClassTexture && !implicitLodStage(v.stage) {
			c.errorf(codes.StageRestriction, e.Pos(), "sampling with implicit lod is only allowed in fragment and compute shaders")
		}
	case name == "Load":
		if recv == nil || !recv.Canonical().IsObject() {
			return
		}
		if n := len(m.Params); n > 1 && n <= len(e.Args) && m.Params[n-1].Mode == types.Out && isRvalue(e.Args[n-1]) {
			c.errorf(codes.IntrinsicArgument, e.Pos(), "an lvalue argument should be used for returning the operation status")
			return
		}
		o := recv.Canonical().Object()
		if o.Class() != types.ClassTexture || o.IsWritable() {
			return // RW textures take no offset
		}
		offset := 1 // Load(location, offset[, status])
		if o.IsMultisampled() {
			offset = 2 // Load(location, sample, offset[, status])
		}
		if offset < len(e.Args) && c.info.ValueOf(e.Args[offset]) == nil {
			c.errorf(codes.IntrinsicArgument, me.X.Pos(), "Offsets to texture access operations must be immediate values.")
		}
	}
}

// groupSharedStage reports the stages whose entry points may use
// groupshared (Workgroup) memory; code reached only as library code, or
// from a [shader("...")] name that is no stage, is not judged.
func groupSharedStage(st stage.Stage) bool {
	return st.IsComputeLike() || st == stage.Node || st == stage.Library || st == stage.None
}

// implicitLodStage reports the stages where Vulkan allows implicit-LOD
// sampling; code reached only as library code is not judged.
func implicitLodStage(st stage.Stage) bool {
	switch st {
	case stage.Pixel, stage.Compute, stage.Node, stage.Library:
		return true
	}
	return false
}

// badVkLiteral reports an inline SPIR-V type (vk::SpirvType,
// vk::SpirvOpaqueType) with a vk::Literal<T> operand whose T is not a
// vk::integral_constant.
func badVkLiteral(t *types.Type) bool {
	t = elemOf(t)
	if t == nil || !t.IsObject() {
		return false
	}
	switch t.Object() {
	case types.VkSpirvType, types.VkSpirvOpaqueType:
		for _, a := range t.Args() {
			if a.Type != nil && badVkLiteral(a.Type) {
				return true
			}
		}
	case types.VkLiteral:
		var arg *types.Type
		if args := t.Args(); len(args) > 0 {
			arg = args[0].Type
		}
		if arg == nil {
			arg = t.Elem()
		}
		return arg == nil || !objectIs(arg, types.VkIntegralConstant)
	}
	return false
}

// isReference reports an expression that names memory: a variable, or a
// field, component or element of one.
func isReference(c *checker, e ast.Expr) bool {
	switch x := unparen(e).(type) {
	case *ast.NameExpr:
		_, ok := c.info.ObjectOf(x).(*Var)
		return ok
	case *ast.MemberExpr:
		return isReference(c, x.X)
	case *ast.IndexExpr:
		if t := c.info.TypeOf(x.X); t != nil && t.Canonical().IsObject() {
			return true
		}
		return isReference(c, x.X)
	}
	return false
}

// heapArgument reports ResourceDescriptorHeap or SamplerDescriptorHeap
// passed to a user function or function template: DXC's back end cannot
// make a parameter of them.
func (v *vulkanChecker) heapArgument(e *ast.CallExpr) bool {
	c := v.c
	var params []*ast.Param
	switch o := c.info.ObjectOf(e.Fun).(type) {
	case *Template:
		if fd, ok := o.Decl.Decl.(*ast.FuncDecl); ok {
			params = fd.Params
		}
	case *Func:
		if o.Decl != nil {
			params = o.Decl.Params
		}
	case *Overloads:
		if len(o.Funcs) == 1 && o.Funcs[0].Decl != nil {
			params = o.Funcs[0].Decl.Params
		}
	default:
		if f, ok := c.info.ObjectOf(e).(*Func); ok && f.Decl != nil {
			params = f.Decl.Params
		} else {
			return false
		}
	}
	for i, a := range e.Args {
		n, ok := unparen(a).(*ast.NameExpr)
		if !ok || len(n.Qualifier) > 0 || (n.Name != "ResourceDescriptorHeap" && n.Name != "SamplerDescriptorHeap") {
			continue
		}
		if vr, ok := c.info.ObjectOf(n).(*Var); !ok || vr.pos.IsValid() {
			continue // a user variable of that name
		}
		pos := a.Pos()
		if i < len(params) {
			pos = params[i].Pos()
		}
		c.errorf(codes.UnsupportedType, pos, "Resource/sampler heaps are not allowed as function parameters.")
		return true
	}
	return false
}

// defined reports whether f, or a declaration of the same function
// elsewhere (a prototype's later definition, an out-of-line method), has
// a body: DXC cannot call a function it has no definition of.
func (v *vulkanChecker) defined(f *Func) bool {
	if f.Decl != nil && f.Decl.Body != nil {
		return true
	}
	if v.bodies == nil {
		v.bodies = map[string][]*Func{}
		v.c.info.forEachDef(func(o Object) {
			if g, ok := o.(*Func); ok && g.Decl != nil && g.Decl.Body != nil {
				v.bodies[g.name] = append(v.bodies[g.name], g)
			}
		})
	}
	for _, g := range v.bodies[f.name] {
		sameRecv := (f.Recv == nil) == (g.Recv == nil) && (f.Recv == nil || types.Identical(f.Recv, g.Recv))
		if sameRecv && types.Identical(g.typ, f.typ) {
			return true
		}
	}
	return false
}
