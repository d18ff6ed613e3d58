package main

import (
	"fmt"
	"strings"
)

// maxResponseDepth bounds response files naming response files (a file
// naming itself would never end).
const maxResponseDepth = 16

// expandResponseFiles replaces every "@file" argument by the arguments
// the file holds, split as splitCommandLine splits them. Response files may
// name others; relative names are relative to the current folder.
func expandResponseFiles(args []string) ([]string, error) {
	return expandResponse(args, 0)
}

func expandResponse(args []string, depth int) ([]string, error) {
	var out []string
	for _, a := range args {
		if len(a) < 2 || a[0] != '@' {
			out = append(out, a)
			continue
		}
		if depth >= maxResponseDepth {
			return nil, fmt.Errorf("response files nested too deeply at '%s'", a)
		}
		text, err := readFile(a[1:])
		if err != nil {
			return nil, fmt.Errorf("cannot read response file '%s': %v", a[1:], err)
		}
		words, err := splitCommandLine(string(text))
		if err != nil {
			return nil, fmt.Errorf("response file '%s': %v", a[1:], err)
		}
		words, err = expandResponse(words, depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, words...)
	}
	return out, nil
}

// splitCommandLine splits text into arguments as a POSIX shell splits a
// command line without expanding anything (the GNU rules clang uses for
// response files): blanks and newlines separate arguments; '…' quotes
// everything up to the next '; "…" quotes with backslash escapes; outside
// quotes a backslash escapes the next character. Quoted parts join the
// unquoted text around them ("-DNAME=\"a b\"" is one argument).
func splitCommandLine(text string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inArg := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
				inArg = false
			}
		case c == '\\':
			inArg = true
			if i+1 < len(text) {
				i++
				if text[i] == '\n' { // a line continuation
					continue
				}
				cur.WriteByte(text[i])
			}
		case c == '\'':
			inArg = true
			end := strings.IndexByte(text[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("unterminated ' quote")
			}
			cur.WriteString(text[i+1 : i+1+end])
			i += end + 1
		case c == '"':
			inArg = true
			i++
			for ; i < len(text) && text[i] != '"'; i++ {
				if text[i] == '\\' && i+1 < len(text) {
					i++
				}
				cur.WriteByte(text[i])
			}
			if i >= len(text) {
				return nil, fmt.Errorf("unterminated \" quote")
			}
		default:
			inArg = true
			cur.WriteByte(c)
		}
	}
	if inArg {
		args = append(args, cur.String())
	}
	return args, nil
}
