// Package opt is hlsl2spirv's SPIR-V optimizer: passes over builder.Module,
// named and behaving as spirv-opt's (SPIRV-Tools) passes do, and the
// pipelines DXC runs with them. It knows no HLSL: it imports builder only,
// so any module, ours or another tool's, can be optimized (hlsl2spirv -opt,
// or Run from Go).
//
// Files:
//   - pass.go: the Pass interface and the Context passes share (the
//     module, a builder over it for new types and constants, the def-use
//     chains), with helpers to make, replace and delete instructions.
//   - manager.go: Run, which runs a list of passes with the bookkeeping
//     between them (sweeping deleted instructions, dropping control-flow
//     analyses, skipping passes that would change nothing, -fspv-print-all,
//     verification in tests).
//   - registry.go: the table of passes by spirv-opt flag name; pipelines.go:
//     DXC's legalization and performance pipelines and the -Oconfig flag
//     parser.
//   - helpers the control-flow passes share: calltree.go (the functions
//     the entry points reach, in spirv-opt's order), structured.go
//     (spirv-opt's structured block order and structured-CFG analysis),
//     blocks.go (predecessors from the def-use chains, successors, phis,
//     making and deleting blocks), cfg_preds.go (predecessor lists edited
//     edge by edge as spirv-opt edits its CFG, loop-header splitting),
//     loop_analysis.go (a function's structured loops with their latch,
//     preheader, induction variable and trip count, as spirv-opt's
//     LoopDescriptor finds them),
//     debuginfo.go (rich debug information: line and scope chains,
//     DebugInfoNone, the reordering spirv-opt's debug-info manager does).
//   - one file per pass, named after it (compact_ids.go for
//     --compact-ids...), each with its SPIR-V-in, SPIR-V-out tests in the
//     _test.go file of the same name. Legalization and memory:
//     inline_entry_points_exhaustive.go, eliminate_local_single_block.go,
//     eliminate_local_single_store.go, scalar_replacement.go,
//     ssa_rewrite.go, convert_local_access_chains.go, private_to_local.go,
//     combine_access_chains.go, copy_propagate_arrays.go,
//     fix_storage_class.go, fix_func_call_param.go, reduce_load_size.go,
//     convert_to_sampled_image.go, interpolate_fixup.go,
//     invocation_interlock_placement.go, wrap_opkill.go. Control flow:
//     eliminate_dead_branches.go, merge_blocks.go, cfg_cleanup.go,
//     merge_return.go, if_conversion.go, loop_unroll.go. Values and dead
//     code: eliminate_dead_code_aggressive.go, dead_functions.go
//     (eliminate-dead-functions), eliminate_dead_inserts.go, vector_dce.go,
//     simplify_instructions.go, redundancy_elimination.go (and
//     local-redundancy-elimination), eliminate_dead_const.go,
//     unify_const.go, remove_unused_interface_variables.go. Stage
//     variables: interface_variable_scalar_replacement.go. Module-level:
//     trim_capabilities.go, spread_volatile_semantics.go,
//     fix_opextinst_opcodes.go, strip_debug.go, strip_nonsemantic.go.
//   - helpers passes share, answering as spirv-opt's analyses do:
//     structured.go (the structured block order and which construct,
//     loop or switch holds a block), combinators.go (which instructions
//     are pure, which are branches, which debug-info instruction an
//     OpExtInst is), pointers.go (the variable under a pointer),
//     unreachable.go (OpUndef per pass, deleting unreachable blocks),
//     debuginfo.go (debug scopes and lines as passes must keep them),
//     idtable.go (a table of values by id that passes empty per function
//     or block at the cost of the entries they set, and keep in the
//     Context between runs).
//   - what the memory passes share (spirv-opt's MemPass): mem.go (which
//     function variables can become SSA values, deleting a store with what
//     only it used, decorations by target, the functions the entry points
//     reach), mem_debug.go (DebugValue for variables leaving memory),
//     extensions.go (the extensions each memory pass knows), composites.go
//     (member counts and types of composite types, the member-by-member
//     copy of a value into a type of the same shape: spirv-opt's
//     GenerateCopy).
//   - the resource passes (descriptor_scalar_replacement.go,
//     replace_desc_array_access_using_var_index.go,
//     legalize_multidim_array.go) share the resource-variable questions of
//     descriptor_scalar_replacement.go (decorations by target, whether a
//     struct is a buffer's or one of resources).
//   - the folder (spirv-opt's InstructionFolder), which
//     simplify-instructions, ccp and the control-flow passes call:
//     fold.go (its API: FoldInstruction, FoldToConstant,
//     FoldToConstantIfFoldable), fold_const.go
//     (constant values), fold_const_rules.go (constant folding by opcode),
//     fold_rules.go (the algebraic and composite rules, a table by opcode).
//   - value_numbers.go: value numbers for the redundancy passes (spirv-opt's
//     ValueNumberTable).
//   - ccp.go holds, besides the pass, the SSA propagation engine
//     (spirv-opt's SSAPropagator: executable edges, blocks simulated once,
//     instructions again when an operand changes).
//   - block_edits.go: rebuilding a block once instead of inserting one
//     instruction at a time.
//   - legal_check.go: after legalization, what the driver does besides
//     passes: CheckPointers finds what the validator would refuse (a
//     logical pointer held in a variable or chosen by a phi or select, an
//     image or sampler chosen by one) and Chooser the instruction that
//     made the choice; ReloadJoinedHandles replaces a phi of loads of the
//     same texture by one load.
//   - bench_test.go: the generated module every pass benchmark runs over
//     at 1x, 4x and 16x size; mem_bench_test.go and resource_bench_test.go
//     the modules of the memory and resource passes' benchmarks;
//     legalization_test.go checks that the legalization pipeline makes
//     DXC-shaped -fcgl code (resources in locals and parameters, structs
//     of resources) valid.
//
// A pass keeps the def-use chains up to date (new instructions through the
// Context or the builder are registered; an instruction whose operands are
// rewritten in place is announced with DefUse.ForgetUses before and
// DefUse.AnalyzeUses after, AnalyzeUses alone costing a recheck of every
// user list; deletions go through DefUse.Kill). A pass that
// changes a function's blocks or branches calls Function.InvalidateCFG
// before asking for the function's CFG, dominators or constructs again.
// After a pass that changed the module the manager has every function's
// analyses checked against the function before their next use
// (Function.CheckCFGOnNextUse): they survive the passes that leave a
// function's control flow alone. The passes that never change control flow
// are listed in manager.go (cfgKeepingPasses) and spare that check, as does
// a run of any pass that says it kept control flow (Context.KeptCFG: ADCE
// when nothing it deleted was a branch); tests (RunOptions.Verify) hold
// them to it.
//
// Compiles share what they can (a batch runs many at once, on several
// goroutines): the default pipelines' pass values, made once (a pass is
// immutable configuration; what a run keeps, it keeps in its Context),
// and the Contexts of runs that ended, whose passes' scratch tables the
// next run reuses (each pass empties a table before it uses it).
// TestSharedPipelinesConcurrently holds them to it, under -race too.
package opt
