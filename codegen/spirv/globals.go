package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/internal/half"
	"math"
	"sort"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// declareGlobals creates the module-scope variables in declaration order,
// as DXC does: static globals (Private), groupshared (Workgroup), the
// $Globals block at the first loose global, cbuffers and tbuffers, and
// resources. Resource bindings are assigned at the end (finishBindings).
func (e *emitter) declareGlobals() {
	e.globalDecls(e.file.Decls)
	e.instanceGlobals() // templates.go
	e.splitAggregates() // legalize.go
}

func (e *emitter) globalDecls(decls []ast.Decl) {
	for _, d := range decls {
		switch d := d.(type) {
		case *ast.VarDecl:
			e.globalVar(d)
		case *ast.NamespaceDecl:
			e.globalDecls(d.Decls)
		case *ast.BufferDecl:
			e.cbuffer(d)
		case *ast.StructDecl:
			e.staticMembers(d)
		}
	}
}

// staticMembers declares a struct's static data members as Private
// variables named by the member's own name, as DXC names them.
func (e *emitter) staticMembers(d *ast.StructDecl) {
	for _, m := range d.Members {
		switch m := m.(type) {
		case *ast.VarDecl:
			v, ok := e.info.ObjectOf(m).(*sema.Var)
			if !ok || v.Storage != sema.StorageStaticField {
				continue
			}
			e.privateVar(v, v.Name())
		case *ast.StructDecl:
			e.staticMembers(m)
		}
	}
}

func (e *emitter) globalVar(d *ast.VarDecl) {
	v, ok := e.info.ObjectOf(d).(*sema.Var)
	if !ok || v.Type() == nil {
		return
	}
	e.pos = d.Pos()
	e.extRequirements(e.attrs(d)) // [[vk::ext_capability]] on a variable (inlinespirv.go)
	if v.Storage != sema.StorageStatic && v.Storage != sema.StorageStaticField {
		if sc, ok := e.extStorageClass(e.attrs(d)); ok {
			e.extStorageClassVar(d, v, sc) // extdecorate.go
			return
		}
	}
	if isString(v.Type()) {
		// No variable: a string is only a printf format (printfFormat).
		// DXC still emits each global's literal as an OpString.
		if d.Init != nil {
			if s, ok := e.printfFormat(d.Init); ok {
				e.b.DebugString(s)
			}
		}
		return
	}
	if e.extBuiltin(d, v) { // extbuiltin.go
		return
	}
	if isAggregate(v.Type()) && (v.Storage == sema.StorageGlobals || v.Storage == sema.StorageResource) {
		e.legal.needs.CompositeResources = true // legalneeds.go
		e.needLegalization("a global struct of resources")
		e.globalResourceStruct(d, v) // resvalues.go
		return
	}
	if isExtType(v.Type()) && v.Storage == sema.StorageGlobals {
		return // declared where read (exttype.go)
	}
	switch v.Storage {
	case sema.StorageStatic, sema.StorageStaticField:
		if _, done := e.vars[v]; !done {
			e.privateVar(v, v.Name())
		}
	case sema.StorageGroupShared:
		if d.Init != nil {
			// Workgroup memory cannot be initialized; DXC warns
			e.diags.Add(diag.Diagnostic{Severity: diag.Warning, Pos: d.Name.Pos(), Msg: "Initializer of external global will be ignored"})
		}
		t := v.Type()
		sc := e.groupSharedClass(v) // mesh.go
		id := e.b.GlobalVariable(e.ptrType(sc, t, layout.Void), sc, v.Name(), 0)
		e.markVar(id, v)
		e.vars[v] = &variable{ptr: id, sc: sc, typ: t, member: -1}
	case sema.StorageGlobals:
		switch {
		case e.attrs(d).HasVk("push_constant"):
			e.pushConstant(d, v)
		case e.attrs(d).HasVk("constant_id"):
			e.specConstant(d, v)
		default:
			e.globalsBlock()
		}
	case sema.StorageResource:
		e.legalizingGlobal(d, v.Type()) // legalneeds.go
		e.resourceVar(d, v)
	}
	e.globalExtDecorations(d, v)
}

// globalExtDecorations applies a global's vk::ext_decorate* attributes to
// its variable (extdecorate.go). A member of $Globals has none of its own:
// the decorations go on $Globals, the variable DXC maps it to.
func (e *emitter) globalExtDecorations(d *ast.VarDecl, v *sema.Var) {
	if len(e.extDecorationsOf(e.attrs(d))) == 0 {
		return
	}
	vr, ok := e.vars[v]
	if ok && vr.member >= 0 && e.res.globalsVar != nil && vr.ptr == e.res.globalsVar.ptr {
		e.extDecorate(vr.ptr, e.attrs(d))
		return
	}
	if !ok || vr.ptr == 0 || vr.member >= 0 {
		e.errorf(d.Name.Pos(), "vk::ext_decorate on '%s' is not supported: it has no variable of its own (a cbuffer member)", v.Name())
	}
	e.extDecorate(vr.ptr, e.attrs(d))
}

// isString reports HLSL's string type, which has no SPIR-V value.
func isString(t *types.Type) bool {
	c := t.Canonical()
	return c.IsObject() && c.Object() == types.StringObject
}

// privateVar declares a static global (Private, unless
// [[vk::ext_storage_class]] says otherwise); the wrapper initialises it.
func (e *emitter) privateVar(v *sema.Var, name string) {
	t := v.Type()
	e.legalizingDecl(t)    // legalneeds.go
	sc := e.staticClass(v) // extdecorate.go
	id := e.b.GlobalVariable(e.ptrType(sc, t, layout.Void), sc, name, 0)
	e.markVar(id, v)
	e.vars[v] = &variable{ptr: id, sc: sc, typ: t, member: -1}
	e.declareCounters(v, name, t) // rescounters.go
	e.entry.initStatic = append(e.entry.initStatic, v)
	e.richGlobal(v, id)
}

// globalsBlock creates $Globals, the uniform block of the loose global
// variables, once.
func (e *emitter) globalsBlock() {
	if e.res.globalsVar != nil {
		return
	}
	rules := layout.RulesFor(e.opts.Layout)
	var members []layout.Member
	var globals []*sema.Var
	for _, g := range e.info.Globals {
		if d, ok := g.Decl.(*ast.VarDecl); ok && (e.attrs(d).HasVk("push_constant") || e.attrs(d).HasVk("constant_id") || len(e.attrs(d).AllVk("ext_storage_class")) > 0) {
			continue
		}
		if isAggregate(g.Type()) {
			continue // legalize.go
		}
		if isString(g.Type()) {
			continue // a printf format, read from its initializer
		}
		if isExtType(g.Type()) {
			continue // declared where read (exttype.go)
		}
		if containsObject(g.Type()) {
			e.unsupported(g.Decl, "a global struct that holds resources")
		}
		globals = append(globals, g)
		m := layout.Member{Name: g.Name(), Type: g.Type()}
		if d, ok := g.Decl.(*ast.VarDecl); ok {
			e.memberPlacement(&m, e.attrs(d), d.Semantics, true)
		}
		members = append(members, m)
	}
	typ, err := e.lowering.low.Block(layout.BlockSpec{Name: "type.$Globals", Members: members, Rule: rules.CBuffer, Interface: layout.UniformBlock})
	if err != nil {
		e.errorf(e.pos, "%v", err)
	}
	e.reportLayout()
	ptr := e.b.GlobalVariable(e.b.TypePointer(spv.StorageClassUniform, typ), spv.StorageClassUniform, "$Globals", 0)
	e.res.globalsVar = &variable{ptr: ptr, sc: spv.StorageClassUniform, member: -1}
	reads, sc, rule := ptr, spv.StorageClassUniform, rules.CBuffer
	if e.needsFxcClone(members, rule) {
		reads = e.cloneFxcBuffer(ptr, sc, "$Globals", "type.$Globals", members, rule) // fxcclone.go
		sc, rule = spv.StorageClassPrivate, layout.Void
	}
	for i, g := range globals {
		e.vars[g] = &variable{ptr: reads, sc: sc, typ: g.Type(), rule: rule, member: i}
	}
	e.bindings.addGlobals(ptr, e.opts.BindGlobals)
}

// attrs are the attributes sema resolved on a declaration or statement,
// resolved once per node: code generation asks for a declaration's
// several times (its binding, placement, decorations, extensions...), and
// resolving them allocates. The callers only read them.
func (e *emitter) attrs(n ast.Node) sema.Attrs {
	if !sema.HasAttrs(n) {
		return nil
	}
	if a, ok := e.attrMemo[n]; ok {
		return a
	}
	if e.attrMemo == nil {
		e.attrMemo = map[ast.Node]sema.Attrs{}
	}
	a := e.info.AttrsOf(n)
	e.attrMemo[n] = a
	return a
}

// vkBinding is the [[vk::binding]] of a declaration, or nil.
func (e *emitter) vkBinding(n ast.Node) *sema.VkBinding {
	if b, ok := e.attrs(n).Binding(); ok {
		return &b
	}
	return nil
}

// pushConstant declares a [[vk::push_constant]] struct variable: a
// PushConstant block "type.PushConstant.<struct>" ("type.ConstantBuffer.<T>"
// for a ConstantBuffer<T>) laid out like a storage buffer.
func (e *emitter) pushConstant(d *ast.VarDecl, v *sema.Var) {
	t := cbufferElem(v.Type()) // [[vk::push_constant]] ConstantBuffer<T> too
	st := t.Canonical()
	if !st.IsStruct() {
		e.errorf(d.Pos(), "vk::push_constant attribute only applies to a variable of struct type")
	}
	rules := layout.RulesFor(e.opts.Layout)
	var members []layout.Member
	for _, f := range st.Named().Fields {
		m := layout.Member{Name: f.Name, Type: f.Type}
		if fd, ok := f.Decl.(*ast.VarDecl); ok {
			e.memberPlacement(&m, e.attrs(fd), nil, false)
		}
		members = append(members, m)
	}
	if st.Named().Base != nil {
		e.unsupported(d, "a push constant struct with a base class")
	}
	name := "type.PushConstant." + st.Named().Name
	if _, ok := objectOf(v.Type()); ok {
		name = "type.ConstantBuffer." + st.Named().Name // DXC keeps the ConstantBuffer<T> name
	}
	typ, err := e.lowering.low.Block(layout.BlockSpec{Name: name, Members: members, Rule: rules.SBuffer, Interface: layout.UniformBlock})
	if err != nil {
		e.errorf(d.Pos(), "%v", err)
	}
	e.reportLayout()
	sc := spv.StorageClassPushConstant
	ptr := e.b.GlobalVariable(e.b.TypePointer(sc, typ), sc, v.Name(), 0)
	e.vars[v] = &variable{ptr: ptr, sc: sc, typ: t, rule: rules.SBuffer, member: -1}
}

// specConstant declares a [[vk::constant_id(N)]] constant: an
// OpSpecConstant with SpecId N whose default is the initializer.
func (e *emitter) specConstant(d *ast.VarDecl, v *sema.Var) {
	var idAttr *sema.Attr
	for _, a := range e.attrs(d).AllVk("constant_id") {
		if len(a.Args) == 1 {
			idAttr = a
		}
	}
	n, ok := idAttr.Int(0)
	if !ok {
		e.errorf(d.Pos(), "vk::constant_id needs a constant integer argument")
	}
	t := concreteType(v.Type())
	c := t.Canonical()
	if !c.IsScalar() {
		e.errorf(d.Pos(), "specialization constant must be of a scalar type")
	}
	var def *constant.Composite
	if d.Init != nil {
		def = e.info.ValueOfExpr(d.Init)
		if def == nil {
			def = v.Value
		}
	}
	if d.Init != nil && def == nil {
		e.errorf(d.Init.Pos(), "unsupported specialization constant initializer")
	}
	var val constant.Value
	if def != nil {
		cv, ok := def.ConvertTo(c, types.Explicit)
		if !ok {
			e.errorf(d.Pos(), "cannot convert the default of the specialization constant to %s", t)
		}
		val = cv.Elems[0]
	} else {
		val = constant.Int(types.Int, 0).Convert(c.Scalar())
	}
	var id builder.ID
	s := c.Scalar().Concrete()
	switch {
	case s.IsBool():
		id = e.b.SpecConstantBool(val.IsTrue())
	default:
		id = e.b.SpecConstant(e.typeID(t), e.specBits(val, s))
	}
	e.b.Name(id, v.Name())
	e.b.Decorate(id, spv.DecorationSpecId, builder.Lit(uint32(n)))
	e.vars[v] = &variable{value: id, typ: t, member: -1}
}

// memberPlacement reads [[vk::offset]], packoffset and register(c#).
func (e *emitter) memberPlacement(m *layout.Member, attrs sema.Attrs, sems []*ast.Semantic, globals bool) {
	for _, a := range attrs {
		if a.Namespace == "vk" && a.Name == "offset" && len(a.Args) == 1 {
			if n, ok := a.Int(0); ok {
				u := uint32(n)
				m.VkOffset = &u
			}
		}
	}
	for _, s := range sems {
		switch s.Kind {
		case ast.PackOffset:
			if po, ok := sema.PackOffsetOf(s); ok {
				m.PackOffset = &layout.PackOffset{Register: po.Register, Component: po.Component}
			}
		case ast.Register:
			if reg, ok := sema.RegisterOf(s); ok && globals && reg.Class == 'c' && reg.HasNum {
				u := uint32(reg.Num)
				m.RegisterC = &u
			}
		}
	}
}

// reportLayout turns the layout calculator's problems into errors.
func (e *emitter) reportLayout() {
	if len(e.lowering.calc.Diagnostics) == 0 {
		return
	}
	failed := false
	for _, d := range e.lowering.calc.Diagnostics {
		pos := e.pos
		if d.Struct != nil && d.Member >= 0 { // not a block's member or a base class
			if f := fieldDecl(d.Struct, d.Member); f != nil {
				pos = f.Name.Pos() // where DXC reports it
			}
		}
		switch {
		case d.Severity == layout.Invalid && e.opts.DisableValidation:
			// -Vd: the module goes out as the source placed it
		case d.Severity == layout.Error || d.Severity == layout.Invalid:
			e.diags.Errorf(codeInvalid, pos, "%s", d.Msg)
			failed = true
		default:
			e.diags.Warnf(codeInvalid, pos, "%s", d.Msg)
		}
	}
	e.lowering.calc.Diagnostics = nil
	if failed {
		panic(bailout{})
	}
}

// cbuffer declares a cbuffer or tbuffer block and its members.
func (e *emitter) cbuffer(d *ast.BufferDecl) {
	buf, ok := e.info.ObjectOf(d).(*sema.Buffer)
	if !ok {
		return
	}
	e.pos = d.Pos()
	if len(buf.Members) == 0 {
		return // dxc emits no variable for an empty buffer
	}
	rules := layout.RulesFor(e.opts.Layout)
	rule, iface, sc := rules.CBuffer, layout.UniformBlock, spv.StorageClassUniform
	if buf.TBuffer {
		rule, iface = rules.TBuffer, layout.StorageBlock
		if e.opts.Version >= spv.Version1_4 {
			sc = spv.StorageClassStorageBuffer
		}
	}
	name := "type." + buf.Name()
	record := shaderRecordKind(e.attrs(d)) // raytracing.go
	if record != "" {
		rule, sc, name = rules.SBuffer, spv.StorageClassShaderRecordBufferKHR, "type.ShaderRecordBuffer"+record+"."+buf.Name()
	}
	var members []layout.Member
	var data []*sema.Var
	for _, v := range buf.Members {
		vd, _ := v.Decl.(*ast.VarDecl)
		if t := v.Type(); (t.Canonical().IsObject() && !isDataObject(t)) || isResourceArray(t) {
			// a resource declared in a cbuffer is a resource of its own, as
			// DXC moves it out (Vulkan blocks cannot hold opaque types)
			if vd != nil {
				e.resourceVar(vd, v)
			}
			continue
		}
		m := layout.Member{Name: v.Name(), Type: v.Type()}
		if vd != nil {
			e.memberPlacement(&m, e.attrs(vd), vd.Semantics, false)
		}
		members = append(members, m)
		data = append(data, v)
	}
	if len(data) == 0 {
		return // only resources: no block
	}
	typ, err := e.lowering.low.Block(layout.BlockSpec{Name: name, Members: members, Rule: rule, Interface: iface, ReadOnly: buf.TBuffer})
	if err != nil {
		e.errorf(d.Pos(), "%v", err)
	}
	e.reportLayout()
	ptr := e.b.GlobalVariable(e.b.TypePointer(sc, typ), sc, buf.Name(), 0)
	e.richCBuffer(d, name, ptr, members, data, rule) // debugrich.go
	reads, readSC, readRule := ptr, sc, rule
	if e.needsFxcClone(members, rule) {
		reads = e.cloneFxcBuffer(ptr, sc, buf.Name(), name, members, rule) // fxcclone.go
		readSC, readRule = spv.StorageClassPrivate, layout.Void
	}
	for i, v := range data {
		e.vars[v] = &variable{ptr: reads, sc: readSC, typ: v.Type(), rule: readRule, member: i}
	}
	if record != "" {
		return // no descriptor
	}
	class := byte('b')
	if buf.TBuffer {
		class = 't'
	}
	e.bindings.add(ptr, e.vkBinding(d), d.Semantics, class)
	e.bindings.setPos(ptr, buf.Pos())
}

// bindingAllocator gives descriptor sets and bindings as DXC does: first
// the ones written with [[vk::binding(N, M)]] (and the counters' with
// [[vk::counter_binding(N)]]), then the ones written with
// register(xN, spaceM) (moved by -fvk-x-shift), then the rest get the
// lowest free binding of their set, in declaration order, and the
// descriptor heaps last. With -fvk-bind-register every resource must be
// bound by it (bindRegisters).
type bindingAllocator struct {
	opts     *Options
	vars     []bindingReq
	aliases  [][2]builder.ID // variable, variable whose binding it shares
	flatten  bool            // a global struct of resources was split (addGroup)
	nmembers int             // members added (addMember)
}

type bindingReq struct {
	class    byte // register class, for -fvk-auto-shift-bindings (0: none)
	ptr      builder.ID
	set      int
	binding  int
	explicit bool // binding given: reserved before the implicit ones
	byAttr   bool // by [[vk::binding]] or [[vk::counter_binding]]
	// fixed: bound by -fvk-bind-globals, which DXC does not reserve
	fixed bool
	// reg is the register(xN, spaceM) annotation, for -fvk-bind-register
	// (regClass 0 for register(spaceM)); hasReg reports one.
	hasReg           bool
	regClass         byte
	regNum, regSpace int
	pos              diag.Pos // the declaration, for errors
	counter, globals bool
	// combined: a [[vk::combinedImageSampler]] texture or sampler
	// (sampler tells which), paired by its final binding (combinedPairs)
	combined, sampler bool
	// count is the number of bindings the resource takes (1, or an array's
	// length under -fspv-flatten-resource-arrays, whose elements
	// descriptor-array-scalar-replacement binds at binding, binding+1, ...)
	count int
	// setOf, when set, is the resource whose descriptor set this one
	// takes (a counter).
	setOf builder.ID
	// flatCount is the number of bindings the resource takes when
	// resource arrays are flattened (setCount).
	flatCount int
	// heapOrder, for a descriptor heap array, orders it after every
	// other resource: 1 resource heap, 2 sampler heap, 3 heap counters.
	heapOrder int
	// members, for a global struct of resources (ptr 0), are its
	// resource variables, bound at the struct's binding plus their
	// offsets (legalize.go).
	members []memberBinding
}

type memberBinding struct {
	ptr    builder.ID
	offset int
	seq    int // creation order among all groups' members
}

// find returns the record of the resource ptr, or nil.
func (a *bindingAllocator) find(ptr builder.ID) *bindingReq {
	for i := range a.vars {
		if a.vars[i].ptr == ptr {
			return &a.vars[i]
		}
	}
	return nil
}

// setPos records where the resource ptr is declared.
func (a *bindingAllocator) setPos(ptr builder.ID, p diag.Pos) {
	if r := a.find(ptr); r != nil {
		r.pos = p
	}
}

// setCombined marks the resource ptr, a texture or a sampler (sampler),
// as half of a [[vk::combinedImageSampler]] pair. Its register(sN) moves
// by -fvk-t-shift, not -fvk-s-shift, as DXC binds it: the pair shares the
// texture's binding.
func (a *bindingAllocator) setCombined(ptr builder.ID, sampler bool) {
	r := a.find(ptr)
	if r == nil {
		return
	}
	r.combined, r.sampler = true, sampler
	if r.regClass == 's' && !r.byAttr {
		r.binding = r.regNum + a.shift('t', r.regSpace)
	}
}

// combinedPairs returns the descriptor set and binding pairs of the
// [[vk::combinedImageSampler]] resources once bound, in declaration
// order, for convert-to-sampled-image; lone is a resource whose pair has
// no texture or no sampler (DXC's fatal error), else nil.
func (a *bindingAllocator) combinedPairs() (pairs [][2]uint32, lone *bindingReq) {
	type halves struct {
		texture, sampler bool
		first            *bindingReq
	}
	at := map[[2]uint32]*halves{}
	for i := range a.vars {
		r := &a.vars[i]
		if !r.combined {
			continue
		}
		k := [2]uint32{uint32(r.set), uint32(r.binding)}
		h := at[k]
		if h == nil {
			h = &halves{first: r}
			at[k] = h
			pairs = append(pairs, k)
		}
		if r.sampler {
			h.sampler = true
		} else {
			h.texture = true
		}
	}
	for _, k := range pairs {
		if h := at[k]; !h.texture || !h.sampler {
			return pairs, h.first
		}
	}
	return pairs, nil
}

// setCounter makes ptr the counter of buffer of: it takes the buffer's
// descriptor set (and its declaration, for errors).
func (a *bindingAllocator) setCounter(ptr, of builder.ID) {
	if r := a.find(ptr); r != nil {
		r.setOf, r.counter, r.class = of, true, 0
		if b := a.find(of); b != nil {
			r.pos = b.pos
		}
	}
}

// setCount makes the resource ptr take n consecutive bindings when
// resource arrays are flattened: with -fspv-flatten-resource-arrays, or
// when a global struct of resources is split (addGroup).
func (a *bindingAllocator) setCount(ptr builder.ID, n int) {
	if r := a.find(ptr); r != nil {
		r.flatCount = n
	}
}

// bindingCount is the number of bindings a resource of type t takes when
// arrays are flattened (-fspv-flatten-resource-arrays, whose element
// variables the legalization's descriptor-array-scalar-replacement makes):
// the product of its array sizes.
func bindingCount(t *types.Type) int {
	n := 1
	c := t.Canonical()
	for c.IsArray() && c.Len() > 0 {
		n *= int(c.Len())
		c = c.Elem().Canonical()
	}
	return n
}

// addMember adds a resource member of group at offset.
func (a *bindingAllocator) addMember(group int, ptr builder.ID, offset int) {
	r := &a.vars[group]
	a.nmembers++
	r.members = append(r.members, memberBinding{ptr, offset, a.nmembers})
}

func newBindingAllocator(opts *Options) *bindingAllocator { return &bindingAllocator{opts: opts} }

// shift is the -fvk-<class>-shift of descriptor set set, as DXC reads
// them: a lone "all" shifts every set; otherwise each set takes its last
// shift, and an "all" among others counts for nothing.
func (a *bindingAllocator) shift(class byte, set int) int {
	var mine []BindingShift
	for _, sh := range a.opts.BindingShifts {
		if sh.Class == class {
			mine = append(mine, sh)
		}
	}
	if len(mine) == 1 && mine[0].Space < 0 {
		return mine[0].Shift
	}
	n := 0
	for _, sh := range mine {
		if sh.Space == set {
			n = sh.Shift
		}
	}
	return n
}

// add records a resource variable with its binding attributes; class is
// the register class its kind binds to ('b', 't', 's' or 'u').
func (a *bindingAllocator) add(ptr builder.ID, vk *sema.VkBinding, sems []*ast.Semantic, class byte) {
	// -auto-binding-space: the set of everything that names no space
	r := bindingReq{ptr: ptr, binding: -1, set: a.opts.DefaultSpace, class: class}
	for _, s := range sems {
		reg, ok := sema.RegisterOf(s)
		if !ok {
			continue
		}
		space := a.opts.DefaultSpace
		if reg.HasSpace {
			space = reg.Space
		}
		r.set = space
		r.hasReg, r.regSpace = true, space
		if reg.Class != 0 && strings.IndexByte("btsu", reg.Class) >= 0 && reg.HasNum {
			r.regClass, r.regNum = reg.Class, reg.Num
			r.binding, r.explicit = reg.Num+a.shift(reg.Class, space), true
		}
	}
	if vk != nil {
		if vk.HasBinding {
			r.binding, r.explicit, r.byAttr = int(vk.Binding), true, true
		}
		r.set = a.opts.DefaultSpace
		if vk.HasSet {
			r.set = int(vk.Set)
		}
	}
	a.vars = append(a.vars, r)
}

// free reports whether bindings n..n+count-1 of set are unused.
func free(used map[[2]int]bool, set, n, count int) bool {
	for k := range count {
		if used[[2]int{set, n + k}] {
			return false
		}
	}
	return true
}

// alias gives ptr the descriptor set and binding of of (descriptor heap
// arrays share theirs).
func (a *bindingAllocator) alias(ptr, of builder.ID) {
	a.aliases = append(a.aliases, [2]builder.ID{ptr, of})
}

// addHeap records a descriptor heap array, bound by an option (fixed:
// binding, set) or else implicitly after the other resources, in order.
func (a *bindingAllocator) addHeap(ptr builder.ID, order int, fixed *[2]int) {
	r := bindingReq{ptr: ptr, binding: -1, set: 0, heapOrder: order}
	if fixed != nil {
		r.binding, r.set, r.explicit = fixed[0], fixed[1], true
	}
	a.vars = append(a.vars, r)
}

// addGlobals records $Globals, bound by -fvk-bind-globals (fixed) or
// implicitly.
func (a *bindingAllocator) addGlobals(ptr builder.ID, fixed *[2]int) {
	r := bindingReq{ptr: ptr, binding: -1, set: a.opts.DefaultSpace, class: 'b', globals: true}
	if fixed != nil {
		r.binding, r.set, r.fixed = fixed[0], fixed[1], true
	}
	a.vars = append(a.vars, r)
}

// assign gives every resource its DescriptorSet and Binding, and decorates
// it; errorf reports a resource -fvk-bind-register does not bind.
func (a *bindingAllocator) assign(ctx *builder.ModuleBuilder, errorf func(diag.Pos, string, ...any)) {
	for i := range a.vars {
		if of := a.vars[i].setOf; of != 0 {
			// a counter is in its buffer's set
			if r := a.find(of); r != nil {
				a.vars[i].set = r.set
			}
		}
	}
	for i := range a.vars {
		if r := &a.vars[i]; a.opts.FlattenResourceArrays || a.flatten {
			r.count = max(r.count, r.flatCount)
		}
	}
	decorate := func(r *bindingReq) {
		if r.ptr == 0 {
			return
		}
		ctx.Decorate(r.ptr, spv.DecorationDescriptorSet, builder.Lit(uint32(r.set)))
		ctx.Decorate(r.ptr, spv.DecorationBinding, builder.Lit(uint32(r.binding)))
	}
	used := map[[2]int]bool{}
	var implicit []*bindingReq
	if len(a.opts.BindRegisters) > 0 {
		implicit = a.bindRegisters(decorate, errorf)
	} else {
		implicit = a.explicitFirst(decorate, used)
	}
	for _, r := range implicit {
		n := 0
		if a.opts.AutoShiftBindings && r.class != 0 && r.heapOrder == 0 {
			// implicit bindings start at their class's shift
			n = a.shift(r.class, r.set)
		}
		switch {
		case r.explicit:
			decorate(r) // a heap bound by option
			continue
		case r.fixed:
			r.binding += n // $Globals by -fvk-bind-globals, not reserved
			decorate(r)
			continue
		}
		// the first run of count free bindings, as DXC looks for it
		count := max(r.count, 1)
		for !free(used, r.set, n, count) {
			n++
		}
		r.binding = n
		for k := range count {
			used[[2]int{r.set, n + k}] = true
		}
		decorate(r)
	}
	a.decorateLast(ctx)
}

// explicitFirst decorates the explicitly bound variables (and reserves
// their bindings, and the heaps' given by options, in used), and returns
// the others in the order they get bindings.
func (a *bindingAllocator) explicitFirst(decorate func(*bindingReq), used map[[2]int]bool) []*bindingReq {
	var implicit []*bindingReq
	// the heaps' bindings given by options are reserved even if unused
	for _, h := range []*[2]int{a.opts.ResourceHeap, a.opts.SamplerHeap, a.opts.CounterHeap} {
		if h != nil {
			used[[2]int{h[1], h[0]}] = true
		}
	}
	for _, r := range a.vars {
		if r.explicit {
			for k := range max(r.count, 1) {
				used[[2]int{r.set, r.binding + k}] = true
			}
		}
	}
	// [[vk::binding]] first, then register(), then the others in
	// declaration order, as DXC decorates them
	for _, byAttr := range []bool{true, false} {
		for i := range a.vars {
			if r := &a.vars[i]; r.explicit && r.byAttr == byAttr && r.heapOrder == 0 {
				decorate(r)
			}
		}
	}
	for i := range a.vars {
		if r := &a.vars[i]; !r.explicit && r.heapOrder == 0 {
			implicit = append(implicit, r)
		}
	}
	for order := 1; order <= 3; order++ {
		for i := range a.vars {
			if r := &a.vars[i]; r.heapOrder == order {
				implicit = append(implicit, r)
			}
		}
	}
	return implicit
}

// decorateLast decorates what DXC's legalization binds after the others:
// the members of global structs of
// resources, and aliases in their resource's binding.
func (a *bindingAllocator) decorateLast(ctx *builder.ModuleBuilder) {
	// the members of global structs of resources last, in the order
	// they were created, as DXC's legalization adds them
	type member struct {
		memberBinding
		r *bindingReq
	}
	var members []member
	for i := range a.vars {
		for _, m := range a.vars[i].members {
			members = append(members, member{m, &a.vars[i]})
		}
	}
	sort.Slice(members, func(i, j int) bool { return members[i].seq < members[j].seq })
	for _, m := range members {
		ctx.Decorate(m.ptr, spv.DecorationDescriptorSet, builder.Lit(uint32(m.r.set)))
		ctx.Decorate(m.ptr, spv.DecorationBinding, builder.Lit(uint32(m.r.binding+m.offset)))
	}
	for _, al := range a.aliases {
		if r := a.find(al[1]); r != nil {
			ctx.Decorate(al[0], spv.DecorationDescriptorSet, builder.Lit(uint32(r.set)))
			ctx.Decorate(al[0], spv.DecorationBinding, builder.Lit(uint32(r.binding)))
		}
	}
}

// bindRegisters binds every resource by -fvk-bind-register, with DXC's
// errors for one it does not bind; it returns the descriptor heaps, bound
// after it (by their options, else from binding 0 of set 0).
func (a *bindingAllocator) bindRegisters(decorate func(*bindingReq), errorf func(diag.Pos, string, ...any)) (heaps []*bindingReq) {
	for i := range a.vars {
		r := &a.vars[i]
		switch {
		case r.heapOrder != 0:
			if r.heapOrder == 2 && a.opts.SamplerHeap == nil {
				errorf(r.pos, "-fvk-bind-sampler-heap is required when using -fvk-bind-register")
			}
			if r.heapOrder != 2 && a.opts.ResourceHeap == nil {
				errorf(r.pos, "-fvk-bind-resource-heap is required when using -fvk-bind-register")
			}
			heaps = append(heaps, r)
		case r.counter:
			if b := a.find(r.setOf); b != nil && b.hasReg {
				errorf(r.pos, "-fvk-bind-register for RW/Append/Consume StructuredBuffer unimplemented")
			}
			errorf(r.pos, "-fvk-bind-register requires register annotations on all resources")
		case r.globals:
			if !r.fixed {
				errorf(0, "-fvk-bind-register requires Globals buffer to be bound with -fvk-bind-globals")
			}
			decorate(r)
		case !r.hasReg:
			errorf(r.pos, "-fvk-bind-register requires register annotations on all resources")
		default:
			found := false
			for _, br := range a.opts.BindRegisters {
				if br.Class == r.regClass && br.Register == r.regNum && br.Space == r.regSpace {
					r.binding, r.set, found = br.Binding, br.Set, true
				}
			}
			if !found {
				errorf(r.pos, "missing -fvk-bind-register for resource")
			}
			decorate(r)
		}
	}
	sort.SliceStable(heaps, func(i, j int) bool { return heaps[i].heapOrder < heaps[j].heapOrder })
	return heaps
}

// anyUsed reports a used binding among the w from n in set.
func (a *bindingAllocator) anyUsed(used map[[2]int]bool, set, n, w int) bool {
	for k := 0; k < w; k++ {
		if used[[2]int{set, n + k}] {
			return true
		}
	}
	return false
}

// specBits is the bit pattern of a constant of kind s as SPIR-V stores
// it (without creating a constant).
func (e *emitter) specBits(v constant.Value, s types.Scalar) uint64 {
	v = v.Convert(s)
	tid := e.typeID(types.ScalarType(s))
	w := e.b.ScalarWidth(tid)
	if s.IsFloat() {
		switch w {
		case 16:
			return uint64(half.FromFloat64(v.Float64(), half.ToNearestEven))
		case 64:
			return math.Float64bits(v.Float64())
		}
		return uint64(math.Float32bits(float32(v.Float64())))
	}
	var bits uint64
	if u, ok := v.Uint64(); ok && !s.IsSigned() {
		bits = u
	} else {
		n, _ := v.Int64()
		bits = uint64(n)
	}
	if w < 64 {
		bits &= 1<<w - 1
	}
	return bits
}

// containsObject reports a struct or array with a resource or object
// inside.
func containsObject(t *types.Type) bool {
	c := t.Canonical()
	switch {
	case c.IsObject():
		// a vk::BufferPointer (a 64-bit address) or an inline SPIR-V type
		// is data
		return !isDataObject(c)
	case c.IsArray():
		return containsObject(c.Elem())
	case c.IsStruct():
		nd := c.Named()
		if nd.Base != nil && containsObject(nd.Base) {
			return true
		}
		for _, f := range nd.Fields {
			if containsObject(f.Type) {
				return true
			}
		}
	}
	return false
}
