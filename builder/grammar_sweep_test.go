package builder

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hlsl2spirv/hlsl2spirv/builder/spv"
	"github.com/hlsl2spirv/hlsl2spirv/test/tool"
)

// sweepInst synthesises one instance of an instruction from the grammar —
// every operand present, optional ones included, variadic ones twice —
// as assembly text and as Operands.
type sweepInst struct {
	nextID ID
	text   []string
	ops    []Operand
}

func (s *sweepInst) id() (string, Operand) {
	s.nextID++
	return fmt.Sprintf("%%%d", s.nextID), Ref(s.nextID)
}

// operand appends one operand of kind k, reporting false for a kind it
// cannot synthesise.
func (s *sweepInst) operand(k spv.OperandKind, into *[]Operand) bool {
	switch k.Category() {
	case spv.CategoryId:
		t, o := s.id()
		s.text = append(s.text, t)
		*into = append(*into, o)
	case spv.CategoryLiteral:
		switch k {
		case spv.KindLiteralInteger:
			s.text = append(s.text, "7")
			*into = append(*into, Lit(7))
		case spv.KindLiteralFloat:
			s.text = append(s.text, "1.5")
			*into = append(*into, F32(1.5))
		case spv.KindLiteralString:
			s.text = append(s.text, `"name"`)
			*into = append(*into, Str("name"))
		default:
			return false // context-dependent, ext inst and spec constant op numbers
		}
	case spv.CategoryValueEnum, spv.CategoryBitEnum:
		ki := spv.KindInfoOf(k)
		if len(ki.Enumerants()) == 0 {
			return false
		}
		e := &ki.Enumerants()[0] // the smallest value: the oldest, known to any spirv-as
		s.text = append(s.text, e.Name())
		var params []Operand
		for _, p := range e.Parameters() {
			if !s.operand(p.Kind, &params) {
				return false
			}
		}
		*into = append(*into, Operand{Kind: k, Word: e.Value}.WithParams(params))
	case spv.CategoryComposite:
		var members []Operand
		for _, b := range spv.KindInfoOf(k).Bases() {
			if !s.operand(b, &members) {
				return false
			}
		}
		*into = append(*into, Operand{Kind: k}.WithParams(members))
	}
	return true
}

// synthesise makes the instance with ids above base, so that instances
// assembled together do not share ids.
func synthesise(info *spv.InstInfo, base ID) (text string, ops []Operand, ok bool) {
	if info.Op == spv.OpSwitch || info.Op == spv.OpExtInstImport {
		return "", nil, false // case literals as wide as the selector; a set name spirv-as knows
	}
	s := &sweepInst{nextID: base}
	result := ""
	for _, g := range info.Operands() {
		n := 1
		if g.Quant == spv.Variadic {
			n = 2
		}
		for range n {
			switch g.Kind {
			case spv.KindIdResult:
				t, o := s.id()
				result = t + " = "
				ops = append(ops, o)
				continue
			}
			if !s.operand(g.Kind, &ops) {
				return "", nil, false
			}
		}
	}
	// In the text the result id comes before the opcode; in the operands it
	// follows the result type, as in the grammar.
	return result + info.Name() + " " + strings.Join(s.text, " "), ops, true
}

// TestEncodeWholeGrammar encodes one synthesised instance of every opcode
// of the grammar and compares it with spirv-as's encoding of the same
// text; opcodes or enumerants newer than the installed spirv-as are
// skipped (counted), never silently passed.
func TestEncodeWholeGrammar(t *testing.T) {
	as := tool.Require(t, tool.SpirvAs)
	var jobs []sweepJob
	unsynthesisable := 0
	for op := 0; op < 0x10000; op++ {
		info := spv.InstructionInfo(spv.Op(op))
		if info == nil {
			continue
		}
		text, ops, ok := synthesise(info, ID(64*len(jobs)))
		if !ok {
			unsynthesisable++
			continue
		}
		var alts []string
		for _, a := range info.Aliases() {
			alts = append(alts, strings.Replace(text, info.Name()+" ", a+" ", 1))
		}
		jobs = append(jobs, sweepJob{info.Op, text, ops, alts})
	}
	matched, unknownAs := compareWithSpirvAs(t, as, jobs)
	t.Logf("%d opcodes encoded identically to spirv-as, %d unknown to this spirv-as, %d not synthesisable (context-dependent literals, OpExtInst, OpExtInstImport, OpSpecConstantOp)",
		matched, unknownAs, unsynthesisable)
	if matched < 500 {
		t.Errorf("only %d opcodes compared", matched)
	}
}

type sweepJob struct {
	op   spv.Op
	text string
	ops  []Operand
	alts []string // the same instruction spelled with aliases, for an older spirv-as
}

// compareWithSpirvAs assembles all jobs' texts in one spirv-as run and
// compares each instruction's words with the InstBuilder's encoding of its
// operands. When spirv-as rejects a line (it names the line), that job
// moves on to its alias spelling or, with none left, is counted as unknown
// to this spirv-as, and the batch is assembled again.
func compareWithSpirvAs(t *testing.T, as string, jobs []sweepJob) (matched, unknownAs int) {
	type active struct {
		job  *sweepJob
		text string
		alt  int
	}
	var act []active
	for i := range jobs {
		act = append(act, active{job: &jobs[i], text: jobs[i].text})
	}
	lineErr := regexp.MustCompile(`(?m)^error: (\d+):`)
	for len(act) > 0 {
		var src strings.Builder
		for _, a := range act {
			src.WriteString(a.text + "\n")
		}
		out, errOut, err := tool.Run(as, []byte(src.String()), "--preserve-numeric-ids", "--target-env", "spv1.6", "-o", "-", "-")
		if err != nil {
			m := lineErr.FindSubmatch(errOut)
			if m == nil {
				t.Fatalf("spirv-as failed without naming a line: %v\n%s", err, errOut)
			}
			line, _ := strconv.Atoi(string(m[1]))
			if bytes.Contains(errOut, []byte("but found the next instruction")) || bytes.Contains(errOut, []byte("but found the end of the stream")) {
				line-- // the previous instruction is short of operands (its grammar in this spirv-as differs)
			}
			if line < 1 || line > len(act) {
				t.Fatalf("spirv-as names line %d of %d: %s", line, len(act), errOut)
			}
			a := &act[line-1]
			if testing.Verbose() {
				t.Logf("spirv-as rejects %q: %s", a.text, strings.TrimSpace(string(errOut)))
			}
			if a.alt < len(a.job.alts) {
				a.text = a.job.alts[a.alt]
				a.alt++
			} else {
				act = append(act[:line-1], act[line:]...)
				unknownAs++
			}
			continue
		}
		words := make([]uint32, len(out)/4)
		for i := range words {
			words[i] = binary.LittleEndian.Uint32(out[4*i:])
		}
		words = words[5:]
		var b InstBuilder
		for _, a := range act {
			n := int(words[0] >> 16)
			want := words[:n]
			words = words[n:]
			got, err := b.Encode(a.job.op, a.job.ops...)
			switch {
			case err != nil:
				t.Errorf("%s: %v", a.text, err)
			case !equalWords(got, want):
				t.Errorf("%s:\n got %#x\nwant %#x", a.text, got, want)
			default:
				matched++
			}
		}
		break
	}
	return matched, unknownAs
}

// TestEncodeEveryEnumerantParameter encodes every decoration, execution
// mode, loop control and memory access enumerant with its parameters and
// compares with spirv-as.
func TestEncodeEveryEnumerantParameter(t *testing.T) {
	as := tool.Require(t, tool.SpirvAs)
	var jobs []sweepJob
	skipped := 0
	add := func(k spv.OperandKind, op spv.Op, prefix string, lead []Operand) {
		for _, e := range spv.KindInfoOf(k).Enumerants() {
			s := &sweepInst{nextID: 10}
			var params []Operand
			ok := true
			for _, p := range e.Parameters() {
				ok = ok && s.operand(p.Kind, &params)
			}
			if !ok {
				skipped++
				continue
			}
			spell := func(name string) string {
				return strings.TrimSpace(prefix + " " + name + " " + strings.Join(s.text, " "))
			}
			var alts []string
			for _, a := range e.Aliases() {
				alts = append(alts, spell(a))
			}
			ops := append(append([]Operand{}, lead...), Operand{Kind: k, Word: e.Value}.WithParams(params))
			jobs = append(jobs, sweepJob{op, spell(e.Name()), ops, alts})
		}
	}
	add(spv.KindDecoration, spv.OpDecorate, "OpDecorate %1", []Operand{Ref(1)})
	add(spv.KindExecutionMode, spv.OpExecutionMode, "OpExecutionMode %1", []Operand{Ref(1)})
	add(spv.KindLoopControl, spv.OpLoopMerge, "OpLoopMerge %1 %2", []Operand{Ref(1), Ref(2)})
	add(spv.KindMemoryAccess, spv.OpStore, "OpStore %1 %2", []Operand{Ref(1), Ref(2)})
	add(spv.KindImageOperands, spv.OpImageFetch, "%2 = OpImageFetch %1 %3 %4", []Operand{Ref(1), Ref(2), Ref(3), Ref(4)})
	matched, unknownAs := compareWithSpirvAs(t, as, jobs)
	t.Logf("%d enumerants encoded identically to spirv-as, %d unknown to this spirv-as, %d with parameters not synthesisable", matched, unknownAs, skipped)
	if matched < 200 {
		t.Errorf("only %d enumerants compared", matched)
	}
}
