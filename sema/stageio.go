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

// entryVars are the stage variables of each entry, in creation order.
type entryVars struct {
	f     *Func
	stage stage.Stage
	vars  []stageVar
}

// entryInterface checks an entry point's stage-specific parameters and
// its stage variables, in the order DXC's entry wrapper does.
func (v *vulkanChecker) entryInterface(f *Func) {
	if f.Decl == nil || !hasStageIO(v.stage) {
		return // ray tracing and node stages pass payloads and records, not stage variables
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
	if v.stage == stage.Hull && !hasSemanticNamed(vars, "SV_OutputControlPointID") {
		v.c.errorf(codes.StageIO, f.pos, "SV_OutputControlPointID semantic must be provided in hull shader")
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

// stageVars lists an entry's stage variables: parameters in order, then
// the result.
func (v *vulkanChecker) stageVars(f *Func) []stageVar {
	d := f.Decl
	var out []stageVar
	for i, p := range d.Params {
		if i >= len(f.Params) {
			break
		}
		pv := f.Params[i]
		t := pv.typ
		if t == nil || t.Kind() == types.Invalid || hasMod(p.Mods, "uniform") {
			continue
		}
		name := pv.name
		sv := stageVar{name: name, namePos: pv.pos, attrs: p.Attrs, mods: p.Mods, typ: t}
		if s := semanticName(p.Semantics); s != nil {
			sv.semantic, sv.semPos = s.Name, semanticNamePos(s)
		}
		switch {
		case hasMod(p.Mods, "indices") || hasMod(p.Mods, "payload"):
			continue // built-ins and the payload block have no semantic
		case hasMod(p.Mods, "vertices"):
			sv.meshObject = true
			out = v.flatten(out, sv, elemOf(t), false, "MSOut")
			continue
		case hasMod(p.Mods, "primitives"):
			sv.meshObject = true
			out = v.flatten(out, sv, elemOf(t), false, "MSPOut")
			continue
		}
		if ct := elemOf(t); ct != nil && ct.IsObject() {
			switch ct.Object().Class() {
			case types.ClassStream:
				out = v.flatten(out, sv, ct.Elem(), false, "GSOut")
			case types.ClassPatch:
				sig := "HSCPIn"
				if v.stage == stage.Domain {
					sig = "DSCPIn"
				}
				out = v.flatten(out, sv, ct.Elem(), true, sig)
			}
			continue // other objects are not stage variables
		}
		in := !hasMod(p.Mods, "out") || hasMod(p.Mods, "inout") || hasMod(p.Mods, "in")
		outDir := hasMod(p.Mods, "out") || hasMod(p.Mods, "inout")
		if in {
			out = v.flatten(out, sv, t, true, v.sigPoint(true, t))
		}
		if outDir {
			out = v.flatten(out, sv, t, false, v.sigPoint(false, t))
		}
	}
	if f.Result != nil && !f.Result.IsVoid() && f.Result.Kind() != types.Invalid {
		sv := stageVar{name: f.name, namePos: f.pos, attrs: d.Attrs, mods: d.Mods, typ: f.Result}
		if s := semanticName(d.Semantics); s != nil {
			sv.semantic, sv.semPos = s.Name, semanticNamePos(s)
		}
		out = v.flatten(out, sv, f.Result, false, v.sigPoint(false, f.Result))
	}
	return out
}

// flatten adds sv (of type t) as one stage variable when it has a
// semantic, or one per field of a struct without one.
func (v *vulkanChecker) flatten(out []stageVar, sv stageVar, t *types.Type, input bool, sig string) []stageVar {
	sv.input, sv.sigPoint = input, sig
	if t != nil {
		sv.typ = t
	}
	if sv.semantic != "" {
		return append(out, sv)
	}
	st := elemOf(sv.typ)
	if st == nil || !st.IsStruct() || st.Named() == nil {
		return out // no semantic: reported as missing elsewhere
	}
	for _, fld := range st.Named().Fields {
		fd, ok := fld.Decl.(*ast.VarDecl)
		if !ok || fd.Name == nil {
			continue
		}
		child := stageVar{name: fld.Name, namePos: fd.Name.Pos(), attrs: fd.Attrs, mods: fd.Mods, typ: fld.Type, meshObject: sv.meshObject}
		if s := semanticName(fd.Semantics); s != nil {
			child.semantic, child.semPos = s.Name, semanticNamePos(s)
		}
		out = v.flatten(out, child, nil, input, sig)
	}
	return out
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

// computeOnly are the system values only compute-like stages have.
var computeOnly = map[string]bool{
	"SV_DISPATCHTHREADID": true, "SV_GROUPID": true, "SV_GROUPTHREADID": true, "SV_GROUPINDEX": true,
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
	if base := strings.ToUpper(semanticBase(sv.semantic)); computeOnly[base] && vkAttr(sv.attrs, "builtin") == nil {
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

// locationCount is how many locations a stage variable of type t takes.
func locationCount(t *types.Type) int {
	ct := t.Canonical()
	switch {
	case ct.IsArray():
		if ct.Len() > 0 {
			return int(ct.Len()) * locationCount(ct.Elem())
		}
		return 1
	case ct.IsMatrix():
		return ct.Rows() * locationCount(types.Vec(ct.Scalar(), ct.Cols()))
	case ct.IsVector():
		if ct.Scalar().SPIRVBits() == 64 && ct.VecSize() > 2 {
			return 2
		}
		return 1
	case ct.IsStruct():
		n := 0
		for _, f := range ct.Named().Fields {
			n += locationCount(f.Type)
		}
		return n
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
			for l := loc; l < loc+int64(locationCount(sv.typ)); l++ {
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
