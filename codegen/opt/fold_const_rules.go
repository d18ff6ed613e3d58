package opt

import (
	"github.com/hlsl2spirv/hlsl2spirv/internal/half"
	"math"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Constant-folding rules (spirv-opt's ConstantFoldingRules): each takes an
// instruction and the constant values of its id operands (k, in operand
// order, nil where not constant; an OpExtInst's import is k[0]) and returns
// the value the instruction computes, or nil. Rules for an opcode are tried
// in table order. Floating-point rules give up when floating-point folding
// is not allowed (float controls, NoContraction).

type constRule func(f *folder, in *builder.Inst, k []*cval) *cval

var constRules = ruleTable[constRule]{
	spv.OpCompositeConstruct: {foldConstructConstants},
	spv.OpCompositeExtract:   {foldExtractConstants},
	spv.OpCompositeInsert:    {foldInsertConstants},
	spv.OpConvertFToS:        {fpUnary(foldFToI)},
	spv.OpConvertFToU:        {fpUnary(foldFToI)},
	spv.OpConvertSToF:        {fpUnary(foldIToF)},
	spv.OpConvertUToF:        {fpUnary(foldIToF)},
	spv.OpSConvert:           {unary(foldSConvert)},
	spv.OpUConvert:           {unary(foldUConvert)},
	spv.OpDot:                {foldDotConstants},
	spv.OpFAdd:               {fpBinary(fpArith(func(a, b float64) float64 { return a + b }, func(a, b float32) float32 { return a + b }))},
	spv.OpFDiv:               {fpBinary(foldFDivScalar), foldRedundantDiv},
	spv.OpFMul:               {fpBinary(fpArith(func(a, b float64) float64 { return a * b }, func(a, b float32) float32 { return a * b }))},
	spv.OpFSub:               {fpBinary(fpArith(func(a, b float64) float64 { return a - b }, func(a, b float32) float32 { return a - b })), foldRedundantSub},
	spv.OpSelect:             {foldInvariantSelect},
	spv.OpFOrdEqual:          {fpCompare(func(a, b float64) bool { return a == b }, true)},
	spv.OpFUnordEqual:        {fpCompare(func(a, b float64) bool { return a == b }, false)},
	spv.OpFOrdNotEqual:       {fpCompare(func(a, b float64) bool { return a != b }, true)},
	spv.OpFUnordNotEqual:     {fpCompare(func(a, b float64) bool { return a != b }, false)},
	spv.OpFOrdLessThan:       {fpCompare(func(a, b float64) bool { return a < b }, true), clampFeedingCompare},
	spv.OpFUnordLessThan:     {fpCompare(func(a, b float64) bool { return a < b }, false), clampFeedingCompare},
	spv.OpFOrdGreaterThan:    {fpCompare(func(a, b float64) bool { return a > b }, true), clampFeedingCompare},
	spv.OpFUnordGreaterThan:  {fpCompare(func(a, b float64) bool { return a > b }, false), clampFeedingCompare},
	spv.OpFOrdLessThanEqual:  {fpCompare(func(a, b float64) bool { return a <= b }, true), clampFeedingCompare},
	spv.OpFUnordLessThanEqual: {fpCompare(func(a, b float64) bool { return a <= b }, false),
		clampFeedingCompare},
	spv.OpFOrdGreaterThanEqual: {fpCompare(func(a, b float64) bool { return a >= b }, true), clampFeedingCompare},
	spv.OpFUnordGreaterThanEqual: {fpCompare(func(a, b float64) bool { return a >= b }, false),
		clampFeedingCompare},
	spv.OpVectorShuffle:     {foldShuffleConstants},
	spv.OpVectorTimesScalar: {foldVectorTimesScalar},
	spv.OpVectorTimesMatrix: {foldVectorTimesMatrix},
	spv.OpMatrixTimesVector: {foldMatrixTimesVector},
	spv.OpTranspose:         {foldTranspose},
	spv.OpFNegate:           {fpUnary(foldFNegate)},
	spv.OpSNegate:           {unary(foldSNegate)},
	spv.OpQuantizeToF16:     {fpUnary(foldQuantizeToF16)},
	spv.OpIAdd:              {binary(intArith(false, func(a, b uint64) uint64 { return a + b }))},
	spv.OpISub:              {binary(intArith(false, func(a, b uint64) uint64 { return a - b })), foldRedundantSub},
	spv.OpIMul:              {binary(intArith(false, func(a, b uint64) uint64 { return a * b }))},
	spv.OpUDiv: {binary(intArith(false, func(a, b uint64) uint64 {
		if b == 0 {
			return 0
		}
		return a / b
	})), foldRedundantDiv},
	spv.OpSDiv: {binary(intArith(true, func(a, b uint64) uint64 {
		if b == 0 {
			return 0
		}
		if int64(b) == -1 {
			return uint64(-int64(a)) // (MinInt64 / -1 wraps)
		}
		return uint64(int64(a) / int64(b))
	})), foldRedundantDiv},
	spv.OpUMod: {binary(intArith(false, func(a, b uint64) uint64 {
		if b == 0 {
			return 0
		}
		return a % b
	}))},
	spv.OpSRem: {binary(intArith(true, func(a, b uint64) uint64 {
		if b == 0 || int64(b) == -1 {
			return 0
		}
		return uint64(int64(a) % int64(b))
	}))},
	spv.OpSMod: {binary(intArith(true, func(a, b uint64) uint64 {
		if b == 0 || int64(b) == -1 {
			return 0
		}
		// (spirv-opt also adjusts a zero remainder, giving b for
		// SMod(4, -2); the result is 0.)
		r := int64(a) % int64(b)
		if (int64(b) < 0) != (r < 0) && r != 0 {
			r += int64(b)
		}
		return uint64(r)
	}))},
}

// glslConstRules are the rules for GLSL.std.450 instructions, by
// instruction number.
var glslConstRules = ruleTable[constRule]{
	spv.GLSLstd450FMix:   {foldFMix},
	spv.GLSLstd450SMin:   {fpBinaryExt(foldMin)},
	spv.GLSLstd450UMin:   {fpBinaryExt(foldMin)},
	spv.GLSLstd450FMin:   {fpBinaryExt(foldMin)},
	spv.GLSLstd450NMin:   {fpBinaryExt(foldNMin)},
	spv.GLSLstd450SMax:   {fpBinaryExt(foldMax)},
	spv.GLSLstd450UMax:   {fpBinaryExt(foldMax)},
	spv.GLSLstd450FMax:   {fpBinaryExt(foldMax)},
	spv.GLSLstd450NMax:   {fpBinaryExt(foldNMax)},
	spv.GLSLstd450UClamp: clampRules(foldMin, foldMax),
	spv.GLSLstd450SClamp: clampRules(foldMin, foldMax),
	spv.GLSLstd450FClamp: clampRules(foldMin, foldMax),
	spv.GLSLstd450NClamp: clampRules(foldNMin, foldNMax),
	spv.GLSLstd450Sin:    {fpUnaryExt(transcendental(math.Sin))},
	spv.GLSLstd450Cos:    {fpUnaryExt(transcendental(math.Cos))},
	spv.GLSLstd450Tan:    {fpUnaryExt(transcendental(math.Tan))},
	spv.GLSLstd450Asin:   {fpUnaryExt(transcendental(math.Asin))},
	spv.GLSLstd450Acos:   {fpUnaryExt(transcendental(math.Acos))},
	spv.GLSLstd450Atan:   {fpUnaryExt(transcendental(math.Atan))},
	spv.GLSLstd450Exp:    {fpUnaryExt(transcendental(math.Exp))},
	spv.GLSLstd450Log:    {fpUnaryExt(transcendental(math.Log))},
	spv.GLSLstd450Exp2:   {fpUnaryExt(transcendental(math.Exp2))},
	spv.GLSLstd450Log2:   {fpUnaryExt(transcendental(math.Log2))},
	spv.GLSLstd450Sqrt:   {fpUnaryExt(transcendental(math.Sqrt))},
	spv.GLSLstd450Atan2:  {fpBinaryExt(transcendental2(math.Atan2))},
	spv.GLSLstd450Pow:    {fpBinaryExt(transcendental2(math.Pow))},
}

// constRulesFor returns the constant-folding rules of in's opcode (or
// GLSL.std.450 instruction).
func (f *folder) constRulesFor(in *builder.Inst) []constRule {
	if in.Op == spv.OpExtInst {
		if f.glsl == 0 || in.Operands[0].ID() != f.glsl {
			return nil
		}
		return glslConstRules.of(in.Operands[1].Word)
	}
	return constRules.of(uint32(in.Op))
}

// Scalar rules applied per component to vectors.

type unaryScalar func(f *folder, typ builder.ID, a *cval) *cval
type binaryScalar func(f *folder, typ builder.ID, a, b *cval) *cval

// unary folds a one-operand instruction, per component for vectors; the
// operand is k[0] (k[1] for an extended instruction).
func unary(rule unaryScalar) constRule {
	return func(f *folder, in *builder.Inst, k []*cval) *cval {
		arg := unaryOperand(in, k)
		if arg == nil {
			return nil
		}
		if f.c.B.TypeOp(in.Type) != spv.OpTypeVector {
			return rule(f, in.Type, arg)
		}
		elem := f.c.B.ElementType(in.Type)
		var out []*cval
		for _, a := range arg.components(f) {
			r := rule(f, elem, a)
			if r == nil {
				return nil
			}
			out = append(out, r)
		}
		for _, r := range out {
			f.define(r)
		}
		return composite(in.Type, out)
	}
}

// unaryOperand is the value of a one-operand instruction's operand.
func unaryOperand(in *builder.Inst, k []*cval) *cval {
	if in.Op == spv.OpExtInst {
		return k[1]
	}
	return k[0]
}

// fpUnary is unary when floating-point folding is allowed. (The operand
// is looked at first: it is seldom a constant, and whether folding is
// allowed may take a walk over the result's users.)
func fpUnary(rule unaryScalar) constRule {
	u := unary(rule)
	return func(f *folder, in *builder.Inst, k []*cval) *cval {
		if unaryOperand(in, k) == nil || !f.floatFoldingAllowed(in) {
			return nil
		}
		return u(f, in, k)
	}
}

var fpUnaryExt = fpUnary

// binary folds a two-operand instruction, per component for vectors.
func binary(rule binaryScalar) constRule {
	return func(f *folder, in *builder.Inst, k []*cval) *cval {
		a, b := binaryOperands(in, k)
		return f.binaryOn(rule, in.Type, a, b)
	}
}

// binaryOperands are the values of a two-operand instruction's operands.
func binaryOperands(in *builder.Inst, k []*cval) (a, b *cval) {
	if in.Op == spv.OpExtInst {
		return k[1], k[2]
	}
	return k[0], k[1]
}

// binaryOn applies a binary scalar rule to a and b of type typ (per
// component for vectors, the components' constants made in order).
func (f *folder) binaryOn(rule binaryScalar, typ builder.ID, a, b *cval) *cval {
	if a == nil || b == nil {
		return nil
	}
	if f.c.B.TypeOp(typ) != spv.OpTypeVector {
		return rule(f, typ, a, b)
	}
	elem := f.c.B.ElementType(typ)
	ac, bc := a.components(f), b.components(f)
	var out []*cval
	for i := range ac {
		r := rule(f, elem, ac[i], bc[i])
		if r == nil {
			return nil
		}
		out = append(out, r)
	}
	for _, r := range out {
		f.define(r)
	}
	return composite(typ, out)
}

// fpBinary is binary when floating-point folding is allowed (asked
// once both operands are known constants, as fpUnary asks).
func fpBinary(rule binaryScalar) constRule {
	b := binary(rule)
	return func(f *folder, in *builder.Inst, k []*cval) *cval {
		if x, y := binaryOperands(in, k); x == nil || y == nil || !f.floatFoldingAllowed(in) {
			return nil
		}
		return b(f, in, k)
	}
}

var fpBinaryExt = fpBinary

// fpArith makes a binary float scalar rule computing in the type's width
// (32 or 64 bits).
func fpArith(op64 func(a, b float64) float64, op32 func(a, b float32) float32) binaryScalar {
	return func(f *folder, typ builder.ID, a, b *cval) *cval {
		switch f.c.B.ScalarWidth(typ) {
		case 32:
			return &cval{typ: typ, kind: cvScalar, bits: uint64(math.Float32bits(op32(a.f32(), b.f32())))}
		case 64:
			return &cval{typ: typ, kind: cvScalar, bits: math.Float64bits(op64(a.f64(), b.f64()))}
		}
		return nil
	}
}

var (
	fpAdd = fpArith(func(a, b float64) float64 { return a + b }, func(a, b float32) float32 { return a + b })
	fpSub = fpArith(func(a, b float64) float64 { return a - b }, func(a, b float32) float32 { return a - b })
	fpMul = fpArith(func(a, b float64) float64 { return a * b }, func(a, b float32) float32 { return a * b })
	fpDiv = fpArith(func(a, b float64) float64 { return a / b }, func(a, b float32) float32 { return a / b })
)

// fpCompare makes a float comparison rule; ordered comparisons are false
// on NaN, unordered ones true.
func fpCompare(op func(a, b float64) bool, ordered bool) constRule {
	return fpBinary(func(f *folder, typ builder.ID, a, b *cval) *cval {
		w := f.c.B.ScalarWidth(a.typ)
		if w != 32 && w != 64 {
			return nil
		}
		x, y := f.float(a), f.float(b)
		nan := math.IsNaN(x) || math.IsNaN(y)
		r := op(x, y)
		if ordered {
			r = !nan && r
		} else {
			r = nan || r
		}
		return f.scalarOf(typ, boolBits(r))
	})
}

func boolBits(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// intArith makes a binary integer rule on values sign- or zero-extended
// to 64 bits.
func intArith(signed bool, op func(a, b uint64) uint64) binaryScalar {
	return func(f *folder, typ builder.ID, a, b *cval) *cval {
		if f.c.B.TypeOp(typ) != spv.OpTypeInt {
			return nil
		}
		var x, y uint64
		if signed {
			x, y = uint64(f.sext(a)), uint64(f.sext(b))
		} else {
			x, y = f.zext(a), f.zext(b)
		}
		return f.scalarOf(typ, op(x, y))
	}
}

func foldSConvert(f *folder, typ builder.ID, a *cval) *cval {
	return f.scalarOf(typ, uint64(f.sext(a)))
}

func foldUConvert(f *folder, typ builder.ID, a *cval) *cval {
	return f.scalarOf(typ, f.zext(a))
}

func foldSNegate(f *folder, typ builder.ID, a *cval) *cval {
	if a.kind == cvNull {
		return a
	}
	return f.scalarOf(typ, uint64(-f.sext(a)))
}

func foldFNegate(f *folder, typ builder.ID, a *cval) *cval {
	switch f.c.B.ScalarWidth(typ) {
	case 32:
		return &cval{typ: typ, kind: cvScalar, bits: uint64(math.Float32bits(-a.f32()))}
	case 64:
		return &cval{typ: typ, kind: cvScalar, bits: math.Float64bits(-a.f64())}
	}
	return nil
}

// foldFToI converts a float to a 32-bit integer (truncating).
func foldFToI(f *folder, typ builder.ID, a *cval) *cval {
	if f.c.B.ScalarWidth(typ) != 32 {
		return nil
	}
	w := f.c.B.ScalarWidth(a.typ)
	if w != 32 && w != 64 {
		return nil
	}
	x := f.float(a)
	if f.c.B.IsSigned(typ) {
		return f.scalarOf(typ, uint64(uint32(toInt32(x))))
	}
	return f.scalarOf(typ, uint64(toUint32(x)))
}

// toInt32 and toUint32 convert as x86 does for values out of range (the
// integer indefinite value), which is what spirv-opt's C++ casts give.
func toInt32(x float64) int32 {
	if math.IsNaN(x) || x >= 1<<31 || x < -(1<<31) {
		return math.MinInt32
	}
	return int32(x)
}

func toUint32(x float64) uint32 {
	if math.IsNaN(x) || x >= 1<<32 || x <= -1 {
		return uint32(toInt64Indef(x))
	}
	return uint32(x)
}

func toInt64Indef(x float64) int64 {
	if math.IsNaN(x) || x >= 1<<63 || x < -(1<<63) {
		return math.MinInt64
	}
	return int64(x)
}

// foldIToF converts a 32-bit integer to a float.
func foldIToF(f *folder, typ builder.ID, a *cval) *cval {
	if f.c.B.ScalarWidth(a.typ) != 32 {
		return nil
	}
	u := uint32(a.bits)
	var x float64
	if f.c.B.IsSigned(a.typ) {
		x = float64(int32(u))
	} else {
		x = float64(u)
	}
	switch f.c.B.ScalarWidth(typ) {
	case 32:
		var r float32
		if f.c.B.IsSigned(a.typ) {
			r = float32(int32(u))
		} else {
			r = float32(u)
		}
		return &cval{typ: typ, kind: cvScalar, bits: uint64(math.Float32bits(r))}
	case 64:
		return &cval{typ: typ, kind: cvScalar, bits: math.Float64bits(x)}
	}
	return nil
}

// foldQuantizeToF16 rounds a float to half precision (toward zero) and
// back.
func foldQuantizeToF16(f *folder, typ builder.ID, a *cval) *cval {
	if f.c.B.ScalarWidth(a.typ) != 32 {
		return nil
	}
	return &cval{typ: typ, kind: cvScalar, bits: uint64(math.Float32bits(half.Quantize(math.Float32frombits(uint32(a.bits)))))}
}

// transcendental makes a unary float rule from a float64 function (a
// 32-bit float is computed in double and rounded).
func transcendental(fn func(float64) float64) unaryScalar {
	return func(f *folder, typ builder.ID, a *cval) *cval {
		w := f.c.B.ScalarWidth(typ)
		if w != 32 && w != 64 {
			return nil
		}
		return f.floatVal(typ, fn(f.float(a)))
	}
}

func transcendental2(fn func(a, b float64) float64) binaryScalar {
	return func(f *folder, typ builder.ID, a, b *cval) *cval {
		w := f.c.B.ScalarWidth(typ)
		if w != 32 && w != 64 {
			return nil
		}
		return f.floatVal(typ, fn(f.float(a), f.float(b)))
	}
}

// Min and max (one of the operands is the result, so clamps can compare
// what they get back).

func negZeroLess(a, b float64) bool {
	if a == 0 && b == 0 && math.Signbit(a) && !math.Signbit(b) {
		return true
	}
	return a < b
}

func (f *folder) lessInt(typ builder.ID, a, b *cval) bool {
	w := f.c.B.ScalarWidth(typ)
	signed := f.c.B.IsSigned(typ)
	if w <= 32 {
		if signed {
			return int32(uint32(a.bits)) < int32(uint32(b.bits))
		}
		return uint32(a.bits) < uint32(b.bits)
	}
	if signed {
		return int64(a.bits) < int64(b.bits)
	}
	return a.bits < b.bits
}

// foldMin and foldMax return the lesser or the greater operand, b when
// neither is less (equal, or a NaN); nil for types they do not fold.
func foldMin(f *folder, typ builder.ID, a, b *cval) *cval {
	less, ok := f.minMaxLess(typ, a, b)
	if !ok {
		return nil
	}
	if less {
		return a
	}
	return b
}

func foldMax(f *folder, typ builder.ID, a, b *cval) *cval {
	less, ok := f.minMaxLess(typ, b, a)
	if !ok {
		return nil
	}
	if less {
		return a
	}
	return b
}

// minMaxLess is the order min and max use: integers by their signedness,
// 32- and 64-bit floats with -0 below +0; ok is false for other types.
func (f *folder) minMaxLess(typ builder.ID, a, b *cval) (less, ok bool) {
	switch f.c.B.TypeOp(typ) {
	case spv.OpTypeInt:
		return f.lessInt(typ, a, b), true
	case spv.OpTypeFloat:
		if w := f.c.B.ScalarWidth(typ); w == 32 || w == 64 {
			return negZeroLess(f.float(a), f.float(b)), true
		}
	}
	return false, false
}

func foldNMin(f *folder, typ builder.ID, a, b *cval) *cval {
	if f.c.B.TypeOp(typ) != spv.OpTypeFloat {
		return nil
	}
	switch x, y := f.float(a), f.float(b); {
	case math.IsNaN(x):
		return b
	case math.IsNaN(y):
		return a
	}
	return foldMin(f, typ, a, b)
}

func foldNMax(f *folder, typ builder.ID, a, b *cval) *cval {
	if f.c.B.TypeOp(typ) != spv.OpTypeFloat {
		return nil
	}
	switch x, y := f.float(a), f.float(b); {
	case math.IsNaN(x):
		return b
	case math.IsNaN(y):
		return a
	}
	return foldMax(f, typ, a, b)
}

// clampRules fold clamp(x, lo, hi): all constant; x <= lo (then lo); x >= hi
// (then hi).
func clampRules(min, max binaryScalar) []constRule {
	return []constRule{
		func(f *folder, in *builder.Inst, k []*cval) *cval {
			if k[1] == nil || k[2] == nil || k[3] == nil {
				return nil
			}
			t := f.binaryOn(max, in.Type, k[1], k[2])
			if t == nil {
				return nil
			}
			return f.binaryOn(min, in.Type, t, k[3])
		},
		func(f *folder, in *builder.Inst, k []*cval) *cval {
			if k[1] == nil || k[2] == nil {
				return nil
			}
			if t := f.binaryOn(max, in.Type, k[1], k[2]); t != nil && t.equal(k[2]) {
				return k[2]
			}
			return nil
		},
		func(f *folder, in *builder.Inst, k []*cval) *cval {
			if k[1] == nil || k[3] == nil {
				return nil
			}
			if t := f.binaryOn(min, in.Type, k[1], k[3]); t != nil && t.equal(k[3]) {
				return k[3]
			}
			return nil
		},
	}
}

// foldFMix folds mix(x, y, a) = x*(1-a) + y*a with all constant.
func foldFMix(f *folder, in *builder.Inst, k []*cval) *cval {
	if !f.floatFoldingAllowed(in) || k[1] == nil || k[2] == nil || k[3] == nil {
		return nil
	}
	w := f.c.B.ScalarWidth(f.scalarType(k[1].typ))
	if w != 32 && w != 64 {
		return nil
	}
	one := f.uniform(k[1].typ, 1, 0)
	t1 := f.binaryOn(fpSub, in.Type, one, k[3])
	if t1 == nil {
		return nil
	}
	t2 := f.binaryOn(fpMul, in.Type, k[1], t1)
	if t2 == nil {
		return nil
	}
	t3 := f.binaryOn(fpMul, in.Type, k[2], k[3])
	if t3 == nil {
		return nil
	}
	return f.binaryOn(fpAdd, in.Type, t2, t3)
}

// foldFDivScalar divides, giving signed infinities and NaN for division by
// zero (and by -0.0).
func foldFDivScalar(f *folder, typ builder.ID, a, b *cval) *cval {
	w := f.c.B.ScalarWidth(b.typ)
	byZero := func() *cval {
		if a.isZero() {
			return f.floatVal(typ, math.NaN())
		}
		if w != 32 && w != 64 {
			return nil
		}
		inf := math.Inf(1)
		if f.float(a) < 0 {
			inf = math.Inf(-1)
		}
		return f.floatVal(typ, inf)
	}
	if b.isZero() {
		return byZero()
	}
	if w != 32 && w != 64 {
		return nil
	}
	if b.kind == cvScalar && f.float(b) == 0 { // -0.0
		r := byZero()
		if r == nil {
			return nil
		}
		return f.floatVal(typ, -f.float(r))
	}
	return fpDiv(f, typ, a, b)
}

// foldRedundantSub folds x - x to 0 (the type's null, declared as
// OpConstantNull as spirv-opt does).
func foldRedundantSub(f *folder, in *builder.Inst, k []*cval) *cval {
	if in.Operands[0].ID() != in.Operands[1].ID() {
		return nil
	}
	if in.Op == spv.OpFSub && !f.floatFoldingAllowed(in) {
		return nil
	}
	f.define(nullOf(in.Type))
	return nullOf(in.Type)
}

// foldRedundantDiv folds x/x to 1 and -x/x, x/-x to -1.
func foldRedundantDiv(f *folder, in *builder.Inst, k []*cval) *cval {
	if k[0] != nil || k[1] != nil {
		return nil
	}
	isFloat := in.Op == spv.OpFDiv
	if isFloat && !f.floatFoldingAllowed(in) {
		return nil
	}
	x, y := in.Operands[0].ID(), in.Operands[1].ID()
	if x == y {
		return f.uniform(in.Type, 1, 1)
	}
	if in.Op == spv.OpUDiv {
		return nil
	}
	negates := func(n builder.ID, of builder.ID) bool {
		d := f.c.Def(n)
		return d != nil && (d.Op == spv.OpSNegate || d.Op == spv.OpFNegate) && d.Operands[0].ID() == of &&
			(!isFloat || f.floatFoldingAllowed(d))
	}
	if negates(x, y) || negates(y, x) {
		return f.uniform(in.Type, -1, math.MaxUint64)
	}
	return nil
}

// foldInvariantSelect folds a select whose two values are the same
// constant (or both zero).
func foldInvariantSelect(f *folder, in *builder.Inst, k []*cval) *cval {
	if k[1] == nil || k[2] == nil {
		return nil
	}
	if k[1].equal(k[2]) || k[1].isZero() && k[2].isZero() {
		return k[1]
	}
	return nil
}

// foldDotConstants folds a dot product with a zero operand or two
// constant operands.
func foldDotConstants(f *folder, in *builder.Inst, k []*cval) *cval {
	if !f.floatFoldingAllowed(in) {
		return nil
	}
	w := f.c.B.ScalarWidth(in.Type)
	for _, v := range k[:2] {
		if v != nil && v.isZero() {
			if w != 32 && w != 64 {
				return nil
			}
			return f.floatVal(in.Type, 0)
		}
	}
	if k[0] == nil || k[1] == nil {
		return nil
	}
	ac, bc := k[0].components(f), k[1].components(f)
	acc := f.floatVal(in.Type, 0)
	for i := range ac {
		p := fpMul(f, in.Type, ac[i], bc[i])
		if p == nil {
			return nil
		}
		if acc = fpAdd(f, in.Type, acc, p); acc == nil {
			return nil
		}
	}
	return acc
}

// clampFeedingCompare folds a comparison of a constant with
// FClamp(x, lo, hi) when the bounds decide it.
func clampFeedingCompare(f *folder, in *builder.Inst, k []*cval) *cval {
	if !f.floatFoldingAllowed(in) {
		return nil
	}
	nonConst := 0
	if k[0] != nil {
		nonConst = 1
	}
	op := f.c.Def(in.Operands[nonConst].ID())
	if op == nil || f.c.B.TypeOp(op.Type) != spv.OpTypeFloat {
		return nil
	}
	if w := f.c.B.ScalarWidth(op.Type); w != 32 && w != 64 {
		return nil
	}
	if op.Op != spv.OpExtInst || op.Operands[1].Word != spv.GLSLstd450FClamp {
		return nil
	}
	if k[0] == nil && k[1] == nil {
		return nil
	}
	lo, hi := f.constOf(op.Operands[3].ID()), f.constOf(op.Operands[4].ID())
	found, result := false, false
	less := in.Op == spv.OpFOrdLessThan || in.Op == spv.OpFUnordLessThan
	lessEq := in.Op == spv.OpFOrdLessThanEqual || in.Op == spv.OpFUnordLessThanEqual
	switch in.Op {
	case spv.OpFOrdLessThan, spv.OpFUnordLessThan, spv.OpFOrdGreaterThanEqual, spv.OpFUnordGreaterThanEqual:
		if k[0] != nil {
			if lo != nil && f.float(k[0]) < f.float(lo) {
				found, result = true, less
			}
			if hi != nil && f.float(k[0]) >= f.float(hi) {
				found, result = true, !less
			}
		}
		if k[1] != nil {
			if hi != nil && f.float(hi) < f.float(k[1]) {
				found, result = true, less
			}
			if lo != nil && f.float(lo) >= f.float(k[1]) {
				found, result = true, !less
			}
		}
	default: // greater than, less than or equal
		if k[0] != nil {
			if lo != nil && f.float(k[0]) <= f.float(lo) {
				found, result = true, lessEq
			}
			if hi != nil && f.float(k[0]) > f.float(hi) {
				found, result = true, !lessEq
			}
		}
		if k[1] != nil {
			if hi != nil && f.float(hi) <= f.float(k[1]) {
				found, result = true, lessEq
			}
			if lo != nil && f.float(lo) > f.float(k[1]) {
				found, result = true, !lessEq
			}
		}
	}
	if !found {
		return nil
	}
	return f.scalarOf(in.Type, boolBits(result))
}

// Composites.

// foldConstructConstants folds a construct of constants.
func foldConstructConstants(f *folder, in *builder.Inst, k []*cval) *cval {
	var elems []*cval
	for _, v := range k {
		if v == nil {
			return nil
		}
		elems = append(elems, v)
	}
	switch f.c.B.TypeOp(in.Type) {
	case spv.OpTypeVector:
		// spirv-opt does not fold a vector built from smaller vectors.
		if len(elems) != int(f.c.B.ComponentCount(in.Type)) {
			return nil
		}
	case spv.OpTypeMatrix, spv.OpTypeStruct, spv.OpTypeArray:
	default:
		// nor a composite it has no constants of (a cooperative
		// matrix's splat stays an OpCompositeConstruct)
		return nil
	}
	return composite(in.Type, elems)
}

// foldExtractConstants folds an extract from a constant.
func foldExtractConstants(f *folder, in *builder.Inst, k []*cval) *cval {
	c := k[0]
	if c == nil {
		return nil
	}
	for _, o := range in.Operands[1:] {
		if c.kind == cvNull {
			return nullOf(in.Type)
		}
		if c.kind != cvComposite || int(o.Word) >= len(c.elems) {
			return nil
		}
		c = c.elems[o.Word]
	}
	return c
}

// foldInsertConstants folds an insert of a constant into a constant.
func foldInsertConstants(f *folder, in *builder.Inst, k []*cval) *cval {
	obj, comp := k[0], k[1]
	if obj == nil || comp == nil {
		return nil
	}
	idx := in.Operands[2:]
	// Walk down, remembering each level (a null becomes a composite of
	// null elements, which spirv-opt declares as it goes).
	levels := make([]*cval, len(idx))
	cur := comp
	for i, o := range idx {
		if cur.kind == cvNull {
			n := f.nullComposite(cur.typ)
			if n == nil {
				return nil
			}
			cur = n
		}
		if cur.kind != cvComposite || int(o.Word) >= len(cur.elems) {
			return nil
		}
		levels[i] = cur
		cur = cur.elems[o.Word]
	}
	// Rebuild bottom up.
	v := obj
	for i := len(idx) - 1; i >= 0; i-- {
		elems := append([]*cval(nil), levels[i].elems...)
		elems[idx[i].Word] = v
		for _, e := range elems {
			f.define(e)
		}
		v = composite(levels[i].typ, elems)
		if i > 0 {
			f.define(v)
		}
	}
	return v
}

// nullComposite returns a composite whose elements are the element type's
// null (declared), for vectors, matrices and arrays; nil for structs.
func (f *folder) nullComposite(typ builder.ID) *cval {
	b := f.c.B
	var n uint32
	switch b.TypeOp(typ) {
	case spv.OpTypeVector, spv.OpTypeMatrix:
		n = b.ComponentCount(typ)
	case spv.OpTypeArray:
		l, ok := b.ConstantValue(b.Def(typ).Operands[1].ID())
		if !ok {
			return nil
		}
		n = uint32(l)
	default:
		return nil
	}
	e := nullOf(b.ElementType(typ))
	f.define(e)
	elems := make([]*cval, n)
	for i := range elems {
		elems[i] = e
	}
	return composite(typ, elems)
}

// foldShuffleConstants folds a shuffle of two constant vectors.
func foldShuffleConstants(f *folder, in *builder.Inst, k []*cval) *cval {
	if k[0] == nil || k[1] == nil {
		return nil
	}
	a, b := k[0].components(f), k[1].components(f)
	var out []*cval
	for _, o := range in.Operands[2:] {
		i := o.Word
		switch {
		case i == 0xffffffff:
			return nil
		case int(i) < len(a):
			out = append(out, a[i])
		case int(i)-len(a) < len(b):
			out = append(out, b[int(i)-len(a)])
		default:
			return nil
		}
		f.define(out[len(out)-1])
	}
	return composite(in.Type, out)
}

// foldVectorTimesScalar folds a vector times a scalar (zero by either is
// zero).
func foldVectorTimesScalar(f *folder, in *builder.Inst, k []*cval) *cval {
	if !f.floatFoldingAllowed(in) && f.isFloatType(in.Type) {
		return nil
	}
	v, s := k[0], k[1]
	if v != nil && v.isZero() {
		return v
	}
	if s != nil && s.isZero() {
		return nullOf(in.Type)
	}
	if v == nil || s == nil {
		return nil
	}
	elem := f.c.B.ElementType(in.Type)
	if w := f.c.B.ScalarWidth(elem); w != 32 && w != 64 {
		return nil
	}
	var out []*cval
	for _, c := range v.components(f) {
		r := fpMul(f, elem, c, s)
		f.define(r)
		out = append(out, r)
	}
	return composite(in.Type, out)
}

// zeroVector returns the vector of typ with every component the float
// zero (declared).
func (f *folder) zeroVector(typ builder.ID) *cval {
	elem := f.c.B.ElementType(typ)
	z := f.floatVal(elem, 0)
	n := f.c.B.ComponentCount(typ)
	out := make([]*cval, n)
	for i := range out {
		f.define(z)
		out[i] = z
	}
	return composite(typ, out)
}

// foldVectorTimesMatrix folds v * M (each result component is v dotted
// with a column).
func foldVectorTimesMatrix(f *folder, in *builder.Inst, k []*cval) *cval {
	return foldMatrixVectorProduct(f, in, k[0], k[1], func(elem builder.ID, i uint32, vc, cols []*cval) *cval {
		acc := f.floatVal(elem, 0)
		if col := cols[i]; col.kind != cvNull {
			for j, e := range col.components(f) {
				acc = fpAdd(f, elem, acc, fpMul(f, elem, vc[j], e))
			}
		}
		return acc
	})
}

// foldMatrixTimesVector folds M * v (each result component sums row i of
// the columns, scaled by v).
func foldMatrixTimesVector(f *folder, in *builder.Inst, k []*cval) *cval {
	return foldMatrixVectorProduct(f, in, k[1], k[0], func(elem builder.ID, i uint32, vc, cols []*cval) *cval {
		acc := f.floatVal(elem, 0)
		for j, col := range cols {
			if col.kind != cvNull {
				acc = fpAdd(f, elem, acc, fpMul(f, elem, col.component(f, i), vc[j]))
			}
		}
		return acc
	})
}

// foldMatrixVectorProduct folds a product of the vector v and the matrix
// m, whichever side each is on: both products fold only under the same
// conditions (float folding allowed, both constant, 32- or 64-bit
// components) and are zero when either operand is. component computes
// result component i from v's components and m's columns.
func foldMatrixVectorProduct(f *folder, in *builder.Inst, v, m *cval, component func(elem builder.ID, i uint32, vc, cols []*cval) *cval) *cval {
	if !f.floatFoldingAllowed(in) && f.isFloatType(in.Type) {
		return nil
	}
	if v == nil || m == nil {
		return nil
	}
	elem := f.c.B.ElementType(in.Type)
	w := f.c.B.ScalarWidth(elem)
	if w != 32 && w != 64 {
		return nil
	}
	if v.isZero() || m.isZero() {
		return f.zeroVector(in.Type)
	}
	vc := v.components(f)
	cols := m.components(f)
	var out []*cval
	for i := range f.c.B.ComponentCount(in.Type) {
		acc := component(elem, i, vc, cols)
		f.define(acc)
		out = append(out, acc)
	}
	return composite(in.Type, out)
}

// foldTranspose folds the transpose of a constant matrix.
// (A matrix is not a float type to spirv-opt's check, so float controls
// do not stop it.)
func foldTranspose(f *folder, in *builder.Inst, k []*cval) *cval {
	m := k[0]
	if m == nil {
		return nil
	}
	if m.kind == cvNull {
		return f.nullComposite(in.Type)
	}
	cols := m.components(f)
	colType := f.c.B.ElementType(in.Type)
	rows := f.c.B.ComponentCount(cols[0].typ)
	// Every element is declared, column by column of the source.
	grid := make([][]*cval, rows)
	for _, col := range cols {
		if col.kind == cvNull {
			col = f.nullComposite(col.typ)
		}
		for r := range rows {
			e := col.component(f, r)
			f.define(e)
			grid[r] = append(grid[r], e)
		}
	}
	var out []*cval
	for r := range rows {
		v := composite(colType, grid[r])
		f.define(v)
		out = append(out, v)
	}
	return composite(in.Type, out)
}
