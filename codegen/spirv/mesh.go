package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/sema/stage"
	"slices"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Mesh (ms) and amplification (as) shaders, as DXC lowers them
// (docs/SPIR-V.rst, "Mesh and Amplification Shaders"):
//
//   - SPV_EXT_mesh_shader (MeshEXT, TaskEXT) when the target is SPIR-V 1.4
//     or later and no extension list is given, or when the list names it;
//     SPV_NV_mesh_shader (MeshNV, TaskNV) otherwise.
//   - `out vertices` and `out primitives` arrays of structs become one
//     arrayed Output variable per field (built-ins included; the primitive
//     ones PerPrimitiveEXT); `out indices` becomes the
//     Primitive{Point,Line,Triangle}IndicesEXT built-in (NV: a flat
//     PrimitiveIndicesNV uint array). The entry's parameters still get
//     their param.var temporaries, but every assignment through them is
//     redirected to the stage variables (meshAssign), as DXC does.
//   - The payload: EXT keeps it whole in TaskPayloadWorkgroupEXT (the
//     groupshared variable given to DispatchMesh, the `in payload`
//     parameter); NV flattens it into PerTaskNV variables with Offsets.
//   - SetMeshOutputCounts is OpSetMeshOutputsEXT (NV: PrimitiveCountNV);
//     DispatchMesh is a group barrier then OpEmitMeshTasksEXT (NV: the
//     payload fields and TaskCountNV are written).

// meshState is the mesh/amplification state of the entry being emitted.
type meshState struct {
	ext bool
	// blocks are the vertices and primitives outputs: their leaves (one
	// per field with a semantic, path from the element struct).
	blocks map[string]*meshBlock
	// indices is the primitive indices built-in; perPrim its vertices per
	// primitive (1, 2 or 3).
	indices builder.ID
	perPrim int
	// payloads are the groupshared variables handed to DispatchMesh.
	payloads map[*sema.Var]bool
	// late are the stage variables created while the entry's functions
	// are emitted (TaskCountNV, PrimitiveCountNV, NV payload outputs).
	late []*stageVar
	// nvPayload are the PerTaskNV outputs DispatchMesh writes (NV).
	nvPayload []payloadField
}

type meshBlock struct {
	elem   *types.Type
	leaves []ioLeaf
}

// isMeshStage reports whether the entry is a mesh or amplification shader.
func (e *emitter) isMeshStage() bool { return e.stage().IsMeshLike() }

// meshInfo returns the mesh state, creating it on first use.
func (e *emitter) meshInfo() *meshState {
	if e.io.mesh != nil {
		return e.io.mesh
	}
	ext := e.opts.Version >= spv.Version1_4
	if len(e.opts.Extensions) > 0 {
		ext = slices.Contains(e.opts.Extensions, "SPV_EXT_mesh_shader")
	}
	e.io.mesh = &meshState{ext: ext, blocks: map[string]*meshBlock{}, payloads: map[*sema.Var]bool{}}
	if e.stage() == stage.Amplification {
		ast.Inspect(e.file, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && len(c.Args) == 4 {
				if m := e.info.CallOf(c); m != nil && m.ID == intrinsics.DispatchMesh {
					if ne, ok := unparen(c.Args[3]).(*ast.NameExpr); ok {
						if v, ok := e.info.ObjectOf(ne).(*sema.Var); ok {
							e.io.mesh.payloads[v] = true
						}
					}
				}
			}
			return true
		})
	}
	return e.io.mesh
}

// meshModel is the execution model of a mesh or amplification entry.
func (e *emitter) meshModel() spv.ExecutionModel {
	m := e.meshInfo()
	if m.ext && e.opts.Version < spv.Version1_4 {
		e.errorf(e.pos, "SPV_EXT_mesh_shader requires SPIR-V 1.4 or later (-fspv-target-env=vulkan1.1spirv1.4 or above)")
	}
	switch {
	case e.stage() == stage.Mesh && m.ext:
		return spv.ExecutionModelMeshEXT
	case e.stage() == stage.Mesh:
		return spv.ExecutionModelMeshNV
	case m.ext:
		return spv.ExecutionModelTaskEXT
	}
	return spv.ExecutionModelTaskNV
}

// meshDerivatives gives a mesh or amplification shader that uses
// derivatives its derivative group execution mode: SPV_KHR_compute_shader_
// derivatives, which works with SPV_EXT_mesh_shader only (NV gets none, as
// in DXC). Linear when the group is a row of quads (x a multiple of 4, y
// and z 1), else 2D quads.
func (e *emitter) meshDerivatives() {
	if !e.meshInfo().ext {
		return
	}
	e.b.Extension("SPV_KHR_compute_shader_derivatives")
	n := e.entry.numThreads
	if n[0]%4 == 0 && n[1] == 1 && n[2] == 1 {
		e.b.Capability(spv.CapabilityComputeDerivativeGroupLinearKHR)
		e.b.ExecutionMode(e.entry.id, spv.ExecutionModeDerivativeGroupLinearKHR)
		return
	}
	e.b.Capability(spv.CapabilityComputeDerivativeGroupQuadsKHR)
	e.b.ExecutionMode(e.entry.id, spv.ExecutionModeDerivativeGroupQuadsKHR)
}

// meshModes adds a mesh shader's execution modes after LocalSize: the
// output topology, then the vertex and primitive counts.
func (e *emitter) meshModes(entry *sema.Func) {
	if e.stage() != stage.Mesh {
		return
	}
	for _, a := range e.attrs(entry.Decl) {
		if strings.EqualFold(a.Name, "outputtopology") && len(a.Args) == 1 {
			if topology, ok := a.Text(0); ok {
				switch topology {
				case "point":
					e.b.ExecutionMode(e.entry.id, spv.ExecutionModeOutputPoints)
				case "line":
					e.b.ExecutionMode(e.entry.id, spv.ExecutionModeOutputLinesEXT)
				case "triangle":
					e.b.ExecutionMode(e.entry.id, spv.ExecutionModeOutputTrianglesEXT)
				}
			}
		}
	}
	var verts, prims uint32
	for _, pf := range e.stageIOOf(entry).Params {
		switch pf.Shape {
		case sema.IOMeshVertices:
			verts = uint32(pf.ArrayLen)
		case sema.IOMeshPrimitives, sema.IOMeshIndices:
			prims = uint32(pf.ArrayLen)
		}
	}
	e.b.ExecutionMode(e.entry.id, spv.ExecutionModeOutputVertices, verts)
	e.b.ExecutionMode(e.entry.id, spv.ExecutionModeOutputPrimitivesEXT, prims)
}

// meshOutput creates the stage variables of a mesh output parameter p of
// the given kind; leavesOf creates the arrayed variables of its element's
// leaves (those sema flattened).
func (e *emitter) meshOutput(kind string, p *sema.Var, leavesOf func() []ioLeaf, vars *[]*stageVar) {
	m := e.meshInfo()
	pt := p.Type().Canonical()
	n := int(pt.Len())
	elem := pt.Elem()
	if kind == "indices" {
		per := 1
		if elem.Canonical().IsVector() {
			per = elem.Canonical().VecSize()
		}
		m.perPrim = per
		var bi spv.BuiltIn
		var vt builder.ID
		if m.ext {
			bi = [...]spv.BuiltIn{1: spv.BuiltInPrimitivePointIndicesEXT, 2: spv.BuiltInPrimitiveLineIndicesEXT, 3: spv.BuiltInPrimitiveTriangleIndicesEXT}[per]
			vt = e.b.TypeArrayN(e.typeID(elem.WithScalar(types.Uint)), uint32(n), 0)
		} else {
			bi = spv.BuiltInPrimitiveIndicesNV
			vt = e.b.TypeArrayN(e.typeID(types.ScalarType(types.Uint)), uint32(n*per), 0)
		}
		m.indices = e.meshBuiltinOut(bi, vt, vars)
		return
	}
	e.io.ioArray = n
	before := len(*vars)
	leaves := leavesOf()
	e.io.ioArray = 0
	// an arrayed output takes the locations of one element
	for _, sv := range (*vars)[before:] {
		for _, l := range leaves {
			if l.v == sv.id && !sv.builtin {
				sv.slots = sema.LocationCount(l.varType)
			}
		}
		if kind == "primitives" {
			e.decorateNext(sv.id, spv.DecorationPerPrimitiveEXT)
		}
	}
	m.blocks[kind] = &meshBlock{elem: elem, leaves: leaves}
}

// meshLateVars are the stage variables created after the wrapper.
func (e *emitter) meshLateVars() []*stageVar {
	if e.io.mesh == nil {
		return nil
	}
	return e.io.mesh.late
}

// meshBuiltinOut creates an Output built-in of type vt, listed among the
// stage variables.
func (e *emitter) meshBuiltinOut(bi spv.BuiltIn, vt builder.ID, vars *[]*stageVar) builder.ID {
	key := builtinKey{bi, false}
	if id, ok := e.io.builtinVars[key]; ok {
		return id
	}
	id := e.b.GlobalVariable(e.b.TypePointer(spv.StorageClassOutput, vt), spv.StorageClassOutput, "", 0)
	setKey(&e.io.builtinVars, key, id)
	e.b.Decorate(id, spv.DecorationBuiltIn, builder.Enum(bi))
	*vars = append(*vars, &stageVar{id: id, builtin: true, location: -1})
	return id
}

// decorateNext decorates id, placing the decoration right after id's
// other decorations, where DXC writes it.
func (e *emitter) decorateNext(id builder.ID, d spv.Decoration, args ...builder.Operand) {
	e.b.Decorate(id, d, args...)
	an := e.b.M.Annotations
	last := len(an) - 1
	at := -1
	for i := range last {
		if target(an[i]) == id {
			at = i
		}
	}
	if at < 0 || at == last-1 {
		return
	}
	in := an[last]
	copy(an[at+2:], an[at+1:last])
	an[at+1] = in
}

// meshPayloadIn creates the stage input of a mesh shader's `in payload`
// parameter: the TaskPayloadWorkgroupEXT struct (EXT) or one PerTaskNV
// Input per field (NV).
func (e *emitter) meshPayloadIn(p *sema.Var, vars *[]*stageVar) []ioLeaf {
	t := p.Type()
	if e.meshInfo().ext {
		sc := spv.StorageClassTaskPayloadWorkgroupEXT
		id := e.b.GlobalVariable(e.ptrType(sc, t, layout.Void), sc, "in.var."+p.Name(), 0)
		*vars = append(*vars, &stageVar{id: id, in: true, builtin: true, location: -1})
		return []ioLeaf{{typ: t, varType: t, v: id}}
	}
	var leaves []ioLeaf
	for i, f := range e.payloadFields(t, spv.StorageClassInput, "in.var.", vars) {
		leaves = append(leaves, ioLeaf{path: []uint32{uint32(i)}, typ: f.typ, varType: f.typ, v: f.id})
	}
	return leaves
}

type payloadField struct {
	id  builder.ID
	typ *types.Type
}

// payloadFields creates NV's flattened payload: one PerTaskNV variable per
// field of t, with the field's std430 offset.
func (e *emitter) payloadFields(t *types.Type, sc spv.StorageClass, prefix string, vars *[]*stageVar) []payloadField {
	c := t.Canonical()
	if !c.IsStruct() || c.Named().Base != nil {
		e.errorf(e.pos, "a mesh payload of type %s is not supported yet by the SPIR-V backend (it must be a struct without bases)", t)
	}
	sl := e.lowering.calc.Struct(c, layout.VkStd430)
	var out []payloadField
	for i, f := range c.Named().Fields {
		id := e.b.GlobalVariable(e.ptrType(sc, f.Type, layout.Void), sc, prefix+f.Name, 0)
		e.b.Decorate(id, spv.DecorationPerTaskNV)
		e.b.Decorate(id, spv.DecorationOffset, builder.Lit(sl.Members[i].Offset))
		*vars = append(*vars, &stageVar{id: id, in: sc == spv.StorageClassInput, builtin: true, location: -1})
		out = append(out, payloadField{id, f.Type})
	}
	return out
}

// groupSharedClass is the storage class of a groupshared variable: an
// amplification shader's EXT payload lives in TaskPayloadWorkgroupEXT.
func (e *emitter) groupSharedClass(v *sema.Var) spv.StorageClass {
	if e.stage() == stage.Amplification && e.meshInfo().ext && e.io.mesh.payloads[v] {
		return spv.StorageClassTaskPayloadWorkgroupEXT
	}
	return spv.StorageClassWorkgroup
}

// meshIntrinsic emits SetMeshOutputCounts and DispatchMesh.
func (e *emitter) meshIntrinsic(x *ast.CallExpr, id intrinsics.ID) value {
	m := e.meshInfo()
	u := types.ScalarType(types.Uint)
	void := rv(0, types.VoidType())
	if id == intrinsics.SetMeshOutputCounts {
		if e.stage() != stage.Mesh {
			e.errorf(x.Pos(), "SetMeshOutputCounts is only allowed in mesh shaders")
		}
		if m.ext {
			nv := e.rvalueAs(x.Args[0], u)
			np := e.rvalueAs(x.Args[1], u)
			e.fb.Emit(spv.OpSetMeshOutputsEXT, 0, builder.Ref(nv), builder.Ref(np))
			return void
		}
		np := e.rvalueAs(x.Args[1], u)
		e.fb.Store(e.meshBuiltinOut(spv.BuiltInPrimitiveCountNV, e.typeID(u), &e.io.mesh.late), np)
		return void
	}
	if e.stage() != stage.Amplification {
		e.errorf(x.Pos(), "DispatchMesh is only allowed in amplification shaders")
	}
	e.barrier(true, 2, 0x108)
	pv := e.expr(x.Args[3])
	if !pv.ptr || pv.sc != spv.StorageClassWorkgroup && pv.sc != spv.StorageClassTaskPayloadWorkgroupEXT || len(pv.idx) > 0 {
		e.errorf(x.Args[3].Pos(), "expected groupshared object as argument to DispatchMesh()")
	}
	payload := e.load(pv)
	if !m.ext {
		if m.nvPayload == nil {
			m.nvPayload = e.payloadFields(pv.typ, spv.StorageClassOutput, "out.var.", &m.late)
		}
		for i, f := range m.nvPayload {
			e.fb.Store(f.id, e.fb.CompositeExtract(e.typeID(f.typ), payload, uint32(i)))
		}
	}
	tx := e.rvalueAs(x.Args[0], u)
	ty := e.rvalueAs(x.Args[1], u)
	tz := e.rvalueAs(x.Args[2], u)
	if m.ext {
		// a terminator: what follows is unreachable and not emitted
		e.fb.Emit(spv.OpEmitMeshTasksEXT, 0, builder.Ref(tx), builder.Ref(ty), builder.Ref(tz), builder.Ref(pv.id))
		return void
	}
	ut := e.typeID(u)
	yz := e.fb.Emit(spv.OpIMul, ut, builder.Ref(ty), builder.Ref(tz))
	n := e.fb.Emit(spv.OpIMul, ut, builder.Ref(tx), builder.Ref(yz))
	e.fb.Store(e.meshBuiltinOut(spv.BuiltInTaskCountNV, ut, &e.io.mesh.late), n)
	return void
}

// meshAssign emits an assignment to a mesh output (verts[i].f,
// verts[i].f.yz, verts[i], ind[i], ind[i].x...): the value is stored
// straight into the stage variables, as DXC does; ok is false when the
// left side is not a mesh output.
func (e *emitter) meshAssign(x *ast.AssignExpr) (value, bool) {
	if e.stage() != stage.Mesh || e.io.mesh == nil {
		return value{}, false
	}
	l := x.L
	var comps []int
	lt := e.typeOf(l)
	if me, ok := unparen(l).(*ast.MemberExpr); ok {
		if sw := e.info.SwizzleOf(me); sw != nil {
			if bt := e.typeOf(me.X).Canonical(); !bt.IsVector() && !bt.IsScalar() {
				return value{}, false
			}
			comps = sw.Indices
			l = me.X
		}
	}
	bottom, steps := e.collect(l)
	kind := e.meshOutOf(bottom)
	if kind == "" || len(steps) == 0 || steps[0].kind != stepArray {
		return value{}, false
	}
	if x.Op != ast.Assign {
		if kind == "indices" || len(steps) == 1 {
			e.unsupported(x, "a compound assignment to a mesh shader output")
		}
		return value{}, false // through the stage variable (meshOutputBase)
	}
	var r builder.ID
	if il, ok := x.R.(*ast.InitList); ok {
		r = e.initList(lt, il.Elems)
	} else {
		r = e.rvalueAs(x.R, lt)
	}
	ids := e.stepIndices(steps)
	vt := e.typeOf(l)
	store := func(val builder.ID, t *types.Type, comp []builder.ID) {
		if kind == "indices" {
			e.storeMeshIndices(ids, steps, val, t, comp)
			return
		}
		e.storeMeshBlock(e.io.mesh.blocks[kind], ids, steps, val, t, comp)
	}
	switch {
	case comps == nil:
		store(r, vt, nil)
	case len(comps) == 1:
		store(r, lt, []builder.ID{e.b.ConstUint32(uint32(comps[0]))})
	default:
		st := types.ScalarType(lt.Canonical().Scalar())
		for i, c := range comps {
			x := e.fb.CompositeExtract(e.typeID(st), r, uint32(i))
			store(x, st, []builder.ID{e.b.ConstUint32(uint32(c))})
		}
	}
	return rv(r, lt), true
}

// meshOutputBase reads a mesh output in place: for verts[i].f... (steps
// and their evaluated ids from collect) it returns the field's stage
// variable indexed by i and how many steps that consumed (0: x is not a
// mesh output read this way). Reading the parameter itself, as DXC does,
// would give values never written.
func (e *emitter) meshOutputBase(bottom ast.Expr, steps []accessStep, ids []builder.ID) (value, int) {
	if e.stage() != stage.Mesh || e.io.mesh == nil || len(steps) == 0 || steps[0].kind != stepArray {
		return value{}, 0
	}
	kind := e.meshOutOf(bottom)
	switch kind {
	case "":
		return value{}, 0
	case "indices":
		if !e.io.mesh.ext {
			e.unsupported(bottom, "reading the primitive indices of an NV mesh shader")
		}
		return value{id: e.io.mesh.indices, typ: steps[0].typ, ptr: true, sc: spv.StorageClassOutput, idx: []builder.ID{ids[0]}}, 1
	}
	b := e.io.mesh.blocks[kind]
	path, st, k := e.meshFieldPath(b, steps)
	for _, l := range b.leaves {
		if pathKey(l.path) != pathKey(path) {
			continue
		}
		if l.clip != nil || l.varType.Canonical() != st.Canonical() {
			e.unsupported(bottom, "reading "+st.String()+" mesh output "+steps[k-1].name+" in place")
		}
		return value{id: l.v, typ: st, ptr: true, sc: spv.StorageClassOutput, idx: []builder.ID{ids[0]}}, k
	}
	return value{}, 0
}

// meshOutOf is the kind of mesh output x (a parameter) is, or "" (helper
// functions take the entry's outputs as parameters of the same kind).
func (e *emitter) meshOutOf(x ast.Expr) string {
	ne, ok := unparen(x).(*ast.NameExpr)
	if !ok {
		return ""
	}
	v, ok := e.info.ObjectOf(ne).(*sema.Var)
	if !ok {
		return ""
	}
	pd, ok := v.Decl.(*ast.Param)
	if !ok {
		return ""
	}
	for _, k := range []string{"vertices", "primitives", "indices"} {
		if hasModifier(pd.Mods, k) {
			return k
		}
	}
	return ""
}

// storeMeshIndices stores into the primitive indices: ids[0] is the
// primitive, a vector subscript or comp one of its vertices.
func (e *emitter) storeMeshIndices(ids []builder.ID, steps []accessStep, val builder.ID, t *types.Type, comp []builder.ID) {
	m := e.io.mesh
	if len(steps) > 1 && steps[1].kind == stepVecMat {
		comp = []builder.ID{ids[1]}
	}
	u := types.ScalarType(types.Uint)
	ut := e.typeID(u)
	uptr := e.b.TypePointer(spv.StorageClassOutput, ut)
	val = e.convert(val, t, t.WithScalar(types.Uint))
	prim := ids[0]
	if m.ext {
		if comp != nil {
			e.fb.Store(e.fb.AccessChain(uptr, m.indices, prim, comp[0]), val)
			return
		}
		et := types.ScalarType(types.Uint)
		if m.perPrim > 1 {
			et = types.Vec(types.Uint, m.perPrim)
		}
		e.fb.Store(e.fb.AccessChain(e.b.TypePointer(spv.StorageClassOutput, e.typeID(et)), m.indices, prim), val)
		return
	}
	// NV: one flat array, perPrim entries per primitive
	if m.perPrim == 1 {
		e.fb.Store(e.fb.AccessChain(uptr, m.indices, prim), val)
		return
	}
	if n, ok := e.info.IntValue(steps[0].index); ok {
		prim = e.b.ConstUint32(uint32(n)) // a literal index takes the uint type of the product
	} else {
		prim = e.convert(prim, e.indexTypeOf(steps[0]), u)
	}
	base := e.fb.Emit(spv.OpIMul, ut, builder.Ref(prim), builder.Ref(e.b.ConstUint32(uint32(m.perPrim))))
	if comp != nil {
		at := e.fb.Emit(spv.OpIAdd, ut, builder.Ref(base), builder.Ref(comp[0]))
		e.fb.Store(e.fb.AccessChain(uptr, m.indices, at), val)
		return
	}
	for i := range m.perPrim {
		at := base
		if i > 0 {
			at = e.fb.Emit(spv.OpIAdd, ut, builder.Ref(base), builder.Ref(e.b.ConstUint32(uint32(i))))
		}
		p := e.fb.AccessChain(uptr, m.indices, at)
		e.fb.Store(p, e.fb.CompositeExtract(ut, val, uint32(i)))
	}
}

// indexTypeOf is the type of an array step's index as arrayIndex
// evaluates it.
func (e *emitter) indexTypeOf(s accessStep) *types.Type {
	t := concreteType(e.indexType(s.index))
	if !t.Scalar().IsInteger() {
		return types.ScalarType(types.Uint)
	}
	return t
}

// meshFieldPath follows the field steps after a vertices or primitives
// output's element index: the member path, the type reached and the first
// step after the fields.
func (e *emitter) meshFieldPath(b *meshBlock, steps []accessStep) (path []uint32, st *types.Type, k int) {
	st = b.elem
	for k = 1; k < len(steps) && steps[k].kind == stepField; k++ {
		i, ft := e.fieldIndex(st, steps[k].name)
		path = append(path, uint32(i))
		st = ft
	}
	return path, st, k
}

// storeMeshBlock stores into a vertices or primitives output: ids[0] is
// the element, the field steps select the stage variable, the rest (and
// comp) index into it.
func (e *emitter) storeMeshBlock(b *meshBlock, ids []builder.ID, steps []accessStep, val builder.ID, t *types.Type, comp []builder.ID) {
	path, _, k := e.meshFieldPath(b, steps)
	var rest []builder.ID
	for ; k < len(steps); k++ {
		if steps[k].kind == stepField {
			e.unsupported(nil, "a struct inside an array of a mesh output")
		}
		if steps[k].kind != stepNone {
			rest = append(rest, ids[k])
		}
	}
	rest = append(rest, comp...)
	e.storeMeshPath(b, path, ids[0], rest, val, t)
}

// fieldIndex is the SPIR-V member index of field name in struct st (bases
// first) and its type.
func (e *emitter) fieldIndex(st *types.Type, name string) (int, *types.Type) {
	nd := st.Canonical().Named()
	off := 0
	if nd.Base != nil {
		off = 1
	}
	for i, f := range nd.Fields {
		if f.Name == name {
			return i + off, f.Type
		}
	}
	if nd.Base != nil {
		_, ft := e.fieldIndex(nd.Base, name)
		e.unsupported(nil, "a base class field of a mesh output")
		return 0, ft
	}
	e.errorf(e.pos, "internal compiler error: no field %s in %s", name, st)
	return 0, nil
}

// storeMeshPath stores val (of type t) at path inside element elem of a
// mesh output block, indexed further by rest.
func (e *emitter) storeMeshPath(b *meshBlock, path []uint32, elem builder.ID, rest []builder.ID, val builder.ID, t *types.Type) {
	key := pathKey(path)
	for _, l := range b.leaves {
		if pathKey(l.path) != key {
			continue
		}
		if l.clip != nil {
			e.storeMeshClip(l, elem, rest, val, t)
			return
		}
		vt := t
		if len(rest) == 0 {
			vt = l.varType
			val = e.convert(val, t, vt)
		} else if t.Canonical().Scalar().IsBool() && !l.varType.Canonical().Scalar().IsBool() {
			vt = t.WithScalar(types.Uint)
			val = e.convert(val, t, vt)
		}
		if l.invertY && len(rest) == 0 {
			val = e.invertY(val, vt)
		}
		idx := append([]builder.ID{elem}, rest...)
		e.fb.Store(e.fb.AccessChain(e.b.TypePointer(spv.StorageClassOutput, e.typeID(vt)), l.v, idx...), val)
		return
	}
	c := t.Canonical()
	if len(rest) > 0 || !c.IsStruct() {
		e.errorf(e.pos, "internal compiler error: no mesh output at %v", path)
	}
	for i, mt := range e.structMembers(c) {
		x := e.fb.CompositeExtract(e.typeID(mt), val, uint32(i))
		e.storeMeshPath(b, append(append([]uint32(nil), path...), uint32(i)), elem, nil, x, mt)
	}
}

// storeMeshClip stores into a clip or cull distance of a vertex: its
// components are elements of the vertex's float array, from the
// semantic's offset.
func (e *emitter) storeMeshClip(l ioLeaf, elem builder.ID, rest []builder.ID, val builder.ID, t *types.Type) {
	ft := types.ScalarType(types.Float)
	ut := e.typeID(types.ScalarType(types.Uint))
	fptr := e.b.TypePointer(spv.StorageClassOutput, e.typeID(ft))
	off := e.b.ConstUint32(uint32(l.clip.offset))
	if len(rest) > 0 {
		at := e.fb.Emit(spv.OpIAdd, ut, builder.Ref(rest[0]), builder.Ref(off))
		e.fb.Store(e.fb.AccessChain(fptr, l.clip.v, elem, at), e.convert(val, t, ft))
		return
	}
	if l.clip.count == 1 {
		e.fb.Store(e.fb.AccessChain(fptr, l.clip.v, elem, off), e.convert(val, t, ft))
		return
	}
	for i := range l.clip.count {
		at := e.fb.Emit(spv.OpIAdd, ut, builder.Ref(off), builder.Ref(e.b.ConstUint32(uint32(i))))
		x := e.fb.CompositeExtract(e.typeID(ft), val, uint32(i))
		e.fb.Store(e.fb.AccessChain(fptr, l.clip.v, elem, at), x)
	}
}
