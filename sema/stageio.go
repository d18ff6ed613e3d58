package sema

import (
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema/codes"
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Stage inputs and outputs of entry points, checked as DXC's back end
// creates them (DeclResultIdMapper::createStageVars and friends): each
// parameter and the result become stage variables, structs without a
// semantic of their own are flattened into one variable per field.

// stageVar is one stage input or output.
type stageVar struct {
	name     string
	namePos  diag.Pos // the declaration's name (DXC's decl->getLocation())
	attrs    []*ast.Attribute
	mods     []ast.Modifier
	semantic string // as written ("SV_Target0"), "" when none
	semPos   diag.Pos
	typ      *types.Type
	input    bool
	sigPoint string // DXIL's signature point: "VSIn", "PSOut", "MSPOut", ...
	// meshObject marks the fields of a mesh shader's vertices/primitives.
	meshObject bool
}

// EntryIO is what sema resolved of an entry point's stage inputs and
// outputs (or of a hull shader's patch constant function's), flattened
// once: codegen makes a stage variable of each leaf (Info.StageIO).
type EntryIO struct {
	// Params are the parameters', in order (no leaves for a node record,
	// a mesh payload or indices, and the patch constant function's
	// patches, which are the entry's).
	Params []ParamIO
	// Result holds the result's outputs.
	Result []IOElem
}

// ParamIO is one parameter's stage inputs and outputs and their shape.
type ParamIO struct {
	In, Out []IOElem
	Shape   IOShape
	// ArrayLen is the length of a per-vertex or mesh output array.
	ArrayLen int
}

// IOShape is how a parameter's value maps to its stage variables.
type IOShape uint8

const (
	// IOPlain: a variable per leaf of the value.
	IOPlain IOShape = iota
	// IOPerVertex: an array with an element per vertex or control point
	// (a geometry shader's input primitive, InputPatch, OutputPatch); the
	// leaves are the element's, each variable an array over the vertices.
	IOPerVertex
	// IOPatch: per-patch values (a domain shader's patch constant input,
	// a patch constant function's outputs).
	IOPatch
	// IOStream: a geometry shader's output stream; the leaves are its
	// element's.
	IOStream
	// IOMeshVertices, IOMeshPrimitives: a mesh shader's out vertices and
	// primitives arrays; the leaves are the element's.
	IOMeshVertices
	IOMeshPrimitives
	// IOMeshIndices, IOMeshPayload: a mesh shader's primitive indices and
	// payload, which have no leaves (built-ins and a block).
	IOMeshIndices
	IOMeshPayload
)

// IOElem is one leaf of a stage input or output: one stage variable.
type IOElem struct {
	// Semantic is the variable's semantic: as written, or for the leaves
	// of a struct with a semantic its name with consecutive indexes
	// ("A", "A1", "A2"; "B3", "B4"). Name is it without the index, Index
	// the index (-1 when none is written); SemPos is where the semantic
	// the leaf's comes from is written. Semantic is "" when none is (an
	// error sema reports).
	Semantic string
	Name     string
	Index    int
	SemPos   diag.Pos
	// Path is the member path to the leaf inside the parameter's or
	// result's value (or its per-vertex element); a base struct is
	// member 0.
	Path  []uint32
	Type  *types.Type
	Input bool
	// Interp holds the interpolation modifiers written on the
	// declarations from the parameter down to the leaf.
	Interp Interp
	// Attrs are the attributes of the declaration that carries the
	// semantic (vk::location, vk::index, vk::builtin, ext_decorate...).
	Attrs Attrs
	// SystemValue: an SV_ semantic; ClipCull: SV_ClipDistance or
	// SV_CullDistance.
	SystemValue, ClipCull bool
}

// Interp is a set of interpolation modifiers.
type Interp uint8

const (
	NoInterpolation Interp = 1 << iota
	Linear
	Centroid
	NoPerspective
	Sample
)

// interpModifierOf returns the interpolation a modifier asks for.
func interpModifierOf(name string) (Interp, bool) {
	switch name {
	case "nointerpolation":
		return NoInterpolation, true
	case "linear":
		return Linear, true
	case "centroid":
		return Centroid, true
	case "noperspective":
		return NoPerspective, true
	case "sample":
		return Sample, true
	}
	return 0, false
}

func interpOf(mods []ast.Modifier) Interp {
	var in Interp
	for _, m := range mods {
		mod, _ := interpModifierOf(m.Name)
		in |= mod
	}
	return in
}

// entryVars are the stage variables of each entry, in creation order.
type entryVars struct {
	f     *Func
	stage stage.Stage
	vars  []stageVar
}

// entryInterface checks an entry point's stage-specific parameters and
// its stage variables, in the order DXC's entry wrapper does.
func (v *vulkanChecker) entryInterface(f *Func) {
	if f.Decl == nil {
		return
	}
	if !hasStageIO(v.stage) {
		// Ray tracing and node stages pass payloads and records, not
		// stage variables; a node's system values are stage inputs all
		// the same, which codegen makes from the published leaves.
		if v.stage == stage.Node {
			v.stageVars(f)
		}
		return
	}
	switch v.stage {
	case stage.Pixel:
		v.stencilAttrs(f)
	case stage.Geometry:
		if !v.geometryPrimitives(f) {
			return
		}
	case stage.Mesh:
		if !v.meshParams(f) {
			return
		}
	}
	vars := v.stageVars(f)
	for _, sv := range vars {
		if !v.validateStageVar(sv) {
			return
		}
		v.stageVarType(sv)
	}
	if v.stage == stage.Hull {
		if !hasSemanticNamed(vars, "SV_OutputControlPointID") {
			v.c.errorf(codes.StageIO, f.pos, "SV_OutputControlPointID semantic must be provided in hull shader")
		}
		v.patchConstantIO(f)
	}
	v.entries = append(v.entries, entryVars{f: f, stage: v.stage, vars: vars})
}

func hasSemanticNamed(vars []stageVar, name string) bool {
	for _, sv := range vars {
		if strings.EqualFold(semanticBase(sv.semantic), name) {
			return true
		}
	}
	return false
}

// semanticBase drops a semantic's trailing index: SV_Target1 → SV_Target.
func semanticBase(s string) string {
	return strings.TrimRight(s, "0123456789")
}

// semanticIndex is a semantic's trailing index (0 when none).
func semanticIndex(s string) int {
	n, _ := strconv.Atoi(s[len(semanticBase(s)):])
	return n
}

// stageVars lists an entry's stage variables, parameters in order, then
// the result, and publishes the entry's flattened stage I/O
// (Info.StageIO): one walk makes both (ioWalk).
func (v *vulkanChecker) stageVars(f *Func) []stageVar {
	w := v.newIOWalk(f)
	d := f.Decl
	for i, p := range d.Params {
		if i >= len(f.Params) {
			break
		}
		pv := f.Params[i]
		t := pv.typ
		if t == nil || t.Kind() == types.Invalid {
			continue
		}
		sv := stageVar{name: pv.name, namePos: pv.pos, attrs: p.Attrs, mods: p.Mods, typ: t}
		if s := semanticName(p.Semantics); s != nil {
			sv.semantic, sv.semPos = s.Name, semanticNamePos(s)
		}
		pio := &w.io.Params[i]
		if hasMod(p.Mods, "uniform") {
			// a stage input all the same, which DXC's checks pass by
			checked := len(w.checks)
			pio.In = w.add(p, sv, t, true, v.sigPoint(true, t))
			w.checks = w.checks[:checked]
			continue
		}
		switch {
		case hasMod(p.Mods, "indices"):
			// a built-in array, no semantic
			pio.Shape, pio.ArrayLen = IOMeshIndices, arrayLen(t)
			continue
		case hasMod(p.Mods, "payload"):
			pio.Shape = IOMeshPayload // a block of its own, no semantic
			continue
		case hasMod(p.Mods, "vertices"), hasMod(p.Mods, "primitives"):
			sv.meshObject = true
			sig, shape := "MSOut", IOMeshVertices
			if hasMod(p.Mods, "primitives") {
				sig, shape = "MSPOut", IOMeshPrimitives
			}
			pio.Shape, pio.ArrayLen = shape, arrayLen(t)
			pio.Out = w.add(p, sv, elemOf(t), false, sig)
			continue
		}
		if ct := elemOf(t); ct != nil && ct.IsObject() {
			switch ct.Object().Class() {
			case types.ClassStream:
				pio.Shape = IOStream
				pio.Out = w.add(p, sv, ct.Elem(), false, "GSOut")
			case types.ClassPatch:
				sig := "HSCPIn"
				if v.stage == stage.Domain {
					sig = "DSCPIn"
				}
				pio.Shape, pio.ArrayLen = IOPerVertex, arrayLen(ct)
				pio.In = w.add(p, sv, ct.Elem(), true, sig)
			}
			continue // other objects are not stage variables
		}
		in := !hasMod(p.Mods, "out") || hasMod(p.Mods, "inout") || hasMod(p.Mods, "in")
		outDir := hasMod(p.Mods, "out") || hasMod(p.Mods, "inout")
		switch ct := t.Canonical(); {
		case in && v.stage == stage.Geometry && ct.IsArray():
			// one value per vertex of the input primitive
			pio.Shape, pio.ArrayLen = IOPerVertex, arrayLen(ct)
			pio.In = w.addArrayed(p, sv, ct.Elem(), v.sigPoint(true, t))
			continue
		case in && v.stage == stage.Domain && ct.IsStruct() && !outDir:
			pio.Shape = IOPatch // the patch constant function's results
		}
		if in {
			pio.In = w.add(p, sv, t, true, v.sigPoint(true, t))
		}
		if outDir {
			pio.Out = w.add(p, sv, t, false, v.sigPoint(false, t))
		}
	}
	if f.Result != nil && !f.Result.IsVoid() && f.Result.Kind() != types.Invalid {
		sv := stageVar{name: f.name, namePos: f.pos, attrs: d.Attrs, mods: d.Mods, typ: f.Result}
		if s := semanticName(d.Semantics); s != nil {
			sv.semantic, sv.semPos = s.Name, semanticNamePos(s)
		}
		w.io.Result = w.add(d, sv, f.Result, false, v.sigPoint(false, f.Result))
	}
	v.publish(f, w.io)
	return w.checks
}

// patchConstantIO publishes the stage I/O of a hull shader entry's patch
// constant function: its plain inputs, and its out parameters' and
// result's per-patch outputs (its patches are the entry's).
func (v *vulkanChecker) patchConstantIO(entry *Func) {
	pcf := v.c.patchConstantFuncOf(entry)
	if pcf == nil {
		return
	}
	if pcf = v.c.definition(pcf); pcf.Decl == nil {
		return
	}
	w := v.newIOWalk(pcf)
	d := pcf.Decl
	for i, p := range d.Params {
		if i >= len(pcf.Params) || pcf.Params[i].typ == nil || objectIs(pcf.Params[i].typ, types.InputPatch, types.OutputPatch) {
			continue
		}
		pv := pcf.Params[i]
		sv := stageVar{name: pv.name, namePos: pv.pos, attrs: p.Attrs, mods: p.Mods, typ: pv.typ}
		if s := semanticName(p.Semantics); s != nil {
			sv.semantic, sv.semPos = s.Name, semanticNamePos(s)
		}
		if pv.Mode == types.Out {
			w.io.Params[i] = ParamIO{Shape: IOPatch, Out: w.add(p, sv, pv.typ, false, "PCOut")}
		} else {
			w.io.Params[i] = ParamIO{In: w.add(p, sv, pv.typ, true, "PCIn")}
		}
	}
	if pcf.Result != nil && !pcf.Result.IsVoid() && pcf.Result.Kind() != types.Invalid {
		sv := stageVar{name: pcf.name, namePos: pcf.pos, attrs: d.Attrs, mods: d.Mods, typ: pcf.Result}
		if s := semanticName(d.Semantics); s != nil {
			sv.semantic, sv.semPos = s.Name, semanticNamePos(s)
		}
		w.io.Result = w.add(d, sv, pcf.Result, false, "PCOut")
	}
	v.publish(pcf, w.io)
}

func (v *vulkanChecker) publish(f *Func, io *EntryIO) {
	if v.c.info.stageIO == nil {
		v.c.info.stageIO = map[stageIOKey]*EntryIO{}
	}
	v.c.info.stageIO[stageIOKey{f, v.stage}] = io
}

type stageIOKey struct {
	f  *Func
	st stage.Stage
}

// StageIOOf is the stage I/O of function f as an entry point of stage st
// (a patch constant function: of the hull stage), nil if f is none.
func (in *Info) StageIOOf(f *Func, st stage.Stage) *EntryIO {
	return in.stageIO[stageIOKey{f, st}]
}

// publishLibraryEntries publishes the stage I/O of the library entries
// the checks do not walk: codegen also takes [Shader("...")] spelled in
// other letter cases and entries inside namespaces.
func (v *vulkanChecker) publishLibraryEntries(decls []ast.Decl) {
	v.c.libraryEntries(decls, func(f *Func, _ *ast.Attribute, name string) {
		v.stage = stage.ByName(strings.ToLower(name))
		if v.c.info.StageIOOf(f, v.stage) != nil || !(hasStageIO(v.stage) || v.stage == stage.Node) {
			return
		}
		v.stageVars(f)
		if v.stage == stage.Hull {
			v.patchConstantIO(f)
		}
	})
}

func arrayLen(t *types.Type) int {
	if ct := t.Canonical(); ct.IsArray() || ct.IsObject() {
		return int(ct.Len())
	}
	return 0
}

// ioWalk is the one flattening of stage inputs and outputs. It lists both
// the stage variables sema checks, where a struct with a semantic is one,
// and the leaves codegen makes variables of (IOElem), where that struct's
// fields take consecutive semantic indexes.
type ioWalk struct {
	v      *vulkanChecker
	pos    diag.Pos // the function's, for errors
	checks []stageVar
	io     *EntryIO
}

func (v *vulkanChecker) newIOWalk(f *Func) *ioWalk {
	return &ioWalk{v: v, pos: f.Decl.Pos(), io: &EntryIO{Params: make([]ParamIO, len(f.Params))}}
}

// add flattens sv, a parameter or the result (declared by decl), whose
// stage variables have type t, and returns its leaves.
func (w *ioWalk) add(decl ast.Node, sv stageVar, t *types.Type, input bool, sig string) []IOElem {
	var out []IOElem
	w.walk(&out, decl, sv, t, input, sig, nil, 0)
	return out
}

// addArrayed is add for a geometry shader's input array: sema checks the
// array, codegen makes per-vertex variables of the element's leaves.
func (w *ioWalk) addArrayed(decl ast.Node, sv stageVar, elem *types.Type, sig string) []IOElem {
	var out []IOElem
	before := len(w.checks)
	w.walk(&out, decl, sv, elem, true, sig, nil, 0)
	if sv.semantic != "" && len(w.checks) == before+1 {
		w.checks[before].typ = sv.typ
	}
	return out
}

// walk adds sv of type t at path: one stage variable when it has a
// semantic (a struct's fields then take its consecutive indexes), or one
// per field of a struct without one; interp holds the interpolation
// modifiers written on the way down.
func (w *ioWalk) walk(out *[]IOElem, decl ast.Node, sv stageVar, t *types.Type, input bool, sig string, path []uint32, interp Interp) {
	sv.input, sv.sigPoint, sv.typ = input, sig, t
	interp |= interpOf(sv.mods)
	ct := t.Canonical()
	if sv.semantic != "" {
		w.checks = append(w.checks, sv)
		name, index := splitSemantic(sv.semantic)
		if !ct.IsStruct() {
			w.leaf(out, decl, sv, sv.semantic, index, t, input, path, interp)
			return
		}
		// A, A1, A2...; A3, A4...
		k := max(index, 0)
		w.structLeaves(out, decl, sv, t, input, path, interp, func() (string, int) {
			sem, idx := name, k
			if k > max(index, 0) || index >= 0 {
				sem += strconv.Itoa(k)
			} else {
				idx = -1
			}
			k++
			return sem, idx
		})
		return
	}
	if !ct.IsStruct() || ct.Named() == nil {
		// no semantic: sema reports it (entry.go); codegen too
		*out = append(*out, IOElem{Path: path, Type: t, Input: input, Interp: interp, Attrs: w.v.c.info.AttrsOf(decl)})
		return
	}
	nd := ct.Named()
	i := uint32(0)
	if nd.Base != nil {
		base := stageVar{name: sv.name, namePos: sv.namePos, meshObject: sv.meshObject}
		w.walk(out, nil, base, nd.Base, input, sig, appendPath(path, 0), interp)
		i = 1
	}
	for _, fld := range nd.Fields {
		fd, ok := fld.Decl.(*ast.VarDecl)
		if !ok || fd.Name == nil {
			i++
			continue
		}
		child := stageVar{name: fld.Name, namePos: fd.Name.Pos(), attrs: fd.Attrs, mods: fd.Mods, meshObject: sv.meshObject}
		if s := semanticName(fd.Semantics); s != nil {
			child.semantic, child.semPos = s.Name, semanticNamePos(s)
		} else if !fld.Type.Canonical().IsStruct() {
			w.v.c.errorf(codes.StageIO, w.pos, "semantic must be attached to each field of '%s' used as stage input/output", nd.Name)
		}
		w.walk(out, fd, child, fld.Type, input, sig, appendPath(path, i), interp)
		i++
	}
}

// structLeaves adds the leaves of a struct with a semantic, each named by
// next.
func (w *ioWalk) structLeaves(out *[]IOElem, decl ast.Node, sv stageVar, t *types.Type, input bool, path []uint32, interp Interp, next func() (string, int)) {
	ct := t.Canonical()
	if !ct.IsStruct() || ct.Named() == nil {
		sem, idx := next()
		w.leaf(out, decl, sv, sem, idx, t, input, path, interp)
		return
	}
	nd := ct.Named()
	i := uint32(0)
	if nd.Base != nil {
		w.structLeaves(out, decl, sv, nd.Base, input, appendPath(path, 0), interp, next)
		i = 1
	}
	for _, fld := range nd.Fields {
		w.structLeaves(out, decl, sv, fld.Type, input, appendPath(path, i), interp, next)
		i++
	}
}

// leaf adds one leaf with semantic sem (index idx, -1 if none).
func (w *ioWalk) leaf(out *[]IOElem, decl ast.Node, sv stageVar, sem string, idx int, t *types.Type, input bool, path []uint32, interp Interp) {
	name := semanticBase(sem)
	upper := strings.ToUpper(name)
	*out = append(*out, IOElem{
		Semantic: sem, Name: name, Index: idx, SemPos: sv.semPos,
		Path: path, Type: t, Input: input, Interp: interp,
		Attrs:       w.v.c.info.AttrsOf(decl),
		SystemValue: strings.HasPrefix(upper, "SV_"),
		ClipCull:    upper == "SV_CLIPDISTANCE" || upper == "SV_CULLDISTANCE",
	})
}

func appendPath(path []uint32, i uint32) []uint32 {
	return append(append(make([]uint32, 0, len(path)+1), path...), i)
}

// splitSemantic splits "TEXCOORD3" into "TEXCOORD" and 3 (index -1 when no
// digits are written).
func splitSemantic(s string) (string, int) {
	name := semanticBase(s)
	if name == s {
		return s, -1
	}
	return name, semanticIndex(s)
}

func semanticName(sems []*ast.Semantic) *ast.Semantic {
	for _, s := range sems {
		if s.Kind == ast.SemanticName {
			return s
		}
	}
	return nil
}

// semanticNamePos is where the semantic's name starts (the node starts
// at the colon).
func semanticNamePos(s *ast.Semantic) diag.Pos {
	if end := s.End(); end.IsValid() && int(end)-len(s.Name) >= int(s.Pos()) {
		return end - diag.Pos(len(s.Name))
	}
	return s.Pos()
}

// sigPoint names the signature point of a plain parameter or result.
func (v *vulkanChecker) sigPoint(input bool, t *types.Type) string {
	dir := "Out"
	if input {
		dir = "In"
	}
	switch v.stage {
	case stage.Vertex:
		return "VS" + dir
	case stage.Pixel:
		return "PS" + dir
	case stage.Geometry:
		if input && t != nil && t.Canonical().IsArray() {
			return "GSVIn"
		}
		return "GS" + dir
	case stage.Hull:
		if input {
			return "HSIn"
		}
		return "HSCPOut"
	case stage.Domain:
		return "DS" + dir
	case stage.Compute:
		return "CS" + dir
	case stage.Mesh:
		return "MS" + dir
	case stage.Amplification:
		return "AS" + dir
	}
	return dir
}

// isComputeOnly reports the system values only compute-like stages have.
func isComputeOnly(semantic string) bool {
	switch semantic {
	case "SV_DISPATCHTHREADID", "SV_GROUPID", "SV_GROUPTHREADID", "SV_GROUPINDEX":
		return true
	}
	return false
}

// hasStageIO reports the stages with stage variables, whose -T profile
// DXC's messages name: ray tracing and node stages pass payloads and
// records instead.
func hasStageIO(s stage.Stage) bool { return s >= stage.Vertex && s <= stage.Amplification }

// validateStageVar is DXC's validateShaderStageVar: vk::index, semantic
// validity in the stage, vk::builtin rules and SV_InnerCoverage's type.
func (v *vulkanChecker) validateStageVar(sv stageVar) bool {
	c := v.c
	ok := true
	if idx := vkAttr(sv.attrs, "index"); idx != nil {
		if v.stage != stage.Pixel {
			c.errorf(codes.StageIO, idx.Pos(), "vk::index only allowed in pixel shader")
			ok = false
		}
		if loc := vkAttr(sv.attrs, "location"); loc == nil {
			c.errorf(codes.StageIO, idx.Pos(), "vk::index should be used together with vk::location for dual-source blending")
			ok = false
		} else if n, known := v.c.info.attrInt(loc, 0); known && n != 0 {
			c.errorf(codes.StageIO, loc.Pos(), "dual-source blending should use vk::location 0")
			ok = false
		}
		if n, known := v.c.info.attrInt(idx, 0); known && n != 0 && n != 1 {
			c.errorf(codes.StageIO, idx.Pos(), "dual-source blending only accepts 0 or 1 as vk::index")
			ok = false
		}
	}
	if !ok {
		return false
	}
	// [[vk::builtin]] gives meaning to any semantic (DrawIndex in MSIn/ASIn).
	if sv.semantic != "" && !strings.HasPrefix(strings.ToUpper(sv.semantic), "SV_") && vkAttr(sv.attrs, "builtin") == nil {
		switch sv.sigPoint {
		case "CSIn", "CSOut", "MSIn", "MSOut", "ASIn", "ASOut":
			// User semantics only exist on the vertex and primitive
			// outputs of a mesh shader, which are MSOut/MSPOut through
			// the 'vertices'/'primitives' objects, not plain parameters.
			if !sv.meshObject {
				c.errorf(codes.StageIO, sv.namePos, "invalid usage of semantic '%s' in shader profile %s", sv.semantic, v.stage.Profile())
				return false
			}
		}
	}
	if base := strings.ToUpper(semanticBase(sv.semantic)); isComputeOnly(base) && vkAttr(sv.attrs, "builtin") == nil {
		// DXIL's signature-point table: thread and group ids are inputs
		// of compute, mesh and amplification shaders only (elsewhere
		// they became GlobalInvocationId in the wrong stage)
		switch sv.sigPoint {
		case "CSIn", "MSIn", "ASIn", "In", "Out": // ("In"/"Out": a stage this table does not cover, a node)
		default:
			c.errorf(codes.StageIO, sv.namePos, "invalid usage of semantic '%s' in shader profile %s", sv.semantic, v.stage.Profile())
			return false
		}
	}
	if strings.HasPrefix(strings.ToUpper(sv.semantic), "SV_") && svCheckedAt[sv.sigPoint] && svInvalidAt(semanticBase(sv.semantic), sv.sigPoint, v.c.smMinor()) {
		// DXC allows the Vulkan-only DrawIndex built-in in MSIn and ASIn.
		drawIndex := false
		if a := vkAttr(sv.attrs, "builtin"); a != nil && len(a.Args) == 1 {
			if lit, ok := a.Args[0].(*ast.BasicLit); ok && strings.Trim(lit.Value, `"`) == "DrawIndex" {
				drawIndex = sv.sigPoint == "MSIn" || sv.sigPoint == "ASIn"
			}
		}
		if !drawIndex {
			c.errorf(codes.StageIO, sv.namePos, "invalid usage of semantic '%s' in shader profile %s", sv.semantic, v.stage.Profile())
			return false
		}
	}
	if !v.validateBuiltinAttr(sv) {
		return false
	}
	if strings.EqualFold(semanticBase(sv.semantic), "SV_InnerCoverage") {
		if t := sv.typ.Canonical(); !t.IsScalar() || t.Scalar() != types.Uint {
			c.errorf(codes.StageIO, sv.namePos, "SV_InnerCoverage must be of uint type.")
			return false
		}
	}
	return true
}

// validateBuiltinAttr is DXC's validateVKBuiltins for [[vk::builtin]].
func (v *vulkanChecker) validateBuiltinAttr(sv stageVar) bool {
	c := v.c
	a := vkAttr(sv.attrs, "builtin")
	if a == nil || len(a.Args) != 1 {
		return true
	}
	lit, isLit := a.Args[0].(*ast.BasicLit)
	if !isLit || lit.Kind != ast.StringLit {
		return true
	}
	builtin := strings.Trim(lit.Value, `"`)
	t := sv.typ.Canonical()
	ok := true
	if vkAttr(sv.attrs, "location") != nil {
		c.errorf(codes.StageIO, a.Pos(), "cannot use vk::builtin and vk::location together")
		ok = false
	}
	isInt32 := t.IsScalar() && (t.Scalar() == types.Int || t.Scalar() == types.Uint)
	switch builtin {
	case "HelperInvocation":
		if !t.IsScalar() || t.Scalar() != types.Bool {
			c.errorf(codes.StageIO, a.Pos(), "HelperInvocation builtin must be of boolean type")
			ok = false
		}
		if sv.sigPoint != "PSIn" {
			c.errorf(codes.StageIO, a.Pos(), "HelperInvocation builtin can only be used as pixel shader input")
			ok = false
		}
	case "PointSize":
		if !t.IsScalar() || !t.Scalar().IsFloat() {
			c.errorf(codes.StageIO, a.Pos(), "PointSize builtin must be of float type")
			ok = false
		}
		switch sv.sigPoint {
		case "VSOut", "HSCPIn", "HSCPOut", "DSCPIn", "DSOut", "GSVIn", "GSOut", "PSIn", "MSOut":
		default:
			c.errorf(codes.StageIO, a.Pos(), "PointSize builtin cannot be used as %s", sv.sigPoint)
			ok = false
		}
	case "BaseVertex", "BaseInstance", "DrawIndex":
		if !isInt32 {
			c.errorf(codes.StageIO, a.Pos(), "%s builtin must be of 32-bit scalar integer type", builtin)
			ok = false
		}
		switch {
		case sv.sigPoint == "VSIn":
		case (sv.sigPoint == "MSIn" || sv.sigPoint == "ASIn") && builtin == "DrawIndex":
		default:
			c.errorf(codes.StageIO, a.Pos(), "%s builtin cannot be used as %s", builtin, sv.sigPoint)
			ok = false
		}
	case "DeviceIndex":
		if !sv.input {
			c.errorf(codes.StageIO, a.Pos(), "%s builtin can only be used as shader input", builtin)
			ok = false
		}
		if !isInt32 {
			c.errorf(codes.StageIO, a.Pos(), "%s builtin must be of 32-bit scalar integer type", builtin)
			ok = false
		}
	}
	return ok
}

// stageVarType checks what DXC checks as it creates the variable: the
// type SV_Position and SV_ClipDistance/SV_CullDistance need, and the
// interpolation of integer values.
func (v *vulkanChecker) stageVarType(sv stageVar) {
	c := v.c
	base := strings.ToUpper(semanticBase(sv.semantic))
	switch {
	case base == "SV_POSITION" && sv.sigPoint == "VSOut":
		if !onlyFloat4(sv.typ, v.c.cfg.Enable16BitTypes) {
			c.errorf(codes.StageIO, sv.namePos, "SV_Position must be a 4-component 32-bit float vector or a composite which recursively contains only such a vector")
		}
	case base == "SV_CLIPDISTANCE" || base == "SV_CULLDISTANCE":
		if !onlyFloats(sv.typ) {
			which := "SV_ClipDistance"
			if base == "SV_CULLDISTANCE" {
				which = "SV_CullDistance"
			}
			c.errorf(codes.StageIO, sv.namePos, "elements for %s variable '%s' must be scalar, vector, or array with float type", which, sv.name)
		}
	}
	// DXC's message also names vertex shader outputs, but its tests accept
	// noperspective integer outputs there: only pixel inputs are judged.
	if v.stage == stage.Pixel && sv.input && base != "SV_BARYCENTRICS" {
		if s := elemOf(sv.typ); s != nil && s.IsNumeric() && !s.Scalar().IsFloat() {
			if hasMod(sv.mods, "linear") || hasMod(sv.mods, "centroid") || hasMod(sv.mods, "noperspective") || hasMod(sv.mods, "sample") {
				c.errorf(codes.StageIO, sv.namePos, "only nointerpolation mode allowed for integer input parameters in pixel shader or integer output in vertex shader")
			}
		}
	}
}

// onlyFloat4 is a float4 of 32-bit floats, or a one-element array or
// one-field struct recursively holding one.
func onlyFloat4(t *types.Type, enable16 bool) bool {
	ct := t.Canonical()
	switch {
	case ct.IsArray():
		return ct.Len() == 1 && onlyFloat4(ct.Elem(), enable16)
	case ct.IsStruct():
		fs := ct.Named().Fields
		return len(fs) == 1 && onlyFloat4(fs[0].Type, enable16)
	case ct.IsVector():
		if ct.VecSize() != 4 {
			return false
		}
		switch ct.Scalar() {
		case types.Float, types.LiteralFloat:
			return true
		case types.HalfPP, types.Min10Float, types.Min16Float, types.Float16:
			return !enable16
		}
	}
	return false
}

// onlyFloats is a float scalar or vector, or an array of them.
func onlyFloats(t *types.Type) bool {
	ct := t.Canonical()
	if ct.IsArray() {
		return onlyFloats(ct.Elem())
	}
	return (ct.IsScalar() || ct.IsVector()) && ct.Scalar().IsFloat()
}

// geometryPrimitives: one input primitive kind and one output stream
// kind; false stops the entry's checks, as in DXC.
func (v *vulkanChecker) geometryPrimitives(f *Func) bool {
	// DXC reports these without a location: the parameter that brings a
	// second kind is pointed at instead.
	inputs := map[string]bool{}
	outputs := map[types.Object]bool{}
	var secondInput, secondOutput diag.Pos
	for i, p := range f.Decl.Params {
		for _, m := range []string{"point", "line", "triangle", "lineadj", "triangleadj"} {
			if hasMod(p.Mods, m) {
				inputs[m] = true
				if len(inputs) == 2 && !secondInput.IsValid() {
					secondInput = p.Pos()
				}
			}
		}
		if i < len(f.Params) {
			if t := elemOf(f.Params[i].typ); t != nil && t.IsObject() && t.Object().Class() == types.ClassStream {
				outputs[t.Object()] = true
				if len(outputs) == 2 && !secondOutput.IsValid() {
					secondOutput = p.Pos()
				}
			}
		}
	}
	if len(inputs) > 1 {
		v.c.errorf(codes.GeometryShaderParam, secondInput, "only one input primitive type can be specified in the geometry shader")
	}
	if len(outputs) > 1 {
		v.c.errorf(codes.GeometryShaderParam, secondOutput, "only one output primitive type can be specified in the geometry shader")
	}
	return len(inputs) <= 1 && len(outputs) <= 1
}

// meshParams checks a mesh shader's output objects against its output
// topology; false stops the entry's checks, as in DXC.
func (v *vulkanChecker) meshParams(f *Func) bool {
	c := v.c
	topology := ""
	for _, a := range f.Decl.Attrs {
		if a.Namespace == "" && strings.EqualFold(a.Name, "outputtopology") && len(a.Args) == 1 {
			if lit, ok := a.Args[0].(*ast.BasicLit); ok && lit.Kind == ast.StringLit {
				topology = strings.Trim(lit.Value, `"`)
			}
		}
	}
	var indexElem *types.Type
	switch topology {
	case "point":
		indexElem = types.ScalarType(types.Uint)
	case "line":
		indexElem = types.Vec(types.Uint, 2)
	case "triangle":
		indexElem = types.Vec(types.Uint, 3)
	default:
		return true // a missing topology is reported with the entry's attributes
	}
	var vertices, indices, primitives int64
	payload := false
	for i, p := range f.Decl.Params {
		if i >= len(f.Params) {
			break
		}
		pv := f.Params[i]
		t := pv.typ.Canonical()
		kind := ""
		for _, m := range []string{"vertices", "indices", "primitives"} {
			if hasMod(p.Mods, m) {
				kind = m
			}
		}
		if kind == "" {
			if hasMod(p.Mods, "payload") {
				if payload {
					c.errorf(codes.MeshShaderParam, pv.pos, "only one object with 'payload' modifier is allowed")
					return false
				}
				payload = true
				if !t.IsStruct() {
					c.errorf(codes.MeshShaderParam, pv.pos, "expected payload of struct type")
					return false
				}
			}
			continue
		}
		if !t.IsArray() || t.Len() <= 0 {
			c.errorf(codes.MeshShaderParam, pv.pos, "expected 1D array of indices/vertices/primitives object")
			return false
		}
		el := t.Elem().Canonical()
		if kind == "indices" {
			if !types.Identical(el, indexElem) {
				c.errorf(codes.MeshShaderParam, pv.pos, "expected 1D array of %s type", indexElem)
				return false
			}
		} else if !el.IsStruct() {
			c.errorf(codes.MeshShaderParam, pv.pos, "expected 1D array of struct type")
			return false
		}
		count := map[string]*int64{"vertices": &vertices, "indices": &indices, "primitives": &primitives}[kind]
		if *count != 0 {
			c.errorf(codes.MeshShaderParam, pv.pos, "only one object with '%s' modifier is allowed", kind)
			return false
		}
		*count = t.Len()
	}
	if vertices == 0 {
		c.errorf(codes.MeshShaderParam, f.pos, "expected vertices object declaration")
		return false
	}
	if indices == 0 {
		c.errorf(codes.MeshShaderParam, f.pos, "expected indices object declaration")
		return false
	}
	if primitives != 0 && primitives != indices {
		c.errorf(codes.MeshShaderParam, f.pos, "array size of primitives object should match 'indices' object")
		return false
	}
	return true
}

// stageLocations checks the stage variables of every entry after all
// code is walked, as DXC assigns locations last: semantics used twice,
// then explicit and implicit locations, inputs before outputs.
func (v *vulkanChecker) stageLocations() {
	for _, input := range []bool{true, false} {
		if !v.semanticDuplication(input) {
			continue
		}
		for _, e := range v.entries {
			if e.stage == stage.Amplification || e.stage.IsRayTracing() {
				continue
			}
			if !v.entryLocations(e, input) {
				break
			}
		}
	}
}

// semanticDuplication reports a semantic used twice among one entry's
// inputs (or outputs).
func (v *vulkanChecker) semanticDuplication(input bool) bool {
	ok := true
	dir := "output"
	if input {
		dir = "input"
	}
	for _, e := range v.entries {
		// Keyed by signature point too: a domain shader's control-point
		// and patch-constant inputs may share a semantic.
		seen := map[string]bool{}
		for _, sv := range e.vars {
			if sv.input != input || sv.semantic == "" {
				continue
			}
			key := sv.sigPoint + " " + sv.semantic
			if seen[key] {
				v.c.errorf(codes.StageIO, sv.semPos, "%s semantic '%s' used more than once", dir, sv.semantic)
				ok = false
			}
			seen[key] = true
		}
	}
	return ok
}

// isBuiltinVar reports a stage variable that becomes a SPIR-V built-in
// (no location).
func (v *vulkanChecker) isBuiltinVar(sv stageVar) bool {
	if vkAttr(sv.attrs, "builtin") != nil {
		return true
	}
	for _, a := range sv.attrs {
		// vk::ext_decorate(BuiltIn = 11 | Location = 30, ...) places it.
		if a.Namespace == "vk" && a.Name == "ext_decorate" {
			if n, ok := v.c.info.attrInt(a, 0); ok && (n == 11 || n == 30) {
				return true
			}
		}
	}
	s := strings.ToUpper(semanticBase(sv.semantic))
	if !strings.HasPrefix(s, "SV_") {
		return false
	}
	switch sv.sigPoint {
	case "VSIn":
		switch s {
		case "SV_VERTEXID", "SV_INSTANCEID", "SV_VIEWID", "SV_STARTVERTEXLOCATION", "SV_STARTINSTANCELOCATION":
			return true
		}
		return false
	case "PSOut":
		return s != "SV_TARGET"
	}
	return true
}

// LocationCount is how many locations a stage variable of type t takes: a
// location per row of a matrix, two for a vector (or row) of three or four
// 64-bit components. (A per-vertex array's variable takes its element's.)
func LocationCount(t *types.Type) int {
	ct := t.Canonical()
	switch {
	case ct.IsArray():
		if ct.Len() > 0 {
			return int(ct.Len()) * LocationCount(ct.Elem())
		}
		return 1
	case ct.IsMatrix() && ct.Rows() > 1 && ct.Cols() > 1:
		return ct.Rows() * LocationCount(types.Vec(ct.Scalar(), ct.Cols()))
	case ct.IsStruct():
		n := 0
		for _, f := range ct.Named().Fields {
			n += LocationCount(f.Type)
		}
		return n
	}
	components := 1
	switch {
	case ct.IsVector():
		components = ct.VecSize()
	case ct.IsMatrix(): // 1xN and Nx1: a vector
		components = ct.Rows() * ct.Cols()
	}
	if ct.Scalar().SPIRVBits() == 64 && components > 2 {
		return 2
	}
	return 1
}

// entryLocations checks one entry's locations in one direction.
func (v *vulkanChecker) entryLocations(e entryVars, input bool) bool {
	c := v.c
	dir := "output"
	if input {
		dir = "input"
	}
	var vars []stageVar
	allExplicit := true
	for _, sv := range e.vars {
		if sv.input != input || v.isBuiltinVar(sv) {
			continue
		}
		vars = append(vars, sv)
		if vkAttr(sv.attrs, "location") == nil {
			allExplicit = false
		}
	}
	if allExplicit {
		type slot struct{ loc, idx int64 }
		used := map[slot]bool{}
		ok := true
		for _, sv := range vars {
			a := vkAttr(sv.attrs, "location")
			loc, known := v.c.info.attrInt(a, 0)
			if !known {
				continue
			}
			idx, _ := v.c.info.attrInt(vkAttr(sv.attrs, "index"), 0)
			for l := loc; l < loc+int64(LocationCount(sv.typ)); l++ {
				if used[slot{l, idx}] {
					// DXC names the entry's stage variable at position idx.
					first := ""
					if idx >= 0 && int(idx) < len(e.vars) {
						first = e.vars[idx].semantic
					}
					c.errorf(codes.StageIO, a.Pos(), "stage %s location #%d already consumed by semantic '%s'", dir, l, first)
					ok = false
				}
				used[slot{l, idx}] = true
			}
		}
		return ok
	}
	targets := map[int]bool{}
	for _, sv := range vars {
		if a := vkAttr(sv.attrs, "location"); a != nil {
			// DXC gives no location; the attribute is the one to look at.
			c.errorf(codes.StageIO, a.Pos(), "partial explicit stage %s location assignment via vk::location(X) unsupported", dir)
			return false
		}
		if !input && e.stage == stage.Pixel && strings.EqualFold(semanticBase(sv.semantic), "SV_Target") {
			n := semanticIndex(sv.semantic)
			if targets[n] {
				c.errorf(codes.StageIO, sv.namePos, "Multiple stage variables have a duplicated pair of location and index at %d / 0", n)
				return false
			}
			targets[n] = true
		}
	}
	return true
}

// stencilAttrs: a pixel shader names at most one stencil reference mode
// per face.
func (v *vulkanChecker) stencilAttrs(f *Func) {
	for _, face := range []string{"front", "back"} {
		// DXC gives no location: the second mode's attribute is pointed at.
		var modes []*ast.Attribute
		for _, a := range f.Decl.Attrs {
			for _, mode := range []string{"unchanged", "greater_equal", "less_equal"} {
				if a.Namespace == "vk" && a.Name == "stencil_ref_"+mode+"_"+face {
					modes = append(modes, a)
				}
			}
		}
		if len(modes) > 1 {
			v.c.errorf(codes.VkAttribute, modes[1].Pos(), "Shaders must not specify more than one of stencil_ref_unchanged_%[1]s, stencil_ref_greater_equal_%[1]s, and stencil_ref_less_equal_%[1]s.", face)
		}
	}
}
