package wgsl

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Entry point I/O (the seed spirv-io-variables-to-wgsl.md). SPIR-V's Input
// and Output variables become private variables, so the translated code
// uses them unchanged; each entry point gets a wrapper with the WGSL
// stage attribute whose parameters (@builtin, @location) are copied into
// the input variables, which calls the translated entry function, and
// which returns the output variables in a struct. Where a WGSL builtin's
// type differs (signedness, the sample mask's one-element array) the
// wrapper converts. From gl_PerVertex only the position is an output; a
// point size must be the constant 1.0.

type builtinInfo struct {
	name   string
	typ    string
	stages string // v, f, c: where WGSL has it
	in     bool   // an input (else an output)
	enable string
}

var builtins = &lazy[map[spv.BuiltIn]builtinInfo]{make: func() map[spv.BuiltIn]builtinInfo {
	return map[spv.BuiltIn]builtinInfo{
		spv.BuiltInFragCoord:                 {"position", "vec4<f32>", "f", true, ""},
		spv.BuiltInVertexIndex:               {"vertex_index", "u32", "v", true, ""},
		spv.BuiltInInstanceIndex:             {"instance_index", "u32", "v", true, ""},
		spv.BuiltInFrontFacing:               {"front_facing", "bool", "f", true, ""},
		spv.BuiltInSampleId:                  {"sample_index", "u32", "f", true, ""},
		spv.BuiltInLocalInvocationId:         {"local_invocation_id", "vec3<u32>", "c", true, ""},
		spv.BuiltInLocalInvocationIndex:      {"local_invocation_index", "u32", "c", true, ""},
		spv.BuiltInGlobalInvocationId:        {"global_invocation_id", "vec3<u32>", "c", true, ""},
		spv.BuiltInWorkgroupId:               {"workgroup_id", "vec3<u32>", "c", true, ""},
		spv.BuiltInNumWorkgroups:             {"num_workgroups", "vec3<u32>", "c", true, ""},
		spv.BuiltInSubgroupSize:              {"subgroup_size", "u32", "fc", true, "subgroups"},
		spv.BuiltInSubgroupLocalInvocationId: {"subgroup_invocation_id", "u32", "fc", true, "subgroups"},
		spv.BuiltInSubgroupId:                {"subgroup_id", "u32", "c", true, "subgroups"},
		spv.BuiltInNumSubgroups:              {"num_subgroups", "u32", "c", true, "subgroups"},
		spv.BuiltInPrimitiveId:               {"primitive_index", "u32", "f", true, "primitive_index"},
		spv.BuiltInPosition:                  {"position", "vec4<f32>", "v", false, ""},
		spv.BuiltInFragDepth:                 {"frag_depth", "f32", "f", false, ""},
	}
}}

// ioItem is one WGSL entry point parameter or result member.
type ioItem struct {
	attr string // "@builtin(x)" or "@location(n) ..."
	name string
	typ  string
	// access is the pseudo variable's part it copies (for inputs, the
	// assignment target; for outputs, the value).
	access string
	// convert wraps the copy for builtins whose type differs.
	convert func(string) string
	loc     int // -1 for builtins
	interp  string
	// comp is the first component a Component-decorated part takes, scal
	// and n its scalar type and width (merged by mergeComponents).
	comp, n int
	scal    scalar
	// parts are the variables an input merged from several components
	// is copied to, with the components each takes (".x", ".yz").
	parts []ioPart
	// also is a second variable an input is copied to (the subgroup lane
	// the translation keeps for itself).
	also string
	// from, for an input WebGPU does not pass to the entry point (the base
	// vertex and instance), is the expression it is read from instead of a
	// parameter.
	from string
}

// entryWrapper writes the WGSL entry point for an OpEntryPoint.
func (t *translator) entryWrapper(ep *builder.Inst) string {
	t.cur = ep
	t.curFunc = nil
	model := spv.ExecutionModel(ep.Operands[0].Word)
	name := t.epNames[ep]
	info := EntryPoint{Name: name, SPIRVName: ep.Operands[2].Str(), Stage: stageName(model)}
	ins, outs := t.entryIO(ep, model)
	params, body, inStruct := t.wrapperInputs(ins, model, name, &info)
	attr := t.stageAttribute(ep, model, &info)
	body = append(body, t.funcNames[ep.Operands[1].ID()]+"();")
	var w writer
	ret := ""
	if len(outs) > 0 {
		sname := t.names.unique(name + "_out")
		members, values := t.wrapperOutputs(outs, model, &info)
		w.line(fmt.Sprintf("struct %s {\n%s\n}\n", sname, strings.Join(members, "\n")))
		ret = " -> " + sname
		body = append(body, fmt.Sprintf("return %s(%s);", sname, strings.Join(values, ", ")))
	}
	if inStruct != "" {
		w.line(fmt.Sprintf("struct %s {\n  %s,\n}\n", inStruct, strings.Join(params, ",\n  ")))
		params = []string{"in : " + inStruct}
	}
	w.line(attr)
	w.line(fmt.Sprintf("fn %s(%s)%s {", name, strings.Join(params, ", "), ret))
	w.indent++
	for _, s := range body {
		w.line(s)
	}
	w.indent--
	w.line("}")
	t.result.EntryPoints = append(t.result.EntryPoints, info)
	t.cur = nil
	return w.b.String()
}

// entryIO flattens an entry point's interface variables into its inputs
// and outputs, with the builtins the translation needs for itself and
// the position a WGSL vertex shader must write.
func (t *translator) entryIO(ep *builder.Inst, model spv.ExecutionModel) (ins, outs []ioItem) {
	for _, g := range t.interfaceVars(ep) {
		t.cur = g.inst
		if g.sc == spv.StorageClassInput {
			ins = append(ins, t.ioItems(g, g.pointee, primary(g.name), model, true, -1, layoutPath{})...)
		} else {
			outs = append(outs, t.ioItems(g, g.pointee, primary(g.name), model, false, -1, layoutPath{})...)
		}
	}
	t.cur = ep
	ins, outs = t.mergeComponents(ins, true), t.mergeComponents(outs, false)
	if t.laneVar != "" && model != spv.ExecutionModelVertex {
		// The subgroup lane, for ballot scans (sync.go).
		ins = alsoInput(ins, "subgroup_invocation_id", t.laneVar)
	}
	if t.quads.index != "" && model == spv.ExecutionModelGLCompute {
		// The local invocation index, for quad exchanges (quad.go).
		ins = alsoInput(ins, "local_invocation_index", t.quads.index)
	}
	if model == spv.ExecutionModelVertex {
		hasPos := false
		for _, o := range outs {
			hasPos = hasPos || o.attr == "@builtin(position)"
		}
		if !hasPos {
			// WGSL vertex shaders must write a position; Vulkan leaves it
			// undefined when the shader does not.
			outs = append(outs, ioItem{attr: "@builtin(position)", name: "position", typ: "vec4<f32>", access: "vec4<f32>()", loc: -1})
		}
	}
	return ins, outs
}

// alsoInput copies the u32 input builtin to variable v too, adding the
// builtin when the shader does not read it.
func alsoInput(ins []ioItem, builtin, v string) []ioItem {
	attr := "@builtin(" + builtin + ")"
	for i := range ins {
		if ins[i].attr == attr {
			ins[i].also = v
			return ins
		}
	}
	return append(ins, ioItem{attr: attr, name: builtin, typ: "u32", access: v, loc: -1})
}

// wrapperInputs spells the wrapper's parameters and the statements
// copying them (or the inputs WebGPU does not pass, from where they are)
// into the pseudo input variables; more than WGSL's 255 parameters come
// in a struct, inStruct.
func (t *translator) wrapperInputs(ins []ioItem, model spv.ExecutionModel, name string, info *EntryPoint) (params, body []string, inStruct string) {
	if len(ins) > 255 {
		inStruct = t.names.unique(name + "_in")
	}
	for i := range ins {
		it := &ins[i]
		if it.from != "" {
			body = append(body, fmt.Sprintf("%s = %s;", it.access, it.converted(it.from)))
			continue
		}
		pname := t.names.unique(it.name + "_param")
		attrs := it.attr
		if it.interp != "" && model == spv.ExecutionModelFragment {
			attrs += " @interpolate(" + it.interp + ")"
		}
		params = append(params, fmt.Sprintf("%s %s : %s", attrs, pname, it.typ))
		v := pname
		if inStruct != "" {
			v = "in." + pname
		}
		v = it.converted(v)
		if it.parts != nil {
			for _, p := range it.parts {
				body = append(body, fmt.Sprintf("%s = %s%s;", p.access, v, p.swizzle))
			}
		} else {
			body = append(body, fmt.Sprintf("%s = %s;", it.access, v))
		}
		if it.also != "" {
			body = append(body, fmt.Sprintf("%s = %s;", it.also, v))
		}
		if it.loc >= 0 {
			interp := ""
			if model == spv.ExecutionModelFragment {
				interp = it.interp
			}
			info.Inputs = append(info.Inputs, IO{Location: uint32(it.loc), Type: it.typ, Interpolate: interp})
		}
	}
	return params, body, inStruct
}

// stageAttribute spells the wrapper's stage attribute (with the
// workgroup size) and checks the execution modes.
func (t *translator) stageAttribute(ep *builder.Inst, model spv.ExecutionModel, info *EntryPoint) string {
	t.checkExecutionModes(ep, model)
	switch model {
	case spv.ExecutionModelVertex:
		return "@vertex"
	case spv.ExecutionModelFragment:
		return "@fragment"
	case spv.ExecutionModelGLCompute:
		size := t.workgroupSize(ep)
		info.WorkgroupSize = size
		return fmt.Sprintf("@compute @workgroup_size(%s, %s, %s)", size[0], size[1], size[2])
	}
	return ""
}

// wrapperOutputs spells the result struct's members and the values
// returned in them.
func (t *translator) wrapperOutputs(outs []ioItem, model spv.ExecutionModel, info *EntryPoint) (members, values []string) {
	seen := map[string]bool{}
	for i := range outs {
		o := &outs[i]
		mn := o.name
		for k := 1; seen[mn]; k++ {
			mn = fmt.Sprintf("%s_%d", o.name, k)
		}
		seen[mn] = true
		attrs := o.attr
		if o.interp != "" && model == spv.ExecutionModelVertex {
			attrs += " @interpolate(" + o.interp + ")"
		}
		members = append(members, fmt.Sprintf("  %s %s : %s,", attrs, mn, o.typ))
		values = append(values, o.converted(o.access))
		switch {
		case o.loc >= 0 && model == spv.ExecutionModelFragment:
			info.Outputs = append(info.Outputs, IO{Location: uint32(o.loc), Type: o.typ})
		case o.loc >= 0:
			info.Outputs = append(info.Outputs, IO{Location: uint32(o.loc), Type: o.typ, Interpolate: o.interp})
		case o.attr == "@builtin(frag_depth)":
			info.FragDepth = true
		}
	}
	return members, values
}

// converted is v converted by the item's conversion, if any.
func (it *ioItem) converted(v string) string {
	if it.convert != nil {
		return it.convert(v)
	}
	return v
}

type ioPart struct{ access, swizzle string }

// mergeComponents merges the location parts that share a location through
// Component decorations (DXC's -pack-optimized) into one vector per
// location: an input is copied to its parts by swizzles, an output built
// from them, components no part takes being zero.
func (t *translator) mergeComponents(items []ioItem, in bool) []ioItem {
	byLoc := map[int][]int{}
	merge := map[int]bool{}
	for i, it := range items {
		if it.loc < 0 || it.scal == sNone || strings.Contains(it.attr, "@blend_src") {
			continue // dual-source blending outputs share location 0 by Index
		}
		byLoc[it.loc] = append(byLoc[it.loc], i)
		if it.comp > 0 || len(byLoc[it.loc]) > 1 {
			merge[it.loc] = true
		}
	}
	var out []ioItem
	done := map[int]bool{}
	for _, it := range items {
		if it.loc < 0 || !merge[it.loc] {
			out = append(out, it)
			continue
		}
		if done[it.loc] {
			continue
		}
		done[it.loc] = true
		group := byLoc[it.loc]
		width := 0
		owner := make([]int, 4)
		for i := range owner {
			owner[i] = -1
		}
		for _, k := range group {
			p := items[k]
			switch {
			case p.scal.isWide() || p.comp+p.n > 4:
				t.unsupported("a 64-bit value sharing location %d with others (WGSL has one variable per location)", it.loc)
			case p.scal != it.scal:
				t.unsupported("location %d shared by components of types %s and %s (WGSL has one variable per location)", it.loc, it.scal, p.scal)
			case p.interp != it.interp:
				t.unsupported("location %d shared by components interpolated differently (WGSL has one variable per location)", it.loc)
			}
			for c := p.comp; c < p.comp+p.n; c++ {
				if owner[c] >= 0 {
					t.fail("two variables take component %d of location %d", c, it.loc)
				}
				owner[c] = k
			}
			width = max(width, p.comp+p.n)
		}
		m := it
		m.comp, m.n, m.typ = 0, width, vecText(it.scal, width)
		m.name = fmt.Sprintf("location_%d", it.loc)
		m.access = ""
		if in {
			for _, k := range group {
				p := items[k]
				m.parts = append(m.parts, ioPart{p.access, "." + "xyzw"[p.comp:p.comp+p.n]})
			}
		} else {
			var comps []expr
			for c := 0; c < width; c++ {
				switch k := owner[c]; {
				case k < 0:
					comps = append(comps, t.number(it.scal, 0))
				case items[k].n == 1:
					comps = append(comps, primary(items[k].access))
				default:
					comps = append(comps, postfix(primary(items[k].access), "."+"xyzw"[c-items[k].comp:c-items[k].comp+1]))
				}
			}
			m.access = call(m.typ, comps...).text
		}
		out = append(out, m)
	}
	return out
}

// layoutPath carries a location-decorated struct member's decorations down
// to its flattened parts.
type layoutPath struct {
	flat, noPersp, centroid, sample bool
	// blendSrc is a dual-source blending output's Index plus one (0: none).
	blendSrc int8
	// component is the Component decoration's first component.
	component int
}

// ioItems flattens an interface variable (or a part of it: typ at access)
// into WGSL parameters or result members. loc is the location the part
// starts at (-1: read it from the decorations).
func (t *translator) ioItems(g *global, typ builder.ID, access expr, model spv.ExecutionModel, in bool, loc int, lp layoutPath) []ioItem {
	if loc < 0 {
		if b, ok := t.decoration(g.id, spv.DecorationBuiltIn); ok && len(b) > 0 {
			return t.builtinItem(g, spv.BuiltIn(b[0].Word), typ, access, model, in, -1)
		}
		lp = t.interpolation(g.id, -1, lp)
		if l, ok := t.decoration(g.id, spv.DecorationLocation); ok && len(l) > 0 {
			loc = int(l[0].Word)
		}
		if t.hasDecoration(g.id, spv.DecorationPerVertexKHR) {
			// Only the provoking vertex's value reaches WGSL, as a flat
			// input (WGSL's flat is the first vertex's, Vulkan's default
			// provoking vertex): the shader may read vertex 0 only.
			elem := t.perVertexElem(g)
			lp.flat = true
			return t.ioItems(g, elem, postfix(access, "[0]"), model, in, loc, lp)
		}
		if c, ok := t.decoration(g.id, spv.DecorationComponent); ok && len(c) > 0 {
			lp.component = int(c[0].Word)
		}
		if idx, ok := t.decoration(g.id, spv.DecorationIndex); ok && len(idx) > 0 && !in {
			// Dual-source blending: the blend source of location 0.
			if model != spv.ExecutionModelFragment || loc != 0 || idx[0].Word > 1 {
				t.fail("an Index decoration other than 0 or 1 on a fragment output at location 0")
			}
			lp.blendSrc = int8(idx[0].Word) + 1
		}
	}
	v := t.typ(typ)
	switch {
	case v.op == spv.OpTypeStruct:
		var out []ioItem
		for i, m := range v.members {
			macc := postfix(access, "."+t.structDecls[typ].members[i].name)
			if b, ok := t.memberDecoration(typ, i, spv.DecorationBuiltIn); ok && len(b) > 0 {
				out = append(out, t.builtinItem(g, spv.BuiltIn(b[0].Word), m, macc, model, in, i)...)
				continue
			}
			mloc := loc
			if l, ok := t.memberDecoration(typ, i, spv.DecorationLocation); ok && len(l) > 0 {
				mloc = int(l[0].Word)
			}
			if mloc < 0 {
				t.fail("interface member %d of %s has no location", i, g.name)
			}
			mlp := t.interpolation(typ, i, lp)
			if c, ok := t.memberDecoration(typ, i, spv.DecorationComponent); ok && len(c) > 0 {
				mlp.component = int(c[0].Word)
			}
			items := t.ioItems(g, m, macc, model, in, mloc, mlp)
			out = append(out, items...)
			loc = mloc + t.locationsUsed(m)
		}
		return out
	case v.op == spv.OpTypeArray || v.isMatrix():
		if loc < 0 {
			t.fail("interface variable %s has no location", g.name)
		}
		var out []ioItem
		for i := 0; i < v.n; i++ {
			items := t.ioItems(g, v.elem, postfix(access, fmt.Sprintf("[%d]", i)), model, in, loc, lp)
			out = append(out, items...)
			loc += t.locationsUsed(v.elem)
		}
		return out
	case v.isScalar() || v.isVector():
		if loc < 0 {
			t.fail("interface variable %s has neither a location nor a builtin", g.name)
		}
		if v.comp == sBool {
			t.fail("a bool interface variable")
		}
		if model == spv.ExecutionModelGLCompute {
			t.fail("a location interface variable in a compute shader")
		}
		interp := ""
		if !(model == spv.ExecutionModelVertex && in) && !(model == spv.ExecutionModelFragment && !in) {
			interp = lp.text(v.comp.isInt())
		}
		name := sanitize(strings.ReplaceAll(access.text, ".", "_"))
		attr := fmt.Sprintf("@location(%d)", loc)
		if lp.blendSrc > 0 {
			attr += fmt.Sprintf(" @blend_src(%d)", lp.blendSrc-1)
			t.enable("dual_source_blending")
		}
		n := 1
		if v.isVector() {
			n = v.n
		}
		return []ioItem{{attr: attr, name: name, typ: v.text, access: access.text, loc: loc, interp: interp, comp: lp.component, n: n, scal: v.comp}}
	}
	t.unsupported("an interface variable of type %s", v.text)
	return nil
}

// perVertexElem checks that a per-vertex input (an array over the
// primitive's vertices) is read at vertex 0 only, through constant access
// chains, and returns its element type; the other vertices WGSL cannot
// give.
func (t *translator) perVertexElem(g *global) builder.ID {
	v := t.typ(g.pointee)
	if v.op != spv.OpTypeArray {
		t.fail("a per-vertex input that is not an array")
	}
	for _, u := range t.du.Users(g.id) {
		if u.Block == nil || u.Block.Func == nil || !t.reachable[u.Block.Func.Def.Result] || u.Op == spv.OpEntryPoint {
			continue
		}
		chain := (u.Op == spv.OpAccessChain || u.Op == spv.OpInBoundsAccessChain) && len(u.Operands) > 1 && u.Operands[0].ID() == g.id
		if c, ok := uint64(1), false; chain {
			c, ok = t.constUint(u.Operands[1].ID())
			chain = ok && c == 0
		}
		if !chain {
			t.withStore(storeSite{inst: u}, func() {
				t.unsupported("per-vertex fragment inputs (GetAttributeAtVertex) read at a vertex other than the first (WGSL gives a fragment the provoking vertex's value only)")
			})
		}
	}
	return v.elem
}

func (lp layoutPath) text(isInt bool) string {
	switch {
	case lp.flat || isInt:
		return "flat"
	}
	kind := "perspective"
	if lp.noPersp {
		kind = "linear"
	}
	switch {
	case lp.sample:
		return kind + ", sample"
	case lp.centroid:
		return kind + ", centroid"
	case lp.noPersp:
		return kind
	}
	return ""
}

// interpolation adds the interpolation decorations of a variable (member
// -1) or struct member.
func (t *translator) interpolation(id builder.ID, member int, lp layoutPath) layoutPath {
	has := func(d spv.Decoration) bool {
		if member < 0 {
			return t.hasDecoration(id, d)
		}
		return t.hasMemberDecoration(id, member, d)
	}
	lp.flat = lp.flat || has(spv.DecorationFlat)
	lp.noPersp = lp.noPersp || has(spv.DecorationNoPerspective)
	lp.centroid = lp.centroid || has(spv.DecorationCentroid)
	lp.sample = lp.sample || has(spv.DecorationSample)
	if member >= 0 && has(spv.DecorationPerVertexKHR) {
		t.unsupported("per-vertex fragment inputs (GetAttributeAtVertex)")
	}
	return lp
}

// locationsUsed is how many locations a type takes.
func (t *translator) locationsUsed(typ builder.ID) int {
	v := t.typ(typ)
	switch v.op {
	case spv.OpTypeArray, spv.OpTypeMatrix:
		return v.n * t.locationsUsed(v.elem)
	case spv.OpTypeStruct:
		n := 0
		for _, m := range v.members {
			n += t.locationsUsed(m)
		}
		return n
	}
	return 1
}

// builtinItem maps a builtin variable (member -1) or a member of a
// gl_PerVertex-like block.
func (t *translator) builtinItem(g *global, b spv.BuiltIn, typ builder.ID, access expr, model spv.ExecutionModel, in bool, member int) []ioItem {
	v := t.typ(typ)
	switch b {
	case spv.BuiltInPointSize:
		if !in {
			t.checkPointSize(g)
		}
		return nil
	case spv.BuiltInClipDistance:
		if in || model != spv.ExecutionModelVertex {
			t.unsupported("clip distances as a fragment shader input (WGSL has clip_distances as a vertex output only)")
		}
		if !t.isWritten(g, member) {
			return nil
		}
		if v.op != spv.OpTypeArray || v.n > 8 {
			t.unsupported("clip distances of type %s (WGSL has up to 8)", v.text)
		}
		t.enable("clip_distances")
		return []ioItem{{attr: "@builtin(clip_distances)", name: "clip_distances", typ: v.text, access: access.text, loc: -1}}
	case spv.BuiltInCullDistance:
		if !in && t.isWritten(g, member) {
			t.unsupported("cull distances")
		}
		return nil
	case spv.BuiltInSampleMask:
		if model != spv.ExecutionModelFragment {
			t.fail("SampleMask outside a fragment shader")
		}
		if v.op != spv.OpTypeArray || v.n != 1 {
			t.unsupported("a sample mask of type %s (WGSL has one 32-bit word)", v.text)
		}
		es := t.typ(v.elem).comp
		item := ioItem{attr: "@builtin(sample_mask)", name: "sample_mask", typ: "u32", loc: -1}
		if in {
			item.access = access.text + "[0]"
			item.convert = func(s string) string { return t.castTo(primary(s), t.pseudoType(sU32, 1), es).text }
		} else {
			item.access = access.text + "[0]"
			item.convert = func(s string) string { return t.castTo(primary(s), t.pseudoType(es, 1), sU32).text }
		}
		return []ioItem{item}
	}
	if _, ok := drawParameterFields.get()[b]; ok {
		return t.drawParameterItem(b, typ, access, model)
	}
	if (b == spv.BuiltInLayer || b == spv.BuiltInViewportIndex) && in && model == spv.ExecutionModelFragment {
		// WebGPU's one pre-rasterization stage, the vertex shader, cannot
		// write them, so a fragment reads 0 (the first layer and viewport).
		item := ioItem{name: strings.ToLower(b.String()), typ: "u32", access: access.text, loc: -1, from: "0u"}
		item.convert = t.builtinConversion(b, typ, "u32", true)
		return []ioItem{item}
	}
	bi, ok := builtins.get()[b]
	if !ok || bi.in != in {
		dir := "output"
		if in {
			dir = "input"
		}
		if b == spv.BuiltInPosition && in {
			t.unsupported("a position input to a %s shader", stageName(model))
		}
		t.unsupported("the %s builtin %s", dir, b)
	}
	stage := map[spv.ExecutionModel]string{spv.ExecutionModelVertex: "v", spv.ExecutionModelFragment: "f", spv.ExecutionModelGLCompute: "c"}[model]
	if !strings.Contains(bi.stages, stage) {
		t.unsupported("the builtin %s in a %s shader", b, stageName(model))
	}
	if bi.enable != "" {
		t.enable(bi.enable)
	}
	item := ioItem{attr: "@builtin(" + bi.name + ")", name: bi.name, typ: bi.typ, access: access.text, loc: -1}
	item.convert = t.builtinConversion(b, typ, bi.typ, in)
	return []ioItem{item}
}

// builtinConversion converts between a builtin as the SPIR-V declares it
// (typ) and WGSL's type for it (wtyp), which may differ in signedness; nil
// when they are the same.
func (t *translator) builtinConversion(b spv.BuiltIn, typ builder.ID, wtyp string, in bool) func(string) string {
	v := t.typ(typ)
	if v.text == wtyp {
		return nil
	}
	s, n := t.scalarOf(typ)
	ws := map[string]scalar{"u32": sU32, "vec3<u32>": sU32, "bool": sBool, "f32": sF32, "vec4<f32>": sF32}[wtyp]
	wn := map[string]int{"u32": 1, "vec3<u32>": 3, "bool": 1, "f32": 1, "vec4<f32>": 4}[wtyp]
	if n != wn || !s.isInt() || !ws.isInt() {
		t.unsupported("the builtin %s declared as %s (WGSL's is %s)", b, v.text, wtyp)
	}
	if in {
		return func(x string) string { return t.castTo(primary(x), t.pseudoType(ws, wn), s).text }
	}
	return func(x string) string { return t.castTo(primary(x), typ, ws).text }
}

// drawParameterFields are the draw parameters WebGPU does not give a
// shader, as the members of the uniform buffer drawParameters declares:
// SPV_KHR_shader_draw_parameters' (its vertex_index and instance_index
// include the base vertex and instance but do not give them apart), and
// the view index (WebGPU has no multiview: each view is a pass of its
// own).
var drawParameterFields = &lazy[map[spv.BuiltIn]string]{make: func() map[spv.BuiltIn]string {
	return map[spv.BuiltIn]string{
		spv.BuiltInBaseVertex:   "base_vertex",
		spv.BuiltInBaseInstance: "base_instance",
		spv.BuiltInDrawIndex:    "draw_index",
		spv.BuiltInViewIndex:    "view_index",
	}
}}

// drawParameterItem reads a draw parameter from the uniform buffer the
// application fills (drawParameters).
func (t *translator) drawParameterItem(b spv.BuiltIn, typ builder.ID, access expr, model spv.ExecutionModel) []ioItem {
	if model != spv.ExecutionModelVertex && !(b == spv.BuiltInViewIndex && model == spv.ExecutionModelFragment) {
		t.unsupported("the builtin %s in a %s shader", b, stageName(model))
	}
	field := drawParameterFields.get()[b]
	item := ioItem{name: field, typ: "u32", access: access.text, loc: -1, from: t.drawParameters() + "." + field}
	item.convert = t.builtinConversion(b, typ, "u32", true)
	return []ioItem{item}
}

// drawParameters declares, once, the uniform buffer holding the draw's
// parameters (BaseVertex, BaseInstance, DrawIndex, ViewIndex) at a free
// binding of group 0, as Tint and naga do for their first_vertex and
// first_instance: base_vertex is the draw's firstVertex, or baseVertex
// (vertexOffset) for an indexed draw, as its 32-bit two's complement;
// base_instance its firstInstance; draw_index the index of the draw in a
// multi-draw (0 otherwise); view_index the view the pass renders. It
// returns the variable's name.
func (t *translator) drawParameters() string {
	if t.drawParams != "" {
		return t.drawParams
	}
	t.drawParams = t.names.uniqueGlobal("draw_parameters")
	st := t.names.uniqueGlobal("DrawParameters")
	bb := t.bindExtra(t.drawParams, 0, "the draw's parameters (u32 base_vertex, base_instance, draw_index, view_index), which the application writes", Binding{Element: -1, DrawParameters: true})
	t.decls = append(t.decls, fmt.Sprintf("struct %s {\n  base_vertex : u32,\n  base_instance : u32,\n  draw_index : u32,\n  view_index : u32,\n}\n", st),
		fmt.Sprintf("@group(0) @binding(%d) var<uniform> %s : %s;\n", bb, t.drawParams, st))
	return t.drawParams
}

// isWritten reports whether the translated code stores into g, or into
// its member (member >= 0; a store of the whole variable counts).
func (t *translator) isWritten(g *global, member int) bool {
	for _, s := range t.storesInto(g.id) {
		if member < 0 || len(s.path) == 0 {
			return true
		}
		if c, ok := t.constUint(s.path[0]); !ok || int(c) == member {
			return true
		}
	}
	return false
}

// storesInto returns the OpStores (and other writes) through pointers
// into variable v, with the access chain indices leading there.
func (t *translator) storesInto(v builder.ID) []storeSite {
	var out []storeSite
	var walk func(ptr builder.ID, path []builder.ID, depth int)
	walk = func(ptr builder.ID, path []builder.ID, depth int) {
		if depth > 32 {
			return
		}
		for _, u := range t.du.Users(ptr) {
			if u.Block == nil || u.Block.Func == nil || !t.reachable[u.Block.Func.Def.Result] {
				continue
			}
			switch u.Op {
			case spv.OpStore, spv.OpCopyMemory:
				if len(u.Operands) > 0 && u.Operands[0].ID() == ptr {
					out = append(out, storeSite{u, path})
				}
			case spv.OpAccessChain, spv.OpInBoundsAccessChain:
				if u.Operands[0].ID() == ptr {
					var p []builder.ID
					for _, o := range u.Operands[1:] {
						p = append(p, o.ID())
					}
					walk(u.Result, append(append([]builder.ID(nil), path...), p...), depth+1)
				}
			case spv.OpCopyObject:
				walk(u.Result, path, depth+1)
			case spv.OpFunctionCall:
				out = append(out, storeSite{u, path})
			default:
				if isAtomicOp(u.Op) || u.Op == spv.OpExtInst {
					out = append(out, storeSite{u, path})
				}
			}
		}
	}
	walk(v, nil, 0)
	return out
}

type storeSite struct {
	inst *builder.Inst
	path []builder.ID
}

// checkPointSize enforces WGSL's rule that the point size is 1.0: every
// store to a PointSize builtin must store the constant 1.0.
func (t *translator) checkPointSize(g *global) {
	member := -1
	if st := t.typ(g.pointee); st.op == spv.OpTypeStruct {
		for i := range st.members {
			if b, ok := t.memberDecoration(g.pointee, i, spv.DecorationBuiltIn); ok && len(b) > 0 && spv.BuiltIn(b[0].Word) == spv.BuiltInPointSize {
				member = i
			}
		}
	}
	for _, s := range t.storesInto(g.id) {
		if member >= 0 {
			if len(s.path) == 0 {
				t.withStore(s, func() { t.unsupported("a store of the whole gl_PerVertex (the point size must be the constant 1.0)") })
			}
			if c, ok := t.constUint(s.path[0]); !ok || int(c) != member {
				continue
			}
		}
		if s.inst.Op != spv.OpStore {
			t.withStore(s, func() { t.unsupported("a point size written by %s (it must be the constant 1.0)", s.inst.Op) })
		}
		bits, ok := t.constBits(s.inst.Operands[1].ID())
		if !ok || uint32(bits) != 0x3f800000 {
			t.withStore(s, func() { t.unsupported("a point size other than the constant 1.0") })
		}
	}
}

func (t *translator) withStore(s storeSite, fn func()) {
	saved := t.cur
	t.cur = s.inst
	fn()
	t.cur = saved
}

// convergenceObserver returns the first instruction of the translated
// functions that sees which invocations execute together (a subgroup,
// quad or derivative operation, an implicit level of detail), or 0.
func (t *translator) convergenceObserver() spv.Op {
	in := t.firstReachable(func(in *builder.Inst) bool {
		name := in.Op.String()
		_, derivative := derivativeNames.get()[in.Op]
		return derivative || strings.HasPrefix(name, "OpGroup") || strings.HasPrefix(name, "OpSubgroup") ||
			strings.HasSuffix(name, "ImplicitLod") || in.Op == spv.OpImageQueryLod
	})
	if in == nil {
		return 0
	}
	return in.Op
}

// firstReachable returns the first instruction of a function an entry
// point reaches for which match holds, or nil.
func (t *translator) firstReachable(match func(*builder.Inst) bool) *builder.Inst {
	for _, f := range t.m.Functions {
		if !t.reachable[f.Def.Result] {
			continue
		}
		for in := range f.Insts() {
			if match(in) {
				return in
			}
		}
	}
	return nil
}

// earlyTestsObserver names what would let a fragment shader observe that
// its depth and stencil tests run before it (EarlyFragmentTests), or
// returns "". Without it WGSL's tests may run after the shader, which
// nothing can tell apart from before when the shader neither discards,
// nor outputs depth, stencil reference or sample mask (which the tests
// would have to wait for), nor reads the sample mask, nor writes memory
// other invocations see (whose writes would show which fragments failed
// the tests).
func (t *translator) earlyTestsObserver(ep *builder.Inst) string {
	if bi, ok := t.interfaceBuiltin(ep, spv.BuiltInFragDepth, spv.BuiltInSampleMask, spv.BuiltInFragStencilRefEXT); ok {
		return "uses the builtin " + bi.String()
	}
	in := t.firstReachable(func(in *builder.Inst) bool {
		switch in.Op {
		case spv.OpKill, spv.OpTerminateInvocation, spv.OpDemoteToHelperInvocation, spv.OpImageWrite:
			return true
		case spv.OpStore, spv.OpCopyMemory, spv.OpCopyMemorySized:
			return t.sharedPointer(in.Operands[0].ID())
		}
		return strings.HasPrefix(in.Op.String(), "OpAtomic")
	})
	if in != nil {
		return "has " + in.Op.String()
	}
	return ""
}

// floatOperation returns the first instruction of a reachable function
// that computes with floats of the width in params (a float-controls
// execution mode's operand), or 0: what merely moves a value (loads,
// stores, copies, composites, phis, calls) computes nothing.
func (t *translator) floatOperation(params []builder.Operand) spv.Op {
	if len(params) == 0 {
		t.fail("a float-controls execution mode without its width")
		return 0
	}
	width := params[0].Word
	isFloat := func(typ builder.ID) bool {
		for range 4 {
			d := t.du.Def(typ)
			switch {
			case d == nil:
				return false
			case d.Op == spv.OpTypeFloat:
				return len(d.Operands) > 0 && d.Operands[0].Word == width
			case d.Op == spv.OpTypeVector || d.Op == spv.OpTypeMatrix:
				typ = d.Operands[0].ID()
			default:
				return false
			}
		}
		return false
	}
	in := t.firstReachable(func(in *builder.Inst) bool {
		switch in.Op {
		case spv.OpLoad, spv.OpStore, spv.OpCopyObject, spv.OpCopyMemory, spv.OpCompositeExtract,
			spv.OpCompositeConstruct, spv.OpCompositeInsert, spv.OpVectorShuffle, spv.OpPhi, spv.OpFunctionCall,
			spv.OpFunctionParameter, spv.OpReturnValue, spv.OpVariable, spv.OpAccessChain, spv.OpInBoundsAccessChain,
			spv.OpUndef, spv.OpLine, spv.OpNoLine:
			return false
		}
		if isFloat(in.Type) {
			return true
		}
		for _, o := range in.Operands {
			if o.Kind == spv.KindIdRef {
				if d := t.du.Def(o.ID()); d != nil && isFloat(d.Type) {
					return true
				}
			}
		}
		return false
	})
	if in == nil {
		return 0
	}
	return in.Op
}

// interfaceBuiltin returns the first of the builtins want that a
// variable of entry point ep's interface is.
func (t *translator) interfaceBuiltin(ep *builder.Inst, want ...spv.BuiltIn) (spv.BuiltIn, bool) {
	for _, o := range ep.Operands[3:] {
		if b, ok := t.decoration(o.ID(), spv.DecorationBuiltIn); ok && len(b) > 0 && slices.Contains(want, spv.BuiltIn(b[0].Word)) {
			return spv.BuiltIn(b[0].Word), true
		}
	}
	return 0, false
}

// sharedPointer reports whether ptr points into memory other invocations
// see: buffers and images.
func (t *translator) sharedPointer(ptr builder.ID) bool {
	d := t.def(t.typeOfValue(ptr))
	if d.Op != spv.OpTypePointer && d.Op != spv.OpTypeUntypedPointerKHR || len(d.Operands) == 0 {
		return true
	}
	switch spv.StorageClass(d.Operands[0].Word) {
	case spv.StorageClassFunction, spv.StorageClassPrivate, spv.StorageClassOutput, spv.StorageClassWorkgroup:
		return false
	}
	return true
}

// workgroupSize returns a compute entry point's @workgroup_size arguments.
func (t *translator) workgroupSize(ep *builder.Inst) [3]string {
	// A WorkgroupSize builtin constant wins over the execution modes.
	for _, in := range t.m.Globals {
		if b, ok := t.decoration(in.Result, spv.DecorationBuiltIn); ok && len(b) > 0 && spv.BuiltIn(b[0].Word) == spv.BuiltInWorkgroupSize {
			if in.Op != spv.OpConstantComposite && in.Op != spv.OpSpecConstantComposite || len(in.Operands) != 3 {
				t.fail("the WorkgroupSize builtin is not a composite of three constants")
			}
			var out [3]string
			for i, o := range in.Operands {
				out[i] = t.sizeArg(o.ID())
			}
			return out
		}
	}
	fn := ep.Operands[1].ID()
	for _, em := range t.m.ExecutionModes {
		if len(em.Operands) < 2 || em.Operands[0].ID() != fn {
			continue
		}
		mode := spv.ExecutionMode(em.Operands[1].Word)
		p := em.Operands[1].Params()
		switch {
		case mode == spv.ExecutionModeLocalSize && len(p) == 3:
			return [3]string{fmt.Sprint(p[0].Word), fmt.Sprint(p[1].Word), fmt.Sprint(p[2].Word)}
		case mode == spv.ExecutionModeLocalSizeId && len(p) == 3:
			return [3]string{t.sizeArg(p[0].ID()), t.sizeArg(p[1].ID()), t.sizeArg(p[2].ID())}
		}
	}
	if em := t.findModeID(fn, spv.ExecutionModeLocalSizeId); em != nil {
		p := em.Operands[2:]
		if len(p) == 3 {
			return [3]string{t.sizeArg(p[0].ID()), t.sizeArg(p[1].ID()), t.sizeArg(p[2].ID())}
		}
	}
	t.fail("compute entry point %s has no workgroup size", ep.Operands[2].Str())
	return [3]string{}
}

func (t *translator) findModeID(fn builder.ID, mode spv.ExecutionMode) *builder.Inst {
	for _, em := range t.m.ExecutionModes {
		if em.Op == spv.OpExecutionModeId && len(em.Operands) >= 2 && em.Operands[0].ID() == fn && spv.ExecutionMode(em.Operands[1].Word) == mode {
			return em
		}
	}
	return nil
}

// sizeArg spells a workgroup size component: a literal, or an override.
func (t *translator) sizeArg(id builder.ID) string {
	d := t.def(id)
	switch d.Op {
	case spv.OpConstant:
		n, _ := t.constUint(id)
		return fmt.Sprint(uint32(n))
	case spv.OpSpecConstant, spv.OpSpecConstantOp:
		return t.override(id)
	}
	t.fail("a workgroup size that is a %s", d.Op)
	return ""
}

// checkExecutionModes refuses execution modes WGSL has no counterpart for.
func (t *translator) checkExecutionModes(ep *builder.Inst, model spv.ExecutionModel) {
	fn := ep.Operands[1].ID()
	for _, em := range t.m.ExecutionModes {
		if len(em.Operands) < 2 || em.Operands[0].ID() != fn {
			continue
		}
		t.cur = em
		switch mode := spv.ExecutionMode(em.Operands[1].Word); mode {
		case spv.ExecutionModeOriginUpperLeft, spv.ExecutionModeLocalSize, spv.ExecutionModeLocalSizeId,
			spv.ExecutionModeDepthReplacing, spv.ExecutionModeDepthGreater, spv.ExecutionModeDepthLess,
			spv.ExecutionModeDepthUnchanged, spv.ExecutionModeEarlyAndLateFragmentTestsAMD,
			spv.ExecutionModeStencilRefUnchangedFrontAMD, spv.ExecutionModeStencilRefGreaterFrontAMD,
			spv.ExecutionModeStencilRefLessFrontAMD, spv.ExecutionModeStencilRefUnchangedBackAMD,
			spv.ExecutionModeStencilRefGreaterBackAMD, spv.ExecutionModeStencilRefLessBackAMD:
			// Depth and stencil modes are promises that only permit
			// optimisations; WGSL infers what it needs from the shader.
		case spv.ExecutionModeDerivativeGroupQuadsKHR, spv.ExecutionModeDerivativeGroupLinearKHR:
			// Quads of local invocations, for derivatives and quad
			// operations (quad.go).
		case spv.ExecutionModeMaximallyReconvergesKHR:
			// Only subgroup, quad and derivative operations see which
			// invocations run together.
			if op := t.convergenceObserver(); op != 0 {
				t.unsupported("the execution mode MaximallyReconvergesKHR with %s (WGSL does not promise maximal reconvergence)", op)
			}
		case spv.ExecutionModeDenormPreserve, spv.ExecutionModeDenormFlushToZero, spv.ExecutionModeSignedZeroInfNanPreserve,
			spv.ExecutionModeRoundingModeRTE, spv.ExecutionModeRoundingModeRTZ:
			// Float controls govern floating-point operations; WGSL's
			// cannot be controlled, so only a module without any on
			// floats of the mode's width keeps them.
			if op := t.floatOperation(em.Operands[1].Params()); op != 0 {
				t.unsupported("the execution mode %s with %s (WGSL's floating-point operations have no such control)", mode, op)
			}
		case spv.ExecutionModeOriginLowerLeft:
			t.unsupported("a lower-left fragment coordinate origin (WebGPU's is upper left)")
		case spv.ExecutionModeEarlyFragmentTests:
			if what := t.earlyTestsObserver(ep); what != "" {
				t.unsupported("forcing early fragment tests ([earlydepthstencil]) in a fragment shader that %s", what)
			}
		case spv.ExecutionModePostDepthCoverage:
			// Only the sample mask input sees the coverage after the tests.
			if _, ok := t.interfaceBuiltin(ep, spv.BuiltInSampleMask); ok {
				t.unsupported("the execution mode PostDepthCoverage with the builtin SampleMask")
			}
		default:
			t.unsupported("the execution mode %s", mode)
		}
	}
	t.cur = nil
}
