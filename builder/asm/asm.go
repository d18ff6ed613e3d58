// Package asm assembles SPIR-V assembly text, in the syntax spirv-as reads
// and spirv-dis writes, into a module. It exists so that passes, analyses,
// the validator and the WGSL back end can be tested with modules written as
// text, SPIR-V in and SPIR-V out, without external tools.
//
// The syntax:
//
//	; a comment (a "; Version: 1.3" header line sets the module's version)
//	OpCapability Shader
//	%f32 = OpTypeFloat 32
//	%one = OpConstant %f32 1.5
//	OpDecorate %v DescriptorSet 0
//	OpStore %p %x Aligned 4
//	%r = OpExtInst %f32 %glsl Sqrt %one
//	%s = OpSpecConstantOp %int IAdd %a %b
//
// Ids are written %name and numbered in order of first appearance, as
// spirv-as numbers them (with Options.PreserveNumericIDs, a decimal name
// such as %5 keeps its number and the others come after).
// Enumerants go by their grammar names (or numbers), masks as A|B;
// literals of OpConstant and OpSwitch take the width and kind (integer or
// float, hexadecimal floats included) of their type. Errors name the line.
package asm

import (
	"fmt"
	"github.com/hlsl2spirv/hlsl2spirv/internal/half"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/builder"
	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
)

// Options set what the text does not say.
type Options struct {
	// Version is the module's SPIR-V version when the text has no
	// "; Version:" line; 0 means 1.0.
	Version spv.Version
	// PreserveNumericIDs keeps the numbers of decimal ids (%5 is id 5), as
	// spirv-as --preserve-numeric-ids.
	PreserveNumericIDs bool
}

// Assemble assembles text into the words of a module.
func Assemble(text string, opts Options) ([]uint32, error) {
	a := &assembler{names: map[string]builder.ID{}, numeric: map[builder.ID]bool{}, types: map[builder.ID]numType{}, valueType: map[builder.ID]builder.ID{}, sets: map[builder.ID]*spv.ExtInstSet{}}
	a.version = opts.Version
	if a.version == 0 {
		a.version = spv.Version1_0
	}
	a.next = 1
	toks, err := tokenize(text)
	if err != nil {
		return nil, err
	}
	if opts.PreserveNumericIDs {
		a.reserveNumeric(toks)
	}
	var body []uint32
	for _, st := range statements(toks) {
		a.line = st[0].line
		if st[0].text == ";version" {
			a.version = spv.Version(st[0].value)
			continue
		}
		words, err := a.statement(st)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", a.line, err)
		}
		body = append(body, words...)
	}
	header := []uint32{spv.MagicNumber, uint32(a.version), 0, uint32(a.next), 0}
	if a.maxNumeric >= a.next {
		header[3] = uint32(a.maxNumeric + 1)
	}
	return append(header, body...), nil
}

// Parse assembles text and loads it into the IR.
func Parse(text string, opts Options) (*builder.Module, error) {
	words, err := Assemble(text, opts)
	if err != nil {
		return nil, err
	}
	return builder.Load(words)
}

// MustParse is Parse for tests: it panics on an error.
func MustParse(text string) *builder.Module {
	m, err := Parse(text, Options{})
	if err != nil {
		panic(err)
	}
	return m
}

type numType struct {
	width  uint32
	float  bool
	signed bool
}

type assembler struct {
	version    spv.Version
	line       int
	names      map[string]builder.ID
	numeric    map[builder.ID]bool
	maxNumeric builder.ID
	next       builder.ID
	types      map[builder.ID]numType    // numeric scalar types
	valueType  map[builder.ID]builder.ID // result types of values (for OpSwitch selectors)
	sets       map[builder.ID]*spv.ExtInstSet

	// per statement
	toks []string
	pos  int
	op   spv.Op
	typ  builder.ID
}

// reserveNumeric finds the decimal ids so named ids are numbered after
// them.
func (a *assembler) reserveNumeric(toks []token) {
	for _, t := range toks {
		if n, ok := numericID(t.text); ok {
			a.numeric[n] = true
			a.maxNumeric = max(a.maxNumeric, n)
		}
	}
}

func numericID(tok string) (builder.ID, bool) {
	if !strings.HasPrefix(tok, "%") {
		return 0, false
	}
	n, err := strconv.ParseUint(tok[1:], 10, 32)
	if err != nil || n == 0 {
		return 0, false
	}
	return builder.ID(n), true
}

// id returns the number of an id token.
func (a *assembler) id(tok string) (builder.ID, error) {
	if !strings.HasPrefix(tok, "%") || len(tok) < 2 {
		return 0, fmt.Errorf("expected an id, got %q", tok)
	}
	if n, ok := numericID(tok); ok && a.numeric[n] {
		return n, nil
	}
	if id, ok := a.names[tok]; ok {
		return id, nil
	}
	for a.numeric[a.next] {
		a.next++
	}
	id := a.next
	a.next++
	a.names[tok] = id
	return id, nil
}

func (a *assembler) statement(st []token) ([]uint32, error) {
	toks := make([]string, len(st))
	for i, t := range st {
		toks[i] = t.text
	}
	a.toks, a.pos, a.typ = toks, 0, 0
	var err error
	var result builder.ID
	resultTok := ""
	if len(toks) >= 2 && toks[1] == "=" {
		resultTok = toks[0]
		a.pos = 2
	}
	if a.pos >= len(toks) {
		return nil, fmt.Errorf("missing opcode")
	}
	name := toks[a.pos]
	a.pos++
	op, ok := spv.OpByName(name)
	if !ok {
		return nil, fmt.Errorf("unknown opcode %q", name)
	}
	a.op = op
	info := spv.InstructionInfo(op)
	words := []uint32{0}
	if info.HasResultType {
		if a.pos >= len(toks) {
			return nil, fmt.Errorf("%s: missing the result type", name)
		}
		if a.typ, err = a.id(toks[a.pos]); err != nil {
			return nil, err
		}
		a.pos++
		words = append(words, uint32(a.typ))
	}
	// Ids are numbered in word order: the result type before the result.
	if resultTok != "" {
		if result, err = a.id(resultTok); err != nil {
			return nil, err
		}
	}
	switch {
	case info.HasResult && result == 0:
		return nil, fmt.Errorf("%s needs a result id (%%x = %s ...)", name, name)
	case !info.HasResult && result != 0:
		return nil, fmt.Errorf("%s has no result id", name)
	case info.HasResult:
		words = append(words, uint32(result))
	}
	ops := info.Operands()
	if op == spv.OpExtInst || op == spv.OpExtInstWithForwardRefsKHR {
		ops = ops[:len(ops)-1] // the set's operands follow the instruction
	}
	if words, err = a.list(words, ops, false); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if a.pos < len(toks) {
		return nil, fmt.Errorf("%s: unexpected operand %q", name, toks[a.pos])
	}
	a.record(op, result, words)
	words[0] = uint32(len(words))<<16 | uint32(op)
	return words, nil
}

// record remembers what later literals depend on: numeric types, value
// types, imported sets.
func (a *assembler) record(op spv.Op, result builder.ID, words []uint32) {
	switch op {
	case spv.OpTypeInt:
		a.types[result] = numType{width: words[2], signed: words[3] != 0}
	case spv.OpTypeFloat:
		a.types[result] = numType{width: words[2], float: true}
	case spv.OpExtInstImport:
		if i := strings.Index(a.toks[len(a.toks)-1], "\""); i >= 0 {
			s, _ := strconv.Unquote(a.toks[len(a.toks)-1])
			a.sets[result] = spv.ExtInstSetByName(s)
		}
	}
	if a.typ != 0 && result != 0 {
		a.valueType[result] = a.typ
	}
}

// list assembles the operands gs; params marks an enumerant's parameters.
func (a *assembler) list(words []uint32, gs []spv.OperandInfo, params bool) ([]uint32, error) {
	for _, g := range gs {
		if g.Kind == spv.KindIdResultType || g.Kind == spv.KindIdResult {
			continue
		}
		var err error
		switch g.Quant {
		case spv.One:
			if a.pos >= len(a.toks) {
				return nil, fmt.Errorf("missing operand %s", g.Kind)
			}
			words, err = a.operand(words, g.Kind)
		case spv.Optional:
			if a.fits(g.Kind) {
				words, err = a.operand(words, g.Kind)
			}
		case spv.Variadic:
			for err == nil && a.fits(g.Kind) {
				words, err = a.operand(words, g.Kind)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	return words, nil
}

// fits reports whether the next token can be an operand of kind k.
func (a *assembler) fits(k spv.OperandKind) bool {
	if a.pos >= len(a.toks) {
		return false
	}
	t := a.toks[a.pos]
	if strings.HasPrefix(t, "!") {
		return true
	}
	switch k.Category() {
	case spv.CategoryId:
		return strings.HasPrefix(t, "%")
	case spv.CategoryLiteral:
		if k == spv.KindLiteralString {
			return strings.HasPrefix(t, "\"")
		}
		return isNumberToken(t)
	case spv.CategoryComposite:
		first := spv.KindInfoOf(k).Bases()[0]
		if first.Category() == spv.CategoryId {
			return strings.HasPrefix(t, "%")
		}
		return isNumberToken(t)
	}
	if isNumberToken(t) {
		return true
	}
	for _, part := range strings.Split(t, "|") {
		if k.EnumerantByName(part) == nil {
			return false
		}
	}
	return true
}

func isNumberToken(t string) bool {
	if t == "" {
		return false
	}
	c := t[0]
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.'
}

func (a *assembler) take() string {
	t := a.toks[a.pos]
	a.pos++
	return t
}

func (a *assembler) operand(words []uint32, k spv.OperandKind) ([]uint32, error) {
	if a.pos >= len(a.toks) {
		return nil, fmt.Errorf("missing operand %s", k)
	}
	if raw, ok := strings.CutPrefix(a.toks[a.pos], "!"); ok {
		// Raw words stand for the whole operand.
		for a.pos < len(a.toks) && strings.HasPrefix(a.toks[a.pos], "!") {
			raw = strings.TrimPrefix(a.take(), "!")
			n, err := strconv.ParseUint(raw, 0, 32)
			if err != nil {
				return nil, fmt.Errorf("bad raw word !%s", raw)
			}
			words = append(words, uint32(n))
			if k != spv.KindLiteralContextDependentNumber {
				break
			}
		}
		return words, nil
	}
	switch k.Category() {
	case spv.CategoryId:
		id, err := a.id(a.take())
		return append(words, uint32(id)), err
	case spv.CategoryComposite:
		var err error
		for i, bk := range spv.KindInfoOf(k).Bases() {
			if a.pos >= len(a.toks) {
				return nil, fmt.Errorf("missing member %d of %s", i, k)
			}
			if bk == spv.KindLiteralInteger && a.op == spv.OpSwitch {
				bk = spv.KindLiteralContextDependentNumber
			}
			if words, err = a.operand(words, bk); err != nil {
				return nil, err
			}
		}
		return words, nil
	case spv.CategoryValueEnum, spv.CategoryBitEnum:
		return a.enum(words, k)
	}
	t := a.take()
	switch k {
	case spv.KindLiteralString:
		s, err := strconv.Unquote(t)
		if err != nil {
			return nil, fmt.Errorf("bad string %s", t)
		}
		return appendString(words, s), nil
	case spv.KindLiteralContextDependentNumber:
		typ := a.typ
		if a.op == spv.OpSwitch {
			typ = a.valueType[builder.ID(words[1])]
		}
		nt, ok := a.types[typ]
		if !ok {
			return nil, fmt.Errorf("literal %s: %%%d is not a numeric scalar type", t, typ)
		}
		return appendNumber(words, t, nt)
	case spv.KindLiteralExtInstInteger:
		set := a.sets[builder.ID(words[len(words)-1])]
		var ext *spv.ExtInstInfo
		if set != nil {
			ext = set.InstByName(t)
		}
		if ext == nil {
			n, err := strconv.ParseUint(t, 0, 32)
			if err != nil {
				return nil, fmt.Errorf("unknown extended instruction %q", t)
			}
			if set != nil {
				ext = set.Inst(uint32(n))
			}
			words = append(words, uint32(n))
		} else {
			words = append(words, ext.Opcode)
		}
		if ext == nil {
			// A set without a table: ids follow.
			return a.list(words, []spv.OperandInfo{{Kind: spv.KindIdRef, Quant: spv.Variadic}}, false)
		}
		return a.list(words, ext.Operands(), false)
	case spv.KindLiteralSpecConstantOpInteger:
		op, ok := spv.OpByName("Op" + t)
		if !ok {
			n, err := strconv.ParseUint(t, 0, 16)
			if err != nil {
				return nil, fmt.Errorf("unknown opcode %q", t)
			}
			op = spv.Op(n)
		}
		inner := spv.InstructionInfo(op)
		if inner == nil {
			return nil, fmt.Errorf("unknown opcode %q", t)
		}
		return a.list(append(words, uint32(op)), inner.Operands(), false)
	}
	n, err := parseInt(t, 32, false)
	if err != nil {
		return nil, err
	}
	return append(words, uint32(n)), nil
}

func (a *assembler) enum(words []uint32, k spv.OperandKind) ([]uint32, error) {
	t := a.take()
	var value uint32
	var params [][]spv.OperandInfo
	for _, part := range strings.Split(t, "|") {
		if e := k.EnumerantByName(part); e != nil {
			value |= e.Value
			continue
		}
		n, err := strconv.ParseUint(part, 0, 32)
		if err != nil {
			return nil, fmt.Errorf("%q is not a %s", part, k)
		}
		value |= uint32(n)
	}
	words = append(words, value)
	if k.Category() == spv.CategoryValueEnum {
		if e := k.Enumerant(value); e != nil {
			params = append(params, e.Parameters())
		}
	} else {
		for bit := uint32(1); bit != 0; bit <<= 1 {
			if value&bit != 0 {
				if e := k.Enumerant(bit); e != nil {
					params = append(params, e.Parameters())
				}
			}
		}
	}
	var err error
	for _, p := range params {
		if words, err = a.list(words, asRequired(p), true); err != nil {
			return nil, err
		}
	}
	return words, nil
}

// asRequired makes every parameter required: spirv-as reads enumerant
// parameters that way.
func asRequired(ps []spv.OperandInfo) []spv.OperandInfo {
	out := make([]spv.OperandInfo, len(ps))
	for i, p := range ps {
		p.Quant = spv.One
		out[i] = p
	}
	return out
}

func appendString(words []uint32, s string) []uint32 {
	var w uint32
	for i := 0; i < len(s); i++ {
		w |= uint32(s[i]) << (8 * (i % 4))
		if i%4 == 3 {
			words = append(words, w)
			w = 0
		}
	}
	return append(words, w)
}

// appendNumber encodes a literal of numeric type t.
func appendNumber(words []uint32, tok string, t numType) ([]uint32, error) {
	var bits uint64
	if t.float {
		b, err := parseFloatBits(tok, t.width)
		if err != nil {
			return nil, err
		}
		bits = b
	} else {
		v, err := parseInt(tok, t.width, t.signed)
		if err != nil {
			return nil, err
		}
		bits = v
		if t.width < 32 {
			bits &= 1<<t.width - 1
			if t.signed && bits&(1<<(t.width-1)) != 0 {
				bits |= ^uint64(0) << t.width // sign-extended in the word, as spirv-as does
			}
		}
	}
	words = append(words, uint32(bits))
	if t.width > 32 {
		words = append(words, uint32(bits>>32))
	}
	return words, nil
}

func parseInt(tok string, width uint32, signed bool) (uint64, error) {
	if strings.HasPrefix(tok, "-") {
		v, err := strconv.ParseInt(tok, 0, int(max(width, 8)))
		if err != nil {
			return 0, fmt.Errorf("bad integer %q for %d bits", tok, width)
		}
		return uint64(v), nil
	}
	v, err := strconv.ParseUint(strings.TrimPrefix(tok, "+"), 0, int(max(width, 8)))
	if err != nil {
		return 0, fmt.Errorf("bad integer %q for %d bits", tok, width)
	}
	return v, nil
}

// parseFloatBits parses a decimal or hexadecimal float literal (spirv-dis
// writes infinities and NaNs as hexadecimal floats whose exponent is past
// the type's range: 0x1p+128 is +inf, 0x1.8p+128 a quiet NaN, in 32 bits)
// into the bits of a float of the width.
func parseFloatBits(tok string, width uint32) (uint64, error) {
	var mant, exp uint
	var bias int
	switch width {
	case 16:
		mant, exp, bias = 10, 5, 15
	case 32:
		mant, exp, bias = 23, 8, 127
	case 64:
		mant, exp, bias = 52, 11, 1023
	default:
		return 0, fmt.Errorf("no float literals of %d bits", width)
	}
	neg := strings.HasPrefix(tok, "-")
	body := strings.TrimLeft(tok, "+-")
	var sign uint64
	if neg {
		sign = 1 << (width - 1)
	}
	if h, ok := strings.CutPrefix(strings.ToLower(body), "0x"); ok && strings.Contains(h, "p") {
		// Hexadecimal: check for the encodings past the range first.
		mpart, epart, _ := strings.Cut(h, "p")
		e, err := strconv.Atoi(epart)
		if err != nil {
			return 0, fmt.Errorf("bad float %q", tok)
		}
		if e > bias {
			ip, frac, _ := strings.Cut(mpart, ".")
			if ip != "1" {
				return 0, fmt.Errorf("bad float %q", tok)
			}
			f := new(big.Int)
			if frac != "" {
				f.SetString(frac, 16)
			}
			// The fraction's hex digits, aligned to the top of the mantissa.
			shift := int(mant) - 4*len(frac)
			if shift >= 0 {
				f.Lsh(f, uint(shift))
			} else {
				f.Rsh(f, uint(-shift))
			}
			return sign | (1<<exp-1)<<mant | f.Uint64(), nil
		}
	}
	switch width {
	case 64:
		f, err := strconv.ParseFloat(body, 64)
		if err != nil {
			return 0, fmt.Errorf("bad float %q", tok)
		}
		return sign | math.Float64bits(f), nil
	case 32:
		f, err := strconv.ParseFloat(body, 32)
		if err != nil {
			return 0, fmt.Errorf("bad float %q", tok)
		}
		return sign | uint64(math.Float32bits(float32(f))), nil
	}
	f, err := strconv.ParseFloat(body, 64)
	if err != nil {
		return 0, fmt.Errorf("bad float %q", tok)
	}
	// spirv-as reads a half literal as a 32-bit float, then narrows it
	// toward zero.
	return sign | uint64(half.FromFloat64(float64(float32(f)), half.TowardZero)), nil
}

// A token is a word, "=", a quoted string (Go-quoted), or a raw word
// (!0x1234); line is where it starts.
type token struct {
	text  string
	line  int
	value uint32 // for the ";version" pseudo-token
}

// tokenize splits the text into tokens. A ';' outside a string starts a
// comment to the end of the line; a "; Version: 1.3" comment becomes a
// ";version" pseudo-token, as spirv-dis writes the version there.
func tokenize(text string) ([]token, error) {
	var toks []token
	line := 1
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == ';':
			j := strings.IndexByte(text[i:], '\n')
			if j < 0 {
				j = len(text) - i
			}
			comment := strings.TrimSpace(text[i+1 : i+j])
			if v, ok := strings.CutPrefix(comment, "Version:"); ok {
				var major, minor uint8
				if _, err := fmt.Sscanf(strings.TrimSpace(v), "%d.%d", &major, &minor); err == nil {
					toks = append(toks, token{text: ";version", line: line, value: uint32(spv.MakeVersion(major, minor))})
				}
			}
			i += j
		case c == '"':
			start := line
			j := i + 1
			for j < len(text) && text[j] != '"' {
				if text[j] == '\\' {
					j++
				}
				if j < len(text) && text[j] == '\n' {
					line++
				}
				j++
			}
			if j >= len(text) {
				return nil, fmt.Errorf("line %d: unterminated string", start)
			}
			toks = append(toks, token{text: unescapeSpirv(text[i : j+1]), line: start})
			i = j + 1
		case c == '=':
			toks = append(toks, token{text: "=", line: line})
			i++
		default:
			j := i
			for j < len(text) && !strings.ContainsRune(" \t\r\n;=\"", rune(text[j])) {
				j++
			}
			toks = append(toks, token{text: text[i:j], line: line})
			i = j
		}
	}
	return toks, nil
}

// statements splits the tokens into instructions: each starts at an
// opcode name, or at "%id =" before one.
func statements(toks []token) [][]token {
	var out [][]token
	start := 0
	for i := 0; i < len(toks); i++ {
		begins := toks[i].text == ";version" || isOpcode(toks[i].text) ||
			(i+1 < len(toks) && toks[i+1].text == "=")
		if begins && i > start && !(i >= 2 && toks[i-1].text == "=" && i-2 == start) {
			out = append(out, toks[start:i])
			start = i
		}
		if toks[i].text == ";version" {
			out = append(out, toks[i:i+1])
			start = i + 1
		}
	}
	if start < len(toks) {
		out = append(out, toks[start:])
	}
	return out
}

// unescapeSpirv rewrites a spirv-as string literal, where a backslash
// escapes the next character whatever it is, into a Go-quoted one.
func unescapeSpirv(q string) string {
	var b strings.Builder
	inner := q[1 : len(q)-1]
	for i := 0; i < len(inner); i++ {
		if inner[i] == '\\' && i+1 < len(inner) {
			i++
		}
		b.WriteByte(inner[i])
	}
	return strconv.Quote(b.String())
}

func isOpcode(t string) bool {
	if !strings.HasPrefix(t, "Op") {
		return false
	}
	_, ok := spv.OpByName(t)
	return ok
}
