package wgsl

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// translator holds the state of one translation.
type translator struct {
	m    *builder.Module
	du   *builder.DefUse
	opts Options

	names   *namer
	cur     *builder.Inst     // the instruction being translated (for error positions)
	curFunc *builder.Function // the function being translated

	// Module facts.
	extSets     map[builder.ID]string
	debugNames  map[builder.ID]string
	memberNames map[builder.ID][]string
	decos       map[builder.ID][]*builder.Inst // OpDecorate* by target
	memberDecos map[builder.ID][]*builder.Inst // OpMemberDecorate* by struct
	funcs       map[builder.ID]*builder.Function

	// Types.
	types       map[builder.ID]*vtype
	structDecls map[builder.ID]*structDecl
	structs     []*structDecl
	mtypes      map[mkey]*mtype
	wrappers    map[string]string

	// Atomics: which memory locations are accessed atomically.
	atomicArrays  map[builder.ID]bool                        // array types whose elements are
	atomicMembers map[[2]uint32]bool                         // (struct, member)
	atomicVars    map[builder.ID]bool                        // scalar variables
	atomicTexels  map[builder.ID]bool                        // texel buffer variables (OpImageTexelPointer)
	writtenVars   map[builder.ID]bool                        // storage buffers stored to
	handles       *handleInfo                                // textures and samplers (handles.go)
	globals       map[builder.ID]*global                     // module-scope variables (globals.go)
	consts        map[builder.ID]expr                        // constants
	overrides     map[builder.ID]string                      // spec constants declared as overrides
	funcNames     map[builder.ID]string                      // translated functions
	reachable     map[builder.ID]bool                        // functions reachable from the translated entry points
	funcStages    map[builder.ID]map[spv.ExecutionModel]bool // the stages whose entry points call a function
	entryFuncs    map[builder.ID][]*builder.Inst
	epNames       map[*builder.Inst]string // WGSL names of the entry points
	// paramSamplerNames are the sampler halves of combined image sampler
	// parameters.
	paramSamplerNames map[builder.ID]string
	// layoutTrial counts the trial layouts under way (raw.go).
	layoutTrial int
	// chosenFormats are the formats chosen for format-less storage images,
	// by handle class.
	chosenFormats map[handleSlot]string
	// laneVar is the private variable holding the subgroup invocation id
	// (ballot scans need it), or "".
	laneVar string
	// physical is the memory physical pointers address (physical.go).
	physical physicalMemory
	// drawParams is the uniform buffer of the base vertex and instance
	// (io.go), once declared.
	drawParams string
	// quads is the compute entry points' derivative group (quad.go).
	quads quadGroup
	// useLists, usesTouched, defIndexes, valsByID and valsTouched back every function's dense
	// per-id tables (funcState.resetUses).
	useLists    [][]usePos
	usesTouched []builder.ID
	useCounts   []int32
	useBacking  []usePos
	defIndexes  []int32
	valsByID    []*valInfo
	valsTouched []builder.ID
	// pseudo are type ids past the module's bound standing for WGSL
	// scalar and vector types the module may not declare (castTo).
	pseudo map[string]builder.ID

	// Output, in the order it is printed.
	enables   map[string]bool
	features  map[string]bool
	alloc     *bindingAlloc // resource bindings (bindings.go)
	requires  map[string]bool
	decls     []string // overrides, constants, variables
	helperFns []string
	helperIDs map[string]string
	funcTexts []string
	result    Result
}

func newTranslator(m *builder.Module, opts Options) *translator {
	t := &translator{
		m: m, du: m.DefUse(), opts: opts, names: newNamer(),
		extSets: map[builder.ID]string{}, debugNames: map[builder.ID]string{}, memberNames: map[builder.ID][]string{},
		decos: map[builder.ID][]*builder.Inst{}, memberDecos: map[builder.ID][]*builder.Inst{},
		funcs: map[builder.ID]*builder.Function{}, types: map[builder.ID]*vtype{}, structDecls: map[builder.ID]*structDecl{},
		mtypes: map[mkey]*mtype{}, wrappers: map[string]string{},
		atomicArrays: map[builder.ID]bool{}, atomicMembers: map[[2]uint32]bool{}, atomicVars: map[builder.ID]bool{}, atomicTexels: map[builder.ID]bool{},
		writtenVars: map[builder.ID]bool{}, globals: map[builder.ID]*global{}, consts: map[builder.ID]expr{},
		overrides: map[builder.ID]string{}, funcNames: map[builder.ID]string{}, reachable: map[builder.ID]bool{},
		funcStages: map[builder.ID]map[spv.ExecutionModel]bool{},
		entryFuncs: map[builder.ID][]*builder.Inst{}, epNames: map[*builder.Inst]string{},
		paramSamplerNames: map[builder.ID]string{}, pseudo: map[string]builder.ID{},
		enables: map[string]bool{}, features: map[string]bool{}, requires: map[string]bool{}, helperIDs: map[string]string{},
	}
	return t
}

// enable adds a WGSL enable directive (and the WebGPU feature it needs).
func (t *translator) enable(ext string) {
	t.enables[ext] = true
	t.feature(map[string]string{"f16": "shader-f16", "subgroups": "subgroups", "clip_distances": "clip-distances",
		"primitive_index": "primitive-index", "dual_source_blending": "dual-source-blending"}[ext])
}

// feature records a WebGPU device feature the module needs.
func (t *translator) feature(name string) {
	if name != "" && !t.features[name] {
		t.features[name] = true
		t.result.Features = append(t.result.Features, name)
	}
}

// run translates the module.
func (t *translator) run() *Result {
	t.index()
	t.checkModule()
	entries := t.selectEntryPoints()
	t.findReachable(entries)
	t.analyzeMemory()
	t.analyzeHandles()
	t.nameGlobals(entries)
	t.initBindings()
	t.analyzeDescriptorArrays()
	t.analyzeTexelBuffers()
	t.analyzeDerivativeGroups(entries)
	t.analyzePhysical()
	for _, g := range t.sortedGlobals() {
		t.declareGlobal(g)
	}
	t.declarePhysical()
	for _, f := range t.m.Functions {
		if t.reachable[f.Def.Result] {
			t.funcTexts = append(t.funcTexts, t.translateFunction(f))
		}
	}
	for _, ep := range entries {
		t.funcTexts = append(t.funcTexts, t.entryWrapper(ep))
	}
	t.result.WGSL = t.assemble()
	return &t.result
}

// index collects names, decorations, extended instruction sets and
// functions.
func (t *translator) index() {
	for _, in := range t.m.ExtInstImports {
		if len(in.Operands) > 0 {
			t.extSets[in.Result] = in.Operands[0].Str()
		}
	}
	for _, in := range t.m.Names {
		switch {
		case in.Op == spv.OpName && len(in.Operands) >= 2:
			t.debugNames[in.Operands[0].ID()] = in.Operands[1].Str()
		case in.Op == spv.OpMemberName && len(in.Operands) >= 3:
			id, i := in.Operands[0].ID(), int(in.Operands[1].Word)
			if i < 1<<16 {
				names := t.memberNames[id]
				for len(names) <= i {
					names = append(names, "")
				}
				names[i] = in.Operands[2].Str()
				t.memberNames[id] = names
			}
		}
	}
	groups := map[builder.ID][]*builder.Inst{}
	for _, in := range t.m.Annotations {
		if len(in.Operands) < 2 {
			continue
		}
		target := in.Operands[0].ID()
		switch in.Op {
		case spv.OpDecorate, spv.OpDecorateId, spv.OpDecorateString:
			t.decos[target] = append(t.decos[target], in)
			groups[target] = append(groups[target], in)
		case spv.OpMemberDecorate, spv.OpMemberDecorateString:
			t.memberDecos[target] = append(t.memberDecos[target], in)
		case spv.OpGroupDecorate:
			for _, o := range in.Operands[1:] {
				for _, d := range groups[target] {
					c := *d
					c.Operands = append([]builder.Operand{builder.Ref(o.ID())}, d.Operands[1:]...)
					t.decos[o.ID()] = append(t.decos[o.ID()], &c)
				}
			}
		case spv.OpGroupMemberDecorate:
			for _, p := range in.Operands[1:] {
				if len(p.Params()) != 2 {
					continue
				}
				for _, d := range groups[target] {
					c := *d
					c.Op = spv.OpMemberDecorate
					c.Operands = append([]builder.Operand{p.Params()[0], p.Params()[1]}, d.Operands[1:]...)
					t.memberDecos[p.Params()[0].ID()] = append(t.memberDecos[p.Params()[0].ID()], &c)
				}
			}
		}
	}
	for _, f := range t.m.Functions {
		t.funcs[f.Def.Result] = f
	}
}

// decoration returns the parameters of decoration d on id.
func (t *translator) decoration(id builder.ID, d spv.Decoration) ([]builder.Operand, bool) {
	for _, in := range t.decos[id] {
		if len(in.Operands) >= 2 && spv.Decoration(in.Operands[1].Word) == d {
			return in.Operands[1].Params(), true
		}
	}
	return nil, false
}

func (t *translator) hasDecoration(id builder.ID, d spv.Decoration) bool {
	_, ok := t.decoration(id, d)
	return ok
}

func (t *translator) memberDecoration(st builder.ID, member int, d spv.Decoration) ([]builder.Operand, bool) {
	for _, in := range t.memberDecos[st] {
		if len(in.Operands) >= 3 && int(in.Operands[1].Word) == member && spv.Decoration(in.Operands[2].Word) == d {
			return in.Operands[2].Params(), true
		}
	}
	return nil, false
}

func (t *translator) hasMemberDecoration(st builder.ID, member int, d spv.Decoration) bool {
	_, ok := t.memberDecoration(st, member, d)
	return ok
}

// checkModule refuses what no WGSL program can be made of.
func (t *translator) checkModule() {
	if mm := t.m.MemoryModel; mm != nil && len(mm.Operands) >= 1 {
		am := spv.AddressingModel(mm.Operands[0].Word)
		t.physical.model = am == spv.AddressingModelPhysicalStorageBuffer64
		if am != spv.AddressingModelLogical && !t.physical.model {
			t.withInst(mm, func() { t.unsupported("the %s addressing model (WGSL has logical addressing only)", am) })
		}
	}
	for _, in := range t.m.ExtInstImports {
		name := in.Operands[0].Str()
		if name != "GLSL.std.450" && !strings.HasPrefix(name, "NonSemantic.") && name != "OpenCL.DebugInfo.100" {
			t.withInst(in, func() { t.unsupported("the extended instruction set %q", name) })
		}
	}
	if len(t.m.EntryPoints) == 0 {
		t.unsupported("a module without entry points")
	}
}

// selectEntryPoints returns the OpEntryPoints to translate.
func (t *translator) selectEntryPoints() []*builder.Inst {
	var out []*builder.Inst
	for _, ep := range t.m.EntryPoints {
		if len(ep.Operands) < 3 {
			t.withInst(ep, func() { t.fail("OpEntryPoint has too few operands") })
		}
		if t.opts.EntryPoint != "" && ep.Operands[2].Str() != t.opts.EntryPoint {
			continue
		}
		model := spv.ExecutionModel(ep.Operands[0].Word)
		switch model {
		case spv.ExecutionModelVertex, spv.ExecutionModelFragment, spv.ExecutionModelGLCompute:
		default:
			t.withInst(ep, func() {
				t.unsupported("%s shaders (WebGPU has vertex, fragment and compute shaders)", stageName(model))
			})
		}
		if t.funcs[ep.Operands[1].ID()] == nil {
			t.withInst(ep, func() { t.fail("the entry point names %%%d, which is not a function", ep.Operands[1].ID()) })
		}
		out = append(out, ep)
		t.entryFuncs[ep.Operands[1].ID()] = append(t.entryFuncs[ep.Operands[1].ID()], ep)
	}
	if len(out) == 0 {
		t.fail("no entry point named %q", t.opts.EntryPoint)
	}
	return out
}

// stageNames name the execution models in messages.
var stageNames = &lazy[map[spv.ExecutionModel]string]{make: func() map[spv.ExecutionModel]string {
	return map[spv.ExecutionModel]string{
		spv.ExecutionModelVertex:                 "vertex",
		spv.ExecutionModelFragment:               "fragment",
		spv.ExecutionModelGLCompute:              "compute",
		spv.ExecutionModelGeometry:               "geometry",
		spv.ExecutionModelTessellationControl:    "tessellation",
		spv.ExecutionModelTessellationEvaluation: "tessellation",
		spv.ExecutionModelMeshEXT:                "mesh",
		spv.ExecutionModelMeshNV:                 "mesh",
		spv.ExecutionModelTaskEXT:                "task (amplification)",
		spv.ExecutionModelTaskNV:                 "task (amplification)",
		spv.ExecutionModelKernel:                 "OpenCL kernel",
	}
}}

// stageName names an execution model (the others are ray tracing stages).
func stageName(m spv.ExecutionModel) string {
	if n, ok := stageNames.get()[m]; ok {
		return n
	}
	return "ray tracing (" + m.String() + ")"
}

// findReachable marks the functions the entry points call, and refuses
// recursion (WGSL has none).
func (t *translator) findReachable(entries []*builder.Inst) {
	state := map[builder.ID]uint8{} // 1 on the stack, 2 done
	var visit func(id builder.ID)
	visit = func(id builder.ID) {
		switch state[id] {
		case 1:
			t.unsupported("recursion (function %s calls itself)", t.funcName(t.funcs[id]))
		case 2:
			return
		}
		state[id] = 1
		f := t.funcs[id]
		for in := range f.Insts() {
			if in.Op == spv.OpFunctionCall && len(in.Operands) > 0 {
				callee := in.Operands[0].ID()
				if t.funcs[callee] == nil {
					t.withInst(in, func() { t.fail("OpFunctionCall of %%%d, which is not a function", callee) })
				}
				visit(callee)
			}
		}
		state[id] = 2
		t.reachable[id] = true
	}
	for _, ep := range entries {
		visit(ep.Operands[1].ID())
	}
	// The stages calling each function.
	for _, ep := range entries {
		model := spv.ExecutionModel(ep.Operands[0].Word)
		for _, f := range t.m.Reachable(ep.Operands[1].ID()) {
			id := f.Def.Result
			if t.funcStages[id] == nil {
				t.funcStages[id] = map[spv.ExecutionModel]bool{}
			}
			t.funcStages[id][model] = true
		}
	}
}

// funcName is a function's debug name for messages.
func (t *translator) funcName(f *builder.Function) string {
	if f == nil {
		return "?"
	}
	if n := t.debugNames[f.Def.Result]; n != "" {
		return n
	}
	return fmt.Sprintf("%%%d", f.Def.Result)
}

// helper declares a module-scope helper function once, by key, and returns
// its name. body is the text after the name: "(params) -> T { ... }".
func (t *translator) helper(key, body string) string {
	if name, ok := t.helperIDs[key]; ok {
		return name
	}
	name := t.names.uniqueGlobal("spv_" + sanitize(key))
	t.helperIDs[key] = name
	t.helperFns = append(t.helperFns, "fn "+name+body)
	return name
}

// assemble prints the module.
func (t *translator) assemble() string {
	var b strings.Builder
	n := 1024
	for _, f := range t.funcTexts {
		n += len(f) + 1
	}
	b.Grow(n)
	b.WriteString(t.bindingHeader())
	for _, e := range sortedKeys(t.enables) {
		fmt.Fprintf(&b, "enable %s;\n", e)
	}
	for _, r := range sortedKeys(t.requires) {
		fmt.Fprintf(&b, "requires %s;\n", r)
	}
	// SPIR-V has no uniformity rules for derivatives: Vulkan leaves
	// non-uniform derivatives undefined where WGSL would refuse the module.
	b.WriteString("diagnostic(off, derivative_uniformity);\n")
	if t.enables["subgroups"] {
		b.WriteString("diagnostic(off, subgroup_uniformity);\n")
	}
	b.WriteByte('\n')
	for _, s := range t.usedStructs() {
		b.WriteString(s)
		b.WriteByte('\n')
	}
	for _, d := range t.decls {
		b.WriteString(d)
	}
	if len(t.decls) > 0 {
		b.WriteByte('\n')
	}
	for _, h := range t.helperFns {
		b.WriteString(h)
		b.WriteByte('\n')
	}
	for i, f := range t.funcTexts {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(f)
	}
	return b.String()
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// sortedGlobals returns the module-scope variables in declaration order.
func (t *translator) sortedGlobals() []*global {
	var out []*global
	for _, g := range t.globals {
		out = append(out, g)
	}
	slices.SortFunc(out, func(a, b *global) int { return a.order - b.order })
	return out
}

// usedStructs returns the declarations of the structs the module refers
// to (value forms of buffer structs that only their memory forms need are
// dropped).
func (t *translator) usedStructs() []string {
	texts := make([]string, len(t.structs))
	for i, s := range t.structs {
		texts[i] = s.String()
	}
	var rest strings.Builder
	for _, d := range t.decls {
		rest.WriteString(d)
	}
	for _, h := range t.helperFns {
		rest.WriteString(h)
	}
	for _, f := range t.funcTexts {
		rest.WriteString(f)
	}
	used := make([]bool, len(t.structs))
	refs := rest.String()
	for changed := true; changed; {
		changed = false
		for i, s := range t.structs {
			if !used[i] && mentions(refs, s.name) {
				used[i], changed = true, true
				refs += texts[i][strings.IndexByte(texts[i], '{'):]
			}
		}
	}
	var out []string
	for i := range t.structs {
		if used[i] {
			out = append(out, texts[i])
		}
	}
	return out
}

// mentions reports whether text uses the identifier name.
func mentions(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		before := j == 0 || !identChar(text[j-1])
		after := j+len(name) >= len(text) || !identChar(text[j+len(name)])
		if before && after {
			return true
		}
		i = j + 1
	}
}

func identChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
