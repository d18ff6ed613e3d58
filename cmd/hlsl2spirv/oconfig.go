package main

import (
	"fmt"
	"strings"

	"github.com/hlsl2spirv/hlsl2spirv/frontend"
)

// checkOconfig checks the -Oconfig options with dxc's messages: one list,
// not with -O, and every pass it names known to the optimizer
// (codegen/opt).
func checkOconfig(values []string, optLevel bool, o *frontend.Options) error {
	if len(values) == 0 {
		return nil
	}
	if len(values) > 1 {
		return fmt.Errorf("-Oconfig should not be specified more than once")
	}
	if optLevel {
		return fmt.Errorf("-Oconfig should not be used together with -O")
	}
	o.OptConfig = strings.Split(values[0], ",")
	return o.CheckOptimizerOptions()
}
