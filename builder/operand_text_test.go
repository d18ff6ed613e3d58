package builder

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// formatOperand renders an operand as String did when it went through fmt
// and a string per parameter: what AppendText must still write.
func formatOperand(o *Operand) string {
	switch {
	case isID(*o):
		return fmt.Sprintf("%%%d", o.Word)
	case o.Kind == spv.KindLiteralString:
		return strconv.Quote(o.Str())
	case o.Kind == spv.KindLiteralFloat && o.Wide:
		return strconv.FormatFloat(math.Float64frombits(o.Uint64()), 'g', -1, 64)
	case o.Kind == spv.KindLiteralFloat:
		return strconv.FormatFloat(float64(math.Float32frombits(o.Word)), 'g', -1, 32)
	case isNumber(o.Kind):
		return strconv.FormatUint(o.Uint64(), 10)
	}
	parts := []string{o.Kind.ValueString(o.Word)}
	if o.Kind.Category() == spv.CategoryComposite {
		parts = parts[:0]
	}
	for i := range o.Params() {
		parts = append(parts, formatOperand(&o.Params()[i]))
	}
	return strings.Join(parts, " ")
}

func TestOperandText(t *testing.T) {
	ops := []Operand{
		Ref(0), Ref(7), Ref(4294967295), {Kind: spv.KindIdResultType, Word: 12}, {Kind: spv.KindIdScope, Word: 3},
		Lit(0), Lit(42), Lit64(1 << 40), {Kind: spv.KindLiteralContextDependentNumber, Word: 9},
		F32(1.5), F32(float32(math.Inf(-1))), F32(float32(math.NaN())), F64(-0.25), F64(1e300),
		Str(""), Str("main"), Str("quote \" and \\ and \n"),
		Enum(spv.DecorationBlock), Enum(spv.DecorationLocation, Lit(3)), Enum(spv.DecorationBuiltIn, Enum(spv.BuiltInPosition)),
		Enum(spv.StorageClassFunction), {Kind: spv.KindDecoration, Word: 99999},
		Enum(spv.MemoryAccessAligned, Lit(16)), Enum(spv.ImageOperandsLod|spv.ImageOperandsConstOffset, Ref(5), Ref(6)),
		Pair(Ref(1), Ref(2)), Pair(Lit(3), Ref(4)), {Kind: spv.KindPairIdRefIdRef},
	}
	for i := range ops {
		o := &ops[i]
		want := formatOperand(o)
		if got := o.String(); got != want {
			t.Errorf("%v: String = %q, want %q", *o, got, want)
		}
		if got := string(o.AppendText([]byte("x"))); got != "x"+want {
			t.Errorf("%v: AppendText = %q, want %q", *o, got, "x"+want)
		}
	}
}
