// Package validate checks SPIR-V modules against the rules of the SPIR-V
// specification (1.0 to 1.6) and of the Vulkan environment, as spirv-val
// checks them: the compiler runs it after every compile (unless -Vd or
// -fcgl), and tools reading SPIR-V (spirv2wgsl, the optimizer's -opt
// input) can run it on what they read. It works on the IR of package
// builder and knows no HLSL.
//
//	err := validate.Module(m, validate.Options{Env: validate.EnvVulkan1_2, RelaxBlockLayout: true})
//	var ve *validate.Error // Rule (a stable family name), Inst, Func, Msg
//
// Options mirror spirv-val's command line (OptionsFromArgs reads it):
// the target environment (vulkan1.0-1.3, spv1.0-1.6; by default the
// Vulkan environment of the module's version) and the block layout rules
// (strict std140/std430, relaxed, scalar, uniform buffer standard layout,
// skipped). Where the grammar has grown since spirv-val 2023.1 (new
// capabilities, types, storage classes, execution modes, decorations), the
// rules follow the current grammar and spirv-val's later releases.
//
// One validation walks the module in the order spirv-val does (check.go
// run): each pass stops at the first broken rule. On a big module the
// control-flow rules (graphs, structure, dominance of uses) are checked on
// a second goroutine beside the passes before them (cfg.go
// startControlFlow), and their outcome is taken in their turn: the rule
// reported is the same.
//
//	validate.go    the API: Env, Options, Error, Module, Words, OptionsFromArgs
//	rules.go       the Rule names an Error carries
//	source.go      the source position (OpLine, DebugLine) of an error's instruction
//	check.go       the checker's state and the order of the passes
//	grammar.go     capabilities (declared, implied, allowed by the environment),
//	               what each instruction and operand needs (versions, extensions)
//	ids.go         id rules: definitions, forward references, types where values go
//	layout.go      the module's layout: sections, placement, adjacency (OpPhi, merges)
//	typeq.go       type queries shared by the families
//	types.go       type declarations and constants
//	decorations.go decorations: targets, groups, exclusive pairs, Vulkan's Location,
//	               Component, Flat, DescriptorSet and Binding rules
//	blocklayout.go Block and BufferBlock layouts: std140, std430, relaxed, scalar
//	memory.go      variables, loads, stores, copies, access chains, pointers,
//	               storage classes and logical addressing
//	function.go    functions, parameters and calls
//	modes.go       entry points, execution modes, the call graph (no recursion in
//	               Vulkan), limitations by execution model and storage class
//	dispatch.go    the per-instruction pass and the small families (misc, literals)
//	arith.go       arithmetic, bitwise, logical, comparison and conversion instructions
//	composite.go   composite instructions
//	image.go       image types and instructions
//	sync.go        scopes, memory semantics, barriers, atomics, primitives,
//	               derivatives and non-uniform group instructions
//	extinst.go     extended instruction sets: GLSL.std.450, the debug-info sets
//	raytracing.go  ray tracing and ray query instructions
//	mesh.go        mesh and task shading instructions
//	cfg.go         control flow: blocks, branches, structured constructs and merges
//	               (spirv-val's augmented graph), back edges, OpPhi, dominance of uses
//	builtins.go    Vulkan built-in variables: type, storage class and execution
//	               model of each, followed through every use
//	interfaces.go  entry point interfaces and Vulkan Location/Component assignment
//
// The tests: rules_*_test.go hold one test per rule family, small modules in
// assembly (builder/asm) with the verdict expected, also judged by
// spirv-val when it is installed; corpus_test.go compares the validator
// with spirv-val over the test corpus (every golden output, the SPIR-V and
// glslang fixtures), over a folder given with -validate.corpus, and over
// mutants of them (internal/mutate; make validate-mutants runs the big
// campaign, TestMutantSmoke a small one).
package validate
