package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Work-graph node shaders ([shader("node")] in a library) under
// SPV_AMDX_shader_enqueue, as DXC emits them:
//
//   - a node is a GLCompute entry point with LocalSize, CoalescingAMDX
//     (coalescing and thread launch), ShaderIndexAMDX (its [NodeID]
//     index), MaxNodeRecursionAMDX, SharesInputWithAMDX and
//     StaticNumWorkgroupsAMDX/MaxNumWorkgroupsAMDX;
//   - every node input and output parameter has its own
//     OpTypeNodePayloadArrayAMDX of its record struct (laid out scalar; an
//     empty struct for the Empty* kinds), decorated with what its
//     attributes say (PayloadNodeNameAMDX, NodeMaxPayloadsAMDX, ...);
//   - the input is a NodePayloadAMDX variable ("in.var.<name>") the
//     wrapper passes to src.<entry> by pointer; an output is a Function
//     variable of its payload array type ("param.var.<name>");
//   - Get*NodeOutputRecords allocate payloads (OpAllocateNodePayloadsAMDX)
//     whose array is kept in a Function variable of the output's payload
//     array type; Get() and [i] are access chains into a payload array.
//
// sema resolves the attributes (sema.NodeEntry); a local node object takes
// the payload array type of the parameter it comes from (nodeOrigin).

// nodeState is the module's work-graph state.
type nodeState struct {
	params map[*sema.Var]*sema.NodeParam // node inputs and outputs of every node entry
	arrays map[*sema.Var]builder.ID      // their payload array types
	strs   map[string]builder.ID         // OpConstantStringAMDX by value
	locals map[*sema.Var]*sema.Var       // a local node object -> the parameter it comes from
}

func (e *emitter) nodes() *nodeState {
	if e.io.node == nil {
		e.io.node = &nodeState{params: map[*sema.Var]*sema.NodeParam{}, arrays: map[*sema.Var]builder.ID{},
			strs: map[string]builder.ID{}, locals: map[*sema.Var]*sema.Var{}}
		for _, ne := range e.info.Nodes {
			for p, np := range ne.Params {
				e.io.node.params[p] = np
			}
		}
	}
	return e.io.node
}

// isNodeObject reports a work-graph node object type.
func isNodeObject(t *types.Type) bool {
	return t != nil && t.Canonical().IsObject() && t.Canonical().Object().IsNode()
}

func nodeKind(t *types.Type) types.Object { return t.Canonical().Object() }

// nodeString is the OpConstantStringAMDX of s.
func (e *emitter) nodeString(s string) builder.ID {
	ns := e.nodes()
	if id, ok := ns.strs[s]; ok {
		return id
	}
	id := e.b.GlobalInst(spv.OpConstantStringAMDX, 0, builder.Str(s))
	ns.strs[s] = id
	return id
}

// nodeRecordType is the record struct of a node object, laid out as DXC
// lays node records out (scalar), or an empty struct for the Empty*
// kinds.
func (e *emitter) nodeRecordType(t *types.Type) builder.ID {
	if nodeKind(t).NodeFlags()&types.NodeEmpty != 0 {
		return e.b.TypeStruct(builder.StructType{})
	}
	return e.typeIn(t.Canonical().Elem(), layout.Scalar)
}

// payloadArray is the OpTypeNodePayloadArrayAMDX of node parameter p,
// made on first use with the decorations its attributes ask for, in DXC's
// order.
func (e *emitter) payloadArray(p *sema.Var) builder.ID {
	ns := e.nodes()
	if id, ok := ns.arrays[p]; ok {
		return id
	}
	np := ns.params[p]
	if np == nil {
		np = &sema.NodeParam{MaxRecords: -1}
	}
	elem := e.nodeRecordType(p.Type())
	id := e.b.GlobalInst(spv.OpTypeNodePayloadArrayAMDX, 0, builder.Ref(elem))
	ns.arrays[p] = id
	u := e.b.ConstUint32
	if nodeKind(p.Type()).IsNodeOutput() {
		name, index := p.Name(), uint32(0)
		if np.ID != nil {
			name, index = np.ID.Name, np.ID.Index
		}
		e.b.Decorate(id, spv.DecorationPayloadNodeNameAMDX, builder.Ref(e.nodeString(name)))
		if index != 0 {
			e.b.Decorate(id, spv.DecorationPayloadNodeBaseIndexAMDX, builder.Ref(u(index)))
		}
	}
	maxRecords := uint32(1)
	if np.MaxRecords >= 0 {
		maxRecords = uint32(np.MaxRecords)
	}
	e.b.Decorate(id, spv.DecorationNodeMaxPayloadsAMDX, builder.Ref(u(maxRecords)))
	if np.SharedWith != nil {
		e.b.Decorate(id, spv.DecorationNodeSharesPayloadLimitsWithAMDX, builder.Ref(e.payloadArray(np.SharedWith)))
	}
	if np.Sparse {
		e.b.Decorate(id, spv.DecorationPayloadNodeSparseArrayAMDX)
	}
	if np.HasArraySize && np.ArraySize >= 0 {
		e.b.Decorate(id, spv.DecorationPayloadNodeArraySizeAMDX, builder.Ref(u(uint32(np.ArraySize))))
	}
	return id
}

// nodeStorage is where a node object's payload array lives: the node
// input in NodePayloadAMDX memory, outputs and allocated records in
// Function variables.
func nodeStorage(t *types.Type) spv.StorageClass {
	if nodeKind(t).IsNodeInput() {
		return spv.StorageClassNodePayloadAMDX
	}
	return spv.StorageClassFunction
}

// nodeParamType is the pointer type of a node parameter of src.<entry>.
func (e *emitter) nodeParamType(p *sema.Var) builder.ID {
	if _, ok := e.nodes().params[p]; !ok {
		e.errorf(p.Pos(), "passing a node object to a function is not supported yet by the SPIR-V backend (only node entry points take them)")
	}
	return e.b.TypePointer(nodeStorage(p.Type()), e.payloadArray(p))
}

// nodeInputVar makes the NodePayloadAMDX variable of node input p (a
// stage variable of the entry, without a location), in.var.<name>; 0 for
// an output.
func (e *emitter) nodeInputVar(p *sema.Var, vars *[]*stageVar) builder.ID {
	if !nodeKind(p.Type()).IsNodeInput() {
		return 0
	}
	arr := e.payloadArray(p)
	id := e.b.GlobalVariable(e.b.TypePointer(spv.StorageClassNodePayloadAMDX, arr), spv.StorageClassNodePayloadAMDX, "in.var."+p.Name(), 0)
	*vars = append(*vars, &stageVar{id: id, in: true, semantic: p.Name(), location: -1, builtin: true})
	return id
}

// nodeWrapperArg is what the node entry's wrapper passes for node
// parameter p: the input's variable, or an output's Function variable
// (param.var.<name>, of its payload array type).
func (e *emitter) nodeWrapperArg(p *sema.Var, input builder.ID) builder.ID {
	if input != 0 {
		return input
	}
	return e.fb.Variable(e.b.TypePointer(spv.StorageClassFunction, e.payloadArray(p)), "param.var."+p.Name(), 0)
}

// nodeModes adds a node entry's execution modes, in DXC's order.
func (e *emitter) nodeModes(entry *sema.Func) {
	ne := e.info.Nodes[entry]
	if ne == nil {
		ne = &sema.NodeEntry{Launch: sema.LaunchBroadcasting, NumThreads: [3]uint32{1, 1, 1}, MaxRecursionDepth: -1}
	}
	t := ne.NumThreads
	e.b.ExecutionMode(e.entry.id, spv.ExecutionModeLocalSize, t[0], t[1], t[2])
	e.entry.numThreads = t
	if ne.Launch == sema.LaunchCoalescing || ne.Launch == sema.LaunchThread {
		e.b.ExecutionMode(e.entry.id, spv.ExecutionModeCoalescingAMDX)
	}
	u := e.b.ConstUint32
	index := uint32(0)
	if ne.ID != nil {
		index = ne.ID.Index
	}
	e.b.ExecutionModeId(e.entry.id, spv.ExecutionModeShaderIndexAMDX, u(index))
	if ne.MaxRecursionDepth >= 0 {
		e.b.ExecutionModeId(e.entry.id, spv.ExecutionModeMaxNodeRecursionAMDX, u(uint32(ne.MaxRecursionDepth)))
	}
	if s := ne.ShareInputOf; s != nil {
		e.b.ExecutionModeId(e.entry.id, spv.ExecutionModeSharesInputWithAMDX, e.nodeString(s.Name), u(s.Index))
	}
	if g := ne.DispatchGrid; g != nil {
		e.b.ExecutionModeId(e.entry.id, spv.ExecutionModeStaticNumWorkgroupsAMDX, u(g[0]), u(g[1]), u(g[2]))
	} else if g := ne.MaxDispatchGrid; g != nil {
		e.b.ExecutionModeId(e.entry.id, spv.ExecutionModeMaxNumWorkgroupsAMDX, u(g[0]), u(g[1]), u(g[2]))
	}
	if e.opts.Version < spv.Version1_6 {
		// DXC's words (its feature manager asks for Vulkan 1.3)
		e.errorf(entry.Pos(), "Vulkan 1.3 is required for WorkGraphs but not permitted to use")
	}
}

// nodeOrigin is the node parameter a node object expression comes from:
// the parameter itself, the output its records were allocated from, or
// what a local was initialized with.
func (e *emitter) nodeOrigin(x ast.Expr) *sema.Var {
	switch x := unparen(x).(type) {
	case *ast.NameExpr:
		v, ok := e.info.ObjectOf(x).(*sema.Var)
		if !ok {
			return nil
		}
		if _, ok := e.nodes().params[v]; ok {
			return v
		}
		return e.nodes().locals[v]
	case *ast.IndexExpr:
		return e.nodeOrigin(x.X)
	case *ast.CallExpr:
		if me, ok := x.Fun.(*ast.MemberExpr); ok && isNodeObject(e.info.TypeOfExpr(me.X)) {
			return e.nodeOrigin(me.X)
		}
	}
	return nil
}

// bindNodeParam binds a node object parameter of an inlined function to
// its argument: the same pointer, from the same node parameter.
func (e *emitter) bindNodeParam(p *sema.Var, arg ast.Expr) {
	origin := e.nodeOrigin(arg)
	v := e.expr(arg)
	if origin == nil || !v.ptr {
		e.unsupported(arg, "passing this node object to a function")
	}
	e.nodes().locals[p] = origin
	e.vars[p] = &variable{ptr: e.addr(v), sc: v.sc, typ: v.typ, member: -1}
}

// nodeLocal declares a local node object (output records, mostly): a
// Function variable of the payload array type of the parameter its value
// comes from, found from its initializer or its first assignment.
func (e *emitter) nodeLocal(d *ast.VarDecl, v *sema.Var) {
	src := d.Init
	if src == nil {
		ast.Inspect(e.walk.cur.obj.Decl.Body, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignExpr); ok && src == nil {
				if ne, ok := unparen(a.L).(*ast.NameExpr); ok && e.info.ObjectOf(ne) == v {
					src = a.R
				}
			}
			return src == nil
		})
	}
	var origin *sema.Var
	if src != nil {
		origin = e.nodeOrigin(src)
	}
	if origin == nil {
		e.errorf(d.Pos(), "a local %s that is not given a node object of this shader is not supported by the SPIR-V backend", v.Type())
	}
	e.nodes().locals[v] = origin
	ptr := e.fb.Variable(e.b.TypePointer(spv.StorageClassFunction, e.payloadArray(origin)), v.Name(), 0)
	e.vars[v] = &variable{ptr: ptr, sc: spv.StorageClassFunction, typ: v.Type(), member: -1}
	if d.Init != nil {
		e.fb.Store(ptr, e.loadNode(e.expr(d.Init)))
	}
}

// loadNode loads a node object's payload array (a record array copied
// into a variable, as DXC does).
func (e *emitter) loadNode(v value) builder.ID {
	if !v.ptr {
		return v.id
	}
	_, pt, _ := e.b.Pointee(e.b.TypeOf(v.id))
	return e.fb.Load(pt, v.id)
}

// nodeRecordRef is the lvalue of record index of the node object v: an
// access chain into its payload array (materialized, as DXC makes one for
// Get()), of the record struct laid out scalar.
func (e *emitter) nodeRecordRef(v value, index builder.ID, pending bool) value {
	rec := value{id: v.id, typ: v.typ.Canonical().Elem(), ptr: true, sc: v.sc, rule: layout.Scalar, idx: []builder.ID{index}}
	if pending {
		return rec
	}
	return e.fixAddr(rec)
}

// nodeIndex emits records[i] on an input or output record array: an
// index pending in the access chain the member access completes.
func (e *emitter) nodeIndex(x *ast.IndexExpr) value {
	t := e.typeOf(x.X)
	if nodeKind(t).NodeOutputElem() != types.NoObject {
		e.unsupported(x, "an element of a node output array used other than to call its methods")
	}
	i := e.rvalueAs(x.Index, types.ScalarType(types.Uint))
	return e.nodeRecordRef(e.expr(x.X), i, true)
}

// nodeMethod emits a method of a node object.
func (e *emitter) nodeMethod(x *ast.CallExpr, me *ast.MemberExpr, m *intrinsics.Match) value {
	t := m.Result
	if t == nil {
		t = types.VoidType()
	}
	u := e.b.ConstUint32
	switch m.ID {
	case intrinsics.MethodGet:
		recv := e.expr(me.X)
		index := u(0)
		if len(x.Args) > 0 {
			index = e.rvalueAs(x.Args[0], types.ScalarType(types.Uint))
		}
		return e.nodeRecordRef(recv, index, false)
	case intrinsics.MethodCount:
		recv := e.expr(me.X)
		return rv(e.fb.Emit(spv.OpNodePayloadArrayLengthAMDX, e.b.TypeInt(32, false), builder.Ref(recv.id)), t)
	case intrinsics.MethodFinishedCrossGroupSharing:
		recv := e.expr(me.X)
		return rv(e.fb.Emit(spv.OpFinishWritingNodePayloadAMDX, e.b.TypeBool(), builder.Ref(recv.id)), t)
	case intrinsics.MethodOutputComplete:
		recv := e.expr(me.X)
		e.fb.Emit(spv.OpEnqueueNodePayloadsAMDX, 0, builder.Ref(recv.id))
		return rv(0, t)
	case intrinsics.MethodIsValid:
		base, index := e.nodeOutputOf(me.X)
		if index == 0 {
			n := uint32(0)
			if np := e.nodes().params[base.param]; np != nil && np.ID != nil {
				n = np.ID.Index // DXC: the [NodeID] index, not the node's own
			}
			index = u(n)
		}
		return rv(e.fb.Emit(spv.OpIsNodePayloadValidAMDX, e.b.TypeBool(), builder.Ref(base.v.id), builder.Ref(index)), t)
	case intrinsics.MethodGetThreadNodeOutputRecords, intrinsics.MethodGetGroupNodeOutputRecords,
		intrinsics.MethodThreadIncrementOutputCount, intrinsics.MethodGroupIncrementOutputCount:
		base, index := e.nodeOutputOf(me.X)
		if index == 0 {
			index = u(0) // the node of a single output, element 0
		}
		count := e.rvalueAs(x.Args[0], types.ScalarType(types.Uint))
		scope := spv.ScopeInvocation
		if m.ID == intrinsics.MethodGetGroupNodeOutputRecords || m.ID == intrinsics.MethodGroupIncrementOutputCount {
			scope = spv.ScopeWorkgroup
		}
		ptr := e.b.TypePointer(spv.StorageClassNodePayloadAMDX, e.payloadArray(base.param))
		id := e.fb.Emit(spv.OpAllocateNodePayloadsAMDX, ptr, builder.Ref(u(uint32(scope))), builder.Ref(count), builder.Ref(index))
		if t.IsVoid() {
			return rv(0, t)
		}
		return value{id: id, typ: t, ptr: true, sc: spv.StorageClassNodePayloadAMDX}
	}
	e.unsupported(x, "the method '"+m.Overload.Name()+"' of "+nodeKind(e.typeOf(me.X)).String())
	return value{}
}

// nodeOutput is a node output parameter's value.
type nodeOutput struct {
	v     value
	param *sema.Var
}

// nodeOutputOf evaluates the receiver of an output's method: the output
// parameter, or an element of an output array, whose index (evaluated
// first, as DXC does) is the node index; index is 0 for a single output.
func (e *emitter) nodeOutputOf(x ast.Expr) (nodeOutput, builder.ID) {
	var index builder.ID
	if ix, ok := unparen(x).(*ast.IndexExpr); ok && nodeKind(e.typeOf(ix.X)).NodeOutputElem() != types.NoObject {
		index = e.rvalueAs(ix.Index, types.ScalarType(types.Uint))
		x = ix.X
	}
	p := e.nodeOrigin(x)
	if p == nil {
		e.unsupported(x, "this node output expression")
	}
	return nodeOutput{v: e.expr(x), param: p}, index
}

// GetRemainingRecursionLevels reads the RemainingRecursionLevelsAMDX
// built-in.
func (e *emitter) remainingRecursionLevels() builder.ID {
	uint := e.b.TypeInt(32, false)
	return e.fb.Load(uint, e.builtinInput(spv.BuiltInRemainingRecursionLevelsAMDX))
}

// structDecorations are the decorations of a struct type itself: a
// record struct marked [NodeTrackRWInputSharing] is TrackFinishWritingAMDX
// (the layout package adds them to every lowering of the struct).
func (e *emitter) structDecorations(t *types.Type) []builder.Decoration {
	if e.info.NodeRecord(t).TrackRWInputSharing {
		return []builder.Decoration{builder.Deco(spv.DecorationTrackFinishWritingAMDX)}
	}
	return nil
}
