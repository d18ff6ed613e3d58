// A static const struct member that is used but never defined (no
// initializer in the struct, no out-of-class definition) has no value:
// clang's warning names it and the use, and DXC's back end stops with a
// fatal error. A definition after the struct, or an initializer, is fine.
// RUN: %hlsl2spirv -T ps_6_0 -E main %s | FileCheck %s
// RUN: not %hlsl2spirv -T ps_6_0 -E main -DUNDEFINED %s 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: OpReturn
// ERR: undefined-static-member.hlsl:16:18: warning: variable 'Table<2, float>::weights' has internal linkage but is not defined [-Wundefined-internal]
// ERR: undefined-static-member.hlsl:27:20: note: used here
// ERR: undefined-static-member.hlsl:16:18: fatal error: found unregistered decl

template <uint N, typename T = float>
struct Table {
  const static T scale = 2;
  const static T weights[N];
};
struct Plain {
  const static float bias;
};
const float Plain::bias = 0.5;
#ifndef UNDEFINED
template <> const float Table<2>::weights[2] = {0.25, 0.75};
#endif

float main(uint i : INDEX) : SV_Target {
  return Table<2>::weights[i] * Table<2>::scale + Plain::bias;
}
