package validate

import (
	"sort"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Buffers: the Vulkan rules on Block/BufferBlock, DescriptorSet and
// Binding, one push constant block per entry point, and the explicit
// layout of blocks (Vulkan's "Offset and Stride Assignment"): std140
// (uniform buffer rules), std430 (storage buffer rules), relaxed block
// layout (VK_KHR_relaxed_block_layout, core in Vulkan 1.1: vectors need
// only their component's alignment unless they straddle 16 bytes) and
// scalar block layout (every type aligned to its scalar).

// matrix majorness and stride, inherited from the member decorations of
// the struct holding a matrix (or an array of them).
type matrixLayout struct {
	rowMajor bool
	stride   uint32
}

type memberKey struct {
	st     ID
	member uint32
}

// bufferDecorations checks every buffer variable.
func (c *checker) bufferDecorations() error {
	c.uniformBlockPtrs = spareMap(c.spare.uniformBlockPtrs)
	c.storageBufferPtrs = spareMap(c.spare.storageBufferPtrs)
	pushUsers := map[ID]bool{}
	for _, in := range c.m.Globals {
		if in.Op != spv.OpVariable {
			continue
		}
		sc := spv.StorageClass(opWord(in, 0))
		uniform := sc == spv.StorageClassUniform
		pushConstant := sc == spv.StorageClassPushConstant
		storageBuffer := sc == spv.StorageClassStorageBuffer
		if c.vulkan {
			if pushConstant {
				for _, ep := range c.entryPointsReferencing(in.Result) {
					if pushUsers[ep.fn] {
						return c.errorf(RuleVulkan, in, "entry point %%%d uses more than one push constant block (VUID-StandaloneSpirv-OpEntryPoint-06674)", ep.fn)
					}
					pushUsers[ep.fn] = true
				}
			}
			if sc == spv.StorageClassUniformConstant && len(c.entryPointsReferencing(in.Result)) > 0 {
				if !c.hasDecoDeep(in.Result, spv.DecorationDescriptorSet, 0) || !c.hasDecoDeep(in.Result, spv.DecorationBinding, 0) {
					return c.errorf(RuleVulkan, in, "a UniformConstant variable needs DescriptorSet and Binding decorations (VUID-StandaloneSpirv-UniformConstant-06677)")
				}
			}
		}
		physical := sc == spv.StorageClassPhysicalStorageBuffer
		workgroup := sc == spv.StorageClassWorkgroup && c.hasCap(spv.CapabilityWorkgroupMemoryExplicitLayoutKHR)
		if !(uniform || pushConstant || storageBuffer || physical || workgroup) {
			continue
		}
		pt := in.Type
		id, _, _ := c.pointerInfo(pt)
		if !workgroup {
			if d := c.def(id); d != nil && (d.Op == spv.OpTypeArray || d.Op == spv.OpTypeRuntimeArray) {
				id = opID(d, 0)
			}
		}
		if !c.isType(id, spv.OpTypeStruct) {
			continue
		}
		constraints := map[memberKey]matrixLayout{}
		c.memberConstraintsStruct(constraints, id, matrixLayout{}, 0)
		scName := sc.String()
		if c.vulkan {
			block := c.hasDecoDeep(id, spv.DecorationBlock, 0)
			bufferBlock := c.hasDecoDeep(id, spv.DecorationBufferBlock, 0)
			switch {
			case storageBuffer && bufferBlock:
				return c.errorf(RuleVulkan, in, "BufferBlock is not allowed on StorageBuffer variables in Vulkan (VUID-StandaloneSpirv-PushConstant-06675)")
			case pushConstant && !block:
				return c.errorf(RuleVulkan, c.def(id), "a PushConstant variable's struct needs the Block decoration (VUID-StandaloneSpirv-PushConstant-06675)")
			case storageBuffer && !block:
				return c.errorf(RuleVulkan, c.def(id), "a StorageBuffer variable's struct needs the Block decoration (VUID-StandaloneSpirv-PushConstant-06675)")
			case uniform && !block && !bufferBlock:
				return c.errorf(RuleVulkan, c.def(id), "a Uniform variable's struct needs the Block or BufferBlock decoration (VUID-StandaloneSpirv-Uniform-06676)")
			}
			if (uniform || storageBuffer) && len(c.entryPointsReferencing(in.Result)) > 0 {
				if !c.hasDecoDeep(in.Result, spv.DecorationDescriptorSet, 0) || !c.hasDecoDeep(in.Result, spv.DecorationBinding, 0) {
					return c.errorf(RuleVulkan, in, "a %s variable needs DescriptorSet and Binding decorations (VUID-StandaloneSpirv-UniformConstant-06677)", scName)
				}
			}
		}
		for _, d := range c.decos[id] {
			blockDeco := d.kind == spv.DecorationBlock
			bufferDeco := d.kind == spv.DecorationBufferBlock
			blockRules := uniform && blockDeco
			bufferRules := (uniform && bufferDeco) || ((pushConstant || storageBuffer || physical || workgroup) && blockDeco)
			if uniform && blockDeco {
				c.uniformBlockPtrs[pt] = true
			}
			if (uniform && bufferDeco) || ((storageBuffer || physical) && blockDeco) {
				c.storageBufferPtrs[pt] = true
			}
			if !blockRules && !bufferRules {
				continue
			}
			name := "Block"
			if bufferDeco {
				name = "BufferBlock"
			}
			st := c.def(id)
			if c.missingOffset(id, 0) {
				return c.errorf(RuleBlock, st, "a struct decorated %s must be laid out with Offset decorations", name)
			}
			if !c.requiredDeco(id, func(d spv.Decoration) bool { return d == spv.DecorationArrayStride }, spv.OpTypeArray, 0) {
				return c.errorf(RuleBlock, st, "a struct decorated %s must be laid out with ArrayStride decorations", name)
			}
			if !c.requiredDeco(id, func(d spv.Decoration) bool { return d == spv.DecorationMatrixStride }, spv.OpTypeMatrix, 0) {
				return c.errorf(RuleBlock, st, "a struct decorated %s must be laid out with MatrixStride decorations", name)
			}
			if !c.requiredDeco(id, func(d spv.Decoration) bool { return d == spv.DecorationRowMajor || d == spv.DecorationColMajor }, spv.OpTypeMatrix, 0) {
				return c.errorf(RuleBlock, st, "a struct decorated %s must be laid out with RowMajor or ColMajor decorations", name)
			}
			if c.vulkan {
				scalar := c.opts.ScalarBlockLayout
				if workgroup {
					scalar = c.opts.WorkgroupScalarBlockLayout
				}
				lc := &layoutCheck{c: c, sc: scName, deco: name, blockRules: blockRules, scalar: scalar, constraints: constraints}
				if err := lc.check(id, 0, 0); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (c *checker) pointerToUniformBlock(pt ID) bool  { return c.uniformBlockPtrs[pt] }
func (c *checker) pointerToStorageBuffer(pt ID) bool { return c.storageBufferPtrs[pt] }
func (c *checker) pointerToStorageImage(pt ID) bool {
	p, sc, ok := c.pointerInfo(pt)
	if !ok || sc != spv.StorageClassUniformConstant {
		return false
	}
	if d := c.def(p); d != nil && (d.Op == spv.OpTypeArray || d.Op == spv.OpTypeRuntimeArray) {
		p = opID(d, 0)
	}
	d := c.def(p)
	return d != nil && d.Op == spv.OpTypeImage && opWord(d, 5) == 2
}

func (c *checker) memberConstraintsStruct(cons map[memberKey]matrixLayout, st ID, inherited matrixLayout, depth int) {
	if depth > 64 {
		return
	}
	for i, m := range c.structMembers(st) {
		k := memberKey{st, uint32(i)}
		ml := inherited
		for _, d := range c.decos[st] {
			if d.member != int32(i) {
				continue
			}
			switch d.kind {
			case spv.DecorationRowMajor:
				ml.rowMajor = true
			case spv.DecorationColMajor:
				ml.rowMajor = false
			case spv.DecorationMatrixStride:
				if len(d.params) > 0 {
					ml.stride = d.params[0].Word
				}
			}
		}
		cons[k] = ml
		c.memberConstraintsType(cons, m.ID(), inherited, depth+1)
	}
}

func (c *checker) memberConstraintsType(cons map[memberKey]matrixLayout, t ID, inherited matrixLayout, depth int) {
	d := c.def(t)
	if d == nil || depth > 64 {
		return
	}
	switch d.Op {
	case spv.OpTypeArray, spv.OpTypeRuntimeArray:
		c.memberConstraintsType(cons, opID(d, 0), inherited, depth+1)
	case spv.OpTypeStruct:
		c.memberConstraintsStruct(cons, t, inherited, depth+1)
	}
}

// missingOffset reports whether a struct (or array of structs) lacks an
// Offset on some member, recursively.
func (c *checker) missingOffset(t ID, depth int) bool {
	d := c.def(t)
	if d == nil || depth > 64 {
		return false
	}
	var members []ID
	var has []bool
	switch d.Op {
	case spv.OpTypeStruct:
		has = make([]bool, len(d.Operands))
		for _, o := range d.Operands {
			members = append(members, o.ID())
		}
		for _, dec := range c.decos[t] {
			if dec.kind == spv.DecorationOffset && dec.member >= 0 && int(dec.member) < len(has) {
				if len(dec.params) > 0 && dec.params[0].Word == 0xffffffff {
					return true
				}
				has[dec.member] = true
			}
		}
	case spv.OpTypeArray, spv.OpTypeRuntimeArray:
		members = []ID{opID(d, 0)}
	}
	for _, m := range members {
		if c.missingOffset(m, depth+1) {
			return true
		}
	}
	for _, h := range has {
		if !h {
			return true
		}
	}
	return false
}

// requiredDeco reports whether every member of type op of the struct (and
// of nested structs) carries a decoration accepted by ok, on the member
// or on the member's type.
func (c *checker) requiredDeco(st ID, ok func(spv.Decoration) bool, op spv.Op, depth int) bool {
	if depth > 64 {
		return true
	}
	members := c.structMembers(st)
	for i, m := range members {
		if c.opOf(m.ID()) != op {
			continue
		}
		found := false
		for _, d := range c.decos[m.ID()] {
			if ok(d.kind) {
				found = true
			}
		}
		for _, d := range c.decos[st] {
			if ok(d.kind) && d.member == int32(i) {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	for _, m := range members {
		if c.isType(m.ID(), spv.OpTypeStruct) && !c.requiredDeco(m.ID(), ok, op, depth+1) {
			return false
		}
	}
	return true
}

// layoutCheck checks one block's explicit layout.
type layoutCheck struct {
	c           *checker
	sc, deco    string
	blockRules  bool // uniform buffer (std140) rules; else storage buffer (std430)
	scalar      bool
	constraints map[memberKey]matrixLayout
}

func (lc *layoutCheck) relaxed() bool {
	return lc.c.opts.RelaxBlockLayout || lc.c.feat.envRelaxedBlockLayout
}

func (lc *layoutCheck) fail(st ID, member uint32, format string, args ...any) error {
	rules := "standard"
	switch {
	case lc.scalar:
		rules = "scalar"
	case lc.relaxed():
		rules = "relaxed"
	}
	kind := "storage buffer"
	if lc.blockRules {
		kind = "uniform buffer"
	}
	e := lc.c.errorf(RuleBlock, lc.c.def(st), "struct %%%d decorated %s in the %s storage class must follow the %s %s layout rules: member %d ", st, lc.deco, lc.sc, rules, kind, member)
	e.Msg += sprintf(format, args...)
	return e
}

func roundUp(x, a uint32) uint32 {
	if a == 0 {
		return x
	}
	return (x + a - 1) / a * a
}

// baseAlignment is the std140 (roundUp) or std430 base alignment of t.
func (lc *layoutCheck) baseAlignment(t ID, roundUp16 bool, inherited matrixLayout, depth int) uint32 {
	c := lc.c
	d := c.def(t)
	if d == nil || depth > 64 {
		return 1
	}
	a := uint32(1)
	switch d.Op {
	case spv.OpTypeInt, spv.OpTypeFloat:
		a = opWord(d, 0) / 8
	case spv.OpTypeVector:
		n := opWord(d, 1)
		if n == 3 {
			n = 4
		}
		a = lc.baseAlignment(opID(d, 0), roundUp16, inherited, depth+1) * n
	case spv.OpTypeMatrix:
		if !inherited.rowMajor {
			a = lc.baseAlignment(opID(d, 0), roundUp16, inherited, depth+1)
		} else {
			cols := opWord(d, 1)
			if cols == 3 {
				cols = 4
			}
			col := c.def(opID(d, 0))
			comp := ID(0)
			if col != nil {
				comp = opID(col, 0)
			}
			a = lc.baseAlignment(comp, roundUp16, inherited, depth+1) * cols
		}
		if roundUp16 {
			a = roundUp(a, 16)
		}
	case spv.OpTypeArray, spv.OpTypeRuntimeArray:
		a = lc.baseAlignment(opID(d, 0), roundUp16, inherited, depth+1)
		if roundUp16 {
			a = roundUp(a, 16)
		}
	case spv.OpTypeStruct:
		for i, m := range d.Operands {
			ml := lc.constraints[memberKey{t, uint32(i)}]
			a = max(a, lc.baseAlignment(m.ID(), roundUp16, ml, depth+1))
		}
		if roundUp16 {
			a = roundUp(a, 16)
		}
	case spv.OpTypePointer:
		a = 8 // PhysicalStorageBuffer64
	case spv.OpTypeImage, spv.OpTypeSampler, spv.OpTypeSampledImage:
		return lc.handleSize()
	}
	return a
}

// handleSize is the size and alignment of an image or sampler handle in a
// block: the bindless addressing mode's with BindlessTextureNV, else 0
// (which no offset but 0 is aligned to, as with spirv-val).
func (lc *layoutCheck) handleSize() uint32 {
	if !lc.c.hasCap(spv.CapabilityBindlessTextureNV) {
		return 0
	}
	for in := range lc.c.m.All() {
		if in.Op == spv.OpSamplerImageAddressingModeNV {
			return opWord(in, 0) / 8
		}
	}
	return 0
}

func (lc *layoutCheck) scalarAlignment(t ID, depth int) uint32 {
	c := lc.c
	d := c.def(t)
	if d == nil || depth > 64 {
		return 1
	}
	switch d.Op {
	case spv.OpTypeInt, spv.OpTypeFloat:
		return opWord(d, 0) / 8
	case spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeArray, spv.OpTypeRuntimeArray:
		return lc.scalarAlignment(opID(d, 0), depth+1)
	case spv.OpTypeStruct:
		a := uint32(1)
		for _, m := range d.Operands {
			a = max(a, lc.scalarAlignment(m.ID(), depth+1))
		}
		return a
	case spv.OpTypePointer:
		return 8
	case spv.OpTypeImage, spv.OpTypeSampler, spv.OpTypeSampledImage:
		return lc.handleSize()
	}
	return 1
}

func (lc *layoutCheck) size(t ID, inherited matrixLayout, depth int) uint32 {
	c := lc.c
	d := c.def(t)
	if d == nil || depth > 64 {
		return 0
	}
	switch d.Op {
	case spv.OpTypeInt, spv.OpTypeFloat:
		return opWord(d, 0) / 8
	case spv.OpTypeImage, spv.OpTypeSampler, spv.OpTypeSampledImage:
		return lc.handleSize()
	case spv.OpTypeVector:
		return lc.size(opID(d, 0), inherited, depth+1) * opWord(d, 1)
	case spv.OpTypeArray:
		ld := c.def(opID(d, 1))
		if ld == nil || isSpecConstantOp(ld.Op) || ld.Op != spv.OpConstant {
			return 0
		}
		n := opWord(ld, 0)
		stride, _ := c.decoParam(t, -1, spv.DecorationArrayStride)
		return (n-1)*stride + lc.size(opID(d, 0), inherited, depth+1)
	case spv.OpTypeRuntimeArray:
		return 0
	case spv.OpTypeMatrix:
		cols := opWord(d, 1)
		if !inherited.rowMajor {
			return cols * inherited.stride
		}
		col := c.def(opID(d, 0))
		if col == nil {
			return 0
		}
		rows := opWord(col, 1)
		return (rows-1)*inherited.stride + cols*lc.size(opID(col, 0), inherited, depth+1)
	case spv.OpTypeStruct:
		if len(d.Operands) == 0 {
			return 0
		}
		last := uint32(len(d.Operands) - 1)
		off, _ := c.decoParam(t, int32(last), spv.DecorationOffset)
		ml := lc.constraints[memberKey{t, last}]
		return off + lc.size(d.Operands[last].ID(), ml, depth+1)
	case spv.OpTypePointer:
		return 8
	}
	return 0
}

func (lc *layoutCheck) improperStraddle(t ID, offset uint32, ml matrixLayout) bool {
	size := lc.size(t, ml, 0)
	first, last := offset, offset+size-1
	if size <= 16 {
		return first>>4 != last>>4
	}
	return first%16 != 0
}

func alignedTo(offset, a uint32) bool {
	if a == 0 {
		return offset == 0
	}
	return offset%a == 0
}

// check checks the struct st placed at incoming.
func (lc *layoutCheck) check(st ID, incoming uint32, depth int) error {
	if lc.c.opts.SkipBlockLayout || depth > 32 {
		return nil
	}
	c := lc.c
	blockRules := lc.blockRules
	if c.opts.UniformBufferStandardLayout {
		blockRules = false
	}
	relaxed := lc.relaxed()
	members := c.structMembers(st)
	type memberOffset struct{ member, offset uint32 }
	offsets := make([]memberOffset, len(members))
	for i := range members {
		off := uint32(0xffffffff)
		for _, d := range c.decos[st] {
			if d.member == int32(i) && d.kind == spv.DecorationOffset && len(d.params) > 0 {
				off = d.params[0].Word
			}
		}
		offsets[i] = memberOffset{uint32(i), incoming + off}
	}
	sort.SliceStable(offsets, func(i, j int) bool { return offsets[i].offset < offsets[j].offset })
	next := uint32(0)
	for _, mo := range offsets {
		idx, offset := mo.member, mo.offset
		id := members[idx].ID()
		ml := lc.constraints[memberKey{st, idx}]
		var alignment uint32
		if lc.scalar {
			alignment = lc.scalarAlignment(id, 0)
		} else {
			alignment = lc.baseAlignment(id, blockRules, ml, 0)
		}
		inst := c.def(id)
		if inst == nil {
			continue
		}
		op := inst.Op
		size := lc.size(id, ml, 0)
		if offset == 0xffffffff {
			return lc.fail(st, idx, "is missing an Offset decoration")
		}
		if !lc.scalar && relaxed && op == spv.OpTypeVector {
			if sa := lc.scalarAlignment(opID(inst, 0), 0); !alignedTo(offset, sa) {
				return lc.fail(st, idx, "at offset %d is not aligned to its scalar size %d", offset, sa)
			}
		} else if !alignedTo(offset, alignment) {
			return lc.fail(st, idx, "at offset %d is not aligned to %d", offset, alignment)
		}
		if offset < next {
			return lc.fail(st, idx, "at offset %d overlaps the previous member, which ends at %d", offset, next-1)
		}
		if !lc.scalar && relaxed && op == spv.OpTypeVector && lc.improperStraddle(id, offset, ml) {
			return lc.fail(st, idx, "is a vector straddling a 16-byte boundary at offset %d", offset)
		}
		if op == spv.OpTypeStruct {
			if err := lc.check(id, offset, depth+1); err != nil {
				return err
			}
		}
		if op == spv.OpTypeMatrix && !alignedTo(ml.stride, alignment) {
			return lc.fail(st, idx, "is a matrix with stride %d not aligned to %d", ml.stride, alignment)
		}
		arr, arrAlign := inst, alignment
		for k := 0; k < 64 && (arr.Op == spv.OpTypeArray || arr.Op == spv.OpTypeRuntimeArray); k++ {
			elemID := opID(arr, 0)
			elem := c.def(elemID)
			if elem == nil {
				break
			}
			stride := uint32(0)
			for _, d := range c.decos[arr.Result] {
				if d.kind == spv.DecorationArrayStride && len(d.params) > 0 {
					stride = d.params[0].Word
					if stride == 0 {
						return lc.fail(st, idx, "holds an array with stride 0")
					}
					if !alignedTo(stride, arrAlign) {
						return lc.fail(st, idx, "holds an array with stride %d not aligned to %d", stride, alignment)
					}
				}
			}
			n := uint32(0)
			if arr.Op == spv.OpTypeArray {
				_, _, n = c.evalInt32(opID(arr, 1))
			}
			n = max(n, 1)
			if elem.Op == spv.OpTypeStruct {
				var seen [16]bool
				for i := uint32(0); i < n; i++ {
					o := i*stride + offset
					if seen[o%16] {
						break
					}
					if err := lc.check(elemID, o, depth+1); err != nil {
						return err
					}
					seen[o%16] = true
				}
			}
			arr = elem
			if lc.scalar {
				arrAlign = lc.scalarAlignment(elemID, 0)
			} else {
				arrAlign = lc.baseAlignment(elemID, blockRules, ml, 0)
			}
			if es := lc.size(elemID, ml, 0); es > stride {
				return lc.fail(st, idx, "holds an array with stride %d but elements of size %d", stride, es)
			}
		}
		next = offset + size
		if !lc.scalar && (op == spv.OpTypeArray || op == spv.OpTypeStruct) {
			next = roundUp(next, alignment)
		}
	}
	return nil
}

// entryPointDecorations checks the decorations of each entry point's
// interface variables.
func (c *checker) entryPointDecorations() error {
	for _, ep := range c.entries {
		var builtinIn, builtinOut, wg, wgBlock, wgAliased int
		seen := map[ID]bool{}
		for _, id := range ep.iface {
			v := c.def(id)
			if v == nil || !isVariable(v.Op) {
				return c.errorf(RuleEntryPoint, ep.inst, "entry point interfaces must be OpVariables")
			}
			sc := spv.StorageClass(opWord(v, 0))
			if c.version >= spv.Version1_4 {
				if sc == spv.StorageClassFunction {
					return c.errorf(RuleEntryPoint, v, "OpEntryPoint interfaces should only list global variables")
				}
				if seen[id] {
					return c.errorf(RuleEntryPoint, v, "the interface %%%d is listed twice", id)
				}
				seen[id] = true
			} else if sc != spv.StorageClassInput && sc != spv.StorageClassOutput {
				return c.errorf(RuleEntryPoint, v, "before SPIR-V 1.4, entry point interfaces must be Input or Output variables")
			}
			t, _, _ := c.pointerInfo(v.Type)
			td := c.def(t)
			if td != nil && td.Op == spv.OpTypeStruct && c.builtinStruct(t) {
				if !c.hasAnyDeco(t, spv.DecorationBlock) {
					return c.errorf(RuleInterface, td, "an interface struct with BuiltIn members needs the Block decoration (VUID-StandaloneSpirv-Location-04919)")
				}
				if sc == spv.StorageClassInput {
					builtinIn++
				}
				if sc == spv.StorageClassOutput {
					builtinOut++
				}
				if builtinIn > 1 || builtinOut > 1 {
					break
				}
				if err := c.builtinVariableDecorations(v); err != nil {
					return err
				}
			} else if c.hasAnyDeco(id, spv.DecorationBuiltIn) {
				if err := c.builtinVariableDecorations(v); err != nil {
					return err
				}
			}
			if sc == spv.StorageClassWorkgroup {
				wg++
				if td != nil && td.Op == spv.OpTypeStruct {
					if c.hasDecoDeep(t, spv.DecorationBlock, 0) {
						wgBlock++
					}
					if c.hasDecoDeep(id, spv.DecorationAliased, 0) {
						wgAliased++
					}
				}
			}
			if c.vulkan {
				models := c.modelsOf(ep.fn)
				hasFrag, hasVert := models[spv.ExecutionModelFragment], models[spv.ExecutionModelVertex]
				for _, d := range c.decos[id] {
					switch d.kind {
					case spv.DecorationFlat, spv.DecorationNoPerspective, spv.DecorationSample, spv.DecorationCentroid:
						if sc == spv.StorageClassInput && (len(models) > 1 || hasVert) {
							return c.errorf(RuleInterface, v, "%s must not decorate a vertex shader Input (VUID-StandaloneSpirv-Flat-06202)", d.kind)
						}
						if sc == spv.StorageClassOutput && (len(models) > 1 || hasFrag) {
							return c.errorf(RuleInterface, v, "%s must not decorate a fragment shader Output (VUID-StandaloneSpirv-Flat-06201)", d.kind)
						}
					}
				}
				if hasFrag && sc == spv.StorageClassInput && !c.hasDecoDeep(id, spv.DecorationFlat, 0) &&
					((c.isFloatScalar(t) && c.bitWidth(t) == 64) || c.isIntScalarOrVector(t)) {
					return c.errorf(RuleInterface, v, "a fragment shader's integer or 64-bit float Input must be Flat (VUID-StandaloneSpirv-Flat-04744)")
				}
			}
		}
		if builtinIn > 1 || builtinOut > 1 {
			return c.errorf(RuleInterface, ep.inst, "an entry point may have at most one Input and one Output struct with BuiltIn members")
		}
		for _, d := range c.decos[ep.fn] {
			if d.kind == spv.DecorationLinkageAttributes {
				return c.errorf(RuleDecorate, ep.inst, "an entry point function cannot have LinkageAttributes")
			}
		}
		if c.hasCap(spv.CapabilityWorkgroupMemoryExplicitLayoutKHR) && wg > 0 && wgBlock > 0 {
			if wg != wgBlock {
				return c.errorf(RuleVulkan, ep.inst, "with WorkgroupMemoryExplicitLayoutKHR, all or none of the entry point's Workgroup variables must be Block structs")
			}
			if wgBlock > 1 && wgBlock != wgAliased {
				return c.errorf(RuleVulkan, ep.inst, "with WorkgroupMemoryExplicitLayoutKHR, several Block Workgroup variables must all be Aliased")
			}
		}
	}
	return nil
}

// builtinStruct reports whether a struct type has BuiltIn members.
func (c *checker) builtinStruct(t ID) bool {
	for _, d := range c.decos[t] {
		if d.kind == spv.DecorationBuiltIn && d.member >= 0 {
			return true
		}
	}
	return false
}

func (c *checker) builtinVariableDecorations(v *builder.Inst) error {
	if !c.vulkan {
		return nil
	}
	for _, d := range c.decos[v.Result] {
		if d.kind == spv.DecorationLocation || d.kind == spv.DecorationComponent {
			return c.errorf(RuleInterface, v, "a BuiltIn variable cannot have Location or Component decorations (VUID-StandaloneSpirv-Location-04915)")
		}
	}
	return nil
}
