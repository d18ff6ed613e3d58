package validate

import (
	"slices"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Decorations (section 3.20 and the OpDecorate* instructions): where each
// decoration may go, which ones exclude each other, and the Vulkan rules
// on Location, Component, Flat, DescriptorSet and Binding. Block layouts
// are in blocklayout.go.

// collectDecorations indexes every decoration by target, decoration
// groups applied; as spirv-val keeps them in a set, duplicates count once.
// String decorations (OpDecorateString) are not indexed, as spirv-val's
// do not.
func (c *checker) collectDecorations() {
	c.builtinStructs = spareMap(c.spare.builtinStructs)
	c.nestedBlock = spareMap(c.spare.nestedBlock)
	add := func(target ID, d decoration) {
		for _, e := range c.decos[target] {
			if e.kind == d.kind && e.member == d.member && slices.EqualFunc(e.params, d.params, sameOperand) {
				return
			}
		}
		c.decos[target] = append(c.decos[target], d)
	}
	for _, in := range c.m.Annotations {
		switch in.Op {
		case spv.OpDecorate, spv.OpDecorateId:
			if len(in.Operands) < 2 {
				continue
			}
			o := in.Operands[1]
			add(in.Operands[0].ID(), decoration{kind: spv.Decoration(o.Word), member: -1, params: o.Params(), inst: in})
		case spv.OpMemberDecorate:
			if len(in.Operands) < 3 {
				continue
			}
			o := in.Operands[2]
			add(in.Operands[0].ID(), decoration{kind: spv.Decoration(o.Word), member: int32(in.Operands[1].Word), params: o.Params(), inst: in})
		case spv.OpGroupDecorate:
			group := opID(in, 0)
			for _, t := range in.Operands[1:] {
				for _, d := range c.decos[group] {
					add(t.ID(), d)
				}
			}
		case spv.OpGroupMemberDecorate:
			group := opID(in, 0)
			for _, p := range in.Operands[1:] {
				if len(p.Params()) != 2 {
					continue
				}
				for _, d := range c.decos[group] {
					d.member = int32(p.Params()[1].Word)
					add(p.Params()[0].ID(), d)
				}
			}
		}
	}
}

const noDecoration = spv.Decoration(0x7fffffff)

func sameOperand(a, b builder.Operand) bool {
	return a.Kind == b.Kind && a.Word == b.Word && a.Hi == b.Hi && a.Str() == b.Str()
}

// hasDeco reports whether id itself (not a member) carries d.
func (c *checker) hasDeco(id ID, d spv.Decoration) bool {
	for _, e := range c.decos[id] {
		if e.kind == d && e.member < 0 {
			return true
		}
	}
	return false
}

// hasAnyDeco reports whether id or any of its members carries d.
func (c *checker) hasAnyDeco(id ID, d spv.Decoration) bool {
	for _, e := range c.decos[id] {
		if e.kind == d {
			return true
		}
	}
	return false
}

// hasDecoDeep is spirv-val's hasDecoration: id (or a member) carries d,
// or a struct member type does, recursively.
func (c *checker) hasDecoDeep(id ID, d spv.Decoration, depth int) bool {
	if c.hasAnyDeco(id, d) {
		return true
	}
	if depth > 64 {
		return false
	}
	for _, m := range c.structMembers(id) {
		if c.isType(m.ID(), spv.OpTypeStruct) && c.hasDecoDeep(m.ID(), d, depth+1) {
			return true
		}
	}
	return false
}

// decoParam returns the first parameter of decoration d on id (member -1
// for the id itself).
func (c *checker) decoParam(id ID, member int32, d spv.Decoration) (uint32, bool) {
	for _, e := range c.decos[id] {
		if e.kind == d && e.member == member && len(e.params) > 0 {
			return e.params[0].Word, true
		}
	}
	return 0, false
}

// builtinOf returns the BuiltIn decoration of id (member -1) or of a member.
func (c *checker) builtinOf(id ID, member int32) (spv.BuiltIn, bool) {
	v, ok := c.decoParam(id, member, spv.DecorationBuiltIn)
	return spv.BuiltIn(v), ok
}

// decorationTakesIDs reports whether d's parameters are ids (it is then
// applied with OpDecorateId): spirv-val's list, and the grammar's later
// ones (the node payload decorations...).
func decorationTakesIDs(d spv.Decoration) bool {
	switch d {
	case spv.DecorationUniformId, spv.DecorationAlignmentId, spv.DecorationMaxByteOffsetId, spv.DecorationCounterBuffer:
		return true
	}
	if e := spv.KindDecoration.Enumerant(uint32(d)); e != nil {
		for _, p := range e.Parameters() {
			if p.Kind == spv.KindIdRef {
				return true
			}
		}
	}
	return false
}

func memberDecorationOnly(d spv.Decoration) bool {
	return d == spv.DecorationRowMajor || d == spv.DecorationColMajor || d == spv.DecorationMatrixStride
}

func notMemberDecoration(d spv.Decoration) bool {
	switch d {
	case spv.DecorationSpecId, spv.DecorationBlock, spv.DecorationBufferBlock, spv.DecorationArrayStride,
		spv.DecorationGLSLShared, spv.DecorationGLSLPacked, spv.DecorationCPacked, spv.DecorationAliased,
		spv.DecorationConstant, spv.DecorationUniform, spv.DecorationUniformId, spv.DecorationSaturatedConversion,
		spv.DecorationIndex, spv.DecorationBinding, spv.DecorationDescriptorSet, spv.DecorationFuncParamAttr,
		spv.DecorationFPRoundingMode, spv.DecorationFPFastMathMode, spv.DecorationLinkageAttributes,
		spv.DecorationNoContraction, spv.DecorationInputAttachmentIndex, spv.DecorationAlignment,
		spv.DecorationMaxByteOffset, spv.DecorationAlignmentId, spv.DecorationMaxByteOffsetId,
		spv.DecorationNoSignedWrap, spv.DecorationNoUnsignedWrap, spv.DecorationNonUniform,
		spv.DecorationRestrictPointer, spv.DecorationAliasedPointer, spv.DecorationCounterBuffer:
		return true
	}
	return false
}

// checkAnnotation checks one annotation instruction.
func (c *checker) checkAnnotation(in *builder.Inst) error {
	switch in.Op {
	case spv.OpDecorate:
		d := spv.Decoration(opWord(in, 1))
		target := c.def(opID(in, 0))
		if target == nil {
			return c.errorf(RuleDecorate, in, "the target is not defined")
		}
		if c.vulkan && (d == spv.DecorationGLSLShared || d == spv.DecorationGLSLPacked) {
			return c.errorf(RuleDecorate, in, "%s is not allowed in Vulkan (VUID-StandaloneSpirv-GLSLShared-04669)", d)
		}
		if decorationTakesIDs(d) {
			return c.errorf(RuleDecorate, in, "%s takes ids and must use OpDecorateId", d)
		}
		if target.Op != spv.OpDecorationGroup {
			if memberDecorationOnly(d) {
				return c.errorf(RuleDecorate, in, "%s applies only to struct members", d)
			}
			return c.decorationTarget(in, d, target)
		}
	case spv.OpDecorateId:
		if d := spv.Decoration(opWord(in, 1)); !decorationTakesIDs(d) {
			return c.errorf(RuleDecorate, in, "%s does not take ids and may not use OpDecorateId", d)
		}
		return c.decorationOperandsFirst(in)
	case spv.OpMemberDecorate:
		st := c.def(opID(in, 0))
		if st == nil || st.Op != spv.OpTypeStruct {
			return c.errorf(RuleDecorate, in, "OpMemberDecorate's target %%%d is not a struct type", opID(in, 0))
		}
		if m := opWord(in, 1); int(m) >= len(st.Operands) {
			return c.errorf(RuleDecorate, in, "member %d is out of bounds: the struct has %d members", m, len(st.Operands))
		}
		if d := spv.Decoration(opWord(in, 2)); notMemberDecoration(d) {
			return c.errorf(RuleDecorate, in, "%s cannot be applied to struct members", d)
		}
	case spv.OpDecorationGroup:
		// Checked at its uses (c.groupUses).
	case spv.OpGroupDecorate:
		if g := c.def(opID(in, 0)); g == nil || g.Op != spv.OpDecorationGroup {
			return c.errorf(RuleDecorate, in, "%%%d is not a decoration group", opID(in, 0))
		}
		for _, o := range in.Operands[1:] {
			if t := c.def(o.ID()); t == nil || t.Op == spv.OpDecorationGroup {
				return c.errorf(RuleDecorate, in, "OpGroupDecorate may not target a decoration group")
			}
		}
	case spv.OpGroupMemberDecorate:
		if g := c.def(opID(in, 0)); g == nil || g.Op != spv.OpDecorationGroup {
			return c.errorf(RuleDecorate, in, "%%%d is not a decoration group", opID(in, 0))
		}
		for _, p := range in.Operands[1:] {
			if len(p.Params()) != 2 {
				continue
			}
			st := c.def(p.Params()[0].ID())
			if st == nil || st.Op != spv.OpTypeStruct {
				return c.errorf(RuleDecorate, in, "%%%d is not a struct type", p.Params()[0].ID())
			}
			if int(p.Params()[1].Word) >= len(st.Operands) {
				return c.errorf(RuleDecorate, in, "member %d is out of bounds", p.Params()[1].Word)
			}
		}
	}
	return nil
}

// decorationTarget checks the kind of target a decoration may have.
func (c *checker) decorationTarget(in *builder.Inst, d spv.Decoration, target *builder.Inst) error {
	bad := func(what string) error {
		return c.errorf(RuleDecorate, in, "%s decoration on %%%d: %s", d, target.Result, what)
	}
	switch d {
	case spv.DecorationSpecId:
		switch target.Op {
		case spv.OpSpecConstantTrue, spv.OpSpecConstantFalse, spv.OpSpecConstant:
		default:
			return bad("must be a scalar specialization constant")
		}
	case spv.DecorationBlock, spv.DecorationBufferBlock, spv.DecorationGLSLShared, spv.DecorationGLSLPacked, spv.DecorationCPacked:
		if target.Op != spv.OpTypeStruct {
			return bad("must be a struct type")
		}
	case spv.DecorationArrayStride:
		if target.Op != spv.OpTypeArray && target.Op != spv.OpTypeRuntimeArray && target.Op != spv.OpTypePointer {
			return bad("must be an array or pointer type")
		}
	case spv.DecorationBuiltIn:
		if !isVariable(target.Op) && !isConstantOp(target.Op) {
			return c.errorf(RuleDecorate, in, "BuiltIn can only decorate variables, struct members or constants")
		}
		if c.hasCap(spv.CapabilityShader) && len(in.Operands) > 1 && len(in.Operands[1].Params()) > 0 && spv.BuiltIn(in.Operands[1].Params()[0].Word) == spv.BuiltInWorkgroupSize {
			if !isConstantOp(target.Op) {
				return bad("must be a constant for WorkgroupSize")
			}
		} else if !isVariable(target.Op) {
			return bad("must be a variable")
		}
	case spv.DecorationNoPerspective, spv.DecorationFlat, spv.DecorationPatch, spv.DecorationCentroid,
		spv.DecorationSample, spv.DecorationRestrict, spv.DecorationAliased, spv.DecorationVolatile,
		spv.DecorationCoherent, spv.DecorationNonWritable, spv.DecorationNonReadable, spv.DecorationXfbBuffer,
		spv.DecorationXfbStride, spv.DecorationComponent, spv.DecorationStream, spv.DecorationRestrictPointer,
		spv.DecorationAliasedPointer:
		if !isVariable(target.Op) && target.Op != spv.OpFunctionParameter {
			return bad("must be a memory object declaration")
		}
		if !c.isPointer(target.Type) {
			return bad("must be a pointer type")
		}
	case spv.DecorationInvariant, spv.DecorationConstant, spv.DecorationLocation, spv.DecorationIndex,
		spv.DecorationBinding, spv.DecorationDescriptorSet, spv.DecorationInputAttachmentIndex:
		if !isVariable(target.Op) {
			return bad("must be a variable")
		}
	}
	if !c.vulkan {
		return nil
	}
	sc := spv.StorageClassUniform
	if t := c.def(target.Type); t != nil && t.Op == spv.OpTypePointer {
		sc = spv.StorageClass(opWord(t, 0))
	}
	switch d {
	case spv.DecorationLocation, spv.DecorationComponent:
		switch sc {
		case spv.StorageClassInput, spv.StorageClassOutput, spv.StorageClassRayPayloadKHR,
			spv.StorageClassIncomingRayPayloadKHR, spv.StorageClassHitAttributeKHR, spv.StorageClassCallableDataKHR,
			spv.StorageClassIncomingCallableDataKHR, spv.StorageClassShaderRecordBufferKHR,
			spv.StorageClassHitObjectAttributeNV:
		default:
			return c.errorf(RuleDecorate, in, "%s must not decorate a variable in the %s storage class (VUID-StandaloneSpirv-Location-06672)", d, sc)
		}
	case spv.DecorationIndex:
		if sc != spv.StorageClassOutput {
			return bad("must be in the Output storage class")
		}
	case spv.DecorationBinding, spv.DecorationDescriptorSet:
		if sc != spv.StorageClassStorageBuffer && sc != spv.StorageClassUniform && sc != spv.StorageClassUniformConstant {
			return bad("must be in the StorageBuffer, Uniform or UniformConstant storage class (VUID-StandaloneSpirv-DescriptorSet-06491)")
		}
	case spv.DecorationInputAttachmentIndex:
		if sc != spv.StorageClassUniformConstant {
			return bad("must be in the UniformConstant storage class (VUID-StandaloneSpirv-InputAttachmentIndex-06678)")
		}
	case spv.DecorationFlat, spv.DecorationNoPerspective, spv.DecorationCentroid, spv.DecorationSample:
		if sc != spv.StorageClassInput && sc != spv.StorageClassOutput {
			return bad("the storage class must be Input or Output (VUID-StandaloneSpirv-Flat-04670)")
		}
	case spv.DecorationPerVertexKHR:
		if sc != spv.StorageClassInput {
			return bad("the storage class must be Input (VUID-StandaloneSpirv-PerVertexKHR-06777)")
		}
	}
	return nil
}

// checkGroupUse checks a use of a decoration group (from the id pass).
func (c *checker) checkGroupUses() error {
	// Any instruction using a group other than OpDecorate, OpDecorateId,
	// OpGroupDecorate, OpGroupMemberDecorate, OpName or a non-semantic
	// one is an error.
	if !c.hasDecorationGroup {
		return nil
	}
	for i := range c.order {
		in := c.order[i].in
		switch in.Op {
		case spv.OpDecorate, spv.OpDecorateId, spv.OpGroupDecorate, spv.OpGroupMemberDecorate, spv.OpName:
			continue
		}
		if c.isNonSemantic(in) {
			continue
		}
		var bad ID
		in.ForEachUse(func(id *ID) {
			if d := c.def(*id); d != nil && d.Op == spv.OpDecorationGroup {
				bad = *id
			}
		})
		if bad != 0 {
			return c.errorf(RuleDecorate, c.def(bad), "a decoration group may only be used by OpName, OpDecorate, OpDecorateId, OpGroupDecorate and OpGroupMemberDecorate")
		}
	}
	return nil
}

// decorationRules checks the module-wide decoration rules.
func (c *checker) decorationRules() error {
	if err := c.checkGroupUses(); err != nil {
		return err
	}
	// An imported variable cannot have an initializer.
	for _, in := range c.m.Globals {
		if in.Op == spv.OpVariable && len(in.Operands) > 1 && c.hasImportLinkage(in.Result) {
			return c.errorf(RuleDecorate, in, "a module-scope OpVariable with an initializer cannot have Import linkage")
		}
	}
	if err := c.entryPointDecorations(); err != nil {
		return err
	}
	if err := c.bufferDecorations(); err != nil {
		return err
	}
	if err := c.decorationCompatibility(); err != nil {
		return err
	}
	for _, f := range c.m.Functions {
		imported := c.hasImportLinkage(f.Def.Result)
		if len(f.Blocks) == 0 && !imported {
			return c.errorf(RuleDecorate, f.Def, "a function declaration must have LinkageAttributes with the Import linkage type")
		}
		if len(f.Blocks) > 0 && imported {
			return c.errorf(RuleDecorate, f.Def, "a function definition may not have Import linkage")
		}
	}
	if c.memModel == spv.MemoryModelVulkan {
		for i := range c.order {
			in := c.order[i].in
			if in.Result == 0 {
				continue
			}
			for _, d := range c.decos[in.Result] {
				if d.kind == spv.DecorationCoherent || d.kind == spv.DecorationVolatile {
					return c.errorf(RuleDecorate, in, "%s is not allowed with the Vulkan memory model", d.kind)
				}
			}
		}
	}
	return c.decorationsByKind()
}

func (c *checker) hasImportLinkage(id ID) bool {
	for _, d := range c.decos[id] {
		if d.kind == spv.DecorationLinkageAttributes && len(d.params) >= 2 && spv.LinkageType(d.params[len(d.params)-1].Word) == spv.LinkageTypeImport {
			return true
		}
	}
	return false
}

// decorationCompatibility: decorations that may appear once, and pairs
// that exclude each other.
func (c *checker) decorationCompatibility() error {
	type perID struct {
		d  spv.Decoration
		id ID
	}
	type perMember struct {
		d  spv.Decoration
		id ID
		m  uint32
	}
	seenID := map[perID]bool{}
	seenMember := map[perMember]bool{}
	exclusive := func(d spv.Decoration) spv.Decoration {
		switch d {
		case spv.DecorationBlock:
			return spv.DecorationBufferBlock
		case spv.DecorationBufferBlock:
			return spv.DecorationBlock
		case spv.DecorationRestrict:
			return spv.DecorationAliased
		case spv.DecorationAliased:
			return spv.DecorationRestrict
		}
		return noDecoration
	}
	for _, in := range c.m.Annotations {
		switch in.Op {
		case spv.OpDecorate:
			id, d := opID(in, 0), spv.Decoration(opWord(in, 1))
			k := perID{d, id}
			if seenID[k] && d == spv.DecorationArrayStride {
				return c.errorf(RuleDecorate, in, "%%%d is decorated with ArrayStride more than once", id)
			}
			seenID[k] = true
			if x := exclusive(d); x != noDecoration && seenID[perID{x, id}] {
				return c.errorf(RuleDecorate, in, "%%%d is decorated with both %s and %s", id, d, x)
			}
		case spv.OpMemberDecorate:
			id, m, d := opID(in, 0), opWord(in, 1), spv.Decoration(opWord(in, 2))
			k := perMember{d, id, m}
			if seenMember[k] {
				switch d {
				case spv.DecorationOffset, spv.DecorationMatrixStride, spv.DecorationRowMajor, spv.DecorationColMajor:
					return c.errorf(RuleDecorate, in, "member %d of %%%d is decorated with %s more than once", m, id, d)
				}
			}
			seenMember[k] = true
			var x spv.Decoration = noDecoration
			if d == spv.DecorationRowMajor {
				x = spv.DecorationColMajor
			} else if d == spv.DecorationColMajor {
				x = spv.DecorationRowMajor
			}
			if x != noDecoration && seenMember[perMember{x, id, m}] {
				return c.errorf(RuleDecorate, in, "member %d of %%%d is decorated with both RowMajor and ColMajor", m, id)
			}
		}
	}
	return nil
}

// decorationsByKind checks each decorated id against the rules of its
// decorations.
func (c *checker) decorationsByKind() error {
	shader := c.hasCap(spv.CapabilityShader)
	// Iterate in a stable order: the annotations' order of targets.
	done := map[ID]bool{}
	for _, a := range c.m.Annotations {
		if a.Op == spv.OpDecorationGroup || len(a.Operands) == 0 {
			continue
		}
		var targets []ID
		switch a.Op {
		case spv.OpGroupDecorate:
			for _, o := range a.Operands[1:] {
				targets = append(targets, o.ID())
			}
		case spv.OpGroupMemberDecorate:
			for _, p := range a.Operands[1:] {
				if len(p.Params()) == 2 {
					targets = append(targets, p.Params()[0].ID())
				}
			}
		default:
			targets = []ID{a.Operands[0].ID()}
		}
		for _, id := range targets {
			if done[id] {
				continue
			}
			done[id] = true
			in := c.def(id)
			if in == nil || in.Op == spv.OpDecorationGroup {
				continue
			}
			for _, d := range c.decos[id] {
				if err := c.decorationOn(in, d, shader); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (c *checker) decorationOn(in *builder.Inst, d decoration, shader bool) error {
	switch d.kind {
	case spv.DecorationComponent:
		return c.componentDecoration(in, d)
	case spv.DecorationFPRoundingMode:
		if shader {
			return c.fpRoundingMode(in, d)
		}
	case spv.DecorationNonWritable:
		if d.member >= 0 {
			return nil
		}
		if in.Op != spv.OpVariable && in.Op != spv.OpFunctionParameter {
			return c.errorf(RuleDecorate, in, "NonWritable must decorate a memory object declaration (a variable or a function parameter)")
		}
		sc := spv.StorageClass(0xffffffff)
		if in.Op == spv.OpVariable {
			sc = spv.StorageClass(opWord(in, 0))
		}
		if (sc == spv.StorageClassFunction || sc == spv.StorageClassPrivate) && c.feat.nonwritableVarInFunctionOrPrivate {
			return nil
		}
		if !c.pointerToUniformBlock(in.Type) && !c.pointerToStorageBuffer(in.Type) && !c.pointerToStorageImage(in.Type) {
			return c.errorf(RuleDecorate, in, "NonWritable must decorate a pointer to a storage image, a uniform block or a storage buffer")
		}
	case spv.DecorationUniform, spv.DecorationUniformId:
		if in.Type == 0 {
			return c.errorf(RuleDecorate, in, "%s decorates a non-object", d.kind)
		}
		if c.isVoid(in.Type) {
			return c.errorf(RuleDecorate, in, "%s decorates a value of void type", d.kind)
		}
		if d.kind == spv.DecorationUniformId && len(d.params) > 0 {
			return c.executionScope(in, d.params[0].ID())
		}
	case spv.DecorationNoSignedWrap, spv.DecorationNoUnsignedWrap:
		switch in.Op {
		case spv.OpIAdd, spv.OpISub, spv.OpIMul, spv.OpShiftLeftLogical, spv.OpSNegate, spv.OpExtInst, spv.OpExtInstWithForwardRefsKHR:
		default:
			return c.errorf(RuleDecorate, in, "%s may not decorate %s", d.kind, in.Op)
		}
	case spv.DecorationBlock, spv.DecorationBufferBlock:
		if in.Op != spv.OpTypeStruct {
			return c.errorf(RuleDecorate, in, "%s decorates a non-struct type", d.kind)
		}
	case spv.DecorationLocation:
		if in.Op == spv.OpVariable || (d.member >= 0 && in.Op == spv.OpTypeStruct) {
			return nil
		}
		return c.errorf(RuleDecorate, in, "Location may only decorate a variable or a struct member")
	case spv.DecorationRelaxedPrecision:
		if generatesType(in.Op) && !(d.member >= 0 && in.Op == spv.OpTypeStruct) {
			return c.errorf(RuleDecorate, in, "RelaxedPrecision cannot decorate a type")
		}
	}
	return nil
}

func (c *checker) componentDecoration(in *builder.Inst, d decoration) error {
	var t ID
	if d.member < 0 {
		if in.Op != spv.OpVariable && in.Op != spv.OpFunctionParameter {
			return c.errorf(RuleDecorate, in, "Component must decorate a memory object declaration")
		}
		if in.Op == spv.OpVariable {
			if sc := spv.StorageClass(opWord(in, 0)); sc != spv.StorageClassInput && sc != spv.StorageClassOutput {
				return c.errorf(RuleDecorate, in, "Component must decorate an Input or Output variable")
			}
		}
		t = in.Type
		if p, _, ok := c.pointerInfo(t); ok {
			t = p
		}
	} else {
		if in.Op != spv.OpTypeStruct || int(d.member) >= len(in.Operands) {
			return c.errorf(RuleDecorate, in, "Component on a member of a non-struct type")
		}
		t = in.Operands[d.member].ID()
	}
	if !c.vulkan {
		return nil
	}
	if c.isType(t, spv.OpTypeArray) {
		t = opID(c.def(t), 0)
	}
	if !c.isIntScalarOrVector(t) && !c.isFloatScalarOrVector(t) {
		return c.errorf(RuleDecorate, in, "Component decorates a type that is not a scalar or vector (VUID-StandaloneSpirv-Component-04924)")
	}
	comp := uint32(0)
	if len(d.params) > 0 {
		comp = d.params[0].Word
	}
	if comp > 3 {
		return c.errorf(RuleDecorate, in, "Component must not be greater than 3 (VUID-StandaloneSpirv-Component-04920)")
	}
	dim, w := c.dimension(t), c.bitWidth(t)
	switch w {
	case 16, 32:
		if comp+dim > 4 {
			return c.errorf(RuleDecorate, in, "components %d to %d go past 3 (VUID-StandaloneSpirv-Component-04921)", comp, comp+dim-1)
		}
	case 64:
		if dim > 2 {
			return c.errorf(RuleDecorate, in, "Component is only allowed on 64-bit scalars and 2-component vectors (VUID-StandaloneSpirv-Component-07703)")
		}
		if comp == 1 || comp == 3 {
			return c.errorf(RuleDecorate, in, "Component must not be 1 or 3 for 64-bit types (VUID-StandaloneSpirv-Component-04923)")
		}
		if comp+2*dim > 4 {
			return c.errorf(RuleDecorate, in, "components go past 3 (VUID-StandaloneSpirv-Component-04922)")
		}
	}
	return nil
}

func (c *checker) fpRoundingMode(in *builder.Inst, d decoration) error {
	if in.Op != spv.OpFConvert {
		return c.errorf(RuleDecorate, in, "FPRoundingMode may only decorate OpFConvert")
	}
	if c.vulkan && len(d.params) > 0 {
		if m := spv.FPRoundingMode(d.params[0].Word); m != spv.FPRoundingModeRTE && m != spv.FPRoundingModeRTZ {
			return c.errorf(RuleDecorate, in, "in Vulkan, FPRoundingMode must be RTE or RTZ (VUID-StandaloneSpirv-FPRoundingMode-04675)")
		}
	}
	for _, u := range c.usersOf(in.Result) {
		if u.Op == spv.OpFConvert || isDebugOp(u.Op) || c.isNonSemantic(u) || isDecoration(u.Op) {
			continue
		}
		if u.Op != spv.OpStore || opID(u, 1) != in.Result || opID(u, 0) == in.Result {
			return c.errorf(RuleDecorate, in, "an FPRoundingMode result may only be the Object of an OpStore")
		}
		pt := c.typeOf(opID(u, 0))
		pointee, sc, _ := c.pointerInfo(pt)
		if !c.isFloatScalarOrVector(pointee) || c.bitWidth(pointee) != 16 {
			return c.errorf(RuleDecorate, in, "an FPRoundingMode result may only be stored through a pointer to a 16-bit float scalar or vector")
		}
		switch sc {
		case spv.StorageClassStorageBuffer, spv.StorageClassUniform, spv.StorageClassPushConstant,
			spv.StorageClassInput, spv.StorageClassOutput, spv.StorageClassPhysicalStorageBuffer:
		default:
			return c.errorf(RuleDecorate, in, "an FPRoundingMode result may only be stored to StorageBuffer, PhysicalStorageBuffer, Uniform, PushConstant, Input or Output")
		}
	}
	return nil
}

// decorationOperandsFirst checks that every id an OpDecorateId passes is
// defined earlier in the module than the decorated target, as spirv-val
// requires (a node payload array's name and counts are written before the
// type). A module before legalization may name a counter buffer declared
// after its buffer, as DXC's -fcgl output does.
func (c *checker) decorationOperandsFirst(in *builder.Inst) error {
	if c.opts.BeforeHLSLLegalization {
		return nil
	}
	if c.layoutIndex == nil {
		c.layoutIndex = make(map[ID]int)
		for i, l := range c.order {
			if l.in.Result != 0 && !l.line() {
				c.layoutIndex[l.in.Result] = i
			}
		}
	}
	target, ok := c.layoutIndex[opID(in, 0)]
	if !ok {
		return nil // an undefined target is reported by the id rules
	}
	if len(in.Operands) < 2 {
		return nil
	}
	for _, p := range in.Operands[1].Params() {
		if !p.IsID() {
			continue
		}
		id := p.ID()
		if at, ok := c.layoutIndex[id]; ok && at >= target {
			return c.errorf(RuleDecorate, in, "the operand %%%d must be defined before the decorated %%%d", id, opID(in, 0))
		}
	}
	return nil
}
