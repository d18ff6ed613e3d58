// Rich debug information describes a cbuffer as DXC does: a Structure
// named after its block type (type.Lights, the linkage name too) at the
// buffer's name, each member with its offset and size in the block's
// layout, in bits (a float3x4 takes four 16-byte columns; each array element
// a 16-byte slot), and a DebugGlobalVariable for the buffer. A member sits
// one column past the end of its type, as DXC places it. The members are
// written right after their block, the structs they hold after them.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=rich -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=vulkan %s | FileCheck %s --check-prefix=VK

struct Light { float3 dir; float power; };

cbuffer Lights : register(b0) {
  float3x4 xform;
  Light    key;
  float    weights[2];
};

float4 main() : SV_Target {
  return xform[0] * key.power * weights[1];
}

// CHECK:      [[blockname:%[0-9]+]] = OpString "type.Lights"
// CHECK:      [[varname:%[0-9]+]] = OpString "Lights"
// CHECK:      [[light:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugTypeComposite {{%[0-9]+}} Structure {{%[0-9]+}} 11 8
// CHECK:      [[block:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugTypeComposite [[blockname]] Structure {{%[0-9]+}} 13 9 {{%[0-9]+}} [[blockname]] %uint_896 FlagIsProtected|FlagIsPrivate [[xform:%[0-9]+]] [[key:%[0-9]+]] [[weights:%[0-9]+]]
// CHECK-NEXT: [[weights]] = OpExtInst %void {{%[0-9]+}} DebugTypeMember {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} 16 9 [[block]] %uint_640 %uint_256
// CHECK-NEXT: [[key]] = OpExtInst %void {{%[0-9]+}} DebugTypeMember {{%[0-9]+}} [[light]] {{%[0-9]+}} 15 9 [[block]] %uint_512 %uint_128
// CHECK:      [[xform]] = OpExtInst %void {{%[0-9]+}} DebugTypeMember {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} 14 12 [[block]] %uint_0 %uint_512
// CHECK:      DebugGlobalVariable [[varname]] [[block]] {{%[0-9]+}} 13 9 {{%[0-9]+}} [[varname]] %Lights FlagIsDefinition

// VK:      [[blockname:%[0-9]+]] = OpString "type.Lights"
// VK:      [[xform:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugTypeMember {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} %uint_14 %uint_12 %uint_0 %uint_512
// VK:      [[block:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugTypeComposite [[blockname]] %uint_1 {{%[0-9]+}} %uint_13 %uint_9 {{%[0-9]+}} [[blockname]] %uint_896 %uint_3 [[xform]]
// VK:      DebugGlobalVariable {{%[0-9]+}} [[block]] {{.*}} %Lights %uint_8
