package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"strconv"
	"strings"
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// builtinSemantic describes how an SV_ semantic maps to a SPIR-V built-in
// in one direction of one stage.
type builtinSemantic struct {
	builtin spv.BuiltIn
	name    string      // DXC's variable name
	typ     *types.Type // the built-in's own type when it differs from the HLSL one
}

var uint3 = types.Vec(types.Uint, 3)

// A builtinRow is one line of the SV_ semantics table: the semantic
// (upper-cased, without index) is the built-in in the stages of in when
// it is an input and of out when it is an output.
type builtinRow struct {
	semantic string
	in, out  stage.Set
	builtinSemantic
}

// everyStage marks a row that holds in every stage.
const everyStage = ^stage.Set(0)

func stagesHold(set stage.Set, st stage.Stage) bool { return set == everyStage || set.Has(st) }

// builtinRows are the SV_ semantics that are built-ins, first match
// first; made on first use (the types are built).
var builtinRows = sync.OnceValue(func() []builtinRow {
	const (
		vs, hs, ds, gs, ps = stage.Vertex, stage.Hull, stage.Domain, stage.Geometry, stage.Pixel
		ms                 = stage.Mesh
		none               = stage.Set(0)
	)
	uint1, bool1, float3 := types.ScalarType(types.Uint), types.ScalarType(types.Bool), types.Vec(types.Float, 3)
	row := func(sem string, in, out stage.Set, bi spv.BuiltIn, name string, typ *types.Type) builtinRow {
		return builtinRow{sem, in, out, builtinSemantic{bi, name, typ}}
	}
	return []builtinRow{
		row("SV_POSITION", ps.Bit(), none, spv.BuiltInFragCoord, "gl_FragCoord", nil),
		row("SV_POSITION", everyStage&^(vs.Bit()|ps.Bit()), everyStage, spv.BuiltInPosition, "gl_Position", nil),
		row("SV_VERTEXID", vs.Bit(), none, spv.BuiltInVertexIndex, "gl_VertexIndex", nil),
		row("SV_INSTANCEID", vs.Bit(), none, spv.BuiltInInstanceIndex, "gl_InstanceIndex", nil),
		row("SV_ISFRONTFACE", everyStage, none, spv.BuiltInFrontFacing, "gl_FrontFacing", nil),
		row("SV_DEPTH", none, ps.Bit(), spv.BuiltInFragDepth, "gl_FragDepth", nil),
		row("SV_DEPTHGREATEREQUAL", none, ps.Bit(), spv.BuiltInFragDepth, "gl_FragDepth", nil),
		row("SV_DEPTHLESSEQUAL", none, ps.Bit(), spv.BuiltInFragDepth, "gl_FragDepth", nil),
		row("SV_COVERAGE", ps.Bit(), ps.Bit(), spv.BuiltInSampleMask, "gl_SampleMask", uint1),
		row("SV_SAMPLEINDEX", ps.Bit(), none, spv.BuiltInSampleId, "gl_SampleID", nil),
		row("SV_DISPATCHTHREADID", everyStage, none, spv.BuiltInGlobalInvocationId, "gl_GlobalInvocationID", uint3),
		row("SV_GROUPID", everyStage, none, spv.BuiltInWorkgroupId, "gl_WorkGroupID", uint3),
		row("SV_GROUPTHREADID", everyStage, none, spv.BuiltInLocalInvocationId, "gl_LocalInvocationID", uint3),
		row("SV_GROUPINDEX", everyStage, none, spv.BuiltInLocalInvocationIndex, "gl_LocalInvocationIndex", uint1),
		row("SV_PRIMITIVEID", everyStage, gs.Bit()|ms.Bit(), spv.BuiltInPrimitiveId, "gl_PrimitiveID", nil),
		row("SV_RENDERTARGETARRAYINDEX", ps.Bit(), everyStage&^hs.Bit(), spv.BuiltInLayer, "gl_Layer", nil),
		row("SV_VIEWPORTARRAYINDEX", ps.Bit(), everyStage&^hs.Bit(), spv.BuiltInViewportIndex, "gl_ViewportIndex", nil),
		row("SV_TESSFACTOR", ds.Bit(), hs.Bit(), spv.BuiltInTessLevelOuter, "gl_TessLevelOuter", nil),
		row("SV_INSIDETESSFACTOR", ds.Bit(), hs.Bit(), spv.BuiltInTessLevelInner, "gl_TessLevelInner", nil),
		row("SV_DOMAINLOCATION", ds.Bit(), none, spv.BuiltInTessCoord, "gl_TessCoord", float3),
		row("SV_OUTPUTCONTROLPOINTID", hs.Bit(), none, spv.BuiltInInvocationId, "gl_InvocationID", nil),
		row("SV_STARTVERTEXLOCATION", vs.Bit(), none, spv.BuiltInBaseVertex, "", nil),
		row("SV_STARTINSTANCELOCATION", vs.Bit(), none, spv.BuiltInBaseInstance, "", nil),
		row("SV_SHADINGRATE", ps.Bit(), none, spv.BuiltInShadingRateKHR, "", nil),
		row("SV_SHADINGRATE", none, vs.Bit()|gs.Bit()|ms.Bit(), spv.BuiltInPrimitiveShadingRateKHR, "", nil),
		row("SV_INNERCOVERAGE", ps.Bit(), none, spv.BuiltInFullyCoveredEXT, "", bool1),
		row("SV_BARYCENTRICS", ps.Bit(), none, spv.BuiltInBaryCoordKHR, "", float3),
		row("SV_GSINSTANCEID", gs.Bit(), none, spv.BuiltInInvocationId, "gl_InvocationID", nil),
		row("SV_CULLPRIMITIVE", none, ms.Bit(), spv.BuiltInCullPrimitiveEXT, "", bool1),
		row("SV_VIEWID", everyStage, none, spv.BuiltInViewIndex, "", nil),
		row("SV_STENCILREF", none, ps.Bit(), spv.BuiltInFragStencilRefEXT, "", nil),
	}
})

// builtinFor maps a semantic (upper-cased, without index) used as an input
// (in) or output of a stage to its built-in; ok is false for a semantic
// that is a user location in that place.
func builtinFor(st stage.Stage, sem string, in bool) (builtinSemantic, bool) {
	for _, r := range builtinRows() {
		set := r.out
		if in {
			set = r.in
		}
		if r.semantic == sem && stagesHold(set, st) {
			return r.builtinSemantic, true
		}
	}
	return builtinSemantic{}, false
}

// stageVar is one Input or Output variable of the entry point.
type stageVar struct {
	id       builder.ID
	in       bool
	semantic string // as written, for alphabetical ordering
	location int    // -1: assigned at the end
	slots    int
	builtin  bool
	// perVertex: decorated PerVertexKHR after its location, as DXC orders
	// the decorations
	perVertex bool
	// index is [[vk::index(N)]] (dual-source blending) plus one; 0 if none
	index int
	// comps is how many components the variable takes in each of its
	// locations; align64 says they are 64-bit, so start at component 0
	// or 2 (-pack-optimized, packio.go).
	comps   int
	align64 bool
	// component is the Component decoration packing gave (-1: none);
	// patch marks a per-patch variable, which packing places first.
	component int
	patch     bool
}

// ioLeaf is one leaf of an entry parameter or result: a value of type typ
// at path inside the parameter, read from or written to var.
type ioLeaf struct {
	path []uint32
	typ  *types.Type
	v    builder.ID
	// varType is the stage variable's HLSL type when it differs (bool as
	// uint, a built-in's own type).
	varType *types.Type
	arrayOf bool // the variable is an array of one (SampleMask)
	// perVertex: a PerVertexKHR array of the three vertices' values
	// (pervertex.go); the value read is the provoking vertex's.
	perVertex bool
	invertY   bool
	// dxPositionW: -fvk-use-dx-position-w on a pixel shader's SV_Position
	// input: w is 1/w, as in Direct3D.
	dxPositionW bool
	// arrayN > 0: the variable holds one value per input vertex (a
	// geometry shader's input array).
	arrayN int
	// bary: SV_Barycentrics, whose third weight DXC recomputes as
	// 1 - x - y.
	bary bool
	// base, when set, is a BaseVertex/BaseInstance variable subtracted from
	// the value read (-fvk-support-nonzero-base-vertex/instance).
	base     builder.ID
	baseName string // the Function variable DXC keeps the difference in
	// clip is set for SV_ClipDistance/SV_CullDistance: a slice of the
	// one float array of its kind (clipcull.go); pre is its value read.
	clip *clipSlot
	pre  builder.ID
}

// wrapper emits the void entry function that calls src.<entry>.
func (e *emitter) wrapper(entry *sema.Func) {
	if e.stage().IsRayTracing() {
		e.rayWrapper(entry) // raytracing.go
		return
	}
	decl := entry.Decl
	e.pos = decl.Pos()
	e.entry.fn = entry
	src := e.funcFor(entry)
	src.name = "src." + entry.Name()
	e.entry.id = e.b.NewID()
	if e.stage() == stage.Node {
		// DXC adds a node's execution modes (and makes their constants)
		// before its parameters
		e.nodeModes(entry) // node.go
	}
	e.io.perVertex = e.stage() == stage.Pixel && e.usesAttributeAtVertex() // pervertex.go
	if e.io.perVertex {
		e.markPerVertexStructs(entry) // pervertex.go
	}
	setKey(&e.io.entryFuncs, entry, true)
	e.extRequirements(e.attrs(decl)) // [[vk::ext_capability]] on the entry (inlinespirv.go)

	// Stage variables: parameters in order (in then out), then the result,
	// from the leaves sema flattened.
	io := e.stageIOOf(entry)
	var stageVars []*stageVar
	params := e.entryInputs(entry, io, &stageVars)
	var resLeaves []ioLeaf
	if entry.Result != nil && !entry.Result.IsVoid() {
		if e.stage() == stage.Hull {
			e.io.ioArray = e.hsOutputPoints(entry) // tess.go
		}
		resLeaves = e.stageLeaves(io.Result, &stageVars)
		e.io.ioArray = 0
	}
	e.entryOutputs(params, io, &stageVars)
	e.finishClipCull(&stageVars) // clipcull.go

	e.wrapperBody(entry, src, params, resLeaves, &stageVars)
	e.io.stageVars = stageVars
	e.declareEntryPoint(entry)
}

// stageIOOf is the stage I/O sema published for an entry point or patch
// constant function.
func (e *emitter) stageIOOf(f *sema.Func) *sema.EntryIO {
	if io := e.info.StageIOOf(f, e.stage()); io != nil {
		return io
	}
	e.errorf(f.Pos(), "internal error: no stage inputs and outputs resolved for '%s'", f.Name())
	return &sema.EntryIO{Params: make([]sema.ParamIO, len(f.Params))}
}

// stageLeaves makes the stage variables of the leaves sema flattened.
func (e *emitter) stageLeaves(elems []sema.IOElem, stageVars *[]*stageVar) []ioLeaf {
	var out []ioLeaf
	for _, el := range elems {
		e.io.semPos = el.SemPos
		out = append(out, e.stageLeaf(el, stageVars)...)
	}
	return out
}

// meshOutKindOf returns the modifier mesh.go names a mesh shader output
// parameter's shape with.
func meshOutKindOf(shape sema.IOShape) (string, bool) {
	switch shape {
	case sema.IOMeshVertices:
		return "vertices", true
	case sema.IOMeshPrimitives:
		return "primitives", true
	case sema.IOMeshIndices:
		return "indices", true
	}
	return "", false
}

// inputSemantic is the semantic of a parameter read from one stage input,
// upper-cased ("" if none).
func inputSemantic(pf sema.ParamIO) string {
	if len(pf.In) != 1 {
		return ""
	}
	return strings.ToUpper(pf.In[0].Semantic)
}

// entryInputs makes the input stage variables of the entry's parameters,
// in order, by the kind of parameter and its shape.
func (e *emitter) entryInputs(entry *sema.Func, io *sema.EntryIO, stageVars *[]*stageVar) []entryParamIO {
	var params []entryParamIO
	for i, p := range entry.Params {
		pf := io.Params[i]
		pio := entryParamIO{p: p, sem: inputSemantic(pf)}
		pt := p.Type().Canonical()
		switch {
		case isNodeObject(pt):
			pio.node = true // node.go
			pio.nodeInput = e.nodeInputVar(p, stageVars)
		case pf.Shape == sema.IOStream:
			pio.stream = true
		case e.stage() == stage.Mesh && pf.Shape == sema.IOMeshPayload:
			pio.ins = e.meshPayloadIn(p, stageVars) // mesh.go
		case pf.Shape == sema.IOPerVertex:
			// a geometry shader's input primitive, InputPatch<T, N>,
			// OutputPatch<T, N>: per-vertex arrays
			e.io.ioArray = pf.ArrayLen
			pio.ins = e.stageLeaves(pf.In, stageVars)
			e.io.ioArray = 0
		case pf.Shape == sema.IOPatch:
			// the patch constant function's results: per-patch inputs
			e.io.patchIO = true
			pio.ins = e.stageLeaves(pf.In, stageVars)
			e.io.patchIO = false
		case p.Mode == types.In || p.Mode == types.InOut:
			pio.ins = e.stageLeaves(pf.In, stageVars)
			e.recordInputs(p, pio.ins) // pervertex.go
		}
		params = append(params, pio)
	}
	return params
}

// entryOutputs makes the output stage variables of the entry's out and
// inout parameters and a geometry shader's streams, after the result's.
func (e *emitter) entryOutputs(params []entryParamIO, io *sema.EntryIO, stageVars *[]*stageVar) {
	for i, pio := range params {
		pf := io.Params[i]
		if pio.stream {
			setKey(&e.io.streams, pio.p, e.stageLeaves(pf.Out, stageVars))
			continue
		}
		if pio.p.Mode == types.Out || pio.p.Mode == types.InOut {
			if k, _ := meshOutKindOf(pf.Shape); k != "" && e.stage() == stage.Mesh {
				// written in place by the entry's assignments (mesh.go)
				e.meshOutput(k, pio.p, func() []ioLeaf { return e.stageLeaves(pf.Out, stageVars) }, stageVars)
				continue
			}
			params[i].outs = e.stageLeaves(pf.Out, stageVars)
		}
	}
}

// wrapperBody emits the wrapper function: it initialises statics, loads
// the inputs into parameter temporaries, calls src.<entry>, and stores the
// result and the out parameters to the outputs.
func (e *emitter) wrapperBody(entry *sema.Func, src *function, params []entryParamIO, resLeaves []ioLeaf, stageVars *[]*stageVar) {
	decl := entry.Decl
	e.dbg.loc = funcDeclPos(decl)
	fb := e.b.FunctionAt(e.entry.id, e.entry.name, e.b.TypeVoid(), spv.FunctionControlNone)
	setKey(&e.dbg.wrappers, e.entry.id, true)
	e.richFunction(fb, entry, "__dxc_setup", true)
	e.fb, e.walk.cur = fb, nil
	fb.StartBlock(fb.NewBlock(""))
	e.wrapperDecorations() // extdecorate.go
	for _, v := range e.entry.initStatic {
		e.initStaticVar(v)
	}
	var args, loaded []builder.ID
	for _, pio := range params {
		if pio.node {
			args = append(args, e.nodeWrapperArg(pio.p, pio.nodeInput)) // node.go
			loaded = append(loaded, 0)
			continue
		}
		pt := pio.p.Type()
		if arr, ok := e.entryPerVertexArray(pio.p, pio.ins); ok {
			args, loaded = append(args, arr), append(loaded, 0) // pervertex.go
			continue
		}
		tmp := fb.Variable(e.ptrType(spv.StorageClassFunction, pt, layout.Void), "param.var."+pio.p.Name(), 0)
		e.markRelaxed(tmp, pt)
		var v builder.ID
		if len(pio.ins) > 0 {
			v = e.readLeaves(pt, pio.ins)
			fb.Store(tmp, v)
		}
		args, loaded = append(args, tmp), append(loaded, v)
	}
	ret := fb.Call(e.typeID(entry.Result), src.id, args...)
	e.markRelaxed(ret, entry.Result)
	if e.stage() == stage.Hull {
		e.hullOutputs(entry, ret, resLeaves, hullInputsOf(params, args, loaded), stageVars) // tess.go
	} else if len(resLeaves) > 0 {
		e.writeLeaves(entry.Result, ret, resLeaves)
	}
	for i, pio := range params {
		if len(pio.outs) > 0 {
			v := fb.Load(e.typeID(pio.p.Type()), args[i])
			e.writeLeaves(pio.p.Type(), v, pio.outs)
		}
	}
	e.dbg.loc = bodyEnd(decl.Body)
	fb.Return()
	fb.End()
}

// entryParamIO is an entry parameter with the stage variables it reads
// (ins) and writes (outs).
type entryParamIO struct {
	p         *sema.Var
	sem       string // inputSemantic
	ins, outs []ioLeaf
	stream    bool       // a geometry shader's output stream (gs.go)
	node      bool       // a node shader's input or output (node.go)
	nodeInput builder.ID // the node input's variable
}

// builtinKey identifies a built-in variable: one per built-in and direction.
type builtinKey struct {
	b  spv.BuiltIn
	in bool
}

// stageLeaf creates the stage variable of one leaf.
func (e *emitter) stageLeaf(el sema.IOElem, vars *[]*stageVar) []ioLeaf {
	if el.Semantic == "" {
		e.errorf(e.pos, "semantic must be attached to stage input/output of type %s", el.Type)
	}
	upper := strings.ToUpper(el.Name)
	leaf := ioLeaf{path: el.Path, typ: el.Type}
	sv := &stageVar{in: el.Input, semantic: el.Semantic, location: -1, component: -1}
	bi, isBuiltin := builtinFor(e.stage(), upper, el.Input)
	if vb, ok := vkBuiltin(el.Attrs); ok {
		bi, isBuiltin = vb, true
	}
	if isBuiltin {
		return e.builtinLeaf(el, bi, leaf, sv, upper, vars)
	}
	if el.SystemValue && upper != "SV_TARGET" && upper != "SV_POSITION" && !(upper == "SV_INSTANCEID" || upper == "SV_VERTEXID" || upper == "SV_PRIMITIVEID" || upper == "SV_RENDERTARGETARRAYINDEX" || upper == "SV_VIEWPORTARRAYINDEX" || upper == "SV_ISFRONTFACE" || el.ClipCull) {
		e.errorf(e.pos, "semantic %s is not supported yet for this stage or direction", el.Semantic)
	}
	if el.ClipCull && !(el.Input && e.stage() == stage.Vertex) {
		// (a vertex shader's input of these semantics is an ordinary
		// input: Vulkan has no ClipDistance input to vertex shaders)
		return e.clipCullLeaf(el, upper) // clipcull.go
	}
	return e.locationLeaf(el, leaf, sv, upper, vars)
}

// systemInput is the leaf of a system-value input the wrapper reads
// without a parameter of its own (InvocationId, BaseInstance...).
func systemInput(t *types.Type, sem string) sema.IOElem {
	return sema.IOElem{Semantic: sem, Name: sem, Index: -1, Type: t, Input: true, SystemValue: true}
}

// stageStorage is the storage class and name prefix of an input (in) or
// output stage variable.
func stageStorage(in bool) (spv.StorageClass, string) {
	if in {
		return spv.StorageClassInput, "in.var."
	}
	return spv.StorageClassOutput, "out.var."
}

// builtinLeaf makes (or reuses: one variable per built-in) the variable of
// built-in bi for a stage input or output of type t.
func (e *emitter) builtinLeaf(el sema.IOElem, bi builtinSemantic, leaf ioLeaf, sv *stageVar, upper string, vars *[]*stageVar) []ioLeaf {
	t, in := el.Type, el.Input
	sc, _ := stageStorage(in)
	varType := t
	if bi.builtin == spv.BuiltInCullPrimitiveEXT && !e.meshInfo().ext {
		// SPV_NV_mesh_shader has no CullPrimitive built-in
		e.errorf(e.pos, "SV_CullPrimitive needs SPV_EXT_mesh_shader, which requires SPIR-V 1.4 or later (-fspv-target-env=vulkan1.1spirv1.4 or above)")
	}
	if bi.builtin == spv.BuiltInBaryCoordKHR {
		if el.Interp&sema.NoPerspective != 0 {
			bi.builtin = spv.BuiltInBaryCoordNoPerspKHR
		}
		leaf.bary = true
	}
	if bi.builtin == spv.BuiltInTessLevelOuter || bi.builtin == spv.BuiltInTessLevelInner {
		bi.typ = e.tessLevelType(bi.builtin)
	}
	if bi.typ != nil {
		varType = bi.typ
		if bi.typ.IsVector() && t.Canonical().Scalar().IsInteger() {
			// uint3 ids read as int3 are int vectors, as in DXC
			varType = bi.typ.WithScalar(t.Canonical().Scalar())
		}
	}
	if bi.builtin == spv.BuiltInSampleMask {
		leaf.arrayOf = true
	}
	vt := e.typeID(varType)
	if e.io.ioArray > 0 {
		vt = e.b.TypeArrayN(vt, uint32(e.io.ioArray), 0)
		leaf.arrayN = e.io.ioArray
	}
	if leaf.arrayOf {
		vt = e.b.TypeArrayN(vt, 1, 0)
	}
	if bi.builtin == spv.BuiltInHelperInvocation && in && e.opts.Version < spv.Version1_6 {
		// no stage variable: module.init reads it (moduleinit.go)
		leaf.v, leaf.varType = e.helperInvocationVar(), varType
		return []ioLeaf{leaf}
	}
	key := builtinKey{bi.builtin, in}
	if prev, ok := e.io.builtinVars[key]; ok {
		// one variable per built-in (the patch constant function
		// reads the same InvocationId and PrimitiveId as the entry)
		sv.id, sv.builtin = prev, true
		leaf.v, leaf.varType = prev, varType
		return []ioLeaf{leaf}
	}
	id := e.b.GlobalVariable(e.b.TypePointer(sc, vt), sc, bi.name, 0) // "" leaves it unnamed
	setKey(&e.io.builtinVars, key, id)
	e.b.Decorate(id, spv.DecorationBuiltIn, builder.Enum(bi.builtin))
	if e.io.patchIO {
		e.b.Decorate(id, spv.DecorationPatch)
	}
	e.builtinExtras(id, bi.builtin, upper, in)
	if leaf.bary {
		if el.Interp&sema.Centroid != 0 {
			e.b.Decorate(id, spv.DecorationCentroid)
		}
		if el.Interp&sema.Sample != 0 {
			e.b.Decorate(id, spv.DecorationSample)
		}
	}
	sv.id, sv.builtin = id, true
	e.reflectStageVar(id, el.Semantic)
	leaf.v, leaf.varType = id, varType
	leaf.invertY = e.opts.InvertY && bi.builtin == spv.BuiltInPosition && !in
	leaf.dxPositionW = e.opts.UseDXPositionW && bi.builtin == spv.BuiltInFragCoord
	*vars = append(*vars, sv)
	// the base variable follows the index in the interface, as in DXC
	if bi.builtin == spv.BuiltInInstanceIndex && e.opts.NonZeroBaseInstance {
		leaf.base = e.stageLeaf(systemInput(t, "SV_StartInstanceLocation"), vars)[0].v
		leaf.baseName = "SV_InstanceID"
	}
	if bi.builtin == spv.BuiltInVertexIndex && e.opts.NonZeroBaseVertex {
		leaf.base = e.stageLeaf(systemInput(t, "SV_StartVertexLocation"), vars)[0].v
		leaf.baseName = "SV_VertexID"
	}
	return []ioLeaf{leaf}
}

// locationLeaf makes a user stage variable (one assigned a location) for a
// stage input or output of type t.
func (e *emitter) locationLeaf(el sema.IOElem, leaf ioLeaf, sv *stageVar, upper string, vars *[]*stageVar) []ioLeaf {
	t, in, sem, attrs := el.Type, el.Input, el.Semantic, el.Attrs
	sc, prefix := stageStorage(in)
	varType := t
	// bools travel as uints
	c := t.Canonical()
	if c.Scalar().IsBool() {
		varType = t.WithScalar(types.Uint)
	}
	vt := e.typeID(varType)
	if e.io.ioArray > 0 {
		vt = e.b.TypeArrayN(vt, uint32(e.io.ioArray), 0)
		leaf.arrayN = e.io.ioArray
	}
	leaf.perVertex = in && e.io.perVertex && e.io.ioArray == 0 && el.Interp&sema.NoInterpolation != 0 && !c.Scalar().IsBool()
	if leaf.perVertex {
		vt = e.b.TypeArrayN(vt, 3, 0)
	}
	id := e.b.GlobalVariable(e.b.TypePointer(sc, vt), sc, prefix+sem, 0)
	e.markRelaxed(id, varType)
	leaf.v, leaf.varType = id, varType
	sv.id = id
	e.reflectStageVar(id, sem)
	// An arrayed (per-vertex) variable takes its element's locations: the
	// array is the vertex index, not more locations.
	sv.slots = sema.LocationCount(varType)
	sv.comps, sv.align64 = locationComponents(varType) // packio.go
	sv.patch = e.io.patchIO
	if upper == "SV_TARGET" {
		sv.location = max(el.Index, 0)
	}
	for _, a := range attrs {
		if a.Namespace == "vk" && a.Name == "location" && len(a.Args) == 1 {
			if n, ok := a.Int(0); ok {
				sv.location = int(n)
			}
		}
		if a.Namespace == "vk" && a.Name == "index" && len(a.Args) == 1 {
			if n, ok := a.Int(0); ok {
				sv.index = int(n) + 1
			}
		}
	}
	e.stageVarExtDecorations(sv, attrs) // extdecorate.go
	switch {
	case leaf.perVertex:
		// no interpolation decoration: each vertex's value is read as is
		sv.perVertex = true
		e.b.Capability(spv.CapabilityFragmentBarycentricKHR)
		e.b.Extension("SPV_KHR_fragment_shader_barycentric")
	case in && e.stage() == stage.Pixel, !in && (e.stage() == stage.Vertex || e.stage() == stage.Mesh):
		// DXC decorates pixel inputs and vertex and mesh outputs alike
		e.interpolation(id, el.Interp, varType)
	}
	if e.io.patchIO {
		e.b.Decorate(id, spv.DecorationPatch)
	}
	*vars = append(*vars, sv)
	return []ioLeaf{leaf}
}

// vkBuiltinOf returns the built-in a [[vk::builtin("...")]] name gives, with DXC's variable
// names ("" leaves the variable unnamed, as DXC does).
func vkBuiltinOf(name string) (builtinSemantic, bool) {
	switch name {
	case "PointSize":
		return builtinSemantic{spv.BuiltInPointSize, "gl_PointSize", nil}, true
	case "HelperInvocation":
		return builtinSemantic{spv.BuiltInHelperInvocation, "", nil}, true
	case "BaseVertex":
		return builtinSemantic{spv.BuiltInBaseVertex, "", nil}, true
	case "BaseInstance":
		return builtinSemantic{spv.BuiltInBaseInstance, "", nil}, true
	case "DrawIndex":
		return builtinSemantic{spv.BuiltInDrawIndex, "", nil}, true
	case "DeviceIndex":
		return builtinSemantic{spv.BuiltInDeviceIndex, "", nil}, true
	case "ViewportMaskNV":
		return builtinSemantic{spv.BuiltInViewportMaskNV, "", nil}, true
	}
	return builtinSemantic{}, false
}

// vkBuiltin is the built-in a [[vk::builtin("...")]] attribute names.
func vkBuiltin(attrs sema.Attrs) (builtinSemantic, bool) {
	for _, a := range attrs {
		if a.Namespace == "vk" && a.Name == "builtin" && len(a.Args) == 1 {
			if name, ok := a.Text(0); ok {
				b, ok := vkBuiltinOf(name)
				return b, ok
			}
		}
	}
	return builtinSemantic{}, false
}

// builtinExtension declares the extension a built-in needs, or, when
// -fspv-extension does not allow it, reports DXC's error at the semantic.
func (e *emitter) builtinExtension(ext, what string) {
	if !e.extAllowed(ext) {
		pos := e.io.semPos
		if !pos.IsValid() {
			pos = e.pos
		}
		e.errorf(pos, "SPIR-V extension '%s' required for %s but not permitted to use", ext, what)
		return
	}
	e.b.Extension(ext)
}

// builtinExtras adds what a built-in needs: capabilities and execution
// modes.
func (e *emitter) builtinExtras(id builder.ID, bi spv.BuiltIn, upper string, in bool) {
	switch bi {
	case spv.BuiltInFragDepth:
		e.io.modes = append(e.io.modes, spv.ExecutionModeDepthReplacing)
		switch upper {
		case "SV_DEPTHGREATEREQUAL":
			e.io.modes = append(e.io.modes, spv.ExecutionModeDepthGreater)
		case "SV_DEPTHLESSEQUAL":
			e.io.modes = append(e.io.modes, spv.ExecutionModeDepthLess)
		}
	case spv.BuiltInSampleId:
		e.b.Capability(spv.CapabilitySampleRateShading)
	case spv.BuiltInViewIndex:
		e.b.Capability(spv.CapabilityMultiView)
		e.builtinExtension("SPV_KHR_multiview", "SV_ViewID")
	case spv.BuiltInBaseVertex, spv.BuiltInBaseInstance:
		e.b.Capability(spv.CapabilityDrawParameters)
		if e.opts.Version < spv.Version1_3 {
			what := "BaseVertex Builtin"
			if bi == spv.BuiltInBaseInstance {
				what = "BaseInstance Builtin"
			}
			e.builtinExtension("SPV_KHR_shader_draw_parameters", what)
		}
	case spv.BuiltInDeviceIndex:
		e.b.Capability(spv.CapabilityDeviceGroup)
		if e.opts.Version < spv.Version1_3 {
			e.builtinExtension("SPV_KHR_device_group", "DeviceIndex Builtin")
		}
	case spv.BuiltInShadingRateKHR, spv.BuiltInPrimitiveShadingRateKHR:
		e.b.Capability(spv.CapabilityFragmentShadingRateKHR)
		e.builtinExtension("SPV_KHR_fragment_shading_rate", "SV_ShadingRate")
		if in {
			e.b.Decorate(id, spv.DecorationFlat)
		}
	case spv.BuiltInFullyCoveredEXT:
		e.b.Capability(spv.CapabilityFragmentFullyCoveredEXT)
		e.builtinExtension("SPV_EXT_fragment_fully_covered", "SV_InnerCoverage")
	case spv.BuiltInBaryCoordKHR, spv.BuiltInBaryCoordNoPerspKHR:
		e.b.Capability(spv.CapabilityFragmentBarycentricKHR)
		e.builtinExtension("SPV_KHR_fragment_shader_barycentric", "SV_Barycentrics")
	case spv.BuiltInFragStencilRefEXT:
		e.b.Capability(spv.CapabilityStencilExportEXT)
		e.builtinExtension("SPV_EXT_shader_stencil_export", "SV_StencilRef")
	case spv.BuiltInLayer, spv.BuiltInViewportIndex:
		if e.stage() == stage.Pixel {
			e.b.Decorate(id, spv.DecorationFlat)
		}
		if e.stage() == stage.Vertex || e.stage() == stage.Domain {
			switch {
			case e.opts.Version >= spv.Version1_5 && bi == spv.BuiltInLayer:
				e.b.Capability(spv.CapabilityShaderLayer)
			case e.opts.Version >= spv.Version1_5:
				e.b.Capability(spv.CapabilityShaderViewportIndex)
			default:
				e.b.Capability(spv.CapabilityShaderViewportIndexLayerEXT)
				what := "SV_RenderTargetArrayIndex"
				if bi == spv.BuiltInViewportIndex {
					what = "SV_ViewportArrayIndex"
				}
				e.builtinExtension("SPV_EXT_shader_viewport_index_layer", what)
			}
		}
	case spv.BuiltInPrimitiveId:
		if e.stage() == stage.Pixel {
			e.b.Capability(spv.CapabilityGeometry)
		}
	}
	if in && e.stage() == stage.Pixel {
		switch bi {
		case spv.BuiltInSampleId, spv.BuiltInPrimitiveId, spv.BuiltInLayer, spv.BuiltInViewportIndex, spv.BuiltInViewIndex:
			e.b.Decorate(id, spv.DecorationFlat)
		}
	}
}

// interpolation decorates a pixel shader input, or a vertex or mesh
// shader output (as DXC does, so both ends of the interface agree):
// Centroid, NoPerspective and Sample as written, in DXC's order, then Flat
// for nointerpolation, integers and doubles read by a pixel shader, as
// Vulkan requires.
func (e *emitter) interpolation(id builder.ID, in sema.Interp, t *types.Type) {
	if in&sema.Centroid != 0 {
		e.b.Decorate(id, spv.DecorationCentroid)
	}
	if in&sema.NoPerspective != 0 {
		e.b.Decorate(id, spv.DecorationNoPerspective)
	}
	if in&sema.Sample != 0 {
		e.b.Decorate(id, spv.DecorationSample)
		e.b.Capability(spv.CapabilitySampleRateShading)
	}
	s := t.Canonical().Scalar()
	if in&sema.NoInterpolation != 0 || s.IsInteger() || s == types.Double && e.stage() == stage.Pixel {
		e.b.Decorate(id, spv.DecorationFlat)
	}
}

type pixelModeKey struct{ ns, name string }

// pixelModeOf returns the execution mode a pixel shader entry attribute
// sets, checked in the order DXC checks them (sema rejects conflicting stencil
// modes).
func pixelModeOf(k pixelModeKey) (spv.ExecutionMode, bool) {
	switch k {
	case pixelModeKey{"", "earlydepthstencil"}:
		return spv.ExecutionModeEarlyFragmentTests, true
	case pixelModeKey{"vk", "post_depth_coverage"}:
		return spv.ExecutionModePostDepthCoverage, true
	case pixelModeKey{"vk", "early_and_late_tests"}:
		return spv.ExecutionModeEarlyAndLateFragmentTestsAMD, true
	case pixelModeKey{"vk", "depth_unchanged"}:
		return spv.ExecutionModeDepthUnchanged, true
	case pixelModeKey{"vk", "stencil_ref_unchanged_front"}:
		return spv.ExecutionModeStencilRefUnchangedFrontAMD, true
	case pixelModeKey{"vk", "stencil_ref_greater_equal_front"}:
		return spv.ExecutionModeStencilRefGreaterFrontAMD, true
	case pixelModeKey{"vk", "stencil_ref_less_equal_front"}:
		return spv.ExecutionModeStencilRefLessFrontAMD, true
	case pixelModeKey{"vk", "stencil_ref_unchanged_back"}:
		return spv.ExecutionModeStencilRefUnchangedBackAMD, true
	case pixelModeKey{"vk", "stencil_ref_greater_equal_back"}:
		return spv.ExecutionModeStencilRefGreaterBackAMD, true
	case pixelModeKey{"vk", "stencil_ref_less_equal_back"}:
		return spv.ExecutionModeStencilRefLessBackAMD, true
	}
	return 0, false
}

// readLeaves loads the stage inputs of a parameter and assembles its value.
func (e *emitter) readLeaves(t *types.Type, leaves []ioLeaf) builder.ID {
	for i := range leaves {
		if leaves[i].clip != nil {
			leaves[i].pre = e.readClipCull(leaves[i])
		}
	}
	if len(leaves) > 0 && leaves[0].arrayN > 0 {
		return e.readArrayLeaves(t, leaves) // gs.go
	}
	vals := map[string]builder.ID{}
	for _, l := range leaves {
		vt := l.varType
		var v builder.ID
		if l.clip != nil {
			vals[pathKey(l.path)] = l.pre
			continue
		}
		if l.arrayOf {
			arr := e.fb.Load(e.b.TypeArrayN(e.typeID(vt), 1, 0), l.v)
			v = e.fb.CompositeExtract(e.typeID(vt), arr, 0)
		} else if l.perVertex && e.leafInPerVertexField(t, l.path) {
			// the struct's member holds the three values (pervertex.go)
			vals[pathKey(l.path)] = e.fb.Load(e.perVertexArrayType(vt), l.v)
			continue
		} else if l.perVertex {
			p := e.fb.AccessChain(e.b.TypePointer(spv.StorageClassInput, e.typeID(vt)), l.v, e.b.ConstUint32(0))
			v = e.fb.Load(e.typeID(vt), p)
		} else {
			v = e.fb.Load(e.typeID(vt), l.v)
		}
		if l.base != 0 {
			// DXC's SV_InstanceID/SV_VertexID count from the draw's first
			b := e.fb.Load(e.typeID(vt), l.base)
			d := e.fb.Emit(spv.OpISub, e.typeID(vt), builder.Ref(v), builder.Ref(b))
			tmp := e.fb.Variable(e.b.TypePointer(spv.StorageClassFunction, e.typeID(vt)), l.baseName, 0)
			e.fb.Store(tmp, d)
			v = e.fb.Load(e.typeID(vt), tmp)
		}
		if l.bary {
			ft := e.typeID(types.ScalarType(types.Float))
			x := e.fb.CompositeExtract(ft, v, 0)
			y := e.fb.CompositeExtract(ft, v, 1)
			xy := e.fb.Emit(spv.OpFAdd, ft, builder.Ref(x), builder.Ref(y))
			z := e.fb.Emit(spv.OpFSub, ft, builder.Ref(e.scalarConst(types.Float, 1)), builder.Ref(xy))
			v = e.fb.CompositeConstruct(e.typeID(vt), x, y, z)
		}
		if l.dxPositionW {
			ft := e.typeID(types.ScalarType(types.Float))
			w := e.fb.CompositeExtract(ft, v, 3)
			rw := e.fb.Emit(spv.OpFDiv, ft, builder.Ref(e.scalarConst(types.Float, 1)), builder.Ref(w))
			v = e.fb.Emit(spv.OpCompositeInsert, e.typeID(vt), builder.Ref(rw), builder.Ref(v), builder.Lit(3))
		}
		v = e.fitBuiltin(v, vt, l.typ)
		vals[pathKey(l.path)] = v
	}
	return e.assemble(t, nil, vals)
}

// fitBuiltin adapts a built-in's value to the declared type: a uint3
// thread id read as uint or uint2, an int read as uint...
func (e *emitter) fitBuiltin(v builder.ID, from, to *types.Type) builder.ID {
	fc, tc := from.Canonical(), to.Canonical()
	if fc == tc {
		return v
	}
	if fc.IsArray() {
		// gl_TessLevelOuter/Inner read as float[3], float[2] or float
		return e.fitLevels(v, fc, tc)
	}
	if fc.IsVector() && flatCount(tc) < fc.VecSize() {
		n := flatCount(tc)
		shaped := to.WithScalar(fc.Scalar())
		if n == 1 {
			shaped = types.ScalarType(fc.Scalar())
		}
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		v = e.shuffle(v, fc, idx, shaped)
		from = shaped
	}
	return e.convert(v, from, to)
}

// assemble builds the value at path from the leaves' values.
func (e *emitter) assemble(t *types.Type, path []uint32, vals map[string]builder.ID) builder.ID {
	if v, ok := vals[pathKey(path)]; ok {
		return v
	}
	c := t.Canonical()
	if !c.IsStruct() {
		e.errorf(e.pos, "internal compiler error: missing stage input")
	}
	var parts []builder.ID
	for i, mt := range e.structMembers(c) {
		parts = append(parts, e.assemble(mt, append(append([]uint32(nil), path...), uint32(i)), vals))
	}
	return e.fb.CompositeConstruct(e.typeID(c), parts...)
}

// extractPath extracts the member at path from v of type t, one level at
// a time, reusing the levels already extracted (parts, by path).
func (e *emitter) extractPath(t *types.Type, v builder.ID, path []uint32, parts map[string]builder.ID) builder.ID {
	cur := t.Canonical()
	for k, i := range path {
		indexes := []uint32{i}
		if cur.IsStruct() {
			if e.perVertexField(cur, fieldOf(cur, i)) {
				// the provoking vertex's value of a per-vertex member
				// (pervertex.go)
				indexes = append(indexes, 0)
			}
			cur = e.structMembers(cur)[i].Canonical()
		} else {
			cur = cur.Elem().Canonical()
		}
		key := pathKey(path[:k+1])
		if x, ok := parts[key]; ok {
			v = x
			continue
		}
		v = e.fb.CompositeExtract(e.typeID(cur), v, indexes...)
		parts[key] = v
	}
	return v
}

func pathKey(p []uint32) string {
	var b strings.Builder
	for _, x := range p {
		b.WriteString(strconv.Itoa(int(x)))
		b.WriteByte('.')
	}
	return b.String()
}

// writeLeaves stores a value of type t into its stage outputs. As DXC
// does, a nested struct is extracted once, a level at a time, and its
// members from it.
func (e *emitter) writeLeaves(t *types.Type, v builder.ID, leaves []ioLeaf) {
	parts := map[string]builder.ID{}
	for _, l := range leaves {
		x := e.extractPath(t, v, l.path, parts)
		if l.clip != nil {
			e.writeClipCull(l, x)
			continue
		}
		if l.varType.Canonical().IsArray() && !l.typ.Canonical().IsArray() || l.varType.Canonical().IsArray() && l.typ.Canonical().Len() != l.varType.Canonical().Len() {
			e.storeLevels(l, x)
			continue
		}
		x = e.convert(x, l.typ, l.varType)
		if l.invertY {
			x = e.invertY(x, l.varType)
		}
		if l.arrayOf {
			p := e.fb.AccessChain(e.b.TypePointer(spv.StorageClassOutput, e.typeID(l.varType)), l.v, e.b.ConstUint32(0))
			e.fb.Store(p, x)
			continue
		}
		e.fb.Store(l.v, x)
	}
}

// invertY negates the y of a position (-fvk-invert-y).
func (e *emitter) invertY(v builder.ID, t *types.Type) builder.ID {
	ft := e.typeID(types.ScalarType(types.Float))
	y := e.fb.CompositeExtract(ft, v, 1)
	ny := e.fb.Emit(spv.OpFNegate, ft, builder.Ref(y))
	return e.fb.Emit(spv.OpCompositeInsert, e.typeID(t), builder.Ref(ny), builder.Ref(v), builder.Lit(1))
}

// initStaticVar initialises a static global at the start of the wrapper.
func (e *emitter) initStaticVar(v *sema.Var) {
	sv := e.vars[v]
	var init ast.Expr
	if d, ok := v.Decl.(*ast.VarDecl); ok {
		init = d.Init
	}
	if v.Init != nil {
		init = v.Init
	}
	switch {
	case init != nil:
		e.fb.Store(sv.ptr, e.initValue(v.Type(), init))
		e.assignDeclCounters(v, init, v.Type()) // rescounters.go
	case !containsObject(v.Type()):
		e.fb.Store(sv.ptr, e.b.ConstNull(e.typeID(v.Type())))
	}
}

// declareEntryPoint adds OpEntryPoint and the execution modes of the
// stage.
func (e *emitter) declareEntryPoint(entry *sema.Func) {
	model, ok := executionModelOf(e.stage())
	switch {
	case e.stage().IsMeshLike():
		model = e.meshModel() // mesh.go: NV or EXT
	case !ok:
		e.errorf(entry.Pos(), "shader stage '%s' is not supported yet by the SPIR-V backend", e.opts.Stage)
	}
	name := e.opts.EntryPointName
	if name == "" || e.entry.library {
		name = e.entry.name
	}
	e.b.EntryPoint(model, e.entry.id, name)
	switch e.stage() {
	case stage.Pixel:
		e.b.ExecutionMode(e.entry.id, spv.ExecutionModeOriginUpperLeft)
		for _, a := range e.attrs(entry.Decl) {
			if mode, ok := pixelModeOf(pixelModeKey{a.Namespace, strings.ToLower(a.Name)}); ok {
				e.b.ExecutionMode(e.entry.id, mode)
			}
		}
	case stage.Geometry:
		e.geometryModes(entry)
	case stage.Hull, stage.Domain:
		e.tessellationModes(entry)
	case stage.Compute, stage.Mesh, stage.Amplification:
		x, y, z := uint32(1), uint32(1), uint32(1)
		for _, a := range e.attrs(entry.Decl) {
			if strings.EqualFold(a.Name, "numthreads") && len(a.Args) == 3 {
				vals := [3]uint32{}
				for i, arg := range a.Args {
					n, ok := arg.Int, arg.IsInt
					if !ok {
						e.errorf(arg.Pos(), "numthreads arguments must be constant integers")
					}
					vals[i] = uint32(n)
				}
				x, y, z = vals[0], vals[1], vals[2]
			}
		}
		e.b.ExecutionMode(e.entry.id, spv.ExecutionModeLocalSize, x, y, z)
		e.entry.numThreads = [3]uint32{x, y, z}
		e.meshModes(entry) // mesh.go
	}
	for _, m := range e.io.modes {
		e.b.ExecutionMode(e.entry.id, m)
	}
	e.spvExecutionModes(e.attrs(entry.Decl)) // extdecorate.go
	e.rovMode()
	e.helperLaneModes(e.attrs(entry.Decl))
	e.floatControls()
}

// helperLaneModes gives a pixel shader marked [WaveOpsIncludeHelperLanes]
// the SPV_KHR_quad_control and SPV_KHR_maximal_reconvergence modes DXC
// gives it: wave operations then see the helper invocations of full quads.
func (e *emitter) helperLaneModes(attrs sema.Attrs) {
	if e.stage() != stage.Pixel {
		return
	}
	marked := false
	for _, a := range attrs {
		marked = marked || a.Namespace == "" && strings.EqualFold(a.Name, "WaveOpsIncludeHelperLanes")
	}
	if !marked {
		return
	}
	e.b.Extension("SPV_KHR_maximal_reconvergence")
	e.b.Extension("SPV_KHR_quad_control")
	e.b.Capability(spv.CapabilityQuadControlKHR)
	if !e.opts.MaximalReconvergence { // (floatControls adds it then)
		e.b.ExecutionMode(e.entry.id, spv.ExecutionModeMaximallyReconvergesKHR)
	}
	e.b.ExecutionMode(e.entry.id, spv.ExecutionModeRequireFullQuadsKHR)
}

// floatControls adds the SPV_KHR_float_controls modes of -denorm and -Gis
// for 32-bit floats, as DXC does (capability inference adds the
// capabilities, and the extension before SPIR-V 1.4).
func (e *emitter) floatControls() {
	switch e.opts.Denorm {
	case "preserve":
		e.b.ExecutionMode(e.entry.id, spv.ExecutionModeDenormPreserve, 32)
	case "ftz":
		e.b.ExecutionMode(e.entry.id, spv.ExecutionModeDenormFlushToZero, 32)
	}
	if e.opts.IEEEStrict {
		e.b.ExecutionMode(e.entry.id, spv.ExecutionModeSignedZeroInfNanPreserve, 32)
	}
	if e.opts.MaximalReconvergence {
		e.b.ExecutionMode(e.entry.id, spv.ExecutionModeMaximallyReconvergesKHR)
	}
}

// executionModelOf returns the SPIR-V execution model of a stage
// (mesh and amplification shaders: NV or EXT, see meshModel; the NV and
// KHR ray tracing enumerants are the same numbers).
func executionModelOf(s stage.Stage) (spv.ExecutionModel, bool) {
	switch s {
	case stage.Vertex:
		return spv.ExecutionModelVertex, true
	case stage.Hull:
		return spv.ExecutionModelTessellationControl, true
	case stage.Domain:
		return spv.ExecutionModelTessellationEvaluation, true
	case stage.Geometry:
		return spv.ExecutionModelGeometry, true
	case stage.Pixel:
		return spv.ExecutionModelFragment, true
	case stage.Compute:
		return spv.ExecutionModelGLCompute, true
	case stage.Mesh:
		return spv.ExecutionModelMeshEXT, true
	case stage.Amplification:
		return spv.ExecutionModelTaskEXT, true
	case stage.RayGeneration:
		return spv.ExecutionModelRayGenerationKHR, true
	case stage.Intersection:
		return spv.ExecutionModelIntersectionKHR, true
	case stage.AnyHit:
		return spv.ExecutionModelAnyHitKHR, true
	case stage.ClosestHit:
		return spv.ExecutionModelClosestHitKHR, true
	case stage.Miss:
		return spv.ExecutionModelMissKHR, true
	case stage.Callable:
		return spv.ExecutionModelCallableKHR, true
	case stage.Node:
		return spv.ExecutionModelGLCompute, true
	}
	return 0, false
}
