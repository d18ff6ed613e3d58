package ast

import (
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
)

// Printer writes a tree one node a line, indented by depth, for -ast-dump
// and golden tests:
//
//	FuncDecl main <a.hlsl:3:1>
//	  TypeExpr float4 <a.hlsl:3:1>
//
// Annotate, when set, is called for every node and what it returns is
// appended to the line: sema uses it to show types.
type Printer struct {
	Files    *diag.FileSet // nil: no locations
	Annotate func(Node) string
	// ShortNames prints file names without their directories.
	ShortNames bool
}

// Fprint writes n with locations from fs.
func Fprint(w io.Writer, fs *diag.FileSet, n Node) error {
	return (&Printer{Files: fs, ShortNames: true}).Fprint(w, n)
}

// Fprint writes the tree rooted at n.
func (p *Printer) Fprint(w io.Writer, n Node) error {
	v := &printVisitor{p: p, buf: make([]byte, 0, 64<<10)}
	Walk(v, n)
	_, err := w.Write(v.buf)
	return err
}

// printVisitor appends the lines to one buffer, written once at the end:
// -ast-dump prints thousands of lines and a fresh process pays for every
// allocation.
type printVisitor struct {
	p     *Printer
	buf   []byte
	depth int

	// the last file name seen and its printed form
	file, short string
}

func (v *printVisitor) Visit(n Node) Visitor {
	if n == nil {
		v.depth--
		return nil
	}
	b := v.buf
	for i := 0; i < v.depth; i++ {
		b = append(b, "  "...)
	}
	b = append(b, reflect.TypeOf(n).Elem().Name()...)
	if d := describe(n); d != "" {
		b = append(b, ' ')
		b = append(b, d...)
	}
	if v.p.Files != nil {
		pos := v.p.Files.Position(n.Pos())
		b = append(b, " <"...)
		if pos.Filename == "" && pos.Line == 0 {
			b = append(b, '-')
		} else {
			if pos.Filename != v.file {
				v.file, v.short = pos.Filename, pos.Filename
				if v.p.ShortNames {
					if i := strings.LastIndexAny(v.short, `/\`); i >= 0 {
						v.short = v.short[i+1:]
					}
				}
			}
			b = append(b, v.short...)
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(pos.Line), 10)
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(pos.Col), 10)
		}
		b = append(b, '>')
	}
	if v.p.Annotate != nil {
		if a := v.p.Annotate(n); a != "" {
			b = append(b, ' ')
			b = append(b, a...)
		}
	}
	v.buf = append(b, '\n')
	v.depth++
	return v
}

func mods(ms []Modifier) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.Name)
	}
	return strings.Join(s, " ")
}

func join(parts ...string) string {
	var s []string
	for _, p := range parts {
		if p != "" {
			s = append(s, p)
		}
	}
	return strings.Join(s, " ")
}

// describe is the part of a node's line after its kind: names, operators,
// modifiers and flags, not its children.
func describe(n Node) string {
	switch n := n.(type) {
	case *File:
		return n.Name
	case *Ident:
		return n.Name
	case *Attribute:
		s := n.FullName()
		if n.Double {
			s = "[[" + s + "]]"
		}
		return s
	case *Semantic:
		switch n.Kind {
		case Register, PackOffset:
			return n.Name + "(" + strings.Join(n.Args, ", ") + ")"
		case BitField:
			return "bits " + n.Name
		}
		return n.Name
	case *ArrayDim:
		if n.Size == nil {
			return "[]"
		}
	case *ScopeName:
		return n.Name
	case *TypeExpr:
		s := n.QualifiedName()
		if len(n.Mods) > 0 {
			s = mods(n.Mods) + " " + s
		}
		if n.HasArgs {
			s += "<>"
		}
		if s == "" {
			s = "(anonymous)"
		}
		return join(n.Keyword, s)
	case *VarDecl:
		name := n.Name.Name
		for i := len(n.Qualifier) - 1; i >= 0; i-- {
			name = n.Qualifier[i].Name + "::" + name
		}
		return join(mods(n.Mods), name)
	case *Param:
		name := ""
		if n.Name != nil {
			name = n.Name.Name
		}
		return join(mods(n.Mods), name)
	case *FuncDecl:
		s := join(mods(n.Mods), n.Name.Name)
		if n.Body == nil {
			s += " prototype"
		}
		return s
	case *StructDecl:
		s := n.Kind.String()
		if n.Name != nil {
			s += " " + n.Name.Name
		}
		if n.Forward {
			s += " forward"
		}
		return s
	case *EnumDecl:
		s := ""
		if n.Scoped {
			s = "class"
		}
		if n.Name != nil {
			s = join(s, n.Name.Name)
		}
		return s
	case *UsingDecl:
		return n.Name.Name
	case *TypedefDecl:
		if n.Using {
			return "using " + n.Name.Name
		}
		return n.Name.Name
	case *BufferDecl:
		if n.TBuffer {
			return "tbuffer " + n.Name.Name
		}
		return "cbuffer " + n.Name.Name
	case *TemplateParam:
		if n.TypeParam {
			return "typename"
		}
	case *CaseLabelStmt:
		if n.Default {
			return "default"
		}
	case *CaseClause:
		if n.Default {
			return "default"
		}
	case *BranchStmt:
		if n.Kind == Continue {
			return "continue"
		}
		return "break"
	case *NameExpr:
		s := ""
		if n.Global {
			s = "::"
		}
		for _, q := range n.Qualifier {
			s += q.Name + "::"
		}
		s += n.Name
		if n.HasArgs {
			s += "<>"
		}
		return s
	case *BasicLit:
		return n.Kind.String() + " " + n.Value
	case *UnaryExpr:
		if n.Op == PostInc || n.Op == PostDec {
			return "postfix " + n.Op.String()
		}
		return n.Op.String()
	case *BinaryExpr:
		return n.Op.String()
	case *AssignExpr:
		return n.Op.String()
	case *MemberExpr:
		s := "."
		if n.Arrow {
			s = "->"
		}
		if n.HasArgs {
			s += " <>"
		}
		return s
	}
	return ""
}
