package spirv

import (
	"slices"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Inline SPIR-V decorations: [[vk::ext_decorate(decoration, literals...)]],
// [[vk::ext_decorate_id(decoration, constants...)]] and
// [[vk::ext_decorate_string(decoration, "strings"...)]] on variables,
// parameters, functions, entry-point stage variables and struct members
// each become one OpDecorate / OpDecorateId / OpDecorateString (or
// OpMemberDecorate) of what the declaration lowers to, as in DXC.

// extDecoration is one decoration an ext_decorate* attribute asks for.
type extDecoration struct {
	attr   *sema.Attr
	deco   spv.Decoration
	params []builder.Operand
}

// extDecorationsOf evaluates the ext_decorate* attributes of attrs.
// Operands that are not constants are reported at the attribute.
func (e *emitter) extDecorationsOf(attrs sema.Attrs) []extDecoration {
	var out []extDecoration
	for _, a := range attrs {
		if a.Namespace != "vk" || !strings.HasPrefix(a.Name, "ext_decorate") || len(a.Args) == 0 {
			continue
		}
		n, ok := a.Int(0)
		if !ok {
			e.errorf(a.Args[0].Pos(), "the decoration of vk::%s must be a constant integer", a.Name)
		}
		d := extDecoration{attr: a, deco: spv.Decoration(n)}
		info := spv.KindDecoration.Enumerant(uint32(n))
		if info == nil {
			e.errorf(a.Args[0].Pos(), "unknown SPIR-V decoration %d", n)
		}
		for i, x := range a.Args[1:] {
			switch a.Name {
			case "ext_decorate":
				v, ok := x.Int, x.IsInt
				if !ok {
					e.errorf(x.Pos(), "the operands of vk::ext_decorate must be constant integers")
				}
				op := builder.Lit(uint32(v))
				if i < len(info.Parameters()) {
					// an enumerant operand (BuiltIn, FPRoundingMode...) keeps its kind
					if k := info.Parameters()[i].Kind; k.Category() == spv.CategoryValueEnum || k.Category() == spv.CategoryBitEnum {
						op = builder.Operand{Kind: k, Word: uint32(v)}
					}
				}
				d.params = append(d.params, op)
			case "ext_decorate_string":
				if !x.IsString {
					e.errorf(x.Pos(), "the operands of vk::ext_decorate_string must be string literals")
				}
				d.params = append(d.params, builder.Str(x.Str))
			case "ext_decorate_id":
				d.params = append(d.params, builder.Ref(e.extDecorationID(x.Expr)))
			default:
				continue
			}
		}
		out = append(out, d)
	}
	return out
}

// extDecorationID is the id operand of vk::ext_decorate_id: a constant
// (OpDecorateId allows only constants and variables there).
func (e *emitter) extDecorationID(x ast.Expr) builder.ID {
	t := e.info.TypeOfExpr(x)
	if t != nil && t.Canonical().Kind() == types.Basic && t.Canonical().Scalar().IsLiteral() {
		t = types.ScalarType(types.Int) // an unsuffixed literal is an int, as in DXC
		if t2 := e.info.TypeOfExpr(x); t2.Canonical().Scalar() == types.LiteralFloat {
			t = types.ScalarType(types.Float)
		}
	}
	if t == nil { // attribute arguments sema did not type: integer literals
		if n, ok := e.info.IntValue(x); ok {
			return e.scalarConst(types.Int, float64(n))
		}
	}
	id, ok := e.constant(x, t)
	if !ok && e.fb != nil && t != nil {
		// a run-time value (a stage variable's decoration, made in the
		// entry wrapper): DXC evaluates it there and decorates with the
		// result, which only -Vd output can hold
		return e.rvalueAs(x, t)
	}
	if !ok {
		e.errorf(x.Pos(), "the operands of vk::ext_decorate_id must be constant expressions")
	}
	return id
}

// extDecorate applies the ext_decorate* attributes of attrs to target.
func (e *emitter) extDecorate(target builder.ID, attrs sema.Attrs) {
	if target == 0 {
		return
	}
	for _, d := range e.extDecorationsOf(attrs) {
		e.b.Decorate(target, d.deco, d.params...)
	}
}

// fieldExtDecorations are the OpMemberDecorate decorations the
// ext_decorate* attributes of a struct's field ask for (the layout
// calculator's hook, run when the struct is lowered; an Offset one places
// the member instead, see fieldVkOffset). The field's ext_capability and
// ext_extension attributes are declared then too.
func (e *emitter) fieldExtDecorations(st *types.Type, i int) []builder.Decoration {
	var out []builder.Decoration
	if e.info.NodeRecord(st).DispatchGridField == i {
		// the dispatch grid of a work-graph input record (node.go)
		out = append(out, builder.Deco(spv.DecorationPayloadDispatchIndirectAMDX))
	}
	d := fieldDecl(st, i)
	if d == nil {
		return out
	}
	e.extRequirements(e.attrs(d)) // a field's ext_capability/ext_extension come with its struct
	for _, x := range e.extDecorationsOf(e.attrs(d)) {
		if x.deco == spv.DecorationOffset && x.attr.Name == "ext_decorate" {
			continue
		}
		out = append(out, builder.Deco(x.deco, x.params...))
	}
	return out
}

// stageVarExtDecorations applies the ext_decorate* attributes of an entry
// parameter, field or result to its stage variable: a Location one places
// it, a BuiltIn one makes it that built-in (no location), others decorate
// it as they are.
func (e *emitter) stageVarExtDecorations(sv *stageVar, attrs sema.Attrs) {
	var now sema.Attrs
	for _, a := range attrs {
		if a.Namespace == "vk" && a.Name == "ext_decorate_id" && slices.ContainsFunc(a.Args, isCall) {
			// an operand computed by a call: evaluated in the entry
			// wrapper, as DXC does (see wrapperDecorations)
			e.entry.wrapperDecos = append(e.entry.wrapperDecos, wrapperDeco{sv.id, a})
			continue
		}
		now = append(now, a)
	}
	for _, d := range e.extDecorationsOf(now) {
		switch {
		case d.deco == spv.DecorationLocation && len(d.params) == 1 && d.attr.Name == "ext_decorate":
			sv.location = int(d.params[0].Word)
			continue
		case d.deco == spv.DecorationBuiltIn:
			sv.builtin = true
		}
		e.b.Decorate(sv.id, d.deco, d.params...)
	}
}

// spvExecutionModes adds the execution modes an entry's
// [[vk::spvexecutionmode(N)]] attributes name, in order.
func (e *emitter) spvExecutionModes(attrs sema.Attrs) {
	modes := attrs.AllVk("spvexecutionmode")
	for i := len(modes) - 1; i >= 0; i-- { // DXC adds the last one first
		a := modes[i]
		if len(a.Args) != 1 {
			continue
		}
		n, ok := a.Int(0)
		if !ok {
			e.errorf(a.Args[0].Pos(), "the execution mode of vk::spvexecutionmode must be a constant integer")
		}
		if spv.KindExecutionMode.Enumerant(uint32(n)) == nil {
			e.errorf(a.Args[0].Pos(), "Invalid execution mode operand: %d", n)
		}
		e.b.ExecutionMode(e.entry.id, spv.ExecutionMode(n))
	}
}

// extStorageClass reads [[vk::ext_storage_class(N)]]: the storage class a
// variable lives in instead of the one its declaration implies.
func (e *emitter) extStorageClass(attrs sema.Attrs) (spv.StorageClass, bool) {
	as := attrs.AllVk("ext_storage_class")
	if len(as) == 0 {
		return 0, false
	}
	a := as[0]
	if len(a.Args) != 1 {
		e.errorf(a.Pos(), "vk::ext_storage_class takes one storage class")
	}
	n, ok := a.Int(0)
	if !ok {
		e.errorf(a.Args[0].Pos(), "the storage class of vk::ext_storage_class must be a constant integer")
	}
	if spv.KindStorageClass.Enumerant(uint32(n)) == nil {
		e.errorf(a.Args[0].Pos(), "Invalid storage class operand: %d", n)
	}
	return spv.StorageClass(n), true
}

// staticClass is the storage class of a static variable: Private, or the
// one its [[vk::ext_storage_class]] asks for.
func (e *emitter) staticClass(v *sema.Var) spv.StorageClass {
	if d, ok := v.Decl.(*ast.VarDecl); ok {
		if sc, ok := e.extStorageClass(e.attrs(d)); ok {
			return sc
		}
	}
	return spv.StorageClassPrivate
}

// extStorageClassVar declares a non-static variable of
// [[vk::ext_storage_class]]: a module-scope variable of that class. A
// global is no $Globals member; as DXC, it takes a binding, but only in
// the classes of descriptors (DXC binds it in any class but Workgroup,
// which Vulkan rejects). A local becomes a module-scope variable unless
// the class is Function, since only Function variables live in a
// function; its initializer is stored where it is declared.
func (e *emitter) extStorageClassVar(d *ast.VarDecl, v *sema.Var, sc spv.StorageClass) {
	t := v.Type()
	var id builder.ID
	if sc == spv.StorageClassFunction && e.fb != nil {
		id = e.fb.Variable(e.ptrType(sc, t, layout.Void), v.Name(), 0)
	} else {
		id = e.b.GlobalVariable(e.ptrType(sc, t, layout.Void), sc, v.Name(), 0)
	}
	e.markVar(id, v)
	e.extDecorate(id, e.attrs(d))
	e.vars[v] = &variable{ptr: id, sc: sc, typ: t, member: -1}
	switch {
	case e.fb != nil:
		if d.Init != nil {
			e.fb.Store(id, e.initValue(t, d.Init))
		}
	case sc == spv.StorageClassUniformConstant || sc == spv.StorageClassUniform || sc == spv.StorageClassStorageBuffer:
		_, _, class := e.resourceStorage(t)
		e.bindings.add(id, e.vkBinding(d), d.Semantics, class)
		e.bindings.setPos(id, v.Pos())
	}
}

// wrapperDeco is a stage variable's vk::ext_decorate_id whose operand is
// computed at run time.
type wrapperDeco struct {
	id   builder.ID
	attr *sema.Attr
}

// wrapperDecorations applies the stage variables' run-time decorations
// at the start of the entry wrapper, which computes their operands.
func (e *emitter) wrapperDecorations() {
	for _, d := range e.entry.wrapperDecos {
		e.extDecorate(d.id, sema.Attrs{d.attr})
	}
	e.entry.wrapperDecos = nil
}

// isCall reports an argument computed by a call.
func isCall(x sema.AttrArg) bool {
	_, ok := unparen(x.Expr).(*ast.CallExpr)
	return ok
}
