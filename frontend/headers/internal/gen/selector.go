package main

import (
	"bytes"
	_ "embed"
	"fmt"
	"log"
	"text/template"
)

// The selectors of <vk/opcode_selector.h> are one specialization per
// scalar type (ArithmeticSelector) and per pair of scalar types
// (ConversionSelector). Both tables follow from the scalar types below and
// SPIR-V's rules, so they are generated rather than written out by hand.

//go:embed opcode_selector.h.tmpl
var selectorTemplate string

// scalar is an HLSL scalar type a selector is specialized for.
type scalar struct {
	name   string
	float  bool
	signed bool
	width  int // in bits, with -enable-16bit-types
}

// scalars in the order the header specializes them.
var scalars = []scalar{
	{"half", true, true, 16}, {"float", true, true, 32}, {"double", true, true, 64},
	{"int16_t", false, true, 16}, {"uint16_t", false, false, 16},
	{"int32_t", false, true, 32}, {"uint32_t", false, false, 32},
	{"int64_t", false, true, 64}, {"uint64_t", false, false, 64},
}

// exists reports whether s is a type without -enable-16bit-types (the
// 16-bit integers are not).
func (s scalar) exists(bit16 bool) bool { return bit16 || s.float || s.width != 16 }

// widthIn is s's width: without 16-bit types half is float.
func (s scalar) widthIn(bit16 bool) int {
	if s.float && !bit16 {
		return max(s.width, 32)
	}
	return s.width
}

// arithmetic names the instructions of Negate, Add, Sub, Mul and Div on s.
func arithmetic(s scalar) string {
	switch {
	case s.float:
		return "FNegate, FAdd, FSub, FMul, FDiv"
	case s.signed:
		return "SNegate, IAdd, ISub, IMul, SDiv"
	}
	return "SNegate, IAdd, ISub, IMul, UDiv"
}

// conversion names the instruction converting s to t: a copy between one
// SPIR-V type, a bitcast between integers of one width, a width change
// extended by the target's signedness, integer <-> float by the integer's
// signedness.
func conversion(s, t scalar, bit16 bool) string {
	sameWidth := s.widthIn(bit16) == t.widthIn(bit16)
	switch {
	case s.float && t.float && sameWidth:
		return "Same"
	case s.float && t.float:
		return "FConvert"
	case s.float:
		return "ConvertFTo" + t.sign()
	case t.float:
		return "Convert" + s.sign() + "ToF"
	case sameWidth && s.signed == t.signed:
		return "Same"
	case sameWidth:
		return "Bitcast"
	}
	return t.sign() + "Convert"
}

// sign is the letter SPIR-V's conversions give an integer's signedness.
func (s scalar) sign() string {
	if s.signed {
		return "S"
	}
	return "U"
}

// guarded writes rows, a row per call of each; rows the two modes agree
// on come first, then those of -enable-16bit-types only or differing,
// under #if __HLSL_ENABLE_16_BIT (with an #else for the others).
func guarded(each func(yield func(row16, row32 string))) string {
	var common, only16, only32 bytes.Buffer
	each(func(row16, row32 string) {
		switch {
		case row16 == row32:
			common.WriteString(row16)
		default:
			only16.WriteString(row16)
			only32.WriteString(row32)
		}
	})
	out := common.String()
	if only16.Len() > 0 {
		out += "#if __HLSL_ENABLE_16_BIT\n" + only16.String()
		if only32.Len() > 0 {
			out += "#else\n" + only32.String()
		}
		out += "#endif\n"
	}
	return out
}

// selectorHeader is the text of include/vk/opcode_selector.h.
func selectorHeader() []byte {
	arith := guarded(func(yield func(row16, row32 string)) {
		for _, s := range scalars {
			row := fmt.Sprintf("HLSL2SPIRV_ARITH(%s, %s);\n", s.name, arithmetic(s))
			row32 := ""
			if s.exists(false) {
				row32 = row
			}
			yield(row, row32)
		}
	})
	conv := guarded(func(yield func(row16, row32 string)) {
		for _, s := range scalars {
			for _, t := range scalars {
				row16 := fmt.Sprintf("HLSL2SPIRV_CONV(%s, %s, %s);\n", s.name, t.name, conversion(s, t, true))
				row32 := ""
				if s.exists(false) && t.exists(false) {
					row32 = fmt.Sprintf("HLSL2SPIRV_CONV(%s, %s, %s);\n", s.name, t.name, conversion(s, t, false))
				}
				yield(row16, row32)
			}
		}
	})
	tmpl := template.Must(template.New("opcode_selector.h").Parse(selectorTemplate))
	var b bytes.Buffer
	if err := tmpl.Execute(&b, map[string]string{"Arithmetic": arith, "Conversions": conv}); err != nil {
		log.Fatal(err)
	}
	return b.Bytes()
}
