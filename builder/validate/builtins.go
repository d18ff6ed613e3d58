package validate

import (
	"fmt"
	"slices"
	"sync"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Built-in variables in the Vulkan environment (the "Built-In Variables"
// chapter of the Vulkan specification and its VUIDs): each BuiltIn has a
// type, the storage classes it may be declared with and the execution
// models that may use it.
//
// The type is checked where the BuiltIn decoration is applied. The other
// rules follow every use of the decorated id, as spirv-val does: a
// module-level instruction using it (a pointer type to a built-in struct,
// a variable of that pointer type) is itself checked (its storage class)
// and its own uses are followed in turn; an instruction inside a function
// using it is checked against the execution models of every entry point
// whose call tree holds the function. Outside Vulkan there are no
// built-in rules.

// A biType checks the type of a built-in: "" when it is right, else what
// is wrong with it.
type biType func(c *checker, d decoration, def *builder.Inst) string

// A biRule is what the Vulkan specification says about one BuiltIn.
type biRule struct {
	typ     biType
	typVUID int
	typDesc string // "a 4-component 32-bit float vector"

	// Storage classes the declaration may use (none: not checked).
	classes []spv.StorageClass
	scVUID  int

	// Execution models that may use it (none: any), or that may not.
	models    []spv.ExecutionModel
	notModels []spv.ExecutionModel
	modelVUID int

	// Execution models that may not use an Input (Output) declaration.
	inputBanned, outputBanned []spv.ExecutionModel
	inVUID, outVUID           int

	// modelType checks the type where it depends on the execution model.
	modelType func(c *checker, d decoration, def *builder.Inst, model spv.ExecutionModel) string

	depthReplacing bool // the entry point must declare DepthReplacing
	layerCaps      bool // Layer and ViewportIndex in Vertex and TessellationEvaluation
	definitionOnly bool // only the declaration is checked, not its uses
	noMember       bool // may not decorate a struct member
	constant       bool // must decorate a constant (WorkgroupSize)
	forbidden      bool // not allowed in Vulkan at all (VertexId)
}

var (
	computeModels = []spv.ExecutionModel{spv.ExecutionModelGLCompute, spv.ExecutionModelTaskNV, spv.ExecutionModelMeshNV, spv.ExecutionModelTaskEXT, spv.ExecutionModelMeshEXT}
	fragmentOnly  = []spv.ExecutionModel{spv.ExecutionModelFragment}
	inputOnly     = []spv.StorageClass{spv.StorageClassInput}
	outputOnly    = []spv.StorageClass{spv.StorageClassOutput}
	inputOutput   = []spv.StorageClass{spv.StorageClassInput, spv.StorageClassOutput}
	tessModels    = []spv.ExecutionModel{spv.ExecutionModelTessellationControl, spv.ExecutionModelTessellationEvaluation}
	hitModels     = []spv.ExecutionModel{spv.ExecutionModelIntersectionKHR, spv.ExecutionModelAnyHitKHR, spv.ExecutionModelClosestHitKHR}
	rayModels     = append(slices.Clone(hitModels), spv.ExecutionModelMissKHR)
	launchModels  = append(slices.Clone(rayModels), spv.ExecutionModelRayGenerationKHR, spv.ExecutionModelCallableKHR)
)

// simple is the common rule: one type, one storage class, some models.
func simple(typ biType, desc string, typVUID int, classes []spv.StorageClass, scVUID int, models []spv.ExecutionModel, modelVUID int) *biRule {
	return &biRule{typ: typ, typDesc: desc, typVUID: typVUID, classes: classes, scVUID: scVUID, models: models, modelVUID: modelVUID}
}

// builtRules keeps each built-in's rule once builtinRule has made it (nil
// for none), for the next modules: a rule is never changed once made, and
// a batch of compiles validates hundreds of modules declaring the same few
// built-ins (making a rule allocates its closures and lists).
var builtRules struct {
	sync.Mutex
	m map[spv.BuiltIn]*biRule
}

// cachedBuiltinRule is builtinRule(want), made once per process.
func cachedBuiltinRule(want spv.BuiltIn) *biRule {
	builtRules.Lock()
	defer builtRules.Unlock()
	r, ok := builtRules.m[want]
	if !ok {
		r = builtinRule(want)
		if builtRules.m == nil {
			builtRules.m = map[spv.BuiltIn]*biRule{}
		}
		builtRules.m[want] = r
	}
	return r
}

// builtinRule returns the rule of want, or nil. It builds only that rule,
// when a module declares the built-in: building the table of all 80 (their
// closures and lists) cost every process start 78 K instructions, and a
// module uses a few.
func builtinRule(want spv.BuiltIn) *biRule {
	var r *biRule
	clip := func(base int) *biRule {
		// VUIDs: base models, +1 Input in Vertex, +2 Output in Fragment,
		// +3 storage class, +4 type.
		return &biRule{
			classes: inputOutput, scVUID: base + 3,
			models:      []spv.ExecutionModel{spv.ExecutionModelFragment, spv.ExecutionModelVertex, spv.ExecutionModelTessellationControl, spv.ExecutionModelTessellationEvaluation, spv.ExecutionModelGeometry, spv.ExecutionModelMeshNV, spv.ExecutionModelMeshEXT},
			modelVUID:   base,
			inputBanned: []spv.ExecutionModel{spv.ExecutionModelVertex, spv.ExecutionModelMeshNV, spv.ExecutionModelMeshEXT}, inVUID: base + 1,
			outputBanned: fragmentOnly, outVUID: base + 2,
			typVUID: base + 4, typDesc: "a 32-bit float array",
			modelType: func(c *checker, d decoration, def *builder.Inst, model spv.ExecutionModel) string {
				if model == spv.ExecutionModelFragment || model == spv.ExecutionModelVertex || d.member >= 0 {
					return c.biF32Arr(d, def, 0, false)
				}
				return c.biF32Arr(d, def, 0, true)
			},
		}
	}

	perVertexModels := []spv.ExecutionModel{spv.ExecutionModelVertex, spv.ExecutionModelTessellationControl, spv.ExecutionModelTessellationEvaluation, spv.ExecutionModelGeometry, spv.ExecutionModelMeshNV, spv.ExecutionModelMeshEXT}
	tessLevel := func(n uint64, base int) *biRule {
		// VUIDs: base models, +1 Input in TessellationControl, +2 Output
		// in TessellationEvaluation, +3 type.
		return &biRule{
			typ: biF32ArrN(n), typVUID: base + 3, typDesc: fmt.Sprintf("a %d-component 32-bit float array", n),
			classes:     inputOutput,
			inputBanned: []spv.ExecutionModel{spv.ExecutionModelTessellationControl}, inVUID: base + 1,
			outputBanned: []spv.ExecutionModel{spv.ExecutionModelTessellationEvaluation}, outVUID: base + 2,
			models: tessModels, modelVUID: base,
		}
	}
	layer := func(base, inVUID, outVUID, typVUID int) *biRule {
		return &biRule{
			typ: biMemberOrArrayed(biI32), typVUID: typVUID, typDesc: "a 32-bit int scalar",
			classes:     inputOutput,
			inputBanned: []spv.ExecutionModel{spv.ExecutionModelVertex, spv.ExecutionModelTessellationEvaluation, spv.ExecutionModelGeometry, spv.ExecutionModelMeshNV, spv.ExecutionModelMeshEXT}, inVUID: inVUID,
			outputBanned: fragmentOnly, outVUID: outVUID,
			models:    []spv.ExecutionModel{spv.ExecutionModelGeometry, spv.ExecutionModelFragment, spv.ExecutionModelMeshNV, spv.ExecutionModelMeshEXT, spv.ExecutionModelVertex, spv.ExecutionModelTessellationEvaluation},
			modelVUID: base, layerCaps: true,
		}
	}
	switch want {
	case spv.BuiltInClipDistance:
		r = clip(4187)
	case spv.BuiltInCullDistance:
		r = clip(4196)
	case spv.BuiltInFragCoord:
		r = simple(biF32Vec(4, false), "a 4-component 32-bit float vector", 4212, inputOnly, 4211, fragmentOnly, 4210)
	case spv.BuiltInFragDepth:
		fd := simple(biF32, "a 32-bit float scalar", 4215, outputOnly, 4214, fragmentOnly, 4213)
		fd.depthReplacing = true
		r = fd
	case spv.BuiltInFrontFacing:
		r = simple(biBool, "a bool scalar", 4231, inputOnly, 4230, fragmentOnly, 4229)
	case spv.BuiltInHelperInvocation:
		r = simple(biBool, "a bool scalar", 4241, inputOnly, 4240, fragmentOnly, 4239)
	case spv.BuiltInInvocationId:
		r = simple(biI32, "a 32-bit int scalar", 4259, inputOnly, 4258, []spv.ExecutionModel{spv.ExecutionModelTessellationControl, spv.ExecutionModelGeometry}, 4257)
	case spv.BuiltInInstanceIndex:
		r = simple(biI32, "a 32-bit int scalar", 4265, inputOnly, 4264, []spv.ExecutionModel{spv.ExecutionModelVertex}, 4263)
	case spv.BuiltInPatchVertices:
		r = simple(biI32, "a 32-bit int scalar", 4310, inputOnly, 4309, tessModels, 4308)
	case spv.BuiltInPointCoord:
		r = simple(biF32Vec(2, false), "a 2-component 32-bit float vector", 4313, inputOnly, 4312, fragmentOnly, 4311)
	case spv.BuiltInPointSize:
		r = &biRule{
			classes: inputOutput, scVUID: 4316,
			inputBanned: []spv.ExecutionModel{spv.ExecutionModelVertex}, inVUID: 4315,
			models: perVertexModels, modelVUID: 4314,
			typVUID: 4317, typDesc: "a 32-bit float scalar",
			modelType: func(c *checker, d decoration, def *builder.Inst, model spv.ExecutionModel) string {
				if model == spv.ExecutionModelVertex || d.member >= 0 {
					return biF32(c, d, def)
				}
				return biArrayed(biF32)(c, d, def)
			},
		}
	case spv.BuiltInPosition:
		r = &biRule{
			classes: inputOutput, scVUID: 4320,
			inputBanned: []spv.ExecutionModel{spv.ExecutionModelVertex, spv.ExecutionModelMeshNV, spv.ExecutionModelMeshEXT}, inVUID: 4319,
			models: perVertexModels, modelVUID: 4318,
			typVUID: 4321, typDesc: "a 4-component 32-bit float vector",
			modelType: func(c *checker, d decoration, def *builder.Inst, model spv.ExecutionModel) string {
				return biF32Vec(4, model != spv.ExecutionModelVertex && d.member < 0)(c, d, def)
			},
		}
	case spv.BuiltInPrimitiveId:
		r = &biRule{
			typ: biMemberOrArrayed(biI32), typVUID: 4337, typDesc: "a 32-bit int scalar",
			classes: inputOutput, scVUID: 4336,
			outputBanned: append([]spv.ExecutionModel{spv.ExecutionModelTessellationControl, spv.ExecutionModelTessellationEvaluation, spv.ExecutionModelFragment}, hitModels...), outVUID: 4334,
			models:    append([]spv.ExecutionModel{spv.ExecutionModelFragment, spv.ExecutionModelTessellationControl, spv.ExecutionModelTessellationEvaluation, spv.ExecutionModelGeometry, spv.ExecutionModelMeshNV, spv.ExecutionModelMeshEXT}, hitModels...),
			modelVUID: 4330,
		}
	case spv.BuiltInSampleId:
		r = simple(biI32, "a 32-bit int scalar", 4356, inputOnly, 4355, fragmentOnly, 4354)
	case spv.BuiltInSampleMask:
		r = simple(biI32Arr, "a 32-bit int array", 4359, inputOutput, 4358, fragmentOnly, 4357)
	case spv.BuiltInSamplePosition:
		r = simple(biF32Vec(2, false), "a 2-component 32-bit float vector", 4362, inputOnly, 4361, fragmentOnly, 4360)
	case spv.BuiltInTessCoord:
		r = simple(biF32Vec(3, false), "a 3-component 32-bit float vector", 4389, inputOnly, 4388, []spv.ExecutionModel{spv.ExecutionModelTessellationEvaluation}, 4387)
	case spv.BuiltInTessLevelOuter:
		r = tessLevel(4, 4390)
	case spv.BuiltInTessLevelInner:
		r = tessLevel(2, 4394)
	case spv.BuiltInVertexIndex:
		r = simple(biI32, "a 32-bit int scalar", 4400, inputOnly, 4399, []spv.ExecutionModel{spv.ExecutionModelVertex}, 4398)
	case spv.BuiltInWorkgroupSize:
		r = &biRule{typ: biI32Vec(3), typDesc: "a 3-component 32-bit int vector", typVUID: 4427, constant: true, models: computeModels, modelVUID: 4425}
	case spv.BuiltInVertexId:
		r = &biRule{forbidden: true}
	case spv.BuiltInLocalInvocationIndex:
		r = &biRule{}
	case spv.BuiltInBaseInstance:
		r = simple(biI32, "a 32-bit int scalar", 4183, inputOnly, 4182, []spv.ExecutionModel{spv.ExecutionModelVertex}, 4181)
	case spv.BuiltInBaseVertex:
		r = simple(biI32, "a 32-bit int scalar", 4186, inputOnly, 4185, []spv.ExecutionModel{spv.ExecutionModelVertex}, 4184)
	case spv.BuiltInDrawIndex:
		r = simple(biI32, "a 32-bit int scalar", 4209, inputOnly, 4208, []spv.ExecutionModel{spv.ExecutionModelVertex, spv.ExecutionModelMeshNV, spv.ExecutionModelTaskNV, spv.ExecutionModelMeshEXT, spv.ExecutionModelTaskEXT}, 4207)
	case spv.BuiltInViewIndex:
		vi := simple(biI32, "a 32-bit int scalar", 4403, inputOnly, 4402, nil, 0)
		vi.notModels, vi.modelVUID = []spv.ExecutionModel{spv.ExecutionModelGLCompute}, 4401
		r = vi
	case spv.BuiltInDeviceIndex:
		r = simple(biI32, "a 32-bit int scalar", 4206, inputOnly, 4205, nil, 0)
	case spv.BuiltInFragInvocationCountEXT:
		r = simple(biI32, "a 32-bit int scalar", 4219, inputOnly, 4218, fragmentOnly, 4217)
	case spv.BuiltInFragSizeEXT:
		r = simple(biI32Vec(2), "a 2-component 32-bit int vector", 4222, inputOnly, 4221, fragmentOnly, 4220)
	case spv.BuiltInFragStencilRefEXT:
		r = simple(biInt, "an int scalar", 4225, outputOnly, 4224, fragmentOnly, 4223)
	case spv.BuiltInFullyCoveredEXT:
		r = simple(biBool, "a bool scalar", 4234, inputOnly, 4233, fragmentOnly, 4232)
	case spv.BuiltInPrimitiveShadingRateKHR:
		r = simple(biI32, "a 32-bit int scalar", 4486, outputOnly, 4485, []spv.ExecutionModel{spv.ExecutionModelVertex, spv.ExecutionModelGeometry, spv.ExecutionModelMeshNV, spv.ExecutionModelMeshEXT}, 4484)
	case spv.BuiltInShadingRateKHR:
		r = simple(biI32, "a 32-bit int scalar", 4492, inputOnly, 4491, fragmentOnly, 4490)
	case spv.BuiltInBaryCoordKHR:
		r = simple(biF32Vec(3, false), "a 3-component 32-bit float vector", 4156, inputOnly, 4155, fragmentOnly, 4154)
	case spv.BuiltInBaryCoordNoPerspKHR:
		r = simple(biF32Vec(3, false), "a 3-component 32-bit float vector", 4162, inputOnly, 4161, fragmentOnly, 4160)
	case spv.BuiltInLayer:
		r = layer(4272, 4274, 4275, 4276)
	case spv.BuiltInViewportIndex:
		r = layer(4404, 4406, 4407, 4408)
	default:
		for _, bi := range []struct {
			b    spv.BuiltIn
			vuid int
		}{{spv.BuiltInSubgroupId, 4367}, {spv.BuiltInNumSubgroups, 4293}} {
			if want == bi.b {
				sr := simple(biI32, "a 32-bit int", bi.vuid+2, inputOnly, bi.vuid+1, computeModels, bi.vuid)
				sr.noMember = true
				r = sr
			}
		}
		for _, bi := range []struct {
			b    spv.BuiltIn
			vuid int
		}{{spv.BuiltInSubgroupLocalInvocationId, 4380}, {spv.BuiltInSubgroupSize, 4382}} {
			if want == bi.b {
				sr := simple(biI32, "a 32-bit int", bi.vuid+1, inputOnly, bi.vuid, nil, 0)
				sr.noMember, sr.definitionOnly = true, true
				r = sr
			}
		}
		for _, bi := range []struct {
			b    spv.BuiltIn
			vuid int
		}{{spv.BuiltInSubgroupEqMask, 4370}, {spv.BuiltInSubgroupGeMask, 4372}, {spv.BuiltInSubgroupGtMask, 4374}, {spv.BuiltInSubgroupLeMask, 4376}, {spv.BuiltInSubgroupLtMask, 4378}} {
			if want == bi.b {
				sr := simple(biI32Vec(4), "a 4-component 32-bit int vector", bi.vuid+1, inputOnly, bi.vuid, nil, 0)
				sr.noMember, sr.definitionOnly = true, true
				r = sr
			}
		}
		for _, bi := range []spv.BuiltIn{spv.BuiltInCoreIDARM, spv.BuiltInCoreCountARM, spv.BuiltInCoreMaxIDARM, spv.BuiltInWarpIDARM, spv.BuiltInWarpMaxIDARM, spv.BuiltInWarpsPerSMNV, spv.BuiltInSMCountNV, spv.BuiltInWarpIDNV, spv.BuiltInSMIDNV} {
			if want == bi {
				r = simple(biI32, "a 32-bit int scalar", 0, inputOnly, 0, nil, 0)
			}
		}
		for _, bi := range []struct {
			b      spv.BuiltIn
			vuid   int
			typ    biType
			desc   string
			models []spv.ExecutionModel
		}{
			{spv.BuiltInHitKindKHR, 4242, biI32, "a 32-bit int scalar", []spv.ExecutionModel{spv.ExecutionModelAnyHitKHR, spv.ExecutionModelClosestHitKHR}},
			{spv.BuiltInHitTNV, 4245, biF32, "a 32-bit float scalar", []spv.ExecutionModel{spv.ExecutionModelAnyHitKHR, spv.ExecutionModelClosestHitKHR}},
			{spv.BuiltInInstanceCustomIndexKHR, 4251, biI32, "a 32-bit int scalar", hitModels},
			{spv.BuiltInInstanceId, 4254, biI32, "a 32-bit int scalar", hitModels},
			{spv.BuiltInRayGeometryIndexKHR, 4345, biI32, "a 32-bit int scalar", hitModels},
			{spv.BuiltInObjectRayDirectionKHR, 4299, biF32Vec(3, false), "a 3-component 32-bit float vector", hitModels},
			{spv.BuiltInObjectRayOriginKHR, 4302, biF32Vec(3, false), "a 3-component 32-bit float vector", hitModels},
			{spv.BuiltInObjectToWorldKHR, 4305, biF32Mat(3, 4), "a matrix with 4 columns of 3-component vectors of 32-bit floats", hitModels},
			{spv.BuiltInWorldToObjectKHR, 4434, biF32Mat(3, 4), "a matrix with 4 columns of 3-component vectors of 32-bit floats", hitModels},
			{spv.BuiltInIncomingRayFlagsKHR, 4248, biI32, "a 32-bit int scalar", rayModels},
			{spv.BuiltInRayTminKHR, 4351, biF32, "a 32-bit float scalar", rayModels},
			{spv.BuiltInRayTmaxKHR, 4348, biF32, "a 32-bit float scalar", rayModels},
			{spv.BuiltInWorldRayDirectionKHR, 4428, biF32Vec(3, false), "a 3-component 32-bit float vector", rayModels},
			{spv.BuiltInWorldRayOriginKHR, 4431, biF32Vec(3, false), "a 3-component 32-bit float vector", rayModels},
			{spv.BuiltInCullMaskKHR, 6735, biI32, "a 32-bit int scalar", rayModels},
			{spv.BuiltInLaunchIdKHR, 4266, biI32Vec(3), "a 3-component 32-bit int vector", launchModels},
			{spv.BuiltInLaunchSizeKHR, 4269, biI32Vec(3), "a 3-component 32-bit int vector", launchModels},
		} {
			if want == bi.b {
				r = simple(bi.typ, bi.desc, bi.vuid+2, inputOnly, bi.vuid+1, bi.models, bi.vuid)
			}
		}
		for _, bi := range []struct {
			b    spv.BuiltIn
			vuid int
		}{{spv.BuiltInGlobalInvocationId, 4236}, {spv.BuiltInLocalInvocationId, 4281}, {spv.BuiltInNumWorkgroups, 4296}, {spv.BuiltInWorkgroupId, 4422}} {
			if want == bi.b {
				r = simple(biI32Vec(3), "a 3-component 32-bit int vector", bi.vuid+2, inputOnly, bi.vuid+1, computeModels, bi.vuid)
			}
		}
	}
	return r
}

// The type checks. underlying is the type the decoration describes: a
// member's type, a constant's type or a variable's pointee.

func (c *checker) biUnderlying(d decoration, def *builder.Inst) (ID, string) {
	if d.member >= 0 {
		if def.Op != spv.OpTypeStruct {
			return 0, "a member index is given for a non-struct type"
		}
		if int(d.member) >= len(def.Operands) {
			return 0, "the member index is out of range"
		}
		return def.Operands[d.member].ID(), ""
	}
	if def.Op == spv.OpTypeStruct {
		return 0, "a struct type is decorated without a member index"
	}
	if isConstantOp(def.Op) {
		return def.Type, ""
	}
	if p, _, ok := c.pointerInfo(def.Type); ok {
		return p, ""
	}
	return 0, "BuiltIn applies only to struct types, variables and constants"
}

// errUnderlying marks a biUnderlying failure, reported as is.
const errUnderlying = "\x00"

func biScalar(want func(c *checker, t ID) bool, what string, width uint32) biType {
	return func(c *checker, d decoration, def *builder.Inst) string {
		t, msg := c.biUnderlying(d, def)
		if msg != "" {
			return errUnderlying + msg
		}
		return c.biScalarOf(t, want, what, width)
	}
}

func (c *checker) biScalarOf(t ID, want func(c *checker, t ID) bool, what string, width uint32) string {
	if !want(c, t) {
		return "it is not " + what
	}
	if width != 0 && c.bitWidth(t) != width {
		return fmt.Sprintf("it has bit width %d", c.bitWidth(t))
	}
	return ""
}

var (
	biBool = biScalar((*checker).isBoolScalar, "a bool scalar", 0)
	biInt  = biScalar((*checker).isIntScalar, "an int scalar", 0)
	biI32  = biScalar((*checker).isIntScalar, "an int scalar", 32)
	biF32  = biScalar((*checker).isFloatScalar, "a float scalar", 32)
)

// biArrayed accepts the type, or an array of it (the per-vertex arrays of
// tessellation and geometry stages).
func biArrayed(inner biType) biType {
	return func(c *checker, d decoration, def *builder.Inst) string {
		t, msg := c.biUnderlying(d, def)
		if msg != "" {
			return errUnderlying + msg
		}
		if c.isType(t, spv.OpTypeArray) {
			t = opID(c.def(t), 0)
		}
		return c.biCheckType(inner, t)
	}
}

// biMemberOrArrayed: a struct member must have the type; a variable may
// also be an array of it.
func biMemberOrArrayed(inner biType) biType {
	arrayed := biArrayed(inner)
	return func(c *checker, d decoration, def *builder.Inst) string {
		if d.member >= 0 {
			return inner(c, d, def)
		}
		return arrayed(c, d, def)
	}
}

// biCheckType runs a type check on the type t itself (as the underlying
// type of a constant would be).
func (c *checker) biCheckType(check biType, t ID) string {
	return check(c, decoration{member: -1}, &builder.Inst{Op: spv.OpConstant, Type: t})
}

func biVec(scalar func(c *checker, t ID) bool, what string, n uint32, arrayed bool) biType {
	return func(c *checker, d decoration, def *builder.Inst) string {
		t, msg := c.biUnderlying(d, def)
		if msg != "" {
			return errUnderlying + msg
		}
		if arrayed && c.isType(t, spv.OpTypeArray) {
			t = opID(c.def(t), 0)
		}
		return c.biVecOf(t, scalar, what, n)
	}
}

func (c *checker) biVecOf(t ID, scalar func(c *checker, t ID) bool, what string, n uint32) string {
	if !c.vectorOf(t, func(s ID) bool { return scalar(c, s) }) {
		return "it is not " + what
	}
	if got := c.dimension(t); got != n {
		return fmt.Sprintf("it has %d components", got)
	}
	if w := c.bitWidth(t); w != 32 {
		return fmt.Sprintf("it has components with bit width %d", w)
	}
	return ""
}

func biF32Vec(n uint32, arrayed bool) biType {
	return biVec((*checker).isFloatScalar, "a float vector", n, arrayed)
}

func biI32Vec(n uint32) biType { return biVec((*checker).isIntScalar, "an int vector", n, false) }

func biI32Arr(c *checker, d decoration, def *builder.Inst) string {
	t, msg := c.biUnderlying(d, def)
	if msg != "" {
		return errUnderlying + msg
	}
	if !c.isType(t, spv.OpTypeArray) {
		return "it is not an array"
	}
	comp := opID(c.def(t), 0)
	if !c.isIntScalar(comp) {
		return "its components are not int scalars"
	}
	if w := c.bitWidth(comp); w != 32 {
		return fmt.Sprintf("it has components with bit width %d", w)
	}
	return ""
}

func biF32ArrN(n uint64) biType {
	return func(c *checker, d decoration, def *builder.Inst) string { return c.biF32Arr(d, def, n, false) }
}

// biF32Arr checks for an array of 32-bit floats of n elements (any when
// 0); arrayed strips an outer array of arrays.
func (c *checker) biF32Arr(d decoration, def *builder.Inst, n uint64, arrayed bool) string {
	t, msg := c.biUnderlying(d, def)
	if msg != "" {
		return errUnderlying + msg
	}
	if arrayed && c.isType(t, spv.OpTypeArray) {
		if sub := opID(c.def(t), 0); c.isType(sub, spv.OpTypeArray) {
			t = sub
		}
	}
	if !c.isType(t, spv.OpTypeArray) {
		return "it is not an array"
	}
	comp := opID(c.def(t), 0)
	if !c.isFloatScalar(comp) {
		return "its components are not float scalars"
	}
	if w := c.bitWidth(comp); w != 32 {
		return fmt.Sprintf("it has components with bit width %d", w)
	}
	if n != 0 {
		got, _ := c.arrayLength(t)
		if got != n {
			return fmt.Sprintf("it has %d components", got)
		}
	}
	return ""
}

func biF32Mat(rows, cols uint32) biType {
	return func(c *checker, d decoration, def *builder.Inst) string {
		t, msg := c.biUnderlying(d, def)
		if msg != "" {
			return errUnderlying + msg
		}
		r, k, col, _, ok := c.matrixInfo(t)
		if !ok || r != rows || k != cols {
			return fmt.Sprintf("it has %d columns and %d rows, not %dx%d", k, r, cols, rows)
		}
		return c.biVecOf(col, (*checker).isFloatScalar, "a float vector", rows)
	}
}

// A biCheck is one rule attached to an id: the id depends on the
// decorated definition def; notModel, when set, is the model that may
// not reach the id (for a declaration's storage class).
type biCheck struct {
	bi      spv.BuiltIn
	rule    *biRule
	d       decoration
	def     *builder.Inst
	ref     *builder.Inst // the id's definition
	banned  bool
	model   spv.ExecutionModel
	vuid    int
	because string
}

// biState is the walk's state.
type biState struct {
	// The checks of each id: id i's are lists[slot[i]-1] (slot 0: none);
	// few ids have any.
	slot   []int32
	lists  [][]*biCheck
	fn     *builder.Function
	models []spv.ExecutionModel
	eps    []*entryPoint
}

func (s *biState) add(id ID, ch *biCheck) {
	if id == 0 || int(id) >= len(s.slot) {
		return
	}
	if s.slot[id] == 0 {
		s.lists = append(s.lists, nil)
		s.slot[id] = int32(len(s.lists))
	}
	k := s.slot[id] - 1
	s.lists[k] = append(s.lists[k], ch)
}

// checks returns id's checks.
func (s *biState) checks(id ID) []*biCheck {
	if int(id) >= len(s.slot) || s.slot[id] == 0 {
		return nil
	}
	return s.lists[s.slot[id]-1]
}

func (c *checker) builtinRules() error {
	if !c.vulkan {
		return nil
	}
	s := &biState{slot: make([]int32, len(c.defs))}
	seeded := false
	ids := make([]ID, 0, 8)
	for id, ds := range c.decos {
		for _, d := range ds {
			if d.kind == spv.DecorationBuiltIn {
				ids = append(ids, id)
				break
			}
		}
	}
	slices.Sort(ids)
	rules := map[spv.BuiltIn]*biRule{} // one rule per built-in of the module
	for _, id := range ids {
		def := c.def(id)
		if def == nil {
			continue
		}
		for _, d := range c.decos[id] {
			if d.kind != spv.DecorationBuiltIn || len(d.params) == 0 {
				continue
			}
			bi := spv.BuiltIn(d.params[0].Word)
			r, ok := rules[bi]
			if !ok {
				r = cachedBuiltinRule(bi)
				rules[bi] = r
			}
			if r == nil {
				continue
			}
			if err := c.builtinAtDefinition(s, bi, r, d, def); err != nil {
				return err
			}
			seeded = true
		}
	}
	if !seeded {
		return nil
	}
	var uses, seen []ID // of the instruction being walked
	var cur *builder.Function
	for i := range c.order {
		l := &c.order[i]
		if fn := c.fnOf(l); fn != cur {
			cur = fn
			s.enter(c, cur)
		}
		in := l.in
		uses, seen = in.AppendUses(uses[:0]), seen[:0]
		for _, id := range uses {
			if id == in.Result || len(s.checks(id)) == 0 || slices.Contains(seen, id) {
				continue
			}
			seen = append(seen, id)
			// Checks may append to the list being walked: new ones run too.
			for i := 0; i < len(s.checks(id)); i++ {
				if err := c.builtinAtReference(s, s.checks(id)[i], in); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// enter sets the function context: the execution models of the entry
// points that reach fn.
func (s *biState) enter(c *checker, fn *builder.Function) {
	s.fn, s.models, s.eps = fn, s.models[:0], nil
	if fn == nil {
		return
	}
	s.eps = c.funcEntry[fn.Def.Result]
	for _, ep := range s.eps {
		// Every model of the entry point's function counts.
		for m := range c.modelsOf(ep.fn) {
			if !slices.Contains(s.models, m) {
				s.models = append(s.models, m)
			}
		}
	}
	slices.Sort(s.models)
}

func builtinVUID(bi spv.BuiltIn, vuid int) string {
	if vuid == 0 {
		return ""
	}
	return fmt.Sprintf("[VUID-%s-%s-%05d] ", bi, bi, vuid)
}

func (c *checker) builtinAtDefinition(s *biState, bi spv.BuiltIn, r *biRule, d decoration, def *builder.Inst) error {
	if r.forbidden {
		return c.errorf(RuleBuiltIn, def, "Vulkan does not allow BuiltIn %s", bi)
	}
	if r.noMember && d.member >= 0 {
		return c.errorf(RuleBuiltIn, def, "BuiltIn %s cannot decorate a struct member", bi)
	}
	if r.constant && !isConstantOp(def.Op) {
		return c.errorf(RuleBuiltIn, def, "%sBuiltIn %s must decorate a constant", builtinVUID(bi, 4426), bi)
	}
	if r.typ != nil {
		if msg := r.typ(c, d, def); msg != "" {
			return c.builtinTypeError(bi, r, def, msg)
		}
	}
	if r.definitionOnly {
		if sc, ok := builtinStorageClass(def); ok && !slices.Contains(r.classes, sc) {
			return c.errorf(RuleBuiltIn, def, "%sBuiltIn %s may only be used for variables with %s storage class, not %s", builtinVUID(bi, r.scVUID), bi, classList(r.classes), sc)
		}
		return nil
	}
	return c.builtinAtReference(s, &biCheck{bi: bi, rule: r, d: d, def: def, ref: def}, def)
}

func (c *checker) builtinTypeError(bi spv.BuiltIn, r *biRule, at *builder.Inst, msg string) error {
	if msg[0] == errUnderlying[0] {
		return c.errorf(RuleBuiltIn, at, "BuiltIn %s: %s", bi, msg[1:])
	}
	return c.errorf(RuleBuiltIn, at, "%sBuiltIn %s must be %s: %s", builtinVUID(bi, r.typVUID), bi, r.typDesc, msg)
}

func classList(cs []spv.StorageClass) string {
	s := ""
	for i, c := range cs {
		if i > 0 {
			s += " or "
		}
		s += c.String()
	}
	return s
}

// builtinStorageClass is the storage class an instruction declares
// (pointer types, variables, explicit casts).
func builtinStorageClass(in *builder.Inst) (spv.StorageClass, bool) {
	switch in.Op {
	case spv.OpTypePointer, spv.OpVariable, spv.OpUntypedVariableKHR, spv.OpTypeUntypedPointerKHR:
		return spv.StorageClass(opWord(in, 0)), hasOperand(in, 0)
	case spv.OpTypeForwardPointer, spv.OpGenericCastToPtrExplicit:
		return spv.StorageClass(opWord(in, 1)), hasOperand(in, 1)
	}
	return 0, false
}

// builtinAtReference checks instruction from, which uses ch's id.
func (c *checker) builtinAtReference(s *biState, ch *biCheck, from *builder.Inst) error {
	if ch.banned {
		if s.fn == nil {
			next := *ch
			next.ref = from
			s.add(from.Result, &next)
			return nil
		}
		if slices.Contains(s.models, ch.model) {
			return c.errorf(RuleBuiltIn, from, "%s%s: %s depends on BuiltIn %s and is used in a function called with execution model %s",
				builtinVUID(ch.bi, ch.vuid), ch.because, idDesc(ch.ref), ch.bi, ch.model)
		}
		return nil
	}
	r, bi := ch.rule, ch.bi
	sc, hasSC := builtinStorageClass(from)
	if hasSC && r.classes != nil && !slices.Contains(r.classes, sc) {
		return c.errorf(RuleBuiltIn, from, "%sBuiltIn %s may only be used for variables with %s storage class; %s uses %s",
			builtinVUID(bi, r.scVUID), bi, classList(r.classes), idDesc(from), sc)
	}
	if hasSC {
		var banned []spv.ExecutionModel
		vuid := 0
		switch sc {
		case spv.StorageClassInput:
			banned, vuid = r.inputBanned, r.inVUID
		case spv.StorageClassOutput:
			banned, vuid = r.outputBanned, r.outVUID
		}
		for _, m := range banned {
			s.add(from.Result, &biCheck{bi: bi, d: ch.d, def: ch.def, ref: from, banned: true, model: m, vuid: vuid,
				because: fmt.Sprintf("Vulkan does not allow BuiltIn %s in %s storage class in execution model %s", bi, sc, m)})
		}
	}
	for _, m := range s.models {
		if (r.models != nil && !slices.Contains(r.models, m)) || slices.Contains(r.notModels, m) {
			return c.errorf(RuleBuiltIn, from, "%sVulkan does not allow BuiltIn %s in execution model %s (%s, in a function called with it)",
				builtinVUID(bi, r.modelVUID), bi, m, idDesc(from))
		}
		if r.layerCaps && (m == spv.ExecutionModelVertex || m == spv.ExecutionModelTessellationEvaluation) && !c.hasCap(spv.CapabilityShaderViewportIndexLayerEXT) {
			if !(bi == spv.BuiltInViewportIndex && c.hasCap(spv.CapabilityShaderViewportIndex)) && !(bi == spv.BuiltInLayer && c.hasCap(spv.CapabilityShaderLayer)) {
				vuid, capName := 4405, "ShaderViewportIndexLayerEXT or ShaderViewportIndex"
				if bi == spv.BuiltInLayer {
					vuid, capName = 4273, "ShaderViewportIndexLayerEXT or ShaderLayer"
				}
				return c.errorf(RuleBuiltIn, from, "%sBuiltIn %s in the Vertex or TessellationEvaluation execution model needs the %s capability", builtinVUID(bi, vuid), bi, capName)
			}
		}
		if r.modelType != nil {
			if msg := r.modelType(c, ch.d, ch.def, m); msg != "" {
				return c.builtinTypeError(bi, r, from, msg)
			}
		}
	}
	if r.depthReplacing {
		for _, ep := range s.eps {
			if !c.modesOf(ep.fn)[spv.ExecutionModeDepthReplacing] {
				return c.errorf(RuleBuiltIn, from, "%sBuiltIn %s needs the DepthReplacing execution mode on entry point %s", builtinVUID(bi, 4216), bi, ep.name)
			}
		}
	}
	if s.fn == nil {
		next := *ch
		next.ref = from
		s.add(from.Result, &next)
	}
	return nil
}

func idDesc(in *builder.Inst) string {
	if in.Result != 0 {
		return fmt.Sprintf("%%%d (%s)", in.Result, in.Op)
	}
	return in.Op.String()
}
