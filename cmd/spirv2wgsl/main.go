// Command spirv2wgsl translates a Vulkan SPIR-V module to WGSL.
//
// The WGSL backend (codegen/wgsl) is not written yet: the command reads and
// checks its input and then says so, with a non-zero exit.
package main

import (
	"fmt"
	"os"

	"github.com/hlsl2spirv/hlsl2spirv/builder/binary"
)

func main() {
	if len(os.Args) != 2 || os.Args[1] == "-h" || os.Args[1] == "--help" {
		fmt.Fprintf(os.Stderr, "usage: spirv2wgsl <module.spv>\n")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintf(os.Stderr, "spirv2wgsl: error: %v\n", err)
		os.Exit(1)
	}
	if _, err := binary.Read(data); err != nil {
		fmt.Fprintf(os.Stderr, "spirv2wgsl: error: %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "spirv2wgsl: error: the WGSL backend is not implemented yet in this build\n")
	os.Exit(1)
}
