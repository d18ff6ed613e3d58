package validate

import (
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Capabilities, extensions and versions: what each instruction and operand
// needs (from the grammar tables), what each environment allows (section
// 2.16.3 and the Vulkan appendix's capability lists).

// capSet is a set of capabilities; values past the array go to a map.
type capSet struct {
	bits  [128]uint64
	large map[spv.Capability]bool
}

func (s *capSet) add(c spv.Capability) {
	if c < 128*64 {
		s.bits[c/64] |= 1 << (c % 64)
		return
	}
	if s.large == nil {
		s.large = map[spv.Capability]bool{}
	}
	s.large[c] = true
}

func (s *capSet) has(c spv.Capability) bool {
	if c < 128*64 {
		return s.bits[c/64]&(1<<(c%64)) != 0
	}
	return s.large[c]
}

func (s *capSet) hasAny(cs []spv.Capability) bool {
	for _, c := range cs {
		if s.has(c) {
			return true
		}
	}
	return false
}

// hasCap reports whether the module declares c or a capability implying it.
func (c *checker) hasCap(cp spv.Capability) bool { return c.caps.has(cp) }

func (c *checker) hasExt(name string) bool { return c.exts[name] }

func (c *checker) hasAnyExt(names []string) bool {
	for _, n := range names {
		if c.exts[n] {
			return true
		}
	}
	return false
}

// registerCapability declares cp and what it implies.
func (c *checker) registerCapability(cp spv.Capability) {
	if c.caps.has(cp) {
		return
	}
	c.caps.add(cp)
	if e := spv.KindCapability.Enumerant(uint32(cp)); e != nil {
		for _, implied := range e.Capabilities() {
			c.registerCapability(implied)
		}
	}
	f := &c.feat
	switch cp {
	case spv.CapabilityKernel:
		f.groupOpsReduceAndScans = true
	case spv.CapabilityInt8:
		f.declareInt8 = true
	case spv.CapabilityStorageBuffer8BitAccess, spv.CapabilityUniformAndStorageBuffer8BitAccess,
		spv.CapabilityStoragePushConstant8, spv.CapabilityWorkgroupMemoryExplicitLayout8BitAccessKHR:
		f.declareInt8 = true
	case spv.CapabilityInt16:
		f.declareInt16 = true
	case spv.CapabilityFloat16, spv.CapabilityFloat16Buffer:
		f.declareFloat16 = true
	case spv.CapabilityStorageBuffer16BitAccess, spv.CapabilityUniformAndStorageBuffer16BitAccess,
		spv.CapabilityStoragePushConstant16, spv.CapabilityStorageInputOutput16,
		spv.CapabilityWorkgroupMemoryExplicitLayout16BitAccessKHR:
		f.declareInt16, f.declareFloat16, f.freeFPRoundingMode = true, true, true
	case spv.CapabilityVariablePointers, spv.CapabilityVariablePointersStorageBuffer:
		f.variablePointers = true
	}
}

func (c *checker) registerExtension(name string) {
	if c.exts[name] {
		return
	}
	c.exts[name] = true
	switch name {
	case "SPV_AMD_gpu_shader_half_float", "SPV_AMD_gpu_shader_half_float_fetch":
		c.feat.declareFloat16 = true
	case "SPV_AMD_gpu_shader_int16":
		c.feat.uconvertSpecConstantOp = true
	case "SPV_AMD_shader_ballot":
		c.feat.groupOpsReduceAndScans = true
	}
}

// capabilities registers the declared capabilities and extensions and
// checks each against the environment.
func (c *checker) capabilities() error {
	c.exts = spareMap(c.spare.exts)
	for _, e := range c.m.Extensions {
		c.registerExtension(e)
	}
	for _, cp := range c.m.Capabilities {
		c.registerCapability(cp)
	}
	if c.env != EnvVulkan1_0 {
		c.feat.envRelaxedBlockLayout = c.vulkan
	}
	if c.version >= spv.Version1_4 {
		c.feat.selectBetweenComposites = true
		c.feat.copyMemoryTwoAccesses = true
		c.feat.uconvertSpecConstantOp = true
		c.feat.nonwritableVarInFunctionOrPrivate = true
	}
	for _, cp := range c.m.Capabilities {
		// The module's capabilities are not instructions of the IR: an
		// error's is made for it, only then.
		in := func() *builder.Inst {
			return &builder.Inst{Op: spv.OpCapability, Operands: []builder.Operand{builder.Enum(cp)}}
		}
		e := spv.KindCapability.Enumerant(uint32(cp))
		if e == nil {
			return c.errorf(RuleOperand, in(), "unknown capability %d", uint32(cp))
		}
		if !c.capabilityAllowed(cp, e) {
			return c.errorf(RuleEnvCapability, in(), "capability %s is not allowed by the %s environment (or needs an extension)", e.Name(), c.env)
		}
		if err := c.enumerantVersion(nil, spv.KindCapability, e, uint32(cp)); err != nil {
			// errorf found no function for a nil instruction, as for
			// this one.
			err.(*Error).Inst = in()
			return err
		}
	}
	for _, ext := range c.m.Extensions {
		if c.version < spv.Version1_4 {
			switch ext {
			case "SPV_KHR_workgroup_memory_explicit_layout", "SPV_EXT_mesh_shader", "SPV_NV_shader_invocation_reorder":
				in := &builder.Inst{Op: spv.OpExtension, Operands: []builder.Operand{builder.Str(ext)}}
				return c.errorf(RuleVersion, in, "%s needs SPIR-V 1.4 or later", ext)
			}
		}
	}
	return nil
}

// capabilityAllowed says whether the environment allows declaring cp:
// spirv-val checks the lists of the Vulkan 1.0, 1.1 and 1.2 environments
// (a capability an extension provides is allowed with the extension).
func (c *checker) capabilityAllowed(cp spv.Capability, e *spv.EnumerantInfo) bool {
	var ok bool
	switch c.env {
	case EnvVulkan1_0:
		ok = vulkanCaps(cp, 0)
	case EnvVulkan1_1:
		ok = vulkanCaps(cp, 1)
	case EnvVulkan1_2:
		ok = vulkanCaps(cp, 2)
	default:
		return true
	}
	return ok || (len(e.Extensions()) > 0 && c.hasAnyExt(e.Extensions()))
}

// vulkanCaps reports whether Vulkan 1.minor guarantees or optionally
// supports cp (without an extension).
func vulkanCaps(cp spv.Capability, minor int) bool {
	switch cp {
	case spv.CapabilityMatrix, spv.CapabilityShader, spv.CapabilityInputAttachment, spv.CapabilitySampled1D,
		spv.CapabilityImage1D, spv.CapabilitySampledBuffer, spv.CapabilityImageBuffer, spv.CapabilityImageQuery,
		spv.CapabilityDerivativeControl,
		// optional in 1.0
		spv.CapabilityGeometry, spv.CapabilityTessellation, spv.CapabilityFloat64, spv.CapabilityInt64,
		spv.CapabilityInt16, spv.CapabilityTessellationPointSize, spv.CapabilityGeometryPointSize,
		spv.CapabilityImageGatherExtended, spv.CapabilityStorageImageMultisample,
		spv.CapabilityUniformBufferArrayDynamicIndexing, spv.CapabilitySampledImageArrayDynamicIndexing,
		spv.CapabilityStorageBufferArrayDynamicIndexing, spv.CapabilityStorageImageArrayDynamicIndexing,
		spv.CapabilityClipDistance, spv.CapabilityCullDistance, spv.CapabilityImageCubeArray,
		spv.CapabilitySampleRateShading, spv.CapabilitySparseResidency, spv.CapabilityMinLod,
		spv.CapabilitySampledCubeArray, spv.CapabilityImageMSArray, spv.CapabilityStorageImageExtendedFormats,
		spv.CapabilityInterpolationFunction, spv.CapabilityStorageImageReadWithoutFormat,
		spv.CapabilityStorageImageWriteWithoutFormat, spv.CapabilityMultiViewport, spv.CapabilityInt64Atomics,
		spv.CapabilityTransformFeedback, spv.CapabilityGeometryStreams, spv.CapabilityFloat16, spv.CapabilityInt8:
		return true
	case spv.CapabilityDeviceGroup, spv.CapabilityMultiView,
		spv.CapabilityGroupNonUniform, spv.CapabilityGroupNonUniformVote, spv.CapabilityGroupNonUniformArithmetic,
		spv.CapabilityGroupNonUniformBallot, spv.CapabilityGroupNonUniformShuffle,
		spv.CapabilityGroupNonUniformShuffleRelative, spv.CapabilityGroupNonUniformClustered,
		spv.CapabilityGroupNonUniformQuad, spv.CapabilityDrawParameters, spv.CapabilityStorageBuffer16BitAccess,
		spv.CapabilityUniformAndStorageBuffer16BitAccess, spv.CapabilityStoragePushConstant16,
		spv.CapabilityStorageInputOutput16, spv.CapabilityVariablePointersStorageBuffer,
		spv.CapabilityVariablePointers:
		return minor >= 1
	case spv.CapabilityShaderNonUniform,
		spv.CapabilityDenormPreserve, spv.CapabilityDenormFlushToZero, spv.CapabilitySignedZeroInfNanPreserve,
		spv.CapabilityRoundingModeRTE, spv.CapabilityRoundingModeRTZ, spv.CapabilityVulkanMemoryModel,
		spv.CapabilityVulkanMemoryModelDeviceScope, spv.CapabilityStorageBuffer8BitAccess,
		spv.CapabilityUniformAndStorageBuffer8BitAccess, spv.CapabilityStoragePushConstant8,
		spv.CapabilityShaderViewportIndex, spv.CapabilityShaderLayer, spv.CapabilityPhysicalStorageBufferAddresses,
		spv.CapabilityRuntimeDescriptorArray, spv.CapabilityUniformTexelBufferArrayDynamicIndexing,
		spv.CapabilityStorageTexelBufferArrayDynamicIndexing, spv.CapabilityUniformBufferArrayNonUniformIndexing,
		spv.CapabilitySampledImageArrayNonUniformIndexing, spv.CapabilityStorageBufferArrayNonUniformIndexing,
		spv.CapabilityStorageImageArrayNonUniformIndexing, spv.CapabilityInputAttachmentArrayNonUniformIndexing,
		spv.CapabilityUniformTexelBufferArrayNonUniformIndexing,
		spv.CapabilityStorageTexelBufferArrayNonUniformIndexing:
		return minor >= 2
	}
	return false
}

// enumerantVersion checks that an enumerant exists in the module's version,
// or is provided by a declared extension.
func (c *checker) enumerantVersion(in *builder.Inst, k spv.OperandKind, e *spv.EnumerantInfo, v uint32) error {
	minV := e.Version
	if minV == 0 {
		minV = spv.Version1_0
	}
	lastV := e.LastVersion
	if lastV == 0 {
		lastV = spv.Version(0xffffffff)
	}
	reserved := minV == spv.VersionNone
	if !reserved && minV <= c.version && c.version <= lastV {
		return nil
	}
	if lastV < c.version {
		return c.errorf(RuleVersion, in, "%s %s needs SPIR-V %s or earlier", k, e.Name(), lastV)
	}
	if !reserved && len(e.Extensions()) == 0 {
		return c.errorf(RuleVersion, in, "%s %s needs SPIR-V %s or later", k, e.Name(), minV)
	}
	// An empty extension list is satisfied (spirv-val's set test).
	if len(e.Extensions()) > 0 && !c.hasAnyExt(e.Extensions()) {
		return c.errorf(RuleExtension, in, "%s %s needs one of the extensions %s", k, e.Name(), strings.Join(e.Extensions(), ", "))
	}
	return nil
}

// instructionNeeds checks the capabilities, extensions and version the
// opcode and each enumerant operand of in need.
func (c *checker) instructionNeeds(in *builder.Inst) error {
	// What the opcode needs is the same for each of its instructions:
	// once one has passed, the next only have their operands checked.
	if op := int(in.Op); op < len(c.opcodeOK)*64 && c.opcodeOK[op/64]&(1<<(op%64)) != 0 {
		return c.operandsNeed(in, in.Operands)
	}
	if err := c.opcodeNeeds(in); err != nil {
		return err
	}
	if op := int(in.Op); op < len(c.opcodeOK)*64 {
		c.opcodeOK[op/64] |= 1 << (op % 64)
	}
	return nil
}

// opcodeNeeds checks what in's opcode needs (capabilities, version,
// extensions) and what its operands need.
func (c *checker) opcodeNeeds(in *builder.Inst) error {
	info := spv.InstructionInfo(in.Op)
	if info == nil {
		return c.errorf(RuleOperand, in, "unknown opcode %d", uint16(in.Op))
	}
	switch in.Op {
	case spv.OpImageSparseSampleProjImplicitLod, spv.OpImageSparseSampleProjExplicitLod,
		spv.OpImageSparseSampleProjDrefImplicitLod, spv.OpImageSparseSampleProjDrefExplicitLod:
		return c.errorf(RuleOperand, in, "%s is reserved", in.Op)
	}
	caps := info.Capabilities()
	switch in.Op {
	case spv.OpGroupIAddNonUniformAMD, spv.OpGroupFAddNonUniformAMD, spv.OpGroupFMinNonUniformAMD,
		spv.OpGroupUMinNonUniformAMD, spv.OpGroupSMinNonUniformAMD, spv.OpGroupFMaxNonUniformAMD,
		spv.OpGroupUMaxNonUniformAMD, spv.OpGroupSMaxNonUniformAMD:
		if c.hasExt("SPV_AMD_shader_ballot") {
			caps = nil
		}
	}
	if len(caps) > 0 && !c.caps.hasAny(caps) {
		return c.errorf(RuleCapability, in, "%s needs one of the capabilities %s", in.Op, capNames(caps))
	}
	if err := c.operandsNeed(in, in.Operands); err != nil {
		return err
	}
	return c.opcodeVersion(in, info)
}

// opcodeVersion is spirv-val's version check of an opcode.
func (c *checker) opcodeVersion(in *builder.Inst, info *spv.InstInfo) error {
	if info.LastVersion != 0 && info.LastVersion < c.version {
		return c.errorf(RuleVersion, in, "%s needs SPIR-V %s or earlier", in.Op, info.LastVersion)
	}
	if len(info.Capabilities()) > 0 && in.Op != spv.OpTerminateInvocation {
		return nil
	}
	minV := info.Version
	if minV == 0 {
		minV = spv.Version1_0
	}
	if len(info.Extensions()) == 0 {
		if minV == spv.VersionNone {
			return c.errorf(RuleVersion, in, "%s is reserved for future use", in.Op)
		}
		if c.version < minV {
			return c.errorf(RuleVersion, in, "%s needs SPIR-V %s or later", in.Op, minV)
		}
		return nil
	}
	if !c.hasAnyExt(info.Extensions()) {
		if minV == spv.VersionNone {
			return c.errorf(RuleExtension, in, "%s needs one of the extensions %s", in.Op, strings.Join(info.Extensions(), ", "))
		}
		if c.version < minV {
			return c.errorf(RuleVersion, in, "%s needs SPIR-V %s or one of the extensions %s", in.Op, minV, strings.Join(info.Extensions(), ", "))
		}
	}
	return nil
}

// operandsNeed checks every enumerant among ops (parameters included).
func (c *checker) operandsNeed(in *builder.Inst, ops []builder.Operand) error {
	for i := range ops {
		o := &ops[i]
		switch o.Kind.Category() {
		case spv.CategoryValueEnum:
			if err := c.enumerantNeeds(in, o.Kind, o.Word); err != nil {
				return err
			}
		case spv.CategoryBitEnum:
			for bit := uint32(1) << 31; bit != 0; bit >>= 1 {
				if o.Word&bit != 0 {
					if err := c.enumerantNeeds(in, o.Kind, bit); err != nil {
						return err
					}
				}
			}
		}
		if len(o.Params()) > 0 {
			if err := c.operandsNeed(in, o.Params()); err != nil {
				return err
			}
		}
	}
	return nil
}

func (c *checker) enumerantNeeds(in *builder.Inst, k spv.OperandKind, v uint32) error {
	switch k {
	case spv.KindBuiltIn:
		switch spv.BuiltIn(v) {
		case spv.BuiltInPointSize, spv.BuiltInClipDistance, spv.BuiltInCullDistance:
			return nil // their use needs the capability, not their mention
		}
	case spv.KindFPRoundingMode:
		if c.feat.freeFPRoundingMode {
			return nil
		}
	case spv.KindGroupOperation:
		if c.feat.groupOpsReduceAndScans && v <= uint32(spv.GroupOperationExclusiveScan) {
			return nil
		}
	}
	e := k.Enumerant(v)
	if e == nil {
		return c.errorf(RuleOperand, in, "unknown %s value %d", k, v)
	}
	caps := e.Capabilities()
	if k == spv.KindDecoration && spv.Decoration(v) == spv.DecorationFPRoundingMode {
		if c.feat.freeFPRoundingMode {
			return nil
		}
		if c.vulkan {
			caps = []spv.Capability{spv.CapabilityStorageBuffer16BitAccess, spv.CapabilityUniformAndStorageBuffer16BitAccess,
				spv.CapabilityStoragePushConstant16, spv.CapabilityStorageInputOutput16}
		}
	}
	if in.Op != spv.OpCapability && len(caps) > 0 && !c.caps.hasAny(caps) {
		return c.errorf(RuleCapability, in, "%s %s needs one of the capabilities %s", k, e.Name(), capNames(caps))
	}
	return c.enumerantVersion(in, k, e, v)
}

func capNames(caps []spv.Capability) string {
	names := make([]string, len(caps))
	for i, cp := range caps {
		names[i] = cp.String()
	}
	return strings.Join(names, ", ")
}
