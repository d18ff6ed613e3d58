package opt

import (
	"fmt"
	"sort"
	"strings"
)

// A passEntry makes a pass from its flag's argument ("" when the flag has
// none: --scalar-replacement=100 gives "100").
type passEntry struct {
	make func(arg string) (Pass, error)
	doc  string
}

// registry holds the passes hlsl2spirv implements, by spirv-opt flag name.
// Each pass's file registers it in an init-free way: the entries are
// listed here, one line each.
var registry = map[string]passEntry{
	"compact-ids":                    {noArg(func() Pass { return compactIDs{} }), "renumbers ids densely in module order"},
	"eliminate-dead-functions":       {noArg(func() Pass { return deadFunctions{} }), "deletes functions no entry point or exported function reaches"},
	"eliminate-dead-code-aggressive": {noArg(func() Pass { return aggressiveDCE{} }), "deletes code, globals, names, decorations and interface variables nothing live needs"},
	"vector-dce":                     {noArg(func() Pass { return vectorDCE{} }), "replaces vector components nothing reads with OpUndef"},
	"eliminate-dead-inserts":         {noArg(func() Pass { return deadInserts{} }), "deletes composite inserts nothing reads"},
	"redundancy-elimination":         {noArg(func() Pass { return redundancyElimination{} }), "replaces a value computed again by the dominating computation"},
	"local-redundancy-elimination":   {noArg(func() Pass { return localRedundancyElimination{} }), "replaces a value computed again in the same block"},
	"ccp":                            {noArg(func() Pass { return ccp{} }), "propagates constants through the SSA graph, following only the branches constants allow"},
	"simplify-instructions":          {noArg(func() Pass { return simplifyInstructions{} }), "folds constants and simplifies instructions (spirv-opt's folding rules)"},
	"trim-capabilities":              {noArg(func() Pass { return trimCapabilities{} }), "removes the capabilities and extensions the module no longer needs"},
	"private-to-local":               {noArg(func() Pass { return privateToLocal{} }), "turns Private variables one function uses into Function variables"},
	"combine-access-chains":          {noArg(func() Pass { return combineAccessChains{} }), "merges access chains whose base is an access chain"},
	"copy-propagate-arrays":          {noArg(func() Pass { return copyPropagateArrays{} }), "reads an array copied once from memory nothing writes from that memory instead"},
	"reduce-load-size":               {newReduceLoadSize, "reads the members of a uniform or input composite that are used instead of the whole"},
	"fix-storage-class":              {noArg(func() Pass { return fixStorageClass{} }), "gives pointers derived from a variable its storage class and types, once inlining joined them"},
	"eliminate-local-single-block":   {noArg(func() Pass { return localSingleBlock{} }), "forwards stores and loads of function variables to loads in the same block"},
	"scalar-replacement":             {newScalarReplacement, "splits function variables of struct and array type into a variable per member"},
	"convert-local-access-chains":    {noArg(func() Pass { return localAccessChains{} }), "turns constant-index access chains into function variables into whole loads with extracts and inserts"},
	"ssa-rewrite":                    {noArg(func() Pass { return ssaRewrite{"ssa-rewrite"} }), "replaces loads of function variables with the values stored, adding OpPhi at joins"},
	"eliminate-local-multi-store":    {noArg(func() Pass { return ssaRewrite{"eliminate-local-multi-store"} }), "the same pass as ssa-rewrite"},
	"eliminate-local-single-store":   {noArg(func() Pass { return localSingleStore{} }), "replaces loads of a variable stored once with the stored value where the store dominates"},
	"cfg-cleanup":                    {noArg(func() Pass { return cfgCleanup{} }), "deletes the blocks control flow cannot reach"},
	"merge-blocks":                   {noArg(func() Pass { return mergeBlocks{} }), "merges a block into its only predecessor when that ends in a branch to it"},
	"eliminate-dead-branches":        {noArg(func() Pass { return deadBranches{} }), "folds branches on constants and deletes the blocks they no longer reach"},
	"wrap-opkill":                    {noArg(func() Pass { return wrapOpKill{} }), "moves OpKill and OpTerminateInvocation of functions called from continue constructs into functions of their own"},
	"merge-return":                   {noArg(func() Pass { return mergeReturn{} }), "gives every function one return, at its end, predicating the code after early returns"},
	"if-conversion":                  {noArg(func() Pass { return ifConversion{} }), "turns the phis of simple if/else diamonds into OpSelect"},
	"loop-unroll":                    {noArg(func() Pass { return loopUnroll{} }), "fully unrolls the loops marked Unroll whose trip count is known"},
	"inline-entry-points-exhaustive": {noArg(func() Pass { return inlineExhaustive{} }), "inlines every call the entry points reach, exhaustively"},
	"interpolate-fixup":              {noArg(func() Pass { return interpolateFixup{} }), "makes GLSL.std.450 InterpolateAt* take the pointer to the input its interpolant was loaded from"},
	"invocation-interlock-placement": {noArg(func() Pass { return interlockPlacement{} }), "leaves a fragment entry point one critical section between OpBeginInvocationInterlockEXT and OpEndInvocationInterlockEXT"},

	// Debug information and other non-semantic instructions.
	"fix-opextinst-opcodes": {noArg(func() Pass { return fixOpExtInstOpcodes{} }), "makes debug-info instructions naming later ones OpExtInstWithForwardRefsKHR, the others OpExtInst"},
	"strip-debug":           {noArg(func() Pass { return stripDebug{} }), "deletes debug information: sources, strings, names, lines, the debug-info sets' instructions"},
	"strip-nonsemantic":     {noArg(func() Pass { return stripNonSemantic{"strip-nonsemantic"} }), "deletes the non-semantic instructions and HLSL reflection decorations"},
	"strip-reflect":         {noArg(func() Pass { return stripNonSemantic{"strip-reflect"} }), "the same pass as strip-nonsemantic"},

	// Constants.
	"eliminate-dead-const": {noArg(func() Pass { return eliminateDeadConst{} }), "deletes the constants nothing uses, and those only they used"},
	"unify-const":          {noArg(func() Pass { return unifyConst{} }), "replaces constants declared twice by their first declaration"},

	// Interfaces.
	"spread-volatile-semantics":         {noArg(func() Pass { return spreadVolatileSemantics{} }), "gives the built-ins Vulkan requires volatile reads of the Volatile decoration or memory operand"},
	"remove-unused-interface-variables": {noArg(func() Pass { return removeUnusedInterfaceVariables{} }), "makes each entry point's interface the global variables its call tree uses"},
	"fix-func-call-param":               {noArg(func() Pass { return fixFuncCallParam{} }), "passes access-chain call arguments through Function variables, copied in before the call and back after"},
	// (DXC's signature packing, before legalization.)
	"interface-variable-scalar-replacement": {noArg(func() Pass { return interfaceVarSROA{} }), "splits stage variables of array or matrix type into a variable per location"},

	// Resource variables (descriptors).
	"descriptor-scalar-replacement":             {noArg(func() Pass { return descriptorSROA{"descriptor-scalar-replacement", true, true} }), "splits resource variables of array or struct-of-resources type into a variable per resource"},
	"descriptor-array-scalar-replacement":       {noArg(func() Pass { return descriptorSROA{"descriptor-array-scalar-replacement", true, false} }), "splits arrays of resources into a variable per element"},
	"descriptor-composite-scalar-replacement":   {noArg(func() Pass { return descriptorSROA{"descriptor-composite-scalar-replacement", false, true} }), "splits structs of resources into a variable per member"},
	"replace-desc-array-access-using-var-index": {noArg(func() Pass { return replaceDescArrayAccess{} }), "turns a dynamic index into an array of resources into a switch with a case per element"},
	"convert-to-sampled-image":                  {newConvertToSampledImage, "makes the image variables at the given descriptor set:binding pairs combined image samplers, with the samplers at the same pairs"},
	"legalize-multidim-array":                   {noArg(func() Pass { return legalizeMultidimArray{} }), "flattens multidimensional arrays of resources into one dimension"},
}

// knownPasses are spirv-opt's other pass flags: asking for one is a clear
// "not supported yet" rather than spirv-opt's unknown-flag error.
var knownPasses = []string{
	"amd-ext-to-khr", "ccp", "cfg-cleanup", "combine-access-chains", "convert-local-access-chains",
	"convert-to-sampled-image", "copy-propagate-arrays", "descriptor-scalar-replacement",
	"descriptor-composite-scalar-replacement", "descriptor-array-scalar-replacement",
	"eliminate-dead-branches", "eliminate-dead-code-aggressive", "eliminate-dead-const",
	"eliminate-dead-input-components", "eliminate-dead-inserts", "eliminate-dead-members",
	"eliminate-dead-variables", "eliminate-local-multi-store", "eliminate-local-single-block",
	"eliminate-local-single-store", "fix-storage-class", "fix-func-call-param", "flatten-decorations",
	"fold-spec-const-op-composite", "freeze-spec-const", "graphics-robust-access", "if-conversion",
	"inline-entry-points-exhaustive", "interpolate-fixup", "invocation-interlock-placement",
	"legalize-multidim-array", "local-redundancy-elimination", "loop-fission", "loop-fusion",
	"loop-invariant-code-motion", "loop-peeling", "loop-unroll", "loop-unroll-partial", "loop-unswitch",
	"merge-blocks", "merge-return", "fix-opextinst-opcodes", "private-to-local", "reduce-load-size",
	"redundancy-elimination", "relax-float-ops", "remove-duplicates",
	"remove-unused-interface-variables", "replace-desc-array-access-using-var-index",
	"replace-invalid-opcode", "scalar-replacement", "simplify-instructions",
	"spread-volatile-semantics", "ssa-rewrite", "strength-reduction", "strip-debug",
	"strip-nonsemantic", "strip-reflect", "trim-capabilities", "unify-const", "upgrade-memory-model",
	"vector-dce", "workaround-1209", "wrap-opkill",
}

func noArg(f func() Pass) func(string) (Pass, error) {
	return func(arg string) (Pass, error) {
		if arg != "" {
			return nil, fmt.Errorf("takes no argument")
		}
		return f(), nil
	}
}

// NewPass makes the pass named by a spirv-opt flag name without dashes,
// with its argument ("scalar-replacement=100").
func NewPass(flag string) (Pass, error) {
	name, arg, _ := strings.Cut(flag, "=")
	e, ok := registry[name]
	if !ok {
		for _, k := range knownPasses {
			if k == name {
				return nil, fmt.Errorf("the optimizer pass '--%s' is not supported yet by hlsl2spirv", flag)
			}
		}
		return nil, fmt.Errorf("Unknown flag '--%s'", flag)
	}
	p, err := e.make(arg)
	if err != nil {
		return nil, fmt.Errorf("--%s: %v", flag, err)
	}
	return p, nil
}

// PassNames lists the implemented passes, sorted.
func PassNames() []string {
	var out []string
	for k := range registry {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// PassDoc returns the one-line description of an implemented pass.
func PassDoc(name string) string { return registry[name].doc }
