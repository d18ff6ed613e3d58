// Package headers holds the HLSL headers built into the compiler, which
// `#include <...>` finds after the -I folders, as DXC's built-in headers
// are found: <vk/spirv.h>, <vk/opcode_selector.h> and
// <vk/khr/cooperative_matrix.h>, which offer the names of DXC's headers of
// those names, written anew with inline SPIR-V.
//
// include/vk/spirv_enums.h is generated from the SPIR-V grammar
// (internal/gen); the rest is written by hand. The one compiler hook the
// headers rely on is __builtin_spv_CooperativeMatrixLengthKHR<M>() (as in
// DXC): codegen expands it to OpCooperativeMatrixLengthKHR of type M.
package headers

import (
	"embed"
	"path"
)

//go:generate go run ./internal/gen include/vk/spirv_enums.h

//go:embed include
var files embed.FS

// Lookup returns the text of the built-in header that `#include <name>`
// names, e.g. "vk/spirv.h".
func Lookup(name string) ([]byte, bool) {
	clean := path.Clean(name)
	if path.IsAbs(clean) || clean == ".." || len(clean) > 2 && clean[:3] == "../" {
		return nil, false
	}
	b, err := files.ReadFile("include/" + clean)
	if err != nil {
		return nil, false
	}
	return b, true
}

// Names lists the built-in headers.
func Names() []string {
	var names []string
	var walk func(dir string)
	walk = func(dir string) {
		entries, _ := files.ReadDir(dir)
		for _, e := range entries {
			p := dir + "/" + e.Name()
			if e.IsDir() {
				walk(p)
			} else {
				names = append(names, p[len("include/"):])
			}
		}
	}
	walk("include")
	return names
}
