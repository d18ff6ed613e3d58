// Rich debug information describes resources as DXC does: a member-less
// DebugTypeComposite with no size (DebugInfoNone), named "@" and its SPIR-V
// type's name, that name as its linkage name. A template instance
// (Texture2D<T>, StructuredBuffer<T>, RayQuery<flags>) is a Class wrapped
// in a DebugTypeTemplate with a "TemplateParam" for its type argument;
// SamplerState is a Structure. One description per SPIR-V type: two
// textures with the same image type share it. Parameters of resource type
// are described with the same type.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=rich -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main -fspv-debug=vulkan %s | FileCheck %s --check-prefix=VK

struct S { float a; };

Texture2D<float4>     tex  : register(t0);
Texture2D<float4>     tex2 : register(t1);
SamplerState          samp : register(s0);
RWStructuredBuffer<S> buf  : register(u0);

float4 fetch(Texture2D<float4> t, SamplerState s) {
  return t.Sample(s, float2(0, 0));
}

float4 main() : SV_Target {
  buf[0].a = 1;
  return fetch(tex, samp) + tex2.Load(int3(0, 0, 0));
}

// CHECK-DAG:  [[img:%[0-9]+]] = OpString "@type.2d.image"
// CHECK-DAG:  [[imglink:%[0-9]+]] = OpString "type.2d.image"
// CHECK-DAG:  [[param:%[0-9]+]] = OpString "TemplateParam"
// CHECK-DAG:  [[smp:%[0-9]+]] = OpString "@type.sampler"
// CHECK-DAG:  [[rw:%[0-9]+]] = OpString "@type.RWStructuredBuffer.S"
// CHECK-DAG:  [[tname:%[0-9]+]] = OpString "t"
// CHECK-DAG:  [[none:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugInfoNone
// CHECK-DAG:  [[imgty:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugTypeComposite [[img]] Class {{%[0-9]+}} 0 0 {{%[0-9]+}} [[imglink]] [[none]] FlagIsProtected|FlagIsPrivate{{$}}
// CHECK-DAG:  [[float4:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugTypeVector
// CHECK-DAG:  [[imgparam:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugTypeTemplateParameter [[param]] [[float4]] [[none]] {{%[0-9]+}} 0 0
// CHECK-DAG:  [[imgtmpl:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugTypeTemplate [[imgty]] [[imgparam]]
// CHECK-DAG:  [[smpty:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugTypeComposite [[smp]] Structure {{%[0-9]+}} 0 0 {{%[0-9]+}} {{%[0-9]+}} [[none]]
// CHECK-DAG:  [[rwty:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugTypeComposite [[rw]] Class
// CHECK-DAG:  DebugTypeTemplate [[rwty]] {{%[0-9]+}}
// CHECK-DAG:  DebugGlobalVariable {{%[0-9]+}} [[imgtmpl]] {{.*}} %tex FlagIsDefinition
// CHECK-DAG:  DebugGlobalVariable {{%[0-9]+}} [[imgtmpl]] {{.*}} %tex2 FlagIsDefinition
// CHECK-DAG:  DebugGlobalVariable {{%[0-9]+}} [[smpty]] {{.*}} %samp FlagIsDefinition
// CHECK-DAG:  DebugLocalVariable [[tname]] [[imgtmpl]] {{.*}} 1{{$}}
// CHECK-NOT:  DebugTypeComposite [[img]]

// VK:      [[img:%[0-9]+]] = OpString "@type.2d.image"
// VK:      DebugTypeComposite [[img]] %uint_0
// VK:      DebugTypeTemplateParameter
// VK:      [[imgtmpl:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugTypeTemplate
// VK:      DebugGlobalVariable {{%[0-9]+}} [[imgtmpl]] {{.*}} %tex2 %uint_8
