// Package layout is DXC's memory layout: where each member of an HLSL type
// goes in a buffer under each layout rule, and the lowering of HLSL types to
// SPIR-V types carrying the matching Offset, ArrayStride, MatrixStride and
// RowMajor/ColMajor decorations.
//
// Files: rule.go holds the rule table (Rule, RulesFor); calc.go sizes,
// alignments and offsets under a rule; lower.go the lowering of HLSL types
// and buffer blocks to decorated SPIR-V types.
//
// # Rules
//
// A buffer's rule depends on its kind and on the -fvk-use-*-layout flags
// (RulesFor):
//
//	                       default    -fvk-use-gl-layout  -fvk-use-dx-layout  -fvk-use-scalar-layout
//	cbuffer, $Globals      VkStd140   GLStd140            DXCBuffer           Scalar
//	tbuffer                VkStd430   GLStd430            DXCBuffer           Scalar
//	structured, byte-address,
//	push constants         VkStd430   GLStd430            DXSBuffer           Scalar
//	locals, statics, I/O   Void (no layout decorations, bool stays OpTypeBool)
//
// Each rule on struct { float a; float3 b; float2x3 m; float c[2]; }
// (offsets of a, b, m, c; m is column_major, the default):
//
//   - GLStd140 (strict std140): 0, 16, 32, 80. Vectors align to 2 or 4
//     components, arrays and structs to 16 bytes, array elements and matrix
//     columns 16 bytes apart.
//   - VkStd140 (dxc's default for cbuffers): 0, 4, 16, 64. As std140, but
//     a vector aligns to its component, moving to the next 16-byte boundary
//     only if it would cross one (fit in 16 bytes) or not start on one (be
//     larger): b packs after a. Valid under Vulkan's relaxed block layout
//     (core from Vulkan 1.1; spirv-val --relax-block-layout for 1.0).
//   - GLStd430: 0, 16, 32, 56. std140 without the 16-byte rounding of
//     arrays and structs: c has stride 4, m 8-byte columns.
//   - VkStd430 (dxc's default for storage buffers and push constants): 0,
//     4, 16, 40. std430 with the same vector relaxation.
//   - DXCBuffer (fxc cbuffer packing): 0, 4, 16, 64. 16-byte registers;
//     scalars and vectors pack into the current register unless they would
//     cross it; matrices and arrays start a register per column or element,
//     but their last one is not padded, and structs are not padded at the
//     end, so what follows may share it (c is 20 bytes long, not 32).
//     A float1xN is N one-float registers: an array of float with stride 16.
//   - DXSBuffer (fxc structured buffer packing): 0, 4, 16, 40. Everything
//     aligned to its component, C-like; matrices packed.
//   - Scalar (VK_EXT_scalar_block_layout): 0, 4, 16, 40. Like DXSBuffer;
//     struct sizes are rounded to the struct's alignment.
//
// Relaxed offsets are relative to the enclosing struct, and under VkStd430 a
// struct may start at any multiple of its alignment, so a vector placed well
// inside its struct can still cross a 16-byte boundary of the buffer. dxc
// emits that invalid SPIR-V (DirectXShaderCompiler#2639); Lowerer refuses
// such a block with an error naming the member and its byte offset.
//
// DXCBuffer, DXSBuffer and Scalar need the application to enable
// VK_EXT_scalar_block_layout (spirv-val --scalar-block-layout;
// Rule.ValidatorFlags says which options a rule needs).
//
// # Matrices
//
// HLSL matrices are emitted transposed: an HLSL floatRxC is an OpTypeMatrix
// of R vectors of C floats. So an HLSL column_major matrix (the default; -Zpr
// makes row_major the default) is decorated RowMajor, and row_major ColMajor
// (Calculator.SPIRVRowMajor). MatrixStride is the distance between the
// stored vectors. Non-float matrices are arrays of their rows; they cannot
// hold column-major data, so a column-major one in a buffer is dxc's error
// ErrNonFloatColumnMajor. One-component vectors and 1x1 matrices are
// scalars, 1xN and Nx1 matrices vectors. -fspv-use-legacy-buffer-matrix-order
// changes only how byte-address buffer loads assemble matrices, not layout.
//
// # Explicit placement
//
// [[vk::offset(N)]] (on struct fields, through Calculator.VkOffset, or on
// block members) places a member at byte N; packoffset(cR.x) at 16R+4x;
// register(cR) (for $Globals) at 16R, the unplaced members following the
// highest placed one. Overlaps are dxc's errors, a misaligned vk::offset its
// warning; they are reported in Calculator.Diagnostics with the struct and
// member at fault, for the caller to position.
//
// # Bitfields
//
// HLSL 2021 bitfields (uint f : 3, widths through Calculator.BitWidth or
// Member.BitWidth) pack, as in dxc, into the previous field's member when
// that is a bitfield of the same type with bits left: MemberLayout gives the
// shared SPIR-V member (Index, named after its first field) and the bits
// (BitOffset, BitWidth); Calculator.MemberIndex maps a field to its member.
//
// # Use
//
//	calc := layout.NewCalculator(layout.Options{Enable16BitTypes: use16, DefaultRowMajor: zpr})
//	rules := layout.RulesFor(layout.Flags{UseDXLayout: dx})
//	low := layout.NewLowerer(mb, calc, rules)
//	cbuf, err := low.Block(layout.BlockSpec{Name: "type.MyCBuffer", Members: members,
//		Rule: rules.CBuffer, Interface: layout.UniformBlock})
//	sbuf, err := low.Type(structuredBufferType, rules.SBuffer) // "type.StructuredBuffer.S"
//	local, err := low.Type(s, layout.Void)                     // "S" without decorations
//
// The same HLSL struct lowered under two rules gives two SPIR-V structs, both
// named after it (spirv-dis shows them as %S and %S_0), as in dxc, unless
// the two layouts happen to agree. Block names follow dxc: "type.<cbuffer
// name>", "type.$Globals", "type.PushConstant.<struct>",
// "type.ConstantBuffer.<struct>", "type.StructuredBuffer.<element>"
// (the last two made by Type), "type.ACSBuffer.counter" (Counter).
//
// Where this package does better than dxc (each pinned by a test): a
// double matrix in an fxc cbuffer spans its real size instead of
// overlapping the next member; arrays of arrays of matrices carry
// MatrixStride; relaxed straddles are refused instead of emitted.
package layout
