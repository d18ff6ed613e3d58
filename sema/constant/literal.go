package constant

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// ErrLiteralTooLarge is clang's message for an integer literal beyond 64 bits.
var ErrLiteralTooLarge = errors.New("integer literal is too large to be represented in any integer type")

// ErrBadLiteral reports a malformed numeric literal (the lexer normally
// catches these first).
var ErrBadLiteral = errors.New("invalid numeric literal")

// ParseLiteral turns the spelling of a numeric literal into its value and
// kind, as DXC types literals before HLSL 202x:
//
//	123, 0x7B, 017   literal int (64-bit, untyped)
//	123u, 0x7Bu      uint; 123l is int and 0x7Bl uint ("long" is 32-bit);
//	123ll / 123ull   int64_t / uint64_t
//	1.5, 1e3, .5     literal float
//	1.5f             float; 1.5l / 1.5L double;
//	1.5h             half with -enable-16bit-types, else float
//
// legacySign reports a hexadecimal or octal literal with its top bit set,
// which DXC warns about (its signedness differs from fxc's).
func ParseLiteral(text string, cfg types.Config) (v Value, legacySign bool, err error) {
	s := strings.ToLower(text)
	if s == "" {
		return Value{}, false, ErrBadLiteral
	}
	isHex := strings.HasPrefix(s, "0x")
	if !isHex && (strings.ContainsAny(s, ".") || strings.ContainsRune(s, 'e') && !strings.HasSuffix(s, "e") || hasFloatSuffix(s)) {
		return parseFloat(s, cfg)
	}
	// Integer: split off the suffix (u, l, ll, ul, ull, lu, llu).
	end := len(s)
	for end > 0 && (s[end-1] == 'u' || s[end-1] == 'l') {
		end--
	}
	digits, suffix := s[:end], s[end:]
	unsigned := strings.Contains(suffix, "u")
	longs := strings.Count(suffix, "l")
	if strings.Count(suffix, "u") > 1 || longs > 2 {
		return Value{}, false, ErrBadLiteral
	}
	radix := 10
	switch {
	case isHex:
		radix, digits = 16, digits[2:]
	case len(digits) > 1 && digits[0] == '0':
		radix, digits = 8, digits[1:]
	}
	if digits == "" {
		return Value{}, false, ErrBadLiteral
	}
	x, ok := parseUint64(digits, radix)
	if !ok {
		// Not digits of the radix, or past 64 bits: big.Int tells which.
		var n big.Int
		if _, ok := n.SetString(digits, radix); !ok {
			return Value{}, false, ErrBadLiteral
		}
		if n.BitLen() > 64 {
			return Value{}, false, ErrLiteralTooLarge
		}
		x = n.Uint64()
	}
	if radix != 10 {
		width := 64
		if x < math.MaxUint32 {
			width = 32
		}
		legacySign = x&(1<<(width-1)) != 0
	}
	switch {
	case longs == 2 && unsigned:
		return Uint(types.Uint64, x), legacySign, nil
	case longs == 2:
		return Uint(types.Int64, x), legacySign, nil
	case unsigned || longs == 1:
		// "long" is int in HLSL: 32 bits, unsigned when written so or not decimal.
		if unsigned || radix != 10 {
			return Uint(types.Uint, x), legacySign, nil
		}
		return Uint(types.Int, x), legacySign, nil
	}
	return Uint(types.LiteralInt, x), legacySign, nil
}

// parseUint64 parses digits (no sign, no prefix) of radix 8, 10 or 16,
// without allocating; ok is false when a character is not a digit of the
// radix or the value needs more than 64 bits.
func parseUint64(digits string, radix int) (x uint64, ok bool) {
	r := uint64(radix)
	for i := 0; i < len(digits); i++ {
		var d uint64
		switch c := digits[i]; {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case 'a' <= c && c <= 'f':
			d = uint64(c-'a') + 10
		default:
			return 0, false
		}
		if d >= r || x > (math.MaxUint64-d)/r {
			return 0, false
		}
		x = x*r + d
	}
	return x, true
}

func hasFloatSuffix(s string) bool {
	return strings.HasSuffix(s, "f") || strings.HasSuffix(s, "h") ||
		strings.HasSuffix(s, "l") && strings.ContainsAny(s, ".e")
}

func parseFloat(s string, cfg types.Config) (Value, bool, error) {
	kind := types.LiteralFloat
	switch s[len(s)-1] {
	case 'f':
		kind, s = types.Float, s[:len(s)-1]
	case 'l':
		kind, s = types.Double, s[:len(s)-1]
	case 'h':
		kind, s = types.Float, s[:len(s)-1]
		if cfg.Enable16BitTypes {
			kind = types.Float16
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && ne.Err == strconv.ErrRange {
			return Float(kind, f), false, nil // ±Inf or 0, as clang rounds
		}
		return Value{}, false, ErrBadLiteral
	}
	return Float(kind, f), false, nil
}
