package spirv

import (
	"strconv"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/codegen/spirv/layout"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/sema"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// Rich debug information (-fspv-debug=rich): OpenCL.DebugInfo.100
// instructions describing the source, the types, the functions, their
// lexical blocks and the variables, as DXC emits them. The emitter builds
// a graph of debug nodes while it generates code (functions, blocks,
// variables); the types are lowered once code generation is done
// (richResolve, the last step that needs HLSL types), and the pass in
// richwrite.go then writes the nodes in DXC's order: a depth-first
// post-order from the nodes nothing refers to, the last created first
// (DXC's SortDebugInfoVisitor), so that operands come before their users.

// OpenCL.DebugInfo.100 operand values DXC uses.
const (
	dbgFlagPublic     = 3 // FlagIsProtected|FlagIsPrivate: what DXC writes for "public"
	dbgFlagLocal      = 4
	dbgFlagDefinition = 8
	dbgFlagThis       = 1<<5 | 1<<8 // FlagArtificial|FlagObjectPointer
	dbgEncBoolean     = 2
	dbgEncFloat       = 3
	dbgEncSigned      = 4
	dbgEncUnsigned    = 6
	dbgTagClass       = 0
	dbgTagStructure   = 1
	dbgLangHLSL       = 5
)

const (
	openCLDebugInfo = "OpenCL.DebugInfo.100"
	vulkanDebugInfo = "NonSemantic.Shader.DebugInfo.100"
)

// NonSemantic.Shader.DebugInfo.100 instructions OpenCL.DebugInfo.100 does
// not have (the others share their numbers).
const (
	dbgFunctionDefinition = spv.NonSemanticShaderDebugInfo100DebugFunctionDefinition
	dbgSourceContinued    = spv.NonSemanticShaderDebugInfo100DebugSourceContinued
	dbgLine               = spv.NonSemanticShaderDebugInfo100DebugLine
	dbgNoLine             = spv.NonSemanticShaderDebugInfo100DebugNoLine
	dbgEntryPoint         = spv.NonSemanticShaderDebugInfo100DebugEntryPoint
	dbgTypeMatrix         = spv.NonSemanticShaderDebugInfo100DebugTypeMatrix
)

// richState is the rich debug information being built: the graph the
// writer reads (richwrite.go), and what building it needs.
type richState struct {
	richGraph
	sources map[string]*dnode // DebugSource of each file
	opaque  map[string]*dnode // object types by SPIR-V type id, or by name
	source  *dnode
	cu      *dnode
	scopes  []*dnode // lexical scopes, innermost last
	types   map[builder.ID]*dnode
	expr    *dnode            // the empty DebugExpression, made on first use
	none    *dnode            // DebugInfoNone, made on first use
	files   []string          // Vulkan: the included files, each to have a DebugSource
	text    map[string]string // their text
}

// richSetup imports the set first, as DXC does (its id is %1), and makes
// the source and compilation unit.
func (e *emitter) richSetup() {
	r := &richState{richGraph: newRichGraph(e.opts.Debug.Vulkan), types: map[builder.ID]*dnode{},
		sources: map[string]*dnode{}, opaque: map[string]*dnode{}}
	e.dbg.rich = r
	if r.vulkan {
		r.set = e.b.ExtInstImport(vulkanDebugInfo)
		if e.opts.Version < spv.Version1_6 { // core in SPIR-V 1.6
			e.b.Extension("SPV_KHR_non_semantic_info")
		}
	} else {
		r.set = e.b.ExtInstImport(openCLDebugInfo)
	}
	names, text := e.sourceFiles()
	if len(names) == 0 {
		names = []string{""}
	}
	// DXC's first string is the main file's name. OpenCL.DebugInfo.100
	// then names every file; NonSemantic.Shader.DebugInfo.100 makes the
	// other strings in the order the debug instructions use them, so an
	// included file's name comes with its DebugSource.
	e.b.DebugString(names[0])
	if !r.vulkan {
		for _, n := range names[1:] {
			e.b.DebugString(n)
		}
	}
	r.source = e.richSource(names[0], text[names[0]])
	r.cu = e.dnode(spv.OpenCLDebugInfo100DebugCompilationUnit, []dop{litOp(1), litOp(4), nodeOp(r.source), litOp(dbgLangHLSL)}, r.source)
	r.scopes = []*dnode{r.cu}
	if !r.vulkan {
		e.richWarnMethods(e.file.Decls)
	}
	if r.vulkan {
		// the included files' DebugSources are made on first use, the
		// rest once the functions are emitted (richResolve)
		r.files, r.text = names[1:], text
	}
}

// richSource is the DebugSource of a file, with its text when asked for;
// NonSemantic text longer than DXC's limit continues in
// DebugSourceContinued.
func (e *emitter) richSource(name, text string) *dnode {
	r := e.dbg.rich
	ops := []dop{strOp(name)}
	var chunks []string
	if e.opts.Debug.Source && text != "" {
		if r.vulkan {
			max := 0xFFFD*4 - 1
			if e.opts.Debug.SourceLen > 0 {
				max = e.opts.Debug.SourceLen*4 - 1
			}
			for len(text) > max {
				chunks, text = append(chunks, text[:max]), text[max:]
			}
		}
		chunks = append(chunks, text)
		ops = append(ops, strOp(chunks[0]))
	}
	n := e.dnode(spv.OpenCLDebugInfo100DebugSource, ops)
	for _, c := range chunks[min(1, len(chunks)):] {
		n.after = append(n.after, &dnode{inst: dbgSourceContinued, ops: []dop{strOp(c)}})
	}
	r.sources[name] = n
	return n
}

// dnode makes a node and records its creation.
func (e *emitter) dnode(inst uint32, ops []dop, visit ...*dnode) *dnode {
	n := &dnode{inst: inst, id: e.b.NewID(), ops: ops, visit: visit}
	e.dbg.rich.nodes = append(e.dbg.rich.nodes, n)
	return n
}

// line and column of a position, as DXC's presumed location.
func (e *emitter) lineCol(p diag.Pos) (uint32, uint32) {
	pos := e.fs.Position(p)
	return uint32(pos.Line), uint32(pos.Col)
}

func (e *emitter) richScope() *dnode { return e.dbg.rich.scopes[len(e.dbg.rich.scopes)-1] }

// richFunction makes the DebugFunction of a function being emitted (name
// as DXC gives it: "__dxc_setup" for an entry wrapper) and enters it.
func (e *emitter) richFunction(fb *builder.FunctionBuilder, f *sema.Func, name string, wrapper bool) {
	if e.dbg.rich == nil || f.Decl == nil || f.Decl.Body == nil {
		return
	}
	r := e.dbg.rich
	line, col := e.lineCol(funcDeclPos(f.Decl))
	scopeLine, _ := e.lineCol(f.Decl.Body.Pos())
	fnTypeID := fb.F.Def.Operands[1].ID()
	src := e.richSourceAt(funcDeclPos(f.Decl))
	n := e.dnode(spv.OpenCLDebugInfo100DebugFunction, nil)
	n.typeOf = func() *dnode { return e.richFunctionType(fnTypeID, f, wrapper) }
	n.setType = func(t *dnode) {
		n.ops = []dop{strOp(name), nodeOp(t), nodeOp(src), litOp(line), litOp(col), nodeOp(r.cu), strOp(""),
			litOp(dbgFlagPublic), litOp(scopeLine)}
		if !r.vulkan {
			n.ops = append(n.ops, idOp(fb.ID()))
		}
		n.visit = []*dnode{t, r.cu, src}
	}
	r.scopes = []*dnode{r.cu, n}
	r.fnScope[fb.ID()] = n
	if r.vulkan {
		r.fnDefs[fb.ID()] = &dnode{inst: dbgFunctionDefinition, ops: []dop{nodeOp(n), idOp(fb.ID())}}
		if wrapper {
			// the entry point: the compiler and its options
			e.dnode(dbgEntryPoint, []dop{nodeOp(n), nodeOp(r.cu), strOp(toolCommit), strOp(e.opts.Debug.Args)}, n, r.cu)
		}
	}
}

// richParams describes a function's parameters (the receiver first, as
// "this") and declares them.
func (e *emitter) richParams(fb *builder.FunctionBuilder, f *sema.Func, method bool) {
	if e.dbg.rich == nil || f.Decl == nil || f.Decl.Body == nil {
		return
	}
	i, arg := 0, uint32(1)
	if method {
		v := e.richLocal("this", f.Recv, fb.Param(0), funcDeclPos(f.Decl), dbgFlagThis, arg)
		e.dbg.rich.fnDecls[fb.ID()] = append(e.dbg.rich.fnDecls[fb.ID()], e.richDeclareNode(v, fb.Param(0)))
		i, arg = 1, 2
	}
	for j, p := range f.Params {
		pd := f.Decl.Params[j]
		if pd.Name == nil {
			i++
			arg++
			continue
		}
		v := e.richLocal(p.Name(), p.Type(), fb.Param(i), pd.Name.Pos(), dbgFlagLocal, arg)
		e.dbg.rich.fnDecls[fb.ID()] = append(e.dbg.rich.fnDecls[fb.ID()], e.richDeclareNode(v, fb.Param(i)))
		i++
		arg++
	}
}

// richValueType is the type of a parameter or local variable: a resource
// (a parameter of a function kept under -fcgl) is its class, as DXC
// describes it, where richType would give DebugInfoNone, which is no type
// for those operands.
func (e *emitter) richValueType(t *types.Type, variable builder.ID) *dnode {
	return e.richObjectOr(t, e.heldType(variable))
}

// richObjectOr describes an object through the SPIR-V type that holds
// it (held, 0 if unknown), any other type as richType does.
func (e *emitter) richObjectOr(t *types.Type, held builder.ID) *dnode {
	if c := concreteType(t).Canonical(); c.IsObject() {
		return e.richOpaque(c, held)
	}
	return e.richType(t)
}

// heldType is the type a variable holds, through pointers and arrays: a
// resource variable's image, sampler or buffer struct (under -fcgl a
// resource parameter points to a pointer to it). 0 for no variable.
func (e *emitter) heldType(variable builder.ID) builder.ID {
	d := e.b.Def(variable)
	if d == nil {
		return 0
	}
	return e.heldBy(d.Type)
}

// heldBy is the type t is or points to, through pointers and arrays.
func (e *emitter) heldBy(t builder.ID) builder.ID {
	for {
		def := e.b.Def(t)
		switch {
		case def == nil:
			return 0
		case def.Op == spv.OpTypePointer:
			t = def.Operands[1].ID()
		case def.Op == spv.OpTypeArray || def.Op == spv.OpTypeRuntimeArray:
			t = def.Operands[0].ID()
		default:
			return t
		}
	}
}

// richLocal makes a DebugLocalVariable (arg is the parameter number, 0
// for a local).
func (e *emitter) richLocal(name string, t *types.Type, variable builder.ID, at diag.Pos, flags, arg uint32) *dnode {
	line, col := e.lineCol(at)
	src := e.richSourceAt(at)
	scope := e.richScope()
	n := e.dnode(spv.OpenCLDebugInfo100DebugLocalVariable, nil)
	n.typeOf = func() *dnode { return e.richValueType(t, variable) }
	n.setType = func(ty *dnode) {
		n.ops = []dop{strOp(name), nodeOp(ty), nodeOp(src), litOp(line), litOp(col), nodeOp(scope), litOp(flags)}
		if arg > 0 {
			n.ops = append(n.ops, litOp(arg))
		}
		n.visit = []*dnode{ty, scope, src}
	}
	return n
}

// richExpr is the empty DebugExpression DebugDeclare uses.
func (e *emitter) richExpr() *dnode {
	if e.dbg.rich.expr == nil {
		e.dbg.rich.expr = e.dnode(spv.OpenCLDebugInfo100DebugExpression, nil)
	}
	return e.dbg.rich.expr
}

// richDeclareNode is a DebugDeclare placed with its function's scope; it
// is a node only for its operands, never written among the globals.
func (e *emitter) richDeclareNode(v *dnode, ptr builder.ID) *dnode {
	return &dnode{inst: spv.OpenCLDebugInfo100DebugDeclare, ops: []dop{nodeOp(v), idOp(ptr), nodeOp(e.richExpr())}}
}

// richLocalVar describes a local variable and declares it where the
// emitter is (after its initialization, as DXC).
func (e *emitter) richLocalVar(d *ast.VarDecl, v *sema.Var, ptr builder.ID) {
	if e.dbg.rich == nil || d.Name == nil {
		return
	}
	n := e.richLocal(v.Name(), v.Type(), ptr, d.Name.Pos(), dbgFlagLocal, 0)
	loc := e.dbg.loc
	e.dbg.loc = d.Name.Pos()
	e.fb.Emit(spv.OpExtInst, e.b.TypeVoid(), builder.Ref(e.dbg.rich.set), builder.Lit(spv.OpenCLDebugInfo100DebugDeclare),
		builder.Ref(n.id), builder.Ref(ptr), builder.Ref(e.richExpr().id))
	e.dbg.loc = loc
}

// richGlobal describes a static global variable.
func (e *emitter) richGlobal(v *sema.Var, ptr builder.ID) {
	if e.dbg.rich == nil {
		return
	}
	d, ok := v.Decl.(*ast.VarDecl)
	if !ok || d.Name == nil {
		return
	}
	r := e.dbg.rich
	line, col := e.lineCol(d.Name.Pos())
	src := e.richSourceAt(d.Name.Pos())
	name := v.Name()
	n := e.dnode(spv.OpenCLDebugInfo100DebugGlobalVariable, nil)
	n.typeOf = func() *dnode { return e.richVarType(v.Type(), ptr) }
	n.setType = func(ty *dnode) {
		n.visit = []*dnode{ty, r.cu, src}
		n.ops = []dop{strOp(name), nodeOp(ty), nodeOp(src), litOp(line), litOp(col), nodeOp(r.cu), strOp(name),
			idOp(ptr), litOp(dbgFlagDefinition)}
	}
}

// richBlock enters the lexical block of a compound statement: DXC gives
// the insertion block that scope when it is still empty, else writes a
// DebugScope. richEndBlock leaves it.
func (e *emitter) richBlock(s *ast.BlockStmt) {
	r := e.dbg.rich
	line, col := e.lineCol(s.Pos())
	src := e.richSourceAt(s.Pos())
	parent := e.richScope()
	n := e.dnode(spv.OpenCLDebugInfo100DebugLexicalBlock, []dop{nodeOp(src), litOp(line), litOp(col), nodeOp(parent)}, parent, src)
	r.scopes = append(r.scopes, n)
	if bl := e.fb.F.Block(e.fb.Block()); bl != nil && len(bl.Insts) == 0 {
		r.blocks[bl.Label] = n
	} else if !e.fb.Terminated() {
		e.richScopeInst(n)
	}
}

func (e *emitter) richEndBlock() {
	r := e.dbg.rich
	r.scopes = r.scopes[:len(r.scopes)-1]
	if !e.fb.Terminated() {
		e.richScopeInst(e.richScope())
	}
}

// richScopeInst writes a DebugScope where the emitter is.
func (e *emitter) richScopeInst(scope *dnode) {
	id := e.fb.Emit(spv.OpExtInst, e.b.TypeVoid(), builder.Ref(e.dbg.rich.set), builder.Lit(spv.OpenCLDebugInfo100DebugScope), builder.Ref(scope.id))
	if in := e.b.Def(id); in != nil {
		setKey(&e.dbg.scopes, in, true)
	}
}

// richNoteBlock gives a block the scope current when its first
// instruction is added.
func (e *emitter) richNoteBlock() {
	if e.dbg.rich == nil || e.fb == nil {
		return
	}
	if l := e.fb.Block(); l != 0 {
		if _, ok := e.dbg.rich.blocks[l]; !ok {
			e.dbg.rich.blocks[l] = e.richScope()
		}
	}
}

// richType lowers an HLSL type to its debug type, through its SPIR-V
// type as DXC does (so min16float is a 32-bit float without
// -enable-16bit-types); structs keep their fields' names and positions.
func (e *emitter) richType(t *types.Type) *dnode {
	c := concreteType(t).Canonical()
	if c.IsObject() || containsObject(c) {
		if e.dbg.rich.vulkan && c.IsArray() {
			n := uint32(0) // an unbounded array
			if c.Len() != types.Unsized {
				n = uint32(c.Len())
			}
			return e.richArray(e.richType(c.Elem()), []uint32{n})
		}
		if e.dbg.rich.vulkan {
			return e.richOpaque(c, 0)
		}
		return e.richNone()
	}
	id := e.typeIn(c, layout.Void)
	if n, ok := e.dbg.rich.types[id]; ok {
		return n
	}
	var n *dnode
	switch {
	case c.IsStruct() && c.Named() != nil:
		n = e.richStruct(c, id)
	case c.IsArray():
		elem := e.richType(c.Elem())
		counts := []uint32{uint32(c.Len())}
		if elem.inst == spv.OpenCLDebugInfo100DebugTypeArray {
			counts = append(append([]uint32(nil), elem.counts...), counts...)
			elem = elem.elem
		}
		n = e.richArray(elem, counts)
	default:
		n = e.richSPIRVType(id)
	}
	e.dbg.rich.types[id] = n
	return n
}

// richArray is DebugTypeArray: its counts are written innermost last
// reversed, as DXC writes them.
func (e *emitter) richArray(elem *dnode, counts []uint32) *dnode {
	ops := []dop{nodeOp(elem)}
	size := elem.size
	for i := len(counts) - 1; i >= 0; i-- {
		ops = append(ops, idOp(e.b.ConstUint32(counts[i])))
		size *= counts[i]
	}
	n := e.dnode(spv.OpenCLDebugInfo100DebugTypeArray, ops, elem)
	n.elem, n.counts, n.size = elem, counts, size
	return n
}

// richSPIRVType lowers a SPIR-V type that needs no HLSL knowledge.
func (e *emitter) richSPIRVType(id builder.ID) *dnode {
	if n, ok := e.dbg.rich.types[id]; ok {
		return n
	}
	def := e.b.Def(id)
	var n *dnode
	basic := func(name string, size, enc uint32) *dnode {
		ops := []dop{strOp(name), idOp(e.b.ConstUint32(size)), litOp(enc)}
		if e.dbg.rich.vulkan {
			ops = append(ops, litOp(0)) // flags
		}
		n := e.dnode(spv.OpenCLDebugInfo100DebugTypeBasic, ops)
		n.size = size
		return n
	}
	switch {
	case def == nil:
		n = e.richNone()
	case def.Op == spv.OpTypeBool:
		n = basic("bool", 32, dbgEncBoolean)
	case def.Op == spv.OpTypeInt:
		w, signed := def.Operands[0].Word, def.Operands[1].Word == 1
		name, enc := "uint", uint32(dbgEncUnsigned)
		if signed {
			name, enc = "int", dbgEncSigned
		}
		if w != 32 {
			name += strconv.Itoa(int(w)) + "_t"
		}
		n = basic(name, w, enc)
	case def.Op == spv.OpTypeFloat:
		w := def.Operands[0].Word
		name := "float"
		if w != 32 {
			name += strconv.Itoa(int(w)) + "_t"
		}
		n = basic(name, w, dbgEncFloat)
	case def.Op == spv.OpTypeVector:
		elem := e.richSPIRVType(def.Operands[0].ID())
		cnt := def.Operands[1].Word
		n = e.dnode(spv.OpenCLDebugInfo100DebugTypeVector, []dop{nodeOp(elem), litOp(cnt)}, elem)
		n.elem, n.size = elem, elem.size*cnt
	case def.Op == spv.OpTypeMatrix:
		// OpenCL.DebugInfo.100 has no matrices: DXC writes an array of
		// the element type, rows by columns
		vec := e.b.Def(def.Operands[0].ID())
		if e.dbg.rich.vulkan {
			v := e.richSPIRVType(def.Operands[0].ID())
			n = e.dnode(dbgTypeMatrix, []dop{nodeOp(v), litOp(def.Operands[1].Word), litOp(1)}, v)
			n.size = v.size * def.Operands[1].Word
			break
		}
		elem := e.richSPIRVType(vec.Operands[0].ID())
		n = e.richArray(elem, []uint32{vec.Operands[1].Word, def.Operands[1].Word})
	case def.Op == spv.OpTypeArray:
		// a matrix of non-floats: an array of row vectors
		elem := e.richSPIRVType(def.Operands[0].ID())
		cnt, _ := e.b.ConstantValue(def.Operands[1].ID())
		n = e.richArray(elem, []uint32{uint32(cnt)})
	default:
		// resources and other opaque types: not described yet
		n = e.richNone()
	}
	e.dbg.rich.types[id] = n
	return n
}

// richVarType is the debug type of a global variable: a resource, or an
// array of them under NonSemantic.Shader.DebugInfo.100, is described
// through the SPIR-V type the variable holds.
func (e *emitter) richVarType(t *types.Type, variable builder.ID) *dnode {
	c := concreteType(t).Canonical()
	if c.IsObject() {
		return e.richObjectOr(c, e.heldType(variable))
	}
	if e.dbg.rich.vulkan && c.IsArray() && c.Elem().Canonical().IsObject() {
		n := uint32(0) // an unbounded array
		if c.Len() != types.Unsized {
			n = uint32(c.Len())
		}
		return e.richArray(e.richOpaque(c.Elem().Canonical(), e.heldType(variable)), []uint32{n})
	}
	return e.richType(t)
}

// richOpaque describes a resource, a sampler or another opaque object as
// DXC does: a member-less DebugTypeComposite with no size named "@" and
// the name of its SPIR-V type (type.2d.image, type.RWStructuredBuffer.S,
// rayQueryKHR), that name its linkage name. An instance of a template
// class (Texture2D<float4>, StructuredBuffer<S>, RayQuery<flags>) is a
// Class inside a DebugTypeTemplate with a "TemplateParam" for its type
// argument; the others (SamplerState) are a Structure. spvType is the
// SPIR-V type when the caller knows it; a struct holding resources (under
// NonSemantic.Shader.DebugInfo.100, which takes no DebugInfoNone as a
// type) is named after its HLSL type.
func (e *emitter) richOpaque(c *types.Type, spvType builder.ID) *dnode {
	r := e.dbg.rich
	o, isObject := objectOf(c)
	name := "type." + c.String()
	if isObject && spvType == 0 && layoutFree(o) {
		spvType = e.typeID(c)
	}
	if n := e.typeName(spvType); n != "" {
		name = n
	}
	key := name
	if spvType != 0 {
		key = strconv.Itoa(int(spvType)) // DXC: one description per SPIR-V type
	}
	if k, ok := r.opaque[key]; ok {
		return k
	}
	tag := uint32(dbgTagStructure)
	template := isObject && o.Form() != types.NoTemplate
	if template || !isObject {
		tag = dbgTagClass
	}
	none := e.richNone()
	n := e.dnode(spv.OpenCLDebugInfo100DebugTypeComposite, []dop{strOp("@" + name), litOp(tag), nodeOp(r.source),
		litOp(0), litOp(0), nodeOp(r.cu), strOp(name), nodeOp(none), litOp(dbgFlagPublic)}, none, r.source, r.cu)
	if template {
		tmpl := e.dnode(spv.OpenCLDebugInfo100DebugTypeTemplate, []dop{nodeOp(n)}, n)
		if o.Form() != types.CountOnly && c.Elem() != nil {
			arg := e.richType(c.Elem())
			p := e.dnode(spv.OpenCLDebugInfo100DebugTypeTemplateParameter, []dop{strOp("TemplateParam"), nodeOp(arg),
				nodeOp(none), nodeOp(r.source), litOp(0), litOp(0)}, arg, none, r.source)
			tmpl.ops = append(tmpl.ops, nodeOp(p))
			tmpl.visit = append(tmpl.visit, p)
		}
		n = tmpl
	}
	r.opaque[key] = n
	return n
}

// layoutFree reports whether an object's SPIR-V type is the same under
// every layout rule (images, samplers, acceleration structures, ray
// queries; not the buffers, which are structs laid out by their rule).
func layoutFree(o types.Object) bool {
	switch o.Class() {
	case types.ClassTexture, types.ClassTypedBuffer, types.ClassSampler, types.ClassSubpass,
		types.ClassRayQuery, types.ClassAccelStruct:
		return true
	}
	return false
}

// typeName is the OpName of a type ("" for none).
func (e *emitter) typeName(id builder.ID) string {
	if id == 0 {
		return ""
	}
	for _, in := range e.b.M.Names {
		if in.Op == spv.OpName && in.Operands[0].ID() == id {
			return in.Operands[1].Str()
		}
	}
	return ""
}

// richNone is DebugInfoNone, made once.
func (e *emitter) richNone() *dnode {
	if e.dbg.rich.none == nil {
		e.dbg.rich.none = e.dnode(spv.OpenCLDebugInfo100DebugInfoNone, nil)
	}
	return e.dbg.rich.none
}

// richStruct is DebugTypeComposite and its members (which refer to it:
// DXC writes them after it).
func (e *emitter) richStruct(c *types.Type, id builder.ID) *dnode {
	r := e.dbg.rich
	nd := c.Named()
	name := nd.Name
	var line, col uint32
	src := r.source
	if sd, ok := nd.Decl.(*ast.StructDecl); ok && sd.Name != nil {
		line, col = e.lineCol(sd.Name.Pos())
		src = e.richSourceAt(sd.Name.Pos())
	}
	n := e.dnode(spv.OpenCLDebugInfo100DebugTypeComposite, nil, r.cu, src)
	e.dbg.rich.types[id] = n
	var members []dop
	var offset uint32
	for _, f := range nd.Fields {
		ft := e.richType(f.Type)
		var fl, fc uint32
		if vd, ok := f.Decl.(*ast.VarDecl); ok {
			fl, fc = e.memberLineCol(vd)
		}
		m := e.richMember(nil, n, src, f.Name, ft, fl, fc, offset, ft.size)
		members = append(members, nodeOp(m))
		offset += ft.size
	}
	e.richStructure(n, src, name, line, col, offset, members)
	return n
}

// richMember completes member m of composite parent (made here, after
// its constants, when m is nil): its source (its composite's), name, type, position, and offset and
// size in bits. NonSemantic.Shader.DebugInfo.100 takes no reference back
// to the composite, which lists its members (and so is written after
// them).
func (e *emitter) richMember(m, parent, src *dnode, name string, ft *dnode, line, col, offset, size uint32) *dnode {
	r := e.dbg.rich
	ops := []dop{strOp(name), nodeOp(ft), nodeOp(src), litOp(line), litOp(col), nodeOp(parent),
		idOp(e.b.ConstUint32(offset)), idOp(e.b.ConstUint32(size)), litOp(dbgFlagPublic)}
	if m == nil {
		m = e.dnode(spv.OpenCLDebugInfo100DebugTypeMember, nil)
	}
	m.ops, m.visit = ops, []*dnode{ft, parent, src}
	if r.vulkan {
		m.ops = append(m.ops[:5], m.ops[6:]...)
		m.visit = []*dnode{ft, src}
		parent.visit = append(parent.visit, m)
	}
	return m
}

// richStructure completes n as a Structure named name (its linkage name
// too) at line:col of src, size bits large, with its members.
func (e *emitter) richStructure(n, src *dnode, name string, line, col, size uint32, members []dop) {
	r := e.dbg.rich
	n.size = size
	n.ops = append([]dop{strOp(name), litOp(dbgTagStructure), nodeOp(src), litOp(line), litOp(col), nodeOp(r.cu), strOp(name),
		idOp(e.b.ConstUint32(size)), litOp(dbgFlagPublic)}, members...)
}

// richFunctionType is DebugTypeFunction: the result and parameter types
// (the receiver first), void as the OpTypeVoid id.
func (e *emitter) richFunctionType(fnType builder.ID, f *sema.Func, wrapper bool) *dnode {
	if n, ok := e.dbg.rich.types[fnType]; ok {
		return n
	}
	ops := []dop{litOp(dbgFlagPublic)}
	var visit []*dnode
	if wrapper || f.Result == nil || f.Result.IsVoid() {
		ops = append(ops, idOp(e.b.TypeVoid()))
	} else {
		rt := e.richType(f.Result)
		ops, visit = append(ops, nodeOp(rt)), append(visit, rt)
	}
	if !wrapper {
		if f.Recv != nil && !f.Static {
			t := e.richType(f.Recv)
			ops, visit = append(ops, nodeOp(t)), append(visit, t)
		}
		paramTypes := e.b.Def(fnType).Operands[1:]
		for i, p := range f.Params {
			var held builder.ID
			if j := len(paramTypes) - len(f.Params) + i; j >= 0 {
				held = e.heldBy(paramTypes[j].ID())
			}
			t := e.richObjectOr(p.Type(), held)
			ops, visit = append(ops, nodeOp(t)), append(visit, t)
		}
	}
	n := e.dnode(spv.OpenCLDebugInfo100DebugTypeFunction, ops, visit...)
	e.dbg.rich.types[fnType] = n
	return n
}

// richResolve lowers the types the nodes need, before the module's
// globals are ordered (the constants the types use are ordered with the
// others). It stays on the emitter: lowering a debug type reads the HLSL
// type behind it.
func (e *emitter) richResolve() {
	if e.dbg.rich == nil {
		return
	}
	// DXC gives every included file a DebugSource after the functions,
	// for DebugLine: the files no function made one for come last, so
	// they are written first.
	for _, n := range e.dbg.rich.files {
		if e.dbg.rich.sources[n] == nil {
			e.richSource(n, e.dbg.rich.text[n])
		}
	}
	for i := 0; i < len(e.dbg.rich.nodes); i++ {
		if n := e.dbg.rich.nodes[i]; n.typeOf != nil {
			n.setType(n.typeOf())
			n.typeOf = nil
		}
	}
	e.b.TypeVoid()
}

// sourceIDs are the ids of the DebugSource of each file.
func (r *richState) sourceIDs() map[string]builder.ID {
	ids := make(map[string]builder.ID, len(r.sources))
	for name, n := range r.sources {
		ids[name] = n.id
	}
	return ids
}

// richWarnMethods warns, once, that OpenCL.DebugInfo.100 cannot tie member
// functions to their struct (a DebugTypeComposite would refer to its
// methods before they are defined), as DXC does.
func (e *emitter) richWarnMethods(decls []ast.Decl) bool {
	for _, d := range decls {
		switch d := d.(type) {
		case *ast.NamespaceDecl:
			if e.richWarnMethods(d.Decls) {
				return true
			}
		case *ast.StructDecl:
			for _, m := range d.Members {
				if _, ok := m.(*ast.FuncDecl); ok {
					e.diags.Warnf(codeUnsupported, m.Pos(), "Member functions will not be linked to their class in the debug information. "+
						"Prefer using -fspv-debug=vulkan-with-source. See https://github.com/KhronosGroup/SPIRV-Registry/issues/203")
					return true
				}
			}
		}
	}
	return false
}

// richSourceAt is the DebugSource of the file p is in as DXC presumes it
// (a #line directive's name, else the file: a function from an included
// file has its file as its source), made on first use. A name given by
// #line has no text, so lines past the file's end stay valid.
func (e *emitter) richSourceAt(p diag.Pos) *dnode {
	f := e.fs.File(p)
	if f == nil {
		return e.dbg.rich.source
	}
	name := e.fs.Position(p).Filename
	if n, ok := e.dbg.rich.sources[name]; ok {
		return n
	}
	text := ""
	if name == f.Name {
		text = string(f.Content)
	}
	return e.richSource(name, text)
}

// memberLineCol is where DXC places a struct or buffer member: on the
// name's line, one column past the end of its type (the name's column when
// one space separates them).
func (e *emitter) memberLineCol(vd *ast.VarDecl) (uint32, uint32) {
	if vd.Name == nil {
		return 0, 0
	}
	line, col := e.lineCol(vd.Name.Pos())
	if vd.Type != nil && vd.Type.End().IsValid() {
		if tl, tc := e.lineCol(vd.Type.End()); tl == line {
			col = tc + 1
		}
	}
	return line, col
}

// richCBuffer describes a cbuffer or tbuffer block and its variable as DXC
// does: a Structure named after the block type (typeName, its linkage name
// too) at the buffer's name, whose members carry their offsets and sizes
// in the block's layout, in bits. Like the other globals' types, the block
// is described once code generation is done, its members made before
// their types are lowered (DXC's order: the structs the members hold are
// written after the members).
func (e *emitter) richCBuffer(d *ast.BufferDecl, typeName string, ptr builder.ID, members []layout.Member, data []*sema.Var, rule layout.Rule) {
	r := e.dbg.rich
	if r == nil || d.Name == nil {
		return
	}
	calc := e.lowering.calc
	had := len(calc.Diagnostics)
	sl := calc.Members(members, rule)
	calc.Diagnostics = calc.Diagnostics[:had] // reported when the block was made
	line, col := e.lineCol(d.Name.Pos())
	src := e.richSourceAt(d.Name.Pos())
	name := d.Name.Name
	g := e.dnode(spv.OpenCLDebugInfo100DebugGlobalVariable, nil)
	g.typeOf = func() *dnode {
		n := e.dnode(spv.OpenCLDebugInfo100DebugTypeComposite, nil, r.cu, src)
		ms := make([]*dnode, len(data))
		for i := range data {
			ms[i] = e.dnode(spv.OpenCLDebugInfo100DebugTypeMember, nil)
		}
		var ops []dop
		for i, v := range data {
			var fl, fc uint32
			if vd, ok := v.Decl.(*ast.VarDecl); ok {
				fl, fc = e.memberLineCol(vd)
			}
			ml := sl.Members[i]
			e.richMember(ms[i], n, src, v.Name(), e.richType(v.Type()), fl, fc, ml.Offset*8, ml.Size*8)
			ops = append(ops, nodeOp(ms[i]))
		}
		e.richStructure(n, src, typeName, line, col, sl.Size*8, ops)
		return n
	}
	g.setType = func(n *dnode) {
		g.ops = []dop{strOp(name), nodeOp(n), nodeOp(src), litOp(line), litOp(col), nodeOp(r.cu), strOp(name), idOp(ptr),
			litOp(dbgFlagDefinition)}
		g.visit = []*dnode{n, r.cu, src}
	}
}
