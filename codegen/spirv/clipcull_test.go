package spirv

import (
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
)

// Each kind and direction gets one array, in the order first met; in it
// the semantics follow their index, each taking its components.
func TestPackClipSlots(t *testing.T) {
	clip1 := &clipSlot{index: 1, count: 2}
	clip0 := &clipSlot{index: 0, count: 3}
	cull0 := &clipSlot{cull: true, index: 0, count: 1}
	clipIn := &clipSlot{in: true, index: 0, count: 4}
	arrays := packClipSlots([]*clipSlot{clip1, cull0, clip0, clipIn})
	if len(arrays) != 3 {
		t.Fatalf("%d arrays, want 3", len(arrays))
	}
	want := []struct {
		cull, in bool
		size     int
		slots    []*clipSlot
	}{{false, false, 5, []*clipSlot{clip0, clip1}}, {true, false, 1, []*clipSlot{cull0}}, {false, true, 4, []*clipSlot{clipIn}}}
	for i, w := range want {
		a := arrays[i]
		if a.cull != w.cull || a.in != w.in || a.size != w.size || len(a.slots) != len(w.slots) {
			t.Errorf("array %d: cull=%v in=%v size %d, %d slots; want %+v", i, a.cull, a.in, a.size, len(a.slots), w)
			continue
		}
		for j := range w.slots {
			if a.slots[j] != w.slots[j] {
				t.Errorf("array %d slot %d: index %d, want %d", i, j, a.slots[j].index, w.slots[j].index)
			}
		}
	}
	if clip0.offset != 0 || clip1.offset != 3 || cull0.offset != 0 || clipIn.offset != 0 {
		t.Errorf("offsets %d %d %d %d, want 0 3 0 0", clip0.offset, clip1.offset, cull0.offset, clipIn.offset)
	}
}

// The clip and cull arrays, made after the other stage variables, are
// moved before them with their decorations; the rest keeps its order.
func TestHoistVariables(t *testing.T) {
	checkPass(t, `OpCapability Shader
OpCapability ClipDistance
OpMemoryModel Logical GLSL450
OpEntryPoint Vertex %main "main" %pos %color %clip
OpName %pos "gl_Position"
OpName %color "out.var.COLOR"
OpName %clip "gl_ClipDistance"
OpDecorate %pos BuiltIn Position
OpDecorate %color Location 0
OpDecorate %clip BuiltIn ClipDistance
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%v4float = OpTypeVector %float 4
%uint = OpTypeInt 32 0
%uint_2 = OpConstant %uint 2
%arr = OpTypeArray %float %uint_2
%_ptr_Output_v4float = OpTypePointer Output %v4float
%_ptr_Output_arr = OpTypePointer Output %arr
%pos = OpVariable %_ptr_Output_v4float Output
%color = OpVariable %_ptr_Output_v4float Output
%clip = OpVariable %_ptr_Output_arr Output
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
`, func(b *builder.ModuleBuilder) {
		m := b.M
		hoistVariables(m, []builder.ID{namedID(t, m, "gl_ClipDistance")}, []builder.ID{namedID(t, m, "gl_Position"), namedID(t, m, "out.var.COLOR")})
	}, `
CHECK: OpDecorate %gl_ClipDistance BuiltIn ClipDistance
CHECK-NEXT: OpDecorate %gl_Position BuiltIn Position
CHECK-NEXT: OpDecorate %out_var_COLOR Location 0
CHECK: %_ptr_Output__arr_float_uint_2 = OpTypePointer Output %_arr_float_uint_2
CHECK-NEXT: %gl_ClipDistance = OpVariable %_ptr_Output__arr_float_uint_2 Output
CHECK-NEXT: %gl_Position = OpVariable %_ptr_Output_v4float Output
CHECK-NEXT: %out_var_COLOR = OpVariable %_ptr_Output_v4float Output
CHECK-NEXT: OpFunction
`)
}
