package disasm

import (
	"math"
	"strconv"

	"github.com/hlsl2spirv/hlsl2spirv/builder/binary"
)

// appendNumber appends literal number operand i of in as spirv-dis prints
// it: integers in decimal with their signedness; 32- and 64-bit floats that
// are zero or normal with enough digits to round-trip (C++'s %.9g and
// %.17g), other floats (denormals, infinities, NaNs) and every half as a hex
// float. Numbers wider than 64 bits, and zero-width ones, print as nothing.
func appendNumber(b []byte, in *binary.Inst, i int) []byte {
	o := in.Operands[i]
	switch o.Len {
	case 1:
		w := in.Words[o.Start]
		switch o.Number {
		case binary.Signed:
			return strconv.AppendInt(b, int64(int32(w)), 10)
		case binary.Unsigned:
			return strconv.AppendUint(b, uint64(w), 10)
		case binary.Float:
			if o.Width == 16 {
				return appendHexFloat(b, uint64(w&0xffff), half)
			}
			return appendFloat32(b, w)
		}
	case 2:
		bits := uint64(in.Words[o.Start]) | uint64(in.Words[o.Start+1])<<32
		switch o.Number {
		case binary.Signed:
			return strconv.AppendInt(b, int64(bits), 10)
		case binary.Unsigned:
			return strconv.AppendUint(b, bits, 10)
		case binary.Float:
			return appendFloat64(b, bits)
		}
	}
	return b
}

func appendFloat32(b []byte, bits uint32) []byte {
	exp := bits >> 23 & 0xff
	frac := bits & 0x7fffff
	if exp == 0xff || (exp == 0 && frac != 0) {
		return appendHexFloat(b, uint64(bits), single)
	}
	return appendG(b, float64(math.Float32frombits(bits)), 9)
}

func appendFloat64(b []byte, bits uint64) []byte {
	exp := bits >> 52 & 0x7ff
	frac := bits & (1<<52 - 1)
	if exp == 0x7ff || (exp == 0 && frac != 0) {
		return appendHexFloat(b, bits, double)
	}
	return appendG(b, math.Float64frombits(bits), 17)
}

// appendG formats like C's printf("%.*g"): Go's 'g' verb agrees with C on
// the choice between fixed and exponent form, on dropping trailing zeros and
// on two-digit exponents.
func appendG(b []byte, f float64, prec int) []byte {
	return strconv.AppendFloat(b, f, 'g', prec, 64)
}

// floatFormat describes an IEEE binary format for hex-float printing.
type floatFormat struct {
	width, expBits, fracBits uint
}

var (
	half   = floatFormat{16, 5, 10}
	single = floatFormat{32, 8, 23}
	double = floatFormat{64, 11, 52}
)

// appendHexFloat prints bits as SPIRV-Tools' HexFloat does: [-]0x1.<hex
// fraction, trailing zeros dropped>p<signed exponent>, denormals
// normalised, zero as 0x0p+0, infinity and NaN with the all-ones exponent
// unbiased (0x1p+128, 0x1.8p+128).
func appendHexFloat(b []byte, bits uint64, f floatFormat) []byte {
	nibbles := (f.fracBits + 3) / 4
	overflow := nibbles*4 - f.fracBits
	bias := int64(1)<<(f.expBits-1) - 1
	reprMask := uint64(1)<<(f.fracBits+overflow) - 1
	topBit := uint64(1) << (f.fracBits + overflow - 1)

	negative := bits>>(f.width-1)&1 != 0
	exponent := int64(bits >> f.fracBits & (1<<f.expBits - 1))
	fraction := (bits & (1<<f.fracBits - 1)) << overflow
	isZero := exponent == 0 && fraction == 0
	e := exponent - bias
	if isZero {
		e = 0
	}
	if exponent == 0 && !isZero { // denormal: normalise
		for fraction&topBit == 0 {
			fraction <<= 1
			e--
		}
		fraction = fraction << 1 & reprMask
	}
	for nibbles > 0 && fraction&0xf == 0 {
		fraction >>= 4
		nibbles--
	}
	if negative {
		b = append(b, '-')
	}
	b = append(b, "0x"...)
	if isZero {
		b = append(b, '0')
	} else {
		b = append(b, '1')
	}
	if nibbles > 0 {
		b = append(b, '.')
		hex := strconv.FormatUint(fraction, 16)
		for i := len(hex); i < int(nibbles); i++ {
			b = append(b, '0')
		}
		b = append(b, hex...)
	}
	b = append(b, 'p')
	if e >= 0 {
		b = append(b, '+')
	}
	return strconv.AppendInt(b, e, 10)
}
