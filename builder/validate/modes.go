package validate

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Mode setting (section 3.42.5): the memory model, entry points and their
// execution modes, and the call graph (no function is both an entry point
// and called; no recursion in Vulkan).

// callGraph registers the entry points and the static call graph.
func (c *checker) callGraph() {
	c.callees = spareMap(c.spare.callees)
	c.calledFrom = spareMap(c.spare.calledFrom)
	c.funcEntry = spareMap(c.spare.funcEntry)
	if mm := c.m.MemoryModel; mm != nil {
		c.addressing = spv.AddressingModel(opWord(mm, 0))
		c.memModel = spv.MemoryModel(opWord(mm, 1))
	}
	for _, in := range c.m.EntryPoints {
		ep := &entryPoint{inst: in, model: spv.ExecutionModel(opWord(in, 0)), fn: opID(in, 1), name: opStr(in, 2)}
		for _, o := range in.Operands[min(3, len(in.Operands)):] {
			ep.iface = append(ep.iface, o.ID())
		}
		c.entries = append(c.entries, ep)
	}
	for _, in := range c.m.ExecutionModes {
		for _, ep := range c.entries {
			if ep.fn == opID(in, 0) {
				ep.modes = append(ep.modes, in)
			}
		}
	}
	for _, f := range c.m.Functions {
		id := f.Def.Result
		seen := map[ID]bool{}
		for in := range f.Insts() {
			if in.Op == spv.OpFunctionCall {
				callee := opID(in, 0)
				c.calledFrom[callee] = true
				if !seen[callee] {
					seen[callee] = true
					c.callees[id] = append(c.callees[id], callee)
				}
			}
		}
	}
	for _, ep := range c.entries {
		seen := map[ID]bool{}
		stack := []ID{ep.fn}
		for len(stack) > 0 {
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[f] {
				continue
			}
			seen[f] = true
			c.funcEntry[f] = append(c.funcEntry[f], ep)
			stack = append(stack, c.callees[f]...)
		}
	}
}

// modelsOf returns the execution models of the entry points declared on
// function fn.
func (c *checker) modelsOf(fn ID) map[spv.ExecutionModel]bool {
	ms := map[spv.ExecutionModel]bool{}
	for _, ep := range c.entries {
		if ep.fn == fn {
			ms[ep.model] = true
		}
	}
	return ms
}

// modesOf returns the execution modes (of OpExecutionMode, as spirv-val
// records them) of entry point function fn.
func (c *checker) modesOf(fn ID) map[spv.ExecutionMode]bool {
	ms := map[spv.ExecutionMode]bool{}
	for _, in := range c.m.ExecutionModes {
		if in.Op == spv.OpExecutionMode && opID(in, 0) == fn {
			ms[spv.ExecutionMode(opWord(in, 1))] = true
		}
	}
	return ms
}

// entryPointsReferencing returns the entry points whose call graph uses
// the module-level id.
func (c *checker) entryPointsReferencing(id ID) []*entryPoint {
	if c.globalUsers == nil {
		c.computeGlobalUsers()
	}
	var out []*entryPoint
	seen := map[*entryPoint]bool{}
	for _, f := range c.globalUsers[id] {
		for _, ep := range c.funcEntry[f] {
			if !seen[ep] {
				seen[ep] = true
				out = append(out, ep)
			}
		}
	}
	return out
}

// globalUseTracking prepares computeGlobalUsers's walk: it marks each
// module-level variable (and each module-level instruction using one)
// whose users it finds, and reports whether there is any.
func (c *checker) globalUseTracking() (tracked []bool, any bool) {
	c.globalUsers = map[ID][]ID{}
	n := len(c.defs)
	tracked = make([]bool, n)
	for _, in := range c.m.Globals {
		if in.Op == spv.OpVariable && in.Result != 0 && int(in.Result) < n {
			tracked[in.Result], any = true, true
		}
	}
	// Module-level instructions using a tracked id are tracked too (a
	// pointer initializer, a spec constant operation).
	for _, in := range c.m.Globals {
		if in.Result == 0 || int(in.Result) >= n || tracked[in.Result] {
			continue
		}
		in.ForEachUse(func(id *ID) {
			if int(*id) < n && tracked[*id] {
				tracked[in.Result] = true
			}
		})
	}
	return tracked, any
}

// globalUser records that function fid uses the tracked id (once per
// function: last[id] is the last function recorded).
func (c *checker) globalUser(id, fid ID, last []ID) {
	if last[id] != fid {
		last[id] = fid
		c.globalUsers[id] = append(c.globalUsers[id], fid)
	}
}

// propagateGlobalUsers completes computeGlobalUsers: a module-level
// user's functions use what it uses, latest first, so that chains
// propagate.
func (c *checker) propagateGlobalUsers(tracked []bool) {
	n := len(tracked)
	for i := len(c.m.Globals) - 1; i >= 0; i-- {
		in := c.m.Globals[i]
		if in.Result == 0 || int(in.Result) >= n || !tracked[in.Result] {
			continue
		}
		users := c.globalUsers[in.Result]
		if len(users) == 0 {
			continue
		}
		in.ForEachUse(func(id *ID) {
			if int(*id) >= n || !tracked[*id] {
				return
			}
			for _, f := range users {
				if !slices.Contains(c.globalUsers[*id], f) {
					c.globalUsers[*id] = append(c.globalUsers[*id], f)
				}
			}
		})
	}
}

// computeGlobalUsers maps each module-level variable (and each
// module-level instruction using one) to the functions using it, directly
// or through other module-level instructions: the instructions of each
// function, OpFunction, its parameters and prologue, and its blocks'
// instructions with their debug lines. The walk is useWalk's.
func (c *checker) computeGlobalUsers() {
	c.useWalk()
}

// useWalk walks every instruction's uses once for the two tables built on
// first need: the users of the ids usersOf is asked about, and the
// functions using each module-level variable (computeGlobalUsers).
func (c *checker) useWalk() {
	if c.users != nil {
		return
	}
	t := c.newUserTable()
	c.users = t
	tracked, globals := c.globalUseTracking()
	if len(t.lists) > 0 || globals {
		last := make([]ID, len(tracked))
		var uses []ID // of the instruction being walked
		for i := range c.order {
			l := &c.order[i]
			in := l.in
			// The function whose use of a variable counts: not for the
			// debug lines before a function's OpFunction, parameters,
			// prologue instructions, blocks and OpFunctionEnd.
			var fid ID
			if globals && l.fn != 0 && (!l.line() || l.blk>>1 != 0) {
				fid = c.m.Functions[l.fn-1].Def.Result
			}
			uses = in.AppendUses(uses[:0])
			for _, id := range uses {
				if int(id) >= len(t.slot) {
					continue
				}
				if k := t.slot[id]; k > 0 {
					// An instruction using an id twice is one user.
					if l := t.lists[k-1]; len(l) == 0 || l[len(l)-1] != in {
						t.lists[k-1] = append(l, in)
					}
				}
				if fid != 0 && tracked[id] {
					c.globalUser(id, fid, last)
				}
			}
		}
	}
	c.propagateGlobalUsers(tracked)
}

func (c *checker) checkMemoryModel(in *builder.Inst) error {
	if c.memModel != spv.MemoryModelVulkan && c.hasCap(spv.CapabilityVulkanMemoryModel) {
		return c.errorf(RuleMemoryModel, in, "the VulkanMemoryModel capability needs the Vulkan memory model")
	}
	if c.vulkan && c.addressing != spv.AddressingModelLogical && c.addressing != spv.AddressingModelPhysicalStorageBuffer64 {
		return c.errorf(RuleMemoryModel, in, "the addressing model must be Logical or PhysicalStorageBuffer64 in Vulkan (VUID-StandaloneSpirv-None-04635)")
	}
	return nil
}

func countModes(modes map[spv.ExecutionMode]bool, set ...spv.ExecutionMode) int {
	n := 0
	for _, m := range set {
		if modes[m] {
			n++
		}
	}
	return n
}

func (c *checker) checkEntryPoint(in *builder.Inst) error {
	fn := c.def(opID(in, 1))
	if fn == nil || fn.Op != spv.OpFunction {
		return c.errorf(RuleEntryPoint, in, "the entry point %%%d is not a function", opID(in, 1))
	}
	model := spv.ExecutionModel(opWord(in, 0))
	if model != spv.ExecutionModelKernel {
		ft := c.def(opID(fn, 1))
		if ft == nil || len(ft.Operands) != 1 {
			return c.errorf(RuleEntryPoint, in, "an entry point function must take no parameters (VUID-StandaloneSpirv-None-04633)")
		}
	}
	if !c.isVoid(fn.Type) {
		return c.errorf(RuleEntryPoint, in, "an entry point function must return void (VUID-StandaloneSpirv-None-04633)")
	}
	modes := c.modesOf(fn.Result)
	if c.hasCap(spv.CapabilityShader) {
		switch model {
		case spv.ExecutionModelFragment:
			if modes[spv.ExecutionModeOriginUpperLeft] && modes[spv.ExecutionModeOriginLowerLeft] {
				return c.errorf(RuleExecutionMode, in, "a fragment entry point can only have one of OriginUpperLeft and OriginLowerLeft")
			}
			if !modes[spv.ExecutionModeOriginUpperLeft] && !modes[spv.ExecutionModeOriginLowerLeft] {
				return c.errorf(RuleExecutionMode, in, "a fragment entry point needs OriginUpperLeft or OriginLowerLeft")
			}
			if countModes(modes, spv.ExecutionModeDepthGreater, spv.ExecutionModeDepthLess, spv.ExecutionModeDepthUnchanged) > 1 {
				return c.errorf(RuleExecutionMode, in, "a fragment entry point can have at most one of DepthGreater, DepthLess and DepthUnchanged")
			}
			if countModes(modes, spv.ExecutionModePixelInterlockOrderedEXT, spv.ExecutionModePixelInterlockUnorderedEXT,
				spv.ExecutionModeSampleInterlockOrderedEXT, spv.ExecutionModeSampleInterlockUnorderedEXT,
				spv.ExecutionModeShadingRateInterlockOrderedEXT, spv.ExecutionModeShadingRateInterlockUnorderedEXT) > 1 {
				return c.errorf(RuleExecutionMode, in, "a fragment entry point can have at most one interlock mode")
			}
			if countModes(modes, spv.ExecutionModeStencilRefUnchangedFrontAMD, spv.ExecutionModeStencilRefLessFrontAMD, spv.ExecutionModeStencilRefGreaterFrontAMD) > 1 ||
				countModes(modes, spv.ExecutionModeStencilRefUnchangedBackAMD, spv.ExecutionModeStencilRefLessBackAMD, spv.ExecutionModeStencilRefGreaterBackAMD) > 1 {
				return c.errorf(RuleExecutionMode, in, "a fragment entry point can have at most one stencil reference mode per face")
			}
		case spv.ExecutionModelTessellationControl, spv.ExecutionModelTessellationEvaluation:
			if countModes(modes, spv.ExecutionModeSpacingEqual, spv.ExecutionModeSpacingFractionalEven, spv.ExecutionModeSpacingFractionalOdd) > 1 ||
				countModes(modes, spv.ExecutionModeTriangles, spv.ExecutionModeQuads, spv.ExecutionModeIsolines) > 1 ||
				countModes(modes, spv.ExecutionModeVertexOrderCw, spv.ExecutionModeVertexOrderCcw) > 1 {
				return c.errorf(RuleExecutionMode, in, "a tessellation entry point has conflicting execution modes")
			}
		case spv.ExecutionModelGeometry:
			if countModes(modes, spv.ExecutionModeInputPoints, spv.ExecutionModeInputLines, spv.ExecutionModeInputLinesAdjacency,
				spv.ExecutionModeTriangles, spv.ExecutionModeInputTrianglesAdjacency) != 1 {
				return c.errorf(RuleExecutionMode, in, "a geometry entry point needs exactly one input primitive mode")
			}
			if countModes(modes, spv.ExecutionModeOutputPoints, spv.ExecutionModeOutputLineStrip, spv.ExecutionModeOutputTriangleStrip) != 1 {
				return c.errorf(RuleExecutionMode, in, "a geometry entry point needs exactly one output primitive mode")
			}
		case spv.ExecutionModelMeshEXT:
			if countModes(modes, spv.ExecutionModeOutputPoints, spv.ExecutionModeOutputLinesEXT, spv.ExecutionModeOutputTrianglesEXT) != 1 {
				return c.errorf(RuleExecutionMode, in, "a MeshEXT entry point needs exactly one of OutputPoints, OutputLinesEXT and OutputTrianglesEXT")
			}
			if countModes(modes, spv.ExecutionModeOutputPrimitivesEXT, spv.ExecutionModeOutputVertices) != 2 {
				return c.errorf(RuleExecutionMode, in, "a MeshEXT entry point needs both OutputPrimitivesEXT and OutputVertices")
			}
		}
	}
	if c.vulkan && model == spv.ExecutionModelGLCompute && !modes[spv.ExecutionModeLocalSize] {
		ok := false
		for _, a := range c.m.Annotations {
			if a.Op == spv.OpDecorate && spv.Decoration(opWord(a, 1)) == spv.DecorationBuiltIn && len(a.Operands[1].Params()) > 0 &&
				spv.BuiltIn(a.Operands[1].Params()[0].Word) == spv.BuiltInWorkgroupSize {
				ok = true
			}
		}
		for _, m := range c.m.ExecutionModes {
			if m.Op == spv.OpExecutionModeId && spv.ExecutionMode(opWord(m, 1)) == spv.ExecutionModeLocalSizeId {
				ok = true
			}
		}
		if !ok {
			return c.errorf(RuleExecutionMode, in, "a GLCompute entry point needs LocalSize, LocalSizeId or a WorkgroupSize built-in (VUID-StandaloneSpirv-LocalSize-06426)")
		}
	}
	return nil
}

func (c *checker) checkExecutionMode(in *builder.Inst) error {
	fn := opID(in, 0)
	isEntry := false
	for _, ep := range c.entries {
		if ep.fn == fn {
			isEntry = true
		}
	}
	if !isEntry {
		return c.errorf(RuleExecutionMode, in, "%%%d is not an entry point", fn)
	}
	mode := spv.ExecutionMode(opWord(in, 1))
	idMode := false
	if e := spv.KindExecutionMode.Enumerant(uint32(mode)); e != nil {
		for _, p := range e.Parameters() {
			idMode = idMode || p.Kind == spv.KindIdRef
		}
	}
	if in.Op == spv.OpExecutionModeId {
		if len(in.Operands) > 1 && len(in.Operands[1].Params()) > 0 {
			if !idMode {
				return c.errorf(RuleExecutionMode, in, "OpExecutionModeId is only for modes taking id operands")
			}
			// spirv-val checks the first operand for each one.
			if d := c.def(in.Operands[1].Params()[0].ID()); d == nil || !isConstantOp(d.Op) && d.Op != spv.OpConstantStringAMDX && d.Op != spv.OpSpecConstantStringAMDX {
				return c.errorf(RuleExecutionMode, in, "the operands of OpExecutionModeId must be constants")
			}
		}
	} else if idMode {
		return c.errorf(RuleExecutionMode, in, "%s takes id operands and needs OpExecutionModeId", mode)
	}
	models := c.modelsOf(fn)
	all := func(ok func(spv.ExecutionModel) bool) bool {
		for m := range models {
			if !ok(m) {
				return false
			}
		}
		return true
	}
	meshNV := c.hasCap(spv.CapabilityMeshShadingNV)
	meshEXT := c.hasCap(spv.CapabilityMeshShadingEXT)
	bad := func(what string) error {
		return c.errorf(RuleExecutionMode, in, "execution mode %s can only be used with %s", mode, what)
	}
	switch mode {
	case spv.ExecutionModeInvocations, spv.ExecutionModeInputPoints, spv.ExecutionModeInputLines,
		spv.ExecutionModeInputLinesAdjacency, spv.ExecutionModeInputTrianglesAdjacency,
		spv.ExecutionModeOutputLineStrip, spv.ExecutionModeOutputTriangleStrip:
		if !all(func(m spv.ExecutionModel) bool { return m == spv.ExecutionModelGeometry }) {
			return bad("the Geometry execution model")
		}
	case spv.ExecutionModeOutputPoints:
		if !all(func(m spv.ExecutionModel) bool {
			return m == spv.ExecutionModelGeometry || (m == spv.ExecutionModelMeshNV && meshNV) || (m == spv.ExecutionModelMeshEXT && meshEXT)
		}) {
			return bad("the Geometry or Mesh execution models")
		}
	case spv.ExecutionModeSpacingEqual, spv.ExecutionModeSpacingFractionalEven, spv.ExecutionModeSpacingFractionalOdd,
		spv.ExecutionModeVertexOrderCw, spv.ExecutionModeVertexOrderCcw, spv.ExecutionModePointMode,
		spv.ExecutionModeQuads, spv.ExecutionModeIsolines:
		if !all(func(m spv.ExecutionModel) bool {
			return m == spv.ExecutionModelTessellationControl || m == spv.ExecutionModelTessellationEvaluation
		}) {
			return bad("a tessellation execution model")
		}
	case spv.ExecutionModeTriangles:
		if !all(func(m spv.ExecutionModel) bool {
			return m == spv.ExecutionModelGeometry || m == spv.ExecutionModelTessellationControl || m == spv.ExecutionModelTessellationEvaluation
		}) {
			return bad("the Geometry or a tessellation execution model")
		}
	case spv.ExecutionModeOutputVertices:
		if !all(func(m spv.ExecutionModel) bool {
			switch m {
			case spv.ExecutionModelGeometry, spv.ExecutionModelTessellationControl, spv.ExecutionModelTessellationEvaluation:
				return true
			case spv.ExecutionModelMeshNV:
				return meshNV
			case spv.ExecutionModelMeshEXT:
				return meshEXT
			}
			return false
		}) {
			return bad("the Geometry, tessellation or Mesh execution models")
		}
	case spv.ExecutionModeOutputLinesEXT, spv.ExecutionModeOutputTrianglesEXT, spv.ExecutionModeOutputPrimitivesEXT:
		if !all(func(m spv.ExecutionModel) bool {
			return m == spv.ExecutionModelMeshEXT || m == spv.ExecutionModelMeshNV
		}) {
			return bad("the MeshEXT or MeshNV execution model")
		}
	case spv.ExecutionModePixelCenterInteger, spv.ExecutionModeOriginUpperLeft, spv.ExecutionModeOriginLowerLeft,
		spv.ExecutionModeEarlyFragmentTests, spv.ExecutionModeDepthReplacing, spv.ExecutionModeDepthGreater,
		spv.ExecutionModeDepthLess, spv.ExecutionModeDepthUnchanged, spv.ExecutionModePixelInterlockOrderedEXT,
		spv.ExecutionModePixelInterlockUnorderedEXT, spv.ExecutionModeSampleInterlockOrderedEXT,
		spv.ExecutionModeSampleInterlockUnorderedEXT, spv.ExecutionModeShadingRateInterlockOrderedEXT,
		spv.ExecutionModeShadingRateInterlockUnorderedEXT, spv.ExecutionModeEarlyAndLateFragmentTestsAMD,
		spv.ExecutionModeStencilRefUnchangedFrontAMD, spv.ExecutionModeStencilRefGreaterFrontAMD,
		spv.ExecutionModeStencilRefLessFrontAMD, spv.ExecutionModeStencilRefUnchangedBackAMD,
		spv.ExecutionModeStencilRefGreaterBackAMD, spv.ExecutionModeStencilRefLessBackAMD:
		if !all(func(m spv.ExecutionModel) bool { return m == spv.ExecutionModelFragment }) {
			return bad("the Fragment execution model")
		}
	case spv.ExecutionModeLocalSizeHint, spv.ExecutionModeVecTypeHint, spv.ExecutionModeContractionOff, spv.ExecutionModeLocalSizeHintId:
		if !all(func(m spv.ExecutionModel) bool { return m == spv.ExecutionModelKernel }) {
			return bad("the Kernel execution model")
		}
	case spv.ExecutionModeLocalSize, spv.ExecutionModeLocalSizeId:
		if mode == spv.ExecutionModeLocalSizeId && !c.localSizeIDAllowed() {
			return c.errorf(RuleExecutionMode, in, "LocalSizeId is not allowed in the %s environment", c.env)
		}
		if !all(func(m spv.ExecutionModel) bool {
			switch m {
			case spv.ExecutionModelKernel, spv.ExecutionModelGLCompute:
				return true
			case spv.ExecutionModelTaskNV, spv.ExecutionModelMeshNV:
				return meshNV
			case spv.ExecutionModelTaskEXT, spv.ExecutionModelMeshEXT:
				return meshEXT
			}
			return false
		}) {
			return bad("the Kernel, GLCompute, Mesh or Task execution models")
		}
	}
	if c.vulkan {
		if mode == spv.ExecutionModeOriginLowerLeft {
			return c.errorf(RuleExecutionMode, in, "OriginLowerLeft must not be used in Vulkan (VUID-StandaloneSpirv-OriginLowerLeft-04653)")
		}
		if mode == spv.ExecutionModePixelCenterInteger {
			return c.errorf(RuleExecutionMode, in, "PixelCenterInteger must not be used in Vulkan (VUID-StandaloneSpirv-PixelCenterInteger-04654)")
		}
	}
	return nil
}

func (c *checker) localSizeIDAllowed() bool {
	if c.opts.AllowLocalSizeID {
		return true
	}
	switch c.env {
	case EnvVulkan1_0, EnvVulkan1_1, EnvVulkan1_1SPV1_4, EnvVulkan1_2:
		return false
	}
	return true
}

// entryPointRules checks the module-wide entry point rules.
func (c *checker) entryPointRules() error {
	if len(c.entries) == 0 && !c.hasCap(spv.CapabilityLinkage) {
		return c.errorf(RuleEntryPoint, nil, "no OpEntryPoint: only modules with the Linkage capability may have none")
	}
	nv, ext := false, false
	for i, ep := range c.entries {
		for _, other := range c.entries[:i] {
			if other.name == ep.name && other.model == ep.model {
				return c.errorf(RuleEntryPoint, ep.inst, "two entry points cannot share a name and an execution model")
			}
		}
		nv = nv || ep.model == spv.ExecutionModelTaskNV || ep.model == spv.ExecutionModelMeshNV
		ext = ext || ep.model == spv.ExecutionModelTaskEXT || ep.model == spv.ExecutionModelMeshEXT
	}
	if nv && ext {
		return c.errorf(RuleEntryPoint, nil, "a module cannot mix MeshEXT/TaskEXT and MeshNV/TaskNV entry points (VUID-StandaloneSpirv-MeshEXT-07102)")
	}
	for _, ep := range c.entries {
		if c.calledFrom[ep.fn] {
			return c.errorf(RuleEntryPoint, ep.inst, "function %%%d is both an entry point and called", ep.fn)
		}
	}
	if c.vulkan && c.callCycle() {
		return c.errorf(RuleEntryPoint, c.cycleEntry.inst, "an entry point's call graph may not have cycles (VUID-StandaloneSpirv-None-04634)")
	}
	return nil
}

// callCycle reports whether an entry point reaches a cycle of calls (and
// records the first such entry point in cycleEntry).
func (c *checker) callCycle() bool {
	const (
		unseen = iota
		onPath
		done
	)
	state := map[ID]int{}
	var visit func(f ID) bool
	visit = func(f ID) bool {
		switch state[f] {
		case onPath:
			return true
		case done:
			return false
		}
		state[f] = onPath
		for _, g := range c.callees[f] {
			if visit(g) {
				return true
			}
		}
		state[f] = done
		return false
	}
	for _, ep := range c.entries {
		if visit(ep.fn) {
			c.cycleEntry = ep
			return true
		}
	}
	return false
}

// limit registers a rule on the entry points reaching fn.
func (c *checker) limit(fn *builder.Function, in *builder.Inst, rule Rule, check func(ep *entryPoint) string) {
	if fn == nil {
		return
	}
	c.limits = append(c.limits, limitation{fn: fn.Def.Result, inst: in, rule: rule, check: check})
}

// limitModel registers that fn may only run in the given execution models.
func (c *checker) limitModel(fn *builder.Function, in *builder.Inst, rule Rule, msg string, models ...spv.ExecutionModel) {
	c.limit(fn, in, rule, func(ep *entryPoint) string {
		for _, m := range models {
			if ep.model == m {
				return ""
			}
		}
		return msg
	})
}

// limitationRules checks the registered limitations against the entry
// points reaching each function.
func (c *checker) limitationRules() error {
	for _, l := range c.limits {
		for _, ep := range c.funcEntry[l.fn] {
			if msg := l.check(ep); msg != "" {
				return c.errorf(l.rule, l.inst, "%s (entry point %q)", msg, ep.name)
			}
		}
	}
	return nil
}

// storageClassModels are the execution models that may use each storage
// class (in Vulkan for Output and Workgroup; everywhere for the ray
// tracing and task payload classes).
var storageClassModels = map[spv.StorageClass]struct {
	vulkanOnly bool
	banned     bool // models lists the models that may not use it
	vuid       string
	models     []spv.ExecutionModel
}{
	spv.StorageClassOutput: {true, true, "04644", []spv.ExecutionModel{spv.ExecutionModelGLCompute, spv.ExecutionModelRayGenerationKHR,
		spv.ExecutionModelIntersectionKHR, spv.ExecutionModelAnyHitKHR, spv.ExecutionModelClosestHitKHR, spv.ExecutionModelMissKHR, spv.ExecutionModelCallableKHR}},
	spv.StorageClassWorkgroup:               {true, false, "04645", computeModels},
	spv.StorageClassCallableDataKHR:         {false, false, "04704", []spv.ExecutionModel{spv.ExecutionModelRayGenerationKHR, spv.ExecutionModelClosestHitKHR, spv.ExecutionModelCallableKHR, spv.ExecutionModelMissKHR}},
	spv.StorageClassIncomingCallableDataKHR: {false, false, "04705", []spv.ExecutionModel{spv.ExecutionModelCallableKHR}},
	spv.StorageClassRayPayloadKHR:           {false, false, "04698", []spv.ExecutionModel{spv.ExecutionModelRayGenerationKHR, spv.ExecutionModelClosestHitKHR, spv.ExecutionModelMissKHR}},
	spv.StorageClassHitAttributeKHR:         {false, false, "04701", hitModels},
	spv.StorageClassIncomingRayPayloadKHR:   {false, false, "04699", []spv.ExecutionModel{spv.ExecutionModelAnyHitKHR, spv.ExecutionModelClosestHitKHR, spv.ExecutionModelMissKHR}},
	spv.StorageClassShaderRecordBufferKHR:   {false, false, "07119", launchModels},
	spv.StorageClassTaskPayloadWorkgroupEXT: {false, false, "", []spv.ExecutionModel{spv.ExecutionModelTaskEXT, spv.ExecutionModelMeshEXT}},
	spv.StorageClassHitObjectAttributeNV:    {false, false, "", []spv.ExecutionModel{spv.ExecutionModelRayGenerationKHR, spv.ExecutionModelClosestHitKHR, spv.ExecutionModelMissKHR}},
}

// storageClassLimits registers, for each function, the execution models
// its uses of pointers and variables of each storage class allow: an
// instruction in a function whose result type or an id operand is a
// pointer type or a variable uses that storage class.
func (c *checker) storageClassLimits() {
	for _, f := range c.m.Functions {
		u := scUses{c: c, f: f}
		for _, p := range f.Params {
			u.visit(p)
		}
		for _, p := range f.Prologue {
			u.visit(p)
		}
		for in := range f.Insts() {
			u.visit(in)
		}
	}
}

// scUses finds the storage classes one function uses (through the
// pointer types and variables its instructions name) and records the
// limitation of each limited one once.
type scUses struct {
	c *checker
	f *builder.Function
	// checked are the storage classes already looked at (a function uses
	// a handful).
	checked []spv.StorageClass
}

func (u *scUses) visit(in *builder.Inst) {
	if in.Type != 0 {
		u.use(in, in.Type)
	}
	u.operands(in, in.Operands)
}

func (u *scUses) operands(in *builder.Inst, os []builder.Operand) {
	for i := range os {
		if os[i].Kind == spv.KindIdRef {
			u.use(in, os[i].ID())
		} else if ps := os[i].Params(); len(ps) > 0 {
			u.operands(in, ps)
		}
	}
}

func (u *scUses) use(in *builder.Inst, id ID) {
	c := u.c
	d := c.def(id)
	if d == nil || (d.Op != spv.OpTypePointer && d.Op != spv.OpVariable) {
		return
	}
	sc := spv.StorageClass(opWord(d, 0))
	if slices.Contains(u.checked, sc) {
		return
	}
	u.checked = append(u.checked, sc)
	r, ok := storageClassModels[sc]
	if !ok || r.vulkanOnly && !c.vulkan {
		return
	}
	c.limit(u.f, in, RuleVulkan, func(ep *entryPoint) string {
		if slices.Contains(r.models, ep.model) != r.banned {
			return ""
		}
		// (Made only for a broken rule: most storage classes are fine.)
		msg := sprintf("%s storage class cannot be used in this execution model", sc)
		if r.vuid != "" {
			msg = sprintf("[VUID-StandaloneSpirv-None-%s] %s", r.vuid, msg)
		}
		return msg
	})
}
