// Command gen turns the SPIR-V grammar JSON in builder/spv/grammar into the
// builder/spv tables (*_gen.go). Run it with `go generate ./builder/spv`.
//
// Usage: go run ./internal/gen [-grammar dir] [-out dir]
// (paths relative to builder/spv, the directory go generate runs in).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

func main() {
	grammarDir := flag.String("grammar", "grammar", "directory holding the grammar JSON files")
	outDir := flag.String("out", ".", "directory to write the *_gen.go files to")
	flag.Parse()
	files, err := generate(*grammarDir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if err := writeFiles(files, *outDir); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// writeFiles writes the generated files into dir.
func writeFiles(files map[string][]byte, dir string) error {
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// The JSON shapes of the grammar files.

type grammarOperand struct {
	Kind       string `json:"kind"`
	Quantifier string `json:"quantifier"`
	Name       string `json:"name"`
}

type grammarInst struct {
	OpName       string           `json:"opname"`
	Class        string           `json:"class"`
	Opcode       uint32           `json:"opcode"`
	Aliases      []string         `json:"aliases"`
	Operands     []grammarOperand `json:"operands"`
	Capabilities []string         `json:"capabilities"`
	Capability   string           `json:"capability"` // OpenCL.DebugInfo.100 spells it singular
	Extensions   []string         `json:"extensions"`
	Version      string           `json:"version"`
	LastVersion  string           `json:"lastVersion"`
}

type grammarEnumerant struct {
	Name         string           `json:"enumerant"`
	Value        json.RawMessage  `json:"value"`
	Aliases      []string         `json:"aliases"`
	Parameters   []grammarOperand `json:"parameters"`
	Capabilities []string         `json:"capabilities"`
	Extensions   []string         `json:"extensions"`
	Version      string           `json:"version"`
	LastVersion  string           `json:"lastVersion"`
}

type grammarKind struct {
	Category   string             `json:"category"`
	Kind       string             `json:"kind"`
	Enumerants []grammarEnumerant `json:"enumerants"`
	Bases      []string           `json:"bases"`
}

type grammarFile struct {
	MagicNumber  string        `json:"magic_number"`
	MajorVersion int           `json:"major_version"`
	MinorVersion int           `json:"minor_version"`
	Revision     int           `json:"revision"`
	Version      int           `json:"version"`
	Instructions []grammarInst `json:"instructions"`
	OperandKinds []grammarKind `json:"operand_kinds"`
}

// extSets lists the extended instruction sets: grammar file, import name,
// and the prefix of Go names (as in the Khronos C headers).
var extSets = []struct{ file, name, prefix string }{
	{"extinst.glsl.std.450.grammar.json", "GLSL.std.450", "GLSLstd450"},
	{"extinst.nonsemantic.shader.debuginfo.100.grammar.json", "NonSemantic.Shader.DebugInfo.100", "NonSemanticShaderDebugInfo100"},
	{"extinst.opencl.debuginfo.100.grammar.json", "OpenCL.DebugInfo.100", "OpenCLDebugInfo100"},
	{"extinst.nonsemantic.debugprintf.grammar.json", "NonSemantic.DebugPrintf", "NonSemanticDebugPrintf"},
	{"extinst.debuginfo.grammar.json", "DebugInfo", "DebugInfo"},
	{"extinst.opencl.std.100.grammar.json", "OpenCL.std", "OpenCLstd"},
	{"extinst.spv-amd-gcn-shader.grammar.json", "SPV_AMD_gcn_shader", "AMDGcnShader"},
	{"extinst.spv-amd-shader-ballot.grammar.json", "SPV_AMD_shader_ballot", "AMDShaderBallot"},
	{"extinst.spv-amd-shader-explicit-vertex-parameter.grammar.json", "SPV_AMD_shader_explicit_vertex_parameter", "AMDShaderExplicitVertexParameter"},
	{"extinst.spv-amd-shader-trinary-minmax.grammar.json", "SPV_AMD_shader_trinary_minmax", "AMDShaderTrinaryMinmax"},
}

// kindRef is an operand kind known to the generator.
type kindRef struct {
	goName string // the Go constant, KindXxx
	g      grammarKind
	set    string // "" for core kinds
}

type generator struct {
	core      grammarFile
	kinds     []kindRef
	coreKinds map[string]int            // grammar name -> index in kinds
	setKinds  map[string]map[string]int // set name -> grammar name -> index
	idents    map[string]string         // Go identifier -> what declared it, to catch clashes
	pool      pool                      // the shared pools the tables index into
}

func readGrammar(path string) (grammarFile, error) {
	var g grammarFile
	data, err := os.ReadFile(path)
	if err != nil {
		return g, err
	}
	if err := json.Unmarshal(data, &g); err != nil {
		return g, fmt.Errorf("%s: %v", path, err)
	}
	return g, nil
}

// generate reads the grammar files in dir and returns the generated files by name.
func generate(dir string) (map[string][]byte, error) {
	core, err := readGrammar(filepath.Join(dir, "spirv.core.grammar.json"))
	if err != nil {
		return nil, err
	}
	g := &generator{core: core, coreKinds: map[string]int{}, setKinds: map[string]map[string]int{}, idents: map[string]string{}}
	for _, k := range core.OperandKinds {
		g.coreKinds[k.Kind] = len(g.kinds)
		g.kinds = append(g.kinds, kindRef{goName: "Kind" + k.Kind, g: k})
	}
	sets := make([]grammarFile, len(extSets))
	for i, s := range extSets {
		sets[i], err = readGrammar(filepath.Join(dir, s.file))
		if err != nil {
			return nil, err
		}
		g.setKinds[s.name] = map[string]int{}
		for _, k := range sets[i].OperandKinds {
			g.setKinds[s.name][k.Kind] = len(g.kinds)
			g.kinds = append(g.kinds, kindRef{goName: "Kind" + s.prefix + k.Kind, g: k, set: s.name})
		}
	}
	if len(g.kinds) > 255 {
		return nil, fmt.Errorf("%d operand kinds do not fit OperandKind (uint8)", len(g.kinds))
	}
	out := map[string][]byte{}
	// The order matters: the tables fill the pools, which pools_gen.go
	// writes last.
	for _, f := range []struct {
		name string
		fn   func(*bytes.Buffer) error
	}{
		{"ops_gen.go", g.genOps},
		{"kinds_gen.go", g.genKinds},
		{"enums_gen.go", g.genEnums},
		{"extinst_gen.go", func(b *bytes.Buffer) error { return g.genExtInsts(b, sets) }},
		{"pools_gen.go", g.pool.gen},
	} {
		var b bytes.Buffer
		b.WriteString("// Code generated by \"go run ./internal/gen\" from grammar/*.json; DO NOT EDIT.\n\npackage spv\n\n")
		if err := f.fn(&b); err != nil {
			return nil, err
		}
		src, err := format.Source(b.Bytes())
		if err != nil {
			return nil, fmt.Errorf("%s: %v", f.name, err)
		}
		out[f.name] = src
	}
	return out, nil
}

// declare records a Go identifier and fails on a clash.
func (g *generator) declare(ident, what string) error {
	if prev, ok := g.idents[ident]; ok {
		return fmt.Errorf("identifier %s declared for %s and %s", ident, prev, what)
	}
	g.idents[ident] = what
	return nil
}

func parseVersion(s string) (string, error) {
	switch s {
	case "":
		return "0", nil
	case "None":
		return "VersionNone", nil
	}
	maj, min, ok := strings.Cut(s, ".")
	if !ok {
		return "", fmt.Errorf("bad version %q", s)
	}
	if _, err := strconv.Atoi(maj); err != nil {
		return "", fmt.Errorf("bad version %q", s)
	}
	if _, err := strconv.Atoi(min); err != nil {
		return "", fmt.Errorf("bad version %q", s)
	}
	return "Version" + maj + "_" + min, nil
}

// kindGo resolves a kind name used by an operand; set kinds shadow core ones.
func (g *generator) kindGo(name, set string) (string, error) {
	if set != "" {
		if i, ok := g.setKinds[set][name]; ok {
			return g.kinds[i].goName, nil
		}
	}
	if i, ok := g.coreKinds[name]; ok {
		return g.kinds[i].goName, nil
	}
	return "", fmt.Errorf("unknown operand kind %q", name)
}

// operands adds an operand list to the operand pool and returns its span.
func (g *generator) operands(ops []grammarOperand, set string) (string, error) {
	items := make([]string, len(ops))
	for i, o := range ops {
		k, err := g.kindGo(o.Kind, set)
		if err != nil {
			return "", err
		}
		q := "One"
		switch o.Quantifier {
		case "":
		case "?":
			q = "Optional"
		case "*":
			q = "Variadic"
		default:
			return "", fmt.Errorf("unknown quantifier %q", o.Quantifier)
		}
		name, err := g.pool.str(o.Name)
		if err != nil {
			return "", err
		}
		items[i] = fmt.Sprintf("{%s, %s, %s}", k, q, name)
	}
	return g.pool.operands.add(items)
}

// infoRefs adds the names and lists of an instruction or enumerant to the
// pools.
func (g *generator) infoRefs(name, class string, aliases, caps, exts []string) (n, c, a, cp, e string, err error) {
	if n, err = g.pool.str(name); err != nil {
		return
	}
	if c, err = g.pool.str(class); err != nil {
		return
	}
	if a, err = g.stringList(aliases); err != nil {
		return
	}
	if cp, err = g.capList(caps); err != nil {
		return
	}
	e, err = g.stringList(exts)
	return
}

func (g *generator) capList(caps []string) (string, error) {
	items := make([]string, len(caps))
	for i, c := range caps {
		items[i] = "Capability" + c
	}
	return g.pool.caps.add(items)
}

// stringList adds a list of strings (aliases, extensions) to the string
// list pool and returns its span.
func (g *generator) stringList(ss []string) (string, error) {
	items := make([]string, len(ss))
	for i, s := range ss {
		items[i] = strconv.Quote(s)
	}
	return g.pool.strings.add(items)
}

// A pool is the data every table indexes into. The tables hold no
// pointers (no strings, no slices), so the linker puts them in .noptrdata
// and the Go runtime neither builds a pointer mask for them at start-up nor
// scans them: a name is an offset and length in one string constant, a list
// a span of a flat array.
type pool struct {
	text     strings.Builder // every name, concatenated
	textOff  map[string]int
	operands listPool // OperandInfo literals
	caps     listPool // Capability constants
	kinds    listPool // OperandKind constants (composite kinds' bases)
	strings  listPool // quoted strings (aliases, extensions)
	enums    []string // EnumerantInfo literals, in kind order
}

// str returns the Go literal of s as a str: its offset in the text pool
// shifted left by 8, or-ed with its length.
func (p *pool) str(s string) (string, error) {
	if len(s) > 0xff {
		return "", fmt.Errorf("name %q longer than 255 bytes", s)
	}
	if s == "" {
		return "0", nil
	}
	off, ok := p.textOff[s]
	if !ok {
		if p.textOff == nil {
			p.textOff = map[string]int{}
		}
		off = strings.Index(p.text.String(), s)
		if off < 0 {
			off = p.text.Len()
			p.text.WriteString(s)
		}
		p.textOff[s] = off
	}
	if off > 0xffffff {
		return "", fmt.Errorf("text pool over 16 MB")
	}
	return fmt.Sprintf("%#x", off<<8|len(s)), nil
}

// A listPool is a flat array of items; each list is a span of it, and equal
// lists share one.
type listPool struct {
	items []string
	spans map[string]string
}

func (l *listPool) add(items []string) (string, error) {
	if len(items) == 0 {
		return "span{}", nil
	}
	key := strings.Join(items, ",")
	if sp, ok := l.spans[key]; ok {
		return sp, nil
	}
	if l.spans == nil {
		l.spans = map[string]string{}
	}
	sp, err := newSpan(len(l.items), len(items))
	if err != nil {
		return "", err
	}
	l.items = append(l.items, items...)
	l.spans[key] = sp
	return sp, nil
}

func newSpan(off, n int) (string, error) {
	if off+n > 0xffff {
		return "", fmt.Errorf("pool over %d entries", 0xffff)
	}
	return fmt.Sprintf("span{%d, %d}", off, n), nil
}

// gen writes pools_gen.go.
func (p *pool) gen(b *bytes.Buffer) error {
	b.WriteString("// textPool holds every name of the tables; a str is an offset and length in it.\nconst textPool = \"\" +\n")
	text := p.text.String()
	for len(text) > 0 {
		n := min(len(text), 96)
		fmt.Fprintf(b, "\t%s", strconv.Quote(text[:n]))
		text = text[n:]
		if len(text) > 0 {
			b.WriteString(" +")
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	for _, l := range []struct {
		name, typ, doc string
		items          []string
	}{
		{"operandPool", "OperandInfo", "the operand lists of instructions and enumerant parameters", p.operands.items},
		{"capabilityPool", "Capability", "the capability lists", p.caps.items},
		{"kindPool", "OperandKind", "the bases of the composite kinds", p.kinds.items},
		{"stringPool", "string", "the alias and extension lists", p.strings.items},
		{"enumerantPool", "EnumerantInfo", "the enumerants of every kind, each kind's sorted by value", p.enums},
	} {
		fmt.Fprintf(b, "// %s holds %s.\nvar %s = [%d]%s{\n", l.name, l.doc, l.name, len(l.items), l.typ)
		for _, it := range l.items {
			lit, comment, _ := strings.Cut(it, " // ")
			if comment != "" {
				comment = " // " + comment
			}
			fmt.Fprintf(b, "\t%s,%s\n", lit, comment)
		}
		b.WriteString("}\n\n")
	}
	return nil
}

func (g *generator) genOps(b *bytes.Buffer) error {
	insts := append([]grammarInst(nil), g.core.Instructions...)
	sort.SliceStable(insts, func(i, j int) bool { return insts[i].Opcode < insts[j].Opcode })
	maxOp := uint32(0)
	for _, in := range insts {
		maxOp = max(maxOp, in.Opcode)
	}
	if maxOp > 0xffff {
		return fmt.Errorf("opcode %d does not fit Op (uint16)", maxOp)
	}
	magic, err := strconv.ParseUint(g.core.MagicNumber, 0, 32)
	if err != nil || uint32(magic) != 0x07230203 {
		return fmt.Errorf("unexpected magic number %q", g.core.MagicNumber)
	}
	fmt.Fprintf(b, "// GrammarVersion is the SPIR-V version of the grammar the tables come from.\n")
	fmt.Fprintf(b, "const GrammarVersion = Version%d_%d\n\n", g.core.MajorVersion, g.core.MinorVersion)
	fmt.Fprintf(b, "// GrammarRevision is the revision of that grammar.\nconst GrammarRevision = %d\n\n", g.core.Revision)
	b.WriteString("// An Op is a SPIR-V opcode.\ntype Op uint16\n\n// Opcodes, aliases included.\nconst (\n")
	for _, in := range insts {
		if err := g.declare(in.OpName, "opcode"); err != nil {
			return err
		}
		fmt.Fprintf(b, "\t%s Op = %d\n", in.OpName, in.Opcode)
		for _, a := range in.Aliases {
			if err := g.declare(a, "opcode alias"); err != nil {
				return err
			}
			fmt.Fprintf(b, "\t%s = %s // alias\n", a, in.OpName)
		}
	}
	b.WriteString(")\n\n")
	fmt.Fprintf(b, "// OpBound is one more than the largest opcode: a table by opcode of this\n// length has room for every one.\nconst OpBound = %d\n\n", maxOp+1)
	fmt.Fprintf(b, "// instIndex maps an opcode to 1+its index in instTable (0: no such opcode).\nvar instIndex = [OpBound]uint16{")
	for i, in := range insts {
		if i%8 == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(b, "%d: %d, ", in.Opcode, i+1)
	}
	b.WriteString("\n}\n\n")
	fmt.Fprintf(b, "var instTable = [%d]InstInfo{\n", len(insts))
	for _, in := range insts {
		ops, err := g.operands(in.Operands, "")
		if err != nil {
			return fmt.Errorf("%s: %v", in.OpName, err)
		}
		v, err := parseVersion(in.Version)
		if err != nil {
			return fmt.Errorf("%s: %v", in.OpName, err)
		}
		lv, err := parseVersion(in.LastVersion)
		if err != nil {
			return fmt.Errorf("%s: %v", in.OpName, err)
		}
		hasResult, hasType := false, false
		for _, o := range in.Operands {
			hasResult = hasResult || o.Kind == "IdResult"
			hasType = hasType || o.Kind == "IdResultType"
		}
		name, class, aliases, caps, exts, err := g.infoRefs(in.OpName, in.Class, in.Aliases, in.Capabilities, in.Extensions)
		if err != nil {
			return fmt.Errorf("%s: %v", in.OpName, err)
		}
		fmt.Fprintf(b, "\t{%s, %t, %t, %s, %s, %s, %s, %s, %s, %s, %s},\n",
			in.OpName, hasResult, hasType, v, lv, name, class, aliases, ops, caps, exts)
	}
	b.WriteString("}\n")
	return nil
}

func categoryGo(c string) (string, error) {
	switch c {
	case "BitEnum", "ValueEnum", "Id", "Literal", "Composite":
		return "Category" + c, nil
	}
	return "", fmt.Errorf("unknown category %q", c)
}

func enumValue(raw json.RawMessage) (uint32, error) {
	var n uint32
	if err := json.Unmarshal(raw, &n); err == nil {
		return n, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return 0, fmt.Errorf("bad enumerant value %s", raw)
	}
	v, err := strconv.ParseUint(s, 0, 32)
	if err != nil {
		return 0, fmt.Errorf("bad enumerant value %s", raw)
	}
	return uint32(v), nil
}

// sortedEnumerants returns the enumerants of k with their values, sorted by value.
func sortedEnumerants(k grammarKind) ([]grammarEnumerant, []uint32, error) {
	es := append([]grammarEnumerant(nil), k.Enumerants...)
	vals := make(map[string]uint32, len(es))
	for _, e := range es {
		v, err := enumValue(e.Value)
		if err != nil {
			return nil, nil, fmt.Errorf("%s.%s: %v", k.Kind, e.Name, err)
		}
		vals[e.Name] = v
	}
	sort.SliceStable(es, func(i, j int) bool { return vals[es[i].Name] < vals[es[j].Name] })
	out := make([]uint32, len(es))
	for i, e := range es {
		out[i] = vals[e.Name]
		if i > 0 && out[i] == out[i-1] {
			return nil, nil, fmt.Errorf("%s: enumerants %s and %s share value %d", k.Kind, es[i-1].Name, e.Name, out[i])
		}
	}
	return es, out, nil
}

func (g *generator) genKinds(b *bytes.Buffer) error {
	b.WriteString("// An OperandKind is the kind of an instruction operand or enumerant parameter.\ntype OperandKind uint8\n\n// Operand kinds.\nconst (\n\tkindInvalid OperandKind = iota\n")
	for _, k := range g.kinds {
		if err := g.declare(k.goName, "operand kind"); err != nil {
			return err
		}
		fmt.Fprintf(b, "\t%s\n", k.goName)
	}
	b.WriteString(")\n\n")
	fmt.Fprintf(b, "var kindTable = [%d]KindInfo{\n", len(g.kinds))
	for _, k := range g.kinds {
		cat, err := categoryGo(k.g.Category)
		if err != nil {
			return err
		}
		name, err := g.pool.str(k.g.Kind)
		if err != nil {
			return err
		}
		var bases []string
		for _, base := range k.g.Bases {
			bg, err := g.kindGo(base, k.set)
			if err != nil {
				return err
			}
			bases = append(bases, bg)
		}
		baseSpan, err := g.pool.kinds.add(bases)
		if err != nil {
			return err
		}
		enumSpan := "span{}"
		if len(k.g.Enumerants) > 0 {
			es, vals, err := sortedEnumerants(k.g)
			if err != nil {
				return err
			}
			if enumSpan, err = newSpan(len(g.pool.enums), len(es)); err != nil {
				return err
			}
			for i, e := range es {
				params, err := g.operands(e.Parameters, k.set)
				if err != nil {
					return fmt.Errorf("%s.%s: %v", k.g.Kind, e.Name, err)
				}
				v, err := parseVersion(e.Version)
				if err != nil {
					return err
				}
				lv, err := parseVersion(e.LastVersion)
				if err != nil {
					return err
				}
				name, _, aliases, caps, exts, err := g.infoRefs(e.Name, "", e.Aliases, e.Capabilities, e.Extensions)
				if err != nil {
					return fmt.Errorf("%s.%s: %v", k.g.Kind, e.Name, err)
				}
				g.pool.enums = append(g.pool.enums, fmt.Sprintf("{%#x, %s, %s, %s, %s, %s, %s, %s} // %s %s",
					vals[i], v, lv, name, aliases, params, caps, exts, k.g.Kind, e.Name))
			}
		}
		fmt.Fprintf(b, "\t{%s, %s, %s, %s, %s}, // %s\n", k.goName, cat, name, enumSpan, baseSpan, k.g.Kind)
	}
	b.WriteString("}\n")
	return nil
}

func (g *generator) genEnums(b *bytes.Buffer) error {
	for _, k := range g.kinds {
		if k.set != "" || (k.g.Category != "BitEnum" && k.g.Category != "ValueEnum") {
			continue
		}
		typ := k.g.Kind
		if err := g.declare(typ, "enum type"); err != nil {
			return err
		}
		if k.g.Category == "BitEnum" {
			fmt.Fprintf(b, "// %s is a mask of the SPIR-V %s bits.\n", typ, typ)
		} else {
			fmt.Fprintf(b, "// %s is a SPIR-V %s value.\n", typ, typ)
		}
		fmt.Fprintf(b, "type %s uint32\n\n", typ)
		es, vals, err := sortedEnumerants(k.g)
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "// %s enumerants.\nconst (\n", typ)
		for i, e := range es {
			name := typ + e.Name
			if err := g.declare(name, typ+" enumerant"); err != nil {
				return err
			}
			fmt.Fprintf(b, "\t%s %s = %#x\n", name, typ, vals[i])
			for _, a := range e.Aliases {
				if err := g.declare(typ+a, typ+" enumerant alias"); err != nil {
					return err
				}
				fmt.Fprintf(b, "\t%s = %s // alias\n", typ+a, name)
			}
		}
		b.WriteString(")\n\n")
		fn := "valueEnumString"
		if k.g.Category == "BitEnum" {
			fn = "bitEnumString"
		}
		fmt.Fprintf(b, "func (v %s) String() string { return %s(%s, uint32(v)) }\n\n", typ, fn, k.goName)
		fmt.Fprintf(b, "// Kind returns %s.\nfunc (%s) Kind() OperandKind { return %s }\n\n", k.goName, typ, k.goName)
	}
	return nil
}

func (g *generator) genExtInsts(b *bytes.Buffer, sets []grammarFile) error {
	for i, s := range extSets {
		fmt.Fprintf(b, "// %s instruction numbers.\nconst (\n", s.name)
		for _, in := range sets[i].Instructions {
			name := s.prefix + in.OpName
			if err := g.declare(name, s.name+" instruction"); err != nil {
				return err
			}
			fmt.Fprintf(b, "\t%s uint32 = %d\n", name, in.Opcode)
		}
		b.WriteString(")\n\n")
	}
	fmt.Fprintf(b, "var extInstSets = [%d]ExtInstSet{\n", len(extSets))
	for i, s := range extSets {
		f := sets[i]
		insts := append([]grammarInst(nil), f.Instructions...)
		sort.SliceStable(insts, func(i, j int) bool { return insts[i].Opcode < insts[j].Opcode })
		var kinds []string
		for _, k := range f.OperandKinds {
			kinds = append(kinds, g.kinds[g.setKinds[s.name][k.Kind]].goName)
		}
		kindList := "nil"
		if len(kinds) > 0 {
			kindList = "[]OperandKind{" + strings.Join(kinds, ", ") + "}"
		}
		fmt.Fprintf(b, "\t{Name: %q, Version: %d, Revision: %d, Kinds: %s, Insts: []ExtInstInfo{\n", s.name, f.Version, f.Revision, kindList)
		for j, in := range insts {
			if j > 0 && in.Opcode == insts[j-1].Opcode {
				return fmt.Errorf("%s: opcode %d used twice", s.name, in.Opcode)
			}
			ops, err := g.operands(in.Operands, s.name)
			if err != nil {
				return fmt.Errorf("%s %s: %v", s.name, in.OpName, err)
			}
			caps := in.Capabilities
			if in.Capability != "" {
				caps = append(caps, in.Capability)
			}
			name, _, _, capSpan, exts, err := g.infoRefs(in.OpName, "", nil, caps, in.Extensions)
			if err != nil {
				return fmt.Errorf("%s %s: %v", s.name, in.OpName, err)
			}
			fmt.Fprintf(b, "\t\t{%s%s, %s, %s, %s, %s}, // %s\n", s.prefix, in.OpName, name, ops, capSpan, exts, in.OpName)
		}
		b.WriteString("\t}},\n")
	}
	b.WriteString("}\n")
	return nil
}
