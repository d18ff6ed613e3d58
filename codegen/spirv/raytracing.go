package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"slices"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Ray tracing stages of a library, as DXC lowers them (docs/SPIR-V.rst,
// "Raytracing"): SPV_KHR_ray_tracing by default, SPV_NV_ray_tracing when
// -fspv-extension names it. The entry's parameters (payload, hit
// attributes, callable data) are module variables in the ray tracing
// storage classes, copied in and out by the wrapper; TraceRay and
// CallShader copy their payload through a RayPayload/CallableData
// variable, one per type; the system values are built-in Input variables.

// rayState is the module-wide ray tracing state: like DXC, the built-ins
// and the payload, callable data and hit attribute variables of TraceRay,
// CallShader and ReportHit are shared by all the entries of a library.
type rayState struct {
	used     bool     // a ray tracing stage or instruction is in the module
	pos      diag.Pos // the first of them
	builtins map[spv.BuiltIn]builder.ID
	payloads map[builder.ID]rayVar // by SPIR-V type
	callData map[builder.ID]rayVar
	hitAttrs map[builder.ID]builder.ID
	// incoming is the IncomingRayPayload variable of each any-hit entry,
	// which IgnoreHit and AcceptHitAndEndSearch write before they end
	// the invocation.
	incoming map[*sema.Func]builder.ID
}

func (rt *rayState) use(p diag.Pos) {
	if !rt.used {
		rt.used, rt.pos = true, p
	}
}

// rayVar is a RayPayload or CallableData variable and its location.
type rayVar struct{ v, loc builder.ID }

func (e *emitter) ray() *rayState {
	if e.io.rt == nil {
		e.io.rt = &rayState{builtins: map[spv.BuiltIn]builder.ID{}, payloads: map[builder.ID]rayVar{},
			callData: map[builder.ID]rayVar{}, hitAttrs: map[builder.ID]builder.ID{}, incoming: map[*sema.Func]builder.ID{}}
	}
	return e.io.rt
}

// extAllowed reports whether -fspv-extension allows ext (no list: all;
// "KHR": every SPV_KHR_ extension, as in DXC).
func (e *emitter) extAllowed(ext string) bool {
	return len(e.opts.Extensions) == 0 || slices.Contains(e.opts.Extensions, ext) ||
		strings.HasPrefix(ext, "SPV_KHR_") && slices.Contains(e.opts.Extensions, "KHR")
}

// nvRayTracing reports SPV_NV_ray_tracing, which DXC uses only when it is
// named (it excludes the KHR extension).
func (e *emitter) nvRayTracing() bool {
	return slices.Contains(e.opts.Extensions, "SPV_NV_ray_tracing")
}

// rayParamClass is the storage class of parameter i of a ray tracing
// entry: payload then hit attributes for the hit stages, the payload of a
// miss shader, the data of a callable shader.
func rayParamClass(st stage.Stage, i int) (spv.StorageClass, bool) {
	switch {
	case st.IsHit() && i == 0, st == stage.Miss && i == 0:
		return spv.StorageClassIncomingRayPayloadKHR, true
	case st.IsHit() && i == 1:
		return spv.StorageClassHitAttributeKHR, true
	case st == stage.Callable && i == 0:
		return spv.StorageClassIncomingCallableDataKHR, true
	}
	return 0, false
}

// rayWrapper emits the entry wrapper of a ray tracing stage: each
// parameter is read from its module variable into param.var.<name>, and
// the payload (or callable data) is written back after the call.
func (e *emitter) rayWrapper(entry *sema.Func) {
	decl := entry.Decl
	e.pos = decl.Pos()
	src := e.funcFor(entry)
	src.name = "src." + entry.Name()
	e.entry.id = e.b.NewID()
	rt := e.ray()
	rt.use(e.pos)

	fb := e.b.FunctionAt(e.entry.id, e.entry.name, e.b.TypeVoid(), spv.FunctionControlNone)
	e.fb, e.walk.cur = fb, nil
	fb.StartBlock(fb.NewBlock(""))
	for _, v := range e.entry.initStatic {
		e.initStaticVar(v)
	}
	var args, vars []builder.ID
	for i, p := range entry.Params {
		pt := p.Type()
		sc, ok := rayParamClass(e.stage(), i)
		if !ok {
			e.errorf(p.Pos(), "unexpected parameter '%s' of a %s shader entry point", p.Name(), e.stage().Name())
		}
		tmp := fb.Variable(e.ptrType(spv.StorageClassFunction, pt, layout.Void), "param.var."+p.Name(), 0)
		v := e.b.GlobalVariable(e.ptrType(sc, pt, layout.Void), sc, p.Name(), 0)
		fb.Store(tmp, fb.Load(e.typeID(pt), v))
		args = append(args, tmp)
		vars = append(vars, v)
	}
	fb.Call(e.typeID(entry.Result), src.id, args...)
	if len(vars) > 0 {
		fb.Store(vars[0], fb.Load(e.typeID(entry.Params[0].Type()), args[0]))
		if e.stage() == stage.AnyHit {
			rt.incoming[entry] = vars[0]
		}
	}
	fb.Return()
	fb.End()
	e.io.stageVars = nil
	e.declareEntryPoint(entry)
}

// rayBuiltin is a system value intrinsic read from a built-in variable.
type rayBuiltin struct {
	bi, nv    spv.BuiltIn // nv: the built-in under SPV_NV_ray_tracing, when it differs
	typ       *types.Type // the variable's type
	name      string      // DXC names only these two
	transpose bool        // the 3x4 forms read the 4x3 built-in transposed
}

var (
	float3    = types.Vec(types.Float, 3)
	float4x3  = types.Mat(types.Float, 4, 3)
	rayUint   = types.ScalarType(types.Uint)
	rayFloat  = types.ScalarType(types.Float)
	rayBuilts = map[intrinsics.ID]rayBuiltin{
		intrinsics.DispatchRaysIndex:      {bi: spv.BuiltInLaunchIdKHR, typ: uint3},
		intrinsics.DispatchRaysDimensions: {bi: spv.BuiltInLaunchSizeKHR, typ: uint3},
		intrinsics.WorldRayOrigin:         {bi: spv.BuiltInWorldRayOriginKHR, typ: float3},
		intrinsics.WorldRayDirection:      {bi: spv.BuiltInWorldRayDirectionKHR, typ: float3},
		intrinsics.ObjectRayOrigin:        {bi: spv.BuiltInObjectRayOriginKHR, typ: float3},
		intrinsics.ObjectRayDirection:     {bi: spv.BuiltInObjectRayDirectionKHR, typ: float3},
		intrinsics.RayTMin:                {bi: spv.BuiltInRayTminKHR, typ: rayFloat},
		intrinsics.RayTCurrent:            {bi: spv.BuiltInRayTmaxKHR, nv: spv.BuiltInHitTNV, typ: rayFloat},
		intrinsics.RayFlags:               {bi: spv.BuiltInIncomingRayFlagsKHR, typ: rayUint},
		intrinsics.InstanceIndex:          {bi: spv.BuiltInInstanceId, typ: rayUint, name: "gl_InstanceID"},
		intrinsics.InstanceID:             {bi: spv.BuiltInInstanceCustomIndexKHR, typ: rayUint},
		intrinsics.PrimitiveIndex:         {bi: spv.BuiltInPrimitiveId, typ: rayUint, name: "gl_PrimitiveID"},
		intrinsics.GeometryIndex:          {bi: spv.BuiltInRayGeometryIndexKHR, typ: rayUint},
		intrinsics.HitKind:                {bi: spv.BuiltInHitKindKHR, typ: rayUint},
		intrinsics.ObjectToWorld:          {bi: spv.BuiltInObjectToWorldKHR, typ: float4x3, transpose: true},
		intrinsics.ObjectToWorld3x4:       {bi: spv.BuiltInObjectToWorldKHR, typ: float4x3, transpose: true},
		intrinsics.ObjectToWorld4x3:       {bi: spv.BuiltInObjectToWorldKHR, typ: float4x3},
		intrinsics.WorldToObject:          {bi: spv.BuiltInWorldToObjectKHR, typ: float4x3, transpose: true},
		intrinsics.WorldToObject3x4:       {bi: spv.BuiltInWorldToObjectKHR, typ: float4x3, transpose: true},
		intrinsics.WorldToObject4x3:       {bi: spv.BuiltInWorldToObjectKHR, typ: float4x3},
	}
)

// rayBuiltinLowering lowers a ray tracing intrinsic that reads a built-in
// (a rayBuilts row).
func rayBuiltinLowering(id intrinsics.ID, b rayBuiltin) intrinsicLowering {
	return func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
		if id == intrinsics.GeometryIndex && !e.extAllowed("SPV_KHR_ray_tracing") {
			// RayGeometryIndexKHR exists only in SPV_KHR_ray_tracing
			e.errorf(x.Pos(), "SPIR-V extension 'SPV_KHR_ray_tracing' required for GeometryIndex() but not permitted to use")
		}
		return rv(e.rayBuiltinValue(b, t), t)
	}
}

func lowerTraceRay(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	e.traceRay(x, m)
	return rv(0, t)
}

func lowerCallShader(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	e.callShader(x, m)
	return rv(0, t)
}

func lowerReportHit(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	return rv(e.reportHit(x, m), t)
}

// endHitLowering lowers IgnoreHit and AcceptHitAndEndSearch (accept).
func endHitLowering(accept bool) intrinsicLowering {
	return func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
		e.endHit(accept)
		return rv(0, t)
	}
}

// rayBuiltinValue loads a ray tracing built-in.
func (e *emitter) rayBuiltinValue(b rayBuiltin, t *types.Type) builder.ID {
	rt := e.ray()
	bi := b.bi
	// HitTNV may be read only in the hit stages: DXC reads RayTCurrent()
	// from HitTNV in every stage under SPV_NV_ray_tracing, which Vulkan
	// rejects in intersection and miss shaders; there it is RayTmaxNV
	// (the value RayTmaxKHR shares).
	if b.nv != 0 && e.nvRayTracing() && (b.nv != spv.BuiltInHitTNV || e.funcStage().IsHit()) {
		bi = b.nv
	}
	vt := e.typeID(b.typ)
	id, ok := rt.builtins[bi]
	if !ok {
		id = e.b.GlobalVariable(e.b.TypePointer(spv.StorageClassInput, vt), spv.StorageClassInput, b.name, 0)
		e.b.Decorate(id, spv.DecorationBuiltIn, builder.Enum(bi))
		rt.builtins[bi] = id
		e.io.bodyBuiltins = append(e.io.bodyBuiltins, id)
	}
	v := e.fb.Load(vt, id)
	if b.transpose {
		return e.fb.Emit(spv.OpTranspose, e.typeID(t), builder.Ref(v))
	}
	return e.convert(v, b.typ, t)
}

// rayStageVar returns the module variable of storage class sc holding
// values of type t for TraceRay or CallShader (one per type, located in
// creation order, as DXC does), creating it named name.
func (e *emitter) rayStageVar(vars map[builder.ID]rayVar, sc spv.StorageClass, t *types.Type, name string) rayVar {
	tid := e.typeID(t)
	if rv, ok := vars[tid]; ok {
		return rv
	}
	n := uint32(len(vars))
	v := e.b.GlobalVariable(e.b.TypePointer(sc, tid), sc, name, 0)
	e.b.Decorate(v, spv.DecorationLocation, builder.Lit(n))
	r := rayVar{v: v, loc: e.b.ConstUint32(n)}
	vars[tid] = r
	return r
}

// argName is the name DXC gives the variable copied from argument x: the
// argument variable's own.
func argName(x ast.Expr) string {
	if n, ok := unparen(x).(*ast.NameExpr); ok {
		return n.Name
	}
	return ""
}

// traceRay emits TraceRay(accel, flags, mask, offset, stride, miss, ray,
// payload): the payload is copied to its RayPayload variable and back.
func (e *emitter) traceRay(x *ast.CallExpr, m *intrinsics.Match) {
	rt := e.ray()
	rt.use(e.pos)
	pArg := x.Args[7]
	pt := e.typeOf(pArg)
	pv := e.rayStageVar(rt.payloads, spv.StorageClassRayPayloadKHR, pt, argName(pArg))

	ray := e.rvalueAs(x.Args[6], e.paramType(x, m, 6))
	ft, vt := e.typeID(rayFloat), e.typeID(float3)
	origin := e.fb.CompositeExtract(vt, ray, 0)
	tMin := e.fb.CompositeExtract(ft, ray, 1)
	dir := e.fb.CompositeExtract(vt, ray, 2)
	tMax := e.fb.CompositeExtract(ft, ray, 3)

	lv := e.expr(pArg)
	e.fb.Store(pv.v, e.load(lv))
	ops := make([]builder.Operand, 0, 11)
	for i := range 6 {
		ops = append(ops, builder.Ref(e.rvalueAs(x.Args[i], e.paramType(x, m, i))))
	}
	ops = append(ops, builder.Ref(origin), builder.Ref(tMin), builder.Ref(dir), builder.Ref(tMax))
	if e.nvRayTracing() {
		e.fb.Emit(spv.OpTraceNV, 0, append(ops, builder.Ref(pv.loc))...)
	} else {
		e.fb.Emit(spv.OpTraceRayKHR, 0, append(ops, builder.Ref(pv.v))...)
	}
	e.store(lv, e.fb.Load(e.typeID(pt), pv.v))
}

// callShader emits CallShader(index, data) through a CallableData
// variable.
func (e *emitter) callShader(x *ast.CallExpr, m *intrinsics.Match) {
	rt := e.ray()
	rt.use(e.pos)
	dArg := x.Args[1]
	dt := e.typeOf(dArg)
	cv := e.rayStageVar(rt.callData, spv.StorageClassCallableDataKHR, dt, argName(dArg))
	lv := e.expr(dArg)
	e.fb.Store(cv.v, e.load(lv))
	idx := e.rvalueAs(x.Args[0], e.paramType(x, m, 0))
	if e.nvRayTracing() {
		e.fb.Emit(spv.OpExecuteCallableNV, 0, builder.Ref(idx), builder.Ref(cv.loc))
	} else {
		e.fb.Emit(spv.OpExecuteCallableKHR, 0, builder.Ref(idx), builder.Ref(cv.v))
	}
	e.store(lv, e.fb.Load(e.typeID(dt), cv.v))
}

// reportHit emits ReportHit(t, kind, attributes): the attributes go to
// the HitAttribute variable of their type, then OpReportIntersectionKHR.
func (e *emitter) reportHit(x *ast.CallExpr, m *intrinsics.Match) builder.ID {
	rt := e.ray()
	rt.use(e.pos)
	aArg := x.Args[2]
	at := e.typeOf(aArg)
	attr := e.rvalueAs(aArg, at)
	tid := e.typeID(at)
	v, ok := rt.hitAttrs[tid]
	if !ok {
		sc := spv.StorageClassHitAttributeKHR
		v = e.b.GlobalVariable(e.b.TypePointer(sc, tid), sc, argName(aArg), 0)
		rt.hitAttrs[tid] = v
	}
	e.fb.Store(v, attr)
	hit := e.rvalueAs(x.Args[0], e.paramType(x, m, 0))
	kind := e.rvalueAs(x.Args[1], e.paramType(x, m, 1))
	return e.fb.Emit(spv.OpReportIntersectionKHR, e.b.TypeBool(), builder.Ref(hit), builder.Ref(kind))
}

// endHit emits IgnoreHit or AcceptHitAndEndSearch. Called in the any-hit
// entry itself, the payload parameter is first written to the incoming
// payload, which the wrapper would otherwise write after the call. The KHR
// instructions end the block; what follows is not emitted.
func (e *emitter) endHit(accept bool) {
	if e.walk.cur != nil {
		if in, ok := e.ray().incoming[e.walk.cur.obj]; ok && len(e.walk.cur.obj.Params) > 0 {
			p := e.walk.cur.obj.Params[0]
			e.fb.Store(in, e.fb.Load(e.typeID(p.Type()), e.vars[p].ptr))
		}
	}
	switch {
	case e.nvRayTracing() && accept:
		e.fb.Emit(spv.OpTerminateRayNV, 0)
	case e.nvRayTracing():
		e.fb.Emit(spv.OpIgnoreIntersectionNV, 0)
	case accept:
		e.fb.Emit(spv.OpTerminateRayKHR, 0)
	default:
		e.fb.Emit(spv.OpIgnoreIntersectionKHR, 0)
	}
}

// rayCapabilities declares what the module's ray tracing and ray queries
// need (declareRayCapabilities) and reports ray tracing below SPIR-V 1.4.
func (e *emitter) rayCapabilities() {
	tracing := e.io.rt != nil && e.io.rt.used
	nv := e.nvRayTracing()
	declareRayCapabilities(e.b, rayUse{tracing: tracing, nv: nv,
		queryAllowed: e.extAllowed("SPV_KHR_ray_query")})
	if tracing && !nv && e.opts.Version < spv.Version1_4 {
		e.errorf(e.io.rt.pos, "Vulkan 1.1 with SPIR-V 1.4 is required for Raytracing but not permitted to use (choose it with -fspv-target-env=)")
	}
}

// rayUse is what the emitter knows of ray tracing in the module: whether
// a ray tracing stage traces rays (tracing), with SPV_NV_ray_tracing (nv);
// whether SPV_KHR_ray_query may be used.
type rayUse struct{ tracing, nv, queryAllowed bool }

// declareRayCapabilities declares what ray tracing and ray queries need,
// in DXC's order: RayQueryKHR (for a ray query, or an acceleration
// structure outside ray tracing stages), then RayTracingKHR or
// RayTracingNV, and their extensions in the same order.
func declareRayCapabilities(b *builder.ModuleBuilder, use rayUse) {
	var accel, query bool
	for _, in := range b.M.Globals { // where types are declared
		switch in.Op {
		case spv.OpTypeAccelerationStructureKHR:
			accel = true
		case spv.OpTypeRayQueryKHR:
			query = true
		}
	}
	tracing := use.tracing
	if !accel && !query && !tracing {
		return
	}
	// DXC declares RayQueryKHR whenever SPV_KHR_ray_query is allowed, and
	// trim-capabilities, which runs on every module but -fcgl output,
	// removes it where nothing needs it.
	if query || use.queryAllowed && (tracing || accel) {
		query = true
		b.Capability(spv.CapabilityRayQueryKHR)
	}
	tracing = tracing || !query
	if tracing {
		if use.nv {
			b.Capability(spv.CapabilityRayTracingNV)
		} else {
			b.Capability(spv.CapabilityRayTracingKHR)
		}
	}
	if query {
		b.Extension("SPV_KHR_ray_query")
	}
	if tracing {
		if use.nv {
			b.Extension("SPV_NV_ray_tracing")
		} else {
			b.Extension("SPV_KHR_ray_tracing")
		}
	}
}

// shaderRecord declares a [[vk::shader_record_ext]] (or _nv) buffer: a
// ConstantBuffer<T> in the ShaderRecordBufferKHR storage class, laid out
// like a storage buffer and bound to no descriptor.
func (e *emitter) shaderRecord(d *ast.VarDecl, v *sema.Var) {
	t := v.Type()
	if o, ok := objectOf(t); !ok || o.Class() != types.ClassCBuffer || t.Canonical().IsArray() {
		e.errorf(d.Pos(), "vk::shader_record_ext and vk::shader_record_nv apply only to a ConstantBuffer<T> variable")
	}
	rule := layout.RulesFor(e.opts.Layout).SBuffer
	tid, err := e.lowering.low.Type(t, rule)
	if err != nil {
		e.errorf(d.Pos(), "%v", err)
	}
	e.reportLayout()
	sc := spv.StorageClassShaderRecordBufferKHR
	ptr := e.b.GlobalVariable(e.b.TypePointer(sc, tid), sc, v.Name(), 0)
	e.vars[v] = &variable{ptr: ptr, sc: sc, typ: t.Canonical().Elem(), rule: rule, member: -1}
}

// shaderRecordKind is "KHR" for [[vk::shader_record_ext]], "NV" for
// [[vk::shader_record_nv]], "" for neither.
func shaderRecordKind(attrs sema.Attrs) string {
	switch {
	case attrs.HasVk("shader_record_ext"):
		return "KHR"
	case attrs.HasVk("shader_record_nv"):
		return "NV"
	}
	return ""
}

// volatileBuiltin marks the subgroup built-ins, whose value may change
// within a ray tracing invocation, Volatile as Vulkan requires: the
// decoration from SPIR-V 1.6, else Volatile loads under the Vulkan memory model, which declaring its
// capability makes upgradeMemoryModel (memorymodel.go) produce.
func (e *emitter) volatileBuiltin(id builder.ID, bi spv.BuiltIn) {
	switch bi {
	case spv.BuiltInSubgroupSize, spv.BuiltInSubgroupLocalInvocationId, spv.BuiltInSMIDNV, spv.BuiltInWarpIDNV,
		spv.BuiltInSubgroupEqMask, spv.BuiltInSubgroupGeMask, spv.BuiltInSubgroupGtMask, spv.BuiltInSubgroupLeMask, spv.BuiltInSubgroupLtMask:
		if !e.stage().IsRayTracing() {
			return
		}
	default:
		return
	}
	e.b.Decorate(id, spv.DecorationVolatile)
	if e.opts.Version < spv.Version1_6 {
		e.b.Capability(spv.CapabilityVulkanMemoryModel)
	}
}
