package half

import (
	"flag"
	"fmt"
	"math"
	"math/rand"
	"runtime"
	"strconv"
	"sync"
	"testing"
)

// pow2[k+pow2Bias] is 2^k, for the exponents the reference needs.
const pow2Bias = 64

var pow2 = func() (t [128]float64) {
	for i := range t {
		t[i] = math.Ldexp(1, i-pow2Bias)
	}
	return
}()

// reference rounds the magnitude a (finite, at least 2^-30, below 2^17) to
// a half's value by arithmetic instead of bits: scaled by a power of two so
// that the half's last place is 1 (exact), rounded to an integer, scaled
// back (exact). e is a's binary exponent. It returns +Inf past the halves'
// range.
func reference(a float64, e int, trunc bool) float64 {
	if e > 15 {
		return math.Inf(1)
	}
	ee := max(e, -14)
	s := a * pow2[10-ee+pow2Bias]
	var q float64
	if trunc {
		q = math.Trunc(s)
	} else {
		q = math.RoundToEven(s)
	}
	v := q * pow2[ee-10+pow2Bias]
	if v > Max {
		return math.Inf(1)
	}
	return v
}

// decode widens a half by arithmetic, independently of ToFloat32.
func decode(h uint16) float64 {
	sign := 1.0
	if h&signBit != 0 {
		sign = -1
	}
	exp, frac := int(h>>10&0x1f), float64(h&0x3ff)
	switch {
	case exp == 0x1f && frac != 0:
		return math.NaN()
	case exp == 0x1f:
		return sign * math.Inf(1)
	case exp == 0:
		return sign * math.Ldexp(frac, -24)
	}
	return sign * math.Ldexp(1024+frac, exp-25)
}

func TestEveryHalfWidensAndRoundTrips(t *testing.T) {
	for i := 0; i < 1<<16; i++ {
		h := uint16(i)
		want := decode(h)
		got := ToFloat32(h)
		if math.IsNaN(want) {
			if !math.IsNaN(float64(got)) {
				t.Fatalf("ToFloat32(%#04x) = %v, want NaN", h, got)
			}
			if FromFloat32(got)&0x7c00 != 0x7c00 || FromFloat32(got)&0x3ff == 0 {
				t.Fatalf("FromFloat32(NaN from %#04x) = %#04x, not a NaN", h, FromFloat32(got))
			}
			continue
		}
		if float64(got) != want || math.Signbit(float64(got)) != math.Signbit(want) {
			t.Fatalf("ToFloat32(%#04x) = %v, want %v", h, got, want)
		}
		if ToFloat64(h) != want {
			t.Fatalf("ToFloat64(%#04x) = %v, want %v", h, ToFloat64(h), want)
		}
		for _, r := range []Rounding{ToNearestEven, TowardZero} {
			if back := FromFloat64(want, r); back != h {
				t.Fatalf("FromFloat64(%v, %d) = %#04x, want %#04x", want, r, back, h)
			}
		}
	}
}

var exhaustive = flag.Bool("half.exhaustive", false, "check all 2^32 float32 inputs (make test-exhaustive), not every 61st")

// TestEveryFloat32 checks FromFloat32 (and the toward-zero rounding) on
// every 61st float32 input against the arithmetic reference, and on all 2^32
// of them with -half.exhaustive (about a CPU minute).
func TestEveryFloat32(t *testing.T) {
	step := uint64(61)
	if *exhaustive {
		step = 1
	}
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	errs := make(chan string, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := uint64(w) * step; i < 1<<32; i += step * uint64(workers) {
				if msg := checkFloat32(uint32(i)); msg != "" {
					errs <- msg
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for msg := range errs {
		t.Error(msg)
	}
}

// checkFloat32 compares both roundings of the float32 with bits b with the
// reference; it returns what differs, or "".
func checkFloat32(b uint32) string {
	f := math.Float32frombits(b)
	exp := int(b>>23) & 0xff
	neg := b&0x80000000 != 0
	for _, r := range []Rounding{ToNearestEven, TowardZero} {
		var h uint16
		if r == ToNearestEven {
			h = FromFloat32(f)
		} else {
			h = FromFloat64(float64(f), r)
		}
		if (h&signBit != 0) != neg {
			return msgf(f, r, h, "the sign is lost")
		}
		switch {
		case exp == 0xff && b&0x7fffff != 0:
			if h&0x7c00 != 0x7c00 || h&0x3ff == 0 {
				return msgf(f, r, h, "want a NaN")
			}
			continue
		case exp == 0xff:
			if h&0x7fff != infBits {
				return msgf(f, r, h, "want infinity")
			}
			continue
		case exp-127 < -30: // far below the smallest half (2^-24)
			if h&0x7fff != 0 {
				return msgf(f, r, h, "want zero")
			}
			continue
		}
		want := reference(math.Abs(float64(f)), exp-127, r == TowardZero)
		if got := math.Abs(decode(h)); got != want {
			return msgf(f, r, h, "want the half of value "+ftoa(want))
		}
	}
	return ""
}

func msgf(f float32, r Rounding, h uint16, what string) string {
	return "FromFloat64(" + ftoa(float64(f)) + ", " + [...]string{"nearest-even", "toward-zero"}[r] +
		") = " + hex(h) + ": " + what
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

func hex(h uint16) string { return fmt.Sprintf("%#04x", h) }

// TestFloat64RoundsOnce: a float64 just past the tie between two halves
// rounds up; through float32 the bits past the tie are lost and the tie goes
// to even.
func TestFloat64RoundsOnce(t *testing.T) {
	cases := []struct {
		f    float64
		want uint16
	}{
		{1 + math.Ldexp(1, -11) + math.Ldexp(1, -40), 0x3c01}, // float32 gives 0x3c00
		{1 + math.Ldexp(1, -11), 0x3c00},                      // the tie itself: even
		{1 + 3*math.Ldexp(1, -11), 0x3c02},                    // tie to even, up
		{65519.99999999999, 0x7bff},
		{65520, 0x7c00},
		{math.Ldexp(1, -25), 0x0000},                      // ties to the even zero
		{math.Ldexp(1, -25) + math.Ldexp(1, -60), 0x0001}, // past the tie
		{math.Ldexp(1, -14) - math.Ldexp(1, -40), 0x0400}, // rounds up into the normals
		{math.Copysign(0, -1), 0x8000},
		{0.1, 0x2e66},
		{math.Inf(-1), 0xfc00},
		{1e300, 0x7c00},
		{5e-324, 0x0000},
	}
	for _, c := range cases {
		if got := FromFloat64(c.f, ToNearestEven); got != c.want {
			t.Errorf("FromFloat64(%v) = %s, want %s", c.f, hex(got), hex(c.want))
		}
	}
	// Random float64s across the halves' range against the reference.
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 1_000_000; i++ {
		a := math.Ldexp(1+rng.Float64(), rng.Intn(46)-30)
		_, e := math.Frexp(a)
		for _, trunc := range []bool{false, true} {
			r := ToNearestEven
			if trunc {
				r = TowardZero
			}
			want := reference(a, e-1, trunc)
			if got := decode(FromFloat64(a, r)); got != want {
				t.Fatalf("FromFloat64(%v, %d) = %v, want %v", a, r, got, want)
			}
		}
	}
}

func TestQuantize(t *testing.T) {
	cases := []struct{ in, want float32 }{
		{1, 1},
		{1.0009765625 + 1.0/4096, 1.0009765625}, // toward zero
		{-1.0009765625 - 1.0/4096, -1.0009765625},
		{65519, 65504},                // truncated, not rounded up to infinity
		{65536, float32(math.Inf(1))}, // past the halves' binades
		{-70000, float32(math.Inf(-1))},
		{float32(math.Ldexp(3, -24)), float32(math.Ldexp(3, -24))}, // a half subnormal kept
		{float32(math.Ldexp(1, -26)), 0},
	}
	for _, c := range cases {
		if got := Quantize(c.in); got != c.want || math.Signbit(float64(got)) != math.Signbit(float64(c.want)) {
			t.Errorf("Quantize(%v) = %v, want %v", c.in, got, c.want)
		}
	}
	nan := math.Float32frombits(0x7f812345)
	if got := math.Float32bits(Quantize(nan)); got != 0x7fc12000 {
		t.Errorf("Quantize(NaN 0x7f812345) = %#08x, want 0x7fc12000", got)
	}
}

func BenchmarkFromFloat32(b *testing.B) {
	var sink uint16
	for i := 0; i < b.N; i++ {
		sink += FromFloat32(math.Float32frombits(uint32(i) * 2654435761))
	}
	_ = sink
}
