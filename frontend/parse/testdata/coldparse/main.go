// Command coldparse preprocesses and parses one file and exits: the
// cold-start measurement (a fresh process, ANTLR's DFA cache empty) for
// BenchmarkColdProcess. Exit status 1 when the file has errors.
package main

import (
	"fmt"
	"os"

	"github.com/hlsl2spirv/hlsl2spirv/frontend/diag"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/parse"
	"github.com/hlsl2spirv/hlsl2spirv/frontend/pp"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: coldparse file.hlsl")
		os.Exit(2)
	}
	src, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fs := diag.NewFileSet()
	diags := diag.NewList(fs, diag.Options{})
	res := pp.Preprocess(fs, diags, os.Args[1], src, pp.Config{})
	f := parse.File(fs, diags, os.Args[1], res.Tokens)
	if diags.HasErrors() || len(f.Decls) == 0 {
		diags.Render(os.Stderr)
		os.Exit(1)
	}
}
