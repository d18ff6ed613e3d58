// Command bigshader writes a long pixel shader (-T ps_6_0 -E main) for
// compile-speed measurements: go run ./test/bench/bigshader -lines 5000.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/hlsl2spirv/hlsl2spirv/test/bench"
)

func main() {
	lines := flag.Int("lines", 5000, "the shader's length in lines (at least)")
	flag.Parse()
	src, err := bench.Big(*lines)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bigshader:", err)
		os.Exit(1)
	}
	os.Stdout.Write(src)
}
