package spirv

import (
	"fmt"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/constant"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Inline SPIR-V (the vk::ext_* attributes of DXC's proposal): a function
// declared with [[vk::ext_instruction(opcode[, "set"])]] has no body; a
// call is that instruction (OpExtInst of the set when one is named) on the
// arguments — a [[vk::ext_literal]] parameter's constant as a literal, a
// [[vk::ext_reference]] parameter's argument by pointer — and
// [[vk::ext_capability(n)]] / [[vk::ext_extension("name")]] on the
// declaration are declared when it is called.

// isExtInstruction reports a function declared with vk::ext_instruction.
func (e *emitter) isExtInstruction(f *sema.Func) bool {
	return f != nil && f.Decl != nil && e.attrs(f.Decl).HasVk("ext_instruction")
}

// extInstruction emits a call of an inline SPIR-V instruction.
func (e *emitter) extInstruction(x ast.Expr, f *sema.Func, argExprs []ast.Expr) value {
	d := f.Decl
	ins := e.attrs(d).AllVk("ext_instruction")[0]
	if len(ins.Args) == 0 {
		e.errorf(ins.Pos(), "vk::ext_instruction needs an opcode")
	}
	op, ok := ins.Int(0)
	if !ok {
		e.errorf(ins.Args[0].Pos(), "the opcode of vk::ext_instruction must be a constant integer")
	}
	set := ""
	if len(ins.Args) > 1 {
		set, _ = ins.Text(1)
	}
	e.extRequirements(e.attrs(d))
	var ops []builder.Operand
	var ids []builder.ID
	for i, p := range f.Params {
		arg := e.argument(f, f, i, argExprs, x) // call.go: a default when not passed
		switch e.extParamKind(p) {
		case extLiteral:
			ops = append(ops, e.extLiteralOperand(arg))
		case extReference:
			v := e.expr(arg)
			if !v.ptr || v.swz != nil || v.texel != nil {
				e.errorf(arg.Pos(), "the argument of a vk::ext_reference parameter must be a variable")
			}
			id := e.addr(v)
			ops = append(ops, builder.Ref(id))
			ids = append(ids, id)
		default:
			id, ok := e.untypedLiteral(arg, p.Type()) // a default the checker left untyped
			if !ok {
				id = e.rvalueAs(arg, p.Type())
			}
			ops = append(ops, builder.Ref(id))
			ids = append(ids, id)
		}
	}
	var rt builder.ID
	if f.Result != nil && !f.Result.IsVoid() {
		rt = e.typeID(f.Result)
	}
	if set != "" {
		if rt == 0 {
			rt = e.b.TypeVoid()
		}
		if len(ids) != len(ops) {
			e.unsupported(x, "literal operands of an extended instruction")
		}
		return rv(e.fb.ExtInst(rt, set, uint32(op), ids...), f.Result)
	}
	info := spv.InstructionInfo(spv.Op(op))
	if info == nil {
		e.errorf(ins.Pos(), "unknown SPIR-V opcode %d", op)
	}
	if !info.HasResultType {
		rt = 0
	} else if rt == 0 {
		e.errorf(x.Pos(), "%s has a result: the function must return a value", info.Name())
	}
	ops = literalKinds(info, ops)
	var id builder.ID
	if info.Class() == "Constant-Creation" {
		// a constant lives in the global section, not in the function
		id = e.b.GlobalInst(spv.Op(op), rt, ops...)
	} else {
		id = e.fb.Emit(spv.Op(op), rt, ops...)
	}
	if err := e.b.Err(); err != nil {
		e.errorf(x.Pos(), "invalid operands for %s: %v", info.Name(), err)
	}
	if in := e.b.Def(id); id != 0 && in != nil {
		plainLiterals(in.Operands)
	}
	return rv(id, f.Result)
}

// plainLiterals gives the literal numbers among ops, which literalKinds
// typed as the grammar types them where they stand so that the encoder
// checked them (a context-dependent number against its type's width), the
// kind every literal number has in a module loaded from words.
func plainLiterals(ops []builder.Operand) {
	for i := range ops {
		o := &ops[i]
		if o.Kind.Category() == spv.CategoryLiteral && o.Kind != spv.KindLiteralString {
			o.Kind = spv.KindLiteralInteger
		}
		plainLiterals(o.Params())
	}
}

// typeOperandBuiltins are the headers' declared-only function templates
// whose one operand is a type, which vk::ext_instruction cannot express:
// the compiler emits the instruction, its operand the template argument.
var typeOperandBuiltins = map[string]spv.Op{
	"__builtin_spv_CooperativeMatrixLengthKHR": spv.OpCooperativeMatrixLengthKHR,
}

// typeOperandBuiltin emits a call of one of the typeOperandBuiltins.
func (e *emitter) typeOperandBuiltin(x ast.Expr, f *sema.Func) (value, bool) {
	op, ok := typeOperandBuiltins[f.Name()]
	if !ok || f.Decl == nil || f.Decl.Body != nil {
		return value{}, false
	}
	call, _ := x.(*ast.CallExpr)
	var targs []ast.Node
	if call != nil {
		switch fn := unparen(call.Fun).(type) {
		case *ast.NameExpr:
			targs = fn.Args
		case *ast.MemberExpr:
			targs = fn.Args
		}
	}
	if len(targs) != 1 {
		e.errorf(x.Pos(), "%s needs its type as the template argument", f.Name())
	}
	var t *types.Type
	if n, ok := targs[0].(ast.Node); ok {
		t = e.info.TypeOf(n)
	}
	if t == nil || t.Kind() == types.Invalid {
		e.errorf(x.Pos(), "%s needs a type as its template argument", f.Name())
	}
	return rv(e.fb.Emit(op, e.typeID(f.Result), builder.Ref(e.typeID(t))), f.Result), true
}

// extRequirements declares the capabilities and extensions a declaration
// asks for.
func (e *emitter) extRequirements(attrs sema.Attrs) {
	for _, a := range attrs.AllVk("ext_capability") {
		if len(a.Args) == 1 {
			if n, ok := a.Int(0); ok {
				e.b.Capability(spv.Capability(n))
			}
		}
	}
	for _, a := range attrs.AllVk("ext_extension") {
		if len(a.Args) == 1 {
			if name, ok := a.Text(0); ok {
				e.b.Extension(name)
			}
		}
	}
}

// spirvIntrinsicType lowers vk::SpirvType<opcode, size, alignment,
// operands...> and vk::SpirvOpaqueType<opcode, operands...>: the type
// instruction itself, named spirvIntrinsicType as DXC names it. An operand
// vk::Literal<vk::integral_constant<T, v>> is the literal v, a
// vk::integral_constant<T, v> a constant of type T, any other type that
// type's id, a bare number a literal.
func (e *emitter) spirvIntrinsicType(t *types.Type) (builder.ID, error) {
	c := t.Canonical()
	args := c.Args()
	first := 1 // the operands after the opcode
	if c.Object() == types.VkSpirvType {
		first = 3 // after the size and the alignment
	}
	if len(args) < first || args[0].Type != nil {
		return 0, fmt.Errorf("%s needs a constant opcode", t)
	}
	op := spv.Op(args[0].Value)
	info := spv.InstructionInfo(op)
	if info == nil || info.Class() != "Type-Declaration" {
		return 0, fmt.Errorf("%s: opcode %d is not a SPIR-V type declaration", t, args[0].Value)
	}
	var ops []builder.Operand
	for _, a := range args[first:] {
		o, err := e.intrinsicTypeOperand(t, a)
		if err != nil {
			return 0, err
		}
		ops = append(ops, o)
	}
	ops = literalKinds(info, ops)
	if op == spv.OpTypePointer && len(ops) == 2 && ops[1].IsID() {
		// the one pointer type of that class and pointee, so values of it
		// meet the module's own pointers (OpCopyObject of a variable)
		return e.b.TypePointer(spv.StorageClass(ops[0].Word), builder.ID(ops[1].Word)), nil
	}
	id := e.b.TypeDeclared(op, ops...)
	if err := e.b.Err(); err != nil || id == 0 {
		return 0, fmt.Errorf("%s: the operands do not fit %s: %v", t, info.Name(), err)
	}
	e.b.Name(id, "spirvIntrinsicType")
	return id, nil
}

// intrinsicTypeOperand is one operand of an inline SPIR-V type.
func (e *emitter) intrinsicTypeOperand(t *types.Type, a types.TemplateArg) (builder.Operand, error) {
	if a.Type == nil {
		return builder.Lit(uint32(a.Value)), nil
	}
	c := a.Type.Canonical()
	switch c.Object() {
	case types.VkLiteral:
		if inner := c.Args(); len(inner) == 1 && inner[0].Type != nil && inner[0].Type.Canonical().Object() == types.VkIntegralConstant {
			if v, ok := integralConstant(inner[0].Type); ok {
				return builder.Lit(uint32(v)), nil
			}
		}
		return builder.Operand{}, fmt.Errorf("%s: vk::Literal takes a vk::integral_constant", t)
	case types.VkIntegralConstant:
		ca := c.Args()
		v, ok := integralConstant(a.Type)
		if !ok || ca[0].Type == nil {
			return builder.Operand{}, fmt.Errorf("%s: a malformed vk::integral_constant", t)
		}
		ct := ca[0].Type.Canonical()
		if !ct.IsScalar() {
			return builder.Operand{}, fmt.Errorf("%s: vk::integral_constant needs a scalar type", t)
		}
		return builder.Ref(e.valueConst(constant.Int(types.Int64, v).Convert(ct.Scalar()), ct.Scalar().Concrete())), nil
	}
	return builder.Ref(e.typeID(a.Type)), nil
}

// literalKinds gives each literal operand of an inline instruction the
// kind the grammar expects where it stands (an enumerant such as a
// StorageClass or GroupOperation, or a number), and gathers an enumerant's
// parameters after it (the scope of MakePointerVisible, the alignment of
// Aligned) into that enumerant, as the encoder wants them.
func literalKinds(info *spv.InstInfo, ops []builder.Operand) []builder.Operand {
	var kinds []spv.OperandInfo
	for _, o := range info.Operands() {
		if o.Kind != spv.KindIdResultType && o.Kind != spv.KindIdResult {
			kinds = append(kinds, o)
		}
	}
	out := make([]builder.Operand, 0, len(ops))
	for i, k := 0, 0; i < len(ops); k++ {
		if k >= len(kinds) {
			if len(kinds) == 0 || kinds[len(kinds)-1].Quant != spv.Variadic {
				return append(out, ops[i:]...) // left for the encoder to refuse
			}
			k = len(kinds) - 1
		}
		o := ops[i]
		i++
		if o.IsID() {
			out = append(out, o)
			continue
		}
		o.Kind = kinds[k].Kind
		params := enumerantParams(o.Kind, o.Word)
		for _, p := range params {
			if i >= len(ops) {
				break
			}
			po := ops[i]
			i++
			if !po.IsID() {
				po.Kind = p.Kind
			}
			o.SetParams(append(o.Params(), po))
		}
		out = append(out, o)
	}
	return out
}

// enumerantParams lists the parameters of value v of enum kind k: those
// of the enumerant, or for a bit enum those of each set bit, lowest first.
func enumerantParams(k spv.OperandKind, v uint32) []spv.OperandInfo {
	switch k.Category() {
	case spv.CategoryValueEnum:
		if en := k.Enumerant(v); en != nil {
			return en.Parameters()
		}
	case spv.CategoryBitEnum:
		var ps []spv.OperandInfo
		for bit := uint32(1); bit != 0 && bit <= v; bit <<= 1 {
			if v&bit != 0 {
				if en := k.Enumerant(bit); en != nil {
					ps = append(ps, en.Parameters()...)
				}
			}
		}
		return ps
	}
	return nil
}

// integralConstant is v of vk::integral_constant<T, v>.
func integralConstant(t *types.Type) (int64, bool) {
	args := t.Canonical().Args()
	if len(args) != 2 || args[1].Type != nil {
		return 0, false
	}
	return args[1].Value, true
}

// isLogicalPointer reports an inline SPIR-V pointer type
// (vk::SpirvOpaqueType<OpTypePointer, class, T>, vk::WorkgroupSpirvPointer)
// to a storage class other than PhysicalStorageBuffer: such a pointer may
// live in a variable only with the VariablePointers capability.
func isLogicalPointer(t *types.Type) bool {
	if t == nil {
		return false
	}
	c := t.Canonical()
	if !c.IsObject() || (c.Object() != types.VkSpirvOpaqueType && c.Object() != types.VkSpirvType) {
		return false
	}
	args := c.Args()
	first := 1
	if c.Object() == types.VkSpirvType {
		first = 3
	}
	if len(args) <= first || args[0].Type != nil || spv.Op(args[0].Value) != spv.OpTypePointer {
		return false
	}
	sc := args[first]
	if sc.Type != nil {
		if inner := sc.Type.Canonical().Args(); len(inner) == 1 && inner[0].Type != nil {
			if v, ok := integralConstant(inner[0].Type); ok {
				return spv.StorageClass(v) != spv.StorageClassPhysicalStorageBuffer
			}
		}
		return true
	}
	return spv.StorageClass(sc.Value) != spv.StorageClassPhysicalStorageBuffer
}

// checkPointerVariable rejects a local variable or parameter holding a
// logical SPIR-V pointer unless the module declares VariablePointers or
// the optimizer runs after (-O1..-O3 without -Oconfig: inlining and the
// memory passes forward the pointer, as DXC's legalization does):
// without either such a variable is invalid SPIR-V.
func (e *emitter) checkPointerVariable(n ast.Node, t *types.Type) {
	if isLogicalPointer(t) && !e.b.M.HasCapability(spv.CapabilityVariablePointers) && !e.opts.CodeGenOnly && !e.opts.PointerVariablesOptimized {
		e.errorf(n.Pos(), "a variable or parameter of SPIR-V pointer type %s needs the VariablePointers capability ([[vk::ext_capability(4442)]] on the entry point); pass the pointer directly instead", t)
	}
}

// isExtResultID reports vk::ext_result_id<T>.
func isExtResultID(t *types.Type) bool {
	c := t.Canonical()
	return c.IsObject() && c.Object() == types.VkExtResultID
}

// extResultIDLocal binds a vk::ext_result_id<T> local to its
// initializer's result id, with no variable, as DXC does: uses pass that
// id on (an inline instruction's operand).
func (e *emitter) extResultIDLocal(d *ast.VarDecl, v *sema.Var) {
	if d.Init == nil {
		e.errorf(d.Name.Pos(), "a vk::ext_result_id variable must be initialized with an inline SPIR-V instruction's result")
	}
	e.vars[v] = &variable{value: e.rvalueAs(d.Init, v.Type()), typ: v.Type(), member: -1}
}

// The kinds of parameter of an inline SPIR-V function or vk::ext_type
// definition: [[vk::ext_literal]] (the argument is a literal word),
// [[vk::ext_reference]] (a pointer), or a value.
const (
	extValue = iota
	extLiteral
	extReference
)

// extParamKind is the kind of parameter p is (extValue, extLiteral or
// extReference).
func (e *emitter) extParamKind(p *sema.Var) int {
	var attrs sema.Attrs
	if pd, ok := p.Decl.(*ast.Param); ok {
		attrs = e.attrs(pd)
	}
	switch {
	case len(attrs.AllVk("ext_literal")) > 0:
		return extLiteral
	case len(attrs.AllVk("ext_reference")) > 0:
		return extReference
	}
	return extValue
}

// extLiteralOperand is the literal word of a vk::ext_literal argument.
func (e *emitter) extLiteralOperand(arg ast.Expr) builder.Operand {
	n, ok := e.info.IntValue(arg)
	if !ok {
		e.errorf(arg.Pos(), "the argument of a vk::ext_literal parameter must be a constant integer")
	}
	return builder.Lit(uint32(n))
}
