// Package gen reads intrinsics.def (the DSL described at its top) and
// writes the Go tables of package intrinsics. It is used by
// sema/intrinsics/gen (go generate) and by the staleness test.
package gen

import (
	"bytes"
	"fmt"
	"go/format"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/hlsl2spirv/hlsl2spirv/sema/types"
)

// scalarKinds maps DSL kind names to sema/types constant names.
var scalarKinds = map[string]string{
	"bool": "Bool", "int": "Int", "uint": "Uint", "float": "Float", "double": "Double",
	"half": "HalfPP", "float16_t": "Float16", "int16_t": "Int16", "uint16_t": "Uint16",
	"int64_t": "Int64", "uint64_t": "Uint64", "min16float": "Min16Float", "min10float": "Min10Float",
	"min16int": "Min16Int", "min12int": "Min12Int", "min16uint": "Min16Uint",
	"literal_int": "LiteralInt", "literal_float": "LiteralFloat",
	"int8_t4_packed": "Int8_4Packed", "uint8_t4_packed": "Uint8_4Packed",
}

var shapeNames = map[string]string{
	"any": "ShapeAny", "sv": "ShapeScalar | ShapeVector", "s": "ShapeScalar",
	"v": "ShapeVector", "m": "ShapeMatrix", "vm": "ShapeVector | ShapeMatrix",
}

var stageNames = map[string]string{
	"vs": "StageVertex", "hs": "StageHull", "ds": "StageDomain", "gs": "StageGeometry",
	"ps": "StagePixel", "cs": "StageCompute", "ms": "StageMesh", "as": "StageAmplification",
	"rg": "StageRayGeneration", "is": "StageIntersection", "ah": "StageAnyHit",
	"ch": "StageClosestHit", "mi": "StageMiss", "ca": "StageCallable", "nd": "StageNode",
}

var objectDims = map[string]string{
	"coord": "DimCoord", "offset": "DimOffset", "load": "DimLoad", "grad": "DimGrad",
}

type set struct {
	name   string
	kinds  []string
	strict bool
}

type variable struct {
	name   string
	kind   string // "VarType", "VarDim", "VarStruct", "VarObject"
	set    string
	shapes string
	object string
}

type pattern struct {
	kind       string
	v          int
	comp       string // Go expression for CompRef
	scalar     string // Go scalar constant for CompFixed
	rows, cols string
	name       string
	exact      bool
}

type param struct {
	name string
	mode string
	typ  pattern
}

type overload struct {
	name     string
	method   bool
	vk       bool
	objects  []string
	vars     []variable
	params   []param
	result   pattern
	variadic bool
	sm       int
	stages   []string
	// lateStages are allowed only from shader model lateSM.
	lateStages []string
	lateSM     int
	line       int
}

type parser struct {
	sets      []*set
	setIndex  map[string]int
	overloads []*overload
	objects   []string // current methods group
	inMethods bool
	line      int
	registry  []string // ID names in number order (ids.txt)
}

// Generate parses the DSL text and returns gofmt'd Go source for tables.go.
//
// registry is ids.txt: the ID names ever assigned, one per line, in number
// order. IDs keep their numbers forever: new names are appended (the
// updated registry is returned), and names that left the table keep their
// slot as a blank constant.
func Generate(def, registry []byte) (tables, newRegistry []byte, err error) {
	p := &parser{setIndex: map[string]int{}}
	if err := p.parse(string(def)); err != nil {
		return nil, nil, err
	}
	for _, line := range strings.Split(string(registry), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			p.registry = append(p.registry, line)
		}
	}
	src, err := p.emit()
	if err != nil {
		return nil, nil, err
	}
	out, err := format.Source(src)
	if err != nil {
		return nil, nil, fmt.Errorf("formatting generated code: %v", err)
	}
	var reg strings.Builder
	reg.WriteString("# Intrinsic ID registry (append-only; written by go generate ./sema/intrinsics).\n")
	for _, id := range p.registry {
		reg.WriteString(id)
		reg.WriteByte('\n')
	}
	return out, []byte(reg.String()), nil
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("intrinsics.def:%d: %s", p.line, fmt.Sprintf(format, args...))
}

func (p *parser) parse(text string) error {
	for i, raw := range strings.Split(text, "\n") {
		p.line = i + 1
		line := raw
		if k := strings.IndexByte(line, '#'); k >= 0 {
			line = line[:k]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		fields := strings.Fields(line)
		switch {
		case fields[0] == "set" || fields[0] == "strict":
			if err := p.parseSet(fields); err != nil {
				return err
			}
		case fields[0] == "methods":
			if p.inMethods {
				return p.errorf("nested methods block")
			}
			if fields[len(fields)-1] != "{" || len(fields) < 3 {
				return p.errorf("want: methods OBJECT ... {")
			}
			p.objects = nil
			for _, name := range fields[1 : len(fields)-1] {
				b, ok := types.LookupBuiltin(name)
				if !ok || b.Kind != types.BuiltinObject || b.Object.String() != name {
					return p.errorf("unknown object kind %q", name)
				}
				p.objects = append(p.objects, name)
			}
			p.inMethods = true
		case line == "}":
			if !p.inMethods {
				return p.errorf("unmatched }")
			}
			p.inMethods = false
		case fields[0] == "fn":
			o, err := p.parseFn(line[2:])
			if err != nil {
				return err
			}
			p.overloads = append(p.overloads, o)
		default:
			return p.errorf("unexpected %q", fields[0])
		}
	}
	if p.inMethods {
		return p.errorf("unterminated methods block")
	}
	return nil
}

func (p *parser) parseSet(f []string) error {
	s := &set{}
	if f[0] == "strict" {
		s.strict = true
		f = f[1:]
	}
	if len(f) < 4 || f[0] != "set" || f[2] != "=" {
		return p.errorf("want: [strict] set NAME = KIND ...")
	}
	s.name = f[1]
	for _, k := range f[3:] {
		if _, ok := scalarKinds[k]; !ok {
			return p.errorf("unknown component kind %q", k)
		}
		s.kinds = append(s.kinds, k)
	}
	if _, dup := p.setIndex[s.name]; dup {
		return p.errorf("set %q defined twice", s.name)
	}
	p.setIndex[s.name] = len(p.sets)
	p.sets = append(p.sets, s)
	return nil
}

// --- tokenizer for fn lines ---

type lexer struct {
	toks []string
	pos  int
}

func tokenize(s string) ([]string, error) {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case strings.HasPrefix(s[i:], "->"), strings.HasPrefix(s[i:], "..."):
			n := 2
			if c == '.' {
				n = 3
			}
			toks = append(toks, s[i:i+n])
			i += n
		case strings.ContainsRune("<>(),:@!", rune(c)):
			toks = append(toks, string(c))
			i++
		case c == '_' || unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c)):
			j := i
			for j < len(s) {
				if s[j] == '_' || s[j] == '.' || unicode.IsLetter(rune(s[j])) || unicode.IsDigit(rune(s[j])) {
					j++
				} else if strings.HasPrefix(s[j:], "::") {
					j += 2
				} else {
					break
				}
			}
			toks = append(toks, s[i:j])
			i = j
		default:
			return nil, fmt.Errorf("unexpected character %q", c)
		}
	}
	return toks, nil
}

func (l *lexer) peek() string {
	if l.pos < len(l.toks) {
		return l.toks[l.pos]
	}
	return ""
}

func (l *lexer) next() string {
	t := l.peek()
	l.pos++
	return t
}

func (l *lexer) expect(t string) error {
	if got := l.next(); got != t {
		return fmt.Errorf("want %q, got %q", t, got)
	}
	return nil
}

func (p *parser) parseFn(text string) (*overload, error) {
	toks, err := tokenize(text)
	if err != nil {
		return nil, p.errorf("%v", err)
	}
	l := &lexer{toks: toks}
	o := &overload{line: p.line, method: p.inMethods, objects: p.objects}
	o.name = l.next()
	if !isIdent(o.name) {
		return nil, p.errorf("bad function name %q", o.name)
	}
	if l.peek() == "<" {
		l.next()
		for {
			v := variable{name: l.next()}
			if err := l.expect(":"); err != nil {
				return nil, p.errorf("variable %s: %v", v.name, err)
			}
			switch k := l.next(); k {
			case "dim":
				v.kind = "VarDim"
			case "struct":
				v.kind = "VarStruct"
			case "object":
				v.kind, v.object = "VarObject", l.next()
				if b, ok := types.LookupBuiltin(v.object); !ok || b.Kind != types.BuiltinObject {
					return nil, p.errorf("unknown object kind %q", v.object)
				}
			default:
				if _, ok := p.setIndex[k]; !ok {
					return nil, p.errorf("unknown set %q", k)
				}
				v.kind, v.set = "VarType", k
				sh := l.next()
				if v.shapes = shapeNames[sh]; v.shapes == "" {
					return nil, p.errorf("unknown shape %q", sh)
				}
			}
			if o.varIndex(v.name) >= 0 {
				return nil, p.errorf("variable %s declared twice", v.name)
			}
			o.vars = append(o.vars, v)
			if t := l.next(); t == ">" {
				break
			} else if t != "," {
				return nil, p.errorf("want , or > in variables, got %q", t)
			}
		}
	}
	if err := l.expect("("); err != nil {
		return nil, p.errorf("%v", err)
	}
	for l.peek() != ")" {
		if l.peek() == "..." {
			l.next()
			o.variadic = true
			break
		}
		pr := param{mode: "types.In"}
		switch l.peek() {
		case "in":
			l.next()
		case "out":
			l.next()
			pr.mode = "types.Out"
		case "inout":
			l.next()
			pr.mode = "types.InOut"
		}
		pr.name = l.next()
		if err := l.expect(":"); err != nil {
			return nil, p.errorf("parameter %s: %v", pr.name, err)
		}
		t, err := p.parseType(l, o)
		if err != nil {
			return nil, p.errorf("parameter %s: %v", pr.name, err)
		}
		if t.kind == "PatVoid" {
			return nil, p.errorf("parameter %s is void", pr.name)
		}
		pr.typ = t
		o.params = append(o.params, pr)
		if l.peek() == "," {
			l.next()
		}
	}
	if err := l.expect(")"); err != nil {
		return nil, p.errorf("%v", err)
	}
	if err := l.expect("->"); err != nil {
		return nil, p.errorf("%v", err)
	}
	if o.result, err = p.parseType(l, o); err != nil {
		return nil, p.errorf("result: %v", err)
	}
	for l.peek() == "@" {
		l.next()
		switch a := l.next(); a {
		case "sm":
			l.expect("(")
			v := l.next()
			maj, min, ok := strings.Cut(v, ".")
			mj, e1 := strconv.Atoi(maj)
			mn, e2 := strconv.Atoi(min)
			if !ok || e1 != nil || e2 != nil {
				return nil, p.errorf("bad shader model %q", v)
			}
			o.sm = mj*100 + mn
			if err := l.expect(")"); err != nil {
				return nil, p.errorf("%v", err)
			}
		case "stages":
			l.expect("(")
			for l.peek() != ")" && l.peek() != "" {
				st := l.next()
				if stageNames[st] == "" {
					return nil, p.errorf("unknown stage %q", st)
				}
				o.stages = append(o.stages, stageNames[st])
				if l.peek() == ":" { // a stage allowed only from a later shader model
					l.next()
					v := l.next()
					maj, min, ok := strings.Cut(v, ".")
					mj, e1 := strconv.Atoi(maj)
					mn, e2 := strconv.Atoi(min)
					if !ok || e1 != nil || e2 != nil {
						return nil, p.errorf("bad shader model %q", v)
					}
					if o.lateSM != 0 && o.lateSM != mj*100+mn {
						return nil, p.errorf("one later shader model per overload")
					}
					o.lateSM = mj*100 + mn
					o.lateStages = append(o.lateStages, stageNames[st])
				}
			}
			l.next()
		case "vk":
			o.vk = true
		default:
			return nil, p.errorf("unknown attribute @%s", a)
		}
	}
	if l.pos != len(l.toks) {
		return nil, p.errorf("unexpected %q", l.peek())
	}
	// Every type variable must be bound by some parameter, or the
	// resolver could not deduce it (results may use only bound ones).
	for i, v := range o.vars {
		used := false
		for _, pr := range o.params {
			used = used || pr.typ.uses(i)
		}
		if !used {
			return nil, p.errorf("variable %s is not used by any parameter", v.name)
		}
	}
	return o, nil
}

func (pt pattern) uses(i int) bool {
	si := strconv.Itoa(i)
	switch pt.kind {
	case "PatVar", "PatStruct":
		if pt.v == i {
			return true
		}
	}
	return pt.comp == si || pt.rows == "DimVar+"+si || pt.cols == "DimVar+"+si
}

func (o *overload) varIndex(name string) int {
	for i, v := range o.vars {
		if v.name == name {
			return i
		}
	}
	return -1
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

func (p *parser) parseType(l *lexer, o *overload) (pattern, error) {
	name := l.next()
	switch name {
	case "void":
		return pattern{kind: "PatVoid"}, nil
	case "E":
		if !o.method {
			return pattern{}, fmt.Errorf("E outside a methods block")
		}
		return pattern{kind: "PatElem"}, nil
	case "Tmpl":
		return pattern{kind: "PatTmpl"}, nil
	case "sampler", "cmp_sampler", "any_sampler":
		if !o.method {
			return pattern{}, fmt.Errorf("%s outside a methods block", name)
		}
		switch name {
		case "sampler":
			return pattern{kind: "PatSampler"}, nil
		case "cmp_sampler":
			return pattern{kind: "PatCmpSampler"}, nil
		}
		return pattern{kind: "PatAnySampler"}, nil
	case "vec", "mat", "scalar":
		if err := l.expect("<"); err != nil {
			return pattern{}, err
		}
		pt := pattern{}
		var err error
		if pt.comp, pt.scalar, err = p.parseComp(l.next(), o); err != nil {
			return pattern{}, err
		}
		switch name {
		case "scalar":
			pt.kind = "PatScalar"
		case "vec":
			pt.kind = "PatVec"
			l.expect(",")
			if pt.cols, err = p.parseDim(l.next(), o); err != nil {
				return pattern{}, err
			}
		case "mat":
			pt.kind = "PatMat"
			l.expect(",")
			if pt.rows, err = p.parseDim(l.next(), o); err != nil {
				return pattern{}, err
			}
			l.expect(",")
			if pt.cols, err = p.parseDim(l.next(), o); err != nil {
				return pattern{}, err
			}
		}
		return pt, l.expect(">")
	}
	if i := o.varIndex(name); i >= 0 {
		v := o.vars[i]
		switch v.kind {
		case "VarStruct", "VarObject":
			return pattern{kind: "PatStruct", v: i}, nil
		case "VarDim":
			return pattern{}, fmt.Errorf("dimension %s used as a type", name)
		}
		pt := pattern{kind: "PatVar", v: i, comp: strconv.Itoa(i)}
		if l.peek() == "<" {
			l.next()
			var err error
			if pt.comp, pt.scalar, err = p.parseComp(l.next(), o); err != nil {
				return pattern{}, err
			}
			if err := l.expect(">"); err != nil {
				return pattern{}, err
			}
		}
		return pt, nil
	}
	b, ok := types.LookupBuiltin(name)
	if !ok || b.IsTemplate() && b.Kind != types.BuiltinObject {
		return pattern{}, fmt.Errorf("unknown type %q", name)
	}
	if b.Kind == types.BuiltinObject && l.peek() == "<" {
		// OBJECT<E>: that object kind holding the receiver's element
		l.next()
		if e := l.next(); e != "E" || !o.method {
			return pattern{}, fmt.Errorf("%s<%s>: only the receiver's element E may be given", name, e)
		}
		return pattern{kind: "PatElemObject", name: name}, l.expect(">")
	}
	pt := pattern{kind: "PatNamed", name: name}
	if l.peek() == "!" {
		l.next()
		pt.exact = true
	}
	return pt, nil
}

func (p *parser) parseComp(name string, o *overload) (comp, scalar string, err error) {
	if name == "E" {
		if !o.method {
			return "", "", fmt.Errorf("E outside a methods block")
		}
		return "CompElem", "", nil
	}
	if i := o.varIndex(name); i >= 0 {
		if o.vars[i].kind != "VarType" {
			return "", "", fmt.Errorf("%s is not a type variable", name)
		}
		return strconv.Itoa(i), "", nil
	}
	if k, ok := scalarKinds[name]; ok {
		return "CompFixed", k, nil
	}
	return "", "", fmt.Errorf("unknown component %q", name)
}

func (p *parser) parseDim(s string, o *overload) (string, error) {
	if n, err := strconv.Atoi(s); err == nil {
		if n < 1 || n > 4 {
			return "", fmt.Errorf("size %d out of 1..4", n)
		}
		return s, nil
	}
	if d, ok := objectDims[s]; ok {
		if !o.method {
			return "", fmt.Errorf("object size %s outside a methods block", s)
		}
		return d, nil
	}
	if i := o.varIndex(s); i >= 0 && o.vars[i].kind == "VarDim" {
		return "DimVar+" + strconv.Itoa(i), nil
	}
	return "", fmt.Errorf("unknown size %q", s)
}

// --- emitter ---

func goName(name string) string {
	r := []rune(name)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

func setConst(name string) string {
	var b strings.Builder
	b.WriteString("set")
	for _, part := range strings.Split(name, "_") {
		b.WriteString(goName(part))
	}
	return b.String()
}

func (o *overload) idName() string {
	switch {
	case o.method:
		return "Method" + goName(o.name)
	case o.vk:
		return "Vk" + goName(o.name)
	}
	return goName(o.name)
}

func (pt pattern) goExpr() string {
	var f []string
	f = append(f, "Kind: "+pt.kind)
	if pt.kind == "PatVar" || pt.kind == "PatStruct" {
		f = append(f, fmt.Sprintf("Var: %d", pt.v))
	}
	if pt.comp != "" {
		f = append(f, "Comp: "+pt.comp)
	}
	if pt.scalar != "" {
		f = append(f, "Scalar: types."+pt.scalar)
	}
	if pt.rows != "" {
		f = append(f, "Rows: "+pt.rows)
	}
	if pt.cols != "" {
		f = append(f, "Cols: "+pt.cols)
	}
	if pt.name != "" {
		f = append(f, "name: "+text.str(pt.name))
	}
	if pt.exact {
		f = append(f, "Exact: true")
	}
	return "Pattern{" + strings.Join(f, ", ") + "}"
}

func (p *parser) emit() ([]byte, error) {
	var b bytes.Buffer
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("// Code generated by sema/intrinsics/gen from intrinsics.def; DO NOT EDIT.\n\n")
	w("package intrinsics\n\n")
	w("import \"github.com/hlsl2spirv/hlsl2spirv/sema/types\"\n\n")

	// IDs in first-appearance order.
	var ids []string
	idOf := map[string]string{} // id -> DSL spelling
	for _, o := range p.overloads {
		id := o.idName()
		if prev, ok := idOf[id]; ok {
			if prev != o.name {
				return nil, fmt.Errorf("intrinsics.def:%d: %s and %s map to the same ID %s", o.line, prev, o.name, id)
			}
			continue
		}
		idOf[id] = o.name
		ids = append(ids, id)
	}
	// Numbers come from the registry; new IDs are appended to it.
	known := map[string]bool{}
	for _, id := range p.registry {
		known[id] = true
	}
	for _, id := range ids {
		if !known[id] {
			p.registry = append(p.registry, id)
			known[id] = true
		}
	}
	w("// Intrinsic IDs, numbered by ids.txt: a number is never reused.\nconst (\n\tInvalid ID = iota\n")
	for _, id := range p.registry {
		if _, live := idOf[id]; live {
			w("\t%s\n", id)
		} else {
			w("\t_ // %s (retired)\n", id)
		}
	}
	w("\tnumIDs\n)\n\n")
	text = textPool{off: map[string]int{}}
	w("// idNames are the intrinsics' names (an overload's Name).\nvar idNames = [...]str{\n\tInvalid: %s,\n", text.str("<invalid>"))
	for _, id := range ids {
		w("\t%s: %s, // %s\n", id, text.str(idOf[id]), idOf[id])
	}
	w("}\n\n")

	w("// Component-type sets.\nconst (\n")
	for i, s := range p.sets {
		if i == 0 {
			w("\t%s SetID = iota\n", setConst(s.name))
		} else {
			w("\t%s\n", setConst(s.name))
		}
	}
	w(")\n\n")
	w("var sets = [...]Set{\n")
	for _, s := range p.sets {
		var ks []string
		for _, k := range s.kinds {
			ks = append(ks, "types."+scalarKinds[k])
		}
		w("\t%s: {Name: %q, Kinds: []types.Scalar{%s}", setConst(s.name), s.name, strings.Join(ks, ", "))
		if s.strict {
			w(", Strict: true")
		}
		w("},\n")
	}
	w("}\n\n")

	// The overloads hold no pointers (names are strs of textPool, lists
	// spans of varPool and paramPool), so that the linker puts them in
	// .noptrdata and the runtime builds no pointer mask for them at start.
	var varPool, paramPool []string
	w("var overloads = [...]Overload{\n")
	for i, o := range p.overloads {
		w("\t/* %d */ {ID: %s", i, o.idName())
		if o.method {
			w(", Method: true")
		}
		if o.vk {
			w(", Vk: true")
		}
		if len(o.vars) > 0 {
			w(", vars: span{%d, %d}", len(varPool), len(o.vars))
			for _, v := range o.vars {
				s := fmt.Sprintf("{name: %s, Kind: %s", text.str(v.name), v.kind)
				if v.kind == "VarType" {
					s += fmt.Sprintf(", Set: %s, Shapes: %s", setConst(v.set), v.shapes)
				}
				if v.kind == "VarObject" {
					s += fmt.Sprintf(", object: %s", text.str(v.object))
				}
				varPool = append(varPool, s+"}")
			}
		}
		if len(o.params) > 0 {
			w(", params: span{%d, %d}", len(paramPool), len(o.params))
			for _, pr := range o.params {
				s := fmt.Sprintf("{name: %s", text.str(pr.name))
				if pr.mode != "types.In" {
					s += fmt.Sprintf(", Mode: %s", pr.mode)
				}
				paramPool = append(paramPool, s+fmt.Sprintf(", Type: %s}", pr.typ.goExpr()))
			}
		}
		w(",\n\t\tResult: %s", o.result.goExpr())
		if o.variadic {
			w(", Variadic: true")
		}
		if o.sm != 0 {
			w(", SM: %d", o.sm)
		}
		if len(o.lateStages) > 0 {
			w(", LateStages: %s, LateSM: %d", strings.Join(o.lateStages, " | "), o.lateSM)
		}
		if len(o.stages) > 0 {
			w(", Stages: %s", strings.Join(o.stages, " | "))
		}
		w("}, // %s\n", o.name)
	}
	w("}\n\n")
	if len(varPool) > 0xffff || len(paramPool) > 0xffff {
		return nil, fmt.Errorf("more than %d template variables or parameters", 0xffff)
	}
	w("// varPool holds the overloads' template variables.\nvar varPool = [...]Var{\n")
	for _, v := range varPool {
		w("\t%s,\n", v)
	}
	w("}\n\n")
	w("// paramTable holds the overloads' parameters.\nvar paramTable = [...]Param{\n")
	for _, pr := range paramPool {
		w("\t%s,\n", pr)
	}
	w("}\n\n")

	global := map[string][]int{}
	vk := map[string][]int{}
	methods := map[string]map[string][]int{}
	for i, o := range p.overloads {
		switch {
		case o.method:
			for _, obj := range o.objects {
				if methods[obj] == nil {
					methods[obj] = map[string][]int{}
				}
				methods[obj][o.name] = append(methods[obj][o.name], i)
			}
		case o.vk:
			vk[o.name] = append(vk[o.name], i)
		default:
			global[o.name] = append(global[o.name], i)
		}
	}
	// The indexes are sorted name lists searched by halving, not maps:
	// a map literal is built by code at every process start, these are
	// data the linker lays out.
	emitIndex := func(m map[string][]int, indent string) {
		names := sortedKeys(m)
		w("%snames: []string{\n", indent)
		for _, k := range names {
			w("%s\t%q,\n", indent, k)
		}
		w("%s},\n", indent)
		w("%srows: [][]uint16{\n", indent)
		for _, k := range names {
			var xs []string
			for _, i := range m[k] {
				xs = append(xs, strconv.Itoa(i))
			}
			w("%s\t{%s},\n", indent, strings.Join(xs, ", "))
		}
		w("%s},\n", indent)
	}
	w("// globalFuncs are the global intrinsics by name, with their overloads.\n")
	w("var globalFuncs = nameIndex{\n")
	emitIndex(global, "\t")
	w("}\n\n")
	w("// vkFuncs are the vk:: intrinsics by name, with their overloads.\n")
	w("var vkFuncs = nameIndex{\n")
	emitIndex(vk, "\t")
	w("}\n\n")
	w("// objectMethods are each object kind's methods, by the kind's type name.\n")
	w("var objectMethods = [...]methodTable{\n")
	for _, obj := range sortedKeys(methods) {
		w("\t{object: %q, methods: nameIndex{\n", obj)
		emitIndex(methods[obj], "\t\t")
		w("\t}},\n")
	}
	w("}\n\n")
	if text.b.Len() > 0xffffff {
		return nil, fmt.Errorf("names over 16 MB")
	}
	w("// textPool holds the names of the tables; a str is an offset and length in it.\nconst textPool = \"\" +\n")
	t := text.b.String()
	for len(t) > 0 {
		n := min(len(t), 96)
		w("\t%s", strconv.Quote(t[:n]))
		t = t[n:]
		if len(t) > 0 {
			w(" +")
		}
		w("\n")
	}
	return b.Bytes(), nil
}

// text is the name pool of the table being emitted.
var text textPool

// A textPool concatenates the names of the generated tables.
type textPool struct {
	b   strings.Builder
	off map[string]int
}

// str returns the Go literal of name as a str: its offset in the pool
// shifted left by 8, or-ed with its length.
func (p *textPool) str(name string) string {
	if name == "" {
		return "0"
	}
	if len(name) > 0xff {
		panic(fmt.Sprintf("name %q longer than 255 bytes", name))
	}
	off, ok := p.off[name]
	if !ok {
		off = strings.Index(p.b.String(), name)
		if off < 0 {
			off = p.b.Len()
			p.b.WriteString(name)
		}
		p.off[name] = off
	}
	return fmt.Sprintf("%#x", off<<8|len(name))
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
