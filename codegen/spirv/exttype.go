package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// vk::ext_type<id> is the type a call of a [[vk::ext_type_def(id, opcode)]]
// function declares: the type instruction with the call's arguments as its
// operands (a [[vk::ext_literal]] argument a literal, a
// [[vk::ext_reference]] one the id of its type, another a constant). The
// call may come anywhere in the source, after the declarations that use
// the type, as DXC lowers types once the whole module is generated; so the
// calls are found up front and each type is declared where first needed.

// extTypeCall is the call that defines one vk::ext_type.
type extTypeCall struct {
	fn   *sema.Func
	call *ast.CallExpr
}

// extTypeDefID is the id a vk::ext_type_def function defines.
func extTypeDefID(e *emitter, f *sema.Func) (int64, bool) {
	if f == nil || f.Decl == nil {
		return 0, false
	}
	defs := e.attrs(f.Decl).AllVk("ext_type_def")
	if len(defs) == 0 {
		return 0, false
	}
	if len(defs[0].Args) != 2 {
		e.errorf(defs[0].Pos(), "vk::ext_type_def takes an id and an opcode")
	}
	id, ok := defs[0].Int(0)
	if !ok {
		e.errorf(defs[0].Args[0].Pos(), "the id of vk::ext_type_def must be a constant integer")
	}
	return id, true
}

// extTypeCalls finds the first call defining each vk::ext_type id.
func (e *emitter) extTypeCalls() map[int64]extTypeCall {
	if e.lowering.extTypes != nil {
		return e.lowering.extTypes
	}
	e.lowering.extTypes = map[int64]extTypeCall{}
	ast.Inspect(e.file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		f, _ := e.info.ObjectOf(call).(*sema.Func)
		if id, ok := extTypeDefID(e, f); ok {
			if _, seen := e.lowering.extTypes[id]; !seen {
				e.lowering.extTypes[id] = extTypeCall{f, call}
			}
		}
		return true
	})
	return e.lowering.extTypes
}

// extTypeByID declares vk::ext_type<id> (once) and returns its id; at is
// where it is needed, for the error when no call defines it.
func (e *emitter) extTypeByID(id int64, at ast.Node) builder.ID {
	if t, ok := e.lowering.extTypeIDs[id]; ok {
		return t
	}
	def, ok := e.extTypeCalls()[id]
	if !ok {
		pos := e.pos
		if at != nil {
			pos = at.Pos()
		}
		e.errorf(pos, "vk::ext_type<%d> is not declared: no call of a vk::ext_type_def(%d, ...) function", id, id)
	}
	attr := e.attrs(def.fn.Decl).AllVk("ext_type_def")[0]
	op, ok := attr.Int(1)
	if !ok {
		e.errorf(attr.Args[1].Pos(), "the opcode of vk::ext_type_def must be a constant integer")
	}
	info := spv.InstructionInfo(spv.Op(op))
	if info == nil || info.Class() != "Type-Declaration" {
		e.errorf(attr.Args[1].Pos(), "opcode %d is not a SPIR-V type declaration", op)
	}
	e.extRequirements(e.attrs(def.fn.Decl)) // inlinespirv.go
	var ops []builder.Operand
	for i, p := range def.fn.Params {
		arg := e.argument(def.fn, def.fn, i, def.call.Args, def.call) // call.go
		// the parameter kinds are inline SPIR-V's (inlinespirv.go)
		switch e.extParamKind(p) {
		case extLiteral:
			ops = append(ops, e.extLiteralOperand(arg))
		case extReference:
			ops = append(ops, builder.Ref(e.typeID(e.info.TypeOfExpr(arg))))
		default:
			k, ok := e.untypedLiteral(arg, p.Type())
			if !ok {
				if k, ok = e.constant(arg, p.Type()); !ok {
					e.errorf(arg.Pos(), "an operand of vk::ext_type_def must be a constant")
				}
			}
			ops = append(ops, builder.Ref(k))
		}
	}
	before := len(e.b.M.Globals)
	t := e.numericType(spv.Op(op), ops)
	if t == 0 {
		t = e.b.TypeDeclared(spv.Op(op), literalKinds(info, ops)...)
	}
	if err := e.b.Err(); err != nil || t == 0 {
		e.errorf(def.call.Pos(), "the operands do not fit %s: %v", info.Name(), err)
	}
	if len(e.b.M.Globals) > before {
		e.b.Name(t, "spirvIntrinsicType") // a type of its own, not one the module had
	}
	if e.lowering.extTypeIDs == nil {
		e.lowering.extTypeIDs = map[int64]builder.ID{}
	}
	e.lowering.extTypeIDs[id] = t
	return t
}

// isExtType reports vk::ext_type<id>.
func isExtType(t *types.Type) bool {
	c := t.Canonical()
	return c.IsObject() && c.Object() == types.VkExtType
}

// extTypeGlobal declares a global of a vk::ext_type when code first reads
// it (a global used only for its type, as a vk::ext_reference operand of
// a type definition, needs no variable). An opaque type (an image, a
// sampler, an acceleration structure) is a UniformConstant variable bound
// like a resource of its kind; a global holding data of such a type would
// be a $Globals member, not supported yet.
func (e *emitter) extTypeGlobal(v *sema.Var) {
	d, _ := v.Decl.(*ast.VarDecl)
	tid := e.typeID(v.Type())
	class := byte(0)
	switch e.b.TypeOp(tid) {
	case spv.OpTypeImage, spv.OpTypeSampledImage, spv.OpTypeAccelerationStructureKHR:
		class = 't'
	case spv.OpTypeSampler:
		class = 's'
	}
	if class == 0 || d == nil {
		e.errorf(e.pos, "reading the global '%s' of a non-opaque vk::ext_type is not supported yet by the SPIR-V backend", v.Name())
	}
	sc := spv.StorageClassUniformConstant
	ptr := e.b.GlobalVariable(e.b.TypePointer(sc, tid), sc, v.Name(), 0)
	e.markVar(ptr, v)
	e.vars[v] = &variable{ptr: ptr, sc: sc, typ: v.Type(), rule: layout.Void, member: -1}
	e.bindings.add(ptr, e.vkBinding(d), d.Semantics, class)
	e.bindings.setPos(ptr, v.Pos())
}

// numericType is the module's own bool, integer, float or vector type an
// inline type declaration spells (SPIR-V allows one of each), or 0.
func (e *emitter) numericType(op spv.Op, ops []builder.Operand) builder.ID {
	switch {
	case op == spv.OpTypeBool && len(ops) == 0:
		return e.b.TypeBool()
	case op == spv.OpTypeInt && len(ops) == 2 && !ops[0].IsID() && !ops[1].IsID():
		return e.b.TypeInt(ops[0].Word, ops[1].Word != 0)
	case op == spv.OpTypeFloat && len(ops) == 1 && !ops[0].IsID():
		return e.b.TypeFloat(ops[0].Word)
	case op == spv.OpTypeVector && len(ops) == 2 && ops[0].IsID() && !ops[1].IsID():
		return e.b.TypeVector(builder.ID(ops[0].Word), ops[1].Word)
	}
	return 0
}
