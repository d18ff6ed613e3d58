// <vk/khr/cooperative_matrix.h>, built into hlsl2spirv: cooperative
// matrices of SPV_KHR_cooperative_matrix (OpTypeCooperativeMatrixKHR) as an
// HLSL class template, vk::khr::CooperativeMatrix, with loads and stores,
// element access, element-wise arithmetic, conversions and multiply-add.
// Everything is written with inline SPIR-V (vk::SpirvOpaqueType and
// vk::ext_instruction); the only compiler hook is
// __builtin_spv_CooperativeMatrixLengthKHR, whose operand is a type.
//
// DXC ships a header of this name; this one offers the same names.

#ifndef HLSL2SPIRV_VK_KHR_COOPERATIVE_MATRIX_H
#define HLSL2SPIRV_VK_KHR_COOPERATIVE_MATRIX_H

#if __SPIRV_MAJOR_VERSION__ == 1 && __SPIRV_MINOR_VERSION__ < 6
#error "CooperativeMatrix requires a minimum of SPIR-V 1.6"
#endif

#include <vk/spirv.h>
#include <vk/opcode_selector.h>

// The instructions the class is built from. Pointer operands marked
// vk::ext_reference take the address of their argument (a buffer element,
// the matrix variable itself); memory operands are literal words.

// OpCooperativeMatrixLoadKHR: memory operands without and with a scope.
template <typename R, typename P>
[[vk::ext_instruction(/* OpCooperativeMatrixLoadKHR */ 4457)]] R
__builtin_spv_CooperativeMatrixLoadKHR([[vk::ext_reference]] P pointer,
                                       vk::CooperativeMatrixLayout layout,
                                       uint stride,
                                       [[vk::ext_literal]] uint32_t access);
template <typename R, typename P>
[[vk::ext_instruction(/* OpCooperativeMatrixLoadKHR */ 4457)]] R
__builtin_spv_CooperativeMatrixLoadKHR([[vk::ext_reference]] P pointer,
                                       vk::CooperativeMatrixLayout layout,
                                       uint stride,
                                       [[vk::ext_literal]] uint32_t access,
                                       vk::Scope scope);
// The same from a pointer to groupshared memory (a value, not a reference).
template <typename R, typename E>
[[vk::ext_instruction(/* OpCooperativeMatrixLoadKHR */ 4457)]] R
__builtin_spv_CooperativeMatrixWorkgroupLoadKHR(
    vk::WorkgroupSpirvPointer<E> pointer, vk::CooperativeMatrixLayout layout,
    uint stride, [[vk::ext_literal]] uint32_t access, vk::Scope scope);

// OpCooperativeMatrixStoreKHR, the same three ways.
template <typename M, typename P>
[[vk::ext_instruction(/* OpCooperativeMatrixStoreKHR */ 4458)]] void
__builtin_spv_CooperativeMatrixStoreKHR([[vk::ext_reference]] P pointer,
                                        M matrix,
                                        vk::CooperativeMatrixLayout layout,
                                        uint stride,
                                        [[vk::ext_literal]] uint32_t access);
template <typename M, typename P>
[[vk::ext_instruction(/* OpCooperativeMatrixStoreKHR */ 4458)]] void
__builtin_spv_CooperativeMatrixStoreKHR([[vk::ext_reference]] P pointer,
                                        M matrix,
                                        vk::CooperativeMatrixLayout layout,
                                        uint stride,
                                        [[vk::ext_literal]] uint32_t access,
                                        vk::Scope scope);
template <typename M, typename E>
[[vk::ext_instruction(/* OpCooperativeMatrixStoreKHR */ 4458)]] void
__builtin_spv_CooperativeMatrixWorkgroupStoreKHR(
    vk::WorkgroupSpirvPointer<E> pointer, M matrix,
    vk::CooperativeMatrixLayout layout, uint stride,
    [[vk::ext_literal]] uint32_t access, vk::Scope scope);

// OpCooperativeMatrixMulAddKHR: r = a * b + c.
template <typename R, typename A, typename B, typename C>
[[vk::ext_instruction(/* OpCooperativeMatrixMulAddKHR */ 4459)]] R
__builtin_spv_CooperativeMatrixMulAddKHR(A a, B b, C c,
                                         [[vk::ext_literal]] int operands);

// OpCooperativeMatrixLengthKHR takes the matrix type as its operand, which
// vk::ext_instruction cannot express: the compiler expands calls of this
// function itself.
template <class MatrixType> uint __builtin_spv_CooperativeMatrixLengthKHR();

// OpMatrixTimesScalar.
template <typename R, typename S>
[[vk::ext_instruction(/* OpMatrixTimesScalar */ 143)]] R
__builtin_spv_MatrixTimesScalar(R m, S s);

// OpCompositeConstruct from one value: every element of a cooperative
// matrix set to it.
template <typename R, typename S>
[[vk::ext_instruction(/* OpCompositeConstruct */ 80)]] R
__builtin_spv_ConstructCooperativeMatrix(S value);

// OpAccessChain into the variable holding a matrix, and OpLoad and OpStore
// through the pointer it gives.
template <class P, class Base>
[[vk::ext_instruction(/* OpAccessChain */ 65)]] P
__builtin_spv_AccessChain([[vk::ext_reference]] Base base, uint32_t index);
template <class T, class P>
[[vk::ext_instruction(/* OpLoad */ 61)]] T __builtin_spv_LoadPointer(P pointer);
template <class P, class T>
[[vk::ext_instruction(/* OpStore */ 62)]] void
__builtin_spv_StorePointer(P pointer, T value);

namespace vk {
namespace khr {

// Whether the multiply-add of matrices of this component type treats the
// components as signed integers.
template <class ComponentType> struct CooperativeMatrixSignedness {
  static const bool value = false;
};
template <> struct CooperativeMatrixSignedness<int32_t> {
  static const bool value = true;
};
template <> struct CooperativeMatrixSignedness<int64_t> {
  static const bool value = true;
};
#if __HLSL_ENABLE_16_BIT
template <> struct CooperativeMatrixSignedness<int16_t> {
  static const bool value = true;
};
#endif

// The loads from a structured buffer of BufferType, starting at
// data[index], with and without memory operands: read-write and read-only
// buffers take the same instruction.
#define HLSL2SPIRV_COOPMAT_BUFFER_LOAD(BufferType)                             \
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout,     \
            class Type>                                                        \
  static CooperativeMatrix Load(BufferType<Type> data, uint32_t index,         \
                                uint32_t stride) {                             \
    CooperativeMatrix r;                                                       \
    r._matrix = __builtin_spv_CooperativeMatrixLoadKHR<SpirvMatrixType>(       \
        data[index], layout, stride, memoryAccessOperands);                    \
    return r;                                                                  \
  }                                                                            \
  template <CooperativeMatrixLayout layout, class Type>                        \
  static CooperativeMatrix Load(BufferType<Type> data, uint32_t index,         \
                                uint32_t stride) {                             \
    return Load<MemoryAccessMaskNone, layout>(data, index, stride);            \
  }

// A cooperative matrix: rows x columns components of ComponentType, shared
// by the invocations of the given scope, for the given use (the A, B or
// accumulator operand of a multiply-add). The template arguments are the
// operands of OpTypeCooperativeMatrixKHR.
//
// The layout and stride arguments of the loads and stores go to the SPIR-V
// instruction as they are; memoryAccessOperands (MemoryAccessMaskNone when
// left out) are the instruction's memory operands. Loads and stores through
// groupshared memory or globallycoherent buffers also get NonPrivatePointer
// and MakePointerVisible (loads) or MakePointerAvailable (stores) with the
// Workgroup or QueueFamily scope, so the accesses are coherent.
template <typename ComponentType, Scope scope, uint rows, uint columns,
          CooperativeMatrixUse use>
class CooperativeMatrix {
  // The SPIR-V type of the matrix.
  using SpirvMatrixType = vk::SpirvOpaqueType<
      /* OpTypeCooperativeMatrixKHR */ 4456, ComponentType,
      vk::integral_constant<uint, scope>, vk::integral_constant<uint, rows>,
      vk::integral_constant<uint, columns>, vk::integral_constant<uint, use> >;

  [[vk::ext_extension("SPV_KHR_cooperative_matrix")]]
  [[vk::ext_capability(/* CooperativeMatrixKHR */ 6022)]]
  [[vk::ext_capability(/* VulkanMemoryModel */ 5345)]]
  SpirvMatrixType _matrix;

  // True when the components are signed integers.
  static const bool hasSignedIntegerComponentType =
      CooperativeMatrixSignedness<ComponentType>::value;

  // The matrix with every component converted to NewComponentType.
  template <class NewComponentType>
  CooperativeMatrix<NewComponentType, scope, rows, columns, use> cast() {
    CooperativeMatrix<NewComponentType, scope, rows, columns, use> r;
    r._matrix =
        util::ConversionSelector<ComponentType, NewComponentType>::template Convert<
            typename CooperativeMatrix<NewComponentType, scope, rows, columns,
                                       use>::SpirvMatrixType>(_matrix);
    return r;
  }

  // Element-wise arithmetic, with the integer or floating-point instruction
  // the component type calls for.
  CooperativeMatrix negate() {
    CooperativeMatrix r;
    r._matrix = util::ArithmeticSelector<ComponentType>::Negate(_matrix);
    return r;
  }
  CooperativeMatrix operator+(CooperativeMatrix other) {
    CooperativeMatrix r;
    r._matrix = util::ArithmeticSelector<ComponentType>::Add(_matrix, other._matrix);
    return r;
  }
  CooperativeMatrix operator-(CooperativeMatrix other) {
    CooperativeMatrix r;
    r._matrix = util::ArithmeticSelector<ComponentType>::Sub(_matrix, other._matrix);
    return r;
  }
  CooperativeMatrix operator*(CooperativeMatrix other) {
    CooperativeMatrix r;
    r._matrix = util::ArithmeticSelector<ComponentType>::Mul(_matrix, other._matrix);
    return r;
  }
  CooperativeMatrix operator/(CooperativeMatrix other) {
    CooperativeMatrix r;
    r._matrix = util::ArithmeticSelector<ComponentType>::Div(_matrix, other._matrix);
    return r;
  }
  // Every component times a scalar (OpMatrixTimesScalar).
  CooperativeMatrix operator*(ComponentType scalar) {
    CooperativeMatrix r;
    r._matrix = __builtin_spv_MatrixTimesScalar(_matrix, scalar);
    return r;
  }

  // Stores to groupshared memory through a pointer from
  // vk::GetGroupSharedAddress (HLSL cannot pass groupshared arrays by
  // reference).
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout,
            class Type>
  void Store(WorkgroupSpirvPointer<Type> data, uint32_t stride) {
    __builtin_spv_CooperativeMatrixWorkgroupStoreKHR(
        data, _matrix, layout, stride,
        memoryAccessOperands | MemoryAccessNonPrivatePointerMask |
            MemoryAccessMakePointerAvailableMask,
        ScopeWorkgroup);
  }
  template <CooperativeMatrixLayout layout, class Type>
  void Store(WorkgroupSpirvPointer<Type> data, uint32_t stride) {
    Store<MemoryAccessMaskNone, layout>(data, stride);
  }

  // Stores to a buffer, starting at data[index].
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout,
            class Type>
  void Store(RWStructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    __builtin_spv_CooperativeMatrixStoreKHR(data[index], _matrix, layout,
                                            stride, memoryAccessOperands);
  }
  template <CooperativeMatrixLayout layout, class Type>
  void Store(RWStructuredBuffer<Type> data, uint32_t index, uint32_t stride) {
    Store<MemoryAccessMaskNone, layout>(data, index, stride);
  }

  // Stores to a globallycoherent buffer, starting at data[index].
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout,
            class Type>
  void CoherentStore(globallycoherent RWStructuredBuffer<Type> data,
                     uint32_t index, uint32_t stride) {
    __builtin_spv_CooperativeMatrixStoreKHR(
        data[index], _matrix, layout, stride,
        memoryAccessOperands | MemoryAccessNonPrivatePointerMask |
            MemoryAccessMakePointerAvailableMask,
        ScopeQueueFamily);
  }
  template <CooperativeMatrixLayout layout, class Type>
  void CoherentStore(globallycoherent RWStructuredBuffer<Type> data,
                     uint32_t index, uint32_t stride) {
    CoherentStore<MemoryAccessMaskNone, layout>(data, index, stride);
  }

  // Loads from groupshared memory through a pointer from
  // vk::GetGroupSharedAddress.
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout,
            class Type>
  static CooperativeMatrix Load(WorkgroupSpirvPointer<Type> data,
                                uint32_t stride) {
    CooperativeMatrix r;
    r._matrix = __builtin_spv_CooperativeMatrixWorkgroupLoadKHR<SpirvMatrixType>(
        data, layout, stride,
        memoryAccessOperands | MemoryAccessNonPrivatePointerMask |
            MemoryAccessMakePointerVisibleMask,
        ScopeWorkgroup);
    return r;
  }
  template <CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix Load(WorkgroupSpirvPointer<Type> data,
                                uint32_t stride) {
    return Load<MemoryAccessMaskNone, layout>(data, stride);
  }

  // Loads from a buffer, starting at data[index].
  HLSL2SPIRV_COOPMAT_BUFFER_LOAD(RWStructuredBuffer)

  // Loads from a globallycoherent buffer, starting at data[index].
  template <uint32_t memoryAccessOperands, CooperativeMatrixLayout layout,
            class Type>
  static CooperativeMatrix
  CoherentLoad(globallycoherent RWStructuredBuffer<Type> data, uint32_t index,
               uint32_t stride) {
    CooperativeMatrix r;
    r._matrix = __builtin_spv_CooperativeMatrixLoadKHR<SpirvMatrixType>(
        data[index], layout, stride,
        memoryAccessOperands | MemoryAccessNonPrivatePointerMask |
            MemoryAccessMakePointerVisibleMask,
        ScopeQueueFamily);
    return r;
  }
  template <CooperativeMatrixLayout layout, class Type>
  static CooperativeMatrix
  CoherentLoad(globallycoherent RWStructuredBuffer<Type> data, uint32_t index,
               uint32_t stride) {
    return CoherentLoad<MemoryAccessMaskNone, layout>(data, index, stride);
  }

  // Loads from a read-only buffer, starting at data[index]. Read-only
  // memory needs no coherence operands.
  HLSL2SPIRV_COOPMAT_BUFFER_LOAD(StructuredBuffer)

  // A matrix with every component v; v must be the same in every
  // invocation of the scope.
  static CooperativeMatrix Splat(ComponentType v) {
    CooperativeMatrix r;
    r._matrix = __builtin_spv_ConstructCooperativeMatrix<SpirvMatrixType>(v);
    return r;
  }

  // The number of components each invocation holds
  // (OpCooperativeMatrixLengthKHR).
  static uint32_t GetLength() {
    return __builtin_spv_CooperativeMatrixLengthKHR<SpirvMatrixType>();
  }

  // A pointer to one component of a matrix held in a function variable.
  using ComponentPointer = vk::SpirvOpaqueType<
      /* OpTypePointer */ 32,
      vk::Literal<vk::integral_constant<uint, StorageClassFunction> >,
      ComponentType>;

  // Component index of this invocation's part, index < GetLength(). (The
  // component pointer is used at once: a variable holding it would need
  // the VariablePointers capability.)
  ComponentType Get(uint32_t index) {
    return __builtin_spv_LoadPointer<ComponentType>(
        __builtin_spv_AccessChain<ComponentPointer>(_matrix, index));
  }
  void Set(ComponentType value, uint32_t index) {
    __builtin_spv_StorePointer(
        __builtin_spv_AccessChain<ComponentPointer>(_matrix, index), value);
  }
};

// The three uses of a matrix in r = a * b + c: a, b, and c and r.
template <typename ComponentType, Scope scope, uint rows, uint columns>
using CooperativeMatrixA = CooperativeMatrix<ComponentType, scope, rows, columns,
                                             CooperativeMatrixUseMatrixAKHR>;
template <typename ComponentType, Scope scope, uint rows, uint columns>
using CooperativeMatrixB = CooperativeMatrix<ComponentType, scope, rows, columns,
                                             CooperativeMatrixUseMatrixBKHR>;
template <typename ComponentType, Scope scope, uint rows, uint columns>
using CooperativeMatrixAccumulator =
    CooperativeMatrix<ComponentType, scope, rows, columns,
                      CooperativeMatrixUseMatrixAccumulatorKHR>;

// a * b + c (OpCooperativeMatrixMulAddKHR), all components signed when the
// component type is a signed integer.
template <typename ComponentType, Scope scope, uint rows, uint columns, uint K>
CooperativeMatrixAccumulator<ComponentType, scope, rows, columns>
cooperativeMatrixMultiplyAdd(
    CooperativeMatrixA<ComponentType, scope, rows, K> a,
    CooperativeMatrixB<ComponentType, scope, K, columns> b,
    CooperativeMatrixAccumulator<ComponentType, scope, rows, columns> c) {
  const uint operands =
      CooperativeMatrixSignedness<ComponentType>::value
          ? (CooperativeMatrixOperandsMatrixASignedComponentsKHRMask |
             CooperativeMatrixOperandsMatrixBSignedComponentsKHRMask |
             CooperativeMatrixOperandsMatrixCSignedComponentsKHRMask |
             CooperativeMatrixOperandsMatrixResultSignedComponentsKHRMask)
          : CooperativeMatrixOperandsMaskNone;
  CooperativeMatrixAccumulator<ComponentType, scope, rows, columns> r;
  r._matrix = __builtin_spv_CooperativeMatrixMulAddKHR<
      typename CooperativeMatrixAccumulator<ComponentType, scope, rows,
                                            columns>::SpirvMatrixType>(
      a._matrix, b._matrix, c._matrix, operands);
  return r;
}

// The same with saturating accumulation (SaturatingAccumulationKHR).
template <typename ComponentType, Scope scope, uint rows, uint columns, uint K>
CooperativeMatrixAccumulator<ComponentType, scope, rows, columns>
cooperativeMatrixSaturatingMultiplyAdd(
    CooperativeMatrixA<ComponentType, scope, rows, K> a,
    CooperativeMatrixB<ComponentType, scope, K, columns> b,
    CooperativeMatrixAccumulator<ComponentType, scope, rows, columns> c) {
  const uint operands =
      CooperativeMatrixOperandsSaturatingAccumulationKHRMask |
      (CooperativeMatrixSignedness<ComponentType>::value
           ? (CooperativeMatrixOperandsMatrixASignedComponentsKHRMask |
              CooperativeMatrixOperandsMatrixBSignedComponentsKHRMask |
              CooperativeMatrixOperandsMatrixCSignedComponentsKHRMask |
              CooperativeMatrixOperandsMatrixResultSignedComponentsKHRMask)
           : CooperativeMatrixOperandsMaskNone);
  CooperativeMatrixAccumulator<ComponentType, scope, rows, columns> r;
  r._matrix = __builtin_spv_CooperativeMatrixMulAddKHR<
      typename CooperativeMatrixAccumulator<ComponentType, scope, rows,
                                            columns>::SpirvMatrixType>(
      a._matrix, b._matrix, c._matrix, operands);
  return r;
}

} // namespace khr
} // namespace vk

#undef HLSL2SPIRV_COOPMAT_BUFFER_LOAD

#endif // HLSL2SPIRV_VK_KHR_COOPERATIVE_MATRIX_H
