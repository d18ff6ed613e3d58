// Package builder builds SPIR-V modules in memory and serialises them.
// It is the only way codegen produces SPIR-V. The layers, bottom up:
//
//   - spv (subpackage): the grammar tables — opcodes, operand kinds,
//     enumerants, extended instruction sets — generated from the Khronos
//     JSON grammar.
//   - WordConsumer (consumer.go): the sink for words; WordSlice collects
//     them in memory, WordWriter writes little-endian bytes to an io.Writer.
//   - InstBuilder (encode.go): encodes one instruction from typed Operands
//     (operand.go: Ref, Lit, Lit64, F32, F64, Str, Enum, Pair), checking every operand's kind and
//     count against the grammar — enumerant parameters, optional and
//     variadic operands, OpSpecConstantOp's inner opcode, extended
//     instructions, context-dependent literal widths — and returning an
//     *EncodeError instead of writing a malformed instruction. The forms
//     most instructions take (ids only, then perhaps one-word literals;
//     common decorations, names, constants, pointer types, variables,
//     merges, extended instructions of ids) are checked and written
//     without walking the grammar, to the same words and verdicts. Its
//     Check (encode_check.go) gives the same verdict without the words:
//     builders check everything they make.
//   - Module (ir.go): the IR. Sections in the specification's layout order;
//     functions of blocks of *Inst (opcode, result type, result id,
//     operands). Passes walk it (All, ForEachUse), find definitions and uses
//     (Defs, Uses), rewrite ids in place and delete instructions (DeleteIf).
//   - Context (context.go): allocates ids and interns types, constants, OpUndef,
//     decorations and names, so each distinct one is emitted once. Structs
//     are interned by their whole description (name, members, member names,
//     decorations), arrays by their stride too, so one HLSL type used under
//     two layouts gives two SPIR-V types. Spec constants are never merged.
//   - ModuleBuilder (module.go): a Context plus the module-level sections (capabilities,
//     extensions, imports, memory model, entry points, execution modes,
//     debug instructions, global variables) and FunctionBuilders, which
//     keep an insertion block and build structured control flow with the
//     merge instructions in place (BeginIf/Else/EndIf, BeginLoop/LoopTest/
//     BeginContinue/EndLoop, BeginSwitch/EndSwitch). Function variables go
//     to the top of the entry block wherever they are declared.
//   - Pass helpers: InferCapabilities (caps.go) declares the capabilities and
//     extensions the instructions and enumerants used need, from the
//     grammar tables (plus the few rules the grammar cannot express, as DXC
//     has them); InterfaceVariables (interface.go) computes an entry point's
//     interface through its call graph; MinVersion (version.go) the SPIR-V
//     version the features used need; Context/ModuleBuilder.DeleteIf delete instructions and
//     forget them in the interning tables; the type queries (typeinfo.go:
//     ElementType, Pointee, ScalarWidth...) answer from the interned
//     definitions.
//   - Load (load.go): any valid module, as words or bytes, becomes a
//     Module; serialising it gives back the same words. Module.Settle
//     makes a module built here what loading its words would give (a
//     compiler hands its module to the passes that way, without words).
//     Edit (intern.go)
//     returns a ModuleBuilder over an existing module with the interning
//     tables rebuilt from it.
//   - Editing (edit.go): every block instruction links to its block
//     (Inst.Block) and every block to its function (Block.Func); Link
//     restores the links, Block.InsertAt/InsertBefore/InsertAfter/Append/
//     Replace/Remove edit in place, Module.Compact sweeps out what
//     DefUse.Kill deleted. An InstSet is a set of instructions stamped in
//     the instructions themselves, for analyses that ask about many.
//   - Analyses, built on demand and cached: DefUse (defuse.go), the def-use
//     chains, which follow edits made through the builder and the editing
//     methods; per function (InvalidateCFG drops them; KeepCFGIfCurrent,
//     now or on next use with CheckCFGOnNextUse, drops them only if the
//     blocks or branches changed since they were built), the CFG (cfg.go),
//     dominator and post-dominator trees (dominators.go), the structured
//     construct tree of the specification's section 2.11 (constructs.go)
//     and the loop nest (loops.go).
//   - Verify (verify.go): cheap structural checks (ids defined once and before use at
//     module level, blocks terminated, merges before branches, variables at
//     the top of the entry block) so a codegen or pass bug is an error, not
//     invalid SPIR-V. ModuleBuilder.Serialize runs it. VerifyIR adds what
//     passes must keep (links, SSA dominance, OpPhi predecessors, def-use
//     chains), for tests to run between passes.
//   - Serialize (serialize.go): writes the header (magic, version, generator, bound, 0) and
//     every section through an InstBuilder to a WordConsumer.
//
// Building never panics on bad input: the first error sticks in the
// ModuleBuilder (Err), the failing call returns id 0, and Serialize returns
// the error. Emitting after a terminator is such an error: code after a
// return/break/continue (which DXC drops) must be skipped by the caller
// (FunctionBuilder.Terminated) or given a new block.
//
// A minimal fragment shader:
//
//	b := builder.New(spv.Version1_0)
//	b.Capability(spv.CapabilityShader)
//	b.MemoryModel(spv.AddressingModelLogical, spv.MemoryModelGLSL450)
//	v4 := b.TypeVector(b.TypeFloat(32), 4)
//	out := b.GlobalVariable(b.TypePointer(spv.StorageClassOutput, v4), spv.StorageClassOutput, "out.var.SV_Target", 0)
//	b.Decorate(out, spv.DecorationLocation, builder.Lit(0))
//	f := b.Function("main", b.TypeVoid(), spv.FunctionControlNone)
//	f.StartBlock(f.NewBlock("bb.entry"))
//	one := b.ConstFloat32(1)
//	f.Store(out, b.ConstComposite(v4, one, one, one, one))
//	f.Return()
//	f.End()
//	b.EntryPoint(spv.ExecutionModelFragment, f.ID(), "main", out)
//	b.ExecutionMode(f.ID(), spv.ExecutionModeOriginUpperLeft)
//	spirv, err := b.Bytes()
package builder
