package wgsl

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// isConstant reports whether id is a module-level constant, spec constant
// or OpUndef.
func isConstantOp(op spv.Op) bool {
	switch op {
	case spv.OpConstant, spv.OpConstantTrue, spv.OpConstantFalse, spv.OpConstantComposite, spv.OpConstantNull,
		spv.OpUndef, spv.OpSpecConstant, spv.OpSpecConstantTrue, spv.OpSpecConstantFalse,
		spv.OpSpecConstantComposite, spv.OpSpecConstantOp:
		return true
	}
	return false
}

// constUint returns the value of an integer OpConstant.
func (t *translator) constUint(id builder.ID) (uint64, bool) {
	d := t.du.Def(id)
	if d == nil || d.Op != spv.OpConstant || len(d.Operands) != 1 {
		return 0, false
	}
	if dt := t.du.Def(d.Type); dt == nil || dt.Op != spv.OpTypeInt {
		return 0, false
	}
	return d.Operands[0].Uint64(), true
}

// constExpr spells a constant, spec constant or OpUndef.
func (t *translator) constExpr(id builder.ID) expr {
	if e, ok := t.consts[id]; ok {
		return e
	}
	d := t.def(id)
	var e expr
	switch d.Op {
	case spv.OpConstant:
		if len(d.Operands) != 1 {
			t.fail("OpConstant %%%d has %d operands", id, len(d.Operands))
		}
		e = t.literal(d.Type, d.Operands[0].Uint64())
	case spv.OpConstantTrue:
		e = primary("true")
	case spv.OpConstantFalse:
		e = primary("false")
	case spv.OpConstantNull, spv.OpUndef:
		e = t.zero(d.Type)
	case spv.OpConstantComposite, spv.OpSpecConstantComposite:
		e = t.compositeConst(d)
	case spv.OpSpecConstant, spv.OpSpecConstantTrue, spv.OpSpecConstantFalse:
		e = primary(t.override(id))
	case spv.OpSpecConstantOp:
		e = t.specConstantOp(d)
	default:
		t.fail("%%%d is a %s, not a constant", id, d.Op)
	}
	t.consts[id] = e
	return e
}

// literal spells a scalar constant of type typ from its bits.
func (t *translator) literal(typ builder.ID, bits uint64) expr {
	v := t.typ(typ)
	switch v.comp {
	case sI32:
		n := int32(uint32(bits))
		switch {
		case n == math.MinInt32:
			return primary("i32(-2147483648)")
		case n < 0:
			return expr{fmt.Sprintf("%di", n), precUnary}
		}
		return primary(fmt.Sprintf("%di", n))
	case sU32:
		return primary(fmt.Sprintf("%du", uint32(bits)))
	case sI16:
		if n := int16(uint16(bits)); n < 0 {
			return expr{fmt.Sprintf("%di", n), precUnary}
		}
		return primary(fmt.Sprintf("%di", int16(uint16(bits))))
	case sU16:
		return primary(fmt.Sprintf("%du", uint16(bits)))
	case sI8:
		if n := int8(uint8(bits)); n < 0 {
			return expr{fmt.Sprintf("%di", n), precUnary}
		}
		return primary(fmt.Sprintf("%di", int8(uint8(bits))))
	case sU8:
		return primary(fmt.Sprintf("%du", uint8(bits)))
	case sI64, sU64, sF64:
		return wideLiteral(bits)
	case sF32:
		f := math.Float32frombits(uint32(bits))
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			return t.specialFloat("f32", fmt.Sprintf("0x%08xu", uint32(bits)))
		}
		s := strconv.FormatFloat(float64(f), 'g', -1, 32)
		if v, _ := strconv.ParseFloat(s, 64); math.Abs(v) > math.MaxFloat32 {
			// The shortest decimal rounds back to f, but as a number it
			// lies past the largest f32, which WGSL refuses: the exact one.
			s = strconv.FormatFloat(float64(f), 'g', -1, 64)
		}
		return floatLiteral(s, "f")
	case sF16:
		h := uint16(bits)
		f := halfToFloat(h)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			// bitcast<f16> takes a 16-bit pair: go through f32.
			return t.specialFloat("f16", fmt.Sprintf("0x%08xu", math.Float32bits(float32(f))))
		}
		return floatLiteral(strconv.FormatFloat(f, 'g', -1, 32), "h")
	case sBool:
		if bits != 0 {
			return primary("true")
		}
		return primary("false")
	}
	t.fail("a literal of type %s", v.text)
	return expr{}
}

func floatLiteral(s, suffix string) expr {
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	s += suffix
	if strings.HasPrefix(s, "-") {
		return expr{s, precUnary}
	}
	return primary(s)
}

// specialFloat spells an infinity or NaN, which WGSL has no literal for
// and refuses to compute in a constant expression: a helper function makes
// it a run-time value.
func (t *translator) specialFloat(typ, bits string) expr {
	name := t.helper("bits_to_"+typ, fmt.Sprintf("(b : u32) -> %s {\n  return %s(bitcast<f32>(b));\n}\n", typ, typ))
	return primary(fmt.Sprintf("%s(%s)", name, bits))
}

func halfToFloat(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	exp := int(h>>10) & 0x1f
	frac := float64(h & 0x3ff)
	switch exp {
	case 0:
		return sign * frac * math.Pow(2, -24)
	case 31:
		if frac == 0 {
			return math.Inf(int(sign))
		}
		return math.NaN()
	}
	return sign * (1 + frac/1024) * math.Pow(2, float64(exp-15))
}

// compositeConst spells a composite constant as a constructor.
func (t *translator) compositeConst(d *builder.Inst) expr {
	v := t.typ(d.Type)
	var args []expr
	for _, o := range d.Operands {
		a := t.constExpr(o.ID())
		// A component of the other signedness (OpConstantComposite allows
		// none, but OpSpecConstantComposite's ids may be any spec constant).
		args = append(args, a)
	}
	switch v.op {
	case spv.OpTypeVector, spv.OpTypeMatrix, spv.OpTypeArray, spv.OpTypeStruct:
	default:
		t.fail("a composite constant of type %s", v.text)
	}
	if v.op == spv.OpTypeArray && v.n == 0 {
		t.unsupported("a constant of an override-sized array")
	}
	return call(v.text, args...)
}

// override declares a scalar spec constant as an override and returns its
// name.
func (t *translator) override(id builder.ID) string {
	if n, ok := t.overrides[id]; ok {
		return n
	}
	d := t.def(id)
	v := t.typ(d.Type)
	if !v.isScalar() || v.comp.isWide() {
		what := v.text
		if v.comp.isWide() {
			what = "a 64-bit integer"
		}
		t.unsupported("a spec constant of type %s as an override (overrides are 32-bit or smaller scalars)", what)
	}
	name := t.names.unique(t.baseName(id, "spec"))
	t.overrides[id] = name
	attr := ""
	if p, ok := t.decoration(id, spv.DecorationSpecId); ok && len(p) > 0 {
		attr = fmt.Sprintf("@id(%d) ", p[0].Word)
	}
	var init expr
	switch d.Op {
	case spv.OpSpecConstantTrue:
		init = primary("true")
	case spv.OpSpecConstantFalse:
		init = primary("false")
	case spv.OpSpecConstant:
		if len(d.Operands) != 1 {
			t.fail("OpSpecConstant %%%d has %d operands", id, len(d.Operands))
		}
		init = t.literal(d.Type, d.Operands[0].Uint64())
		if strings.HasPrefix(init.text, "spv_") {
			t.unsupported("a spec constant defaulting to an infinity or NaN")
		}
	case spv.OpSpecConstantOp:
		init = t.specConstantOpExpr(d)
	default:
		t.fail("%%%d is not a spec constant", id)
	}
	t.decls = append(t.decls, fmt.Sprintf("%soverride %s : %s = %s;\n", attr, name, v.text, init.text))
	return name
}

// specConstantOp spells an OpSpecConstantOp: a scalar result becomes an
// override initialised by the expression, a composite one the expression
// itself (overrides are scalars).
func (t *translator) specConstantOp(d *builder.Inst) expr {
	if t.typ(d.Type).isScalar() {
		return primary(t.override(d.Result))
	}
	return t.specConstantOpExpr(d)
}

func (t *translator) specConstantOpExpr(d *builder.Inst) expr {
	if len(d.Operands) < 1 {
		t.fail("OpSpecConstantOp without an opcode")
	}
	inner := &builder.Inst{Op: spv.Op(d.Operands[0].Word), Type: d.Type, Result: d.Result, Operands: d.Operands[1:]}
	e, ok := t.pureExpr(nil, inner)
	if !ok {
		t.unsupported("OpSpecConstantOp with %s", inner.Op)
	}
	return e
}

// number spells a small integer as a literal of scalar s.
func (t *translator) number(s scalar, v int) expr {
	switch s {
	case sI32, sI16, sI8:
		return primary(fmt.Sprintf("%di", v))
	case sU32, sU16, sU8:
		return primary(fmt.Sprintf("%du", v))
	case sF32:
		return primary(fmt.Sprintf("%d.0f", v))
	case sF16:
		return primary(fmt.Sprintf("%d.0h", v))
	}
	t.fail("a number of type %s", s)
	return expr{}
}
