package spirv

import (
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/ast"
	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics"
	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// intrinsicLowering emits one call x of an intrinsic function, which sema
// resolved to m; t is the call's result type (void when it has none).
type intrinsicLowering func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value

// intrinsicLowerings holds, at the index of each intrinsic function
// codegen supports (the ID sema resolved the call to), its lowering; an ID
// without one is reported as unsupported. The declarative rows
// (glslByKind, unaryOps, barriers, waveReductions, rayBuilts) become
// entries here; the rest are one function each. It is filled by init: the
// lowerings reach intrinsic again through expression emission, which a
// variable's initializer may not refer to. (A slice indexed by ID, not a
// map: as a map, filling it cost every process start about 160,000
// instructions of hashing and growth.)
var intrinsicLowerings []intrinsicLowering

// loweringOf returns the lowering of id, or nil.
func loweringOf(id intrinsics.ID) intrinsicLowering {
	if int(id) < len(intrinsicLowerings) {
		return intrinsicLowerings[id]
	}
	return nil
}

func init() {
	intrinsicLowerings = []intrinsicLowering{
		// intrinsics.go
		intrinsics.Transpose:    lowerTranspose,
		intrinsics.Saturate:     lowerSaturate,
		intrinsics.Rcp:          lowerRcp,
		intrinsics.Sign:         lowerSign,
		intrinsics.Mad:          lowerMad,
		intrinsics.Firstbithigh: lowerFirstBitHigh,
		intrinsics.Firstbitlow:  lowerFirstBitLow,
		intrinsics.All:          boolReduction(spv.OpAll),
		intrinsics.Any:          boolReduction(spv.OpAny),
		intrinsics.Dot:          lowerDot,
		intrinsics.Mul:          lowerMul,
		intrinsics.Asfloat:      lowerBitcast,
		intrinsics.Asint:        lowerBitcast,
		intrinsics.Asuint:       lowerAsuint,
		intrinsics.Asfloat16:    lowerBitcast,
		intrinsics.Asint16:      lowerBitcast,
		intrinsics.Asuint16:     lowerBitcast,
		intrinsics.Clip:         lowerClip,

		// intrinsics_extra.go, intrinsics_math.go
		intrinsics.Abs:                     lowerAbs,
		intrinsics.Countbits:               lowerCountbits,
		intrinsics.Reversebits:             lowerReversebits,
		intrinsics.Ldexp:                   lowerLdexp,
		intrinsics.Fmod:                    binaryLowering(spv.OpFRem),
		intrinsics.And:                     binaryLowering(spv.OpLogicalAnd),
		intrinsics.Or:                      binaryLowering(spv.OpLogicalOr),
		intrinsics.Isfinite:                lowerIsfinite,
		intrinsics.Isnormal:                lowerIsnormal,
		intrinsics.Log10:                   lowerLog10,
		intrinsics.Sincos:                  lowerSincos,
		intrinsics.Modf:                    lowerModf,
		intrinsics.Frexp:                   lowerFrexp,
		intrinsics.F32tof16:                lowerF32tof16,
		intrinsics.F16tof32:                lowerF16tof32,
		intrinsics.D3DCOLORtoUBYTE4:        lowerD3DCOLORtoUBYTE4,
		intrinsics.Select:                  lowerSelect,
		intrinsics.Asdouble:                lowerAsdouble,
		intrinsics.Dst:                     lowerDst,
		intrinsics.Lit:                     lowerLit,
		intrinsics.Msad4:                   lowerMsad4,
		intrinsics.Dot4add_i8packed:        dot4AddLowering(spv.OpSDot),
		intrinsics.Dot4add_u8packed:        dot4AddLowering(spv.OpUDot),
		intrinsics.Dot2add:                 lowerDot2add,
		intrinsics.Pack_s8:                 lowerPack8,
		intrinsics.Pack_u8:                 lowerPack8,
		intrinsics.Pack_clamp_s8:           lowerPack8,
		intrinsics.Pack_clamp_u8:           lowerPack8,
		intrinsics.Unpack_s8s16:            unpack8Lowering(true),
		intrinsics.Unpack_s8s32:            unpack8Lowering(true),
		intrinsics.Unpack_u8u16:            unpack8Lowering(false),
		intrinsics.Unpack_u8u32:            unpack8Lowering(false),
		intrinsics.NonUniformResourceIndex: lowerNonUniformResourceIndex,
		intrinsics.CheckAccessFullyMapped:  lowerCheckAccessFullyMapped,
		intrinsics.Printf:                  lowerPrintf,
		intrinsics.DebugBreak:              lowerDebugBreak,
		intrinsics.IsHelperLane:            lowerIsHelperLane,
		intrinsics.Barrier:                 lowerBarrierFlags,

		// pixel shader inputs (intrinsics_vk.go, pervertex.go)
		intrinsics.GetAttributeAtVertex:      lowerAttributeAtVertex,
		intrinsics.EvaluateAttributeCentroid: lowerEvaluateAttribute,
		intrinsics.EvaluateAttributeAtSample: lowerEvaluateAttribute,
		intrinsics.EvaluateAttributeSnapped:  lowerEvaluateAttribute,

		// vk:: (intrinsics_vk.go)
		intrinsics.VkReadClock:                lowerReadClock,
		intrinsics.VkRawBufferLoad:            lowerRawBuffer,
		intrinsics.VkRawBufferStore:           lowerRawBuffer,
		intrinsics.VkStatic_pointer_cast:      lowerPointerCast,
		intrinsics.VkReinterpret_pointer_cast: lowerPointerCast,
		intrinsics.VkExt_execution_mode:       extExecutionModeLowering(false),
		intrinsics.VkExt_execution_mode_id:    extExecutionModeLowering(true),

		// mesh.go, node.go
		intrinsics.SetMeshOutputCounts:         lowerMesh,
		intrinsics.DispatchMesh:                lowerMesh,
		intrinsics.GetRemainingRecursionLevels: lowerRemainingRecursionLevels,

		// raytracing.go
		intrinsics.TraceRay:              lowerTraceRay,
		intrinsics.CallShader:            lowerCallShader,
		intrinsics.ReportHit:             lowerReportHit,
		intrinsics.IgnoreHit:             endHitLowering(false),
		intrinsics.AcceptHitAndEndSearch: endHitLowering(true),
	}
	addRowLowerings()
}

// addRowLowerings adds the lowerings the declarative tables describe, one
// per row; an intrinsic in two places is a bug.
func addRowLowerings() {
	add := func(id intrinsics.ID, l intrinsicLowering) {
		if loweringOf(id) != nil {
			panic("codegen/spirv: two lowerings for the intrinsic " + id.String())
		}
		if n := int(id) + 1; n > len(intrinsicLowerings) {
			intrinsicLowerings = append(intrinsicLowerings, make([]intrinsicLowering, n-len(intrinsicLowerings))...)
		}
		intrinsicLowerings[id] = l
	}
	for i, codes := range glslByKind {
		if id := intrinsics.ID(i); codes != ([3]uint32{}) && id != intrinsics.Abs { // lowerAbs handles unsigned first
			add(id, glslLowering(codes))
		}
	}
	for i, op := range unaryOps {
		if id := intrinsics.ID(i); op != 0 && id != intrinsics.Countbits && id != intrinsics.Reversebits { // 16- and 64-bit first
			add(id, unaryLowering(op))
		}
	}
	for i, b := range barriers {
		if b.memScope == 0 {
			continue
		}
		add(intrinsics.ID(i), func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
			e.barrier(b.sync, b.memScope, b.semantics)
			return rv(0, t)
		})
	}
	for _, id := range interlockedFuncs {
		add(id, lowerInterlocked)
	}
	waveLowerings(add)
	for id, b := range rayBuilts {
		add(id, rayBuiltinLowering(id, b))
	}
}

// interlockedFuncs are the Interlocked* intrinsic functions (the methods
// of the same names are lowered with the other methods).
var interlockedFuncs = []intrinsics.ID{
	intrinsics.InterlockedAdd, intrinsics.InterlockedAnd, intrinsics.InterlockedOr,
	intrinsics.InterlockedXor, intrinsics.InterlockedMin, intrinsics.InterlockedMax,
	intrinsics.InterlockedExchange, intrinsics.InterlockedCompareStore,
	intrinsics.InterlockedCompareExchange, intrinsics.InterlockedCompareStoreFloatBitwise,
	intrinsics.InterlockedCompareExchangeFloatBitwise,
}

// lowerInterlocked emits an Interlocked* function (buffers.go).
func lowerInterlocked(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	e.interlocked(x, m)
	return rv(0, types.VoidType())
}

// The lowerings that hand the call to an emitter method elsewhere.

func lowerModf(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	return rv(e.modf(x, m, e.intrinsicArg(x, m, 0)), t)
}

func lowerFrexp(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	return rv(e.frexp(x, m), t)
}

func lowerSelect(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	ct := concreteType(t)
	if len(x.Args) == 3 && e.literalInts(x.Args[1:]...) && !e.literalArgsFit32(x.Args[1:]...) {
		// select(c, 3000000000, 0) chooses between 64-bit ints
		ct = ct.WithScalar(types.Int64)
		t = ct
	}
	if v, ok := e.selectIntrinsic(x, ct, t); ok {
		return v
	}
	e.unsupported(x, "the intrinsic '"+m.Overload.Name()+"'")
	return value{}
}

func lowerAsdouble(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	return rv(e.asdouble(x, m, concreteType(t)), t)
}

func lowerDst(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	return rv(e.dst(x, m, concreteType(t)), t)
}

func lowerLit(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	return rv(e.lit(x, m, concreteType(t)), t)
}

func lowerMsad4(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	a, b, c := e.intrinsicArg(x, m, 0), e.intrinsicArg(x, m, 1), e.intrinsicArg(x, m, 2)
	return rv(e.msad4(a, b, c), t)
}

func lowerPack8(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	return rv(e.pack8(x, m, m.Overload.Name(), concreteType(t)), t)
}

func lowerBarrierFlags(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	e.barrierFlags(x)
	return rv(0, t)
}

func lowerAttributeAtVertex(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	return rv(e.attributeAtVertex(x, m, t), t)
}

func lowerEvaluateAttribute(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	return rv(e.evaluateAttribute(x, m, m.Overload.Name(), concreteType(t)), t)
}

func lowerRawBuffer(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	return rv(e.rawBuffer(x, m, m.Overload.Name(), concreteType(t)), t)
}

func extExecutionModeLowering(withIDs bool) intrinsicLowering {
	return func(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
		e.extExecutionMode(x, m, withIDs)
		return rv(0, t)
	}
}

func lowerMesh(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	return e.meshIntrinsic(x, m.ID)
}

func lowerRemainingRecursionLevels(e *emitter, x *ast.CallExpr, m *intrinsics.Match, t *types.Type) value {
	return rv(e.remainingRecursionLevels(), t)
}
