// Struct templates: each argument list makes one struct (named after the
// template), with its methods and static members; explicit and partial
// specializations are picked by matching their arguments, so type traits
// built from them fold to constants; member function templates are
// instantiated per call, static ones through `S::f<...>`.
// RUN: %hlsl2spirv -fcgl -T cs_6_0 -E main %s | FileCheck %s
// RUN: %hlsl2spirv -T cs_6_0 -E main %s

template <typename T>
struct Box {
  static const T zero = 0;
  T value;
  void set(T v) { value = v; }
  T get() { return value + zero; }
  template <typename U>
  U as() { return (U)value; }
  template <int K>
  static T times(T x) { return x * K; }
};

template <typename A, typename B> struct is_same { static const bool value = false; };
template <typename A> struct is_same<A, A> { static const bool value = true; };

template <typename M> struct rows;
template <typename T, int R, int C> struct rows<matrix<T, R, C> > { static const int value = R; };

template <bool B> struct pick { static const int value = 1; };
template <> struct pick<false> { static const int value = 2; };

template <typename T> struct Table { static const T entries[2]; };
template <typename T> const T Table<T>::entries[2] = { 3, 4 };

RWStructuredBuffer<int> o;

[numthreads(1, 1, 1)]
void main() {
// The wrapper initialises the out-of-line static member.
// CHECK:      OpStore %entries
// CHECK:      %b = OpVariable %_ptr_Function_Box Function
  Box<float> b;
// CHECK:      OpFunctionCall %void %Box_set %b %param_var_v
  b.set(2);
// CHECK:      OpFunctionCall %float %Box_get %b
// CHECK:      OpFunctionCall %int %Box_as %b
// CHECK:      OpFunctionCall %float %Box_times %param_var_x
  o[0] = b.get() + b.as<int>() + Box<float>::times<3>(1.0f);
// CHECK:      OpStore {{%[0-9]+}} %int_1
  o[1] = is_same<int, int>::value && !is_same<int, uint>::value;
// CHECK:      OpStore {{%[0-9]+}} %int_4
  o[2] = rows<float4x3>::value;
// CHECK:      OpStore {{%[0-9]+}} %int_2
  o[3] = pick<false>::value;
// CHECK:      [[e:%[0-9]+]] = OpAccessChain %_ptr_Private_int %entries %int_1
// CHECK:      OpLoad %int [[e]]
  o[4] = Table<int>::entries[1];
}

// CHECK:      %Box_set = OpFunction %void None
// CHECK-NEXT: %param_this = OpFunctionParameter %_ptr_Function_Box
// CHECK-NEXT: %v = OpFunctionParameter %_ptr_Function_float
// CHECK:      %Box_times = OpFunction %float None
// CHECK:      OpFMul %float {{%[0-9]+}} %float_3
