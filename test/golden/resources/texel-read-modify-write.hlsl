// ++, -- and op= on an element of a writable texture or typed buffer read
// the texel, then address it again for the OpImageWrite (DXC evaluates
// the index a second time); the value of ++x / x op= y is the value
// written, not a second read. An index with side effects is evaluated
// once. A component of a texel (buf[i][j]) is read from a copy of the
// texel in temp.var.vector.
// RUN: %hlsl2spirv -T ps_6_0 -E main -fcgl %s | FileCheck %s
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s --check-prefix=OPT

RWTexture2D<float> tex;
RWBuffer<int> ibuf;
Buffer<float4> fbuf;

// CHECK-LABEL: %src_main = OpFunction
// post-increment: index read, texel read, index read again, write
// CHECK:      [[i0:%[0-9]+]] = OpLoad %v2uint %index
// CHECK-NEXT: [[img0:%[0-9]+]] = OpLoad %type_2d_image %tex
// CHECK-NEXT: [[t0:%[0-9]+]] = OpImageRead %v4float [[img0]] [[i0]] None
// CHECK-NEXT: [[old:%[0-9]+]] = OpCompositeExtract %float [[t0]] 0
// CHECK-NEXT: [[inc:%[0-9]+]] = OpFAdd %float [[old]] %float_1
// CHECK-NEXT: [[i1:%[0-9]+]] = OpLoad %v2uint %index
// CHECK-NEXT: [[img1:%[0-9]+]] = OpLoad %type_2d_image %tex
// CHECK-NEXT: OpImageWrite [[img1]] [[i1]] [[inc]] None
// CHECK-NEXT: OpStore %a [[old]]

// pre-decrement: its value is the value written
// CHECK:      [[dec:%[0-9]+]] = OpFSub %float {{%[0-9]+}} %float_1
// CHECK-NEXT: [[i2:%[0-9]+]] = OpLoad %v2uint %index
// CHECK-NEXT: [[img2:%[0-9]+]] = OpLoad %type_2d_image %tex
// CHECK-NEXT: OpImageWrite [[img2]] [[i2]] [[dec]] None
// CHECK-NEXT: OpStore %b [[dec]]

// compound assignment
// CHECK:      [[add:%[0-9]+]] = OpIAdd %int {{%[0-9]+}} %int_3
// CHECK-NEXT: [[j:%[0-9]+]] = OpLoad %uint %k
// CHECK-NEXT: [[img3:%[0-9]+]] = OpLoad %type_buffer_image %ibuf
// CHECK-NEXT: OpImageWrite [[img3]] [[j]] [[add]] None
// CHECK-NEXT: OpStore %c [[add]]

// an index with a side effect: k++ runs once
// CHECK:      [[k:%[0-9]+]] = OpLoad %uint %k
// CHECK-NEXT: [[k1:%[0-9]+]] = OpIAdd %uint [[k]] %uint_1
// CHECK-NEXT: OpStore %k [[k1]]
// CHECK-NOT:  OpStore %k
// CHECK:      OpImageWrite {{%[0-9]+}} [[k]] {{%[0-9]+}} None

// a component of a texel: indexed in a copy
// CHECK:      [[f:%[0-9]+]] = OpImageFetch %v4float {{%[0-9]+}} {{%[0-9]+}} None
// CHECK-NEXT: OpStore %temp_var_vector [[f]]
// CHECK-NEXT: [[ac:%[0-9]+]] = OpAccessChain %_ptr_Function_float %temp_var_vector %uint_2
// CHECK-NEXT: [[comp:%[0-9]+]] = OpLoad %float [[ac]]
// CHECK-NEXT: OpStore %d [[comp]]

// OPT: OpImageWrite
float4 main(uint2 index : INDEX, uint k : K) : SV_Target {
  float a = tex[index]++;
  float b = --tex[index];
  int c = (ibuf[k] += 3);
  ibuf[k++] *= 2;
  float d = fbuf[k][2];
  return float4(a, b, c, d);
}
