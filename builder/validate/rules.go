package validate

// A Rule names a family of validation rules, stably: tools and tests match
// on it, messages may change. The part before the dot is the family (the
// section of the specification or of the Vulkan environment appendix);
// each family has a unit test (rules_*_test.go).
type Rule string

const (
	RuleInternal Rule = "internal" // a validator failure, not a module error
	RuleBinary   Rule = "binary"   // the words do not decode as a module

	// Environment, capabilities, extensions and versions.
	RuleEnvVersion    Rule = "env.version"         // the module's SPIR-V version exceeds the environment's
	RuleEnvCapability Rule = "env.capability"      // a capability the environment does not allow
	RuleCapability    Rule = "grammar.capability"  // an instruction or operand needs a capability the module does not declare
	RuleVersion       Rule = "grammar.version"     // an instruction or operand needs another SPIR-V version
	RuleExtension     Rule = "grammar.extension"   // an instruction or operand needs an extension
	RuleOperand       Rule = "grammar.operand"     // an operand's shape does not match the grammar
	RuleMemoryModel   Rule = "module.memory-model" // addressing and memory model rules
	RuleLayout        Rule = "module.layout"       // module layout (section order, function layout)
	RuleEntryPoint    Rule = "module.entry-point"  // OpEntryPoint rules, recursion
	RuleExecutionMode Rule = "module.execution-mode"
	RuleLimit         Rule = "module.limit" // universal limits (struct members, nesting, switch size)

	// Ids.
	RuleIDBound     Rule = "id.bound"     // an id at or above the bound, or a bound above the limit
	RuleIDDefined   Rule = "id.defined"   // an id defined twice, or used and never defined (before its use where it must be)
	RuleIDKind      Rule = "id.kind"      // a type where a value is needed, a value where a type is, an id of the wrong kind
	RuleIDDominance Rule = "id.dominance" // a use not dominated by its definition

	// Declarations.
	RuleType     Rule = "type"       // type declarations
	RuleConstant Rule = "constant"   // constant instructions
	RuleFunction Rule = "function"   // OpFunction, parameters, calls
	RuleDecorate Rule = "decoration" // decoration rules
	RuleBlock    Rule = "layout"     // Block/BufferBlock/PushConstant layouts (std140, std430, relaxed, scalar)

	// Instructions.
	RuleMemory     Rule = "memory"     // variables, loads, stores, copies, access chains, pointers and storage classes
	RuleArith      Rule = "arithmetic" // arithmetic instructions
	RuleBitwise    Rule = "bitwise"
	RuleLogical    Rule = "logical" // logical and comparison instructions, OpSelect
	RuleConversion Rule = "conversion"
	RuleComposite  Rule = "composite"
	RuleImage      Rule = "image"
	RuleAtomic     Rule = "atomic"
	RuleBarrier    Rule = "barrier"    // barriers, scopes and memory semantics
	RuleDerivative Rule = "derivative" // derivatives and their execution models
	RuleGroup      Rule = "group"      // group and subgroup (non-uniform) operations
	RuleExtInst    Rule = "extinst"    // OpExtInstImport and OpExtInst (GLSL.std.450, debug info)
	RuleMisc       Rule = "misc"       // OpUndef, OpReadClockKHR, primitive and other small families
	RuleRayTracing Rule = "raytracing" // ray tracing and ray query instructions
	RuleMesh       Rule = "mesh"       // mesh and task shading instructions

	// Control flow.
	RuleCFG        Rule = "cfg"            // blocks, branches, OpPhi, returns
	RuleStructured Rule = "cfg.structured" // structured control flow: constructs, merges, back edges

	// The Vulkan environment.
	RuleBuiltIn   Rule = "vulkan.builtin"   // built-ins by execution model, storage class and type
	RuleInterface Rule = "vulkan.interface" // entry point interfaces, Location and Component, matching
	RuleVulkan    Rule = "vulkan"           // the other Vulkan rules (storage classes per model, descriptor sets, ...)
)
