// vk::util's selectors applied to scalars and vectors of SRC and DST (-D).

#include <vk/opcode_selector.h>

RWStructuredBuffer<vector<SRC, 3> > src;
RWStructuredBuffer<vector<DST, 3> > dst;

[numthreads(8, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  vector<SRC, 3> v = src[id.x];
  v = vk::util::ArithmeticSelector<SRC>::Add(v, v);
  v = vk::util::ArithmeticSelector<SRC>::Sub(v, src[0]);
  v = vk::util::ArithmeticSelector<SRC>::Mul(v, v);
  v = vk::util::ArithmeticSelector<SRC>::Div(v, src[1]);
  v = vk::util::ArithmeticSelector<SRC>::Negate(v);
  dst[id.x] = vk::util::ConversionSelector<SRC, DST>::Convert<vector<DST, 3> >(v);
  dst[0].y = vk::util::ConversionSelector<SRC, DST>::Convert<DST>(v.x);
}
