// Package binarytest builds SPIR-V modules word by word for the tests,
// fuzz seeds and benchmarks of the reader and the disassembler.
package binarytest

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Header returns a module header: SPIR-V version 1.x, the given bound.
func Header(minor uint32, bound uint32) []uint32 {
	return []uint32{spv.MagicNumber, 1<<16 | minor<<8, 7 << 16, bound, 0}
}

// Inst encodes one instruction: its first word from the operand count and
// op, then the operand words (use String for literal strings).
func Inst(op spv.Op, operands ...uint32) []uint32 {
	return append([]uint32{uint32(len(operands)+1)<<16 | uint32(op)}, operands...)
}

// String encodes a literal string: its bytes four to a word, lowest byte
// first, NUL-terminated and padded to a whole word.
func String(s string) []uint32 {
	words := make([]uint32, len(s)/4+1)
	for i := 0; i < len(s); i++ {
		words[i/4] |= uint32(s[i]) << (8 * (i % 4))
	}
	return words
}

// Cat concatenates word slices (operands built from parts).
func Cat(parts ...[]uint32) []uint32 {
	var n int
	for _, p := range parts {
		n += len(p)
	}
	out := make([]uint32, 0, n)
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// Module is a header (SPIR-V 1.5, bound 1000) followed by insts.
func Module(insts ...[]uint32) []uint32 {
	return Cat(append([][]uint32{Header(5, 1000)}, insts...)...)
}

// Bytes encodes words little-endian.
func Bytes(words []uint32) []byte { return builder.LittleEndian(words) }

// Synthetic returns a valid-looking shader module of about n words: types,
// named constants of several kinds, decorations, and many functions full of
// arithmetic, GLSL.std.450 calls, memory accesses with masks, composites,
// selections and OpPhi. It is the input of the reader and disassembler
// benchmarks.
func Synthetic(n int) []uint32 {
	const (
		idGLSL = iota + 1
		idVoid
		idBool
		idFloat
		idInt
		idUint
		idV4
		idFnVoid
		idPtrFnFloat
		idPtrPrivV4
		idPriv
		idF1
		idF2
		idI1
		idTrue
		idMain
		firstFree
	)
	next := uint32(firstFree)
	fresh := func() uint32 { next++; return next - 1 }
	// The module's sections, filled in any order, laid out in the order
	// SPIR-V requires.
	var head, debug, types, funcs []uint32
	add := func(section *[]uint32, op spv.Op, operands ...uint32) {
		*section = append(*section, Inst(op, operands...)...)
	}

	add(&head, spv.OpCapability, uint32(spv.CapabilityShader))
	add(&head, spv.OpExtInstImport, Cat([]uint32{idGLSL}, String("GLSL.std.450"))...)
	add(&head, spv.OpMemoryModel, uint32(spv.AddressingModelLogical), uint32(spv.MemoryModelGLSL450))
	add(&head, spv.OpEntryPoint, Cat([]uint32{uint32(spv.ExecutionModelGLCompute), idMain}, String("main"), []uint32{idPriv})...)
	add(&head, spv.OpExecutionMode, idMain, uint32(spv.ExecutionModeLocalSize), 64, 1, 1)
	add(&debug, spv.OpName, Cat([]uint32{idMain}, String("main"))...)
	add(&debug, spv.OpName, Cat([]uint32{idPriv}, String("state"))...)
	add(&types, spv.OpTypeVoid, idVoid)
	add(&types, spv.OpTypeBool, idBool)
	add(&types, spv.OpTypeFloat, idFloat, 32)
	add(&types, spv.OpTypeInt, idInt, 32, 1)
	add(&types, spv.OpTypeInt, idUint, 32, 0)
	add(&types, spv.OpTypeVector, idV4, idFloat, 4)
	add(&types, spv.OpTypeFunction, idFnVoid, idVoid)
	add(&types, spv.OpTypePointer, idPtrFnFloat, uint32(spv.StorageClassFunction), idFloat)
	add(&types, spv.OpTypePointer, idPtrPrivV4, uint32(spv.StorageClassPrivate), idV4)
	add(&types, spv.OpVariable, idPtrPrivV4, idPriv, uint32(spv.StorageClassPrivate))
	add(&types, spv.OpConstant, idFloat, idF1, 0x3f800000)
	add(&types, spv.OpConstant, idFloat, idF2, 0x3f000000)
	add(&types, spv.OpConstant, idInt, idI1, 0xffffffff)
	add(&types, spv.OpConstantTrue, idBool, idTrue)

	// Functions until the module is big enough; the entry point last.
	for len(head)+len(debug)+len(types)+len(funcs)+300 < n {
		f := fresh()
		add(&debug, spv.OpName, Cat([]uint32{f}, String("helper"))...)
		add(&funcs, spv.OpFunction, idVoid, f, uint32(spv.FunctionControlInline), idFnVoid)
		entry, then, merge := fresh(), fresh(), fresh()
		add(&funcs, spv.OpLabel, entry)
		v := fresh()
		add(&funcs, spv.OpVariable, idPtrFnFloat, v, uint32(spv.StorageClassFunction))
		acc := uint32(idF1)
		for i := 0; i < 8; i++ {
			a, b, c, d, e := fresh(), fresh(), fresh(), fresh(), fresh()
			add(&funcs, spv.OpFAdd, idFloat, a, acc, idF2)
			add(&funcs, spv.OpFMul, idFloat, b, a, a)
			add(&funcs, spv.OpExtInst, idFloat, c, idGLSL, 31 /* Sqrt */, b)
			add(&funcs, spv.OpStore, v, c, uint32(spv.MemoryAccessAligned), 4)
			add(&funcs, spv.OpLoad, idFloat, d, v, uint32(spv.MemoryAccessVolatile))
			add(&funcs, spv.OpCompositeConstruct, idV4, e, d, c, b, a)
			sh := fresh()
			add(&funcs, spv.OpVectorShuffle, idV4, sh, e, e, 0, 5, 2, 0xffffffff)
			x := fresh()
			add(&funcs, spv.OpCompositeExtract, idFloat, x, sh, 3)
			acc = x
		}
		add(&funcs, spv.OpSelectionMerge, merge, uint32(spv.SelectionControlFlatten))
		add(&funcs, spv.OpBranchConditional, idTrue, then, merge)
		add(&funcs, spv.OpLabel, then)
		t := fresh()
		add(&funcs, spv.OpFNegate, idFloat, t, acc)
		add(&funcs, spv.OpBranch, merge)
		add(&funcs, spv.OpLabel, merge)
		add(&funcs, spv.OpPhi, idFloat, fresh(), acc, entry, t, then)
		add(&funcs, spv.OpReturn)
		add(&funcs, spv.OpFunctionEnd)
	}
	add(&funcs, spv.OpFunction, idVoid, idMain, uint32(spv.FunctionControlNone), idFnVoid)
	add(&funcs, spv.OpLabel, fresh())
	add(&funcs, spv.OpReturn)
	add(&funcs, spv.OpFunctionEnd)
	return Cat(Header(5, next), head, debug, types, funcs)
}
