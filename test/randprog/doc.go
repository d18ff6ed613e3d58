// Package randprog is differential random testing of the compiler on a real
// driver: it generates well-defined HLSL compute programs, computes what
// each must write with a reference evaluator written in Go, compiles them
// with hlsl2spirv (at -O3 and -O0) and glslangValidator, runs the modules on
// lavapipe through test/exec, and compares.
//
// | file | job |
// |---|---|
// | value.go | the types (bool, int, uint, float, half; vectors; float matrices) and values of the subset, and the exactness rule for floats |
// | ast.go | the program representation and its HLSL text |
// | eval.go | the evaluator: DXC's semantics, and the refusal of undefined behaviour and inexact floats |
// | gen.go | the generator: expressions, statements, helper functions with out/inout, arrays, structs, loops with break/continue, switch, groupshared exchanges and scratch-buffer round trips |
// | program.go | a program's HLSL function and its expected output |
// | batch.go | many programs in one shader (one workgroup each), their inputs, and the comparison |
// | campaign_test.go | TestCampaign: the campaign driver (a smoke run in `go test`, a long one with `make random N=...`) |
// | reduce_test.go | TestReduce: shrinks a saved failing program while its disagreement persists (`make reduce FILE=...`) |
// | TRIAGE.md | every disagreement found and whose fault it is |
//
// Well-definedness is by construction and by evaluation: divisors are
// `| 1` (signed ones `(y & -3) | 1`, never -1), shift amounts masked below
// the width, indices masked into range, and every top-level statement the generator makes is run by the evaluator
// on every thread before it is kept; one that divides INT_MIN by -1,
// converts a negative float to uint, clamps with lo > hi or computes a float
// that is not a multiple of 1/256 below 32768 (1/4 below 512 for half) is
// thrown away. Such floats make float32 arithmetic exact, so any correct
// compiler and driver must produce the same bits.
//
// Programs in a batch share the input buffers (StructuredBuffer<int>,
// StructuredBuffer<float>, Buffer<uint>, ByteAddressBuffer), the output
// RWStructuredBuffer<uint> Out (each program writes the final value of its
// top-level variables to its own region), a scratch RWStructuredBuffer and
// a groupshared array (each workgroup runs one program, so there is no
// sharing). Every fourth batch uses half under -enable-16bit-types; every
// other batch is portable (Config.Portable) and also runs through glslang.
package randprog
