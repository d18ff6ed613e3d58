// <vk/opcode_selector.h>, built into hlsl2spirv.
//
// Picks the SPIR-V instruction for an arithmetic operation or a numeric
// conversion from the scalar component types involved, so that generic code
// (such as <vk/khr/cooperative_matrix.h>) can apply the right opcode to
// scalars, vectors and cooperative matrices alike:
//
//   vk::util::ArithmeticSelector<C>::Add(a, b)        OpIAdd or OpFAdd, ...
//   vk::util::ConversionSelector<S, T>::Convert<R>(x)  OpConvertSToF, ...
//
// DXC ships a header of this name; this one offers the same names.

#ifndef HLSL2SPIRV_VK_OPCODE_SELECTOR_H
#define HLSL2SPIRV_VK_OPCODE_SELECTOR_H

// The instructions, one function template each. The result type of a
// unary or binary operation is the type of its operands; a conversion names
// its result type as the first template argument.
#define HLSL2SPIRV_SPV_UNARY(NAME, OPCODE)                                    \
  template <typename R>                                                        \
  [[vk::ext_instruction(OPCODE)]] R __builtin_spv_##NAME(R x)
#define HLSL2SPIRV_SPV_BINARY(NAME, OPCODE)                                   \
  template <typename R>                                                        \
  [[vk::ext_instruction(OPCODE)]] R __builtin_spv_##NAME(R x, R y)
#define HLSL2SPIRV_SPV_CONVERT(NAME, OPCODE)                                  \
  template <typename R, typename A>                                            \
  [[vk::ext_instruction(OPCODE)]] R __builtin_spv_##NAME(A x)

HLSL2SPIRV_SPV_UNARY(CopyObject, 83);
HLSL2SPIRV_SPV_UNARY(SNegate, 126);
HLSL2SPIRV_SPV_UNARY(FNegate, 127);

HLSL2SPIRV_SPV_BINARY(IAdd, 128);
HLSL2SPIRV_SPV_BINARY(FAdd, 129);
HLSL2SPIRV_SPV_BINARY(ISub, 130);
HLSL2SPIRV_SPV_BINARY(FSub, 131);
HLSL2SPIRV_SPV_BINARY(IMul, 132);
HLSL2SPIRV_SPV_BINARY(FMul, 133);
HLSL2SPIRV_SPV_BINARY(UDiv, 134);
HLSL2SPIRV_SPV_BINARY(SDiv, 135);
HLSL2SPIRV_SPV_BINARY(FDiv, 136);

HLSL2SPIRV_SPV_CONVERT(ConvertFToU, 109);
HLSL2SPIRV_SPV_CONVERT(ConvertFToS, 110);
HLSL2SPIRV_SPV_CONVERT(ConvertSToF, 111);
HLSL2SPIRV_SPV_CONVERT(ConvertUToF, 112);
HLSL2SPIRV_SPV_CONVERT(UConvert, 113);
HLSL2SPIRV_SPV_CONVERT(SConvert, 114);
HLSL2SPIRV_SPV_CONVERT(FConvert, 115);
HLSL2SPIRV_SPV_CONVERT(Bitcast, 124);

// The same one-operand conversion written with CopyObject, for a
// "conversion" between types that are one SPIR-V type.
template <typename R, typename A>
[[vk::ext_instruction(/* OpCopyObject */ 83)]] R __builtin_spv_Same(A x);

#undef HLSL2SPIRV_SPV_UNARY
#undef HLSL2SPIRV_SPV_BINARY
#undef HLSL2SPIRV_SPV_CONVERT

namespace vk {
namespace util {

// ArithmeticSelector<C> has static function templates Negate, Add, Sub, Mul
// and Div that apply the SPIR-V instruction for component type C to values
// of any type made of C (scalar, vector, cooperative matrix). There is one
// for each integer and floating-point scalar type.
template <class ComponentType> class ArithmeticSelector;

#define HLSL2SPIRV_ARITH(C, NEG, ADD, SUB, MUL, DIV)                          \
  template <> class ArithmeticSelector<C> {                                    \
    template <class V> static V Negate(V x) { return __builtin_spv_##NEG(x); } \
    template <class V> static V Add(V x, V y) {                                \
      return __builtin_spv_##ADD(x, y);                                        \
    }                                                                          \
    template <class V> static V Sub(V x, V y) {                                \
      return __builtin_spv_##SUB(x, y);                                        \
    }                                                                          \
    template <class V> static V Mul(V x, V y) {                                \
      return __builtin_spv_##MUL(x, y);                                        \
    }                                                                          \
    template <class V> static V Div(V x, V y) {                                \
      return __builtin_spv_##DIV(x, y);                                        \
    }                                                                          \
  }
#define HLSL2SPIRV_ARITH_FLOAT(C) HLSL2SPIRV_ARITH(C, FNegate, FAdd, FSub, FMul, FDiv)
#define HLSL2SPIRV_ARITH_SINT(C) HLSL2SPIRV_ARITH(C, SNegate, IAdd, ISub, IMul, SDiv)
#define HLSL2SPIRV_ARITH_UINT(C) HLSL2SPIRV_ARITH(C, SNegate, IAdd, ISub, IMul, UDiv)

HLSL2SPIRV_ARITH_FLOAT(half);
HLSL2SPIRV_ARITH_FLOAT(float);
HLSL2SPIRV_ARITH_FLOAT(double);
#if __HLSL_ENABLE_16_BIT
HLSL2SPIRV_ARITH_SINT(int16_t);
HLSL2SPIRV_ARITH_UINT(uint16_t);
#endif
HLSL2SPIRV_ARITH_SINT(int32_t);
HLSL2SPIRV_ARITH_UINT(uint32_t);
HLSL2SPIRV_ARITH_SINT(int64_t);
HLSL2SPIRV_ARITH_UINT(uint64_t);

#undef HLSL2SPIRV_ARITH
#undef HLSL2SPIRV_ARITH_FLOAT
#undef HLSL2SPIRV_ARITH_SINT
#undef HLSL2SPIRV_ARITH_UINT

// ConversionSelector<S, T>::Convert<R>(x) converts x, made of components of
// scalar type S (a scalar, vector or cooperative matrix), to R, the same
// shape made of T. The instruction follows SPIR-V's conversion rules:
// integer width changes extend by the signedness of the target, a change of
// signedness alone is a bitcast, integer <-> float conversions use the
// integer's signedness, and a type converted to itself is copied. Without
// -enable-16bit-types half is float, so half <-> float is a copy.
template <class SourceType, class TargetType> class ConversionSelector;

#define HLSL2SPIRV_CONV(S, T, OP)                                             \
  template <> class ConversionSelector<S, T> {                                 \
    template <class R, class A> static R Convert(A x) {                        \
      return __builtin_spv_##OP<R>(x);                                         \
    }                                                                          \
  }

// From an integer type to each floating-point type.
#define HLSL2SPIRV_CONV_INT_TO_FLOATS(S, OP)                                  \
  HLSL2SPIRV_CONV(S, half, OP);                                                \
  HLSL2SPIRV_CONV(S, float, OP);                                               \
  HLSL2SPIRV_CONV(S, double, OP)

// From a type S to the signed and unsigned integers of one width.
#define HLSL2SPIRV_CONV_TO_INTS(S, UT, ST, UOP, SOP)                          \
  HLSL2SPIRV_CONV(S, UT, UOP);                                                 \
  HLSL2SPIRV_CONV(S, ST, SOP)

// 32- and 64-bit integers among themselves.
HLSL2SPIRV_CONV_TO_INTS(uint32_t, uint32_t, int32_t, Same, Bitcast);
HLSL2SPIRV_CONV_TO_INTS(uint32_t, uint64_t, int64_t, UConvert, SConvert);
HLSL2SPIRV_CONV_TO_INTS(int32_t, uint32_t, int32_t, Bitcast, Same);
HLSL2SPIRV_CONV_TO_INTS(int32_t, uint64_t, int64_t, UConvert, SConvert);
HLSL2SPIRV_CONV_TO_INTS(uint64_t, uint32_t, int32_t, UConvert, SConvert);
HLSL2SPIRV_CONV_TO_INTS(uint64_t, uint64_t, int64_t, Same, Bitcast);
HLSL2SPIRV_CONV_TO_INTS(int64_t, uint32_t, int32_t, UConvert, SConvert);
HLSL2SPIRV_CONV_TO_INTS(int64_t, uint64_t, int64_t, Bitcast, Same);

// Integers to floating point.
HLSL2SPIRV_CONV_INT_TO_FLOATS(uint32_t, ConvertUToF);
HLSL2SPIRV_CONV_INT_TO_FLOATS(int32_t, ConvertSToF);
HLSL2SPIRV_CONV_INT_TO_FLOATS(uint64_t, ConvertUToF);
HLSL2SPIRV_CONV_INT_TO_FLOATS(int64_t, ConvertSToF);

// Floating point to 32- and 64-bit integers.
HLSL2SPIRV_CONV_TO_INTS(half, uint32_t, int32_t, ConvertFToU, ConvertFToS);
HLSL2SPIRV_CONV_TO_INTS(half, uint64_t, int64_t, ConvertFToU, ConvertFToS);
HLSL2SPIRV_CONV_TO_INTS(float, uint32_t, int32_t, ConvertFToU, ConvertFToS);
HLSL2SPIRV_CONV_TO_INTS(float, uint64_t, int64_t, ConvertFToU, ConvertFToS);
HLSL2SPIRV_CONV_TO_INTS(double, uint32_t, int32_t, ConvertFToU, ConvertFToS);
HLSL2SPIRV_CONV_TO_INTS(double, uint64_t, int64_t, ConvertFToU, ConvertFToS);

// Floating point among itself.
HLSL2SPIRV_CONV(half, half, Same);
HLSL2SPIRV_CONV(float, float, Same);
HLSL2SPIRV_CONV(double, double, Same);
HLSL2SPIRV_CONV(half, double, FConvert);
HLSL2SPIRV_CONV(float, double, FConvert);
HLSL2SPIRV_CONV(double, half, FConvert);
HLSL2SPIRV_CONV(double, float, FConvert);
#if __HLSL_ENABLE_16_BIT
HLSL2SPIRV_CONV(half, float, FConvert);
HLSL2SPIRV_CONV(float, half, FConvert);
#else
HLSL2SPIRV_CONV(half, float, Same);
HLSL2SPIRV_CONV(float, half, Same);
#endif

#if __HLSL_ENABLE_16_BIT
// 16-bit integers, to and from everything.
HLSL2SPIRV_CONV_TO_INTS(uint16_t, uint16_t, int16_t, Same, Bitcast);
HLSL2SPIRV_CONV_TO_INTS(int16_t, uint16_t, int16_t, Bitcast, Same);
HLSL2SPIRV_CONV_TO_INTS(uint16_t, uint32_t, int32_t, UConvert, SConvert);
HLSL2SPIRV_CONV_TO_INTS(int16_t, uint32_t, int32_t, UConvert, SConvert);
HLSL2SPIRV_CONV_TO_INTS(uint16_t, uint64_t, int64_t, UConvert, SConvert);
HLSL2SPIRV_CONV_TO_INTS(int16_t, uint64_t, int64_t, UConvert, SConvert);
HLSL2SPIRV_CONV_TO_INTS(uint32_t, uint16_t, int16_t, UConvert, SConvert);
HLSL2SPIRV_CONV_TO_INTS(int32_t, uint16_t, int16_t, UConvert, SConvert);
HLSL2SPIRV_CONV_TO_INTS(uint64_t, uint16_t, int16_t, UConvert, SConvert);
HLSL2SPIRV_CONV_TO_INTS(int64_t, uint16_t, int16_t, UConvert, SConvert);
HLSL2SPIRV_CONV_INT_TO_FLOATS(uint16_t, ConvertUToF);
HLSL2SPIRV_CONV_INT_TO_FLOATS(int16_t, ConvertSToF);
HLSL2SPIRV_CONV_TO_INTS(half, uint16_t, int16_t, ConvertFToU, ConvertFToS);
HLSL2SPIRV_CONV_TO_INTS(float, uint16_t, int16_t, ConvertFToU, ConvertFToS);
HLSL2SPIRV_CONV_TO_INTS(double, uint16_t, int16_t, ConvertFToU, ConvertFToS);
#endif

#undef HLSL2SPIRV_CONV
#undef HLSL2SPIRV_CONV_INT_TO_FLOATS
#undef HLSL2SPIRV_CONV_TO_INTS

} // namespace util
} // namespace vk

#endif // HLSL2SPIRV_VK_OPCODE_SELECTOR_H
