package sema

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema/codes"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// globalDecl checks one top-level declaration as DXC's back end
// translates it (doDecl): variables, cbuffers, and what namespaces hold.
func (v *vulkanChecker) globalDecl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.VarDecl:
		if vr, ok := v.c.info.ObjectOf(d).(*Var); ok && d.Name != nil && vr.Decl == ast.Node(d) {
			v.globalVar(d, vr)
		}
	case *ast.BufferDecl:
		v.bufferDecl(d)
	case *ast.NamespaceDecl:
		for _, m := range d.Decls {
			v.globalDecl(m)
			if v.stop() {
				return
			}
		}
	}
}

// bufferDecl checks a cbuffer or tbuffer block.
func (v *vulkanChecker) bufferDecl(d *ast.BufferDecl) {
	c := v.c
	for _, m := range d.Decls {
		md, ok := m.(*ast.VarDecl)
		if !ok || md.Name == nil {
			continue
		}
		if mv, ok := c.info.ObjectOf(md).(*Var); ok && containsNonFloatColMajorMatrix(mv.typ, v.c.cfg.RowMajor) {
			c.errorf(codes.UnsupportedType, md.Name.Pos(), "externally initialized non-floating-point column-major matrices not supported yet")
		}
	}
	v.recordAttrs(d.Attrs, nil)
	v.packOffsets(d)
}

// globalVar checks a global variable in the order of DXC's doVarDecl.
func (v *vulkanChecker) globalVar(d *ast.VarDecl, vr *Var) {
	c := v.c
	t := vr.typ
	if t == nil || t.Kind() == types.Invalid {
		return
	}
	name := d.Name.Pos()
	errorsBefore := c.diags.ErrorCount()
	static := vr.Storage == StorageStatic
	external := vr.Storage == StorageGlobals || vr.Storage == StorageResource

	// validateVKAttributes
	if vkAttr(d.Attrs, "input_attachment_index") != nil && static {
		c.errorf(codes.VkAttribute, name, "SubpassInput(MS) must be externally visible")
	}
	if e := elemOf(t); e != nil && e.IsObject() && e.Object().Class() == types.ClassSubpass {
		// DXC checks this only with vk::input_attachment_index (and
		// crashes without it): checked for every subpass input here.
		if el := resourceElem(e); el != nil && !el.Canonical().IsScalar() && !el.Canonical().IsVector() {
			c.errorf(codes.UnsupportedType, name, "only scalar/vector types allowed as SubpassInput(MS) parameter type")
			return
		}
	}
	v.recordAttrs(d.Attrs, t)
	in, out := vkAttr(d.Attrs, "ext_builtin_input"), vkAttr(d.Attrs, "ext_builtin_output")
	if in != nil && out != nil {
		c.errorf(codes.VkAttribute, out.Pos(), "vk::ext_builtin_input cannot be used together with vk::ext_builtin_output")
	}
	if (in != nil || out != nil) && !static {
		c.errorf(codes.VkAttribute, name, "vk::ext_builtin_input and vk::ext_builtin_output can only be applied to a static variable")
	}
	if in != nil && !vr.Const {
		c.errorf(codes.VkAttribute, name, "vk::ext_builtin_input can only be applied to a const-qualified variable")
	}
	if c.diags.ErrorCount() > errorsBefore {
		return // DXC skips a declaration whose attributes are wrong
	}

	if ct := t.Canonical(); ct.IsObject() && ct.Object() == types.StringObject {
		if d.Init == nil {
			c.errorf(codes.UnsupportedType, name, "Found uninitialized string variable.")
		}
		return
	}
	if external && containsNonFloatColMajorMatrix(t, c.cfg.RowMajor) {
		c.errorf(codes.UnsupportedType, name, "externally initialized non-floating-point column-major matrices not supported yet")
	}
	if ct := t.Canonical(); ct.IsArray() && ct.Elem().Canonical().IsArray() &&
		objectIs(ct, types.RWStructuredBuffer, types.AppendStructuredBuffer, types.ConsumeStructuredBuffer) {
		c.errorf(codes.UnsupportedType, name, "Multi-dimensional arrays of RW/append/consume structured buffers are unsupported in Vulkan")
		return
	}
	if v.vulkanTarget() && isTypedResource(t) {
		if e := resourceElem(t); e != nil && e.Scalar().IsFloat() && v.spirvBits(e) < 32 {
			c.errorf(codes.UnsupportedType, name, "The sampled type for textures cannot be a floating point type smaller than 32-bits when targeting a Vulkan environment.")
			return
		}
	}
	if a := vkAttr(d.Attrs, "constant_id"); a != nil {
		v.specConstant(d, vr)
		return
	}
	if in != nil || out != nil {
		v.extBuiltin(d, in, out)
		return
	}
	if vkAttr(d.Attrs, "push_constant") != nil || vkAttr(d.Attrs, "shader_record_nv") != nil || vkAttr(d.Attrs, "shader_record_ext") != nil {
		return
	}
	if external || vr.Storage == StorageGroupShared {
		v.externVar(d, vr)
	}
}

// vulkanTarget reports a known Vulkan target environment (the default
// of dxc); an unknown one (Config.TargetEnv unset) is not judged.
func (v *vulkanChecker) vulkanTarget() bool {
	return strings.HasPrefix(v.c.cfg.TargetEnv, "vulkan")
}

// resourceElem is the element type of a texture or typed buffer.
func resourceElem(t *types.Type) *types.Type {
	t = elemOf(t)
	if t == nil || !t.IsObject() {
		return nil
	}
	if e := t.Elem(); e != nil {
		return e
	}
	return t.Object().DefaultElem()
}

// recordAttrs checks the attributes DXC validates on every variable and
// buffer (t is nil for a cbuffer): one push constant block, and no
// vk::binding beside push_constant or shader_record_*.
func (v *vulkanChecker) recordAttrs(attrs []*ast.Attribute, t *types.Type) {
	c := v.c
	binding := vkAttr(attrs, "binding") != nil
	if a := vkAttr(attrs, "push_constant"); a != nil {
		if !v.pushConstant.IsValid() {
			v.pushConstant = a.Pos()
		} else {
			c.errorNote(codes.VkAttribute, a.Pos(), "cannot have more than one push constant block", v.pushConstant, "push constant block previously defined here")
		}
		if binding {
			c.errorf(codes.VkAttribute, a.Pos(), "vk::push_constant attribute cannot be used together with vk::binding attribute")
		}
		if t != nil && objectIs(t, types.VkBufferPointer) {
			c.errorf(codes.VkAttribute, a.Pos(), "vk::push_constant attribute cannot be used on declarations with vk::BufferPointer type")
		}
	}
	for _, name := range []string{"shader_record_nv", "shader_record_ext"} {
		if a := vkAttr(attrs, name); a != nil && binding {
			c.errorf(codes.VkAttribute, a.Pos(), "vk::%s attribute cannot be used together with vk::binding attribute", name)
		}
	}
}

// specConstant checks a [[vk::constant_id]] variable (createSpecConstant).
func (v *vulkanChecker) specConstant(d *ast.VarDecl, vr *Var) {
	c := v.c
	if vr.Storage == StorageStatic {
		c.errorf(codes.SpecConstant, d.Name.Pos(), "specialization constant must be externally visible")
	}
	if t := vr.typ.Canonical(); t.IsScalar() {
		switch t.Scalar() {
		case types.Bool, types.Int, types.Uint, types.Float, types.HalfPP:
		default:
			c.errorf(codes.SpecConstant, d.Pos(), "unsupported specialization constant type")
		}
	}
	if d.Init == nil {
		c.errorf(codes.SpecConstant, d.Name.Pos(), "missing default value for specialization constant")
	} else if !acceptedSpecConstantInit(c, d.Init) {
		c.errorf(codes.SpecConstant, d.Init.Pos(), "unsupported specialization constant initializer")
	}
}

// acceptedSpecConstantInit: a literal, a negated one, or anything that
// folds to a constant.
func acceptedSpecConstantInit(c *checker, e ast.Expr) bool {
	e = unparen(e)
	switch x := e.(type) {
	case *ast.BasicLit:
		return true
	case *ast.CastExpr:
		return acceptedSpecConstantInit(c, x.X)
	case *ast.UnaryExpr:
		if x.Op == ast.Neg {
			return acceptedSpecConstantInit(c, x.X)
		}
	}
	return c.info.ValueOf(e) != nil
}

// extBuiltin checks that a built-in named by vk::ext_builtin_input/output
// is used in one direction only.
func (v *vulkanChecker) extBuiltin(d *ast.VarDecl, in, out *ast.Attribute) {
	a, isInput := in, true
	if a == nil {
		a, isInput = out, false
	}
	if len(a.Args) != 1 {
		return
	}
	// A constant expression (an enum value, a static const...) as in DXC;
	// codegen reads the value recorded here.
	id, ok := v.c.constInt(a.Args[0])
	if !ok {
		return
	}
	if v.builtins == nil {
		v.builtins = map[int64]extBuiltinUse{}
	}
	prev, seen := v.builtins[id]
	if !seen {
		v.builtins[id] = extBuiltinUse{input: isInput, pos: d.Name.Pos()}
		return
	}
	if prev.input != isInput {
		dir := "an output"
		if isInput {
			dir = "an input"
		}
		v.c.errorf(codes.VkAttribute, a.Pos(), "cannot redefine builtin %d as %s", id, dir)
		v.c.warnf(codes.VkAttribute, prev.pos, "previous definition is here")
	}
}

// extBuiltinUse is the first variable bound to a SPIR-V built-in.
type extBuiltinUse struct {
	input bool
	pos   diag.Pos
}

// externVar checks a variable of the pipeline's interface: $Globals
// members, resources and groupshared (createExternVar).
func (v *vulkanChecker) externVar(d *ast.VarDecl, vr *Var) {
	c := v.c
	t := vr.typ
	name := d.Name.Pos()
	if vr.Storage == StorageGlobals {
		st := elemOf(t)
		if st != nil && st.IsStruct() && !resourceOnlyStruct(st) && structHasResources(st) {
			c.errorf(codes.UnsupportedType, name, "global structures containing both resources and non-resources are not supported")
			return
		}
		if st != nil && st.IsStruct() && resourceOnlyStruct(st) {
			if structHasBuffer(st) {
				c.errorf(codes.UnsupportedType, name, "global structures containing buffers are not supported")
			}
			return
		}
		if d.Init != nil {
			c.warnGroupf("vk-ignored-features", codes.VkAttribute, d.Init.Pos(), "variable '%s' will be placed in $Globals so initializer ignored", vr.name)
		}
		if a := vkAttr(d.Attrs, "binding"); a != nil {
			c.errorf(codes.VkAttribute, a.Pos(), "variable '%s' will be placed in $Globals so cannot have vk::binding attribute", vr.name)
		}
		return
	}
	ct := t.Canonical()
	if ct.IsObject() && (ct.Object() == types.FeedbackTexture2D || ct.Object() == types.FeedbackTexture2DArray) {
		c.errorf(codes.UnsupportedType, name, "Texture resource type '%s' is not supported with -spirv", ct.Object())
		return
	}
	if a := vkAttr(d.Attrs, "image_format"); a != nil && ct.IsObject() && len(a.Args) == 1 {
		if lit, ok := a.Args[0].(*ast.BasicLit); ok && lit.Kind == ast.StringLit {
			format := strings.Trim(lit.Value, `"`)
			if e := resourceElem(ct); e != nil && !imageFormatAccepts(format, e) {
				c.errorf(codes.UnsupportedType, name, "The image format and the sampled type are not compatible.\n"+
					"For the table of compatible types, see https://docs.vulkan.org/spec/latest/appendices/spirvenv.html#spirvenv-format-type-matching.")
			}
		}
	}
}

// imageFormatAccepts is Vulkan's format/sampled-type matching: the
// component kind an image format's texels have.
func imageFormatAccepts(format string, elem *types.Type) bool {
	if format == "unknown" {
		return true
	}
	e := elem.Canonical()
	if e.IsVector() {
		e = types.ScalarType(e.Scalar())
	}
	if !e.IsScalar() {
		return false
	}
	s := e.Scalar()
	switch {
	case format == "r64i":
		return s == types.Int64
	case format == "r64ui":
		return s == types.Uint64
	case strings.HasSuffix(format, "ui"):
		return s == types.Uint
	case strings.HasSuffix(format, "i"):
		return s == types.Int
	}
	return s == types.Float // float, unorm and snorm formats
}

// resourceLike is DXC's isResourceType: resources, samplers, subpass
// inputs and patches, arrays of them included.
func resourceLike(t *types.Type) bool {
	e := elemOf(t)
	if e == nil || !e.IsObject() {
		return false
	}
	switch e.Object().Class() {
	case types.ClassSubpass, types.ClassPatch, types.ClassCBuffer:
		return true
	}
	return e.Object().IsResource()
}

// resourceOnlyStruct reports a struct whose fields are all resources or
// resource-only structs.
func resourceOnlyStruct(t *types.Type) bool {
	t = elemOf(t)
	if t == nil || !t.IsStruct() || t.Named() == nil {
		return false
	}
	for _, f := range t.Named().Fields {
		if !resourceLike(f.Type) && !resourceOnlyStruct(f.Type) {
			return false
		}
	}
	return true
}

func structHasResources(t *types.Type) bool {
	t = elemOf(t)
	if t == nil || !t.IsStruct() || t.Named() == nil {
		return false
	}
	for _, f := range t.Named().Fields {
		if resourceLike(f.Type) || structHasResources(f.Type) {
			return true
		}
	}
	return false
}

// structHasBuffer reports a struct holding a structured, byte-address or
// constant buffer, at any depth.
func structHasBuffer(t *types.Type) bool {
	t = elemOf(t)
	if t == nil || !t.IsStruct() || t.Named() == nil {
		return false
	}
	for _, f := range t.Named().Fields {
		if e := elemOf(f.Type); e != nil && e.IsObject() {
			switch e.Object().Class() {
			case types.ClassStructuredBuffer, types.ClassByteAddressBuffer, types.ClassCBuffer:
				return true
			}
		}
		if structHasBuffer(f.Type) {
			return true
		}
	}
	return false
}

// containsNonFloatColMajorMatrix reports a column-major matrix (at least
// 2x2) of a non-floating component, alone, in an array or in a struct:
// DXC cannot lay those out for external initialization.
func containsNonFloatColMajorMatrix(t *types.Type, rowMajorDefault bool) bool {
	t = unalias(t)
	if t == nil {
		return false
	}
	// Orientation is sugar on the declared type: look before Canonical.
	isBad := func(m *types.Type) bool {
		m = unalias(m)
		cm := m.Canonical()
		if !cm.IsMatrix() || cm.Rows() < 2 || cm.Cols() < 2 || cm.Scalar().IsFloat() {
			return false
		}
		switch m.Major() {
		case types.RowMajor:
			return false
		case types.DefaultMajor:
			return !rowMajorDefault // -Zpr
		}
		return true
	}
	if isBad(t) {
		return true
	}
	if t.Kind() == types.Array {
		el := unalias(t.Elem())
		if isBad(el) {
			return true
		}
		if el.IsStruct() {
			return containsNonFloatColMajorMatrix(el, rowMajorDefault)
		}
	}
	ct := t.Canonical()
	if ct.IsStruct() && ct.Named() != nil {
		for _, f := range ct.Named().Fields {
			if containsNonFloatColMajorMatrix(f.Type, rowMajorDefault) {
				return true
			}
		}
	}
	// A structured or constant buffer is a record holding its element.
	if ct.IsObject() && (ct.Object().Class() == types.ClassStructuredBuffer || ct.Object().Class() == types.ClassCBuffer) {
		el := t.Elem()
		if el == nil {
			el = ct.Elem()
		}
		return containsNonFloatColMajorMatrix(el, rowMajorDefault)
	}
	return false
}

// unalias removes typedefs, keeping matrix orientation.
func unalias(t *types.Type) *types.Type {
	for t != nil && t.Kind() == types.Alias {
		t = t.Underlying()
	}
	return t
}

// packOffsets reports a packoffset placing a member before the end of the
// one declared before it (DXC's "minimal check", std140 sizes).
func (v *vulkanChecker) packOffsets(d *ast.BufferDecl) {
	end := int64(0)
	for _, m := range d.Decls {
		md, ok := m.(*ast.VarDecl)
		if !ok || md.Name == nil {
			continue
		}
		mv, ok := v.c.info.ObjectOf(md).(*Var)
		if !ok || mv.typ == nil || mv.typ.Kind() == types.Invalid {
			return
		}
		size, align := std140(mv.typ)
		offset := roundUp(end, align)
		for _, s := range md.Semantics {
			if s.Kind != ast.PackOffset || len(s.Args) != 1 {
				continue
			}
			po, ok := PackOffsetOf(s)
			if !ok {
				break
			}
			if po.Bytes() < end {
				v.c.errorf(codes.LayoutOverlap, v.c.afterColon(s), "packoffset caused overlap with previous members")
			}
			offset = po.Bytes()
		}
		end = offset + size
	}
}

func roundUp(n, align int64) int64 {
	if align <= 1 {
		return n
	}
	return (n + align - 1) / align * align
}

// std140 is a member's size and alignment under the std140 rules DXC
// lays cbuffers out with by default.
func std140(t *types.Type) (size, align int64) {
	ut := unalias(t)
	ct := t.Canonical()
	comp := func(s types.Scalar) int64 {
		if s.SPIRVBits() == 64 {
			return 8
		}
		return 4
	}
	switch {
	case ct.IsScalar():
		b := comp(ct.Scalar())
		return b, b
	case ct.IsVector():
		b, n := comp(ct.Scalar()), int64(ct.VecSize())
		a := b * n
		if n == 3 {
			a = b * 4
		}
		return b * n, a
	case ct.IsMatrix():
		// An array of row (row_major) or column vectors, each 16-aligned.
		vecs, n := int64(ct.Cols()), int64(ct.Rows())
		if ut.Major() == types.RowMajor {
			vecs, n = n, vecs
		}
		b := comp(ct.Scalar())
		stride := roundUp(b*n, 16)
		return stride*(vecs-1) + b*n, 16
	case ct.IsArray():
		es, ea := std140(ct.Elem())
		stride := roundUp(es, max(ea, 16))
		count := ct.Len()
		if count <= 0 {
			return 0, 16
		}
		return stride*(count-1) + es, max(ea, 16)
	case ct.IsStruct() && ct.Named() != nil:
		var end, a int64 = 0, 16
		for _, f := range ct.Named().Fields {
			fs, fa := std140(f.Type)
			end = roundUp(end, fa) + fs
			a = max(a, fa)
		}
		return roundUp(end, a), a
	}
	return 4, 4
}

// afterColon is where a `: register(...)`/`: packoffset(...)` annotation's
// keyword starts (the node starts at the colon).
func (c *checker) afterColon(s *ast.Semantic) diag.Pos {
	p := s.Pos()
	if c.fs == nil {
		return p
	}
	f := c.fs.File(p)
	if f == nil {
		return p
	}
	off := f.Offset(p)
	if off < 0 || off >= len(f.Content) || f.Content[off] != ':' {
		return p
	}
	off++
	for off < len(f.Content) && (f.Content[off] == ' ' || f.Content[off] == '\t') {
		off++
	}
	return f.Pos(off)
}

// registerCOverlaps reports $Globals members placed in the same register
// with register(cN); DXC names the earlier member.
func (v *vulkanChecker) registerCOverlaps() {
	type placed struct {
		name string
		pos  diag.Pos
	}
	var fields []placed
	var regs []int64
	var walk func(decls []ast.Decl)
	walk = func(decls []ast.Decl) {
		for _, d := range decls {
			switch d := d.(type) {
			case *ast.NamespaceDecl:
				walk(d.Decls)
			case *ast.VarDecl:
				vr, ok := v.c.info.ObjectOf(d).(*Var)
				if !ok || vr.Storage != StorageGlobals || d.Name == nil {
					continue
				}
				for _, s := range d.Semantics {
					r, ok := RegisterOf(s)
					if !ok || r.Class != 'c' || !r.HasNum {
						continue
					}
					fields = append(fields, placed{vr.name, v.c.afterColon(s)})
					regs = append(regs, int64(r.Num))
				}
			}
		}
	}
	walk(v.c.file.Decls)
	// DXC walks the members from the last: a member whose register a
	// later member already took is reported.
	taken := map[int64]bool{}
	for i := len(fields) - 1; i >= 0; i-- {
		if taken[regs[i]] {
			v.c.errorf(codes.LayoutOverlap, fields[i].pos, "field \"%s\" at register(c%d) overlaps with previous members", fields[i].name, regs[i])
		}
		taken[regs[i]] = true
	}
}

// combinedImageSamplers: the textures and samplers marked
// [[vk::combinedImageSampler]] pair up by descriptor set and binding; a
// binding with only one of the two is DXC's fatal error. Bindings come
// from vk::binding or register(xN, spaceM); unbound ones are not judged.
func (v *vulkanChecker) combinedImageSamplers() {
	type slot struct{ set, binding int64 }
	type pair struct {
		texture, sampler bool
		pos              diag.Pos // the first variable at the binding
	}
	var order []slot
	slots := map[slot]*pair{}
	var walk func(decls []ast.Decl)
	walk = func(decls []ast.Decl) {
		for _, d := range decls {
			switch d := d.(type) {
			case *ast.NamespaceDecl:
				walk(d.Decls)
			case *ast.VarDecl:
				if vkAttr(d.Attrs, "combinedImageSampler") == nil {
					continue
				}
				vr, ok := v.c.info.ObjectOf(d).(*Var)
				if !ok {
					continue
				}
				e := elemOf(vr.typ)
				if e == nil || !e.IsObject() {
					continue
				}
				sl, ok := declBinding(v.c.info, d)
				if !ok {
					continue
				}
				p := slots[sl]
				if p == nil {
					p = &pair{pos: d.Name.Pos()}
					slots[sl] = p
					order = append(order, sl)
				}
				switch e.Object().Class() {
				case types.ClassTexture:
					p.texture = true
				case types.ClassSampler:
					p.sampler = true
				}
			}
		}
	}
	walk(v.c.file.Decls)
	for _, sl := range order {
		if p := slots[sl]; !p.texture || !p.sampler {
			// DXC gives no location; the variable left alone is the one.
			v.c.diags.Add(diag.Diagnostic{Severity: diag.Fatal, Code: codes.VkAttribute, Pos: p.pos,
				Msg: fmt.Sprintf("Texture or Sampler with [[vk::combinedImageSampler]] attribute is missing for descriptor set and binding: %d, %d", sl.set, sl.binding)})
			return
		}
	}
}

// declBinding is a resource's descriptor set and binding when written:
// [[vk::binding(b, s)]], else register(xN[, spaceM]).
func declBinding(in *Info, d *ast.VarDecl) (sl struct{ set, binding int64 }, ok bool) {
	if a := vkAttr(d.Attrs, "binding"); a != nil {
		b, ok := in.attrInt(a, 0)
		if !ok {
			return sl, false
		}
		s, _ := in.attrInt(a, 1)
		sl.set, sl.binding = s, b
		return sl, true
	}
	for _, s := range d.Semantics {
		if r, ok := RegisterOf(s); ok {
			if !r.HasNum {
				return sl, false
			}
			sl.binding = int64(r.Num)
			if r.HasSpace {
				sl.set = int64(r.Space)
			}
			return sl, true
		}
	}
	return sl, false
}
