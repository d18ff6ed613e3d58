package spirv

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/asm"
)

const locationsModule = `OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
OpName %a "out.var.Z"
OpName %b "out.var.Y"
OpName %c "out.var.X"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%_ptr_Output_v2float = OpTypePointer Output %v2float
%a = OpVariable %_ptr_Output_v2float Output
%b = OpVariable %_ptr_Output_v2float Output
%c = OpVariable %_ptr_Output_v2float Output
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`

// locationVars are the three outputs of locationsModule, as the walk
// records them: semantics Z, Y, X; Y takes two locations.
func locationVars(t *testing.T, m *builder.Module) []*stageVar {
	var vars []*stageVar
	for i, name := range []string{"out.var.Z", "out.var.Y", "out.var.X"} {
		vars = append(vars, &stageVar{id: namedID(t, m, name), semantic: name[len("out.var."):], location: -1,
			slots: 1 + i%2, component: -1, comps: 2})
	}
	return vars
}

// Explicit locations are kept; the others take the lowest free slots in
// declaration order, a Location decoration each, in that order, with
// the Index of dual-source blending.
func TestAssignLocationsByDeclaration(t *testing.T) {
	checkPass(t, locationsModule, func(b *builder.ModuleBuilder) {
		vars := locationVars(t, b.M)
		vars[0].location = 1
		vars[2].index = 2
		assignLocations(b, vars, byDeclaration)
	}, `
CHECK: OpDecorate %out_var_Z Location 1
CHECK-NEXT: OpDecorate %out_var_Y Location 2
CHECK-NEXT: OpDecorate %out_var_X Location 4
CHECK-NEXT: OpDecorate %out_var_X Index 1
CHECK-NEXT: %void = OpTypeVoid
`)
}

// By semantic (-fvk-stage-io-order=alpha, hull outputs, domain inputs)
// the variables are located, and decorated, in semantic name order.
func TestAssignLocationsBySemantic(t *testing.T) {
	checkPass(t, locationsModule, func(b *builder.ModuleBuilder) {
		assignLocations(b, locationVars(t, b.M), bySemantic)
	}, `
CHECK: OpDecorate %out_var_X Location 0
CHECK-NEXT: OpDecorate %out_var_Y Location 1
CHECK-NEXT: OpDecorate %out_var_Z Location 3
CHECK-NEXT: %void = OpTypeVoid
`)
}

// Packed (-pack-optimized), two-component variables share a location;
// a Component decoration is written for the one that does not start it.
func TestAssignLocationsPacked(t *testing.T) {
	checkPass(t, locationsModule, func(b *builder.ModuleBuilder) {
		vars := locationVars(t, b.M)
		vars[1].slots = 1
		assignLocations(b, vars, packed)
	}, `
CHECK: OpDecorate %out_var_Z Location 0
CHECK-NEXT: OpDecorate %out_var_Y Location 0
CHECK-NEXT: OpDecorate %out_var_Y Component 2
CHECK-NEXT: OpDecorate %out_var_X Location 1
CHECK-NEXT: %void = OpTypeVoid
`)
}

const interfaceModule = `; Version: 1.4
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %ray "ray"
OpName %ext "ext"
OpName %unusedExt "unusedExt"
OpName %stage "stage"
OpName %body "body"
OpName %other "other"
OpName %main "main"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%_ptr_Input_uint = OpTypePointer Input %uint
%_ptr_Private_uint = OpTypePointer Private %uint
%ray = OpVariable %_ptr_Input_uint Input
%other = OpVariable %_ptr_Private_uint Private
%ext = OpVariable %_ptr_Input_uint Input
%unusedExt = OpVariable %_ptr_Input_uint Input
%stage = OpVariable %_ptr_Input_uint Input
%body = OpVariable %_ptr_Input_uint Input
%main = OpFunction %void None %fn
%entry = OpLabel
%1 = OpLoad %uint %other
%2 = OpLoad %uint %body
%3 = OpLoad %uint %ext
%4 = OpLoad %uint %stage
OpReturn
OpFunctionEnd
`

func interfaceTestFacts(t *testing.T, m *builder.Module) interfaceFacts {
	return interfaceFacts{entry: namedID(t, m, "main"),
		extBuiltins:  []builder.ID{namedID(t, m, "ext"), namedID(t, m, "unusedExt")},
		stageVars:    []builder.ID{namedID(t, m, "stage")},
		bodyBuiltins: []builder.ID{namedID(t, m, "body")}}
}

// Before SPIR-V 1.4 the interface is the vk::ext_builtin_* variables,
// used or not, then the stage variables (the test module's version does
// not matter: the facts say which list to make).
func TestEntryInterfaceStageVariables(t *testing.T) {
	checkPass(t, interfaceModule, func(b *builder.ModuleBuilder) {
		f := interfaceTestFacts(t, b.M)
		b.AddInterface(f.entry, entryInterface(b.M, f)...)
	}, `
CHECK: OpEntryPoint GLCompute %main "main" %ext %unusedExt %stage{{$}}
`)
}

// From SPIR-V 1.4 it is every global reached: the vk::ext_builtin_* ones
// first, the stage variables, the intrinsics' built-ins, the rest in the
// order reached; under -fcgl the ray tracing built-ins lead every list.
func TestEntryInterfaceReachedGlobals(t *testing.T) {
	checkPass(t, interfaceModule, func(b *builder.ModuleBuilder) {
		f := interfaceTestFacts(t, b.M)
		f.reachedGlobals = true
		b.AddInterface(f.entry, entryInterface(b.M, f)...)
	}, `
CHECK: OpEntryPoint GLCompute %main "main" %ext %stage %body %other{{$}}
`)
	checkPass(t, interfaceModule, func(b *builder.ModuleBuilder) {
		f := interfaceTestFacts(t, b.M)
		f.reachedGlobals = true
		f.everyEntry = []builder.ID{namedID(t, b.M, "ray")}
		b.AddInterface(f.entry, entryInterface(b.M, f)...)
	}, `
CHECK: OpEntryPoint GLCompute %main "main" %ray %ext %stage %body %other{{$}}
`)
}

// Derivatives count in the functions an entry point reaches, not in the
// others.
func TestUsesDerivatives(t *testing.T) {
	m, err := asm.Parse(`OpCapability Shader
OpCapability DerivativeControl
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main"
OpEntryPoint Fragment %plain "plain"
OpExecutionMode %main OriginUpperLeft
OpExecutionMode %plain OriginUpperLeft
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%float_1 = OpConstant %float 1
%main = OpFunction %void None %fn
%l0 = OpLabel
%c = OpFunctionCall %void %g
OpReturn
OpFunctionEnd
%g = OpFunction %void None %fn
%l1 = OpLabel
%d = OpDPdx %float %float_1
OpReturn
OpFunctionEnd
%plain = OpFunction %void None %fn
%l2 = OpLabel
OpReturn
OpFunctionEnd
%h = OpFunction %void None %fn
%l3 = OpLabel
%w = OpFwidth %float %float_1
OpReturn
OpFunctionEnd
`, asm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	main, plain := m.EntryPoints[0].Operands[1].ID(), m.EntryPoints[1].Operands[1].ID()
	if !usesDerivatives(m, main) {
		t.Error("main calls a function taking ddx: want true")
	}
	if usesDerivatives(m, plain) {
		t.Error("plain reaches no derivative (the fwidth is in a function nobody calls): want false")
	}
}
