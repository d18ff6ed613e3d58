// Member function templates of class templates, as the cooperative matrix
// header uses them: explicit arguments on a call through an object or a
// qualified name (S<T>::f<A>(...), s.f<A>(...)), one member template
// calling another overload with explicit arguments from inside an
// instance, S<U> inside S<T> naming another instance, and deduction
// through an alias template, of an object's element type (a
// StructuredBuffer<T> parameter does not take a RWStructuredBuffer) and
// of enum-typed value parameters, which are constants.
// RUN: %hlsl2spirv -T cs_6_0 -E main -fcgl %s | FileCheck %s

enum class Mode { Add = 0, Mul = 1 };

template <typename T, uint N> struct Box {
  T v;
  template <uint A, Mode M, class E> static Box From(RWStructuredBuffer<E> b, uint i) {
    Box r;
    r.v = M == Mode::Add ? (T)b[i] + A + N : (T)b[i] * A;
    return r;
  }
  template <Mode M, class E> static Box From(RWStructuredBuffer<E> b, uint i) {
    return From<1, M>(b, i);
  }
  template <Mode M, class E> static Box From(StructuredBuffer<E> b, uint i) {
    Box r;
    r.v = (T)b[i] + 100;
    return r;
  }
  template <class U> Box<U, N> cast() {
    Box<U, N> r;
    r.v = (U)v;
    return r;
  }
};

template <typename T> using Pair = Box<T, 2>;

template <typename T> T first(Pair<T> p) { return p.v; }

RWStructuredBuffer<int> ints;
StructuredBuffer<int> constInts;
RWStructuredBuffer<float> floats;

[numthreads(1, 1, 1)]
void main() {
// CHECK-LABEL: %src_main = OpFunction
// CHECK:       %b = OpVariable %_ptr_Function_Box Function
// CHECK:       OpFunctionCall %Box %Box_From %param_var_b %param_var_i
  Box<int, 3> b = Box<int, 3>::From<Mode::Add>(ints, 0);
// CHECK:       OpFunctionCall %Box %Box_From_0 %param_var_b_0 %param_var_i_0
  Box<int, 3> c = Box<int, 3>::From<Mode::Mul>(constInts, 0);
// CHECK:       OpFunctionCall %Box_0 %Box_cast %b
  Box<float, 3> f = b.cast<float>();
  Pair<float> p;
  p.v = f.v + c.v;
// CHECK:       OpFunctionCall %float %first %param_var_p
  floats[0] = first(p);
// From<Mode::Add> calls From<1, Mode::Add>; the StructuredBuffer overload
// adds 100; From<1, Mode::Add> adds A then N.
// CHECK:       %Box_From = OpFunction %Box
// CHECK:       OpFunctionCall %Box %Box_From_1
// CHECK:       %Box_From_0 = OpFunction %Box
// CHECK:       OpIAdd %int {{%[0-9]+}} %int_100
// CHECK:       %Box_From_1 = OpFunction %Box
// CHECK:       [[a:%[0-9]+]] = OpIAdd %uint {{%[0-9]+}} %uint_1
// CHECK-NEXT:  OpIAdd %uint [[a]] %uint_3
}
