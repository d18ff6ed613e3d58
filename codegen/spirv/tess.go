package spirv

import (
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Tessellation (docs/SPIR-V.rst "Hull Shaders"): InputPatch<T, N> and
// OutputPatch<T, N> are arrays of N control points read from per-point
// stage arrays. A hull shader's entry runs once per output control point:
// the wrapper stores its result at [InvocationId] of per-point output
// arrays, waits at a barrier, and invocation 0 alone calls the patch
// constant function, whose SV_TessFactor and SV_InsideTessFactor go to
// TessLevelOuter/Inner and whose other fields become Patch outputs. A
// domain shader reads the same per-patch values as inputs, and
// SV_DomainLocation from TessCoord.

// isPatch reports InputPatch and OutputPatch.
func isPatch(t *types.Type) bool {
	o, ok := objectOf(t)
	return ok && o.Class() == types.ClassPatch
}

// tessLevelType is the float[4] of gl_TessLevelOuter or the float[2] of
// gl_TessLevelInner.
func (e *emitter) tessLevelType(b spv.BuiltIn) *types.Type {
	n := int64(4)
	if b == spv.BuiltInTessLevelInner {
		n = 2
	}
	return e.info.Universe.Array(types.ScalarType(types.Float), n)
}

// patchArray is the array type T[N] a patch is lowered as.
func (e *emitter) patchArray(t *types.Type) *types.Type {
	c := t.Canonical()
	return e.info.Universe.Array(c.Elem(), c.Len())
}

// fitLevels reads a tess level array as the declared type: a shorter
// float array or a float.
func (e *emitter) fitLevels(v builder.ID, from, to *types.Type) builder.ID {
	ft := e.typeID(types.ScalarType(types.Float))
	if !to.IsArray() {
		return e.fb.CompositeExtract(ft, v, 0)
	}
	parts := make([]builder.ID, to.Len())
	for i := range parts {
		parts[i] = e.fb.CompositeExtract(ft, v, uint32(i))
	}
	return e.fb.CompositeConstruct(e.typeID(to), parts...)
}

// storeLevels writes a float[n] (or float) to gl_TessLevelOuter/Inner
// element by element.
func (e *emitter) storeLevels(l ioLeaf, x builder.ID) {
	ft := e.typeID(types.ScalarType(types.Float))
	pt := e.b.TypePointer(spv.StorageClassOutput, ft)
	c := l.typ.Canonical()
	if !c.IsArray() {
		e.fb.Store(e.fb.AccessChain(pt, l.v, e.b.ConstUint32(0)), x)
		return
	}
	for i := range c.Len() {
		// the element's pointer first, as DXC emits it
		p := e.fb.AccessChain(pt, l.v, e.b.ConstUint32(uint32(i)))
		e.fb.Store(p, e.fb.CompositeExtract(ft, x, uint32(i)))
	}
}

// hsOutputPoints is [outputcontrolpoints(n)].
func (e *emitter) hsOutputPoints(entry *sema.Func) int {
	for _, a := range e.attrs(entry.Decl) {
		if strings.EqualFold(a.Name, "outputcontrolpoints") && len(a.Args) == 1 {
			if n, ok := a.Int(0); ok {
				return int(n)
			}
		}
	}
	e.errorf(entry.Pos(), "a hull shader needs [outputcontrolpoints(n)]")
	return 0
}

// patchParam is an InputPatch parameter's temporary in the wrapper.
type patchParam struct {
	t   *types.Type
	ptr builder.ID
}

// hullInputs are what the wrapper read for the hull entry's parameters
// that DXC hands on to the patch constant function: the InputPatch
// temporaries, the SV_OutputControlPointID value (which also indexes the
// outputs and selects the invocation that calls the function), and the
// SV_PrimitiveID and SV_ViewID temporaries.
type hullInputs struct {
	patches             []patchParam
	controlPointID      builder.ID
	primitiveID, viewID builder.ID
}

func hullInputsOf(params []entryParamIO, args, loaded []builder.ID) hullInputs {
	var in hullInputs
	for i, p := range params {
		if isPatch(p.p.Type()) {
			in.patches = append(in.patches, patchParam{p.p.Type(), args[i]})
		}
		if len(p.ins) == 0 {
			continue
		}
		switch p.sem {
		case "SV_OUTPUTCONTROLPOINTID":
			in.controlPointID = loaded[i]
		case "SV_PRIMITIVEID":
			in.primitiveID = args[i]
		case "SV_VIEWID":
			in.viewID = args[i]
		}
	}
	return in
}

// hullOutputs stores the control point function's result at
// [InvocationId], then runs the patch constant function once per patch.
func (e *emitter) hullOutputs(entry *sema.Func, ret builder.ID, leaves []ioLeaf, in hullInputs, vars *[]*stageVar) {
	fb := e.fb
	id := in.controlPointID
	if id == 0 {
		id = e.invocationID(vars)
	}
	for _, l := range leaves {
		x := ret
		if len(l.path) > 0 {
			x = fb.CompositeExtract(e.typeID(l.typ), ret, l.path...)
		}
		if l.clip != nil {
			e.writeClipCullAt(l, x, id) // clipcull.go
			continue
		}
		x = e.convert(x, l.typ, l.varType)
		p := fb.AccessChain(e.b.TypePointer(spv.StorageClassOutput, e.typeID(l.varType)), l.v, id)
		fb.Store(p, x)
	}
	// Every control point is written before invocation 0 reads them.
	fb.Emit(spv.OpControlBarrier, 0, builder.Ref(e.b.ConstUint32(2)), builder.Ref(e.b.ConstUint32(4)), builder.Ref(e.b.ConstUint32(0)))
	pcf := e.patchConstantFunc(entry)
	if pcf == nil {
		return
	}
	pcfIO := e.stageIOOf(pcf)
	cond := fb.Emit(spv.OpIEqual, e.b.TypeBool(), builder.Ref(id), builder.Ref(e.b.ConstUint32(0)))
	sel := fb.BeginIf(cond, false, spv.SelectionControlNone)
	var args []builder.ID
	var outParams []int // the indexes of out parameters
	for i, p := range pcf.Params {
		pt := p.Type()
		if shared := in.sharedWith(p, pt, pcfIO.Params[i]); shared != 0 {
			// the entry's own temporary, as DXC passes it
			args = append(args, shared)
			continue
		}
		name := "param.var." + p.Name()
		if isPatch(pt) && pt.Canonical().Object() == types.OutputPatch && plainLeaves(leaves) {
			name = "temp.var.hullMainRetVal" // filled element by element, as DXC does
		}
		tmp := fb.Variable(e.ptrType(spv.StorageClassFunction, pt, layout.Void), name, 0)
		switch {
		case isPatch(pt) && pt.Canonical().Object() == types.InputPatch:
			e.unsupported(p.Decl, "an InputPatch of the patch constant function that differs from the entry's")
		case isPatch(pt):
			// the output patch is the control points just written
			if len(leaves) == 0 {
				e.unsupported(p.Decl, "an OutputPatch without control point outputs")
			}
			if plainLeaves(leaves) {
				e.copyControlPoints(tmp, pt, leaves)
				break
			}
			for i := range leaves {
				leaves[i].arrayN = int(pt.Canonical().Len())
			}
			fb.Store(tmp, e.readArrayLeaves(pt, leaves))
		case p.Mode == types.Out:
			// a patch constant output written through the parameter
			outParams = append(outParams, len(args))
		default:
			ls := e.stageLeaves(pcfIO.Params[i].In, vars)
			fb.Store(tmp, e.readLeaves(pt, ls))
		}
		args = append(args, tmp)
	}
	fn := e.funcFor(pcf)
	e.entry.pcfFn = fn // emitted right after the wrapper, as DXC does
	r := fb.Call(e.typeID(pcf.Result), fn.id, args...)
	for _, i := range outParams {
		p := pcf.Params[i]
		e.io.patchIO = true
		outs := e.stageLeaves(pcfIO.Params[i].Out, vars)
		e.io.patchIO = false
		e.writeLeaves(p.Type(), fb.Load(e.typeID(p.Type()), args[i]), outs)
	}
	if pcf.Result != nil && !pcf.Result.IsVoid() {
		e.io.patchIO = true
		outs := e.stageLeaves(pcfIO.Result, vars)
		e.io.patchIO = false
		e.writeLeaves(pcf.Result, r, outs)
	}
	fb.EndIf(sel)
}

// sharedWith is the entry's temporary that the patch constant function's
// parameter p (of type pt) takes: the entry's InputPatch of the same type,
// or its SV_PrimitiveID or SV_ViewID; 0 if there is none.
func (in hullInputs) sharedWith(p *sema.Var, pt *types.Type, pf sema.ParamIO) builder.ID {
	if isPatch(pt) && pt.Canonical().Object() == types.InputPatch {
		for _, ip := range in.patches {
			if types.Identical(ip.t, pt) {
				return ip.ptr
			}
		}
		return 0
	}
	if p.Mode == types.Out {
		return 0
	}
	switch inputSemantic(pf) {
	case "SV_PRIMITIVEID":
		return in.primitiveID
	case "SV_VIEWID":
		return in.viewID
	}
	return 0
}

// invocationID loads InvocationId, creating the built-in if the entry has
// no SV_OutputControlPointID parameter.
func (e *emitter) invocationID(vars *[]*stageVar) builder.ID {
	ls := e.stageLeaf(systemInput(types.ScalarType(types.Uint), "SV_OutputControlPointID"), vars)
	return e.fb.Load(e.typeID(types.ScalarType(types.Uint)), ls[0].v)
}

// patchConstantFunc is the function [patchconstantfunc("name")] names.
func (e *emitter) patchConstantFunc(entry *sema.Func) *sema.Func {
	name := ""
	for _, a := range e.attrs(entry.Decl) {
		if strings.EqualFold(a.Name, "patchconstantfunc") && len(a.Args) == 1 {
			if text, ok := a.Text(0); ok {
				name = text
			}
		}
	}
	if name == "" {
		e.errorf(entry.Pos(), "a hull shader needs [patchconstantfunc(\"name\")]")
	}
	for _, d := range e.file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name != nil && fd.Name.Name == name && fd.Body != nil {
			if f, ok := e.info.ObjectOf(fd).(*sema.Func); ok {
				return f
			}
		}
	}
	e.errorf(entry.Pos(), "patch constant function '%s' not found", name)
	return nil
}

// tessellationModeArgs are the execution modes the [domain],
// [partitioning] and [outputtopology] attributes' arguments set.
var tessellationModeArgs = map[string]map[string]spv.ExecutionMode{
	"domain": {"tri": spv.ExecutionModeTriangles, "quad": spv.ExecutionModeQuads, "isoline": spv.ExecutionModeIsolines},
	"partitioning": {"integer": spv.ExecutionModeSpacingEqual, "fractional_even": spv.ExecutionModeSpacingFractionalEven,
		"fractional_odd": spv.ExecutionModeSpacingFractionalOdd},
	"outputtopology": {"point": spv.ExecutionModePointMode, "triangle_cw": spv.ExecutionModeVertexOrderCw,
		"triangle_ccw": spv.ExecutionModeVertexOrderCcw},
}

// tessellationModes adds the execution modes of hull and domain shaders.
func (e *emitter) tessellationModes(entry *sema.Func) {
	e.b.Capability(spv.CapabilityTessellation)
	for _, a := range e.attrs(entry.Decl) {
		arg := ""
		if len(a.Args) == 1 {
			if text, ok := a.Text(0); ok {
				arg = text
			}
		}
		name := strings.ToLower(a.Name)
		switch {
		case name == "partitioning" && arg == "pow2":
			e.errorf(a.Pos(), "partitioning pow2 has no Vulkan equivalent")
		case name == "outputcontrolpoints":
			if n, ok := a.Int(0); ok {
				e.b.ExecutionMode(e.entry.id, spv.ExecutionModeOutputVertices, uint32(n))
			}
		default:
			if mode, ok := tessellationModeArgs[name][arg]; ok {
				e.b.ExecutionMode(e.entry.id, mode)
			}
		}
	}
}

// plainLeaves reports control point outputs stored as their own types
// (no clip or cull distance slice, no conversion).
func plainLeaves(leaves []ioLeaf) bool {
	for _, l := range leaves {
		if l.clip != nil || (l.varType != nil && !types.Identical(l.varType, l.typ)) {
			return false
		}
	}
	return len(leaves) > 0
}

// copyControlPoints fills the patch constant function's OutputPatch
// argument from the control point outputs, point by point and field by
// field, as DXC does: a chain to the point's field, one to the output
// variable's element, a load and a store.
func (e *emitter) copyControlPoints(tmp builder.ID, pt *types.Type, leaves []ioLeaf) {
	fb := e.fb
	point := pt.Canonical().Elem()
	for i := uint32(0); i < uint32(pt.Canonical().Len()); i++ {
		idx := e.b.ConstUint32(i)
		elem := fb.AccessChain(e.b.TypePointer(spv.StorageClassFunction, e.typeID(point)), tmp, idx)
		for _, l := range leaves {
			dst := elem
			if len(l.path) > 0 {
				var ids []builder.ID
				for _, k := range l.path {
					ids = append(ids, e.b.ConstUint32(k))
				}
				dst = fb.AccessChain(e.b.TypePointer(spv.StorageClassFunction, e.typeID(l.typ)), elem, ids...)
			}
			src := fb.AccessChain(e.b.TypePointer(spv.StorageClassOutput, e.typeID(l.typ)), l.v, idx)
			fb.Store(dst, fb.Load(e.typeID(l.typ), src))
		}
	}
}
