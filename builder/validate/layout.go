package validate

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Module layout (section 2.4) beyond what the IR's shape already enforces,
// the universal limits (section 2.17), and each instruction's needs in
// capabilities, extensions and versions.

// Universal limits spirv-val applies by default.
const (
	maxStructMembers = 16383
	maxStructDepth   = 255
	maxSwitchTargets = 16383
	maxLocalVars     = 524287
	maxGlobalVars    = 65535
	maxFunctionArgs  = 255
)

// staticPass checks each instruction's place and needs.
func (c *checker) staticPass() error {
	seenDefinition := false
	for _, f := range c.m.Functions {
		if len(f.Blocks) > 0 {
			seenDefinition = true
		} else if seenDefinition {
			return c.errorf(RuleLayout, f.Def, "function declarations must come before function definitions")
		}
	}
	depth := map[ID]int{}
	locals, globals := 0, 0
	for i := range c.order {
		l := &c.order[i]
		in := l.in
		if err := c.placement(l); err != nil {
			return err
		}
		if in.Op != spv.OpLabel {
			if err := c.instructionNeeds(in); err != nil {
				return err
			}
		}
		switch in.Op {
		case spv.OpTypeStruct:
			if len(in.Operands) > maxStructMembers {
				return c.errorf(RuleLimit, in, "a struct has %d members, more than the limit %d", len(in.Operands), maxStructMembers)
			}
			d := 0
			for _, o := range in.Operands {
				if x := depth[o.ID()]; x > d {
					d = x
				}
			}
			depth[in.Result] = d + 1
			if d+1 > maxStructDepth {
				return c.errorf(RuleLimit, in, "struct nesting depth %d exceeds %d", d+1, maxStructDepth)
			}
		case spv.OpSwitch:
			if len(in.Operands)-2 > maxSwitchTargets {
				return c.errorf(RuleLimit, in, "OpSwitch has %d targets, more than the limit %d", len(in.Operands)-2, maxSwitchTargets)
			}
		case spv.OpVariable:
			if spv.StorageClass(opWord(in, 0)) == spv.StorageClassFunction {
				locals++
			} else {
				globals++
			}
			if locals > maxLocalVars || globals > maxGlobalVars {
				return c.errorf(RuleLimit, in, "too many variables")
			}
		case spv.OpExtInstImport:
			if name := opStr(in, 0); c.version <= spv.Version1_5 && !c.hasExt("SPV_KHR_non_semantic_info") && len(name) >= 12 && name[:12] == "NonSemantic." {
				return c.errorf(RuleExtInst, in, "a NonSemantic instruction set needs SPV_KHR_non_semantic_info before SPIR-V 1.6")
			}
		}
	}
	return nil
}

// localDebugInfo reports whether an OpExtInst of a debug-info set is one
// that lives in a function (DebugScope, DebugDeclare...).
func (c *checker) localDebugInfo(in *builder.Inst) bool {
	n := opWord(in, 1)
	switch c.extSetOf(in) {
	case "OpenCL.DebugInfo.100":
		switch n {
		case uint32(spv.OpenCLDebugInfo100DebugScope), uint32(spv.OpenCLDebugInfo100DebugNoScope),
			uint32(spv.OpenCLDebugInfo100DebugDeclare), uint32(spv.OpenCLDebugInfo100DebugValue):
			return true
		}
	case "NonSemantic.Shader.DebugInfo.100":
		switch n {
		case uint32(spv.NonSemanticShaderDebugInfo100DebugScope), uint32(spv.NonSemanticShaderDebugInfo100DebugNoScope),
			uint32(spv.NonSemanticShaderDebugInfo100DebugDeclare), uint32(spv.NonSemanticShaderDebugInfo100DebugValue),
			uint32(spv.NonSemanticShaderDebugInfo100DebugLine), uint32(spv.NonSemanticShaderDebugInfo100DebugNoLine),
			uint32(spv.NonSemanticShaderDebugInfo100DebugFunctionDefinition):
			return true
		}
	case "DebugInfo":
		switch n {
		case 23, 24, 28, 29: // DebugScope, DebugNoScope, DebugDeclare, DebugValue
			return true
		}
	}
	return false
}

// placement checks that an instruction may be where it is.
func (c *checker) placement(l *located) error {
	in := l.in
	op := in.Op
	typeSection := generatesType(op) || isConstantOp(op) || op == spv.OpTypeForwardPointer || laterConstantOp(op)
	switch {
	case l.fn == 0:
		// Module level: the IR's sections hold their own opcodes; the
		// types section holds types, constants, variables, OpUndef and
		// some extended instructions.
		switch op {
		case spv.OpExtInst, spv.OpExtInstWithForwardRefsKHR:
			if c.isDebugInfo(in) {
				if c.localDebugInfo(in) {
					return c.errorf(RuleLayout, in, "DebugScope, DebugNoScope, DebugDeclare and DebugValue must be in a function")
				}
			} else if !c.isNonSemantic(in) {
				return c.errorf(RuleLayout, in, "%s must be in a block", op)
			}
		case spv.OpVariable, spv.OpUntypedVariableKHR, spv.OpUndef, spv.OpLine, spv.OpNoLine:
		default:
			if sectionOp(op) {
				return nil
			}
			if !typeSection {
				return c.errorf(RuleLayout, in, "%s must be in a block", op)
			}
		}
	case typeSection || sectionOp(op):
		return c.errorf(RuleLayout, in, "%s may not be in a function", op)
	case isExtInst(op) && c.isDebugInfo(in):
		if !c.localDebugInfo(in) {
			return c.errorf(RuleLayout, in, "debug-info instructions other than DebugScope, DebugNoScope, DebugDeclare and DebugValue must be between the types and the functions")
		}
	case l.blk == 0 && op != spv.OpFunction && op != spv.OpFunctionParameter:
		if isExtInst(op) && c.isNonSemantic(in) {
			return c.errorf(RuleLayout, in, "a non-semantic instruction in a function must be in a block")
		}
		return c.errorf(RuleLayout, in, "a function must begin with a label")
	}
	return nil
}

// sectionOp reports whether op belongs to a module-level section before
// the types.
func sectionOp(op spv.Op) bool {
	switch op {
	case spv.OpCapability, spv.OpExtension, spv.OpExtInstImport, spv.OpMemoryModel, spv.OpEntryPoint,
		spv.OpExecutionMode, spv.OpExecutionModeId, spv.OpSourceContinued, spv.OpSource,
		spv.OpSourceExtension, spv.OpString, spv.OpName, spv.OpMemberName, spv.OpModuleProcessed,
		spv.OpDecorate, spv.OpMemberDecorate, spv.OpGroupDecorate, spv.OpGroupMemberDecorate,
		spv.OpDecorationGroup, spv.OpDecorateId, spv.OpDecorateString, spv.OpMemberDecorateString,
		spv.OpSamplerImageAddressingModeNV:
		return true
	}
	return false
}

// adjacency checks what must (not) be next to what: OpPhi first in a
// non-entry block, OpVariable first in the entry block, merge
// instructions right before their branch.
func (c *checker) adjacency() error {
	for _, f := range c.m.Functions {
		for bi, b := range f.Blocks {
			status := 0 // 0: OpPhi/OpVariable may come; 1: not any more
			for i, in := range b.Insts {
				// A NonSemantic.Shader.DebugInfo.100 instruction attached
				// before this one ends the OpPhi/OpVariable prefix.
				for l := in.Line; l != nil; l = l.Line {
					if isExtInst(l.Op) && c.isNonSemantic(l) {
						status = 1
					}
				}
				switch in.Op {
				case spv.OpPhi:
					if bi == 0 || status != 0 {
						return c.errorf(RuleCFG, in, "OpPhi must be in a non-entry block before all other instructions (except OpLine)")
					}
				case spv.OpVariable:
					if spv.StorageClass(opWord(in, 0)) == spv.StorageClassFunction && (bi != 0 || status != 0) {
						return c.errorf(RuleMemory, in, "all OpVariable instructions of a function must be the first instructions of its first block")
					}
				case spv.OpLine, spv.OpNoLine:
				case spv.OpLoopMerge:
					status = 1
					if i+1 < len(b.Insts) {
						if n := b.Insts[i+1].Op; n != spv.OpBranch && n != spv.OpBranchConditional {
							return c.errorf(RuleStructured, in, "OpLoopMerge must come right before an OpBranch or OpBranchConditional")
						}
					}
				case spv.OpSelectionMerge:
					status = 1
					if i+1 < len(b.Insts) {
						if n := b.Insts[i+1].Op; n != spv.OpBranchConditional && n != spv.OpSwitch {
							return c.errorf(RuleStructured, in, "OpSelectionMerge must come right before an OpBranchConditional or OpSwitch")
						}
					}
				case spv.OpExtInst, spv.OpExtInstWithForwardRefsKHR:
					if !c.isDebugInfo(in) || c.extSetOf(in) == "NonSemantic.Shader.DebugInfo.100" {
						status = 1
					}
				default:
					status = 1
				}
			}
		}
	}
	return nil
}

// laterConstantOp reports the constant instructions of the grammar that
// spirv-val 2023.1 predates (string constants of work graphs, replicated
// composites): they belong with the types and constants.
func laterConstantOp(op spv.Op) bool {
	switch op {
	case spv.OpConstantStringAMDX, spv.OpSpecConstantStringAMDX, spv.OpConstantCompositeReplicateEXT, spv.OpSpecConstantCompositeReplicateEXT:
		return true
	}
	return false
}
