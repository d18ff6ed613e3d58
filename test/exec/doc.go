// Package exec runs compiled HLSL compute shaders on a real Vulkan driver
// (Mesa's lavapipe) and checks what they compute.
//
// A small C program (runner/runner.c, built at test time against the system
// Vulkan loader, so that the Go module stays cgo-free) executes job files
// written by Execute from the module's own reflection (Reflect) and a test
// file's data (Parse). RunCase ties compile, spirv-val, reflection, the run
// and Check together for one Compiler. The test file format and the modes
// are described in README.md.
//
// Files: testfile.go parses test files (File, Case, Resource) and values.go
// their data lists; compiler.go the compilers a case runs through;
// spirv.go the test-only reflection of a compiled module; run.go writes job
// files and drives the runner; check.go compares results with
// expectations.
package exec
