package exec

import (
	"encoding/binary"
	"fmt"
	"github.com/hlsl2spirv/hlsl2spirv/internal/half"
	"math"
	"strconv"
	"strings"
)

// A Scalar is the element type of a run of values in a data list.
type Scalar struct {
	Name  string // i8 u8 i16 u16 i32 u32 i64 u64 f16 f32 f64
	Bytes int
	Float bool
	Sign  bool
}

var scalars = map[string]Scalar{
	"i8": {"i8", 1, false, true}, "u8": {"u8", 1, false, false},
	"i16": {"i16", 2, false, true}, "u16": {"u16", 2, false, false},
	"i32": {"i32", 4, false, true}, "u32": {"u32", 4, false, false},
	"i64": {"i64", 8, false, true}, "u64": {"u64", 8, false, false},
	"f16": {"f16", 2, true, true}, "f32": {"f32", 4, true, true}, "f64": {"f64", 8, true, true},
}

// HLSL spellings accepted as type words too.
var scalarAliases = map[string]string{
	"int": "i32", "uint": "u32", "float": "f32", "half": "f16", "double": "f64",
	"int16_t": "i16", "uint16_t": "u16", "int64_t": "i64", "uint64_t": "u64", "float16_t": "f16",
	"float64_t": "f64", "bool": "u32",
}

// An Elem is one value of a data list: its bytes, and for expectations how
// it is compared.
type Elem struct {
	Type   Scalar
	Offset int    // byte offset in the resource
	Bits   uint64 // the value's bits, little-endian in Bytes bytes
	Text   string // as written, for messages
	Any    bool   // "_": any value matches
	Tol    float64
	ULP    uint64
}

// Data is a parsed data list: the bytes it describes and its elements.
type Data struct {
	Bytes []byte
	Elems []Elem
}

// ParseData parses a data list: type words (i32, f32, ...) switch the type
// of the values after them (u32 at the start); a value is a decimal or 0x
// number (0x on a float type gives its raw bits), nan, inf, -inf, or "_"
// (any value; expectations only); V*N repeats V N times; iota(N[,start[,step]])
// counts; tol=X and ulp=N set the float tolerance of the values after them
// (expectations only).
func ParseData(text string, expect bool) (*Data, error) {
	d := &Data{}
	typ := scalars["u32"]
	tol, ulp := 0.0, uint64(0)
	for _, tok := range splitData(text) {
		if s, ok := scalars[tok]; ok {
			typ = s
			continue
		}
		if a, ok := scalarAliases[tok]; ok {
			typ = scalars[a]
			continue
		}
		if v, ok := strings.CutPrefix(tok, "tol="); ok {
			if !expect {
				return nil, fmt.Errorf("tol= is for expectations only")
			}
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return nil, fmt.Errorf("bad tolerance %q", tok)
			}
			tol = f
			continue
		}
		if v, ok := strings.CutPrefix(tok, "ulp="); ok {
			if !expect {
				return nil, fmt.Errorf("ulp= is for expectations only")
			}
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("bad ulp count %q", tok)
			}
			ulp = n
			continue
		}
		if strings.HasPrefix(tok, "iota(") && strings.HasSuffix(tok, ")") {
			args := strings.Split(tok[5:len(tok)-1], ",")
			if len(args) < 1 || len(args) > 3 {
				return nil, fmt.Errorf("iota takes (count[,start[,step]]): %q", tok)
			}
			n, err := strconv.Atoi(strings.TrimSpace(args[0]))
			if err != nil || n < 0 {
				return nil, fmt.Errorf("bad iota count in %q", tok)
			}
			start, step := 0.0, 1.0
			if len(args) > 1 {
				if start, err = strconv.ParseFloat(strings.TrimSpace(args[1]), 64); err != nil {
					return nil, fmt.Errorf("bad iota start in %q", tok)
				}
			}
			if len(args) > 2 {
				if step, err = strconv.ParseFloat(strings.TrimSpace(args[2]), 64); err != nil {
					return nil, fmt.Errorf("bad iota step in %q", tok)
				}
			}
			for i := 0; i < n; i++ {
				v := strconv.FormatFloat(start+float64(i)*step, 'g', -1, 64)
				if err := d.add(typ, v, tol, ulp, expect); err != nil {
					return nil, err
				}
			}
			continue
		}
		val, count := tok, 1
		if i := strings.LastIndexByte(tok, '*'); i > 0 {
			n, err := strconv.Atoi(tok[i+1:])
			if err != nil || n < 0 {
				return nil, fmt.Errorf("bad repeat count in %q", tok)
			}
			val, count = tok[:i], n
		}
		for i := 0; i < count; i++ {
			if err := d.add(typ, val, tol, ulp, expect); err != nil {
				return nil, err
			}
		}
	}
	return d, nil
}

// splitData splits on spaces and commas, keeping iota(...) whole.
func splitData(text string) []string {
	var toks []string
	depth, start := 0, -1
	for i, r := range text {
		sep := (r == ' ' || r == '\t' || r == ',') && depth == 0
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		}
		if sep {
			if start >= 0 {
				toks = append(toks, text[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		toks = append(toks, text[start:])
	}
	return toks
}

func (d *Data) add(typ Scalar, text string, tol float64, ulp uint64, expect bool) error {
	e := Elem{Type: typ, Offset: len(d.Bytes), Text: text, Tol: tol, ULP: ulp}
	if text == "_" {
		if !expect {
			return fmt.Errorf("_ (any value) is for expectations only")
		}
		e.Any = true
	} else {
		bits, err := encode(typ, text)
		if err != nil {
			return err
		}
		e.Bits = bits
	}
	var buf [8]byte
	binary.LittleEndian.PutUint64(buf[:], e.Bits)
	d.Bytes = append(d.Bytes, buf[:typ.Bytes]...)
	d.Elems = append(d.Elems, e)
	return nil
}

func encode(typ Scalar, text string) (uint64, error) {
	mask := uint64(1)<<(8*typ.Bytes) - 1
	if typ.Bytes == 8 {
		mask = math.MaxUint64
	}
	if h, ok := strings.CutPrefix(strings.ToLower(text), "0x"); ok {
		v, err := strconv.ParseUint(h, 16, 64)
		if err != nil || v&^mask != 0 {
			return 0, fmt.Errorf("bad %s hex value %q", typ.Name, text)
		}
		return v, nil
	}
	if h, ok := strings.CutPrefix(strings.ToLower(text), "-0x"); ok && !typ.Float {
		v, err := strconv.ParseUint(h, 16, 64)
		if err != nil {
			return 0, fmt.Errorf("bad %s hex value %q", typ.Name, text)
		}
		return -v & mask, nil
	}
	if typ.Float {
		switch typ.Bytes {
		case 2:
			f, err := strconv.ParseFloat(text, 64)
			if err != nil {
				return 0, fmt.Errorf("bad f16 value %q", text)
			}
			return uint64(half.FromFloat64(f, half.ToNearestEven)), nil
		case 4:
			f, err := strconv.ParseFloat(text, 32)
			if err != nil && !isRange(err) {
				return 0, fmt.Errorf("bad f32 value %q", text)
			}
			return uint64(math.Float32bits(float32(f))), nil
		default:
			f, err := strconv.ParseFloat(text, 64)
			if err != nil && !isRange(err) {
				return 0, fmt.Errorf("bad f64 value %q", text)
			}
			return math.Float64bits(f), nil
		}
	}
	if typ.Sign || strings.HasPrefix(text, "-") {
		v, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("bad %s value %q", typ.Name, text)
		}
		lo, hi := -(int64(1) << (8*typ.Bytes - 1)), int64(1)<<(8*typ.Bytes-1)-1
		if typ.Bytes == 8 {
			lo, hi = math.MinInt64, math.MaxInt64
		}
		if v < lo || (typ.Sign && v > hi) {
			return 0, fmt.Errorf("%s value %q out of range", typ.Name, text)
		}
		return uint64(v) & mask, nil
	}
	v, err := strconv.ParseUint(text, 10, 64)
	if err != nil || v&^mask != 0 {
		return 0, fmt.Errorf("bad %s value %q", typ.Name, text)
	}
	return v, nil
}

func isRange(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// value decodes bits of type typ for display and float comparison.
func value(typ Scalar, bits uint64) (float64, string) {
	switch {
	case typ.Float && typ.Bytes == 2:
		f := half.ToFloat64(uint16(bits))
		return f, fmt.Sprintf("%g (0x%04x)", f, bits)
	case typ.Float && typ.Bytes == 4:
		f := float64(math.Float32frombits(uint32(bits)))
		return f, fmt.Sprintf("%g (0x%08x)", f, bits)
	case typ.Float:
		f := math.Float64frombits(bits)
		return f, fmt.Sprintf("%g (0x%016x)", f, bits)
	case typ.Sign:
		shift := 64 - 8*uint(typ.Bytes)
		v := int64(bits<<shift) >> shift
		return float64(v), strconv.FormatInt(v, 10)
	}
	return float64(bits), strconv.FormatUint(bits, 10)
}

// matches reports whether actual satisfies the expectation e.
func (e Elem) matches(actual uint64) bool {
	if e.Any || actual == e.Bits {
		return true
	}
	if !e.Type.Float {
		return false
	}
	want, _ := value(e.Type, e.Bits)
	got, _ := value(e.Type, actual)
	if math.IsNaN(want) {
		return math.IsNaN(got) // any NaN for an expected NaN
	}
	if math.IsNaN(got) {
		return false
	}
	if e.Tol > 0 && math.Abs(want-got) <= e.Tol {
		return true
	}
	if e.ULP > 0 {
		return ulpDistance(e.Type, e.Bits, actual) <= e.ULP
	}
	return false
}

// ulpDistance counts representable values between two floats of one type.
func ulpDistance(typ Scalar, a, b uint64) uint64 {
	bits := 8 * uint(typ.Bytes)
	signBit := uint64(1) << (bits - 1)
	ordered := func(x uint64) int64 {
		if x&signBit != 0 {
			return -int64(x &^ signBit)
		}
		return int64(x)
	}
	d := ordered(a) - ordered(b)
	if d < 0 {
		d = -d
	}
	return uint64(d)
}

// Mismatch is one element whose value differs from the expectation.
type Mismatch struct {
	Index    int
	Offset   int
	Type     string
	Expected string
	Actual   string
}

// Compare checks actual bytes against the expectation, returning every
// element that differs (missing bytes count as differences).
func (d *Data) Compare(actual []byte) []Mismatch {
	var out []Mismatch
	for i, e := range d.Elems {
		want := e.Text
		if !e.Any {
			_, want = value(e.Type, e.Bits)
			if e.Tol > 0 {
				want += fmt.Sprintf(" ±%g", e.Tol)
			}
			if e.ULP > 0 {
				want += fmt.Sprintf(" ±%d ulp", e.ULP)
			}
		}
		if e.Offset+e.Type.Bytes > len(actual) {
			out = append(out, Mismatch{i, e.Offset, e.Type.Name, want, "(past the end)"})
			continue
		}
		var buf [8]byte
		copy(buf[:], actual[e.Offset:e.Offset+e.Type.Bytes])
		bits := binary.LittleEndian.Uint64(buf[:])
		if !e.matches(bits) {
			_, got := value(e.Type, bits)
			out = append(out, Mismatch{i, e.Offset, e.Type.Name, want, got})
		}
	}
	return out
}
