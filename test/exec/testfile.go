package exec

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// A File is one test file: HLSL source with directives in `//:` comments
// (the format is described in README.md).
type File struct {
	Path   string
	Source []byte
	Cases  []*Case
}

// A Case is one compile and one dispatch with its data and expectations.
type Case struct {
	Name     string // "" for a file without `//: case` lines
	Line     int    // where the case starts
	Args     []string
	Dispatch [3]uint32
	Inputs   []*Resource // in the order written
	Expects  []*Resource
	Push     *Data
	Specs    []Spec
	XFail    map[string]string // compiler name → reason
}

// A Resource is a resource named in an `in` or `expect` directive, with its
// options and data.
type Resource struct {
	Name    string
	Line    int
	Options map[string]string // format=, size=, layers=, bytes=, filter=, address=
	Data    *Data
}

// A Spec is a specialization constant value.
type Spec struct {
	ID   uint32
	Data *Data
}

// DefaultArgs are the compile flags of a case that gives none.
var DefaultArgs = []string{"-T", "cs_6_0", "-E", "main"}

// ReadFile reads and parses a test file.
func ReadFile(path string) (*File, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, src)
}

// Parse parses a test file's directives.
func Parse(path string, src []byte) (*File, error) {
	f := &File{Path: path, Source: src}
	base := &Case{Args: DefaultArgs, Dispatch: [3]uint32{1, 1, 1}, XFail: map[string]string{}}
	cur := base
	var cases []*Case
	name := filepath.Base(path)
	for i, line := range strings.Split(string(src), "\n") {
		lineNo := i + 1
		text, ok := strings.CutPrefix(strings.TrimSpace(line), "//:")
		if !ok {
			continue
		}
		text = strings.TrimSpace(text)
		word, rest, _ := strings.Cut(text, " ")
		rest = strings.TrimSpace(rest)
		errorf := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", name, lineNo, fmt.Sprintf(format, args...))
		}
		switch word {
		case "case":
			if rest == "" || strings.ContainsAny(rest, " /") {
				return nil, errorf("case needs a one-word name")
			}
			for _, c := range cases {
				if c.Name == rest {
					return nil, errorf("case %q is defined twice", rest)
				}
			}
			cur = base.clone()
			cur.Name, cur.Line = rest, lineNo
			cases = append(cases, cur)
		case "flags":
			cur.Args = strings.Fields(rest)
		case "dispatch":
			fs := strings.Fields(rest)
			if len(fs) < 1 || len(fs) > 3 {
				return nil, errorf("dispatch takes 1 to 3 group counts")
			}
			d := [3]uint32{1, 1, 1}
			for j, s := range fs {
				n, err := strconv.ParseUint(s, 10, 32)
				if err != nil || n == 0 {
					return nil, errorf("bad group count %q", s)
				}
				d[j] = uint32(n)
			}
			cur.Dispatch = d
		case "in", "expect":
			r, err := parseResource(rest, word == "expect")
			if err != nil {
				return nil, errorf("%v", err)
			}
			r.Line = lineNo
			list := &cur.Inputs
			if word == "expect" {
				list = &cur.Expects
			}
			*list = replaceResource(*list, r)
		case "push":
			d, err := parseAssigned(rest)
			if err != nil {
				return nil, errorf("push: %v", err)
			}
			cur.Push = d
		case "spec":
			id, data, ok := strings.Cut(rest, "=")
			n, err := strconv.ParseUint(strings.TrimSpace(id), 10, 32)
			if !ok || err != nil {
				return nil, errorf("spec takes ID = TYPE VALUE")
			}
			d, err := ParseData(data, false)
			if err != nil || len(d.Elems) != 1 {
				return nil, errorf("spec %d needs one typed value (%v)", n, err)
			}
			kept := cur.Specs[:0:0]
			for _, s := range cur.Specs {
				if s.ID != uint32(n) {
					kept = append(kept, s)
				}
			}
			cur.Specs = append(kept, Spec{uint32(n), d})
		case "xfail":
			who, why, ok := strings.Cut(rest, ":")
			who, why = strings.TrimSpace(who), strings.TrimSpace(why)
			if !ok || who == "" || why == "" {
				return nil, errorf("xfail takes COMPILER: REASON")
			}
			cur.XFail[who] = why
		default:
			return nil, errorf("unknown directive %q", word)
		}
	}
	if len(cases) == 0 {
		cases = []*Case{base}
	}
	for _, c := range cases {
		if len(c.Expects) == 0 {
			n := c.Name
			if n == "" {
				n = name
			}
			return nil, fmt.Errorf("%s: case %s has no expect directive", name, n)
		}
	}
	f.Cases = cases
	return f, nil
}

func (c *Case) clone() *Case {
	n := *c
	n.Inputs = append([]*Resource(nil), c.Inputs...)
	n.Expects = append([]*Resource(nil), c.Expects...)
	n.Specs = append([]Spec(nil), c.Specs...)
	n.XFail = map[string]string{}
	for k, v := range c.XFail {
		n.XFail[k] = v
	}
	return &n
}

func replaceResource(list []*Resource, r *Resource) []*Resource {
	for i, o := range list {
		if o.Name == r.Name {
			list[i] = r
			return list
		}
	}
	return append(list, r)
}

// parseResource parses "NAME [key=value ...] [= DATA]".
func parseResource(text string, expect bool) (*Resource, error) {
	// key=value options sit before the data's "="; split on the first " = ".
	var head, data string
	var hasData bool
	if i := strings.Index(text, " = "); i >= 0 {
		head, data, hasData = text[:i], text[i+3:], true
	} else if strings.HasSuffix(text, " =") {
		head, data, hasData = strings.TrimSuffix(text, " ="), "", true
	} else {
		head, hasData = text, false
	}
	fs := strings.Fields(head)
	if len(fs) == 0 {
		return nil, fmt.Errorf("missing resource name")
	}
	r := &Resource{Name: fs[0], Options: map[string]string{}}
	for _, o := range fs[1:] {
		k, v, ok := strings.Cut(o, "=")
		if !ok {
			return nil, fmt.Errorf("resource %s: option %q is not key=value", r.Name, o)
		}
		switch k {
		case "format", "size", "layers", "bytes", "filter", "address":
		default:
			return nil, fmt.Errorf("resource %s: unknown option %q", r.Name, k)
		}
		r.Options[k] = v
	}
	if expect && !hasData {
		return nil, fmt.Errorf("expect %s needs = DATA", r.Name)
	}
	d, err := ParseData(data, expect)
	if err != nil {
		return nil, fmt.Errorf("resource %s: %v", r.Name, err)
	}
	r.Data = d
	return r, nil
}

func parseAssigned(text string) (*Data, error) {
	t := strings.TrimSpace(text)
	rest, ok := strings.CutPrefix(t, "=")
	if !ok {
		return nil, fmt.Errorf("want = DATA")
	}
	return ParseData(rest, false)
}
