package sema

import (
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/codes"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// The declarations a vk:: attribute may be written on, as clang's
// attribute table (Attr.td) has them for DXC. These are front-end errors:
// they are reported while declaring, whether or not the code is reached.

// declKind is what a declaration is, for attribute subject rules.
type declKind uint8

const (
	declGlobalVar declKind = iota // a global variable, cbuffer member included
	declLocalVar
	declField
	declParam
	declFunc
	declBuffer // cbuffer or tbuffer block
)

// attrSubject is one attribute's rule: which declarations accept it and
// what clang says about the others.
type attrSubject struct {
	allows   func(kind declKind, t *types.Type) bool
	expected string // the end of "'x' attribute only applies to ..."
	noArgs   bool   // "'x' attribute takes no arguments"
}

func kinds(ks ...declKind) func(declKind, *types.Type) bool {
	return func(k declKind, _ *types.Type) bool {
		for _, want := range ks {
			if k == want {
				return true
			}
		}
		return false
	}
}

// elemOf strips array dimensions.
func elemOf(t *types.Type) *types.Type {
	for t != nil && t.Canonical().IsArray() {
		t = t.Canonical().Elem()
	}
	if t == nil {
		return nil
	}
	return t.Canonical()
}

func objectIs(t *types.Type, objs ...types.Object) bool {
	t = elemOf(t)
	if t == nil || !t.IsObject() {
		return false
	}
	for _, o := range objs {
		if t.Object() == o {
			return true
		}
	}
	return false
}

func isStructLike(t *types.Type) bool {
	if t == nil {
		return false
	}
	t = t.Canonical()
	return t.IsStruct() || objectIs(t, types.ConstantBuffer, types.TextureBuffer, types.VkBufferPointer)
}

// attrSubjectOf returns what the vk:: attribute name may apply to.
func attrSubjectOf(name string) (attrSubject, bool) {
	switch name {
	case "builtin":
		return attrSubject{allows: kinds(declFunc, declParam, declField), expected: "functions, parameters, and fields"}, true
	case "location":
		return attrSubject{allows: kinds(declFunc, declParam, declField), expected: "functions, parameters, and fields"}, true
	case "index":
		return attrSubject{allows: kinds(declFunc, declParam, declField), expected: "functions, parameters, and fields"}, true
	case "binding":
		return attrSubject{allows: func(k declKind, t *types.Type) bool {
			return k == declGlobalVar || k == declBuffer
		}, expected: "global variables, cbuffers, and tbuffers"}, true
	case "counter_binding":
		return attrSubject{allows: func(k declKind, t *types.Type) bool {
			return k != declFunc && k != declBuffer && objectIs(t, types.RWStructuredBuffer, types.AppendStructuredBuffer, types.ConsumeStructuredBuffer)
		}, expected: "RWStructuredBuffers, AppendStructuredBuffers, and ConsumeStructuredBuffers"}, true
	case "push_constant":
		return attrSubject{allows: func(k declKind, t *types.Type) bool {
			return k == declGlobalVar && isStructLike(t)
		}, expected: "global variables of struct type", noArgs: true}, true
	case "shader_record_nv":
		return attrSubject{allows: func(k declKind, t *types.Type) bool {
			return k == declBuffer || k == declGlobalVar && isStructLike(t)
		}, expected: "cbuffer or ConstantBuffer", noArgs: true}, true
	case "shader_record_ext":
		return attrSubject{allows: func(k declKind, t *types.Type) bool {
			return k == declBuffer || k == declGlobalVar && isStructLike(t)
		}, expected: "cbuffer or ConstantBuffer", noArgs: true}, true
	case "constant_id":
		return attrSubject{allows: func(k declKind, t *types.Type) bool {
			return k == declGlobalVar && t != nil && t.Canonical().IsScalar()
		}, expected: "global variables of scalar type"}, true
	case "input_attachment_index":
		return attrSubject{allows: func(k declKind, t *types.Type) bool {
			return k != declFunc && k != declBuffer && objectIs(t, types.SubpassInput, types.SubpassInputMS)
		}, expected: "SubpassInput, SubpassInputMS"}, true
	case "image_format":
		return attrSubject{allows: func(k declKind, t *types.Type) bool {
			if k == declFunc || k == declBuffer {
				return false
			}
			e := elemOf(t)
			if e == nil || !e.IsObject() {
				return false
			}
			o := e.Object()
			return o.Class() == types.ClassTypedBuffer || o.Class() == types.ClassTexture && o.IsWritable()
		}, expected: "RWTextures, RasterizerOrderedTextures, Buffers, RWBuffers, and RasterizerOrderedBuffers"}, true
	case "combinedImageSampler":
		return attrSubject{allows: func(k declKind, t *types.Type) bool {
			if k == declFunc || k == declBuffer {
				return false
			}
			e := elemOf(t)
			return e != nil && e.IsObject() && (e.Object().Class() == types.ClassTexture || e.Object().Class() == types.ClassSampler)
		}, expected: "Textures and Samplers"}, true
	case "offset":
		return attrSubject{allows: kinds(declField), expected: "fields"}, true
	case "ext_literal":
		return attrSubject{allows: kinds(declParam), expected: "parameters"}, true
	case "ext_reference":
		return attrSubject{allows: kinds(declParam), expected: "parameters"}, true
	case "spvexecutionmode":
		return attrSubject{allows: kinds(declFunc), expected: "functions"}, true
	case "ext_instruction":
		return attrSubject{allows: kinds(declFunc), expected: "functions"}, true
	case "ext_type_def":
		return attrSubject{allows: kinds(declFunc), expected: "functions"}, true
	case "post_depth_coverage":
		return attrSubject{allows: kinds(declFunc), expected: "functions"}, true
	case "early_and_late_tests":
		return attrSubject{allows: kinds(declFunc), expected: "functions"}, true
	case "depth_unchanged":
		return attrSubject{allows: kinds(declFunc), expected: "functions"}, true
	case "stencil_ref_unchanged_front":
		return attrSubject{allows: kinds(declFunc), expected: "functions"}, true
	case "stencil_ref_greater_equal_front":
		return attrSubject{allows: kinds(declFunc), expected: "functions"}, true
	case "stencil_ref_less_equal_front":
		return attrSubject{allows: kinds(declFunc), expected: "functions"}, true
	case "stencil_ref_unchanged_back":
		return attrSubject{allows: kinds(declFunc), expected: "functions"}, true
	case "stencil_ref_greater_equal_back":
		return attrSubject{allows: kinds(declFunc), expected: "functions"}, true
	case "stencil_ref_less_equal_back":
		return attrSubject{allows: kinds(declFunc), expected: "functions"}, true
	}
	return attrSubject{}, false
}

// checkAttrSubjects reports vk:: attributes written on a declaration they
// do not apply to; t is the declared type (nil for functions and buffers).
func (c *checker) checkAttrSubjects(attrs []*ast.Attribute, kind declKind, t *types.Type) {
	for _, a := range attrs {
		if a.Namespace != "vk" {
			continue
		}
		if a.Name == "ext_decorate_id" && kind == declParam {
			// a stage parameter's id operand may be computed (a call),
			// evaluated in the entry wrapper as DXC does: type it
			for _, x := range a.Args[min(1, len(a.Args)):] {
				if _, ok := x.(*ast.CallExpr); ok {
					c.expr(x)
				}
			}
		}
		s, ok := attrSubjectOf(a.Name)
		if !ok {
			continue
		}
		if t != nil && t.Kind() == types.Invalid {
			continue // a type we could not resolve: stay silent
		}
		switch {
		case s.noArgs && a.HasParens && len(a.Args) > 0:
			c.errorf(codes.VkAttribute, a.Pos(), "'%s' attribute takes no arguments", a.Name)
		case !s.allows(kind, t):
			c.errorf(codes.VkAttribute, a.Pos(), "'%s' attribute only applies to %s", a.Name, s.expected)
		}
	}
}

// varDeclKind classifies a variable for checkAttrSubjects.
func varDeclKind(v *Var) declKind {
	switch v.Storage {
	case StorageLocal, StorageStaticLocal:
		return declLocalVar
	case StorageField, StorageStaticField:
		return declField
	case StorageParam:
		return declParam
	}
	return declGlobalVar
}

// vkAttr returns the vk:: attribute of that name, or nil.
func vkAttr(attrs []*ast.Attribute, name string) *ast.Attribute {
	for _, a := range attrs {
		if a.Namespace == "vk" && a.Name == name {
			return a
		}
	}
	return nil
}

// attrInt is argument i of a as an integer (Info.IntValue).
func (in *Info) attrInt(a *ast.Attribute, i int) (int64, bool) {
	if a == nil || i >= len(a.Args) {
		return 0, false
	}
	return in.IntValue(a.Args[i])
}

// checkMeshModifier: a mesh shader's vertices, indices and primitives are
// out parameters, its payload an in parameter (clang's checks while
// declaring the parameter).
func (c *checker) checkMeshModifier(p *ast.Param) {
	out := hasMod(p.Mods, "out") || hasMod(p.Mods, "inout")
	in := hasMod(p.Mods, "in") || hasMod(p.Mods, "inout") || !hasMod(p.Mods, "out")
	for _, m := range []string{"vertices", "indices", "primitives"} {
		if hasMod(p.Mods, m) && !out {
			c.errorf(codes.MeshShaderParam, p.Pos(), "'%s' object must be an out parameter", m)
		}
	}
	if hasMod(p.Mods, "payload") && !in {
		c.errorf(codes.MeshShaderParam, p.Pos(), "'payload' object must be an in parameter")
	}
}
