// Command gen regenerates sema/intrinsics/tables.go from intrinsics.def.
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
	out, err := gen.Generate(def)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile("tables.go", out, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
