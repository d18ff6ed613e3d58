package filecheck

import (
	"fmt"
	"strings"
)

// Options are FileCheck's command-line options that change what matches.
// The zero value behaves like `FileCheck` with no flags.
type Options struct {
	// CheckPrefixes are the directive prefixes (-check-prefix,
	// --check-prefixes); empty means {"CHECK"}.
	CheckPrefixes []string
	// CommentPrefixes (--comment-prefixes) start lines that are ignored;
	// nil means {"COM", "RUN"}.
	CommentPrefixes []string
	// StrictWhitespace (--strict-whitespace) turns off the collapsing of
	// runs of spaces and tabs in both the check file and the input.
	StrictWhitespace bool
	// MatchFullLines (--match-full-lines) requires every positive directive
	// to match a whole input line.
	MatchFullLines bool
	// AllowEmpty (--allow-empty) accepts an empty input.
	AllowEmpty bool
	// IgnoreCase (--ignore-case) matches case-insensitively.
	IgnoreCase bool
	// EnableVarScope (--enable-var-scope) forgets variables whose names do
	// not start with '$' at each CHECK-LABEL.
	EnableVarScope bool
	// AllowUnusedPrefixes (--allow-unused-prefixes) accepts prefixes that
	// no directive uses; LLVM 16 rejects them by default.
	AllowUnusedPrefixes bool
	// AllowDeprecatedDAGOverlap (--allow-deprecated-dag-overlap) lets the
	// matches of one CHECK-DAG group overlap.
	AllowDeprecatedDAGOverlap bool
	// ImplicitCheckNot (--implicit-check-not) patterns are checked as if a
	// CHECK-NOT of each stood between every pair of directives.
	ImplicitCheckNot []string
	// Defines (-D) set variables before matching: "NAME=VALUE" defines a
	// string variable, "#NAME=EXPR" a numeric one.
	Defines []string
	// CheckFileName and InputFileName name the buffers in messages;
	// defaults "check" and "<stdin>".
	CheckFileName string
	InputFileName string
}

// ParseArgs reads FileCheck command-line arguments (as written in RUN lines:
// "-check-prefix X", "--check-prefixes=A,B", "-strict-whitespace", ...) into
// Options. Arguments that are not options (the check file, usually "%s") are
// returned in rest; --input-file's value is returned in inputFile.
func ParseArgs(args []string) (opts Options, rest []string, inputFile string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			rest = append(rest, a)
			continue
		}
		name := strings.TrimLeft(a, "-")
		value, hasValue := "", false
		if eq := strings.IndexByte(name, '='); eq >= 0 {
			name, value, hasValue = name[:eq], name[eq+1:], true
		}
		// -D takes its value glued on: -DVAR=x, -D#N=3.
		if strings.HasPrefix(a, "-D") && !strings.HasPrefix(a, "--") {
			v := a[2:]
			if v == "" {
				if i+1 >= len(args) {
					return opts, nil, "", fmt.Errorf("filecheck: -D needs a value")
				}
				i++
				v = args[i]
			}
			opts.Defines = append(opts.Defines, v)
			continue
		}
		needValue := func() (string, error) {
			if hasValue {
				return value, nil
			}
			if i+1 >= len(args) {
				return "", fmt.Errorf("filecheck: option %s needs a value", a)
			}
			i++
			return args[i], nil
		}
		flag := func(dst *bool) error {
			if hasValue {
				switch value {
				case "true", "1":
					*dst = true
				case "false", "0":
					*dst = false
				default:
					return fmt.Errorf("filecheck: bad value %q for %s", value, a)
				}
				return nil
			}
			*dst = true
			return nil
		}
		var v string
		switch name {
		case "check-prefix":
			if v, err = needValue(); err != nil {
				return
			}
			opts.CheckPrefixes = append(opts.CheckPrefixes, v)
		case "check-prefixes":
			if v, err = needValue(); err != nil {
				return
			}
			opts.CheckPrefixes = append(opts.CheckPrefixes, strings.Split(v, ",")...)
		case "comment-prefixes":
			if v, err = needValue(); err != nil {
				return
			}
			if opts.CommentPrefixes == nil {
				opts.CommentPrefixes = []string{}
			}
			opts.CommentPrefixes = append(opts.CommentPrefixes, strings.Split(v, ",")...)
		case "implicit-check-not":
			if v, err = needValue(); err != nil {
				return
			}
			opts.ImplicitCheckNot = append(opts.ImplicitCheckNot, v)
		case "input-file":
			if inputFile, err = needValue(); err != nil {
				return
			}
		case "strict-whitespace":
			err = flag(&opts.StrictWhitespace)
		case "match-full-lines":
			err = flag(&opts.MatchFullLines)
		case "allow-empty":
			err = flag(&opts.AllowEmpty)
		case "ignore-case":
			err = flag(&opts.IgnoreCase)
		case "enable-var-scope":
			err = flag(&opts.EnableVarScope)
		case "allow-unused-prefixes":
			err = flag(&opts.AllowUnusedPrefixes)
		case "allow-deprecated-dag-overlap":
			err = flag(&opts.AllowDeprecatedDAGOverlap)
		case "v", "vv", "color", "dump-input-context", "dump-input-filter":
			// Output-only options: no effect on the verdict.
		case "dump-input":
			if !hasValue {
				i++
			}
		default:
			return opts, nil, "", fmt.Errorf("filecheck: unsupported option %s", a)
		}
		if err != nil {
			return
		}
	}
	return opts, rest, inputFile, nil
}
