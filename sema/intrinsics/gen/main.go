// Command gen regenerates sema/intrinsics/tables.go from intrinsics.def
// and appends new intrinsic IDs to ids.txt.
// Run it with `go generate ./sema/intrinsics`.
package main

import (
	"fmt"
	"os"

	"github.com/hlsl2spirv/hlsl2spirv/sema/intrinsics/internal/gen"
)

func main() {
	def, err := os.ReadFile("intrinsics.def")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	reg, err := os.ReadFile("ids.txt")
	if err != nil && !os.IsNotExist(err) {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	out, newReg, err := gen.Generate(def, reg)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile("tables.go", out, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile("ids.txt", newReg, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
