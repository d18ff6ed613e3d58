// Package half converts between IEEE 754 binary16 ("half") bit patterns and
// Go's floating-point types. It is the one conversion the compiler uses
// everywhere a half is made or read: constant folding in sema, constants in
// the emitter and the optimizer, the assembler, WGSL literals and the test
// harnesses.
//
// A float64 is rounded to a half directly, never through float32: going
// through float32 rounds twice, which gives the wrong half for values just
// past a halfway point between two halves.
package half

import "math"

// Rounding selects how a value between two halves is resolved.
type Rounding int

const (
	// ToNearestEven is IEEE's default: the nearer half, the even one on a
	// tie. Values past the largest half become infinity.
	ToNearestEven Rounding = iota
	// TowardZero truncates to the half of largest magnitude not above the
	// value's, as SPIRV-Tools narrows floats (spirv-as's half literals,
	// spirv-opt's folding of OpQuantizeToF16): values of magnitude 2^16 or
	// more still become infinity, as there.
	TowardZero
)

// Max is the largest finite half, 65504.
const Max = 65504

// Bit patterns of note.
const (
	signBit  = 0x8000
	infBits  = 0x7c00
	qNaNBits = 0x7e00
)

// FromFloat32 rounds f to the nearest half, ties to even.
func FromFloat32(f float32) uint16 {
	// float32 to float64 is exact, so this rounds once.
	return FromFloat64(float64(f), ToNearestEven)
}

// FromFloat64 rounds f to a half with the given rounding. A NaN becomes the
// quiet NaN of f's sign.
func FromFloat64(f float64, r Rounding) uint16 {
	b := math.Float64bits(f)
	sign := uint16(b>>48) & signBit
	exp := int(b>>52) & 0x7ff
	mant := b & (1<<52 - 1)
	switch {
	case exp == 0x7ff && mant != 0:
		return sign | qNaNBits
	case exp == 0x7ff:
		return sign | infBits
	}
	e := exp - 1023 // f = 1.mant × 2^e (float64 subnormals are far below any half)
	if exp == 0 || e < -25 {
		// Below half the smallest subnormal half (2^-24): zero either way.
		return sign
	}
	if e > 15 {
		return sign | infBits
	}
	// The half's last place is 2^(max(e,-14)-10); m >> shift counts places.
	m := mant | 1<<52
	shift := uint(42)
	if e < -14 {
		shift += uint(-14 - e)
	}
	q := m >> shift
	if r == ToNearestEven {
		rem := m & (1<<shift - 1)
		mid := uint64(1) << (shift - 1)
		if rem > mid || rem == mid && q&1 == 1 {
			q++
		}
	}
	// A normal half's q holds its implicit leading one (1024 ≤ q ≤ 2048),
	// which adds one to the exponent field; a carry to 2048 moves on to the
	// next binade by the same addition. A subnormal's q is its bits (and
	// 1024, rounded up, is the smallest normal's).
	bits := q
	if e >= -14 {
		bits += uint64(e+14) << 10
	}
	if bits >= infBits { // rounded up past the largest half
		return sign | infBits
	}
	return sign | uint16(bits)
}

// ToFloat64 widens a half exactly.
func ToFloat64(h uint16) float64 {
	return float64(ToFloat32(h))
}

// ToFloat32 widens a half exactly. NaN payloads are kept.
func ToFloat32(h uint16) float32 {
	sign := uint32(h&signBit) << 16
	exp := uint32(h>>10) & 0x1f
	frac := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | frac<<13)
	case exp == 0 && frac == 0:
		return math.Float32frombits(sign)
	case exp == 0:
		// frac × 2^-24 is exact in float32.
		v := float32(frac) * (1.0 / (1 << 24))
		return math.Float32frombits(sign | math.Float32bits(v))
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | frac<<13)
}

// Quantize rounds a float32 to the half grid toward zero and widens it back,
// as spirv-opt folds OpQuantizeToF16: magnitudes of 2^16 or more become
// infinity, half subnormals are kept, and a NaN becomes a quiet NaN keeping
// the payload bits a half can hold.
func Quantize(f float32) float32 {
	b := math.Float32bits(f)
	if b&0x7f800000 == 0x7f800000 && b&0x7fffff != 0 {
		return math.Float32frombits(b&0x80000000 | 0x7fc00000 | b&0x7fffff&^0x1fff)
	}
	return ToFloat32(FromFloat64(float64(f), TowardZero))
}
