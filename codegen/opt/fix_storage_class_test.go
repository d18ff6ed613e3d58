package opt

import "testing"

// groupsharedInlined is what inlining a function taking `inout float4
// arr[4]` (a Function pointer parameter in DXC's -fcgl code) makes when the
// argument is a groupshared array: access chains into a Workgroup variable
// typed as Function pointers, one through a copy, one through a phi and a
// select.
const groupsharedInlined = `OpCapability Shader
OpCapability VariablePointers
OpExtension "SPV_KHR_variable_pointers"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %gid BuiltIn LocalInvocationId
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%uint = OpTypeInt 32 0
%v3uint = OpTypeVector %uint 3
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_4 = OpConstant %uint 4
%float_1 = OpConstant %float 1
%arr = OpTypeArray %v4float %uint_4
%_ptr_Workgroup_arr = OpTypePointer Workgroup %arr
%_ptr_Function_arr = OpTypePointer Function %arr
%_ptr_Function_v4float = OpTypePointer Function %v4float
%_ptr_Function_float = OpTypePointer Function %float
%_ptr_Input_v3uint = OpTypePointer Input %v3uint
%_ptr_Input_uint = OpTypePointer Input %uint
%shared = OpVariable %_ptr_Workgroup_arr Workgroup
%gid = OpVariable %_ptr_Input_v3uint Input
%main = OpFunction %void None %fn
%entry = OpLabel
%pi = OpAccessChain %_ptr_Input_uint %gid %uint_0
%i = OpLoad %uint %pi
%elem = OpAccessChain %_ptr_Function_v4float %shared %i
%comp = OpAccessChain %_ptr_Function_float %elem %uint_1
OpStore %comp %float_1
%copy = OpCopyObject %_ptr_Function_v4float %elem
%cond = OpIEqual %bool %i %uint_0
OpSelectionMerge %merge None
OpBranchConditional %cond %then %merge
%then = OpLabel
%other = OpAccessChain %_ptr_Function_v4float %shared %uint_0
OpBranch %merge
%merge = OpLabel
%phi = OpPhi %_ptr_Function_v4float %copy %entry %other %then
%sel = OpSelect %_ptr_Function_v4float %cond %phi %elem
%v = OpLoad %v4float %sel
OpStore %phi %v
OpReturn
OpFunctionEnd
`

func TestFixStorageClassWorkgroup(t *testing.T) {
	checkValid(t, named(groupsharedInlined), `
; CHECK-DAG: [[wgv4:%[a-zA-Z0-9_]+]] = OpTypePointer Workgroup %v4float
; CHECK-DAG: [[wgf:%[a-zA-Z0-9_]+]] = OpTypePointer Workgroup %float
; CHECK: %elem = OpAccessChain [[wgv4]] %shared %i
; CHECK: %comp = OpAccessChain [[wgf]] %elem %uint_1
; CHECK: %copy = OpCopyObject [[wgv4]] %elem
; CHECK: %other = OpAccessChain [[wgv4]] %shared %uint_0
; CHECK: %phi = OpPhi [[wgv4]] %copy %entry %other %then
; CHECK: %sel = OpSelect [[wgv4]] %cond %phi %elem
; CHECK: %v = OpLoad %v4float %sel
`, "fix-storage-class")
	sameAsSpirvOpt(t, groupsharedInlined, "fix-storage-class")
}

// bufferStructInlined is an inlined function that took a plain struct by
// pointer and was given a member of a constant buffer, whose struct type
// has offsets: the access chains and loads carry the plain types, and a
// store writes a plain struct into a storage buffer's laid-out struct.
// The uniform side is fixed first, so the store's value is copied into
// the plain struct the store's pointer still has, then back when the
// storage buffer's side is fixed (spirv-opt's order; simplification folds
// the round trip).
const bufferStructInlined = `OpCapability Shader
OpExtension "SPV_KHR_storage_buffer_storage_class"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
OpName %S_layout "S_layout"
OpName %arr_layout "arr_layout"
OpName %arr "arr"
OpName %S "S"
OpMemberDecorate %S_layout 0 Offset 0
OpMemberDecorate %S_layout 1 Offset 16
OpDecorate %arr_layout ArrayStride 16
OpMemberDecorate %CB 0 Offset 0
OpMemberDecorate %CB 1 Offset 32
OpDecorate %CB Block
OpMemberDecorate %SB 0 Offset 0
OpDecorate %SB Block
OpDecorate %cb DescriptorSet 0
OpDecorate %cb Binding 0
OpDecorate %sb DescriptorSet 0
OpDecorate %sb Binding 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%int_0 = OpConstant %int 0
%int_1 = OpConstant %int 1
%uint_2 = OpConstant %uint 2
%arr_layout = OpTypeArray %v4float %uint_2
%S_layout = OpTypeStruct %v4float %arr_layout
%arr = OpTypeArray %v4float %uint_2
%S = OpTypeStruct %v4float %arr
%CB = OpTypeStruct %float %S_layout
%SB = OpTypeStruct %S_layout
%_ptr_Uniform_CB = OpTypePointer Uniform %CB
%_ptr_StorageBuffer_SB = OpTypePointer StorageBuffer %SB
%_ptr_Function_S = OpTypePointer Function %S
%_ptr_Function_arr = OpTypePointer Function %arr
%_ptr_Function_v4float = OpTypePointer Function %v4float
%cb = OpVariable %_ptr_Uniform_CB Uniform
%sb = OpVariable %_ptr_StorageBuffer_SB StorageBuffer
%main = OpFunction %void None %fn
%entry = OpLabel
%ps = OpAccessChain %_ptr_Function_S %cb %int_1
%pa = OpAccessChain %_ptr_Function_arr %ps %int_1
%a = OpLoad %arr %pa
%pe = OpAccessChain %_ptr_Function_v4float %pa %int_0
%e = OpLoad %v4float %pe
%s = OpLoad %S %ps
%dst = OpAccessChain %_ptr_Function_S %sb %int_0
OpStore %dst %s
OpReturn
OpFunctionEnd
`

func TestFixStorageClassLayoutTypes(t *testing.T) {
	checkValid(t, named(bufferStructInlined), `
; CHECK-DAG: [[uS:%[a-zA-Z0-9_]+]] = OpTypePointer Uniform %S_layout
; CHECK-DAG: [[uA:%[a-zA-Z0-9_]+]] = OpTypePointer Uniform %arr_layout
; CHECK-DAG: [[uV:%[a-zA-Z0-9_]+]] = OpTypePointer Uniform %v4float
; CHECK-DAG: [[sS:%[a-zA-Z0-9_]+]] = OpTypePointer StorageBuffer %S_layout
; CHECK: %ps = OpAccessChain [[uS]] %cb %int_1
; CHECK: %pa = OpAccessChain [[uA]] %ps %int_1
; CHECK: %a = OpLoad %arr_layout %pa
; CHECK: %pe = OpAccessChain [[uV]] %pa %int_0
; CHECK: %s = OpLoad %S_layout %ps
; CHECK: %dst = OpAccessChain [[sS]] %sb %int_0
; CHECK: [[plain:%[0-9]+]] = OpCompositeConstruct %S
; CHECK: [[laid:%[0-9]+]] = OpCompositeConstruct %S_layout
; CHECK-NEXT: OpStore %dst [[laid]]
`, "fix-storage-class")
	sameAsSpirvOpt(t, bufferStructInlined, "fix-storage-class")
}

// A plain struct value stored into a buffer's struct is copied member by
// member into the buffer's types.
func TestFixStorageClassStoreCopies(t *testing.T) {
	src := `OpCapability Shader
OpExtension "SPV_KHR_storage_buffer_storage_class"
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main"
OpExecutionMode %main OriginUpperLeft
OpName %S_layout "S_layout"
OpName %arr_layout "arr_layout"
OpName %arr "arr"
OpName %S "S"
OpMemberDecorate %S_layout 0 Offset 0
OpMemberDecorate %S_layout 1 Offset 16
OpDecorate %arr_layout ArrayStride 16
OpMemberDecorate %SB 0 Offset 0
OpDecorate %SB Block
OpDecorate %sb DescriptorSet 0
OpDecorate %sb Binding 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%int_0 = OpConstant %int 0
%uint_2 = OpConstant %uint 2
%arr_layout = OpTypeArray %v4float %uint_2
%S_layout = OpTypeStruct %v4float %arr_layout
%arr = OpTypeArray %v4float %uint_2
%S = OpTypeStruct %v4float %arr
%SB = OpTypeStruct %S_layout
%_ptr_StorageBuffer_SB = OpTypePointer StorageBuffer %SB
%_ptr_Function_S = OpTypePointer Function %S
%sb = OpVariable %_ptr_StorageBuffer_SB StorageBuffer
%main = OpFunction %void None %fn
%entry = OpLabel
%local = OpVariable %_ptr_Function_S Function
%s = OpLoad %S %local
%dst = OpAccessChain %_ptr_Function_S %sb %int_0
OpStore %dst %s
OpReturn
OpFunctionEnd
`
	checkValid(t, named(src), `
; CHECK: %s = OpLoad %S %local
; CHECK-NEXT: %dst = OpAccessChain %_ptr_StorageBuffer_S_layout %sb %int_0
; CHECK-NEXT: [[m0:%[a-zA-Z0-9_]+]] = OpCompositeExtract %v4float %s 0
; CHECK-NEXT: [[m1:%[a-zA-Z0-9_]+]] = OpCompositeExtract %arr %s 1
; CHECK-NEXT: [[e0:%[a-zA-Z0-9_]+]] = OpCompositeExtract %v4float [[m1]] 0
; CHECK-NEXT: [[e1:%[a-zA-Z0-9_]+]] = OpCompositeExtract %v4float [[m1]] 1
; CHECK-NEXT: [[a:%[a-zA-Z0-9_]+]] = OpCompositeConstruct %arr_layout [[e0]] [[e1]]
; CHECK-NEXT: [[c:%[a-zA-Z0-9_]+]] = OpCompositeConstruct %S_layout [[m0]] [[a]]
; CHECK-NEXT: OpStore %dst [[c]]
`, "fix-storage-class")
	sameAsSpirvOpt(t, src, "fix-storage-class")
}

// A call between the variable and the pointer stops the walk: the callee's
// parameter type decides, and inlining comes first.
func TestFixStorageClassStopsAtCalls(t *testing.T) {
	src := header + `%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%_ptr_Private_float = OpTypePointer Private %float
%_ptr_Function_float = OpTypePointer Function %float
%getp = OpTypeFunction %_ptr_Function_float %_ptr_Function_float
%float_1 = OpConstant %float 1
%g = OpVariable %_ptr_Private_float Private
%main = OpFunction %void None %fn
%entry = OpLabel
%local = OpVariable %_ptr_Function_float Function
%r = OpFunctionCall %_ptr_Function_float %id %local
OpStore %r %float_1
OpReturn
OpFunctionEnd
%id = OpFunction %_ptr_Function_float None %getp
%p = OpFunctionParameter %_ptr_Function_float
%body = OpLabel
OpReturnValue %p
OpFunctionEnd
`
	out := check(t, named(src), `
; CHECK: %r = OpFunctionCall %_ptr_Function_float %id %local
`, "fix-storage-class")
	_ = out
}

// Storing one image type into a variable of another (an image assigned to
// a local of no declared format) is left for later passes to delete.
func TestFixStorageClassImageStoreLeft(t *testing.T) {
	src := header + `OpDecorate %tex DescriptorSet 0
OpDecorate %tex Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%img_rgba8 = OpTypeImage %float 2D 2 0 0 2 Rgba8
%img = OpTypeImage %float 2D 2 0 0 2 Unknown
%_ptr_UniformConstant_img_rgba8 = OpTypePointer UniformConstant %img_rgba8
%_ptr_Function_img = OpTypePointer Function %img
%tex = OpVariable %_ptr_UniformConstant_img_rgba8 UniformConstant
%main = OpFunction %void None %fn
%entry = OpLabel
%local = OpVariable %_ptr_Function_img Function
%t = OpLoad %img_rgba8 %tex
OpStore %local %t
OpReturn
OpFunctionEnd
`
	check(t, named(src), `
; CHECK: %t = OpLoad [[rgba8:%[0-9]+]] %tex
; CHECK-NEXT: OpStore %local %t
`, "fix-storage-class")
	sameAsSpirvOpt(t, src, "fix-storage-class")
}
