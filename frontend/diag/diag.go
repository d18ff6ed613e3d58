package diag

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Severity orders diagnostics from notes to errors.
type Severity uint8

const (
	Note Severity = iota
	Remark
	Warning
	Error
	Fatal // stops compilation at once (e.g. #include not found)
)

func (s Severity) String() string {
	switch s {
	case Note:
		return "note"
	case Remark:
		return "remark"
	case Warning:
		return "warning"
	case Error:
		return "error"
	case Fatal:
		return "fatal error"
	}
	return "?"
}

// A Diagnostic is one message at a source range, with notes that point
// elsewhere ("expanded from macro", "included from", "declared here").
type Diagnostic struct {
	Severity Severity
	Code     Code
	Pos, End Pos // End may be NoPos: a single caret
	Msg      string
	Notes    []Diagnostic
	// Group is a warning's group, as clang names it ("conversion"):
	// -Wno-<group> silences it.
	Group string
}

// Options control how a List treats what it is given.
type Options struct {
	WarningsAsErrors bool // -WX
	NoWarnings       bool // -no-warnings
	ErrorLimit       int  // stop recording after this many errors (0: 20, as clang's default is 20)
	// DisabledGroups are the warning groups turned off with -Wno-<group>.
	DisabledGroups map[string]bool
}

// A List collects the diagnostics of one compilation.
type List struct {
	Opts   Options
	Files  *FileSet
	Diags  []Diagnostic
	errors int
	capped bool
}

// NewList returns an empty list for the files of fs.
func NewList(fs *FileSet, opts Options) *List {
	if opts.ErrorLimit == 0 {
		opts.ErrorLimit = 20
	}
	return &List{Opts: opts, Files: fs}
}

// Add records d, applying -WX, -no-warnings and the error cap.
func (l *List) Add(d Diagnostic) {
	if d.Severity == Warning {
		if l.Opts.NoWarnings || (d.Group != "" && l.Opts.DisabledGroups[d.Group]) {
			return
		}
		if l.Opts.WarningsAsErrors {
			d.Severity = Error
		}
	}
	if d.Severity >= Error {
		if l.errors >= l.Opts.ErrorLimit {
			if !l.capped {
				l.capped = true
				l.Diags = append(l.Diags, Diagnostic{Severity: Fatal, Code: TooManyErrors, Msg: "too many errors emitted, stopping now"})
			}
			return
		}
		l.errors++
	}
	l.Diags = append(l.Diags, d)
}

// Errorf records an error at p.
func (l *List) Errorf(code Code, p Pos, format string, args ...any) {
	l.Add(Diagnostic{Severity: Error, Code: code, Pos: p, Msg: fmt.Sprintf(format, args...)})
}

// Warnf records a warning at p.
func (l *List) Warnf(code Code, p Pos, format string, args ...any) {
	l.Add(Diagnostic{Severity: Warning, Code: code, Pos: p, Msg: fmt.Sprintf(format, args...)})
}

// A Mark is a List's state at one moment, to go back to with Truncate.
type Mark struct {
	n, errors int
	capped    bool
}

// Mark returns the list's state now.
func (l *List) Mark() Mark { return Mark{len(l.Diags), l.errors, l.capped} }

// Truncate forgets what was recorded since m, for a phase whose work is
// redone (the parser's fast pass, when it fails and the file is parsed
// again).
func (l *List) Truncate(m Mark) {
	l.Diags = l.Diags[:m.n]
	l.errors, l.capped = m.errors, m.capped
}

// HasErrors reports whether an error (or fatal error) was recorded.
func (l *List) HasErrors() bool { return l.errors > 0 || l.capped }

// ErrorCount is the number of errors recorded.
func (l *List) ErrorCount() int { return l.errors }

// Sorted returns the diagnostics in source order, stable for equal positions.
func (l *List) Sorted() []Diagnostic {
	ds := append([]Diagnostic(nil), l.Diags...)
	sort.SliceStable(ds, func(i, j int) bool { return ds[i].Pos < ds[j].Pos })
	return ds
}

// SortFrom puts the diagnostics recorded since the first n in source order
// (stable for equal positions), for a phase that reports in more than one
// pass over the same tokens.
func (l *List) SortFrom(n int) {
	if n < 0 || n >= len(l.Diags) {
		return
	}
	ds := l.Diags[n:]
	sort.SliceStable(ds, func(i, j int) bool { return ds[i].Pos < ds[j].Pos })
}

// Render writes every diagnostic clang-style, in the order recorded, each
// preceded by "In file included from" lines when its include stack differs
// from the previous diagnostic's:
//
//	file.hlsl:3:7: error: use of undeclared identifier 'x'
//	  float y = x;
//	            ^
//
// followed by "N error(s) generated." when there were errors.
func (l *List) Render(w io.Writer) {
	var lastTrail string
	for _, d := range l.Diags {
		if l.Files != nil {
			trail := strings.Join(l.Files.IncludeTrail(d.Pos), "\n")
			if trail != "" && trail != lastTrail {
				fmt.Fprintf(w, "%s\n", trail)
			}
			lastTrail = trail
		}
		l.render(w, d)
	}
	var warnings int
	for _, d := range l.Diags {
		if d.Severity == Warning {
			warnings++
		}
	}
	var parts []string
	if warnings > 0 {
		parts = append(parts, plural(warnings, "warning"))
	}
	if l.errors > 0 {
		parts = append(parts, plural(l.errors, "error"))
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "%s generated.\n", strings.Join(parts, " and "))
	}
}

func plural(n int, s string) string {
	if n == 1 {
		return "1 " + s
	}
	return fmt.Sprintf("%d %ss", n, s)
}

// Format renders one diagnostic (and its notes) to a string.
func (l *List) Format(d Diagnostic) string {
	var b strings.Builder
	l.render(&b, d)
	return b.String()
}

// groupSuffix is the flag clang prints after a warning of a group
// ("[-Wconversion]"), or after one -WX made an error ("[-Werror,-Wconversion]").
func groupSuffix(d Diagnostic) string {
	switch {
	case d.Group == "":
		return ""
	case d.Severity == Warning:
		return " [-W" + d.Group + "]"
	case d.Severity == Error:
		return " [-Werror,-W" + d.Group + "]"
	}
	return ""
}

func (l *List) render(w io.Writer, d Diagnostic) {
	var f *File
	if l.Files != nil {
		f = l.Files.File(d.Pos)
	}
	msg := d.Msg + groupSuffix(d)
	if f == nil {
		fmt.Fprintf(w, "%s: %s\n", d.Severity, msg)
	} else {
		off := f.Offset(d.Pos)
		fmt.Fprintf(w, "%s: %s: %s\n", f.Position(off), d.Severity, msg)
		line := f.LineText(off)
		col := f.Position(off).Col
		// The caret line mirrors tabs so the caret lines up in a terminal.
		fmt.Fprintf(w, "%s\n", line)
		var caret strings.Builder
		for i := 0; i < col-1 && i < len(line); i++ {
			if line[i] == '\t' {
				caret.WriteByte('\t')
			} else {
				caret.WriteByte(' ')
			}
		}
		caret.WriteByte('^')
		if d.End > d.Pos && l.Files.File(d.End) == f {
			endOff := f.Offset(d.End)
			for i := off + 1; i < endOff && f.Content[i] != '\n'; i++ {
				caret.WriteByte('~')
			}
		}
		fmt.Fprintf(w, "%s\n", caret.String())
	}
	for _, n := range d.Notes {
		l.render(w, n)
	}
}
