package opt

import (
	"strings"
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// aggressiveDCE is --eliminate-dead-code-aggressive (spirv-opt's
// AggressiveDCEPass). Everything is dead until proven live: liveness
// starts from what has an effect outside the function (stores to memory
// others can see, calls, returns, atomics, barriers, entry points and
// their execution modes, the stage outputs) and flows to the values those
// use, the blocks they sit in, and the branches and merges those blocks
// depend on (control dependence through the structured constructs). Loads
// from a function's own variables make the stores to them live. What stays
// dead is deleted: instructions, whole constructs (the header then branches
// straight to its merge), and at module level unused types, constants,
// global variables, names, decorations and debug information, and stage
// variables no longer used leave the OpEntryPoint interface (unless
// -fspv-preserve-interface; outputs always stay). With
// -fspv-preserve-bindings resource variables stay.
//
// Like spirv-opt, it leaves modules it cannot reason about alone: no
// Shader capability, physical addressing, variable pointers, an extension
// outside its list, or a non-semantic instruction set other than the
// shader debug info and DebugPrintf.
type aggressiveDCE struct{}

func (aggressiveDCE) Name() string { return "eliminate-dead-code-aggressive" }

func (aggressiveDCE) Run(c *Context) (bool, error) {
	if !adceApplies(c) {
		return false, nil
	}
	changed := eliminateDeadFunctions(c)
	a := &adce{c: c, adceScratch: c.adceScratch(), live: builder.NewInstSet(), dead: builder.NewInstSet(),
		undefs: newUndefs(c)}
	a.debug = moduleHasDebugInfo(c)
	a.shaderDebug = moduleHasShaderDebugInfo(c)
	a.initModule()
	for _, f := range c.M.Functions {
		if a.function(f) {
			changed = true
		}
		// Also where nothing died: a chain may name a scope that goes.
		if a.lines {
			fixDebugChains(f, a.dead.Has)
		}
	}
	if a.globals() {
		changed = true
	}
	for _, in := range a.toKill {
		dropLines(in)
		c.Kill(in)
	}
	for _, f := range a.unreached {
		if removeUnreachableBlocks(c, f, a.undefs) {
			changed = true
		}
	}
	if len(a.unreached) == 0 {
		// No dead construct became a branch to its merge and no block
		// went unreached: what died was straight-line code, which the
		// cached control-flow analyses do not describe.
		c.KeptCFG()
	}
	return changed, nil
}

// adceExtensions are the extensions whose instructions the pass knows how
// to treat. The set is built on first use: most modules declare no
// extension, and a process should not pay for it at start-up.
var adceExtensions = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, e := range strings.Fields(`SPV_AMD_shader_explicit_vertex_parameter SPV_AMD_shader_trinary_minmax
		SPV_AMD_gcn_shader SPV_KHR_shader_ballot SPV_AMD_shader_ballot SPV_AMD_gpu_shader_half_float
		SPV_KHR_shader_draw_parameters SPV_KHR_subgroup_vote SPV_KHR_8bit_storage SPV_KHR_16bit_storage
		SPV_KHR_device_group SPV_KHR_multiview SPV_NVX_multiview_per_view_attributes SPV_NV_viewport_array2
		SPV_NV_stereo_view_rendering SPV_NV_sample_mask_override_coverage SPV_NV_geometry_shader_passthrough
		SPV_AMD_texture_gather_bias_lod SPV_KHR_storage_buffer_storage_class SPV_AMD_gpu_shader_int16
		SPV_KHR_post_depth_coverage SPV_KHR_shader_atomic_counter_ops SPV_EXT_shader_stencil_export
		SPV_EXT_shader_viewport_index_layer SPV_AMD_shader_image_load_store_lod SPV_AMD_shader_fragment_mask
		SPV_EXT_fragment_fully_covered SPV_AMD_gpu_shader_half_float_fetch SPV_GOOGLE_decorate_string
		SPV_GOOGLE_hlsl_functionality1 SPV_GOOGLE_user_type SPV_NV_shader_subgroup_partitioned
		SPV_EXT_demote_to_helper_invocation SPV_EXT_descriptor_indexing SPV_EXT_descriptor_heap
		SPV_KHR_untyped_pointers SPV_NV_fragment_shader_barycentric SPV_NV_compute_shader_derivatives
		SPV_NV_shader_image_footprint SPV_NV_shading_rate SPV_NV_mesh_shader SPV_EXT_mesh_shader
		SPV_NV_ray_tracing SPV_KHR_ray_tracing SPV_KHR_ray_query SPV_EXT_fragment_invocation_density
		SPV_EXT_physical_storage_buffer SPV_KHR_physical_storage_buffer SPV_KHR_terminate_invocation
		SPV_KHR_shader_clock SPV_KHR_subgroup_uniform_control_flow SPV_KHR_integer_dot_product
		SPV_EXT_shader_image_int64 SPV_KHR_non_semantic_info SPV_KHR_uniform_group_instructions
		SPV_KHR_fragment_shader_barycentric SPV_KHR_vulkan_memory_model SPV_NV_bindless_texture
		SPV_EXT_shader_atomic_float_add SPV_EXT_fragment_shader_interlock SPV_KHR_compute_shader_derivatives
		SPV_NV_cooperative_matrix SPV_KHR_cooperative_matrix SPV_KHR_ray_tracing_position_fetch
		SPV_KHR_fragment_shading_rate SPV_KHR_quad_control SPV_NV_shader_invocation_reorder
		SPV_NV_cluster_acceleration_structure SPV_NV_linear_swept_spheres SPV_KHR_maximal_reconvergence
		SPV_NV_push_constant_bank SPV_EXT_opacity_micromap SPV_KHR_opacity_micromap
		SPV_EXT_shader_invocation_reorder SPV_EXT_shader_atomic_float16_add SPV_KHR_abort
		SPV_KHR_constant_data`) {
		m[e] = true
	}
	return m
})

func adceApplies(c *Context) bool {
	m := c.M
	if !m.HasCapability(spv.CapabilityShader) || m.HasCapability(spv.CapabilityAddresses) ||
		m.HasCapability(spv.CapabilityVariablePointersStorageBuffer) {
		return false
	}
	for _, e := range m.Extensions {
		if !adceExtensions()[e] {
			return false
		}
	}
	for _, imp := range m.ExtInstImports {
		name := imp.Operands[0].Str()
		if strings.HasPrefix(name, "NonSemantic.") && !strings.HasPrefix(name, shaderDebugInfoPrefix) && name != "NonSemantic.DebugPrintf" {
			return false
		}
	}
	return true
}

// adce is one run's state.
type adce struct {
	c *Context
	*adceScratch
	// live holds the live instructions without a result id (those with
	// one are flagged adceLive by id).
	live builder.InstSet
	// idDecorations maps an id to the OpDecorateId instructions that
	// decorate it directly or through a decoration group (except
	// HlslCounterBufferGOOGLE), found once per run.
	idDecorations map[builder.ID][]*builder.Inst
	// Per function.
	f  *builder.Function
	sc *structuredCFG
	// branched: killDead changed a branch of f.
	branched bool
	// lines: some instruction of f may carry debug line or scope
	// instructions (fixDebugChains has work).
	lines bool
	// scopes maps the function's instructions to the debug scope in
	// effect for them (only when the module has debug line or scope
	// instructions).
	scopes map[*builder.Inst]*builder.Inst
	debug  bool
	// shaderDebug: the module imports NonSemantic.Shader.DebugInfo
	// (debugInfo has work).
	shaderDebug bool

	entryNoCalls map[*builder.Function]bool // isEntryWithNoCalls' answers (made at the first)
	toKill       []*builder.Inst
	// unreached are the functions, in module order, where some block may
	// be unreachable: those whose structured order (which follows merge
	// blocks and continue targets too) missed a block, or whose branches
	// killDead changed.
	unreached []*builder.Function
	dead      builder.InstSet // the instructions of functions in toKill
	undefs    *undefs
}

type adceItem struct {
	in  *builder.Inst
	blk *builder.Block
}

// adceScratch is the pass's memory, kept in the Context from one run to
// the next (a pipeline runs the pass eight times over a module of about
// the same size): what it knows by id, and the worklist.
type adceScratch struct {
	flags []adceFlags // by id
	// loaded are the variables with adceLoaded in the function being
	// processed, to take the flag off again for the next (a table of
	// stamps by id cost four bytes for every id of the module, for the few
	// that are variables).
	loaded []builder.ID
	// work is the FIFO worklist of instructions (or, with in nil, block
	// labels) just found live whose dependencies are still to be marked.
	// drain takes it in rounds, each queueing into spare, the list of the
	// last round: the lists hold a round each, not every item that goes
	// through (under a hundred wait at any time in the 5,000-line shader,
	// of 30,000 that go through).
	work, spare []adceItem
}

// adceFlags are what a run of the pass found about an id.
type adceFlags uint8

const (
	adceLive      adceFlags = 1 << iota // the instruction defining the id is live
	adceLiveBlock                       // the block labelled id is live
	// adceBlockDone: the block's label, terminator or merge and
	// enclosing construct's branch have been marked live (once per block,
	// not once per live instruction in it).
	adceBlockDone
	// adceLoopDone: the block has a live instruction, and its loop, if it
	// heads one, has been marked live.
	adceLoopDone
	// adceLoaded: the loads from the variable in the function being
	// processed have been seen to (the stores to it made live if it is
	// local).
	adceLoaded
)

// adceScratch returns the pass's scratch memory, cleared, for a module of
// bound c.M.Bound.
func (c *Context) adceScratch() *adceScratch {
	s := &c.adce
	bound := int(c.M.Bound)
	if cap(s.flags) < bound {
		s.flags = make([]adceFlags, bound, bound+bound/4)
	} else {
		s.flags = s.flags[:bound]
		clear(s.flags)
	}
	s.loaded = s.loaded[:0]
	return s
}

// has reports whether id has all of the flags f.
func (s *adceScratch) has(id builder.ID, f adceFlags) bool {
	return int(id) < len(s.flags) && s.flags[id]&f == f
}

// set gives id the flags f (growing the table for ids made during the run).
func (s *adceScratch) set(id builder.ID, f adceFlags) {
	if int(id) >= len(s.flags) {
		s.flags = append(s.flags, make([]adceFlags, int(id)+1-len(s.flags))...)
	}
	s.flags[id] |= f
}

// isLiveInst reports whether in was found live.
func (a *adce) isLiveInst(in *builder.Inst) bool {
	if in.Result != 0 {
		return a.has(in.Result, adceLive)
	}
	return a.live.Has(in)
}

// markLive records in as live (without queuing it).
func (a *adce) markLive(in *builder.Inst) {
	if in.Result != 0 {
		a.set(in.Result, adceLive)
		return
	}
	a.live.Add(in)
}

func (a *adce) add(in *builder.Inst) {
	if in == nil || a.isLiveInst(in) {
		return
	}
	a.markLive(in)
	a.work = append(a.work, adceItem{in: in})
}

func (a *adce) addBlock(b *builder.Block) {
	if b == nil || a.has(b.Label, adceLiveBlock) {
		return
	}
	a.set(b.Label, adceLiveBlock)
	a.work = append(a.work, adceItem{blk: b})
}

// addID marks the definition of id live: an instruction, or a block label.
// (Small enough to inline: most ids used are live already, types and
// constants above all.)
func (a *adce) addID(id builder.ID) {
	if int(id) >= len(a.flags) || a.flags[id]&(adceLive|adceLiveBlock) == 0 {
		a.addDef(id)
	}
}

// addDef is addID for an id not known live: its instruction is marked
// and queued without add's test (a live result has the flag addID found
// missing).
func (a *adce) addDef(id builder.ID) {
	if d := a.c.Def(id); d != nil {
		a.set(id, adceLive)
		a.work = append(a.work, adceItem{in: d})
	} else if b := a.c.DU.Block(id); b != nil {
		a.addBlock(b)
	}
}

// addOperandIDs marks the definitions of the ids among ops live (those in
// pairs and enumerant parameters included): Inst.ForEachUse without the
// callback, for the one walk that runs over every live instruction.
func (a *adce) addOperandIDs(ops []builder.Operand) {
	for i := range ops {
		o := &ops[i]
		if id := o.ID(); id != 0 {
			a.addID(id)
		} else if len(o.Params()) > 0 {
			a.addOperandIDs(o.Params())
		}
	}
}

// isLive reports whether the definition of id is live (an id nothing
// defines is dead).
func (a *adce) isLive(id builder.ID) bool {
	if d := a.c.Def(id); d != nil {
		return a.isLiveInst(d)
	}
	if b := a.c.DU.Block(id); b != nil {
		return a.has(b.Label, adceLiveBlock)
	}
	return false
}

// initModule marks what the module keeps whatever the functions do.
func (a *adce) initModule() {
	c := a.c
	for _, em := range c.M.ExecutionModes {
		a.add(em)
	}
	for _, ep := range c.M.EntryPoints {
		if c.PreserveInterface {
			a.add(ep)
			continue
		}
		// The entry point itself stays, but its interface operands only
		// make the outputs live (Vulkan allows an output without a
		// matching input downstream, not the other way round).
		a.markLive(ep)
		a.addID(ep.Operands[1].ID())
		for _, o := range ep.Operands[3:] {
			if sc, ok := c.storageClassOf(o.ID()); ok && sc == spv.StorageClassOutput {
				a.addID(o.ID())
			}
		}
	}
	for _, d := range c.M.Annotations {
		if d.Op != spv.OpDecorate {
			continue
		}
		switch deco := spv.Decoration(d.Operands[1].Word); {
		case deco == spv.DecorationBuiltIn && spv.BuiltIn(d.Operands[1].Params()[0].Word) == spv.BuiltInWorkgroupSize:
			a.add(d)
		case c.PreserveBindings && (deco == spv.DecorationDescriptorSet || deco == spv.DecorationBinding):
			a.add(d)
		case c.PreserveSpecConstants && deco == spv.DecorationSpecId:
			a.add(d)
		}
	}
	// A DebugGlobalVariable stays whatever happens to its variable (which
	// becomes DebugInfoNone if it goes); what it describes stays with it.
	sawGlobal := false
	for _, g := range c.M.Globals {
		op := c.debugOp(g)
		if op == noDebugOp {
			continue
		}
		if op == spv.OpenCLDebugInfo100DebugGlobalVariable {
			sawGlobal = true
			for i := range g.Operands[2:] {
				id := g.Operands[2+i].ID()
				if d := c.Def(id); d != nil && d.Op != spv.OpVariable {
					a.add(d)
				}
			}
			continue
		}
		if c.shaderDebugOp(g) == noDebugOp {
			continue
		}
		switch op {
		case spv.NonSemanticShaderDebugInfo100DebugCompilationUnit, spv.NonSemanticShaderDebugInfo100DebugEntryPoint,
			spv.NonSemanticShaderDebugInfo100DebugSource, spv.NonSemanticShaderDebugInfo100DebugSourceContinued,
			spv.NonSemanticShaderDebugInfo100DebugLocalVariable, spv.NonSemanticShaderDebugInfo100DebugExpression,
			spv.NonSemanticShaderDebugInfo100DebugOperation, spv.NonSemanticShaderDebugInfo100DebugBuildIdentifier:
			a.add(g)
		}
	}
	if sawGlobal {
		a.add(debugInfoNone(c))
	}
}

// isEntryWithNoCalls reports whether f is an entry point that calls no
// function: then its Private and Workgroup variables are as local as its
// Function ones.
func (a *adce) isEntryWithNoCalls(f *builder.Function) bool {
	if r, ok := a.entryNoCalls[f]; ok {
		return r
	}
	r := false
	for _, ep := range a.c.M.EntryPoints {
		r = r || ep.Operands[1].ID() == f.Def.Result
	}
	if r {
	calls:
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				if in.Op == spv.OpFunctionCall {
					r = false
					break calls
				}
			}
		}
	}
	if a.entryNoCalls == nil {
		a.entryNoCalls = map[*builder.Function]bool{}
	}
	a.entryNoCalls[f] = r
	return r
}

// isLocalVar reports whether only the current function can see the
// variable's instance.
func (a *adce) isLocalVar(v builder.ID) bool {
	// (isVarOfStorage's question, the storage class looked up once)
	d := a.c.Def(v)
	if d == nil || d.Op != spv.OpVariable {
		return false
	}
	switch sc, _, ok := a.c.B.Pointee(d.Type); {
	case !ok:
		return false
	case sc == spv.StorageClassFunction:
		return true
	case sc == spv.StorageClassPrivate || sc == spv.StorageClassWorkgroup:
		return a.isEntryWithNoCalls(a.f)
	}
	return false
}

// function finds the live code of f and queues the dead for deletion.
func (a *adce) function(f *builder.Function) bool {
	if len(f.Blocks) == 0 {
		return false
	}
	a.f = f
	a.branched = false
	a.forgetLoads()
	a.sc = a.c.structuredFor(f)
	a.scopes = nil
	if a.debug {
		a.scopes = effectiveScopes(a.c, f)
	}
	a.initFunction()
	a.drain()
	if a.shaderDebug {
		a.debugInfo()
		a.drain()
	}
	changed := a.killDead()
	if a.branched || len(a.sc.order) != len(f.Blocks) {
		// Some block may not be reached (any more): for the clean-up.
		a.unreached = append(a.unreached, f)
	}
	return changed
}

func (a *adce) initFunction() {
	f := a.f
	a.add(f.Def)
	for _, p := range f.Params {
		a.add(p)
	}
	a.markBlockLive(f.Blocks[0], nil)
	// Blocks out of the structured order are not walked here: their
	// instructions' lines are for fixDebugChains to see.
	a.lines = len(a.sc.order) != len(f.Blocks)
	for _, b := range a.sc.order {
		for _, in := range b.Insts {
			if in.Line != nil {
				a.lines = true
			}
			if isBranchOp(in.Op) {
				continue
			}
			switch in.Op {
			case spv.OpStore, spv.OpCopyMemory, spv.OpCopyMemorySized:
				if !a.isLocalVar(a.c.baseVariable(in.Operands[0].ID())) {
					a.add(in)
				}
			case spv.OpLoopMerge, spv.OpSelectionMerge, spv.OpUnreachable:
			default:
				// (Most instructions are core combinators: the table
				// answers before the full check.)
				if !combinatorOps.has(in.Op) && !a.c.safeToDelete(in) {
					a.add(in)
				}
			}
		}
	}
}

// drain processes the worklist until it is empty.
func (a *adce) drain() {
	for len(a.work) > 0 {
		// A round takes the items queued so far; those it queues go to
		// the other list, for the next round.
		round := a.work
		a.work = a.spare[:0]
		for _, it := range round {
			if it.blk != nil {
				a.markBlockLive(it.blk, nil)
				a.markDebugLines(it.blk.Line)
				continue
			}
			in := it.in
			if in.Type != 0 {
				a.addID(in.Type)
			}
			a.addOperandIDs(in.Operands)
			// The first live instruction of a block marks what the block
			// needs; of the others only a merge instruction has more to do.
			if b := in.Block; b != nil && (!a.has(b.Label, adceBlockDone|adceLoopDone) || isMergeOp(in.Op)) {
				a.markBlockLive(b, in)
			}
			if r := variableReadOf(in.Op); r != readsNothing {
				a.markLoadedVariables(in, r)
			}
			if in.Result != 0 && a.c.DU.MayBeAnnotated(in.Result) {
				a.markDecorations(in)
			}
			if in.Line != nil {
				a.markDebugLines(in.Line)
			}
			if a.scopes != nil {
				if s := a.scopes[in]; s != nil {
					a.markScope(s)
				}
			}
		}
		a.spare = round
	}
}

// markBlockLive keeps what a live instruction in b (in, or nil for b's
// label) needs: b's label, its terminator (or, for a header, its merge
// block: the construct may still fold away), a loop header's loop, and
// the branch and merge of the construct b sits in.
func (a *adce) markBlockLive(b *builder.Block, in *builder.Inst) {
	if !a.has(b.Label, adceBlockDone) {
		a.set(b.Label, adceBlockDone)
		a.addBlock(b)
		if m := b.Merge(); m == nil {
			a.add(b.Terminator())
		} else {
			a.addBlock(a.c.DU.Block(m.Operands[0].ID()))
		}
		if br := a.branchForNextHeader(b); br != nil {
			a.add(br)
			a.add(br.Block.Merge())
		}
	}
	if in == nil {
		return
	}
	if !a.has(b.Label, adceLoopDone) {
		// (once per block, not per live instruction in it)
		a.set(b.Label, adceLoopDone)
		if isLoopHeader(b) {
			a.add(b.Terminator())
			a.add(b.Merge())
		}
	}
	if isMergeOp(in.Op) {
		a.addBreaksAndContinues(in)
	}
}

func isMergeOp(op spv.Op) bool { return op == spv.OpLoopMerge || op == spv.OpSelectionMerge }

// headerBlock returns b for a loop header, else the header of the
// innermost construct holding b (nil if none).
func (a *adce) headerBlock(b *builder.Block) *builder.Block {
	if b == nil {
		return nil
	}
	if isLoopHeader(b) {
		return b
	}
	return a.sc.Block(a.sc.ContainingConstruct(b.Label))
}

// headerBranch returns the terminator of headerBlock(b).
func (a *adce) headerBranch(b *builder.Block) *builder.Inst {
	if h := a.headerBlock(b); h != nil {
		return h.Terminator()
	}
	return nil
}

// branchForNextHeader is headerBranch, except that for a loop header it
// starts from the construct enclosing the loop.
func (a *adce) branchForNextHeader(b *builder.Block) *builder.Inst {
	if isLoopHeader(b) {
		b = a.sc.Block(a.sc.ContainingConstruct(b.Label))
	}
	return a.headerBranch(b)
}

// blockInConstruct reports whether b is in the construct headed by h (h
// itself included).
func (a *adce) blockInConstruct(h, b *builder.Block) bool {
	if h == nil || b == nil {
		return false
	}
	for id := b.Label; id != 0; id = a.sc.ContainingConstruct(id) {
		if id == h.Label {
			return true
		}
	}
	return false
}

// addBreaksAndContinues keeps the branches that leave the construct of a
// live merge instruction for its merge block and, for a loop, those that
// go to its continue target.
func (a *adce) addBreaksAndContinues(merge *builder.Inst) {
	c := a.c
	header := merge.Block
	for _, u := range c.DU.UsersView(merge.Operands[0].ID()) {
		if !isBranchOp(u.Op) || u.Block == nil || !a.blockInConstruct(header, u.Block) {
			continue
		}
		a.add(u)
		if m := u.Block.Merge(); m != nil {
			a.add(m)
		}
	}
	if merge.Op != spv.OpLoopMerge {
		return
	}
	cont := merge.Operands[1].ID()
	for _, u := range c.DU.UsersView(cont) {
		if u.Block == nil {
			continue
		}
		switch u.Op {
		case spv.OpBranchConditional, spv.OpSwitch:
			// A conditional continue, unless it is a selection whose merge
			// block is the continue target.
			if m := u.Block.Merge(); m != nil && m.Op == spv.OpSelectionMerge {
				if m.Operands[0].ID() == cont {
					continue
				}
				a.add(m)
			}
		case spv.OpBranch:
			// An unconditional continue, unless it leaves a selection for
			// its merge block or sits right in the loop.
			hb := a.headerBranch(u.Block)
			if hb == nil {
				continue
			}
			hm := hb.Block.Merge()
			if hm == nil || hm.Op == spv.OpLoopMerge || hm.Operands[0].ID() == cont {
				continue
			}
		default:
			continue
		}
		a.add(u)
	}
}

// markLoadedVariables makes the stores to the function's own variables
// that in reads from live; r is where in reads (variableReads).
func (a *adce) markLoadedVariables(in *builder.Inst, r variableRead) {
	c := a.c
	switch r {
	case readsPointer:
		a.processLoad(c.baseVariable(in.Operands[0].ID()))
	case readsSource:
		a.processLoad(c.baseVariable(in.Operands[1].ID()))
	case readsArguments:
		for _, o := range in.Operands[1:] {
			if o.IsID() && c.isPointer(o.ID()) {
				a.processLoad(c.baseVariable(o.ID()))
			}
		}
	case readsExtInst:
		a.processLoad(a.extInstVariable(in))
	}
}

// variableRead is where an instruction may read a variable.
type variableRead uint8

const (
	readsNothing   variableRead = iota
	readsPointer                // its first operand: a load, an atomic, a texel pointer
	readsSource                 // its second: OpCopyMemory(Sized)
	readsArguments              // its pointer arguments: OpFunctionCall
	readsExtInst                // OpExtInst: an interpolation, DebugDeclare, DebugValue
)

// variableReads tells, by opcode, where an instruction may read a
// variable: most live instructions read none, and the drain looks no
// further. (A static array: no start-up work, though the last opcodes are
// in the thousands.)
var variableReads = [...]variableRead{
	spv.OpLoad: readsPointer, spv.OpImageTexelPointer: readsPointer,
	spv.OpCooperativeMatrixLoadNV: readsPointer, spv.OpCooperativeMatrixLoadKHR: readsPointer,
	spv.OpCooperativeMatrixLoadTensorNV: readsPointer,
	spv.OpAtomicLoad:                    readsPointer, spv.OpAtomicExchange: readsPointer, spv.OpAtomicCompareExchange: readsPointer,
	spv.OpAtomicCompareExchangeWeak: readsPointer, spv.OpAtomicIIncrement: readsPointer,
	spv.OpAtomicIDecrement: readsPointer, spv.OpAtomicIAdd: readsPointer, spv.OpAtomicISub: readsPointer,
	spv.OpAtomicSMin: readsPointer, spv.OpAtomicUMin: readsPointer, spv.OpAtomicSMax: readsPointer,
	spv.OpAtomicUMax: readsPointer, spv.OpAtomicAnd: readsPointer, spv.OpAtomicOr: readsPointer,
	spv.OpAtomicXor: readsPointer, spv.OpAtomicFlagTestAndSet: readsPointer, spv.OpAtomicFMinEXT: readsPointer,
	spv.OpAtomicFMaxEXT: readsPointer, spv.OpAtomicFAddEXT: readsPointer,
	spv.OpCopyMemory: readsSource, spv.OpCopyMemorySized: readsSource,
	spv.OpFunctionCall: readsArguments,
	spv.OpExtInst:      readsExtInst,
}

func variableReadOf(op spv.Op) variableRead {
	if int(op) < len(variableReads) {
		return variableReads[op]
	}
	return readsNothing
}

// extInstVariable returns the variable an OpExtInst reads from (0 if none
// or unknown): an interpolation's, or a debug declaration's.
func (a *adce) extInstVariable(in *builder.Inst) builder.ID {
	c := a.c
	if c.extSetName(in.Operands[0].ID()) == "GLSL.std.450" {
		switch in.Operands[1].Word {
		case spv.GLSLstd450InterpolateAtCentroid, spv.GLSLstd450InterpolateAtOffset, spv.GLSLstd450InterpolateAtSample:
			return in.Operands[2].ID()
		}
	}
	switch c.debugOp(in) {
	case spv.OpenCLDebugInfo100DebugDeclare:
		return in.Operands[3].ID()
	case spv.OpenCLDebugInfo100DebugValue:
		return a.c.valueUsedAsDeclare(in)
	}
	return 0
}

// valueUsedAsDeclare returns the variable of a DebugValue that stands for
// a DebugDeclare (its expression starts with Deref), else 0.
func (c *Context) valueUsedAsDeclare(dv *builder.Inst) builder.ID {
	if len(dv.Operands) < 5 {
		return 0
	}
	expr := c.Def(dv.Operands[4].ID())
	if expr == nil || c.debugOp(expr) != spv.OpenCLDebugInfo100DebugExpression || len(expr.Operands) < 3 {
		return 0
	}
	op := c.Def(expr.Operands[2].ID())
	if op == nil || c.debugOp(op) != spv.OpenCLDebugInfo100DebugOperation || len(op.Operands) < 3 {
		return 0
	}
	const deref = 0 // the Deref operation, in both sets
	if c.shaderDebugOp(op) != noDebugOp {
		// NonSemantic.Shader.DebugInfo gives the operation as a constant.
		v, ok := c.B.ConstantValue(op.Operands[2].ID())
		if !ok || v != deref {
			return 0
		}
	} else if op.Operands[2].Word != deref {
		return 0
	}
	return dv.Operands[3].ID()
}

func (a *adce) processLoad(v builder.ID) {
	if v == 0 {
		return
	}
	if a.has(v, adceLoaded) {
		return
	}
	a.set(v, adceLoaded)
	a.loaded = append(a.loaded, v)
	if a.isLocalVar(v) {
		a.addStores(v)
	}
}

// addStores makes live whatever in the current function may write through
// ptr or a pointer derived from it.
func (a *adce) addStores(ptr builder.ID) {
	for _, u := range a.c.DU.UsersView(ptr) {
		if u.Block != nil && u.Block.Func != a.f {
			continue
		}
		switch u.Op {
		case spv.OpAccessChain, spv.OpInBoundsAccessChain, spv.OpUntypedAccessChainKHR, spv.OpCopyObject:
			a.addStores(u.Result)
		case spv.OpLoad:
		case spv.OpCopyMemory, spv.OpCopyMemorySized, spv.OpStore:
			if u.Operands[0].ID() == ptr {
				a.add(u)
			}
		default:
			// Anything else may write: a call, an atomic, a Modf...
			a.add(u)
		}
	}
}

// markDecorations keeps the OpDecorateId instructions that decorate in's
// result (they use ids that must then stay), except HlslCounterBufferGOOGLE,
// which goes when either end does. (drain calls it only for results some
// annotation may target.)
func (a *adce) markDecorations(in *builder.Inst) {
	if in.Result == 0 {
		return
	}
	if a.idDecorations == nil {
		a.indexDecorations()
	}
	for _, d := range a.idDecorations[in.Result] {
		a.add(d)
	}
}

// indexDecorations fills idDecorations from the module's annotations.
func (a *adce) indexDecorations() {
	a.idDecorations = map[builder.ID][]*builder.Inst{}
	groupDecos := map[builder.ID][]*builder.Inst{}
	for _, d := range a.c.M.Annotations {
		if d.Op == spv.OpDecorateId && spv.Decoration(d.Operands[1].Word) != spv.DecorationHlslCounterBufferGOOGLE {
			t := d.Operands[0].ID()
			a.idDecorations[t] = append(a.idDecorations[t], d)
			if g := a.c.Def(t); g != nil && g.Op == spv.OpDecorationGroup {
				groupDecos[t] = append(groupDecos[t], d)
			}
		}
	}
	if len(groupDecos) == 0 {
		return
	}
	for _, d := range a.c.M.Annotations {
		if d.Op != spv.OpGroupDecorate {
			continue
		}
		ds := groupDecos[d.Operands[0].ID()]
		for _, o := range d.Operands[1:] {
			a.idDecorations[o.ID()] = append(a.idDecorations[o.ID()], ds...)
		}
	}
}

// markDebugLines keeps what the debug line instructions of a chain refer
// to (a DebugLine's source and line constants).
func (a *adce) markDebugLines(chain *builder.Inst) {
	for l := chain; l != nil; l = l.Line {
		if l.Op == spv.OpLine || a.c.shaderDebugOp(l) == spv.NonSemanticShaderDebugInfo100DebugLine {
			l.ForEachUse(func(id *builder.ID) { a.addID(*id) })
		}
	}
}

// markScope keeps a DebugScope's lexical scope and inlined-at.
func (a *adce) markScope(s *builder.Inst) {
	for _, o := range s.Operands[2:] {
		a.addID(o.ID())
	}
}

// debugInfo handles the NonSemantic.Shader.DebugInfo.100 DebugDeclare and
// DebugValue not found live: a DebugDeclare of a live variable stays; a
// DebugValue stays too, with an OpUndef for a dead value.
func (a *adce) debugInfo() {
	c := a.c
	for _, b := range a.sc.order {
		for _, in := range b.Insts {
			switch c.shaderDebugOp(in) {
			case spv.NonSemanticShaderDebugInfo100DebugDeclare:
				if !a.isLiveInst(in) && a.isLive(in.Operands[3].ID()) {
					a.add(in)
				}
			case spv.NonSemanticShaderDebugInfo100DebugValue:
				val := in.Operands[3].ID()
				if a.isLive(val) {
					a.add(in)
					continue
				}
				d := c.Def(val)
				if d == nil || d.Type == 0 {
					continue
				}
				in.Operands[3] = builder.Ref(a.undefs.get(d.Type))
				c.DU.AnalyzeUses(in)
				a.add(in)
			}
		}
	}
}

// killDead queues the dead instructions of the function for deletion. A
// dead construct's header branches straight to its merge block instead;
// a merge block that was unreachable then returns. A block left without
// its terminator gets OpUnreachable (it is unreachable, and goes in the
// clean-up).
func (a *adce) killDead() bool {
	c := a.c
	changed := false
	order := a.sc.order
	for i := 0; i < len(order); {
		b := order[i]
		var merge builder.ID
		for _, in := range b.Insts {
			if a.isLiveInst(in) {
				continue
			}
			if in.Op == spv.OpSelectionMerge || in.Op == spv.OpLoopMerge {
				merge = in.Operands[0].ID()
			}
			a.toKill = append(a.toKill, in)
			a.dead.Add(in)
			changed = true
		}
		if merge == 0 {
			if !a.isLiveInst(b.Terminator()) {
				b.Append(c.NewInst(spv.OpUnreachable, 0))
				a.branched = true
			}
			i++
			continue
		}
		// The branch takes the debug scope in effect at the construct's
		// dead branch (fixDebugChains carries it over): keep what it names.
		if s := a.scopes[b.Terminator()]; s != nil {
			a.markScope(s)
			a.drain()
		}
		br := c.NewInst(spv.OpBranch, 0, builder.Ref(merge))
		a.branched = true
		a.markLive(br)
		b.Append(br)
		for i++; i < len(order) && order[i].Label != merge; i++ {
		}
		if i == len(order) {
			break
		}
		mb := order[i]
		if t := mb.Terminator(); t != nil && t.Op == spv.OpUnreachable {
			ret := c.NewInst(spv.OpReturn, 0)
			if ft := c.Def(a.f.Def.Type); ft != nil && ft.Op != spv.OpTypeVoid {
				undef := a.undefs.get(a.f.Def.Type)
				a.markLive(c.Def(undef))
				ret = c.NewInst(spv.OpReturnValue, 0, builder.Ref(undef))
			}
			a.markLive(ret)
			mb.Replace(t, ret)
		}
	}
	return changed
}

// globals deletes the names and decorations of dead ids, queues the dead
// types, constants, variables and debug information for deletion, and
// drops dead variables from the entry points' interfaces.
func (a *adce) globals() bool {
	c := a.c
	changed := false
	kill := func(in *builder.Inst) {
		c.DU.Kill(in)
		changed = true
	}
	for _, n := range c.M.Names {
		if n.Op == spv.OpName && a.targetDead(n.Operands[0].ID()) {
			kill(n)
		}
	}
	var groups []*builder.Inst
	for _, d := range c.M.Annotations {
		switch d.Op {
		case spv.OpDecorate, spv.OpMemberDecorate, spv.OpDecorateString, spv.OpMemberDecorateString:
			if a.targetDead(d.Operands[0].ID()) {
				kill(d)
			}
		case spv.OpDecorateId:
			switch {
			case a.targetDead(d.Operands[0].ID()):
				kill(d)
			case spv.Decoration(d.Operands[1].Word) == spv.DecorationHlslCounterBufferGOOGLE &&
				!a.isLive(d.Operands[1].Params()[0].ID()):
				kill(d)
			}
		case spv.OpGroupDecorate, spv.OpGroupMemberDecorate:
			// Drop the dead targets (with their member numbers); the
			// decoration goes with the last one.
			step := 1
			if d.Op == spv.OpGroupMemberDecorate {
				step = 2
			}
			ops := d.Operands[:1]
			for i := 1; i+step-1 < len(d.Operands); i += step {
				if a.isLive(d.Operands[i].ID()) {
					ops = append(ops, d.Operands[i:i+step]...)
				}
			}
			if len(ops) == 1 {
				kill(d)
			} else if len(ops) != len(d.Operands) {
				d.Operands = ops
				changed = true
			}
		case spv.OpDecorationGroup:
			groups = append(groups, d)
		}
	}
	for _, g := range groups {
		if !c.DU.HasUsers(g.Result) {
			kill(g)
		}
	}
	var none builder.ID
	for _, g := range c.M.Globals {
		if a.isLiveInst(g) {
			continue
		}
		switch c.debugOp(g) {
		case noDebugOp:
			// Keep a forward pointer while the pointer type lives.
			if g.Op == spv.OpTypeForwardPointer && a.isLive(g.Operands[0].ID()) {
				continue
			}
		case spv.OpenCLDebugInfo100DebugGlobalVariable:
			if v := g.Operands[9].ID(); !a.isLive(v) {
				if none == 0 {
					none = debugInfoNone(c).Result
				}
				if v != none {
					g.Operands[9] = builder.Ref(none)
					c.DU.AnalyzeUses(g)
					changed = true
				}
			}
			continue
		case spv.NonSemanticShaderDebugInfo100DebugBuildIdentifier:
			if c.shaderDebugOp(g) != noDebugOp {
				continue
			}
		}
		a.toKill = append(a.toKill, g)
		changed = true
	}
	if !c.PreserveInterface {
		for _, ep := range c.M.EntryPoints {
			ops := ep.Operands[:3]
			for _, o := range ep.Operands[3:] {
				if a.isLive(o.ID()) {
					ops = append(ops, o)
				}
			}
			if len(ops) != len(ep.Operands) {
				ep.Operands = ops
				changed = true
			}
		}
	}
	return changed
}

// targetDead reports whether the id a name or decoration targets is dead:
// a decoration group nothing applies any more, or an id not found live.
func (a *adce) targetDead(id builder.ID) bool {
	if d := a.c.Def(id); d != nil && d.Op == spv.OpDecorationGroup {
		for _, u := range a.c.DU.UsersView(id) {
			if u.Op == spv.OpGroupDecorate || u.Op == spv.OpGroupMemberDecorate {
				return false
			}
		}
		return true
	}
	return !a.isLive(id)
}

// idSet is a set of ids, growing past the bound it was made with (for ids
// made during the pass).
type idSet []bool

func newIDSet(bound builder.ID) idSet { return make(idSet, bound) }

func (s idSet) has(id builder.ID) bool { return int(id) < len(s) && s[id] }

func (s *idSet) add(id builder.ID) {
	for int(id) >= len(*s) {
		*s = append(*s, false)
	}
	(*s)[id] = true
}

// forgetLoads starts a function: no variable's loads seen yet.
func (s *adceScratch) forgetLoads() {
	for _, v := range s.loaded {
		s.flags[v] &^= adceLoaded
	}
	s.loaded = s.loaded[:0]
}
