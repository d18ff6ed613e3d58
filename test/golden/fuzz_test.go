package golden

import "testing"

// FuzzRunLines: any file text yields RUN lines and commands that parse or
// are rejected with an error, never a panic.
func FuzzRunLines(f *testing.F) {
	f.Add("// RUN: not %hlsl2spirv -T ps_6_0 %s 2>&1 | FileCheck %s --check-prefix=ERR\n")
	f.Add("; RUN: %spirv-as '%s' \"a\\\"b\" | FileCheck %s \\\n; RUN: -strict-whitespace\n")
	f.Add("RUN: | | not\nRUN: '\nRUN: \"\\\n")
	f.Fuzz(func(t *testing.T, src string) {
		for _, r := range RunLines([]byte(src)) {
			c, err := parseCommand(r.Command, "f.hlsl")
			if err == nil && c.tool == "" {
				t.Fatalf("%q parsed without a tool", r.Command)
			}
		}
	})
}
